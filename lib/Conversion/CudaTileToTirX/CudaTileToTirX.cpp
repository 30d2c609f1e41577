//===- CudaTileToTirX.cpp - cuda_tile to tirx -----------------------------===//
//
// Part of TileIR. Lowers each cuda_tile entry to a gpu.func whose body uses
// tirx primitives on buffers with assigned layouts.
//
// The lowering walks each kernel body in order with one lowering method per
// op (`lower(XOp)`), grouped in families (EntryLowering.h), because a tile
// lowers to one of three things that the 1:1 type conversion framework does not
// distinguish by type: a scalar (rank-0 tiles and tiles with the same value
// everywhere), a register buffer with a layout chosen from its producer and the
// kernel's CTA size, or nothing (tokens, views).
//
//===----------------------------------------------------------------------===//

#include "tileir/Conversion/Passes.h"

#include "EntryLowering.h"

#include "tileir/Conversion/CudaTileToTirX/LayoutAssignment.h"
#include "tileir/Dialect/CudaTile/IR/CudaTile.h"
#include "tileir/Dialect/CudaTile/IR/KernelInfo.h"
#include "tileir/Target/TargetInfo.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/ControlFlow/IR/ControlFlow.h"
#include "mlir/Dialect/GPU/IR/GPUDialect.h"
#include "mlir/Dialect/LLVMIR/NVVMDialect.h"
#include "mlir/Dialect/Math/IR/Math.h"
#include "mlir/Dialect/MemRef/IR/MemRef.h"
#include "mlir/Dialect/SCF/IR/SCF.h"
#include "mlir/IR/Builders.h"
#include "mlir/IR/IRMapping.h"
#include "mlir/IR/Matchers.h"
#include "llvm/ADT/TypeSwitch.h"
#include "llvm/Support/MathExtras.h"

#include <limits>

namespace mlir::tileir {
#define GEN_PASS_DEF_CONVERTCUDATILETOTIRX
#include "tileir/Conversion/Passes.h.inc"
} // namespace mlir::tileir

using namespace mlir;
using namespace mlir::tileir;
using ::tileir::layout::Iter;
using ::tileir::layout::TileLayout;

//===----------------------------------------------------------------------===//
// Values
//===----------------------------------------------------------------------===//

Type EntryLowering::lowerElement(Type elem) {
  if (isa<ct::PointerType>(elem))
    return b.getI64Type();
  return elem;
}

Value EntryLowering::alloc(ArrayRef<int64_t> shape, Type elem,
                           const TileLayout &layout, Location loc) {
  auto type =
      tirx::BufferType::get(b.getContext(), shape, elem, tirx::MemScope::Local,
                            tirx::LayoutAttr::get(b.getContext(), layout));
  return tirx::AllocOp::create(b, loc, type);
}

Value EntryLowering::allocBlocked(ct::TileType type, Location loc) {
  return alloc(type.getShape(), lowerElement(type.getElementType()),
               planner.getBlocked(type.getShape()), loc);
}

Value EntryLowering::getBuffer(Value v, Location loc) {
  Value lowered = get(v);
  if (isa<tirx::BufferType>(lowered.getType()))
    return lowered;
  auto type = cast<ct::TileType>(v.getType());
  Value buffer = allocBlocked(type, loc);
  Value scalar = lowered;
  if (isa<LLVM::LLVMPointerType>(scalar.getType()))
    scalar = LLVM::PtrToIntOp::create(b, loc, b.getI64Type(), scalar);
  tirx::FillOp::create(b, loc, buffer, scalar, cta(), nullptr, nullptr);
  return buffer;
}

Value EntryLowering::toIndex(Value scalar, Location loc) {
  if (scalar.getType().isIndex())
    return scalar;
  return arith::IndexCastOp::create(b, loc, b.getIndexType(), scalar);
}

Value EntryLowering::toIndex(Value scalar, int64_t divisor, Location loc) {
  Value index = toIndex(scalar, loc);
  if (divisor <= 1)
    return index;
  Value k = arith::ConstantIndexOp::create(b, loc, llvm::Log2_64(divisor));
  return arith::ShLIOp::create(b, loc, arith::ShRUIOp::create(b, loc, index, k),
                               k);
}

