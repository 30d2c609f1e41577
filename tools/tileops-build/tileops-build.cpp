//===- tileops-build.cpp - tileops kernel specs -> one PTX module ---------===//
//
// Part of TileIR. Reads a spec file (one kernel per line: OP DTYPE [SHAPES]
// [key=value...], see docs/TileOps.md), builds one cuda_tile entry per line
// and compiles them all into one PTX module. Each kernel is preceded by a
// `// tileops.plan NAME grid=G threads=T tile=E strategy=S [cache_hint=H]
// out=DTYPE:SHAPE args=...`
// line; the compiler adds its `// tileir.kernel` ABI line. The launch plans
// also come as JSON (`--emit=plan-json`, `--plans-json=FILE`), and
// `--list-ops=json` prints the op library.
//
//===----------------------------------------------------------------------===//

#include "tileir/Dialect/TileOps/Transforms/Passes.h"
#include "tileir/InitAllDialects.h"
#include "tileir/Target/PTX/CompileToPTX.h"
#include "tileir/TileOps/KernelBuilder.h"
#include "tileir/Tools/ToolSupport.h"

#include "mlir/IR/AsmState.h"
#include "mlir/IR/BuiltinOps.h"
#include "mlir/IR/MLIRContext.h"
#include "mlir/IR/Verifier.h"
#include "mlir/Pass/PassManager.h"
#include "mlir/Support/FileUtilities.h"
#include "llvm/Support/CommandLine.h"
#include "llvm/Support/InitLLVM.h"
#include "llvm/Support/MemoryBuffer.h"
#include "llvm/Support/SourceMgr.h"
#include "llvm/Support/ToolOutputFile.h"

using namespace mlir;

static llvm::cl::OptionCategory toolCategory("tileops-build options");
static llvm::cl::opt<std::string> inputFile(llvm::cl::Positional,
                                            llvm::cl::desc("<spec file>"),
                                            llvm::cl::init("-"),
                                            llvm::cl::cat(toolCategory));
static llvm::cl::opt<std::string> outputFile("o", llvm::cl::desc("Output"),
                                             llvm::cl::init("-"),
                                             llvm::cl::cat(toolCategory));
static llvm::cl::opt<std::string>
    emit("emit", llvm::cl::cat(toolCategory),
         llvm::cl::desc("ptx (default), cuda_tile (verified), expanded "
                        "(after tileops-expand), plan or plan-json"),
         llvm::cl::init("ptx"));
static llvm::cl::opt<std::string> plansJson(
    "plans-json", llvm::cl::cat(toolCategory),
    llvm::cl::desc("Also write the launch plans as JSON to this file"),
    llvm::cl::init(""));
static llvm::cl::opt<std::string>
    listOps("list-ops", llvm::cl::cat(toolCategory),
            llvm::cl::desc("Print the op library in this format (json) and "
                           "exit"),
            llvm::cl::init(""));
static llvm::cl::opt<std::string> chip("chip", llvm::cl::desc("sm_XX"),
                                       llvm::cl::init("sm_90"),
                                       llvm::cl::cat(toolCategory));
static llvm::cl::opt<unsigned> ptxVersion("ptx-version",
                                          llvm::cl::desc("PTX ISA version"),
                                          llvm::cl::init(0),
                                          llvm::cl::cat(toolCategory));

int main(int argc, char **argv) {
  llvm::InitLLVM init(argc, argv);
  // MLIR's printer options (--mlir-print-debuginfo: the spec locations).
  registerAsmPrinterCLOptions();
  ::tileir::tools::initTool("tileops-build: tileops kernel specs -> PTX",
                            {&toolCategory});
  llvm::cl::ParseCommandLineOptions(argc, argv,
                                    "tileops kernel specs -> PTX\n");
  if (emit != "ptx" && emit != "cuda_tile" && emit != "expanded" &&
      emit != "plan" && emit != "plan-json") {
    llvm::errs() << "tileops-build: expects --emit=ptx, cuda_tile, expanded, "
                    "plan or plan-json, got '"
                 << emit << "'\n";
    return 1;
  }
  if (!listOps.empty()) {
    if (listOps != "json") {
      llvm::errs() << "tileops-build: expects --list-ops=json, got '" << listOps
                   << "'\n";
      return 1;
    }
    tileops::writeOpTableJSON(llvm::outs());
    return 0;
  }
  std::string errorMessage;
  auto input = openInputFile(inputFile, &errorMessage);
  if (!input) {
    llvm::errs() << "tileops-build: " << errorMessage << "\n";
    return 1;
  }
  StringRef file = inputFile == "-" ? StringRef("<stdin>") : inputFile;
  auto specs = tileops::parseSpecs(input->getBuffer());
  if (!specs) {
    llvm::errs() << file << ": error: " << llvm::toString(specs.takeError())
                 << "\n";
    return 1;
  }
  DialectRegistry registry;
  ::tileir::registerAllDialects(registry);
  mlir::tileir::registerCompileDependencies(registry);
  MLIRContext ctx(registry);
  ctx.loadAllAvailableDialects();
  std::vector<tileops::KernelPlan> plans;
  auto built = tileops::buildModule(&ctx, *specs, file, plans);
  if (!built) {
    llvm::errs() << file << ": error: " << llvm::toString(built.takeError())
                 << "\n";
    return 1;
  }
  OwningOpRef<ModuleOp> module = std::move(*built);
  auto output = openOutputFile(outputFile, &errorMessage);
  if (!output) {
    llvm::errs() << "tileops-build: " << errorMessage << "\n";
    return 1;
  }
  std::string planText;
  for (const tileops::KernelPlan &p : plans) {
    std::string shape;
    for (size_t i = 0; i < p.outShape.size(); ++i)
      shape += (i ? "x" : "") + std::to_string(p.outShape[i]);
    planText +=
        "// tileops.plan " + p.name + " grid=" + std::to_string(p.grid) +
        " threads=" + std::to_string(p.threads) +
        " tile=" + std::to_string(p.tile) + " strategy=" + p.strategy +
        (p.cacheHint.empty() ? "" : " cache_hint=" + p.cacheHint) +
        " out=" + p.outDtype + ":" + (shape.empty() ? "scalar" : shape) +
        " args=" + llvm::join(p.args, ",") + "\n";
  }
  if (!plansJson.empty()) {
    auto file = openOutputFile(plansJson, &errorMessage);
    if (!file) {
      llvm::errs() << "tileops-build: " << errorMessage << "\n";
      return 1;
    }
    tileops::writePlansJSON(plans, file->os());
    file->keep();
  }
  if (emit == "plan" || emit == "plan-json") {
    if (emit == "plan")
      output->os() << planText;
    else
      tileops::writePlansJSON(plans, output->os());
    output->keep();
    return 0;
  }
  llvm::SourceMgr sourceMgr;
  SourceMgrDiagnosticHandler handler(sourceMgr, &ctx);
  // Parameter domain errors of the tileops ops carry the spec line's
  // location.
  if (failed(verify(*module)))
    return 1;
  if (emit == "cuda_tile" || emit == "expanded") {
    if (emit == "expanded") {
      PassManager pm(&ctx);
      pm.addPass(tileops::createTileOpsExpand());
      if (failed(pm.run(*module)))
        return 1;
    }
    output->os() << planText;
    module->print(output->os());
    output->keep();
    return 0;
  }
  mlir::tileir::CompileOptions options;
  options.chip = chip;
  options.ptxVersion = ptxVersion;
  auto ptx = mlir::tileir::compileToPTX(*module, options);
  if (failed(ptx))
    return 1;
  output->os() << planText << *ptx;
  output->keep();
  return 0;
}
