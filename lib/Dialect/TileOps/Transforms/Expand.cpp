//===- Expand.cpp - tileops-expand: tileops -> cuda_tile ------------------===//
//
// Part of TileIR. One pattern template per family (`ExpandFamily<F>`). The
// elementwise families and the fused gated activations call each op's
// `emitMath` (TileOpsMath.cpp); RoPE, dropout, ALiBi and sinusoidal are
// expanded here. All of it is written with `Emitter` (TileOpsEmitter.h), a
// small emitter of cuda_tile ops on tiles of one shape. Floats are computed
// in f32 and rounded once to the result type.
//
//===----------------------------------------------------------------------===//

#include "tileir/Dialect/TileOps/Transforms/Passes.h"

#include "tileir/Dialect/TileOps/IR/TileOpsEmitter.h"

#include "tileir/Dialect/CudaTile/Transforms/Passes.h"

#include "mlir/IR/BuiltinAttributes.h"
#include "mlir/IR/PatternMatch.h"
#include "mlir/Rewrite/PatternApplicator.h"
#include "mlir/Transforms/WalkPatternRewriteDriver.h"
#include "llvm/ADT/SetVector.h"

#include <array>
#include <cmath>

namespace mlir::tileops {
#define GEN_PASS_DEF_TILEOPSEXPAND
#include "tileir/Dialect/TileOps/Transforms/Passes.h.inc"
} // namespace mlir::tileops

using namespace mlir;
using namespace mlir::tileops;

namespace {

double f64(Operation *op, StringRef name, double dflt = 0.0) {
  if (auto a = op->getAttrOfType<FloatAttr>(name))
    return a.getValueAsDouble();
  return dflt;
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
    Emitter e(rw, op->getLoc(), resType.getShape());
    e.unsignedInts = op->hasAttr("unsigned_int");
    Value y = expand(e, *info, op, resType.getElementType());
    if (!y)
      return failure();
    rw.replaceOp(op, y);
    return success();
  }

  /// Inputs in compute form: floats in f32.
  static Value compute(Emitter &e, Value v) {
    return Emitter::isF(v) ? e.cvt(v, e.f32) : v;
  }

  static Value expand(Emitter &e, const OpInfo &info, Operation *op,
                      Type resElt) {
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
      Value act = cast<ElementwiseMathOpInterface>(op).emitMath(e, g);
      return e.round(e.mul(act, compute(e, v)), resElt);
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
      Value y = cast<ElementwiseMathOpInterface>(op).emitMath(e, in);
      return Emitter::elt(y) == resElt ? y : e.round(y, resElt);
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
    Emitter &e;
    bool interleaved;
    SmallVector<int64_t> split, part;
    Halves(Emitter &e, bool interleaved)
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
      Type elt = Emitter::elt(v);
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
      Type elt = Emitter::elt(v);
      if (interleaved)
        v = ct::ReshapeOp::create(e.b, e.loc, tile(split, elt), v);
      SmallVector<Value> idx(split.size(), e.idx(0));
      return ct::ExtractOp::create(e.b, e.loc, tile(part, elt), v, idx);
    }
    Value join(Value first, Value second) const {
      Type elt = Emitter::elt(first);
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
  /// Cody-Waite reduction (`Emitter::sinCosParts`); when c is provably (2i,
  /// 2i + 1) pairs along the last dimension (a ramp `iota` + even offset,
  /// broadcast over the leading dimensions), the angle is taken once per
  /// pair (the (.., C/2, 2) view's [.., 0] half, as rope_non_neox) and sin
  /// and cos of it are joined with `cat`. Otherwise libdevice sinf/cosf.
  static Value expandSinusoidal(Emitter &e, Operation *op, Type resElt) {
    int64_t dm = op->getAttrOfType<IntegerAttr>("d_model").getInt();
    auto seqLen = op->getAttrOfType<IntegerAttr>("seq_len");
    bool reduced = seqLen && seqLen.getInt() <= (int64_t(1) << 17);
    Value p = op->getOperand(0), c = op->getOperand(1);
    auto shapeOf = [](Value v) {
      return SmallVector<int64_t>(cast<ct::TileType>(v.getType()).getShape());
    };
    // Column quantities on c's source tile.
    Value cs = unbroadcast(c);
    Emitter ec(e.b, e.loc, shapeOf(cs));
    Value twoI = ec.andi(cs, ec.c(-2, ec.i32));
    Value ex = ec.div(ec.cvt(twoI, ec.f32), ec.c(static_cast<double>(dm)));
    Value pw = ec.pow(ec.c(10000.0), ex);
    Value rcp = ec.div(ec.c(1.0), pw);
    Value ps = unbroadcast(p);
    Emitter ep(e.b, e.loc, shapeOf(ps));
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
    auto angleOn = [&](Emitter &h, Value pwv, Value rcpv, Value pv) {
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
    Emitter h(e.b, e.loc, pairsOf.part);
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
  static Value expandRope(Emitter &e, StringRef name, Operation *op,
                          Type resElt) {
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
    Emitter a(e.b, e.loc, angShape);
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
    Emitter h(e.b, e.loc, halves.part);
    auto [x1, x2] = halves.both(x);
    if (!neox)
      angle = halves.first(angle);
    // Positions stated in [lb, ub] (`assume bounded`, as the kernel
    // builder's): angles below 2^17 share one Cody-Waite reduction
    // (`Emitter::sinCosParts`) for cos and sin; otherwise libdevice cosf/sinf.
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
  static Value expandDropout(Emitter &e, Operation *op, Type resElt) {
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
      Emitter g(e.b, e.loc, {n / 4, 1});
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
  static std::array<Value, 4> philox(Emitter &e, Operation *op, Value c0) {
    Emitter s(e.b, e.loc, {});
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
