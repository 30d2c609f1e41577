//===- tile-reduce.cpp - TileIR test case reducer -------------------------===//
//
// Part of TileIR. MLIR's reducer (mlirReduceMain) with every TileIR dialect
// and pass registered: it shrinks a cuda_tile (or tirx) program while an
// interestingness script still says the behaviour of interest is there
// (-reduction-tree), or runs TileIR and upstream passes as reductions
// (-opt-reduction-pass).
//
//===----------------------------------------------------------------------===//

#include "tileir/InitAllDialects.h"
#include "tileir/InitAllPasses.h"
#include "tileir/Target/PTX/CompileToPTX.h"
#include "tileir/Tools/ToolSupport.h"

#include "mlir/IR/Diagnostics.h"
#include "mlir/IR/DialectRegistry.h"
#include "mlir/IR/MLIRContext.h"
#include "mlir/Tools/mlir-reduce/MlirReduceMain.h"
#include "llvm/Support/SourceMgr.h"

int main(int argc, char **argv) {
  mlir::DialectRegistry registry;
  ::tileir::registerAllDialects(registry);
  mlir::tileir::registerCompileDependencies(registry);
  ::tileir::registerAllPasses();
  ::tileir::tools::initTool("tile-reduce: TileIR test case reducer", {});
  mlir::MLIRContext context(registry);
  // Diagnostics of every severity, with their source line: without a
  // handler MLIR prints errors only, and the reducer's warning that the input
  // is not interesting would be lost. A diagnostic names its op by location
  // without printing it (for that warning, the whole module).
  context.printOpOnDiagnostic(false);
  llvm::SourceMgr sourceMgr;
  mlir::SourceMgrDiagnosticHandler diagnostics(sourceMgr, &context);
  return mlir::failed(mlir::mlirReduceMain(argc, argv, context)) ? EXIT_FAILURE
                                                                 : EXIT_SUCCESS;
}