void EntryLowering::syncAfterStores(Value token, Location loc) {
  if (token && isAfterStore(token))
    gpu::BarrierOp::create(b, loc);
}

//===----------------------------------------------------------------------===//
// Ops
//===----------------------------------------------------------------------===//

LogicalResult EntryLowering::run() {
  for (auto [arg, newArg] :
       llvm::zip(entry.getBody().front().getArguments(), func.getArguments()))
    map(arg, newArg);
  b.setInsertionPointToEnd(&func.getBody().front());
  entry.walk([&](ct::AssumeOp op) {
    assumptions[op.getResult()] = op.getPredicate();
  });
  affineFacts.analyze(entry);
  if (failed(allocateScratch()) || failed(lowerOps(entry.getBody().front())))
    return failure();
  return freeScratch();
}

LogicalResult EntryLowering::lowerOps(Block &block) {
  return lowerOps(block.begin(), block.end());
}

LogicalResult EntryLowering::lowerOps(Block::iterator begin,
                                      Block::iterator end) {
  // Every op is lowered at the same place (before `anchor`, or at the end
  // of `dest`), whatever insertion point the previous op's lowering left.
  Block *dest = b.getInsertionBlock();
  Operation *anchor =
      b.getInsertionPoint() == dest->end() ? nullptr : &*b.getInsertionPoint();
  for (Operation &op : llvm::make_range(begin, end)) {
    if (anchor)
      b.setInsertionPoint(anchor);
    else
      b.setInsertionPointToEnd(dest);
    if (failed(lower(&op)))
      return failure();
    affineFacts.lowered(&op);
    if (sequenceDone) {
      sequenceDone = false;
      break;
    }
  }
  return success();
}

LogicalResult EntryLowering::lower(Operation *op) {
  using Family = std::optional<LogicalResult> (EntryLowering::*)(Operation *);
  for (Family family :
       {&EntryLowering::lowerMmaOp, &EntryLowering::lowerCoreOp,
        &EntryLowering::lowerElementwiseOp, &EntryLowering::lowerMemoryOp,
        &EntryLowering::lowerStructureOp, &EntryLowering::lowerReductionOp,
        &EntryLowering::lowerAtomicOp, &EntryLowering::lowerDebugOp,
        &EntryLowering::lowerControlFlowOp, &EntryLowering::lowerPackOp})
    if (std::optional<LogicalResult> result = (this->*family)(op))
      return *result;
  return fail(op, "is not supported by convert-cuda-tile-to-tirx yet");
}

std::optional<LogicalResult> EntryLowering::lowerCoreOp(Operation *op) {
  return llvm::TypeSwitch<Operation *, std::optional<LogicalResult>>(op)
      .Case<ct::ConstantOp, ct::GetTileBlockIdOp, ct::GetNumTileBlocksOp>(
          [&](auto o) -> LogicalResult { return lower(o); })
      .Default([](Operation *) { return std::nullopt; });
}

LogicalResult EntryLowering::lower(ct::ConstantOp op) {
  auto value = dyn_cast<DenseElementsAttr>(op.getValue());
  if (!value)
    return fail(op, "expects dense values");
  if (!value.isSplat())
    return lowerDenseConstant(op, value);
  TypedAttr scalar = value.getSplatValue<TypedAttr>();
  map(op.getResult(), arith::ConstantOp::create(b, op.getLoc(), scalar));
  return success();
}

/// The three i32 results of a grid query, from the gpu op `QueryOp`.
template <typename QueryOp>
static void lowerGridQuery(OpBuilder &b, Operation *op, IRMapping &mapping) {
  gpu::Dimension dims[] = {gpu::Dimension::x, gpu::Dimension::y,
                           gpu::Dimension::z};
  for (auto [i, dim] : llvm::enumerate(dims)) {
    Value v = QueryOp::create(b, op->getLoc(), dim);
    mapping.map(op->getResult(i), arith::IndexCastUIOp::create(
                                      b, op->getLoc(), b.getI32Type(), v));
  }
}

LogicalResult EntryLowering::lower(ct::GetTileBlockIdOp op) {
  lowerGridQuery<gpu::BlockIdOp>(b, op, mapping);
  return success();
}

LogicalResult EntryLowering::lower(ct::GetNumTileBlocksOp op) {
  lowerGridQuery<gpu::GridDimOp>(b, op, mapping);
  return success();
}

