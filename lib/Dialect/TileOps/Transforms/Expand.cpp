//===- Expand.cpp - tileops-expand: tileops -> cuda_tile ------------------===//
//
// Part of TileIR. One pattern template per family (`ExpandFamily<F>`); each
// op is one entry of a math table: a few lines written with `Em`, a small
// emitter of cuda_tile ops on tiles of one shape. Floats are computed in f32
// and rounded once to the result type.
//
//===----------------------------------------------------------------------===//

#include "tileir/Dialect/TileOps/Transforms/Passes.h"

#include "tileir/Dialect/CudaTile/Transforms/Passes.h"

#include "mlir/IR/BuiltinAttributes.h"
#include "mlir/IR/PatternMatch.h"
#include "mlir/Rewrite/PatternApplicator.h"
#include "mlir/Transforms/WalkPatternRewriteDriver.h"
#include "llvm/ADT/SetVector.h"
#include "llvm/ADT/StringMap.h"

#include <array>
#include <cmath>

namespace mlir::tileops {
#define GEN_PASS_DEF_TILEOPSEXPAND
#include "tileir/Dialect/TileOps/Transforms/Passes.h.inc"
} // namespace mlir::tileops

using namespace mlir;
using namespace mlir::tileops;
namespace ct = mlir::cuda_tile;
using Pred = ct::ComparisonPredicate;

namespace {

/// Emits cuda_tile ops on tiles of `shape`. Float values are f32 tiles;
/// integer and i1 values keep their type.
struct Em {
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

