//===- LowerBuffers.cpp - The tirx-lower-buffers pass ---------------------===//
//
// Part of TileIR.
//
//===----------------------------------------------------------------------===//

#include "SharedMemoryPlan.h"
#include "WarpSpecialize.h"
#include "tileir/Dialect/TirX/IR/MemoryTypes.h"
#include "tileir/Dialect/TirX/Transforms/Passes.h"
#include "tileir/Dialect/TirX/Utils/LayoutCodegen.h"
#include "tileir/Layout/BitLayout.h"
#include "tileir/Target/TargetInfo.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/LLVMIR/NVVMDialect.h"
#include "mlir/IR/BuiltinOps.h"

namespace mlir::tirx {
#define GEN_PASS_DEF_TIRXLOWERBUFFERS
#include "tileir/Dialect/TirX/Transforms/Passes.h.inc"
} // namespace mlir::tirx

using namespace mlir;
using namespace mlir::tirx;

/// Shared memory a kernel may declare statically (bytes).
static constexpr int64_t kStaticSharedBytes = 48 * 1024;

/// The storage of a buffer: as many elements as its layout's span on `m`.
static MemRefType storageType(BufferType type) {
  Attribute memorySpace;
  if (type.isShared())
    memorySpace = gpu::AddressSpaceAttr::get(type.getContext(),
                                             gpu::AddressSpace::Workgroup);
  int64_t size = type.getTileLayout().storage().span("m");
  return MemRefType::get({size}, type.getElementType(),
                         MemRefLayoutAttrInterface(), memorySpace);
}

/// The alignment of a shared buffer: 128 bytes (TMA boxes, vector
/// accesses); a buffer with a hardware swizzle is aligned to its swizzle
/// period so that the XOR pattern follows the address bits the hardware
/// swizzles (TMA, wgmma). Other swizzles are applied by the code that
/// addresses the buffer, relative to its start.
static int64_t sharedAlignment(BufferType type) {
  int64_t align = 128;
  unsigned bits = type.getElementType().getIntOrFloatBitWidth();
  if (!type.getLayout().hasHardwareSwizzle())
    return align;
  if (auto swizzle = type.getLayout().getSwizzleFor(bits))
    align = std::max<int64_t>(
        align,
        (int64_t(1) << (swizzle->perElement + swizzle->shift + swizzle->bits)) *
            std::max<unsigned>(1, bits / 8));
  return align;
}

/// Lowers the scope ids to gpu.thread_id / gpu.block_id arithmetic and the
/// barriers to gpu.barrier and NVVM barriers.
static void lowerKernelStructure(gpu::GPUFuncOp func) {
  OpBuilder b(func.getContext());
  SmallVector<Operation *> ops;
  func.walk([&](Operation *op) {
    if (isa<ThreadIdOp, LaneIdOp, WarpIdOp, WarpgroupIdOp, WarpIdInWarpgroupOp,
            CtaIdOp, BarrierOp>(op))
      ops.push_back(op);
  });
  for (Operation *op : ops) {
    b.setInsertionPoint(op);
    Location loc = op->getLoc();
    auto constant = [&](int64_t v) -> Value {
      return arith::ConstantIndexOp::create(b, loc, v);
    };
    auto tid = [&]() -> Value {
      return gpu::ThreadIdOp::create(b, loc, gpu::Dimension::x);
    };
    Value replacement;
    if (isa<ThreadIdOp>(op)) {
      replacement = tid();
    } else if (isa<LaneIdOp>(op)) {
      replacement = arith::RemUIOp::create(b, loc, tid(), constant(32));
    } else if (isa<WarpIdOp>(op)) {
      replacement = arith::DivUIOp::create(b, loc, tid(), constant(32));
    } else if (isa<WarpgroupIdOp>(op)) {
      replacement = arith::DivUIOp::create(b, loc, tid(), constant(128));
    } else if (isa<WarpIdInWarpgroupOp>(op)) {
      Value warp = arith::DivUIOp::create(b, loc, tid(), constant(32));
      replacement = arith::RemUIOp::create(b, loc, warp, constant(4));
    } else if (auto cta = dyn_cast<CtaIdOp>(op)) {
      gpu::Dimension dim = cta.getDimension() == GridDim::X ? gpu::Dimension::x
                           : cta.getDimension() == GridDim::Y
                               ? gpu::Dimension::y
                               : gpu::Dimension::z;
      replacement = gpu::BlockIdOp::create(b, loc, dim);
    } else if (auto barrier = dyn_cast<BarrierOp>(op)) {
      switch (barrier.getScope()) {
      case ExecScope::Warp:
        NVVM::SyncWarpOp::create(b, loc,
                                 arith::ConstantIntOp::create(b, loc, -1, 32));
        break;
      case ExecScope::Warpgroup: {
        // Named barrier 1 + warpgroup index (barrier 0 is the CTA's).
        Value wg = arith::DivUIOp::create(b, loc, tid(), constant(128));
        Value id = arith::AddIOp::create(b, loc, wg, constant(1));
        Value id32 = arith::IndexCastUIOp::create(b, loc, b.getI32Type(), id);
        Value count = arith::ConstantIntOp::create(b, loc, 128, 32);
        NVVM::BarrierOp::create(b, loc, Type(), id32, count,
                                NVVM::BarrierReductionAttr(), Value());
        break;
      }
      case ExecScope::Cluster:
        NVVM::ClusterArriveOp::create(b, loc, UnitAttr());
        NVVM::ClusterWaitOp::create(b, loc, UnitAttr());
        break;
      default:
        gpu::BarrierOp::create(b, loc);
        break;
      }
      op->erase();
      continue;
    }
    op->getResult(0).replaceAllUsesWith(replacement);
    op->erase();
  }
}

