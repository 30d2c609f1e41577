//===- LayoutCodegen.h - Index arithmetic from layouts ----------*- C++ -*-===//
//
// Part of TileIR. Builds the IR of the index arithmetic that the lowering of
// tirx buffers needs from their layouts, viewed bit by bit
// (tileir/Layout/BitLayout.h): thread bits are resolved at run time from the
// thread id, memory bits at compile time (fully unrolled register indices).
// Also the storage of a buffer, shared scratch buffers and the known
// power-of-two divisor of an index. Used by the dispatch variants and by
// tirx-lower-buffers.
//
//===----------------------------------------------------------------------===//

#ifndef TILEIR_DIALECT_TIRX_UTILS_LAYOUTCODEGEN_H
#define TILEIR_DIALECT_TIRX_UTILS_LAYOUTCODEGEN_H

#include "tileir/Dialect/TirX/IR/TirX.h"
#include "tileir/Layout/BitLayout.h"

#include "mlir/IR/Builders.h"

#include <string>

namespace mlir::tirx {

/// The size of the blocks a layout conversion goes through shared memory in,
/// when the layouts allow smaller blocks than the tile: the static shared
/// memory every chip has. A staging buffer may be as large as the chip's
/// per-CTA limit; buffers that are never live at once share bytes
/// (tirx-lower-buffers).
constexpr int64_t kConversionBlockBytes = 48 * 1024;

/// Why the buffer operands of `op` other than `anchorIndex` cannot be read
/// register-to-register alongside operand `anchorIndex` (see
/// checkRegisterCompatible), or success. Scalars are always compatible.
std::optional<std::string> checkOperandsCompatible(Operation *op,
                                                   unsigned anchorIndex);

/// Emits the thread-dependent part of the flat index of the elements a
/// thread holds: sum over thread bits j of ((tid >> log2(stride)) & 1) << j,
/// restricted to bits in [firstBit, endBit) and shifted down by firstBit.
/// `tid` is an i32 thread id of the axis' scope.
Value emitThreadBits(OpBuilder &b, Location loc,
                     const ::tileir::layout::BitLayout &layout, Value tid,
                     unsigned firstBit, unsigned endBit);

/// Emits an i1 that is true on one thread of each group of threads holding
/// the same elements (all idle bits zero), or a null Value when every thread
/// holds distinct elements. Writes to shared or global memory use it so that
/// each element is written once.
Value emitIsReplicaLeader(OpBuilder &b, Location loc,
                          const ::tileir::layout::BitLayout &layout, Value tid,
                          int64_t ctaThreads);

/// A shared scratch buffer of `n` elements allocated at the start of the
/// function enclosing `op`.
Value allocScratch(OpBuilder &b, Operation *op, Type elemType, int64_t n);

/// The buffer a chain of tirx.view starts from (`buffer` itself when it is
/// no view): an allocation, an argument, or a run-time choice of buffers
/// (`arith.select`).
Value viewRoot(Value buffer);
/// The storage memref of a local or shared buffer (resolved through
/// tirx.view to its root allocation), as memref<N x T> where N is the root
/// layout's storage size. Indices computed from the buffer's own layout are
/// valid in it.
Value getStorage(OpBuilder &b, Location loc, Value buffer);

/// The storage offset (index) of the element at the runtime flat index
/// `flat` (index) of a memory-only layout: the sum over flat bits j of
/// bit_j(flat) * stride_j plus the offset, runs of doubling strides merged
/// into one shift, mask and multiply.
Value emitStorageOffset(OpBuilder &b, Location loc,
                        const ::tileir::layout::BitLayout &layout, Value flat);
/// The swizzled element address of the linear address `addr` (an integer
/// or index value) of a swizzled shared layout: `swizzle` applied at run
/// time (layout::Swizzle::apply).
Value emitSwizzle(OpBuilder &b, Location loc, Value addr,
                  const ::tileir::layout::Swizzle &swizzle);
/// An `!llvm.ptr<3>` to element 0 of a shared buffer's root storage (the
/// storage of getStorage), for NVVM ops and vector accesses that take
/// pointers.
Value emitSharedPointer(OpBuilder &b, Location loc, Value buffer);

/// The largest power of two known to divide an index or integer value
/// (constants, products, sums, shifts, casts and selects), capped at 2^16;
/// 2^16 for zero.
int64_t knownDivisor(Value v);
int64_t knownDivisor(OpFoldResult ofr);

/// The CTA-scope thread id (`tx`) as i32.
Value emitThreadId(OpBuilder &b, Location loc);

/// The element of operand `v` matching the anchor's flat index `flat`: a
/// load from the storage slot of `flat` in `v`'s layout when `v` is a
/// buffer register-compatible with the anchor (see checkOperandsCompatible),
/// `v` itself when it is a scalar.
Value readOperandElement(OpBuilder &b, Location loc, Value v, int64_t flat);

/// A `tirx.view` of the buffer `src` (on chip) with another shape of the
/// same element count and its layout, memory scope and swizzle: the layout
/// acts on the row-major flat index, so the view holds the same elements in
/// the same flat order (a reshape; unit dimensions added or dropped).
Value emitShapeView(OpBuilder &b, Location loc, Value src,
                    ArrayRef<int64_t> shape);

/// A `tirx.view` of the on-chip buffer `src` with `shape` and the layout
/// `bits` (same memory scope, element type and swizzle).
Value emitLayoutView(OpBuilder &b, Location loc, Value src,
                     ArrayRef<int64_t> shape,
                     const ::tileir::layout::BitLayout &bits);

/// The view of block `k` (block coordinates, one per dimension) of the
/// `blockShape` blocks of a buffer of `shape` laid out by `bits`: the low
/// bits of each dimension stay, the high ones select the block (a memory
/// offset where they are memory bits; the caller makes sure thread bits
/// select nothing).
Value emitBlockView(OpBuilder &b, Location loc, Value buffer,
                    const ::tileir::layout::BitLayout &bits,
                    ArrayRef<int64_t> shape, ArrayRef<int64_t> blockShape,
                    ArrayRef<int64_t> k);

} // namespace mlir::tirx

#endif // TILEIR_DIALECT_TIRX_UTILS_LAYOUTCODEGEN_H
