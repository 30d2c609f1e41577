//===- CanonicalizeTest.cpp - Canonical form, scope pair, verifier --------===//
//
// Part of TileIR. canonicalize() must apply every TIRx rule and keep the
// mapping; scopePair() must follow the scope chain and reject disconnected
// or conflicting thread axes; verifyWellFormed() must catch bad layouts.
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

std::string canonical(llvm::StringRef text) {
  return parseOrFail(text).canonicalize().str();
}

using Pair = std::pair<ScopeKind, ScopeKind>;

std::optional<Pair> pairOrFail(llvm::StringRef text) {
  auto pair = parseOrFail(text).scopePair();
  if (!pair) {
    ADD_FAILURE() << text.str() << ": " << llvm::toString(pair.takeError());
    return std::nullopt;
  }
  return *pair;
}

std::string scopeError(llvm::StringRef text) {
  auto pair = parseOrFail(text).scopePair();
  if (pair) {
    ADD_FAILURE() << "expected a scope error for " << text.str();
    return "";
  }
  return llvm::toString(pair.takeError());
}

std::string verifyError(const TileLayout &layout) {
  if (llvm::Error err = layout.verifyWellFormed())
    return llvm::toString(std::move(err));
  return "";
}

TEST(Canonicalize, MergesContiguousIters) {
  EXPECT_EQ(canonical("S[(8,8,8,4,2):(512,64,8,2,1)]"), "S[4096:1]");
  EXPECT_EQ(canonical("S[(2,3,6):(18,6,1)]"), "S[36:1]");
  EXPECT_EQ(canonical("S[(8,2,3,6):(6,18,6,1)]"), "S[(8,36):(6,1)]");
  // Only a contiguous run merges; the merged iter keeps the inner stride.
  EXPECT_EQ(canonical("S[(8,2,3,6):(6,24,6,1)]"), "S[(8,2,18):(6,24,1)]");
  EXPECT_EQ(canonical("S[(3,4,5,2):(20,5,1,60)]"), "S[(60,2):(1,60)]");
  EXPECT_EQ(canonical("S[(8,4,8):(4@laneid,1@laneid,4)]"),
            "S[(32,8):(1@laneid,4)]");
  // Adjacent iters on different axes never merge.
  EXPECT_EQ(canonical("S[(8,8,8,4,2):(16,4@laneid,2,1@laneid,1)]"),
            "S[(8,8,8,4,2):(16,4@laneid,2,1@laneid,1)]");
  // Broadcast iters merge with each other.
  EXPECT_EQ(canonical("S[(4,2,8):(0,0,1)]"), "S[(8,8):(0,1)]");
}

TEST(Canonicalize, DropsUnitItersAndZeroOffsets) {
  // The extent-1 iter's stride is irrelevant and would block the merge.
  EXPECT_EQ(canonical("S[(8,8,1,8,4,2):(512,64,160,8,2,1)]"), "S[4096:1]");
  EXPECT_EQ(canonical("S[(8,8,8,4,1,1):(512,64,8,2,1,1)]"), "S[2048:2]");
  EXPECT_EQ(canonical("S[(8,8,1,1,1,4,1,1):(512,64,1,1,1,2,1,1)]"),
            "S[(64,4):(64,2)]");
  // All unit iters: one remains, on the first iter's axis.
  EXPECT_EQ(canonical("S[(1,1,1,1,1):(1,1,1,1,1)]"), "S[1:1]");
  EXPECT_EQ(canonical("S[(1,1):(7@laneid,3)]"), "S[1:1@laneid]");
  EXPECT_EQ(canonical("S[(8,8,8,1,1,2,1):(16,4@laneid,2,1,4@laneid,1,1)] + "
                      "0@laneid"),
            "S[(8,8,16):(16,4@laneid,1)]");
  EXPECT_EQ(canonical("S[8:1] + 0 + 0@warpid"), "S[8:1]");
  EXPECT_EQ(canonical("S[8:1] + R[1:4@warpid]"), "S[8:1]");
  EXPECT_EQ(canonical("S[]"), "S[]");
}

