//===- CudaTileCanonicalization.cpp - Folders and patterns ------*- C++ -*-===//
//
// Part of TileIR.
//
// Folders and canonicalization patterns of `select`, `if`, `for` and `addf`.
// The `if` patterns mirror upstream scf.if's canonicalizers, plus one for
// branches that both leave the `if` for an enclosing op; the `for` pattern
// mirrors scf.for's removal of loops that run at most once.
//
//===----------------------------------------------------------------------===//

#include "tileir/Dialect/CudaTile/IR/CudaTile.h"
#include "tileir/Dialect/CudaTile/IR/LoopUtils.h"

#include "mlir/Dialect/Utils/StaticValueUtils.h"
#include "mlir/IR/Matchers.h"
#include "mlir/IR/PatternMatch.h"
#include "llvm/ADT/APSInt.h"

using namespace mlir;
using namespace mlir::cuda_tile;

/// Whether `value` is a constant whose elements are all 1 (`one`) or all 0.
/// (The upstream m_One/m_Zero value matchers only accept builtin types.)
static bool isSplatConstant(Value value, bool one) {
  Attribute attr;
  if (!matchPattern(value, m_Constant(&attr)))
    return false;
  return one ? matchPattern(attr, m_One()) : matchPattern(attr, m_Zero());
}
static bool isConstantOne(Value value) { return isSplatConstant(value, true); }
static bool isConstantZero(Value value) {
  return isSplatConstant(value, false);
}

/// Returns an i1 splat constant of type `type`.
static Value createBoolConstant(PatternRewriter &rewriter, Location loc,
                                TileType type, bool value) {
  auto tensorType =
      RankedTensorType::get(type.getShape(), rewriter.getI1Type());
  return ConstantOp::create(rewriter, loc,
                            cast<DenseIntOrFPElementsAttr>(
                                DenseElementsAttr::get(tensorType, value)));
}

/// Returns `not value` for an i1 tile: `xori value, true`.
static Value createNot(PatternRewriter &rewriter, Location loc, Value value) {
  auto type = cast<TileType>(value.getType());
  return XOrIOp::create(rewriter, loc, type, value,
                        createBoolConstant(rewriter, loc, type, true));
}

static bool isI1Tile(Type type) {
  auto tile = dyn_cast<TileType>(type);
  return tile && tile.getElementType().isInteger(1);
}

//===----------------------------------------------------------------------===//
// SelectOp
//===----------------------------------------------------------------------===//

OpFoldResult SelectOp::fold(FoldAdaptor adaptor) {
  Value trueValue = getValIfTrue(), falseValue = getValIfFalse();
  // select %c, %x, %x -> %x
  if (trueValue == falseValue)
    return trueValue;
  // select true, %x, %y -> %x ; select false, %x, %y -> %y
  if (matchPattern(adaptor.getCond(), m_One()))
    return trueValue;
  if (matchPattern(adaptor.getCond(), m_Zero()))
    return falseValue;
  // select %c, true, false -> %c (i1 results)
  if (isI1Tile(getType()) && matchPattern(adaptor.getValIfTrue(), m_One()) &&
      matchPattern(adaptor.getValIfFalse(), m_Zero()))
    return getCond();
  // select (cmpi eq %a, %b), %a, %b -> %b ; select (cmpi ne %a, %b), %a, %b
  // -> %a
  if (auto cmp = getCond().getDefiningOp<CmpIOp>()) {
    ComparisonPredicate predicate = cmp.getComparisonPredicate();
    bool sameOperands =
        (cmp.getLhs() == trueValue && cmp.getRhs() == falseValue) ||
        (cmp.getLhs() == falseValue && cmp.getRhs() == trueValue);
    if (sameOperands && predicate == ComparisonPredicate::Equal)
      return falseValue;
    if (sameOperands && predicate == ComparisonPredicate::NotEqual)
      return trueValue;
  }
  // Element-wise choice between constants.
  auto cond = dyn_cast_or_null<DenseIntElementsAttr>(adaptor.getCond());
  auto trueAttr = dyn_cast_or_null<DenseElementsAttr>(adaptor.getValIfTrue());
  auto falseAttr = dyn_cast_or_null<DenseElementsAttr>(adaptor.getValIfFalse());
  if (!cond || !trueAttr || !falseAttr)
    return {};
  SmallVector<Attribute> values;
  for (auto [c, t, f] :
       llvm::zip_equal(cond.getValues<bool>(), trueAttr.getValues<Attribute>(),
                       falseAttr.getValues<Attribute>()))
    values.push_back(c ? t : f);
  return DenseElementsAttr::get(trueAttr.getType(), values);
}

