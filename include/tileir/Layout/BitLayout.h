//===- BitLayout.h - Power-of-two layouts bit by bit ------------*- C++ -*-===//
//
// Part of TileIR. Tiles have power-of-two extents, so a TileLayout can be
// viewed bit by bit: bit j of an element's row-major flat index contributes
// `stride` on one axis. Thread bits say which thread holds an element, memory
// bits where in its storage; the storage walks and register compatibility
// checks of the lowering are computed on these bits. LLVM Support only: the
// code that emits index arithmetic from them is in
// tileir/Dialect/TirX/Utils/LayoutCodegen.h.
//
//===----------------------------------------------------------------------===//

#ifndef TILEIR_LAYOUT_BITLAYOUT_H
#define TILEIR_LAYOUT_BITLAYOUT_H

#include "tileir/Layout/TileLayout.h"

#include "llvm/ADT/ArrayRef.h"
#include "llvm/ADT/SmallVector.h"
#include "llvm/Support/LogicalResult.h"

#include <cstdint>
#include <optional>
#include <string>
#include <utility>

namespace tileir::layout {

/// One bit of a layout: (axis, stride). A stride of 0 means the element does
/// not depend on this bit (a broadcast).
struct LayoutBit {
  std::string axis;
  int64_t stride = 0;
  bool isThread() const { return stride != 0 && isThreadAxis(axis); }
  bool isMemory() const { return stride != 0 && !isThreadAxis(axis); }
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
  static llvm::FailureOr<BitLayout> get(const TileLayout &layout);
  /// Rebuilds a TileLayout (canonicalized) from bits.
  TileLayout toLayout() const;

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
  /// The same elements seen with the dimensions of the power-of-two tile
  /// `shape` permuted: dimension i of the result is dimension perm[i].
  BitLayout permutedDims(llvm::ArrayRef<int64_t> shape,
                         llvm::ArrayRef<int32_t> perm) const;
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

/// Thread-id bits (of a CTA of `ctaThreads`) that select no element: replica
/// bits and bits the layout does not use. Threads that differ only in these
/// bits hold the same elements.
int64_t getIdleThreadMask(const BitLayout &layout, int64_t ctaThreads);

} // namespace tileir::layout

#endif // TILEIR_LAYOUT_BITLAYOUT_H
