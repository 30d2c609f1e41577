//===- CompileToPTX.cpp - cuda_tile to PTX, LLVM IR and cubin -------------===//
//
// Part of TileIR.
//
//===----------------------------------------------------------------------===//

#include "tileir/Target/PTX/CompileToPTX.h"

#include "InternalErrors.h"

#include "tileir/Dialect/TirX/Transforms/Passes.h"
#include "tileir/Pipelines/Pipelines.h"
#include "tileir/Target/TargetInfo.h"

#include "mlir/Conversion/ArithToLLVM/ArithToLLVM.h"
#include "mlir/Conversion/ControlFlowToLLVM/ControlFlowToLLVM.h"
#include "mlir/Conversion/FuncToLLVM/ConvertFuncToLLVM.h"
#include "mlir/Conversion/GPUCommon/GPUToLLVM.h"
#include "mlir/Conversion/IndexToLLVM/IndexToLLVM.h"
#include "mlir/Conversion/MathToLLVM/MathToLLVM.h"
#include "mlir/Conversion/MemRefToLLVM/MemRefToLLVM.h"
#include "mlir/Conversion/NVVMToLLVM/NVVMToLLVM.h"
#include "mlir/Conversion/UBToLLVM/UBToLLVM.h"
#include "mlir/Conversion/VectorToLLVM/ConvertVectorToLLVM.h"
#include "mlir/Dialect/Func/Extensions/InlinerExtension.h"
#include "mlir/Dialect/GPU/IR/GPUDialect.h"
#include "mlir/Dialect/GPU/Transforms/Passes.h"
#include "mlir/Dialect/LLVMIR/LLVMDialect.h"
#include "mlir/Dialect/LLVMIR/NVVMDialect.h"
#include "mlir/IR/Diagnostics.h"
#include "mlir/IR/Threading.h"
#include "mlir/IR/Verifier.h"
#include "mlir/Pass/PassManager.h"
#include "mlir/Target/LLVM/NVVM/Target.h"
#include "mlir/Target/LLVM/NVVM/Utils.h"
#include "mlir/Target/LLVMIR/Dialect/Builtin/BuiltinToLLVMIRTranslation.h"
#include "mlir/Target/LLVMIR/Dialect/GPU/GPUToLLVMIRTranslation.h"
#include "mlir/Target/LLVMIR/Dialect/LLVMIR/LLVMToLLVMIRTranslation.h"
#include "mlir/Target/LLVMIR/Dialect/NVVM/NVVMToLLVMIRTranslation.h"
#include "mlir/Target/LLVMIR/Export.h"
#include "llvm/ADT/ScopeExit.h"
#include "llvm/ADT/StringExtras.h"
#include "llvm/ADT/StringSet.h"
#include "llvm/IR/LLVMContext.h"
#include "llvm/IR/Module.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/MemoryBuffer.h"
#include "llvm/Support/Path.h"
#include "llvm/Support/Program.h"
#include "llvm/Support/raw_ostream.h"
#include "llvm/Target/TargetMachine.h"

using namespace mlir;
using namespace mlir::tileir;

void mlir::tileir::registerCompileDependencies(DialectRegistry &registry) {
  // The conversion to LLVM of the dialects the pipeline emits (gpu-to-nvvm
  // collects the patterns of every loaded dialect's ConvertToLLVM
  // interface), the LLVM IR translations of what remains, and the NVVM
  // target. Only these: every extension of every upstream dialect would put
  // all of MLIR into the self-contained tools.
  arith::registerConvertArithToLLVMInterface(registry);
  cf::registerConvertControlFlowToLLVMInterface(registry);
  registerConvertFuncToLLVMInterface(registry);
  func::registerInlinerExtension(registry);
  gpu::registerConvertGpuToLLVMInterface(registry);
  index::registerConvertIndexToLLVMInterface(registry);
  registerConvertMathToLLVMInterface(registry);
  registerConvertMemRefToLLVMInterface(registry);
  registerConvertNVVMToLLVMInterface(registry);
  ub::registerConvertUBToLLVMInterface(registry);
  vector::registerConvertVectorToLLVMInterface(registry);
  registerBuiltinDialectTranslation(registry);
  registerGPUDialectTranslation(registry);
  registerLLVMDialectTranslation(registry);
  registerNVVMDialectTranslation(registry);
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
    if (auto pointees = func->getAttrOfType<ArrayAttr>("tileir.pointee"))
      for (Attribute a : pointees)
        info.pointees.push_back(cast<StringAttr>(a).str());
    if (auto dense = func->getAttrOfType<DenseI64ArrayAttr>("tileir.dense"))
      info.dense.assign(dense.asArrayRef().begin(), dense.asArrayRef().end());
    if (auto align = func->getAttrOfType<IntegerAttr>("tileir.pointer_align"))
      info.pointerAlign = align.getInt();
    // The launch size (.reqntid) and the dynamic shared memory are read
    // after the lowering, which decides them.
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
          ArrayAttr::get(ctx, {target->getNvvmTarget(ctx)}));
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

