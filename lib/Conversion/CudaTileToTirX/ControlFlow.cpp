//===- ControlFlow.cpp - if, for, loop and layout conversions ---===//
//
// Part of TileIR. convert-cuda-tile-to-tirx: `if`, `for`, `loop`, `break`,
// `continue`, `yield`, `return` to scf.if / scf.for / scf.while, and the
// layout conversions (tirx.permute_layout) other families use.
//
// Conditions and bounds are scalars (rank-0 tiles), which this lowering
// computes the same in every thread: every branch is uniform across the
// CTA, so tirx primitives (CTA-scope, with barriers) may appear in any
// region.
//
// Values that cross a region boundary:
//  * rank-0 tiles are scalars: scf results and iter_args;
//  * tiles of rank >= 1 live in registers: each loop-carried value and each
//    result has one "carrier" buffer, allocated before the op, that the
//    terminators write (a loop's carrier keeps the init's layout across
//    iterations; a yielded buffer in another layout is converted);
//  * tokens lower to nothing.
//
// Early exits (`break`, `continue` inside `if`s, `return` inside `if`s at
// the kernel level) follow a structured scheme: a sequence of ops ends in an
// *outcome* (SSA values the enclosing scf region yields). An `if` that may
// exit yields (fell through?, its scalar results, the exit values), and the
// rest of its block is lowered inside a second scf.if on "fell through",
// whose other branch forwards the exit. A `loop` is an scf.while whose
// `before` region runs the body and whose condition is "did not break".
//
//===----------------------------------------------------------------------===//

#include "EntryLowering.h"
#include "tileir/Dialect/TirX/IR/MemoryTypes.h"

#include "tileir/Dialect/TirX/Utils/LayoutCodegen.h"
#include "tileir/Dialect/TirX/Utils/Utils.h"
#include "tileir/Layout/BitLayout.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/SCF/IR/SCF.h"
#include "llvm/ADT/TypeSwitch.h"

#include <functional>

using namespace mlir;
using namespace mlir::tileir;
using ::tileir::layout::BitLayout;
using ::tileir::layout::Iter;
using ::tileir::layout::LayoutBit;
using ::tileir::layout::TileLayout;

namespace mlir::tileir {
/// What the terminators of a sequence of ops (a region's block, or the rest
/// of a block after an `if` that exits) produce: the outcome the enclosing
/// scf region yields.
struct CfSequence {
  SmallVector<Type> outcomeTypes;
  /// The outcome of a terminator (after writing carriers).
  std::function<FailureOr<SmallVector<Value>>(Operation *)> onTerminator;
  /// The outcome when the innermost loop (or the kernel) is left with the
  /// exit values `exit` (types: `exitTypes`).
  std::function<SmallVector<Value>(ValueRange)> fromExit;
  /// The exit values' types and how an exit terminator produces them.
  SmallVector<Type> exitTypes;
  std::function<FailureOr<SmallVector<Value>>(Operation *)> exitValues;
  /// Set when the sequence ends.
  SmallVector<Value> outcome;
};
} // namespace mlir::tileir

//===----------------------------------------------------------------------===//
// Values and layout conversions
//===----------------------------------------------------------------------===//

/// The scalar type a rank-0 tile of `type` lowers to.
static Type scalarType(ct::TileType type) {
  if (isa<ct::PointerType>(type.getElementType()))
    return LLVM::LLVMPointerType::get(type.getContext(), 1);
  return type.getElementType();
}

/// A row-major memory layout of `shape`.
static TileLayout rowMajor(ArrayRef<int64_t> shape) {
  int64_t n = 1;
  for (int64_t d : shape)
    n *= d;
  return TileLayout({Iter{n, 1, "m"}}, {}).canonicalize();
}

/// True when no thread axis appears in the shard of `layout` (every thread
/// holds every element).
static bool heldByEveryThread(const TileLayout &layout) {
  return llvm::none_of(layout.getShard(), [](const Iter &iter) {
    return ::tileir::layout::isThreadAxis(iter.axis) && iter.stride != 0 &&
           iter.extent != 1;
  });
}

