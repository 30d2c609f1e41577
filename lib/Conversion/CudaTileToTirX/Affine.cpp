//===- Affine.cpp - affine index, pointer and mask tiles ------------------===//
//
// Part of TileIR. convert-cuda-tile-to-tirx: what the conversion knows of
// rank-1 integer tiles (base + stride * i), pointer tiles (a scalar pointer
// offset by such a tile with stride 1) and masks (index < limit, and a
// uniform guard), recorded after each op is lowered; a pointer-tile load or
// store over them becomes a global view region (AffineFacts::region).
//
//===----------------------------------------------------------------------===//

#include "EntryLowering.h"

#include "tileir/Dialect/TirX/IR/MemoryTypes.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/GPU/IR/GPUDialect.h"
#include "mlir/Dialect/LLVMIR/LLVMDialect.h"
#include "mlir/IR/Matchers.h"
#include "llvm/Support/MathExtras.h"

using namespace mlir;
using namespace mlir::tileir;

/// True when `v` (a scalar integer) is known to be >= 0.
static bool knownNonNegative(Value v) {
  APInt cst;
  if (matchPattern(v, m_ConstantInt(&cst)))
    return !cst.isNegative();
  Operation *def = v.getDefiningOp();
  if (!def)
    return false;
  if (isa<gpu::BlockIdOp, gpu::GridDimOp, gpu::ThreadIdOp, arith::IndexCastUIOp,
          arith::ExtUIOp>(def))
    return true;
  if (isa<arith::AddIOp, arith::MulIOp>(def))
    return knownNonNegative(def->getOperand(0)) &&
           knownNonNegative(def->getOperand(1));
  return false;
}

/// True when the cuda_tile integer `v` is known to be >= 0 (as a signed
/// number): a non-negative constant, a value under `assume bounded<lb, ..>`
/// with lb >= 0, or a zero extension, broadcast, reshape or sign extension
/// of such a value.
static bool knownNonNegativeTile(const DenseMap<Value, Attribute> &assumptions,
                                 Value v) {
  if (auto bounded = dyn_cast_or_null<ct::BoundedAttr>(assumptions.lookup(v)))
    if (bounded.getLb() && *bounded.getLb() >= 0)
      return true;
  Operation *def = v.getDefiningOp();
  if (!def)
    return false;
  if (auto cst = dyn_cast<ct::ConstantOp>(def)) {
    auto dense = dyn_cast<DenseIntElementsAttr>(cst.getValue());
    return dense && llvm::all_of(dense.getValues<APInt>(), [](const APInt &x) {
             return !x.isNegative();
           });
  }
  if (auto ext = dyn_cast<ct::ExtIOp>(def))
    return ext.getSignedness() == ct::Signedness::Unsigned ||
           knownNonNegativeTile(assumptions, ext.getSource());
  if (isa<ct::BroadcastOp, ct::ReshapeOp, ct::AssumeOp>(def))
    return knownNonNegativeTile(assumptions, def->getOperand(0));
  return false;
}

/// Divisors are powers of two, capped here (the alignments they give never
/// exceed 16 bytes; the cap keeps products from overflowing).
static constexpr int64_t kMaxDivisor = int64_t(1) << 20;

/// The largest power of two dividing `v` (capped; 0: the cap).
static int64_t powerOfTwoDivisor(int64_t v) {
  return v == 0 ? kMaxDivisor
                : std::min(kMaxDivisor, int64_t(1)
                                            << llvm::countr_zero(uint64_t(v)));
}

/// A power of two known to divide the cuda_tile integer `v` (a scalar or a
/// tile holding one value everywhere): from `assume div_by`, constants,
/// products and sums; 1 when nothing is known.
static int64_t knownDivisor(const DenseMap<Value, Attribute> &assumptions,
                            Value v) {
  int64_t assumed = assumedDivisor(assumptions, v);
  Operation *def = v.getDefiningOp();
  int64_t derived = 1;
  if (auto cst = def ? dyn_cast<ct::ConstantOp>(def) : nullptr) {
    if (auto dense = dyn_cast<DenseIntElementsAttr>(cst.getValue());
        dense && dense.isSplat())
      derived = powerOfTwoDivisor(dense.getSplatValue<APInt>().getSExtValue());
  } else if (def &&
             isa<ct::BroadcastOp, ct::ReshapeOp, ct::AssumeOp, ct::ExtIOp>(
                 def)) {
    derived = knownDivisor(assumptions, def->getOperand(0));
  } else if (def && isa<ct::MulIOp>(def)) {
    derived = std::min(kMaxDivisor,
                       knownDivisor(assumptions, def->getOperand(0)) *
                           knownDivisor(assumptions, def->getOperand(1)));
  } else if (def && isa<ct::AddIOp>(def)) {
    derived = std::min(knownDivisor(assumptions, def->getOperand(0)),
                       knownDivisor(assumptions, def->getOperand(1)));
  }
  return std::max(assumed, derived);
}