/// Moves each kernel of a gpu.module that holds two or more kernels and
/// nothing else into a gpu.module of its own (same targets and attributes,
/// named `<module>_<kernel>`, in kernel order): the pass manager then runs
/// the pipeline on the kernels in parallel and compileToPTX serializes them
/// in parallel. Modules with globals or device functions stay whole (their
/// kernels share state or code).
static void splitKernelModules(ModuleOp module) {
  SymbolTable table(module);
  for (auto gpuModule :
       llvm::make_early_inc_range(module.getOps<gpu::GPUModuleOp>())) {
    SmallVector<gpu::GPUFuncOp> kernels;
    bool onlyKernels = true;
    for (Operation &op : gpuModule.getBody()->getOperations()) {
      auto func = dyn_cast<gpu::GPUFuncOp>(&op);
      if (!func || !func.isKernel()) {
        onlyKernels = false;
        break;
      }
      kernels.push_back(func);
    }
    if (!onlyKernels || kernels.size() < 2)
      continue;
    OpBuilder b(module.getContext());
    for (gpu::GPUFuncOp kernel : kernels) {
      auto part = gpu::GPUModuleOp::create(
          b, gpuModule.getLoc(),
          (gpuModule.getName() + "_" + kernel.getName()).str(),
          gpuModule.getTargetsAttr(), gpuModule.getOffloadingHandlerAttr());
      part->setDiscardableAttrs(gpuModule->getDiscardableAttrDictionary());
      kernel->moveBefore(part.getBody(), part.getBody()->end());
      // Unique among the top module's symbols, before the original.
      table.insert(part, Block::iterator(gpuModule));
    }
    table.erase(gpuModule);
  }
}

/// The first PTX ISA whose `.section` directives take label differences,
/// which the NVPTX backend's DWARF sections use.
constexpr unsigned kDwarfMinPtxVersion = 75;

/// Moves everything of the second and later gpu.modules into the first, so
/// that all kernels compile to one PTX module: with debug info, the PTX of
/// each module has its own file table and DWARF sections, which do not
/// merge. Fails on modules of different targets or a symbol two modules
/// define.
static LogicalResult joinKernelModules(ModuleOp module) {
  SmallVector<gpu::GPUModuleOp> gpuModules(module.getOps<gpu::GPUModuleOp>());
  if (gpuModules.size() < 2)
    return success();
  gpu::GPUModuleOp first = gpuModules.front();
  SymbolTable table(first);
  for (gpu::GPUModuleOp other : llvm::drop_begin(gpuModules)) {
    if (other.getTargetsAttr() != first.getTargetsAttr())
      return other.emitError()
             << "expects the targets of the first gpu.module with debug "
                "info (its kernels compile to one PTX module), got "
             << other.getTargetsAttr();
    for (Operation &op :
         llvm::make_early_inc_range(other.getBody()->getOperations())) {
      auto name =
          op.getAttrOfType<StringAttr>(SymbolTable::getSymbolAttrName());
      if (name && table.lookup(name))
        return op.emitError()
               << "defines @" << name.getValue()
               << " that another module defines too: with debug info, the "
                  "kernels of all modules compile to one PTX module";
      op.moveBefore(first.getBody(), first.getBody()->end());
      if (name)
        table.insert(&op);
    }
    other.erase();
  }
  return success();
}

/// The emission kind of the LLVM compile units for `level`. Line info is
/// DebugDirectivesOnly: the NVPTX backend then writes `.file`/`.loc` and no
/// DWARF sections, and leaves `debug` off the `.target` line (as nvcc
/// `-lineinfo` does); LineTablesOnly would give both.
static LLVM::DIEmissionKind emissionKind(DebugInfoLevel level) {
  switch (level) {
  case DebugInfoLevel::None:
    return LLVM::DIEmissionKind::None;
  case DebugInfoLevel::LineInfo:
    return LLVM::DIEmissionKind::DebugDirectivesOnly;
  case DebugInfoLevel::Full:
    return LLVM::DIEmissionKind::Full;
  }
  llvm_unreachable("unknown debug info level");
}

