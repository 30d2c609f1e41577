//===- Elementwise.cpp - CUDA variants of elementwise primitives ----------===//
//
// Part of TileIR. Two variant templates cover every elementwise primitive
// (zero, fill, memset, iota, cast, sqrt, exp, exp2, log2, reciprocal, silu,
// add, sub, mul, fdiv, maximum, minimum, fma, cmp, select, map (whose body
// is its scalar emitter), and register-to-register copy). A primitive
// contributes only its element computation (an ElementwiseSpec: a scalar
// emitter, optionally a packed two-element emitter and a fast-math / chip
// check):
//
//   reg (10):  every buffer is local; walks the destination's per-thread
//              storage, fully unrolled. Operands must be register-compatible
//              with the destination (see checkRegisterCompatible).
//   smem (10): every buffer is shared; all threads of the scope active; the
//              flat index space is partitioned as [outer, threads, vec] (TIRx
//              B8): a serial loop over `outer`, the thread id, and the widest
//              aligned vector (<= 16 bytes) every operand's layout allows.
//
// Packed forms: pairs of f16/bf16 elements go through vector<2 x T> ops
// (add.rn.f16x2, fma.rn.bf16x2, max.f16x2, ...) and f32 pairs through the
// x2 conversions (cvt.rn.f16x2.f32, cvt.rn.satfinite.e4m3x2.f32) when two
// consecutive elements of the destination are contiguous in storage.
//
//===----------------------------------------------------------------------===//

#include "GemmCodegen.h"
#include "PerElement.h"
#include "Variants.h"

#include "tileir/Dialect/TirX/Utils/LayoutCodegen.h"
#include "tileir/Dialect/TirX/Utils/ScalarMath.h"
#include "tileir/Dispatch/Dispatch.h"
#include "tileir/Dispatch/Predicates.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/GPU/IR/GPUDialect.h"
#include "mlir/Dialect/LLVMIR/LLVMDialect.h"
#include "mlir/Dialect/LLVMIR/NVVMDialect.h"
#include "mlir/Dialect/Math/IR/Math.h"
#include "mlir/Dialect/MemRef/IR/MemRef.h"
#include "mlir/Dialect/SCF/IR/SCF.h"
#include "mlir/Dialect/Vector/IR/VectorOps.h"
#include "mlir/IR/IRMapping.h"
#include "llvm/ADT/TypeSwitch.h"
#include "llvm/Support/MathExtras.h"

using namespace mlir;
using namespace tileir;
using namespace tileir::dispatch;
using layout::checkRegisterCompatible;
using tirx::checkOperandsCompatible;

