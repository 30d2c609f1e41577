//===- Elementwise.cpp - elementwise cuda_tile ops ------------------------===//
//
// Part of TileIR. convert-cuda-tile-to-tirx: every elementwise cuda_tile op
// (integer, bitwise, float, math, conversions, assume, select) through one
// mechanism:
//
//   buildElementwise(op, args, type) is the table from op to "the scalar
//   result of `op` from scalar operands `args`" (arith, math, and NVVM
//   intrinsics for the rounding / flush-to-zero / approximate forms).
//
//   lowerElementwiseOp emits that scalar form directly when every operand is
//   a scalar (rank-0 tiles, uniform tiles), else a `tirx.map` into a fresh
//   blocked register buffer whose body is the same scalar form. tirx-dispatch
//   turns the map into per-thread register code (packed f16x2/bf16x2 and x2
//   conversions where the body allows).
//
//===----------------------------------------------------------------------===//

#include "EntryLowering.h"
#include "tileir/Dialect/CudaTile/IR/OpClasses.h"
#include "tileir/Dialect/TirX/Utils/ScalarMath.h"
#include "tileir/Dialect/TirX/Utils/Utils.h"
#include "tileir/Target/TargetInfo.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/Arith/Transforms/Passes.h"
#include "mlir/Dialect/LLVMIR/LLVMDialect.h"
#include "mlir/Dialect/Math/IR/Math.h"
#include "mlir/IR/PatternMatch.h"
#include "mlir/Transforms/GreedyPatternRewriteDriver.h"
#include "llvm/ADT/TypeSwitch.h"

using namespace mlir;
using namespace mlir::tileir;

namespace {

std::string typeName(Type t) {
  std::string s;
  llvm::raw_string_ostream os(s);
  os << "'" << t << "'";
  return s;
}

Type elementOf(Type t) {
  if (auto tile = dyn_cast<ct::TileType>(t))
    return tile.getElementType();
  return t;
}

bool isHalfLike(Type t) { return t.isF16() || t.isBF16(); }
/// Float types with no LLVM arithmetic: converted by tirx-dispatch with the
/// hardware cvt instructions.
bool isNarrowFloat(Type t) {
  return isa<Float8E4M3FNType, Float8E5M2Type, Float8E8M0FNUType>(t);
}

StringRef roundingSuffix(ct::RoundingMode mode) {
  switch (mode) {
  case ct::RoundingMode::Zero:
    return "rz";
  case ct::RoundingMode::NegativeInf:
    return "rm";
  case ct::RoundingMode::PositiveInf:
    return "rp";
  default:
    return "rn";
  }
}

arith::IntegerOverflowFlags toArith(ct::IntegerOverflow overflow) {
  switch (overflow) {
  case ct::IntegerOverflow::None:
    return arith::IntegerOverflowFlags::none;
  case ct::IntegerOverflow::NoSignedWrap:
    return arith::IntegerOverflowFlags::nsw;
  case ct::IntegerOverflow::NoUnsignedWrap:
    return arith::IntegerOverflowFlags::nuw;
  case ct::IntegerOverflow::NoWrap:
    return arith::IntegerOverflowFlags::nsw | arith::IntegerOverflowFlags::nuw;
  }
  return arith::IntegerOverflowFlags::none;
}

/// arith's integer predicate for a cuda_tile comparison.
arith::CmpIPredicate toArith(ct::ComparisonPredicate p, bool isSigned) {
  switch (p) {
  case ct::ComparisonPredicate::Equal:
    return arith::CmpIPredicate::eq;
  case ct::ComparisonPredicate::NotEqual:
    return arith::CmpIPredicate::ne;
  case ct::ComparisonPredicate::LessThan:
    return isSigned ? arith::CmpIPredicate::slt : arith::CmpIPredicate::ult;
  case ct::ComparisonPredicate::LessThanOrEqual:
    return isSigned ? arith::CmpIPredicate::sle : arith::CmpIPredicate::ule;
  case ct::ComparisonPredicate::GreaterThan:
    return isSigned ? arith::CmpIPredicate::sgt : arith::CmpIPredicate::ugt;
  case ct::ComparisonPredicate::GreaterThanOrEqual:
    return isSigned ? arith::CmpIPredicate::sge : arith::CmpIPredicate::uge;
  }
  return arith::CmpIPredicate::eq;
}

/// arith's float predicate: `ordered` is false for NaN operands, unordered
/// true.
arith::CmpFPredicate toArithFloat(ct::ComparisonPredicate p, bool ordered) {
  using P = arith::CmpFPredicate;
  switch (p) {
  case ct::ComparisonPredicate::Equal:
    return ordered ? P::OEQ : P::UEQ;
  case ct::ComparisonPredicate::NotEqual:
    return ordered ? P::ONE : P::UNE;
  case ct::ComparisonPredicate::LessThan:
    return ordered ? P::OLT : P::ULT;
  case ct::ComparisonPredicate::LessThanOrEqual:
    return ordered ? P::OLE : P::ULE;
  case ct::ComparisonPredicate::GreaterThan:
    return ordered ? P::OGT : P::UGT;
  case ct::ComparisonPredicate::GreaterThanOrEqual:
    return ordered ? P::OGE : P::UGE;
  }
  return P::OEQ;
}

/// Expands arith.{ceil,floor}div{si,ui} with the upstream patterns (the
/// LLVM lowering has none). A temporary user keeps the result alive (the
/// greedy driver erases unused ops) and names its replacement.
Value expandDivision(OpBuilder &b, Operation *div) {
  auto holder = UnrealizedConversionCastOp::create(
      b, div->getLoc(), div->getResultTypes(), div->getResults());
  RewritePatternSet patterns(div->getContext());
  arith::populateCeilFloorDivExpandOpsPatterns(patterns);
  GreedyRewriteConfig config;
  config.setStrictness(GreedyRewriteStrictness::ExistingAndNewOps);
  (void)applyOpPatternsGreedily(ArrayRef<Operation *>{div}, std::move(patterns),
                                config);
  Value result = holder.getOperand(0);
  holder->erase();
  return result;
}

} // namespace

