//===- TirXCopyOps.cpp - tirx asynchronous data movement ------------------===//
//
// Part of TileIR. Verifiers of the ops in TirXCopyOps.td.
//
//===----------------------------------------------------------------------===//

#include "tileir/Dialect/TirX/IR/TirX.h"

#include "TirXVerifiers.h"

#include "mlir/IR/Matchers.h"

using namespace mlir;
using namespace mlir::tirx;

/// Checks that `index` names an element of the mbarrier buffer.
static LogicalResult verifyBarrierIndex(Operation *op, BufferType type,
                                        int64_t index) {
  if (index < 0 || index >= type.getNumElements())
    return op->emitOpError() << "expects an mbarrier index in [0, "
                             << type.getNumElements() << "), got " << index;
  return success();
}

LogicalResult CopyAsyncOp::verify() {
  BufferType dst = getDst().getType();
  BufferType src = getSrc().getType();
  if (failed(detail::verifyCopySides(*this, dst, src)))
    return failure();
  bool toShared = dst.isShared() && src.isGlobal();
  bool toGlobal = dst.isGlobal() && src.isShared();
  if (!toShared && !toGlobal)
    return emitOpError() << "expects a global -> shared or shared -> global "
                            "copy, got "
                         << stringifyMemScope(src.getMemScope()) << " -> "
                         << stringifyMemScope(dst.getMemScope());
  if (getBarrier() && !getTensorMap())
    return emitOpError() << "expects a tensor_map with a barrier (TMA)";
  if (getTensorMap() && toShared && !getBarrier())
    return emitOpError() << "expects a barrier for a TMA load";
  if (getTensorMap() && toGlobal && getBarrier())
    return emitOpError() << "expects no barrier for a TMA store, which "
                            "completes through a bulk async-group";
  if (!getTensorMap() && !toShared)
    return emitOpError() << "expects a shared destination for cp.async "
                            "(no tensor_map), got a global one";
  if (getBarrier() &&
      failed(verifyBarrierIndex(*this, getBarrier().getType(), getIndex())))
    return failure();
  if (getTensorMap()) {
    // TMA writes (reads) the box densely in row-major order, swizzled by
    // the descriptor, at a 128-byte aligned shared address.
    BufferType shared = toShared ? dst : src;
    if (shared.getRank() > 5)
      return emitOpError() << "expects a TMA box of at most 5 dimensions, got "
                           << shared.getRank();
    tileir::layout::TileLayout layout = shared.getTileLayout().canonicalize();
    int64_t n = shared.getNumElements();
    bool dense =
        layout.getReplica().empty() &&
        (layout.getShard().empty() ||
         (layout.getShard().size() == 1 && layout.getShard()[0].extent == n &&
          layout.getShard()[0].stride == 1 &&
          layout.getShard()[0].axis == "m"));
    for (const auto &[axis, value] : layout.getOffset())
      if (axis != "m" && value != 0)
        dense = false;
    if (!dense)
      return emitOpError()
             << "expects the shared side of a TMA copy to be the dense "
                "row-major box (the descriptor swizzles it), got "
             << shared.getLayout();
    if (!shared.getLayout().hasHardwareSwizzle())
      return emitOpError() << "expects the shared side of a TMA copy to have "
                              "a swizzle TMA applies (swizzle_shift 3), got "
                           << shared.getLayout();
    int64_t bytes = std::max<int64_t>(1, shared.getElementTypeBitWidth() / 8);
    int64_t offset = tileir::layout::getAxis(layout.getOffset(), "m");
    if ((offset * bytes) % 128 != 0)
      return emitOpError() << "expects the shared side of a TMA copy at a "
                              "128-byte aligned offset, got element "
                           << offset;
  }
  if (auto padding = getPaddingAttr()) {
    if (padding.getType() != dst.getElementType())
      return emitOpError() << "expects a padding value of type "
                           << dst.getElementType() << ", got "
                           << padding.getType();
    if (!matchPattern(padding, m_Zero()) &&
        !matchPattern(padding, m_AnyZeroFloat()))
      return emitOpError() << "expects a zero padding (asynchronous copies "
                              "zero-fill), got "
                           << padding;
  }
  return success();
}

LogicalResult PermuteLayoutOp::verify() {
  BufferType dst = getDst().getType();
  BufferType src = getSrc().getType();
  if (!dst.isLocal() || !src.isLocal())
    return emitOpError() << "expects local buffers, got " << dst << " and "
                         << src;
  if (dst.getShape() != src.getShape())
    return emitOpError() << "expects buffers of one shape, got " << dst
                         << " and " << src;
  if (dst.getElementType() != src.getElementType())
    return emitOpError() << "expects one element type, got "
                         << dst.getElementType() << " and "
                         << src.getElementType();
  return success();
}

LogicalResult MBarrierInitOp::verify() {
  return verifyBarrierIndex(*this, getBarrier().getType(), getIndex());
}

LogicalResult MBarrierArriveExpectTxOp::verify() {
  return verifyBarrierIndex(*this, getBarrier().getType(), getIndex());
}

LogicalResult MBarrierWaitOp::verify() {
  return verifyBarrierIndex(*this, getBarrier().getType(), getIndex());
}
