//===- SliceLoops.cpp - A loop once per slice of its tiles ------*- C++ -*-===//
//
// Part of TileIR.
//
// The cuda-tile-slice-loops pass (Passes.td has the rules).
//
//===----------------------------------------------------------------------===//

#include "tileir/Dialect/CudaTile/Transforms/Passes.h"

#include "tileir/Dialect/CudaTile/IR/KernelInfo.h"
#include "tileir/Dialect/CudaTile/IR/LoopUtils.h"
#include "tileir/Dialect/CudaTile/IR/OpClasses.h"

#include "mlir/IR/IRMapping.h"
#include "mlir/Interfaces/SideEffectInterfaces.h"
#include "llvm/ADT/MapVector.h"
#include "llvm/ADT/SetVector.h"

#include <functional>

namespace mlir::cuda_tile {
#define GEN_PASS_DEF_CUDATILESLICELOOPS
#include "tileir/Dialect/CudaTile/Transforms/Passes.h.inc"
} // namespace mlir::cuda_tile

using namespace mlir;
using namespace mlir::cuda_tile;

namespace {

/// 32-bit registers of an SM (every chip the conversion targets, sm_80 to
/// sm_90a).
constexpr int64_t kRegistersPerSm = 65536;

/// 32-bit words of `type`'s elements.
int64_t words(TileType type) {
  int64_t bits = type.getElementType().getIntOrFloatBitWidth();
  return type.getNumElements() * std::max<int64_t>(bits, 8) / 32;
}

/// `type` with dimension `dim` divided by `n`.
TileType sliceType(TileType type, int64_t dim, int64_t n) {
  SmallVector<int64_t> shape(type.getShape());
  shape[dim] /= n;
  return type.cloneWith(shape, type.getElementType());
}

/// The splat value of the constant `cst` at the shape of `type`.
DenseIntOrFPElementsAttr splatAs(ConstantOp cst, TileType type) {
  return cast<DenseIntOrFPElementsAttr>(cst.getValue().resizeSplat(
      RankedTensorType::get(type.getShape(), type.getElementType())));
}

/// Whether `access` (a view load or store) is weak, on a partition view,
/// with its result token unused and its view and token defined outside
/// `scope` (null: anywhere): the memory model then orders it after nothing
/// `scope` does, and moving or splitting it changes no result.
template <typename AccessOp>
bool isFreeViewAccess(AccessOp access, Operation *scope,
                      bool tokenUsed = false) {
  auto outside = [&](Value v) {
    return !v || !scope ||
           !scope->isAncestor(v.getParentRegion()->getParentOp());
  };
  return access.getMemoryOrderingSemantics() == MemoryOrderingSemantics::Weak &&
         access.getView().template getDefiningOp<MakePartitionViewOp>() &&
         outside(access.getView()) && outside(access.getToken()) &&
         (tokenUsed || access.getResultToken().use_empty());
}

/// Whether the view access `access` is free (isFreeViewAccess) and can be
/// sliced along dimension `d`: its index there is an i32 tile, which the
/// slice's index `i * n + c` replaces.
template <typename AccessOp>
bool isSliceableAccess(AccessOp access, Operation *scope, int64_t d,
                       bool tokenUsed = false) {
  return isFreeViewAccess(access, scope, tokenUsed) &&
         cast<TileType>(access.getIndex()[d].getType())
             .getElementType()
             .isInteger(32);
}

/// A loop to slice: the ops after it that use its results (in block order,
/// the last one where the outer loop goes), the sliced dimension of every
/// value the slices compute, and the slice count.
struct Plan {
  ForOp loop;
  SmallVector<Operation *> after;
  DenseMap<Value, int64_t> dims;
  /// Splat constants from outside the loop that the slices use, and the
  /// dimension along which each is sliced.
  llvm::MapVector<Value, int64_t> constants;
  /// The store among the users whose result token is used (cuTile's
  /// persistent loops carry it): the slices' stores chain it, carried by
  /// the outer loop.
  StoreViewTkoOp tokenStore;
  int64_t dim = 0, slices = 1;
};

/// Whether `v` is a splat constant tile (of rank 1 or more).
bool isSplatConstant(Value v) {
  auto cst = v.getDefiningOp<ConstantOp>();
  return cst && cst.getValue().isSplat() &&
         cast<TileType>(cst.getType()).getRank() > 0;
}

/// Where dimension `d` of `from` goes in a reshape to `to` that only adds
/// or drops dimensions of extent 1 (cuTile's `keepdims`), if it is one.
std::optional<int64_t> reshapedDim(ArrayRef<int64_t> from, ArrayRef<int64_t> to,
                                   int64_t d) {
  auto nonUnit = [](ArrayRef<int64_t> shape) {
    SmallVector<int64_t> dims;
    for (auto [i, extent] : llvm::enumerate(shape))
      if (extent != 1)
        dims.push_back(i);
    return dims;
  };
  SmallVector<int64_t> a = nonUnit(from), b = nonUnit(to);
  if (a.size() != b.size() || from[d] == 1)
    return std::nullopt;
  for (auto [x, y] : llvm::zip(a, b))
    if (from[x] != to[y])
      return std::nullopt;
  return b[llvm::find(a, d) - a.begin()];
}

/// Records the splat constant `v` as sliced along `d` (false where it is
/// not one, or is sliced along another dimension elsewhere).
bool takeConstant(Plan &plan, Value v, int64_t d) {
  if (!isSplatConstant(v))
    return false;
  auto [it, inserted] = plan.constants.try_emplace(v, d);
  return inserted || it->second == d;
}

class Slicer {
public:
  Slicer(ForOp loop, int64_t dim, int64_t slices)
      : loop(loop), dim(dim), slices(slices) {}

