//===- PrepareLLVM.cpp - The tirx-prepare-llvm pass -----------------------===//
//
// Part of TileIR.
//
//===----------------------------------------------------------------------===//

#include "tileir/Dialect/TirX/Transforms/Passes.h"

#include "mlir/Dialect/LLVMIR/LLVMDialect.h"
#include "mlir/IR/Matchers.h"
#include "mlir/Transforms/GreedyPatternRewriteDriver.h"

namespace mlir::tirx {
#define GEN_PASS_DEF_TIRXPREPARELLVM
#include "tileir/Dialect/TirX/Transforms/Passes.h.inc"
} // namespace mlir::tirx

using namespace mlir;

/// `llvm.alloca %n x T` with a constant n >= minElements (and > 1) ->
/// `llvm.alloca 1 x [n x T]` (the same pointer: the users index with their
/// own element types).
static void retypeArrayAllocas(Operation *root, unsigned minElements) {
  SmallVector<LLVM::AllocaOp> allocas;
  root->walk([&](LLVM::AllocaOp alloca) {
    APInt count;
    if (!alloca.getInalloca() &&
        matchPattern(alloca.getArraySize(), m_ConstantInt(&count)) &&
        count.ugt(1) && count.getActiveBits() <= 32 && count.uge(minElements))
      allocas.push_back(alloca);
  });
  for (LLVM::AllocaOp alloca : allocas) {
    OpBuilder b(alloca);
    APInt count;
    (void)matchPattern(alloca.getArraySize(), m_ConstantInt(&count));
    Type arrayType =
        LLVM::LLVMArrayType::get(alloca.getElemType(), count.getZExtValue());
    Value one = LLVM::ConstantOp::create(
        b, alloca.getLoc(), alloca.getArraySize().getType(),
        b.getIntegerAttr(alloca.getArraySize().getType(), 1));
    auto retyped = LLVM::AllocaOp::create(b, alloca.getLoc(), alloca.getType(),
                                          one, alloca.getAlignmentAttr(),
                                          TypeAttr::get(arrayType));
    alloca.replaceAllUsesWith(retyped.getResult());
    alloca.erase();
  }
}

namespace {
struct TirXPrepareLLVMPass
    : public tirx::impl::TirXPrepareLLVMBase<TirXPrepareLLVMPass> {
  using TirXPrepareLLVMBase::TirXPrepareLLVMBase;
  void runOnOperation() override {
    if (arrayAllocaMinElements)
      retypeArrayAllocas(getOperation(), arrayAllocaMinElements);
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
        ops, FrozenRewritePatternSet(RewritePatternSet(&getContext())), config);
  }
};
} // namespace
