//===- SyntaxTest.cpp - Tests of the TileLayout parser and printer --------===//
//
// Part of TileIR. The readable syntax must parse every documented form,
// print one canonical spelling that parses back to an equal layout, and turn
// every malformed input into an error that says what was expected where.
//
//===----------------------------------------------------------------------===//

#include "LayoutTestUtils.h"
#include "tileir/Layout/TileLayout.h"

#include "gtest/gtest.h"

#include <random>

using namespace tileir::layout;
using namespace tileir::layout::test;

namespace {

std::vector<Iter> iters(std::initializer_list<Iter> list) { return list; }

std::vector<Iter> toVector(llvm::ArrayRef<Iter> list) {
  return std::vector<Iter>(list.begin(), list.end());
}

/// Layouts used by the round-trip and robustness tests.
const char *const kValidLayouts[] = {
    "S[(32,8):(1@laneid,1)]",
    "S[(8,2,4,2):(4@laneid,1@warpid,1@laneid,1)] + R[2:4@warpid] + 5@warpid",
    "S[64, 8]",
    "S[8:1]",
    "S[(2,128,4):(4,1@tx,1)]",
    "S[(4):(0)]",
    "S[8:4@laneid] + 3",
    "S[(64,8)]",
    "S[]",
    "R[32:1@laneid]",
    "3 + S[8:1] + 1@laneid",
    "S[(2,128,112):(112@TCol,1@TLane,1@TCol)]",
    "S[(32,4):(1@TLane,1@TCol)] + R[4:32@TLane]",
    "S[(2,2,4,32):(2@wgid,1@wgid,32@tid_in_wg,1@tid_in_wg)]",
    "S[4:-1] + -3",
    "S[(8,8):(1@P,1@F)] + R[(2,2):(1@cbx,1@cby)] + 0@laneid",
};

TEST(LayoutSyntax, ParsesShardWithThreadAndMemoryAxes) {
  TileLayout layout = parseOrFail("S[(32,8):(1@laneid,1)]");
  EXPECT_EQ(toVector(layout.getShard()),
            iters({{32, 1, "laneid"}, {8, 1, "m"}}));
  EXPECT_TRUE(layout.getReplica().empty());
  EXPECT_TRUE(layout.getOffset().empty());
}

TEST(LayoutSyntax, ParsesShardReplicaAndOffset) {
  TileLayout layout = parseOrFail(kTensorCoreTile);
  EXPECT_EQ(
      toVector(layout.getShard()),
      iters(
          {{8, 4, "laneid"}, {2, 1, "warpid"}, {4, 1, "laneid"}, {2, 1, "m"}}));
  EXPECT_EQ(toVector(layout.getReplica()), iters({{2, 4, "warpid"}}));
  EXPECT_EQ(layout.getOffset(), (AxisCoord{{"warpid", 5}}));
}

TEST(LayoutSyntax, ExtentsOnlyGiveRowMajorStridesOnM) {
  EXPECT_EQ(toVector(parseOrFail("S[64, 8]").getShard()),
            iters({{64, 8, "m"}, {8, 1, "m"}}));
  EXPECT_EQ(toVector(parseOrFail("S[(2,3,4)]").getShard()),
            iters({{2, 12, "m"}, {3, 4, "m"}, {4, 1, "m"}}));
  EXPECT_EQ(toVector(parseOrFail("S[16]").getShard()), iters({{16, 1, "m"}}));
  EXPECT_EQ(toVector(parseOrFail("R[4, 2]").getReplica()),
            iters({{4, 2, "m"}, {2, 1, "m"}}));
}

TEST(LayoutSyntax, SingleIterFormsAndBroadcast) {
  EXPECT_EQ(toVector(parseOrFail("S[8:1]").getShard()), iters({{8, 1, "m"}}));
  EXPECT_EQ(toVector(parseOrFail("S[(8):(1)]").getShard()),
            iters({{8, 1, "m"}}));
  EXPECT_EQ(toVector(parseOrFail("S[(8):1@laneid]").getShard()),
            iters({{8, 1, "laneid"}}));
  EXPECT_EQ(toVector(parseOrFail("S[8:(2@laneid)]").getShard()),
            iters({{8, 2, "laneid"}}));
  EXPECT_EQ(toVector(parseOrFail("S[(4):(0)]").getShard()),
            iters({{4, 0, "m"}}));
  EXPECT_EQ(toVector(parseOrFail("S[(2,128,4):(4,1@tx,1)]").getShard()),
            iters({{2, 4, "m"}, {128, 1, "tx"}, {4, 1, "m"}}));
}

TEST(LayoutSyntax, OffsetsBindToMByDefaultAndAccumulate) {
  EXPECT_EQ(parseOrFail("S[8:1] + 3").getOffset(), (AxisCoord{{"m", 3}}));
  EXPECT_EQ(parseOrFail("S[8:1] + 3@m").getOffset(), (AxisCoord{{"m", 3}}));
  EXPECT_EQ(parseOrFail("S[8:1] + 1 + 2").getOffset(), (AxisCoord{{"m", 3}}));
  // Terms come in any order; offsets are kept sorted by axis name.
  EXPECT_EQ(parseOrFail("64 + S[8:4@laneid] + 2@warpid + 1@laneid").getOffset(),
            (AxisCoord{{"laneid", 1}, {"m", 64}, {"warpid", 2}}));
  EXPECT_EQ(parseOrFail("S[4:1] + -3").getOffset(), (AxisCoord{{"m", -3}}));
}

TEST(LayoutSyntax, WhitespaceIsInsignificant) {
  TileLayout spaced =
      parseOrFail("  S [ ( 32 , 8 ) : ( 1 @ laneid , 1 ) ]  +  R[ 2 : 4 @ "
                  "warpid ]  +  5 @ warpid ");
  TileLayout dense =
      parseOrFail("S[(32,8):(1@laneid,1)]+R[2:4@warpid]+5@warpid");
  EXPECT_EQ(spaced, dense);
}

TEST(LayoutSyntax, EmptyShardAndReplicaOnly) {
  TileLayout empty = parseOrFail("S[]");
  EXPECT_TRUE(empty.getShard().empty());
  EXPECT_EQ(empty.getNumElements(), 1);
  EXPECT_EQ(empty, TileLayout());
  TileLayout replicaOnly = parseOrFail("R[32:1@laneid]");
  EXPECT_TRUE(replicaOnly.getShard().empty());
  EXPECT_EQ(toVector(replicaOnly.getReplica()), iters({{32, 1, "laneid"}}));
}

TEST(LayoutSyntax, PrintsOneCanonicalSpelling) {
  const std::pair<const char *, const char *> cases[] = {
      {"S[(32,8):(1@laneid,1)]", "S[(32,8):(1@laneid,1)]"},
      {kTensorCoreTile, kTensorCoreTile},
      {"S[64, 8]", "S[(64,8):(8,1)]"},
      {"S[8:1]", "S[8:1]"},
      {"S[(8):(1@m)]", "S[8:1]"},
      {"S[(4):(0)]", "S[4:0]"},
      {"S[(2,128,4):(4,1@tx,1)]", "S[(2,128,4):(4,1@tx,1)]"},
      {"S[8:4@laneid] + 3", "S[8:4@laneid] + 3"},
      {"64 + S[8:1] + 2@warpid + 1@laneid",
       "S[8:1] + 1@laneid + 64 + 2@warpid"},
      {"R[(2,2):(1@laneid, 16@laneid)]", "S[] + R[(2,2):(1@laneid,16@laneid)]"},
      {"S[]", "S[]"},
      {"S[4:-1] + -3", "S[4:-1] + -3"},
  };
  for (auto [input, printed] : cases) {
    SCOPED_TRACE(input);
    EXPECT_EQ(parseOrFail(input).str(), printed);
  }
}

TEST(LayoutSyntax, PrintParseRoundTrip) {
  for (const char *text : kValidLayouts) {
    SCOPED_TRACE(text);
    TileLayout layout = parseOrFail(text);
    std::string printed = layout.str();
    TileLayout reparsed = parseOrFail(printed);
    EXPECT_EQ(reparsed, layout) << printed;
    EXPECT_EQ(reparsed.str(), printed);
  }
}

TEST(LayoutSyntax, RandomLayoutsRoundTrip) {
  std::mt19937 rng(1234);
  const char *axes[] = {"m", "laneid", "warpid", "tx", "TCol", "wgid"};
  auto pick = [&](int n) { return static_cast<int>(rng() % n); };
  for (int trial = 0; trial < 500; ++trial) {
    llvm::SmallVector<Iter> shard, replica;
    AxisCoord offset;
    for (int i = pick(5); i > 0; --i)
      shard.push_back(Iter{1 + pick(16), pick(40) - 4, axes[pick(6)]});
    for (int i = pick(3); i > 0; --i)
      replica.push_back(Iter{1 + pick(4), pick(40), axes[pick(6)]});
    for (int i = pick(3); i > 0; --i)
      offset.push_back({axes[pick(6)], pick(100) - 10});
    TileLayout layout(shard, replica, offset);
    std::string printed = layout.str();
    auto reparsed = TileLayout::parse(printed);
    ASSERT_TRUE(static_cast<bool>(reparsed))
        << printed << ": " << llvm::toString(reparsed.takeError());
    EXPECT_EQ(*reparsed, layout) << printed;
  }
}

struct BadInput {
  const char *text;
  const char *message;
};

TEST(LayoutSyntax, ErrorsSayWhatWasExpectedWhere) {
  const BadInput cases[] = {
      {"", "expected a layout such as 'S[(32,8):(1@laneid,1)]' at end of "
           "input (offset 0)"},
      {"   ", "expected a layout"},
      {"S[(32,8):(1@laneid,1]",
       "expected ')' after shard strides at offset 20"},
      {"S[(32,8):(1@laneid,1)",
       "expected ']' to close the shard at end of input (offset 21)"},
      {"S[(32,8:(1,1)]", "expected ')' after shard extents at offset 7"},
      {"S[(32,8):(1@,1)]", "expected an axis name after '@' at offset 12"},
      {"S[(32,8):(1@laneid)]", "shard has 2 extents but 1 strides at offset 8"},
      {"S[0:1]", "expected a positive extent, got 0 at offset 2"},
      {"S[(4,-2):(1,1)]", "expected a positive extent, got -2 at offset 5"},
      {"S[(32,8):(1@laneid,x)]",
       "expected a stride in the shard strides at offset 19"},
      {"S[8:]", "expected a stride after ':' at offset 4"},
      {"S[8:1] +", "expected 'S[', 'R[' or an offset at end of input"},
      {"S[8:1] S[8:1]", "expected '+' or end of input at offset 7"},
      {"S[8:1]]", "expected '+' or end of input at offset 6"},
      {"S[8:1] + S[4:1]", "unexpected second shard term 'S[...]' at offset 9"},
      {"T[8:1]", "expected 'S[', 'R[' or an offset at offset 0"},
      {"S", "expected 'S[', 'R[' or an offset at offset 0"},
      {"S[99999999999999999999:1]", "does not fit in 64 bits at offset 2"},
      {"S[8:1] + 3@", "expected an axis name after '@' at end of input"},
      {"S[8:1] + 3@7", "expected an axis name after '@' at offset 11"},
      {"S[8:1] + -@m", "expected an offset at offset 9"},
      {"S[(65536,65536,65536,65536):(1,1,1,1)]", "more than 2^63 elements"},
      {"S[8;1]", "expected ']' to close the shard at offset 3"},
      {"S[(,)]", "expected an extent in the shard extents at offset 3"},
      {"S[()]", "expected an extent in the shard extents at offset 3"},
      {"S[1@laneid]", "expected ']' to close the shard at offset 3"},
      {"S[8:1] + R[2:4@warpid", "expected ']' to close the replica at end"},
      {"S[8:1] + R[(2,2):(1@laneid)]",
       "replica has 2 extents but 1 strides at offset 16"},
      {"S[(8,2):(1,1),]", "expected ']' to close the shard at offset 13"},
      {"S[64, 8, ]", "expected an extent in the shard extents at offset 9"},
  };
  for (const BadInput &bad : cases) {
    SCOPED_TRACE(bad.text);
    auto layout = TileLayout::parse(bad.text);
    ASSERT_FALSE(static_cast<bool>(layout)) << layout->str();
    std::string message = llvm::toString(layout.takeError());
    EXPECT_NE(message.find(bad.message), std::string::npos) << message;
  }
}

TEST(LayoutSyntax, MangledInputsNeverCrash) {
  const std::string alphabet = "()[]:,@+- 0123SRlaneidm";
  for (const char *text : kValidLayouts) {
    std::string source(text);
    std::vector<std::string> variants;
    for (size_t i = 0; i <= source.size(); ++i)
      variants.push_back(source.substr(0, i));
    for (size_t i = 0; i < source.size(); ++i) {
      variants.push_back(source.substr(0, i) + source.substr(i + 1));
      for (char c : alphabet) {
        std::string changed = source;
        changed[i] = c;
        variants.push_back(changed);
      }
    }
    for (const std::string &variant : variants) {
      auto layout = TileLayout::parse(variant);
      if (!layout) {
        EXPECT_FALSE(llvm::toString(layout.takeError()).empty()) << variant;
        continue;
      }
      // Whatever parses prints back to the same layout.
      auto reparsed = TileLayout::parse(layout->str());
      ASSERT_TRUE(static_cast<bool>(reparsed)) << variant;
      EXPECT_EQ(*reparsed, *layout) << variant;
    }
  }
}

} // namespace
