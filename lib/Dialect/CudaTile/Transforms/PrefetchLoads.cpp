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

/// Latency hints up to this one load a tile one iteration ahead, higher
/// ones two.
constexpr int64_t kShallowLatency = 5;

/// A load to prefetch, how many iterations ahead, and the ops of the body
/// that compute its operands from the induction variable, in body order.
struct Candidate {
  Operation *load;
  int64_t distance;
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

/// What the pass needs of the two loads it moves: the view load (the view
/// from outside the loop, the indices computed in it) and the pointer load
/// (pointers, mask and padding computed in it).
struct LoadParts {
  MemoryOrderingSemantics ordering;
  Value token;
  OptimizationHintsAttr hints;
  SmallVector<Value> invariants; // must come from outside the loop
  SmallVector<Value> computed;   // may be computed from the iteration
};

static std::optional<LoadParts> getParts(Operation *op) {
  if (auto load = dyn_cast<LoadViewTkoOp>(op))
    return LoadParts{load.getMemoryOrderingSemantics(),
                     load.getToken(),
                     load.getOptimizationHintsAttr(),
                     {load.getView()},
                     SmallVector<Value>(load.getIndex())};
  if (auto load = dyn_cast<LoadPtrTkoOp>(op)) {
    LoadParts parts{load.getMemoryOrderingSemantics(),
                    load.getToken(),
                    load.getOptimizationHintsAttr(),
                    {},
                    {load.getSource()}};
    for (Value v : {load.getMask(), load.getPaddingValue()})
      if (v)
        parts.computed.push_back(v);
    return parts;
  }
  return std::nullopt;
}

static std::optional<Candidate>
matchLoad(ForOp forOp, Operation *load,
          const CudaTilePrefetchLoadsOptions &options) {
  std::optional<LoadParts> parts = getParts(load);
  if (!parts)
    return std::nullopt;
  Value tile = load->getResult(0);
  // A tile loaded only to be carried to later iterations (what this pass
  // emits) is already ahead.
  bool onlyCarried = llvm::all_of(tile.getUsers(), [&](Operation *u) {
    return u == forOp.getRegion().front().getTerminator();
  });
  if (load->getParentOp() != forOp || onlyCarried || feedsProduct(tile) ||
      parts->ordering != MemoryOrderingSemantics::Weak ||
      !load->getResult(1).use_empty() ||
      !llvm::all_of(parts->invariants,
                    [&](Value v) { return isDefinedOutside(v, forOp); }) ||
      (parts->token && !isDefinedOutside(parts->token, forOp)))
    return std::nullopt;
  auto type = cast<TileType>(tile.getType());
  Type elem = type.getElementType();
  if (!isa<FloatType, IntegerType>(elem))
    return std::nullopt;
  // How far ahead: the pass's distance, or from the load's latency hint.
  int64_t distance = options.distance;
  if (distance == 0) {
    Attribute hint =
        parts->hints ? parts->hints.getHint(options.arch, "latency") : nullptr;
    // An invalid value is ignored, as hints may be.
    if (!hint || !OptimizationHintsAttr::isValidHint("latency", hint))
      return std::nullopt;
    auto latency = cast<IntegerAttr>(hint);
    distance = latency.getInt() > kShallowLatency ? 2 : 1;
  }
  int64_t bytes = type.getNumElements() *
                  std::max<int64_t>(1, elem.getIntOrFloatBitWidth() / 8);
  distance = std::min(distance, options.maxBytes / bytes);
  if (distance < 1)
    return std::nullopt;
  // The operands' computation: pure ops of the body over the induction
  // variable and values from outside the loop.
  std::optional<SmallVector<Operation *>> slice =
      getIterationSlice(forOp, parts->computed);
  if (!slice)
    return std::nullopt;
  Candidate c{load, distance, std::move(*slice)};
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

/// Rewrites `forOp` so that each iteration loads the tile of the iteration
/// `distance` ahead and carries the `distance` tiles loaded ahead.
static void prefetch(ForOp forOp, const Candidate &c) {
  Operation *load = c.load;
  int64_t distance = c.distance;
  Location loc = load->getLoc();
  OpBuilder b(forOp);
  Value iv = forOp.getInductionVar();
  Value lb = forOp.getLowerBound(), ub = forOp.getUpperBound(),
        step = forOp.getStep();
  Signedness signedness =
      forOp.getUnsignedCmp() ? Signedness::Unsigned : Signedness::Signed;
  auto tileType = cast<TileType>(load->getResult(0).getType());
  auto flagType = TileType::get(b.getContext(), {}, b.getI1Type());
  auto compare = [&](ComparisonPredicate predicate, Value lhs, Value rhs) {
    return CmpIOp::create(b, loc, flagType, predicate, lhs, rhs, signedness)
        .getResult();
  };
  // The slice and the load for induction value `at`, at b's point.
  auto emitLoad = [&](Value at) {
    IRMapping map;
    map.map(iv, at);
    for (Operation *op : c.slice)
      b.clone(*op, map);
    return b.clone(*load, map)->getResult(0);
  };
  // The induction value `steps` steps after `from`, and whether the loop
  // reaches it (below the upper bound, and no step wrapped around).
  auto advance = [&](Value from, Value runs, int64_t steps) {
    for (int64_t i = 0; i < steps; ++i) {
      Value next = AddIOp::create(b, loc, from.getType(), from, step);
      Value more = AndIOp::create(
          b, loc, flagType, compare(ComparisonPredicate::LessThan, next, ub),
          compare(ComparisonPredicate::GreaterThan, next, from));
      runs = runs ? AndIOp::create(b, loc, flagType, runs, more).getResult()
                  : more;
      from = next;
    }
    return std::make_pair(from, runs);
  };

  // The tiles of the first `distance` iterations, of those that run.
  SmallVector<Value> inits(forOp.getInitValues());
  Value at = lb;
  Value runs = compare(ComparisonPredicate::LessThan, lb, ub);
  for (int64_t i = 0; i < distance; ++i) {
    if (i)
      std::tie(at, runs) = advance(at, runs, 1);
    auto first = IfOp::create(b, loc, TypeRange{tileType}, runs);
    OpBuilder::InsertionGuard guard(b);
    b.createBlock(&first.getThenRegion());
    YieldOp::create(b, loc, ValueRange{emitLoad(at)});
    b.createBlock(&first.getElseRegion());
    YieldOp::create(b, loc, ValueRange{zeros(b, loc, tileType)});
    inits.push_back(first.getResult(0));
  }

  // The loop, carrying the tiles loaded ahead, nearest first.
  SmallVector<Type> types(forOp.getResultTypes());
  types.append(distance, tileType);
  auto loop = ForOp::create(b, forOp.getLoc(), types, lb, ub, step, inits,
                            forOp.getUnsignedCmpAttr());
  loop.getRegion().takeBody(forOp.getRegion());
  Block &body = loop.getRegion().front();
  SmallVector<Value> carried;
  for (int64_t i = 0; i < distance; ++i)
    carried.push_back(body.addArgument(tileType, loc));
  b.setInsertionPointToStart(&body);
  // The iteration `distance` ahead when there is one, else this one (its
  // tile is not used).
  auto [ahead, more] = advance(iv, Value(), distance);
  Value tile =
      emitLoad(SelectOp::create(b, loc, iv.getType(), more, ahead, iv));
  load->getResult(0).replaceAllUsesWith(carried.front());
  load->erase();
  Operation *terminator = body.getTerminator();
  SmallVector<Value> next(ArrayRef(carried).drop_front());
  next.push_back(tile);
  terminator->insertOperands(terminator->getNumOperands(), next);
  forOp.replaceAllUsesWith(loop.getResults().drop_back(distance));
  forOp.erase();
}

struct PrefetchLoads
    : cuda_tile::impl::CudaTilePrefetchLoadsBase<PrefetchLoads> {
  using Base::Base;

  void runOnOperation() override {
    if (maxBytes <= 0)
      return;
    CudaTilePrefetchLoadsOptions options{maxBytes, distance, arch};
    // One load at a time: each rewrite replaces its loop.
    while (true) {
      std::optional<std::pair<ForOp, Candidate>> found;
      getOperation()->walk([&](ForOp forOp) {
        Block &body = forOp.getRegion().front();
        // Only the body's own terminator continues the loop.
        if (hasEarlyExit(forOp) || !isa<ContinueOp>(body.getTerminator()))
          return WalkResult::advance();
        for (Operation &load : body)
          if (auto c = matchLoad(forOp, &load, options)) {
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
