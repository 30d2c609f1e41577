//===- TileOpsEmitter.h - the cuda_tile emitter of tileops math -*- C++ -*-===//
//
// Part of TileIR. `Emitter` emits cuda_tile ops on tiles of one shape: the
// building blocks of the tileops expansions (`tileops-expand`) and of the
// ops' `emitMath` (TileOpsMath.cpp). Floats are computed in f32 and rounded
// once to the result type.
//
//===----------------------------------------------------------------------===//

#ifndef TILEIR_DIALECT_TILEOPS_IR_TILEOPSEMITTER_H
#define TILEIR_DIALECT_TILEOPS_IR_TILEOPSEMITTER_H

#include "tileir/Dialect/TileOps/IR/TileOps.h"

#include "mlir/IR/BuiltinAttributes.h"
#include "mlir/IR/BuiltinTypes.h"
#include "mlir/IR/PatternMatch.h"
#include "llvm/ADT/STLFunctionalExtras.h"

#include <cmath>
#include <utility>

namespace mlir::tileops {

namespace ct = ::mlir::cuda_tile;
using Pred = ct::ComparisonPredicate;

/// Emits cuda_tile ops on tiles of `shape`. Float values are f32 tiles;
/// integer and i1 values keep their type.
struct Emitter {
  PatternRewriter &b;
  Location loc;
  SmallVector<int64_t> shape;
  Type f32, i1, i32, i64;
  /// The op's integer data are unsigned (`unsigned_int`): comparisons,
  /// max/min, abs and widening use unsigned order (i1 always does).
  bool unsignedInts = false;
  ct::Signedness intSign(Value x) const {
    return unsignedInts || elt(x).isInteger(1) ? ct::Signedness::Unsigned
                                               : ct::Signedness::Signed;
  }

  Emitter(PatternRewriter &b, Location loc, ArrayRef<int64_t> shape)
      : b(b), loc(loc), shape(shape), f32(b.getF32Type()), i1(b.getI1Type()),
        i32(b.getI32Type()), i64(b.getI64Type()) {}

  ct::TileType tt(Type elt) const {
    return ct::TileType::get(b.getContext(), shape, elt);
  }
  static Type elt(Value v) {
    return cast<ct::TileType>(v.getType()).getElementType();
  }
  static bool isF(Value v) { return isa<FloatType>(elt(v)); }

  /// A splat constant of `elt` (f32 by default).
  Value c(double v, Type e = nullptr) {
    e = e ? e : f32;
    auto tensor = RankedTensorType::get(shape, e);
    DenseElementsAttr attr;
    if (auto ft = dyn_cast<FloatType>(e)) {
      APFloat f(v);
      bool lost;
      f.convert(ft.getFloatSemantics(), APFloat::rmNearestTiesToEven, &lost);
      attr = DenseElementsAttr::get(tensor, f);
    } else {
      unsigned w = e.getIntOrFloatBitWidth();
      attr = DenseElementsAttr::get(
          tensor, APInt(w, static_cast<uint64_t>(static_cast<int64_t>(v)),
                        /*isSigned=*/w > 1, /*implicitTrunc=*/true));
    }
    return ct::ConstantOp::create(b, loc, tt(e),
                                  cast<DenseIntOrFPElementsAttr>(attr));
  }
  /// A constant of the type of `like`.
  Value cl(double v, Value like) { return c(v, elt(like)); }
  /// A rank-0 i32 tile.
  Value idx(int64_t v) {
    auto t = ct::TileType::get(b.getContext(), {}, i32);
    return ct::ConstantOp::create(
        b, loc, t,
        cast<DenseIntOrFPElementsAttr>(DenseElementsAttr::get(
            RankedTensorType::get({}, i32), APInt(32, v, true))));
  }