/// Lowers each tirx.read to a load from its buffer's storage (the verifier
/// ensures every thread holds the element).
static LogicalResult lowerReads(gpu::GPUFuncOp func) {
  SmallVector<ReadOp> reads;
  func.walk([&](ReadOp op) { reads.push_back(op); });
  OpBuilder b(func.getContext());
  for (ReadOp read : reads) {
    b.setInsertionPoint(read);
    Location loc = read.getLoc();
    BufferType type = read.getSource().getType();
    FailureOr<::tileir::layout::BitLayout> bits =
        ::tileir::layout::BitLayout::get(type.getTileLayout());
    if (failed(bits))
      return read.emitOpError()
             << "expects a power-of-two layout, got " << type.getLayout();
    Value flat = arith::ConstantIndexOp::create(b, loc, 0);
    int64_t stride = 1;
    for (int64_t d = type.getShape().size() - 1; d >= 0; --d) {
      Value term =
          arith::MulIOp::create(b, loc, read.getIndices()[d],
                                arith::ConstantIndexOp::create(b, loc, stride));
      flat = arith::AddIOp::create(b, loc, flat, term);
      stride *= type.getShape()[d];
    }
    Value offset = emitStorageOffset(b, loc, *bits, flat);
    Value storage = getStorage(b, loc, read.getSource());
    read.getResult().replaceAllUsesWith(
        memref::LoadOp::create(b, loc, storage, offset).getResult());
    read.erase();
  }
  return success();
}

/// The storage of `buffer` as seen from `b`'s insertion point: a cast of
/// its root buffer (resolved with the allocations below), or for a buffer
/// chosen at run time (`arith.select` of buffers: the stage of a pipelined
/// K loop) the select of its operands' storages.
static Value selectedStorage(OpBuilder &b, Location loc, Value buffer,
                             MemRefType type) {
  Value root = viewRoot(buffer);
  if (auto select = root.getDefiningOp<arith::SelectOp>())
    return arith::SelectOp::create(
        b, loc, select.getCondition(),
        selectedStorage(b, loc, select.getTrueValue(), type),
        selectedStorage(b, loc, select.getFalseValue(), type));
  return UnrealizedConversionCastOp::create(b, loc, type, root).getResult(0);
}