FailureOr<std::vector<KernelInfo>>
mlir::tileir::lowerToNVVM(ModuleOp module, const CompileOptions &options,
                          bool splitKernels) {
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
  // The NVPTX backend's DWARF sections use label differences, which PTX ISA
  // 7.5 introduced: full debug info raises an older default (sm_80, sm_86).
  CompileOptions effective = options;
  if (options.debugInfo == DebugInfoLevel::Full) {
    auto target = ::tileir::TargetInfo::get(options.chip, options.ptxVersion);
    if (target && target->getPtxVersion() < kDwarfMinPtxVersion) {
      if (options.ptxVersion)
        return module.emitError()
               << "expects PTX ISA 7.5 or newer with full debug info (its "
                  "DWARF sections need it), got PTX version "
               << options.ptxVersion / 10 << "." << options.ptxVersion % 10;
      effective.ptxVersion = kDwarfMinPtxVersion;
    }
  }
  if (!hasCudaTile && !module.getOps<gpu::GPUModuleOp>().empty()) {
    if (failed(prepareTirXKernels(module, effective)))
      return failure();
  } else {
    CudaTileToNVVMOptions pipelineOptions;
    pipelineOptions.chip = options.chip;
    pipelineOptions.ptxVersion = effective.ptxVersion;
    pipelineOptions.numThreads = options.numThreads;
    pipelineOptions.rollWgmma = options.rollWgmma;
    pipelineOptions.tmaLoads = options.tmaLoads;
    pipelineOptions.warpSpecialize = options.warpSpecialize;
    pipelineOptions.pointerAlignment = options.pointerAlignment;
    pipelineOptions.debugInfo = emissionKind(options.debugInfo);
    PassManager convert(module->getName());
    configureFromCommandLine(convert);
    buildCudaTileToTirXPipeline(convert, pipelineOptions);
    if (failed(convert.run(module)))
      return failure();
  }
  std::vector<KernelInfo> kernels = collectKernels(module);
  if (splitKernels)
    splitKernelModules(module);
  else if (options.debugInfo != DebugInfoLevel::None &&
           failed(joinKernelModules(module)))
    return failure();
  PassManager lower(module->getName());
  configureFromCommandLine(lower);
  TirXToNVVMOptions lowerOptions;
  lowerOptions.launchAbi = options.abi == LaunchABI::TileKernel
                               ? tirx::LaunchABI::Tile
                               : tirx::LaunchABI::Explicit;
  lowerOptions.debugInfo = emissionKind(options.debugInfo);
  buildTirXToNVVMPipeline(lower, lowerOptions);
  // The IR is verified once, after the pipeline, rather than after each of
  // its passes: verifying the unrolled IR after every pass cost ~15% of the
  // compile time (docs/Pipeline.md, "Compile time"). `tile-opt
  // --tirx-to-nvvm` still verifies after every pass.
  lower.enableVerifier(false);
  if (failed(lower.run(module)) || failed(verify(module)))
    return failure();
  // tirx-lower-buffers decides the dynamic shared memory of each kernel
  // and its launch size (the producer warps of tirx.warp_specialize).
  module.walk([&](LLVM::LLVMFuncOp func) {
    auto bytes = func->getAttrOfType<IntegerAttr>(tirx::kDynamicSharedAttr);
    auto block = func->getAttrOfType<DenseI32ArrayAttr>(
        NVVM::NVVMDialect::getReqntidAttrName());
    for (KernelInfo &k : kernels) {
      if (k.name != func.getName())
        continue;
      if (bytes)
        k.sharedBytes = bytes.getInt();
      if (block)
        for (unsigned i = 0; i < 3 && i < block.size(); ++i)
          k.reqntid[i] = block[i];
    }
  });
  return kernels;
}

/// ` elems=(f32,f32,-)`: the element type of each pointer parameter ("-"
/// for the others), or "" when no pointer's element type is known; then
/// ` dense=(0,2)`, the pointer parameters read as dense arrays, if any.
static std::string pointeeField(const KernelInfo &k) {
  if (llvm::none_of(k.pointees,
                    [](const std::string &p) { return !p.empty(); }))
    return "";
  SmallVector<std::string> names;
  for (const std::string &p : k.pointees)
    names.push_back(p.empty() ? "-" : p);
  std::string field = " elems=(" + llvm::join(names, ",") + ")";
  if (!k.dense.empty()) {
    SmallVector<std::string> indices;
    for (int64_t i : k.dense)
      indices.push_back(std::to_string(i));
    field += " dense=(" + llvm::join(indices, ",") + ")";
  }
  return field;
}

