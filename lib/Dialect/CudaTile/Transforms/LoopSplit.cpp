//===- LoopSplit.cpp - Split loops at an inner if's flip point --*- C++ -*-===//
//
// Part of TileIR.
//
// The cuda-tile-loop-split pass.
//
//===----------------------------------------------------------------------===//

#include "tileir/Dialect/CudaTile/Transforms/Passes.h"

#include "tileir/Dialect/CudaTile/IR/LoopUtils.h"

#include "mlir/IR/IRMapping.h"
#include "mlir/IR/Matchers.h"
#include "mlir/IR/PatternMatch.h"

namespace mlir::cuda_tile {
#define GEN_PASS_DEF_CUDATILELOOPSPLIT
#include "tileir/Dialect/CudaTile/Transforms/Passes.h.inc"
} // namespace mlir::cuda_tile

using namespace mlir;
using namespace mlir::cuda_tile;

/// The discardable attribute that overrides the split threshold.
static constexpr StringLiteral kLoopSplitAttr = "cuda_tile.loop_split";

namespace {

/// A split candidate: the `if`, and whether its then-branch runs in the
/// first (lower) part of the iteration space.
struct SplitCandidate {
  IfOp ifOp;
  /// The first iteration of the second loop, before clamping to [lb, ub].
  Value splitPoint;
  bool thenFirst;
};

/// The threshold for `ifOp` in `forOp`: the innermost `cuda_tile.loop_split`
/// on the if, the for or an enclosing op, else `defaultThreshold`.
static unsigned getThreshold(IfOp ifOp, unsigned defaultThreshold) {
  for (Operation *op = ifOp; op; op = op->getParentOp())
    if (auto attr = op->getAttrOfType<IntegerAttr>(kLoopSplitAttr))
      return attr.getInt();
  return defaultThreshold;
}

static bool isHeavy(Operation *op) {
  return isa<LoadPtrTkoOp, StorePtrTkoOp, LoadViewTkoOp, StoreViewTkoOp, MmaFOp,
             MmaIOp, MmaFScaledOp, ReduceOp, IfOp, ForOp>(op);
}

static bool isProfitable(IfOp ifOp, unsigned threshold) {
  if (threshold <= 1)
    return true;
  unsigned count = 0;
  bool heavy = false;
  for (Region *region : {&ifOp.getThenRegion(), &ifOp.getElseRegion()})
    region->walk([&](Operation *op) {
      if (op->hasTrait<OpTrait::IsTerminator>())
        return;
      ++count;
      heavy |= isHeavy(op);
    });
  return heavy || count >= threshold;
}

/// Whether `region` is empty or ends with `yield`.
static bool endsWithYield(Region &region) {
  return region.empty() || isa<YieldOp>(region.front().getTerminator());
}

/// Matches `if (cmpi pred %iv, %x)` directly in `forOp`'s body; returns the
/// first iteration of the second part (before clamping) and which branch
/// runs first.
static std::optional<SplitCandidate> matchCandidate(ForOp forOp, IfOp ifOp,
                                                    OpBuilder &builder) {
  auto cmp = ifOp.getCondition().getDefiningOp<CmpIOp>();
  if (!cmp)
    return std::nullopt;
  Signedness loopSignedness =
      forOp.getUnsignedCmp() ? Signedness::Unsigned : Signedness::Signed;
  if (cmp.getSignedness() != loopSignedness)
    return std::nullopt;
  Value iv = forOp.getInductionVar();
  ComparisonPredicate pred = cmp.getComparisonPredicate();
  Value bound;
  if (cmp.getLhs() == iv) {
    bound = cmp.getRhs();
  } else if (cmp.getRhs() == iv) {
    bound = cmp.getLhs();
    // x < iv  <=>  iv > x, and so on.
    switch (pred) {
    case ComparisonPredicate::LessThan:
      pred = ComparisonPredicate::GreaterThan;
      break;
    case ComparisonPredicate::LessThanOrEqual:
      pred = ComparisonPredicate::GreaterThanOrEqual;
      break;
    case ComparisonPredicate::GreaterThan:
      pred = ComparisonPredicate::LessThan;
      break;
    case ComparisonPredicate::GreaterThanOrEqual:
      pred = ComparisonPredicate::LessThanOrEqual;
      break;
    default:
      break;
    }
  } else {
    return std::nullopt;
  }
  if (pred == ComparisonPredicate::Equal ||
      pred == ComparisonPredicate::NotEqual)
    return std::nullopt;
  if (forOp.getRegion().isAncestor(bound.getParentRegion()))
    return std::nullopt;
  // iv < x: then on [lb, x); iv <= x: then on [lb, x + 1);
  // iv > x: else on [lb, x + 1); iv >= x: else on [lb, x).
  bool thenFirst = pred == ComparisonPredicate::LessThan ||
                   pred == ComparisonPredicate::LessThanOrEqual;
  bool plusOne = pred == ComparisonPredicate::LessThanOrEqual ||
                 pred == ComparisonPredicate::GreaterThan;
  Value split = bound;
  if (plusOne) {
    Location loc = cmp.getLoc();
    auto type = cast<TileType>(bound.getType());
    split = AddIOp::create(builder, loc, type, bound,
                           createIntConstant(builder, loc, type, 1));
  }
  return SplitCandidate{ifOp, split, thenFirst};
}

/// Replaces `ifOp` by the contents of its then (`keepThen`) or else branch.
static void inlineBranch(RewriterBase &rewriter, IfOp ifOp, bool keepThen) {
  Region &region = keepThen ? ifOp.getThenRegion() : ifOp.getElseRegion();
  if (region.empty()) {
    rewriter.eraseOp(ifOp);
    return;
  }
  auto yield = cast<YieldOp>(region.front().getTerminator());
  SmallVector<Value> values(yield.getOperands());
  rewriter.eraseOp(yield);
  rewriter.inlineBlockBefore(&region.front(), ifOp);
  rewriter.replaceOp(ifOp, values);
}

/// Splits `forOp` at `candidate`.
static void splitLoop(RewriterBase &rewriter, ForOp forOp,
                      SplitCandidate candidate) {
  Location loc = forOp.getLoc();
  rewriter.setInsertionPoint(forOp);
  auto type = cast<TileType>(forOp.getLowerBound().getType());
  Signedness signedness =
      forOp.getUnsignedCmp() ? Signedness::Unsigned : Signedness::Signed;
  Value lb = forOp.getLowerBound(), ub = forOp.getUpperBound(),
        step = forOp.getStep();
  Value split =
      MinIOp::create(rewriter, loc, type, candidate.splitPoint, ub, signedness);
  split = MaxIOp::create(rewriter, loc, type, split, lb, signedness);
  if (!matchPattern(step, m_Constant()) ||
      !isa_and_nonnull<ConstantOp>(step.getDefiningOp()) ||
      !cast<ConstantOp>(step.getDefiningOp()).getValue().isSplat() ||
      !cast<ConstantOp>(step.getDefiningOp())
           .getValue()
           .getSplatValue<APInt>()
           .isOne()) {
    // split = lb + ceil((split - lb) / step) * step
    Value distance = SubIOp::create(rewriter, loc, type, split, lb);
    Value trips = DivIOp::create(rewriter, loc, type, distance, step,
                                 signedness, RoundingMode::PositiveInf);
    Value offset = MulIOp::create(rewriter, loc, type, trips, step);
    split = AddIOp::create(rewriter, loc, type, lb, offset);
  }

  Block &body = forOp.getRegion().front();
  unsigned ifIndex = std::distance(
      body.begin(), Block::iterator(candidate.ifOp.getOperation()));
  auto first = cast<ForOp>(rewriter.clone(*forOp));
  auto second = cast<ForOp>(rewriter.clone(*forOp));
  rewriter.modifyOpInPlace(first,
                           [&] { first.getUpperBoundMutable().assign(split); });
  rewriter.modifyOpInPlace(second, [&] {
    second.getLowerBoundMutable().assign(split);
    second.getInitValuesMutable().assign(first.getResults());
  });
  for (auto [loop, keepThen] : {std::pair{first, candidate.thenFirst},
                                {second, !candidate.thenFirst}}) {
    Operation *cloned = &*std::next(loop.getRegion().front().begin(), ifIndex);
    inlineBranch(rewriter, cast<IfOp>(cloned), keepThen);
  }
  rewriter.replaceOp(forOp, second.getResults());
}

struct CudaTileLoopSplitPass
    : cuda_tile::impl::CudaTileLoopSplitBase<CudaTileLoopSplitPass> {
  using Base::Base;

  void runOnOperation() override {
    SmallVector<ForOp> loops;
    getOperation()->walk([&](ForOp forOp) { loops.push_back(forOp); });
    IRRewriter rewriter(&getContext());
    for (ForOp forOp : loops) {
      for (Operation &op : forOp.getRegion().front()) {
        auto ifOp = dyn_cast<IfOp>(op);
        if (!ifOp || !endsWithYield(ifOp.getThenRegion()) ||
            !endsWithYield(ifOp.getElseRegion()))
          continue;
        unsigned threshold = getThreshold(ifOp, splitThreshold);
        if (threshold == 0 || !isProfitable(ifOp, threshold))
          continue;
        rewriter.setInsertionPoint(forOp);
        std::optional<SplitCandidate> candidate =
            matchCandidate(forOp, ifOp, rewriter);
        if (!candidate)
          continue;
        splitLoop(rewriter, forOp, *candidate);
        break;
      }
    }
  }
};

} // namespace
