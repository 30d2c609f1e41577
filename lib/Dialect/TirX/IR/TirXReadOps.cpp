//===- TirXReadOps.cpp - tirx.read ----------------------------------------===//
//
// Part of TileIR.
//
//===----------------------------------------------------------------------===//

#include "tileir/Dialect/TirX/IR/TirX.h"

using namespace mlir;
using namespace mlir::tirx;

LogicalResult ReadOp::verify() {
  BufferType type = getSource().getType();
  if (getIndices().size() != type.getShape().size())
    return emitOpError() << "expects one index per dimension ("
                         << type.getShape().size() << "), got "
                         << getIndices().size();
  if (getResult().getType() != type.getElementType())
    return emitOpError() << "expects a result of the element type "
                         << type.getElementType() << ", got "
                         << getResult().getType();
  ::tileir::layout::TileLayout layout = type.getTileLayout();
  for (const ::tileir::layout::Iter &iter : layout.getShard())
    if (::tileir::layout::isThreadAxis(iter.axis) && iter.stride != 0)
      return emitOpError() << "expects every element in every thread (a "
                              "shard without thread axes), got "
                           << layout.str();
  if (type.isShared() && type.getLayout().getSwizzleFor(
                             type.getElementType().getIntOrFloatBitWidth()))
    return emitOpError() << "expects an unswizzled shared layout";
  return success();
}
