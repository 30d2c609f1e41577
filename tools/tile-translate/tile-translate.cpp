//===- tile-translate.cpp - TileIR translation driver ---------------------===//
//
// Part of TileIR. mlirTranslateMain with --cuda-tile-to-ptx,
// --cuda-tile-to-cubin and --cuda-tile-to-llvmir, and the cuda_tile
// -Wunsupported-hints/-Werr-hints options.
//
//===----------------------------------------------------------------------===//

#include "tileir/Target/PTX/CompileToPTX.h"
#include "tileir/Target/PTX/Translations.h"
#include "tileir/Tools/ToolSupport.h"

#include "mlir/Pass/PassManager.h"
#include "mlir/Tools/mlir-translate/MlirTranslateMain.h"
#include "llvm/ADT/STLExtras.h"
#include "llvm/ADT/StringExtras.h"
#include "llvm/Support/InitLLVM.h"

/// Whether the command line selects a translation, or asks for something
/// that needs none (--help*, --version, --print-options, a response file).
/// mlirTranslateMain requires a translation but reports a missing one once
/// per translation it knows.
static bool selectsTranslation(llvm::ArrayRef<const char *> args) {
  for (llvm::StringRef arg : args.drop_front()) {
    if (arg == "--")
      break;
    if (arg.starts_with("@"))
      return true;
    if (!arg.consume_front("-"))
      continue;
    arg.consume_front("-");
    arg = arg.split('=').first;
    if (arg.starts_with("help") || arg == "version" ||
        arg.starts_with("print-") ||
        llvm::is_contained(mlir::tileir::getTranslationNames(), arg))
      return true;
  }
  return false;
}

int main(int argc, char **argv) {
  llvm::InitLLVM init(argc, argv);
  mlir::tileir::registerTranslations();
  // --mlir-timing and --mlir-print-ir-* apply to the compile pipelines.
  mlir::registerPassManagerCLOptions();
  // The libdevice the compile links (the Python package's cache key reads
  // this line).
  ::tileir::tools::initTool(
      "tile-translate: TileIR translation driver",
      {&mlir::tileir::getTranslationOptionCategory()},
      [](llvm::raw_ostream &os) {
        std::optional<std::string> libdevice = mlir::tileir::findLibdevice();
        os << "libdevice: " << (libdevice ? *libdevice : "not found") << "\n";
      });
  if (!selectsTranslation(llvm::ArrayRef(argv, argc))) {
    std::string names = llvm::join(
        llvm::map_range(mlir::tileir::getTranslationNames(),
                        [](llvm::StringRef name) { return "--" + name.str(); }),
        ", ");
    llvm::errs() << "tile-translate: error: no translation given (one of "
                 << names << ")\n";
    return 1;
  }
  return mlir::failed(
      mlir::mlirTranslateMain(argc, argv, "TileIR translation driver"));
}
