//===- General.cpp - General variants of reductions and matrix products ---===//
//
// Part of TileIR. The lowest-priority variants (priority::kPerElement) of
// tirx.sum/max/min, tirx.reduce/scan and tirx.gemm/gemm_async/gemm_wait, built
// on the per-element accesses of PerElement.h: any layout, memory scope and
// execution scope, slow. A register operand whose elements other threads
// need is first written to a shared scratch (emitStage).
//
//   sum, max, min  `per_element`: each destination element (computed by
//                  its holders, or by thread f mod T of a shared
//                  destination) folds its source elements in a serial
//                  scf.for, in index order.
//   reduce, scan   `per_element`: the same with the op's body; a scan
//                  element folds its line from the start (the end with
//                  `reverse`) up to itself; N destinations fold N times.
//   gemm,          `per_element`: each element of D, one scf.for over K
//   gemm_async     with the products in the accumulator type (as the `fma`
//                  variant: f32 read as tf32 unless precision = "f32",
//                  f16/bf16 accumulators summed in f32, integers wrapping,
//                  promote_k as K chunks summed from zero); gemm_async
//                  completes synchronously.
//   gemm_wait      `none`: waits for nothing. A wait covers the groups its
//                  threads issued at its own scope, and only wgmma (sm_90a,
//                  warpgroup scope) leaves products in flight; there the
//                  wgmma wait is the variant.
//
//===----------------------------------------------------------------------===//

#include "GemmCodegen.h"
#include "PerElement.h"
#include "Variants.h"

#include "tileir/Dispatch/Dispatch.h"
#include "tileir/Dispatch/Predicates.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/LLVMIR/LLVMDialect.h"
#include "mlir/Dialect/SCF/IR/SCF.h"
#include "mlir/IR/IRMapping.h"

using namespace mlir;
using namespace tileir;
using namespace tileir::dispatch;

