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