  /// Fills `plan` when the loop and its users can be sliced along `dim`.
  bool analyze(Plan &plan);

private:
  bool checkBody(Plan &plan);
  bool checkAfter(Plan &plan);
  bool sliceOperand(Plan &plan, Value v, int64_t d);
  ForOp loop;
  int64_t dim, slices;
};

/// Slices `v`, an operand of a product of the loop body, along its
/// dimension `d`: a weak view load of the body (as for carried tiles), an
/// elementwise op of such operands and splat constants, or a reshape that
/// adds or drops unit dimensions of one, each with no other use.
bool Slicer::sliceOperand(Plan &plan, Value v, int64_t d) {
  if (auto it = plan.dims.find(v); it != plan.dims.end())
    return it->second == d;
  Operation *def = v.getDefiningOp();
  if (!def || def->getBlock() != &loop.getRegion().front() || !v.hasOneUse() ||
      cast<TileType>(v.getType()).getShape()[d] % slices != 0)
    return false;
  if (auto load = dyn_cast<LoadViewTkoOp>(def)) {
    if (!isSliceableAccess(load, loop, d))
      return false;
  } else if (isElementwise(def)) {
    for (Value operand : def->getOperands())
      if (!sliceOperand(plan, operand, d) && !takeConstant(plan, operand, d))
        return false;
  } else if (auto reshape = dyn_cast<ReshapeOp>(def)) {
    std::optional<int64_t> from = reshapedDim(
        cast<TileType>(reshape.getType()).getShape(),
        cast<TileType>(reshape.getSource().getType()).getShape(), d);
    if (!from || !sliceOperand(plan, reshape.getSource(), *from))
      return false;
  } else {
    return false;
  }
  plan.dims[v] = d;
  return true;
}

bool Slicer::checkBody(Plan &plan) {
  auto shape = cast<TileType>(loop.getResult(0).getType()).getShape();
  auto wide = [&](Value v) {
    auto type = dyn_cast<TileType>(v.getType());
    return type && type.getShape() == shape;
  };
  Block &body = loop.getRegion().front();
  for (BlockArgument arg : body.getArguments().drop_front())
    plan.dims[arg] = dim;
  // The ops that compute products' operands A and B alone (loads, casts,
  // reshapes of the body, whatever their shape: a B of K x N with K = M
  // has the accumulator's shape): the product slices one operand
  // (sliceOperand), the other is recomputed per slice.
  // Such an op uses nothing the loop carries: its operands come from
  // outside the body, from loads, or from other such ops.
  DenseSet<Operation *> operandOps;
  std::function<bool(Value)> ownOperand = [&](Value v) {
    if (v.getParentBlock() != &body)
      return true;
    Operation *def = v.getDefiningOp();
    if (!def || !v.hasOneUse())
      return false;
    if (operandOps.contains(def))
      return true;
    if (!isa<LoadViewTkoOp>(def) &&
        !((isa<ReshapeOp>(def) || isElementwise(def)) &&
          llvm::all_of(def->getOperands(), ownOperand)))
      return false;
    operandOps.insert(def);
    return true;
  };
  for (Operation &op : body.without_terminator())
    if (isa<MmaFOp, MmaIOp>(op)) {
      ownOperand(op.getOperand(0));
      ownOperand(op.getOperand(1));
    }
  for (Operation &op : body.without_terminator()) {
    if (op.getNumRegions())
      return false;
    bool anyWide =
        !operandOps.contains(&op) && (llvm::any_of(op.getOperands(), wide) ||
                                      llvm::any_of(op.getResults(), wide));
    if (!anyWide) {
      // Recomputed in every slice (a product's operand that the slices
      // divide is sliced where the product is met, below).
      auto load = dyn_cast<LoadViewTkoOp>(&op);
      if (!isMemoryEffectFree(&op) && !(load && isFreeViewAccess(load, loop)))
        return false;
      continue;
    }
    if (isa<MmaFOp, MmaIOp>(&op)) {
      // The accumulator's rows (M) are A's, its columns (N) B's; the other
      // operand is read whole by every slice.
      int64_t rank = cast<TileType>(op.getResult(0).getType()).getRank();
      int64_t sliced = dim == rank - 2 ? 0 : 1;
      if (!plan.dims.contains(op.getOperand(2)) || dim < rank - 2 ||
          plan.dims.contains(op.getOperand(1 - sliced)) ||
          !sliceOperand(plan, op.getOperand(sliced), dim))
        return false;
    } else if (auto cst = dyn_cast<ConstantOp>(&op)) {
      if (!cst.getValue().isSplat())
        return false;
    } else if (auto load = dyn_cast<LoadViewTkoOp>(&op)) {
      if (!isSliceableAccess(load, loop, dim) || !wide(load.getTile()))
        return false;
    } else if (isElementwise(&op)) {
      for (Value v : op.getOperands())
        if (!plan.dims.contains(v) && !takeConstant(plan, v, dim))
          return false;
    } else {
      return false;
    }
    for (Value r : op.getResults())
      if (wide(r))
        plan.dims[r] = dim;
  }
  // Every carried tile is computed along `dim` by the ops above (or passed
  // through).
  return llvm::all_of(body.getTerminator()->getOperands(),
                      [&](Value v) { return plan.dims.contains(v); });
}

bool Slicer::checkAfter(Plan &plan) {
  Block *block = loop->getBlock();
  SetVector<Operation *> after;
  SmallVector<Value> work(loop.getResults().begin(), loop.getResults().end());
  for (Value r : loop.getResults())
    plan.dims[r] = dim;
  while (!work.empty()) {
    Value v = work.pop_back_val();
    int64_t d = plan.dims.lookup(v);
    for (Operation *user : v.getUsers()) {
      if (user->getBlock() != block || !loop->isBeforeInBlock(user))
        return false;
      if (after.contains(user))
        continue;
      // The user's tiles are slices along the same dimension (a store's
      // indices and token are not tiles of the loop's).
      auto sliced = [&](Value operand) {
        auto it = plan.dims.find(operand);
        return it != plan.dims.end() ? it->second == d
                                     : takeConstant(plan, operand, d);
      };
      auto store = dyn_cast<StoreViewTkoOp>(user);
      if (store
              ? store.getTile() != v ||
                    llvm::any_of(store.getIndex(),
                                 [&](Value i) { return plan.dims.contains(i); })
              : !llvm::all_of(user->getOperands(), sliced))
        return false;
      SmallVector<Value> results;
      if (auto reduce = dyn_cast<ReduceOp>(user)) {
        int64_t r = reduce.getDim();
        if (r == d)
          return false;
        for (Value res : reduce.getResults()) {
          plan.dims[res] = r < d ? d - 1 : d;
          results.push_back(res);
        }
      } else if (isElementwise(user)) {
        for (Value res : user->getResults()) {
          plan.dims[res] = d;
          results.push_back(res);
        }
      } else if (auto reshape = dyn_cast<ReshapeOp>(user)) {
        std::optional<int64_t> to = reshapedDim(
            cast<TileType>(reshape.getSource().getType()).getShape(),
            cast<TileType>(reshape.getType()).getShape(), d);
        if (!to)
          return false;
        plan.dims[reshape.getResult()] = *to;
        results.push_back(reshape.getResult());
      } else if (store) {
        // Its view and token are defined before it, so before the outer
        // loop that takes its place; no token comes from the loop or its
        // users (their result tokens are unused, but for one store's,
        // which the outer loop carries).
        bool tokenUsed = !store.getResultToken().use_empty();
        if ((tokenUsed && plan.tokenStore) ||
            !isSliceableAccess(store, nullptr, d, tokenUsed))
          return false;
        if (tokenUsed)
          plan.tokenStore = store;
      } else {
        return false;
      }
      after.insert(user);
      llvm::append_range(work, results);
    }
  }
  if (after.empty())
    return false;
  plan.after = after.takeVector();
  llvm::sort(plan.after,
             [](Operation *a, Operation *b) { return a->isBeforeInBlock(b); });
  // The loop's loads and the users' stores move to the last user: what
  // runs in between must not touch memory.
  for (Operation *op = loop->getNextNode(); op != plan.after.back();
       op = op->getNextNode())
    if (!llvm::is_contained(plan.after, op) && !isMemoryEffectFree(op))
      return false;
  return true;
}

bool Slicer::analyze(Plan &plan) {
  plan = Plan();
  plan.loop = loop;
  plan.dim = dim;
  plan.slices = slices;
  return checkBody(plan) && checkAfter(plan);
}

class Rewriter {
public:
  explicit Rewriter(const Plan &plan) : plan(plan) {}
  void run();

private:
  Value slicedView(Value view, int64_t d);
  Value slicedIndex(Value index);
  Value slicedInit(Value init);
  /// Gives `v` the slice type of `old`, which the plan slices.
  void retype(Value v, Value old);
  /// Makes the view access `access` (a clone) read or write the slice of
  /// its tile along `d`.
  template <typename AccessOp>
  void sliceAccess(AccessOp access, int64_t d);
  Value constant(int64_t value);
  const Plan &plan;
  OpBuilder b{plan.loop};
  Value iv, count;
  ForOp inner;
  IRMapping map;
  DenseMap<std::pair<Value, int64_t>, Value> views;
  /// Sliced indices from outside the loop.
  DenseMap<Value, Value> indices;
};

Value Rewriter::slicedView(Value view, int64_t d) {
  auto key = std::make_pair(view, d);
  if (Value v = views.lookup(key))
    return v;
  auto def = view.getDefiningOp<MakePartitionViewOp>();
  auto type = cast<PartitionViewType>(view.getType());
  SmallVector<int32_t> tile(type.getTileShape());
  tile[d] /= plan.slices;
  OpBuilder::InsertionGuard guard(b);
  b.setInsertionPointAfter(def);
  auto sliced = cast<MakePartitionViewOp>(b.clone(*def));
  sliced.getResult().setType(
      PartitionViewType::get(b.getContext(), tile, type.getTensorView(),
                             type.getDimMap(), type.getPaddingValue()));
  views[key] = sliced.getResult();
  return sliced.getResult();
}

Value Rewriter::slicedIndex(Value index) {
  // An index from outside the loop is scaled once per slice.
  bool inLoop =
      plan.loop->isAncestor(index.getParentRegion()->getParentOp()) ||
      (inner && inner->isAncestor(index.getParentRegion()->getParentOp()));
  if (!inLoop)
    if (Value v = indices.lookup(index))
      return v;
  OpBuilder::InsertionGuard guard(b);
  if (!inLoop)
    b.setInsertionPointToStart(iv.getParentBlock());
  Location loc = index.getLoc();
  Value scaled = MulIOp::create(b, loc, index.getType(), index, count);
  Value sliced = AddIOp::create(b, loc, index.getType(), scaled, iv);
  if (!inLoop)
    indices[index] = sliced;
  return sliced;
}

Value Rewriter::slicedInit(Value init) {
  Location loc = init.getLoc();
  auto type = cast<TileType>(init.getType());
  TileType sliced = sliceType(type, plan.dim, plan.slices);
  if (auto cst = init.getDefiningOp<ConstantOp>();
      cst && cst.getValue().isSplat())
    return ConstantOp::create(b, loc, splatAs(cst, sliced));
  SmallVector<Value> indices;
  Value zero = constant(0);
  for (int64_t i = 0; i < type.getRank(); ++i)
    indices.push_back(i == plan.dim ? iv : zero);
  return ExtractOp::create(b, loc, sliced, init, indices);
}

Value Rewriter::constant(int64_t value) {
  return createIntConstant(
      b, plan.loop->getLoc(),
      TileType::get({}, IntegerType::get(b.getContext(), 32)), value);
}

void Rewriter::retype(Value v, Value old) {
  if (auto it = plan.dims.find(old); it != plan.dims.end())
    v.setType(sliceType(cast<TileType>(v.getType()), it->second, plan.slices));
}

template <typename AccessOp>
void Rewriter::sliceAccess(AccessOp access, int64_t d) {
  OpBuilder::InsertionGuard guard(b);
  b.setInsertionPoint(access);
  access.getViewMutable().assign(slicedView(access.getView(), d));
  Value index = access.getIndex()[d];
  access.getIndexMutable().slice(d, 1).assign(slicedIndex(index));
}

void Rewriter::run() {
  ForOp loop = plan.loop;
  Location loc = loop.getLoc();
  Operation *last = plan.after.back();
  b.setInsertionPoint(last);
  count = constant(plan.slices);
  Value zero = constant(0), one = constant(1);
  StoreViewTkoOp tokenStore = plan.tokenStore;
  SmallVector<Type> carriedTypes;
  SmallVector<Value> carried;
  if (tokenStore) {
    carriedTypes.push_back(tokenStore.getResultToken().getType());
    carried.push_back(tokenStore.getToken());
  }
  auto outer = ForOp::create(b, loc, carriedTypes, zero, count, one, carried,
                             UnitAttr());
  Block *block = b.createBlock(&outer.getRegion());
  iv = block->addArgument(zero.getType(), loc);
  Value token =
      tokenStore ? block->addArgument(carriedTypes.front(), loc) : Value();
  auto next = ContinueOp::create(b, loc, ValueRange{});
  b.setInsertionPointToStart(block);

  // The splat constants the slices use, sliced.
  for (auto [cst, d] : plan.constants)
    map.map(cst,
            ConstantOp::create(b, cst.getLoc(),
                               splatAs(cst.getDefiningOp<ConstantOp>(),
                                       sliceType(cast<TileType>(cst.getType()),
                                                 d, plan.slices))));
  // The loop, on slices of its carried tiles.
  for (Value init : loop.getInitValues())
    if (!map.contains(init))
      map.map(init, slicedInit(init));
  inner = cast<ForOp>(b.clone(*loop, map));
  Block &body = inner.getRegion().front();
  Block &oldBody = loop.getRegion().front();
  for (auto [arg, old] : llvm::zip(body.getArguments(), oldBody.getArguments()))
    retype(arg, old);
  for (auto [op, old] :
       llvm::zip(body.without_terminator(), oldBody.without_terminator())) {
    for (auto [res, oldRes] : llvm::zip(op.getResults(), old.getResults()))
      retype(res, oldRes);
    if (auto cst = dyn_cast<ConstantOp>(&op))
      cst.setValueAttr(splatAs(cst, cast<TileType>(cst.getType())));
    else if (auto load = dyn_cast<LoadViewTkoOp>(&op);
             load && plan.dims.contains(cast<LoadViewTkoOp>(old).getTile()))
      sliceAccess(load, plan.dims.lookup(cast<LoadViewTkoOp>(old).getTile()));
  }
  for (auto [res, old] : llvm::zip(inner.getResults(), loop.getResults())) {
    retype(res, old);
    map.map(old, res);
  }

  // The users, on the slices.
  for (Operation *op : plan.after) {
    Operation *clone = b.clone(*op, map);
    for (auto [res, old] : llvm::zip(clone->getResults(), op->getResults()))
      retype(res, old);
    if (auto store = dyn_cast<StoreViewTkoOp>(clone)) {
      sliceAccess(store, plan.dims.lookup(cast<StoreViewTkoOp>(op).getTile()));
      if (op == tokenStore.getOperation()) {
        // Each slice's store follows the previous one's.
        store.getTokenMutable().assign(token);
        next->setOperands(store.getResultToken());
      }
    }
  }
  if (tokenStore)
    tokenStore.getResultToken().replaceAllUsesWith(outer.getResult(0));
  // The whole tiles' initial values, views and constants, once nothing else
  // uses them.
  SetVector<Operation *> unused;
  for (Value init : loop.getInitValues())
    if (Operation *def = init.getDefiningOp(); def && isMemoryEffectFree(def))
      unused.insert(def);
  for (auto &[key, sliced] : views)
    unused.insert(key.first.getDefiningOp());
  for (auto &[cst, d] : plan.constants)
    unused.insert(cst.getDefiningOp());
  for (Operation *op : llvm::reverse(plan.after))
    op->erase();
  loop->erase();
  for (Operation *def : unused)
    if (def->use_empty())
      def->erase();
}

} // namespace

