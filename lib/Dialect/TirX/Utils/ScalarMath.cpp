//===- ScalarMath.cpp - Scalar float math on NVVM -------------------------===//
//
// Part of TileIR.
//
//===----------------------------------------------------------------------===//

#include "tileir/Dialect/TirX/Utils/ScalarMath.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/LLVMIR/LLVMDialect.h"
#include "mlir/Dialect/Math/IR/Math.h"

using namespace mlir;

Value tirx::emitIntrinsic(OpBuilder &b, Location loc, StringRef name, Type type,
                          ValueRange args) {
  return LLVM::CallIntrinsicOp::create(b, loc, type, b.getStringAttr(name),
                                       args)
      .getResult(0);
}

/// The math dialect's `MathOp` of `x` unless `approx`, else the
/// approximate NVVM intrinsic `llvm.nvvm.<name>.approx[.ftz]<suffix>`.
template <typename MathOp>
static Value mathOrApprox(OpBuilder &b, Location loc, Value x, bool approx,
                          bool ftz, StringRef name, StringRef suffix) {
  if (!approx)
    return MathOp::create(b, loc, x);
  std::string intrinsic =
      ("llvm.nvvm." + name + ".approx" + (ftz ? ".ftz" : "") + suffix).str();
  return tirx::emitIntrinsic(b, loc, intrinsic, x.getType(), x);
}

Value tirx::emitExp2(OpBuilder &b, Location loc, Value x, bool approx,
                     bool ftz) {
  return mathOrApprox<math::Exp2Op>(b, loc, x, approx || ftz, ftz, "ex2",
                                    ".f32");
}

Value tirx::emitExp(OpBuilder &b, Location loc, Value x, bool approx,
                    bool ftz) {
  if (!approx)
    return math::ExpOp::create(b, loc, x);
  Type type = x.getType();
  Value log2e = arith::ConstantOp::create(
      b, loc, type, b.getFloatAttr(type, 1.4426950408889634));
  return emitExp2(b, loc, arith::MulFOp::create(b, loc, x, log2e),
                  /*approx=*/true, ftz);
}

Value tirx::emitLog2(OpBuilder &b, Location loc, Value x, bool approx,
                     bool ftz) {
  return mathOrApprox<math::Log2Op>(b, loc, x, approx, ftz, "lg2", ".f");
}

Value tirx::emitSqrt(OpBuilder &b, Location loc, Value x, StringRef rounding,
                     bool ftz) {
  std::string name = ("llvm.nvvm.sqrt." + rounding + (ftz ? ".ftz" : "") +
                      (x.getType().isF64() ? ".d" : ".f"))
                         .str();
  return emitIntrinsic(b, loc, name, x.getType(), x);
}
