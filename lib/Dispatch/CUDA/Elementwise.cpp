//===- Elementwise.cpp - CUDA variants of elementwise primitives ----------===//
//
// Part of TileIR. One `reg` variant template covers every elementwise
// primitive (fill, iota, cast, exp, exp2, add, sub, mul, fdiv, maximum,
// minimum, cmp, select, and register-to-register copy): it walks the
// destination's per-thread storage, fully unrolled, and applies the
// primitive's scalar emitter. Operands must be register-compatible with the
// destination (see checkRegisterCompatible); scalars are used as is.
//
//===----------------------------------------------------------------------===//

#include "tileir/Dispatch/Dispatch.h"
#include "tileir/Dispatch/LayoutCodegen.h"
#include "tileir/Dispatch/Predicates.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/Math/IR/Math.h"
#include "mlir/Dialect/MemRef/IR/MemRef.h"

using namespace mlir;
using namespace tileir;
using namespace tileir::dispatch;

namespace {

/// Computes one destination element from the source elements.
using ScalarEmitter = std::function<Value(OpBuilder &, Location, Operation *,
                                          ArrayRef<Value>, Type)>;

/// The destination and the sources of an elementwise primitive.
struct ElementwiseOperands {
  Value dst;
  SmallVector<Value> srcs;
};

ElementwiseOperands getOperands(Operation *op) {
  ElementwiseOperands result;
  result.dst = op->getOperand(0);
  for (Value v : op->getOperands().drop_front())
    result.srcs.push_back(v);
  return result;
}

/// Every buffer source is register-compatible with the destination, and the
/// destination holds each of its elements in one slot.
Predicate registerCompatible() {
  return {"registerCompatible", [](Operation *op, const DispatchContext &) {
            if (auto why = checkOperandsCompatible(op, /*anchorIndex=*/0))
              return Outcome::fail(*why);
            auto dstType = cast<tirx::BufferType>(op->getOperand(0).getType());
            for (const LayoutBit &bit :
                 BitLayout::get(dstType.getTileLayout())->shard)
              if (bit.stride == 0)
                return Outcome::fail("destination layout broadcasts");
            return Outcome::ok();
          }};
}

/// The `reg` implementation: for every slot of the destination, load each
/// source's matching slot, apply `emit`, store.
Outcome emitRegisterElementwise(Operation *op, RewriterBase &rewriter,
                                const ScalarEmitter &emit, bool needsTid) {
  Location loc = op->getLoc();
  ElementwiseOperands operands = getOperands(op);
  auto dstType = cast<tirx::BufferType>(operands.dst.getType());
  BitLayout dst = *BitLayout::get(dstType.getTileLayout());
  Value dstStorage = getStorage(rewriter, loc, operands.dst);

  SmallVector<std::optional<BitLayout>> srcBits;
  SmallVector<Value> srcStorage;
  for (Value src : operands.srcs) {
    auto type = dyn_cast<tirx::BufferType>(src.getType());
    srcBits.push_back(
        type ? std::optional<BitLayout>(*BitLayout::get(type.getTileLayout()))
             : std::nullopt);
    srcStorage.push_back(type ? getStorage(rewriter, loc, src) : Value());
  }
  // The thread part of the flat index, for primitives that read it (iota).
  Value threadFlat;
  if (needsTid)
    threadFlat = emitThreadBits(rewriter, loc, dst, emitThreadId(rewriter, loc),
                                0, dst.getNumBits());

  for (int64_t flat : enumerateSubsets(dst.memoryBits())) {
    SmallVector<Value> values;
    for (auto [i, src] : llvm::enumerate(operands.srcs)) {
      if (!srcBits[i]) {
        values.push_back(src);
        continue;
      }
      Value index = arith::ConstantIndexOp::create(
          rewriter, loc, srcBits[i]->storageIndex(flat));
      values.push_back(
          memref::LoadOp::create(rewriter, loc, srcStorage[i], index));
    }
    if (needsTid) {
      Value flatValue =
          arith::OrIOp::create(rewriter, loc, threadFlat,
                               arith::ConstantIntOp::create(
                                   rewriter, loc, rewriter.getI32Type(), flat));
      values.push_back(flatValue);
    }
    Value result = emit(rewriter, loc, op, values, dstType.getElementType());
    Value index =
        arith::ConstantIndexOp::create(rewriter, loc, dst.storageIndex(flat));
    memref::StoreOp::create(rewriter, loc, result, dstStorage, index);
  }
  return Outcome::ok();
}

/// Registers the `reg` variant of one elementwise primitive.
void addRegisterVariant(Registry &registry, StringRef primitive,
                        ScalarEmitter emit, bool needsTid = false) {
  Variant v;
  v.name = "reg";
  v.priority = priority::kGeneral;
  v.predicates = {pred::allThreadsActive(),
                  pred::operandsInScope(tirx::MemScope::Local),
                  pred::layoutThreadAxesMatchScope(), registerCompatible()};
  v.impl = [emit, needsTid](Operation *op, DispatchContext &,
                            RewriterBase &rewriter) {
    return emitRegisterElementwise(op, rewriter, emit, needsTid);
  };
  registry.add(primitive, "cuda", std::move(v));
}

bool isFloat(Type t) { return isa<FloatType>(t); }

/// Converts `v` to `to` (integer/float widening, narrowing and crossing).
Value emitConvert(OpBuilder &b, Location loc, Value v, Type to,
                  bool isUnsigned) {
  Type from = v.getType();
  if (from == to)
    return v;
  if (isFloat(from) && isFloat(to)) {
    if (from.getIntOrFloatBitWidth() < to.getIntOrFloatBitWidth())
      return arith::ExtFOp::create(b, loc, to, v);
    return arith::TruncFOp::create(b, loc, to, v);
  }
  if (!isFloat(from) && !isFloat(to)) {
    if (from.getIntOrFloatBitWidth() > to.getIntOrFloatBitWidth())
      return arith::TruncIOp::create(b, loc, to, v);
    if (isUnsigned || from.isInteger(1))
      return arith::ExtUIOp::create(b, loc, to, v);
    return arith::ExtSIOp::create(b, loc, to, v);
  }
  if (isFloat(to))
    return isUnsigned || from.isInteger(1)
               ? arith::UIToFPOp::create(b, loc, to, v).getResult()
               : arith::SIToFPOp::create(b, loc, to, v).getResult();
  return isUnsigned ? arith::FPToUIOp::create(b, loc, to, v).getResult()
                    : arith::FPToSIOp::create(b, loc, to, v).getResult();
}

arith::FastMathFlagsAttr approxFlags(OpBuilder &b, bool approx) {
  return arith::FastMathFlagsAttr::get(b.getContext(),
                                       approx ? arith::FastMathFlags::afn
                                              : arith::FastMathFlags::none);
}

template <typename FloatOp, typename IntOp>
ScalarEmitter arithBinary() {
  return [](OpBuilder &b, Location loc, Operation *, ArrayRef<Value> v,
            Type type) -> Value {
    if (isFloat(type))
      return FloatOp::create(b, loc, v[0], v[1]);
    return IntOp::create(b, loc, v[0], v[1]);
  };
}

template <typename PrimOp, typename NanOp, typename NumOp, typename SOp,
          typename UOp>
ScalarEmitter minMax() {
  return [](OpBuilder &b, Location loc, Operation *op, ArrayRef<Value> v,
            Type type) -> Value {
    auto prim = cast<PrimOp>(op);
    if (isFloat(type))
      return prim.getPropagateNan()
                 ? NanOp::create(b, loc, v[0], v[1]).getResult()
                 : NumOp::create(b, loc, v[0], v[1]).getResult();
    return prim.getUnsigned_() ? UOp::create(b, loc, v[0], v[1]).getResult()
                               : SOp::create(b, loc, v[0], v[1]).getResult();
  };
}

} // namespace

