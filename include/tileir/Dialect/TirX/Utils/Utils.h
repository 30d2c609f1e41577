//===- Utils.h - Helpers for building tirx IR -------------------*- C++ -*-===//
//
// Part of TileIR. Helpers shared by the code that builds tirx ops.
//
//===----------------------------------------------------------------------===//

#ifndef TILEIR_DIALECT_TIRX_UTILS_UTILS_H
#define TILEIR_DIALECT_TIRX_UTILS_UTILS_H

#include "tileir/Dialect/TirX/IR/TirX.h"

#include "mlir/IR/Builders.h"
#include "llvm/ADT/SetVector.h"

namespace mlir::tirx {

/// The type of the body argument that an element-wise op (tirx.map,
/// tirx.for_each) gives to its input `input`: the element type of a buffer,
/// the type of a scalar.
Type getBodyArgumentType(Value input);

/// Creates the single block of the body `region` of an element-wise op over
/// `inputs`: one argument per input (getBodyArgumentType), then one per
/// type of `extraTypes`, all at `loc`. The insertion point of `b` moves to
/// the start of the block.
Block *createElementBody(OpBuilder &b, Region &region, ValueRange inputs,
                         Location loc, TypeRange extraTypes = {});

/// A global buffer operand: the tirx.global_view it reads and the
/// tirx.region of it (null when the operand is the whole view). Fails when
/// the operand is neither.
struct GlobalOperand {
  RegionOp region;
  GlobalViewOp view;
  /// The region's offsets, zeros for a whole view.
  SmallVector<OpFoldResult> getOffsets();
};
FailureOr<GlobalOperand> matchGlobalOperand(Value v);

/// Collects the ops that use the bytes of `alloc`: the users of the buffer
/// and of every value computed from it without touching memory (views,
/// casts, address arithmetic), and those values (`values`). Fails when such
/// a value leaves through a region's arguments or results, where the uses
/// are not followed. The shared-memory plan's live ranges start from these
/// uses.
LogicalResult collectBufferUses(AllocOp alloc,
                                SmallVectorImpl<Operation *> &uses,
                                llvm::SetVector<Value> &values);

/// The first op `v` is computed from that another thread could not
/// compute again from the kernel's arguments (the block arguments of
/// `entry`): one with memory effects or regions, or a thread id (gpu or
/// NVVM). Null when there is none: the producer warps of a
/// tirx.warp_specialize can recompute `v`. `v` itself may be a block
/// argument of `entry`; another block argument is reported as its block's
/// parent op.
Operation *findNotRecomputable(Value v, Block *entry);

} // namespace mlir::tirx

#endif // TILEIR_DIALECT_TIRX_UTILS_UTILS_H
