//===- TirXOps.cpp - tirx operations --------------------------------------===//
//
// Part of TileIR.
//
//===----------------------------------------------------------------------===//

#include "tileir/Dialect/TirX/IR/TirX.h"

#include "mlir/Dialect/Arith/Utils/Utils.h"
#include "mlir/IR/Builders.h"
#include "mlir/IR/BuiltinTypes.h"
#include "mlir/Interfaces/ViewLikeInterface.h"

using namespace mlir;
using namespace mlir::tirx;

#define GET_OP_CLASSES
#include "tileir/Dialect/TirX/IR/TirXOps.cpp.inc"

//===----------------------------------------------------------------------===//
// Shared verification helpers
//===----------------------------------------------------------------------===//

/// The element type of a buffer, or the type itself for a scalar.
static Type elementTypeOf(Type type) {
  if (auto buffer = dyn_cast<BufferType>(type))
    return buffer.getElementType();
  return type;
}

/// Checks that `operand` (a buffer or a scalar) fits a destination `dst`:
/// buffers must have dst's shape; `elementType` (when set) must match.
static LogicalResult verifyOperandLike(Operation *op, StringRef name,
                                       Value operand, BufferType dst,
                                       Type elementType) {
  Type type = operand.getType();
  if (auto buffer = dyn_cast<BufferType>(type)) {
    if (buffer.getShape() != dst.getShape())
      return op->emitOpError()
             << "expects " << name << " to have the destination shape, got "
             << buffer;
  }
  if (elementType && elementTypeOf(type) != elementType)
    return op->emitOpError() << "expects " << name << " element type "
                             << elementType << ", got " << elementTypeOf(type);
  return success();
}

//===----------------------------------------------------------------------===//
// Buffers
//===----------------------------------------------------------------------===//

SmallVector<OpFoldResult> GlobalViewOp::getMixedSizes() {
  return getMixedValues(getStaticSizes(), getSizes(), getContext());
}
SmallVector<OpFoldResult> GlobalViewOp::getMixedStrides() {
  return getMixedValues(getStaticStrides(), getStrides(), getContext());
}

LogicalResult GlobalViewOp::verify() {
  BufferType type = getResult().getType();
  if (!type.isGlobal())
    return emitOpError() << "expects a global buffer result, got " << type;
  int64_t rank = type.getRank();
  if (static_cast<int64_t>(getStaticSizes().size()) != rank ||
      static_cast<int64_t>(getStaticStrides().size()) != rank)
    return emitOpError() << "expects " << rank << " sizes and strides, got "
                         << getStaticSizes().size() << " and "
                         << getStaticStrides().size();
  if (static_cast<int64_t>(getSizes().size()) !=
          llvm::count(getStaticSizes(), ShapedType::kDynamic) ||
      static_cast<int64_t>(getStrides().size()) !=
          llvm::count(getStaticStrides(), ShapedType::kDynamic))
    return emitOpError() << "expects one operand per dynamic size or stride";
  for (auto [dim, size] : llvm::zip(type.getShape(), getStaticSizes()))
    if (dim != size)
      return emitOpError() << "expects sizes matching the result type, got "
                           << size << " for extent " << dim;
  for (int64_t stride : getStaticStrides())
    if (stride != ShapedType::kDynamic && stride <= 0)
      return emitOpError() << "expects positive strides, got " << stride;
  return success();
}

SmallVector<OpFoldResult> RegionOp::getMixedOffsets() {
  return getMixedValues(getStaticOffsets(), getOffsets(), getContext());
}

LogicalResult RegionOp::verify() {
  BufferType source = getSource().getType();
  BufferType result = getResult().getType();
  if (!source.isGlobal() || !result.isGlobal())
    return emitOpError() << "expects global source and result buffers";
  if (!result.hasStaticShape())
    return emitOpError() << "expects a static result shape, got " << result;
  if (source.getRank() != result.getRank() ||
      static_cast<int64_t>(getStaticOffsets().size()) != source.getRank())
    return emitOpError() << "expects one offset per dimension of rank "
                         << source.getRank();
  if (source.getElementType() != result.getElementType())
    return emitOpError() << "expects the source element type";
  if (!getSource().getDefiningOp<GlobalViewOp>())
    return emitOpError() << "expects its source to be a tirx.global_view";
  return success();
}

