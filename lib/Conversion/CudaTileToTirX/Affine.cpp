//===- Affine.cpp - affine index, pointer and mask tiles ------------------===//
//
// Part of TileIR. convert-cuda-tile-to-tirx: what the conversion knows of
// rank-1 integer tiles (base + stride * i), pointer tiles (a scalar pointer
// offset by such a tile with stride 1) and masks (index < limit, and a
// uniform guard), and of tiles of higher rank that are sums of such rank-1
// indices along distinct dimensions, each times a uniform stride (cuTile's
// gathers by x[:, None] and y[None, :]), with masks that bound each
// dimension; analyzed on the cuda_tile body before it is lowered. A
// pointer-tile load or store over them becomes a global view region
// (AffineFacts::region), whose scalar bases are built as the ops are lowered.
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

int64_t
mlir::tileir::knownDivisor(const DenseMap<Value, Attribute> &assumptions,
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

std::optional<APInt> mlir::tileir::splatInteger(Value v) {
  Operation *def = v.getDefiningOp();
  if (!def)
    return std::nullopt;
  if (isa<ct::ReshapeOp, ct::BroadcastOp, ct::AssumeOp>(def))
    return splatInteger(def->getOperand(0));
  auto cst = dyn_cast<ct::ConstantOp>(def);
  auto dense = cst ? dyn_cast<DenseIntElementsAttr>(cst.getValue())
                   : DenseIntElementsAttr();
  if (!dense || !dense.isSplat())
    return std::nullopt;
  return dense.getSplatValue<APInt>();
}

bool AffineFacts::isUniform(Value v) const { return uniform.contains(v); }

/// The operand of `mul` that holds the affine tile (in `affine`, tried lhs
/// first) and the splat constant it is multiplied by, or nullopt.
static std::optional<std::pair<Value, APInt>>
scaledOperand(ct::MulIOp mul,
              const DenseMap<Value, AffineFacts::Affine> &affine) {
  for (auto [x, c] : {std::pair(mul.getLhs(), mul.getRhs()),
                      std::pair(mul.getRhs(), mul.getLhs())})
    if (std::optional<APInt> factor = splatInteger(c);
        factor && affine.contains(x))
      return std::pair(x, *factor);
  return std::nullopt;
}

void AffineFacts::analyze(ct::EntryOp entry) {
  for (BlockArgument arg : entry.getBody().getArguments())
    if (auto type = dyn_cast<ct::TileType>(arg.getType());
        type && type.getRank() == 0)
      uniform.insert(arg);
  // Program order: every operand is analyzed before its users (loop-carried
  // values are block arguments, which hold no facts unless rank 0).
  entry.getBody().walk<WalkOrder::PreOrder>([&](Operation *op) {
    for (Region &region : op->getRegions())
      for (Block &block : region)
        for (BlockArgument arg : block.getArguments())
          if (auto type = dyn_cast<ct::TileType>(arg.getType());
              type && type.getRank() == 0)
            uniform.insert(arg);
    analyze(op);
  });
  for (auto &[ptrTile, p] : pointers)
    need(p.index);
  for (auto &[mask, m] : masks)
    need(m.index);
  for (auto &[ptrTile, p] : gridPointers)
    for (const Term &t : separable.find(p.second)->second)
      need(t.index);
  for (auto &[mask, m] : gridMasks)
    for (const Term &t : m.bounds)
      need(t.index);
}

void AffineFacts::need(Value v) {
  if (!needed.insert(v).second || isUniform(v))
    return;
  Operation *def = v.getDefiningOp();
  if (isa<ct::AddIOp>(def)) {
    need(def->getOperand(0));
    need(def->getOperand(1));
  } else if (auto mul = dyn_cast<ct::MulIOp>(def)) {
    need(scaledOperand(mul, affine)->first);
  } else if (isa<ct::ExtIOp, ct::AssumeOp>(def)) {
    need(def->getOperand(0));
  }
}

void AffineFacts::analyze(Operation *op) {
  if (op->getNumResults() != 1)
    return;
  Value result = op->getResult(0);
  auto type = dyn_cast<ct::TileType>(result.getType());
  if (!type)
    return;
  // The tiles the conversion keeps as scalars.
  auto cst = dyn_cast<ct::ConstantOp>(op);
  auto dense =
      cst ? dyn_cast<DenseElementsAttr>(cst.getValue()) : DenseElementsAttr();
  if (type.getRank() == 0 || (dense && dense.isSplat()) ||
      (isa<ct::ReshapeOp, ct::BroadcastOp, ct::AssumeOp>(op) &&
       isUniform(op->getOperand(0))) ||
      (isScalarElementwise(op) &&
       llvm::all_of(op->getOperands(), [&](Value v) { return isUniform(v); })))
    uniform.insert(result);
  if (type.getRank() > 1 && !isUniform(result)) {
    analyzeGrid(op);
    return;
  }
  if (type.getRank() != 1)
    return;
  bool isInt = isa<IntegerType>(type.getElementType());
  // A uniform tile holds the same value everywhere.
  if (isInt && isUniform(result)) {
    affine[result] = {0, knownDivisor(l.assumptions, result), true};
    return;
  }
  if (auto assume = dyn_cast<ct::AssumeOp>(op)) {
    Value in = assume.getValue();
    copyEntry(affine, in, result);
    copyEntry(pointers, in, result);
    copyEntry(masks, in, result);
    return;
  }
  // A uniform i1 and a bounds mask: the mask with the uniform as a guard.
  if (auto andOp = dyn_cast<ct::AndIOp>(op)) {
    for (auto [x, y] : {std::pair(andOp.getLhs(), andOp.getRhs()),
                        std::pair(andOp.getRhs(), andOp.getLhs())}) {
      auto m = masks.find(y);
      if (!isUniform(x) || m == masks.end())
        continue;
      masks[result] = {m->second.index, m->second.limit, y, x};
      return;
    }
    return;
  }
  if (isa<ct::IotaOp>(op)) {
    affine[result] = {1, kMaxDivisor};
    return;
  }
  if (auto add = dyn_cast<ct::AddIOp>(op)) {
    auto lhs = affine.find(add.getLhs()), rhs = affine.find(add.getRhs());
    if (lhs != affine.end() && rhs != affine.end())
      affine[result] = {lhs->second.stride + rhs->second.stride,
                        std::min(lhs->second.divisor, rhs->second.divisor)};
    return;
  }
  if (auto mul = dyn_cast<ct::MulIOp>(op)) {
    if (auto scaled = scaledOperand(mul, affine)) {
      const APInt &factor = scaled->second;
      // The entry is made before `result` is inserted: that may grow the
      // map and free the operand's entry.
      Affine a = affine.find(scaled->first)->second;
      Affine product = {a.stride, a.divisor};
      if (!factor.isOne())
        product = {
            a.stride * factor.getSExtValue(),
            std::min(kMaxDivisor,
                     a.divisor * powerOfTwoDivisor(factor.getSExtValue()))};
      affine[result] = product;
    }
    return;
  }
  if (auto ext = dyn_cast<ct::ExtIOp>(op)) {
    // The tile's values do not wrap within the tile (as everywhere here), so
    // extending each is extending the base.
    auto a = affine.find(ext.getSource());
    if (a != affine.end() && isInt) {
      Affine extended = {a->second.stride, a->second.divisor};
      affine[result] = extended;
    }
    return;
  }
  if (auto offset = dyn_cast<ct::OffsetOp>(op)) {
    auto a = affine.find(offset.getOffset());
    if (isUniform(offset.getPtr()) && a != affine.end() &&
        a->second.stride == 1)
      pointers[result] = {offset.getPtr(), offset.getOffset()};
    return;
  }
  if (auto cmp = dyn_cast<ct::CmpIOp>(op)) {
    auto a = affine.find(cmp.getLhs());
    if (cmp.getComparisonPredicate() == ct::ComparisonPredicate::LessThan &&
        a != affine.end() && a->second.stride == 1 && isUniform(cmp.getRhs()))
      masks[result] = {cmp.getLhs(), cmp.getRhs(), Value(), Value()};
  }
}

/// Whether `terms` use distinct dimensions.
static bool distinctDims(ArrayRef<AffineFacts::Term> terms) {
  for (auto [i, t] : llvm::enumerate(terms))
    for (const AffineFacts::Term &u : terms.drop_front(i + 1))
      if (t.dim == u.dim)
        return false;
  return true;
}

void AffineFacts::analyzeGrid(Operation *op) {
  Value result = op->getResult(0);
  ArrayRef<int64_t> shape = cast<ct::TileType>(result.getType()).getShape();
  // Entries are copied out before `result` is inserted (that may grow the
  // map and move them).
  if (isa<ct::AssumeOp>(op)) {
    copyEntry(separable, op->getOperand(0), result);
    copyEntry(gridPointers, op->getOperand(0), result);
    copyEntry(gridMasks, op->getOperand(0), result);
    return;
  }
  if (auto reshape = dyn_cast<ct::ReshapeOp>(op)) {
    // A rank-1 tile along the one dimension of more than one element.
    Value src = reshape.getSource();
    int64_t n = cast<ct::TileType>(src.getType()).getNumElements();
    auto along = llvm::find_if(shape, [](int64_t d) { return d != 1; });
    if (n == 1 || along == shape.end() || *along != n)
      return;
    int64_t dim = along - shape.begin();
    if (auto a = affine.find(src);
        a != affine.end() && a->second.stride == 1 && !a->second.uniform) {
      separable[result] = {Term{dim, src, Value()}};
      return;
    }
    // A rank-1 bounds mask (not guarded) along that dimension, whose limit
    // is known non-negative: then a signed and an unsigned test agree with
    // the view's bounds for the non-negative index gridRegion requires (the
    // rank-1 mask's own signedness is checked only where it is lowered).
    if (auto m = masks.find(src);
        m != masks.end() && !m->second.inner &&
        knownNonNegativeTile(l.assumptions, m->second.limit)) {
      GridMask grid{{Term{dim, m->second.index, m->second.limit}}, Value()};
      gridMasks[result] = grid;
    }
    return;
  }
  if (auto broadcast = dyn_cast<ct::BroadcastOp>(op)) {
    // The dimensions a term varies along keep their extent.
    Value src = broadcast.getSource();
    ArrayRef<int64_t> from = cast<ct::TileType>(src.getType()).getShape();
    auto kept = [&](ArrayRef<Term> terms) {
      return llvm::all_of(
          terms, [&](const Term &t) { return from[t.dim] == shape[t.dim]; });
    };
    if (auto t = separable.find(src); t != separable.end() && kept(t->second))
      copyEntry(separable, src, result);
    if (auto m = gridMasks.find(src);
        m != gridMasks.end() && kept(m->second.bounds))
      copyEntry(gridMasks, src, result);
    return;
  }
  if (auto ext = dyn_cast<ct::ExtIOp>(op)) {
    // As for rank 1, extending each value extends the bases (kept
    // non-negative, region checks).
    copyEntry(separable, ext.getSource(), result);
    return;
  }
  if (auto mul = dyn_cast<ct::MulIOp>(op)) {
    for (auto [x, c] : {std::pair(mul.getLhs(), mul.getRhs()),
                        std::pair(mul.getRhs(), mul.getLhs())}) {
      auto t = separable.find(x);
      if (t == separable.end() || !isUniform(c))
        continue;
      SmallVector<Term, 2> terms = t->second;
      std::optional<APInt> factor = splatInteger(c);
      if (!factor || !factor->isOne()) {
        // One uniform factor per term.
        if (llvm::any_of(terms, [](const Term &u) { return u.scale; }))
          return;
        for (Term &u : terms)
          u.scale = c;
      }
      separable[result] = terms;
      return;
    }
    return;
  }
  if (auto add = dyn_cast<ct::AddIOp>(op)) {
    auto x = separable.find(add.getLhs()), y = separable.find(add.getRhs());
    if (x == separable.end() || y == separable.end())
      return;
    SmallVector<Term, 2> terms = x->second;
    terms.append(y->second.begin(), y->second.end());
    if (distinctDims(terms))
      separable[result] = terms;
    return;
  }
  if (auto offset = dyn_cast<ct::OffsetOp>(op)) {
    if (isUniform(offset.getPtr()) && separable.contains(offset.getOffset()))
      gridPointers[result] = {offset.getPtr(), offset.getOffset()};
    return;
  }
  if (auto cmp = dyn_cast<ct::CmpIOp>(op)) {
    // index < limit along one dimension. Signed, it is the view's bounds
    // for a non-negative index (region checks the base); unsigned, for a
    // non-negative limit.
    auto t = separable.find(cmp.getLhs());
    if (cmp.getComparisonPredicate() != ct::ComparisonPredicate::LessThan ||
        t == separable.end() || t->second.size() != 1 ||
        t->second.front().scale || !isUniform(cmp.getRhs()) ||
        (cmp.getSignedness() == ct::Signedness::Unsigned &&
         !knownNonNegativeTile(l.assumptions, cmp.getRhs())))
      return;
    GridMask grid{
        {Term{t->second.front().dim, t->second.front().index, cmp.getRhs()}},
        Value()};
    gridMasks[result] = grid;
    return;
  }
  if (auto andOp = dyn_cast<ct::AndIOp>(op)) {
    for (auto [x, y] : {std::pair(andOp.getLhs(), andOp.getRhs()),
                        std::pair(andOp.getRhs(), andOp.getLhs())}) {
      auto m = gridMasks.find(x);
      if (m == gridMasks.end())
        continue;
      GridMask grid = m->second;
      if (auto other = gridMasks.find(y); other != gridMasks.end()) {
        if (grid.guard && other->second.guard)
          return;
        grid.bounds.append(other->second.bounds.begin(),
                           other->second.bounds.end());
        if (!grid.guard)
          grid.guard = other->second.guard;
        if (!distinctDims(grid.bounds))
          return;
      } else if (isUniform(y) && !grid.guard) {
        grid.guard = y;
      } else {
        continue;
      }
      gridMasks[result] = grid;
      return;
    }
  }
}

/// `v` when it is a lowered scalar (not a buffer), else null.
static Value scalarOrNull(Value v) {
  return v && !isa<tirx::BufferType>(v.getType()) ? v : Value();
}

void AffineFacts::lowered(Operation *op) {
  OpBuilder &b = l.b;
  if (op->getNumResults() != 1)
    return;
  Value result = op->getResult(0);
  Location loc = op->getLoc();
  if (needed.contains(result)) {
    // The base of `result` from the lowered value (uniform) or from the
    // bases of its operands; null where one is missing.
    Value base;
    auto baseOf = [&](Value v) { return bases.lookup(v); };
    if (affine.lookup(result).uniform) {
      base = scalarOrNull(l.get(result));
      if (base && !isa<IntegerType>(base.getType()))
        base = Value();
    } else if (isa<ct::IotaOp>(op)) {
      auto type = cast<ct::TileType>(result.getType());
      base = arith::ConstantOp::create(
          b, loc, b.getIntegerAttr(type.getElementType(), 0));
    } else if (auto add = dyn_cast<ct::AddIOp>(op)) {
      if (Value x = baseOf(add.getLhs()), y = baseOf(add.getRhs()); x && y)
        base = arith::AddIOp::create(b, loc, x, y);
    } else if (auto mul = dyn_cast<ct::MulIOp>(op)) {
      auto [from, factor] = *scaledOperand(mul, affine);
      Value x = baseOf(from);
      Value c = scalarOrNull(
          l.get(from == mul.getLhs() ? mul.getRhs() : mul.getLhs()));
      // A product by one is the same function (the same base value: bounds
      // masks of the operand apply to it).
      if (x && c)
        base = factor.isOne() ? x
                              : arith::MulIOp::create(b, loc, x, c).getResult();
    } else if (auto ext = dyn_cast<ct::ExtIOp>(op)) {
      auto to = cast<IntegerType>(
          cast<ct::TileType>(result.getType()).getElementType());
      if (Value x = baseOf(ext.getSource()))
        base = ext.getSignedness() == ct::Signedness::Signed
                   ? arith::ExtSIOp::create(b, loc, to, x).getResult()
                   : arith::ExtUIOp::create(b, loc, to, x).getResult();
    } else if (isa<ct::AssumeOp>(op)) {
      base = baseOf(op->getOperand(0));
    }
    bases[result] = base;
  }
  auto m = masks.find(result);
  if (m == masks.end())
    return;
  const BoundsMask &mask = m->second;
  if (isa<ct::AssumeOp>(op)) {
    copyEntry(loweredMasks, op->getOperand(0), result);
    return;
  }
  if (mask.inner) {
    auto inner = loweredMasks.find(mask.inner);
    Value guard = scalarOrNull(l.get(mask.guard));
    if (inner == loweredMasks.end() || !guard || !guard.getType().isInteger(1))
      return;
    LoweredMask guarded = inner->second;
    guarded.guard =
        guarded.guard
            ? arith::AndIOp::create(b, loc, guarded.guard, guard).getResult()
            : guard;
    loweredMasks[result] = guarded;
    return;
  }
  // Signed i < n equals the view's 0 <= i < n only for i >= 0; unsigned
  // i < n equals it for n >= 0.
  auto cmp = cast<ct::CmpIOp>(op);
  Value limit = scalarOrNull(l.get(mask.limit));
  Value base = bases.lookup(mask.index);
  if (!limit || !base ||
      (cmp.getSignedness() == ct::Signedness::Signed
           ? !knownNonNegative(base)
           : !knownNonNegativeTile(l.assumptions, mask.limit)))
    return;
  loweredMasks[result] = {limit, Value()};
}

Value AffineFacts::boundSize(Value tile, Value limit, Location loc) {
  if (knownNonNegativeTile(l.assumptions, tile))
    return limit;
  return arith::MaxSIOp::create(l.b, loc, limit,
                                arith::ConstantIndexOp::create(l.b, loc, 0));
}

FailureOr<Value> AffineFacts::region(Value ptrTile, Value mask, Location loc) {
  OpBuilder &b = l.b;
  if (gridPointers.contains(ptrTile))
    return gridRegion(ptrTile, mask, loc);
  auto p = pointers.find(ptrTile);
  if (p == pointers.end())
    return failure();
  Value ptr = scalarOrNull(l.get(p->second.ptr));
  Value offsetsBase = bases.lookup(p->second.index);
  if (!ptr || !isa<LLVM::LLVMPointerType>(ptr.getType()) || !offsetsBase)
    return failure();
  const Affine &offsets = affine.find(p->second.index)->second;
  auto tileType = cast<ct::TileType>(ptrTile.getType());
  Type elem = cast<ct::PointerType>(tileType.getElementType()).getPointeeType();
  int64_t elemBytes = tirx::getMemoryBytes(elem);
  int64_t alignment = l.pointerAlignmentOf(p->second.ptr, ptr, elemBytes);
  Value base, size;
  if (mask) {
    // Element i is at ptr + offsets.base + i and in bounds when
    // 0 <= bounded.base + i < limit (and the guard holds): the view starts
    // offsets.base - bounded.base elements after ptr, the region at
    // bounded.base; a false guard leaves the view empty.
    auto m = masks.find(mask);
    auto lm = loweredMasks.find(mask);
    if (m == masks.end() || lm == loweredMasks.end())
      return failure();
    const Affine &bounded = affine.find(m->second.index)->second;
    Value boundedBase = bases.lookup(m->second.index);
    if (bounded.stride != offsets.stride)
      return failure();
    base = l.toIndex(boundedBase, loc);
    size = boundSize(m->second.limit, l.toIndex(lm->second.limit, loc), loc);
    if (lm->second.guard)
      size = arith::SelectOp::create(b, loc, lm->second.guard, size,
                                     arith::ConstantIndexOp::create(b, loc, 0));
    if (boundedBase != offsetsBase) {
      Value shift = arith::IndexCastOp::create(
          b, loc, b.getI64Type(),
          arith::SubIOp::create(b, loc, l.toIndex(offsetsBase, loc), base));
      ptr =
          LLVM::GEPOp::create(b, loc, ptr.getType(), tirx::getMemoryType(elem),
                              ptr, ValueRange{shift});
      int64_t shiftBytes = std::min(
          kMaxDivisor, std::min(offsets.divisor, bounded.divisor) * elemBytes);
      alignment = std::min(alignment, powerOfTwoDivisor(shiftBytes));
    }
  } else {
    // Unmasked: every element is accessed; the region is in bounds.
    if (!knownNonNegative(offsetsBase))
      return failure();
    base = l.toIndex(offsetsBase, loc);
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

FailureOr<Value> AffineFacts::gridRegion(Value ptrTile, Value mask,
                                         Location loc) {
  OpBuilder &b = l.b;
  const std::pair<Value, Value> &p = gridPointers.find(ptrTile)->second;
  Value ptr = scalarOrNull(l.get(p.first));
  if (!ptr || !isa<LLVM::LLVMPointerType>(ptr.getType()))
    return failure();
  const GridMask *grid = nullptr;
  if (mask) {
    auto m = gridMasks.find(mask);
    if (m == gridMasks.end())
      return failure();
    grid = &m->second;
  }
  auto tileType = cast<ct::TileType>(ptrTile.getType());
  ArrayRef<int64_t> shape = tileType.getShape();
  int64_t rank = shape.size();
  Type elem = cast<ct::PointerType>(tileType.getElementType()).getPointeeType();
  // Element (i_0, ...) is at ptr + sum_d (base_d + i_d) * stride_d and in
  // bounds when base_d + i_d < limit_d along each bounded dimension: the
  // view has those strides and limits (base_d + extent along the others),
  // the region starts at the bases. A dimension without a term has one
  // element.
  SmallVector<Value> origin, sizes, strides;
  SmallVector<int64_t> staticStrides;
  Value zero = arith::ConstantIndexOp::create(b, loc, 0);
  for (int64_t d = 0; d < rank; ++d) {
    const SmallVector<Term, 2> &terms = separable.find(p.second)->second;
    const Term *term =
        llvm::find_if(terms, [&](const Term &t) { return t.dim == d; });
    const Term *bound = nullptr;
    if (grid)
      if (auto it = llvm::find_if(grid->bounds,
                                  [&](const Term &t) { return t.dim == d; });
          it != grid->bounds.end())
        bound = it;
    if (term == terms.end()) {
      if (shape[d] != 1 || bound)
        return failure();
      origin.push_back(zero);
      sizes.push_back(arith::ConstantIndexOp::create(b, loc, 1));
      staticStrides.push_back(1);
      continue;
    }
    // The mask bounds the index the pointer is offset by.
    if (bound && bound->index != term->index)
      return failure();
    Value base = bases.lookup(term->index);
    if (!base || !knownNonNegative(base))
      return failure();
    Value index = l.toIndex(base, loc);
    origin.push_back(index);
    if (bound) {
      Value limit = scalarOrNull(l.get(bound->scale));
      if (!limit || !isa<IntegerType>(limit.getType()))
        return failure();
      sizes.push_back(boundSize(
          bound->scale,
          l.toIndex(limit, knownDivisor(l.assumptions, bound->scale), loc),
          loc));
    } else {
      sizes.push_back(arith::AddIOp::create(
          b, loc, index, arith::ConstantIndexOp::create(b, loc, shape[d])));
    }
    if (!term->scale) {
      staticStrides.push_back(1);
      continue;
    }
    Value stride = scalarOrNull(l.get(term->scale));
    if (!stride || !isa<IntegerType>(stride.getType()))
      return failure();
    staticStrides.push_back(ShapedType::kDynamic);
    strides.push_back(
        l.toIndex(stride, knownDivisor(l.assumptions, term->scale), loc));
  }
  if (grid && grid->guard) {
    // A false guard leaves the view empty.
    Value guard = scalarOrNull(l.get(grid->guard));
    if (!guard || !guard.getType().isInteger(1))
      return failure();
    sizes.front() = arith::SelectOp::create(b, loc, guard, sizes.front(), zero);
  }
  int64_t alignment =
      l.pointerAlignmentOf(p.first, ptr, tirx::getMemoryBytes(elem));
  SmallVector<int64_t> dynamic(rank, ShapedType::kDynamic);
  auto viewType = tirx::BufferType::get(b.getContext(), dynamic, elem,
                                        tirx::MemScope::Global, nullptr);
  Value view = tirx::GlobalViewOp::create(
      b, loc, viewType, ptr, sizes, strides, b.getDenseI64ArrayAttr(dynamic),
      b.getDenseI64ArrayAttr(staticStrides), b.getI64IntegerAttr(alignment));
  auto regionType = tirx::BufferType::get(b.getContext(), shape, elem,
                                          tirx::MemScope::Global, nullptr);
  return tirx::RegionOp::create(b, loc, regionType, view, origin,
                                b.getDenseI64ArrayAttr(dynamic))
      .getResult();
}
