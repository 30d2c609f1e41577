//===- LowerBuffers.cpp - The tirx-lower-buffers pass ---------------------===//
//
// Part of TileIR.
//
//===----------------------------------------------------------------------===//

#include "tileir/Dialect/TirX/Transforms/Passes.h"

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

static LogicalResult lowerFunction(gpu::GPUFuncOp func) {
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
    if (isa<TirXDialect>(op->getDialect())) {
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
