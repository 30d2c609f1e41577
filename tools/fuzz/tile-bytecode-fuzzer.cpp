//===- tile-bytecode-fuzzer.cpp - Fuzz the Tile IR bytecode reader --------===//
//
// Part of TileIR. libFuzzer target: the input is read as Tile IR bytecode
// (as tile-translate --cudatilebc-to-mlir does); a module that reads and
// verifies must print, and, where it can be written again, read back from
// what was written.
//
//===----------------------------------------------------------------------===//

#include "FuzzSupport.h"

#include "tileir/Bytecode/Bytecode.h"

#include "llvm/Support/MemoryBuffer.h"

#include <cstddef>
#include <cstdint>

using namespace mlir;

extern "C" int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size) {
  // The reader reads from a buffer of exactly the input's bytes, so that
  // AddressSanitizer reports any read past its end.
  llvm::StringRef input(reinterpret_cast<const char *>(data), size);
  std::unique_ptr<MLIRContext> context = ::tileir::fuzz::makeContext();
  llvm::MemoryBufferRef buffer(input, "input");
  if (failed(::tileir::bytecode::checkTextOrBytecode(buffer, context.get())) ||
      !::tileir::bytecode::isBytecode(input))
    return 0;
  OwningOpRef<ModuleOp> module =
      ::tileir::bytecode::readBytecode(buffer, context.get());
  if (!module)
    return 0;
  std::string text = ::tileir::fuzz::print(*module);

  std::string bytecode;
  llvm::raw_string_ostream os(bytecode);
  if (failed(::tileir::bytecode::writeBytecode(*module, os)))
    return 0;
  llvm::MemoryBufferRef written(bytecode, "written");
  if (!::tileir::bytecode::readBytecode(written, context.get()))
    ::tileir::fuzz::fail("the written bytecode does not read back", text);
  return 0;
}