  Em(PatternRewriter &b, Location loc, ArrayRef<int64_t> shape)
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
    Em s(b, loc, {});
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

using MathFn = Value (*)(Em &, ArrayRef<Value>, Operation *);

double f64(Operation *op, StringRef name, double dflt = 0.0) {
  if (auto a = op->getAttrOfType<FloatAttr>(name))
    return a.getValueAsDouble();
  return dflt;
}
StringRef str(Operation *op, StringRef name) {
  auto a = op->getAttrOfType<StringAttr>(name);
  return a ? a.getValue() : "none";
}

/// The largest finite value of a float type.
double finfoMax(Type t) {
  return APFloat::getLargest(cast<FloatType>(t).getFloatSemantics())
      .convertToDouble();
}

/// Whether the op's first input is a float type whose finite values are all
/// below 2^17 in magnitude (f16: 65504, f8E4M3FN: 448, f8E5M2: 57344), so
/// sin/cos can use `Em::sinCosReduced`.
bool below2p17(Operation *op) {
  Type t = Em::elt(op->getOperand(0));
  return isa<FloatType>(t) && finfoMax(t) < 131072.0;
}

/// Whether `t` is a float type with at most 11 significand bits (f16, bf16,
/// f8): the narrow floats whose floor division uses `Em::floorDivNarrow`
/// (of the input type) and whose pow, log1p and softplus results use the
/// cheaper f32 math with an error far below their half ulp
/// (`Em::powNarrow`, `Em::log1pNarrow`, approximate exp).
bool isNarrowFloat(Type t) {
  auto f = dyn_cast<FloatType>(t);
  return f && APFloat::semanticsPrecision(f.getFloatSemantics()) <= 11;
}
bool narrowFloat(Operation *op) {
  return isNarrowFloat(Em::elt(op->getOperand(0)));
}
bool narrowResult(Operation *op) {
  return isNarrowFloat(Em::elt(op->getResult(0)));
}

/// Math of the elementwise families: inputs broadcast to the result shape,
/// floats in f32. Ops whose output element type differs from the compute
/// type return it directly (i1).
const llvm::StringMap<MathFn> &elementwiseMath() {
  static const llvm::StringMap<MathFn> table = {
      // unary_math
      {"exp", [](Em &e, ArrayRef<Value> x, Operation *) { return e.exp(x[0]); }},
      {"log", [](Em &e, ArrayRef<Value> x, Operation *) { return e.log(x[0]); }},
      {"sqrt",
       [](Em &e, ArrayRef<Value> x, Operation *) { return e.sqrt(x[0]); }},
      {"rsqrt",
       [](Em &e, ArrayRef<Value> x, Operation *) { return e.rsqrt(x[0]); }},
      {"abs", [](Em &e, ArrayRef<Value> x, Operation *) { return e.abs(x[0]); }},
      {"neg", [](Em &e, ArrayRef<Value> x, Operation *) { return e.neg(x[0]); }},
      {"reciprocal",
       [](Em &e, ArrayRef<Value> x, Operation *) {
         return e.div(e.c(1.0), x[0]);
       }},
      {"sign",
       [](Em &e, ArrayRef<Value> x, Operation *) {
         Value z = e.cl(0, x[0]);
         return e.sel(e.gt(x[0], z), e.cl(1, x[0]),
                      e.sel(e.lt(x[0], z), e.cl(-1, x[0]), z));
       }},
      {"sin",
       [](Em &e, ArrayRef<Value> x, Operation *op) {
         return below2p17(op) ? e.sinCosReduced(x[0], false) : e.sin(x[0]);
       }},
      {"cos",
       [](Em &e, ArrayRef<Value> x, Operation *op) {
         return below2p17(op) ? e.sinCosReduced(x[0], true) : e.cos(x[0]);
       }},
      {"floor",
       [](Em &e, ArrayRef<Value> x, Operation *) {
         return Em::isF(x[0]) ? e.floor(x[0]) : x[0];
       }},
      {"ceil",
       [](Em &e, ArrayRef<Value> x, Operation *) {
         return Em::isF(x[0]) ? e.ceil(x[0]) : x[0];
       }},
      {"round",
       [](Em &e, ArrayRef<Value> x, Operation *) {
         return Em::isF(x[0]) ? e.rint(x[0]) : x[0];
       }},
      {"trunc",
       [](Em &e, ArrayRef<Value> x, Operation *) {
         return Em::isF(x[0]) ? e.trunc(x[0]) : x[0];
       }},
      {"erf", [](Em &e, ArrayRef<Value> x, Operation *) { return e.erf(x[0]); }},
      {"log1p",
       [](Em &e, ArrayRef<Value> x, Operation *op) {
         return narrowResult(op)
                    ? e.log1pNarrow(x[0], Em::elt(op->getOperand(0)))
                    : e.log1p(x[0]);
       }},
      {"expm1",
       [](Em &e, ArrayRef<Value> x, Operation *) { return e.expm1(x[0]); }},
      // binary_arith
      {"add",
       [](Em &e, ArrayRef<Value> x, Operation *op) {
         double a = f64(op, "alpha", 1.0);
         return e.add(x[0], a == 1.0 ? x[1] : e.mul(e.cl(a, x[1]), x[1]));
       }},
      {"sub",
       [](Em &e, ArrayRef<Value> x, Operation *op) {
         double a = f64(op, "alpha", 1.0);
         return e.sub(x[0], a == 1.0 ? x[1] : e.mul(e.cl(a, x[1]), x[1]));
       }},
      {"mul",
       [](Em &e, ArrayRef<Value> x, Operation *) { return e.mul(x[0], x[1]); }},
      {"div",
       [](Em &e, ArrayRef<Value> x, Operation *op) {
         StringRef mode = str(op, "rounding_mode");
         if (mode == "floor")
           return narrowFloat(op) ? e.floorDivNarrow(x[0], x[1])
                                  : e.floorDivGuarded(x[0], x[1]);
         Value q = e.div(x[0], x[1]);
         return mode == "trunc" ? e.trunc(q) : q;
       }},
      {"remainder",
       [](Em &e, ArrayRef<Value> x, Operation *) {
         // fmodf plus the sign fix. (An fma remainder from floorDivFast's
         // floor, guarded per tile like floor_divide, measured slower: fmodf
         // is cheap for the small quotients of most tiles. H100, f16 with
         // the channel broadcast: 26.1 -> 28.3 us.)
         Value m = e.fmod(x[0], x[1]), z = e.c(0.0);
         Value fix = e.andi(e.cmp(Pred::NotEqual, m, z),
                            e.xori(e.lt(x[1], z), e.lt(m, z)));
         return e.sel(fix, e.add(m, x[1]), m);
       }},
      {"pow",
       [](Em &e, ArrayRef<Value> x, Operation *op) {
         if (!narrowResult(op))
           return e.pow(x[0], x[1]);
         auto res = cast<ct::TileType>(op->getResult(0).getType());
         return e.powNarrow(x[0], x[1], !res.getElementType().isBF16());
       }},
      {"floor_divide",
       [](Em &e, ArrayRef<Value> x, Operation *op) {
         return narrowFloat(op) ? e.floorDivNarrow(x[0], x[1])
                                : e.floorDivGuarded(x[0], x[1]);
       }},
      {"lerp",
       [](Em &e, ArrayRef<Value> x, Operation *op) {
         // PyTorch: w < 0.5 ? a + w (b - a) : b - (b - a)(1 - w).
         double w = f64(op, "weight", 0.5);
         Value d = e.sub(x[1], x[0]);
         return w < 0.5 ? e.add(x[0], e.mul(e.c(w), d))
                        : e.sub(x[1], e.mul(d, e.c(1.0 - w)));
       }},
      {"maximum",
       [](Em &e, ArrayRef<Value> x, Operation *) { return e.max(x[0], x[1]); }},
      {"minimum",
       [](Em &e, ArrayRef<Value> x, Operation *) { return e.min(x[0], x[1]); }},
      // activation
      {"relu",
       [](Em &e, ArrayRef<Value> x, Operation *) {
         return e.max(x[0], e.c(0.0));
       }},
      {"gelu",
       [](Em &e, ArrayRef<Value> x, Operation *op) {
         return e.gelu(x[0], str(op, "approximate") == "tanh");
       }},
      {"silu",
       [](Em &e, ArrayRef<Value> x, Operation *) {
         return e.div(x[0], e.add(e.c(1.0), e.exp(e.neg(x[0]))));
       }},
      {"sigmoid",
       [](Em &e, ArrayRef<Value> x, Operation *) { return e.sigmoid(x[0]); }},
      {"tanh",
       [](Em &e, ArrayRef<Value> x, Operation *) { return e.tanh(x[0]); }},
      {"hardswish",
       [](Em &e, ArrayRef<Value> x, Operation *) {
         return e.divFull(
             e.mul(x[0], e.clamp(e.add(x[0], e.c(3.0)), 0.0, 6.0)), e.c(6.0));
       }},
      {"hardsigmoid",
       [](Em &e, ArrayRef<Value> x, Operation *) {
         return e.mul(e.clamp(e.add(x[0], e.c(3.0)), 0.0, 6.0),
                      e.c(1.0f / 6.0f));
       }},
      {"mish",
       [](Em &e, ArrayRef<Value> x, Operation *) {
         // tanh(log1p(t)) = ((1 + t)^2 - 1) / ((1 + t)^2 + 1) = n / (n + 2)
         // with t = exp(x), n = t (t + 2): one exp and one division, no log
         // or tanh. Above x = 20, tanh(softplus(x)) rounds to 1 in f32 (and
         // n would overflow above x ~ 44).
         Value t = e.exp(x[0]);
         Value n = e.mul(t, e.add(t, e.c(2.0)));
         Value m = e.mul(x[0], e.divFull(n, e.add(n, e.c(2.0))));
         return e.sel(e.gt(x[0], e.c(20.0)), x[0], m);
       }},
      {"selu",
       [](Em &e, ArrayRef<Value> x, Operation *) {
         const double alpha = 1.6732632423543772, scale = 1.0507009873554805;
         return e.sel(e.gt(x[0], e.c(0.0)), e.mul(x[0], e.c(scale)),
                      e.mul(e.c(alpha * scale), e.expm1(x[0])));
       }},
      {"leaky_relu",
       [](Em &e, ArrayRef<Value> x, Operation *op) {
         return e.sel(e.gt(x[0], e.c(0.0)), x[0],
                      e.mul(x[0], e.c(f64(op, "negative_slope", 0.01))));
       }},
      {"elu",
       [](Em &e, ArrayRef<Value> x, Operation *op) {
         return e.sel(e.gt(x[0], e.c(0.0)), x[0],
                      e.mul(e.c(f64(op, "alpha", 1.0)), e.expm1(x[0])));
       }},
      {"hardtanh",
       [](Em &e, ArrayRef<Value> x, Operation *op) {
         return e.clamp(x[0], f64(op, "min_val", -1.0),
                        f64(op, "max_val", 1.0));
       }},
      {"softplus",
       [](Em &e, ArrayRef<Value> x, Operation *op) {
         double beta = f64(op, "beta", 1.0);
         Value bx = beta == 1.0 ? x[0] : e.mul(x[0], e.c(beta));
         // Narrow results: e^x by ex2.approx (the x log2(e) rounding costs
         // |x| 2^-23.5 <= 2^-19 relative below the threshold 20).
         Value soft = narrowResult(op) ? e.log1pNarrow(e.expApprox(bx), e.f32)
                                       : e.log1p(e.exp(bx));
         if (beta != 1.0)
           soft = e.div(soft, e.c(beta));
         return e.sel(e.gt(bx, e.c(f64(op, "threshold", 20.0))), x[0], soft);
       }},
      {"prelu",
       [](Em &e, ArrayRef<Value> x, Operation *) {
         return e.sel(e.gt(x[0], e.c(0.0)), x[0], e.mul(x[1], x[0]));
       }},
      // comparison
      {"eq",
       [](Em &e, ArrayRef<Value> x, Operation *) {
         return e.cmp(Pred::Equal, x[0], x[1]);
       }},
      {"ne",
       [](Em &e, ArrayRef<Value> x, Operation *) {
         return e.cmp(Pred::NotEqual, x[0], x[1]);
       }},
      {"gt",
       [](Em &e, ArrayRef<Value> x, Operation *) {
         return e.cmp(Pred::GreaterThan, x[0], x[1]);
       }},
      {"lt",
       [](Em &e, ArrayRef<Value> x, Operation *) {
         return e.cmp(Pred::LessThan, x[0], x[1]);
       }},
      {"ge",
       [](Em &e, ArrayRef<Value> x, Operation *) {
         return e.cmp(Pred::GreaterThanOrEqual, x[0], x[1]);
       }},
      {"le",
       [](Em &e, ArrayRef<Value> x, Operation *) {
         return e.cmp(Pred::LessThanOrEqual, x[0], x[1]);
       }},
      // bitwise
      {"bitwise_and",
       [](Em &e, ArrayRef<Value> x, Operation *) { return e.andi(x[0], x[1]); }},
      {"bitwise_or",
       [](Em &e, ArrayRef<Value> x, Operation *) { return e.ori(x[0], x[1]); }},
      {"bitwise_xor",
       [](Em &e, ArrayRef<Value> x, Operation *) { return e.xori(x[0], x[1]); }},
      {"bitwise_not",
       [](Em &e, ArrayRef<Value> x, Operation *) {
         return e.xori(x[0], e.cl(-1, x[0]));
       }},
      // logical: non-zero is true (NaN included).
      {"logical_and",
       [](Em &e, ArrayRef<Value> x, Operation *) {
         return e.andi(e.cmp(Pred::NotEqual, x[0], e.cl(0, x[0])),
                       e.cmp(Pred::NotEqual, x[1], e.cl(0, x[1])));
       }},
      {"logical_or",
       [](Em &e, ArrayRef<Value> x, Operation *) {
         return e.ori(e.cmp(Pred::NotEqual, x[0], e.cl(0, x[0])),
                      e.cmp(Pred::NotEqual, x[1], e.cl(0, x[1])));
       }},
      {"logical_not",
       [](Em &e, ArrayRef<Value> x, Operation *) {
         return e.cmp(Pred::Equal, x[0], e.cl(0, x[0]));
       }},
      // special
      {"where",
       [](Em &e, ArrayRef<Value> x, Operation *) {
         return e.sel(x[0], x[1], x[2]);
       }},
      {"clamp",
       [](Em &e, ArrayRef<Value> x, Operation *op) {
         Value v = x[0];
         auto bound = [&](StringRef n) -> std::optional<double> {
           if (auto a = op->getAttrOfType<FloatAttr>(n))
             return Em::isF(v) ? a.getValueAsDouble()
                               : std::trunc(a.getValueAsDouble());
           return std::nullopt;
         };
         if (auto lo = bound("min"))
           v = e.max(v, e.cl(*lo, v));
         if (auto hi = bound("max"))
           v = e.min(v, e.cl(*hi, v));
         return v;
       }},
      {"masked_fill",
       [](Em &e, ArrayRef<Value> x, Operation *op) {
         double v = f64(op, "value", 0.0);
         if (Em::elt(x[0]).isInteger(1))
           v = v != 0.0;
         return e.sel(x[1], e.cl(v, x[0]), x[0]);
       }},
      {"nan_to_num",
       [](Em &e, ArrayRef<Value> x, Operation *op) {
         Type t = Em::elt(op->getResult(0));
         double big = finfoMax(t);
         auto opt = [&](StringRef n, double d) {
           auto a = op->getAttrOfType<FloatAttr>(n);
           return a ? a.getValueAsDouble() : d;
         };
         Value v = x[0];
         v = e.sel(e.eq(v, e.c(INFINITY)), e.c(opt("posinf", big)), v);
         v = e.sel(e.eq(v, e.c(-INFINITY)), e.c(opt("neginf", -big)), v);
         return e.sel(e.isnan(x[0]), e.c(f64(op, "nan", 0.0)), v);
       }},
      {"isnan",
       [](Em &e, ArrayRef<Value> x, Operation *) {
         return Em::isF(x[0]) ? e.isnan(x[0]) : e.c(0, e.i1);
       }},
      {"isinf",
       [](Em &e, ArrayRef<Value> x, Operation *) {
         return Em::isF(x[0]) ? e.eq(e.abs(x[0]), e.c(INFINITY))
                              : e.c(0, e.i1);
       }},
      {"isfinite",
       [](Em &e, ArrayRef<Value> x, Operation *) {
         return Em::isF(x[0]) ? e.lt(e.abs(x[0]), e.c(INFINITY))
                              : e.c(1, e.i1);
       }},
  };
  return table;
}

/// Fused gated activations: act(gate) with gate and value in f32.
Value gatedAct(Em &e, StringRef name, Value g) {
  if (name == "silu_and_mul") // g / (1 + 2^(-g log2 e)): one ex2.
    return e.div(g,
                 e.add(e.c(1.0), e.exp2(e.mul(g, e.c(-1.4426950408889634)))));
  return e.gelu(g, name == "gelu_tanh_and_mul");
}

//===----------------------------------------------------------------------===//
// RoPE frequencies (Hugging Face formulas, emulated in f32)
//===----------------------------------------------------------------------===//

/// inv_freq_k = 1 / base^(2k/D) in f32, as torch computes it.
/// base ** (2k / dim) for k < dim / 2, as HF computes it in f32.
SmallVector<float> basePowers(double base, int64_t dim) {
  SmallVector<float> p;
  for (int64_t k = 0; k < dim / 2; ++k) {
    float e = static_cast<float>(2 * k) / static_cast<float>(dim);
    p.push_back(static_cast<float>(
        std::pow(static_cast<double>(static_cast<float>(base)),
                 static_cast<double>(e))));
  }
  return p;
}

SmallVector<float> baseInvFreq(double base, int64_t dim) {
  SmallVector<float> f;
  for (float p : basePowers(base, dim))
    f.push_back(1.0f / p);
  return f;
}

/// The variant's inv_freq and cos/sin amplitude.
std::pair<SmallVector<float>, double>
ropeFrequencies(Operation *op, StringRef name, int64_t dim) {
  double base = f64(op, "base", 10000.0);
  SmallVector<float> f = baseInvFreq(base, dim);
  int64_t half = dim / 2;
  if (name == "rope_llama31") {
    float factor = f64(op, "scale_factor"), low = f64(op, "low_freq_factor"),
          high = f64(op, "high_freq_factor");
    float len = static_cast<float>(
        op->getAttrOfType<IntegerAttr>("original_max_position").getInt());
    float lowWave = len / low, highWave = len / high;
    for (float &v : f) {
      float wave = 2.0f * static_cast<float>(M_PI) / v;
      float scaled = wave > lowWave ? v / factor : v;
      if (!(wave < highWave) && !(wave > lowWave)) {
        float s = (len / wave - low) / (high - low);
        scaled = (1.0f - s) * scaled / factor + s * scaled;
      }
      v = scaled;
    }
    return {f, 1.0};
  }
  if (name == "rope_yarn") {
    double factor = f64(op, "scale");
    double len = static_cast<double>(
        op->getAttrOfType<IntegerAttr>("original_max_position").getInt());
    auto corrDim = [&](double rot) {
      return (dim * std::log(len / (rot * 2 * M_PI))) / (2 * std::log(base));
    };
    double lo = std::max(std::floor(corrDim(f64(op, "beta_fast"))), 0.0);
    double hi = std::min(std::ceil(corrDim(f64(op, "beta_slow"))),
                         static_cast<double>(dim - 1));
    if (lo == hi)
      hi += 0.001;
    for (int64_t k = 0; k < half; ++k) {
      float ramp =
          std::clamp(static_cast<float>((k - lo) / (hi - lo)), 0.0f, 1.0f);
      float extra = 1.0f - ramp;
      float inter = f[k] / static_cast<float>(factor);
      f[k] = inter * (1.0f - extra) + f[k] * extra;
    }
    double amp = factor <= 1.0 ? 1.0 : 0.1 * std::log(factor) + 1.0;
    if (auto a = op->getAttrOfType<FloatAttr>("attn_factor"))
      amp = a.getValueAsDouble();
    return {f, amp};
  }
  if (name == "rope_longrope") {
    // HF: 1 / (ext_factors * base ** (2k / D)) in f32 (the product rounded
    // once, not 1 / f inverted back).
    if (auto rf = op->getAttrOfType<DenseF64ArrayAttr>("rescale_factors")) {
      SmallVector<float> p = basePowers(f64(op, "base", 10000.0), dim);
      for (int64_t k = 0; k < half; ++k)
        f[k] = 1.0f / (static_cast<float>(rf[k]) * p[k]);
    }
    double maxPos = static_cast<double>(
        op->getAttrOfType<IntegerAttr>("max_position_embeddings").getInt());
    double orig = static_cast<double>(
        op->getAttrOfType<IntegerAttr>("original_max_position_embeddings")
            .getInt());
    double s = maxPos / orig;
    return {f, s <= 1.0 ? 1.0 : std::sqrt(1.0 + std::log(s) / std::log(orig))};
  }
  return {f, 1.0};
}

//===----------------------------------------------------------------------===//
// The pattern template
//===----------------------------------------------------------------------===//

template <Family F>
struct ExpandFamily : RewritePattern {
  ExpandFamily(MLIRContext *ctx)
      : RewritePattern(MatchAnyOpTypeTag(), /*benefit=*/1, ctx) {}

