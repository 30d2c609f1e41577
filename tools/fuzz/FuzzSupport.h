//===- FuzzSupport.h - What the TileIR fuzz targets share -------*- C++ -*-===//
//
// Part of TileIR. A fresh context per input, with what tile-translate
// registers and the diagnostics swallowed, and input parsing as the tools do
// it.
//
//===----------------------------------------------------------------------===//

#ifndef TILEIR_TOOLS_FUZZ_FUZZSUPPORT_H
#define TILEIR_TOOLS_FUZZ_FUZZSUPPORT_H

#include "mlir/IR/BuiltinOps.h"
#include "mlir/IR/MLIRContext.h"
#include "mlir/IR/OwningOpRef.h"
#include "llvm/ADT/StringRef.h"

#include <memory>
#include <string>

namespace tileir::fuzz {

/// A context with every dialect and interface that tile-translate registers,
/// without threads (an input runs the same each time), whose diagnostics are
/// formatted (to run the printers they use) and dropped.
std::unique_ptr<mlir::MLIRContext> makeContext();

/// Parses `data` as the tools read their input: Tile IR bytecode when it
/// starts with the magic, else MLIR text, which is verified. Null on error.
mlir::OwningOpRef<mlir::ModuleOp> parse(llvm::StringRef data,
                                        mlir::MLIRContext *context);

/// `op` printed in the custom form, or generic with `generic`.
std::string print(mlir::Operation *op, bool generic = false);

/// Ends the process with `message` (and `text`, when not empty) on stderr:
/// a broken invariant that libFuzzer reports as a crash.
[[noreturn]] void fail(llvm::StringRef message, llvm::StringRef text = "");

} // namespace tileir::fuzz

#endif // TILEIR_TOOLS_FUZZ_FUZZSUPPORT_H