bool mlir::tileir::isScalarElementwise(Operation *op) {
  if (!ct::isElementwise(op))
    return false;
  // Conversions of f8 types use the hardware cvt instructions, which
  // tirx-dispatch emits for tirx.map bodies only: scalars take the map form.
  bool narrow =
      llvm::any_of(op->getOperandTypes(),
                   [](Type t) { return isNarrowFloat(elementOf(t)); }) ||
      llvm::any_of(op->getResultTypes(),
                   [](Type t) { return isNarrowFloat(elementOf(t)); });
  return !narrow || isa<ct::BitcastOp, ct::SelectOp>(op);
}

/// Integer ops (1-16).
static FailureOr<Value> buildInteger(OpBuilder &b, Operation *op,
                                     ArrayRef<Value> v) {
  Location loc = op->getLoc();
  auto withOverflow = [&](Operation *created, ct::IntegerOverflow overflow) {
    if (overflow != ct::IntegerOverflow::None)
      created->setAttr("overflowFlags", arith::IntegerOverflowFlagsAttr::get(
                                            b.getContext(), toArith(overflow)));
    return created->getResult(0);
  };
  auto isSigned = [](ct::Signedness s) { return s == ct::Signedness::Signed; };
  return llvm::TypeSwitch<Operation *, FailureOr<Value>>(op)
      .Case([&](ct::AbsIOp) -> Value {
        // max(x, 0 - x) at every width (math.absi on i8/i16 has no NVVM
        // lowering); the minimum value stays itself, as in two's complement
        // abs.
        Value zero =
            arith::ConstantOp::create(b, loc, b.getZeroAttr(v[0].getType()));
        Value neg = arith::SubIOp::create(b, loc, zero, v[0]);
        return arith::MaxSIOp::create(b, loc, v[0], neg);
      })
      .Case([&](ct::AddIOp o) {
        return withOverflow(arith::AddIOp::create(b, loc, v[0], v[1]),
                            o.getOverflow());
      })
      .Case([&](ct::SubIOp o) {
        return withOverflow(arith::SubIOp::create(b, loc, v[0], v[1]),
                            o.getOverflow());
      })
      .Case([&](ct::MulIOp o) {
        return withOverflow(arith::MulIOp::create(b, loc, v[0], v[1]),
                            o.getOverflow());
      })
      .Case([&](ct::ShLIOp o) {
        return withOverflow(arith::ShLIOp::create(b, loc, v[0], v[1]),
                            o.getOverflow());
      })
      .Case([&](ct::NegIOp o) {
        Value zero =
            arith::ConstantOp::create(b, loc, b.getZeroAttr(v[0].getType()));
        return withOverflow(arith::SubIOp::create(b, loc, zero, v[0]),
                            o.getOverflow());
      })
      .Case([&](ct::MulhiIOp) -> Value {
        return arith::MulUIExtendedOp::create(b, loc, v[0], v[1]).getHigh();
      })
      .Case([&](ct::DivIOp o) -> Value {
        bool s = isSigned(o.getSignedness());
        switch (o.getRoundingMode()) {
        case ct::RoundingMode::NegativeInf:
          if (s)
            return expandDivision(
                b, arith::FloorDivSIOp::create(b, loc, v[0], v[1]));
          return arith::DivUIOp::create(b, loc, v[0], v[1]);
        case ct::RoundingMode::PositiveInf:
          if (s)
            return expandDivision(
                b, arith::CeilDivSIOp::create(b, loc, v[0], v[1]));
          return expandDivision(b,
                                arith::CeilDivUIOp::create(b, loc, v[0], v[1]));
        default:
          if (s)
            return arith::DivSIOp::create(b, loc, v[0], v[1]);
          return arith::DivUIOp::create(b, loc, v[0], v[1]);
        }
      })
      .Case([&](ct::RemIOp o) -> Value {
        if (isSigned(o.getSignedness()))
          return arith::RemSIOp::create(b, loc, v[0], v[1]);
        return arith::RemUIOp::create(b, loc, v[0], v[1]);
      })
      .Case([&](ct::MaxIOp o) -> Value {
        if (isSigned(o.getSignedness()))
          return arith::MaxSIOp::create(b, loc, v[0], v[1]);
        return arith::MaxUIOp::create(b, loc, v[0], v[1]);
      })
      .Case([&](ct::MinIOp o) -> Value {
        if (isSigned(o.getSignedness()))
          return arith::MinSIOp::create(b, loc, v[0], v[1]);
        return arith::MinUIOp::create(b, loc, v[0], v[1]);
      })
      .Case([&](ct::CmpIOp o) -> Value {
        return arith::CmpIOp::create(
            b, loc,
            toArith(o.getComparisonPredicate(), isSigned(o.getSignedness())),
            v[0], v[1]);
      })
      .Case([&](ct::ShRIOp o) -> Value {
        if (isSigned(o.getSignedness()))
          return arith::ShRSIOp::create(b, loc, v[0], v[1]);
        return arith::ShRUIOp::create(b, loc, v[0], v[1]);
      })
      .Case([&](ct::AndIOp) -> Value {
        return arith::AndIOp::create(b, loc, v[0], v[1]);
      })
      .Case([&](ct::OrIOp) -> Value {
        return arith::OrIOp::create(b, loc, v[0], v[1]);
      })
      .Case([&](ct::XOrIOp) -> Value {
        return arith::XOrIOp::create(b, loc, v[0], v[1]);
      })
      .Default([](Operation *) { return failure(); });
}