TEST(Canonicalize, FusesLaneAndWarpIntoTx) {
  // (thread, cta): laneid -> tx, warpid -> tx with stride x32.
  EXPECT_EQ(canonical("S[(2,8,2,4):(2@warpid,4@laneid,1@warpid,1@laneid)]"),
            "S[(2,8,2,4):(64@tx,4@tx,32@tx,1@tx)]");
  EXPECT_EQ(canonical("S[(2,2,8,4):(2@warpid,1@warpid,4@laneid,1@laneid)]"),
            "S[128:1@tx]");
  EXPECT_EQ(canonical("S[(4,32,8):(1@warpid,1@laneid,1)]"),
            "S[(128,8):(1@tx,1)]");
  // wgid -> x128, wid_in_wg -> x32, tid_in_wg -> x1.
  EXPECT_EQ(canonical("S[(2,2,8,2,2,4):(2@wgid,2@wid_in_wg,4@laneid,1@wgid,"
                      "1@wid_in_wg,1@laneid)]"),
            "S[(2,2,8,2,2,4):(256@tx,64@tx,4@tx,128@tx,32@tx,1@tx)]");
  EXPECT_EQ(canonical("S[(2,2,4,32):(2@wgid,1@wgid,32@tid_in_wg,"
                      "1@tid_in_wg)]"),
            "S[512:1@tx]");
}

TEST(Canonicalize, FusesIntoTheScopePairsOwnAxis) {
  // (thread, warpgroup): laneid + wid_in_wg -> tid_in_wg.
  EXPECT_EQ(
      canonical("S[(2,8,2,4):(2@wid_in_wg,4@laneid,1@wid_in_wg,1@laneid)]"),
      "S[(2,8,2,4):(64@tid_in_wg,4@tid_in_wg,32@tid_in_wg,1@tid_in_wg)]");
  // (warp, cta): wgid -> warpid x4, wid_in_wg -> warpid.
  EXPECT_EQ(canonical("S[(2,4,8):(1@wgid,1@wid_in_wg,1)]"),
            "S[(8,8):(1@warpid,1)]");
  // (thread, warp): nothing to fuse.
  EXPECT_EQ(canonical("S[(8,4,2):(4@laneid,1@laneid,1)]"),
            "S[(32,2):(1@laneid,1)]");
  // (thread, cluster) has no single axis: fuse up to the CTA, keep cbx.
  EXPECT_EQ(canonical("S[(2,4,32):(1@cbx,1@warpid,1@laneid)]"),
            "S[(2,128):(1@cbx,1@tx)]");
}

TEST(Canonicalize, FusesReplicaAndOffsetsToo) {
  EXPECT_EQ(canonical("S[32:1@laneid] + 2@warpid + 0"), "S[32:1@tx] + 64@tx");
  EXPECT_EQ(canonical("S[(8,4):(4@laneid,1@laneid)] + R[2:1@warpid]"),
            "S[32:1@tx] + R[2:32@tx]");
  EXPECT_EQ(canonical("S[(16,2):(1@laneid,1)] + 3@laneid + 1@warpid"),
            "S[(16,2):(1@tx,1)] + 35@tx");
}

TEST(Canonicalize, LeavesIllFormedThreadAxesAlone) {
  EXPECT_EQ(canonical("S[(4,32):(1@cbx,1@laneid)]"),
            "S[(4,32):(1@cbx,1@laneid)]");
  EXPECT_EQ(canonical("S[(4,32):(1@laneid,1@tid_in_wg)]"),
            "S[(4,32):(1@laneid,1@tid_in_wg)]");
}

