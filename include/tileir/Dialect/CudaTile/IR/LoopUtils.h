//===- LoopUtils.h - What a for loop's iterations depend on -----*- C++ -*-===//
//
// Part of TileIR.
//
//===----------------------------------------------------------------------===//

#ifndef TILEIR_DIALECT_CUDATILE_IR_LOOPUTILS_H
#define TILEIR_DIALECT_CUDATILE_IR_LOOPUTILS_H

#include "tileir/Dialect/CudaTile/IR/CudaTileOps.h"

#include "llvm/ADT/SmallVector.h"

#include <optional>

namespace mlir::cuda_tile {

/// Whether `v` is defined outside `forOp` (a loop invariant).
bool isDefinedOutside(Value v, ForOp forOp);

/// The ops of `forOp`'s body that compute `values` from its induction
/// variable and loop invariants, in body order: what recomputes them for
/// another iteration once the induction variable is replaced. Nullopt when
/// one depends on anything else (a carried value, an op with memory effects
/// or regions, an op nested deeper in the body).
std::optional<SmallVector<Operation *>> getIterationSlice(ForOp forOp,
                                                          ValueRange values);

/// A rank-0 integer constant tile of `type` (loop bounds, indices).
Value createIntConstant(OpBuilder &builder, Location loc, TileType type,
                        int64_t value);

/// Whether an iteration of `forOp` can end other than at its body's
/// terminator: a `continue` or `break` of this loop nested in the body (a
/// `return` cannot appear in a loop).
bool hasEarlyExit(ForOp forOp);

} // namespace mlir::cuda_tile

#endif // TILEIR_DIALECT_CUDATILE_IR_LOOPUTILS_H
