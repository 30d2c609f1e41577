//===- RegionReduce.cpp - CUDA variants of tirx.reduce and tirx.scan ------===//
//
// Part of TileIR. Register operands at CTA scope; the combiner body is cloned
// wherever two tuples meet.
//   tirx.reduce thread / warp / cta (10): the register reduction of
//   Reduction.cpp (ReductionCodegen.h) over tuples: a per-thread pairwise
//   tree, a shuffle-xor butterfly over the reduced lane bits (warp), and an
//   exchange of partials through a shared scratch over the reduced warp bits
//   (cta). The variant is named after the widest level the reduced bits
//   reach. Without destinations the results replace the op's scalars.
//   tirx.scan thread / warp / cta (10): the scan axis' bits must read, from
//   the lowest, registers, then lanes, then warps, then registers (the
//   blocked layouts do). Each thread scans its low registers serially; the
//   lanes run a Kogge-Stone scan of the thread totals with shfl.up (shfl.down
//   for `reverse`) and shift it by one lane for the exclusive prefix; warp
//   totals go through a shared scratch (one exchange for every register
//   round), each thread folding the totals of the warps before it; the high
//   register bits are rounds chained by a carry.
//
//===----------------------------------------------------------------------===//

#include "tileir/Dialect/TirX/Utils/LayoutCodegen.h"
#include "tileir/Dispatch/Dispatch.h"
#include "tileir/Dispatch/Predicates.h"

#include "ReductionCodegen.h"
#include "Variants.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/GPU/IR/GPUDialect.h"
#include "mlir/Dialect/MemRef/IR/MemRef.h"
#include "mlir/IR/IRMapping.h"

#include <optional>
#include <vector>

using namespace mlir;
using namespace tileir;
using namespace tileir::dispatch;
using reduction::CombineFn;
using reduction::ReductionPlan;

