//===- InternalErrors.cpp - Upstream failures re-reported at the source ---===//
//
// Part of TileIR.
//
//===----------------------------------------------------------------------===//

#include "InternalErrors.h"

#include "mlir/Dialect/GPU/IR/GPUDialect.h"
#include "mlir/Dialect/LLVMIR/NVVMDialect.h"
#include "mlir/IR/Location.h"
#include "mlir/IR/Operation.h"

using namespace mlir;
using namespace mlir::tileir;

/// The file location inside `loc` (a debug scope, a call site or a name
/// wraps it), or `loc` itself.
static Location fileLocation(Location loc) {
  if (auto file = loc->findInstanceOf<FileLineColLoc>())
    return file;
  return loc;
}

InternalErrorReporter::InternalErrorReporter(ModuleOp module, StringRef chip)
    : chip(chip.str()) {
  module.walk([&](Operation *op) {
    Dialect *dialect = op->getDialect();
    if (dialect && dialect->getNamespace() == "cuda_tile")
      sourceOps.try_emplace(fileLocation(op->getLoc()),
                            op->getName().getStringRef());
  });
  // tirx kernels (no cuda_tile) name their chip on their gpu.module.
  if (sourceOps.empty())
    for (auto gpuModule : module.getOps<gpu::GPUModuleOp>())
      if (ArrayAttr targets = gpuModule.getTargetsAttr())
        for (Attribute target : targets)
          if (auto nvvm = dyn_cast<NVVM::NVVMTargetAttr>(target))
            this->chip = nvvm.getChip().str();
  handler.emplace(module.getContext(),
                  [this](Diagnostic &diag) { return handle(diag); });
}

bool InternalErrorReporter::isUpstream(const Diagnostic &diag) {
  std::string text = diag.str();
  StringRef message(text);
  for (StringRef prefix : {"failed to legalize", "failed to materialize",
                           "LLVM Translation failed", "'llvm.", "'nvvm.",
                           "'builtin.unrealized_conversion_cast'"})
    if (message.starts_with(prefix))
      return true;
  return isFollowOn(diag);
}

bool InternalErrorReporter::isFollowOn(const Diagnostic &diag) {
  std::string text = diag.str();
  StringRef message(text);
  return message.starts_with("Failed creating the llvm::Module") ||
         message.starts_with("could not be compiled to PTX");
}

StringRef InternalErrorReporter::sourceOp(Location loc) const {
  return sourceOps.lookup(fileLocation(loc));
}

LogicalResult InternalErrorReporter::handle(Diagnostic &diag) {
  if (reemitting || diag.getSeverity() != DiagnosticSeverity::Error ||
      !isUpstream(diag))
    return failure();
  if (isFollowOn(diag) && reported)
    return success();
  reported = true;
  reemitting = true;
  StringRef op = sourceOp(diag.getLocation());
  InFlightDiagnostic error = emitError(diag.getLocation());
  error << "TileIR could not compile "
        << (op.empty() ? std::string("this operation") : ("`" + op + "`").str())
        << " for " << chip << ": an internal lowering step failed ("
        << diag.str() << ")";
  for (const Diagnostic &note : diag.getNotes())
    error.attachNote(note.getLocation()) << note.str();
  error.attachNote() << "this is a TileIR bug; please report it with the "
                        "input (tile-reduce makes it smaller)";
  error.report();
  reemitting = false;
  return success();
}