namespace {

/// select %c, false, true -> xori %c, true (i1 results).
struct SelectI1ToNot : OpRewritePattern<SelectOp> {
  using OpRewritePattern::OpRewritePattern;
  LogicalResult matchAndRewrite(SelectOp op,
                                PatternRewriter &rewriter) const override {
    if (!isI1Tile(op.getType()) || !isConstantZero(op.getValIfTrue()) ||
        !isConstantOne(op.getValIfFalse()))
      return rewriter.notifyMatchFailure(op, "not select %c, false, true");
    rewriter.replaceOp(op, createNot(rewriter, op.getLoc(), op.getCond()));
    return success();
  }
};

/// An i1 select with one constant operand is a logical op:
/// select %c, true, %x -> ori %c, %x ; select %c, %x, false -> andi %c, %x.
struct SelectConsts : OpRewritePattern<SelectOp> {
  using OpRewritePattern::OpRewritePattern;
  LogicalResult matchAndRewrite(SelectOp op,
                                PatternRewriter &rewriter) const override {
    if (!isI1Tile(op.getType()))
      return rewriter.notifyMatchFailure(op, "not an i1 select");
    if (isConstantOne(op.getValIfTrue())) {
      rewriter.replaceOpWithNewOp<OrIOp>(op, op.getType(), op.getCond(),
                                         op.getValIfFalse());
      return success();
    }
    if (isConstantZero(op.getValIfFalse())) {
      rewriter.replaceOpWithNewOp<AndIOp>(op, op.getType(), op.getCond(),
                                          op.getValIfTrue());
      return success();
    }
    return rewriter.notifyMatchFailure(op, "no constant true/false operand");
  }
};

/// select %c, 1, 0 -> exti %c unsigned ; select %c, 0, 1 -> exti (not %c)
/// unsigned, for integer results wider than i1.
struct SelectToExtI : OpRewritePattern<SelectOp> {
  using OpRewritePattern::OpRewritePattern;
  LogicalResult matchAndRewrite(SelectOp op,
                                PatternRewriter &rewriter) const override {
    auto elementType = dyn_cast<IntegerType>(op.getType().getElementType());
    if (!elementType || elementType.getWidth() == 1)
      return rewriter.notifyMatchFailure(op, "not a wide integer select");
    Value cond = op.getCond();
    if (isConstantZero(op.getValIfTrue()) && isConstantOne(op.getValIfFalse()))
      cond = createNot(rewriter, op.getLoc(), cond);
    else if (!isConstantOne(op.getValIfTrue()) ||
             !isConstantZero(op.getValIfFalse()))
      return rewriter.notifyMatchFailure(op, "not a select of 0 and 1");
    rewriter.replaceOpWithNewOp<ExtIOp>(
        op, op.getType(), cond,
        SignednessAttr::get(op.getContext(), Signedness::Unsigned));
    return success();
  }
};

} // namespace

void SelectOp::getCanonicalizationPatterns(RewritePatternSet &results,
                                           MLIRContext *context) {
  results.add<SelectI1ToNot, SelectConsts, SelectToExtI>(context);
}

//===----------------------------------------------------------------------===//
// AddFOp
//===----------------------------------------------------------------------===//

/// addf %x, (mulf %a, %b) -> addf (mulf %a, %b), %x, the form fuse-fma
/// matches.
LogicalResult AddFOp::canonicalize(AddFOp op, PatternRewriter &rewriter) {
  if (!op.getRhs().getDefiningOp<MulFOp>() ||
      op.getLhs().getDefiningOp<MulFOp>())
    return failure();
  rewriter.modifyOpInPlace(op, [&] {
    Value lhs = op.getLhs();
    op.getLhsMutable().assign(op.getRhs());
    op.getRhsMutable().assign(lhs);
  });
  return success();
}

//===----------------------------------------------------------------------===//
// IfOp
//===----------------------------------------------------------------------===//