Value EntryLowering::zeroOf(Type type, Location loc) {
  if (isa<LLVM::LLVMPointerType>(type))
    return LLVM::ZeroOp::create(b, loc, type);
  return arith::ConstantOp::create(b, loc, b.getZeroAttr(type));
}

bool EntryLowering::insideLoop() {
  for (Operation *op = b.getInsertionBlock()->getParentOp(); op;
       op = op->getParentOp())
    if (isa<scf::ForOp, scf::WhileOp>(op))
      return true;
  return false;
}

LogicalResult EntryLowering::assign(Value dst, Value src, Location loc) {
  auto dstType = cast<tirx::BufferType>(dst.getType());
  if (!isa<tirx::BufferType>(src.getType())) {
    if (isa<LLVM::LLVMPointerType>(src.getType()))
      src = LLVM::PtrToIntOp::create(b, loc, b.getI64Type(), src);
    tirx::FillOp::create(b, loc, dst, src, cta(), nullptr, nullptr);
    return success();
  }
  if (src == dst)
    return success();
  auto srcType = cast<tirx::BufferType>(src.getType());
  if (!srcType.isLocal() || !dstType.isLocal() ||
      srcType.getShape() != dstType.getShape() ||
      srcType.getElementType() != dstType.getElementType())
    return emitError(loc) << "expects a layout conversion between local "
                             "buffers of one shape and element type, got "
                          << srcType << " and " << dstType;
  // Intent only: tirx-dispatch chooses how the elements move.
  tirx::PermuteLayoutOp::create(b, loc, dst, src, cta(), nullptr, nullptr);
  return success();
}

FailureOr<Value> EntryLowering::convertLayout(Value buffer,
                                              const TileLayout &target,
                                              Location loc) {
  auto type = cast<tirx::BufferType>(buffer.getType());
  if (type.getTileLayout() == target)
    return buffer;
  // The same map from coordinates to threads and registers, written
  // differently: a view of the same registers.
  if (type.getTileLayout().canonicalize() == target.canonicalize())
    return tirx::ViewOp::create(
               b, loc,
               tirx::BufferType::get(
                   b.getContext(), type.getShape(), type.getElementType(),
                   tirx::MemScope::Local,
                   tirx::LayoutAttr::get(b.getContext(), target)),
               buffer)
        .getResult();
  Value dst = alloc(type.getShape(), type.getElementType(), target, loc);
  if (failed(assign(dst, buffer, loc)))
    return failure();
  return dst;
}

// Compact strides in the order of the old ones.
FailureOr<TileLayout> mlir::tileir::compactLayout(const TileLayout &layout) {
  FailureOr<BitLayout> bits = BitLayout::get(layout);
  if (failed(bits))
    return failure();
  SmallVector<unsigned> regBits;
  for (unsigned j = 0; j < bits->getNumBits(); ++j)
    if (!bits->shard[j].isThread())
      regBits.push_back(j);
  llvm::sort(regBits, [&](unsigned x, unsigned y) {
    return std::make_pair(bits->shard[x].stride, x) <
           std::make_pair(bits->shard[y].stride, y);
  });
  BitLayout result = *bits;
  result.memOffset = 0;
  for (auto [i, j] : llvm::enumerate(regBits))
    result.shard[j] = LayoutBit{"m", int64_t(1) << i};
  return result.toLayout();
}

Value EntryLowering::findCopy(Value v, Type type) {
  Value copy = copies.lookup({v, type});
  if (!copy)
    return Value();
  for (Block *blk = b.getInsertionBlock(); blk;
       blk = blk->getParentOp() ? blk->getParentOp()->getBlock() : nullptr)
    if (blk == copy.getParentBlock())
      return copy;
  return Value();
}