/// add/sub/mul/div/fma with a rounding mode and flush-to-zero: arith at
/// nearest-even (any type; f16x2/bf16x2 packing applies), else the NVVM
/// intrinsic of the PTX instruction (f32 and f64; f16/bf16 have .rn only).
FailureOr<Value> EntryLowering::buildRounded(Operation *op, StringRef kind,
                                             ArrayRef<Value> v,
                                             ct::RoundingMode mode, bool ftz) {
  Location loc = op->getLoc();
  Type type = v[0].getType();
  if (mode == ct::RoundingMode::NearestEven && !ftz) {
    if (kind == "add")
      return Value(arith::AddFOp::create(b, loc, v[0], v[1]));
    if (kind == "sub")
      return Value(arith::SubFOp::create(b, loc, v[0], v[1]));
    if (kind == "mul")
      return Value(arith::MulFOp::create(b, loc, v[0], v[1]));
    if (kind == "div")
      return Value(arith::DivFOp::create(b, loc, v[0], v[1]));
    return Value(math::FmaOp::create(b, loc, v[0], v[1], v[2]));
  }
  // approx and full are f32-only divisions (the cuda_tile verifier).
  if (mode == ct::RoundingMode::Approx)
    return tirx::emitIntrinsic(
        b, loc, ftz ? "llvm.nvvm.div.approx.ftz.f" : "llvm.nvvm.div.approx.f",
        type, {v[0], v[1]});
  if (mode == ct::RoundingMode::Full)
    return tirx::emitIntrinsic(
        b, loc, ftz ? "llvm.nvvm.div.full.ftz" : "llvm.nvvm.div.full", type,
        {v[0], v[1]});
  if (!type.isF32() && !type.isF64()) {
    return fail(op,
                "with rounding<" + ct::stringifyRoundingMode(mode) +
                    "> expects f32 or f64 (PTX rounds f16/bf16 arithmetic to "
                    "nearest even only), got " +
                    typeName(type));
  }
  std::string name = ("llvm.nvvm." + (kind == "sub" ? "add" : kind) + "." +
                      roundingSuffix(mode) + (ftz ? ".ftz" : "") +
                      (type.isF64() ? ".d" : ".f"))
                         .str();
  SmallVector<Value> args(v);
  if (kind == "sub")
    args[1] = arith::NegFOp::create(b, loc, v[1]);
  return tirx::emitIntrinsic(b, loc, name, type, args);
}