/// Rewrites the storage casts of selected buffers (see selectedStorage)
/// into selects of their operands' storage casts.
static void lowerSelectedBuffers(gpu::GPUFuncOp func) {
  SmallVector<UnrealizedConversionCastOp> casts;
  func.walk([&](UnrealizedConversionCastOp cast) {
    if (cast.getNumOperands() == 1 && cast.getNumResults() == 1 &&
        isa<MemRefType>(cast.getResult(0).getType()) &&
        cast.getOperand(0).getDefiningOp<arith::SelectOp>())
      casts.push_back(cast);
  });
  OpBuilder b(func.getContext());
  for (UnrealizedConversionCastOp cast : casts) {
    b.setInsertionPoint(cast);
    cast.getResult(0).replaceAllUsesWith(
        selectedStorage(b, cast.getLoc(), cast.getOperand(0),
                        llvm::cast<MemRefType>(cast.getResult(0).getType())));
    cast.erase();
  }
}

/// The target of `func`'s module (its `#nvvm.target`), or nullopt when the
/// module names no known chip.
static std::optional<::tileir::TargetInfo> targetOf(gpu::GPUFuncOp func) {
  auto module = func->getParentOfType<gpu::GPUModuleOp>();
  ArrayAttr targets = module ? module.getTargetsAttr() : ArrayAttr();
  auto nvvm = targets && !targets.empty()
                  ? dyn_cast<NVVM::NVVMTargetAttr>(targets[0])
                  : NVVM::NVVMTargetAttr();
  if (!nvvm)
    return std::nullopt;
  auto target = ::tileir::TargetInfo::get(nvvm.getChip());
  if (!target) {
    llvm::consumeError(target.takeError());
    return std::nullopt;
  }
  return *target;
}

/// Checks `bytes` of shared memory against the chip's per-CTA limit; with
/// `allStatic` (the tile ABI) against what a kernel may declare statically.
static LogicalResult checkSharedLimit(gpu::GPUFuncOp func, int64_t bytes,
                                      bool allStatic) {
  std::optional<::tileir::TargetInfo> target = targetOf(func);
  if (!target)
    return success();
  if (bytes > target->getMaxSharedMemoryPerCta())
    return func.emitOpError()
           << "needs " << bytes << " bytes of shared memory, more than the "
           << target->getMaxSharedMemoryPerCta() << " a CTA may use on "
           << target->getChip();
  if (!allStatic || bytes <= target->getMaxStaticSharedMemoryPerCta())
    return success();
  InFlightDiagnostic diag =
      func.emitOpError()
      << "needs " << bytes
      << " bytes of shared memory, all static with the tile launch ABI, more "
         "than the "
      << target->getMaxStaticSharedMemoryPerCta()
      << " a kernel may declare statically on " << target->getChip();
  if (target->getSmVersion() >= 90 && !target->hasArchSpecificFeatures())
    diag << " (" << target->getChip() << "a allows "
         << target->getMaxSharedMemoryPerCta() << ")";
  return diag;
}