namespace {

/// Row-major strides of `shape`.
SmallVector<int64_t> rowStrides(ArrayRef<int64_t> shape) {
  SmallVector<int64_t> strides(shape.size(), 1);
  for (int64_t d = int64_t(shape.size()) - 2; d >= 0; --d)
    strides[d] = strides[d + 1] * shape[d + 1];
  return strides;
}

/// The reduced and kept dimensions of a reduction of `shape` over `axes`,
/// the number of elements one result folds, and the row-major strides.
struct AxisSplit {
  SmallVector<int64_t> reduced, kept, strides;
  int64_t count = 1;
};
AxisSplit splitAxes(ArrayRef<int64_t> shape, ArrayRef<int64_t> axes) {
  AxisSplit s;
  s.reduced.assign(axes.begin(), axes.end());
  llvm::sort(s.reduced);
  for (int64_t d = 0; d < int64_t(shape.size()); ++d)
    if (!llvm::is_contained(s.reduced, d))
      s.kept.push_back(d);
  for (int64_t d : s.reduced)
    s.count *= shape[d];
  s.strides = rowStrides(shape);
  return s;
}

/// sum(x) = sum of x over the dims `dims` of `shape` of a row-major index
/// `flat` of those dims: sum over d of digit_d * outStride_d.
Value remap(OpBuilder &b, Location loc, Value flat, ArrayRef<int64_t> shape,
            ArrayRef<int64_t> dims, ArrayRef<int64_t> outStrides) {
  Value sum = cstIndex(b, loc, 0);
  int64_t inner = 1;
  for (int64_t i = int64_t(dims.size()) - 1; i >= 0; --i) {
    int64_t extent = shape[dims[i]];
    Value digit = arith::DivUIOp::create(b, loc, flat, cstIndex(b, loc, inner));
    if (i > 0)
      digit = arith::RemUIOp::create(b, loc, digit, cstIndex(b, loc, extent));
    sum = arith::AddIOp::create(
        b, loc, sum,
        arith::MulIOp::create(b, loc, digit,
                              cstIndex(b, loc, outStrides[dims[i]])));
    inner *= extent;
  }
  return sum;
}

//===----------------------------------------------------------------------===//
// sum, max, min
//===----------------------------------------------------------------------===//

enum class ReduceKind { Sum, Max, Min };

Value combine(OpBuilder &b, Location loc, ReduceKind kind, bool propagateNan,
              Value x, Value y) {
  bool isFloat = isa<FloatType>(x.getType());
  switch (kind) {
  case ReduceKind::Sum:
    return isFloat ? arith::AddFOp::create(b, loc, x, y).getResult()
                   : arith::AddIOp::create(b, loc, x, y).getResult();
  case ReduceKind::Max:
    if (!isFloat)
      return arith::MaxSIOp::create(b, loc, x, y);
    return propagateNan ? arith::MaximumFOp::create(b, loc, x, y).getResult()
                        : arith::MaxNumFOp::create(b, loc, x, y).getResult();
  case ReduceKind::Min:
    if (!isFloat)
      return arith::MinSIOp::create(b, loc, x, y);
    return propagateNan ? arith::MinimumFOp::create(b, loc, x, y).getResult()
                        : arith::MinNumFOp::create(b, loc, x, y).getResult();
  }
  return x;
}

Predicate reducePlan() {
  return {"perElementPlan", [](Operation *op, const DispatchContext &ctx) {
            if (auto why = checkDestination(op->getOperand(0), ctx))
              return Outcome::fail("destination: " + *why);
            if (auto why = checkReadable(op->getOperand(1), ctx))
              return Outcome::fail("source: " + *why);
            return Outcome::ok();
          }};
}

template <typename OpTy>
Outcome emitReduce(OpTy op, const DispatchContext &ctx, RewriterBase &rewriter,
                   ReduceKind kind) {
  OpBuilder &b = rewriter;
  Location loc = op.getLoc();
  ArrayRef<int64_t> shape = op.getSrc().getType().getShape();
  AxisSplit split = splitAxes(shape, op.getAxes());
  ArrayRef<int64_t> reduced = split.reduced, kept = split.kept,
                    strides = split.strides;
  int64_t count = split.count;

  bool staged = false;
  ElementAccess src = prepareSource(b, op, op.getSrc(), ctx, staged);
  std::string why;
  ElementAccess dst = *getElementAccess(op.getDst(), why);
  prepareElementAccess(b, loc, dst);
  int64_t n = op.getDst().getType().getNumElements();
  emitElementLoop(
      b, loc, dst.isLocal() ? &dst : nullptr, false, n, ctx, [&](Value g) {
        Value base = remap(b, loc, g, shape, kept, strides);
        Value first = emitElementLoad(b, loc, src, base);
        auto loop = scf::ForOp::create(b, loc, cstIndex(b, loc, 1),
                                       cstIndex(b, loc, count),
                                       cstIndex(b, loc, 1), ValueRange{first});
        {
          OpBuilder::InsertionGuard guard(b);
          b.setInsertionPointToStart(loop.getBody());
          Value at = arith::AddIOp::create(
              b, loc, base,
              remap(b, loc, loop.getInductionVar(), shape, reduced, strides));
          Value x = emitElementLoad(b, loc, src, at);
          scf::YieldOp::create(b, loc,
                               combine(b, loc, kind, op.getPropagateNan(),
                                       loop.getRegionIterArgs()[0], x));
        }
        emitElementStore(b, loc, dst, g, loop.getResult(0));
      });
  if (staged)
    emitScopeBarrier(b, loc, ctx);
  return Outcome::ok();
}

template <typename OpTy>
void addReduce(Registry &registry, StringRef name, ReduceKind kind) {
  Variant v;
  v.name = "per_element";
  v.priority = priority::kPerElement;
  v.predicates = {pred::allThreadsActive(), pred::layoutThreadAxesMatchScope(),
                  reducePlan()};
  v.impl = [kind](Operation *op, DispatchContext &ctx, RewriterBase &rw) {
    return emitReduce(cast<OpTy>(op), ctx, rw, kind);
  };
  registry.add(name, "cuda", std::move(v));
}

//===----------------------------------------------------------------------===//
// reduce, scan (with a body)
//===----------------------------------------------------------------------===//

/// The body of a tirx.reduce / tirx.scan applied to tuples `lhs` and `rhs`:
/// its ops cloned at the insertion point, the yielded values.
SmallVector<Value> applyBody(OpBuilder &b, Block &body, ValueRange lhs,
                             ValueRange rhs) {
  IRMapping mapping;
  for (auto [i, l] : llvm::enumerate(lhs)) {
    mapping.map(body.getArgument(2 * i), l);
    mapping.map(body.getArgument(2 * i + 1), rhs[i]);
  }
  for (Operation &inner : body.without_terminator())
    b.clone(inner, mapping);
  return llvm::to_vector(
      llvm::map_range(body.getTerminator()->getOperands(),
                      [&](Value v) { return mapping.lookupOrDefault(v); }));
}

/// The N-tuple of sources at flat index `at`.
SmallVector<Value> tupleAt(OpBuilder &b, Location loc,
                           ArrayRef<ElementAccess> srcs, Value at) {
  SmallVector<Value> tuple;
  for (const ElementAccess &s : srcs)
    tuple.push_back(emitElementLoad(b, loc, s, at));
  return tuple;
}

/// Folds the tuples at `position(j)` for j in [1, count) onto `first` with
/// the body (the accumulated tuple on the left): one scf.for.
SmallVector<Value> fold(OpBuilder &b, Location loc, Block &body,
                        ArrayRef<ElementAccess> srcs, ValueRange first,
                        Value count, function_ref<Value(Value)> position) {
  auto loop = scf::ForOp::create(b, loc, cstIndex(b, loc, 1), count,
                                 cstIndex(b, loc, 1), first);
  OpBuilder::InsertionGuard guard(b);
  b.setInsertionPointToStart(loop.getBody());
  SmallVector<Value> next =
      applyBody(b, body, loop.getRegionIterArgs(),
                tupleAt(b, loc, srcs, position(loop.getInductionVar())));
  scf::YieldOp::create(b, loc, next);
  return SmallVector<Value>(loop.getResults());
}

Predicate regionPlan() {
  return {"perElementPlan", [](Operation *op, const DispatchContext &ctx) {
            auto dsts = isa<tirx::RegionReduceOp>(op)
                            ? cast<tirx::RegionReduceOp>(op).getDsts()
                            : cast<tirx::RegionScanOp>(op).getDsts();
            auto srcs = isa<tirx::RegionReduceOp>(op)
                            ? cast<tirx::RegionReduceOp>(op).getSrcs()
                            : cast<tirx::RegionScanOp>(op).getSrcs();
            for (auto [i, v] : llvm::enumerate(dsts))
              if (auto why = checkDestination(v, ctx))
                return Outcome::fail("destination #" + std::to_string(i) +
                                     ": " + *why);
            for (auto [i, v] : llvm::enumerate(srcs))
              if (auto why = checkReadable(v, ctx))
                return Outcome::fail("source #" + std::to_string(i) + ": " +
                                     *why);
            return Outcome::ok();
          }};
}

/// tirx.reduce: each destination element (computed by its holders, or by
/// thread f mod T of a shared destination) folds its source tuples in index
/// order, once per destination (the N components of a tuple are computed
/// together, so N destinations fold N times); without destinations every
/// thread folds the whole tile.
Outcome emitRegionReduce(tirx::RegionReduceOp op, const DispatchContext &ctx,
                         RewriterBase &rewriter) {
  OpBuilder &b = rewriter;
  Location loc = op.getLoc();
  ArrayRef<int64_t> shape =
      cast<tirx::BufferType>(op.getSrcs()[0].getType()).getShape();
  AxisSplit split = splitAxes(shape, op.getAxes());
  ArrayRef<int64_t> reduced = split.reduced, kept = split.kept,
                    strides = split.strides;
  int64_t count = split.count;
  Block &body = op.getBody().front();

  bool staged = false;
  SmallVector<ElementAccess, 2> srcs;
  for (Value v : op.getSrcs())
    srcs.push_back(prepareSource(b, op, v, ctx, staged));
  auto foldFrom = [&](Value base) {
    return fold(b, loc, body, srcs, tupleAt(b, loc, srcs, base),
                cstIndex(b, loc, count), [&](Value j) -> Value {
                  return arith::AddIOp::create(
                      b, loc, base, remap(b, loc, j, shape, reduced, strides));
                });
  };
  if (op.getDsts().empty()) {
    SmallVector<Value> results = foldFrom(cstIndex(b, loc, 0));
    if (staged)
      emitScopeBarrier(b, loc, ctx);
    rewriter.replaceAllUsesWith(op.getResults(), results);
    return Outcome::ok();
  }
  for (unsigned i = 0, e = op.getDsts().size(); i < e; ++i) {
    Value dstValue = op.getDsts()[i];
    std::string why;
    ElementAccess dst = *getElementAccess(dstValue, why);
    prepareElementAccess(b, loc, dst);
    int64_t n = cast<tirx::BufferType>(dstValue.getType()).getNumElements();
    emitElementLoop(b, loc, dst.isLocal() ? &dst : nullptr, false, n, ctx,
                    [&](Value g) {
                      Value base = remap(b, loc, g, shape, kept, strides);
                      emitElementStore(b, loc, dst, g, foldFrom(base)[i]);
                    });
  }
  if (staged)
    emitScopeBarrier(b, loc, ctx);
  return Outcome::ok();
}

/// tirx.scan: each destination element at position k along the axis (its
/// holders compute it, or thread f mod T of a shared destination) folds the
/// source tuples from the start of its line (the end with `reverse`) to k.
Outcome emitRegionScan(tirx::RegionScanOp op, const DispatchContext &ctx,
                       RewriterBase &rewriter) {
  OpBuilder &b = rewriter;
  Location loc = op.getLoc();
  auto srcType = cast<tirx::BufferType>(op.getSrcs()[0].getType());
  int64_t axis = op.getAxis();
  int64_t extent = srcType.getDimSize(axis);
  int64_t stride = rowStrides(srcType.getShape())[axis];
  bool reverse = op.getReverse();
  Block &body = op.getBody().front();

  bool staged = false;
  SmallVector<ElementAccess, 2> srcs;
  for (Value v : op.getSrcs())
    srcs.push_back(prepareSource(b, op, v, ctx, staged));
  for (unsigned i = 0, e = op.getDsts().size(); i < e; ++i) {
    Value dstValue = op.getDsts()[i];
    std::string why;
    ElementAccess dst = *getElementAccess(dstValue, why);
    prepareElementAccess(b, loc, dst);
    emitElementLoop(
        b, loc, dst.isLocal() ? &dst : nullptr, false, srcType.getNumElements(),
        ctx, [&](Value g) {
          Value k = arith::RemUIOp::create(
              b, loc,
              arith::DivUIOp::create(b, loc, g, cstIndex(b, loc, stride)),
              cstIndex(b, loc, extent));
          Value line = arith::SubIOp::create(
              b, loc, g,
              arith::MulIOp::create(b, loc, k, cstIndex(b, loc, stride)));
          // Scan order: j-th position of the line.
          auto position = [&](Value j) -> Value {
            Value p = reverse ? arith::SubIOp::create(
                                    b, loc, cstIndex(b, loc, extent - 1), j)
                                    .getResult()
                              : j;
            return arith::AddIOp::create(
                b, loc, line,
                arith::MulIOp::create(b, loc, p, cstIndex(b, loc, stride)));
          };
          // k + 1 positions up to k (extent - k from the end).
          Value count =
              reverse
                  ? arith::SubIOp::create(b, loc, cstIndex(b, loc, extent), k)
                        .getResult()
                  : arith::AddIOp::create(b, loc, k, cstIndex(b, loc, 1))
                        .getResult();
          SmallVector<Value> tuple =
              fold(b, loc, body, srcs,
                   tupleAt(b, loc, srcs, position(cstIndex(b, loc, 0))), count,
                   position);
          emitElementStore(b, loc, dst, g, tuple[i]);
        });
  }
  if (staged)
    emitScopeBarrier(b, loc, ctx);
  return Outcome::ok();
}

//===----------------------------------------------------------------------===//
// gemm
//===----------------------------------------------------------------------===//

Predicate gemmPlan() {
  return {"perElementPlan", [](Operation *op, const DispatchContext &ctx) {
            Type in = cast<tirx::BufferType>(op->getOperand(1).getType())
                          .getElementType();
            if (isF8(in) && ctx.getTarget().getSmVersion() < 89)
              return Outcome::fail(
                  "f8 inputs convert to f32 with cvt e4m3x2/e5m2x2 (sm_89 or "
                  "newer), target is " +
                  ctx.getTarget().getChip().str());
            if (auto why = checkDestination(op->getOperand(0), ctx))
              return Outcome::fail("D: " + *why);
            for (unsigned i : {1u, 2u, 3u})
              if (auto why = checkReadable(op->getOperand(i), ctx))
                return Outcome::fail("operand #" + std::to_string(i) + ": " +
                                     *why);
            return Outcome::ok();
          }};
}

template <typename OpTy>
Outcome emitGemm(OpTy op, const DispatchContext &ctx, RewriterBase &rewriter) {
  OpBuilder &b = rewriter;
  Location loc = op.getLoc();
  auto dType = op.getD().getType();
  ScalarGemmArithmetic math(b, op);
  Type acc = math.acc;
  int64_t n = dType.getDimSize(1);
  bool transA = op.getTransposeA(), transB = op.getTransposeB();
  int64_t k = op.getA().getType().getDimSize(transA ? 0 : 1);
  int64_t colsA = op.getA().getType().getDimSize(1);
  int64_t colsB = op.getB().getType().getDimSize(1);
  double alpha = op.getAlpha().convertToDouble();
  double beta = op.getBeta().convertToDouble();
  DictionaryAttr config = op.getConfigAttr();
  auto promote =
      config ? config.template getAs<IntegerAttr>("promote_k") : nullptr;
  int64_t chunk = promote ? promote.getInt() : k;

  bool staged = false;
  ElementAccess a = prepareSource(b, op, op.getA(), ctx, staged);
  ElementAccess bm = prepareSource(b, op, op.getB(), ctx, staged);
  std::optional<ElementAccess> c;
  if (beta != 0)
    c = prepareSource(b, op, op.getC(), ctx, staged);
  std::string why;
  ElementAccess d = *getElementAccess(op.getD(), why);
  prepareElementAccess(b, loc, d);

  auto flatOf = [&](Value r, Value col, int64_t cols) -> Value {
    return arith::AddIOp::create(
        b, loc, arith::MulIOp::create(b, loc, r, cstIndex(b, loc, cols)), col);
  };

  emitElementLoop(
      b, loc, d.isLocal() ? &d : nullptr, false, dType.getNumElements(), ctx,
      [&](Value f) {
        Value row = arith::DivUIOp::create(b, loc, f, cstIndex(b, loc, n));
        Value col = arith::RemUIOp::create(b, loc, f, cstIndex(b, loc, n));
        Value init = arith::ConstantOp::create(b, loc, b.getZeroAttr(acc));
        if (c) {
          init = math.fromC(b, loc, emitElementLoad(b, loc, *c, f), beta);
        }
        // One chunk of K (all of it without promote_k), summed from zero
        // and added to the running sum.
        auto chunks =
            scf::ForOp::create(b, loc, cstIndex(b, loc, 0), cstIndex(b, loc, k),
                               cstIndex(b, loc, chunk), ValueRange{init});
        {
          OpBuilder::InsertionGuard guard(b);
          b.setInsertionPointToStart(chunks.getBody());
          Value k0 = chunks.getInductionVar();
          Value running = chunks.getRegionIterArgs()[0];
          Value start =
              promote ? arith::ConstantOp::create(b, loc, b.getZeroAttr(acc))
                            .getResult()
                      : running;
          auto steps = scf::ForOp::create(
              b, loc, k0,
              arith::AddIOp::create(b, loc, k0, cstIndex(b, loc, chunk)),
              cstIndex(b, loc, 1), ValueRange{start});
          {
            OpBuilder::InsertionGuard inner(b);
            b.setInsertionPointToStart(steps.getBody());
            Value kk = steps.getInductionVar();
            Value x =
                math.widen(b, loc,
                           emitElementLoad(b, loc, a,
                                           transA ? flatOf(kk, row, colsA)
                                                  : flatOf(row, kk, colsA)),
                           "signed_a");
            Value y =
                math.widen(b, loc,
                           emitElementLoad(b, loc, bm,
                                           transB ? flatOf(col, kk, colsB)
                                                  : flatOf(kk, col, colsB)),
                           "signed_b");
            Value sum = steps.getRegionIterArgs()[0];
            scf::YieldOp::create(b, loc, math.multiplyAdd(b, loc, x, y, sum));
          }
          Value total = steps.getResult(0);
          if (promote)
            total = math.add(b, loc, running, total);
          scf::YieldOp::create(b, loc, total);
        }
        emitElementStore(b, loc, d, f,
                         math.toD(b, loc, chunks.getResult(0), alpha));
      });
  if (staged)
    emitScopeBarrier(b, loc, ctx);
  return Outcome::ok();
}

template <typename OpTy>
void addGemm(Registry &registry, StringRef name) {
  Variant v;
  v.name = "per_element";
  v.priority = priority::kPerElement;
  v.predicates = {pred::allThreadsActive(), pred::layoutThreadAxesMatchScope(),
                  gemmPlan()};
  v.impl = [](Operation *op, DispatchContext &ctx, RewriterBase &rw) {
    return emitGemm(cast<OpTy>(op), ctx, rw);
  };
  registry.add(name, "cuda", std::move(v));
}

} // namespace

