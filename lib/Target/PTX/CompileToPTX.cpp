//===- CompileToPTX.cpp - cuda_tile to PTX, LLVM IR and cubin -------------===//
//
// Part of TileIR.
//
//===----------------------------------------------------------------------===//

#include "tileir/Target/PTX/CompileToPTX.h"

#include "tileir/Dialect/TirX/Transforms/Passes.h"
#include "tileir/Pipelines/Pipelines.h"
#include "tileir/Target/TargetInfo.h"

#include "mlir/Dialect/GPU/IR/GPUDialect.h"
#include "mlir/Dialect/GPU/Transforms/Passes.h"
#include "mlir/Dialect/LLVMIR/LLVMDialect.h"
#include "mlir/Dialect/LLVMIR/NVVMDialect.h"
#include "mlir/InitAllExtensions.h"
#include "mlir/Pass/PassManager.h"
#include "mlir/Target/LLVM/NVVM/Target.h"
#include "mlir/Target/LLVMIR/Dialect/All.h"
#include "mlir/Target/LLVMIR/Export.h"
#include "llvm/ADT/ScopeExit.h"
#include "llvm/ADT/StringExtras.h"
#include "llvm/IR/LLVMContext.h"
#include "llvm/IR/Module.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/MemoryBuffer.h"
#include "llvm/Support/Path.h"
#include "llvm/Support/Program.h"
#include "llvm/Support/raw_ostream.h"

using namespace mlir;
using namespace mlir::tileir;

void mlir::tileir::registerCompileDependencies(DialectRegistry &registry) {
  registerAllExtensions(registry);
  registerAllToLLVMIRTranslations(registry);
  NVVM::registerNVVMTargetInterfaceExternalModels(registry);
}

/// Reads the ABI of every kernel from the freshly converted gpu.funcs.
static std::vector<KernelInfo> collectKernels(ModuleOp module) {
  std::vector<KernelInfo> kernels;
  module.walk([&](gpu::GPUFuncOp func) {
    if (!func.isKernel())
      return;
    KernelInfo info;
    info.name = func.getName().str();
    if (auto abi = func->getAttrOfType<ArrayAttr>("tileir.abi"))
      for (Attribute a : abi)
        info.params.push_back(cast<StringAttr>(a).str());
    if (auto align = func->getAttrOfType<IntegerAttr>("tileir.pointer_align"))
      info.pointerAlign = align.getInt();
    if (std::optional<ArrayRef<int32_t>> block = func.getKnownBlockSize())
      for (unsigned i = 0; i < 3 && i < block->size(); ++i)
        info.reqntid[i] = (*block)[i];
    kernels.push_back(std::move(info));
  });
  return kernels;
}

/// Prepares a module of tirx kernels (gpu.modules of gpu.funcs, the input of
/// tirx-to-nvvm) for compilation: targets from `options` where a gpu.module
/// has none, `.reqntid` from known_block_size and the parameter ABI from the
/// argument types.
static LogicalResult prepareTirXKernels(ModuleOp module,
                                        const CompileOptions &options) {
  auto target = ::tileir::TargetInfo::get(options.chip, options.ptxVersion);
  if (!target)
    return module.emitError() << llvm::toString(target.takeError());
  MLIRContext *ctx = module.getContext();
  ctx->getOrLoadDialect<NVVM::NVVMDialect>();
  module->setAttr(gpu::GPUDialect::getContainerModuleAttrName(),
                  UnitAttr::get(ctx));
  for (auto gpuModule : module.getOps<gpu::GPUModuleOp>()) {
    if (!gpuModule.getTargetsAttr())
      gpuModule.setTargetsAttr(
          ArrayAttr::get(ctx, {NVVM::NVVMTargetAttr::get(
                                  ctx, /*optLevel=*/3, "nvptx64-nvidia-cuda",
                                  target->getChip(), target->getFeatures())}));
    for (auto func : gpuModule.getOps<gpu::GPUFuncOp>()) {
      if (!func.isKernel())
        continue;
      std::optional<ArrayRef<int32_t>> block = func.getKnownBlockSize();
      if (!block)
        return func.emitError()
               << "expects a known_block_size on a tirx kernel (the CTA size "
                  "the primitives are dispatched for)";
      func->setAttr(NVVM::NVVMDialect::getReqntidAttrName(),
                    DenseI32ArrayAttr::get(ctx, *block));
      if (func->hasAttr("tileir.abi"))
        continue;
      SmallVector<Attribute> abi;
      for (auto [i, type] : llvm::enumerate(func.getArgumentTypes())) {
        std::string kind = ::tileir::getAbiKind(type);
        if (kind.empty())
          return func.emitError()
                 << "expects kernel parameters of pointer, integer, index or "
                    "float type, got "
                 << type << " for parameter " << i;
        abi.push_back(StringAttr::get(ctx, kind));
      }
      func->setAttr("tileir.abi", ArrayAttr::get(ctx, abi));
    }
  }
  return success();
}