LogicalResult ViewOp::verify() {
  BufferType source = getSource().getType();
  BufferType result = getResult().getType();
  if (source.getMemScope() != result.getMemScope())
    return emitOpError() << "expects the source memory scope";
  if (source.getElementType() != result.getElementType())
    return emitOpError() << "expects the source element type";
  // Every storage slot the view names must exist in the source's storage.
  tileir::layout::TileLayout srcStorage = source.getTileLayout().storage();
  tileir::layout::TileLayout dstStorage = result.getTileLayout().storage();
  if (dstStorage.span("m") > srcStorage.span("m"))
    return emitOpError() << "expects a view within the source storage of "
                         << srcStorage.span("m") << " elements, got a span of "
                         << dstStorage.span("m");
  return success();
}

//===----------------------------------------------------------------------===//
// Primitives
//===----------------------------------------------------------------------===//

LogicalResult CopyOp::verify() {
  BufferType dst = getDst().getType();
  BufferType src = getSrc().getType();
  if (!dst.hasStaticShape() || !src.hasStaticShape() ||
      dst.getShape() != src.getShape())
    return emitOpError() << "expects buffers of one static shape, got " << dst
                         << " and " << src;
  if (dst.getElementType() != src.getElementType())
    return emitOpError() << "expects one element type, got "
                         << dst.getElementType() << " and "
                         << src.getElementType();
  if (auto padding = getPaddingAttr())
    if (padding.getType() != dst.getElementType())
      return emitOpError() << "expects a padding value of type "
                           << dst.getElementType() << ", got "
                           << padding.getType();
  return success();
}

LogicalResult FillOp::verify() {
  return verifyOperandLike(*this, "value", getValue(), getDst().getType(),
                           getDst().getType().getElementType());
}

LogicalResult IotaOp::verify() {
  if (!isa<IntegerType>(getDst().getType().getElementType()))
    return emitOpError() << "expects an integer buffer, got "
                         << getDst().getType();
  return success();
}

template <typename OpTy>
static LogicalResult verifyUnaryFloat(OpTy op) {
  BufferType dst = op.getDst().getType();
  if (!isa<FloatType>(dst.getElementType()))
    return op.emitOpError() << "expects a float buffer, got " << dst;
  if ((op.getApprox() || op.getFtz()) && !dst.getElementType().isF32())
    return op.emitOpError()
           << "expects f32 with approx or ftz, got " << dst.getElementType();
  return verifyOperandLike(op, "src", op.getSrc(), dst, dst.getElementType());
}

LogicalResult ExpOp::verify() { return verifyUnaryFloat(*this); }
LogicalResult Exp2Op::verify() { return verifyUnaryFloat(*this); }

LogicalResult CastOp::verify() {
  return verifyOperandLike(*this, "src", getSrc(), getDst().getType(), {});
}

template <typename OpTy>
static LogicalResult verifyBinary(OpTy op, bool floatOnly) {
  BufferType dst = op.getDst().getType();
  Type elementType = dst.getElementType();
  if (floatOnly && !isa<FloatType>(elementType))
    return op.emitOpError() << "expects a float buffer, got " << dst;
  if (op.getPropagateNan() && !isa<FloatType>(elementType))
    return op.emitOpError() << "expects floats with propagate_nan";
  if (op.getUnsigned_() && !isa<IntegerType>(elementType))
    return op.emitOpError() << "expects integers with unsigned_";
  if (failed(verifyOperandLike(op, "lhs", op.getLhs(), dst, elementType)) ||
      failed(verifyOperandLike(op, "rhs", op.getRhs(), dst, elementType)))
    return failure();
  return success();
}

LogicalResult AddOp::verify() { return verifyBinary(*this, false); }
LogicalResult SubOp::verify() { return verifyBinary(*this, false); }
LogicalResult MulOp::verify() { return verifyBinary(*this, false); }
LogicalResult FDivOp::verify() { return verifyBinary(*this, true); }
LogicalResult MaximumOp::verify() { return verifyBinary(*this, false); }
LogicalResult MinimumOp::verify() { return verifyBinary(*this, false); }

