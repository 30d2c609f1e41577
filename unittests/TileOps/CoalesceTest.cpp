//===- CoalesceTest.cpp - broadcast coalescing ------------------*- C++ -*-===//
//
// Part of TileIR. The reference's worked examples of coalesce_broadcast_dims,
// plus three operands and incompatible shapes.
//
//===----------------------------------------------------------------------===//

#include "tileir/TileOps/KernelBuilder.h"

#include "gtest/gtest.h"

using namespace mlir::tileops;

namespace {

Coalesced run(std::vector<Shape> in) {
  auto c = coalesceBroadcast(in);
  EXPECT_TRUE(static_cast<bool>(c));
  return c ? *c : Coalesced();
}

TEST(Coalesce, SameShapeIsOneDim) {
  Coalesced c = run({{1024, 1024}, {1024, 1024}});
  EXPECT_EQ(c.sizes, Shape({1048576}));
  EXPECT_EQ(c.strides[0], Shape({1}));
  EXPECT_EQ(c.strides[1], Shape({1}));
}

TEST(Coalesce, RowBroadcast) {
  Coalesced c = run({{2, 512, 768}, {1, 1, 768}});
  EXPECT_EQ(c.outShape, Shape({2, 512, 768}));
  EXPECT_EQ(c.sizes, Shape({1024, 768}));
  EXPECT_EQ(c.strides[0], Shape({768, 1}));
  EXPECT_EQ(c.strides[1], Shape({0, 1}));
}

TEST(Coalesce, ColumnBroadcast) {
  Coalesced c = run({{2, 512, 768}, {2, 512, 1}});
  EXPECT_EQ(c.sizes, Shape({1024, 768}));
  EXPECT_EQ(c.strides[1], Shape({1, 0}));
}

TEST(Coalesce, ScalarLike) {
  Coalesced c = run({{1024, 1024}, {1, 1}});
  EXPECT_EQ(c.sizes, Shape({1048576}));
  EXPECT_EQ(c.strides[1], Shape({0}));
  Coalesced r0 = run({{}, {4}});
  EXPECT_EQ(r0.sizes, Shape({4}));
  EXPECT_EQ(r0.strides[0], Shape({0}));
  EXPECT_EQ(r0.strides[1], Shape({1}));
}

TEST(Coalesce, BothSidesBroadcast) {
  Coalesced c = run({{4, 1, 8}, {1, 8, 1}});
  EXPECT_EQ(c.sizes, Shape({4, 8, 8}));
  EXPECT_EQ(c.strides[0], Shape({8, 0, 1}));
  EXPECT_EQ(c.strides[1], Shape({0, 1, 0}));
}

TEST(Coalesce, ChannelBroadcast) {
  Coalesced c = run({{16, 256, 56, 56}, {256, 1, 1}});
  EXPECT_EQ(c.sizes, Shape({16, 256, 3136}));
  EXPECT_EQ(c.strides[0], Shape({802816, 3136, 1}));
  EXPECT_EQ(c.strides[1], Shape({0, 1, 0}));
}

TEST(Coalesce, SizeOneOutputDims) {
  Coalesced c = run({{2, 1, 3}, {2, 1, 3}});
  EXPECT_EQ(c.sizes, Shape({6}));
}

TEST(Coalesce, ThreeOperands) {
  Coalesced c = run({{3, 1}, {1, 4}, {3, 4}});
  EXPECT_EQ(c.outShape, Shape({3, 4}));
  EXPECT_EQ(c.sizes, Shape({3, 4}));
  EXPECT_EQ(c.strides[0], Shape({1, 0}));
  EXPECT_EQ(c.strides[1], Shape({0, 1}));
  EXPECT_EQ(c.strides[2], Shape({4, 1}));
}

TEST(Coalesce, IncompatibleShapes) {
  auto c = coalesceBroadcast({{3, 4}, {5}});
  ASSERT_FALSE(static_cast<bool>(c));
  EXPECT_EQ(llvm::toString(c.takeError()),
            "expects broadcast-compatible shapes, got 3x4, 5");
}

} // namespace