/// Float ops (17-29) and math (30-43).
FailureOr<Value> EntryLowering::buildFloat(Operation *op, ArrayRef<Value> v) {
  Location loc = op->getLoc();
  Type type = v.empty() ? Type() : v[0].getType();
  Type f32 = b.getF32Type();
  // f16/bf16 math is computed in f32 and rounded once on the way back.
  auto inF32 = [&](function_ref<Value(ArrayRef<Value>)> fn) -> Value {
    if (!isHalfLike(type))
      return fn(v);
    SmallVector<Value> wide;
    for (Value x : v)
      wide.push_back(arith::ExtFOp::create(b, loc, f32, x));
    return arith::TruncFOp::create(b, loc, type, fn(wide));
  };
  auto unary = [&](auto tag) -> Value {
    using MathOp = decltype(tag);
    return inF32([&](ArrayRef<Value> w) -> Value {
      return MathOp::create(b, loc, w[0]);
    });
  };
  return llvm::TypeSwitch<Operation *, FailureOr<Value>>(op)
      .Case([&](ct::AbsFOp) -> Value {
        return math::AbsFOp::create(b, loc, v[0]);
      })
      .Case([&](ct::NegFOp) -> Value {
        return arith::NegFOp::create(b, loc, v[0]);
      })
      .Case([&](ct::AddFOp o) {
        return buildRounded(op, "add", v, o.getRoundingMode(),
                            o.getFlushToZero());
      })
      .Case([&](ct::SubFOp o) {
        return buildRounded(op, "sub", v, o.getRoundingMode(),
                            o.getFlushToZero());
      })
      .Case([&](ct::MulFOp o) {
        return buildRounded(op, "mul", v, o.getRoundingMode(),
                            o.getFlushToZero());
      })
      .Case([&](ct::DivFOp o) {
        return buildRounded(op, "div", v, o.getRoundingMode(),
                            o.getFlushToZero());
      })
      .Case([&](ct::FmaOp o) {
        return buildRounded(op, "fma", v, o.getRoundingMode(),
                            o.getFlushToZero());
      })
      .Case([&](ct::RemFOp) -> Value {
        // libdevice fmod through the GPU-to-NVVM patterns (exact).
        return arith::RemFOp::create(b, loc, v[0], v[1]);
      })
      .Case<ct::MaxFOp, ct::MinFOp>([&](auto o) -> Value {
        bool isMax = isa<ct::MaxFOp>(op);
        bool nan = o.getPropagateNan();
        if (o.getFlushToZero())
          return tirx::emitIntrinsic(b, loc,
                                     (Twine("llvm.nvvm.f") +
                                      (isMax ? "max" : "min") + ".ftz" +
                                      (nan ? ".nan" : "") + ".f")
                                         .str(),
                                     type, {v[0], v[1]});
        if (isMax)
          return nan ? arith::MaximumFOp::create(b, loc, v[0], v[1]).getResult()
                     : arith::MaxNumFOp::create(b, loc, v[0], v[1]).getResult();
        return nan ? arith::MinimumFOp::create(b, loc, v[0], v[1]).getResult()
                   : arith::MinNumFOp::create(b, loc, v[0], v[1]).getResult();
      })
      .Case([&](ct::CmpFOp o) -> Value {
        return arith::CmpFOp::create(
            b, loc,
            toArithFloat(o.getComparisonPredicate(),
                         o.getComparisonOrdering() ==
                             ct::ComparisonOrdering::Ordered),
            v[0], v[1]);
      })
      .Case([&](ct::CeilOp) -> Value {
        return math::CeilOp::create(b, loc, v[0]);
      })
      .Case([&](ct::FloorOp) -> Value {
        return math::FloorOp::create(b, loc, v[0]);
      })
      .Case([&](ct::Atan2Op) -> Value {
        return inF32([&](ArrayRef<Value> w) -> Value {
          return math::Atan2Op::create(b, loc, w[0], w[1]);
        });
      })
      .Case([&](ct::PowOp) -> Value {
        return inF32([&](ArrayRef<Value> w) -> Value {
          return math::PowFOp::create(b, loc, w[0], w[1]);
        });
      })
      .Case([&](ct::CosOp) { return unary(math::CosOp()); })
      .Case([&](ct::CosHOp) { return unary(math::CoshOp()); })
      .Case([&](ct::SinOp) { return unary(math::SinOp()); })
      .Case([&](ct::SinHOp) { return unary(math::SinhOp()); })
      .Case([&](ct::TanOp) { return unary(math::TanOp()); })
      .Case([&](ct::LogOp) { return unary(math::LogOp()); })
      .Case([&](ct::Log2Op o) -> FailureOr<Value> {
        bool approx = o.getRoundingMode() == ct::RoundingMode::Approx;
        if (!approx && o.getFlushToZero())
          return fail(op, "log2 flush_to_zero needs rounding<approx>");
        return inF32([&](ArrayRef<Value> w) {
          return tirx::emitLog2(b, loc, w[0], approx, o.getFlushToZero());
        });
      })
      .Case([&](ct::TanHOp o) -> Value {
        if (o.getRoundingMode() != ct::RoundingMode::Approx)
          return unary(math::TanhOp());
        // tanh.approx.f32 (sm_75+): no NVVM intrinsic exposes it.
        return LLVM::InlineAsmOp::create(
                   b, loc, f32, v[0], "tanh.approx.f32 $0, $1;", "=f,f",
                   /*has_side_effects=*/false, /*is_align_stack=*/false,
                   LLVM::tailcallkind::TailCallKind::None,
                   LLVM::AsmDialectAttr(), ArrayAttr())
            .getResult(0);
      })
      .Case([&](ct::ExpOp o) -> Value {
        return inF32([&](ArrayRef<Value> w) {
          return tirx::emitExp(b, loc, w[0],
                               o.getRoundingMode() == ct::RoundingMode::Approx,
                               /*ftz=*/false);
        });
      })
      .Case([&](ct::Exp2Op o) -> Value {
        return inF32([&](ArrayRef<Value> w) {
          return tirx::emitExp2(b, loc, w[0], /*approx=*/false,
                                o.getFlushToZero());
        });
      })
      .Case([&](ct::SqrtOp o) -> FailureOr<Value> {
        ct::RoundingMode mode = o.getRoundingMode();
        bool ftz = o.getFlushToZero();
        if (mode == ct::RoundingMode::Approx)
          return tirx::emitSqrt(b, loc, v[0], "approx", ftz);
        // Square roots of f16/bf16 computed in f32 and rounded to nearest
        // are correctly rounded (24 >= 2 * 11 + 2 bits); directed ones are
        // not.
        if (isHalfLike(type) && mode != ct::RoundingMode::NearestEven) {
          return fail(op, "with rounding<" + ct::stringifyRoundingMode(mode) +
                              "> expects f32 or f64, got " + typeName(type));
        }
        return inF32([&](ArrayRef<Value> w) {
          return tirx::emitSqrt(b, loc, w[0], roundingSuffix(mode), ftz);
        });
      })
      .Case([&](ct::RsqrtOp o) -> Value {
        if (o.getFlushToZero())
          return tirx::emitIntrinsic(b, loc, "llvm.nvvm.rsqrt.approx.ftz.f",
                                     f32, v[0]);
        return unary(math::RsqrtOp());
      })
      .Default([](Operation *) { return failure(); });
}