/// The `yield` ending `region`, or null when it ends otherwise or is empty.
static YieldOp getYield(Region &region) {
  if (region.empty())
    return {};
  return dyn_cast<YieldOp>(region.front().getTerminator());
}

/// if (xori %c, true) then A else B -> if %c then B else A.
LogicalResult IfOp::fold(FoldAdaptor, SmallVectorImpl<OpFoldResult> &) {
  if (getElseRegion().empty())
    return failure();
  auto xorOp = getCondition().getDefiningOp<XOrIOp>();
  if (!xorOp)
    return failure();
  Value negated;
  if (isConstantOne(xorOp.getRhs()))
    negated = xorOp.getLhs();
  else if (isConstantOne(xorOp.getLhs()))
    negated = xorOp.getRhs();
  else
    return failure();
  getConditionMutable().assign(negated);
  Block *thenBlock = &getThenRegion().front();
  getThenRegion().getBlocks().splice(getThenRegion().getBlocks().begin(),
                                     getElseRegion().getBlocks());
  getElseRegion().getBlocks().splice(getElseRegion().getBlocks().begin(),
                                     getThenRegion().getBlocks(),
                                     Region::iterator(thenBlock));
  return success();
}

namespace {

/// Drops results without uses (and the values yielded for them).
struct RemoveUnusedResults : OpRewritePattern<IfOp> {
  using OpRewritePattern::OpRewritePattern;
  LogicalResult matchAndRewrite(IfOp op,
                                PatternRewriter &rewriter) const override {
    SmallVector<OpResult> used;
    for (OpResult result : op->getResults())
      if (!result.use_empty())
        used.push_back(result);
    if (used.size() == op->getNumResults())
      return rewriter.notifyMatchFailure(op, "every result is used");
    YieldOp thenYield = getYield(op.getThenRegion());
    YieldOp elseYield = getYield(op.getElseRegion());
    if (!thenYield && !elseYield)
      return rewriter.notifyMatchFailure(op, "no yield to shrink");
    SmallVector<Type> types;
    for (OpResult result : used)
      types.push_back(result.getType());
    auto newOp = IfOp::create(rewriter, op.getLoc(), types, op.getCondition());
    for (YieldOp yield : {thenYield, elseYield}) {
      if (!yield)
        continue;
      SmallVector<Value> operands;
      for (OpResult result : used)
        operands.push_back(yield.getOperand(result.getResultNumber()));
      rewriter.modifyOpInPlace(yield, [&] { yield->setOperands(operands); });
    }
    rewriter.inlineRegionBefore(op.getThenRegion(), newOp.getThenRegion(),
                                newOp.getThenRegion().end());
    rewriter.inlineRegionBefore(op.getElseRegion(), newOp.getElseRegion(),
                                newOp.getElseRegion().end());
    for (auto [result, newResult] : llvm::zip(used, newOp.getResults()))
      rewriter.replaceAllUsesWith(result, newResult);
    rewriter.eraseOp(op);
    return success();
  }
};

/// A result yielded as the same value by both branches is that value; an i1
/// result yielded as true/false (false/true) is the condition (its negation).
struct ReplaceYieldWithValue : OpRewritePattern<IfOp> {
  using OpRewritePattern::OpRewritePattern;
  LogicalResult matchAndRewrite(IfOp op,
                                PatternRewriter &rewriter) const override {
    YieldOp thenYield = getYield(op.getThenRegion());
    YieldOp elseYield = getYield(op.getElseRegion());
    if (!thenYield || !elseYield || op->getNumResults() == 0)
      return rewriter.notifyMatchFailure(op, "branches do not both yield");
    bool changed = false;
    for (auto [thenValue, elseValue, result] :
         llvm::zip(thenYield.getOperands(), elseYield.getOperands(),
                   op->getResults())) {
      if (result.use_empty())
        continue;
      if (thenValue == elseValue) {
        rewriter.replaceAllUsesWith(result, thenValue);
        changed = true;
        continue;
      }
      if (result.getType() != op.getCondition().getType())
        continue;
      bool thenTrue = isConstantOne(thenValue);
      bool thenFalse = isConstantZero(thenValue);
      bool elseTrue = isConstantOne(elseValue);
      bool elseFalse = isConstantZero(elseValue);
      if (thenTrue && elseFalse) {
        rewriter.replaceAllUsesWith(result, op.getCondition());
        changed = true;
      } else if (thenFalse && elseTrue) {
        rewriter.setInsertionPoint(op);
        rewriter.replaceAllUsesWith(
            result, createNot(rewriter, op.getLoc(), op.getCondition()));
        changed = true;
      }
    }
    return success(changed);
  }
};

/// Inlines the branch a constant condition selects.
struct RemoveStaticCondition : OpRewritePattern<IfOp> {
  using OpRewritePattern::OpRewritePattern;
  LogicalResult matchAndRewrite(IfOp op,
                                PatternRewriter &rewriter) const override {
    bool isTrue = isConstantOne(op.getCondition());
    if (!isTrue && !isConstantZero(op.getCondition()))
      return rewriter.notifyMatchFailure(op, "condition is not constant");
    Region &taken = isTrue ? op.getThenRegion() : op.getElseRegion();
    if (taken.empty()) {
      rewriter.eraseOp(op);
      return success();
    }
    YieldOp yield = getYield(taken);
    if (!yield)
      return rewriter.notifyMatchFailure(op, "taken branch does not yield");
    SmallVector<Value> values(yield.getOperands());
    rewriter.eraseOp(yield);
    rewriter.inlineBlockBefore(&taken.front(), op);
    rewriter.replaceOp(op, values);
    return success();
  }
};

/// An `if` whose branches only yield is a `select` per result.
struct ConvertToSelect : OpRewritePattern<IfOp> {
  using OpRewritePattern::OpRewritePattern;
  LogicalResult matchAndRewrite(IfOp op,
                                PatternRewriter &rewriter) const override {
    YieldOp thenYield = getYield(op.getThenRegion());
    YieldOp elseYield = getYield(op.getElseRegion());
    if (op->getNumResults() == 0 || !thenYield || !elseYield ||
        &op.getThenRegion().front().front() != thenYield.getOperation() ||
        &op.getElseRegion().front().front() != elseYield.getOperation())
      return rewriter.notifyMatchFailure(op, "branches do more than yield");
    for (auto [thenValue, elseValue] :
         llvm::zip(thenYield.getOperands(), elseYield.getOperands()))
      if (thenValue != elseValue && !isa<TileType>(thenValue.getType()))
        return rewriter.notifyMatchFailure(op, "cannot select a non-tile");
    SmallVector<Value> values;
    Location loc = op.getLoc();
    for (auto [thenValue, elseValue] :
         llvm::zip(thenYield.getOperands(), elseYield.getOperands())) {
      if (thenValue == elseValue) {
        values.push_back(thenValue);
        continue;
      }
      auto type = cast<TileType>(thenValue.getType());
      Value cond = op.getCondition();
      if (type.getRank() != 0) {
        SmallVector<int64_t> ones(type.getRank(), 1);
        cond = ReshapeOp::create(
            rewriter, loc, TileType::get(ones, rewriter.getI1Type()), cond);
        cond = BroadcastOp::create(
            rewriter, loc, TileType::get(type.getShape(), rewriter.getI1Type()),
            cond);
      }
      values.push_back(
          SelectOp::create(rewriter, loc, type, cond, thenValue, elseValue));
    }
    rewriter.replaceOp(op, values);
    return success();
  }
};

/// Drops an `else` branch that only yields nothing.
struct RemoveEmptyElseBranch : OpRewritePattern<IfOp> {
  using OpRewritePattern::OpRewritePattern;
  LogicalResult matchAndRewrite(IfOp op,
                                PatternRewriter &rewriter) const override {
    YieldOp elseYield = getYield(op.getElseRegion());
    if (op->getNumResults() != 0 || !elseYield ||
        &op.getElseRegion().front().front() != elseYield.getOperation())
      return rewriter.notifyMatchFailure(op, "else branch is not empty");
    rewriter.eraseBlock(&op.getElseRegion().front());
    return success();
  }
};

/// Merges two adjacent ifs on the same condition into one whose results are
/// those of both, when the second does not use the first's results.
struct CombineIfs : OpRewritePattern<IfOp> {
  using OpRewritePattern::OpRewritePattern;
  LogicalResult matchAndRewrite(IfOp next,
                                PatternRewriter &rewriter) const override {
    auto prev = dyn_cast_or_null<IfOp>(next->getPrevNode());
    if (!prev || prev.getCondition() != next.getCondition())
      return rewriter.notifyMatchFailure(next, "no preceding if on the same "
                                               "condition");
    if (prev.getElseRegion().empty() != next.getElseRegion().empty())
      return rewriter.notifyMatchFailure(next, "else branches differ");
    for (Region *region : {&prev.getThenRegion(), &prev.getElseRegion(),
                           &next.getThenRegion(), &next.getElseRegion()})
      if (!region->empty() && !getYield(*region))
        return rewriter.notifyMatchFailure(next, "a branch does not yield");
    if (llvm::any_of(prev->getUsers(),
                     [&](Operation *user) { return next->isAncestor(user); }))
      return rewriter.notifyMatchFailure(next, "uses the first if's results");

    SmallVector<Type> types(prev.getResultTypes());
    llvm::append_range(types, next.getResultTypes());
    auto combined =
        IfOp::create(rewriter, prev.getLoc(), types, prev.getCondition());
    for (bool isThen : {true, false}) {
      Region &prevRegion = isThen ? prev.getThenRegion() : prev.getElseRegion();
      Region &nextRegion = isThen ? next.getThenRegion() : next.getElseRegion();
      Region &region =
          isThen ? combined.getThenRegion() : combined.getElseRegion();
      if (prevRegion.empty())
        continue;
      YieldOp prevYield = getYield(prevRegion);
      YieldOp nextYield = getYield(nextRegion);
      SmallVector<Value> values(prevYield.getOperands());
      llvm::append_range(values, nextYield.getOperands());
      rewriter.inlineRegionBefore(prevRegion, region, region.end());
      rewriter.eraseOp(prevYield);
      Block &block = region.front();
      rewriter.inlineBlockBefore(&nextRegion.front(), &block, block.end());
      rewriter.modifyOpInPlace(nextYield,
                               [&] { nextYield->setOperands(values); });
    }
    unsigned numPrev = prev->getNumResults();
    rewriter.replaceOp(prev, combined.getResults().take_front(numPrev));
    rewriter.replaceOp(next, combined.getResults().drop_front(numPrev));
    return success();
  }
};

/// if %a { if %b { X } } -> if (andi %a, %b) { X }, for ifs without
/// results or else branches.
struct CombineNestedIfs : OpRewritePattern<IfOp> {
  using OpRewritePattern::OpRewritePattern;
  LogicalResult matchAndRewrite(IfOp op,
                                PatternRewriter &rewriter) const override {
    if (op->getNumResults() != 0 || !op.getElseRegion().empty())
      return rewriter.notifyMatchFailure(op, "outer if has results or else");
    Block &body = op.getThenRegion().front();
    auto inner = dyn_cast<IfOp>(body.front());
    if (!inner || !isa<YieldOp>(body.back()) ||
        body.front().getNextNode() != &body.back() ||
        inner->getNumResults() != 0 || !inner.getElseRegion().empty())
      return rewriter.notifyMatchFailure(op, "not a lone nested if");
    Location loc = op.getLoc();
    Value cond = AndIOp::create(rewriter, loc, op.getCondition().getType(),
                                op.getCondition(), inner.getCondition());
    auto newOp = IfOp::create(rewriter, loc, TypeRange(), cond);
    rewriter.inlineRegionBefore(inner.getThenRegion(), newOp.getThenRegion(),
                                newOp.getThenRegion().end());
    rewriter.eraseOp(op);
    return success();
  }
};

/// Whether `terminator` leaves its `if` for an enclosing op (`break`,
/// `continue` or `return`) rather than for the code after the `if`.
static bool exitsToParent(Operation &terminator) {
  return isa<BreakOp, ContinueOp, ReturnOp>(terminator);
}

/// When both branches end in `break`, `continue` or `return`, the code after
/// the `if` is unreachable: the else branch takes its place in the parent
/// block, terminator included, and the `if` keeps only its then branch.
///
///   if %c { A; continue %x } else { B; break %y }; C
///   -> if %c { A; continue %x }; B; break %y
///
/// These terminators only constrain the enclosing op they reach through
/// `if`s, which the move does not change.
struct MoveTerminatorToParent : OpRewritePattern<IfOp> {
  using OpRewritePattern::OpRewritePattern;
  LogicalResult matchAndRewrite(IfOp op,
                                PatternRewriter &rewriter) const override {
    if (op.getElseRegion().empty())
      return rewriter.notifyMatchFailure(op, "no else branch");
    Block &elseBlock = op.getElseRegion().front();
    if (!exitsToParent(op.getThenRegion().front().back()) ||
        !exitsToParent(elseBlock.back()))
      return rewriter.notifyMatchFailure(op, "a branch continues after the if");
    auto newOp =
        IfOp::create(rewriter, op.getLoc(), TypeRange(), op.getCondition());
    rewriter.inlineRegionBefore(op.getThenRegion(), newOp.getThenRegion(),
                                newOp.getThenRegion().end());
    // Erase the unreachable ops after the `if`, last first so that none has
    // uses left when it goes; the `if`'s results are only used there.
    Block *parent = op->getBlock();
    while (&parent->back() != op.getOperation())
      rewriter.eraseOp(&parent->back());
    rewriter.mergeBlocks(&elseBlock, parent);
    rewriter.eraseOp(op);
    return success();
  }
};

} // namespace