  LogicalResult matchAndRewrite(Operation *op,
                                PatternRewriter &rw) const override {
    auto tileOp = dyn_cast<TileOpInterface>(op);
    if (!tileOp)
      return failure();
    const OpInfo *info = &tileOp.getOpInfo();
    if (info->family != F)
      return failure();
    auto resType = cast<ct::TileType>(op->getResult(0).getType());
    Em e(rw, op->getLoc(), resType.getShape());
    e.unsignedInts = op->hasAttr("unsigned_int");
    Value y = expand(e, *info, op, resType.getElementType());
    if (!y)
      return failure();
    rw.replaceOp(op, y);
    return success();
  }

  /// Inputs in compute form: floats in f32.
  static Value compute(Em &e, Value v) {
    return Em::isF(v) ? e.cvt(v, e.f32) : v;
  }

  static Value expand(Em &e, const OpInfo &info, Operation *op, Type resElt) {
    SmallVector<Value> in;
    StringRef name = info.name;
    if constexpr (F == Family::FusedGated) {
      auto xt = cast<ct::TileType>(op->getOperand(0).getType());
      SmallVector<Value> idx(xt.getRank(), e.idx(0));
      Value g = ct::ExtractOp::create(e.b, e.loc, e.tt(xt.getElementType()),
                                      op->getOperand(0), idx);
      idx.back() = e.idx(1);
      Value v = ct::ExtractOp::create(e.b, e.loc, e.tt(xt.getElementType()),
                                      op->getOperand(0), idx);
      g = compute(e, g);
      return e.round(e.mul(gatedAct(e, name, g), compute(e, v)), resElt);
    } else if constexpr (F == Family::Rope) {
      return expandRope(e, name, op, resElt);
    } else if constexpr (F == Family::Dropout) {
      return expandDropout(e, op, resElt);
    } else if constexpr (F == Family::Alibi) {
      // bias[h, i, j] = -2^(-8 (h + 1) / H) |i - j|.
      int64_t heads = op->getAttrOfType<IntegerAttr>("num_heads").getInt();
      Value h = e.cvt(e.add(op->getOperand(0), e.c(1, e.i32)), e.f32);
      Value m = e.exp2(e.mul(h, e.c(-8.0 / heads)));
      Value d =
          e.cvt(e.abs(e.sub(op->getOperand(1), op->getOperand(2))), e.f32);
      return e.round(e.neg(e.mul(m, d)), resElt);
    } else if constexpr (F == Family::Sinusoidal) {
      return expandSinusoidal(e, op, resElt);
    } else {
      for (Value v : op->getOperands())
        in.push_back(compute(e, e.bcast(v)));
      auto it = elementwiseMath().find(name);
      if (it == elementwiseMath().end())
        return Value();
      Value y = it->second(e, in, op);
      return Em::elt(y) == resElt ? y : e.round(y, resElt);
    }
  }

