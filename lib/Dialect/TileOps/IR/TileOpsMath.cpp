//===- TileOpsMath.cpp - the math of the elementwise tileops ops ---------===//
//
// Part of TileIR. Each elementwise op's `emitMath`
// (`ElementwiseMathOpInterface`): a few lines written with `Emitter` on the
// op's inputs in compute form (broadcast to the result shape, floats in
// f32). Ops whose result element type differs from the compute type return
// it directly (i1). `tileops-expand` calls them from one pattern per family.
//
//===----------------------------------------------------------------------===//

#include "tileir/Dialect/TileOps/IR/TileOpsEmitter.h"

using namespace mlir;
using namespace mlir::tileops;

/// The largest finite value of a float type.
static double finfoMax(Type t) {
  return APFloat::getLargest(cast<FloatType>(t).getFloatSemantics())
      .convertToDouble();
}

/// Whether the op's first input is a float type whose finite values are all
/// below 2^17 in magnitude (f16: 65504, f8E4M3FN: 448, f8E5M2: 57344), so
/// sin/cos can use `Emitter::sinCosReduced`.
static bool below2p17(Operation *op) {
  Type t = Emitter::elt(op->getOperand(0));
  return isa<FloatType>(t) && finfoMax(t) < 131072.0;
}

/// Whether `t` is a float type with at most 11 significand bits (f16, bf16,
/// f8): the narrow floats whose floor division uses `Emitter::floorDivNarrow`
/// (of the input type) and whose pow, log1p and softplus results use the
/// cheaper f32 math with an error far below their half ulp
/// (`Emitter::powNarrow`, `Emitter::log1pNarrow`, approximate exp).
static bool isNarrowFloat(Type t) {
  auto f = dyn_cast<FloatType>(t);
  return f && APFloat::semanticsPrecision(f.getFloatSemantics()) <= 11;
}
static bool narrowFloat(Operation *op) {
  return isNarrowFloat(Emitter::elt(op->getOperand(0)));
}
static bool narrowResult(Operation *op) {
  return isNarrowFloat(Emitter::elt(op->getResult(0)));
}

//===----------------------------------------------------------------------===//
// unary_math
//===----------------------------------------------------------------------===//

Value ExpOp::emitMath(Emitter &e, ArrayRef<Value> x) { return e.exp(x[0]); }

Value Exp2Op::emitMath(Emitter &e, ArrayRef<Value> x) { return e.exp2(x[0]); }

Value LogOp::emitMath(Emitter &e, ArrayRef<Value> x) { return e.log(x[0]); }

Value SqrtOp::emitMath(Emitter &e, ArrayRef<Value> x) { return e.sqrt(x[0]); }

Value RsqrtOp::emitMath(Emitter &e, ArrayRef<Value> x) { return e.rsqrt(x[0]); }

Value AbsOp::emitMath(Emitter &e, ArrayRef<Value> x) { return e.abs(x[0]); }

Value NegOp::emitMath(Emitter &e, ArrayRef<Value> x) { return e.neg(x[0]); }

Value ReciprocalOp::emitMath(Emitter &e, ArrayRef<Value> x) {
  return e.div(e.c(1.0), x[0]);
}

Value SignOp::emitMath(Emitter &e, ArrayRef<Value> x) {
  Value z = e.cl(0, x[0]);
  return e.sel(e.gt(x[0], z), e.cl(1, x[0]),
               e.sel(e.lt(x[0], z), e.cl(-1, x[0]), z));
}

Value SinOp::emitMath(Emitter &e, ArrayRef<Value> x) {
  Operation *op = getOperation();
  return below2p17(op) ? e.sinCosReduced(x[0], false) : e.sin(x[0]);
}

Value CosOp::emitMath(Emitter &e, ArrayRef<Value> x) {
  Operation *op = getOperation();
  return below2p17(op) ? e.sinCosReduced(x[0], true) : e.cos(x[0]);
}

Value FloorOp::emitMath(Emitter &e, ArrayRef<Value> x) {
  return Emitter::isF(x[0]) ? e.floor(x[0]) : x[0];
}

Value CeilOp::emitMath(Emitter &e, ArrayRef<Value> x) {
  return Emitter::isF(x[0]) ? e.ceil(x[0]) : x[0];
}

Value RoundOp::emitMath(Emitter &e, ArrayRef<Value> x) {
  return Emitter::isF(x[0]) ? e.rint(x[0]) : x[0];
}

