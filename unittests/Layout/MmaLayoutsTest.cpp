//===- MmaLayoutsTest.cpp - Tensor-core fragment layouts ------------------===//
//
// Part of TileIR. The fragment builders agree with the PTX fragment tables,
// the matcher finds every register's slot and names misplaced elements,
// and wgmma descriptors come out of the K-major layouts.
//
//===----------------------------------------------------------------------===//

#include "tileir/Layout/MmaLayouts.h"

#include "gtest/gtest.h"

#include <set>

using namespace tileir;
using namespace tileir::layout::mma;
using layout::TileLayout;

namespace {

/// Every element of the fragment is covered exactly once.
void expectCovers(const Fragment &f) {
  std::set<std::pair<int64_t, int64_t>> seen;
  for (int64_t t = 0; t < f.threads; ++t)
    for (int64_t r = 0; r < f.regs; ++r) {
      auto [row, col] = f.element(t, r);
      ASSERT_GE(row, 0);
      ASSERT_LT(row, f.rows);
      ASSERT_GE(col, 0);
      ASSERT_LT(col, f.cols);
      EXPECT_TRUE(seen.insert({row, col}).second) << row << "," << col;
    }
  EXPECT_EQ(static_cast<int64_t>(seen.size()), f.rows * f.cols);
}

/// The builder's layout matches its fragment with registers in order.
void expectBuilderMatches(const TileLayout &layout, bool transposed,
                          const Fragment &f) {
  ASSERT_FALSE(layout.verifyWellFormed());
  auto slots = matchFragment(layout, transposed, f);
  ASSERT_TRUE(static_cast<bool>(slots)) << llvm::toString(slots.takeError());
  for (int64_t r = 0; r < f.regs; ++r)
    EXPECT_EQ((*slots)[r], r);
}

TEST(MmaLayouts, MmaSyncAtomsFollowPtx) {
  // PTX ISA, mma.m16n8k16 .f16/.bf16: a0 holds (lane/4, 2*(lane%4)),
  // a2 row +8, a4 column +8; b2 row +8; c2 row +8.
  Fragment a = getMmaSyncFragment(Operand::A, 16, 16);
  EXPECT_EQ(a.regs, 8);
  EXPECT_EQ(a.element(5, 0), std::make_pair(int64_t(1), int64_t(2)));
  EXPECT_EQ(a.element(5, 3), std::make_pair(int64_t(9), int64_t(3)));
  EXPECT_EQ(a.element(5, 4), std::make_pair(int64_t(1), int64_t(10)));
  Fragment b = getMmaSyncFragment(Operand::B, 16, 8);
  EXPECT_EQ(b.regs, 4);
  EXPECT_EQ(b.element(5, 1), std::make_pair(int64_t(3), int64_t(1)));
  EXPECT_EQ(b.element(5, 2), std::make_pair(int64_t(10), int64_t(1)));
  Fragment c = getMmaSyncFragment(Operand::C, 16, 8);
  EXPECT_EQ(c.element(31, 3), std::make_pair(int64_t(15), int64_t(7)));
}

TEST(MmaLayouts, MmaSyncF8AtomsFollowPtx) {
  // PTX ISA, mma.m16n8k32 .e4m3/.e5m2: a_i at row lane/4 (+8 for
  // i in 4..7, 12..15), column 4*(lane%4) + i%4 (+16 for i >= 8);
  // b_i at row 4*(lane%4) + i%4 (+16 for i >= 4), column lane/4.
  Fragment a = getMmaSyncFragment(Operand::A, 16, 32, /*elementBits=*/8);
  EXPECT_EQ(a.regs, 16);
  EXPECT_EQ(a.element(5, 0), std::make_pair(int64_t(1), int64_t(4)));
  EXPECT_EQ(a.element(5, 3), std::make_pair(int64_t(1), int64_t(7)));
  EXPECT_EQ(a.element(5, 4), std::make_pair(int64_t(9), int64_t(4)));
  EXPECT_EQ(a.element(5, 9), std::make_pair(int64_t(1), int64_t(21)));
  EXPECT_EQ(a.element(31, 15), std::make_pair(int64_t(15), int64_t(31)));
  Fragment b = getMmaSyncFragment(Operand::B, 32, 8, /*elementBits=*/8);
  EXPECT_EQ(b.regs, 8);
  EXPECT_EQ(b.element(5, 1), std::make_pair(int64_t(5), int64_t(1)));
  EXPECT_EQ(b.element(5, 6), std::make_pair(int64_t(22), int64_t(1)));
  EXPECT_EQ(b.element(31, 7), std::make_pair(int64_t(31), int64_t(7)));
}

TEST(MmaLayouts, MmaSyncF8BuildersMatch) {
  for (auto [rows, cols] :
       {std::pair<int64_t, int64_t>{32, 32}, {64, 64}, {32, 96}}) {
    for (bool t : {false, true}) {
      Fragment a = getMmaSyncFragment(Operand::A, rows, cols, 8);
      expectCovers(a);
      expectBuilderMatches(getMmaSyncLayout(Operand::A, rows, cols, t, 8), t,
                           a);
      Fragment b = getMmaSyncFragment(Operand::B, rows, cols, 8);
      expectCovers(b);
      expectBuilderMatches(getMmaSyncLayout(Operand::B, rows, cols, t, 8), t,
                           b);
    }
  }
}

TEST(MmaLayouts, MmaSyncTf32AndF64AtomsFollowPtx) {
  // PTX ISA, mma.m16n8k8 .tf32: a_i at row lane/4 (+8 for i = 1, 3),
  // column lane%4 (+4 for i >= 2); b_i at row lane%4 (+4 for i = 1),
  // column lane/4.
  Fragment a = getMmaSyncFragment(Operand::A, 16, 8, /*elementBits=*/32);
  EXPECT_EQ(a.regs, 4);
  EXPECT_EQ(a.element(5, 0), std::make_pair(int64_t(1), int64_t(1)));
  EXPECT_EQ(a.element(5, 1), std::make_pair(int64_t(9), int64_t(1)));
  EXPECT_EQ(a.element(5, 2), std::make_pair(int64_t(1), int64_t(5)));
  EXPECT_EQ(a.element(31, 3), std::make_pair(int64_t(15), int64_t(7)));
  Fragment b = getMmaSyncFragment(Operand::B, 8, 8, /*elementBits=*/32);
  EXPECT_EQ(b.regs, 2);
  EXPECT_EQ(b.element(5, 0), std::make_pair(int64_t(1), int64_t(1)));
  EXPECT_EQ(b.element(5, 1), std::make_pair(int64_t(5), int64_t(1)));
  // mma.m8n8k4 .f64: a0 at (lane/4, lane%4), b0 at (lane%4, lane/4), c_i
  // at (lane/4, 2*(lane%4) + i).
  Fragment a64 = getMmaSyncFragment(Operand::A, 8, 4, 64);
  EXPECT_EQ(a64.regs, 1);
  EXPECT_EQ(a64.element(6, 0), std::make_pair(int64_t(1), int64_t(2)));
  Fragment b64 = getMmaSyncFragment(Operand::B, 4, 8, 64);
  EXPECT_EQ(b64.element(6, 0), std::make_pair(int64_t(2), int64_t(1)));
  Fragment c64 = getMmaSyncFragment(Operand::C, 8, 8, 64);
  EXPECT_EQ(c64.regs, 2);
  EXPECT_EQ(c64.element(6, 1), std::make_pair(int64_t(1), int64_t(5)));
}

TEST(MmaLayouts, MmaSyncTf32AndF64BuildersMatch) {
  for (unsigned bits : {32u, 64u}) {
    for (auto [rows, cols] :
         {std::pair<int64_t, int64_t>{16, 16}, {64, 32}, {32, 48}}) {
      for (bool t : {false, true}) {
        Fragment a = getMmaSyncFragment(Operand::A, rows, cols, bits);
        expectCovers(a);
        expectBuilderMatches(getMmaSyncLayout(Operand::A, rows, cols, t, bits),
                             t, a);
        Fragment b = getMmaSyncFragment(Operand::B, rows, cols, bits);
        expectCovers(b);
        expectBuilderMatches(getMmaSyncLayout(Operand::B, rows, cols, t, bits),
                             t, b);
        Fragment c = getMmaSyncFragment(Operand::C, rows, cols, bits);
        expectCovers(c);
        expectBuilderMatches(getMmaSyncLayout(Operand::C, rows, cols, t, bits),
                             t, c);
      }
    }
  }
}

TEST(MmaLayouts, MmaSyncBuildersMatch) {
  for (auto [rows, cols] :
       {std::pair<int64_t, int64_t>{16, 16}, {64, 64}, {32, 48}}) {
    for (bool t : {false, true}) {
      Fragment a = getMmaSyncFragment(Operand::A, rows, cols);
      expectCovers(a);
      expectBuilderMatches(getMmaSyncLayout(Operand::A, rows, cols, t), t, a);
      Fragment b = getMmaSyncFragment(Operand::B, rows, cols);
      expectCovers(b);
      expectBuilderMatches(getMmaSyncLayout(Operand::B, rows, cols, t), t, b);
      Fragment c = getMmaSyncFragment(Operand::C, rows, cols);
      expectCovers(c);
      expectBuilderMatches(getMmaSyncLayout(Operand::C, rows, cols, t), t, c);
    }
  }
  EXPECT_EQ(getMmaSyncLayout(Operand::C, 16, 8).canonicalize().str(),
            "S[(2,32,2):(2,1@laneid,1)]");
}

TEST(MmaLayouts, MatcherFindsPermutedRegisters) {
  // The C atom with its two register bits swapped: still the fragment.
  auto layout = TileLayout::parse("S[(2,8,4,2):(1,4@laneid,1@laneid,2)]");
  ASSERT_TRUE(static_cast<bool>(layout));
  auto slots =
      matchFragment(*layout, false, getMmaSyncFragment(Operand::C, 16, 8));
  ASSERT_TRUE(static_cast<bool>(slots)) << llvm::toString(slots.takeError());
  EXPECT_EQ(*slots, (llvm::SmallVector<int64_t>{0, 2, 1, 3}));
}

TEST(MmaLayouts, MatcherNamesMisplacedElements) {
  // Lane bits swapped between rows and columns.
  auto layout = TileLayout::parse("S[(2,8,4,2):(2,1@laneid,8@laneid,1)]");
  ASSERT_TRUE(static_cast<bool>(layout));
  auto slots =
      matchFragment(*layout, false, getMmaSyncFragment(Operand::C, 16, 8));
  ASSERT_FALSE(static_cast<bool>(slots));
  EXPECT_EQ(llvm::toString(slots.takeError()),
            "element (0, 2) is on thread 8, the fragment puts it on thread 1");
  auto replicated = TileLayout::parse("S[(2,8,4,2):(2,4@laneid,1@laneid,1)] + "
                                      "R[2:1@warpid]");
  ASSERT_TRUE(static_cast<bool>(replicated));
  auto r =
      matchFragment(*replicated, false, getMmaSyncFragment(Operand::C, 16, 8));
  ASSERT_FALSE(static_cast<bool>(r));
  EXPECT_EQ(llvm::toString(r.takeError()), "layout replicates elements");
}

TEST(MmaLayouts, WgmmaAccumulator) {
  for (int64_t n : {8, 24, 128, 256}) {
    Fragment f = getWgmmaAccumulatorFragment(n);
    expectCovers(f);
    expectBuilderMatches(getWgmmaAccumulatorLayout(n), false, f);
  }
  // Thread 69 is lane 5 of warp 2; d5 is (i1 = 0, j0 = 1) of the second
  // 8-column block: row 32 + 5/4 = 33, column 8 + 2*(5%4) + 1 = 11.
  Fragment f = getWgmmaAccumulatorFragment(16);
  EXPECT_EQ(f.element(69, 5), std::make_pair(int64_t(33), int64_t(11)));
}

TEST(MmaLayouts, WgmmaKMajorDescriptors) {
  for (bool t : {false, true}) {
    TileLayout layout = getWgmmaKMajorLayout(64, 64, 16, t);
    ASSERT_FALSE(layout.verifyWellFormed());
    auto descs = getWgmmaDescriptors(layout, t, 64, 64, 16);
    ASSERT_TRUE(static_cast<bool>(descs)) << llvm::toString(descs.takeError());
    ASSERT_EQ(descs->size(), 4u);
    for (auto [s, d] : llvm::enumerate(*descs)) {
      EXPECT_EQ(d.startBytes, static_cast<int64_t>(s) * 256);
      EXPECT_EQ(d.leadingBytes, 128);
      EXPECT_EQ(d.strideBytes, 8 * 64 * 2);
    }
  }
  // f8: 32 elements per K step, 16 per core-matrix row.
  auto f8 =
      getWgmmaDescriptors(getWgmmaKMajorLayout(8, 64, 8), false, 8, 64, 8);
  ASSERT_TRUE(static_cast<bool>(f8)) << llvm::toString(f8.takeError());
  EXPECT_EQ(f8->size(), 2u);
}

TEST(MmaLayouts, WgmmaRejectsRowMajor) {
  // A plain row-major 64x64 bf16 tile: rows are 128 bytes apart, not 16.
  auto layout = TileLayout::parse("S[64, 64]");
  ASSERT_TRUE(static_cast<bool>(layout));
  auto descs = getWgmmaDescriptors(*layout, false, 64, 64, 16);
  ASSERT_FALSE(static_cast<bool>(descs));
  EXPECT_EQ(llvm::toString(descs.takeError()),
            "element (row 1, k 0) is at byte 128, a K-major no-swizzle "
            "core-matrix layout puts it at byte 16");
}

TEST(MmaLayouts, WgmmaSwizzled128) {
  // The same row-major 64x64 bf16 tile read with the 128-byte swizzle:
  // rows 128 bytes apart, 8-row atoms 1024 bytes apart, K steps 32 bytes
  // into the atom.
  TileLayout layout = getWgmmaKMajorSwizzledLayout(64, 64, 16);
  auto rowMajor = TileLayout::parse("S[64, 64]");
  ASSERT_TRUE(static_cast<bool>(rowMajor));
  EXPECT_EQ(layout, *rowMajor);
  auto descs = getWgmmaDescriptors(layout, false, 64, 64, 16, 128);
  ASSERT_TRUE(static_cast<bool>(descs)) << llvm::toString(descs.takeError());
  ASSERT_EQ(descs->size(), 4u);
  for (auto [s, d] : llvm::enumerate(*descs)) {
    EXPECT_EQ(d.startBytes, static_cast<int64_t>(s) * 32);
    EXPECT_EQ(d.strideBytes, 1024);
    EXPECT_EQ(d.swizzleBytes, 128u);
  }
  // The no-swizzle core-matrix layout is not a swizzled K-major layout.
  auto bad = getWgmmaDescriptors(getWgmmaKMajorLayout(64, 64, 16), false, 64,
                                 64, 16, 128);
  ASSERT_FALSE(static_cast<bool>(bad));
  EXPECT_EQ(llvm::toString(bad.takeError()),
            "element (row 0, k 8) is at byte 128, a K-major 128-byte-swizzle "
            "layout puts it at byte 16");
  // The 128-byte layout is not a 64-byte-swizzled one (rows 64 bytes
  // apart).
  auto mode = getWgmmaDescriptors(layout, false, 64, 64, 16, 64);
  ASSERT_FALSE(static_cast<bool>(mode));
  llvm::consumeError(mode.takeError());
}

TEST(MmaLayouts, WgmmaKMajorSwizzledNarrow) {
  // K of 64 and 32 bytes (f16 K = 32 and 16): one atom row per row, rows
  // S bytes apart, 8-row atoms 8 * S apart; K steps of 32 bytes inside the
  // row. A block of rows (bufferRows) keeps the atoms of the whole buffer.
  for (auto [k, swizzle] : {std::pair<int64_t, unsigned>{32, 64}, {16, 32}}) {
    TileLayout layout =
        getWgmmaKMajorSwizzledLayout(64, k, 16, false, 0, swizzle);
    auto rowMajor = TileLayout::parse(("S[64, " + llvm::Twine(k) + "]").str());
    ASSERT_TRUE(static_cast<bool>(rowMajor));
    EXPECT_EQ(layout, *rowMajor);
    auto descs = getWgmmaDescriptors(layout, false, 64, k, 16, swizzle);
    ASSERT_TRUE(static_cast<bool>(descs)) << llvm::toString(descs.takeError());
    ASSERT_EQ(descs->size(), static_cast<size_t>(k / 16));
    for (auto [s, d] : llvm::enumerate(*descs)) {
      EXPECT_EQ(d.startBytes, static_cast<int64_t>(s) * 32);
      EXPECT_EQ(d.strideBytes, 8 * int64_t(swizzle));
      EXPECT_EQ(d.swizzleBytes, swizzle);
    }
    // Read with another swizzle's geometry, the rows are misplaced.
    auto other =
        getWgmmaDescriptors(layout, false, 64, k, 16, swizzle == 64 ? 32 : 64);
    ASSERT_FALSE(static_cast<bool>(other));
    llvm::consumeError(other.takeError());
  }
  // Transposed (B stored K x N, K-major), a piece of 64 of 128 rows.
  TileLayout piece = getWgmmaKMajorSwizzledLayout(64, 32, 16, true, 128, 64);
  auto descs = getWgmmaDescriptors(piece, true, 64, 32, 16, 64);
  ASSERT_TRUE(static_cast<bool>(descs)) << llvm::toString(descs.takeError());
  EXPECT_EQ((*descs)[1].startBytes, 32);
  // Other swizzle widths are not wgmma modes.
  auto bad = getWgmmaDescriptors(piece, true, 64, 32, 16, 16);
  ASSERT_FALSE(static_cast<bool>(bad));
  llvm::consumeError(bad.takeError());
}

TEST(MmaLayouts, WgmmaMNMajorSwizzled128) {
  // B given K x N (N contiguous), K = 64, N = 128 (two 64-wide blocks):
  // K steps two 1024-byte atoms apart, blocks of N 128 * K bytes apart.
  for (bool t : {true, false}) {
    TileLayout layout = getWgmmaMNMajorSwizzledLayout(128, 64, 16, t);
    ASSERT_FALSE(layout.verifyWellFormed());
    auto descs = getWgmmaMNMajorDescriptors(layout, t, 128, 64, 16);
    ASSERT_TRUE(static_cast<bool>(descs)) << llvm::toString(descs.takeError());
    ASSERT_EQ(descs->size(), 4u);
    for (auto [s, d] : llvm::enumerate(*descs)) {
      EXPECT_TRUE(d.mnMajor);
      EXPECT_EQ(d.swizzleBytes, 128u);
      EXPECT_EQ(d.startBytes, static_cast<int64_t>(s) * 2048);
      EXPECT_EQ(d.strideBytes, 1024);
      EXPECT_EQ(d.leadingBytes, 128 * 64);
    }
  }
  // Over K x N, the MN-major layout with one block of N is row-major: a
  // K x 64 f16 tile with 128-byte rows.
  auto rowMajor = TileLayout::parse("S[32, 64]");
  ASSERT_TRUE(static_cast<bool>(rowMajor));
  EXPECT_EQ(getWgmmaMNMajorSwizzledLayout(64, 32, 16, true),
            rowMajor->canonicalize());
  // A K-major layout is not MN-major, and neither is an 8-bit operand.
  auto kMajor = getWgmmaMNMajorDescriptors(
      getWgmmaKMajorSwizzledLayout(64, 64, 16), false, 64, 64, 16);
  ASSERT_FALSE(static_cast<bool>(kMajor));
  EXPECT_EQ(llvm::toString(kMajor.takeError()),
            "K step at k = 0 (byte 0, SBO 16, LBO 1024) is not made of "
            "1024-byte aligned 128-byte swizzle atoms");
  // Atoms in place but rows not contiguous within them.
  auto strided = TileLayout::parse("S[(64,64):(1,128)]");
  ASSERT_TRUE(static_cast<bool>(strided));
  auto notMN = getWgmmaMNMajorDescriptors(*strided, false, 64, 64, 16);
  ASSERT_FALSE(static_cast<bool>(notMN));
  llvm::consumeError(notMN.takeError());
  auto f8 = getWgmmaMNMajorDescriptors(
      getWgmmaMNMajorSwizzledLayout(64, 64, 16), false, 64, 64, 8);
  ASSERT_FALSE(static_cast<bool>(f8));
  llvm::consumeError(f8.takeError());
}

} // namespace