LogicalResult CmpOp::verify() {
  BufferType dst = getDst().getType();
  if (!dst.getElementType().isInteger(1))
    return emitOpError() << "expects an i1 destination, got " << dst;
  Type operandType = elementTypeOf(getLhs().getType());
  if (failed(verifyOperandLike(*this, "lhs", getLhs(), dst, {})) ||
      failed(verifyOperandLike(*this, "rhs", getRhs(), dst, operandType)))
    return failure();
  // arith's two predicate enums are both i64-backed: the operand type says
  // which one the value names.
  int64_t value = cast<IntegerAttr>(getPredicate()).getInt();
  bool isFloat = isa<FloatType>(operandType);
  int64_t maxValue = isFloat ? arith::getMaxEnumValForCmpFPredicate()
                             : arith::getMaxEnumValForCmpIPredicate();
  if (value < 0 || value > maxValue)
    return emitOpError() << "expects " << (isFloat ? "a float" : "an integer")
                         << " comparison predicate, got " << value;
  return success();
}

LogicalResult SelectOp::verify() {
  BufferType dst = getDst().getType();
  Builder b(getContext());
  if (failed(verifyOperandLike(*this, "cond", getCond(), dst, b.getI1Type())) ||
      failed(verifyOperandLike(*this, "on_true", getOnTrue(), dst,
                               dst.getElementType())) ||
      failed(verifyOperandLike(*this, "on_false", getOnFalse(), dst,
                               dst.getElementType())))
    return failure();
  return success();
}

template <typename OpTy>
static LogicalResult verifyReduce(OpTy op) {
  BufferType dst = op.getDst().getType();
  BufferType src = op.getSrc().getType();
  if (dst.getElementType() != src.getElementType())
    return op.emitOpError()
           << "expects one element type, got " << dst.getElementType()
           << " and " << src.getElementType();
  ArrayRef<int64_t> axes = op.getAxes();
  if (axes.empty())
    return op.emitOpError() << "expects at least one axis";
  SmallVector<int64_t> kept;
  for (int64_t d = 0; d < src.getRank(); ++d) {
    if (!llvm::is_contained(axes, d)) {
      kept.push_back(src.getDimSize(d));
      continue;
    }
    if (llvm::count(axes, d) != 1)
      return op.emitOpError() << "expects distinct axes";
  }
  for (int64_t axis : axes)
    if (axis < 0 || axis >= src.getRank())
      return op.emitOpError()
             << "expects axes in [0, " << src.getRank() << "), got " << axis;
  if (kept.empty())
    kept.push_back(1);
  if (ArrayRef<int64_t>(kept) != dst.getShape())
    return op.emitOpError()
           << "expects a destination of shape ["
           << llvm::make_range(kept.begin(), kept.end()) << "], got " << dst;
  if (op.getPropagateNan() && !isa<FloatType>(dst.getElementType()))
    return op.emitOpError() << "expects floats with propagate_nan";
  return success();
}

LogicalResult SumOp::verify() { return verifyReduce(*this); }
LogicalResult MaxOp::verify() { return verifyReduce(*this); }
LogicalResult MinOp::verify() { return verifyReduce(*this); }

LogicalResult LoadPtrOp::verify() {
  BufferType dst = getDst().getType();
  Builder b(getContext());
  if (failed(verifyOperandLike(*this, "ptrs", getPtrs(), dst, b.getI64Type())))
    return failure();
  if (getMask() &&
      failed(verifyOperandLike(*this, "mask", getMask(), dst, b.getI1Type())))
    return failure();
  if (getPaddingValue() &&
      failed(verifyOperandLike(*this, "padding", getPaddingValue(), dst,
                               dst.getElementType())))
    return failure();
  return success();
}

LogicalResult StorePtrOp::verify() {
  BufferType src = getSrc().getType();
  Builder b(getContext());
  if (failed(verifyOperandLike(*this, "ptrs", getPtrs(), src, b.getI64Type())))
    return failure();
  if (getMask() &&
      failed(verifyOperandLike(*this, "mask", getMask(), src, b.getI1Type())))
    return failure();
  return success();
}
