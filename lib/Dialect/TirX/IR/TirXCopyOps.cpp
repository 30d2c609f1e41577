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

std::string mlir::tirx::tmaBoxMismatch(BufferType shared) {
  // TMA writes (reads) the box densely in row-major order, swizzled by the
  // descriptor, at a 128-byte aligned shared address.
  std::string why;
  llvm::raw_string_ostream os(why);
  if (shared.getRank() > 5) {
    os << "expects a TMA box of at most 5 dimensions, got " << shared.getRank();
    return why;
  }
  for (int64_t extent : shared.getShape())
    if (extent > 256) {
      os << "expects TMA box dimensions of at most 256 elements, got "
         << extent;
      return why;
    }
  tileir::layout::TileLayout layout = shared.getTileLayout().canonicalize();
  int64_t n = shared.getNumElements();
  bool dense =
      layout.getReplica().empty() &&
      (layout.getShard().empty() ||
       (layout.getShard().size() == 1 && layout.getShard()[0].extent == n &&
        layout.getShard()[0].stride == 1 && layout.getShard()[0].axis == "m"));
  for (const auto &[axis, value] : layout.getOffset())
    if (axis != "m" && value != 0)
      dense = false;
  if (!dense) {
    os << "expects the shared side of a TMA copy to be the dense row-major "
          "box (the descriptor swizzles it), got "
       << shared.getLayout();
    return why;
  }
  if (!shared.getLayout().hasHardwareSwizzle()) {
    os << "expects the shared side of a TMA copy to have a swizzle TMA "
          "applies (swizzle_shift 3), got "
       << shared.getLayout();
    return why;
  }
  int64_t bytes = std::max<int64_t>(1, shared.getElementTypeBitWidth() / 8);
  int64_t offset = tileir::layout::getAxis(layout.getOffset(), "m");
  if ((offset * bytes) % 128 != 0)
    os << "expects the shared side of a TMA copy at a 128-byte aligned "
          "offset, got element "
       << offset;
  return why;
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
    std::string why = tmaBoxMismatch(toShared ? dst : src);
    if (!why.empty())
      return emitOpError() << why;
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

std::optional<unsigned> TensorMapsOp::getDataType(Type type, bool roundToTf32) {
  // tensormap.replace's elemtype (PTX ISA, "Tensormap new_val validity"):
  // .u8 0, .u16 1, .s32 3, .s64 5, .f16 6, .f32 7, .f64 9, .bf16 10,
  // .tf32 11. 8-bit floats move as bytes.
  if (roundToTf32)
    return type.isF32() ? std::optional<unsigned>(11) : std::nullopt;
  if (type.isF16())
    return 6;
  if (type.isBF16())
    return 10;
  if (type.isF32())
    return 7;
  if (type.isF64())
    return 9;
  if (!type.isIntOrFloat())
    return std::nullopt;
  switch (type.getIntOrFloatBitWidth()) {
  case 8:
    return 0;
  case 16:
    return type.isInteger() ? std::optional<unsigned>(1) : std::nullopt;
  case 32:
    return type.isInteger() ? std::optional<unsigned>(3) : std::nullopt;
  case 64:
    return type.isInteger() ? std::optional<unsigned>(5) : std::nullopt;
  default:
    return std::nullopt;
  }
}

LogicalResult TensorMapsOp::verify() {
  size_t n = getViews().size();
  if (getBoxes().size() != n || getSwizzles().size() != n ||
      getMaps().size() != n)
    return emitOpError() << "expects one box, one swizzle and one result per "
                            "view, got "
                         << n << " views, " << getBoxes().size() << " boxes, "
                         << getSwizzles().size() << " swizzles and "
                         << getMaps().size() << " results";
  if (n == 0)
    return emitOpError() << "expects at least one view";
  if (auto tf32 = getTf32()) {
    if (tf32->size() != n)
      return emitOpError() << "expects one tf32 flag per view, got "
                           << tf32->size();
    for (size_t i = 0; i < n; ++i)
      if ((*tf32)[i] &&
          !cast<BufferType>(getViews()[i].getType()).getElementType().isF32())
        return emitOpError() << "expects an f32 view for the tf32 map " << i;
  }
  for (size_t i = 0; i < n; ++i) {
    Value view = getViews()[i];
    auto type = cast<BufferType>(view.getType());
    auto global = view.getDefiningOp<GlobalViewOp>();
    if (!type.isGlobal() || !global)
      return emitOpError() << "expects view " << i
                           << " to be a tirx.global_view";
    int64_t rank = type.getRank();
    if (rank < 1 || rank > 5)
      return emitOpError() << "expects views of 1 to 5 dimensions, got "
                           << rank;
    std::optional<unsigned> dataType = getDataType(type.getElementType());
    if (!dataType)
      return emitOpError() << "has no TMA data type for "
                           << type.getElementType();
    if (global.getStaticStrides().back() != 1)
      return emitOpError() << "expects view " << i
                           << " to have a unit innermost stride";
    ArrayRef<int64_t> box = cast<DenseI64ArrayAttr>(getBoxes()[i]).asArrayRef();
    if (int64_t(box.size()) != rank)
      return emitOpError() << "expects box " << i << " of rank " << rank
                           << ", got " << box.size();
    for (int64_t e : box)
      if (e < 1 || e > 256)
        return emitOpError() << "expects box extents in [1, 256], got " << e;
    int64_t swizzle = getSwizzles()[i];
    if (swizzle != 0 && swizzle != 32 && swizzle != 64 && swizzle != 128)
      return emitOpError() << "expects a swizzle of 0, 32, 64 or 128 bytes, "
                              "got "
                           << swizzle;
    int64_t innerBytes =
        box.back() * type.getElementType().getIntOrFloatBitWidth() / 8;
    if (innerBytes % 16 != 0 || (swizzle && innerBytes > swizzle))
      return emitOpError() << "expects the innermost box extent to span a "
                              "multiple of 16 bytes, at most the swizzle, got "
                           << innerBytes << " bytes";
  }
  return success();
}

LogicalResult TensorMapsReleaseOp::verify() {
  auto maps = getMaps().getDefiningOp<TensorMapsOp>();
  if (!maps || maps.getMaps().front() != getMaps())
    return emitOpError() << "expects the first result of a tirx.tensor_maps";
  return success();
}

LogicalResult MBarrierInvalOp::verify() {
  return verifyBarrierIndex(*this, getBarrier().getType(), getIndex());
}

LogicalResult MBarrierInitOp::verify() {
  return verifyBarrierIndex(*this, getBarrier().getType(), getIndex());
}

LogicalResult MBarrierArriveExpectTxOp::verify() {
  return verifyBarrierIndex(*this, getBarrier().getType(), getIndex());
}

LogicalResult MBarrierArriveOp::verify() {
  return verifyBarrierIndex(*this, getBarrier().getType(), getIndex());
}

LogicalResult MBarrierWaitOp::verify() {
  return verifyBarrierIndex(*this, getBarrier().getType(), getIndex());
}