void AffineFacts::track(Operation *op) {
  OpBuilder &b = l.b;
  if (op->getNumResults() != 1)
    return;
  Value result = op->getResult(0);
  auto type = dyn_cast<ct::TileType>(result.getType());
  if (!type || type.getRank() != 1)
    return;
  Location loc = op->getLoc();
  Value lowered = l.get(result);
  bool isInt = isa<IntegerType>(type.getElementType());
  // A tile that stayed a scalar holds the same value everywhere.
  if (isInt && lowered && !isa<tirx::BufferType>(lowered.getType())) {
    affine[result] = {lowered, 0, knownDivisor(l.assumptions, result)};
    return;
  }
  // A uniform i1 and a bounds mask: the mask with the uniform as its guard.
  if (auto andOp = dyn_cast<ct::AndIOp>(op)) {
    for (auto [x, y] : {std::pair(andOp.getLhs(), andOp.getRhs()),
                        std::pair(andOp.getRhs(), andOp.getLhs())}) {
      Value uniform = l.get(x);
      auto m = masks.find(y);
      if (!uniform || isa<tirx::BufferType>(uniform.getType()) ||
          !uniform.getType().isInteger(1) || m == masks.end())
        continue;
      BoundsMask guarded = m->second;
      guarded.guard =
          guarded.guard ? arith::AndIOp::create(b, loc, guarded.guard, uniform)
                              .getResult()
                        : uniform;
      masks[result] = guarded;
      return;
    }
    return;
  }
  if (isa<ct::IotaOp>(op)) {
    affine[result] = {arith::ConstantOp::create(
                          b, loc, b.getIntegerAttr(type.getElementType(), 0)),
                      1, kMaxDivisor};
    return;
  }
  if (auto add = dyn_cast<ct::AddIOp>(op)) {
    auto lhs = affine.find(add.getLhs()), rhs = affine.find(add.getRhs());
    if (lhs != affine.end() && rhs != affine.end())
      affine[result] = {
          arith::AddIOp::create(b, loc, lhs->second.base, rhs->second.base),
          lhs->second.stride + rhs->second.stride,
          std::min(lhs->second.divisor, rhs->second.divisor)};
    return;
  }
  if (auto mul = dyn_cast<ct::MulIOp>(op)) {
    for (auto [x, c] : {std::pair(mul.getLhs(), mul.getRhs()),
                        std::pair(mul.getRhs(), mul.getLhs())}) {
      auto a = affine.find(x);
      APInt factor;
      Value cst = l.get(c);
      if (a == affine.end() || !cst ||
          !matchPattern(cst, m_ConstantInt(&factor)))
        continue;
      // A product by one is the same function (the same base value: bounds
      // masks of the operand apply to it). The new entry is made before
      // `result` is inserted: that may grow the map and free `a`'s entry.
      Affine product = a->second;
      if (!factor.isOne())
        product = {arith::MulIOp::create(b, loc, a->second.base, cst),
                   a->second.stride * factor.getSExtValue(),
                   std::min(kMaxDivisor,
                            a->second.divisor *
                                powerOfTwoDivisor(factor.getSExtValue()))};
      affine[result] = product;
      return;
    }
    return;
  }
  if (auto ext = dyn_cast<ct::ExtIOp>(op)) {
    // The tile's values do not wrap within the tile (as everywhere here), so
    // extending each is extending the base.
    auto a = affine.find(ext.getSource());
    auto to = dyn_cast<IntegerType>(type.getElementType());
    if (a == affine.end() || !to)
      return;
    Value base = a->second.base;
    Value wide = ext.getSignedness() == ct::Signedness::Signed
                     ? arith::ExtSIOp::create(b, loc, to, base).getResult()
                     : arith::ExtUIOp::create(b, loc, to, base).getResult();
    affine[result] = {wide, a->second.stride, a->second.divisor};
    return;
  }
  if (auto offset = dyn_cast<ct::OffsetOp>(op)) {
    Value ptr = l.get(offset.getPtr());
    auto a = affine.find(offset.getOffset());
    if (ptr && isa<LLVM::LLVMPointerType>(ptr.getType()) && a != affine.end() &&
        a->second.stride == 1)
      pointers[result] = {ptr, offset.getOffset()};
    return;
  }
  if (auto cmp = dyn_cast<ct::CmpIOp>(op)) {
    auto a = affine.find(cmp.getLhs());
    Value limit = l.get(cmp.getRhs());
    if (cmp.getComparisonPredicate() != ct::ComparisonPredicate::LessThan ||
        a == affine.end() || a->second.stride != 1 || !limit ||
        isa<tirx::BufferType>(limit.getType()))
      return;
    // Signed i < n equals the view's 0 <= i < n only for i >= 0; unsigned
    // i < n equals it for n >= 0.
    if (cmp.getSignedness() == ct::Signedness::Signed
            ? !knownNonNegative(a->second.base)
            : !knownNonNegativeTile(l.assumptions, cmp.getRhs()))
      return;
    masks[result] = {cmp.getLhs(), limit, Value()};
  }
}