/// One static `i8` workgroup attribution holds all the shared memory of
/// `func`: the workgroup attributions it has already
/// (placed first, at their alignment) and the shared buffers, at
/// their `plan` offsets after them. Fills `storages` with a `memref.view` per
/// shared buffer.
static LogicalResult
placeStaticShared(gpu::GPUFuncOp func, ArrayRef<AllocOp> allocs,
                  const SharedPlan &plan,
                  llvm::DenseMap<Operation *, Value> &storages) {
  int64_t maxAlign = plan.maxAlign;
  // The attributions made before (e.g. one-element broadcast slots).
  SmallVector<int64_t> earlierOffset;
  int64_t earlierBytes = 0;
  for (auto [index, arg] : llvm::enumerate(func.getWorkgroupAttributions())) {
    auto type = cast<MemRefType>(arg.getType());
    if (!type.hasStaticShape() || !type.getLayout().isIdentity() ||
        !type.getElementType().isIntOrFloat())
      return func.emitOpError()
             << "expects workgroup attributions of static shape and integer "
                "or float elements, got "
             << type;
    int64_t align = 16;
    if (auto attr =
            dyn_cast_or_null<IntegerAttr>(func.getWorkgroupAttributionAttr(
                index, LLVM::LLVMDialect::getAlignAttrName())))
      align = std::max(align, attr.getInt());
    maxAlign = std::max(maxAlign, align);
    earlierBytes = llvm::alignTo(earlierBytes, align);
    earlierOffset.push_back(earlierBytes);
    earlierBytes += type.getNumElements() *
                    std::max<int64_t>(1, type.getElementTypeBitWidth() / 8);
  }
  int64_t bufferBase = llvm::alignTo(earlierBytes, maxAlign);
  int64_t total = bufferBase + plan.bytes;
  if (total == 0)
    return success();
  if (failed(checkSharedLimit(func, total, /*allStatic=*/true)))
    return failure();

  MLIRContext *ctx = func.getContext();
  OpBuilder b(ctx);
  Location loc = func.getLoc();
  auto workgroup =
      gpu::AddressSpaceAttr::get(ctx, gpu::AddressSpace::Workgroup);
  unsigned numEarlier = func.getNumWorkgroupAttributions();
  Value array = func.addWorkgroupAttribution(
      MemRefType::get({total}, b.getI8Type(), MemRefLayoutAttrInterface(),
                      workgroup),
      loc);
  b.setInsertionPointToStart(&func.getBody().front());
  auto view = [&](MemRefType type, int64_t offset) -> Value {
    return memref::ViewOp::create(
        b, loc, type, array, arith::ConstantIndexOp::create(b, loc, offset),
        ValueRange{});
  };
  for (unsigned i = 0; i < numEarlier; ++i) {
    BlockArgument arg = func.getWorkgroupAttributions()[i];
    arg.replaceAllUsesWith(
        view(cast<MemRefType>(arg.getType()), earlierOffset[i]));
  }
  for (AllocOp alloc : allocs)
    if (alloc.getResult().getType().isShared())
      storages[alloc] = view(storageType(alloc.getResult().getType()),
                             bufferBase + plan.offset.lookup(alloc));
  // Drop the earlier attributions: the array is the only one left.
  if (numEarlier) {
    unsigned first = func.getFirstWorkgroupAttributionIndex();
    for (unsigned i = numEarlier; i-- > 0;)
      func.getBody().front().eraseArgument(first + i);
    func->setAttr(func.getNumWorkgroupAttributionsAttrName(),
                  b.getI64IntegerAttr(1));
    func.setWorkgroupAttribAttrsAttr(ArrayAttr());
  }
  func.setWorkgroupAttributionAttr(0, LLVM::LLVMDialect::getAlignAttrName(),
                                   b.getI64IntegerAttr(maxAlign));
  return success();
}

