//===- MmaLayouts.h - Tensor-core fragment and shared layouts ---*- C++ -*-===//
//
// Part of TileIR. The register fragments of mma.sync (m16n8k16 for 16-bit
// inputs, m16n8k32 for 8-bit inputs) and of the
// wgmma accumulator (m64nNk16), and the K-major shared-memory layouts wgmma
// reads through matrix descriptors, as TileLayouts: builders (for tests and
// for the cuda_tile lowering to name them) and matchers (for the gemm
// variants to check a buffer's layout and find each fragment register's
// storage slot). docs/Layouts.md draws them.
//
//===----------------------------------------------------------------------===//

#ifndef TILEIR_LAYOUT_MMALAYOUTS_H
#define TILEIR_LAYOUT_MMALAYOUTS_H

#include "tileir/Layout/TileLayout.h"

#include "llvm/ADT/SmallVector.h"
#include "llvm/Support/Error.h"

#include <functional>
#include <utility>

namespace tileir::layout::mma {

/// The operand an mma.sync fragment belongs to: A (M x K), B (K x N) or the
/// accumulator C/D (M x N), as logical matrices op(A), op(B), D.
enum class Operand { A, B, C };

/// A register fragment: thread `t` (0 <= t < threads) holds element
/// `element(t, r)` = (row, col) of a rows x cols matrix in its register
/// r (0 <= r < regs). Every element is held exactly once.
struct Fragment {
  int64_t rows = 0;
  int64_t cols = 0;
  int64_t threads = 0;
  int64_t regs = 0;
  std::function<std::pair<int64_t, int64_t>(int64_t, int64_t)> element;
};

/// The fragment one warp holds of a rows x cols operand tiled by mma.sync
/// atoms with f32 accumulators: m16n8k16 for `elementBits` = 16 (f16/bf16
/// inputs), m16n8k32 for `elementBits` = 8 (f8 inputs). Registers are
/// numbered atom by atom (row-major over the atom grid), then as PTX numbers
/// them in one atom: a0..a7, b0..b3 (16-bit) or a0..a15, b0..b7 (8-bit),
/// c0..c3. `rows`/`cols` must be multiples of the atom (A: 16x16 or 16x32,
/// B: 16x8 or 32x8, C: 16x8). `elementBits` only matters for A and B.
Fragment getMmaSyncFragment(Operand operand, int64_t rows, int64_t cols,
                            unsigned elementBits = 16);

/// The same fragment as a TileLayout over the buffer's shape: rows x cols,
/// or cols x rows when `transposed` (the buffer holds the transpose of the
/// operand, as with transpose_a / transpose_b). Thread axis: laneid.
layout::TileLayout getMmaSyncLayout(Operand operand, int64_t rows, int64_t cols,
                                    bool transposed = false,
                                    unsigned elementBits = 16);

/// The wgmma m64nNk16 f32 accumulator fragment of a warpgroup (128 threads,
/// N/2 registers): warp w holds rows 16w..16w+15 like an mma.sync C
/// fragment repeated N/8 times along the columns. `n` is a multiple of 8.
Fragment getWgmmaAccumulatorFragment(int64_t n);

/// The same as a TileLayout over 64 x n (thread axes laneid and wid_in_wg).
layout::TileLayout getWgmmaAccumulatorLayout(int64_t n);

/// Matches `layout` (over the buffer's shape: frag.rows x frag.cols, or the
/// transpose when `transposed`) against `frag`: every element must sit on
/// the fragment's thread (thread axes laneid, tid_in_wg, wid_in_wg, warpid,
/// tx, counted in threads) in one storage slot that does not depend on the
/// thread. Returns the storage slot (axis m) of each fragment register, or
/// an error saying which element is misplaced.
llvm::Expected<llvm::SmallVector<int64_t>>
matchFragment(const layout::TileLayout &layout, bool transposed,
              const Fragment &frag);

/// The fields of a wgmma matrix descriptor for one K step, in bytes from the
/// start of the buffer's storage.
struct WgmmaDescriptor {
  int64_t startBytes = 0;   ///< address of element (0, k0) of the step
  int64_t leadingBytes = 0; ///< LBO: next core matrix along K
  int64_t strideBytes = 0;  ///< SBO: next 8-row core matrix along M/N
  /// Swizzle of the layout in bytes (0: none; 128, 64, 32: the swizzles of
  /// descriptor layout types 1, 2, 3).
  unsigned swizzleBytes = 0;
  /// The operand is read MN-major (wgmma's transpose of A or B): LBO is the
  /// next 128 bytes along M/N, SBO the next 8 rows along K.
  bool mnMajor = false;
};

/// The K-major, no-swizzle ("interleave") wgmma layout of an operand with
/// `rows` rows along M (A) or N (B) and `k` along K, for elements of
/// `elementBits` bits: 8-row x 16-byte core matrices stored contiguously,
/// consecutive along K (LBO = 128 bytes), then along the rows
/// (SBO = 8 * k * element bytes). Over the buffer's shape rows x k, or
/// k x rows when `transposed`.
layout::TileLayout getWgmmaKMajorLayout(int64_t rows, int64_t k,
                                        unsigned elementBits,
                                        bool transposed = false);

/// The K-major swizzled wgmma layout (before the swizzle, which the
/// buffer's layout attribute composes: `swizzle = S`, S = `swizzleBytes`,
/// 32, 64 or 128) of an operand with `rows` rows and `k` along K (k *
/// element bytes a multiple of S): K atoms of S bytes; in one atom, row r at
/// byte S * r (8-row groups 8 * S bytes apart); atoms along K rows * S bytes
/// apart. Over rows x k. `bufferRows` (0: `rows`) is the row count of the
/// whole buffer when the layout is that of a block of `rows` of its rows
/// (atoms along K are bufferRows * S bytes apart).
layout::TileLayout getWgmmaKMajorSwizzledLayout(int64_t rows, int64_t k,
                                                unsigned elementBits,
                                                bool transposed = false,
                                                int64_t bufferRows = 0,
                                                unsigned swizzleBytes = 128);

/// The MN-major 128-byte-swizzled wgmma layout (before the swizzle) of a
/// 16-bit operand with `rows` rows along M (A) or N (B), a multiple of 64,
/// and `k` along K, a multiple of 8: atoms of 8 K-rows of 128 bytes (64
/// consecutive rows of M/N at one k); atoms along K 1024 bytes apart (SBO),
/// blocks of 64 rows 128 * k bytes apart (LBO). The form of an operand whose
/// registers hold consecutive M/N elements (B given K x N with N
/// contiguous). Over rows x k, or k x rows when `transposed`.
layout::TileLayout getWgmmaMNMajorSwizzledLayout(int64_t rows, int64_t k,
                                                 unsigned elementBits,
                                                 bool transposed = false);

/// The descriptor of every K step (32 bytes of K per step) of an operand in
/// shared memory with `layout` (memory axis m only; over rows x k, or
/// k x rows when `transposed`), or an error when the layout is not a
/// wgmma-canonical K-major layout. `swizzleBytes` = 0: no-swizzle core
/// matrices of 8 rows x 16 contiguous bytes (rows 16 bytes apart), 16-byte
/// aligned, core matrices along K and along the rows at constant byte
/// offsets below 2^18. `swizzleBytes` = 128 (the layout composes the
/// 128-byte swizzle): before the swizzle, the 32 bytes of a step of row r
/// at byte start + 128 * (r % 8) + SBO * (r / 8), with 8-row atoms
/// 1024-byte aligned (SBO a multiple of 1024) and the step inside one
/// 128-byte atom row.
llvm::Expected<llvm::SmallVector<WgmmaDescriptor>>
getWgmmaDescriptors(const layout::TileLayout &layout, bool transposed,
                    int64_t rows, int64_t k, unsigned elementBits,
                    unsigned swizzleBytes = 0);

/// The descriptor of every K step of a 16-bit operand laid out MN-major
/// with the 128-byte swizzle (see getWgmmaMNMajorSwizzledLayout): before
/// the swizzle, element (r, kk) of the step at k0 at byte start +
/// 2 * (r % 64) + 128 * (kk % 8) + SBO * (kk / 8) + LBO * (r / 64), start,
/// SBO and LBO multiples of 1024. An error when the layout is not one.
llvm::Expected<llvm::SmallVector<WgmmaDescriptor>>
getWgmmaMNMajorDescriptors(const layout::TileLayout &layout, bool transposed,
                           int64_t rows, int64_t k, unsigned elementBits);

} // namespace tileir::layout::mma

#endif // TILEIR_LAYOUT_MMALAYOUTS_H