  /// The source of a `broadcast` (with the result's rank), else `v`.
  static Value unbroadcast(Value v) {
    if (auto bc = v.getDefiningOp<ct::BroadcastOp>())
      return bc.getSource();
    return v;
  }

  /// The two halves of the last dimension of (lead..., L) tiles: blocked
  /// (x[..., :L/2] and x[..., L/2:]) or interleaved pairs (x[..., 2i] and
  /// x[..., 2i+1], through the (lead..., L/2, 2) view). `both` / `first`
  /// extract the halves (shape `part`), `join` puts two halves back (`cat`
  /// along the last dimension, which numbers its registers in flat-index order
  /// so the source's 16-byte vectors survive; docs/Conversion.md).
  struct Halves {
    Em &e;
    bool interleaved;
    SmallVector<int64_t> split, part;
    Halves(Em &e, bool interleaved)
        : e(e), interleaved(interleaved),
          split(ArrayRef<int64_t>(e.shape).drop_back()),
          part(ArrayRef<int64_t>(e.shape).drop_back()) {
      int64_t last = e.shape.back();
      if (interleaved) {
        split.append({last / 2, 2});
        part.append({last / 2, 1});
      } else {
        split.push_back(last);
        part.push_back(last / 2);
      }
    }
    ct::TileType tile(ArrayRef<int64_t> s, Type t) const {
      return ct::TileType::get(e.b.getContext(), s, t);
    }
    /// Halves 0 and 1 of `v` (one view for both).
    std::pair<Value, Value> both(Value v) const {
      Type elt = Em::elt(v);
      if (interleaved)
        v = ct::ReshapeOp::create(e.b, e.loc, tile(split, elt), v);
      SmallVector<Value> idx(split.size(), e.idx(0));
      Value first = ct::ExtractOp::create(e.b, e.loc, tile(part, elt), v, idx);
      idx.back() = e.idx(1);
      Value second = ct::ExtractOp::create(e.b, e.loc, tile(part, elt), v, idx);
      return {first, second};
    }
    /// Half 0 of `v`.
    Value first(Value v) const {
      Type elt = Em::elt(v);
      if (interleaved)
        v = ct::ReshapeOp::create(e.b, e.loc, tile(split, elt), v);
      SmallVector<Value> idx(split.size(), e.idx(0));
      return ct::ExtractOp::create(e.b, e.loc, tile(part, elt), v, idx);
    }
    Value join(Value first, Value second) const {
      Type elt = Em::elt(first);
      Value y = ct::CatOp::create(e.b, e.loc, tile(split, elt), first, second,
                                  static_cast<uint64_t>(split.size() - 1));
      return interleaved ? ct::ReshapeOp::create(e.b, e.loc, e.tt(elt), y) : y;
    }
  };