//===----------------------------------------------------------------------===//
// The pass
//===----------------------------------------------------------------------===//

/// The kernel parameter type of an entry argument, or null.
static Type lowerArgument(Type type) {
  auto tile = dyn_cast<ct::TileType>(type);
  if (!tile || tile.getRank() != 0)
    return {};
  Type elem = tile.getElementType();
  if (isa<ct::PointerType>(elem))
    return LLVM::LLVMPointerType::get(type.getContext(), 1);
  if (elem.isIntOrFloat())
    return elem;
  return {};
}

/// The element type a `tile<ptr<T>>` kernel argument points to, as the
/// `elems=` of the `tileir.kernel` line names it (the type in lower case:
/// "f32", "bf16", "i8", "f8e4m3fn"), or "" for any other argument.
static std::string pointeeName(Type type) {
  auto tile = dyn_cast<ct::TileType>(type);
  auto pointer =
      tile ? dyn_cast<ct::PointerType>(tile.getElementType()) : nullptr;
  if (!pointer)
    return "";
  std::string name;
  llvm::raw_string_ostream os(name);
  pointer.getPointeeType().print(os);
  return llvm::StringRef(name).lower();
}

/// Whether the kernel reads the memory a pointer argument points to as a
/// dense row-major array: every use (through `assume`) is a
/// `make_tensor_view` whose static strides are the row-major strides of its
/// shape (only the outermost size may be dynamic), and there is at least one
/// such view of rank 1 or more. A launcher then needs contiguous memory.
static bool readsDenseMemory(Value pointer) {
  bool constrained = false;
  SmallVector<Value> worklist{pointer};
  while (!worklist.empty()) {
    Value value = worklist.pop_back_val();
    for (Operation *user : value.getUsers()) {
      if (auto assume = dyn_cast<ct::AssumeOp>(user)) {
        worklist.push_back(assume.getResult());
        continue;
      }
      auto view = dyn_cast<ct::MakeTensorViewOp>(user);
      if (!view)
        return false;
      auto type = cast<ct::TensorViewType>(view.getResult().getType());
      ArrayRef<int64_t> shape = type.getShape(), strides = type.getStrides();
      int64_t expected = 1;
      for (int64_t i = type.getRank() - 1; i >= 0; --i) {
        if (strides[i] != expected)
          return false;
        if (i == 0)
          break;
        if (shape[i] == ct::TensorViewType::kDynamic)
          return false;
        expected *= shape[i];
      }
      constrained |= type.getRank() > 0;
    }
  }
  return constrained;
}

/// The most elements of one tile a thread may hold (docs/Conversion.md,
/// "Limits"): a 1024 x 1024 f32 tile over 128 threads is 8192 and compiles
/// in seconds; compile time and memory grow with it.
static constexpr int64_t kMaxElementsPerThread = 16384;

/// The most elements of one tile result in `entry`.
static int64_t largestTile(ct::EntryOp entry) {
  int64_t largest = 0;
  entry.walk([&](Operation *op) {
    for (Type type : op->getResultTypes())
      if (auto tile = dyn_cast<cuda_tile::TileType>(type))
        largest = std::max(largest, tile.getNumElements());
  });
  return largest;
}

