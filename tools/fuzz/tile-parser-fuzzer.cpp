//===- tile-parser-fuzzer.cpp - Fuzz the MLIR text parser and verifier ----===//
//
// Part of TileIR. libFuzzer target: the input is read as the tools read it
// (MLIR text, parsed and verified with every TileIR dialect); a module that
// verifies must print, parse back from its printed form, and, where it can
// be written as Tile IR bytecode, read back from that.
//
//===----------------------------------------------------------------------===//

#include "FuzzSupport.h"

#include "tileir/Bytecode/Bytecode.h"

#include "mlir/IR/Diagnostics.h"
#include "mlir/Parser/Parser.h"
#include "llvm/Support/MemoryBuffer.h"

#include <cstddef>
#include <cstdint>

using namespace mlir;

/// Errors reported while it lives, kept for a failure message.
struct ErrorLog {
  explicit ErrorLog(MLIRContext *context)
      : handler(context, [this](Diagnostic &diag) {
          if (diag.getSeverity() == DiagnosticSeverity::Error)
            text += diag.str() + "\n";
          return success();
        }) {}
  std::string text;
  ScopedDiagnosticHandler handler;
};

extern "C" int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size) {
  llvm::StringRef input(reinterpret_cast<const char *>(data), size);
  // Bytecode has a target of its own.
  if (::tileir::bytecode::isBytecode(input))
    return 0;
  std::unique_ptr<MLIRContext> context = ::tileir::fuzz::makeContext();
  OwningOpRef<ModuleOp> module = ::tileir::fuzz::parse(input, context.get());
  if (!module)
    return 0;

  std::string text = ::tileir::fuzz::print(*module);
  {
    ErrorLog errors(context.get());
    if (!parseSourceString<ModuleOp>(text, context.get()))
      ::tileir::fuzz::fail(
          "the printed module does not parse back:\n" + errors.text, text);
  }

  std::string bytecode;
  llvm::raw_string_ostream os(bytecode);
  if (failed(::tileir::bytecode::writeBytecode(*module, os)))
    return 0;
  ErrorLog errors(context.get());
  auto buffer =
      llvm::MemoryBuffer::getMemBuffer(bytecode, "bytecode",
                                       /*RequiresNullTerminator=*/false);
  if (!::tileir::bytecode::readBytecode(buffer->getMemBufferRef(),
                                        context.get()))
    ::tileir::fuzz::fail(
        "the written bytecode does not read back:\n" + errors.text, text);
  return 0;
}
