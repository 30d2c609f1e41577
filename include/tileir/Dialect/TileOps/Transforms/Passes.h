//===- Passes.h - tileops passes --------------------------------*- C++ -*-===//
//
// Part of TileIR.
//
//===----------------------------------------------------------------------===//

#ifndef TILEIR_DIALECT_TILEOPS_TRANSFORMS_PASSES_H
#define TILEIR_DIALECT_TILEOPS_TRANSFORMS_PASSES_H

#include "tileir/Dialect/TileOps/IR/TileOps.h"

#include "mlir/Pass/Pass.h"

namespace mlir::tileops {

#define GEN_PASS_DECL
#include "tileir/Dialect/TileOps/Transforms/Passes.h.inc"

#define GEN_PASS_REGISTRATION
#include "tileir/Dialect/TileOps/Transforms/Passes.h.inc"

/// Adds the expansion patterns of every family to `patterns`.
void populateTileOpsExpandPatterns(RewritePatternSet &patterns);

} // namespace mlir::tileops

#endif // TILEIR_DIALECT_TILEOPS_TRANSFORMS_PASSES_H