void tileir::dispatch::registerCudaGeneralVariants(Registry &registry) {
  for (StringRef name : {"tirx.reduce", "tirx.scan"}) {
    Variant v;
    v.name = "per_element";
    v.priority = priority::kPerElement;
    v.predicates = {pred::allThreadsActive(),
                    pred::layoutThreadAxesMatchScope(), regionPlan()};
    v.impl = [](Operation *op, DispatchContext &ctx, RewriterBase &rw) {
      if (auto reduce = dyn_cast<tirx::RegionReduceOp>(op))
        return emitRegionReduce(reduce, ctx, rw);
      return emitRegionScan(cast<tirx::RegionScanOp>(op), ctx, rw);
    };
    registry.add(name, "cuda", std::move(v));
  }
  addReduce<tirx::SumOp>(registry, "tirx.sum", ReduceKind::Sum);
  addReduce<tirx::MaxOp>(registry, "tirx.max", ReduceKind::Max);
  addReduce<tirx::MinOp>(registry, "tirx.min", ReduceKind::Min);
  addGemm<tirx::GemmOp>(registry, "tirx.gemm");
  addGemm<tirx::GemmAsyncOp>(registry, "tirx.gemm_async");
  // cp.async copies (no mbarrier, no tensor map) of any layout: done
  // synchronously, element by element (as `sync`, which takes power-of-two
  // layouts only).
  Variant copyAsync;
  copyAsync.name = "per_element";
  copyAsync.priority = priority::kPerElement;
  copyAsync.predicates = {
      pred::allThreadsActive(),
      {"perElementPlan", [](Operation *op, const DispatchContext &ctx) {
         auto copy = cast<tirx::CopyAsyncOp>(op);
         if (copy.getBarrier() || copy.getTensorMap())
           return Outcome::fail("has an mbarrier or a tensor map (a TMA copy)");
         if (auto why = checkPerElement(copy.getDst(), {copy.getSrc()}, ctx))
           return Outcome::fail(*why);
         return Outcome::ok();
       }}};
  copyAsync.impl = [](Operation *op, DispatchContext &ctx, RewriterBase &rw) {
    auto copy = cast<tirx::CopyAsyncOp>(op);
    emitPerElement(
        rw, op->getLoc(), copy.getDst(), {copy.getSrc()}, nullptr, ctx,
        [](OpBuilder &, Location, ArrayRef<Value> v, Value) { return v[0]; });
    return Outcome::ok();
  };
  registry.add("tirx.copy_async", "cuda", std::move(copyAsync));

  Variant wait;
  wait.name = "none";
  wait.priority = priority::kPerElement;
  wait.predicates = {
      {"noWgmma", [](Operation *, const DispatchContext &ctx) {
         if (ctx.getTarget().hasWGMMA() &&
             ctx.getScope() == tirx::ExecScope::Warpgroup)
           return Outcome::fail(
               "warpgroup wgmma products may be in flight (sm_90a)");
         return Outcome::ok();
       }}};
  wait.impl = [](Operation *, DispatchContext &, RewriterBase &) {
    return Outcome::ok();
  };
  registry.add("tirx.gemm_wait", "cuda", std::move(wait));
}
