//===- SharedStagingTest.cpp - Bank conflicts of shared staging -----------===//
//
// Part of TileIR. The wavefront count of the bank model and the staging
// layout chosen for a transpose: 256 threads hold a 64 x 64 16-bit tile,
// eight consecutive elements of a row each, and the tile is transposed.
//
//===----------------------------------------------------------------------===//

#include "tileir/Layout/SharedStaging.h"

#include "LayoutTestUtils.h"

#include "llvm/ADT/DenseSet.h"

using namespace tileir;
using namespace tileir::layout;
using layout::test::parseOrFail;

namespace {

/// Thread t holds row t / 8 (and row t / 8 + 32) at columns 8 (t % 8) ..
/// 8 (t % 8) + 7: 16-byte vectors.
BitLayout rows() {
  return *BitLayout::get(parseOrFail("S[(2,256,8):(8,1@tx,1)]"));
}
/// The same registers seen transposed: thread t holds column t / 8 at rows
/// 8 (t % 8) .. 8 (t % 8) + 7.
BitLayout columns() {
  return *BitLayout::get(parseOrFail("S[(8,8,2,32):(1@tx,1,8,8@tx)]"));
}

TEST(SharedStaging, VectorElements) {
  EXPECT_EQ(stagingVectorElements(rows(), 64, 2), 8);
  EXPECT_EQ(stagingVectorElements(rows(), 64, 4), 4); // 16 bytes at most
  EXPECT_EQ(stagingVectorElements(rows(), 4, 2), 4);  // one row at most
  EXPECT_EQ(stagingVectorElements(columns(), 64, 2), 1);
}

TEST(SharedStaging, PaddedRowsConflictOnColumnWalk) {
  // Rows of 64 + 8 elements (144 bytes): rows 8 apart are 1152 bytes apart,
  // a multiple of 128, so the 8 lanes that walk rows 0, 8, ..., 56 of one
  // column hit one bank: 8 wavefronts for each of the 16 scalar stores.
  auto padded = [](int64_t flat) { return (flat / 64) * 72 + flat % 64; };
  EXPECT_EQ(countWarpWavefronts(columns(), padded, 2, 1), 16 * 8);
  // The row walk reads 16-byte vectors: a quarter-warp reads one row's 128
  // bytes, 1 wavefront each, 4 per instruction, 2 instructions.
  EXPECT_EQ(countWarpWavefronts(rows(), padded, 2, 8), 2 * 4);
}

TEST(SharedStaging, TransposeGetsAConflictFreeSwizzle) {
  int64_t shape[] = {64, 64};
  StagingLayout staging = chooseStagingLayout(columns(), rows(), shape, 2);
  // The fewest wavefronts possible: one per scalar store (16) and one per
  // quarter-warp of the two vector loads (8).
  EXPECT_EQ(staging.wavefronts, 16 + 8);
  EXPECT_EQ(staging.swizzleBytes, 128u);
  // The chunk index is XOR-ed with the row bits the column walk's lanes
  // step through (rows 8 apart): 6 chunk bits above.
  EXPECT_EQ(staging.swizzleShift, 6u);
  // The swizzled addresses are a permutation of the tile.
  auto swizzle = Swizzle::forMode(staging.swizzleBytes, 16);
  ASSERT_TRUE(static_cast<bool>(swizzle));
  swizzle->shift = staging.swizzleShift;
  BitLayout bits = *BitLayout::get(staging.layout);
  llvm::DenseSet<int64_t> seen;
  for (int64_t f = 0; f < 64 * 64; ++f) {
    int64_t a = swizzle->apply(bits.storageIndex(f));
    EXPECT_TRUE(a >= 0 && a < 64 * 64);
    EXPECT_TRUE(seen.insert(a).second);
  }
}

TEST(SharedStaging, ConflictFreeWalksKeepPaddedRows) {
  // Written and read along rows: the padded row-major layout already needs
  // one wavefront per quarter-warp, no swizzle is chosen.
  int64_t shape[] = {64, 64};
  StagingLayout staging = chooseStagingLayout(rows(), rows(), shape, 2);
  EXPECT_EQ(staging.swizzleBytes, 0u);
  EXPECT_EQ(staging.wavefronts, 2 * 8);
  EXPECT_EQ(
      staging.layout,
      TileLayout({Iter{64, 72, "m"}, Iter{64, 1, "m"}}, {}).canonicalize());
}

} // namespace