Value TruncOp::emitMath(Emitter &e, ArrayRef<Value> x) {
  return Emitter::isF(x[0]) ? e.trunc(x[0]) : x[0];
}

Value ErfOp::emitMath(Emitter &e, ArrayRef<Value> x) { return e.erf(x[0]); }

Value Log1pOp::emitMath(Emitter &e, ArrayRef<Value> x) {
  Operation *op = getOperation();
  return narrowResult(op) ? e.log1pNarrow(x[0], Emitter::elt(op->getOperand(0)))
                          : e.log1p(x[0]);
}

Value Expm1Op::emitMath(Emitter &e, ArrayRef<Value> x) { return e.expm1(x[0]); }

//===----------------------------------------------------------------------===//
// binary_arith
//===----------------------------------------------------------------------===//

Value AddOp::emitMath(Emitter &e, ArrayRef<Value> x) {
  double a = getAlpha().convertToDouble();
  return e.add(x[0], a == 1.0 ? x[1] : e.mul(e.cl(a, x[1]), x[1]));
}

Value SubOp::emitMath(Emitter &e, ArrayRef<Value> x) {
  double a = getAlpha().convertToDouble();
  return e.sub(x[0], a == 1.0 ? x[1] : e.mul(e.cl(a, x[1]), x[1]));
}

Value MulOp::emitMath(Emitter &e, ArrayRef<Value> x) {
  return e.mul(x[0], x[1]);
}

Value DivOp::emitMath(Emitter &e, ArrayRef<Value> x) {
  Operation *op = getOperation();
  StringRef mode = getRoundingMode();
  if (mode == "floor")
    return narrowFloat(op) ? e.floorDivNarrow(x[0], x[1])
                           : e.floorDivGuarded(x[0], x[1]);
  Value q = e.div(x[0], x[1]);
  return mode == "trunc" ? e.trunc(q) : q;
}

Value RemainderOp::emitMath(Emitter &e, ArrayRef<Value> x) {
  // fmodf plus the sign fix. (An fma remainder from floorDivFast's
  // floor, guarded per tile like floor_divide, measured slower: fmodf
  // is cheap for the small quotients of most tiles. H100, f16 with
  // the channel broadcast: 26.1 -> 28.3 us.)
  Value m = e.fmod(x[0], x[1]), z = e.c(0.0);
  Value fix =
      e.andi(e.cmp(Pred::NotEqual, m, z), e.xori(e.lt(x[1], z), e.lt(m, z)));
  return e.sel(fix, e.add(m, x[1]), m);
}

Value PowOp::emitMath(Emitter &e, ArrayRef<Value> x) {
  Operation *op = getOperation();
  if (!narrowResult(op))
    return e.pow(x[0], x[1]);
  auto res = cast<ct::TileType>(op->getResult(0).getType());
  return e.powNarrow(x[0], x[1], !res.getElementType().isBF16());
}

Value FloorDivideOp::emitMath(Emitter &e, ArrayRef<Value> x) {
  Operation *op = getOperation();
  return narrowFloat(op) ? e.floorDivNarrow(x[0], x[1])
                         : e.floorDivGuarded(x[0], x[1]);
}

Value LerpOp::emitMath(Emitter &e, ArrayRef<Value> x) {
  // PyTorch: w < 0.5 ? a + w (b - a) : b - (b - a)(1 - w).
  double w = getWeight().convertToDouble();
  Value d = e.sub(x[1], x[0]);
  return w < 0.5 ? e.add(x[0], e.mul(e.c(w), d))
                 : e.sub(x[1], e.mul(d, e.c(1.0 - w)));
}

Value MaximumOp::emitMath(Emitter &e, ArrayRef<Value> x) {
  return e.max(x[0], x[1]);
}

Value MinimumOp::emitMath(Emitter &e, ArrayRef<Value> x) {
  return e.min(x[0], x[1]);
}

//===----------------------------------------------------------------------===//
// activation
//===----------------------------------------------------------------------===//

Value ReluOp::emitMath(Emitter &e, ArrayRef<Value> x) {
  return e.max(x[0], e.c(0.0));
}

Value GeluOp::emitMath(Emitter &e, ArrayRef<Value> x) {
  return e.gelu(x[0], getApproximate() == "tanh");
}