/// Conversions (47-55), assume's operand and select.
FailureOr<Value> EntryLowering::buildConversion(Operation *op,
                                                ArrayRef<Value> v,
                                                Type resultType) {
  Location loc = op->getLoc();
  Type f32 = b.getF32Type();
  Type i64 = b.getI64Type();
  auto isSigned = [](ct::Signedness s) { return s == ct::Signedness::Signed; };
  return llvm::TypeSwitch<Operation *, FailureOr<Value>>(op)
      .Case([&](ct::BitcastOp) -> Value {
        return arith::BitcastOp::create(b, loc, resultType, v[0]);
      })
      .Case([&](ct::ExtIOp o) -> Value {
        if (isSigned(o.getSignedness()))
          return arith::ExtSIOp::create(b, loc, resultType, v[0]);
        return arith::ExtUIOp::create(b, loc, resultType, v[0]);
      })
      .Case([&](ct::TruncIOp o) -> Value {
        auto trunc = arith::TruncIOp::create(b, loc, resultType, v[0]);
        if (o.getOverflow() != ct::IntegerOverflow::None)
          trunc->setAttr("overflowFlags",
                         arith::IntegerOverflowFlagsAttr::get(
                             b.getContext(), toArith(o.getOverflow())));
        return trunc;
      })
      .Case([&](ct::FToFOp o) -> Value {
        return buildFloatConvert(v[0], o.getSource().getType().getElementType(),
                                 resultType, o.getRoundingMode(), loc);
      })
      .Case([&](ct::FToIOp o) -> Value {
        Value x = v[0];
        // f8 has no LLVM conversion to integers: exactly through f32.
        if (isNarrowFloat(x.getType()))
          x = arith::ExtFOp::create(b, loc, f32, x);
        // To i1: true for every value but zero (cuTile's astype(bool), as
        // PyTorch and NVIDIA's tileiras; NaN is true), not the low bit of
        // the truncated integer.
        if (resultType.isInteger(1))
          return arith::CmpFOp::create(
              b, loc, arith::CmpFPredicate::UNE, x,
              arith::ConstantOp::create(b, loc, b.getZeroAttr(x.getType())));
        if (isSigned(o.getSignedness()))
          return arith::FPToSIOp::create(b, loc, resultType, x);
        return arith::FPToUIOp::create(b, loc, resultType, x);
      })
      .Case([&](ct::IToFOp o) -> Value {
        Type to = isNarrowFloat(resultType) ? f32 : resultType;
        Value y = isSigned(o.getSignedness())
                      ? arith::SIToFPOp::create(b, loc, to, v[0]).getResult()
                      : arith::UIToFPOp::create(b, loc, to, v[0]).getResult();
        if (to != resultType)
          y = arith::TruncFOp::create(b, loc, resultType, y);
        return y;
      })
      // Pointers are !llvm.ptr<1> as scalars and i64 addresses in buffers.
      .Case([&](ct::IntToPtrOp) -> Value {
        if (isa<LLVM::LLVMPointerType>(resultType))
          return LLVM::IntToPtrOp::create(b, loc, resultType, v[0]);
        return v[0];
      })
      .Case([&](ct::PtrToIntOp) -> Value {
        if (isa<LLVM::LLVMPointerType>(v[0].getType()))
          return LLVM::PtrToIntOp::create(b, loc, i64, v[0]);
        return v[0];
      })
      .Case([&](ct::PtrToPtrOp) -> Value { return v[0]; })
      .Case([&](ct::SelectOp) -> Value {
        return arith::SelectOp::create(b, loc, v[0], v[1], v[2]);
      })
      .Default([](Operation *) { return failure(); });
}