FailureOr<Value> EntryLowering::allocMapResult(ct::TileType type,
                                               SmallVectorImpl<Value> &operands,
                                               Location loc) {
  TileLayout blocked = planner.getBlocked(type.getShape());
  // Candidates: the blocked layout, then the compact form of each buffer
  // operand's layout. The first one that the fewest operands disagree with
  // (by thread ownership) wins, so that the planner's layout stays unless
  // following the operands saves a conversion (e.g. after `extract`, whose
  // views keep the source's register order).
  std::vector<TileLayout> candidates{blocked};
  SmallVector<std::optional<BitLayout>> operandBits;
  for (Value v : operands) {
    auto buffer = dyn_cast<tirx::BufferType>(v.getType());
    operandBits.push_back(std::nullopt);
    if (!buffer || buffer.getMemScope() != tirx::MemScope::Local)
      continue;
    FailureOr<BitLayout> bits = BitLayout::get(buffer.getTileLayout());
    if (failed(bits))
      continue;
    operandBits.back() = *bits;
    if (FailureOr<TileLayout> c = compactLayout(buffer.getTileLayout());
        succeeded(c) && !llvm::is_contained(candidates, *c))
      candidates.push_back(*c);
  }
  auto disagreeing = [&](const TileLayout &candidate) {
    FailureOr<BitLayout> anchor = BitLayout::get(candidate);
    if (failed(anchor))
      return int64_t(operands.size()) + 1;
    int64_t n = 0;
    for (const std::optional<BitLayout> &bits : operandBits)
      n += bits && ::tileir::layout::checkRegisterCompatible(*anchor, *bits)
               ? 1
               : 0;
    return n;
  };
  const TileLayout *best = &candidates.front();
  int64_t bestCost = disagreeing(*best);
  for (const TileLayout &c : llvm::drop_begin(candidates)) {
    if (bestCost == 0)
      break;
    if (int64_t cost = disagreeing(c); cost < bestCost) {
      best = &c;
      bestCost = cost;
    }
  }
  // Operands that still disagree are converted to the chosen layout (once
  // per value and layout while the conversion dominates the insertion
  // point).
  if (bestCost) {
    FailureOr<BitLayout> anchor = BitLayout::get(*best);
    for (auto [v, bits] : llvm::zip(operands, operandBits)) {
      if (!bits || !::tileir::layout::checkRegisterCompatible(*anchor, *bits))
        continue;
      auto from = cast<tirx::BufferType>(v.getType());
      Type to = tirx::BufferType::get(
          b.getContext(), from.getShape(), from.getElementType(),
          tirx::MemScope::Local, tirx::LayoutAttr::get(b.getContext(), *best));
      if (Value copy = findCopy(v, to)) {
        v = copy;
        continue;
      }
      FailureOr<Value> converted = convertLayout(v, *best, loc);
      if (failed(converted))
        return failure();
      rememberCopy(v, to, *converted);
      v = *converted;
    }
  }
  return alloc(type.getShape(), lowerElement(type.getElementType()), *best,
               loc);
}

FailureOr<Value> EntryLowering::toScalar(Value lowered, Type type,
                                         Location loc) {
  auto bufferType = dyn_cast<tirx::BufferType>(lowered.getType());
  if (!bufferType)
    return lowered;
  if (bufferType.getNumElements() != 1)
    return emitError(loc) << "expects a one-element buffer for a scalar, got "
                          << bufferType;
  Value source = lowered;
  bool viaShared = !heldByEveryThread(bufferType.getTileLayout());
  if (viaShared) {
    auto sharedType = tirx::BufferType::get(
        b.getContext(), bufferType.getShape(), bufferType.getElementType(),
        tirx::MemScope::Shared,
        tirx::LayoutAttr::get(b.getContext(), rowMajor(bufferType.getShape())));
    source = tirx::AllocOp::create(b, loc, sharedType);
    tirx::CopyOp::create(b, loc, source, lowered, nullptr, cta(), nullptr,
                         nullptr);
    tirx::BarrierOp::create(b, loc, tirx::ExecScope::Cta);
  }
  SmallVector<Value> indices(bufferType.getShape().size(),
                             arith::ConstantIndexOp::create(b, loc, 0));
  Value scalar = tirx::ReadOp::create(b, loc, bufferType.getElementType(),
                                      source, indices);
  if (viaShared && insideLoop())
    tirx::BarrierOp::create(b, loc, tirx::ExecScope::Cta);
  auto tile = dyn_cast<ct::TileType>(type);
  if (tile && isa<ct::PointerType>(tile.getElementType()))
    scalar = LLVM::IntToPtrOp::create(b, loc, scalarType(tile), scalar);
  return scalar;
}

//===----------------------------------------------------------------------===//
// Carried values
//===----------------------------------------------------------------------===//

