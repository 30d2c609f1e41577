//===- FoldAggregates.cpp - The tirx-fold-aggregates pass -----------------===//
//
// Part of TileIR.
//
//===----------------------------------------------------------------------===//

#include "tileir/Dialect/TirX/Transforms/Passes.h"

#include "mlir/Dialect/LLVMIR/LLVMDialect.h"
#include "mlir/Transforms/GreedyPatternRewriteDriver.h"

namespace mlir::tirx {
#define GEN_PASS_DEF_TIRXFOLDAGGREGATES
#include "tileir/Dialect/TirX/Transforms/Passes.h.inc"
} // namespace mlir::tirx

using namespace mlir;

namespace {
struct TirXFoldAggregatesPass
    : public tirx::impl::TirXFoldAggregatesBase<TirXFoldAggregatesPass> {
  void runOnOperation() override {
    SmallVector<Operation *> ops;
    getOperation()->walk([&](Operation *op) {
      if (isa<LLVM::ExtractValueOp, LLVM::InsertValueOp>(op))
        ops.push_back(op);
    });
    if (ops.empty())
      return;
    // No patterns: the greedy driver applies the ops' folders and erases
    // the ops left dead, touching only the aggregate ops.
    GreedyRewriteConfig config;
    config.setStrictness(GreedyRewriteStrictness::ExistingOps);
    config.setRegionSimplificationLevel(GreedySimplifyRegionLevel::Disabled);
    (void)applyOpPatternsGreedily(
        ops, FrozenRewritePatternSet(RewritePatternSet(&getContext())),
        config);
  }
};
} // namespace