Value EntryLowering::buildFloatConvert(Value x, Type from, Type to,
                                       ct::RoundingMode mode, Location loc) {
  using RM = ct::RoundingMode;
  Type f32 = b.getF32Type(), f64 = b.getF64Type(), i32 = b.getI32Type();
  bool toTf32 = isa<FloatTF32Type>(to);
  Type storage = toTf32 ? f32 : to;
  // tf32 scalars of splat constants keep their type: f32 (exact).
  if (isa<FloatTF32Type>(x.getType()))
    x = arith::ExtFOp::create(b, loc, f32, x);
  // Every value of `from` is one of `to`: nothing to round.
  if (APFloat::isRepresentableBy(cast<FloatType>(from).getFloatSemantics(),
                                 cast<FloatType>(to).getFloatSemantics()))
    return x.getType() == storage
               ? x
               : arith::ExtFOp::create(b, loc, storage, x).getResult();
  // f64 -> f32 in any IEEE direction: cvt.rn/rz/rm/rp.f32.f64.
  auto d2f = [&](Value v, RM m) {
    return tirx::emitIntrinsic(
        b, loc, ("llvm.nvvm.d2f." + roundingSuffix(m)).str(), f32, v);
  };
  auto constI32 = [&](int64_t c) -> Value {
    return arith::ConstantIntOp::create(b, loc, i32, c);
  };
  if (toTf32) {
    Value y = x;
    if (x.getType().isF64()) {
      // f64 -> tf32 rounds once: toward zero to f32 then toward zero, or
      // to nearest through f32 rounded to odd (toward zero, the last bit
      // set when inexact: f32 keeps 13 more bits than tf32, so the second
      // rounding sees every tie and sticky bit of the first).
      y = d2f(x, RM::Zero);
      if (mode == RM::NearestEven) {
        Value back = arith::ExtFOp::create(b, loc, f64, y);
        Value inexact =
            arith::CmpFOp::create(b, loc, arith::CmpFPredicate::UNE, x, back);
        Value bits = arith::OrIOp::create(
            b, loc, arith::BitcastOp::create(b, loc, i32, y),
            arith::ExtUIOp::create(b, loc, i32, inexact));
        y = arith::BitcastOp::create(b, loc, f32, bits);
      }
    }
    // cvt.rn/rz.tf32.f32 need sm_90; cvt.rna exists from sm_80. Below
    // sm_90, rn and rz on the bits: add half an ulp of tf32 (less one, plus
    // the kept last bit for ties to even) and clear the 13 low bits; NaN
    // becomes the canonical NaN as with cvt.
    if (mode == RM::NearestAway || target->getSmVersion() >= 90) {
      StringRef name = mode == RM::Zero          ? "llvm.nvvm.f2tf32.rz"
                       : mode == RM::NearestAway ? "llvm.nvvm.f2tf32.rna"
                                                 : "llvm.nvvm.f2tf32.rn";
      return arith::BitcastOp::create(
          b, loc, f32, tirx::emitIntrinsic(b, loc, name, i32, y));
    }
    Value bits = arith::BitcastOp::create(b, loc, i32, y);
    if (mode == RM::NearestEven) {
      Value last = arith::AndIOp::create(
          b, loc, arith::ShRUIOp::create(b, loc, bits, constI32(13)),
          constI32(1));
      bits = arith::AddIOp::create(
          b, loc, bits, arith::AddIOp::create(b, loc, last, constI32(0xFFF)));
    }
    bits = arith::AndIOp::create(b, loc, bits, constI32(~int64_t(0x1FFF)));
    Value isNaN =
        arith::CmpFOp::create(b, loc, arith::CmpFPredicate::UNO, y, y);
    bits = arith::SelectOp::create(b, loc, isNaN, constI32(0x7FFFFFFF), bits);
    return arith::BitcastOp::create(b, loc, f32, bits);
  }
  Type in = x.getType();
  unsigned inBits = in.getIntOrFloatBitWidth(),
           toBits = to.getIntOrFloatBitWidth();
  if (mode == RM::NearestEven) {
    // f16 <-> bf16: exactly through f32, rounded once.
    if (inBits == toBits)
      return arith::TruncFOp::create(b, loc, to,
                                     arith::ExtFOp::create(b, loc, f32, x));
    if (inBits < toBits)
      return arith::ExtFOp::create(b, loc, to, x);
    return arith::TruncFOp::create(b, loc, to, x);
  }
  if (in.isF64() && to.isF32())
    return d2f(x, mode);
  // Toward zero to f16/bf16: cvt.rz.f16/bf16.f32 of the value, or of the
  // f64 value truncated to f32 (toward zero twice is toward zero once).
  if (mode == RM::Zero && isHalfLike(to)) {
    Value y = in.isF64()  ? d2f(x, RM::Zero)
              : in == f32 ? x
                          : arith::ExtFOp::create(b, loc, f32, x).getResult();
    return tirx::emitIntrinsic(
        b, loc, to.isF16() ? "llvm.nvvm.f2f16.rz" : "llvm.nvvm.f2bf16.rz", to,
        y);
  }
  // f8E8M0FNU results (toward zero or up) and sources: arith's rounding
  // attribute; tirx-dispatch emits f8 conversions.
  if (inBits < toBits)
    return arith::ExtFOp::create(b, loc, to, x);
  auto trunc = arith::TruncFOp::create(b, loc, to, x);
  if (mode == RM::Zero)
    trunc.setRoundingmodeAttr(arith::RoundingModeAttr::get(
        b.getContext(), arith::RoundingMode::toward_zero));
  if (mode == RM::PositiveInf)
    trunc.setRoundingmodeAttr(arith::RoundingModeAttr::get(
        b.getContext(), arith::RoundingMode::upward));
  return trunc;
}

