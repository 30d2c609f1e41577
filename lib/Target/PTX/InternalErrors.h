//===- InternalErrors.h - Upstream failures re-reported at the source -----===//
//
// Part of TileIR. A program the verifier accepts should compile; when an
// upstream stage still fails on it (the dialect conversion's legalization,
// the verifier of generated LLVM/NVVM ops, the LLVM IR translation), the raw
// message names IR the user never wrote. InternalErrorReporter re-reports
// such a failure as one error at the same location that names the
// cuda_tile op the failing IR came from and the target, with the upstream
// message and a note asking for a report; the follow-on errors of the same
// failure ("Failed creating the llvm::Module", "could not be compiled to
// PTX") are dropped. docs/Pipeline.md, "Diagnostics".
//
//===----------------------------------------------------------------------===//

#ifndef TILEIR_LIB_TARGET_PTX_INTERNALERRORS_H
#define TILEIR_LIB_TARGET_PTX_INTERNALERRORS_H

#include "mlir/IR/BuiltinOps.h"
#include "mlir/IR/Diagnostics.h"
#include "llvm/ADT/DenseMap.h"

#include <optional>

namespace mlir::tileir {

class InternalErrorReporter {
public:
  /// Records where `module`'s cuda_tile ops are (by their innermost file
  /// location) and installs the handler, until destruction.
  InternalErrorReporter(ModuleOp module, llvm::StringRef chip);

  /// Whether `diag` is an upstream stage's failure (the one list).
  static bool isUpstream(const Diagnostic &diag);
  /// Whether `diag` only repeats that an earlier failure stopped a stage.
  static bool isFollowOn(const Diagnostic &diag);

private:
  LogicalResult handle(Diagnostic &diag);
  /// The cuda_tile op at `loc`, or "" when none is known.
  llvm::StringRef sourceOp(Location loc) const;

  std::string chip;
  llvm::DenseMap<Location, llvm::StringRef> sourceOps;
  bool reported = false;
  bool reemitting = false;
  std::optional<ScopedDiagnosticHandler> handler;
};

} // namespace mlir::tileir

#endif // TILEIR_LIB_TARGET_PTX_INTERNALERRORS_H
