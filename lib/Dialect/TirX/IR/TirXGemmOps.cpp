//===- TirXGemmOps.cpp - tirx matrix-multiply primitives ------------------===//
//
// Part of TileIR. Verifiers of tirx.gemm, tirx.gemm_async and
// tirx.gemm_wait (the op classes are generated into TirXOps.cpp).
//
//===----------------------------------------------------------------------===//

#include "tileir/Dialect/TirX/IR/TirX.h"

#include "mlir/IR/BuiltinTypes.h"

#include <cmath>

using namespace mlir;
using namespace mlir::tirx;

/// Checks shapes, element types, memory scopes and alpha/beta of a gemm.
template <typename OpTy>
static LogicalResult verifyGemm(OpTy op) {
  BufferType d = op.getD().getType();
  BufferType a = op.getA().getType();
  BufferType b = op.getB().getType();
  BufferType c = op.getC().getType();
  for (auto [name, type] : {std::make_pair("D", d), std::make_pair("A", a),
                            std::make_pair("B", b), std::make_pair("C", c)}) {
    // On-chip buffers always have a static shape and a layout.
    if (type.getRank() != 2)
      return op.emitOpError()
             << "expects " << name << " to be a 2-D buffer, got " << type;
  }
  // op(A) is M x K, op(B) is K x N.
  int64_t m = d.getDimSize(0), n = d.getDimSize(1);
  int64_t am = a.getDimSize(op.getTransposeA() ? 1 : 0);
  int64_t ak = a.getDimSize(op.getTransposeA() ? 0 : 1);
  int64_t bk = b.getDimSize(op.getTransposeB() ? 1 : 0);
  int64_t bn = b.getDimSize(op.getTransposeB() ? 0 : 1);
  if (c.getShape() != d.getShape())
    return op.emitOpError() << "expects C to have the shape of D (" << m << "x"
                            << n << "), got " << c;
  if (am != m)
    return op.emitOpError() << "expects op(A) to have " << m
                            << " rows (the rows of D), got " << am;
  if (bn != n)
    return op.emitOpError() << "expects op(B) to have " << n
                            << " columns (the columns of D), got " << bn;
  if (ak != bk)
    return op.emitOpError()
           << "expects op(A) columns to equal op(B) rows (K), got " << ak
           << " and " << bk;

  Type ta = a.getElementType(), tb = b.getElementType();
  Type td = d.getElementType();
  if (c.getElementType() != td)
    return op.emitOpError()
           << "expects C element type " << td << ", got " << c.getElementType();
  if (isF8(ta) && isF8(tb)) {
    if (!td.isF32() && !td.isF16())
      return op.emitOpError()
             << "expects an f32 or f16 accumulator with f8 inputs, got " << td;
  } else if (ta.isF32() || ta.isF64()) {
    // f32 inputs are multiplied as tf32 (the tensor cores read the sign,
    // the exponent and the top 10 mantissa bits); f64 as f64.
    if (tb != ta)
      return op.emitOpError() << "expects A and B of one element type, got "
                              << ta << " and " << tb;
    if (td != ta)
      return op.emitOpError() << "expects an " << ta << " accumulator with "
                              << ta << " inputs, got " << td;
  } else if (ta.isF16() || ta.isBF16()) {
    if (tb != ta)
      return op.emitOpError() << "expects A and B of one element type, got "
                              << ta << " and " << tb;
    if (!td.isF32() && !td.isF16())
      return op.emitOpError() << "expects an f32 or f16 accumulator with " << ta
                              << " inputs, got " << td;
  } else if (ta.isInteger(8) && tb.isInteger(8)) {
    // Integer products (cuda_tile.mmai): signedness in config
    // (`signed_a`, `signed_b`).
    if (!td.isInteger(32))
      return op.emitOpError()
             << "expects an i32 accumulator with i8 inputs, got " << td;
  } else {
    return op.emitOpError() << "expects f16, bf16, f8E4M3FN, f8E5M2, f32 "
                               "(tf32), f64 or i8 inputs, got "
                            << ta << " and " << tb;
  }

  if (d.getMemScope() != c.getMemScope())
    return op.emitOpError() << "expects C in the memory scope of D ("
                            << stringifyMemScope(d.getMemScope()) << "), got "
                            << stringifyMemScope(c.getMemScope());
  if (c.getLayout() != d.getLayout())
    return op.emitOpError() << "expects C to have the layout of D, got "
                            << c.getLayout() << " and " << d.getLayout();

  // `precision`: how f32 inputs are multiplied, "tf32" (the default, the
  // tensor cores) or "f32" (full precision, FMA).
  if (DictionaryAttr config = op.getConfigAttr())
    if (Attribute precision = config.get("precision")) {
      auto name = dyn_cast<StringAttr>(precision);
      if (!name || (name.getValue() != "tf32" && name.getValue() != "f32"))
        return op.emitOpError()
               << "expects config precision \"tf32\" or \"f32\", got "
               << precision;
      if (!ta.isF32())
        return op.emitOpError()
               << "expects config precision only with f32 inputs, got " << ta;
    }

  // `promote_k`: the product is accumulated in chunks of promote_k of K,
  // each chunk's products summed on their own and the sum added to the
  // accumulator in its type (cuBLAS's f8 GEMM without fast accumulation
  // does so with chunks of 128).
  if (DictionaryAttr config = op.getConfigAttr())
    if (Attribute promote = config.get("promote_k")) {
      auto value = dyn_cast<IntegerAttr>(promote);
      if (!value || value.getInt() <= 0 || ak % value.getInt())
        return op.emitOpError() << "expects config promote_k to be a positive "
                                   "integer dividing K ("
                                << ak << "), got " << promote;
      if (!isa<FloatType>(td))
        return op.emitOpError()
               << "expects config promote_k only with a float accumulator, got "
               << td;
      if constexpr (std::is_same_v<OpTy, GemmAsyncOp>)
        return op.emitOpError()
               << "expects no config promote_k: the chunk sums are added "
                  "once the products are complete (use tirx.gemm)";
    }

  // `async_operands`: A and B were written by the async proxy only.
  if (DictionaryAttr config = op.getConfigAttr())
    if (Attribute flag = config.get("async_operands");
        flag && !isa<BoolAttr>(flag))
      return op.emitOpError()
             << "expects config async_operands to be a bool, got " << flag;

  // `signed_a`, `signed_b`: how each integer input reads.
  if (DictionaryAttr config = op.getConfigAttr())
    for (StringRef key : {"signed_a", "signed_b"})
      if (Attribute flag = config.get(key)) {
        if (!isa<BoolAttr>(flag))
          return op.emitOpError()
                 << "expects config " << key << " to be a bool, got " << flag;
        if (!ta.isInteger())
          return op.emitOpError() << "expects config " << key
                                  << " only with integer inputs, got " << ta;
      }

  double alpha = op.getAlpha().convertToDouble();
  double beta = op.getBeta().convertToDouble();
  if (!std::isfinite(alpha) || !std::isfinite(beta))
    return op.emitOpError()
           << "expects finite alpha and beta, got " << alpha << " and " << beta;
  if (td.isInteger() &&
      (alpha != std::trunc(alpha) || beta != std::trunc(beta)))
    return op.emitOpError()
           << "expects integer alpha and beta with an integer accumulator, got "
           << alpha << " and " << beta;
  return success();
}

LogicalResult GemmOp::verify() { return verifyGemm(*this); }
LogicalResult GemmAsyncOp::verify() { return verifyGemm(*this); }

LogicalResult GemmWaitOp::verify() {
  // I64Attr reads back as uint64_t: look at the signed value.
  int64_t pending = getPendingAttr().getInt();
  if (pending < 0)
    return emitOpError() << "expects a non-negative pending count, got "
                         << pending;
  return success();
}
