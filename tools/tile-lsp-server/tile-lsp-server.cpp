//===- tile-lsp-server.cpp - TileIR language server -----------------------===//
//
// Part of TileIR. MLIR's language server (MlirLspServerMain) with every
// TileIR dialect registered and the upstream dialects the pipeline uses:
// diagnostics, hover, go-to-definition, references and completion for
// cuda_tile, tirx and tileops text in an editor.
//
//===----------------------------------------------------------------------===//

#include "tileir/InitAllDialects.h"
#include "tileir/Target/PTX/CompileToPTX.h"
#include "tileir/Tools/ToolSupport.h"

#include "mlir/IR/DialectRegistry.h"
#include "mlir/Tools/mlir-lsp-server/MlirLspServerMain.h"
#include "llvm/Support/InitLLVM.h"

int main(int argc, char **argv) {
  llvm::InitLLVM y(argc, argv);
  mlir::DialectRegistry registry;
  ::tileir::registerAllDialects(registry);
  mlir::tileir::registerCompileDependencies(registry);
  ::tileir::tools::initTool("tile-lsp-server: TileIR language server", {});
  return mlir::failed(mlir::MlirLspServerMain(argc, argv, registry))
             ? EXIT_FAILURE
             : EXIT_SUCCESS;
}
