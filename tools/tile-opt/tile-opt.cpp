//===- tile-opt.cpp - TileIR optimizer driver -----------------------------===//
//
// Part of TileIR. MlirOptMain with every TileIR dialect and pass registered,
// plus the upstream dialects and passes the pipeline uses, and the cuda_tile
// -Wunsupported-hints/-Werr-hints options.
//
//===----------------------------------------------------------------------===//

#include "tileir/InitAllDialects.h"
#include "tileir/InitAllPasses.h"
#include "tileir/Target/PTX/CompileToPTX.h"

#include "mlir/IR/DialectRegistry.h"
#include "mlir/Tools/mlir-opt/MlirOptMain.h"

int main(int argc, char **argv) {
  mlir::DialectRegistry registry;
  tileir::registerAllDialects(registry);
  mlir::tileir::registerCompileDependencies(registry);
  tileir::registerAllPasses();
  mlir::cuda_tile::registerHintDiagnosticsCLOptions();
  return mlir::asMainReturnCode(
      mlir::MlirOptMain(argc, argv, "TileIR optimizer driver\n", registry));
}
