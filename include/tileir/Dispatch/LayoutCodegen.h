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
#include "tileir/Layout/TileLayout.h"

#include "mlir/IR/Builders.h"

#include <string>

namespace tileir::dispatch {

/// One bit of a layout: (axis, stride). A stride of 0 means the element does
/// not depend on this bit (a broadcast).
struct LayoutBit {
  std::string axis;
  int64_t stride = 0;
  bool isThread() const { return stride != 0 && layout::isThreadAxis(axis); }
  bool isMemory() const { return stride != 0 && !layout::isThreadAxis(axis); }
  bool operator==(const LayoutBit &o) const {
    return axis == o.axis && stride == o.stride;
  }
};

/// A layout decomposed into bits: `shard[j]` for flat index bit j (bit 0 is
/// the fastest-varying), `replica` for the replica iters, `memOffset` the
/// offset on the memory axis `m`.
struct BitLayout {
  llvm::SmallVector<LayoutBit> shard;
  llvm::SmallVector<LayoutBit> replica;
  int64_t memOffset = 0;

  /// Decomposes `layout`; fails when an extent is not a power of two, when a
  /// thread axis other than `tx` is used after canonicalization at CTA
  /// scope, or when the layout has offsets on thread axes.
  static llvm::FailureOr<BitLayout> get(const layout::TileLayout &layout);
  /// Rebuilds a TileLayout (canonicalized) from bits.
  layout::TileLayout toLayout() const;

  unsigned getNumBits() const { return shard.size(); }
  /// Number of storage slots per thread (span on `m`).
  int64_t getStorageSize() const;
  /// Storage slot of the element whose flat index is `flat` (thread bits of
  /// `flat` are ignored). For a register-compatible operand (see
  /// checkRegisterCompatible) this is the slot holding the element the
  /// anchor holds at anchor.storageIndex(flat).
  int64_t storageIndex(int64_t flat) const;
  /// The same bits in another flat order: flat bit k of the result is flat
  /// bit order[k] of this layout (a permutation of its bits). Permuting a
  /// tile's dimensions is one such order; so is enumerating a copy's
  /// elements with its vector bits first.
  BitLayout reordered(llvm::ArrayRef<unsigned> order) const;
  /// Flat bit positions whose bit is a memory bit, lowest first.
  llvm::SmallVector<unsigned> memoryBits() const;
  /// Flat bit positions that are not on a thread, lowest first: the memory
  /// bits and the broadcast bits (stride 0: logical elements that share a
  /// register). A walk that must visit every logical element a thread holds
  /// (stores to distinct addresses, atomics, per-element bodies) enumerates
  /// these; a walk over the registers enumerates memoryBits().
  llvm::SmallVector<unsigned> registerBits() const;
};

/// Every flat index whose set bits are a subset of `bits`, in counting order
/// (the storage walk of fully unrolled variants).
llvm::SmallVector<int64_t> enumerateSubsets(llvm::ArrayRef<unsigned> bits);

/// Why the buffer operands of `op` other than `anchorIndex` cannot be read
/// register-to-register alongside operand `anchorIndex` (see
/// checkRegisterCompatible), or success. Scalars are always compatible.
std::optional<std::string> checkOperandsCompatible(mlir::Operation *op,
                                                   unsigned anchorIndex);

/// The bits of dimension `dim` of a power-of-two `shape` in the row-major
/// flat index: [first, first + log2(shape[dim])).
std::pair<unsigned, unsigned> dimBitRange(llvm::ArrayRef<int64_t> shape,
                                          unsigned dim);

/// Why `operand` cannot be read register-to-register alongside `anchor`
/// (both over the same logical shape), or success. Compatible means: every
/// thread holds, for each anchor element it owns, the same logical element
/// of `operand` at a storage slot known at compile time.
std::optional<std::string> checkRegisterCompatible(const BitLayout &anchor,
                                                   const BitLayout &operand);

/// Emits the thread-dependent part of the flat index of the elements a
/// thread holds: sum over thread bits j of ((tid >> log2(stride)) & 1) << j,
/// restricted to bits in [firstBit, endBit) and shifted down by firstBit.
/// `tid` is an i32 thread id of the axis' scope.
mlir::Value emitThreadBits(mlir::OpBuilder &b, mlir::Location loc,
                           const BitLayout &layout, mlir::Value tid,
                           unsigned firstBit, unsigned endBit);

/// Thread-id bits (of a CTA of `ctaThreads`) that select no element: replica
/// bits and bits the layout does not use. Threads that differ only in these
/// bits hold the same elements.
int64_t getIdleThreadMask(const BitLayout &layout, int64_t ctaThreads);

/// Emits an i1 that is true on one thread of each group of threads holding
/// the same elements (all idle bits zero), or a null Value when every thread
/// holds distinct elements. Writes to shared or global memory use it so that
/// each element is written once.
mlir::Value emitIsReplicaLeader(mlir::OpBuilder &b, mlir::Location loc,
                                const BitLayout &layout, mlir::Value tid,
                                int64_t ctaThreads);

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
                              const BitLayout &layout, mlir::Value flat);
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