/// Inserts the ABI line before each `.entry NAME(`; kernels compiled for
/// the tile launch ABI end it with `abi=tile`, and kernels whose pointer
/// parameters have known element types with `elems=(...)`.
static std::string
annotate(StringRef ptx, const std::vector<KernelInfo> &kernels, LaunchABI abi) {
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
               " align=" + std::to_string(k.pointerAlign) +
               (abi == LaunchABI::TileKernel ? " abi=tile" : "") +
               pointeeField(k) + "\n";
      }
    }
    out += line.str();
    if (i + 1 < lines.size())
      out += "\n";
  }
  return out;
}

/// The site-packages directories that may hold NVIDIA's CUDA pip wheels
/// (nvidia-cuda-nvcc installs site-packages/nvidia/cu13/{bin/ptxas,nvvm}) for
/// this executable: it lives in a package inside site-packages
/// (site-packages/tileir/_bin/tile-as) or in a virtual environment's bin/.
static SmallVector<std::string> pythonSitePackages() {
  SmallVector<std::string> result;
  std::string exe = llvm::sys::fs::getMainExecutable(nullptr, nullptr);
  if (exe.empty())
    return result;
  StringRef binDir = llvm::sys::path::parent_path(exe);
  result.push_back(
      llvm::sys::path::parent_path(llvm::sys::path::parent_path(binDir)).str());
  SmallString<128> libDir = llvm::sys::path::parent_path(binDir);
  llvm::sys::path::append(libDir, "lib");
  std::error_code ec;
  for (llvm::sys::fs::directory_iterator it(libDir, ec), end; !ec && it != end;
       it.increment(ec))
    if (llvm::sys::path::filename(it->path()).starts_with("python3"))
      result.push_back((Twine(it->path()) + "/site-packages").str());
  return result;
}

/// The roots of the CUDA toolkits that may provide `ptxas` (bin/ptxas) and
/// libdevice (nvvm/libdevice/libdevice.10.bc), in search order: NVIDIA's
/// pip wheels (site-packages/nvidia/cu<N>, newest first), $CUDA_HOME,
/// $CUDA_PATH, the toolkit of the `ptxas` on PATH, /usr/local/cuda.
static SmallVector<std::string> cudaToolkitRoots() {
  SmallVector<std::string> roots;
  for (const std::string &sitePackages : pythonSitePackages()) {
    SmallVector<std::string> wheels;
    std::error_code ec;
    for (llvm::sys::fs::directory_iterator it(sitePackages + "/nvidia", ec),
         end;
         !ec && it != end; it.increment(ec)) {
      StringRef name = llvm::sys::path::filename(it->path());
      unsigned major;
      if (name.consume_front("cu") && !name.getAsInteger(10, major))
        wheels.push_back(it->path());
    }
    llvm::sort(wheels, [](const std::string &a, const std::string &b) {
      return a.size() != b.size() ? a.size() > b.size() : a > b;
    });
    llvm::append_range(roots, wheels);
  }
  for (const char *var : {"CUDA_HOME", "CUDA_PATH"})
    if (const char *env = std::getenv(var); env && *env)
      roots.push_back(env);
  if (auto ptxas = llvm::sys::findProgramByName("ptxas"))
    roots.push_back(
        llvm::sys::path::parent_path(llvm::sys::path::parent_path(*ptxas))
            .str());
  roots.push_back("/usr/local/cuda");
  return roots;
}

/// The first toolkit root holding `relPath`; `searched` lists where it
/// looked (for the error message).
static std::optional<std::string>
findInCudaToolkit(StringRef relPath, std::string *searched = nullptr) {
  for (const std::string &root : cudaToolkitRoots()) {
    SmallString<256> path(root);
    llvm::sys::path::append(path, relPath);
    if (llvm::sys::fs::exists(path))
      return root;
    if (searched)
      *searched += (searched->empty() ? "" : ", ") + path.str().str();
  }
  return std::nullopt;
}

/// The CUDA toolkit that has libdevice.
static std::optional<std::string> findCudaToolkit() {
  return findInCudaToolkit("nvvm/libdevice/libdevice.10.bc");
}

std::optional<std::string> mlir::tileir::findLibdevice() {
  std::optional<std::string> root = findCudaToolkit();
  if (!root)
    return std::nullopt;
  SmallString<256> path(*root);
  llvm::sys::path::append(path, "nvvm/libdevice/libdevice.10.bc");
  return path.str().str();
}

