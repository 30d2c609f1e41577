//===- AlgebraTest.cpp - Tests of slice, tile, unpack and broadcast -------===//
//
// Part of TileIR. Each operation is checked on worked examples and, element
// by element, against the definition it implements in terms of the forward
// map of its operands.
//
//===----------------------------------------------------------------------===//

#include "LayoutTestUtils.h"
#include "tileir/Layout/TileLayout.h"

#include "gtest/gtest.h"

#include <map>
#include <set>

using namespace tileir::layout;
using namespace tileir::layout::test;

namespace {

std::multiset<CoordMap> allOf(const TileLayout &layout, int64_t flat) {
  std::multiset<CoordMap> result;
  for (const AxisCoord &coord : layout.applyAll(flat))
    result.insert(nonZero(coord));
  return result;
}

std::string sliceStr(const TileLayout &layout, std::vector<int64_t> shape,
                     std::vector<int64_t> offset, std::vector<int64_t> size) {
  auto sliced = layout.slice(shape, offset, size);
  if (!sliced)
    return "error: " + llvm::toString(sliced.takeError());
  return sliced->str();
}

/// The verifier's message, or "" for a well-formed layout.
std::string verifyError(const TileLayout &layout) {
  if (llvm::Error err = layout.verifyWellFormed())
    return llvm::toString(std::move(err));
  return "";
}

/// Row-major index of `coord` in `shape`.
int64_t flatten(llvm::ArrayRef<int64_t> coord, llvm::ArrayRef<int64_t> shape) {
  int64_t flat = 0;
  for (size_t d = 0; d < shape.size(); ++d)
    flat = flat * shape[d] + coord[d];
  return flat;
}

//===----------------------------------------------------------------------===//
// slice
//===----------------------------------------------------------------------===//

TEST(Slice, RowsAndColumnsOfARegisterTile) {
  TileLayout layout = parseOrFail("S[(32,8):(1@laneid,1)]");
  EXPECT_EQ(sliceStr(layout, {32, 8}, {8, 0}, {8, 8}),
            "S[(8,8):(1@laneid,1)] + 8@laneid");
  EXPECT_EQ(sliceStr(layout, {32, 8}, {0, 2}, {32, 2}),
            "S[(32,2):(1@laneid,1)] + 2");
  EXPECT_EQ(sliceStr(layout, {32, 8}, {5, 3}, {1, 1}),
            "S[(1,1):(1@laneid,1)] + 5@laneid + 3");
  EXPECT_EQ(sliceStr(layout, {32, 8}, {0, 0}, {32, 8}),
            "S[(32,8):(1@laneid,1)]");
}

TEST(Slice, SplitsItersThatSpanSeveralDimensions) {
  // S[32:1] viewed as (4, 8): rows 1 and 2 start at m = 8.
  EXPECT_EQ(sliceStr(parseOrFail("S[32:1]"), {4, 8}, {1, 0}, {2, 8}),
            "S[(2,8):(8,1)] + 8");
  EXPECT_EQ(sliceStr(parseOrFail("S[32:1]"), {4, 8}, {0, 4}, {4, 4}),
            "S[(4,4):(8,1)] + 4");
}

TEST(Slice, TensorCoreTileKeepsReplicaAndOffsets) {
  TileLayout tc = parseOrFail(kTensorCoreTile);
  // Right half: the second warp of each pair.
  EXPECT_EQ(sliceStr(tc, {8, 16}, {0, 8}, {8, 8}),
            "S[(8,4,2):(4@laneid,1@laneid,1)] + R[2:4@warpid] + 6@warpid");
  EXPECT_EQ(sliceStr(tc, {8, 16}, {2, 2}, {4, 4}),
            "S[(4,2,2):(4@laneid,1@laneid,1)] + R[2:4@warpid] + 9@laneid + "
            "5@warpid");
}

TEST(Slice, RejectsRegionsOffIterBoundaries) {
  TileLayout tc = parseOrFail(kTensorCoreTile);
  // Columns 1..2 straddle the innermost (2,1) iter.
  EXPECT_NE(sliceStr(tc, {8, 16}, {0, 1}, {8, 2})
                .find("region [1, 3) of dimension 1 does not fall on iter "
                      "boundaries"),
            std::string::npos);
  // Columns 4..11 straddle the warp boundary at column 8.
  EXPECT_NE(sliceStr(tc, {8, 16}, {0, 4}, {8, 8}).find("does not fall on"),
            std::string::npos);
  // Dimension 0 of size 6 is not a product of whole iters (4, 6).
  EXPECT_NE(sliceStr(parseOrFail("S[(4,6):(6,1)]"), {6, 4}, {0, 0}, {3, 4})
                .find("dimension 0 of size 6 does not fall on iter "
                      "boundaries"),
            std::string::npos);
}

TEST(Slice, RejectsBadArguments) {
  TileLayout layout = parseOrFail("S[(32,8):(1@laneid,1)]");
  EXPECT_NE(sliceStr(layout, {32, 8}, {0}, {32, 8}).find("must have the rank"),
            std::string::npos);
  EXPECT_NE(sliceStr(layout, {16, 8}, {0, 0}, {8, 8}).find("has 128 elements"),
            std::string::npos);
  EXPECT_NE(sliceStr(layout, {32, 8}, {30, 0}, {4, 8})
                .find("region [30, 34) of dimension 0 is empty or outside "
                      "[0, 32)"),
            std::string::npos);
  EXPECT_NE(sliceStr(layout, {32, 8}, {0, 0}, {0, 8}).find("empty or outside"),
            std::string::npos);
  EXPECT_NE(sliceStr(layout, {32, 8}, {-1, 0}, {1, 8}).find("empty or outside"),
            std::string::npos);
}

TEST(Slice, AgreesWithTheOriginalOnEveryElement) {
  struct Case {
    const char *layout;
    std::vector<int64_t> shape, offset, size;
  } cases[] = {
      {"S[(32,8):(1@laneid,1)]", {32, 8}, {16, 4}, {8, 4}},
      {kTensorCoreTile, {8, 16}, {4, 8}, {2, 8}},
      {"S[(2,3,4,2,2):(1,2,12,6,48)]", {6, 16}, {3, 8}, {3, 4}},
      {"S[(2,3,4,2,2):(1,2,12,6,48)]", {2, 3, 16}, {1, 1, 4}, {1, 2, 4}},
      {"S[64:1] + 3", {4, 4, 4}, {2, 1, 0}, {2, 2, 4}},
      {"S[(4,8):(0,1)] + R[2:1@warpid]", {4, 8}, {1, 2}, {2, 4}},
      {"S[(2,128,112):(112@TCol,1@TLane,1@TCol)]",
       {2, 128, 112},
       {1, 32, 56},
       {1, 32, 56}},
  };
  for (const Case &c : cases) {
    SCOPED_TRACE(c.layout);
    TileLayout layout = parseOrFail(c.layout);
    auto sliced = layout.slice(c.shape, c.offset, c.size);
    ASSERT_TRUE(static_cast<bool>(sliced))
        << llvm::toString(sliced.takeError());
    int64_t count = 1;
    for (int64_t extent : c.size)
      count *= extent;
    ASSERT_EQ(sliced->getNumElements(), count) << sliced->str();
    for (int64_t local = 0; local < count; ++local) {
      std::vector<int64_t> coord(c.size.size());
      int64_t rest = local;
      for (size_t d = c.size.size(); d-- > 0;) {
        coord[d] = rest % c.size[d] + c.offset[d];
        rest /= c.size[d];
      }
      int64_t global = flatten(coord, c.shape);
      ASSERT_EQ(nonZero(sliced->applyFlat(local)),
                nonZero(layout.applyFlat(global)))
          << "local " << local << " of " << sliced->str();
      ASSERT_EQ(allOf(*sliced, local), allOf(layout, global));
    }
  }
}

//===----------------------------------------------------------------------===//
// tile
//===----------------------------------------------------------------------===//

TEST(Tile, OuterItersComeFirstScaledByTheInnerSpan) {
  TileLayout row = parseOrFail("S[8:1]");
  EXPECT_EQ(row.tile(row).str(), "S[(8,8):(8,1)]");
  EXPECT_EQ(row.tile(row).canonicalize().str(), "S[64:1]");

  // Warps tile a per-warp register layout: laneid is untouched.
  TileLayout warp = parseOrFail("S[(32,2):(1@laneid,1)]");
  TileLayout cta = warp.tile(parseOrFail("S[4:1@warpid]"));
  EXPECT_EQ(cta.str(), "S[(4,32,2):(1@warpid,1@laneid,1)]");
  EXPECT_EQ(cta.canonicalize().str(), "S[(128,2):(1@tx,1)]");

  // The inner layout spans 2 registers, so outer m strides double.
  TileLayout inner = parseOrFail("S[(8,1,4,2):(4@laneid,2,1@laneid,1)]");
  EXPECT_EQ(inner.tile(parseOrFail("S[(8,8):(8,1)]")).str(),
            "S[(8,8,8,1,4,2):(16,2,4@laneid,2,1@laneid,1)]");
}

TEST(Tile, CarriesReplicaAndOffsets) {
  TileLayout inner = parseOrFail("S[(64,128):(128,1)]");
  TileLayout tiled = inner.tile(parseOrFail("S[2:2@warpid] + R[2:1@warpid]"));
  EXPECT_EQ(tiled.str(), "S[(2,64,128):(2@warpid,128,1)] + R[2:1@warpid]");
  EXPECT_EQ(tiled.canonicalize().str(),
            "S[(2,8192):(2@warpid,1)] + R[2:1@warpid]");
  // An inner offset is part of the inner span: blocks of 6 registers.
  EXPECT_EQ(parseOrFail("S[4:1] + 2").tile(parseOrFail("S[3:1] + 1")).str(),
            "S[(3,4):(6,1)] + 8");
}

TEST(Tile, MatchesOuterTimesSpanPlusInner) {
  const std::pair<const char *, const char *> cases[] = {
      {"S[(32,2):(1@laneid,1)]", "S[(2,2):(2@warpid,1@warpid)]"},
      {"S[(8,1,4,2):(4@laneid,2,1@laneid,1)]", "S[(8,8):(8,1)]"},
      {"S[(2,4):(1,2)] + R[2:16@laneid] + 1", "S[(3,2):(1@laneid,5)] + 2"},
      {"S[(4,8):(0,1)]", "S[4:1] + R[2:1@warpid] + 1@warpid"},
      {"S[(32,4):(1@TLane,1@TCol)]", "S[2:1@TCol]"},
  };
  for (auto [innerText, outerText] : cases) {
    SCOPED_TRACE(std::string(innerText) + " tiled by " + outerText);
    TileLayout inner = parseOrFail(innerText);
    TileLayout outer = parseOrFail(outerText);
    TileLayout tiled = inner.tile(outer);
    int64_t innerCount = inner.getNumElements();
    ASSERT_EQ(tiled.getNumElements(), innerCount * outer.getNumElements());
    for (int64_t o = 0; o < outer.getNumElements(); ++o) {
      for (int64_t i = 0; i < innerCount; ++i) {
        // Every placement of the outer element, scaled by the inner span,
        // plus every placement of the inner element.
        std::multiset<CoordMap> expected;
        for (const AxisCoord &outerCoord : outer.applyAll(o)) {
          for (const AxisCoord &innerCoord : inner.applyAll(i)) {
            CoordMap sum;
            for (const auto &[axis, value] : outerCoord)
              sum[axis] += value * inner.span(axis);
            for (const auto &[axis, value] : innerCoord)
              sum[axis] += value;
            CoordMap clean;
            for (const auto &[axis, value] : sum)
              if (value != 0)
                clean[axis] = value;
            expected.insert(clean);
          }
        }
        ASSERT_EQ(allOf(tiled, o * innerCount + i), expected)
            << "outer " << o << ", inner " << i;
      }
    }
  }
}

//===----------------------------------------------------------------------===//
// unpack
//===----------------------------------------------------------------------===//

TEST(Unpack, SplitsEachElementIntoContiguousRegisters) {
  EXPECT_EQ(parseOrFail("S[(32,8):(1@laneid,1)]").unpack(2).str(),
            "S[(32,8,2):(1@laneid,2,1)]");
  EXPECT_EQ(parseOrFail("S[(8,8):(8,1)]").unpack(4).str(),
            "S[(8,8,4):(32,4,1)]");
  // Memory replicas and memory offsets scale; thread placement does not.
  EXPECT_EQ(parseOrFail("S[(4,4):(1@laneid,2)] + R[2:1] + 1@warpid + 3")
                .unpack(2)
                .str(),
            "S[(4,4,2):(1@laneid,4,1)] + R[2:2] + 6 + 1@warpid");
  EXPECT_EQ(parseOrFail("S[8:1]").unpack(1).str(), "S[(8,1):(1,1)]");
}

TEST(Unpack, ScalarsLandNextToEachOtherInTheSameThread) {
  const char *layouts[] = {
      "S[(32,8):(1@laneid,1)]",
      kTensorCoreTile,
      "S[(4,4):(1@laneid,2)] + R[2:1] + 1@warpid + 3",
      "S[(2,16):(16@TCol,1@TLane)] + 4@TCol",
  };
  for (const char *text : layouts) {
    SCOPED_TRACE(text);
    TileLayout packed = parseOrFail(text);
    for (int64_t n : {1, 2, 4}) {
      TileLayout unpacked = packed.unpack(n);
      ASSERT_EQ(unpacked.getNumElements(), n * packed.getNumElements());
      EXPECT_EQ(verifyError(unpacked), "");
      for (int64_t k = 0; k < packed.getNumElements(); ++k) {
        for (int64_t t = 0; t < n; ++t) {
          CoordMap expected;
          for (const auto &[axis, value] : packed.applyFlat(k))
            expected[axis] = isThreadAxis(axis) ? value : value * n;
          expected["m"] += t;
          CoordMap clean;
          for (const auto &[axis, value] : expected)
            if (value != 0)
              clean[axis] = value;
          ASSERT_EQ(nonZero(unpacked.applyFlat(k * n + t)), clean)
              << "element " << k << ", scalar " << t;
        }
      }
    }
  }
}

//===----------------------------------------------------------------------===//
// broadcast
//===----------------------------------------------------------------------===//

TEST(Broadcast, InsertsAStrideZeroIter) {
  TileLayout row = parseOrFail("S[8:1]");
  EXPECT_EQ(row.broadcast(4, 0).str(), "S[(4,8):(0,1)]");
  EXPECT_EQ(row.broadcast(4, 1).str(), "S[(8,4):(1,0)]");
  TileLayout regs = parseOrFail("S[(32,8):(1@laneid,1)] + R[2:1@warpid] + 1");
  EXPECT_EQ(regs.broadcast(2, 1).str(),
            "S[(32,2,8):(1@laneid,0,1)] + R[2:1@warpid] + 1");
  EXPECT_EQ(regs.broadcast(3, 2).str(),
            "S[(32,8,3):(1@laneid,1,0)] + R[2:1@warpid] + 1");
  // Broadcast layouts are well formed and canonicalize keeps the iter.
  EXPECT_EQ(verifyError(regs.broadcast(2, 1)), "");
  EXPECT_EQ(row.broadcast(4, 0).canonicalize().str(), "S[(4,8):(0,1)]");
}

TEST(Broadcast, EveryCopyMapsLikeTheOriginal) {
  TileLayout layout = parseOrFail(kTensorCoreTile);
  std::vector<int64_t> extents = {8, 2, 4, 2};
  for (unsigned pos = 0; pos <= extents.size(); ++pos) {
    SCOPED_TRACE(pos);
    TileLayout wide = layout.broadcast(3, pos);
    ASSERT_EQ(wide.getNumElements(), 3 * layout.getNumElements());
    // Index space: extents with a 3 inserted at `pos`.
    std::vector<int64_t> wideExtents = extents;
    wideExtents.insert(wideExtents.begin() + pos, 3);
    for (int64_t flat = 0; flat < wide.getNumElements(); ++flat) {
      std::vector<int64_t> digits(wideExtents.size());
      int64_t rest = flat;
      for (size_t k = wideExtents.size(); k-- > 0;) {
        digits[k] = rest % wideExtents[k];
        rest /= wideExtents[k];
      }
      digits.erase(digits.begin() + pos);
      int64_t original = flatten(digits, extents);
      ASSERT_EQ(allOf(wide, flat), allOf(layout, original)) << flat;
    }
  }
}

} // namespace
