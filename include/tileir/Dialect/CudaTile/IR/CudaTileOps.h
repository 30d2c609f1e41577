//===- CudaTileOps.h - cuda_tile operations ---------------------*- C++ -*-===//
//
// Part of TileIR.
//
// Declares the cuda_tile operations.
//
//===----------------------------------------------------------------------===//

#ifndef TILEIR_DIALECT_CUDATILE_IR_CUDATILEOPS_H
#define TILEIR_DIALECT_CUDATILE_IR_CUDATILEOPS_H

#include "mlir/Bytecode/BytecodeOpInterface.h"
#include "mlir/IR/BuiltinAttributes.h"
#include "mlir/IR/OpDefinition.h"
#include "mlir/IR/OpImplementation.h"
#include "mlir/IR/RegionKindInterface.h"
#include "mlir/IR/SymbolTable.h"
#include "mlir/Interfaces/ControlFlowInterfaces.h"
#include "mlir/Interfaces/FunctionInterfaces.h"
#include "mlir/Interfaces/InferTypeOpInterface.h"
#include "mlir/Interfaces/SideEffectInterfaces.h"

#include "tileir/Dialect/CudaTile/IR/CudaTileAttrs.h"
#include "tileir/Dialect/CudaTile/IR/CudaTileDialect.h"
#include "tileir/Dialect/CudaTile/IR/CudaTileTraits.h"
#include "tileir/Dialect/CudaTile/IR/CudaTileTypes.h"

#define GET_OP_CLASSES
#include "tileir/Dialect/CudaTile/IR/CudaTileOps.h.inc"

#endif // TILEIR_DIALECT_CUDATILE_IR_CUDATILEOPS_H
