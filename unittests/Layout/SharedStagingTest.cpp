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

/// The flat indices the partition of `plan` gives thread `t`, register `r`
/// (the flat bits undone from the copy's order), over every thread and
/// register of the plan: each element of the tile exactly once.
void expectCoversTileOnce(const SharedCopyPlan &plan, unsigned numBits) {
  llvm::DenseSet<int64_t> seen;
  llvm::SmallVector<unsigned> threadBits, memBits;
  for (auto [k, bit] : llvm::enumerate(plan.partition.shard))
    (bit.isThread() ? threadBits : memBits).push_back(k);
  for (int64_t t : enumerateSubsets(threadBits))
    for (int64_t r : enumerateSubsets(memBits)) {
      int64_t reordered = t | r, flat = 0;
      for (auto [k, j] : llvm::enumerate(plan.order))
        if ((reordered >> k) & 1)
          flat |= int64_t(1) << j;
      EXPECT_TRUE(seen.insert(flat).second);
    }
  EXPECT_EQ(int64_t(seen.size()), int64_t(1) << numBits);
}

SharedCopySide sharedSide(llvm::StringRef layout, unsigned swizzleBytes,
                          unsigned elementBits) {
  SharedCopySide side{*BitLayout::get(parseOrFail(layout)), std::nullopt};
  if (swizzleBytes) {
    auto swizzle = Swizzle::forMode(swizzleBytes, elementBits);
    EXPECT_TRUE(static_cast<bool>(swizzle));
    side.swizzle = *swizzle;
  }
  return side;
}

TEST(SharedCopy, TransposeBetween128ByteSwizzledStagesIsConflictFree) {
  // A 32 x 128 f32 tile given with N contiguous (128-byte rows of 32
  // elements, four column blocks) into a K-major stage (K contiguous): the
  // raw and the K-major wgmma stages of a tf32 B given K x N.
  SharedCopySide src = sharedSide("S[(32,4,32):(32,1024,1)]", 128, 32);
  SharedCopySide dst = sharedSide("S[(32,128):(1,32)]", 128, 32);
  std::optional<SharedCopyPlan> plan = planSharedCopy(dst, src, 12, 4, 128);
  ASSERT_TRUE(plan.has_value());
  EXPECT_FALSE(plan->sameVector);
  // No 4 x 4 block is conflict-free on both sides (the two swizzles XOR
  // the chunk with bits the other side needs for its own chunks); 4 x 2
  // blocks are: 16-byte loads along N, 8-byte stores along K.
  EXPECT_EQ(plan->srcVecBits, 2u);
  EXPECT_EQ(plan->dstVecBits, 1u);
  EXPECT_EQ(plan->order[0], 0u); // N, stride 1 in the source
  EXPECT_EQ(plan->order[2], 7u); // K, stride 1 in the destination
  // The least possible: a warp moves 128 bytes per wavefront, 8 elements
  // of 4 bytes a lane each way (2 loads of 4 wavefronts, 4 stores of 2).
  EXPECT_EQ(plan->wavefronts, 2 * 4 + 4 * 2);
  expectCoversTileOnce(*plan, 12);
  // Walked in the other direction: 16-byte loads along K.
  std::optional<SharedCopyPlan> back = planSharedCopy(src, dst, 12, 4, 128);
  ASSERT_TRUE(back.has_value());
  EXPECT_EQ(back->srcVecBits, 2u);
  EXPECT_EQ(back->wavefronts,
            2 * (int64_t(1) << (back->srcVecBits + back->dstVecBits)));
  expectCoversTileOnce(*back, 12);
}

TEST(SharedCopy, UnswizzledTransposeCoversTheTile) {
  // Row-major into column-major 64 x 64 f32 without a swizzle: lanes
  // along a row read one word each, lanes along a column write one word
  // each into one bank: the conflicts are those of the best walk.
  SharedCopySide src = sharedSide("S[64,64]", 0, 32);
  SharedCopySide dst = sharedSide("S[(64,64):(1,64)]", 0, 32);
  std::optional<SharedCopyPlan> plan = planSharedCopy(dst, src, 12, 4, 256);
  ASSERT_TRUE(plan.has_value());
  expectCoversTileOnce(*plan, 12);
}

TEST(SharedCopy, SameRunIsOneVector) {
  // Both sides row-major, one swizzled: 16-byte vectors on both sides.
  SharedCopySide src = sharedSide("S[64,64]", 0, 16);
  SharedCopySide dst = sharedSide("S[64,64]", 128, 16);
  std::optional<SharedCopyPlan> plan = planSharedCopy(dst, src, 12, 2, 128);
  ASSERT_TRUE(plan.has_value());
  EXPECT_TRUE(plan->sameVector);
  EXPECT_EQ(plan->srcVecBits, 3u);
  EXPECT_EQ(plan->wavefronts, 4 + 4);
  // The wider budget does not change a vector each side already moves.
  EXPECT_EQ(plan->order[0], 0u);
  expectCoversTileOnce(*plan, 12);
}

TEST(SharedCopy, BlocksStayWithinTheirBudget) {
  // 8-bit elements: 16-byte runs on both sides would make 256-byte
  // blocks; the destination's accesses are shortened to 8 bytes.
  SharedCopySide src = sharedSide("S[64,64]", 0, 8);
  SharedCopySide dst = sharedSide("S[(64,64):(1,64)]", 0, 8);
  std::optional<SharedCopyPlan> plan = planSharedCopy(dst, src, 12, 1, 128);
  ASSERT_TRUE(plan.has_value());
  EXPECT_EQ(plan->srcVecBits, 4u);
  EXPECT_EQ(plan->dstVecBits, 3u);
  expectCoversTileOnce(*plan, 12);
}

TEST(SharedCopy, VectorAlignment) {
  // Row-major 64 x 64 f32: the two lowest bits make a 16-byte vector.
  BitLayout rowMajor = *BitLayout::get(parseOrFail("S[64,64]"));
  EXPECT_EQ(sharedVectorAlignment(rowMajor, {0, 1}, 4), 4);
  // 16 bytes at most, whichever bits form the vector.
  EXPECT_EQ(sharedVectorAlignment(rowMajor, {0, 1, 2}, 4), 4);
  // Rows of 66 elements: every row starts 8 bytes past a 16-byte boundary.
  BitLayout padded = *BitLayout::get(parseOrFail("S[(64,64):(66,1)]"));
  EXPECT_EQ(sharedVectorAlignment(padded, {0, 1}, 4), 2);
  // An offset of one element leaves single elements.
  BitLayout shifted = rowMajor;
  shifted.memOffset = 1;
  EXPECT_EQ(sharedVectorAlignment(shifted, {0, 1}, 4), 1);
}

TEST(SharedCopy, NoVectorRunNoPlan) {
  // Odd row strides on both sides keep every access to one element.
  SharedCopySide src = sharedSide("S[(16,16):(17,1)]", 0, 32);
  SharedCopySide dst = sharedSide("S[(16,16):(1,17)]", 0, 32);
  EXPECT_FALSE(planSharedCopy(dst, src, 8, 4, 128).has_value());
}

} // namespace