namespace {
/// How a value crosses a region boundary.
enum class Carry { None, Scalar, Buffer };

Carry carryOf(Type type) {
  auto tile = dyn_cast<ct::TileType>(type);
  if (!tile)
    return Carry::None;
  return tile.getRank() == 0 ? Carry::Scalar : Carry::Buffer;
}

/// The carriers of a list of values (one per position; null for scalars
/// and tokens) and the SSA types of the scalar positions.
struct Carried {
  SmallVector<Type> types;   ///< cuda_tile types
  SmallVector<Value> buffer; ///< carrier buffers (null: not a buffer)
  SmallVector<Type> scalarTypes;
};

Carried describe(TypeRange types) {
  Carried c;
  for (Type t : types) {
    c.types.push_back(t);
    c.buffer.push_back(Value());
    if (carryOf(t) == Carry::Scalar)
      c.scalarTypes.push_back(scalarType(cast<ct::TileType>(t)));
  }
  return c;
}
} // namespace

/// Calls `buffer(i, v)` for the buffer positions of `values` (cuda_tile
/// values) in order; returns the scalars of the scalar positions.
static FailureOr<SmallVector<Value>>
splitCarried(EntryLowering &l, const Carried &c, ValueRange values,
             Location loc,
             function_ref<LogicalResult(unsigned, Value)> buffer) {
  SmallVector<Value> scalars;
  for (auto [i, v] : llvm::enumerate(values)) {
    switch (carryOf(c.types[i])) {
    case Carry::None:
      break;
    case Carry::Scalar: {
      FailureOr<Value> s = l.getScalar(v, loc);
      if (failed(s))
        return failure();
      scalars.push_back(*s);
      break;
    }
    case Carry::Buffer:
      if (failed(buffer(i, v)))
        return failure();
      break;
    }
  }
  return scalars;
}

/// A fresh carrier for position `i` of `c` that `src` will be written to:
/// in src's layout, blocked for a scalar.
static Value newCarrier(EntryLowering &l, const Carried &c, unsigned i,
                        Value src, Location loc) {
  if (isa<tirx::BufferType>(src.getType()))
    return tirx::AllocOp::create(l.b, loc, src.getType());
  return l.allocBlocked(cast<ct::TileType>(c.types[i]), loc);
}

/// Writes `values` (cuda_tile values) into the carriers of `c`, creating a
/// missing carrier before `anchor` in the layout of the first buffer written
/// (blocked for a scalar); returns the scalars of the scalar positions.
/// Carriers that another position reads are staged first.
static FailureOr<SmallVector<Value>> writeCarried(EntryLowering &l, Carried &c,
                                                  ValueRange values,
                                                  Operation *anchor,
                                                  Location loc) {
  OpBuilder &b = l.b;
  SmallVector<std::pair<unsigned, Value>> writes;
  FailureOr<SmallVector<Value>> scalars =
      splitCarried(l, c, values, loc, [&](unsigned i, Value v) {
        Value src = l.get(v);
        if (!src)
          return LogicalResult(emitError(loc)
                               << "expects a lowered value for operand #" << i);
        if (!c.buffer[i]) {
          OpBuilder::InsertionGuard guard(b);
          b.setInsertionPoint(anchor);
          c.buffer[i] = newCarrier(l, c, i, src, loc);
        }
        writes.push_back({i, src});
        return success();
      });
  if (failed(scalars))
    return failure();
  // A source that aliases another position's carrier is read before any
  // carrier is written.
  for (auto &[i, src] : writes) {
    if (!isa<tirx::BufferType>(src.getType()) || src == c.buffer[i])
      continue;
    Value root = tirx::viewRoot(src);
    bool aliased = llvm::any_of(c.buffer, [&](Value carrier) {
      return carrier && tirx::viewRoot(carrier) == root;
    });
    if (!aliased)
      continue;
    Value staged = tirx::AllocOp::create(b, loc, src.getType());
    if (failed(l.assign(staged, src, loc)))
      return failure();
    src = staged;
  }
  for (auto &[i, src] : writes)
    if (failed(l.assign(c.buffer[i], src, loc)))
      return failure();
  return scalars;
}

