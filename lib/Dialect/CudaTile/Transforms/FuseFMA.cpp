//===- FuseFMA.cpp - Fuse mulf + addf/subf into fma -------------*- C++ -*-===//
//
// Part of TileIR.
//
// The cuda-tile-fuse-fma pass.
//
//===----------------------------------------------------------------------===//

#include "tileir/Dialect/CudaTile/Transforms/Passes.h"

#include "mlir/IR/PatternMatch.h"
#include "mlir/Transforms/GreedyPatternRewriteDriver.h"

namespace mlir::cuda_tile {
#define GEN_PASS_DEF_CUDATILEFUSEFMA
#include "tileir/Dialect/CudaTile/Transforms/Passes.h.inc"
} // namespace mlir::cuda_tile

using namespace mlir;
using namespace mlir::cuda_tile;

namespace {

/// Returns the `mulf` producing the LHS of `op` if it can be fused into it:
/// one use, same rounding mode and flush_to_zero.
template <typename OpT>
static MulFOp getFusableMulF(OpT op) {
  auto mul = op.getLhs().template getDefiningOp<MulFOp>();
  if (!mul || !mul->hasOneUse() ||
      mul.getRoundingMode() != op.getRoundingMode() ||
      mul.getFlushToZero() != op.getFlushToZero())
    return {};
  return mul;
}

/// addf (mulf a, b), c -> fma a, b, c
struct AddFToFma : OpRewritePattern<AddFOp> {
  using OpRewritePattern::OpRewritePattern;
  LogicalResult matchAndRewrite(AddFOp op,
                                PatternRewriter &rewriter) const override {
    MulFOp mul = getFusableMulF(op);
    if (!mul)
      return rewriter.notifyMatchFailure(op, "no fusable mulf on the LHS");
    rewriter.replaceOpWithNewOp<FmaOp>(
        op, op.getType(), mul.getLhs(), mul.getRhs(), op.getRhs(),
        op.getRoundingModeAttr(), op.getFlushToZeroAttr());
    rewriter.eraseOp(mul);
    return success();
  }
};

/// subf (mulf a, b), c -> fma a, b, (negf c)
struct SubFToFma : OpRewritePattern<SubFOp> {
  using OpRewritePattern::OpRewritePattern;
  LogicalResult matchAndRewrite(SubFOp op,
                                PatternRewriter &rewriter) const override {
    MulFOp mul = getFusableMulF(op);
    if (!mul)
      return rewriter.notifyMatchFailure(op, "no fusable mulf on the LHS");
    Value negated =
        NegFOp::create(rewriter, op.getLoc(), op.getType(), op.getRhs());
    rewriter.replaceOpWithNewOp<FmaOp>(
        op, op.getType(), mul.getLhs(), mul.getRhs(), negated,
        op.getRoundingModeAttr(), op.getFlushToZeroAttr());
    rewriter.eraseOp(mul);
    return success();
  }
};

struct CudaTileFuseFMAPass
    : cuda_tile::impl::CudaTileFuseFMABase<CudaTileFuseFMAPass> {
  void runOnOperation() override {
    RewritePatternSet patterns(&getContext());
    populateFuseFmaPatterns(patterns);
    if (failed(applyPatternsGreedily(getOperation(), std::move(patterns))))
      signalPassFailure();
  }
};

} // namespace

void mlir::cuda_tile::populateFuseFmaPatterns(RewritePatternSet &patterns) {
  patterns.add<AddFToFma, SubFToFma>(patterns.getContext());
  patterns.add(&AddFOp::canonicalize);
}
