//===- SharedStaging.h - Bank conflicts of shared staging -------*- C++ -*-===//
//
// Part of TileIR. A tile that changes register layout through shared memory
// is written by one layout's threads and read back by another's. Both walks
// are fixed by the layouts; the staging buffer's address function decides
// how many shared-memory wavefronts each warp instruction needs. This file
// counts them (docs/Layouts.md, "Staging layouts for layout changes") and
// picks the staging layout that needs fewest: row-major, rows padded by 16
// bytes, or an XOR swizzle of 16-byte chunks whose source bits follow the
// walks. LLVM Support only.
//
//===----------------------------------------------------------------------===//

#ifndef TILEIR_LAYOUT_SHAREDSTAGING_H
#define TILEIR_LAYOUT_SHAREDSTAGING_H

#include "tileir/Layout/BitLayout.h"
#include "tileir/Layout/TileLayout.h"

#include "llvm/ADT/ArrayRef.h"
#include "llvm/ADT/STLFunctionalExtras.h"

#include <cstdint>
#include <optional>

namespace tileir::layout {

/// The widest vector one thread moves in one memory access (ld/st .v4.b32,
/// global or shared): the register copies vectorize up to it.
inline constexpr int64_t kMaxVectorBytes = 16;

/// Elements per vector access of a copy between the registers of `local`
/// and a row-major shared buffer whose rows hold `cols` elements: the run of
/// low flat bits that are consecutive registers, within kMaxVectorBytes and
/// one row (the register copy's rule for such a buffer).
int64_t stagingVectorElements(const BitLayout &local, int64_t cols,
                              int64_t elemBytes);

/// Shared-memory wavefronts of one warp (the threads of `local` with
/// thread ids below 32) that accesses every element it holds, `vecElems`
/// consecutive flat elements per instruction, at element address
/// `address(flat)`. Threads holding the same element (replicas) access it
/// once. Accesses of at most 4 bytes are served per warp, 8-byte accesses
/// per half-warp and 16-byte ones per quarter-warp; each group needs as many
/// wavefronts as the most distinct 4-byte words any bank holds.
int64_t countWarpWavefronts(const BitLayout &local,
                            llvm::function_ref<int64_t(int64_t)> address,
                            int64_t elemBytes, int64_t vecElems);

/// A staging buffer for a layout change of a power-of-two tile.
struct StagingLayout {
  TileLayout layout;
  /// 0, or the swizzle mode (32, 64, 128 bytes) composed after `layout`.
  unsigned swizzleBytes = 0;
  /// The swizzle's source bits, in 16-byte chunks above the permuted ones.
  unsigned swizzleShift = 3;
  /// Wavefronts of one warp's write and read walks.
  int64_t wavefronts = 0;
};

/// The staging buffer for a tile of `shape` written from the registers of
/// `src` and read into those of `dst`: the candidate with fewest wavefronts
/// (countWarpWavefronts of both walks), preferring on ties row-major rows,
/// padded by 16 bytes when they span whole multiples of 128 bytes, then the
/// swizzles of fewest bits and shortest shift.
StagingLayout chooseStagingLayout(const BitLayout &src, const BitLayout &dst,
                                  llvm::ArrayRef<int64_t> shape,
                                  int64_t elemBytes);

/// The largest vector (in elements, at most kMaxVectorBytes) every address
/// of a shared buffer laid out as `bits` is aligned to when its flat bits
/// `vecBits` form the vector: shared buffers start 16-byte aligned, and the
/// offset and every other bit's stride are multiples of it.
int64_t sharedVectorAlignment(const BitLayout &bits,
                              llvm::ArrayRef<unsigned> vecBits,
                              int64_t elemBytes);

/// One shared buffer of a shared-to-shared copy: its bits and the swizzle
/// composed after them.
struct SharedCopySide {
  BitLayout bits;
  std::optional<Swizzle> swizzle;
};

/// How a power-of-two tile is copied between two shared buffers whose
/// contiguous runs may differ (a transpose between a row-major and a
/// K-major stage): each thread moves a block of the tile through registers,
/// loading it with vector accesses along the source's run and storing it
/// with vector accesses along the destination's.
struct SharedCopyPlan {
  /// The tile's flat bits in the copy's order: the source's vector bits
  /// (source strides 1, 2, ...), the destination's (when they differ from
  /// the source's), the thread bits, then the bits each thread iterates.
  llvm::SmallVector<unsigned> order;
  /// The partition over the reordered flat bits: the block and the iterated
  /// bits on `m`, the thread bits on `tx`.
  BitLayout partition;
  /// log2 of the elements of one source and one destination access.
  unsigned srcVecBits = 0, dstVecBits = 0;
  /// Whether both sides access the same vector (the destination's vector
  /// bits are the source's): the block is that vector.
  bool sameVector = false;
  /// Shared-memory wavefronts of one warp moving one block a lane (its
  /// loads and stores, countWarpWavefronts of each).
  int64_t wavefronts = 0;
};

/// The largest register block one thread of a shared-to-shared copy holds.
inline constexpr int64_t kMaxCopyBlockBytes = 128;

/// The plan of a copy of a tile of `numBits` flat bits from `src` to `dst`
/// by `threads` threads, or nullopt when neither side has a vector run of
/// two elements or more (element-wise copies do as well). A side's vector
/// is a prefix of its run of flat bits at strides 1, 2, ... within
/// kMaxVectorBytes, one swizzle chunk and the side's alignment; the block is
/// both vectors, within kMaxCopyBlockBytes. For each pair of vectors the
/// threads' bits are those of the other bits that need the fewest
/// wavefronts (the lanes of one 16-byte access phase chosen first, then one
/// lane at a time; on ties the lower flat bits); the pair kept needs the
/// fewest wavefronts per element, then the fewest instructions per element,
/// then has the longest vectors. Two vectors need not both be as wide as
/// they may: lanes reading 4-byte words of 128-byte rows and writing
/// 16-byte columns of a 128-byte swizzle are conflict-free where 4 x 4
/// blocks cannot be.
std::optional<SharedCopyPlan>
planSharedCopy(const SharedCopySide &dst, const SharedCopySide &src,
               unsigned numBits, int64_t elemBytes, int64_t threads);

} // namespace tileir::layout

#endif // TILEIR_LAYOUT_SHAREDSTAGING_H
