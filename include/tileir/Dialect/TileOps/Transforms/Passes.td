//===- Passes.td - tileops passes --------------------------*- tablegen -*-===//
//
// Part of TileIR.
//
//===----------------------------------------------------------------------===//

#ifndef TILEIR_DIALECT_TILEOPS_TRANSFORMS_PASSES_TD
#define TILEIR_DIALECT_TILEOPS_TRANSFORMS_PASSES_TD

include "mlir/Pass/PassBase.td"

def TileOpsExpand : Pass<"tileops-expand"> {
  let summary = "Expands tileops ops into cuda_tile arithmetic";
  let description = [{
    One rewrite-pattern template per op family (unary math, binary
    arithmetic, activation, fused gated, comparison, bitwise, logical,
    special, rope, dropout, alibi, sinusoidal) replaces every tileops op with
    cuda_tile ops on tiles of its result shape: operands are broadcast
    (PyTorch rules), f16/bf16/f8 inputs are computed in f32 and rounded once
    to the result type (f8E4M3FN saturates to +-448, f8E5M2 keeps Inf/NaN).
    Ops cuda_tile lacks (erf, round, log1p, expm1, sign, ...) are written in
    cuda_tile arithmetic; docs/TileOps.md lists the formulas.

    Before: `%y = tileops.gelu %x : tile<1024xf16> -> tile<1024xf16>`
    After: `ftof` to f32, the erf polynomial, `mulf`/`addf`, `ftof` to f16.
  }];
  let dependentDialects = ["::mlir::cuda_tile::CudaTileDialect"];
}

#endif // TILEIR_DIALECT_TILEOPS_TRANSFORMS_PASSES_TD