Value SiluOp::emitMath(Emitter &e, ArrayRef<Value> x) {
  return e.div(x[0], e.add(e.c(1.0), e.exp(e.neg(x[0]))));
}

Value SigmoidOp::emitMath(Emitter &e, ArrayRef<Value> x) {
  return e.sigmoid(x[0]);
}

Value TanhOp::emitMath(Emitter &e, ArrayRef<Value> x) { return e.tanh(x[0]); }

Value HardswishOp::emitMath(Emitter &e, ArrayRef<Value> x) {
  return e.divFull(e.mul(x[0], e.clamp(e.add(x[0], e.c(3.0)), 0.0, 6.0)),
                   e.c(6.0));
}

Value HardsigmoidOp::emitMath(Emitter &e, ArrayRef<Value> x) {
  return e.mul(e.clamp(e.add(x[0], e.c(3.0)), 0.0, 6.0), e.c(1.0f / 6.0f));
}

Value MishOp::emitMath(Emitter &e, ArrayRef<Value> x) {
  // tanh(log1p(t)) = ((1 + t)^2 - 1) / ((1 + t)^2 + 1) = n / (n + 2)
  // with t = exp(x), n = t (t + 2): one exp and one division, no log
  // or tanh. Above x = 20, tanh(softplus(x)) rounds to 1 in f32 (and
  // n would overflow above x ~ 44).
  Value t = e.exp(x[0]);
  Value n = e.mul(t, e.add(t, e.c(2.0)));
  Value m = e.mul(x[0], e.divFull(n, e.add(n, e.c(2.0))));
  return e.sel(e.gt(x[0], e.c(20.0)), x[0], m);
}

Value SeluOp::emitMath(Emitter &e, ArrayRef<Value> x) {
  const double alpha = 1.6732632423543772, scale = 1.0507009873554805;
  return e.sel(e.gt(x[0], e.c(0.0)), e.mul(x[0], e.c(scale)),
               e.mul(e.c(alpha * scale), e.expm1(x[0])));
}

Value LeakyReluOp::emitMath(Emitter &e, ArrayRef<Value> x) {
  return e.sel(e.gt(x[0], e.c(0.0)), x[0],
               e.mul(x[0], e.c(getNegativeSlope().convertToDouble())));
}

Value EluOp::emitMath(Emitter &e, ArrayRef<Value> x) {
  return e.sel(e.gt(x[0], e.c(0.0)), x[0],
               e.mul(e.c(getAlpha().convertToDouble()), e.expm1(x[0])));
}

Value HardtanhOp::emitMath(Emitter &e, ArrayRef<Value> x) {
  return e.clamp(x[0], getMinVal().convertToDouble(),
                 getMaxVal().convertToDouble());
}

Value SoftplusOp::emitMath(Emitter &e, ArrayRef<Value> x) {
  Operation *op = getOperation();
  double beta = getBeta().convertToDouble();
  Value bx = beta == 1.0 ? x[0] : e.mul(x[0], e.c(beta));
  // Narrow results: e^x by ex2.approx (the x log2(e) rounding costs
  // |x| 2^-23.5 <= 2^-19 relative below the threshold 20).
  Value soft = narrowResult(op) ? e.log1pNarrow(e.expApprox(bx), e.f32)
                                : e.log1p(e.exp(bx));
  if (beta != 1.0)
    soft = e.div(soft, e.c(beta));
  return e.sel(e.gt(bx, e.c(getThreshold().convertToDouble())), x[0], soft);
}

Value PreluOp::emitMath(Emitter &e, ArrayRef<Value> x) {
  return e.sel(e.gt(x[0], e.c(0.0)), x[0], e.mul(x[1], x[0]));
}

// comparison: the predicate of each op is stated in TileOps.td.

//===----------------------------------------------------------------------===//
// bitwise
//===----------------------------------------------------------------------===//

Value BitwiseAndOp::emitMath(Emitter &e, ArrayRef<Value> x) {
  return e.andi(x[0], x[1]);
}

Value BitwiseOrOp::emitMath(Emitter &e, ArrayRef<Value> x) {
  return e.ori(x[0], x[1]);
}

Value BitwiseXorOp::emitMath(Emitter &e, ArrayRef<Value> x) {
  return e.xori(x[0], x[1]);
}

