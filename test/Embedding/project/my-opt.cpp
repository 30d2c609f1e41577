//===- my-opt.cpp - An out-of-tree optimizer driver embedding TileIR ------===//
//
// Part of TileIR's embedding test. Registers the TileIR dialects, the
// compile dependencies and the TileIR passes through the installed C++
// headers, next to what a downstream tool would add of its own.
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
  return mlir::asMainReturnCode(mlir::MlirOptMain(
      argc, argv, "Out-of-tree driver embedding TileIR\n", registry));
}