  Value add(Value x, Value y) {
    return isF(x) ? (Value)ct::AddFOp::create(b, loc, x.getType(), x, y)
                  : (Value)ct::AddIOp::create(b, loc, x.getType(), x, y);
  }
  Value sub(Value x, Value y) {
    return isF(x) ? (Value)ct::SubFOp::create(b, loc, x.getType(), x, y)
                  : (Value)ct::SubIOp::create(b, loc, x.getType(), x, y);
  }
  Value mul(Value x, Value y) {
    return isF(x) ? (Value)ct::MulFOp::create(b, loc, x.getType(), x, y)
                  : (Value)ct::MulIOp::create(b, loc, x.getType(), x, y);
  }
  Value div(Value x, Value y) {
    return ct::DivFOp::create(b, loc, x.getType(), x, y);
  }
  /// div.full.f32 (max 2 ulp over the full range, no IEEE slow path) for
  /// quotients that feed an approximation or a ratio near 1; other element
  /// types divide with rounding to nearest.
  Value divFull(Value x, Value y) {
    if (!elt(x).isF32())
      return div(x, y);
    return ct::DivFOp::create(b, loc, x.getType(), x, y, ct::RoundingMode::Full,
                              /*flush_to_zero=*/false);
  }
  Value neg(Value x) {
    return isF(x) ? (Value)ct::NegFOp::create(b, loc, x.getType(), x)
                  : (Value)ct::NegIOp::create(b, loc, x.getType(), x);
  }
  Value abs(Value x) {
    if (isF(x))
      return ct::AbsFOp::create(b, loc, x.getType(), x);
    return unsignedInts ? x : (Value)ct::AbsIOp::create(b, loc, x.getType(), x);
  }
  Value max(Value x, Value y) {
    return isF(x) ? (Value)ct::MaxFOp::create(b, loc, x.getType(), x, y,
                                              /*propagate_nan=*/true)
                  : (Value)ct::MaxIOp::create(b, loc, x.getType(), x, y,
                                              intSign(x));
  }
  Value min(Value x, Value y) {
    return isF(x) ? (Value)ct::MinFOp::create(b, loc, x.getType(), x, y,
                                              /*propagate_nan=*/true)
                  : (Value)ct::MinIOp::create(b, loc, x.getType(), x, y,
                                              intSign(x));
  }
#define TILEOPS_UNARY(NAME, OP)                                                \
  Value NAME(Value x) { return ct::OP::create(b, loc, x.getType(), x); }
  TILEOPS_UNARY(exp, ExpOp)
  TILEOPS_UNARY(exp2, Exp2Op)
  TILEOPS_UNARY(log, LogOp)
  TILEOPS_UNARY(log2, Log2Op)
  TILEOPS_UNARY(sqrt, SqrtOp)
  TILEOPS_UNARY(rsqrt, RsqrtOp)
  TILEOPS_UNARY(sin, SinOp)
  TILEOPS_UNARY(cos, CosOp)
  TILEOPS_UNARY(tanh, TanHOp)
  TILEOPS_UNARY(floor, FloorOp)
  TILEOPS_UNARY(ceil, CeilOp)
#undef TILEOPS_UNARY
  /// e^x with ex2.approx.f32 (x log2(e) rounded once).
  Value expApprox(Value x) {
    return ct::ExpOp::create(b, loc, x.getType(), x, ct::RoundingMode::Approx);
  }
  /// x * y + z with one rounding.
  Value fma(Value x, Value y, Value z) {
    return ct::FmaOp::create(b, loc, x.getType(), x, y, z,
                             ct::RoundingMode::NearestEven,
                             /*flush_to_zero=*/false);
  }
  Value pow(Value x, Value y) {
    return ct::PowOp::create(b, loc, x.getType(), x, y);
  }
  /// Whether the sign bit of the f32 tile x is set (true for -0).
  Value signbit(Value x) {
    return lt(ct::BitcastOp::create(b, loc, tt(i32), x), c(0, i32));
  }
  /// pow for results with at most 11 significand bits (f16, bf16, f8):
  /// |a|^b = 2^(b L), L = log2|a| from t = |a| - 1 (exact) by a degree-7
  /// polynomial t q(t) (relative minimax, <= 2^-23.2 relative in f32 on
  /// every f16/bf16 a) where |t| < 2^(1/4) - 1, else lg2.approx.f32 (its
  /// absolute 2^-22 is <= 2^-20 relative there, |L| >= 1/4; it also gives
  /// -inf for 0, inf, NaN), then ex2.approx.f32. C99/torch's special
  /// cases: 1 for b == 0 and |a| == 1 ((-1)^+-inf, 1^NaN); negated for odd
  /// integer b when a's sign bit is set; NaN for finite a < 0 and
  /// non-integer b. Integer/odd from s = |b| + 2^23 (|b| rounded to an
  /// integer in s's low bits): b is an integer (or inf) when s - 2^23 ==
  /// |b| or |b| >= 2^23, odd when s's last bit is set and s < 2^24.
  /// Relative error <= ln2 |b L| 2^-20 + 2^-22 (docs/TileOps.md), far
  /// below the result's half ulp. `ftz`: a has no f32-denormal values and
  /// results none that survive rounding (f16, f8): lg2/ex2.approx.ftz, and
  /// |b| < 2^22 (neither |b| >= 2^23 nor s < 2^24 test).
  Value powNarrow(Value a, Value y, bool ftz) {
    Value aa = abs(a), t = sub(aa, c(1.0));
    Value q = c(0.21787791);
    for (double k : {-0.252177894, 0.288277686, -0.360461205, 0.480900168,
                     -0.721348464, 1.44269502})
      q = fma(q, t, c(k));
    Value lg = ct::Log2Op::create(b, loc, aa.getType(), aa,
                                  ct::RoundingMode::Approx, ftz);
    Value l = sel(lt(abs(t), c(0.18921)), mul(t, q), lg);
    Value ly = mul(y, l);
    Value r = ftz ? (Value)ct::Exp2Op::create(b, loc, ly.getType(), ly,
                                              /*flush_to_zero=*/true)
                  : exp2(ly);
    r = sel(ori(eq(y, c(0.0)), eq(aa, c(1.0))), c(1.0), r);
    Value ay = abs(y), s = add(ay, c(0x1p23));
    Value yint = eq(sub(s, c(0x1p23)), ay); // integers and +-inf
    // |b| >= 2^23 are integers, but s can round to a tie away from them
    // (2^47 + 2^23 -> 2^47).
    if (!ftz)
      yint = ori(yint, cmp(Pred::GreaterThanOrEqual, ay, c(0x1p23)));
    Value sbits = ct::BitcastOp::create(b, loc, tt(i32), s);
    Value odd =
        ftz ? cmp(Pred::NotEqual, andi(sbits, c(1, i32)), c(0, i32))
            // s in [2^23, 2^24) with its last bit set.
            : eq(andi(sub(sbits, c(0x4b000001, i32)), c(0xff800001, i32)),
                 c(0, i32));
    Value abits = ct::BitcastOp::create(b, loc, tt(i32), a);
    r = sel(andi(andi(odd, yint), lt(abits, c(0, i32))), neg(r), r);
    // Finite a < 0: bits in [0x80000001, 0xff7fffff] (unsigned), one
    // compare of bits - 0x80000001 (kept integer: LLVM would split the
    // float compares into class tests).
    Value negFinite = ct::CmpIOp::create(
        b, loc, tt(i1), Pred::LessThan, sub(abits, c(0x80000001, i32)),
        c(0x7f7fffff, i32), ct::Signedness::Unsigned);
    return sel(andi(negFinite, notb(yint)), c(NAN), r);
  }
  Value fmod(Value x, Value y) {
    return ct::RemFOp::create(b, loc, x.getType(), x, y);
  }
  Value andi(Value x, Value y) {
    return ct::AndIOp::create(b, loc, x.getType(), x, y);
  }
  Value ori(Value x, Value y) {
    return ct::OrIOp::create(b, loc, x.getType(), x, y);
  }
  Value xori(Value x, Value y) {
    return ct::XOrIOp::create(b, loc, x.getType(), x, y);
  }
  Value notb(Value x) { return xori(x, c(1, i1)); }
  /// Logical (unsigned) shift right by a constant.
  Value shri(Value x, int64_t n) {
    return ct::ShRIOp::create(b, loc, x.getType(), x, cl(n, x),
                              ct::Signedness::Unsigned);
  }
  /// Comparison: floats ordered (`ne` unordered, as IEEE !=), integers
  /// signed (unsigned with `unsignedInts`), i1 unsigned.
  Value cmp(Pred p, Value x, Value y) {
    if (isF(x))
      return ct::CmpFOp::create(b, loc, tt(i1), p,
                                p == Pred::NotEqual
                                    ? ct::ComparisonOrdering::Unordered
                                    : ct::ComparisonOrdering::Ordered,
                                x, y);
    return ct::CmpIOp::create(b, loc, tt(i1), p, x, y, intSign(x));
  }
  Value lt(Value x, Value y) { return cmp(Pred::LessThan, x, y); }
  Value gt(Value x, Value y) { return cmp(Pred::GreaterThan, x, y); }
  Value eq(Value x, Value y) { return cmp(Pred::Equal, x, y); }
  Value isnan(Value x) { return cmp(Pred::NotEqual, x, x); }
  Value sel(Value cnd, Value x, Value y) {
    return ct::SelectOp::create(b, loc, x.getType(), cnd, x, y);
  }
  /// clamp with NaN propagation.
  Value clamp(Value x, double lo, double hi) {
    return min(max(x, cl(lo, x)), cl(hi, x));
  }
  /// Converts between element types (floats round to nearest even; ints are
  /// signed, i1 unsigned; float -> int truncates toward zero).
  Value cvt(Value x, Type to) {
    Type from = elt(x);
    if (from == to)
      return x;
    Type t = tt(to);
    bool fromF = isa<FloatType>(from), toF = isa<FloatType>(to);
    auto sign = fromF ? ct::Signedness::Signed : intSign(x);
    if (fromF && toF)
      return ct::FToFOp::create(b, loc, t, x);
    if (!fromF && toF)
      return ct::IToFOp::create(b, loc, t, x, sign);
    if (fromF)
      return ct::FToIOp::create(b, loc, t, x, ct::Signedness::Signed);
    if (to.getIntOrFloatBitWidth() > from.getIntOrFloatBitWidth())
      return ct::ExtIOp::create(b, loc, t, x, sign);
    return ct::TruncIOp::create(b, loc, t, x);
  }
  /// Rounds an f32 result to `to`: f8E4M3FN saturates to +-448 (NaN stays).
  Value round(Value x, Type to) {
    if (isa<Float8E4M3FNType>(to))
      x = clamp(x, -448.0, 448.0);
    return cvt(x, to);
  }

