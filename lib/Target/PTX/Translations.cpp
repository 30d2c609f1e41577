//===- Translations.cpp - tile-translate translations ---------------------===//
//
// Part of TileIR.
//
//===----------------------------------------------------------------------===//

#include "tileir/Target/PTX/Translations.h"

#include "tileir/InitAllDialects.h"
#include "tileir/Target/PTX/CompileToPTX.h"

#include "mlir/IR/BuiltinOps.h"
#include "mlir/Tools/mlir-translate/Translation.h"
#include "llvm/Support/CommandLine.h"

using namespace mlir;
using namespace mlir::tileir;

namespace {
/// Tool options shared by the three translations.
struct TranslateOptions {
  llvm::cl::opt<std::string> chip{
      "chip",
      llvm::cl::desc("Target chip (sm_80, sm_86, sm_89, sm_90, "
                     "sm_90a)"),
      llvm::cl::init("sm_90")};
  llvm::cl::opt<unsigned> ptxVersion{
      "ptx-version",
      llvm::cl::desc("PTX ISA version times ten, e.g. 80 (0: chip default)"),
      llvm::cl::init(0)};
  llvm::cl::opt<unsigned> numThreads{
      "num-threads", llvm::cl::desc("CTA size (0: chosen by the compiler)"),
      llvm::cl::init(0)};
  llvm::cl::opt<bool> rollWgmma{
      "roll-wgmma",
      llvm::cl::desc("Roll the wgmma K loop (one stage body, descriptors "
                     "selected per iteration; docs/Matmul.md)"),
      llvm::cl::init(false)};
  llvm::cl::opt<DebugInfoLevel> debugInfo{
      "debug-info",
      llvm::cl::desc("Debug info in the PTX (from the input's locations)"),
      llvm::cl::init(DebugInfoLevel::None),
      llvm::cl::values(
          clEnumValN(DebugInfoLevel::None, "none", "none (the default)"),
          clEnumValN(DebugInfoLevel::LineInfo, "lineinfo",
                     ".loc/.file line tables (tileiras --lineinfo)"),
          clEnumValN(DebugInfoLevel::Full, "full",
                     "full DWARF debug info (tileiras -g)"))};
  llvm::cl::opt<bool> lineInfo{"lineinfo",
                               llvm::cl::desc("Same as --debug-info=lineinfo"),
                               llvm::cl::init(false)};
  llvm::cl::opt<bool> fullDebugInfo{
      "g", llvm::cl::desc("Same as --debug-info=full"), llvm::cl::init(false)};

  CompileOptions get() const {
    CompileOptions options;
    options.chip = chip;
    options.ptxVersion = ptxVersion;
    options.numThreads = numThreads;
    options.rollWgmma = rollWgmma;
    // The most debug info any of the three spellings asks for.
    options.debugInfo = debugInfo;
    if (lineInfo && options.debugInfo == DebugInfoLevel::None)
      options.debugInfo = DebugInfoLevel::LineInfo;
    if (fullDebugInfo)
      options.debugInfo = DebugInfoLevel::Full;
    return options;
  }
};

TranslateOptions &getOptions() {
  static TranslateOptions options;
  return options;
}

void registerDialects(DialectRegistry &registry) {
  ::tileir::registerAllDialects(registry);
  registerCompileDependencies(registry);
}

ModuleOp asModule(Operation *op) {
  auto module = dyn_cast<ModuleOp>(op);
  if (!module)
    op->emitError() << "expects a builtin.module at the top level";
  return module;
}
} // namespace

void mlir::tileir::registerTranslations() {
  getOptions();
  TranslateFromMLIRRegistration toPtx(
      "cuda-tile-to-ptx", "Compile cuda_tile IR to PTX",
      [](Operation *op, raw_ostream &os) -> LogicalResult {
        ModuleOp module = asModule(op);
        if (!module)
          return failure();
        FailureOr<std::string> ptx = compileToPTX(module, getOptions().get());
        if (failed(ptx))
          return failure();
        os << *ptx;
        return success();
      },
      registerDialects);
  TranslateFromMLIRRegistration toCubin(
      "cuda-tile-to-cubin", "Compile cuda_tile IR to a cubin through ptxas",
      [](Operation *op, raw_ostream &os) -> LogicalResult {
        ModuleOp module = asModule(op);
        if (!module)
          return failure();
        CompileOptions options = getOptions().get();
        FailureOr<std::string> ptx = compileToPTX(module, options);
        if (failed(ptx))
          return failure();
        llvm::Expected<std::string> cubin =
            assembleCubin(*ptx, options.chip, options.debugInfo);
        if (!cubin)
          return module.emitError() << llvm::toString(cubin.takeError());
        os << *cubin;
        return success();
      },
      registerDialects);
  TranslateFromMLIRRegistration toLLVMIR(
      "cuda-tile-to-llvmir",
      "Compile cuda_tile IR to the device LLVM IR (before libdevice)",
      [](Operation *op, raw_ostream &os) -> LogicalResult {
        ModuleOp module = asModule(op);
        if (!module)
          return failure();
        FailureOr<std::string> ir = compileToLLVMIR(module, getOptions().get());
        if (failed(ir))
          return failure();
        os << *ir;
        return success();
      },
      registerDialects);
}
