//===- TirXOps.cpp - tirx operations --------------------------------------===//
//
// Part of TileIR.
//
//===----------------------------------------------------------------------===//

#include "TirXVerifiers.h"
#include "tileir/Dialect/TirX/IR/TirX.h"

#include "mlir/Dialect/Arith/Utils/Utils.h"
#include "mlir/IR/Builders.h"
#include "mlir/IR/BuiltinTypes.h"
#include "mlir/IR/PatternMatch.h"
#include "mlir/Interfaces/SideEffectInterfaces.h"
#include "mlir/Interfaces/ViewLikeInterface.h"

using namespace mlir;
using namespace mlir::tirx;
using namespace mlir::tirx::detail;

#define GET_OP_CLASSES
#include "tileir/Dialect/TirX/IR/TirXOps.cpp.inc"

//===----------------------------------------------------------------------===//
// Shared verification helpers
//===----------------------------------------------------------------------===//

/// The element type of a buffer, or the type itself for a scalar.
Type mlir::tirx::detail::elementTypeOf(Type type) {
  if (auto buffer = dyn_cast<BufferType>(type))
    return buffer.getElementType();
  return type;
}

LogicalResult mlir::tirx::detail::verifyElementArguments(Operation *op,
                                                         TypeRange inputs,
                                                         Block &body) {
  for (auto [i, pair] :
       llvm::enumerate(llvm::zip(inputs, body.getArgumentTypes()))) {
    auto [inputType, argType] = pair;
    Type elem = elementTypeOf(inputType);
    if (elem != argType)
      return op->emitOpError() << "expects body argument #" << i << " of type "
                               << elem << ", got " << argType;
  }
  return success();
}

LogicalResult mlir::tirx::detail::verifyCopySides(Operation *op, BufferType dst,
                                                  BufferType src) {
  if (!dst.hasStaticShape() || !src.hasStaticShape() ||
      dst.getShape() != src.getShape())
    return op->emitOpError() << "expects buffers of one static shape, got "
                             << dst << " and " << src;
  if (dst.getElementType() != src.getElementType())
    return op->emitOpError()
           << "expects one element type, got " << dst.getElementType()
           << " and " << src.getElementType();
  return success();
}