/// Whether a kernel of `gpuModule` calls into libdevice.
static bool callsLibdevice(gpu::GPUModuleOp gpuModule) {
  for (auto func : gpuModule.getOps<LLVM::LLVMFuncOp>())
    if (func.isExternal() && func.getName().starts_with("__nv_"))
      return true;
  return false;
}

/// Gives the internal symbols that the lowering created in each split
/// gpu.module (printf format strings, ...) names that no other module
/// uses: their PTX is concatenated into one module.
static void uniquifyInternalSymbols(ArrayRef<gpu::GPUModuleOp> modules) {
  llvm::StringSet<> used;
  for (gpu::GPUModuleOp gpuModule : modules)
    for (Operation &op : gpuModule.getBody()->getOperations())
      if (auto name =
              op.getAttrOfType<StringAttr>(SymbolTable::getSymbolAttrName()))
        used.insert(name.getValue());
  llvm::StringSet<> defined;
  for (auto [index, constModule] : llvm::enumerate(modules)) {
    gpu::GPUModuleOp gpuModule = constModule;
    SymbolTable table(gpuModule);
    for (Operation &op : gpuModule.getBody()->getOperations()) {
      auto name =
          op.getAttrOfType<StringAttr>(SymbolTable::getSymbolAttrName());
      if (!name)
        continue;
      bool internal = false;
      if (auto global = dyn_cast<LLVM::GlobalOp>(&op))
        internal = global.getLinkage() == LLVM::Linkage::Internal ||
                   global.getLinkage() == LLVM::Linkage::Private;
      else if (auto func = dyn_cast<LLVM::LLVMFuncOp>(&op))
        internal = !func.isExternal() &&
                   (func.getLinkage() == LLVM::Linkage::Internal ||
                    func.getLinkage() == LLVM::Linkage::Private);
      if (!internal)
        continue;
      if (defined.insert(name.getValue()).second)
        continue;
      std::string fresh;
      for (unsigned n = 0;; ++n) {
        fresh = (name.getValue() + "_" + Twine(index) + "_" + Twine(n)).str();
        if (!used.contains(fresh))
          break;
      }
      used.insert(fresh);
      defined.insert(fresh);
      (void)table.rename(&op, StringAttr::get(op.getContext(), fresh));
    }
  }
}

namespace {
/// The PTX of one serialized gpu.module: its header (up to `.address_size`)
/// and its top-level items (directives: declarations, variables, entries
/// and functions with their bodies) between the comment lines.
struct PtxModule {
  std::string header;
  struct Piece {
    std::string text;
    std::string name; ///< the symbol an item defines or declares; "" else
    bool item = false;
  };
  std::vector<Piece> pieces;
};
} // namespace

/// The symbol a top-level PTX directive names: the function after `.entry`
/// / `.func` (past a return-parameter list), else the variable before
/// `[`, `=` or `;`.
static std::string ptxSymbol(StringRef first) {
  for (StringRef kw : {".entry ", ".func "}) {
    size_t at = first.find(kw);
    if (at == StringRef::npos)
      continue;
    StringRef rest = first.substr(at + kw.size()).ltrim();
    if (rest.starts_with("(")) {
      int depth = 0;
      size_t i = 0;
      for (; i < rest.size(); ++i) {
        depth += rest[i] == '(' ? 1 : rest[i] == ')' ? -1 : 0;
        if (depth == 0)
          break;
      }
      rest = rest.substr(i + 1).ltrim();
    }
    return rest
        .take_until([](char c) { return c == '(' || c == ' ' || c == ';'; })
        .str();
  }
  if (!(first.starts_with(".global") || first.starts_with(".shared") ||
        first.starts_with(".const") || first.starts_with(".extern") ||
        first.starts_with(".visible") || first.starts_with(".weak")))
    return "";
  StringRef decl =
      first.take_until([](char c) { return c == '[' || c == '=' || c == ';'; });
  decl = decl.rtrim();
  size_t space = decl.find_last_of(" \t");
  return (space == StringRef::npos ? decl : decl.substr(space + 1)).str();
}

