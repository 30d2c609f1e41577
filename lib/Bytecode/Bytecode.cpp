//===- Bytecode.cpp - Versions, format detection and translations ---------===//
//
// Part of TileIR. The bytecode entry points the tools share: version
// parsing, reading input in either format, and tile-translate's
// `--cudatilebc-to-mlir` / `--mlir-to-cudatilebc` translations.
//
//===----------------------------------------------------------------------===//

#include "Format.h"

#include "tileir/Dialect/CudaTile/IR/CudaTileDialect.h"

#include "mlir/Bytecode/BytecodeReader.h"
#include "mlir/IR/BuiltinOps.h"
#include "mlir/Parser/Parser.h"
#include "mlir/Tools/mlir-translate/Translation.h"
#include "llvm/Support/CommandLine.h"
#include "llvm/Support/ConvertUTF.h"
#include "llvm/Support/ManagedStatic.h"
#include "llvm/Support/SourceMgr.h"

using namespace mlir;

namespace tileir::bytecode {

std::string Version::str() const {
  std::string s = std::to_string(major) + "." + std::to_string(minor);
  if (tag)
    s += "." + std::to_string(tag);
  return s;
}

std::optional<Version> Version::parse(llvm::StringRef text) {
  SmallVector<llvm::StringRef> parts;
  text.split(parts, '.');
  if (parts.size() < 2 || parts.size() > 3)
    return std::nullopt;
  unsigned values[3] = {0, 0, 0};
  for (auto [i, part] : llvm::enumerate(parts))
    if (part.getAsInteger(10, values[i]) || values[i] > 0xffff ||
        (i < 2 && values[i] > 0xff))
      return std::nullopt;
  return Version{values[0], values[1], values[2]};
}

llvm::ArrayRef<Version> supportedVersions() {
  static const Version versions[] = {
      {13, 1, 0}, {13, 2, 0}, {13, 3, 0}, {13, 4, 0}, {13, 5, 0}};
  return versions;
}

Version defaultWriteVersion() { return {13, 3, 0}; }

bool isBytecode(llvm::StringRef buffer) {
  return buffer.starts_with(llvm::StringRef(kMagic, sizeof(kMagic)));
}

LogicalResult checkTextOrBytecode(llvm::MemoryBufferRef buffer,
                                  MLIRContext *context) {
  llvm::StringRef data = buffer.getBuffer();
  if (isBytecode(data) || mlir::isBytecode(buffer))
    return success();
  const auto *begin = reinterpret_cast<const llvm::UTF8 *>(data.begin());
  const auto *end = reinterpret_cast<const llvm::UTF8 *>(data.end());
  if (!data.contains('\0') && llvm::isLegalUTF8String(&begin, end))
    return success();
  return emitError(
      FileLineColLoc::get(context, buffer.getBufferIdentifier(), 0, 0),
      "binary input that is neither Tile IR bytecode nor MLIR text");
}

OwningOpRef<ModuleOp> parseSourceAnyFormat(llvm::SourceMgr &sourceMgr,
                                           MLIRContext *context) {
  const llvm::MemoryBuffer *main =
      sourceMgr.getMemoryBuffer(sourceMgr.getMainFileID());
  if (failed(checkTextOrBytecode(main->getMemBufferRef(), context)))
    return nullptr;
  if (isBytecode(main->getBuffer()))
    return readBytecode(main->getMemBufferRef(), context);
  return parseSourceFile<ModuleOp>(sourceMgr, context);
}

namespace {
/// The option of --mlir-to-cudatilebc, registered with the translation.
struct BytecodeCLOptions {
  llvm::cl::opt<std::string> version{
      "bytecode-version",
      llvm::cl::desc("Tile IR bytecode version written by "
                     "--mlir-to-cudatilebc (13.1 to 13.5)"),
      llvm::cl::init(defaultWriteVersion().str())};
};
llvm::ManagedStatic<BytecodeCLOptions> bytecodeOptions;
} // namespace

void registerBytecodeTranslations(llvm::cl::OptionCategory &category) {
  bytecodeOptions->version.addCategory(category);
  TranslateToMLIRRegistration fromBytecode(
      kFromBytecodeTranslation, "Read Tile IR bytecode",
      [](llvm::SourceMgr &sourceMgr,
         MLIRContext *context) -> OwningOpRef<Operation *> {
        const llvm::MemoryBuffer *main =
            sourceMgr.getMemoryBuffer(sourceMgr.getMainFileID());
        if (!isBytecode(main->getBuffer())) {
          emitError(
              FileLineColLoc::get(context, main->getBufferIdentifier(), 0, 0))
              << "not Tile IR bytecode (bad magic)";
          return nullptr;
        }
        return readBytecode(main->getMemBufferRef(), context);
      },
      [](DialectRegistry &registry) {
        registry.insert<cuda_tile::CudaTileDialect>();
      });
  TranslateRegistration toBytecode(
      kToBytecodeTranslation,
      "Write a cuda_tile.module (MLIR text or bytecode) as Tile IR bytecode",
      [](const std::shared_ptr<llvm::SourceMgr> &sourceMgr,
         llvm::raw_ostream &os, MLIRContext *context) -> LogicalResult {
        context->getOrLoadDialect<cuda_tile::CudaTileDialect>();
        // A diagnostic names its op by its location, without printing the
        // op (mlirTranslateMain turns this on).
        context->printOpOnDiagnostic(false);
        OwningOpRef<ModuleOp> module =
            parseSourceAnyFormat(*sourceMgr, context);
        if (!module)
          return failure();
        const std::string &version = bytecodeOptions->version;
        std::optional<Version> v = Version::parse(version);
        if (!v)
          return module->emitError("malformed --bytecode-version '" + version +
                                   "'");
        return writeBytecode(*module, os, *v);
      });
}

} // namespace tileir::bytecode
