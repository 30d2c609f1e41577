//===- ForwardMapTest.cpp - Tests of the TileLayout forward map -----------===//
//
// Part of TileIR. The worked examples of the TIRx reference, checked on every
// element, and a brute-force comparison of applyFlat/applyAll against an
// independent enumeration of the shard and replica digits. Also covers the
// simple queries: size, span, hasThreadAxes, storage.
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

using tileir::layout::test::nonZero;

/// Drops zero entries of a map built by the naive model.
CoordMap nonZero(CoordMap coord) {
  for (auto it = coord.begin(); it != coord.end();)
    it = it->second == 0 ? coord.erase(it) : std::next(it);
  return coord;
}

/// Enumerates every combination of `iters` digits in row-major order (the
/// last iter counts fastest), like an odometer, and returns the per-axis sum
/// for each combination. Deliberately uses no division.
std::vector<CoordMap> odometer(llvm::ArrayRef<Iter> iters) {
  std::vector<CoordMap> result;
  std::vector<int64_t> digits(iters.size(), 0);
  while (true) {
    CoordMap coord;
    for (size_t k = 0; k < iters.size(); ++k)
      coord[iters[k].axis] += digits[k] * iters[k].stride;
    result.push_back(coord);
    size_t k = iters.size();
    while (k > 0) {
      --k;
      if (++digits[k] < iters[k].extent)
        break;
      digits[k] = 0;
      if (k == 0)
        return result;
    }
    if (iters.empty())
      return result;
  }
}

TEST(ForwardMap, LaneHoldsRowInEightRegisters) {
  // S[(32,8):(1@laneid,1)]: element (i, j) -> laneid i, register m = j.
  TileLayout layout = parseOrFail("S[(32,8):(1@laneid,1)]");
  ASSERT_EQ(layout.getNumElements(), 256);
  for (int64_t i = 0; i < 32; ++i) {
    for (int64_t j = 0; j < 8; ++j) {
      auto coord = layout.apply({i, j}, {32, 8});
      ASSERT_TRUE(static_cast<bool>(coord))
          << llvm::toString(coord.takeError());
      EXPECT_EQ(getAxis(*coord, "laneid"), i) << i << "," << j;
      EXPECT_EQ(getAxis(*coord, "m"), j) << i << "," << j;
      EXPECT_EQ(coord->size(), 2u);
      EXPECT_EQ(*coord, layout.applyFlat(8 * i + j));
      EXPECT_EQ(layout.applyAll(8 * i + j).size(), 1u);
    }
  }
}

TEST(ForwardMap, TensorCoreTileWithReplicaAndOffset) {
  // The reference's (8,16) tile: (i, j) -> laneid = 4i + (floor(j/2) mod 4),
  // warpid in {floor(j/8) + 5, floor(j/8) + 9}, m = j mod 2.
  TileLayout layout = parseOrFail(kTensorCoreTile);
  ASSERT_EQ(layout.getNumElements(), 128);
  std::set<std::tuple<int64_t, int64_t, int64_t>> seen;
  for (int64_t i = 0; i < 8; ++i) {
    for (int64_t j = 0; j < 16; ++j) {
      SCOPED_TRACE(testing::Message() << "element (" << i << ", " << j << ")");
      int64_t lane = 4 * i + (j / 2) % 4;
      int64_t m = j % 2;
      auto base = layout.apply({i, j}, {8, 16});
      ASSERT_TRUE(static_cast<bool>(base)) << llvm::toString(base.takeError());
      EXPECT_EQ(getAxis(*base, "laneid"), lane);
      EXPECT_EQ(getAxis(*base, "warpid"), j / 8 + 5);
      EXPECT_EQ(getAxis(*base, "m"), m);

      llvm::SmallVector<AxisCoord> all = layout.applyAll(16 * i + j);
      ASSERT_EQ(all.size(), 2u);
      std::set<int64_t> warps;
      for (const AxisCoord &coord : all) {
        EXPECT_EQ(getAxis(coord, "laneid"), lane);
        EXPECT_EQ(getAxis(coord, "m"), m);
        warps.insert(getAxis(coord, "warpid"));
        seen.insert({getAxis(coord, "warpid"), lane, m});
      }
      EXPECT_EQ(warps, (std::set<int64_t>{j / 8 + 5, j / 8 + 9}));
    }
  }
  // 128 elements, each held twice, never two elements in one place.
  EXPECT_EQ(seen.size(), 256u);
}

