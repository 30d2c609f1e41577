//===- Reduction.cpp - reduce and scan ---===//
//
// Part of TileIR. convert-cuda-tile-to-tirx: `reduce` and `scan` of any
// number of operands along one dimension, with a body of Pure ops. A reduce
// whose body is one addf/addi/maxf/minf of its two arguments keeps the fast
// tirx.sum/max/min; every other body becomes the scalar body of tirx.reduce
// or tirx.scan. Rank-0 results of reduce are the scalar results of a
// tirx.reduce without destinations.
//
//===----------------------------------------------------------------------===//

#include "EntryLowering.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "llvm/ADT/TypeSwitch.h"

using namespace mlir;
using namespace mlir::tileir;
using ::tileir::layout::TileLayout;

/// The identity of operand `i` as an attribute of `elem` (the spec tolerates
/// f16/bf16 identities for each other's operands).
static FailureOr<TypedAttr> identityFor(Operation *op, Attribute attr,
                                        Type elem, unsigned i) {
  auto typed = dyn_cast<TypedAttr>(attr);
  if (typed && typed.getType() == elem)
    return typed;
  auto fa = dyn_cast_or_null<FloatAttr>(typed);
  if (fa && isa<FloatType>(elem)) {
    bool lost = false;
    APFloat v = fa.getValue();
    v.convert(cast<FloatType>(elem).getFloatSemantics(),
              APFloat::rmNearestTiesToEven, &lost);
    return TypedAttr(FloatAttr::get(elem, v));
  }
  op->emitOpError() << "expects identity #" << i << " of type " << elem
                    << ", got " << attr;
  return failure();
}

/// Lowers the body of a cuda_tile reduce/scan into the (empty) body of a
/// tirx.reduce / tirx.scan: block arguments of the element types, the body's
/// ops as scalar ops, and a tirx.reduce_yield.
static LogicalResult lowerCombinerBody(EntryLowering &l, Operation *op,
                                       Region &from, Region &to,
                                       ArrayRef<Type> elems) {
  OpBuilder::InsertionGuard guard(l.b);
  Block &src = from.front();
  SmallVector<Type> argTypes;
  for (Type elem : elems)
    argTypes.append({elem, elem});
  SmallVector<Location> locs(argTypes.size(), op->getLoc());
  Block *block = l.b.createBlock(&to, {}, argTypes, locs);
  if (src.getNumArguments() != argTypes.size())
    return l.fail(op, "expects a body with two arguments per operand");
  for (auto [arg, newArg] :
       llvm::zip(src.getArguments(), block->getArguments()))
    l.map(arg, newArg);
  for (Operation &inner : src.without_terminator()) {
    l.b.setInsertionPointToEnd(block);
    // Scalar operands make every op family emit its scalar form.
    if (failed(l.lower(&inner)))
      return failure();
    for (Value result : inner.getResults()) {
      Value lowered = l.get(result);
      if (!lowered || isa<tirx::BufferType>(lowered.getType()))
        return inner.emitOpError()
               << "in a " << op->getName() << " body must lower to a scalar";
    }
  }
  l.b.setInsertionPointToEnd(block);
  SmallVector<Value> yielded;
  for (Value v : src.getTerminator()->getOperands())
    yielded.push_back(l.get(v));
  tirx::ReduceYieldOp::create(l.b, op->getLoc(), yielded);
  return success();
}