TEST(Canonicalize, SortsReplicaIters) {
  TileLayout a = parseOrFail("S[1:1] + R[(8,4):(4@laneid,1@laneid)] + 2@warpid")
                     .canonicalize();
  TileLayout b = parseOrFail("S[1:1] + R[(4,8):(1@laneid,4@laneid)] + 2@warpid")
                     .canonicalize();
  EXPECT_EQ(a, b);
  EXPECT_EQ(a.str(), "S[1:1] + R[(4,8):(1@tx,4@tx)] + 64@tx");
  EXPECT_EQ(canonical("S[4:1] + R[(2,2,2):(8,1@TLane,4)]"),
            "S[4:1] + R[(2,2,2):(1@TLane,4,8)]");
  // An empty shard stays empty.
  EXPECT_EQ(canonical("R[32:1@laneid]"), "S[] + R[32:1@laneid]");
}

/// tx of a coordinate on (laneid, warpid, wgid, wid_in_wg, tid_in_wg, tx),
/// from the CUDA thread hierarchy (32 lanes per warp, 4 warps per group).
int64_t txOf(const AxisCoord &coord) {
  return getAxis(coord, "tx") + getAxis(coord, "laneid") +
         32 * getAxis(coord, "warpid") + 128 * getAxis(coord, "wgid") +
         32 * getAxis(coord, "wid_in_wg") + getAxis(coord, "tid_in_wg");
}

TEST(Canonicalize, KeepsTheMappingAndIsIdempotent) {
  const char *layouts[] = {
      "S[(8,8,8,4,2):(512,64,8,2,1)]",
      "S[(8,2,4,2,3,6):(2,1,4,24,6,1)]",
      "S[(18,8,2,4,2,3,6):(4,2,1,4,24,6,1)] + 0",
      "S[(3,4,5,2,3,4):(20,5,1,60,20,5)] + R[(1,2):(5,3)] + 4",
      "S[(32,3,4,5,2,3,4):(1@laneid,20,5,1,60,20,5)]",
      kTensorCoreTile,
      "S[(2,2,8,2,2,4):(2@wgid,2@wid_in_wg,4@laneid,1@wgid,1@wid_in_wg,"
      "1@laneid)] + R[2:1@wgid]",
      "S[(2,1,4,32,2):(1@wgid,9,32@tid_in_wg,1@tid_in_wg,1)] + 3@tid_in_wg",
      "S[(4,2,8):(0,0,1)]",
  };
  for (const char *text : layouts) {
    SCOPED_TRACE(text);
    TileLayout layout = parseOrFail(text);
    TileLayout canon = layout.canonicalize();
    EXPECT_EQ(canon.canonicalize(), canon) << canon.str();
    ASSERT_EQ(canon.getNumElements(), layout.getNumElements());
    bool threads = layout.hasThreadAxes();
    for (int64_t flat = 0; flat < layout.getNumElements(); ++flat) {
      auto project = [&](const AxisCoord &coord) {
        std::map<std::string, int64_t> result;
        for (const auto &[axis, value] : coord)
          if (!isThreadAxis(axis) && value != 0)
            result[axis] = value;
        if (threads)
          result["<tx>"] = txOf(coord);
        return result;
      };
      ASSERT_EQ(project(canon.applyFlat(flat)), project(layout.applyFlat(flat)))
          << "flat index " << flat << " of " << canon.str();
      std::multiset<std::map<std::string, int64_t>> expected, got;
      for (const AxisCoord &coord : layout.applyAll(flat))
        expected.insert(project(coord));
      for (const AxisCoord &coord : canon.applyAll(flat))
        got.insert(project(coord));
      ASSERT_EQ(got, expected) << "flat index " << flat;
    }
  }
}

