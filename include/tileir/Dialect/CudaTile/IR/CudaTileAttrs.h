//===- CudaTileAttrs.h - cuda_tile attributes and enums ---------*- C++ -*-===//
//
// Part of TileIR.
//
// Declares the enumerations (RoundingMode, IntegerOverflow, Signedness,
// ComparisonPredicate, ComparisonOrdering, PaddingValue,
// MemoryOrderingSemantics, MemoryScope) and the attributes of cuda_tile.
//
//===----------------------------------------------------------------------===//

#ifndef TILEIR_DIALECT_CUDATILE_IR_CUDATILEATTRS_H
#define TILEIR_DIALECT_CUDATILE_IR_CUDATILEATTRS_H

#include "mlir/IR/Attributes.h"
#include "mlir/IR/BuiltinAttributes.h"
#include "mlir/IR/OpImplementation.h"

#include "tileir/Dialect/CudaTile/IR/CudaTileEnums.h.inc"

#include "tileir/Dialect/CudaTile/IR/CudaTileAttrInterfaces.h.inc"

#define GET_ATTRDEF_CLASSES
#include "tileir/Dialect/CudaTile/IR/CudaTileAttrs.h.inc"

#endif // TILEIR_DIALECT_CUDATILE_IR_CUDATILEATTRS_H