/// Splits NVPTX-backend output into header and pieces; nullopt when the
/// text does not have the expected shape.
static std::optional<PtxModule> parsePtx(StringRef ptx) {
  PtxModule module;
  size_t headerEnd = ptx.find(".address_size");
  if (headerEnd == StringRef::npos)
    return std::nullopt;
  headerEnd = ptx.find('\n', headerEnd);
  if (headerEnd == StringRef::npos)
    return std::nullopt;
  module.header = ptx.substr(0, headerEnd + 1).str();
  SmallVector<StringRef> lines;
  ptx.substr(headerEnd + 1).split(lines, '\n');
  for (size_t i = 0; i < lines.size(); ++i) {
    StringRef line = lines[i];
    if (!line.starts_with(".")) {
      module.pieces.push_back({line.str() + "\n", "", false});
      continue;
    }
    // A directive: up to its `;` (declarations, variables) or to the `}`
    // that closes its body (entries, functions). Braces of initializers
    // close on their line.
    std::string text;
    int braces = 0, parens = 0;
    bool body = false;
    size_t j = i;
    for (; j < lines.size(); ++j) {
      StringRef l = lines[j];
      text += l.str() + "\n";
      for (char c : l) {
        braces += c == '{' ? 1 : c == '}' ? -1 : 0;
        parens += c == '(' ? 1 : c == ')' ? -1 : 0;
      }
      if (l.trim() == "{")
        body = true;
      if (braces == 0 && parens == 0 && (body || l.rtrim().ends_with(";")))
        break;
    }
    if (j == lines.size())
      return std::nullopt;
    module.pieces.push_back({text, ptxSymbol(line), true});
    i = j;
  }
  // split() leaves one empty line after the final newline.
  if (!module.pieces.empty() && module.pieces.back().text == "\n" &&
      ptx.ends_with("\n"))
    module.pieces.pop_back();
  return module;
}

/// The `.version` of a PTX header as (major, minor) and the header with
/// that line taken out; nullopt without a well-formed `.version` line.
static std::optional<std::pair<std::pair<unsigned, unsigned>, std::string>>
splitPtxVersion(StringRef header) {
  size_t at = header.find(".version ");
  if (at == StringRef::npos)
    return std::nullopt;
  size_t end = header.find('\n', at);
  StringRef line = header.slice(at, end).drop_front(strlen(".version "));
  auto [majorText, minorText] = line.trim().split('.');
  unsigned major = 0, minor = 0;
  if (majorText.getAsInteger(10, major) || minorText.getAsInteger(10, minor))
    return std::nullopt;
  std::string rest =
      (header.take_front(at) +
       (end == StringRef::npos ? "" : header.drop_front(end + 1)))
          .str();
  return std::pair{std::pair{major, minor}, rest};
}

/// One PTX module from the PTX of several gpu.modules of the same target:
/// one header, every item once (identical declarations, e.g. of vprintf,
/// collapse). The headers may differ in their `.version` only (a kernel
/// that needs a newer PTX ISA than the chip's default, such as one that
/// builds TMA tensor maps): the merged module takes the newest, under which
/// the others' PTX is valid too. nullopt when two modules define one symbol
/// differently or the headers differ otherwise.
std::optional<std::string>
mlir::tileir::mergePtxModules(ArrayRef<std::string> parts) {
  if (parts.size() == 1)
    return parts.front();
  std::string out;
  llvm::StringSet<> texts, defined;
  std::optional<std::string> header, rest;
  std::pair<unsigned, unsigned> newest{0, 0};
  SmallVector<PtxModule> modules;
  for (const std::string &part : parts) {
    std::optional<PtxModule> module = parsePtx(part);
    if (!module)
      return std::nullopt;
    auto version = splitPtxVersion(module->header);
    if (!version || (rest && *rest != version->second))
      return std::nullopt;
    rest = version->second;
    if (!header || version->first > newest) {
      newest = version->first;
      header = module->header;
    }
    modules.push_back(std::move(*module));
  }
  out += *header;
  for (const PtxModule &module : modules) {
    for (const PtxModule::Piece &piece : module.pieces) {
      if (!piece.item) {
        out += piece.text;
        continue;
      }
      if (texts.contains(piece.text))
        continue;
      // Declarations (`.extern`, function prototypes) may repeat; a second,
      // different definition of a symbol conflicts.
      StringRef text(piece.text);
      bool declaration = text.starts_with(".extern") ||
                         (text.contains(".func") && !text.contains('{'));
      if (!piece.name.empty() && !declaration &&
          !defined.insert(piece.name).second)
        return std::nullopt;
      texts.insert(piece.text);
      out += piece.text;
    }
  }
  return out;
}

