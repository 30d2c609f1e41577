//===- Reduction.cpp - CUDA variants of sum/max/min -----------------------===//
//
// Part of TileIR.
//   local (10): register operands. Each thread combines the elements it
//   holds (a pairwise tree), then a butterfly of warp shuffles combines the
//   reduced lane bits, then, when the reduced elements span warps, partials
//   are exchanged through a shared-memory scratch buffer. Every thread that
//   holds a destination element (including replicas) gets the result.
//   shared (10): shared operands at CTA scope. G = min(threads / kept, reduced)
//   threads cooperate on each kept element: a serial strided loop per thread,
//   a shuffle-xor butterfly inside the group, and, for groups wider than a
//   warp, a second stage through a shared scratch of one slot per warp.
//
//===----------------------------------------------------------------------===//

#include "tileir/Dialect/TirX/Utils/LayoutCodegen.h"
#include "tileir/Dispatch/Dispatch.h"
#include "tileir/Dispatch/Predicates.h"

#include "ReductionCodegen.h"
#include "Variants.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/Dialect/GPU/IR/GPUDialect.h"
#include "mlir/Dialect/MemRef/IR/MemRef.h"
#include "mlir/Dialect/SCF/IR/SCF.h"

using namespace mlir;
using namespace tileir;
using namespace tileir::dispatch;

using reduction::narrow;
using reduction::ReductionPlan;
using reduction::widen;
using reduction::widenedType;

//===----------------------------------------------------------------------===//
// Register reductions over tuples (ReductionCodegen.h)
//===----------------------------------------------------------------------===//

