//===- TirXMapOps.cpp - the tirx.map primitive ----------------------------===//
//
// Part of TileIR.
//
//===----------------------------------------------------------------------===//

#include "tileir/Dialect/TirX/IR/TirX.h"

#include "TirXVerifiers.h"

#include "mlir/Dialect/LLVMIR/LLVMDialect.h"
#include "mlir/Interfaces/SideEffectInterfaces.h"

using namespace mlir;
using namespace mlir::tirx;

/// NVVM intrinsics that compute a value from their operands only (the
/// rounding, flush-to-zero and approximate forms of float arithmetic and
/// conversions):
/// llvm.call_intrinsic does not know that they are free of memory effects.
static bool isPureNvvmIntrinsic(Operation &op) {
  auto call = dyn_cast<LLVM::CallIntrinsicOp>(op);
  if (!call)
    return false;
  StringRef name = call.getIntrin();
  if (!name.consume_front("llvm.nvvm."))
    return false;
  for (StringRef family : {"add.", "mul.", "fma.", "div.", "rcp.", "sqrt.",
                           "rsqrt.", "ex2.", "lg2.", "fmax.", "fmin.", "mulhi.",
                           "f2tf32.", "d2f.", "f2f16.", "f2bf16."})
    if (name.starts_with(family))
      return true;
  return false;
}

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
  if (failed(
          detail::verifyElementArguments(*this, getInputs().getTypes(), body)))
    return failure();
  auto yield = cast<YieldOp>(body.getTerminator());
  Type elem = getDst().getType().getElementType();
  if (yield.getValue().getType() != elem)
    return yield.emitOpError()
           << "expects a value of the destination element "
              "type "
           << elem << ", got " << yield.getValue().getType();
  for (Operation &op : body.without_terminator()) {
    if (!isMemoryEffectFree(&op) && !isPureNvvmIntrinsic(op))
      return op.emitOpError()
             << "has memory effects; a tirx.map body must be free of them";
    if (op.getNumRegions() != 0)
      return op.emitOpError() << "has regions; a tirx.map body must be a "
                                 "straight-line scalar computation";
  }
  return success();
}