  // Composite math (each documented in docs/TileOps.md).
  /// erf, Eigen's rational approximation on [-4, 4] (max error ~2 ulp f32).
  Value erf(Value x) {
    Value xc = clamp(x, -4.0, 4.0), x2 = mul(xc, xc);
    auto horner = [&](ArrayRef<double> cs) {
      Value p = c(cs[0]);
      for (double k : cs.drop_front())
        p = add(mul(p, x2), c(k));
      return p;
    };
    Value p = horner({-2.72614225801306e-10, 2.77068142495902e-08,
                      -2.10102402082508e-06, -5.69250639462346e-05,
                      -7.34990630326855e-04, -2.95459980854025e-03,
                      -1.60960333262415e-02});
    Value q = horner({-1.45660718464996e-05, -2.13374055278905e-04,
                      -1.68282697438203e-03, -7.37332916720468e-03,
                      -1.42647390514189e-02});
    return divFull(mul(xc, p), q);
  }
  /// log1p(x) = log(u) * (x / (u - 1)) with u = 1 + x (Goldberg), x when
  /// u == 1, log(u) when u == inf. The ratio x / (u - 1) is close to 1, so
  /// the product does not overflow for large x.
  Value log1p(Value x) {
    Value u = add(c(1.0), x), lu = log(u);
    Value r = mul(lu, divFull(x, sub(u, c(1.0))));
    r = sel(eq(u, c(INFINITY)), lu, r);
    return sel(eq(u, c(1.0)), x, r);
  }
  /// log1p for results with at most 11 significand bits. `src` is the
  /// element type x was converted from. A float source with p <= 11
  /// significand bits: x itself for |x| < 2^-(24-p) (log1p(x) = x(1 - x/2
  /// ...) rounds back to x: x/2 < 2^-(25-p) is below the result's relative
  /// half ulp 2^-(p+1)), else log(1 + x) with libdevice's logf (<= 1 ulp),
  /// 1 + x being exact there. An f32 x (softplus's e^x): the degree-5
  /// Taylor polynomial for |x| < 2^-5 (truncation below 2^-27 relative; x
  /// at +-0 and denormals), else ln2 lg2.approx(1 + x): the rounding of
  /// 1 + x costs at most 2^-24 / |log(1 - 2^-5)| = 2^-19 relative,
  /// lg2.approx's absolute 2^-22 at most 2^-22 / log2(1 + 2^-5) = 2^-17.5
  /// (1 + x is 0 or at least 2^-24: no denormals for .ftz). No division.
  Value log1pNarrow(Value x, Type src) {
    auto ft = dyn_cast<FloatType>(src);
    unsigned p = ft ? APFloat::semanticsPrecision(ft.getFloatSemantics()) : 24;
    if (p <= 11) {
      Value big = log(add(c(1.0), x));
      return sel(lt(abs(x), c(std::ldexp(1.0, -(24 - int(p))))), x, big);
    }
    Value u = add(c(1.0), x);
    Value big =
        mul(ct::Log2Op::create(b, loc, u.getType(), u, ct::RoundingMode::Approx,
                               /*flush_to_zero=*/true),
            c(0.6931471805599453));
    Value q = c(1.0 / 5);
    for (double k : {-1.0 / 4, 1.0 / 3, -1.0 / 2, 1.0})
      q = fma(q, x, c(k));
    return sel(lt(abs(x), c(0x1p-5)), mul(x, q), big);
  }
  /// expm1(x): the degree-8 Taylor polynomial for |x| < 1/2 (truncation
  /// below 1e-8 relative; -0, denormals and 0 are exact), exp(x) - 1
  /// elsewhere (no cancellation there: |exp(x) - 1| >= 0.39; inf, -1 and
  /// NaN come out of exp). One exp and seven FMAs instead of Kahan's
  /// exp, log and division.
  Value expm1(Value x) {
    Value p = c(1.0 / 40320);
    for (double k :
         {1.0 / 5040, 1.0 / 720, 1.0 / 120, 1.0 / 24, 1.0 / 6, 1.0 / 2, 1.0})
      p = ct::FmaOp::create(b, loc, x.getType(), p, x, c(k),
                            ct::RoundingMode::NearestEven,
                            /*flush_to_zero=*/false);
    Value small = mul(x, p);
    Value big = sub(exp(x), c(1.0));
    return sel(lt(abs(x), c(0.5)), small, big);
  }
  /// The Cody-Waite reduction and both minimax polynomials of sin/cos of
  /// f32 x known to satisfy |x| < 2^17 or to be Inf/NaN: x = j pi/2 + r
  /// with pi/2 split in three f32 parts (P1 the f32 below pi/2, P2 =
  /// f32(pi/2 - P1), P3 = f32(pi/2 - P1 - P2); x - j P1 is exact, the
  /// split's error is |j| 2^-76), then the polynomials of sin (s) and cos
  /// (k) on [-pi/4, pi/4] (Cephes, ~1 ulp f32); q = j mod 4 (i32).
  /// Branch-free: libdevice's sinf/cosf keep a Payne-Hanek reduction for
  /// |x| > 105615 that such arguments never take. Inf and NaN give NaN
  /// through r.
  struct SinCosParts {
    Value s, k, q;
  };
  SinCosParts sinCosParts(Value x) {
    // j = rint(x 2/pi): 1.5 2^23 + x 2/pi rounds to an integer (|x 2/pi| <
    // 2^22), in one fma; its low significand bits are 2^22 + j, so the
    // bits of t give j mod 4 without a float -> int conversion.
    Value magic = c(12582912.0);
    Value t = fma(x, c(0.63661977236758134), magic);
    Value j = sub(t, magic);
    Value r = fma(j, c(-1.57079625129699707031), x);
    r = fma(j, c(-7.549790126404332e-8), r);
    r = fma(j, c(1.7151245100058819e-15), r);
    Value z = mul(r, r);
    Value s = fma(c(-1.9515295891e-4), z, c(8.3321608736e-3));
    s = fma(s, z, c(-1.6666654611e-1));
    s = fma(mul(s, z), r, r);
    Value k = fma(c(2.443315711809948e-5), z, c(-1.388731625493765e-3));
    k = fma(k, z, c(4.166664568298827e-2));
    k = fma(mul(k, z), z, fma(c(-0.5), z, c(1.0)));
    Value q = andi(ct::BitcastOp::create(b, loc, tt(i32), t), c(3, i32));
    return {s, k, q};
  }
  /// sin(j pi/2 + r) = s, k, -s, -k for q = j mod 4 = 0..3; cos: q + 1.
  Value sinCosSelect(const SinCosParts &p, bool cosine) {
    Value one = c(1, i32), two = c(2, i32);
    Value q = cosine ? add(p.q, one) : p.q;
    Value v = sel(eq(andi(q, one), one), p.k, p.s);
    return sel(eq(andi(q, two), two), neg(v), v);
  }
  /// sin (or cos) of f32 x known to satisfy |x| < 2^17 or to be Inf/NaN
  /// (the values of f16, f8E4M3FN and f8E5M2 sources): `sinCosParts`. Max
  /// error over all f16 inputs: 8.5e-8 absolute, 1.2e-7 relative where
  /// |result| > 1e-3 (double-precision emulation).
  Value sinCosReduced(Value x, bool cosine) {
    Value v = sinCosSelect(sinCosParts(x), cosine);
    // sin(-0) = -0 (the polynomial's r + r z p(z) rounds -0 to +0).
    return cosine ? v : sel(eq(x, c(0.0)), x, v);
  }
  /// Round half to even: (|x| + 2^23) - 2^23 is exact RNE below 2^23.
  Value rint(Value x) {
    Value a = abs(x), big = c(8388608.0);
    Value r = sub(add(a, big), big);
    r = sel(lt(x, c(0.0)), neg(r), r);
    return sel(lt(a, big), r, x);
  }
  Value trunc(Value x) { return sel(lt(x, c(0.0)), ceil(x), floor(x)); }
  Value sigmoid(Value x) { return div(c(1.0), add(c(1.0), exp(neg(x)))); }
  Value gelu(Value x, bool tanhForm) {
    Value inner = tanhForm
                      ? tanh(mul(c(0.7978845608028654),
                                 add(x, mul(c(0.044715), mul(x, mul(x, x))))))
                      : erf(mul(x, c(0.7071067811865476)));
    return mul(mul(c(0.5), x), add(c(1.0), inner));
  }
  /// `fast()` when every element of the tile satisfies `ok`, else `slow()`:
  /// one reduction of `ok` to a flag that is uniform across the tile and a
  /// cuda_tile `if`, so the slow code runs only for tiles that need it (a
  /// select would run both for every element).
  Value uniformly(Value ok, Type resElt, llvm::function_ref<Value()> fast,
                  llvm::function_ref<Value()> slow) {
    int64_t n = 1;
    for (int64_t d : shape)
      n *= d;
    Value v = sel(ok, c(1, i32), c(0, i32));
    MLIRContext *ctx = b.getContext();
    auto scalar = ct::TileType::get(ctx, {}, i32);
    if (shape.size() != 1)
      v = ct::ReshapeOp::create(b, loc, ct::TileType::get(ctx, {n}, i32), v);
    auto red = ct::ReduceOp::create(b, loc, ValueRange{v}, 0,
                                    b.getArrayAttr({b.getI32IntegerAttr(1)}));
    {
      OpBuilder::InsertionGuard guard(b);
      Block *body =
          b.createBlock(&red.getBody(), {}, {scalar, scalar}, {loc, loc});
      Value m =
          ct::MinIOp::create(b, loc, scalar, body->getArgument(0),
                             body->getArgument(1), ct::Signedness::Signed);
      ct::YieldOp::create(b, loc, ValueRange{m});
    }
    Emitter s(b, loc, {});
    Value all = s.eq(red.getResult(0), s.c(1, i32));
    auto ifOp = ct::IfOp::create(b, loc, TypeRange{tt(resElt)}, all);
    for (auto [region, fn] : {std::pair{&ifOp.getThenRegion(), fast},
                              std::pair{&ifOp.getElseRegion(), slow}}) {
      OpBuilder::InsertionGuard guard(b);
      b.createBlock(region);
      ct::YieldOp::create(b, loc, ValueRange{fn()});
    }
    return ifOp.getResult(0);
  }
  /// floor(x / y) for f32 x, y when |x / y| < 2^22 and y is finite: f =
  /// floor(RN(x / y)) is F or F + 1 (F = the exact floor: rounding is
  /// monotonic and F is representable), and one step down when x - f y
  /// (one fma: its sign is exact) is nonzero with the sign opposite to y's.
  /// A zero quotient keeps the sign of x / y. `ok`: where this holds.
  std::pair<Value, Value> floorDivFast(Value x, Value y) {
    Value q = div(x, y), f = floor(q);
    Value r = fma(neg(f), y, x), zero = c(0.0);
    Value over = sel(lt(y, zero), gt(r, zero), lt(r, zero));
    Value ok = andi(lt(abs(q), c(0x1p22)), lt(abs(y), c(INFINITY)));
    return {sel(over, sub(f, c(1.0)), f), ok};
  }
  /// PyTorch's floor division of floats (div_floor_floating): the fast path
  /// of `floorDivFast` for tiles whose quotients all allow it, fmodf's
  /// otherwise (`floorDiv`). H100, f32 2048x4096: 95% -> 99% of a same-size
  /// copy; with the channel broadcast 81% -> 100%.
  Value floorDivGuarded(Value x, Value y) {
    auto [fast, ok] = floorDivFast(x, y);
    return uniformly(
        ok, f32, [&] { return fast; }, [&] { return floorDiv(x, y); });
  }
  /// PyTorch's floor division of floats (div_floor_floating).
  Value floorDiv(Value x, Value y) {
    Value mod = fmod(x, y);
    Value d = div(sub(x, mod), y);
    Value fix = andi(cmp(Pred::NotEqual, mod, c(0.0)),
                     xori(lt(y, c(0.0)), lt(mod, c(0.0))));
    d = sel(fix, sub(d, c(1.0)), d);
    Value fd = floor(d);
    fd = sel(gt(sub(d, fd), c(0.5)), add(fd, c(1.0)), fd);
    // d == 0: copysign(0, x / y) (only the sign and the y == 0 case of
    // x / y are used: div.full gets both right).
    Value q = divFull(x, y);
    Value zero = sel(signbit(q), c(-0.0), c(0.0));
    fd = sel(eq(d, c(0.0)), zero, fd);
    return sel(eq(y, c(0.0)), q, fd);
  }
  /// floor(x / y) of f32 values that hold sources with at most 11
  /// significand bits (f16, bf16, f8), branch-free: f = floor(q) of the
  /// div.full quotient (at most 2 ulp off, so f is the exact floor F, F + 1
  /// or F - 1 while |q| < 2^21), then one step down when x - f y (one fma:
  /// its sign is exact) is nonzero with the sign opposite to y's, one step
  /// up when x - (f + 1) y is zero or has y's sign. Gives PyTorch's
  /// div_floor_floating results: y == 0 gives x / y, an infinite x (y != 0)
  /// NaN, an infinite y -1 or a signed zero (x - f y is x when f == 0),
  /// zero quotients the sign of x / y. Beyond 2^21 the error is far below
  /// the result type's ulp (f16 overflows at 65520).
  Value floorDivNarrow(Value x, Value y) {
    Value zero = c(0.0), one = c(1.0);
    Value q = divFull(x, y), f = floor(q);
    Value r0 = sel(eq(f, zero), x, fma(neg(f), y, x));
    Value up = add(f, one), r1 = fma(neg(up), y, x);
    Value yneg = lt(y, zero);
    // Ordered comparisons: a NaN remainder (y == 0, infinite x) moves
    // nothing.
    Value over = sel(yneg, gt(r0, zero), lt(r0, zero));
    Value under = sel(yneg, cmp(Pred::LessThanOrEqual, r1, zero),
                      cmp(Pred::GreaterThanOrEqual, r1, zero));
    f = sel(over, sub(f, one), sel(under, up, f));
    Value nanCase = andi(eq(abs(x), c(INFINITY)), cmp(Pred::NotEqual, y, zero));
    return sel(nanCase, c(NAN), f);
  }
  /// Broadcasts `v` (any rank <= rank) to `shape` (PyTorch rules).
  Value bcast(Value v) {
    auto t = cast<ct::TileType>(v.getType());
    if (t.getShape() == ArrayRef<int64_t>(shape))
      return v;
    SmallVector<int64_t> padded(shape.size() - t.getRank(), 1);
    llvm::append_range(padded, t.getShape());
    if (padded != t.getShape())
      v = ct::ReshapeOp::create(
          b, loc, ct::TileType::get(b.getContext(), padded, t.getElementType()),
          v);
    if (padded != shape)
      v = ct::BroadcastOp::create(b, loc, tt(t.getElementType()), v);
    return v;
  }
};

} // namespace mlir::tileops

#endif // TILEIR_DIALECT_TILEOPS_IR_TILEOPSEMITTER_H