  /// sinusoidal: PE[p, c] = sin/cos(p / 10000^(2 (c / 2) / D)), even c sin,
  /// odd c cos. The power 10000^(2i/D) (libdevice powf, as torch's) and its
  /// reciprocal RN(1/pw) are computed on c's pre-broadcast tile (once per
  /// column when c is a broadcast of a row of columns), p's conversion on
  /// p's; the angle RN(p / pw) is formed without a division (Markstein:
  /// q = RN(p y), rem = p - q pw exact by fma, RN(q + rem y) is the
  /// correctly rounded quotient when y = RN(1/pw) and q is within 1 ulp).
  /// With `seq_len` <= 2^17 (angles below 2^17) sin and cos share one
  /// Cody-Waite reduction (`Em::sinCosParts`); when c is provably (2i,
  /// 2i + 1) pairs along the last dimension (a ramp `iota` + even offset,
  /// broadcast over the leading dimensions), the angle is taken once per
  /// pair (the (.., C/2, 2) view's [.., 0] half, as rope_non_neox) and sin
  /// and cos of it are joined with `cat`. Otherwise libdevice sinf/cosf.
  static Value expandSinusoidal(Em &e, Operation *op, Type resElt) {
    int64_t dm = op->getAttrOfType<IntegerAttr>("d_model").getInt();
    auto seqLen = op->getAttrOfType<IntegerAttr>("seq_len");
    bool reduced = seqLen && seqLen.getInt() <= (int64_t(1) << 17);
    Value p = op->getOperand(0), c = op->getOperand(1);
    auto shapeOf = [](Value v) {
      return SmallVector<int64_t>(cast<ct::TileType>(v.getType()).getShape());
    };
    // Column quantities on c's source tile.
    Value cs = unbroadcast(c);
    Em ec(e.b, e.loc, shapeOf(cs));
    Value twoI = ec.andi(cs, ec.c(-2, ec.i32));
    Value ex = ec.div(ec.cvt(twoI, ec.f32), ec.c(static_cast<double>(dm)));
    Value pw = ec.pow(ec.c(10000.0), ex);
    Value rcp = ec.div(ec.c(1.0), pw);
    Value ps = unbroadcast(p);
    Em ep(e.b, e.loc, shapeOf(ps));
    Value pf = ep.cvt(ps, ep.f32);
    // Pairs along the last dimension: the angle on the (.., C/2, 1) half.
    ArrayRef<int64_t> shape = e.shape;
    int64_t last = shape.empty() ? 1 : shape.back();
    Value ramp = cs;
    if (auto rs = ramp.getDefiningOp<ct::ReshapeOp>())
      ramp = rs.getSource();
    auto rampTy = cast<ct::TileType>(ramp.getType());
    bool pairs = reduced && last % 2 == 0 && rampTy.getRank() == 1 &&
                 rampTy.getShape()[0] == last &&
                 llvm::all_of(shapeOf(cs),
                              [&](int64_t d) { return d == 1 || d == last; }) &&
                 shapeOf(cs).back() == last && alignedRamp(ramp, 2);
    auto angleOn = [&](Em &h, Value pwv, Value rcpv, Value pv) {
      Value q = h.mul(pv, rcpv);
      Value rem = h.fma(h.neg(q), pwv, pv);
      return h.fma(rem, rcpv, q);
    };
    pw = e.bcast(pw);
    rcp = e.bcast(rcp);
    pf = e.bcast(pf);
    if (!pairs) {
      Value angle = angleOn(e, pw, rcp, pf);
      Value odd = e.eq(e.andi(c, e.c(1, e.i32)), e.c(1, e.i32));
      if (!reduced)
        return e.round(e.sel(odd, e.cos(angle), e.sin(angle)), resElt);
      auto parts = e.sinCosParts(angle);
      Value v =
          e.sel(odd, e.sinCosSelect(parts, true), e.sinCosSelect(parts, false));
      return e.round(v, resElt);
    }
    Halves pairsOf(e, /*interleaved=*/true);
    Em h(e.b, e.loc, pairsOf.part);
    Value angle =
        angleOn(h, pairsOf.first(pw), pairsOf.first(rcp), pairsOf.first(pf));
    auto parts = h.sinCosParts(angle);
    return pairsOf.join(h.round(h.sinCosSelect(parts, false), resElt),
                        h.round(h.sinCosSelect(parts, true), resElt));
  }

