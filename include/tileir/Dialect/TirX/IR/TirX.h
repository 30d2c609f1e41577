//===- TirX.h - tirx dialect ------------------------------------*- C++ -*-===//
//
// Part of TileIR. The tirx dialect: buffers with a memory scope and a
// TileLayout, and tile primitives issued at an execution scope.
//
//===----------------------------------------------------------------------===//

#ifndef TILEIR_DIALECT_TIRX_IR_TIRX_H
#define TILEIR_DIALECT_TIRX_IR_TIRX_H

#include "tileir/Layout/TileLayout.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/LLVMIR/LLVMDialect.h"
#include "mlir/IR/BuiltinTypeInterfaces.h"
#include "mlir/IR/Dialect.h"
#include "mlir/IR/OpDefinition.h"
#include "mlir/IR/OpImplementation.h"
#include "mlir/Interfaces/SideEffectInterfaces.h"
#include "mlir/Interfaces/ViewLikeInterface.h"

namespace tileir::layout {
/// Hash of a layout, for uniquing #tirx.layout attributes.
llvm::hash_code hash_value(const TileLayout &layout);
} // namespace tileir::layout

#include "tileir/Dialect/TirX/IR/TirXDialect.h.inc"
#include "tileir/Dialect/TirX/IR/TirXEnums.h.inc"

#define GET_ATTRDEF_CLASSES
#include "tileir/Dialect/TirX/IR/TirXAttrs.h.inc"

#define GET_TYPEDEF_CLASSES
#include "tileir/Dialect/TirX/IR/TirXTypes.h.inc"

#include "tileir/Dialect/TirX/IR/TirXInterfaces.h.inc"

#define GET_OP_CLASSES
#include "tileir/Dialect/TirX/IR/TirXOps.h.inc"

#endif // TILEIR_DIALECT_TIRX_IR_TIRX_H