LogicalResult mlir::tirx::detail::verifyOperandLike(Operation *op,
                                                    StringRef name,
                                                    Value operand,
                                                    BufferType dst,
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

/// The threads of one team of `scope` in a CTA of `cta` threads (0:
/// unknown).
static int64_t scopeThreads(ExecScope scope, int64_t cta) {
  switch (scope) {
  case ExecScope::Thread:
    return 1;
  case ExecScope::Warp:
    return 32;
  case ExecScope::Warpgroup:
    return 128;
  case ExecScope::Cta:
  case ExecScope::Cluster:
    return cta;
  }
  return cta;
}

/// The CTA size of the kernel around `op` (its known_block_size), or 0.
static int64_t knownCtaThreads(Operation *op) {
  for (Operation *p = op->getParentOp(); p; p = p->getParentOp())
    if (auto size = p->getAttrOfType<DenseI32ArrayAttr>("known_block_size"))
      return size.size() == 3 && size[1] == 1 && size[2] == 1 ? size[0] : 0;
  return 0;
}

LogicalResult mlir::tirx::verifyPrimitiveLayouts(Operation *op) {
  auto prim = cast<PrimitiveOpInterface>(op);
  ExecScope scope = prim.getExecScope();
  int64_t cta = knownCtaThreads(op);
  int64_t threads = scopeThreads(scope, cta);
  for (auto [i, operand] : llvm::enumerate(op->getOperands())) {
    auto type = dyn_cast<BufferType>(operand.getType());
    if (!type || !type.isLocal() || !type.getLayout())
      continue;
    tileir::layout::TileLayout layout = type.getTileLayout();
    auto pair = layout.scopePair();
    if (!pair) {
      llvm::consumeError(pair.takeError()); // the layout's own verifier
      continue;
    }
    if (!*pair) {
      if (scope != ExecScope::Thread)
        return op->emitOpError() << "expects register operand #" << i
                                 << " to spread over the threads of the "
                                 << stringifyExecScope(scope)
                                 << " (a layout with thread axes); its layout "
                                 << type.getLayout() << " has none";
      continue;
    }
    auto to = static_cast<int>((*pair)->second);
    // A CTA of exactly one warp (warpgroup) is that warp (warpgroup).
    bool wholeCta =
        scope == ExecScope::Cta &&
        ((to == static_cast<int>(ExecScope::Warp) && cta == 32) ||
         (to == static_cast<int>(ExecScope::Warpgroup) && cta == 128));
    if (to != static_cast<int>(scope) && !wholeCta)
      return op->emitOpError()
             << "expects register operand #" << i
             << " to spread over the threads of the "
             << stringifyExecScope(scope) << ", its layout " << type.getLayout()
             << " names the threads of a "
             << tileir::layout::stringifyScope((*pair)->second);
    if (!threads)
      continue;
    // The threads it names, scope-relative.
    static const std::pair<const char *, int64_t> units[] = {
        {"laneid", 1},  {"tid_in_wg", 1},  {"tx", 1},
        {"warpid", 32}, {"wid_in_wg", 32}, {"wgid", 128}};
    int64_t needed = 1;
    for (auto [axis, unit] : units)
      needed += (layout.span(axis) - 1) * unit;
    if (needed > threads)
      return op->emitOpError()
             << "expects register operand #" << i << " to name at most the "
             << threads << " threads of the " << stringifyExecScope(scope)
             << ", its layout " << type.getLayout() << " names " << needed;
  }
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

namespace {
/// Erases a local buffer that nothing reads, with its views and the ops
/// that write it (ops whose only effects are writes to it and reads of
/// other buffers, with nothing of effect nested): a gather lowered to a
/// view region leaves its address and mask tiles unread, and the layout
/// conversion of one of them would otherwise still cost a round trip
/// through shared memory.
struct EraseUnreadLocalBuffer : OpRewritePattern<AllocOp> {
  using OpRewritePattern::OpRewritePattern;
  LogicalResult matchAndRewrite(AllocOp alloc,
                                PatternRewriter &rewriter) const override {
    if (!alloc.getType().isLocal())
      return failure();
    DenseSet<Value> aliases;
    SmallVector<Operation *> views, writers;
    SmallVector<Value> work{alloc.getResult()};
    while (!work.empty()) {
      Value v = work.pop_back_val();
      aliases.insert(v);
      for (Operation *user : v.getUsers()) {
        if (auto view = dyn_cast<ViewOp>(user)) {
          views.push_back(view);
          work.push_back(view.getResult());
        } else if (!llvm::is_contained(writers, user)) {
          writers.push_back(user);
        }
      }
    }
    if (writers.empty())
      return failure();
    for (Operation *w : writers) {
      auto iface = dyn_cast<MemoryEffectOpInterface>(w);
      if (!iface || w->getNumResults())
        return failure();
      SmallVector<MemoryEffects::EffectInstance> effects;
      iface.getEffects(effects);
      for (const MemoryEffects::EffectInstance &e : effects) {
        bool onAlias = e.getValue() && aliases.contains(e.getValue());
        if (isa<MemoryEffects::Read>(e.getEffect()) && !onAlias)
          continue;
        if (isa<MemoryEffects::Write>(e.getEffect()) && onAlias)
          continue;
        return failure();
      }
      WalkResult nested = w->walk([&](Operation *n) {
        return n == w || isMemoryEffectFree(n) ? WalkResult::advance()
                                               : WalkResult::interrupt();
      });
      if (nested.wasInterrupted())
        return failure();
    }
    for (Operation *w : writers)
      rewriter.eraseOp(w);
    for (Operation *view : llvm::reverse(views))
      rewriter.eraseOp(view);
    rewriter.eraseOp(alloc);
    return success();
  }
};
} // namespace

void AllocOp::getCanonicalizationPatterns(RewritePatternSet &results,
                                          MLIRContext *context) {
  results.add<EraseUnreadLocalBuffer>(context);
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
  if (failed(detail::verifyCopySides(*this, dst, src)))
    return failure();
  if (auto padding = getPaddingAttr())
    if (padding.getType() != dst.getElementType())
      return emitOpError() << "expects a padding value of type "
                           << dst.getElementType() << ", got "
                           << padding.getType();
  if (Attribute hint = getConfig() ? getConfig()->get("cache_hint") : nullptr) {
    auto str = dyn_cast<StringAttr>(hint);
    std::string why = "expects config cache_hint to be a string";
    if (!str || failed(checkCacheHint(str.getValue(), why)))
      return emitOpError() << why;
  }
  return success();
}

LogicalResult mlir::tirx::checkCacheHint(StringRef hint, std::string &why) {
  static const char *const kinds[] = {"evict_normal", "evict_unchanged",
                                      "evict_first", "evict_last",
                                      "no_allocate"};
  auto [level, name] = hint.split("::");
  if (level == "L1" && llvm::is_contained(kinds, name))
    return success();
  why = ("expects cache_hint to be L1::evict_normal, L1::evict_unchanged, "
         "L1::evict_first, L1::evict_last or L1::no_allocate, got \"" +
         hint + "\"")
            .str();
  return failure();
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

LogicalResult MemsetOp::verify() {
  Type elementType = getDst().getType().getElementType();
  if (elementType.getIntOrFloatBitWidth() % 8 != 0)
    return emitOpError() << "expects an element type of whole bytes, got "
                         << elementType;
  int64_t value = getValue();
  if (value < 0 || value > 255)
    return emitOpError() << "expects a byte value in [0, 255], got " << value;
  return success();
}

APInt MemsetOp::getElementBits() {
  unsigned width = getDst().getType().getElementType().getIntOrFloatBitWidth();
  return APInt::getSplat(width, APInt(8, getValue()));
}

template <typename OpTy>
static LogicalResult verifyUnaryFloat(OpTy op) {
  BufferType dst = op.getDst().getType();
  if (!isa<FloatType>(dst.getElementType()))
    return op.emitOpError() << "expects a float buffer, got " << dst;
  return verifyOperandLike(op, "src", op.getSrc(), dst, dst.getElementType());
}

template <typename OpTy>
static LogicalResult verifyUnaryMath(OpTy op) {
  if (failed(verifyUnaryFloat(op)))
    return failure();
  BufferType dst = op.getDst().getType();
  if (op.getScale() && failed(verifyOperandLike(op, "scale", op.getScale(), dst,
                                                dst.getElementType())))
    return failure();
  if (op.getBias() && failed(verifyOperandLike(op, "bias", op.getBias(), dst,
                                               dst.getElementType())))
    return failure();
  return success();
}

LogicalResult SqrtOp::verify() { return verifyUnaryMath(*this); }
LogicalResult ExpOp::verify() { return verifyUnaryMath(*this); }
LogicalResult Exp2Op::verify() { return verifyUnaryMath(*this); }
LogicalResult Log2Op::verify() { return verifyUnaryMath(*this); }
LogicalResult ReciprocalOp::verify() { return verifyUnaryFloat(*this); }
LogicalResult SiluOp::verify() { return verifyUnaryFloat(*this); }

/// f8 formats cast supports.
static bool isSupportedF8(Type type) {
  return isa<Float8E4M3FNType, Float8E5M2Type>(type);
}

LogicalResult CastOp::verify() {
  if (failed(verifyOperandLike(*this, "src", getSrc(), getDst().getType(), {})))
    return failure();
  Type to = getDst().getType().getElementType();
  Type from = getSrc().getType().getElementType();
  for (Type t : {from, to}) {
    auto f = dyn_cast<FloatType>(t);
    if (f && f.getWidth() == 8 && !isSupportedF8(f))
      return emitOpError() << "expects f8E4M3FN or f8E5M2 among 8-bit "
                              "floats, got "
                           << t;
    if (f && f.getWidth() < 8)
      return emitOpError() << "expects floats of 8 bits or more, got " << t;
  }
  if ((isSupportedF8(from) && !isa<FloatType>(to)) ||
      (isSupportedF8(to) && !isa<FloatType>(from)))
    return emitOpError() << "expects a float partner for an f8 cast, got "
                         << from << " to " << to;
  if (getUnsigned_() && isa<FloatType>(from) && isa<FloatType>(to))
    return emitOpError() << "expects an integer side with unsigned_";
  // The hardware converts f8 from and to f16/f32 only: f64 <-> f8 would
  // round twice through f32.
  if ((isSupportedF8(from) && to.isF64()) ||
      (isSupportedF8(to) && from.isF64()))
    return emitOpError() << "expects no f64 <-> f8 cast (it would round "
                            "twice through f32; cast through f32 explicitly), "
                            "got "
                         << from << " to " << to;
  return success();
}

LogicalResult FmaOp::verify() {
  BufferType dst = getDst().getType();
  Type elementType = dst.getElementType();
  if (failed(verifyOperandLike(*this, "src", getSrc(), dst, elementType)) ||
      failed(verifyOperandLike(*this, "scale", getScale(), dst, elementType)) ||
      failed(verifyOperandLike(*this, "bias", getBias(), dst, elementType)))
    return failure();
  return success();
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

LogicalResult mlir::tirx::detail::verifyReduceShape(Operation *op,
                                                    BufferType dst,
                                                    BufferType src,
                                                    ArrayRef<int64_t> axes) {
  if (dst.getElementType() != src.getElementType())
    return op->emitOpError()
           << "expects one element type, got " << dst.getElementType()
           << " and " << src.getElementType();
  if (axes.empty())
    return op->emitOpError() << "expects at least one axis";
  for (int64_t axis : axes)
    if (axis < 0 || axis >= src.getRank())
      return op->emitOpError()
             << "expects axes in [0, " << src.getRank() << "), got " << axis;
  SmallVector<int64_t> kept;
  for (int64_t d = 0; d < src.getRank(); ++d) {
    if (!llvm::is_contained(axes, d)) {
      kept.push_back(src.getDimSize(d));
      continue;
    }
    if (llvm::count(axes, d) != 1)
      return op->emitOpError() << "expects distinct axes";
  }
  if (kept.empty())
    kept.push_back(1);
  if (ArrayRef<int64_t>(kept) != dst.getShape())
    return op->emitOpError()
           << "expects a destination of shape ["
           << llvm::make_range(kept.begin(), kept.end()) << "], got " << dst;
  return success();
}

template <typename OpTy>
static LogicalResult verifyReduce(OpTy op) {
  BufferType dst = op.getDst().getType();
  if (failed(verifyReduceShape(op, dst, op.getSrc().getType(), op.getAxes())))
    return failure();
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
