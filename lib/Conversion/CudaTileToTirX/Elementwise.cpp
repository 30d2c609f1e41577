//===- Elementwise.cpp - elementwise cuda_tile ops ---===//
//
// Part of TileIR. convert-cuda-tile-to-tirx: elementwise arithmetic, math,
// comparisons and select.
//
//===----------------------------------------------------------------------===//

#include "EntryLowering.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/GPU/IR/GPUDialect.h"
#include "mlir/Dialect/LLVMIR/NVVMDialect.h"
#include "mlir/Dialect/Math/IR/Math.h"
#include "mlir/Dialect/SCF/IR/SCF.h"
#include "mlir/IR/Matchers.h"
#include "llvm/ADT/TypeSwitch.h"
#include "llvm/Support/MathExtras.h"

using namespace mlir;
using namespace mlir::tileir;
using ::tileir::layout::TileLayout;

template <typename PrimOp>
LogicalResult
EntryLowering::lowerBinary(Operation *op,
                           function_ref<Value(ArrayRef<Value>)> scalar,
                           bool propagateNan, bool isUnsigned) {
  SmallVector<Value> operands;
  bool allScalar = true;
  for (Value v : op->getOperands()) {
    Value lowered = get(v);
    if (!lowered)
      return fail(op, "has an operand that was not lowered");
    allScalar &= !isa<tirx::BufferType>(lowered.getType());
    operands.push_back(lowered);
  }
  if (allScalar) {
    mapping.map(op->getResult(0), scalar(operands));
    return success();
  }
  Value dst = allocBlocked(cast<ct::TileType>(op->getResult(0).getType()),
                           op->getLoc());
  PrimOp::create(b, op->getLoc(), dst, operands[0], operands[1],
                 flag(propagateNan), flag(isUnsigned), cta(), nullptr, nullptr);
  mapping.map(op->getResult(0), dst);
  return success();
}

LogicalResult EntryLowering::lowerFloatBinary(Operation *op,
                                              ct::RoundingMode rounding) {
  Location loc = op->getLoc();
  bool isDiv = isa<ct::DivFOp>(op);
  // divf: approx/full give at most their error bound, IEEE division is
  // within it; the directed roundings are not lowered yet.
  if (rounding != ct::RoundingMode::NearestEven &&
      !(isDiv && (rounding == ct::RoundingMode::Approx ||
                  rounding == ct::RoundingMode::Full)))
    return fail(op, "with rounding<" + ct::stringifyRoundingMode(rounding) +
                        "> is not supported yet");
  auto scalar = [&](ArrayRef<Value> v) -> Value {
    return llvm::TypeSwitch<Operation *, Value>(op)
        .Case<ct::AddFOp>(
            [&](auto) { return arith::AddFOp::create(b, loc, v[0], v[1]); })
        .Case<ct::SubFOp>(
            [&](auto) { return arith::SubFOp::create(b, loc, v[0], v[1]); })
        .Case<ct::MulFOp>(
            [&](auto) { return arith::MulFOp::create(b, loc, v[0], v[1]); })
        .Default(
            [&](auto) { return arith::DivFOp::create(b, loc, v[0], v[1]); });
  };
  return llvm::TypeSwitch<Operation *, LogicalResult>(op)
      .Case<ct::AddFOp>(
          [&](auto) { return lowerBinary<tirx::AddOp>(op, scalar); })
      .Case<ct::SubFOp>(
          [&](auto) { return lowerBinary<tirx::SubOp>(op, scalar); })
      .Case<ct::MulFOp>(
          [&](auto) { return lowerBinary<tirx::MulOp>(op, scalar); })
      .Default([&](auto) { return lowerBinary<tirx::FDivOp>(op, scalar); });
}

LogicalResult EntryLowering::lower(ct::MaxFOp op) {
  Location loc = op.getLoc();
  bool nan = op.getPropagateNan();
  return lowerBinary<tirx::MaximumOp>(
      op,
      [&](ArrayRef<Value> v) -> Value {
        if (nan)
          return arith::MaximumFOp::create(b, loc, v[0], v[1]);
        return arith::MaxNumFOp::create(b, loc, v[0], v[1]);
      },
      nan);
}

LogicalResult EntryLowering::lower(ct::ExpOp op) {
  Location loc = op.getLoc();
  bool approx = op.getRoundingMode() == ct::RoundingMode::Approx;
  Value src = get(op.getSource());
  if (!isa<tirx::BufferType>(src.getType())) {
    auto fm = arith::FastMathFlagsAttr::get(
        b.getContext(),
        approx ? arith::FastMathFlags::afn : arith::FastMathFlags::none);
    mapping.map(op.getResult(), math::ExpOp::create(b, loc, src, fm));
    return success();
  }
  Value dst = allocBlocked(op.getResult().getType(), loc);
  tirx::ExpOp::create(b, loc, dst, src, /*scale=*/Value(), /*bias=*/Value(),
                      flag(approx), flag(false), cta(), nullptr, nullptr);
  mapping.map(op.getResult(), dst);
  return success();
}