/// The carriers of loop-carried `inits` of `loop` (the cuda_tile op): an
/// init buffer used only by the loop becomes the carrier, others are copied
/// into a fresh carrier of their layout (blocked for scalars). Returns the
/// scalar inits.
static FailureOr<SmallVector<Value>> initCarried(EntryLowering &l, Carried &c,
                                                 ValueRange inits,
                                                 Operation *loop,
                                                 Location loc) {
  return splitCarried(l, c, inits, loc, [&](unsigned i, Value v) {
    Value src = l.get(v);
    // Reusing the init's buffer is safe when nothing else reads it: one
    // use, and defined in the loop's own region (not once for several
    // executions of the loop).
    if (isa<tirx::BufferType>(src.getType()) && v.hasOneUse() &&
        v.getParentRegion() == loop->getParentRegion() &&
        src.getDefiningOp<tirx::AllocOp>()) {
      c.buffer[i] = src;
      return success();
    }
    c.buffer[i] = newCarrier(l, c, i, src, loc);
    return l.assign(c.buffer[i], src, loc);
  });
}

/// Maps `values` (block arguments or op results) to the carriers of `c` and
/// the SSA `scalars`, in order. Tokens are conservatively "after a store".
static void mapCarried(EntryLowering &l, const Carried &c, ValueRange values,
                       ValueRange scalars) {
  unsigned s = 0;
  for (auto [i, v] : llvm::enumerate(values)) {
    switch (carryOf(c.types[i])) {
    case Carry::None:
      l.markToken(v, true);
      break;
    case Carry::Scalar:
      l.map(v, scalars[s++]);
      break;
    case Carry::Buffer:
      l.map(v, c.buffer[i]);
      break;
    }
  }
}

static SmallVector<Value> zeros(EntryLowering &l, TypeRange types,
                                Location loc) {
  SmallVector<Value> result;
  for (Type t : types)
    result.push_back(l.zeroOf(t, loc));
  return result;
}

//===----------------------------------------------------------------------===//
// Sequences and terminators
//===----------------------------------------------------------------------===//

LogicalResult EntryLowering::lowerSequence(Block &block, CfSequence &seq) {
  sequences.push_back(&seq);
  LogicalResult result = lowerOps(block);
  sequences.pop_back();
  return result;
}

/// True when `op` (an `if`) contains a `break`, `continue` or `return` that
/// leaves it (through nested `if`s only).
static bool mayExit(ct::IfOp op) {
  for (Region *region : {&op.getThenRegion(), &op.getElseRegion()})
    for (Block &block : *region)
      for (Operation &inner : block) {
        if (isa<ct::BreakOp, ct::ContinueOp, ct::ReturnOp>(inner))
          return true;
        if (auto nested = dyn_cast<ct::IfOp>(inner); nested && mayExit(nested))
          return true;
      }
  return false;
}

static SmallVector<Value> concat(ArrayRef<ArrayRef<Value>> parts) {
  SmallVector<Value> result;
  for (ArrayRef<Value> p : parts)
    llvm::append_range(result, p);
  return result;
}

/// The sequence of the kernel body (where only `return` exits).
static void initKernelSequence(CfSequence &seq) {
  auto none = [](Operation *) -> FailureOr<SmallVector<Value>> {
    return SmallVector<Value>();
  };
  seq.onTerminator = none;
  seq.exitValues = none;
  seq.fromExit = [](ValueRange) { return SmallVector<Value>(); };
}