static LogicalResult lowerFunction(gpu::GPUFuncOp func, LaunchABI abi) {
  lowerKernelStructure(func);
  if (failed(lowerReads(func)))
    return failure();
  lowerSelectedBuffers(func);
  // The kernel ABI fixes the CTA size with `.reqntid`; upstream turns
  // known_block_size into `.maxntid`, which ptxas rejects next to it. The
  // dispatch that needed known_block_size is done.
  if (func->hasAttr(NVVM::NVVMDialect::getReqntidAttrName()))
    func.removeKnownBlockSizeAttr();
  OpBuilder b(func.getContext());
  SmallVector<AllocOp> allocs;
  func.walk([&](AllocOp op) { allocs.push_back(op); });
  // Shared buffers: byte offsets in one block (buffers that are never live
  // at once share bytes, SharedMemoryPlan.h). The block is one static `i8`
  // array (placeStaticShared) with the tile ABI, and with the explicit ABI
  // while it fits the 48 KiB a kernel may declare statically; beyond that,
  // dynamic shared memory (the launch passes the size and opts in, see
  // `tileir.dynamic_smem`).
  SmallVector<SharedBuffer> shared;
  for (AllocOp alloc : allocs) {
    BufferType type = alloc.getResult().getType();
    if (!type.isShared())
      continue;
    shared.push_back({alloc,
                      storageType(type).getNumElements() *
                          getMemoryBytes(type.getElementType()),
                      sharedAlignment(type)});
  }
  SharedPlan plan = planSharedMemory(func, shared);
  Value dynamicBase, dynamicPad;
  llvm::DenseMap<Operation *, Value> staticStorage;
  if (abi == LaunchABI::Tile || plan.bytes <= kStaticSharedBytes) {
    if (failed(placeStaticShared(func, allocs, plan, staticStorage)))
      return failure();
  } else {
    // The opt-in limit of the module's target chip.
    if (failed(checkSharedLimit(func, plan.bytes + plan.maxAlign - 16,
                                /*allStatic=*/false)))
      return failure();
    // The extern block is 16-byte aligned: its start is rounded up to the
    // largest buffer alignment at run time (the size covers the padding).
    Location loc = func.getLoc();
    b.setInsertionPointToStart(&func.getBody().front());
    auto bytes = MemRefType::get(
        {ShapedType::kDynamic}, b.getI8Type(), MemRefLayoutAttrInterface(),
        gpu::AddressSpaceAttr::get(func.getContext(),
                                   gpu::AddressSpace::Workgroup));
    dynamicBase = gpu::DynamicSharedMemoryOp::create(b, loc, bytes);
    Value ptr =
        memref::ExtractAlignedPointerAsIndexOp::create(b, loc, dynamicBase);
    Value alignV = arith::ConstantIndexOp::create(b, loc, plan.maxAlign);
    Value rem = arith::RemUIOp::create(b, loc, ptr, alignV);
    dynamicPad = arith::RemUIOp::create(
        b, loc, arith::SubIOp::create(b, loc, alignV, rem), alignV);
    func->setAttr(kDynamicSharedAttr,
                  b.getI64IntegerAttr(plan.bytes + plan.maxAlign - 16));
  }
  for (AllocOp alloc : allocs) {
    BufferType type = alloc.getResult().getType();
    MemRefType memrefType = storageType(type);
    Value storage;
    if (type.isShared() && !dynamicBase) {
      storage = staticStorage.lookup(alloc);
    } else if (type.isShared()) {
      b.setInsertionPointAfterValue(dynamicPad);
      Location loc = alloc.getLoc();
      Value shift = arith::AddIOp::create(
          b, loc, dynamicPad,
          arith::ConstantIndexOp::create(b, loc, plan.offset.lookup(alloc)));
      storage = memref::ViewOp::create(b, loc, memrefType, dynamicBase, shift,
                                       ValueRange{});
    } else {
      b.setInsertionPointToStart(&func.getBody().front());
      storage = memref::AllocaOp::create(b, alloc.getLoc(), memrefType);
    }
    // Storage accesses reach the allocation through casts (see getStorage);
    // views of it have no other users once dispatch is done.
    SmallVector<Operation *> users(alloc->getUsers());
    for (Operation *user : users) {
      auto cast = dyn_cast<UnrealizedConversionCastOp>(user);
      if (cast && cast.getNumResults() == 1 &&
          cast.getResult(0).getType() == memrefType) {
        cast.getResult(0).replaceAllUsesWith(storage);
        cast.erase();
      }
    }
  }
  // Erase the buffer ops, users first.
  SmallVector<Operation *> bufferOps;
  func.walk([&](Operation *op) {
    if (isa<AllocOp, ViewOp, RegionOp, GlobalViewOp>(op) ||
        (isa<arith::SelectOp>(op) &&
         isa<BufferType>(op->getResult(0).getType())))
      bufferOps.push_back(op);
  });
  for (Operation *op : llvm::reverse(bufferOps)) {
    if (!op->use_empty()) {
      Operation *user = *op->getUsers().begin();
      return user->emitOpError() << "still uses a tirx buffer after dispatch";
    }
    op->erase();
  }
  if (failed(lowerWarpSpecialize(func)))
    return failure();
  WalkResult left = func.walk([](Operation *op) {
    if (op->getDialect() && isa<TirXDialect>(op->getDialect())) {
      op->emitOpError() << "is left after tirx-lower-buffers";
      return WalkResult::interrupt();
    }
    return WalkResult::advance();
  });
  return failure(left.wasInterrupted());
}

namespace {
struct TirXLowerBuffersPass
    : tirx::impl::TirXLowerBuffersBase<TirXLowerBuffersPass> {
  using Base::Base;
  void runOnOperation() override {
    for (auto func : getOperation().getOps<gpu::GPUFuncOp>())
      if (failed(lowerFunction(func, launchAbi)))
        return signalPassFailure();
  }
};
} // namespace
