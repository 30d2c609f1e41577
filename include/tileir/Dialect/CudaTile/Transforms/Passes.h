//===- Passes.h - cuda_tile passes ------------------------------*- C++ -*-===//
//
// Part of TileIR.
//
//===----------------------------------------------------------------------===//

#ifndef TILEIR_DIALECT_CUDATILE_TRANSFORMS_PASSES_H
#define TILEIR_DIALECT_CUDATILE_TRANSFORMS_PASSES_H

#include "tileir/Dialect/CudaTile/IR/CudaTile.h"

#include "mlir/Interfaces/FunctionInterfaces.h"
#include "mlir/Pass/Pass.h"

namespace mlir::cuda_tile {

#define GEN_PASS_DECL
#include "tileir/Dialect/CudaTile/Transforms/Passes.h.inc"

#define GEN_PASS_REGISTRATION
#include "tileir/Dialect/CudaTile/Transforms/Passes.h.inc"

/// The patterns of cuda-tile-fuse-fma (mulf + addf/subf -> fma, and the addf
/// canonicalization that moves a mulf to the left), for passes that fuse
/// only some ops (tileops-expand: the ops of its expansions).
void populateFuseFmaPatterns(RewritePatternSet &patterns);

} // namespace mlir::cuda_tile

#endif // TILEIR_DIALECT_CUDATILE_TRANSFORMS_PASSES_H
