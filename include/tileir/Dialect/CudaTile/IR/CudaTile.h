//===- CudaTile.h - cuda_tile dialect umbrella header -----------*- C++ -*-===//
//
// Part of TileIR.
//
// Includes everything of the cuda_tile dialect: the dialect, its enums,
// attributes, types, interfaces, traits and operations.
//
//===----------------------------------------------------------------------===//

#ifndef TILEIR_DIALECT_CUDATILE_IR_CUDATILE_H
#define TILEIR_DIALECT_CUDATILE_IR_CUDATILE_H

#include "tileir/Dialect/CudaTile/IR/CudaTileAttrs.h"
#include "tileir/Dialect/CudaTile/IR/CudaTileDialect.h"
#include "tileir/Dialect/CudaTile/IR/CudaTileOps.h"
#include "tileir/Dialect/CudaTile/IR/CudaTileTraits.h"
#include "tileir/Dialect/CudaTile/IR/CudaTileTypes.h"

#endif // TILEIR_DIALECT_CUDATILE_IR_CUDATILE_H
