//===- TileOps.h - the tileops dialect --------------------------*- C++ -*-===//
//
// Part of TileIR.
//
//===----------------------------------------------------------------------===//

#ifndef TILEIR_DIALECT_TILEOPS_IR_TILEOPS_H
#define TILEIR_DIALECT_TILEOPS_IR_TILEOPS_H

#include "tileir/Dialect/CudaTile/IR/CudaTile.h"

#include "mlir/IR/Dialect.h"
#include "mlir/IR/OpDefinition.h"
#include "mlir/IR/OpImplementation.h"
#include "mlir/Interfaces/SideEffectInterfaces.h"

#include <optional>

namespace mlir::tileops {

/// The op families of the library; each has one ODS base class and one
/// expansion pattern.
enum class Family {
  UnaryMath,
  BinaryArith,
  Activation,
  FusedGated,
  Comparison,
  Bitwise,
  Logical,
  Special,
  Rope,
  Dropout,
  Alibi,
  Sinusoidal,
};
llvm::StringRef stringifyFamily(Family family);

/// Input element kinds an op accepts (bit set).
enum Kinds : unsigned {
  kFloat = 1, ///< f16, bf16, f32, f8E4M3FN, f8E5M2
  kInt = 2,   ///< i8, i16, i32, i64 (signed, PyTorch's int8..int64)
  kBool = 4,  ///< i1
};

/// What an op's result element type is.
enum class ResultRule {
  SameAsData, ///< the element type of the data input
  Bool,       ///< i1
  Float,      ///< a float type chosen by the caller (generative ops)
};

/// One op of the library: everything the verifier, the expansion and the
/// kernel builder need to know about it.
struct OpInfo {
  llvm::StringLiteral name;
  Family family;
  unsigned numInputs;
  unsigned kinds; ///< Kinds of the data inputs
  ResultRule result;
};

/// All 72 ops, in the order of the TileOPs reference's op list.
llvm::ArrayRef<OpInfo> getAllOps();
/// The op named `name` (without the `tileops.` prefix), or nullptr.
const OpInfo *lookupOp(llvm::StringRef name);

/// Kind of an element type: kFloat, kInt, kBool, or 0 when unsupported.
unsigned kindOf(Type elementType);

/// The shared verifier of every tileops op.
LogicalResult verifyTileOp(Operation *op, Family family);

} // namespace mlir::tileops

#include "tileir/Dialect/TileOps/IR/TileOpsDialect.h.inc"

#define GET_OP_CLASSES
#include "tileir/Dialect/TileOps/IR/TileOpsOps.h.inc"

#endif // TILEIR_DIALECT_TILEOPS_IR_TILEOPS_H