TEST(ScopePair, FollowsTheChainOfThreadAxes) {
  EXPECT_EQ(pairOrFail("S[(8,8):(8,1)]"), std::nullopt);
  EXPECT_EQ(pairOrFail("S[(8,8):(1@TLane,1@TCol)]"), std::nullopt);
  EXPECT_EQ(pairOrFail("S[8:1] + 2@warpid"), std::nullopt);
  EXPECT_EQ(pairOrFail("S[(32,8):(1@laneid,1)]"),
            Pair(ScopeKind::Thread, ScopeKind::Warp));
  EXPECT_EQ(pairOrFail("S[(8,4,2):(4@laneid,1@laneid,1)]"),
            Pair(ScopeKind::Thread, ScopeKind::Warp));
  EXPECT_EQ(pairOrFail("S[(2,8,2,4,2):(2@warpid,4@laneid,1@warpid,1@laneid,"
                       "1)]"),
            Pair(ScopeKind::Thread, ScopeKind::Cta));
  EXPECT_EQ(pairOrFail("S[(2,8,2,4,2):(2@wid_in_wg,4@laneid,1@wid_in_wg,"
                       "1@laneid,1)]"),
            Pair(ScopeKind::Thread, ScopeKind::Warpgroup));
  EXPECT_EQ(pairOrFail("S[(2,128):(1@wgid,1@tid_in_wg)]"),
            Pair(ScopeKind::Thread, ScopeKind::Cta));
  EXPECT_EQ(pairOrFail("S[(2,4):(1@wgid,1@wid_in_wg)]"),
            Pair(ScopeKind::Warp, ScopeKind::Cta));
  EXPECT_EQ(pairOrFail("S[(2,128,4):(4,1@tx,1)]"),
            Pair(ScopeKind::Thread, ScopeKind::Cta));
  EXPECT_EQ(pairOrFail("S[2:1@cbx]"), Pair(ScopeKind::Cta, ScopeKind::Cluster));
  EXPECT_EQ(pairOrFail("S[(2,4,32):(1@cbx,1@warpid,1@laneid)]"),
            Pair(ScopeKind::Thread, ScopeKind::Cluster));
  // Replica iters and offsets take part in the chain.
  EXPECT_EQ(pairOrFail("S[8:4@laneid] + R[4:1@laneid]"),
            Pair(ScopeKind::Thread, ScopeKind::Warp));
  EXPECT_EQ(pairOrFail("S[32:1@laneid] + 2@warpid"),
            Pair(ScopeKind::Thread, ScopeKind::Cta));
  // Block ids are registered as TIRx does (scope thread, subscope cta).
  EXPECT_EQ(pairOrFail("S[4:1@bx]"), Pair(ScopeKind::Cta, ScopeKind::Thread));
}

TEST(ScopePair, RejectsDisconnectedAndConflictingAxes) {
  std::string disconnected = scopeError("S[(32,2):(1@laneid,1@cbx)]");
  EXPECT_NE(disconnected.find("do not form one connected scope chain"),
            std::string::npos)
      << disconnected;
  EXPECT_NE(disconnected.find("the chain thread -(laneid)-> warp stops at "
                              "warp, but 'cbx' indexes cta -> cluster"),
            std::string::npos)
      << disconnected;
  // wgid skips the warp level that laneid stops at.
  EXPECT_NE(scopeError("S[(2,8,2,4,2):(2@wgid,4@laneid,1@wgid,1@laneid,1)]")
                .find("connected scope chain"),
            std::string::npos);
  // Two axes that index threads within different scopes.
  std::string conflict = scopeError("S[(4,32):(1@laneid,1@tid_in_wg)]");
  EXPECT_NE(conflict.find("'laneid' (thread -> warp) and 'tid_in_wg' "
                          "(thread -> warpgroup) place thread units in "
                          "different scopes"),
            std::string::npos)
      << conflict;
  EXPECT_NE(scopeError("S[(4,32):(1@tx,1@laneid)]").find("different scopes"),
            std::string::npos);
  // bx closes a loop cta -> thread -> warp -> cta.
  EXPECT_NE(scopeError("S[(2,4,32):(1@bx,1@warpid,1@laneid)]").find("cycle"),
            std::string::npos);
}