namespace {
/// gpu.module -> PTX: MLIR's NVVM serialization (translation to LLVM IR,
/// libdevice linking, the LLVM optimization pipeline at the target's `O`,
/// NVPTX codegen), with two differences from `NVVMTargetAttr`'s
/// `serializeToObject`: libdevice is loaded only when `linkLibdevice`
/// (loading it lazily still costs more than compiling a small kernel), and
/// the NVPTX codegen runs at `codegenLevel` (ModuleToObject runs it at the
/// IR level; docs/Pipeline.md, "Compile time").
class PtxSerializer : public NVVM::SerializeGPUModuleBase {
public:
  PtxSerializer(gpu::GPUModuleOp module, NVVM::NVVMTargetAttr target,
                const gpu::TargetOptions &options, bool linkLibdevice,
                llvm::CodeGenOptLevel codegenLevel)
      : SerializeGPUModuleBase(*module, target, options),
        linkLibdevice(linkLibdevice), codegenLevel(codegenLevel) {}

protected:
  std::optional<SmallVector<std::unique_ptr<llvm::Module>>>
  loadBitcodeFiles(llvm::Module &module) override {
    if (!linkLibdevice)
      return SmallVector<std::unique_ptr<llvm::Module>>();
    return SerializeGPUModuleBase::loadBitcodeFiles(module);
  }

  FailureOr<SmallVector<char, 0>>
  moduleToObject(llvm::Module &llvmModule) override {
    FailureOr<llvm::TargetMachine *> machine = getOrCreateTargetMachine();
    if (failed(machine))
      return failure();
    // optimizeModule set the machine's level to the IR level.
    (*machine)->setOptLevel(codegenLevel);
    FailureOr<SmallString<0>> ptx = translateModuleToISA(
        llvmModule, **machine, [&] { return getOperation().emitError(); });
    if (failed(ptx))
      return failure();
    return SmallVector<char, 0>(ptx->begin(), ptx->end());
  }

private:
  bool linkLibdevice;
  llvm::CodeGenOptLevel codegenLevel;
};
} // namespace

/// The NVPTX codegen level for the target's IR level `O`: at most Default.
/// Aggressive only swaps the two EarlyCSE runs of the NVPTX IR passes for
/// GVN, which cost ~40% of the codegen time of the multi-kernel examples
/// and changed none of their PTX (docs/Pipeline.md, "Compile time").
static llvm::CodeGenOptLevel codegenLevel(int irLevel) {
  return irLevel >= 2 ? llvm::CodeGenOptLevel::Default
                      : static_cast<llvm::CodeGenOptLevel>(irLevel);
}

/// Serializes every gpu.module of `module` to PTX with its NVVM target, in
/// parallel (the context's thread pool) and in module order.
static FailureOr<SmallVector<std::string>> serializeModules(ModuleOp module) {
  SmallVector<gpu::GPUModuleOp> gpuModules(module.getOps<gpu::GPUModuleOp>());
  std::optional<std::string> toolkit = findCudaToolkit();
  SmallVector<std::string> ptx(gpuModules.size());
  MLIRContext *ctx = module.getContext();
  ParallelDiagnosticHandler diagnostics(ctx);
  LogicalResult result = failableParallelForEachN(
      ctx, 0, gpuModules.size(), [&](size_t i) -> LogicalResult {
        diagnostics.setOrderIDForThread(i);
        llvm::scope_exit clear([&] { diagnostics.eraseOrderIDForThread(); });
        gpu::GPUModuleOp gpuModule = gpuModules[i];
        ArrayAttr targets = gpuModule.getTargetsAttr();
        auto target = targets && targets.size() == 1
                          ? dyn_cast<NVVM::NVVMTargetAttr>(targets[0])
                          : NVVM::NVVMTargetAttr();
        if (!target)
          return gpuModule.emitError()
                 << "expects one NVVM target on the gpu.module, got "
                 << targets;
        // libdevice is parsed and linked only when a kernel calls into it:
        // loading it costs more than compiling a small module.
        bool libdevice = toolkit && callsLibdevice(gpuModule);
        gpu::TargetOptions targetOptions(libdevice ? *toolkit : "", {}, {}, {},
                                         gpu::CompilationTarget::Assembly);
        NVVM::SerializeGPUModuleBase::init();
        PtxSerializer serializer(gpuModule, target, targetOptions, libdevice,
                                 codegenLevel(target.getO()));
        std::optional<SmallVector<char, 0>> object = serializer.run();
        if (!object)
          return gpuModule.emitError() << "could not be compiled to PTX";
        ptx[i] = std::string(object->begin(), object->end());
        // The serialized object may end with a NUL.
        while (!ptx[i].empty() && ptx[i].back() == '\0')
          ptx[i].pop_back();
        return success();
      });
  if (failed(result))
    return failure();
  return ptx;
}

