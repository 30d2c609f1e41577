//===- OpClasses.h - Classes of cuda_tile ops -------------------*- C++ -*-===//
//
// Part of TileIR.
//
//===----------------------------------------------------------------------===//

#ifndef TILEIR_DIALECT_CUDATILE_IR_OPCLASSES_H
#define TILEIR_DIALECT_CUDATILE_IR_OPCLASSES_H

#include "mlir/IR/Operation.h"

namespace mlir::cuda_tile {

/// Whether `op` computes each element of its result from the elements at the
/// same position of its operands (all of one shape): the integer, float,
/// math and conversion ops and `select`. The same op on a slice of every
/// operand computes that slice of the result.
bool isElementwise(Operation *op);

/// Whether `op` is an `mmaf` of f8 inputs into an f32 accumulator without
/// `fast_acc`: the f8 tensor-core instructions of sm_89/sm_90 add their
/// products with fewer bits than f32 (about 14), which only `fast_acc`
/// allows as it is. The conversion sums each 128-deep K chunk into an
/// accumulator of its own and adds it to the product's, as cuBLAS does
/// (docs/Matmul.md): two accumulators of the product's size.
bool isPromotedF8(Operation *op);

} // namespace mlir::cuda_tile

#endif // TILEIR_DIALECT_CUDATILE_IR_OPCLASSES_H
