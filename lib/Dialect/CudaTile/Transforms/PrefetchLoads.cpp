//===- PrefetchLoads.cpp - Load a loop's next tile ahead --------*- C++ -*-===//
//
// Part of TileIR.
//
// The cuda-tile-prefetch-loads pass (Passes.td has the rules).
//
//===----------------------------------------------------------------------===//

#include "tileir/Dialect/CudaTile/Transforms/Passes.h"

#include "tileir/Dialect/CudaTile/IR/LoopUtils.h"

#include "mlir/IR/IRMapping.h"
#include "mlir/Interfaces/SideEffectInterfaces.h"

namespace mlir::cuda_tile {
#define GEN_PASS_DEF_CUDATILEPREFETCHLOADS
#include "tileir/Dialect/CudaTile/Transforms/Passes.h.inc"
} // namespace mlir::cuda_tile

using namespace mlir;
using namespace mlir::cuda_tile;

namespace {

/// A load to prefetch and the ops of the body that compute its indices
/// from the induction variable, in body order.
struct Candidate {
  LoadViewTkoOp load;
  SmallVector<Operation *> slice;
};

/// Whether `v` reaches a tensor-core product through shape and type
/// conversions: the conversion copies such loads into shared memory ahead
/// of the product itself (the matmul K loop, streamed operands).
static bool feedsProduct(Value v) {
  for (Operation *user : v.getUsers()) {
    if (isa<MmaFOp, MmaIOp, MmaFScaledOp>(user))
      return true;
    if (isa<ReshapeOp, PermuteOp, FToFOp, BroadcastOp, ExtIOp, TruncIOp>(
            user) &&
        feedsProduct(user->getResult(0)))
      return true;
  }
  return false;
}

static std::optional<Candidate> matchLoad(ForOp forOp, LoadViewTkoOp load,
                                          int64_t maxBytes) {
  // A tile loaded only to be carried to the next iteration (what this pass
  // emits) is already ahead.
  bool onlyCarried = llvm::all_of(load.getTile().getUsers(), [&](Operation *u) {
    return u == forOp.getRegion().front().getTerminator();
  });
  if (load->getParentOp() != forOp || onlyCarried ||
      feedsProduct(load.getTile()) ||
      load.getMemoryOrderingSemantics() != MemoryOrderingSemantics::Weak ||
      !load.getResultToken().use_empty() ||
      !isDefinedOutside(load.getView(), forOp) ||
      (load.getToken() && !isDefinedOutside(load.getToken(), forOp)))
    return std::nullopt;
  auto type = cast<TileType>(load.getTile().getType());
  Type elem = type.getElementType();
  if (!isa<FloatType, IntegerType>(elem))
    return std::nullopt;
  int64_t bytes = type.getNumElements() *
                  std::max<int64_t>(1, elem.getIntOrFloatBitWidth() / 8);
  if (bytes > maxBytes)
    return std::nullopt;
  // The index computation: pure ops of the body over the induction variable
  // and values from outside the loop.
  std::optional<SmallVector<Operation *>> slice =
      getIterationSlice(forOp, load.getIndex());
  if (!slice)
    return std::nullopt;
  Candidate c{load, std::move(*slice)};
  return c;
}

/// A tile of `type` holding zeros.
static Value zeros(OpBuilder &b, Location loc, TileType type) {
  Type elem = type.getElementType();
  Attribute zero = isa<FloatType>(elem) ? Attribute(b.getFloatAttr(elem, 0))
                                        : Attribute(b.getIntegerAttr(elem, 0));
  auto tensorType = RankedTensorType::get(type.getShape(), elem);
  return ConstantOp::create(
      b, loc,
      cast<DenseIntOrFPElementsAttr>(DenseElementsAttr::get(tensorType, zero)));
}

static void prefetch(ForOp forOp, const Candidate &c) {
  LoadViewTkoOp load = c.load;
  Location loc = load.getLoc();
  OpBuilder b(forOp);
  Value iv = forOp.getInductionVar();
  Value lb = forOp.getLowerBound(), ub = forOp.getUpperBound(),
        step = forOp.getStep();
  Signedness signedness =
      forOp.getUnsignedCmp() ? Signedness::Unsigned : Signedness::Signed;
  auto tileType = cast<TileType>(load.getTile().getType());
  auto flagType = TileType::get(b.getContext(), {}, b.getI1Type());
  // The slice and the load for induction value `at`, at b's point.
  auto emitLoad = [&](Value at) {
    IRMapping map;
    map.map(iv, at);
    for (Operation *op : c.slice)
      b.clone(*op, map);
    return cast<LoadViewTkoOp>(b.clone(*load, map)).getTile();
  };

  // The first iteration's tile, when there is one.
  Value runs = CmpIOp::create(b, loc, flagType, ComparisonPredicate::LessThan,
                              lb, ub, signedness);
  auto first = IfOp::create(b, loc, TypeRange{tileType}, runs);
  {
    OpBuilder::InsertionGuard guard(b);
    b.createBlock(&first.getThenRegion());
    YieldOp::create(b, loc, ValueRange{emitLoad(lb)});
    b.createBlock(&first.getElseRegion());
    YieldOp::create(b, loc, ValueRange{zeros(b, loc, tileType)});
  }

  // The loop, carrying the tile loaded ahead.
  SmallVector<Value> inits(forOp.getInitValues());
  inits.push_back(first.getResult(0));
  SmallVector<Type> types(forOp.getResultTypes());
  types.push_back(tileType);
  auto loop = ForOp::create(b, forOp.getLoc(), types, lb, ub, step, inits,
                            forOp.getUnsignedCmpAttr());
  loop.getRegion().takeBody(forOp.getRegion());
  Block &body = loop.getRegion().front();
  Value current = body.addArgument(tileType, loc);
  b.setInsertionPointToStart(&body);
  // The next iteration's value, when there is one (iv + step below the
  // upper bound and not wrapped around).
  Value next = AddIOp::create(b, loc, iv.getType(), iv, step);
  Value more = AndIOp::create(
      b, loc, flagType,
      CmpIOp::create(b, loc, flagType, ComparisonPredicate::LessThan, next, ub,
                     signedness),
      CmpIOp::create(b, loc, flagType, ComparisonPredicate::GreaterThan, next,
                     iv, signedness));
  Value at = SelectOp::create(b, loc, iv.getType(), more, next, iv);
  Value ahead = emitLoad(at);
  load.getTile().replaceAllUsesWith(current);
  load.erase();
  Operation *terminator = body.getTerminator();
  terminator->insertOperands(terminator->getNumOperands(), ahead);
  forOp.replaceAllUsesWith(loop.getResults().drop_back());
  forOp.erase();
}

struct PrefetchLoads
    : cuda_tile::impl::CudaTilePrefetchLoadsBase<PrefetchLoads> {
  using Base::Base;

  void runOnOperation() override {
    if (maxBytes <= 0)
      return;
    // One load at a time: each rewrite replaces its loop.
    while (true) {
      std::optional<std::pair<ForOp, Candidate>> found;
      getOperation()->walk([&](ForOp forOp) {
        Block &body = forOp.getRegion().front();
        // Only the body's own terminator continues the loop.
        if (hasEarlyExit(forOp) || !isa<ContinueOp>(body.getTerminator()))
          return WalkResult::advance();
        for (auto load : body.getOps<LoadViewTkoOp>())
          if (auto c = matchLoad(forOp, load, maxBytes)) {
            found = {forOp, *c};
            return WalkResult::interrupt();
          }
        return WalkResult::advance();
      });
      if (!found)
        return;
      prefetch(found->first, found->second);
    }
  }
};

} // namespace
