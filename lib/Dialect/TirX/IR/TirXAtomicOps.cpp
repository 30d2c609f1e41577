//===- TirXAtomicOps.cpp - tirx.atomic and tirx.for_each ------------------===//
//
// Part of TileIR.
//
//===----------------------------------------------------------------------===//

#include "TirXVerifiers.h"

using namespace mlir;
using namespace mlir::tirx;

LogicalResult AtomicOp::verify() {
  BufferType ptrs = getPtrs().getType();
  Builder b(getContext());
  if (!ptrs.getElementType().isInteger(64))
    return emitOpError() << "expects ptrs element type i64, got "
                         << ptrs.getElementType();
  Type elem = detail::elementTypeOf(getValue().getType());
  if (failed(
          detail::verifyOperandLike(*this, "value", getValue(), ptrs, nullptr)))
    return failure();
  if (getDst() &&
      failed(detail::verifyOperandLike(*this, "dst", getDst(), ptrs, elem)))
    return failure();
  if (getMask() && failed(detail::verifyOperandLike(*this, "mask", getMask(),
                                                    ptrs, b.getI1Type())))
    return failure();
  if (static_cast<bool>(getWindow()) != getWindowSize().has_value())
    return emitOpError() << "expects a window address and size together";
  if (getWindowSize() && *getWindowSize() < 1)
    return emitOpError() << "expects a positive window size, got "
                         << *getWindowSize();
  bool isCas = getKind() == "cas";
  if (isCas != static_cast<bool>(getCmp()))
    return emitOpError() << "expects a cmp operand exactly when kind is "
                            "\"cas\", got kind \""
                         << getKind() << "\"";
  if (getCmp() &&
      failed(detail::verifyOperandLike(*this, "cmp", getCmp(), ptrs, elem)))
    return failure();
  StringRef kind = getKind();
  bool floatKind = kind == "fadd";
  bool intKind = kind != "fadd" && kind != "xchg" && kind != "cas";
  if (floatKind && !isa<FloatType>(elem))
    return emitOpError() << "expects a float value for kind \"fadd\", got "
                         << elem;
  if (intKind && !isa<IntegerType>(elem))
    return emitOpError() << "expects an integer value for kind \"" << kind
                         << "\", got " << elem;
  StringRef scope = getSyncscope();
  if (scope != "" && scope != "block" && scope != "cluster" &&
      scope != "device")
    return emitOpError() << "expects syncscope \"block\", \"cluster\", "
                            "\"device\" or \"\", got \""
                         << scope << "\"";
  return success();
}

LogicalResult ForEachOp::verify() {
  std::optional<ArrayRef<int64_t>> shape;
  for (auto [i, input] : llvm::enumerate(getInputs())) {
    auto buffer = dyn_cast<BufferType>(input.getType());
    if (!buffer)
      continue;
    if (shape && *shape != buffer.getShape())
      return emitOpError() << "expects every buffer input to have one shape, "
                              "got "
                           << buffer << " for input #" << i;
    shape = buffer.getShape();
  }
  if (!shape)
    return emitOpError() << "expects at least one buffer input";
  return success();
}

LogicalResult ForEachOp::verifyRegions() {
  Block &body = getBody().front();
  if (body.getNumArguments() != getInputs().size() + 1)
    return emitOpError() << "expects one body argument per input plus the "
                            "flat index ("
                         << getInputs().size() + 1 << "), got "
                         << body.getNumArguments();
  if (failed(
          detail::verifyElementArguments(*this, getInputs().getTypes(), body)))
    return failure();
  if (!body.getArguments().back().getType().isInteger(64))
    return emitOpError() << "expects the last body argument to be the i64 "
                            "flat index, got "
                         << body.getArguments().back().getType();
  // Scalar code, structured control flow included (a conditional printf);
  // no tile primitives: the body runs once per element and thread.
  WalkResult nested = body.walk([&](Operation *op) {
    if (op->getParentOp() != getOperation() &&
        isa<TirXDialect>(op->getDialect())) {
      op->emitOpError() << "is a tile primitive; a tirx.for_each body is "
                           "scalar code";
      return WalkResult::interrupt();
    }
    return WalkResult::advance();
  });
  return failure(nested.wasInterrupted());
}