  /// RoPE. neox rotates (x[..., :D/2], x[..., D/2:]); non-neox the
  /// interleaved pairs (x[..., 2i], x[..., 2i+1]). Non-neox forms the angle
  /// on x's own shape (each pair's angle twice: one multiplication), views
  /// both as (lead..., D/2, 2) and extracts the [..., 0] halves alike, so
  /// cos/sin are computed once per pair in the layout x's halves already
  /// have (no layout conversion between x and the tables).
  static Value expandRope(Em &e, StringRef name, Operation *op, Type resElt) {
    Value x = op->getOperand(0), pos = op->getOperand(1);
    auto xt = cast<ct::TileType>(x.getType());
    SmallVector<int64_t> lead(xt.getShape().drop_back());
    int64_t dim = xt.getShape().back(), half = dim / 2;
    auto [invFreq, amp] = ropeFrequencies(op, name, dim);
    bool neox = name != "rope_non_neox";
    MLIRContext *ctx = e.b.getContext();
    auto tile = [&](ArrayRef<int64_t> s, Type t) {
      return ct::TileType::get(ctx, s, t);
    };
    // neox: angles on (lead..., D/2); non-neox: on (lead..., D), each
    // frequency twice.
    SmallVector<int64_t> angShape(lead), ones(lead.size(), 1), posShape(lead);
    angShape.push_back(neox ? half : dim);
    ones.push_back(neox ? half : dim);
    posShape.push_back(1);
    SmallVector<float> freqs;
    for (float f : invFreq)
      freqs.append(neox ? 1 : 2, f);
    Em a(e.b, e.loc, angShape);
    // angle = pos * inv_freq.
    Value freq = ct::ConstantOp::create(
        e.b, e.loc, tile(ones, a.f32),
        cast<DenseIntOrFPElementsAttr>(DenseElementsAttr::get(
            RankedTensorType::get(ones, a.f32), ArrayRef<float>(freqs))));
    freq = ct::BroadcastOp::create(e.b, e.loc, a.tt(a.f32), freq);
    Value p = ct::IToFOp::create(e.b, e.loc, tile(lead, a.f32), pos,
                                 ct::Signedness::Signed);
    p = ct::ReshapeOp::create(e.b, e.loc, tile(posShape, a.f32), p);
    p = ct::BroadcastOp::create(e.b, e.loc, a.tt(a.f32), p);
    Value angle = a.mul(p, freq);
    // The two rotation partners (and, non-neox, the angle's half).
    Halves halves(e, /*interleaved=*/!neox);
    Em h(e.b, e.loc, halves.part);
    auto [x1, x2] = halves.both(x);
    if (!neox)
      angle = halves.first(angle);
    // Positions stated in [lb, ub] (`assume bounded`, as the kernel
    // builder's): angles below 2^17 share one Cody-Waite reduction
    // (`Em::sinCosParts`) for cos and sin; otherwise libdevice cosf/sinf.
    double maxAngle = INFINITY;
    if (auto as = pos.getDefiningOp<ct::AssumeOp>())
      if (auto bd = dyn_cast<ct::BoundedAttr>(as.getPredicate()))
        if (bd.getLb() && bd.getUb()) {
          double maxPos = std::max(std::abs(double(*bd.getLb())),
                                   std::abs(double(*bd.getUb())));
          double maxFreq = 0;
          for (float f : invFreq)
            maxFreq = std::max(maxFreq, std::abs(double(f)));
          maxAngle = maxPos * maxFreq;
        }
    Value cs, sn;
    if (maxAngle < 0x1p17) {
      auto parts = h.sinCosParts(angle);
      cs = h.sinCosSelect(parts, true);
      sn = h.sinCosSelect(parts, false);
    } else {
      cs = h.cos(angle);
      sn = h.sin(angle);
    }
    if (amp != 1.0) {
      cs = h.mul(cs, h.c(amp));
      sn = h.mul(sn, h.c(amp));
    }
    x1 = h.cvt(x1, h.f32);
    x2 = h.cvt(x2, h.f32);
    Value y1 = h.round(h.sub(h.mul(x1, cs), h.mul(x2, sn)), resElt);
    Value y2 = h.round(h.add(h.mul(x2, cs), h.mul(x1, sn)), resElt);
    return halves.join(y1, y2);
  }

