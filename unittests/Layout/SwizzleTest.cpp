//===- SwizzleTest.cpp - Tests of the shared-memory XOR swizzle -----------===//
//
// Part of TileIR. Swizzle parameters per mode and element width, and the
// swizzled address of every element of a tile against the closed formulas
// of the reference, computed independently here.
//
//===----------------------------------------------------------------------===//

#include "tileir/Layout/TileLayout.h"

#include "gtest/gtest.h"

#include <set>

using namespace tileir::layout;

namespace {

Swizzle swizzleOrFail(unsigned modeBytes, unsigned elementBits) {
  auto swizzle = Swizzle::forMode(modeBytes, elementBits);
  if (!swizzle) {
    ADD_FAILURE() << llvm::toString(swizzle.takeError());
    return Swizzle();
  }
  return *swizzle;
}

TEST(Swizzle, ParametersPerModeAndElementWidth) {
  struct Case {
    unsigned mode, bits, m, b;
  } cases[] = {
      {128, 16, 3, 3}, {64, 16, 3, 2}, {32, 16, 3, 1},  {128, 8, 4, 3},
      {128, 32, 2, 3}, {64, 64, 1, 2}, {32, 128, 0, 1}, {128, 4, 5, 3},
  };
  for (const Case &c : cases) {
    SCOPED_TRACE(testing::Message() << c.mode << "B, " << c.bits << " bits");
    Swizzle swizzle = swizzleOrFail(c.mode, c.bits);
    EXPECT_EQ(swizzle.perElement, c.m);
    EXPECT_EQ(swizzle.bits, c.b);
    EXPECT_EQ(swizzle.shift, 3u);
    EXPECT_TRUE(swizzle.inner);
  }
}

TEST(Swizzle, RejectsUnknownModesAndWidths) {
  const std::pair<unsigned, unsigned> bad[] = {{16, 16}, {0, 16},   {256, 16},
                                               {128, 0}, {128, 24}, {128, 256}};
  for (auto [mode, bits] : bad) {
    SCOPED_TRACE(testing::Message() << mode << "B, " << bits << " bits");
    auto swizzle = Swizzle::forMode(mode, bits);
    ASSERT_FALSE(static_cast<bool>(swizzle));
    std::string message = llvm::toString(swizzle.takeError());
    EXPECT_NE(message.find("expected"), std::string::npos) << message;
  }
  auto mode = Swizzle::forMode(16, 16);
  ASSERT_FALSE(static_cast<bool>(mode));
  EXPECT_EQ(llvm::toString(mode.takeError()),
            "expected a swizzle mode of 32, 64 or 128 bytes, got 16");
}

TEST(Swizzle, Fp16With128ByteSwizzleOverAWholeTile) {
  // Element (i, j) of a row-major (8, 64) fp16 tile sits at
  // 64 i + 8 ((j / 8) xor i) + (j mod 8).
  Swizzle swizzle = swizzleOrFail(128, 16);
  auto tile = TileLayout::parse("S[(8,64):(64,1)]");
  ASSERT_TRUE(static_cast<bool>(tile));
  std::set<int64_t> addresses;
  for (int64_t i = 0; i < 8; ++i) {
    for (int64_t j = 0; j < 64; ++j) {
      int64_t m = getAxis(tile->applyFlat(64 * i + j), "m");
      int64_t expected = 64 * i + 8 * ((j / 8) ^ i) + j % 8;
      EXPECT_EQ(swizzle.apply(m), expected)
          << "element (" << i << ", " << j << ")";
      addresses.insert(swizzle.apply(m));
    }
  }
  // A permutation of the 512 addresses of the tile.
  EXPECT_EQ(addresses.size(), 512u);
  EXPECT_EQ(*addresses.begin(), 0);
  EXPECT_EQ(*addresses.rbegin(), 511);
}

TEST(Swizzle, RepeatsEveryAtomAndKeepsHighBits) {
  Swizzle swizzle = swizzleOrFail(128, 16);
  for (int64_t m = 0; m < 512; ++m)
    for (int64_t atom = 1; atom < 8; ++atom)
      ASSERT_EQ(swizzle.apply(m + 512 * atom), swizzle.apply(m) + 512 * atom);
}

TEST(Swizzle, Fp16With64ByteSwizzle) {
  // Rows of 32 fp16; two rows share one XOR pattern:
  // (i, j) -> 32 i + 8 ((j / 8) xor ((i / 2) mod 4)) + (j mod 8).
  Swizzle swizzle = swizzleOrFail(64, 16);
  for (int64_t i = 0; i < 16; ++i)
    for (int64_t j = 0; j < 32; ++j)
      EXPECT_EQ(swizzle.apply(32 * i + j),
                32 * i + 8 * ((j / 8) ^ ((i / 2) % 4)) + j % 8)
          << i << ", " << j;
}

TEST(Swizzle, Fp32With32ByteSwizzle) {
  // 16-byte chunks of 4 fp32; bit 3 of the chunk index flips bit 0:
  // (i, j) of rows of 8 fp32 -> 8 i + 4 ((j / 4) xor ((i / 4) mod 2)) + j % 4.
  Swizzle swizzle = swizzleOrFail(32, 32);
  for (int64_t i = 0; i < 16; ++i)
    for (int64_t j = 0; j < 8; ++j)
      EXPECT_EQ(swizzle.apply(8 * i + j),
                8 * i + 4 * ((j / 4) ^ ((i / 4) % 2)) + j % 4)
          << i << ", " << j;
}

TEST(Swizzle, OuterDirectionMirrorsTheXor) {
  // M = 0, B = 3, S = 3 on an 8x8 grid: inner gives 8 i + (i xor j), the
  // mirrored direction gives 8 (i xor j) + j.
  Swizzle inner{0, 3, 3, true};
  Swizzle outer{0, 3, 3, false};
  for (int64_t i = 0; i < 8; ++i) {
    for (int64_t j = 0; j < 8; ++j) {
      EXPECT_EQ(inner.apply(8 * i + j), 8 * i + (i ^ j));
      EXPECT_EQ(outer.apply(8 * i + j), 8 * (i ^ j) + j);
    }
  }
  // B < S: only the low B bits of the column are flipped.
  Swizzle partial{0, 2, 3, true};
  for (int64_t i = 0; i < 8; ++i)
    for (int64_t j = 0; j < 8; ++j)
      EXPECT_EQ(partial.apply(8 * i + j),
                8 * i + (j / 4) * 4 + ((i % 4) ^ (j % 4)));
}

} // namespace