namespace {

using Tuple = SmallVector<Value>;

/// The combiner of a tirx.reduce / tirx.scan: its body cloned on two tuples.
CombineFn bodyCombiner(Region &body) {
  return
      [&body](OpBuilder &b, Location, ValueRange lhs, ValueRange rhs) -> Tuple {
        Block &block = body.front();
        IRMapping mapping;
        for (size_t i = 0; i < lhs.size(); ++i) {
          mapping.map(block.getArgument(2 * i), lhs[i]);
          mapping.map(block.getArgument(2 * i + 1), rhs[i]);
        }
        for (Operation &inner : block.without_terminator())
          b.clone(inner, mapping);
        Tuple result;
        for (Value v : block.getTerminator()->getOperands())
          result.push_back(mapping.lookupOrDefault(v));
        return result;
      };
}

SmallVector<Type> elementTypes(ValueRange buffers) {
  SmallVector<Type> types;
  for (Value v : buffers)
    types.push_back(cast<tirx::BufferType>(v.getType()).getElementType());
  return types;
}

SmallVector<Value> storages(OpBuilder &b, Location loc, ValueRange buffers) {
  SmallVector<Value> result;
  for (Value v : buffers)
    result.push_back(getStorage(b, loc, v));
  return result;
}

/// The widest level a plan's reduced (or scanned) bits reach.
enum class Level { Thread, Warp, Cta };

StringRef levelName(Level level) {
  switch (level) {
  case Level::Thread:
    return "thread";
  case Level::Warp:
    return "warp";
  case Level::Cta:
    return "cta";
  }
  return "";
}

Predicate levelIs(Level want, std::function<FailureOr<Level>(Operation *)> of) {
  return {"levelIs" + levelName(want).str(),
          [want, of](Operation *op, const DispatchContext &) {
            FailureOr<Level> got = of(op);
            if (failed(got) || *got == want)
              return Outcome::ok(); // the layout predicate reports failures
            return Outcome::fail("the combined bits reach the " +
                                 levelName(*got).str() + ", not the " +
                                 levelName(want).str());
          }};
}

//===----------------------------------------------------------------------===//
// tirx.reduce
//===----------------------------------------------------------------------===//

FailureOr<ReductionPlan> planRegionReduce(tirx::RegionReduceOp op,
                                          std::string &why) {
  auto src = cast<tirx::BufferType>(op.getSrcs().front().getType());
  std::optional<ReductionPlan> plan;
  for (auto [i, s] : llvm::enumerate(op.getSrcs())) {
    auto srcType = cast<tirx::BufferType>(s.getType());
    if (srcType.getLayout() != src.getLayout()) {
      why = "source #" + std::to_string(i) + " has another layout";
      return failure();
    }
    tirx::BufferType dstType;
    if (!op.getDsts().empty()) {
      dstType = cast<tirx::BufferType>(op.getDsts()[i].getType());
      auto first = cast<tirx::BufferType>(op.getDsts().front().getType());
      if (dstType.getLayout() != first.getLayout()) {
        why = "destination #" + std::to_string(i) + " has another layout";
        return failure();
      }
    }
    FailureOr<ReductionPlan> one =
        reduction::planReduction(dstType, srcType, op.getAxes(), why);
    if (failed(one))
      return failure();
    plan = std::move(*one);
  }
  return *plan;
}

FailureOr<Level> reduceLevel(Operation *op) {
  std::string why;
  FailureOr<ReductionPlan> plan =
      planRegionReduce(cast<tirx::RegionReduceOp>(op), why);
  if (failed(plan))
    return failure();
  if (!plan->warpStrides.empty())
    return Level::Cta;
  return plan->laneStrides.empty() ? Level::Thread : Level::Warp;
}

Predicate regionReduceLayouts() {
  return {"regionReduceLayouts", [](Operation *op, const DispatchContext &ctx) {
            auto reduce = cast<tirx::RegionReduceOp>(op);
            std::string why;
            FailureOr<ReductionPlan> plan = planRegionReduce(reduce, why);
            if (failed(plan))
              return Outcome::fail(why);
            Outcome resources = reduction::checkReductionResources(
                *plan, elementTypes(reduce.getSrcs()), ctx.getCtaThreads());
            if (!resources.succeeded())
              return resources;
            return Outcome::ok(*plan);
          }};
}

Outcome emitRegionReduce(Operation *operation, DispatchContext &ctx,
                         RewriterBase &b) {
  auto op = cast<tirx::RegionReduceOp>(operation);
  const ReductionPlan &plan = ctx.getPlan<ReductionPlan>();
  Location loc = op.getLoc();
  reduction::ReducedTuples tuples = reduction::emitRegisterReduction(
      b, loc, op, plan, storages(b, loc, op.getSrcs()), ctx.getCtaThreads(),
      bodyCombiner(op.getBody()));
  if (op.getDsts().empty()) {
    b.replaceAllUsesWith(op.getResults(), tuples.values.front());
    return Outcome::ok();
  }
  reduction::storeReducedTuples(b, loc, plan, tuples,
                                storages(b, loc, op.getDsts()));
  return Outcome::ok();
}

//===----------------------------------------------------------------------===//
// tirx.scan
//===----------------------------------------------------------------------===//

/// The bit structure of a scan along one axis: the axis' flat bits split
/// into registers below the thread bits (`lo`), lane bits (strides
/// laneStride << k), warp bits (warpStride << k) and registers above (`hi`).
struct ScanPlan {
  BitLayout layout;
  SmallVector<unsigned> lo, hi, keptMem;
  int64_t laneStride = 0, warpStride = 0;
  unsigned numLane = 0, numWarp = 0;
};

FailureOr<ScanPlan> planScan(tirx::RegionScanOp op, std::string &why) {
  auto first = cast<tirx::BufferType>(op.getSrcs().front().getType());
  for (Value v : llvm::concat<Value>(op.getSrcs(), op.getDsts()))
    if (cast<tirx::BufferType>(v.getType()).getLayout() != first.getLayout()) {
      why = "sources and destinations do not share one layout";
      return failure();
    }
  if (!first.getLayout()) {
    why = "operands have no layout";
    return failure();
  }
  auto bits = BitLayout::get(first.getTileLayout());
  if (failed(bits)) {
    why = "layouts are not power-of-two CTA layouts";
    return failure();
  }
  ScanPlan plan;
  plan.layout = *bits;
  auto [begin, end] = dimBitRange(first.getShape(), op.getAxis());
  enum { Low, Lanes, Warps, High } phase = Low;
  for (unsigned j = 0; j < bits->getNumBits(); ++j) {
    const LayoutBit &bit = bits->shard[j];
    bool onAxis = j >= begin && j < end;
    if (!onAxis) {
      if (bit.stride == 0) {
        why = "layout broadcasts flat bit " + std::to_string(j);
        return failure();
      }
      if (bit.isMemory())
        plan.keptMem.push_back(j);
      continue;
    }
    if (bit.stride == 0) {
      why = "layout broadcasts along the scan axis";
      return failure();
    }
    if (bit.isMemory()) {
      (phase == Low ? plan.lo : plan.hi).push_back(j);
      if (phase != Low)
        phase = High;
      continue;
    }
    bool lane = bit.stride < 32;
    if (phase == High || (lane && phase == Warps)) {
      why = "scan axis bits interleave registers and threads out of order "
            "(flat bit " +
            std::to_string(j) + ")";
      return failure();
    }
    if (lane) {
      if (plan.numLane == 0)
        plan.laneStride = bit.stride;
      if (bit.stride != plan.laneStride << plan.numLane) {
        why = "scan axis lane bits are not consecutive";
        return failure();
      }
      ++plan.numLane;
      phase = Lanes;
    } else {
      if (plan.numWarp == 0)
        plan.warpStride = bit.stride;
      if (bit.stride != plan.warpStride << plan.numWarp) {
        why = "scan axis warp bits are not consecutive";
        return failure();
      }
      ++plan.numWarp;
      phase = Warps;
    }
  }
  return plan;
}

FailureOr<Level> scanLevel(Operation *op) {
  std::string why;
  FailureOr<ScanPlan> plan = planScan(cast<tirx::RegionScanOp>(op), why);
  if (failed(plan))
    return failure();
  if (plan->numWarp)
    return Level::Cta;
  return plan->numLane ? Level::Warp : Level::Thread;
}

Predicate scanLayouts() {
  return {"scanLayouts", [](Operation *op, const DispatchContext &ctx) {
            auto scan = cast<tirx::RegionScanOp>(op);
            std::string why;
            FailureOr<ScanPlan> plan = planScan(scan, why);
            if (failed(plan))
              return Outcome::fail(why);
            SmallVector<Type> types = elementTypes(scan.getSrcs());
            for (Type type : types)
              if (!type.isIntOrFloat() || type.getIntOrFloatBitWidth() > 64)
                return Outcome::fail("expects elements of at most 64 bits");
            if (plan->numWarp) {
              int64_t tuples = (int64_t(1) << plan->keptMem.size())
                               << plan->hi.size();
              OpBuilder b(op->getContext());
              int64_t bytes = tuples * ctx.getCtaThreads() *
                              reduction::tupleBytes(b, types);
              if (bytes > reduction::kMaxScratchBytes)
                return Outcome::fail(
                    "cross-warp scratch would exceed " +
                    std::to_string(reduction::kMaxScratchBytes) + " bytes");
            }
            return Outcome::ok(*plan);
          }};
}

/// Deposits the bits of `value` into the flat bit positions `bits`.
int64_t deposit(ArrayRef<unsigned> bits, int64_t value) {
  int64_t flat = 0;
  for (auto [i, j] : llvm::enumerate(bits))
    if ((value >> i) & 1)
      flat |= int64_t(1) << j;
  return flat;
}

/// One register round of one kept tuple: the serial scan of the low
/// registers, the inclusive lane scan of the thread totals and the exclusive
/// lane prefix.
struct Round {
  SmallVector<int64_t> flats;
  SmallVector<Tuple> local;
  Tuple laneInclusive;
  std::optional<Tuple> lanePrefix;
};

Outcome emitScan(Operation *operation, DispatchContext &ctx, RewriterBase &b) {
  auto op = cast<tirx::RegionScanOp>(operation);
  const ScanPlan &plan = ctx.getPlan<ScanPlan>();
  Location loc = op.getLoc();
  bool rev = op.getReverse();
  CombineFn combine = bodyCombiner(op.getBody());
  SmallVector<Value> srcMem = storages(b, loc, op.getSrcs());
  SmallVector<Value> dstMem = storages(b, loc, op.getDsts());
  Type i32 = b.getI32Type();
  auto c32 = [&](int64_t v) {
    return arith::ConstantIntOp::create(b, loc, i32, v).getResult();
  };
  auto select = [&](Value cond, const Tuple &t, const Tuple &f) {
    Tuple r;
    for (auto [x, y] : llvm::zip(t, f))
      r.push_back(arith::SelectOp::create(b, loc, cond, x, y));
    return r;
  };
  auto shuffle = [&](const Tuple &t, Value offset, gpu::ShuffleMode mode) {
    Value width = c32(32);
    Tuple r;
    for (Value v : t) {
      Value moved = gpu::ShuffleOp::create(b, loc, reduction::widen(b, loc, v),
                                           offset, width, mode)
                        .getShuffleResult();
      r.push_back(reduction::narrow(b, loc, moved, v.getType()));
    }
    return r;
  };
  // Combines an optional earlier tuple with a later one.
  auto then = [&](const std::optional<Tuple> &earlier,
                  const Tuple &later) -> Tuple {
    return earlier ? combine(b, loc, *earlier, later) : later;
  };
  Tuple identity;
  for (Attribute attr : op.getIdentities())
    identity.push_back(
        arith::ConstantOp::create(b, loc, cast<TypedAttr>(attr)));

  Value tid = emitThreadId(b, loc);
  int64_t laneMax = (int64_t(1) << plan.numLane) - 1;
  int64_t warpMax = (int64_t(1) << plan.numWarp) - 1;
  Value laneSub, warpSub;
  if (plan.numLane)
    laneSub = arith::AndIOp::create(
        b, loc, arith::DivUIOp::create(b, loc, tid, c32(plan.laneStride)),
        c32(laneMax));
  if (plan.numWarp)
    warpSub = arith::AndIOp::create(
        b, loc, arith::DivUIOp::create(b, loc, tid, c32(plan.warpStride)),
        c32(warpMax));
  // The lane that holds a lane group's total: the last in scan order.
  int64_t lastLaneBits = rev ? 0 : laneMax * plan.laneStride;
  Value lastLane;
  if (plan.numLane)
    lastLane = arith::OrIOp::create(
        b, loc,
        arith::AndIOp::create(b, loc, tid,
                              c32(31 & ~(laneMax * plan.laneStride))),
        c32(lastLaneBits));

  int64_t numLo = int64_t(1) << plan.lo.size();
  int64_t numHi = int64_t(1) << plan.hi.size();
  SmallVector<int64_t> kept = enumerateSubsets(plan.keptMem);
  // rounds[k * numHi + r]: kept tuple k, round r (in index order).
  std::vector<Round> rounds;
  for (int64_t base : kept) {
    for (int64_t r = 0; r < numHi; ++r) {
      Round round;
      std::optional<Tuple> acc;
      round.flats.resize(numLo);
      round.local.resize(numLo);
      // 1. Serial scan of the low registers, in scan order.
      for (int64_t step = 0; step < numLo; ++step) {
        int64_t p = rev ? numLo - 1 - step : step;
        int64_t flat = base | deposit(plan.lo, p) | deposit(plan.hi, r);
        Value index = arith::ConstantIndexOp::create(
            b, loc, plan.layout.storageIndex(flat));
        Tuple x;
        for (Value mem : srcMem)
          x.push_back(memref::LoadOp::create(b, loc, mem, index));
        acc = then(acc, x);
        round.flats[p] = flat;
        round.local[p] = *acc;
      }
      // 2. Kogge-Stone over the lanes of the axis.
      Tuple inclusive = *acc;
      if (plan.numLane) {
        gpu::ShuffleMode mode =
            rev ? gpu::ShuffleMode::DOWN : gpu::ShuffleMode::UP;
        for (unsigned t = 0; t < plan.numLane; ++t) {
          Tuple other = shuffle(inclusive, c32(plan.laneStride << t), mode);
          Value valid =
              rev ? arith::CmpIOp::create(b, loc, arith::CmpIPredicate::ule,
                                          laneSub, c32(laneMax - (1 << t)))
                  : arith::CmpIOp::create(b, loc, arith::CmpIPredicate::uge,
                                          laneSub, c32(1 << t));
          inclusive =
              select(valid, combine(b, loc, other, inclusive), inclusive);
        }
        Tuple shifted = shuffle(inclusive, c32(plan.laneStride), mode);
        Value hasPrefix =
            rev ? arith::CmpIOp::create(b, loc, arith::CmpIPredicate::ult,
                                        laneSub, c32(laneMax))
                : arith::CmpIOp::create(b, loc, arith::CmpIPredicate::ugt,
                                        laneSub, c32(0));
        round.lanePrefix = select(hasPrefix, shifted, identity);
      }
      round.laneInclusive = std::move(inclusive);
      rounds.push_back(std::move(round));
    }
  }

  // 3. Across warps: every thread publishes its inclusive lane scan; the
  // totals of a warp are at its last lane.
  SmallVector<Value> scratch;
  int64_t cta = ctx.getCtaThreads();
  Value tidIndex;
  if (plan.numWarp) {
    for (Value v : identity)
      scratch.push_back(
          getStorage(b, loc,
                     allocScratch(b, op, reduction::widenedType(b, v.getType()),
                                  static_cast<int64_t>(rounds.size()) * cta)));
    tidIndex = arith::IndexCastUIOp::create(b, loc, b.getIndexType(), tid);
    gpu::BarrierOp::create(b, loc);
    for (auto [k, round] : llvm::enumerate(rounds)) {
      Value index = arith::AddIOp::create(
          b, loc, tidIndex, arith::ConstantIndexOp::create(b, loc, k * cta));
      for (auto [v, mem] : llvm::zip(round.laneInclusive, scratch))
        memref::StoreOp::create(b, loc, reduction::widen(b, loc, v), mem,
                                index);
    }
    gpu::BarrierOp::create(b, loc);
  }
  // The thread of warp sub-index `j` that holds its group's total.
  Value groupBase;
  if (plan.numWarp) {
    int64_t clear = ~(warpMax * plan.warpStride);
    if (plan.numLane)
      clear &= ~(laneMax * plan.laneStride);
    groupBase = arith::OrIOp::create(
        b, loc, arith::AndIOp::create(b, loc, tid, c32(clear)),
        c32(lastLaneBits));
  }
  auto warpTotal = [&](int64_t k, int64_t j) {
    Value holder =
        arith::OrIOp::create(b, loc, groupBase, c32(j * plan.warpStride));
    Value index = arith::AddIOp::create(
        b, loc, arith::IndexCastUIOp::create(b, loc, b.getIndexType(), holder),
        arith::ConstantIndexOp::create(b, loc, k * cta));
    Tuple t;
    for (auto [v, mem] : llvm::zip(identity, scratch))
      t.push_back(reduction::narrow(
          b, loc, memref::LoadOp::create(b, loc, mem, index), v.getType()));
    return t;
  };

  // 4. Rounds in scan order, chained by the carry.
  for (size_t k = 0; k < kept.size(); ++k) {
    std::optional<Tuple> carry;
    for (int64_t step = 0; step < numHi; ++step) {
      int64_t r = rev ? numHi - 1 - step : step;
      int64_t slot = static_cast<int64_t>(k) * numHi + r;
      Round &round = rounds[slot];
      std::optional<Tuple> warpPrefix, roundTotal;
      if (plan.numWarp) {
        // Fold the totals of the warps before this one (in scan order) and,
        // for the carry, of all of them.
        Tuple prefix = identity;
        for (int64_t s = 0; s <= warpMax; ++s) {
          int64_t j = rev ? warpMax - s : s;
          Tuple t = warpTotal(slot, j);
          Value before =
              rev ? arith::CmpIOp::create(b, loc, arith::CmpIPredicate::ugt,
                                          c32(j), warpSub)
                  : arith::CmpIOp::create(b, loc, arith::CmpIPredicate::ult,
                                          c32(j), warpSub);
          prefix = select(before, combine(b, loc, prefix, t), prefix);
          if (numHi > 1)
            roundTotal = then(roundTotal, t);
        }
        warpPrefix = prefix;
      } else if (numHi > 1) {
        roundTotal = plan.numLane ? shuffle(round.laneInclusive, lastLane,
                                            gpu::ShuffleMode::IDX)
                                  : round.laneInclusive;
      }
      std::optional<Tuple> prefix = carry;
      if (warpPrefix)
        prefix = then(prefix, *warpPrefix);
      if (round.lanePrefix)
        prefix = then(prefix, *round.lanePrefix);
      for (auto [flat, local] : llvm::zip(round.flats, round.local)) {
        Tuple out = then(prefix, local);
        Value index = arith::ConstantIndexOp::create(
            b, loc, plan.layout.storageIndex(flat));
        for (auto [v, mem] : llvm::zip(out, dstMem))
          memref::StoreOp::create(b, loc, v, mem, index);
      }
      if (roundTotal)
        carry = then(carry, *roundTotal);
    }
  }
  return Outcome::ok();
}

//===----------------------------------------------------------------------===//
// Registration
//===----------------------------------------------------------------------===//

void addVariants(Registry &registry, StringRef primitive, Predicate layouts,
                 std::function<FailureOr<Level>(Operation *)> level,
                 ImplFn impl) {
  for (Level l : {Level::Thread, Level::Warp, Level::Cta}) {
    Variant v;
    v.name = levelName(l).str();
    v.priority = priority::kGeneral;
    v.predicates = {pred::allThreadsActive(),
                    pred::execScopeIn({tirx::ExecScope::Cta}),
                    pred::operandsInScope(tirx::MemScope::Local),
                    pred::layoutThreadAxesMatchScope(),
                    layouts,
                    levelIs(l, level)};
    v.impl = impl;
    registry.add(primitive, "cuda", std::move(v));
  }
}

} // namespace

void tileir::dispatch::registerCudaRegionReduceVariants(Registry &registry) {
  addVariants(registry, "tirx.reduce", regionReduceLayouts(), reduceLevel,
              emitRegionReduce);
  addVariants(registry, "tirx.scan", scanLayouts(), scanLevel, emitScan);
}