  /// Inverted dropout with a counter-based Philox4x32-10 stream: key =
  /// (seed lo, seed hi); element i uses word i mod 4 of the block at counter
  /// (i / 4, 0, offset lo, offset hi); u = (word >> 8) * 2^-24; keep iff
  /// u >= p. When the element indices are provably 4k, 4k+1, 4k+2, 4k+3 along
  /// the last dimension (`alignedRamp`: the kernel builder's flat index), one
  /// block is computed per 4 elements and its words joined with `cat`;
  /// otherwise every element computes its block.
  static Value expandDropout(Em &e, Operation *op, Type resElt) {
    double p = f64(op, "p", 0.5);
    Value x = op->getOperand(0);
    if (p == 0.0)
      return x;
    if (p == 1.0)
      return e.c(0.0, resElt);
    Value index = op->getOperand(1);
    SmallVector<int64_t> shape(e.shape);
    bool grouped =
        shape.size() == 1 && shape[0] % 4 == 0 && alignedRamp(index, 4);
    Value word;
    MLIRContext *ctx = e.b.getContext();
    if (grouped) {
      int64_t n = shape[0];
      auto tile = [&](ArrayRef<int64_t> s) {
        return ct::TileType::get(ctx, s, e.i32);
      };
      Value idx = ct::ReshapeOp::create(e.b, e.loc, tile({n / 4, 4}), index);
      idx = ct::ExtractOp::create(e.b, e.loc, tile({n / 4, 1}), idx,
                                  ValueRange{e.idx(0), e.idx(0)});
      Em g(e.b, e.loc, {n / 4, 1});
      auto w = philox(g, op, g.shri(idx, 2));
      Value w01 = ct::CatOp::create(e.b, e.loc, tile({n / 4, 2}), w[0], w[1],
                                    /*dim=*/1);
      Value w23 = ct::CatOp::create(e.b, e.loc, tile({n / 4, 2}), w[2], w[3],
                                    /*dim=*/1);
      word = ct::CatOp::create(e.b, e.loc, tile({n / 4, 4}), w01, w23,
                               /*dim=*/1);
      word = ct::ReshapeOp::create(e.b, e.loc, e.tt(e.i32), word);
    } else {
      auto w = philox(e, op, e.shri(index, 2));
      Value lane = e.andi(index, e.c(3, e.i32));
      word = e.sel(e.eq(lane, e.c(0, e.i32)), w[0],
                   e.sel(e.eq(lane, e.c(1, e.i32)), w[1],
                         e.sel(e.eq(lane, e.c(2, e.i32)), w[2], w[3])));
    }
    Value u = e.mul(e.cvt(e.shri(word, 8), e.f32), e.c(1.0 / 16777216.0));
    Value keep = e.cmp(Pred::GreaterThanOrEqual, u, e.c(p));
    Value xf = e.cvt(x, e.f32);
    Value y = e.sel(keep, e.mul(xf, e.c(1.0 / (1.0 - p))), e.c(0.0));
    return e.round(y, resElt);
  }

