//===- GemmCodegen.h - Scalar arithmetic of the general products -*- C++
//-*-===//
//
// Part of TileIR. The scalar arithmetic that the general matrix-product
// variants of tirx.gemm / tirx.gemm_async share (`fma` in Gemm.cpp,
// `per_element` in General.cpp): what the products are summed in, how an
// input is widened, and how the sum becomes D.
//
//===----------------------------------------------------------------------===//

#ifndef TILEIR_LIB_DISPATCH_CUDA_GEMMCODEGEN_H
#define TILEIR_LIB_DISPATCH_CUDA_GEMMCODEGEN_H

#include "mlir/IR/Builders.h"

namespace tileir::dispatch {

/// Converts scalar `v` to `to` as `tirx.cast` does (Elementwise.cpp): f8
/// through the hardware pair conversions (sm_89 or newer), integers by
/// `isUnsigned`.
mlir::Value emitScalarCast(mlir::OpBuilder &b, mlir::Location loc,
                           mlir::Value v, mlir::Type to, bool isUnsigned);

struct ScalarGemmArithmetic {
  /// For a tirx.gemm or tirx.gemm_async `op`.
  ScalarGemmArithmetic(mlir::OpBuilder &b, mlir::Operation *op);

  /// A constant of the sum type (alpha and beta are integers with an
  /// integer accumulator: the op verifier).
  mlir::Value constant(mlir::OpBuilder &b, mlir::Location loc, double v) const;
  /// x * v in the sum type (integers wrap).
  mlir::Value scale(mlir::OpBuilder &b, mlir::Location loc, mlir::Value x,
                    double v) const;
  /// An element of A (`signedKey` "signed_a") or B ("signed_b") widened to
  /// the sum type: f32 read as tf32 (the low 13 mantissa bits dropped, as
  /// the tensor cores read it) unless `config = {precision = "f32"}`, f8
  /// converted exactly (sm_89 or newer),
  /// integers extended by their config signedness.
  mlir::Value widen(mlir::OpBuilder &b, mlir::Location loc, mlir::Value x,
                    llvm::StringRef signedKey) const;
  /// sum + x * y: one fma for floats; integers wrap modulo 2^width, as the
  /// tensor cores' integer mma (without .satfinite) does.
  mlir::Value multiplyAdd(mlir::OpBuilder &b, mlir::Location loc, mlir::Value x,
                          mlir::Value y, mlir::Value sum) const;
  /// x + y in the sum type.
  mlir::Value add(mlir::OpBuilder &b, mlir::Location loc, mlir::Value x,
                  mlir::Value y) const;
  /// A value of C (D's element type) in the sum type, times beta.
  mlir::Value fromC(mlir::OpBuilder &b, mlir::Location loc, mlir::Value c,
                    double beta) const;
  /// The sum times alpha, in D's element type (rounded once).
  mlir::Value toD(mlir::OpBuilder &b, mlir::Location loc, mlir::Value sum,
                  double alpha) const;

  mlir::Operation *op;
  mlir::Type accElem; ///< D's element type
  /// The type the products are summed in: f16 and bf16 accumulators sum in
  /// f32 and round once at the end, as the tensor cores keep their partial
  /// sums wider than the accumulator (summing in f16 would round every K
  /// step).
  mlir::Type acc;
  bool isInt;
  bool tf32;
};

} // namespace tileir::dispatch

#endif // TILEIR_LIB_DISPATCH_CUDA_GEMMCODEGEN_H