FailureOr<Value> EntryLowering::buildElementwise(Operation *op,
                                                 ArrayRef<Value> args,
                                                 Type resultType) {
  FailureOr<Value> result = buildInteger(b, op, args);
  if (succeeded(result))
    return result;
  if (isa<ct::AbsFOp, ct::AddFOp, ct::SubFOp, ct::MulFOp, ct::DivFOp,
          ct::RemFOp, ct::NegFOp, ct::MaxFOp, ct::MinFOp, ct::CmpFOp, ct::FmaOp,
          ct::CeilOp, ct::FloorOp, ct::Atan2Op, ct::CosOp, ct::CosHOp,
          ct::SinOp, ct::SinHOp, ct::TanOp, ct::TanHOp, ct::ExpOp, ct::Exp2Op,
          ct::LogOp, ct::Log2Op, ct::PowOp, ct::SqrtOp, ct::RsqrtOp>(op))
    return buildFloat(op, args);
  return buildConversion(op, args, resultType);
}

/// Diagnoses the elementwise cases this lowering does not cover, before any
/// IR is emitted.
LogicalResult EntryLowering::checkElementwise(Operation *op) {
  for (Type t : llvm::concat<Type>(llvm::to_vector(op->getOperandTypes()),
                                   llvm::to_vector(op->getResultTypes()))) {
    Type elem = elementOf(t);
    if (isa<FloatTF32Type>(elem))
      return fail(op, "expects no tf32 elements (tf32 is not supported by "
                      "elementwise ops yet), got " +
                          typeName(t));
    if (isa<Float4E2M1FNType>(elem))
      return fail(op, "expects no f4E2M1FN elements (f4 is not supported "
                      "by elementwise ops yet), got " +
                          typeName(t));
  }
  // f8 types reach only conversions, bitcast and select (the cuda_tile
  // verifier limits float arithmetic and math to f16, bf16, f32, f64).
  return success();
}