namespace {
struct ConvertCudaTileToTirXPass
    : mlir::tileir::impl::ConvertCudaTileToTirXBase<ConvertCudaTileToTirXPass> {
  using Base::Base;

  void runOnOperation() override {
    ModuleOp top = getOperation();
    MLIRContext *ctx = &getContext();
    SmallVector<ct::ModuleOp> modules(top.getOps<ct::ModuleOp>());
    auto target = ::tileir::TargetInfo::get(chip, ptxVersion);
    if (!target) {
      // Reported at the kernels' module, without printing the whole IR.
      Location loc = modules.empty() ? top.getLoc() : modules.front().getLoc();
      mlir::emitError(loc) << llvm::toString(target.takeError());
      return signalPassFailure();
    }
    if (modules.empty() && !top->hasAttr("gpu.container_module")) {
      mlir::emitError(top.getLoc()) << "no cuda_tile.module in input";
      return signalPassFailure();
    }
    top->setAttr(gpu::GPUDialect::getContainerModuleAttrName(),
                 UnitAttr::get(ctx));
    // Before lowering: the ops the lowering creates copy the locations.
    if (!modules.empty())
      convertDebugScopes(top, debugEmissionKind);
    for (ct::ModuleOp tileModule : modules) {
      OpBuilder b(tileModule);
      NVVM::NVVMTargetAttr nvvmTarget = target->getNvvmTarget(ctx);
      auto gpuModule = gpu::GPUModuleOp::create(b, tileModule.getLoc(),
                                                tileModule.getSymName(),
                                                b.getArrayAttr({nvvmTarget}));
      for (Operation &op : *tileModule.getBody()) {
        if (auto global = dyn_cast<ct::GlobalOp>(&op)) {
          if (failed(convertGlobal(global, gpuModule)))
            return signalPassFailure();
          continue;
        }
        auto entry = dyn_cast<ct::EntryOp>(&op);
        if (!entry) {
          op.emitOpError() << "is not supported inside a module by "
                              "convert-cuda-tile-to-tirx yet";
          return signalPassFailure();
        }
        if (failed(convertEntry(entry, gpuModule, *target)))
          return signalPassFailure();
      }
      // tensormap.replace (device-built TMA tensor maps) needs PTX ISA 8.3:
      // a module whose kernels build tensor maps takes at least that one
      // (the K loops use them only where the target allows it).
      bool tensorMaps =
          gpuModule
              .walk([](tirx::TensorMapsOp) { return WalkResult::interrupt(); })
              .wasInterrupted();
      unsigned needed = tirx::TensorMapsOp::kMinPtxVersion;
      if (tensorMaps && target->getPtxVersion() < needed)
        gpuModule.setTargetsAttr(
            b.getArrayAttr({target->withPtx(needed).getNvvmTarget(ctx)}));
      tileModule.erase();
    }
  }

  /// A cuda_tile.global becomes an llvm.mlir.global in global memory
  /// (address space 1) holding its dense value; get_global takes its
  /// address.
  LogicalResult convertGlobal(ct::GlobalOp global, gpu::GPUModuleOp gpuModule) {
    DenseIntOrFPElementsAttr value = global.getValue();
    auto valueType = cast<ShapedType>(value.getType());
    Type elem = valueType.getElementType();
    if (!isStorableInGlobal(elem))
      return global.emitOpError()
             << "expects an element type of whole bytes to store in a global "
                "(i8..i64, f8E4M3FN, f8E5M2, f16, bf16, f32, f64), got "
             << elem;
    uint64_t alignment =
        global.getAlignmentAttr() ? global.getAlignmentAttr().getInt() : 0;
    alignment = std::max<uint64_t>(
        alignment, std::max<uint64_t>(1, elem.getIntOrFloatBitWidth() / 8));
    auto linkage = global.getSymbolVisibility() == ct::SymbolVisibility::Private
                       ? LLVM::Linkage::Internal
                       : LLVM::Linkage::External;
    OpBuilder b = OpBuilder::atBlockBegin(gpuModule.getBody());
    createDenseGlobal(b, global.getLoc(), global.getSymName(), value,
                      global.getConstant(), linkage, alignment);
    return success();
  }

  LogicalResult convertEntry(ct::EntryOp entry, gpu::GPUModuleOp gpuModule,
                             const ::tileir::TargetInfo &target) {
    MLIRContext *ctx = &getContext();
    SmallVector<Type> params;
    SmallVector<Attribute> abi, pointees;
    SmallVector<int64_t> dense;
    for (auto [i, type] : llvm::enumerate(entry.getArgumentTypes())) {
      Type param = lowerArgument(type);
      if (!param)
        return entry.emitOpError()
               << "argument #" << i << " of type " << type
               << " is not supported as a kernel parameter (expects a "
                  "rank-0 tile of a number or a pointer)";
      params.push_back(param);
      abi.push_back(StringAttr::get(ctx, ::tileir::getAbiKind(param)));
      pointees.push_back(StringAttr::get(ctx, pointeeName(type)));
      if (isa<LLVM::LLVMPointerType>(param) &&
          readsDenseMemory(entry.getBody().front().getArgument(i)))
        dense.push_back(i);
    }
    // The CTA size: a num_worker_warps_per_cta hint, else the option, else
    // the planner's choice from the tile sizes, made smaller where the
    // kernel's tensor-core products want fewer warpgroups (unless a tile
    // would then hold more elements per thread than the limit below).
    int64_t warps = ct::getEntryIntHint(entry, target.getChip(),
                                        "num_worker_warps_per_cta");
    LayoutPlanner planner(entry, warps ? warps * 32 : numThreads);
    if (!warps && !numThreads)
      if (int64_t mma = mmaCtaThreads(entry, target);
          mma && mma < planner.getCtaThreads() &&
          largestTile(entry) / mma <= kMaxElementsPerThread)
        planner = LayoutPlanner(entry, mma);
    int64_t threads = planner.getCtaThreads();
    planMmaLayouts(entry, planner, target);
    if (threads > target.getMaxThreadsPerCta() || !llvm::isPowerOf2_64(threads))
      return entry.emitOpError()
             << "expects a power-of-two CTA size of at "
                "most "
             << target.getMaxThreadsPerCta() << ", got " << threads;
    // Tiles live in registers, every element unrolled: a tile far beyond
    // what registers (and local memory) hold would take minutes and
    // gigabytes to compile into a kernel that spills it all. Rejected early.
    WalkResult tooLarge = entry.walk([&](Operation *op) {
      for (Value result : op->getResults()) {
        auto tile = dyn_cast<cuda_tile::TileType>(result.getType());
        if (!tile || tile.getNumElements() / threads <= kMaxElementsPerThread)
          continue;
        op->emitOpError()
            << "result " << tile << " holds " << tile.getNumElements() / threads
            << " elements per thread of the " << threads
            << "-thread CTA; TileIR keeps tiles in registers and supports at "
               "most "
            << kMaxElementsPerThread
            << " per thread (use smaller tiles and a loop over them)";
        return WalkResult::interrupt();
      }
      return WalkResult::advance();
    });
    if (tooLarge.wasInterrupted())
      return failure();
    OpBuilder b = OpBuilder::atBlockEnd(gpuModule.getBody());
    auto func = gpu::GPUFuncOp::create(b, entry.getLoc(), entry.getSymName(),
                                       FunctionType::get(ctx, params, {}));
    func->setAttr(gpu::GPUDialect::getKernelFuncAttrName(), UnitAttr::get(ctx));
    int32_t block[] = {static_cast<int32_t>(threads), 1, 1};
    func.setKnownBlockSizeAttr(DenseI32ArrayAttr::get(ctx, block));
    func->setAttr(NVVM::NVVMDialect::getReqntidAttrName(),
                  DenseI32ArrayAttr::get(ctx, block));
    // `occupancy` N: at least N CTAs per SM (`.minnctapersm N`); ptxas
    // then limits the registers per thread to fit them. Values outside the
    // verifier's [1, 32] are ignored, as hints may be, and N is lowered
    // where that limit would not hold the tensor-core accumulators and
    // kAccumulatorReserve registers besides (ptxas then fails on the
    // instruction that holds them, C7600/C7602).
    if (int64_t occupancy =
            ct::getEntryIntHint(entry, target.getChip(), "occupancy");
        occupancy >= 1 && occupancy <= 32) {
      int64_t need = mmaAccumulatorRegisters(entry, threads);
      if (need)
        occupancy =
            std::clamp<int64_t>(target.getRegistersPerSm() /
                                    (threads * (need + kAccumulatorReserve)),
                                1, occupancy);
      func->setAttr(NVVM::NVVMDialect::getMinctasmAttrName(),
                    b.getI32IntegerAttr(occupancy));
    }
    func->setAttr("tileir.abi", ArrayAttr::get(ctx, abi));
    func->setAttr("tileir.pointee", ArrayAttr::get(ctx, pointees));
    func->setAttr("tileir.dense", DenseI64ArrayAttr::get(ctx, dense));
    func->setAttr(
        "tileir.pointer_align",
        IntegerAttr::get(IntegerType::get(ctx, 64), pointerAlignment));
    // gpu.func comes with an entry block; lowering appends to it.
    func.getBody().front().getOperations().clear();
    EntryLowering lowering(entry, func, planner, pointerAlignment);
    lowering.target = &target;
    lowering.rollWgmma = rollWgmma;
    lowering.tmaLoads = tmaLoads;
    lowering.warpSpecialize = warpSpecialize;
    return lowering.run();
  }
};
} // namespace