/// The sources of a reduce/scan: one register buffer per operand, all in
/// one layout without broadcast (stride-0) bits: the first operand's, or the
/// blocked layout of the shape when the first is a broadcast view. Operands
/// in another layout are converted to it (EntryLowering::convertLayout).
/// Also returns
/// the lowered element types.
static LogicalResult getSources(EntryLowering &l, Operation *op,
                                SmallVector<Value> &srcs,
                                SmallVector<Type> &elems) {
  std::optional<TileLayout> anchor;
  for (auto [i, v] : llvm::enumerate(op->getOperands())) {
    auto type = cast<ct::TileType>(v.getType());
    if (!type.getElementType().isIntOrFloat())
      return l.fail(op, "expects operands of numbers, got operand #" +
                            Twine(i) + " of pointers");
    Value buffer = l.getBuffer(v, op->getLoc());
    auto bufferType = cast<tirx::BufferType>(buffer.getType());
    TileLayout layout = bufferType.getTileLayout();
    if (!anchor) {
      bool broadcasts =
          llvm::any_of(layout.getShard(), [](const ::tileir::layout::Iter &it) {
            return it.stride == 0;
          });
      anchor = broadcasts ? l.planner.getBlocked(type.getShape()) : layout;
    }
    if (layout != *anchor) {
      FailureOr<Value> converted =
          l.convertLayout(buffer, *anchor, op->getLoc());
      if (failed(converted))
        return failure();
      buffer = *converted;
    }
    srcs.push_back(buffer);
    elems.push_back(bufferType.getElementType());
  }
  return success();
}

static FailureOr<ArrayAttr> getIdentities(EntryLowering &l, Operation *op,
                                          ArrayAttr identities,
                                          ArrayRef<Type> elems) {
  if (identities.size() != elems.size())
    return l.fail(op, "expects one identity per operand");
  SmallVector<Attribute> result;
  for (auto [i, pair] : llvm::enumerate(llvm::zip(identities, elems))) {
    FailureOr<TypedAttr> attr =
        identityFor(op, std::get<0>(pair), std::get<1>(pair), i);
    if (failed(attr))
      return failure();
    result.push_back(*attr);
  }
  return l.b.getArrayAttr(result);
}

/// The lowered operands of a reduce or scan: sources in one layout, their
/// element types and the identities.
struct CombinerOperands {
  SmallVector<Value> srcs;
  SmallVector<Type> elems;
  ArrayAttr identities;
};

template <typename OpTy>
static FailureOr<CombinerOperands> getCombinerOperands(EntryLowering &l,
                                                       OpTy op) {
  CombinerOperands operands;
  if (failed(getSources(l, op, operands.srcs, operands.elems)))
    return failure();
  FailureOr<ArrayAttr> identities =
      getIdentities(l, op, op.getIdentities(), operands.elems);
  if (failed(identities))
    return failure();
  operands.identities = *identities;
  return operands;
}

/// The tirx.sum/max/min a single-op body is, or nullopt.
static std::optional<StringRef> fastCombiner(ct::ReduceOp op) {
  if (op.getOperands().size() != 1)
    return std::nullopt;
  Block &body = op.getBody().front();
  if (!llvm::hasSingleElement(body.without_terminator()))
    return std::nullopt;
  Operation &inner = body.front();
  if (inner.getNumOperands() != 2 ||
      body.getTerminator()->getOperand(0) != inner.getResult(0) ||
      !llvm::all_of(inner.getOperands(), [&](Value v) {
        auto arg = dyn_cast<BlockArgument>(v);
        return arg && arg.getOwner() == &body;
      }))
    return std::nullopt;
  return llvm::TypeSwitch<Operation *, std::optional<StringRef>>(&inner)
      .Case<ct::AddFOp>([](ct::AddFOp o) -> std::optional<StringRef> {
        if (o.getRoundingMode() != ct::RoundingMode::NearestEven ||
            o.getFlushToZero())
          return std::nullopt;
        return StringRef("sum");
      })
      .Case<ct::AddIOp>([](auto) { return StringRef("sum"); })
      .Case<ct::MaxFOp>([](auto) { return StringRef("max"); })
      .Case<ct::MinFOp>([](auto) { return StringRef("min"); })
      .Default([](Operation *) { return std::nullopt; });
}

