//===- ScalarMath.h - Scalar float math on NVVM ------------------*- C++
//-*-===//
//
// Part of TileIR. The scalar forms of the float functions whose PTX has an
// approximate, flush-to-zero or directed-rounding instruction: one builder
// each, used by the conversion from cuda_tile (the bodies of tirx.map) and
// by the dispatch variants of the tirx elementwise primitives.
//
//===----------------------------------------------------------------------===//

#ifndef TILEIR_DIALECT_TIRX_UTILS_SCALARMATH_H
#define TILEIR_DIALECT_TIRX_UTILS_SCALARMATH_H

#include "mlir/IR/Builders.h"

namespace mlir::tirx {

/// Calls the LLVM intrinsic `name` (one that has no dedicated NVVM op).
Value emitIntrinsic(OpBuilder &b, Location loc, StringRef name, Type type,
                    ValueRange args);

/// 2^x of an f32: `ex2.approx.f32` (`.ftz` with `ftz`) when `approx` or
/// `ftz` (libdevice's exp2f is ex2.approx itself, 2 ulp), else math.exp2.
Value emitExp2(OpBuilder &b, Location loc, Value x, bool approx, bool ftz);

/// e^x of an f32: 2^(x log2 e) with `ex2.approx` when `approx`, else
/// math.exp.
Value emitExp(OpBuilder &b, Location loc, Value x, bool approx, bool ftz);

/// log2(x) of an f32: `lg2.approx.f32` (`.ftz`) when `approx`, else
/// math.log2.
Value emitLog2(OpBuilder &b, Location loc, Value x, bool approx, bool ftz);

/// The square root of an f32 or f64 `x`, rounded by `rounding`: "approx"
/// (`sqrt.approx.f32`), or "rn", "rz", "rm", "rp" (`sqrt.<rounding>`,
/// explicitly: math.sqrt would be libdevice's sqrtf, which is sqrt.approx
/// unless __CUDA_PREC_SQRT is reflected on). `ftz` picks the `.ftz` form
/// (f32 only).
Value emitSqrt(OpBuilder &b, Location loc, Value x, StringRef rounding,
               bool ftz);

} // namespace mlir::tirx

#endif // TILEIR_DIALECT_TIRX_UTILS_SCALARMATH_H