LogicalResult EntryLowering::lower(ct::Exp2Op op) {
  Location loc = op.getLoc();
  Value src = get(op.getSource());
  if (!isa<tirx::BufferType>(src.getType())) {
    mapping.map(op.getResult(), math::Exp2Op::create(b, loc, src));
    return success();
  }
  Value dst = allocBlocked(op.getResult().getType(), loc);
  tirx::Exp2Op::create(b, loc, dst, src, /*scale=*/Value(), /*bias=*/Value(),
                       flag(false), flag(op.getFlushToZero()), cta(), nullptr,
                       nullptr);
  mapping.map(op.getResult(), dst);
  return success();
}

/// arith's integer predicate for a cuda_tile comparison.
static arith::CmpIPredicate toArith(ct::ComparisonPredicate p, bool isSigned) {
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

LogicalResult EntryLowering::lower(ct::CmpIOp op) {
  Location loc = op.getLoc();
  arith::CmpIPredicate pred =
      toArith(op.getComparisonPredicate(),
              op.getSignedness() == ct::Signedness::Signed);
  Value lhs = get(op.getLhs()), rhs = get(op.getRhs());
  if (!isa<tirx::BufferType>(lhs.getType()) &&
      !isa<tirx::BufferType>(rhs.getType())) {
    mapping.map(op.getResult(), arith::CmpIOp::create(b, loc, pred, lhs, rhs));
    return success();
  }
  Value dst = allocBlocked(cast<ct::TileType>(op.getResult().getType()), loc);
  tirx::CmpOp::create(b, loc, dst, lhs, rhs,
                      arith::CmpIPredicateAttr::get(b.getContext(), pred),
                      cta(), nullptr, nullptr);
  mapping.map(op.getResult(), dst);
  return success();
}

LogicalResult EntryLowering::lower(ct::SelectOp op) {
  Location loc = op.getLoc();
  Value c = get(op.getCond()), t = get(op.getValIfTrue()),
        f = get(op.getValIfFalse());
  if (!isa<tirx::BufferType>(c.getType()) &&
      !isa<tirx::BufferType>(t.getType()) &&
      !isa<tirx::BufferType>(f.getType())) {
    mapping.map(op.getResult(), arith::SelectOp::create(b, loc, c, t, f));
    return success();
  }
  Value dst = allocBlocked(cast<ct::TileType>(op.getResult().getType()), loc);
  tirx::SelectOp::create(b, loc, dst, c, t, f, cta(), nullptr, nullptr);
  mapping.map(op.getResult(), dst);
  return success();
}

std::optional<LogicalResult> EntryLowering::lowerElementwiseOp(Operation *op) {
  Location loc = op->getLoc();
  return llvm::TypeSwitch<Operation *, std::optional<LogicalResult>>(op)
      .Case<ct::AddFOp>([&](ct::AddFOp o) -> LogicalResult {
        return lowerFloatBinary(o, o.getRoundingMode());
      })
      .Case<ct::SubFOp>([&](ct::SubFOp o) -> LogicalResult {
        return lowerFloatBinary(o, o.getRoundingMode());
      })
      .Case<ct::MulFOp>([&](ct::MulFOp o) -> LogicalResult {
        return lowerFloatBinary(o, o.getRoundingMode());
      })
      .Case<ct::DivFOp>([&](ct::DivFOp o) -> LogicalResult {
        return lowerFloatBinary(o, o.getRoundingMode());
      })
      .Case<ct::AddIOp>([&](ct::AddIOp o) -> LogicalResult {
        return lowerBinary<tirx::AddOp>(o, [&](ArrayRef<Value> v) -> Value {
          return arith::AddIOp::create(b, loc, v[0], v[1]);
        });
      })
      .Case<ct::MulIOp>([&](ct::MulIOp o) -> LogicalResult {
        return lowerBinary<tirx::MulOp>(o, [&](ArrayRef<Value> v) -> Value {
          return arith::MulIOp::create(b, loc, v[0], v[1]);
        });
      })
      .Case<ct::ExpOp, ct::Exp2Op, ct::CmpIOp, ct::SelectOp, ct::MaxFOp>(
          [&](auto o) -> LogicalResult { return lower(o); })
      .Default([](Operation *) { return std::nullopt; });
}
