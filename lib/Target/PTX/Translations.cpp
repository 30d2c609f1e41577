//===- Translations.cpp - tile-translate translations ---------------------===//
//
// Part of TileIR.
//
//===----------------------------------------------------------------------===//

#include "tileir/Target/PTX/Translations.h"

#include "tileir/Bytecode/Bytecode.h"
#include "tileir/Dialect/CudaTile/IR/CudaTileDialect.h"
#include "tileir/InitAllDialects.h"
#include "tileir/Target/PTX/CompileToPTX.h"

#include "mlir/IR/BuiltinOps.h"
#include "mlir/Tools/mlir-translate/Translation.h"
#include "llvm/Support/CommandLine.h"
#include "llvm/Support/SourceMgr.h"

using namespace mlir;
using namespace mlir::tileir;

llvm::cl::OptionCategory &mlir::tileir::getTranslationOptionCategory() {
  // Named to sort before LLVM's "General options" in --help.
  static llvm::cl::OptionCategory category("CUDA Tile translation options");
  return category;
}

namespace {
/// Tool options shared by the three translations.
struct TranslateOptions {
  llvm::cl::opt<std::string> chip{
      "chip", llvm::cl::cat(getTranslationOptionCategory()),
      llvm::cl::desc("Target chip (sm_80, sm_86, sm_89, sm_90, "
                     "sm_90a)"),
      llvm::cl::init("sm_90")};
  llvm::cl::opt<unsigned> ptxVersion{
      "ptx-version", llvm::cl::cat(getTranslationOptionCategory()),
      llvm::cl::desc("PTX ISA version times ten, e.g. 80 (0: chip default)"),
      llvm::cl::init(0)};
  llvm::cl::opt<unsigned> numThreads{
      "num-threads", llvm::cl::cat(getTranslationOptionCategory()),
      llvm::cl::desc("CTA size (0: chosen by the compiler)"),
      llvm::cl::init(0)};
  llvm::cl::opt<LaunchABI> launchAbi{
      "launch-abi", llvm::cl::cat(getTranslationOptionCategory()),
      llvm::cl::desc("How the kernels are launched (docs/ABI.md)"),
      llvm::cl::init(LaunchABI::Explicit),
      llvm::cl::values(
          clEnumValN(LaunchABI::Explicit, "explicit",
                     "block and dynamic shared memory as the kernel states"),
          clEnumValN(LaunchABI::TileKernel, "tile",
                     "tile grid, block (1,1,1), no dynamic shared memory "
                     "(cuTile)"))};
  llvm::cl::opt<bool> rollWgmma{
      "roll-wgmma", llvm::cl::cat(getTranslationOptionCategory()),
      llvm::cl::desc("Roll the wgmma K loop (one stage body, descriptors "
                     "selected per iteration; docs/Matmul.md)"),
      llvm::cl::init(false)};
  llvm::cl::opt<bool> tmaLoads{
      "tma-loads", llvm::cl::cat(getTranslationOptionCategory()),
      llvm::cl::desc("Load the rolled wgmma K loop's stages by TMA where the "
                     "views allow it (default; =false keeps cp.async)"),
      llvm::cl::init(true)};
  llvm::cl::opt<bool> warpSpecialize{
      "warp-specialize", llvm::cl::cat(getTranslationOptionCategory()),
      llvm::cl::desc("Give the TMA loads of the rolled wgmma K loop and of "
                     "attention's streamed operands to producer warps "
                     "(default; docs/Matmul.md)"),
      llvm::cl::init(true)};
  llvm::cl::opt<DebugInfoLevel> debugInfo{
      "debug-info", llvm::cl::cat(getTranslationOptionCategory()),
      llvm::cl::desc("Debug info in the PTX (from the input's locations)"),
      llvm::cl::init(DebugInfoLevel::None),
      llvm::cl::values(
          clEnumValN(DebugInfoLevel::None, "none", "none (the default)"),
          clEnumValN(DebugInfoLevel::LineInfo, "lineinfo",
                     ".loc/.file line tables (tileiras --lineinfo)"),
          clEnumValN(DebugInfoLevel::Full, "full",
                     "full DWARF debug info (tileiras -g)"))};
  llvm::cl::opt<bool> lineInfo{
      "lineinfo", llvm::cl::cat(getTranslationOptionCategory()),
      llvm::cl::desc("Same as --debug-info=lineinfo"), llvm::cl::init(false)};
  llvm::cl::opt<bool> fullDebugInfo{
      "g", llvm::cl::cat(getTranslationOptionCategory()),
      llvm::cl::desc("Same as --debug-info=full"), llvm::cl::init(false)};

