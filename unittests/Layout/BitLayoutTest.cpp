//===- BitLayoutTest.cpp - Layouts bit by bit -----------------------------===//
//
// Part of TileIR. Reordering a layout's flat bits keeps every element where
// it is: the element at a flat index of the reordered layout is the one at
// the index whose bits are put back in the old order.
//
//===----------------------------------------------------------------------===//

#include "tileir/Layout/BitLayout.h"

#include "gtest/gtest.h"

using namespace tileir;
using layout::BitLayout;
using layout::Iter;
using layout::TileLayout;

namespace {

/// The flat index `flat` of the reordered layout in the original one.
int64_t original(int64_t flat, llvm::ArrayRef<unsigned> order) {
  int64_t r = 0;
  for (auto [k, j] : llvm::enumerate(order))
    if ((flat >> k) & 1)
      r |= int64_t(1) << j;
  return r;
}

TEST(BitLayout, ReorderedKeepsEveryElementInItsSlot) {
  // 8 x 16 over 16 threads: 8 registers per thread, of strides 1 and 2 (7
  // bits, as many as the orders below have).
  TileLayout layout(
      {Iter{2, 1, "m"}, Iter{4, 1, "tx"}, Iter{4, 2, "m"}, Iter{4, 4, "tx"}},
      {});
  auto bits = BitLayout::get(layout);
  ASSERT_TRUE(succeeded(bits));
  // The transposed tile (dimension bits swapped), and an arbitrary order.
  llvm::SmallVector<unsigned> transpose = {3, 4, 5, 6, 0, 1, 2};
  llvm::SmallVector<unsigned> shuffled = {5, 0, 6, 2, 1, 4, 3};
  for (auto order : {transpose, shuffled}) {
    BitLayout r = bits->reordered(order);
    ASSERT_EQ(r.getNumBits(), bits->getNumBits());
    EXPECT_EQ(r.getStorageSize(), bits->getStorageSize());
    for (unsigned k = 0; k < order.size(); ++k)
      EXPECT_EQ(r.shard[k], bits->shard[order[k]]);
    for (int64_t flat = 0; flat < 128; ++flat)
      EXPECT_EQ(r.storageIndex(flat), bits->storageIndex(original(flat, order)))
          << flat;
  }
}

TEST(BitLayout, PermutedDimsReadsTheSameElements) {
  // A 4 x 2 x 8 tile in shared memory, row-major; its dimensions permuted
  // [2, 0, 1] (an 8 x 4 x 2 view): element (i, j, k) of the view is element
  // (j, k, i) of the tile, at the same storage slot.
  TileLayout layout({Iter{4, 16, "m"}, Iter{2, 8, "m"}, Iter{8, 1, "m"}}, {});
  auto bits = BitLayout::get(layout);
  ASSERT_TRUE(succeeded(bits));
  BitLayout p = bits->permutedDims({4, 2, 8}, {2, 0, 1});
  ASSERT_EQ(p.getNumBits(), bits->getNumBits());
  for (int64_t i = 0; i < 8; ++i)
    for (int64_t j = 0; j < 4; ++j)
      for (int64_t k = 0; k < 2; ++k)
        EXPECT_EQ(p.storageIndex((i * 4 + j) * 2 + k),
                  bits->storageIndex((j * 2 + k) * 8 + i))
            << i << " " << j << " " << k;
  // Permuting back gives the tile's own bits.
  BitLayout back = p.permutedDims({8, 4, 2}, {1, 2, 0});
  EXPECT_EQ(back.shard, bits->shard);
}

} // namespace
