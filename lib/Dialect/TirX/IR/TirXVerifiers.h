//===- TirXVerifiers.h - Verification helpers shared by tirx ops -*- C++
//-*-===//
//
// Part of TileIR. Helpers the verifiers of TirXOps.cpp, TirXCopyOps.cpp and
// TirXComposeOps.cpp share (internal to the dialect library).
//
//===----------------------------------------------------------------------===//

#ifndef TILEIR_LIB_DIALECT_TIRX_IR_TIRXVERIFIERS_H
#define TILEIR_LIB_DIALECT_TIRX_IR_TIRXVERIFIERS_H

#include "tileir/Dialect/TirX/IR/TirX.h"

namespace mlir::tirx::detail {

/// The element type of a buffer, or the type itself for a scalar.
Type elementTypeOf(Type type);

/// Checks that `operand` (a buffer or a scalar) fits a destination `dst`:
/// buffers must have dst's shape; `elementType` (when set) must match.
LogicalResult verifyOperandLike(Operation *op, StringRef name, Value operand,
                                BufferType dst, Type elementType);

/// Checks the two sides of a copy: one static shape, one element type.
LogicalResult verifyCopySides(Operation *op, BufferType dst, BufferType src);

/// Checks a reduction of `src` over `axes` into `dst`: one element type,
/// distinct in-range axes, and `dst` of `src`'s shape without the axes
/// (`[1]` when every axis is reduced).
LogicalResult verifyReduceShape(Operation *op, BufferType dst, BufferType src,
                                ArrayRef<int64_t> axes);

/// Checks that the first `inputs.size()` arguments of an elementwise body
/// take the element types of `inputs` (buffers or scalars), in order.
LogicalResult verifyElementArguments(Operation *op, TypeRange inputs,
                                     Block &body);

} // namespace mlir::tirx::detail

#endif // TILEIR_LIB_DIALECT_TIRX_IR_TIRXVERIFIERS_H
