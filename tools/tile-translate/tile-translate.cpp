//===- tile-translate.cpp - TileIR translation driver ---------------------===//
//
// Part of TileIR. mlirTranslateMain with --cuda-tile-to-ptx,
// --cuda-tile-to-cubin and --cuda-tile-to-llvmir, and the cuda_tile
// -Wunsupported-hints/-Werr-hints options.
//
//===----------------------------------------------------------------------===//

#include "tileir/Target/PTX/Translations.h"
#include "tileir/Tools/ToolSupport.h"

#include "mlir/Pass/PassManager.h"
#include "mlir/Tools/mlir-translate/MlirTranslateMain.h"
#include "llvm/Support/InitLLVM.h"

int main(int argc, char **argv) {
  llvm::InitLLVM init(argc, argv);
  mlir::tileir::registerTranslations();
  // --mlir-timing and --mlir-print-ir-* apply to the compile pipelines.
  mlir::registerPassManagerCLOptions();
  ::tileir::tools::initTool("tile-translate: TileIR translation driver",
                            {&mlir::tileir::getTranslationOptionCategory()});
  return mlir::failed(
      mlir::mlirTranslateMain(argc, argv, "TileIR translation driver"));
}