namespace tileir::dispatch::reduction {

int64_t ReductionPlan::numKept() const {
  int64_t kept = 1;
  for (unsigned j : src.registerBits())
    if (!reduced[j])
      kept *= 2;
  return kept;
}

FailureOr<ReductionPlan> planReduction(tirx::BufferType dstType,
                                       tirx::BufferType srcType,
                                       ArrayRef<int64_t> axes,
                                       std::string &why) {
  ReductionPlan plan;
  plan.hasDst = static_cast<bool>(dstType);
  if ((dstType && !dstType.getLayout()) || !srcType.getLayout()) {
    why = "operands have no layout";
    return failure();
  }
  auto src = BitLayout::get(srcType.getTileLayout());
  if (failed(src)) {
    why = "layouts are not power-of-two CTA layouts";
    return failure();
  }
  plan.src = *src;
  if (dstType) {
    auto dst = BitLayout::get(dstType.getTileLayout());
    if (failed(dst)) {
      why = "layouts are not power-of-two CTA layouts";
      return failure();
    }
    plan.dst = *dst;
  }
  ArrayRef<int64_t> shape = srcType.getShape();
  plan.reduced.assign(plan.src.getNumBits(), false);
  for (int64_t axis : axes) {
    auto [first, end] = dimBitRange(shape, axis);
    for (unsigned j = first; j < end; ++j)
      plan.reduced[j] = true;
  }
  unsigned next = 0;
  plan.dstBit.assign(plan.src.getNumBits(), ~0u);
  for (unsigned j = 0; j < plan.src.getNumBits(); ++j) {
    const LayoutBit &bit = plan.src.shard[j];
    if (plan.reduced[j]) {
      if (bit.isThread())
        (bit.stride < 32 ? plan.laneStrides : plan.warpStrides)
            .push_back(bit.stride);
      continue;
    }
    plan.dstBit[j] = next++;
  }
  if (!dstType)
    return plan;
  if (next != plan.dst.getNumBits()) {
    why = "destination does not have the kept elements";
    return failure();
  }
  // Kept bits: the same thread bits; memory bits stay in registers.
  for (unsigned j = 0; j < plan.src.getNumBits(); ++j) {
    if (plan.reduced[j])
      continue;
    const LayoutBit &s = plan.src.shard[j];
    const LayoutBit &d = plan.dst.shard[plan.dstBit[j]];
    if (s.isThread() != d.isThread() || (s.isThread() && !(s == d))) {
      why = "destination bit " + std::to_string(plan.dstBit[j]) +
            " is not distributed like source bit " + std::to_string(j);
      return failure();
    }
  }
  // Every thread that reduces must receive the result.
  for (int64_t stride :
       llvm::concat<int64_t>(plan.laneStrides, plan.warpStrides))
    if (!llvm::is_contained(plan.dst.replica, LayoutBit{"tx", stride})) {
      why = "destination is not replicated over reduced thread stride " +
            std::to_string(stride);
      return failure();
    }
  return plan;
}

int64_t tupleBytes(OpBuilder &b, ArrayRef<Type> elemTypes) {
  int64_t bytes = 0;
  for (Type type : elemTypes)
    bytes += widenedType(b, type).getIntOrFloatBitWidth() / 8;
  return bytes;
}

/// How many kept tuples one round of the cross-warp exchange handles: as
/// many as fit the scratch (one slot per thread each).
static int64_t tuplesPerRound(OpBuilder &b, ArrayRef<Type> elemTypes,
                              int64_t ctaThreads) {
  return kMaxScratchBytes / (ctaThreads * tupleBytes(b, elemTypes));
}

Outcome checkReductionResources(const ReductionPlan &plan,
                                ArrayRef<Type> elemTypes, int64_t ctaThreads) {
  for (Type type : elemTypes)
    if (!type.isIntOrFloat() || type.getIntOrFloatBitWidth() > 64)
      return Outcome::fail("expects elements of at most 64 bits");
  if (plan.warpStrides.empty())
    return Outcome::ok();
  OpBuilder b(elemTypes.front().getContext());
  if (tuplesPerRound(b, elemTypes, ctaThreads) < 1)
    return Outcome::fail("one tuple per thread in the cross-warp scratch "
                         "would exceed " +
                         std::to_string(kMaxScratchBytes) + " bytes");
  return Outcome::ok();
}

Type widenedType(OpBuilder &b, Type t) {
  if (t.getIntOrFloatBitWidth() > 32)
    return t;
  return isa<FloatType>(t) ? Type(b.getF32Type()) : Type(b.getI32Type());
}

Value widen(OpBuilder &b, Location loc, Value v) {
  Type w = widenedType(b, v.getType());
  if (v.getType() == w)
    return v;
  if (isa<FloatType>(w))
    return arith::ExtFOp::create(b, loc, w, v);
  return arith::ExtSIOp::create(b, loc, w, v);
}

Value narrow(OpBuilder &b, Location loc, Value v, Type t) {
  if (v.getType() == t)
    return v;
  if (isa<FloatType>(t))
    return arith::TruncFOp::create(b, loc, t, v);
  return arith::TruncIOp::create(b, loc, t, v);
}

/// Shuffles every value of a tuple (through its 32-bit form).
static SmallVector<Value> shuffleTuple(OpBuilder &b, Location loc,
                                       ValueRange tuple, Value offset,
                                       Value width, gpu::ShuffleMode mode) {
  SmallVector<Value> result;
  for (Value v : tuple) {
    Value moved =
        gpu::ShuffleOp::create(b, loc, widen(b, loc, v), offset, width, mode)
            .getShuffleResult();
    result.push_back(narrow(b, loc, moved, v.getType()));
  }
  return result;
}

ReducedTuples emitRegisterReduction(OpBuilder &b, Location loc, Operation *op,
                                    const ReductionPlan &plan,
                                    ValueRange srcStorages, int64_t ctaThreads,
                                    const CombineFn &combine,
                                    bool widenAfterThread) {
  SmallVector<unsigned> keptMem, reducedMem;
  for (unsigned j : plan.src.registerBits())
    (plan.reduced[j] ? reducedMem : keptMem).push_back(j);
  ReducedTuples out;
  // 1. Per thread: a pairwise tree over the reduced registers.
  SmallVector<int64_t> reducedFlats = enumerateSubsets(reducedMem);
  for (int64_t base : enumerateSubsets(keptMem)) {
    SmallVector<SmallVector<Value>> tuples;
    for (int64_t reducedFlat : reducedFlats) {
      int64_t flat = base | reducedFlat;
      Value index =
          arith::ConstantIndexOp::create(b, loc, plan.src.storageIndex(flat));
      SmallVector<Value> tuple;
      for (Value storage : srcStorages)
        tuple.push_back(memref::LoadOp::create(b, loc, storage, index));
      tuples.push_back(std::move(tuple));
    }
    while (tuples.size() > 1) {
      SmallVector<SmallVector<Value>> next;
      for (size_t i = 0; i + 1 < tuples.size(); i += 2)
        next.push_back(combine(b, loc, tuples[i], tuples[i + 1]));
      if (tuples.size() % 2)
        next.push_back(tuples.back());
      tuples = std::move(next);
    }
    out.keptFlat.push_back(base);
    SmallVector<Value> tuple = tuples.front();
    if (widenAfterThread)
      for (Value &v : tuple)
        v = widen(b, loc, v);
    out.values.push_back(std::move(tuple));
  }

  // 2. Across lanes: a butterfly over the reduced lane bits.
  Type i32 = b.getI32Type();
  Value width = arith::ConstantIntOp::create(b, loc, i32, 32);
  for (int64_t stride : plan.laneStrides) {
    Value offset = arith::ConstantIntOp::create(b, loc, i32, stride);
    for (SmallVector<Value> &tuple : out.values) {
      SmallVector<Value> other =
          shuffleTuple(b, loc, tuple, offset, width, gpu::ShuffleMode::XOR);
      tuple = combine(b, loc, tuple, other);
    }
  }

  // 3. Across warps: exchange partials through shared memory, one scratch
  // per operand (in its 32-bit form, 64-bit values as they are), one slot
  // per thread and kept tuple; as many tuples per round as the scratch
  // holds.
  if (!plan.warpStrides.empty()) {
    int64_t cta = ctaThreads;
    size_t numKept = out.values.size();
    SmallVector<Type> types;
    for (Value v : out.values.front())
      types.push_back(v.getType());
    int64_t perRound =
        std::min<int64_t>(numKept, tuplesPerRound(b, types, cta));
    SmallVector<Value> scratch;
    for (Type type : types)
      scratch.push_back(getStorage(
          b, loc, allocScratch(b, op, widenedType(b, type), perRound * cta)));
    Value tid = arith::IndexCastUIOp::create(b, loc, b.getIndexType(),
                                             emitThreadId(b, loc));
    for (size_t first = 0; first < numKept; first += perRound) {
      MutableArrayRef<SmallVector<Value>> round(
          out.values.data() + first,
          std::min<size_t>(perRound, numKept - first));
      gpu::BarrierOp::create(b, loc);
      for (auto [k, tuple] : llvm::enumerate(round)) {
        Value index = arith::AddIOp::create(
            b, loc, tid, arith::ConstantIndexOp::create(b, loc, k * cta));
        for (auto [v, mem] : llvm::zip(tuple, scratch))
          memref::StoreOp::create(b, loc, widen(b, loc, v), mem, index);
      }
      gpu::BarrierOp::create(b, loc);
      for (int64_t c = 1; c < (int64_t(1) << plan.warpStrides.size()); ++c) {
        int64_t mask = 0;
        for (auto [i, s] : llvm::enumerate(plan.warpStrides))
          if ((c >> i) & 1)
            mask |= s;
        Value partner = arith::XOrIOp::create(
            b, loc, tid, arith::ConstantIndexOp::create(b, loc, mask));
        for (auto [k, tuple] : llvm::enumerate(round)) {
          Value index = arith::AddIOp::create(
              b, loc, partner, arith::ConstantIndexOp::create(b, loc, k * cta));
          SmallVector<Value> other;
          for (auto [v, mem] : llvm::zip(tuple, scratch))
            other.push_back(narrow(b, loc,
                                   memref::LoadOp::create(b, loc, mem, index),
                                   v.getType()));
          tuple = combine(b, loc, tuple, other);
        }
      }
    }
  }
  return out;
}

void storeReducedTuples(OpBuilder &b, Location loc, const ReductionPlan &plan,
                        const ReducedTuples &tuples, ValueRange dstStorages) {
  for (auto [flat, tuple] : llvm::zip(tuples.keptFlat, tuples.values)) {
    int64_t dstFlat = 0;
    for (unsigned j = 0; j < plan.src.getNumBits(); ++j)
      if (!plan.reduced[j] && ((flat >> j) & 1))
        dstFlat |= int64_t(1) << plan.dstBit[j];
    Value index =
        arith::ConstantIndexOp::create(b, loc, plan.dst.storageIndex(dstFlat));
    for (auto [v, mem] : llvm::zip(tuple, dstStorages))
      memref::StoreOp::create(
          b, loc,
          narrow(b, loc, v, cast<MemRefType>(mem.getType()).getElementType()),
          mem, index);
  }
}

} // namespace tileir::dispatch::reduction

