//===- FuzzSupport.cpp - What the TileIR fuzz targets share ---------------===//
//
// Part of TileIR.
//
//===----------------------------------------------------------------------===//

#include "FuzzSupport.h"

#include "tileir/Bytecode/Bytecode.h"
#include "tileir/InitAllDialects.h"
#include "tileir/Target/PTX/CompileToPTX.h"

#include "mlir/IR/Diagnostics.h"
#include "mlir/IR/OperationSupport.h"
#include "llvm/Support/MemoryBuffer.h"
#include "llvm/Support/SourceMgr.h"
#include "llvm/Support/raw_ostream.h"

#include <cstdlib>

using namespace mlir;

/// libLLVM.so and libMLIR.so are not instrumented: an llvm::BumpPtrAllocator
/// whose inline code in TileIR poisons a slab that uninstrumented code then
/// hands out would make every later read of that memory a false
/// use-after-poison.
extern "C" const char *__asan_default_options() {
  return "allow_user_poisoning=0";
}

namespace tileir::fuzz {

std::unique_ptr<MLIRContext> makeContext() {
  static const DialectRegistry *registry = [] {
    auto *registry = new DialectRegistry();
    ::tileir::registerAllDialects(*registry);
    mlir::tileir::registerCompileDependencies(*registry);
    return registry;
  }();
  auto context = std::make_unique<MLIRContext>(
      *registry, MLIRContext::Threading::DISABLED);
  // As tile-translate: a diagnostic names its op by its location.
  context->printOpOnDiagnostic(false);
  context->getDiagEngine().registerHandler([](Diagnostic &diag) {
    (void)diag.str();
    for (Diagnostic &note : diag.getNotes())
      (void)note.str();
    return success();
  });
  return context;
}

OwningOpRef<ModuleOp> parse(StringRef data, MLIRContext *context) {
  llvm::SourceMgr sourceMgr;
  sourceMgr.AddNewSourceBuffer(
      llvm::MemoryBuffer::getMemBufferCopy(data, "input"), llvm::SMLoc());
  return ::tileir::bytecode::parseSourceAnyFormat(sourceMgr, context);
}

std::string print(Operation *op, bool generic) {
  std::string text;
  llvm::raw_string_ostream os(text);
  OpPrintingFlags flags;
  if (generic)
    flags.printGenericOpForm();
  op->print(os, flags);
  return text;
}

void fail(StringRef message, StringRef text) {
  llvm::errs() << "tileir fuzz: " << message << "\n";
  if (!text.empty())
    llvm::errs() << text << "\n";
  llvm::errs().flush();
  std::abort();
}

} // namespace tileir::fuzz
