//===- CudaTileTypes.h - cuda_tile types ------------------------*- C++ -*-===//
//
// Part of TileIR.
//
// Declares the cuda_tile types, the TileView type interface, and the
// `custom<CudaTileType>` directive that parses and prints types in their
// short form (`tile<4xf32>` instead of `!cuda_tile.tile<4xf32>`).
//
//===----------------------------------------------------------------------===//

#ifndef TILEIR_DIALECT_CUDATILE_IR_CUDATILETYPES_H
#define TILEIR_DIALECT_CUDATILE_IR_CUDATILETYPES_H

#include "mlir/IR/BuiltinTypeInterfaces.h"
#include "mlir/IR/BuiltinTypes.h"
#include "mlir/IR/OpImplementation.h"
#include "mlir/IR/Types.h"

#include "tileir/Dialect/CudaTile/IR/CudaTileAttrs.h"

#include "tileir/Dialect/CudaTile/IR/CudaTileTypeInterfaces.h.inc"

#define GET_TYPEDEF_CLASSES
#include "tileir/Dialect/CudaTile/IR/CudaTileTypes.h.inc"

namespace mlir::cuda_tile {

/// The largest number of elements a tile may have (2^24).
inline constexpr int64_t kMaxTileNumElements = int64_t(1) << 24;

/// Returns an i1 tile with the shape of `type` if it is a tile, i1 otherwise.
Type getI1SameShape(Type type);

//===----------------------------------------------------------------------===//
// custom<CudaTileType>
//===----------------------------------------------------------------------===//

/// Parses a type in op syntax: the keyword `token`, any builtin or
/// `!dialect.`-prefixed type, or a cuda_tile type without its prefix.
ParseResult parseCudaTileType(AsmParser &parser, Type &type);
/// Parses a comma-separated list of types (see above).
ParseResult parseCudaTileType(AsmParser &parser, SmallVectorImpl<Type> &types);
/// Parses the types of `operands`: nothing when there are no operands,
/// otherwise `, T` (every operand has type T) or `, T0, T1, ...` (one type
/// per operand).
ParseResult
parseCudaTileType(OpAsmParser &parser, SmallVectorImpl<Type> &types,
                  ArrayRef<OpAsmParser::UnresolvedOperand> operands);

/// Prints a type, without the `!cuda_tile.` prefix for cuda_tile types.
void printCudaTileType(AsmPrinter &printer, Type type);
/// Prints a comma-separated list of types (see above).
void printCudaTileType(AsmPrinter &printer, TypeRange types);
/// Op-syntax forms of the printers above, for ODS custom directives.
void printCudaTileType(OpAsmPrinter &printer, Operation *op, Type type);
void printCudaTileType(OpAsmPrinter &printer, Operation *op, TypeRange types);
/// Prints the types of `operands` as parsed by the third parser above.
void printCudaTileType(OpAsmPrinter &printer, Operation *op, TypeRange types,
                       OperandRange operands);

} // namespace mlir::cuda_tile

#endif // TILEIR_DIALECT_CUDATILE_IR_CUDATILETYPES_H