TEST(VerifyWellFormed, AcceptsGoodLayouts) {
  const char *layouts[] = {
      "S[(32,8):(1@laneid,1)]",
      kTensorCoreTile,
      "S[64, 8]",
      "S[(2,128,4):(4,1@tx,1)]",
      "S[(4):(0)]",
      "S[(4,8):(0,1)] + 3",
      "S[(2,128,112):(112@TCol,1@TLane,1@TCol)]",
      "S[(32,4):(1@TLane,1@TCol)] + R[4:32@TLane]",
      "S[(8,2):(4@laneid,1@laneid)] + R[2:2@laneid]",
      // Strides (2, 3) with extents (3, 2) overlap as a digit system but
      // still give distinct values {0,2,4,3,5,7}.
      "S[(3,2):(2,3)]",
      "S[]",
  };
  for (const char *text : layouts) {
    SCOPED_TRACE(text);
    EXPECT_EQ(verifyError(parseOrFail(text)), "");
  }
}

TEST(VerifyWellFormed, RejectsBadLayouts) {
  struct Case {
    TileLayout layout;
    const char *message;
  } cases[] = {
      {TileLayout({{0, 1, "m"}}), "shard iter 0 has extent 0"},
      {TileLayout({{4, 1, "m"}}, {{-2, 1, "warpid"}}),
       "replica iter 0 has extent -2"},
      {parseOrFail("S[(2,4):(8,-1)]"), "shard iter 1 has stride -1"},
      {parseOrFail("S[4:1] + -3"), "offset -3 on axis 'm' is negative"},
      {parseOrFail("S[(2,2):(1,1)]"),
       "two logical elements share the base coordinate 1 on axis 'm'"},
      {parseOrFail("S[(2,4):(2@laneid,1@laneid)]"),
       "share the base coordinate 2 on axis 'laneid'"},
      {parseOrFail("S[(2048,1024):(1,1000)]"), "cannot prove"},
      {parseOrFail("S[64:1@laneid]"),
       "axis 'laneid' reaches value 63, but it only has 32 values"},
      {parseOrFail("S[32:1@laneid] + R[2:32@laneid]"),
       "axis 'laneid' reaches value 63"},
      {parseOrFail("S[8:1@wid_in_wg]"), "axis 'wid_in_wg' reaches value 7"},
      {parseOrFail("S[256:1@tid_in_wg]"), "axis 'tid_in_wg' reaches value"},
      {parseOrFail("S[(32,2):(1@laneid,1@cbx)]"), "connected scope chain"},
      {TileLayout({{int64_t(1) << 32, 1, "m"}, {int64_t(1) << 32, 1, "F"}}),
       "more than 2^63 elements"},
  };
  for (const Case &c : cases) {
    SCOPED_TRACE(c.layout.str());
    std::string message = verifyError(c.layout);
    EXPECT_NE(message.find(c.message), std::string::npos) << message;
  }
}

} // namespace

// getBlockedLayout: runs of `vec` elements per thread, consecutive threads
// on consecutive runs, the threads walking the elements again; threads past
// the runs hold replicas. Checked on the forward map of every element.
TEST(BlockedLayout, RunsThreadsAndReplicas) {
  for (auto [n, vec, threads] :
       {std::tuple<int64_t, int64_t, int64_t>{4096, 4, 256},
        {256, 4, 128},
        {16, 4, 2},
        {8, 8, 1},
        {64, 1, 32}}) {
    TileLayout l = getBlockedLayout(n, vec, threads);
    int64_t used = std::min(threads, n / vec);
    EXPECT_EQ(l.getNumElements(), n);
    for (int64_t f = 0; f < n; ++f) {
      int64_t run = f / vec;
      llvm::SmallVector<AxisCoord> all = l.applyAll(f);
      ASSERT_EQ(int64_t(all.size()), std::max<int64_t>(1, threads / used));
      // The base copy: thread run % used, slot (run / used) * vec + f % vec.
      EXPECT_EQ(getAxis(all[0], "tx"), used > 1 ? run % used : 0) << f;
      EXPECT_EQ(getAxis(all[0], "m"), (run / used) * vec + f % vec) << f;
      for (size_t r = 1; r < all.size(); ++r)
        EXPECT_EQ(getAxis(all[r], "tx"), getAxis(all[0], "tx") + r * used);
    }
  }
}
