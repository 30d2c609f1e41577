//===- CudaTileDialect.h - cuda_tile dialect --------------------*- C++ -*-===//
//
// Part of TileIR.
//
// Declares the cuda_tile dialect class.
//
//===----------------------------------------------------------------------===//

#ifndef TILEIR_DIALECT_CUDATILE_IR_CUDATILEDIALECT_H
#define TILEIR_DIALECT_CUDATILE_IR_CUDATILEDIALECT_H

#include "mlir/IR/Dialect.h"

#include "tileir/Dialect/CudaTile/IR/CudaTileDialect.h.inc"

#endif // TILEIR_DIALECT_CUDATILE_IR_CUDATILEDIALECT_H