namespace {

/// The CTA threads of `op`'s entry, as the conversion chooses them for
/// large tiles: its `num_worker_warps_per_cta` hint for `arch`, else
/// `numThreads` (the pipeline's CTA size option), else the largest CTA the
/// tile sizes give.
int64_t ctaThreads(Operation *op, StringRef arch, int64_t numThreads) {
  if (auto entry = op->getParentOfType<EntryOp>())
    if (int64_t warps =
            getEntryIntHint(entry, arch, "num_worker_warps_per_cta");
        warps > 0)
      return warps * 32;
  return numThreads > 0 ? numThreads : kMaxPlannedCtaThreads;
}

struct SliceLoops : cuda_tile::impl::CudaTileSliceLoopsBase<SliceLoops> {
  using Base::Base;

  void runOnOperation() override {
    if (maxWords <= 0)
      return;
    SmallVector<ForOp> loops;
    getOperation().walk([&](ForOp loop) { loops.push_back(loop); });
    for (ForOp loop : loops) {
      std::optional<Plan> plan = planFor(loop);
      if (plan)
        Rewriter(*plan).run();
    }
  }

  /// How to slice `loop`, if it needs and allows it.
  std::optional<Plan> planFor(ForOp loop) {
    if (loop.getNumResults() == 0 || hasEarlyExit(loop))
      return std::nullopt;
    auto type = dyn_cast<TileType>(loop.getResult(0).getType());
    if (!type || type.getRank() == 0)
      return std::nullopt;
    int64_t carried = 0;
    for (Type t : loop.getResultTypes()) {
      auto tile = dyn_cast<TileType>(t);
      if (!tile || tile.getShape() != type.getShape() ||
          !tile.getElementType().isIntOrFloat())
        return std::nullopt;
      carried += words(tile);
    }
    // The limit: `max-words`, and half of a thread's share of the SM's
    // registers when the CTA is larger (the loop's loads need room too).
    int64_t threads = ctaThreads(loop, arch, numThreads);
    int64_t limit = std::min<int64_t>(maxWords, kRegistersPerSm / threads / 2);
    // A product into a carried accumulator: an f8 one without fast_acc
    // keeps a second accumulator of the same size (isPromotedF8).
    Operation *product = nullptr;
    for (Operation &op : loop.getRegion().front().without_terminator())
      if (isa<MmaFOp, MmaIOp>(op) && isa<BlockArgument>(op.getOperand(2)) &&
          op.getOperand(2).getParentBlock() == &loop.getRegion().front())
        product = &op;
    int64_t perThread = carried / threads;
    if (product && isPromotedF8(product))
      perThread *= 2;
    if (perThread <= limit)
      return std::nullopt;
    // The fewest slices that leave each at most half the limit, or the
    // whole limit for a product's accumulators: their operands go through
    // shared memory, not registers (cuTile's 256x256 matmul tiles become
    // two 128x256 ones).
    int64_t slices = llvm::PowerOf2Ceil(
        llvm::divideCeil(product ? perThread : perThread * 2, limit));
    for (int64_t dim = 0; dim < type.getRank(); ++dim) {
      if (type.getShape()[dim] % slices != 0)
        continue;
      // A product's row slices keep 64 rows per warpgroup of the CTA (the
      // wgmma M): fewer would leave warpgroups without rows, the others
      // with the whole accumulator (cuTile's float8 256x256 tiles: 4
      // slices of 256x64, not 64x256).
      if (product && dim == type.getRank() - 2 &&
          type.getShape()[dim] / slices <
              64 * std::max<int64_t>(1, threads / 128))
        continue;
      Plan plan;
      if (Slicer(loop, dim, slices).analyze(plan))
        return plan;
    }
    return std::nullopt;
  }
};

} // namespace