  CompileOptions get() const {
    CompileOptions options;
    options.chip = chip;
    options.ptxVersion = ptxVersion;
    options.numThreads = numThreads;
    options.rollWgmma = rollWgmma;
    options.tmaLoads = tmaLoads;
    options.warpSpecialize = warpSpecialize;
    options.abi = launchAbi;
    // The most debug info any of the three spellings asks for.
    options.debugInfo = debugInfo;
    if (lineInfo && options.debugInfo == DebugInfoLevel::None)
      options.debugInfo = DebugInfoLevel::LineInfo;
    if (fullDebugInfo)
      options.debugInfo = DebugInfoLevel::Full;
    return options;
  }
};

/// The translations registerTranslations() registers.
constexpr llvm::StringLiteral kPtxTranslation = "cuda-tile-to-ptx";
constexpr llvm::StringLiteral kCubinTranslation = "cuda-tile-to-cubin";
constexpr llvm::StringLiteral kLLVMIRTranslation = "cuda-tile-to-llvmir";
constexpr llvm::StringLiteral kTranslations[] = {
    kPtxTranslation, kCubinTranslation, kLLVMIRTranslation,
    ::tileir::bytecode::kFromBytecodeTranslation,
    ::tileir::bytecode::kToBytecodeTranslation};

TranslateOptions &getOptions() {
  static TranslateOptions options;
  return options;
}

void registerDialects(DialectRegistry &registry) {
  ::tileir::registerAllDialects(registry);
  registerCompileDependencies(registry);
}

/// Registers a translation of cuda_tile input, read as MLIR text or Tile IR
/// bytecode, to the text `compile` writes.
void registerCompile(
    StringRef name, StringRef description,
    std::function<LogicalResult(ModuleOp, raw_ostream &)> compile) {
  TranslateRegistration(
      name, description,
      [compile](const std::shared_ptr<llvm::SourceMgr> &sourceMgr,
                raw_ostream &os, MLIRContext *context) -> LogicalResult {
        DialectRegistry registry;
        registerDialects(registry);
        context->appendDialectRegistry(registry);
        // A diagnostic names its op by its location, without printing the
        // op (mlirTranslateMain turns this on).
        context->printOpOnDiagnostic(false);
        OwningOpRef<ModuleOp> module =
            ::tileir::bytecode::parseSourceAnyFormat(*sourceMgr, context);
        if (!module)
          return failure();
        return compile(*module, os);
      });
}
} // namespace

void mlir::tileir::registerTranslations() {
  getOptions();
  ::tileir::bytecode::registerBytecodeTranslations(
      getTranslationOptionCategory());
  cuda_tile::registerHintDiagnosticsCLOptions(getTranslationOptionCategory());
  registerCompile(kPtxTranslation, "Compile cuda_tile IR to PTX",
                  [](ModuleOp module, raw_ostream &os) -> LogicalResult {
                    FailureOr<std::string> ptx =
                        compileToPTX(module, getOptions().get());
                    if (failed(ptx))
                      return failure();
                    os << *ptx;
                    return success();
                  });
  registerCompile(
      kCubinTranslation, "Compile cuda_tile IR to a cubin through ptxas",
      [](ModuleOp module, raw_ostream &os) -> LogicalResult {
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
      });
  registerCompile(
      kLLVMIRTranslation,
      "Compile cuda_tile IR to the device LLVM IR (before libdevice)",
      [](ModuleOp module, raw_ostream &os) -> LogicalResult {
        FailureOr<std::string> ir = compileToLLVMIR(module, getOptions().get());
        if (failed(ir))
          return failure();
        os << *ir;
        return success();
      });
}

llvm::ArrayRef<llvm::StringLiteral> mlir::tileir::getTranslationNames() {
  return kTranslations;
}