static LogicalResult lowerIf(EntryLowering &l, ct::IfOp op) {
  OpBuilder &b = l.b;
  Location loc = op.getLoc();
  FailureOr<Value> cond = l.getScalar(op.getCondition(), loc);
  if (failed(cond))
    return failure();
  Carried results = describe(op.getResultTypes());
  bool exits = mayExit(op);
  CfSequence kernelSeq;
  CfSequence *parent = l.sequences.empty() ? nullptr : l.sequences.back();
  if (exits && !parent) {
    initKernelSequence(kernelSeq);
    parent = &kernelSeq;
  }
  // Outcome of a branch: [fell through] + scalar results + exit values.
  SmallVector<Type> types;
  if (exits)
    types.push_back(b.getI1Type());
  llvm::append_range(types, results.scalarTypes);
  if (exits)
    llvm::append_range(types, parent->exitTypes);
  bool hasElse = !op.getElseRegion().empty() || exits;
  auto ifOp = scf::IfOp::create(b, loc, types, *cond, hasElse);
  // A cuda_tile condition is a rank-0 tile: one value per tile block, the
  // same in every thread (tirx-dispatch's active set ignores such a branch).
  ifOp->setAttr(tirx::kUniformBranchAttr, b.getUnitAttr());
  for (Region *region : {&op.getThenRegion(), &op.getElseRegion()}) {
    Block *dest =
        region == &op.getThenRegion() ? ifOp.thenBlock() : ifOp.elseBlock();
    if (!dest)
      continue;
    if (dest->mightHaveTerminator())
      dest->getTerminator()->erase();
    b.setInsertionPointToEnd(dest);
    auto fallThrough = [&](SmallVector<Value> scalars) {
      SmallVector<Value> out;
      if (exits)
        out.push_back(arith::ConstantIntOp::create(b, loc, 1, 1));
      llvm::append_range(out, scalars);
      if (exits)
        llvm::append_range(out, zeros(l, parent->exitTypes, loc));
      return out;
    };
    if (region->empty()) {
      // No else region: falls through with no results.
      scf::YieldOp::create(b, loc, fallThrough({}));
      continue;
    }
    CfSequence seq;
    seq.outcomeTypes = types;
    if (exits) {
      seq.exitTypes = parent->exitTypes;
      seq.exitValues = parent->exitValues;
    }
    auto exitOutcome = [&l, &b, loc, &results](ValueRange exit) {
      SmallVector<Value> out;
      out.push_back(arith::ConstantIntOp::create(b, loc, 0, 1));
      llvm::append_range(out, zeros(l, results.scalarTypes, loc));
      llvm::append_range(out, exit);
      return out;
    };
    seq.fromExit = exitOutcome;
    seq.onTerminator =
        [&, exitOutcome](Operation *term) -> FailureOr<SmallVector<Value>> {
      if (auto yield = dyn_cast<ct::YieldOp>(term)) {
        FailureOr<SmallVector<Value>> scalars =
            writeCarried(l, results, yield.getOperands(), ifOp, term->getLoc());
        if (failed(scalars))
          return failure();
        return fallThrough(*scalars);
      }
      if (!exits)
        return term->emitOpError() << "is not supported here";
      FailureOr<SmallVector<Value>> exit = parent->exitValues(term);
      if (failed(exit))
        return failure();
      return exitOutcome(*exit);
    };
    if (failed(l.lowerSequence(region->front(), seq)))
      return failure();
    b.setInsertionPointToEnd(dest);
    scf::YieldOp::create(b, loc, seq.outcome);
  }
  b.setInsertionPointAfter(ifOp);
  unsigned first = exits ? 1 : 0;
  mapCarried(l, results, op.getResults(),
             ifOp.getResults().slice(first, results.scalarTypes.size()));
  for (auto [i, v] : llvm::enumerate(op.getResults()))
    if (carryOf(results.types[i]) == Carry::Buffer && !results.buffer[i])
      l.map(v, l.allocBlocked(cast<ct::TileType>(v.getType()), loc));
  if (!exits)
    return success();

  // The rest of the block runs when the `if` fell through.
  ValueRange exitValues =
      ifOp.getResults().drop_front(first + results.scalarTypes.size());
  auto rest = scf::IfOp::create(b, loc, parent->outcomeTypes, ifOp.getResult(0),
                                /*withElseRegion=*/true);
  {
    OpBuilder::InsertionGuard guard(b);
    for (Block *block : {rest.thenBlock(), rest.elseBlock()})
      if (block->mightHaveTerminator())
        block->getTerminator()->erase();
    b.setInsertionPointToEnd(rest.thenBlock());
    if (parent == &kernelSeq)
      l.sequences.push_back(parent);
    LogicalResult lowered =
        l.lowerOps(std::next(op->getIterator()), op->getBlock()->end());
    if (parent == &kernelSeq)
      l.sequences.pop_back();
    if (failed(lowered))
      return failure();
    b.setInsertionPointToEnd(rest.thenBlock());
    scf::YieldOp::create(b, loc, parent->outcome);
    b.setInsertionPointToEnd(rest.elseBlock());
    scf::YieldOp::create(b, loc, parent->fromExit(exitValues));
  }
  b.setInsertionPointAfter(rest);
  parent->outcome = SmallVector<Value>(rest.getResults());
  if (parent == &kernelSeq)
    gpu::ReturnOp::create(b, loc);
  l.sequenceDone = true;
  return success();
}

