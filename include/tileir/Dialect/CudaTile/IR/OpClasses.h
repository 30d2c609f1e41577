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

} // namespace mlir::cuda_tile

#endif // TILEIR_DIALECT_CUDATILE_IR_OPCLASSES_H