FailureOr<Value> AffineFacts::region(Value ptrTile, Value mask, Location loc) {
  OpBuilder &b = l.b;
  auto p = pointers.find(ptrTile);
  if (p == pointers.end())
    return failure();
  const Affine &offsets = affine.find(p->second.index)->second;
  auto tileType = cast<ct::TileType>(ptrTile.getType());
  Type elem = cast<ct::PointerType>(tileType.getElementType()).getPointeeType();
  int64_t elemBytes = tirx::getMemoryBytes(elem);
  // Entry pointer arguments carry the ABI's alignment.
  Value ptr = p->second.ptr;
  int64_t alignment = isa<BlockArgument>(ptr) ? l.pointerAlignment : elemBytes;
  Value base, size;
  if (mask) {
    // Element i is at ptr + offsets.base + i and in bounds when
    // 0 <= bounded.base + i < limit (and the guard holds): the view starts
    // offsets.base - bounded.base elements after ptr, the region at
    // bounded.base; a false guard leaves the view empty.
    auto m = masks.find(mask);
    if (m == masks.end())
      return failure();
    const Affine &bounded = affine.find(m->second.index)->second;
    if (bounded.stride != offsets.stride)
      return failure();
    base = l.toIndex(bounded.base, loc);
    size = l.toIndex(m->second.limit, loc);
    if (m->second.guard)
      size = arith::SelectOp::create(b, loc, m->second.guard, size,
                                     arith::ConstantIndexOp::create(b, loc, 0));
    if (bounded.base != offsets.base) {
      Value shift = arith::IndexCastOp::create(
          b, loc, b.getI64Type(),
          arith::SubIOp::create(b, loc, l.toIndex(offsets.base, loc), base));
      ptr =
          LLVM::GEPOp::create(b, loc, ptr.getType(), tirx::getMemoryType(elem),
                              ptr, ValueRange{shift});
      int64_t shiftBytes = std::min(
          kMaxDivisor, std::min(offsets.divisor, bounded.divisor) * elemBytes);
      alignment = std::min(alignment, powerOfTwoDivisor(shiftBytes));
    }
  } else {
    // Unmasked: every element is accessed; the region is in bounds.
    if (!knownNonNegative(offsets.base))
      return failure();
    base = l.toIndex(offsets.base, loc);
    size = arith::AddIOp::create(
        b, loc, base,
        arith::ConstantIndexOp::create(b, loc, tileType.getShape()[0]));
  }
  auto viewType = tirx::BufferType::get(b.getContext(), {ShapedType::kDynamic},
                                        elem, tirx::MemScope::Global, nullptr);
  Value view = tirx::GlobalViewOp::create(
      b, loc, viewType, ptr, ValueRange{size}, ValueRange{},
      b.getDenseI64ArrayAttr({ShapedType::kDynamic}),
      b.getDenseI64ArrayAttr({1}), b.getI64IntegerAttr(alignment));
  auto regionType =
      tirx::BufferType::get(b.getContext(), tileType.getShape(), elem,
                            tirx::MemScope::Global, nullptr);
  return tirx::RegionOp::create(b, loc, regionType, view, ValueRange{base},
                                b.getDenseI64ArrayAttr({ShapedType::kDynamic}))
      .getResult();
}

void AffineFacts::alias(Value in, Value out) {
  copyEntry(affine, in, out);
  copyEntry(pointers, in, out);
  copyEntry(masks, in, out);
}
