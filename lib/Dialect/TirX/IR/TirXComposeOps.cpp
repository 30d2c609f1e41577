//===- TirXComposeOps.cpp - tirx fused and compose ops --------------------===//
//
// Part of TileIR. Verifiers of the ops of TirXComposeOps.td.
//
//===----------------------------------------------------------------------===//

#include "TirXVerifiers.h"

using namespace mlir;
using namespace mlir::tirx;
using namespace mlir::tirx::detail;

LogicalResult BinaryReduceOp::verify() {
  BufferType lhs = getLhs().getType();
  if (failed(
          verifyOperandLike(*this, "rhs", getRhs(), lhs, lhs.getElementType())))
    return failure();
  return verifyReduceShape(*this, getDst().getType(), lhs, getAxes());
}

LogicalResult UnaryReduceOp::verify() {
  BufferType src = getSrc().getType();
  if (!isa<FloatType>(src.getElementType()))
    return emitOpError() << "expects a float source, got " << src;
  return verifyReduceShape(*this, getDst().getType(), src, getAxes());
}

LogicalResult BinaryChainOp::verify() {
  BufferType dst = getDst().getType();
  Type elementType = dst.getElementType();
  if (failed(verifyOperandLike(*this, "a", getA(), dst, elementType)) ||
      failed(verifyOperandLike(*this, "b", getB(), dst, elementType)) ||
      failed(verifyOperandLike(*this, "c", getC(), dst, elementType)))
    return failure();
  return success();
}

LogicalResult ReduceNegateOp::verify() {
  return verifyReduceShape(*this, getDst().getType(), getSrc().getType(),
                           getAxes());
}

LogicalResult ComposeOp::verify() {
  ExecScope scope = getScope();
  WalkResult result = getBody().walk([&](Operation *op) {
    if (isa<ComposeOp>(op)) {
      op->emitOpError() << "is nested in another tirx.compose_op; expects "
                           "one level of frames";
      return WalkResult::interrupt();
    }
    auto prim = dyn_cast<PrimitiveOpInterface>(op);
    // ExecScope values grow from cluster (wide) to thread (narrow).
    if (prim &&
        static_cast<int>(prim.getExecScope()) < static_cast<int>(scope)) {
      emitOpError() << "expects body primitives at scope "
                    << stringifyExecScope(scope) << " or narrower, got "
                    << stringifyExecScope(prim.getExecScope());
      return WalkResult::interrupt();
    }
    return WalkResult::advance();
  });
  return failure(result.wasInterrupted());
}