//===----------------------------------------------------------------------===//
// Loops
//===----------------------------------------------------------------------===//

static LogicalResult lowerFor(EntryLowering &l, ct::ForOp op) {
  OpBuilder &b = l.b;
  Location loc = op.getLoc();
  FailureOr<Value> lb = l.getScalar(op.getLowerBound(), loc);
  FailureOr<Value> ub = l.getScalar(op.getUpperBound(), loc);
  FailureOr<Value> step = l.getScalar(op.getStep(), loc);
  if (failed(lb) || failed(ub) || failed(step))
    return failure();
  Carried iters = describe(op.getInitValues().getTypes());
  FailureOr<SmallVector<Value>> inits =
      initCarried(l, iters, op.getInitValues(), op, loc);
  if (failed(inits))
    return failure();
  if (failed(l.loopProducts.begin(op, *lb, *ub, *step)))
    return failure();
  auto forOp = scf::ForOp::create(b, loc, *lb, *ub, *step, *inits, nullptr,
                                  op.getUnsignedCmp());
  Block *body = forOp.getBody();
  if (body->mightHaveTerminator())
    body->getTerminator()->erase();
  Block &src = op.getRegion().front();
  l.map(src.getArgument(0), forOp.getInductionVar());
  mapCarried(l, iters, src.getArguments().drop_front(),
             forOp.getRegionIterArgs());

  CfSequence seq;
  seq.outcomeTypes = iters.scalarTypes;
  seq.exitTypes = iters.scalarTypes;
  seq.exitValues = [&](Operation *term) -> FailureOr<SmallVector<Value>> {
    auto cont = dyn_cast<ct::ContinueOp>(term);
    if (!cont)
      return term->emitOpError() << "is not supported in a 'cuda_tile.for'";
    return writeCarried(l, iters, cont.getOperands(), forOp, term->getLoc());
  };
  seq.onTerminator = seq.exitValues;
  seq.fromExit = [](ValueRange exit) { return llvm::to_vector(exit); };
  b.setInsertionPointToEnd(body);
  if (failed(l.lowerSequence(src, seq)))
    return failure();
  b.setInsertionPointToEnd(body);
  l.loopProducts.finishBody(op);
  scf::YieldOp::create(b, loc, seq.outcome);
  l.loopProducts.pipeline(op, forOp);
  b.setInsertionPointAfter(forOp);
  l.loopProducts.end(op);
  mapCarried(l, iters, op.getResults(), forOp.getResults());
  return success();
}

