//===- LayoutCodegen.h - Index arithmetic from layouts ----------*- C++ -*-===//
//
// Part of TileIR. Turns TileLayouts into the index arithmetic a variant
// emits. Tiles have power-of-two extents, so a layout is viewed bit by bit:
// bit j of an element's row-major flat index contributes `stride` on one
// axis. Thread bits are resolved at run time from the thread id, memory bits
// at compile time (fully unrolled register indices).
//
//===----------------------------------------------------------------------===//

#ifndef TILEIR_DISPATCH_LAYOUTCODEGEN_H
#define TILEIR_DISPATCH_LAYOUTCODEGEN_H

#include "tileir/Dialect/TirX/IR/TirX.h"
#include "tileir/Layout/BitLayout.h"

#include "mlir/IR/Builders.h"

#include <string>

namespace tileir::dispatch {

/// Why the buffer operands of `op` other than `anchorIndex` cannot be read
/// register-to-register alongside operand `anchorIndex` (see
/// checkRegisterCompatible), or success. Scalars are always compatible.
std::optional<std::string> checkOperandsCompatible(mlir::Operation *op,
                                                   unsigned anchorIndex);

/// Emits the thread-dependent part of the flat index of the elements a
/// thread holds: sum over thread bits j of ((tid >> log2(stride)) & 1) << j,
/// restricted to bits in [firstBit, endBit) and shifted down by firstBit.
/// `tid` is an i32 thread id of the axis' scope.
mlir::Value emitThreadBits(mlir::OpBuilder &b, mlir::Location loc,
                           const layout::BitLayout &layout, mlir::Value tid,
                           unsigned firstBit, unsigned endBit);

/// Emits an i1 that is true on one thread of each group of threads holding
/// the same elements (all idle bits zero), or a null Value when every thread
/// holds distinct elements. Writes to shared or global memory use it so that
/// each element is written once.
mlir::Value emitIsReplicaLeader(mlir::OpBuilder &b, mlir::Location loc,
                                const layout::BitLayout &layout,
                                mlir::Value tid, int64_t ctaThreads);

/// A shared scratch buffer of `n` elements allocated at the start of the
/// function enclosing `op`.
mlir::Value allocScratch(mlir::OpBuilder &b, mlir::Operation *op,
                         mlir::Type elemType, int64_t n);

/// The storage memref of a local or shared buffer (resolved through
/// tirx.view to its root allocation), as memref<N x T> where N is the root
/// layout's storage size. Indices computed from the buffer's own layout are
/// valid in it.
mlir::Value getStorage(mlir::OpBuilder &b, mlir::Location loc,
                       mlir::Value buffer);

/// The storage offset (index) of the element at the runtime flat index
/// `flat` (index) of a memory-only layout: the sum over flat bits j of
/// bit_j(flat) * stride_j plus the offset, runs of doubling strides merged
/// into one shift, mask and multiply.
mlir::Value emitStorageOffset(mlir::OpBuilder &b, mlir::Location loc,
                              const layout::BitLayout &layout,
                              mlir::Value flat);
/// An `!llvm.ptr<3>` to element 0 of a shared buffer's root storage (the
/// storage of getStorage), for NVVM ops and vector accesses that take
/// pointers.
mlir::Value emitSharedPointer(mlir::OpBuilder &b, mlir::Location loc,
                              mlir::Value buffer);

/// The largest power of two known to divide an index or integer value
/// (constants, products, sums, shifts and casts), capped at 2^16; 2^16 for
/// zero.
int64_t knownDivisor(mlir::Value v);
int64_t knownDivisor(mlir::OpFoldResult ofr);

/// The CTA-scope thread id (`tx`) as i32.
mlir::Value emitThreadId(mlir::OpBuilder &b, mlir::Location loc);

} // namespace tileir::dispatch

#endif // TILEIR_DISPATCH_LAYOUTCODEGEN_H