TEST(ForwardMap, AnyShapeOfTheRightSizeIsResplit) {
  // (2,3,4,2,2):(1,2,12,6,48) seen as a (6,16) tile.
  TileLayout layout = parseOrFail("S[(2,3,4,2,2):(1,2,12,6,48)]");
  for (int64_t i = 0; i < 6; ++i) {
    for (int64_t j = 0; j < 16; ++j) {
      int64_t expected = (i / 3) * 1 + (i % 3) * 2 + (j / 4) * 12 +
                         ((j % 4) / 2) * 6 + (j % 2) * 48;
      auto coord = layout.apply({i, j}, {6, 16});
      ASSERT_TRUE(static_cast<bool>(coord));
      EXPECT_EQ(getAxis(*coord, "m"), expected);
      // Same element through a 1-D and a 3-D view.
      auto flat = layout.apply({16 * i + j}, {96});
      ASSERT_TRUE(static_cast<bool>(flat));
      EXPECT_EQ(*flat, *coord);
      auto threeD = layout.apply({i, j / 4, j % 4}, {6, 4, 4});
      ASSERT_TRUE(static_cast<bool>(threeD));
      EXPECT_EQ(*threeD, *coord);
    }
  }
}

TEST(ForwardMap, ApplyRejectsBadCoordinates) {
  TileLayout layout = parseOrFail("S[(32,8):(1@laneid,1)]");
  struct Case {
    std::vector<int64_t> coord, shape;
    const char *message;
  } cases[] = {
      {{1, 1},
       {16, 8},
       "shape (16, 8) has 128 elements but layout "
       "S[(32,8):(1@laneid,1)] has 256"},
      {{1, 1, 1},
       {32, 8},
       "coordinate (1, 1, 1) has rank 3 but shape "
       "(32, 8) has rank 2"},
      {{32, 0},
       {32, 8},
       "coordinate 32 is out of range [0, 32) in "
       "dimension 0"},
      {{0, -1},
       {32, 8},
       "coordinate -1 is out of range [0, 8) in "
       "dimension 1"},
      {{0, 0}, {0, 8}, "non-positive extent"},
  };
  for (const Case &c : cases) {
    SCOPED_TRACE(c.message);
    auto coord = layout.apply(c.coord, c.shape);
    ASSERT_FALSE(static_cast<bool>(coord));
    std::string message = llvm::toString(coord.takeError());
    EXPECT_NE(message.find(c.message), std::string::npos) << message;
  }
}

TEST(ForwardMap, OutermostIterTakesTheRemainingQuotient) {
  TileLayout layout = parseOrFail("S[(8,8):(10,1)]");
  // Flat 70 = 8 * 8 + 6: the outer digit is 8, past its extent.
  EXPECT_EQ(getAxis(layout.applyFlat(70), "m"), 8 * 10 + 6);
}

TEST(ForwardMap, ResultNamesEveryAxisOfTheLayout) {
  TileLayout layout = parseOrFail("S[4:1@laneid] + R[2:1@warpid] + 3@TCol");
  AxisCoord coord = layout.applyFlat(0);
  EXPECT_EQ(coord, (AxisCoord{{"TCol", 3}, {"laneid", 0}, {"warpid", 0}}));
}

TEST(ForwardMap, BruteForceAgainstNaiveModel) {
  const char *layouts[] = {
      "S[(32,8):(1@laneid,1)]",
      kTensorCoreTile,
      "S[(2,128,4):(4,1@tx,1)]",
      "S[(4,8):(0,1)]",
      "S[(3,5,7):(1,3,15)] + 11",
      "S[(2,3,4,2,2):(1,2,12,6,48)]",
      "S[(2,2,8,4,2):(2@warpid,1@warpid,4@laneid,1@laneid,1)] + "
      "R[(2,2):(4@warpid,8@warpid)]",
      "S[(2,16,8):(112@TCol,1@TLane,1@TCol)] + R[4:32@TLane]",
      "S[(8,8,8):(64@F,1@P,1@F)] + 2@P + 7@F",
      "S[]",
      "S[1:5] + R[3:2]",
      "S[(6,5):(-1,6)] + 9",
  };
  for (const char *text : layouts) {
    SCOPED_TRACE(text);
    TileLayout layout = parseOrFail(text);
    std::vector<CoordMap> bases = odometer(layout.getShard());
    std::vector<CoordMap> replicas = odometer(layout.getReplica());
    ASSERT_EQ(static_cast<int64_t>(bases.size()), layout.getNumElements());
    for (auto [flat, base] : llvm::enumerate(bases)) {
      for (const auto &[axis, value] : layout.getOffset())
        base[axis] += value;
      AxisCoord got = layout.applyFlat(flat);
      ASSERT_TRUE(std::is_sorted(got.begin(), got.end())) << flat;
      ASSERT_EQ(nonZero(got), nonZero(base)) << "flat index " << flat;

      std::multiset<CoordMap> expectedAll, gotAll;
      for (const CoordMap &shift : replicas) {
        CoordMap coord = base;
        for (const auto &[axis, value] : shift)
          coord[axis] += value;
        expectedAll.insert(nonZero(coord));
      }
      for (const AxisCoord &coord : layout.applyAll(flat))
        gotAll.insert(nonZero(coord));
      ASSERT_EQ(gotAll, expectedAll) << "flat index " << flat;
    }
  }
}