static LogicalResult lowerLoop(EntryLowering &l, ct::LoopOp op) {
  OpBuilder &b = l.b;
  Location loc = op.getLoc();
  Carried iters = describe(op.getInitValues().getTypes());
  Carried results = describe(op.getResultTypes());
  FailureOr<SmallVector<Value>> inits =
      initCarried(l, iters, op.getInitValues(), op, loc);
  if (failed(inits))
    return failure();
  // Exit values: [broke] + iter scalars + result scalars.
  SmallVector<Type> exitTypes{b.getI1Type()};
  llvm::append_range(exitTypes, iters.scalarTypes);
  llvm::append_range(exitTypes, results.scalarTypes);
  SmallVector<Location> iterLocs(iters.scalarTypes.size(), loc);
  SmallVector<Location> exitLocs(exitTypes.size(), loc);
  auto whileOp = scf::WhileOp::create(b, loc, exitTypes, *inits);
  Block *before =
      b.createBlock(&whileOp.getBefore(), {}, iters.scalarTypes, iterLocs);
  Block *after = b.createBlock(&whileOp.getAfter(), {}, exitTypes, exitLocs);
  Block &src = op.getRegion().front();
  mapCarried(l, iters, src.getArguments(), before->getArguments());

  CfSequence seq;
  seq.outcomeTypes = exitTypes;
  seq.exitTypes = exitTypes;
  seq.exitValues = [&](Operation *term) -> FailureOr<SmallVector<Value>> {
    Location tloc = term->getLoc();
    if (auto cont = dyn_cast<ct::ContinueOp>(term)) {
      FailureOr<SmallVector<Value>> scalars =
          writeCarried(l, iters, cont.getOperands(), whileOp, tloc);
      if (failed(scalars))
        return failure();
      return concat({arith::ConstantIntOp::create(b, tloc, 0, 1).getResult(),
                     *scalars, zeros(l, results.scalarTypes, tloc)});
    }
    if (auto brk = dyn_cast<ct::BreakOp>(term)) {
      FailureOr<SmallVector<Value>> scalars =
          writeCarried(l, results, brk.getOperands(), whileOp, tloc);
      if (failed(scalars))
        return failure();
      return concat({arith::ConstantIntOp::create(b, tloc, 1, 1).getResult(),
                     zeros(l, iters.scalarTypes, tloc), *scalars});
    }
    return term->emitOpError() << "is not supported in a 'cuda_tile.loop'";
  };
  seq.onTerminator = seq.exitValues;
  seq.fromExit = [](ValueRange exit) { return llvm::to_vector(exit); };
  b.setInsertionPointToEnd(before);
  if (failed(l.lowerSequence(src, seq)))
    return failure();
  b.setInsertionPointToEnd(before);
  Value broke = seq.outcome.front();
  Value again = arith::XOrIOp::create(
      b, loc, broke, arith::ConstantIntOp::create(b, loc, 1, 1));
  scf::ConditionOp::create(b, loc, again, seq.outcome);
  b.setInsertionPointToEnd(after);
  scf::YieldOp::create(
      b, loc, after->getArguments().slice(1, iters.scalarTypes.size()));

  b.setInsertionPointAfter(whileOp);
  mapCarried(l, results, op.getResults(),
             whileOp.getResults().drop_front(1 + iters.scalarTypes.size()));
  // A loop that never breaks has results nobody can observe.
  for (auto [i, v] : llvm::enumerate(op.getResults()))
    if (carryOf(results.types[i]) == Carry::Buffer && !results.buffer[i])
      l.map(v, l.allocBlocked(cast<ct::TileType>(v.getType()), loc));
  return success();
}

/// A terminator: the current sequence's outcome.
static LogicalResult lowerTerminator(EntryLowering &l, Operation *op) {
  if (l.sequences.empty()) {
    if (!isa<ct::ReturnOp>(op))
      return op->emitOpError() << "is not supported outside a region";
    gpu::ReturnOp::create(l.b, op->getLoc());
    return success();
  }
  CfSequence *seq = l.sequences.back();
  FailureOr<SmallVector<Value>> outcome = seq->onTerminator(op);
  if (failed(outcome))
    return failure();
  seq->outcome = std::move(*outcome);
  return success();
}

std::optional<LogicalResult> EntryLowering::lowerControlFlowOp(Operation *op) {
  return llvm::TypeSwitch<Operation *, std::optional<LogicalResult>>(op)
      .Case<ct::IfOp>(
          [&](ct::IfOp o) -> LogicalResult { return lowerIf(*this, o); })
      .Case<ct::ForOp>(
          [&](ct::ForOp o) -> LogicalResult { return lowerFor(*this, o); })
      .Case<ct::LoopOp>(
          [&](ct::LoopOp o) -> LogicalResult { return lowerLoop(*this, o); })
      .Case<ct::ReturnOp, ct::BreakOp, ct::ContinueOp>(
          [&](Operation *o) -> LogicalResult {
            return lowerTerminator(*this, o);
          })
      .Case<ct::YieldOp>([&](ct::YieldOp o) -> std::optional<LogicalResult> {
        // Yields of other ops' bodies (reduce, scan) are theirs.
        if (!isa<ct::IfOp>(o->getParentOp()))
          return std::nullopt;
        return lowerTerminator(*this, o);
      })
      .Default([](Operation *) { return std::nullopt; });
}
