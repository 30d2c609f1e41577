//===- tile-opt.cpp - TileIR optimizer driver -----------------------------===//
//
// Part of TileIR. MlirOptMain with every TileIR dialect and pass registered,
// plus the upstream dialects and passes the pipeline uses, and the cuda_tile
// -Wunsupported-hints/-Werr-hints options. The input is MLIR text or Tile IR
// bytecode.
//
//===----------------------------------------------------------------------===//

#include "tileir/Bytecode/Bytecode.h"
#include "tileir/InitAllDialects.h"
#include "tileir/InitAllPasses.h"
#include "tileir/Target/PTX/CompileToPTX.h"
#include "tileir/Tools/ToolSupport.h"

#include "mlir/IR/Diagnostics.h"
#include "mlir/IR/DialectRegistry.h"
#include "mlir/IR/MLIRContext.h"
#include "mlir/Support/FileUtilities.h"
#include "mlir/Tools/mlir-opt/MlirOptMain.h"
#include "llvm/Support/InitLLVM.h"
#include "llvm/Support/MemoryBuffer.h"
#include "llvm/Support/SourceMgr.h"
#include "llvm/Support/ToolOutputFile.h"
#include "llvm/Support/raw_ostream.h"

/// Tile IR bytecode input becomes the MLIR text of the module it holds (with
/// its locations), which MlirOptMain then processes as any text input.
/// Binary input that is neither is rejected.
static std::unique_ptr<llvm::MemoryBuffer>
bytecodeAsText(std::unique_ptr<llvm::MemoryBuffer> file,
               mlir::DialectRegistry &registry) {
  using namespace mlir;
  MLIRContext context(registry);
  llvm::SourceMgr sourceMgr;
  SourceMgrDiagnosticHandler diagnostics(sourceMgr, &context);
  if (failed(::tileir::bytecode::checkTextOrBytecode(file->getMemBufferRef(),
                                                     &context)))
    return nullptr;
  if (!::tileir::bytecode::isBytecode(file->getBuffer()))
    return file;
  OwningOpRef<ModuleOp> module =
      ::tileir::bytecode::readBytecode(file->getMemBufferRef(), &context);
  if (!module)
    return nullptr;
  std::string text;
  llvm::raw_string_ostream os(text);
  module->print(os, OpPrintingFlags().enableDebugInfo());
  return llvm::MemoryBuffer::getMemBufferCopy(text,
                                              file->getBufferIdentifier());
}

int main(int argc, char **argv) {
  using mlir::DialectRegistry, mlir::MlirOptMainConfig;
  llvm::InitLLVM y(argc, argv);
  DialectRegistry registry;
  ::tileir::registerAllDialects(registry);
  mlir::tileir::registerCompileDependencies(registry);
  ::tileir::registerAllPasses();
  // Named to sort before MLIR's "General options" in --help.
  static llvm::cl::OptionCategory toolCategory("CUDA Tile options");
  mlir::cuda_tile::registerHintDiagnosticsCLOptions(toolCategory);
  ::tileir::tools::initTool("tile-opt: TileIR optimizer driver",
                            {&toolCategory});
  // A diagnostic names its op by its location without printing the op (and
  // the whole module with it); --mlir-print-op-on-diagnostic prints it.
  static char printOpDefault[] = "--mlir-print-op-on-diagnostic=false";
  llvm::SmallVector<char *> args(argv, argv + argc);
  args.insert(args.begin() + 1, printOpDefault);
  auto [inputFilename, outputFilename] = mlir::registerAndParseCLIOptions(
      args.size(), args.data(), "TileIR optimizer driver\n", registry);
  MlirOptMainConfig config = MlirOptMainConfig::createFromCLOptions();

  std::string errorMessage;
  std::unique_ptr<llvm::MemoryBuffer> file =
      mlir::openInputFile(inputFilename, &errorMessage);
  if (!file) {
    llvm::errs() << errorMessage << "\n";
    return EXIT_FAILURE;
  }
  file = bytecodeAsText(std::move(file), registry);
  if (!file)
    return EXIT_FAILURE;
  std::unique_ptr<llvm::ToolOutputFile> output =
      mlir::openOutputFile(outputFilename, &errorMessage);
  if (!output) {
    llvm::errs() << errorMessage << "\n";
    return EXIT_FAILURE;
  }
  if (mlir::failed(
          mlir::MlirOptMain(output->os(), std::move(file), registry, config)))
    return EXIT_FAILURE;
  output->keep();
  return EXIT_SUCCESS;
}
