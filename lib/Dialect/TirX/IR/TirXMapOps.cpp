//===- TirXMapOps.cpp - the tirx.map primitive ----------------------------===//
//
// Part of TileIR.
//
//===----------------------------------------------------------------------===//

#include "tileir/Dialect/TirX/IR/TirX.h"

#include "mlir/Interfaces/SideEffectInterfaces.h"

using namespace mlir;
using namespace mlir::tirx;

LogicalResult MapOp::verify() {
  BufferType dst = getDst().getType();
  for (auto [i, input] : llvm::enumerate(getInputs())) {
    auto buffer = dyn_cast<BufferType>(input.getType());
    if (buffer && buffer.getShape() != dst.getShape())
      return emitOpError() << "expects input #" << i
                           << " to have the destination shape, got " << buffer;
  }
  return success();
}

LogicalResult MapOp::verifyRegions() {
  Block &body = getBody().front();
  if (body.getNumArguments() != getInputs().size())
    return emitOpError() << "expects one body argument per input ("
                         << getInputs().size() << "), got "
                         << body.getNumArguments();
  for (auto [i, pair] : llvm::enumerate(
           llvm::zip(getInputs().getTypes(), body.getArgumentTypes()))) {
    auto [inputType, argType] = pair;
    Type elem = inputType;
    if (auto buffer = dyn_cast<BufferType>(inputType))
      elem = buffer.getElementType();
    if (elem != argType)
      return emitOpError() << "expects body argument #" << i << " of type "
                           << elem << ", got " << argType;
  }
  auto yield = cast<YieldOp>(body.getTerminator());
  Type elem = getDst().getType().getElementType();
  if (yield.getValue().getType() != elem)
    return yield.emitOpError()
           << "expects a value of the destination element "
              "type "
           << elem << ", got " << yield.getValue().getType();
  for (Operation &op : body.without_terminator()) {
    if (!isMemoryEffectFree(&op))
      return op.emitOpError()
             << "has memory effects; a tirx.map body must be free of them";
    if (op.getNumRegions() != 0)
      return op.emitOpError() << "has regions; a tirx.map body must be a "
                                 "straight-line scalar computation";
  }
  return success();
}
