//===- LowerBuffers.cpp - The tirx-lower-buffers pass ---------------------===//
//
// Part of TileIR.
//
//===----------------------------------------------------------------------===//

#include "tileir/Dialect/TirX/Transforms/Passes.h"

#include "tileir/Dispatch/LayoutCodegen.h"

#include "mlir/Dialect/LLVMIR/NVVMDialect.h"
#include "mlir/IR/BuiltinOps.h"

namespace mlir::tirx {
#define GEN_PASS_DEF_TIRXLOWERBUFFERS
#include "tileir/Dialect/TirX/Transforms/Passes.h.inc"
} // namespace mlir::tirx

using namespace mlir;
using namespace mlir::tirx;

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
    FailureOr<::tileir::dispatch::BitLayout> bits =
        ::tileir::dispatch::BitLayout::get(type.getTileLayout());
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
    Value offset = ::tileir::dispatch::emitStorageOffset(b, loc, *bits, flat);
    Value storage = ::tileir::dispatch::getStorage(b, loc, read.getSource());
    read.getResult().replaceAllUsesWith(
        memref::LoadOp::create(b, loc, storage, offset).getResult());
    read.erase();
  }
  return success();
}

static LogicalResult lowerFunction(gpu::GPUFuncOp func) {
  lowerKernelStructure(func);
  if (failed(lowerReads(func)))
    return failure();
  // The kernel ABI fixes the CTA size with `.reqntid`; upstream turns
  // known_block_size into `.maxntid`, which ptxas rejects next to it. The
  // dispatch that needed known_block_size is done.
  if (func->hasAttr(NVVM::NVVMDialect::getReqntidAttrName()))
    func.removeKnownBlockSizeAttr();
  OpBuilder b(func.getContext());
  SmallVector<AllocOp> allocs;
  func.walk([&](AllocOp op) { allocs.push_back(op); });
  for (AllocOp alloc : allocs) {
    BufferType type = alloc.getResult().getType();
    MemRefType memrefType = storageType(type);
    Value storage;
    if (type.isShared()) {
      storage = func.addWorkgroupAttribution(memrefType, alloc.getLoc());
      // 128-byte alignment (TMA boxes, vector accesses); a swizzled buffer
      // is aligned to its swizzle period so that the XOR pattern follows
      // the address bits the hardware swizzles (TMA, wgmma).
      int64_t align = 128;
      unsigned bits = type.getElementType().getIntOrFloatBitWidth();
      if (auto swizzle = type.getLayout().getSwizzleFor(bits))
        align = std::max<int64_t>(
            align, (int64_t(1)
                    << (swizzle->perElement + swizzle->shift + swizzle->bits)) *
                       std::max<unsigned>(1, bits / 8));
      func.setWorkgroupAttributionAttr(func.getNumWorkgroupAttributions() - 1,
                                       LLVM::LLVMDialect::getAlignAttrName(),
                                       b.getI64IntegerAttr(align));
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
    if (isa<AllocOp, ViewOp, RegionOp, GlobalViewOp>(op))
      bufferOps.push_back(op);
  });
  for (Operation *op : llvm::reverse(bufferOps)) {
    if (!op->use_empty()) {
      Operation *user = *op->getUsers().begin();
      return user->emitOpError() << "still uses a tirx buffer after dispatch";
    }
    op->erase();
  }
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
  void runOnOperation() override {
    for (auto func : getOperation().getOps<gpu::GPUFuncOp>())
      if (failed(lowerFunction(func)))
        return signalPassFailure();
  }
};
} // namespace