namespace {

//===----------------------------------------------------------------------===//
// Element computations
//===----------------------------------------------------------------------===//

/// Computes one destination element from the source elements (in operand
/// order; iota receives its flat index as an i32).
using ScalarEmitter = std::function<Value(OpBuilder &, Location, Operation *,
                                          ArrayRef<Value>, Type)>;
/// Computes two destination elements at once from vector<2 x T> sources
/// (scalar operands are splatted); returns vector<2 x dst element type>.
using PackedEmitter = std::function<Value(OpBuilder &, Location, Operation *,
                                          ArrayRef<Value>, Type)>;
/// Why a target or fast-math setting cannot be honoured, or nullopt.
using SpecCheck = std::function<std::optional<std::string>(
    Operation *, const DispatchContext &)>;

/// What an elementwise primitive computes.
struct ElementwiseSpec {
  ScalarEmitter scalar;
  /// Whether the packed form applies to this op (its types); may be null.
  std::function<bool(Operation *)> canPack;
  PackedEmitter packed;
  SpecCheck check;
  /// The emitter reads the element's flat index (iota).
  bool needsFlatIndex = false;
};

bool isFloat(Type t) { return isa<FloatType>(t); }
bool isHalfLike(Type t) { return t.isF16() || t.isBF16(); }

Type elementTypeOf(Type t) {
  if (auto buffer = dyn_cast<tirx::BufferType>(t))
    return buffer.getElementType();
  return t;
}
Type dstElementType(Operation *op) {
  return elementTypeOf(op->getOperand(0).getType());
}

/// A fast-math flag: the op's unit attribute or a true/unit `config` key.
bool hasFlag(Operation *op, StringRef name) {
  if (op->hasAttr(name))
    return true;
  auto prim = cast<tirx::PrimitiveOpInterface>(op);
  DictionaryAttr config = prim.getConfigDict();
  if (!config)
    return false;
  Attribute value = config.get(name);
  if (auto b = dyn_cast_or_null<BoolAttr>(value))
    return b.getValue();
  return isa_and_nonnull<UnitAttr>(value);
}

Value cstFloat(OpBuilder &b, Location loc, Type type, double v) {
  return arith::ConstantOp::create(b, loc, type, b.getFloatAttr(type, v));
}

/// Converts `v` to `to` (integer/float widening, narrowing and crossing;
/// f8 conversions go through cvtToF8/cvtFromF8).
Value emitConvert(OpBuilder &b, Location loc, Value v, Type to,
                  bool isUnsigned);

/// f32 -> f8 pairs with the hardware conversion: e4m3 saturates (satfinite),
/// e5m2 keeps infinities: |x| >= 61440 (the midpoint between the largest
/// finite e5m2, 57344, and 2^16, which ties to even upwards) becomes +-inf.
SmallVector<Value> cvtToF8(OpBuilder &b, Location loc, Value x0, Value x1,
                           Type to) {
  Type i8 = b.getI8Type();
  auto pairType = VectorType::get({2}, i8);
  // cvt packs its first operand in the upper byte: element 1.
  Value pair = NVVM::ConvertF32x2ToF8x2Op::create(
      b, loc, pairType, x1, x0,
      NVVM::FPRoundingModeAttr::get(b.getContext(), NVVM::FPRoundingMode::RN),
      NVVM::SaturationModeAttr::get(b.getContext(),
                                    NVVM::SaturationMode::SATFINITE),
      b.getBoolAttr(false), TypeAttr::get(to));
  SmallVector<Value> result;
  Value xs[] = {x0, x1};
  for (auto [i, x] : llvm::enumerate(xs)) {
    Value bits = vector::ExtractOp::create(b, loc, pair, int64_t(i));
    if (isa<Float8E5M2Type>(to)) {
      Value mag = math::AbsFOp::create(b, loc, x);
      Value over =
          arith::CmpFOp::create(b, loc, arith::CmpFPredicate::OGE, mag,
                                cstFloat(b, loc, x.getType(), 61440.0));
      Value neg = arith::CmpFOp::create(b, loc, arith::CmpFPredicate::OLT, x,
                                        cstFloat(b, loc, x.getType(), 0.0));
      Value inf = arith::SelectOp::create(
          b, loc, neg, arith::ConstantIntOp::create(b, loc, i8, 0xFC),
          arith::ConstantIntOp::create(b, loc, i8, 0x7C));
      bits = arith::SelectOp::create(b, loc, over, inf, bits);
    }
    result.push_back(arith::BitcastOp::create(b, loc, to, bits));
  }
  return result;
}

/// f8 pairs -> f16 pairs with the hardware conversion (exact).
Value cvtF8PairToF16(OpBuilder &b, Location loc, Value y0, Value y1) {
  Type i8 = b.getI8Type();
  Value v0 = arith::BitcastOp::create(b, loc, i8, y0);
  Value v1 = arith::BitcastOp::create(b, loc, i8, y1);
  Value pair = vector::FromElementsOp::create(b, loc, VectorType::get({2}, i8),
                                              {v0, v1});
  return NVVM::ConvertF8x2ToF16x2Op::create(
      b, loc, VectorType::get({2}, b.getF16Type()), pair, b.getBoolAttr(false),
      TypeAttr::get(y0.getType()));
}

/// Converts a pair (x0, x1) to `to`, using the x2 hardware conversions
/// where they exist.
SmallVector<Value> convertPair(OpBuilder &b, Location loc, Value x0, Value x1,
                               Type to, bool isUnsigned) {
  Type from = x0.getType();
  Type f32 = b.getF32Type();
  if (isF8(to)) {
    Value a = emitConvert(b, loc, x0, f32, false);
    Value c = emitConvert(b, loc, x1, f32, false);
    return cvtToF8(b, loc, a, c, to);
  }
  if (isF8(from)) {
    Value h = cvtF8PairToF16(b, loc, x0, x1);
    SmallVector<Value> result;
    for (int64_t i = 0; i < 2; ++i) {
      Value e = vector::ExtractOp::create(b, loc, h, i);
      result.push_back(emitConvert(b, loc, e, to, false));
    }
    return result;
  }
  if (from.isF32() && isHalfLike(to)) {
    auto vt = VectorType::get({2}, to);
    Value packed =
        to.isF16() ? NVVM::ConvertF32x2ToF16x2Op::create(
                         b, loc, vt, x1, x0, Value(), NVVM::FPRoundingMode::RN,
                         NVVM::SaturationMode::NONE, false)
                         .getResult()
                   : NVVM::ConvertF32x2ToBF16x2Op::create(
                         b, loc, vt, x1, x0, Value(), NVVM::FPRoundingMode::RN,
                         NVVM::SaturationMode::NONE, false)
                         .getResult();
    return {vector::ExtractOp::create(b, loc, packed, int64_t(0)),
            vector::ExtractOp::create(b, loc, packed, int64_t(1))};
  }
  return {emitConvert(b, loc, x0, to, isUnsigned),
          emitConvert(b, loc, x1, to, isUnsigned)};
}

Value emitConvert(OpBuilder &b, Location loc, Value v, Type to,
                  bool isUnsigned) {
  Type from = v.getType();
  if (from == to)
    return v;
  if (isF8(from) || isF8(to)) {
    // A single element: pair it with itself.
    return convertPair(b, loc, v, v, to, isUnsigned).front();
  }
  if (isFloat(from) && isFloat(to)) {
    if (from.getIntOrFloatBitWidth() < to.getIntOrFloatBitWidth() &&
        !(from.isF16() && to.isBF16()) && !(from.isBF16() && to.isF16()))
      return arith::ExtFOp::create(b, loc, to, v);
    if (from.getIntOrFloatBitWidth() == to.getIntOrFloatBitWidth())
      return arith::TruncFOp::create(
          b, loc, to, arith::ExtFOp::create(b, loc, b.getF32Type(), v));
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
  // Float to i1: nonzero is true (as cuda_tile ftoi to i1).
  if (to.isInteger(1))
    return arith::CmpFOp::create(
        b, loc, arith::CmpFPredicate::UNE, v,
        arith::ConstantOp::create(b, loc, b.getZeroAttr(from)));
  return isUnsigned ? arith::FPToUIOp::create(b, loc, to, v).getResult()
                    : arith::FPToSIOp::create(b, loc, to, v).getResult();
}

/// The unary float functions, computed in f32 for f16/bf16 (exactly
/// widened, rounded once on the way back).
enum class UnaryFn { Sqrt, Exp, Exp2, Log2, Reciprocal, Silu };

Value emitUnaryF32(OpBuilder &b, Location loc, UnaryFn fn, Value x, bool approx,
                   bool ftz) {
  Type f32 = x.getType();
  auto rcpApprox = [&](Value v) -> Value {
    if (ftz)
      return NVVM::RcpApproxFtzF32Op::create(b, loc, f32, v);
    // rcp.approx.f32: NVPTX selects it for 1/x with approximate functions.
    auto flags = arith::FastMathFlagsAttr::get(
        b.getContext(), arith::FastMathFlags::afn | arith::FastMathFlags::arcp);
    return arith::DivFOp::create(b, loc, cstFloat(b, loc, f32, 1.0), v, flags);
  };
  switch (fn) {
  case UnaryFn::Sqrt:
    return tirx::emitSqrt(b, loc, x, approx ? "approx" : "rn", ftz);
  case UnaryFn::Exp:
    return tirx::emitExp(b, loc, x, approx, ftz);
  case UnaryFn::Exp2:
    return tirx::emitExp2(b, loc, x, approx, ftz);
  case UnaryFn::Log2:
    return tirx::emitLog2(b, loc, x, approx, ftz);
  case UnaryFn::Reciprocal:
    if (approx)
      return rcpApprox(x);
    if (ftz)
      return tirx::emitIntrinsic(b, loc, "llvm.nvvm.rcp.rn.ftz.f", f32, x);
    return arith::DivFOp::create(b, loc, cstFloat(b, loc, f32, 1.0), x);
  case UnaryFn::Silu: {
    // x / (1 + e^-x)
    if (approx) {
      // 2^(x * -log2 e)
      Value e = tirx::emitExp2(
          b, loc,
          arith::MulFOp::create(b, loc, x,
                                cstFloat(b, loc, f32, -1.4426950408889634)),
          /*approx=*/true, ftz);
      Value den = arith::AddFOp::create(b, loc, e, cstFloat(b, loc, f32, 1.0));
      return arith::MulFOp::create(b, loc, x, rcpApprox(den));
    }
    Value e = math::ExpOp::create(b, loc, arith::NegFOp::create(b, loc, x));
    Value den = arith::AddFOp::create(b, loc, e, cstFloat(b, loc, f32, 1.0));
    return arith::DivFOp::create(b, loc, x, den);
  }
  }
  llvm_unreachable("unknown unary function");
}

/// Which of the optional scale and bias operands a unary math op has.
std::pair<bool, bool> affineOperands(Operation *op) {
  return llvm::TypeSwitch<Operation *, std::pair<bool, bool>>(op)
      .Case<tirx::SqrtOp, tirx::ExpOp, tirx::Exp2Op, tirx::Log2Op>(
          [](auto math) {
            return std::make_pair(bool(math.getScale()), bool(math.getBias()));
          })
      .Default([](Operation *) { return std::make_pair(false, false); });
}

/// The unary spec: optional scale/bias operands (op(src*scale + bias)),
/// fast math from `approx`/`ftz`.
ElementwiseSpec unarySpec(UnaryFn fn, bool hasAffine) {
  ElementwiseSpec spec;
  spec.scalar = [fn, hasAffine](OpBuilder &b, Location loc, Operation *op,
                                ArrayRef<Value> v, Type type) -> Value {
    Type f32 = b.getF32Type();
    auto widen = [&](Value x) { return emitConvert(b, loc, x, f32, false); };
    Value x = widen(v[0]);
    if (hasAffine) {
      // Operands after src: scale then bias, each when present.
      auto [hasScale, hasBias] = affineOperands(op);
      size_t next = 1;
      Value scale = hasScale ? widen(v[next++]) : Value();
      Value bias = hasBias ? widen(v[next++]) : Value();
      if (scale && bias)
        x = math::FmaOp::create(b, loc, x, scale, bias);
      else if (scale)
        x = arith::MulFOp::create(b, loc, x, scale);
      else if (bias)
        x = arith::AddFOp::create(b, loc, x, bias);
    }
    Value y =
        emitUnaryF32(b, loc, fn, x, hasFlag(op, "approx"), hasFlag(op, "ftz"));
    return emitConvert(b, loc, y, type, false);
  };
  spec.check = [fn](Operation *op,
                    const DispatchContext &) -> std::optional<std::string> {
    bool approx = hasFlag(op, "approx"), ftz = hasFlag(op, "ftz");
    Type type = dstElementType(op);
    if ((approx || ftz) && !type.isF32()) {
      std::string why;
      llvm::raw_string_ostream os(why);
      os << "approx and ftz have f32 hardware forms only, got "
         << (approx ? "approx" : "ftz") << " on " << type;
      return why;
    }
    bool libdevice =
        fn == UnaryFn::Exp || fn == UnaryFn::Log2 || fn == UnaryFn::Silu;
    if (ftz && !approx && libdevice)
      return std::string("ftz without approx has no hardware form here "
                         "(the precise function is a libdevice call)");
    return std::nullopt;
  };
  return spec;
}

/// Pairs of f16/bf16 elements (and f32 with ftz excluded) take the packed
/// vector<2 x T> form.
bool packsHalf(Operation *op) {
  return isHalfLike(dstElementType(op)) && !hasFlag(op, "ftz");
}

/// add, sub, mul, fdiv: arith on scalars and (for add/sub/mul) on pairs;
/// `ftz` in config selects the .ftz f32 forms.
template <typename FloatOp, typename IntOp>
ElementwiseSpec arithSpec(StringRef ftzIntrinsic, bool packs) {
  ElementwiseSpec spec;
  std::string ftzName = ftzIntrinsic.str();
  bool isSub = std::is_same_v<FloatOp, arith::SubFOp>;
  spec.scalar = [ftzName, isSub](OpBuilder &b, Location loc, Operation *op,
                                 ArrayRef<Value> v, Type type) -> Value {
    if (!isFloat(type))
      return IntOp::create(b, loc, v[0], v[1]);
    if (hasFlag(op, "ftz")) {
      Value rhs =
          isSub ? arith::NegFOp::create(b, loc, v[1]).getResult() : v[1];
      return tirx::emitIntrinsic(b, loc, ftzName, type, {v[0], rhs});
    }
    return FloatOp::create(b, loc, v[0], v[1]);
  };
  if (packs) {
    spec.canPack = packsHalf;
    spec.packed = [](OpBuilder &b, Location loc, Operation *, ArrayRef<Value> v,
                     Type) -> Value {
      return FloatOp::create(b, loc, v[0], v[1]);
    };
  }
  spec.check = [](Operation *op,
                  const DispatchContext &) -> std::optional<std::string> {
    if (hasFlag(op, "approx"))
      return std::string("approx has no form for ") +
             op->getName().getStringRef().str();
    if (hasFlag(op, "ftz") && !dstElementType(op).isF32())
      return std::string("ftz has an f32 hardware form only");
    return std::nullopt;
  };
  return spec;
}

/// Rejects fast-math flags on primitives without such forms.
std::optional<std::string> noFastMath(Operation *op, const DispatchContext &) {
  for (StringRef flag : {"approx", "ftz"})
    if (hasFlag(op, flag))
      return flag.str() + " has no form for " +
             op->getName().getStringRef().str();
  return std::nullopt;
}

template <typename PrimOp, typename NanOp, typename NumOp, typename SOp,
          typename UOp, typename LLVMNanOp, typename LLVMNumOp>
ElementwiseSpec minMaxSpec() {
  ElementwiseSpec spec;
  spec.scalar = [](OpBuilder &b, Location loc, Operation *op, ArrayRef<Value> v,
                   Type type) -> Value {
    auto prim = cast<PrimOp>(op);
    if (isFloat(type))
      return prim.getPropagateNan()
                 ? NanOp::create(b, loc, v[0], v[1]).getResult()
                 : NumOp::create(b, loc, v[0], v[1]).getResult();
    return prim.getUnsigned_() ? UOp::create(b, loc, v[0], v[1]).getResult()
                               : SOp::create(b, loc, v[0], v[1]).getResult();
  };
  spec.canPack = packsHalf;
  // The LLVM intrinsics directly: the libdevice lowering of arith's min/max
  // would scalarize the pair.
  spec.packed = [](OpBuilder &b, Location loc, Operation *op, ArrayRef<Value> v,
                   Type) -> Value {
    if (cast<PrimOp>(op).getPropagateNan())
      return LLVMNanOp::create(b, loc, v[0], v[1]);
    return LLVMNumOp::create(b, loc, v[0], v[1]);
  };
  spec.check = noFastMath;
  return spec;
}

ElementwiseSpec fmaSpec() {
  ElementwiseSpec spec;
  spec.scalar = [](OpBuilder &b, Location loc, Operation *op, ArrayRef<Value> v,
                   Type type) -> Value {
    if (!isFloat(type))
      return arith::AddIOp::create(
          b, loc, arith::MulIOp::create(b, loc, v[0], v[1]), v[2]);
    if (isF8(type)) {
      // No f8 arithmetic: the operands convert to f32 exactly, the product
      // is exact there, and the f32 sum rounds to f8 (satfinite for e4m3).
      Type f32 = b.getF32Type();
      auto wide = [&](Value x) { return emitConvert(b, loc, x, f32, false); };
      Value r = LLVM::FMAOp::create(b, loc, wide(v[0]), wide(v[1]), wide(v[2]));
      return emitConvert(b, loc, r, type, false);
    }
    if (hasFlag(op, "ftz"))
      return tirx::emitIntrinsic(b, loc, "llvm.nvvm.fma.rn.ftz.f", type,
                                 {v[0], v[1], v[2]});
    return LLVM::FMAOp::create(b, loc, v[0], v[1], v[2]);
  };
  spec.canPack = packsHalf;
  spec.packed = [](OpBuilder &b, Location loc, Operation *, ArrayRef<Value> v,
                   Type) -> Value {
    return LLVM::FMAOp::create(b, loc, v[0], v[1], v[2]);
  };
  spec.check = [](Operation *op,
                  const DispatchContext &ctx) -> std::optional<std::string> {
    if (hasFlag(op, "approx"))
      return std::string("approx has no form for tirx.fma");
    if (hasFlag(op, "ftz") && !dstElementType(op).isF32())
      return std::string("ftz has an f32 hardware form only");
    if (isF8(dstElementType(op)) && ctx.getTarget().getSmVersion() < 89)
      return "f8 fma converts through f32 with cvt e4m3x2/e5m2x2 (sm_89 or "
             "newer), target is " +
             ctx.getTarget().getChip().str();
    return std::nullopt;
  };
  return spec;
}

ElementwiseSpec castSpec() {
  ElementwiseSpec spec;
  spec.scalar = [](OpBuilder &b, Location loc, Operation *op, ArrayRef<Value> v,
                   Type type) {
    return emitConvert(b, loc, v[0], type,
                       cast<tirx::CastOp>(op).getUnsigned_());
  };
  spec.canPack = [](Operation *op) {
    Type to = dstElementType(op);
    Type from = elementTypeOf(op->getOperand(1).getType());
    return isF8(to) || isF8(from) || (from.isF32() && isHalfLike(to));
  };
  // The pair conversion is exposed through convertPair; the packed emitter
  // unpacks and repacks so that both templates can share it.
  spec.packed = [](OpBuilder &b, Location loc, Operation *op, ArrayRef<Value> v,
                   Type type) -> Value {
    Value x0 = vector::ExtractOp::create(b, loc, v[0], int64_t(0));
    Value x1 = vector::ExtractOp::create(b, loc, v[0], int64_t(1));
    SmallVector<Value> y = convertPair(b, loc, x0, x1, type,
                                       cast<tirx::CastOp>(op).getUnsigned_());
    return vector::FromElementsOp::create(b, loc, VectorType::get({2}, type),
                                          y);
  };
  spec.check = [](Operation *op,
                  const DispatchContext &ctx) -> std::optional<std::string> {
    if (auto why = noFastMath(op, ctx))
      return why;
    Type to = dstElementType(op);
    Type from = elementTypeOf(op->getOperand(1).getType());
    if (!isF8(to) && !isF8(from))
      return std::nullopt;
    if (ctx.getTarget().getSmVersion() < 89)
      return "f8 conversions need cvt with e4m3x2/e5m2x2 (sm_89 or newer), "
             "target is " +
             ctx.getTarget().getChip().str();
    if (from.isF64() || to.isF64())
      return std::string("f64 <-> f8 would round twice through f32");
    return std::nullopt;
  };
  return spec;
}

ElementwiseSpec simpleSpec(ScalarEmitter scalar) {
  ElementwiseSpec spec;
  spec.scalar = std::move(scalar);
  spec.check = noFastMath;
  return spec;
}

/// The f8 conversion of a tirx.map body op (arith.extf / truncf with an f8
/// side), which LLVM cannot express: the hardware cvt instructions.
bool isF8Conversion(Operation &op) {
  return isa<arith::ExtFOp, arith::TruncFOp>(op) &&
         (isF8(op.getOperand(0).getType()) || isF8(op.getResult(0).getType()));
}
bool isE8M0(Type t) { return isa<Float8E8M0FNUType>(t); }

/// The body ops with a packed vector<2 x T> form (f16x2/bf16x2 PTX
/// instructions) and the LLVM op that keeps the pair packed.
Operation *clonePacked(OpBuilder &b, Operation &op, IRMapping &mapping,
                       Type pairType) {
  Location loc = op.getLoc();
  auto in = [&](unsigned i) { return mapping.lookup(op.getOperand(i)); };
  Value r = llvm::TypeSwitch<Operation *, Value>(&op)
                .Case<arith::MaximumFOp>([&](auto) {
                  return LLVM::MaximumOp::create(b, loc, in(0), in(1));
                })
                .Case<arith::MinimumFOp>([&](auto) {
                  return LLVM::MinimumOp::create(b, loc, in(0), in(1));
                })
                .Case<arith::MaxNumFOp>([&](auto) {
                  return LLVM::MaxNumOp::create(b, loc, in(0), in(1));
                })
                .Case<arith::MinNumFOp>([&](auto) {
                  return LLVM::MinNumOp::create(b, loc, in(0), in(1));
                })
                .Case<math::FmaOp>([&](auto) {
                  return LLVM::FMAOp::create(b, loc, in(0), in(1), in(2));
                })
                .Case<math::AbsFOp>([&](auto) -> Value {
                  // The sign bits cleared (abs.f16x2 / abs.bf16x2): the GPU
                  // to NVVM conversion takes llvm.intr.fabs only as a
                  // libdevice call on scalars.
                  Type i32 = b.getI32Type();
                  Value bits = LLVM::BitcastOp::create(b, loc, i32, in(0));
                  Value mask = LLVM::ConstantOp::create(
                      b, loc, i32, b.getI32IntegerAttr(0x7fff7fff));
                  Value cleared = LLVM::AndOp::create(b, loc, bits, mask);
                  return LLVM::BitcastOp::create(b, loc, pairType, cleared);
                })
                .Default([&](Operation *) {
                  Operation *clone = b.clone(op, mapping);
                  clone->getResult(0).setType(pairType);
                  return clone->getResult(0);
                });
  mapping.map(op.getResult(0), r);
  return r.getDefiningOp();
}

/// Whether a tirx.map body computes f16/bf16 pairs packed: every body op is
/// one with a packed form on the destination's element type.
bool mapPacksHalf(Operation *op) {
  Type elem = dstElementType(op);
  if (!isHalfLike(elem) || hasFlag(op, "ftz"))
    return false;
  auto map = cast<tirx::MapOp>(op);
  Block &body = map.getBody().front();
  for (BlockArgument arg : body.getArguments())
    if (arg.getType() != elem)
      return false;
  for (Operation &inner : body.without_terminator()) {
    if (!isa<arith::AddFOp, arith::SubFOp, arith::MulFOp, arith::NegFOp,
             arith::MaximumFOp, arith::MinimumFOp, arith::MaxNumFOp,
             arith::MinNumFOp, math::FmaOp, math::AbsFOp>(inner) ||
        inner.getNumResults() != 1 || inner.getResult(0).getType() != elem)
      return false;
    // Fast-math flags would change the packed instruction; keep them scalar.
    if (auto fm = inner.getAttrOfType<arith::FastMathFlagsAttr>("fastmath"))
      if (fm.getValue() != arith::FastMathFlags::none)
        return false;
  }
  return true;
}

/// A tirx.map body that is one conversion with an x2 hardware form
/// (f8 <-> f32/f16, f32 -> f16/bf16).
Operation *singleConversion(Operation *op) {
  Block &body = cast<tirx::MapOp>(op).getBody().front();
  if (!llvm::hasSingleElement(body.without_terminator()))
    return nullptr;
  Operation &inner = body.front();
  if (!isa<arith::ExtFOp, arith::TruncFOp>(inner) ||
      inner.getOperand(0) != body.getArgument(0) ||
      cast<tirx::YieldOp>(body.getTerminator()).getValue() !=
          inner.getResult(0))
    return nullptr;
  Type from = inner.getOperand(0).getType(), to = inner.getResult(0).getType();
  if (isF8(to) || isF8(from) || (from.isF32() && isHalfLike(to)))
    return &inner;
  return nullptr;
}

/// tirx.map: the body is the scalar emitter; f8 conversions in it take the
/// hardware cvt forms; f16/bf16 bodies of packable ops and single x2
/// conversions compute element pairs.
ElementwiseSpec mapSpec() {
  ElementwiseSpec spec;
  spec.scalar = [](OpBuilder &b, Location loc, Operation *op, ArrayRef<Value> v,
                   Type) -> Value {
    Block &body = cast<tirx::MapOp>(op).getBody().front();
    IRMapping mapping;
    mapping.map(body.getArguments(), v);
    for (Operation &inner : body.without_terminator()) {
      if (isF8Conversion(inner)) {
        mapping.map(inner.getResult(0),
                    emitConvert(b, loc, mapping.lookup(inner.getOperand(0)),
                                inner.getResult(0).getType(), false));
        continue;
      }
      b.clone(inner, mapping);
    }
    return mapping.lookupOrDefault(
        cast<tirx::YieldOp>(body.getTerminator()).getValue());
  };
  spec.canPack = [](Operation *op) {
    return mapPacksHalf(op) || singleConversion(op);
  };
  spec.packed = [](OpBuilder &b, Location loc, Operation *op, ArrayRef<Value> v,
                   Type type) -> Value {
    if (Operation *conv = singleConversion(op)) {
      Value x0 = vector::ExtractOp::create(b, loc, v[0], int64_t(0));
      Value x1 = vector::ExtractOp::create(b, loc, v[0], int64_t(1));
      SmallVector<Value> y =
          convertPair(b, loc, x0, x1, conv->getResult(0).getType(), false);
      return vector::FromElementsOp::create(b, loc, VectorType::get({2}, type),
                                            y);
    }
    Block &body = cast<tirx::MapOp>(op).getBody().front();
    IRMapping mapping;
    mapping.map(body.getArguments(), v);
    auto pairType = VectorType::get({2}, type);
    for (Operation &inner : body.without_terminator())
      clonePacked(b, inner, mapping, pairType);
    return mapping.lookupOrDefault(
        cast<tirx::YieldOp>(body.getTerminator()).getValue());
  };
  spec.check = [](Operation *op,
                  const DispatchContext &ctx) -> std::optional<std::string> {
    if (auto why = noFastMath(op, ctx))
      return why;
    Block &body = cast<tirx::MapOp>(op).getBody().front();
    for (Operation &inner : body.without_terminator()) {
      if (!isa<arith::ExtFOp, arith::TruncFOp>(inner))
        continue;
      Type from = inner.getOperand(0).getType();
      Type to = inner.getResult(0).getType();
      std::string chip = ctx.getTarget().getChip().str();
      if (isE8M0(from) || isE8M0(to))
        return "f8E8M0FNU conversions need cvt with ue8m0x2 (sm_100a); "
               "they are not supported on " +
               chip;
      if (!isF8(from) && !isF8(to))
        continue;
      if (ctx.getTarget().getSmVersion() < 89)
        return "f8 conversions need cvt with e4m3x2/e5m2x2 (sm_89 or "
               "newer); they are not supported on " +
               chip;
      if (from.isF64() || to.isF64())
        return std::string("f64 <-> f8 would round twice through f32");
    }
    return std::nullopt;
  };
  return spec;
}

/// Applies the spec to one group of `width` consecutive elements:
/// `elems[i]` holds operand i's elements (a scalar operand repeats its
/// value). Pairs take the packed form when the spec allows it.
SmallVector<Value> computeGroup(OpBuilder &b, Location loc, Operation *op,
                                const ElementwiseSpec &spec,
                                ArrayRef<SmallVector<Value>> elems,
                                int64_t width, Type dstType) {
  SmallVector<Value> results;
  bool pack = width % 2 == 0 && spec.packed && spec.canPack && spec.canPack(op);
  for (int64_t e = 0; e < width;) {
    if (pack) {
      SmallVector<Value> pairs;
      for (const SmallVector<Value> &opnd : elems) {
        auto vt = VectorType::get({2}, opnd[e].getType());
        pairs.push_back(
            vector::FromElementsOp::create(b, loc, vt, {opnd[e], opnd[e + 1]}));
      }
      Value r = spec.packed(b, loc, op, pairs, dstType);
      results.push_back(vector::ExtractOp::create(b, loc, r, int64_t(0)));
      results.push_back(vector::ExtractOp::create(b, loc, r, int64_t(1)));
      e += 2;
      continue;
    }
    SmallVector<Value> scalars;
    for (const SmallVector<Value> &opnd : elems)
      scalars.push_back(opnd[e]);
    results.push_back(spec.scalar(b, loc, op, scalars, dstType));
    ++e;
  }
  return results;
}

/// The element sources of an elementwise primitive: every operand after the
/// destination.
SmallVector<Value> getSources(Operation *op) {
  return llvm::to_vector(op->getOperands().drop_front());
}

Predicate specCheck(const ElementwiseSpec &spec) {
  SpecCheck check = spec.check;
  return {"fastMathAndChip",
          [check](Operation *op, const DispatchContext &ctx) {
            if (check)
              if (auto why = check(op, ctx))
                return Outcome::fail(*why);
            return Outcome::ok();
          }};
}

//===----------------------------------------------------------------------===//
// reg
//===----------------------------------------------------------------------===//

/// Every buffer source is register-compatible with the destination, and the
/// destination holds each of its elements in one slot.
Predicate registerCompatible() {
  return {"registerCompatible", [](Operation *op, const DispatchContext &) {
            if (auto why = checkOperandsCompatible(op, /*anchorIndex=*/0))
              return Outcome::fail(*why);
            auto dstType = cast<tirx::BufferType>(op->getOperand(0).getType());
            FailureOr<BitLayout> dst = BitLayout::get(dstType.getTileLayout());
            if (failed(dst))
              return Outcome::fail("destination layout is not a bit layout");
            for (const LayoutBit &bit : dst->shard)
              if (bit.stride == 0)
                return Outcome::fail("destination layout broadcasts");
            return Outcome::ok();
          }};
}

/// The `reg` implementation: for every slot (or contiguous slot pair) of the
/// destination, load each source's matching slots, compute, store.
Outcome emitRegisterElementwise(Operation *op, RewriterBase &rewriter,
                                const ElementwiseSpec &spec) {
  Location loc = op->getLoc();
  Value dstBuf = op->getOperand(0);
  SmallVector<Value> srcs = getSources(op);
  auto dstType = cast<tirx::BufferType>(dstBuf.getType());
  BitLayout dst = *BitLayout::get(dstType.getTileLayout());
  Value dstStorage = getStorage(rewriter, loc, dstBuf);

  SmallVector<std::optional<BitLayout>> srcBits;
  SmallVector<Value> srcStorage;
  for (Value src : srcs) {
    auto type = dyn_cast<tirx::BufferType>(src.getType());
    srcBits.push_back(
        type ? std::optional<BitLayout>(*BitLayout::get(type.getTileLayout()))
             : std::nullopt);
    srcStorage.push_back(type ? getStorage(rewriter, loc, src) : Value());
  }
  Value threadFlat;
  if (spec.needsFlatIndex)
    threadFlat = emitThreadBits(rewriter, loc, dst, emitThreadId(rewriter, loc),
                                0, dst.getNumBits());

  // The contiguous register tail: the flat bit stored at stride 1.
  SmallVector<unsigned> memBits = dst.memoryBits();
  std::optional<unsigned> pairBit;
  if (spec.packed && spec.canPack && spec.canPack(op))
    for (unsigned j : memBits)
      if (dst.shard[j].stride == 1)
        pairBit = j;
  SmallVector<unsigned> groupBits;
  for (unsigned j : memBits)
    if (j != pairBit)
      groupBits.push_back(j);
  int64_t width = pairBit ? 2 : 1;

  for (int64_t base : enumerateSubsets(groupBits)) {
    SmallVector<int64_t> flats = {base};
    if (pairBit)
      flats.push_back(base | (int64_t(1) << *pairBit));
    SmallVector<SmallVector<Value>> elems;
    for (auto [i, src] : llvm::enumerate(srcs)) {
      SmallVector<Value> &vals = elems.emplace_back();
      for (int64_t flat : flats) {
        if (!srcBits[i]) {
          vals.push_back(src);
          continue;
        }
        Value index = arith::ConstantIndexOp::create(
            rewriter, loc, srcBits[i]->storageIndex(flat));
        vals.push_back(
            memref::LoadOp::create(rewriter, loc, srcStorage[i], index));
      }
    }
    if (spec.needsFlatIndex) {
      SmallVector<Value> &vals = elems.emplace_back();
      for (int64_t flat : flats)
        vals.push_back(arith::OrIOp::create(
            rewriter, loc, threadFlat,
            arith::ConstantIntOp::create(rewriter, loc, rewriter.getI32Type(),
                                         flat)));
    }
    SmallVector<Value> results = computeGroup(rewriter, loc, op, spec, elems,
                                              width, dstType.getElementType());
    for (auto [flat, result] : llvm::zip(flats, results)) {
      Value index =
          arith::ConstantIndexOp::create(rewriter, loc, dst.storageIndex(flat));
      memref::StoreOp::create(rewriter, loc, result, dstStorage, index);
    }
  }
  return Outcome::ok();
}

//===----------------------------------------------------------------------===//
// smem
//===----------------------------------------------------------------------===//

/// The [outer, threads, vec] partition of a shared elementwise primitive.
struct SharedPartition {
  int64_t threads = 1, vec = 1, outer = 1;
};

/// The widest vector (elements) the layout allows: its lowest `log2(vec)`
/// flat bits are contiguous storage, every other stride and the base offset
/// are multiples of it.
int64_t maxVector(const BitLayout &layout, int64_t limit) {
  int64_t vec = 1;
  while (vec * 2 <= limit) {
    unsigned bits = llvm::Log2_64(vec * 2);
    if (bits > layout.getNumBits())
      break;
    bool ok = layout.memOffset % (vec * 2) == 0;
    for (unsigned j = 0; j < layout.getNumBits() && ok; ++j) {
      int64_t stride = layout.shard[j].stride;
      ok = j < bits ? stride == (int64_t(1) << j) : stride % (vec * 2) == 0;
    }
    if (!ok)
      break;
    vec *= 2;
  }
  return vec;
}

FailureOr<SharedPartition> planShared(Operation *op, const DispatchContext &ctx,
                                      std::string &why) {
  SharedPartition plan;
  plan.threads = ctx.getScopeThreads();
  auto dstType = cast<tirx::BufferType>(op->getOperand(0).getType());
  int64_t n = dstType.getNumElements();
  if (n % plan.threads != 0) {
    why = std::to_string(n) + " elements do not split over " +
          std::to_string(plan.threads) + " threads";
    return failure();
  }
  int64_t maxBytes = 1;
  for (Value v : op->getOperands())
    maxBytes = std::max<int64_t>(
        maxBytes, (elementTypeOf(v.getType()).getIntOrFloatBitWidth() + 7) / 8);
  int64_t vec = std::min<int64_t>(16 / maxBytes, n / plan.threads);
  for (Value v : op->getOperands()) {
    auto type = dyn_cast<tirx::BufferType>(v.getType());
    if (!type)
      continue;
    FailureOr<BitLayout> bits = BitLayout::get(type.getTileLayout());
    if (failed(bits)) {
      why = "layout is not a power-of-two layout";
      return failure();
    }
    for (const LayoutBit &bit : bits->shard)
      if (bit.stride == 0 && v == op->getOperand(0)) {
        why = "destination layout broadcasts";
        return failure();
      }
    vec = std::min(vec, maxVector(*bits, vec));
  }
  plan.vec = vec;
  plan.outer = n / (plan.threads * vec);
  return plan;
}

Predicate sharedPartition() {
  return {"sharedPartition", [](Operation *op, const DispatchContext &ctx) {
            std::string why;
            FailureOr<SharedPartition> plan = planShared(op, ctx, why);
            if (failed(plan))
              return Outcome::fail(why);
            return Outcome::ok(*plan);
          }};
}

/// The thread's id inside the call's scope, as index.
Value emitScopeThreadId(OpBuilder &b, Location loc,
                        const DispatchContext &ctx) {
  Value tid = emitThreadId(b, loc);
  int64_t threads = ctx.getScopeThreads();
  if (threads < ctx.getCtaThreads())
    tid = arith::AndIOp::create(
        b, loc, tid,
        arith::ConstantIntOp::create(b, loc, tid.getType(), threads - 1));
  return arith::IndexCastUIOp::create(b, loc, b.getIndexType(), tid);
}

Outcome emitSharedElementwise(Operation *op, const DispatchContext &ctx,
                              RewriterBase &b, const ElementwiseSpec &spec) {
  const SharedPartition &plan = ctx.getPlan<SharedPartition>();
  Location loc = op->getLoc();
  SmallVector<Value> operands = llvm::to_vector(op->getOperands());
  SmallVector<std::optional<BitLayout>> bits;
  SmallVector<Value> storage;
  for (Value v : operands) {
    auto type = dyn_cast<tirx::BufferType>(v.getType());
    bits.push_back(
        type ? std::optional<BitLayout>(*BitLayout::get(type.getTileLayout()))
             : std::nullopt);
    storage.push_back(type ? getStorage(b, loc, v) : Value());
  }
  Type dstElem = dstElementType(op);
  Value tid = emitScopeThreadId(b, loc, ctx);
  auto cst = [&](int64_t v) {
    return arith::ConstantIndexOp::create(b, loc, v).getResult();
  };
  auto loop = scf::ForOp::create(b, loc, cst(0), cst(plan.outer), cst(1));
  OpBuilder::InsertionGuard guard(b);
  b.setInsertionPointToStart(loop.getBody());
  // flat = (f * threads + tid) * vec
  Value flat = arith::MulIOp::create(
      b, loc,
      arith::AddIOp::create(b, loc,
                            arith::MulIOp::create(b, loc,
                                                  loop.getInductionVar(),
                                                  cst(plan.threads)),
                            tid),
      cst(plan.vec));
  auto loadGroup = [&](unsigned i) {
    SmallVector<Value> vals;
    if (!bits[i]) {
      vals.assign(plan.vec, operands[i]);
      return vals;
    }
    Value offset = emitStorageOffset(b, loc, *bits[i], flat);
    Type elem = elementTypeOf(operands[i].getType());
    // One access per element for i1: LLVM packs a vector of i1 into bits,
    // while a buffer holds one byte per boolean.
    if (plan.vec == 1 || elem.isInteger(1)) {
      for (int64_t e = 0; e < plan.vec; ++e)
        vals.push_back(memref::LoadOp::create(
            b, loc, storage[i],
            e ? arith::AddIOp::create(b, loc, offset, cst(e)).getResult()
              : offset));
      return vals;
    }
    Value vec = vector::LoadOp::create(
        b, loc, VectorType::get({plan.vec}, elem), storage[i], offset);
    for (int64_t e = 0; e < plan.vec; ++e)
      vals.push_back(vector::ExtractOp::create(b, loc, vec, e));
    return vals;
  };
  SmallVector<SmallVector<Value>> elems;
  for (unsigned i = 1; i < operands.size(); ++i)
    elems.push_back(loadGroup(i));
  if (spec.needsFlatIndex) {
    SmallVector<Value> &vals = elems.emplace_back();
    Value flat32 = arith::IndexCastUIOp::create(b, loc, b.getI32Type(), flat);
    for (int64_t e = 0; e < plan.vec; ++e)
      vals.push_back(arith::OrIOp::create(
          b, loc, flat32,
          arith::ConstantIntOp::create(b, loc, b.getI32Type(), e)));
  }
  SmallVector<Value> results =
      computeGroup(b, loc, op, spec, elems, plan.vec, dstElem);
  Value offset = emitStorageOffset(b, loc, *bits[0], flat);
  if (plan.vec == 1 || dstElem.isInteger(1)) {
    for (int64_t e = 0; e < plan.vec; ++e)
      memref::StoreOp::create(
          b, loc, results[e], storage[0],
          e ? arith::AddIOp::create(b, loc, offset, cst(e)).getResult()
            : offset);
  } else {
    Value vec = vector::FromElementsOp::create(
        b, loc, VectorType::get({plan.vec}, dstElem), results);
    vector::StoreOp::create(b, loc, vec, storage[0], offset);
  }
  return Outcome::ok();
}

//===----------------------------------------------------------------------===//
// Registration
//===----------------------------------------------------------------------===//

/// The per-element variant applies: every operand is readable element by
/// element and the register operands hold what their threads compute.
/// The register sources that the threads computing the destination do not
/// hold: staged through shared memory (emitStage). Fails with the reason
/// when the op cannot be lowered element by element at all.
FailureOr<SmallVector<unsigned>>
sourcesToStage(Operation *op, const DispatchContext &ctx, std::string &why) {
  Value dst = op->getOperand(0);
  SmallVector<Value> srcs = getSources(op);
  SmallVector<unsigned> staged;
  SmallVector<Value> direct;
  for (auto [i, src] : llvm::enumerate(srcs)) {
    auto type = dyn_cast<tirx::BufferType>(src.getType());
    if (type && type.isLocal() && checkPerElement(dst, {src}, ctx)) {
      if (auto err = checkStage(src, ctx)) {
        why = "operand #" + std::to_string(i + 1) + ": " + *err;
        return failure();
      }
      staged.push_back(i);
      continue;
    }
    direct.push_back(src);
  }
  if (auto err = checkPerElement(dst, direct, ctx)) {
    why = *err;
    return failure();
  }
  return staged;
}

Predicate perElementPlan() {
  return {"perElementPlan", [](Operation *op, const DispatchContext &ctx) {
            std::string why;
            if (failed(sourcesToStage(op, ctx, why)))
              return Outcome::fail(why);
            return Outcome::ok();
          }};
}

/// Registers the `reg`, `per_element` and `smem` variants of one elementwise
/// primitive.
void addElementwiseVariants(Registry &registry, StringRef primitive,
                            const ElementwiseSpec &spec,
                            bool withShared = true) {
  Variant reg;
  reg.name = "reg";
  reg.priority = priority::kGeneral;
  reg.predicates = {pred::allThreadsActive(),
                    pred::operandsInScope(tirx::MemScope::Local),
                    pred::layoutThreadAxesMatchScope(), registerCompatible(),
                    specCheck(spec)};
  reg.impl = [spec](Operation *op, DispatchContext &, RewriterBase &rewriter) {
    return emitRegisterElementwise(op, rewriter, spec);
  };
  registry.add(primitive, "cuda", std::move(reg));

  // The general variant: any on-chip (or, for copies, global) operands in
  // any layout, element by element.
  Variant general;
  general.name = "per_element";
  general.priority = priority::kPerElement;
  general.predicates = {pred::allThreadsActive(),
                        pred::layoutThreadAxesMatchScope(), perElementPlan(),
                        specCheck(spec)};
  general.impl = [spec](Operation *op, DispatchContext &ctx,
                        RewriterBase &rewriter) {
    TypedAttr padding;
    if (auto copy = dyn_cast<tirx::CopyOp>(op))
      padding = copy.getPaddingAttr();
    Type dstType = dstElementType(op);
    std::string why;
    SmallVector<unsigned> toStage = *sourcesToStage(op, ctx, why);
    SmallVector<Value> srcs = getSources(op);
    SmallVector<Value> offsets(srcs.size() + 1, Value());
    for (unsigned i : toStage) {
      Staged staged = emitStage(rewriter, op, srcs[i], ctx);
      srcs[i] = staged.tile;
      offsets[i + 1] = staged.offset;
    }
    emitPerElement(
        rewriter, op->getLoc(), op->getOperand(0), srcs, padding, ctx,
        [&](OpBuilder &b, Location loc, ArrayRef<Value> values, Value flat) {
          SmallVector<Value> args(values);
          if (spec.needsFlatIndex)
            args.push_back(
                arith::IndexCastOp::create(b, loc, b.getI32Type(), flat));
          return spec.scalar(b, loc, op, args, dstType);
        },
        offsets);
    if (!toStage.empty())
      emitScopeBarrier(rewriter, op->getLoc(), ctx);
    return Outcome::ok();
  };
  registry.add(primitive, "cuda", std::move(general));
  if (!withShared)
    return;

  Variant smem;
  smem.name = "smem";
  smem.priority = priority::kGeneral;
  smem.predicates = {pred::allThreadsActive(),
                     pred::operandsInScope(tirx::MemScope::Shared),
                     sharedPartition(), specCheck(spec)};
  smem.impl = [spec](Operation *op, DispatchContext &ctx,
                     RewriterBase &rewriter) {
    return emitSharedElementwise(op, ctx, rewriter, spec);
  };
  registry.add(primitive, "cuda", std::move(smem));
}

/// A constant of `type` with the bit pattern `bits`.
Value constantFrom(OpBuilder &b, Location loc, Type type, APInt bits) {
  if (auto ft = dyn_cast<FloatType>(type))
    return arith::ConstantOp::create(
        b, loc, type,
        b.getFloatAttr(type, APFloat(ft.getFloatSemantics(), bits)));
  return arith::ConstantOp::create(b, loc, type, b.getIntegerAttr(type, bits));
}

} // namespace

Value tileir::dispatch::emitScalarCast(OpBuilder &b, Location loc, Value v,
                                       Type to, bool isUnsigned) {
  return emitConvert(b, loc, v, to, isUnsigned);
}

void tileir::dispatch::registerCudaElementwiseVariants(Registry &registry) {
  // Register-to-register copies only: shared copies belong to Copy.cpp.
  addElementwiseVariants(
      registry, "tirx.copy",
      simpleSpec([](OpBuilder &, Location, Operation *, ArrayRef<Value> v,
                    Type) { return v[0]; }),
      /*withShared=*/false);
  addElementwiseVariants(
      registry, "tirx.fill",
      simpleSpec([](OpBuilder &, Location, Operation *, ArrayRef<Value> v,
                    Type) { return v[0]; }));
  addElementwiseVariants(registry, "tirx.zero",
                         simpleSpec([](OpBuilder &b, Location loc, Operation *,
                                       ArrayRef<Value>, Type type) -> Value {
                           return arith::ConstantOp::create(
                               b, loc, type, b.getZeroAttr(type));
                         }));
  addElementwiseVariants(
      registry, "tirx.memset",
      simpleSpec([](OpBuilder &b, Location loc, Operation *op, ArrayRef<Value>,
                    Type type) -> Value {
        return constantFrom(b, loc, type,
                            cast<tirx::MemsetOp>(op).getElementBits());
      }));
  // tirx.map: the body is the scalar emitter.
  addElementwiseVariants(registry, "tirx.map", mapSpec());
  ElementwiseSpec iota = simpleSpec(
      [](OpBuilder &b, Location loc, Operation *, ArrayRef<Value> v,
         Type type) { return emitConvert(b, loc, v.back(), type, true); });
  iota.needsFlatIndex = true;
  addElementwiseVariants(registry, "tirx.iota", iota);
  addElementwiseVariants(registry, "tirx.cast", castSpec());
  addElementwiseVariants(registry, "tirx.sqrt", unarySpec(UnaryFn::Sqrt, true));
  addElementwiseVariants(registry, "tirx.exp", unarySpec(UnaryFn::Exp, true));
  addElementwiseVariants(registry, "tirx.exp2", unarySpec(UnaryFn::Exp2, true));
  addElementwiseVariants(registry, "tirx.log2", unarySpec(UnaryFn::Log2, true));
  addElementwiseVariants(registry, "tirx.reciprocal",
                         unarySpec(UnaryFn::Reciprocal, false));
  addElementwiseVariants(registry, "tirx.silu",
                         unarySpec(UnaryFn::Silu, false));
  addElementwiseVariants(
      registry, "tirx.add",
      arithSpec<arith::AddFOp, arith::AddIOp>("llvm.nvvm.add.rn.ftz.f", true));
  addElementwiseVariants(
      registry, "tirx.sub",
      arithSpec<arith::SubFOp, arith::SubIOp>("llvm.nvvm.add.rn.ftz.f", true));
  addElementwiseVariants(
      registry, "tirx.mul",
      arithSpec<arith::MulFOp, arith::MulIOp>("llvm.nvvm.mul.rn.ftz.f", true));
  addElementwiseVariants(
      registry, "tirx.fdiv",
      arithSpec<arith::DivFOp, arith::DivFOp>("llvm.nvvm.div.rn.ftz.f", false));
  addElementwiseVariants(
      registry, "tirx.maximum",
      minMaxSpec<tirx::MaximumOp, arith::MaximumFOp, arith::MaxNumFOp,
                 arith::MaxSIOp, arith::MaxUIOp, LLVM::MaximumOp,
                 LLVM::MaxNumOp>());
  addElementwiseVariants(
      registry, "tirx.minimum",
      minMaxSpec<tirx::MinimumOp, arith::MinimumFOp, arith::MinNumFOp,
                 arith::MinSIOp, arith::MinUIOp, LLVM::MinimumOp,
                 LLVM::MinNumOp>());
  addElementwiseVariants(registry, "tirx.fma", fmaSpec());
  addElementwiseVariants(
      registry, "tirx.cmp",
      simpleSpec([](OpBuilder &b, Location loc, Operation *op,
                    ArrayRef<Value> v, Type) -> Value {
        int64_t p =
            cast<IntegerAttr>(cast<tirx::CmpOp>(op).getPredicate()).getInt();
        if (isa<FloatType>(v[0].getType()))
          return arith::CmpFOp::create(
              b, loc, static_cast<arith::CmpFPredicate>(p), v[0], v[1]);
        return arith::CmpIOp::create(
            b, loc, static_cast<arith::CmpIPredicate>(p), v[0], v[1]);
      }));
  addElementwiseVariants(registry, "tirx.select",
                         simpleSpec([](OpBuilder &b, Location loc, Operation *,
                                       ArrayRef<Value> v, Type) -> Value {
                           return arith::SelectOp::create(b, loc, v[0], v[1],
                                                          v[2]);
                         }));
}
