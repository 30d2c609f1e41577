//===- LoopUtils.cpp - What a for loop's iterations depend on -------------===//
//
// Part of TileIR.
//
//===----------------------------------------------------------------------===//

#include "tileir/Dialect/CudaTile/IR/LoopUtils.h"

#include "mlir/Interfaces/SideEffectInterfaces.h"
#include "llvm/ADT/SetVector.h"

using namespace mlir;
using namespace mlir::cuda_tile;

bool mlir::cuda_tile::isDefinedOutside(Value v, ForOp forOp) {
  return !forOp->isAncestor(v.getParentRegion()->getParentOp());
}

std::optional<SmallVector<Operation *>>
mlir::cuda_tile::getIterationSlice(ForOp forOp, ValueRange values) {
  Value iv = forOp.getInductionVar();
  SetVector<Operation *> slice;
  SmallVector<Value> work(values.begin(), values.end());
  while (!work.empty()) {
    Value v = work.pop_back_val();
    if (v == iv || isDefinedOutside(v, forOp))
      continue;
    Operation *def = v.getDefiningOp();
    if (!def || def->getParentOp() != forOp || def->getNumRegions() ||
        !isMemoryEffectFree(def))
      return std::nullopt;
    if (slice.insert(def))
      llvm::append_range(work, def->getOperands());
  }
  SmallVector<Operation *> ordered = slice.takeVector();
  llvm::sort(ordered,
             [](Operation *a, Operation *b) { return a->isBeforeInBlock(b); });
  return ordered;
}

bool mlir::cuda_tile::hasEarlyExit(ForOp forOp) {
  Operation *terminator = forOp.getRegion().front().getTerminator();
  WalkResult r = forOp.getRegion().walk([&](Operation *op) {
    if (op == terminator)
      return WalkResult::advance();
    if (isa<ContinueOp, BreakOp>(op)) {
      Operation *loop = op->getParentOp();
      while (!isa<ForOp, LoopOp>(loop))
        loop = loop->getParentOp();
      if (loop == forOp)
        return WalkResult::interrupt();
    }
    return WalkResult::advance();
  });
  return r.wasInterrupted();
}

Value mlir::cuda_tile::createIntConstant(OpBuilder &builder, Location loc,
                                         TileType type, int64_t value) {
  auto intType = cast<IntegerType>(type.getElementType());
  auto tensorType = RankedTensorType::get({}, intType);
  return ConstantOp::create(
      builder, loc,
      cast<DenseIntOrFPElementsAttr>(DenseElementsAttr::get(
          tensorType, APInt(intType.getWidth(), value, /*isSigned=*/true))));
}