/// Lowers and serializes; with `split`, kernels compile in parallel and
/// their PTX is merged (nullopt result: the PTX could not be merged).
static FailureOr<std::optional<std::string>>
compileModule(ModuleOp module, const CompileOptions &options, bool split) {
  FailureOr<std::vector<KernelInfo>> kernels =
      lowerToNVVM(module, options, split);
  if (failed(kernels))
    return failure();
  SmallVector<gpu::GPUModuleOp> gpuModules(module.getOps<gpu::GPUModuleOp>());
  if (split)
    uniquifyInternalSymbols(gpuModules);
  FailureOr<SmallVector<std::string>> parts = serializeModules(module);
  if (failed(parts))
    return failure();
  if (parts->empty()) {
    module.emitError() << "the module has no kernel to compile";
    return failure();
  }
  std::string ptx;
  if (split) {
    std::optional<std::string> merged = mergePtxModules(*parts);
    if (!merged)
      return std::optional<std::string>();
    ptx = std::move(*merged);
  } else {
    for (const std::string &part : *parts)
      ptx += part;
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
  return std::optional<std::string>(annotate(ptx, *kernels, options.abi));
}

FailureOr<std::string>
mlir::tileir::compileToPTX(ModuleOp module, const CompileOptions &options) {
  InternalErrorReporter internalErrors(module, options.chip);
  // Kernels compile each in a gpu.module of its own, in parallel when the
  // context may use threads (the same PTX either way); their PTX merges
  // into one module. When that merge finds two definitions of one symbol
  // (e.g. a libdevice function kept out of line in two kernels), the input
  // compiles again as one gpu.module.
  //
  // With debug info the kernels compile as one gpu.module: each module's
  // PTX has its own file table and DWARF sections, which do not merge.
  if (options.debugInfo != DebugInfoLevel::None) {
    FailureOr<std::optional<std::string>> ptx =
        compileModule(module, options, /*split=*/false);
    if (failed(ptx))
      return failure();
    return **ptx;
  }
  OwningOpRef<ModuleOp> original = module.clone();
  FailureOr<std::optional<std::string>> ptx =
      compileModule(module, options, /*split=*/true);
  if (failed(ptx))
    return failure();
  if (*ptx)
    return **ptx;
  ptx = compileModule(*original, options, /*split=*/false);
  if (failed(ptx))
    return failure();
  return **ptx;
}

FailureOr<std::string>
mlir::tileir::compileToLLVMIR(ModuleOp module, const CompileOptions &options) {
  InternalErrorReporter internalErrors(module, options.chip);
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

llvm::Expected<std::string>
mlir::tileir::assembleCubin(StringRef ptx, StringRef chip,
                            DebugInfoLevel debugInfo) {
  std::string searched;
  std::optional<std::string> toolkit =
      findInCudaToolkit("bin/ptxas", &searched);
  if (!toolkit)
    return llvm::createStringError(
        "ptxas was not found (looked for " + searched +
        "); install the CUDA toolkit or the nvidia-cuda-nvcc wheel to produce "
        "cubins");
  std::string ptxas = *toolkit + "/bin/ptxas";
  SmallString<128> ptxPath, cubinPath, logPath;
  if (auto ec = llvm::sys::fs::createTemporaryFile("tileir", "ptx", ptxPath))
    return llvm::errorCodeToError(ec);
  if (auto ec =
          llvm::sys::fs::createTemporaryFile("tileir", "cubin", cubinPath))
    return llvm::errorCodeToError(ec);
  if (auto ec = llvm::sys::fs::createTemporaryFile("tileir", "log", logPath))
    return llvm::errorCodeToError(ec);
  llvm::scope_exit cleanup([&] {
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
  SmallVector<StringRef> args = {ptxas, arch, ptxPath, "-o", cubinPath};
  // The cubin keeps the PTX's line tables (-lineinfo) or DWARF (-g,
  // ptxas's device debug, which also turns its optimizations off).
  if (debugInfo == DebugInfoLevel::LineInfo)
    args.push_back("-lineinfo");
  else if (debugInfo == DebugInfoLevel::Full)
    args.push_back("-g");
  std::optional<StringRef> redirects[] = {std::nullopt, StringRef(logPath),
                                          StringRef(logPath)};
  std::string error;
  int rc = llvm::sys::ExecuteAndWait(ptxas, args, std::nullopt, redirects, 0, 0,
                                     &error);
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