std::optional<LogicalResult> EntryLowering::lowerElementwiseOp(Operation *op) {
  if (auto assume = dyn_cast<ct::AssumeOp>(op))
    return lowerAssume(assume);
  if (!ct::isElementwise(op))
    return std::nullopt;
  if (failed(checkElementwise(op)))
    return failure();
  Location loc = op->getLoc();
  SmallVector<Value> operands;
  bool allScalar = true;
  for (Value v : op->getOperands()) {
    Value lowered = get(v);
    if (!lowered)
      return fail(op, "has an operand that was not lowered");
    allScalar &= !isa<tirx::BufferType>(lowered.getType());
    operands.push_back(lowered);
  }
  // Pointer tiles are i64 address buffers: their conversions are the same
  // buffer.
  if (!allScalar && isa<ct::IntToPtrOp, ct::PtrToIntOp, ct::PtrToPtrOp>(op)) {
    map(op->getResult(0), operands[0]);
    return success();
  }
  auto resultTile = cast<ct::TileType>(op->getResult(0).getType());
  Type resultElem = resultTile.getElementType();
  if (allScalar && isScalarElementwise(op)) {
    Type scalarType = isa<ct::PointerType>(resultElem)
                          ? Type(LLVM::LLVMPointerType::get(b.getContext(), 1))
                          : resultElem;
    FailureOr<Value> result = buildElementwise(op, operands, scalarType);
    if (failed(result))
      return failure();
    map(op->getResult(0), *result);
    return success();
  }

  // The map form: scalar pointers enter as i64 addresses.
  for (Value &v : operands)
    if (isa<LLVM::LLVMPointerType>(v.getType()))
      v = LLVM::PtrToIntOp::create(b, loc, b.getI64Type(), v);
  FailureOr<Value> dst = allocMapResult(resultTile, operands, loc);
  if (failed(dst))
    return failure();
  auto map =
      tirx::MapOp::create(b, loc, *dst, operands, cta(), nullptr, nullptr);
  {
    OpBuilder::InsertionGuard guard(b);
    Block *body = tirx::createElementBody(b, map.getBody(), operands, loc);
    SmallVector<Value> args(body->getArguments().begin(),
                            body->getArguments().end());
    FailureOr<Value> result =
        buildElementwise(op, args, lowerElement(resultElem));
    if (failed(result)) {
      map->erase();
      return failure();
    }
    tirx::YieldOp::create(b, loc, *result);
  }
  // A rank-0 tile is a scalar (f8 conversions of scalars take the map form).
  if (resultTile.getRank() == 0) {
    FailureOr<Value> scalar = toScalar(*dst, resultTile, loc);
    if (failed(scalar))
      return failure();
    this->map(op->getResult(0), *scalar);
    return success();
  }
  this->map(op->getResult(0), *dst);
  return success();
}

LogicalResult EntryLowering::lowerAssume(ct::AssumeOp op) {
  Value in = op.getValue(), out = op.getResult();
  // The result stands for the operand everywhere; the predicate is in
  // `assumptions` for the memory lowering (div_by gives alignment).
  Value lowered = get(in);
  if (lowered)
    map(out, lowered);
  // bounded<lb, ub> on an integer scalar becomes llvm.intr.assume of the
  // bounds, so that LLVM folds what they decide (e.g. the in-bounds test of
  // a tile whose index is below the grid size).
  auto bounded = dyn_cast<ct::BoundedAttr>(op.getPredicate());
  if (bounded && lowered && lowered.getType().isSignlessInteger()) {
    Location loc = op.getLoc();
    Type t = lowered.getType();
    auto check = [&](std::optional<int64_t> bound, arith::CmpIPredicate p) {
      if (!bound)
        return;
      Value c = arith::ConstantIntOp::create(b, loc, t, *bound);
      LLVM::AssumeOp::create(
          b, loc, arith::CmpIOp::create(b, loc, p, lowered, c).getResult());
    };
    check(bounded.getLb(), arith::CmpIPredicate::sge);
    check(bounded.getUb(), arith::CmpIPredicate::sle);
  }
  views.alias(in, out);
  return success();
}