void IfOp::getCanonicalizationPatterns(RewritePatternSet &results,
                                       MLIRContext *context) {
  results.add<RemoveUnusedResults, ReplaceYieldWithValue, RemoveStaticCondition,
              ConvertToSelect, RemoveEmptyElseBranch, CombineIfs,
              CombineNestedIfs, MoveTerminatorToParent>(context);
}

//===----------------------------------------------------------------------===//
// ForOp
//===----------------------------------------------------------------------===//

namespace {

/// The rank-0 constant tile `value` as an integer attribute (what upstream's
/// static-value utilities read), or null.
static OpFoldResult getConstantBound(Value value, Builder &b) {
  Attribute attr;
  APInt result;
  if (!matchPattern(value, m_Constant(&attr)) ||
      !matchPattern(attr, m_ConstantInt(&result)))
    return {};
  return b.getIntegerAttr(b.getIntegerType(result.getBitWidth()), result);
}

/// A loop with constant bounds that runs no iteration is its initial
/// values; one that runs exactly one is its body, with the induction
/// variable at the lower bound (the body may not leave the iteration other
/// than at its terminator). The trip count is upstream's, as for the
/// scf.for the conversion makes of the loop.
struct RemoveShortLoop : OpRewritePattern<ForOp> {
  using OpRewritePattern::OpRewritePattern;
  LogicalResult matchAndRewrite(ForOp op,
                                PatternRewriter &rewriter) const override {
    OpFoldResult lb = getConstantBound(op.getLowerBound(), rewriter);
    OpFoldResult ub = getConstantBound(op.getUpperBound(), rewriter);
    OpFoldResult step = getConstantBound(op.getStep(), rewriter);
    if (!lb || !ub || !step)
      return rewriter.notifyMatchFailure(op, "bounds are not constants");
    std::optional<APInt> trips = constantTripCount(
        lb, ub, step, /*isSigned=*/!op.getUnsignedCmp(),
        [](Value, Value, bool) { return std::optional<llvm::APSInt>(); });
    if (!trips || trips->ugt(1))
      return rewriter.notifyMatchFailure(op, "not at most one iteration");
    if (trips->isZero()) {
      rewriter.replaceOp(op, op.getInitValues());
      return success();
    }
    if (hasEarlyExit(op))
      return rewriter.notifyMatchFailure(op, "the body may end early");
    Block &body = op.getRegion().front();
    auto terminator = dyn_cast<ContinueOp>(body.getTerminator());
    if (!terminator)
      return rewriter.notifyMatchFailure(op, "the body ends otherwise");
    SmallVector<Value> results(terminator.getOperands());
    SmallVector<Value> arguments{op.getLowerBound()};
    llvm::append_range(arguments, op.getInitValues());
    rewriter.inlineBlockBefore(&body, op, arguments);
    rewriter.eraseOp(terminator);
    rewriter.replaceOp(op, results);
    return success();
  }
};

} // namespace

void ForOp::getCanonicalizationPatterns(RewritePatternSet &results,
                                        MLIRContext *context) {
  results.add<RemoveShortLoop>(context);
}