  /// The four words of Philox4x32-10 at counter (c0, 0, offset lo, offset
  /// hi) with key (seed lo, seed hi), on the tiles of `e`.
  static std::array<Value, 4> philox(Em &e, Operation *op, Value c0) {
    Em s(e.b, e.loc, {});
    auto lo = [&](Value v) { return s.cvt(v, s.i32); };
    auto hi = [&](Value v) {
      return s.cvt(ct::ShRIOp::create(e.b, e.loc, v.getType(), v,
                                      s.c(32, s.i64), ct::Signedness::Unsigned),
                   s.i32);
    };
    Value seed = op->getOperand(2), off = op->getOperand(3);
    Value k0 = lo(seed), k1 = hi(seed);
    Value c1 = e.c(0, e.i32);
    Value c2 = e.bcast(lo(off)), c3 = e.bcast(hi(off));
    const int64_t m0 = 0xD2511F53, m1 = 0xCD9E8D57;
    auto mulhi = [&](Value a, int64_t m) -> Value {
      return ct::MulhiIOp::create(e.b, e.loc, a.getType(), a,
                                  e.c(static_cast<int32_t>(m), e.i32));
    };
    for (int r = 0; r < 10; ++r) {
      Value hi0 = mulhi(c0, m0),
            lo0 = e.mul(c0, e.c(static_cast<int32_t>(m0), e.i32));
      Value hi1 = mulhi(c2, m1),
            lo1 = e.mul(c2, e.c(static_cast<int32_t>(m1), e.i32));
      Value n0 = e.xori(e.xori(hi1, c1), e.bcast(k0));
      Value n2 = e.xori(e.xori(hi0, c3), e.bcast(k1));
      c0 = n0;
      c1 = lo1;
      c2 = n2;
      c3 = lo0;
      if (r < 9) {
        k0 = s.add(k0, s.c(static_cast<int32_t>(0x9E3779B9), s.i32));
        k1 = s.add(k1, s.c(static_cast<int32_t>(0xBB67AE85), s.i32));
      }
    }
    return {c0, c1, c2, c3};
  }

  /// Whether every value of the 1-D i32 tile `v` is its position plus a
  /// multiple of `align` common to the tile: `iota`, plus a broadcast
  /// multiple of `align` (`alignedScalar`).
  static bool alignedRamp(Value v, int64_t align) {
    if (v.getDefiningOp<ct::IotaOp>())
      return true;
    auto add = v.getDefiningOp<ct::AddIOp>();
    if (!add)
      return false;
    Value l = add.getLhs(), r = add.getRhs();
    return (alignedRamp(l, align) && alignedScalar(r, align)) ||
           (alignedRamp(r, align) && alignedScalar(l, align));
  }
  /// Whether `v` holds one value everywhere, a multiple of `align`: a
  /// constant, a product with such a constant, or a reshape/broadcast of
  /// such a value.
  static bool alignedScalar(Value v, int64_t align) {
    if (auto c = v.getDefiningOp<ct::ConstantOp>()) {
      auto attr = dyn_cast<DenseIntElementsAttr>(c.getValue());
      return attr && attr.isSplat() &&
             attr.getSplatValue<APInt>().getSExtValue() % align == 0;
    }
    if (auto m = v.getDefiningOp<ct::MulIOp>())
      return alignedScalar(m.getLhs(), align) ||
             alignedScalar(m.getRhs(), align);
    if (auto rs = v.getDefiningOp<ct::ReshapeOp>())
      return alignedScalar(rs.getSource(), align);
    if (auto bc = v.getDefiningOp<ct::BroadcastOp>())
      return alignedScalar(bc.getSource(), align);
    return false;
  }
};

/// Collects the ops the expansion inserts, and the erased ones.
struct Inserted : RewriterBase::Listener {
  llvm::SetVector<Operation *> ops;
  llvm::SmallPtrSet<Operation *, 16> gone;
  void notifyOperationInserted(Operation *op, OpBuilder::InsertPoint) override {
    ops.insert(op);
  }
  void notifyOperationErased(Operation *op) override {
    ops.remove(op);
    gone.insert(op);
  }
};

struct TileOpsExpandPass
    : mlir::tileops::impl::TileOpsExpandBase<TileOpsExpandPass> {
  void runOnOperation() override {
    RewritePatternSet patterns(&getContext());
    populateTileOpsExpandPatterns(patterns);
    // One walk, no folding and no dead-code removal: the expansion is
    // exactly the ops the patterns emit.
    Inserted inserted;
    walkAndApplyPatterns(getOperation(),
                         FrozenRewritePatternSet(std::move(patterns)),
                         &inserted);
    WalkResult left = getOperation()->walk([](Operation *op) {
      if (op->getDialect() && op->getDialect()->getNamespace() == "tileops") {
        op->emitOpError("could not be expanded");
        return WalkResult::interrupt();
      }
      return WalkResult::advance();
    });
    if (left.wasInterrupted())
      return signalPassFailure();
    // The expansions state PyTorch's math, whose CUDA kernels nvcc builds
    // with -fmad=true: their a * b + c become fma (cuda-tile-fuse-fma's
    // patterns, on the expansions' ops only, one op at a time: no folding
    // or dead-code removal; cuda_tile's own mulf/addf round each op, PTX
    // mul.rn/add.rn, which ptxas never fuses).
    RewritePatternSet fma(&getContext());
    cuda_tile::populateFuseFmaPatterns(fma);
    FrozenRewritePatternSet frozen(std::move(fma));
    PatternApplicator applicator(frozen);
    applicator.applyDefaultCostModel();
    PatternRewriter rewriter(&getContext());
    Inserted erased;
    rewriter.setListener(&erased);
    for (Operation *op : inserted.ops.takeVector()) {
      if (!isa<cuda_tile::AddFOp, cuda_tile::SubFOp>(op))
        continue;
      // addf: the canonicalization may first move the mulf to the left.
      for (int i = 0; i < 2 && !erased.gone.contains(op); ++i) {
        rewriter.setInsertionPoint(op);
        if (failed(applicator.matchAndRewrite(op, rewriter)))
          break;
      }
    }
  }
};

} // namespace

void mlir::tileops::populateTileOpsExpandPatterns(RewritePatternSet &patterns) {
  MLIRContext *ctx = patterns.getContext();
  patterns
      .add<ExpandFamily<Family::UnaryMath>, ExpandFamily<Family::BinaryArith>,
           ExpandFamily<Family::Activation>, ExpandFamily<Family::FusedGated>,
           ExpandFamily<Family::Comparison>, ExpandFamily<Family::Bitwise>,
           ExpandFamily<Family::Logical>, ExpandFamily<Family::Special>,
           ExpandFamily<Family::Rope>, ExpandFamily<Family::Dropout>,
           ExpandFamily<Family::Alibi>, ExpandFamily<Family::Sinusoidal>>(ctx);
}