TEST(ForwardMap, ApplyAllOrdersReplicasOuterFirst) {
  TileLayout layout = parseOrFail("S[2:1] + R[(2,3):(100@warpid,1@laneid)]");
  llvm::SmallVector<AxisCoord> all = layout.applyAll(1);
  ASSERT_EQ(all.size(), 6u);
  for (int r0 = 0; r0 < 2; ++r0) {
    for (int r1 = 0; r1 < 3; ++r1) {
      const AxisCoord &coord = all[3 * r0 + r1];
      EXPECT_EQ(getAxis(coord, "warpid"), 100 * r0);
      EXPECT_EQ(getAxis(coord, "laneid"), r1);
      EXPECT_EQ(getAxis(coord, "m"), 1);
    }
  }
}

TEST(LayoutQueries, SizeAndSpan) {
  TileLayout tc = parseOrFail(kTensorCoreTile);
  EXPECT_EQ(tc.size("laneid"), 32);
  EXPECT_EQ(tc.size("warpid"), 2);
  EXPECT_EQ(tc.size("m"), 2);
  EXPECT_EQ(tc.size("tx"), 1);
  EXPECT_EQ(tc.span("laneid"), 32);
  // 1 + (2-1)*1 [shard] + (2-1)*4 [replica] + 5 [offset].
  EXPECT_EQ(tc.span("warpid"), 11);
  EXPECT_EQ(tc.span("m"), 2);
  EXPECT_EQ(tc.span("tx"), 1);

  TileLayout gapped = parseOrFail("S[(8,6):(8,1)]");
  EXPECT_EQ(gapped.size("m"), 48);
  EXPECT_EQ(gapped.span("m"), 62);

  TileLayout trainium = parseOrFail("S[(8,8,8):(64@F,1@P,1@F)]");
  EXPECT_EQ(trainium.size("P"), 8);
  EXPECT_EQ(trainium.size("F"), 64);
  EXPECT_EQ(trainium.span("F"), 456);

  TileLayout broadcast = parseOrFail("S[(4,8):(0,1)] + 3");
  EXPECT_EQ(broadcast.size("m"), 32);
  EXPECT_EQ(broadcast.span("m"), 11);
  EXPECT_EQ(broadcast.getNumElements(), 32);
}

TEST(LayoutQueries, HasThreadAxes) {
  EXPECT_TRUE(parseOrFail("S[(32,8):(1@laneid,1)]").hasThreadAxes());
  EXPECT_TRUE(parseOrFail("S[8:1] + R[4:1@warpid]").hasThreadAxes());
  EXPECT_FALSE(parseOrFail("S[(8,8):(8,1)]").hasThreadAxes());
  EXPECT_FALSE(parseOrFail("S[(8,8):(1@TLane,1@TCol)]").hasThreadAxes());
  // An offset alone does not distribute anything over threads.
  EXPECT_FALSE(parseOrFail("S[8:1] + 3@warpid").hasThreadAxes());
}

TEST(LayoutQueries, StorageKeepsThePerThreadFootprint) {
  EXPECT_EQ(parseOrFail("S[(32,8):(1@laneid,1)]").storage().str(), "S[8:1]");
  EXPECT_EQ(parseOrFail("S[(8,2,4,2):(4@laneid,1@warpid,1@laneid,1)] + "
                        "R[2:4@warpid] + 5@warpid")
                .storage()
                .str(),
            "S[2:1]");
  // Memory replicas and memory offsets belong to the footprint; thread
  // offsets do not.
  EXPECT_EQ(
      parseOrFail("S[(2,32,4):(4,1@tx,1)] + R[(2,2):(1@warpid,8)] + 2@tx + 3")
          .storage()
          .str(),
      "S[(2,4):(4,1)] + R[2:8] + 3");
  TileLayout allThreads = parseOrFail("S[32:1@laneid]").storage();
  EXPECT_TRUE(allThreads.getShard().empty());
  EXPECT_EQ(allThreads.getNumElements(), 1);
  // Per thread, storage() addresses the same registers as the full layout.
  TileLayout tc = parseOrFail(
      "S[(8,2,4,2):(4@laneid,1@warpid,1@laneid,1)] + R[2:4@warpid]");
  TileLayout regs = tc.storage();
  for (int64_t flat = 0; flat < tc.getNumElements(); ++flat)
    EXPECT_EQ(getAxis(tc.applyFlat(flat), "m"),
              getAxis(regs.applyFlat(flat % regs.getNumElements()), "m"));
}

} // namespace
