//===- TirXRegionReduceOps.cpp - tirx.reduce and tirx.scan ----------------===//
//
// Part of TileIR.
//
//===----------------------------------------------------------------------===//

#include "TirXVerifiers.h"

#include "tileir/Dialect/TirX/IR/TirX.h"

#include "mlir/Interfaces/SideEffectInterfaces.h"

using namespace mlir;
using namespace mlir::tirx;

/// Checks the operand lists shared by reduce and scan: at least one source,
/// sources of one shape, one identity of each source's element type.
static LogicalResult verifySourcesAndIdentities(Operation *op, ValueRange srcs,
                                                ArrayAttr identities) {
  if (srcs.empty())
    return op->emitOpError() << "expects at least one source";
  auto first = cast<BufferType>(srcs.front().getType());
  for (auto [i, src] : llvm::enumerate(srcs)) {
    auto type = cast<BufferType>(src.getType());
    if (type.getShape() != first.getShape())
      return op->emitOpError() << "expects sources of one shape, got " << first
                               << " and source #" << i << " of type " << type;
  }
  if (identities.size() != srcs.size())
    return op->emitOpError() << "expects one identity per source ("
                             << srcs.size() << "), got " << identities.size();
  for (auto [i, pair] : llvm::enumerate(llvm::zip(identities, srcs))) {
    auto [identity, src] = pair;
    Type elem = cast<BufferType>(src.getType()).getElementType();
    auto typed = dyn_cast<TypedAttr>(identity);
    if (!typed || typed.getType() != elem)
      return op->emitOpError() << "expects identity #" << i << " of type "
                               << elem << ", got " << identity;
  }
  return success();
}

/// Checks a combiner body: 2N arguments in (lhs, rhs) pairs of the sources'
/// element types, straight-line ops free of memory effects, and a
/// tirx.reduce_yield of N values of those types.
static LogicalResult verifyCombinerBody(Operation *op, Region &region,
                                        ValueRange srcs) {
  Block &body = region.front();
  size_t n = srcs.size();
  if (body.getNumArguments() != 2 * n)
    return op->emitOpError() << "expects a body with two arguments per source ("
                             << 2 * n << "), got " << body.getNumArguments();
  SmallVector<Type> elems;
  for (Value src : srcs)
    elems.push_back(cast<BufferType>(src.getType()).getElementType());
  for (unsigned a = 0; a < body.getNumArguments(); ++a)
    if (body.getArgument(a).getType() != elems[a / 2])
      return op->emitOpError()
             << "expects body argument #" << a << " of type " << elems[a / 2]
             << ", got " << body.getArgument(a).getType();
  auto yield = dyn_cast<ReduceYieldOp>(body.getTerminator());
  if (!yield)
    return op->emitOpError() << "expects a body ending in tirx.reduce_yield";
  if (yield.getValues().size() != n)
    return yield.emitOpError()
           << "expects " << n << " values, got " << yield.getValues().size();
  for (auto [i, pair] :
       llvm::enumerate(llvm::zip(yield.getValues().getTypes(), elems))) {
    auto [got, want] = pair;
    if (got != want)
      return yield.emitOpError() << "expects value #" << i << " of type "
                                 << want << ", got " << got;
  }
  for (Operation &inner : body.without_terminator()) {
    if (!isMemoryEffectFree(&inner))
      return inner.emitOpError() << "has memory effects; a combiner body must "
                                    "be free of them";
    if (inner.getNumRegions() != 0)
      return inner.emitOpError() << "has regions; a combiner body must be a "
                                    "straight-line scalar computation";
  }
  return success();
}

LogicalResult RegionReduceOp::verify() {
  if (failed(verifySourcesAndIdentities(*this, getSrcs(), getIdentities())))
    return failure();
  auto srcType = cast<BufferType>(getSrcs().front().getType());
  if (getDsts().empty()) {
    if (getResults().size() != getSrcs().size())
      return emitOpError() << "expects one result per source ("
                           << getSrcs().size() << ") without destinations, got "
                           << getResults().size();
    if (static_cast<int64_t>(getAxes().size()) != srcType.getRank())
      return emitOpError() << "expects every axis reduced ("
                           << srcType.getRank()
                           << ") without destinations, got "
                           << getAxes().size();
    for (auto [i, pair] :
         llvm::enumerate(llvm::zip(getResults().getTypes(), getSrcs()))) {
      auto [type, src] = pair;
      Type elem = cast<BufferType>(src.getType()).getElementType();
      if (type != elem)
        return emitOpError() << "expects result #" << i << " of type " << elem
                             << ", got " << type;
    }
  } else {
    if (!getResults().empty())
      return emitOpError() << "expects no results with destinations, got "
                           << getResults().size();
    if (getDsts().size() != getSrcs().size())
      return emitOpError() << "expects one destination per source ("
                           << getSrcs().size() << "), got " << getDsts().size();
  }
  for (auto [i, src] : llvm::enumerate(getSrcs())) {
    auto type = cast<BufferType>(src.getType());
    // Without destinations, check the axes against the source itself (a
    // global buffer: the only kind that is valid without a layout).
    BufferType dst =
        getDsts().empty()
            ? BufferType::get(getContext(), {1}, type.getElementType(),
                              MemScope::Global, LayoutAttr())
            : cast<BufferType>(getDsts()[i].getType());
    if (failed(detail::verifyReduceShape(*this, dst, type, getAxes())))
      return failure();
  }
  return success();
}

LogicalResult RegionReduceOp::verifyRegions() {
  return verifyCombinerBody(*this, getBody(), getSrcs());
}

LogicalResult RegionScanOp::verify() {
  if (failed(verifySourcesAndIdentities(*this, getSrcs(), getIdentities())))
    return failure();
  if (getDsts().size() != getSrcs().size())
    return emitOpError() << "expects one destination per source ("
                         << getSrcs().size() << "), got " << getDsts().size();
  auto srcType = cast<BufferType>(getSrcs().front().getType());
  int64_t axis = getAxis();
  if (axis < 0 || axis >= srcType.getRank())
    return emitOpError() << "expects an axis in [0, " << srcType.getRank()
                         << "), got " << axis;
  for (auto [i, pair] : llvm::enumerate(llvm::zip(getDsts(), getSrcs()))) {
    auto [dst, src] = pair;
    auto d = cast<BufferType>(dst.getType());
    auto s = cast<BufferType>(src.getType());
    if (d.getShape() != s.getShape() ||
        d.getElementType() != s.getElementType())
      return emitOpError() << "expects destination #" << i
                           << " of the shape and element type of its source "
                           << s << ", got " << d;
  }
  return success();
}

LogicalResult RegionScanOp::verifyRegions() {
  return verifyCombinerBody(*this, getBody(), getSrcs());
}