Value BitwiseNotOp::emitMath(Emitter &e, ArrayRef<Value> x) {
  return e.xori(x[0], e.cl(-1, x[0]));
}

//===----------------------------------------------------------------------===//
// logical: non-zero is true (NaN included).
//===----------------------------------------------------------------------===//

Value LogicalAndOp::emitMath(Emitter &e, ArrayRef<Value> x) {
  return e.andi(e.cmp(Pred::NotEqual, x[0], e.cl(0, x[0])),
                e.cmp(Pred::NotEqual, x[1], e.cl(0, x[1])));
}

Value LogicalOrOp::emitMath(Emitter &e, ArrayRef<Value> x) {
  return e.ori(e.cmp(Pred::NotEqual, x[0], e.cl(0, x[0])),
               e.cmp(Pred::NotEqual, x[1], e.cl(0, x[1])));
}

Value LogicalNotOp::emitMath(Emitter &e, ArrayRef<Value> x) {
  return e.cmp(Pred::Equal, x[0], e.cl(0, x[0]));
}

//===----------------------------------------------------------------------===//
// special
//===----------------------------------------------------------------------===//

Value WhereOp::emitMath(Emitter &e, ArrayRef<Value> x) {
  return e.sel(x[0], x[1], x[2]);
}

Value ClampOp::emitMath(Emitter &e, ArrayRef<Value> x) {
  Operation *op = getOperation();
  Value v = x[0];
  auto bound = [&](StringRef n) -> std::optional<double> {
    if (auto a = op->getAttrOfType<FloatAttr>(n))
      return Emitter::isF(v) ? a.getValueAsDouble()
                             : std::trunc(a.getValueAsDouble());
    return std::nullopt;
  };
  if (auto lo = bound("min"))
    v = e.max(v, e.cl(*lo, v));
  if (auto hi = bound("max"))
    v = e.min(v, e.cl(*hi, v));
  return v;
}

Value MaskedFillOp::emitMath(Emitter &e, ArrayRef<Value> x) {
  double v = getValue().convertToDouble();
  if (Emitter::elt(x[0]).isInteger(1))
    v = v != 0.0;
  return e.sel(x[1], e.cl(v, x[0]), x[0]);
}

Value NanToNumOp::emitMath(Emitter &e, ArrayRef<Value> x) {
  Operation *op = getOperation();
  Type t = Emitter::elt(op->getResult(0));
  double big = finfoMax(t);
  auto opt = [&](StringRef n, double d) {
    auto a = op->getAttrOfType<FloatAttr>(n);
    return a ? a.getValueAsDouble() : d;
  };
  Value v = x[0];
  v = e.sel(e.eq(v, e.c(INFINITY)), e.c(opt("posinf", big)), v);
  v = e.sel(e.eq(v, e.c(-INFINITY)), e.c(opt("neginf", -big)), v);
  return e.sel(e.isnan(x[0]), e.c(getNan().convertToDouble()), v);
}

Value IsnanOp::emitMath(Emitter &e, ArrayRef<Value> x) {
  return Emitter::isF(x[0]) ? e.isnan(x[0]) : e.c(0, e.i1);
}

Value IsinfOp::emitMath(Emitter &e, ArrayRef<Value> x) {
  return Emitter::isF(x[0]) ? e.eq(e.abs(x[0]), e.c(INFINITY)) : e.c(0, e.i1);
}

Value IsfiniteOp::emitMath(Emitter &e, ArrayRef<Value> x) {
  return Emitter::isF(x[0]) ? e.lt(e.abs(x[0]), e.c(INFINITY)) : e.c(1, e.i1);
}

//===----------------------------------------------------------------------===//
// fused_gated: the activation of the gate (the expansion multiplies it by
// the value half)
//===----------------------------------------------------------------------===//

Value SiluAndMulOp::emitMath(Emitter &e, ArrayRef<Value> x) {
  // g / (1 + 2^(-g log2 e)): one ex2.
  Value g = x[0];
  return e.div(g, e.add(e.c(1.0), e.exp2(e.mul(g, e.c(-1.4426950408889634)))));
}

Value GeluAndMulOp::emitMath(Emitter &e, ArrayRef<Value> x) {
  return e.gelu(x[0], /*tanhForm=*/false);
}

Value GeluTanhAndMulOp::emitMath(Emitter &e, ArrayRef<Value> x) {
  return e.gelu(x[0], /*tanhForm=*/true);
}
