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

} // namespace tileir::layout

#endif // TILEIR_LAYOUT_SHAREDSTAGING_H