/// Applies the tool's pass-manager options (--mlir-timing,
/// --mlir-print-ir-after-all, ...) where the tool registered them; a no-op in
/// the C API and the Python package.
static void configureFromCommandLine(PassManager &pm) {
  (void)applyPassManagerCLOptions(pm);
  applyDefaultTimingPassManagerCLOptions(pm);
}

FailureOr<std::vector<KernelInfo>>
mlir::tileir::lowerToNVVM(ModuleOp module, const CompileOptions &options) {
  // A module without cuda_tile kernels but with gpu.modules holds tirx
  // kernels: it starts at tirx-to-nvvm.
  bool hasCudaTile = false;
  module.walk([&](Operation *op) {
    if (op->getDialect() && op->getDialect()->getNamespace() == "cuda_tile") {
      hasCudaTile = true;
      return WalkResult::interrupt();
    }
    return WalkResult::advance();
  });
  if (!hasCudaTile && !module.getOps<gpu::GPUModuleOp>().empty()) {
    if (failed(prepareTirXKernels(module, options)))
      return failure();
  } else {
    CudaTileToNVVMOptions pipelineOptions;
    pipelineOptions.chip = options.chip;
    pipelineOptions.ptxVersion = options.ptxVersion;
    pipelineOptions.numThreads = options.numThreads;
    PassManager convert(module->getName());
    configureFromCommandLine(convert);
    buildCudaTileToTirXPipeline(convert, pipelineOptions);
    if (failed(convert.run(module)))
      return failure();
  }
  std::vector<KernelInfo> kernels = collectKernels(module);
  PassManager lower(module->getName());
  configureFromCommandLine(lower);
  buildTirXToNVVMPipeline(lower);
  if (failed(lower.run(module)))
    return failure();
  // tirx-lower-buffers decides the dynamic shared memory of each kernel.
  module.walk([&](LLVM::LLVMFuncOp func) {
    auto bytes = func->getAttrOfType<IntegerAttr>(tirx::kDynamicSharedAttr);
    if (!bytes)
      return;
    for (KernelInfo &k : kernels)
      if (k.name == func.getName())
        k.sharedBytes = bytes.getInt();
  });
  return kernels;
}

/// Inserts the ABI line before each `.entry NAME(`.
static std::string annotate(StringRef ptx,
                            const std::vector<KernelInfo> &kernels) {
  std::string out;
  out.reserve(ptx.size() + 128 * kernels.size());
  SmallVector<StringRef> lines;
  ptx.split(lines, '\n');
  for (auto [i, line] : llvm::enumerate(lines)) {
    StringRef trimmed = line.trim();
    if (trimmed.contains(".entry ")) {
      StringRef name = trimmed.split(".entry ").second.split('(').first.trim();
      for (const KernelInfo &k : kernels) {
        if (k.name != name)
          continue;
        out += "// tileir.kernel " + k.name + " params=(" +
               llvm::join(k.params, ",") +
               ") reqntid=" + std::to_string(k.reqntid[0]) + "," +
               std::to_string(k.reqntid[1]) + "," +
               std::to_string(k.reqntid[2]) +
               " smem=" + std::to_string(k.sharedBytes) +
               " align=" + std::to_string(k.pointerAlign) + "\n";
      }
    }
    out += line.str();
    if (i + 1 < lines.size())
      out += "\n";
  }
  return out;
}

/// The CUDA toolkit: $CUDA_HOME, $CUDA_PATH or /usr/local/cuda, when it has
/// libdevice.
static std::optional<std::string> findCudaToolkit() {
  SmallVector<std::string> candidates;
  for (const char *var : {"CUDA_HOME", "CUDA_PATH"})
    if (const char *env = std::getenv(var))
      candidates.push_back(env);
  candidates.push_back("/usr/local/cuda");
  for (const std::string &dir : candidates)
    if (llvm::sys::fs::exists(dir + "/nvvm/libdevice/libdevice.10.bc"))
      return dir;
  return std::nullopt;
}

