//===- tile-translate.cpp - TileIR translation driver ---------------------===//
//
// Part of TileIR. mlirTranslateMain with --cuda-tile-to-ptx,
// --cuda-tile-to-cubin and --cuda-tile-to-llvmir, and the cuda_tile
// -Wunsupported-hints/-Werr-hints options.
//
//===----------------------------------------------------------------------===//

#include "tileir/Dialect/CudaTile/IR/CudaTileDialect.h"
#include "tileir/Target/PTX/Translations.h"

#include "mlir/Pass/PassManager.h"
#include "mlir/Tools/mlir-translate/MlirTranslateMain.h"

int main(int argc, char **argv) {
  mlir::tileir::registerTranslations();
  // --mlir-timing and --mlir-print-ir-* apply to the compile pipelines.
  mlir::registerPassManagerCLOptions();
  mlir::cuda_tile::registerHintDiagnosticsCLOptions();
  return mlir::failed(
      mlir::mlirTranslateMain(argc, argv, "TileIR translation driver"));
}