LogicalResult EntryLowering::lower(ct::ReduceOp op) {
  Location loc = op.getLoc();
  FailureOr<CombinerOperands> operands = getCombinerOperands(*this, op);
  if (failed(operands))
    return failure();
  auto &[srcs, elems, identities] = *operands;
  auto srcType = cast<tirx::BufferType>(srcs.front().getType());
  int64_t axis = op.getDim();
  DenseI64ArrayAttr axes = b.getDenseI64ArrayAttr({axis});
  SmallVector<int64_t> shape;
  for (auto [d, extent] : llvm::enumerate(srcType.getShape()))
    if (static_cast<int64_t>(d) != axis)
      shape.push_back(extent);

  // Rank-0 results: scalars of a tirx.reduce without destinations.
  if (shape.empty()) {
    auto reduce = tirx::RegionReduceOp::create(
        b, loc, TypeRange(elems), ValueRange{}, srcs, axes, identities, cta(),
        nullptr, nullptr);
    if (failed(lowerCombinerBody(*this, op, op.getBody(), reduce.getBody(),
                                 elems)))
      return failure();
    for (auto [result, scalar] :
         llvm::zip(op.getResults(), reduce.getResults()))
      map(result, scalar);
    return success();
  }

  FailureOr<TileLayout> layout = LayoutPlanner::getReduced(
      srcType.getTileLayout(), srcType.getShape(), {axis});
  if (failed(layout))
    return fail(op, "cannot derive the layout of its result");
  SmallVector<Value> dsts;
  for (Type elem : elems)
    dsts.push_back(alloc(shape, elem, *layout, loc));

  if (std::optional<StringRef> fast = fastCombiner(op)) {
    Operation &inner = op.getBody().front().front();
    bool nan = false;
    if (auto m = dyn_cast<ct::MaxFOp>(inner))
      nan = m.getPropagateNan();
    if (auto m = dyn_cast<ct::MinFOp>(inner))
      nan = m.getPropagateNan();
    if (*fast == "sum")
      tirx::SumOp::create(b, loc, dsts[0], srcs[0], axes, flag(false), cta(),
                          nullptr, nullptr);
    else if (*fast == "max")
      tirx::MaxOp::create(b, loc, dsts[0], srcs[0], axes, flag(nan), cta(),
                          nullptr, nullptr);
    else
      tirx::MinOp::create(b, loc, dsts[0], srcs[0], axes, flag(nan), cta(),
                          nullptr, nullptr);
  } else {
    auto reduce =
        tirx::RegionReduceOp::create(b, loc, TypeRange{}, dsts, srcs, axes,
                                     identities, cta(), nullptr, nullptr);
    if (failed(lowerCombinerBody(*this, op, op.getBody(), reduce.getBody(),
                                 elems)))
      return failure();
  }
  for (auto [result, dst] : llvm::zip(op.getResults(), dsts))
    map(result, dst);
  return success();
}

LogicalResult EntryLowering::lower(ct::ScanOp op) {
  Location loc = op.getLoc();
  FailureOr<CombinerOperands> operands = getCombinerOperands(*this, op);
  if (failed(operands))
    return failure();
  auto &[srcs, elems, identities] = *operands;
  auto srcType = cast<tirx::BufferType>(srcs.front().getType());
  SmallVector<Value> dsts;
  for (Type elem : elems)
    dsts.push_back(
        alloc(srcType.getShape(), elem, srcType.getTileLayout(), loc));
  auto scan = tirx::RegionScanOp::create(
      b, loc, dsts, srcs, b.getI64IntegerAttr(op.getDim()),
      flag(op.getReverse()), identities, cta(), nullptr, nullptr);
  if (failed(lowerCombinerBody(*this, op, op.getBody(), scan.getBody(), elems)))
    return failure();
  for (auto [result, dst] : llvm::zip(op.getResults(), dsts))
    map(result, dst);
  return success();
}

std::optional<LogicalResult> EntryLowering::lowerReductionOp(Operation *op) {
  return llvm::TypeSwitch<Operation *, std::optional<LogicalResult>>(op)
      .Case<ct::ReduceOp, ct::ScanOp>(
          [&](auto o) -> LogicalResult { return lower(o); })
      .Default([](Operation *) { return std::nullopt; });
}