//===----------------------------------------------------------------------===//
// tirx.sum / tirx.max / tirx.min
//===----------------------------------------------------------------------===//

namespace {

enum class Combiner { Sum, Max, Min };

FailureOr<ReductionPlan> planReduction(Operation *op, std::string &why) {
  return reduction::planReduction(
      cast<tirx::BufferType>(op->getOperand(0).getType()),
      cast<tirx::BufferType>(op->getOperand(1).getType()),
      cast<DenseI64ArrayAttr>(op->getAttr("axes")).asArrayRef(), why);
}

Predicate reductionLayouts() {
  return {"reductionLayouts", [](Operation *op, const DispatchContext &ctx) {
            std::string why;
            FailureOr<ReductionPlan> plan = planReduction(op, why);
            if (failed(plan))
              return Outcome::fail(why);
            Type type = cast<tirx::BufferType>(op->getOperand(0).getType())
                            .getElementType();
            Outcome resources = reduction::checkReductionResources(
                *plan, {type}, ctx.getCtaThreads());
            if (!resources.succeeded())
              return resources;
            return Outcome::ok(*plan);
          }};
}

Value combine(OpBuilder &b, Location loc, Combiner kind, bool propagateNan,
              Value x, Value y) {
  bool isFloat = isa<FloatType>(x.getType());
  switch (kind) {
  case Combiner::Sum:
    return isFloat ? arith::AddFOp::create(b, loc, x, y).getResult()
                   : arith::AddIOp::create(b, loc, x, y).getResult();
  case Combiner::Max:
    if (!isFloat)
      return arith::MaxSIOp::create(b, loc, x, y);
    return propagateNan ? arith::MaximumFOp::create(b, loc, x, y).getResult()
                        : arith::MaxNumFOp::create(b, loc, x, y).getResult();
  case Combiner::Min:
    if (!isFloat)
      return arith::MinSIOp::create(b, loc, x, y);
    return propagateNan ? arith::MinimumFOp::create(b, loc, x, y).getResult()
                        : arith::MinNumFOp::create(b, loc, x, y).getResult();
  }
  llvm_unreachable("unknown combiner");
}

Outcome emitLocalReduction(Operation *op, DispatchContext &ctx, RewriterBase &b,
                           Combiner kind) {
  const ReductionPlan &plan = ctx.getPlan<ReductionPlan>();
  Location loc = op->getLoc();
  bool propagateNan = op->hasAttr("propagate_nan");
  Value srcStorage = getStorage(b, loc, op->getOperand(1));
  Value dstStorage = getStorage(b, loc, op->getOperand(0));
  // The per-thread tree combines in the element type, the butterfly and the
  // cross-warp step in its 32-bit form.
  reduction::CombineFn fn = [&](OpBuilder &b, Location loc, ValueRange x,
                                ValueRange y) -> SmallVector<Value> {
    return {combine(b, loc, kind, propagateNan, x[0], y[0])};
  };
  reduction::ReducedTuples tuples = reduction::emitRegisterReduction(
      b, loc, op, plan, {srcStorage}, ctx.getCtaThreads(), fn,
      /*widenAfterThread=*/true);
  reduction::storeReducedTuples(b, loc, plan, tuples, {dstStorage});
  return Outcome::ok();
}

void addLocalVariant(Registry &registry, StringRef primitive, Combiner kind) {
  Variant v;
  v.name = "local";
  v.priority = priority::kGeneral;
  v.predicates = {
      pred::allThreadsActive(),
      pred::execScopeIn({tirx::ExecScope::Cta, tirx::ExecScope::Warp,
                         tirx::ExecScope::Thread}),
      pred::operandsInScope(tirx::MemScope::Local),
      pred::layoutThreadAxesMatchScope(), reductionLayouts()};
  v.impl = [kind](Operation *op, DispatchContext &ctx, RewriterBase &b) {
    return emitLocalReduction(op, ctx, b, kind);
  };
  registry.add(primitive, "cuda", std::move(v));
}

/// The identity of `kind` in the widened type `type`.
Value identity(OpBuilder &b, Location loc, Combiner kind, Type type) {
  if (auto ft = dyn_cast<FloatType>(type)) {
    const llvm::fltSemantics &sem = ft.getFloatSemantics();
    APFloat v = kind == Combiner::Sum ? APFloat::getZero(sem)
                : kind == Combiner::Max
                    ? APFloat::getInf(sem, /*Negative=*/true)
                    : APFloat::getInf(sem);
    return arith::ConstantOp::create(b, loc, type, b.getFloatAttr(type, v));
  }
  unsigned width = type.getIntOrFloatBitWidth();
  APInt v = kind == Combiner::Sum   ? APInt::getZero(width)
            : kind == Combiner::Max ? APInt::getSignedMinValue(width)
                                    : APInt::getSignedMaxValue(width);
  return arith::ConstantOp::create(b, loc, type, b.getIntegerAttr(type, v));
}

/// The plan of a shared reduction: kept and reduced bits of the source, as
/// layouts indexed by the kept index and by the reduced index.
struct SharedReductionPlan {
  BitLayout kept, reduced, dst;
  int64_t numKept = 1, numReduced = 1;
  int64_t group = 1; ///< threads per kept element
};

FailureOr<SharedReductionPlan>
planSharedReduction(Operation *op, int64_t threads, std::string &why) {
  auto dstType = cast<tirx::BufferType>(op->getOperand(0).getType());
  auto srcType = cast<tirx::BufferType>(op->getOperand(1).getType());
  auto src = BitLayout::get(srcType.getTileLayout());
  auto dst = BitLayout::get(dstType.getTileLayout());
  if (failed(src) || failed(dst)) {
    why = "layouts are not power-of-two layouts";
    return failure();
  }
  if (dstType.getElementType().getIntOrFloatBitWidth() > 64) {
    why = "expects elements of at most 64 bits";
    return failure();
  }
  if (!llvm::isPowerOf2_64(threads) || threads < 32) {
    why = "needs a power-of-two CTA of whole warps, got " +
          std::to_string(threads) + " threads";
    return failure();
  }
  SharedReductionPlan plan;
  plan.dst = *dst;
  for (const LayoutBit &bit : dst->shard)
    if (bit.stride == 0) {
      why = "destination layout broadcasts";
      return failure();
    }
  auto axes = cast<DenseI64ArrayAttr>(op->getAttr("axes")).asArrayRef();
  SmallVector<bool> reduced(src->getNumBits(), false);
  for (int64_t axis : axes) {
    auto [first, end] = dimBitRange(srcType.getShape(), axis);
    for (unsigned j = first; j < end; ++j)
      reduced[j] = true;
  }
  plan.kept.memOffset = src->memOffset;
  for (unsigned j = 0; j < src->getNumBits(); ++j)
    (reduced[j] ? plan.reduced : plan.kept).shard.push_back(src->shard[j]);
  if (dst->getNumBits() != plan.kept.getNumBits()) {
    why = "destination does not have the kept elements";
    return failure();
  }
  plan.numKept = int64_t(1) << plan.kept.getNumBits();
  plan.numReduced = int64_t(1) << plan.reduced.getNumBits();
  plan.group = plan.numKept >= threads
                   ? 1
                   : std::min(threads / plan.numKept, plan.numReduced);
  return plan;
}

Predicate sharedReductionLayouts() {
  return {"sharedReductionLayouts",
          [](Operation *op, const DispatchContext &ctx) {
            std::string why;
            FailureOr<SharedReductionPlan> plan =
                planSharedReduction(op, ctx.getCtaThreads(), why);
            if (failed(plan))
              return Outcome::fail(why);
            return Outcome::ok(*plan);
          }};
}

Outcome emitSharedReduction(Operation *op, DispatchContext &ctx,
                            RewriterBase &b, Combiner kind) {
  int64_t threads = ctx.getCtaThreads();
  const SharedReductionPlan &plan = ctx.getPlan<SharedReductionPlan>();
  Location loc = op->getLoc();
  bool propagateNan = op->hasAttr("propagate_nan");
  Type elemType =
      cast<tirx::BufferType>(op->getOperand(0).getType()).getElementType();
  Type wide = widenedType(b, elemType);
  Value srcMem = getStorage(b, loc, op->getOperand(1));
  Value dstMem = getStorage(b, loc, op->getOperand(0));
  auto cst = [&](int64_t v) {
    return arith::ConstantIndexOp::create(b, loc, v).getResult();
  };
  int64_t group = plan.group, rowsAtOnce = threads / group;
  int64_t rounds = std::max<int64_t>(1, plan.numKept / rowsAtOnce);
  Value scratchMem;
  if (group > 32)
    scratchMem = getStorage(b, loc, allocScratch(b, op, wide, threads / 32));
  Value tid = arith::IndexCastUIOp::create(b, loc, b.getIndexType(),
                                           emitThreadId(b, loc));
  Value g = arith::RemUIOp::create(b, loc, tid, cst(group));
  Value p = arith::DivUIOp::create(b, loc, tid, cst(group));
  // Sources may have been written by other threads just before.
  gpu::BarrierOp::create(b, loc);
  auto rowLoop = scf::ForOp::create(b, loc, cst(0), cst(rounds), cst(1));
  {
    OpBuilder::InsertionGuard guard(b);
    b.setInsertionPointToStart(rowLoop.getBody());
    Value row = arith::AddIOp::create(
        b, loc, p,
        arith::MulIOp::create(b, loc, rowLoop.getInductionVar(),
                              cst(rowsAtOnce)));
    Value valid = arith::CmpIOp::create(b, loc, arith::CmpIPredicate::ult, row,
                                        cst(plan.numKept));
    // Idle threads (more threads than elements) read row 0 and write nothing.
    Value safeRow = arith::SelectOp::create(b, loc, valid, row, cst(0));
    Value rowOffset = emitStorageOffset(b, loc, plan.kept, safeRow);
    // 1. Serial: elements g, g + group, ... of the row.
    auto inner = scf::ForOp::create(b, loc, g, cst(plan.numReduced), cst(group),
                                    ValueRange{identity(b, loc, kind, wide)});
    {
      OpBuilder::InsertionGuard innerGuard(b);
      b.setInsertionPointToStart(inner.getBody());
      Value offset = arith::AddIOp::create(
          b, loc, rowOffset,
          emitStorageOffset(b, loc, plan.reduced, inner.getInductionVar()));
      Value x = widen(b, loc, memref::LoadOp::create(b, loc, srcMem, offset));
      scf::YieldOp::create(b, loc,
                           combine(b, loc, kind, propagateNan,
                                   inner.getRegionIterArgs().front(), x));
    }
    Value acc = inner.getResult(0);
    // 2. Butterfly inside the group (or the warp for wider groups).
    Type i32 = b.getI32Type();
    Value width = arith::ConstantIntOp::create(b, loc, i32, 32);
    for (int64_t s = 1; s < std::min<int64_t>(group, 32); s *= 2) {
      Value other =
          gpu::ShuffleOp::create(b, loc, acc,
                                 arith::ConstantIntOp::create(b, loc, i32, s),
                                 width, gpu::ShuffleMode::XOR)
              .getShuffleResult();
      acc = combine(b, loc, kind, propagateNan, acc, other);
    }
    // 3. Groups wider than a warp: one partial per warp through shared.
    if (group > 32) {
      Value warp = arith::DivUIOp::create(b, loc, tid, cst(32));
      Value lane = arith::RemUIOp::create(b, loc, tid, cst(32));
      Value isLane0 =
          arith::CmpIOp::create(b, loc, arith::CmpIPredicate::eq, lane, cst(0));
      auto write = scf::IfOp::create(b, loc, isLane0, /*withElse=*/false);
      {
        OpBuilder::InsertionGuard ifGuard(b);
        b.setInsertionPointToStart(write.thenBlock());
        memref::StoreOp::create(b, loc, acc, scratchMem, warp);
      }
      gpu::BarrierOp::create(b, loc);
      Value firstWarp = arith::MulIOp::create(b, loc, p, cst(group / 32));
      Value total;
      for (int64_t w = 0; w < group / 32; ++w) {
        Value index = arith::AddIOp::create(b, loc, firstWarp, cst(w));
        Value x = memref::LoadOp::create(b, loc, scratchMem, index);
        total = total ? combine(b, loc, kind, propagateNan, total, x) : x;
      }
      acc = total;
      // The scratch is reused by the next round.
      gpu::BarrierOp::create(b, loc);
    }
    // 4. The group's first thread writes the row's result.
    Value first =
        arith::CmpIOp::create(b, loc, arith::CmpIPredicate::eq, g, cst(0));
    Value writes = arith::AndIOp::create(b, loc, first, valid);
    auto store = scf::IfOp::create(b, loc, writes, /*withElse=*/false);
    OpBuilder::InsertionGuard ifGuard(b);
    b.setInsertionPointToStart(store.thenBlock());
    memref::StoreOp::create(b, loc, narrow(b, loc, acc, elemType), dstMem,
                            emitStorageOffset(b, loc, plan.dst, row));
  }
  // Results are read by other threads after the primitive.
  gpu::BarrierOp::create(b, loc);
  return Outcome::ok();
}

void addSharedVariant(Registry &registry, StringRef primitive, Combiner kind) {
  Variant v;
  v.name = "shared";
  v.priority = priority::kGeneral;
  v.predicates = {
      pred::allThreadsActive(), pred::execScopeIn({tirx::ExecScope::Cta}),
      pred::operandsInScope(tirx::MemScope::Shared), sharedReductionLayouts()};
  v.impl = [kind](Operation *op, DispatchContext &ctx, RewriterBase &b) {
    return emitSharedReduction(op, ctx, b, kind);
  };
  registry.add(primitive, "cuda", std::move(v));
}

} // namespace

void tileir::dispatch::registerCudaReductionVariants(Registry &registry) {
  addSharedVariant(registry, "tirx.sum", Combiner::Sum);
  addSharedVariant(registry, "tirx.max", Combiner::Max);
  addSharedVariant(registry, "tirx.min", Combiner::Min);
  addLocalVariant(registry, "tirx.sum", Combiner::Sum);
  addLocalVariant(registry, "tirx.max", Combiner::Max);
  addLocalVariant(registry, "tirx.min", Combiner::Min);
}
