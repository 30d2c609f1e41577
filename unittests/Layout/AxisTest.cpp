//===- AxisTest.cpp - Tests of the axis registry and scopes ---------------===//
//
// Part of TileIR. The registered thread axes must index exactly the scope
// pairs of TIRx's table; unknown names become memory axes, once.
//
//===----------------------------------------------------------------------===//

#include "tileir/Layout/TileLayout.h"

#include "gtest/gtest.h"

#include <atomic>
#include <string>
#include <thread>
#include <vector>

using namespace tileir::layout;

namespace {

struct ExpectedAxis {
  const char *name;
  ScopeKind scope;
  ScopeKind subscope;
};

TEST(AxisRegistry, ThreadAxesIndexTheirScopePairs) {
  const ExpectedAxis table[] = {
      {"laneid", ScopeKind::Warp, ScopeKind::Thread},
      {"warpid", ScopeKind::Cta, ScopeKind::Warp},
      {"wgid", ScopeKind::Cta, ScopeKind::Warpgroup},
      {"wid_in_wg", ScopeKind::Warpgroup, ScopeKind::Warp},
      {"tid_in_wg", ScopeKind::Warpgroup, ScopeKind::Thread},
      {"tx", ScopeKind::Cta, ScopeKind::Thread},
      {"cbx", ScopeKind::Cluster, ScopeKind::Cta},
      {"cby", ScopeKind::Cluster, ScopeKind::Cta},
      {"cbz", ScopeKind::Cluster, ScopeKind::Cta},
      // Block ids are registered the way TIRx registers them.
      {"bx", ScopeKind::Thread, ScopeKind::Cta},
      {"by", ScopeKind::Thread, ScopeKind::Cta},
      {"bz", ScopeKind::Thread, ScopeKind::Cta},
  };
  for (const ExpectedAxis &expected : table) {
    SCOPED_TRACE(expected.name);
    const AxisInfo &info = lookupAxis(expected.name);
    EXPECT_EQ(info.name, expected.name);
    EXPECT_TRUE(info.isThread);
    EXPECT_TRUE(isThreadAxis(expected.name));
    EXPECT_EQ(info.scope, expected.scope);
    EXPECT_EQ(info.subscope, expected.subscope);
  }
}

TEST(AxisRegistry, MemoryAxes) {
  for (const char *name : {"m", "P", "F", "Bank", "TLane", "TCol"}) {
    SCOPED_TRACE(name);
    EXPECT_FALSE(lookupAxis(name).isThread);
    EXPECT_EQ(lookupAxis(name).name, name);
  }
}

TEST(AxisRegistry, UnknownNamesRegisterAsMemoryAxesOnce) {
  const AxisInfo &first = lookupAxis("pid_axis_test");
  EXPECT_FALSE(first.isThread);
  EXPECT_EQ(first.name, "pid_axis_test");
  // Registering more names must not move the entry.
  for (int i = 0; i < 200; ++i)
    lookupAxis("filler_axis_" + std::to_string(i));
  EXPECT_EQ(&lookupAxis("pid_axis_test"), &first);
  // Names are case sensitive: "LANEID" is not laneid.
  EXPECT_FALSE(isThreadAxis("LANEID"));
}

TEST(AxisRegistry, ConcurrentRegistrationYieldsOneEntry) {
  constexpr int kThreads = 8;
  std::vector<const AxisInfo *> seen(kThreads, nullptr);
  std::atomic<bool> go{false};
  std::vector<std::thread> threads;
  for (int t = 0; t < kThreads; ++t) {
    threads.emplace_back([&, t] {
      while (!go.load())
        std::this_thread::yield();
      for (int i = 0; i < 100; ++i)
        lookupAxis("concurrent_" + std::to_string((t * 7 + i) % 50));
      seen[t] = &lookupAxis("concurrent_shared");
    });
  }
  go = true;
  for (std::thread &thread : threads)
    thread.join();
  for (const AxisInfo *info : seen)
    EXPECT_EQ(info, seen.front());
  EXPECT_EQ(seen.front()->name, "concurrent_shared");
}

TEST(Scopes, StringifyAndSymbolizeRoundTrip) {
  const std::pair<ScopeKind, const char *> names[] = {
      {ScopeKind::World, "world"},         {ScopeKind::Kernel, "kernel"},
      {ScopeKind::Cluster, "cluster"},     {ScopeKind::Cta, "cta"},
      {ScopeKind::Warpgroup, "warpgroup"}, {ScopeKind::Warp, "warp"},
      {ScopeKind::Thread, "thread"},
  };
  for (auto [kind, name] : names) {
    EXPECT_EQ(stringifyScope(kind), name);
    EXPECT_EQ(symbolizeScope(name), kind);
  }
  EXPECT_EQ(symbolizeScope("block"), std::nullopt);
  EXPECT_EQ(symbolizeScope(""), std::nullopt);
  // Smaller means wider, as in TIRx.
  EXPECT_LT(static_cast<int>(ScopeKind::Cluster),
            static_cast<int>(ScopeKind::Cta));
  EXPECT_LT(static_cast<int>(ScopeKind::Warp),
            static_cast<int>(ScopeKind::Thread));
}

TEST(AxisCoord, GetAxisDefaultsToZero) {
  AxisCoord coord = {{"laneid", 3}, {"m", 7}};
  EXPECT_EQ(getAxis(coord, "laneid"), 3);
  EXPECT_EQ(getAxis(coord, "m"), 7);
  EXPECT_EQ(getAxis(coord, "warpid"), 0);
  EXPECT_EQ(getAxis({}, "m"), 0);
}

} // namespace
