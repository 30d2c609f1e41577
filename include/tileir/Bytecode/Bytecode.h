//===- Bytecode.h - Tile IR bytecode reader and writer ----------*- C++ -*-===//
//
// Part of TileIR. Reads and writes NVIDIA's Tile IR bytecode (the format
// cuTile Python writes and tileiras reads), versions 13.1 to 13.5.
//
//===----------------------------------------------------------------------===//

#ifndef TILEIR_BYTECODE_BYTECODE_H
#define TILEIR_BYTECODE_BYTECODE_H

#include "mlir/IR/BuiltinOps.h"
#include "mlir/IR/OwningOpRef.h"
#include "llvm/ADT/StringRef.h"
#include "llvm/Support/CommandLine.h"
#include "llvm/Support/MemoryBufferRef.h"
#include "llvm/Support/raw_ostream.h"

#include <optional>
#include <string>

namespace llvm {
class SourceMgr;
} // namespace llvm

namespace tileir::bytecode {

/// A bytecode version: major.minor[.tag].
struct Version {
  unsigned major = 13, minor = 3, tag = 0;

  friend bool operator<(Version a, Version b) {
    if (a.major != b.major)
      return a.major < b.major;
    if (a.minor != b.minor)
      return a.minor < b.minor;
    return a.tag < b.tag;
  }
  friend bool operator>=(Version a, Version b) { return !(a < b); }
  friend bool operator==(Version a, Version b) {
    return a.major == b.major && a.minor == b.minor && a.tag == b.tag;
  }
  std::string str() const;
  /// Parses "13.3" or "13.3.1"; nullopt when malformed.
  static std::optional<Version> parse(llvm::StringRef text);
};

/// The versions this reader and writer accept, oldest first.
llvm::ArrayRef<Version> supportedVersions();
/// The version written when none is given.
Version defaultWriteVersion();

/// True when `buffer` starts with the Tile IR bytecode magic (\x7fTileIR\0).
bool isBytecode(llvm::StringRef buffer);

/// Fails, with one error located at the buffer's name, when `buffer` is
/// binary data that no reader takes: neither Tile IR bytecode, nor MLIR
/// bytecode, nor UTF-8 text without NUL bytes (the MLIR parser would report
/// an unexpected character and echo the binary line).
mlir::LogicalResult checkTextOrBytecode(llvm::MemoryBufferRef buffer,
                                        mlir::MLIRContext *context);

/// Reads a bytecode buffer into a new builtin.module holding one
/// `cuda_tile.module @kernels`. Errors are reported through the context's
/// diagnostics, located at `<buffer name>:<byte offset>`; returns null then.
mlir::OwningOpRef<mlir::ModuleOp> readBytecode(llvm::MemoryBufferRef buffer,
                                               mlir::MLIRContext *context);

/// Writes the one `cuda_tile.module` in `op` (op itself, or a builtin.module
/// holding exactly one) as bytecode of `version`. What the version cannot
/// express is reported as an error on the op that uses it.
mlir::LogicalResult writeBytecode(mlir::Operation *op, llvm::raw_ostream &os,
                                  Version version = defaultWriteVersion());

/// Parses the main buffer of `sourceMgr` as bytecode (detected by its magic)
/// or as MLIR text, after checkTextOrBytecode. The one entry point the tools
/// use to read their input.
mlir::OwningOpRef<mlir::ModuleOp>
parseSourceAnyFormat(llvm::SourceMgr &sourceMgr, mlir::MLIRContext *context);

/// The names of the bytecode translations.
inline constexpr llvm::StringLiteral kFromBytecodeTranslation =
    "cudatilebc-to-mlir";
inline constexpr llvm::StringLiteral kToBytecodeTranslation =
    "mlir-to-cudatilebc";

/// Registers tile-translate's `--cudatilebc-to-mlir`,
/// `--mlir-to-cudatilebc` (with `--bytecode-version`, listed in `category`)
/// translations.
void registerBytecodeTranslations(llvm::cl::OptionCategory &category);

} // namespace tileir::bytecode

#endif // TILEIR_BYTECODE_BYTECODE_H