void tileir::dispatch::registerCudaElementwiseVariants(Registry &registry) {
  addRegisterVariant(registry, "tirx.copy",
                     [](OpBuilder &, Location, Operation *, ArrayRef<Value> v,
                        Type) { return v[0]; });
  addRegisterVariant(registry, "tirx.fill",
                     [](OpBuilder &, Location, Operation *, ArrayRef<Value> v,
                        Type) { return v[0]; });
  addRegisterVariant(
      registry, "tirx.iota",
      [](OpBuilder &b, Location loc, Operation *, ArrayRef<Value> v,
         Type type) { return emitConvert(b, loc, v[0], type, true); },
      /*needsTid=*/true);
  addRegisterVariant(registry, "tirx.cast",
                     [](OpBuilder &b, Location loc, Operation *op,
                        ArrayRef<Value> v, Type type) {
                       return emitConvert(
                           b, loc, v[0], type,
                           cast<tirx::CastOp>(op).getUnsigned_());
                     });
  addRegisterVariant(registry, "tirx.exp",
                     [](OpBuilder &b, Location loc, Operation *op,
                        ArrayRef<Value> v, Type) -> Value {
                       bool approx = cast<tirx::ExpOp>(op).getApprox();
                       return math::ExpOp::create(b, loc, v[0],
                                                  approxFlags(b, approx));
                     });
  addRegisterVariant(registry, "tirx.exp2",
                     [](OpBuilder &b, Location loc, Operation *op,
                        ArrayRef<Value> v, Type) -> Value {
                       bool approx = cast<tirx::Exp2Op>(op).getApprox();
                       return math::Exp2Op::create(b, loc, v[0],
                                                   approxFlags(b, approx));
                     });
  addRegisterVariant(registry, "tirx.add",
                     arithBinary<arith::AddFOp, arith::AddIOp>());
  addRegisterVariant(registry, "tirx.sub",
                     arithBinary<arith::SubFOp, arith::SubIOp>());
  addRegisterVariant(registry, "tirx.mul",
                     arithBinary<arith::MulFOp, arith::MulIOp>());
  addRegisterVariant(registry, "tirx.fdiv",
                     arithBinary<arith::DivFOp, arith::DivFOp>());
  addRegisterVariant(
      registry, "tirx.maximum",
      minMax<tirx::MaximumOp, arith::MaximumFOp, arith::MaxNumFOp,
             arith::MaxSIOp, arith::MaxUIOp>());
  addRegisterVariant(
      registry, "tirx.minimum",
      minMax<tirx::MinimumOp, arith::MinimumFOp, arith::MinNumFOp,
             arith::MinSIOp, arith::MinUIOp>());
  addRegisterVariant(
      registry, "tirx.cmp",
      [](OpBuilder &b, Location loc, Operation *op, ArrayRef<Value> v,
         Type) -> Value {
        int64_t p =
            cast<IntegerAttr>(cast<tirx::CmpOp>(op).getPredicate()).getInt();
        if (isa<FloatType>(v[0].getType()))
          return arith::CmpFOp::create(
              b, loc, static_cast<arith::CmpFPredicate>(p), v[0], v[1]);
        return arith::CmpIOp::create(
            b, loc, static_cast<arith::CmpIPredicate>(p), v[0], v[1]);
      });
  addRegisterVariant(registry, "tirx.select",
                     [](OpBuilder &b, Location loc, Operation *,
                        ArrayRef<Value> v, Type) -> Value {
                       return arith::SelectOp::create(b, loc, v[0], v[1], v[2]);
                     });
}
