//===- MemoryTypes.h - How tile element types sit in memory -----*- C++ -*-===//
//
// Part of TileIR. The one place that says how a value of a tile element type
// is loaded from and stored to memory by LLVM: f8 (and other float types LLVM
// has no type for) as integers of their width, i1 as one byte (as cuTile and
// PyTorch store booleans; LLVM would pack a vector of i1 into bits).
//
//===----------------------------------------------------------------------===//

#ifndef TILEIR_DIALECT_TIRX_IR_MEMORYTYPES_H
#define TILEIR_DIALECT_TIRX_IR_MEMORYTYPES_H

#include "mlir/IR/Builders.h"

namespace mlir::tirx {

/// The type LLVM loads, stores and indexes pointers with for `type` (a
/// scalar or a vector of a tile element type): `type` itself, or integers
/// of the element's width for float types LLVM lacks (f8), or i8 for i1.
Type getMemoryType(Type type);

/// The bytes one element of the scalar type `type` takes in memory: its
/// width in whole bytes, one byte for i1 (and narrower types).
int64_t getMemoryBytes(Type type);

/// `value` as getMemoryType of its type (bitcast, or zext for i1).
Value toMemoryValue(OpBuilder &b, Location loc, Value value);

/// A value loaded as getMemoryType(`type`), as `type` (bitcast, or trunc
/// for i1).
Value fromMemoryValue(OpBuilder &b, Location loc, Value value, Type type);

} // namespace mlir::tirx

#endif // TILEIR_DIALECT_TIRX_IR_MEMORYTYPES_H