FailureOr<std::string>
mlir::tileir::compileToPTX(ModuleOp module, const CompileOptions &options) {
  FailureOr<std::vector<KernelInfo>> kernels = lowerToNVVM(module, options);
  if (failed(kernels))
    return failure();
  PassManager serialize(module->getName());
  configureFromCommandLine(serialize);
  GpuModuleToBinaryPassOptions binaryOptions;
  binaryOptions.compilationTarget = "isa";
  // libdevice is parsed and linked only when a kernel calls into it: loading
  // it costs more than compiling a small module.
  bool callsLibdevice = false;
  module.walk([&](LLVM::LLVMFuncOp func) {
    if (func.isExternal() && func.getName().starts_with("__nv_")) {
      callsLibdevice = true;
      return WalkResult::interrupt();
    }
    return WalkResult::advance();
  });
  std::optional<std::string> toolkit = findCudaToolkit();
  if (toolkit && callsLibdevice)
    binaryOptions.toolkitPath = *toolkit;
  serialize.addPass(createGpuModuleToBinaryPass(binaryOptions));
  if (failed(serialize.run(module)))
    return failure();
  std::string ptx;
  for (auto binary : module.getOps<gpu::BinaryOp>())
    for (Attribute attr : binary.getObjects())
      ptx += cast<gpu::ObjectAttr>(attr).getObject().getValue().str();
  if (ptx.empty()) {
    module.emitError() << "the module has no kernel to compile";
    return failure();
  }
  // Math lowers to libdevice; without it the PTX would call undefined
  // functions that only ptxas would report. vprintf and __assertfail
  // (gpu.printf, cf.assert), malloc and free (alloca) are provided by the
  // CUDA driver.
  for (size_t ext = ptx.find(".extern .func"); ext != std::string::npos;
       ext = ptx.find(".extern .func", ext + 1)) {
    StringRef rest =
        StringRef(ptx).substr(ext + StringRef(".extern .func").size()).ltrim();
    if (rest.starts_with("("))
      rest = rest.split(')').second.ltrim();
    StringRef name = rest.take_until(
        [](char c) { return c == '(' || c == '\n' || c == ' '; });
    if (name == "vprintf" || name == "__assertfail" || name == "malloc" ||
        name == "free")
      continue;
    module.emitError() << "the kernels call " << name
                       << " but libdevice was not found (looked in "
                          "$CUDA_HOME, $CUDA_PATH and /usr/local/cuda for "
                          "nvvm/libdevice/libdevice.10.bc)";
    return failure();
  }
  return annotate(ptx, *kernels);
}

FailureOr<std::string>
mlir::tileir::compileToLLVMIR(ModuleOp module, const CompileOptions &options) {
  if (failed(lowerToNVVM(module, options)))
    return failure();
  std::string text;
  llvm::raw_string_ostream os(text);
  for (auto gpuModule : module.getOps<gpu::GPUModuleOp>()) {
    llvm::LLVMContext llvmContext;
    std::unique_ptr<llvm::Module> llvmModule =
        translateModuleToLLVMIR(gpuModule, llvmContext, gpuModule.getName());
    if (!llvmModule)
      return failure();
    llvmModule->print(os, nullptr);
  }
  return text;
}

/// ptxas on PATH, under $CUDA_HOME/bin, or /usr/local/cuda/bin.
static std::optional<std::string> findPtxas() {
  SmallVector<StringRef> hints;
  std::string cudaHome;
  if (const char *env = std::getenv("CUDA_HOME")) {
    cudaHome = (Twine(env) + "/bin").str();
    hints.push_back(cudaHome);
  }
  hints.push_back("/usr/local/cuda/bin");
  if (auto path = llvm::sys::findProgramByName("ptxas"))
    return *path;
  if (auto path = llvm::sys::findProgramByName("ptxas", hints))
    return *path;
  return std::nullopt;
}

llvm::Expected<std::string> mlir::tileir::assembleCubin(StringRef ptx,
                                                        StringRef chip) {
  std::optional<std::string> ptxas = findPtxas();
  if (!ptxas)
    return llvm::createStringError(
        "ptxas was not found (looked on PATH, $CUDA_HOME/bin and "
        "/usr/local/cuda/bin); install the CUDA toolkit to produce cubins");
  SmallString<128> ptxPath, cubinPath, logPath;
  if (auto ec = llvm::sys::fs::createTemporaryFile("tileir", "ptx", ptxPath))
    return llvm::errorCodeToError(ec);
  if (auto ec =
          llvm::sys::fs::createTemporaryFile("tileir", "cubin", cubinPath))
    return llvm::errorCodeToError(ec);
  if (auto ec = llvm::sys::fs::createTemporaryFile("tileir", "log", logPath))
    return llvm::errorCodeToError(ec);
  auto cleanup = llvm::make_scope_exit([&] {
    llvm::sys::fs::remove(ptxPath);
    llvm::sys::fs::remove(cubinPath);
    llvm::sys::fs::remove(logPath);
  });
  {
    std::error_code ec;
    llvm::raw_fd_ostream os(ptxPath, ec);
    if (ec)
      return llvm::errorCodeToError(ec);
    os << ptx;
  }
  std::string arch = ("-arch=" + chip).str();
  SmallVector<StringRef> args = {*ptxas, arch, ptxPath, "-o", cubinPath};
  std::optional<StringRef> redirects[] = {std::nullopt, StringRef(logPath),
                                          StringRef(logPath)};
  std::string error;
  int rc = llvm::sys::ExecuteAndWait(*ptxas, args, std::nullopt, redirects, 0,
                                     0, &error);
  auto log = llvm::MemoryBuffer::getFile(logPath);
  std::string logText = log ? (*log)->getBuffer().str() : "";
  if (rc != 0)
    return llvm::createStringError("ptxas failed (exit %d): %s%s", rc,
                                   error.c_str(), logText.c_str());
  auto cubin = llvm::MemoryBuffer::getFile(cubinPath, /*IsText=*/false);
  if (!cubin)
    return llvm::errorCodeToError(cubin.getError());
  return (*cubin)->getBuffer().str();
}
