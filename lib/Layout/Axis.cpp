//===- Axis.cpp - TileLayout axis registry and execution scopes -----------===//
//
// Part of TileIR. The registry of named axes a TileLayout maps onto: thread
// axes (laneid, warpid, tx, ...) with the (scope -> subscope) pair each one
// indexes, and memory axes (m, ...). Unknown names register themselves as
// memory axes on first use, as in TIRx.
//
//===----------------------------------------------------------------------===//

#include "tileir/Layout/TileLayout.h"

#include "llvm/ADT/StringMap.h"
#include "llvm/ADT/StringSwitch.h"
#include "llvm/Support/ErrorHandling.h"

#include <mutex>

using namespace llvm;

namespace tileir::layout {

StringRef stringifyScope(ScopeKind kind) {
  switch (kind) {
  case ScopeKind::World:
    return "world";
  case ScopeKind::Kernel:
    return "kernel";
  case ScopeKind::Cluster:
    return "cluster";
  case ScopeKind::Cta:
    return "cta";
  case ScopeKind::Warpgroup:
    return "warpgroup";
  case ScopeKind::Warp:
    return "warp";
  case ScopeKind::Thread:
    return "thread";
  }
  llvm_unreachable("unknown ScopeKind");
}

std::optional<ScopeKind> symbolizeScope(StringRef name) {
  return StringSwitch<std::optional<ScopeKind>>(name)
      .Case("world", ScopeKind::World)
      .Case("kernel", ScopeKind::Kernel)
      .Case("cluster", ScopeKind::Cluster)
      .Case("cta", ScopeKind::Cta)
      .Case("warpgroup", ScopeKind::Warpgroup)
      .Case("warp", ScopeKind::Warp)
      .Case("thread", ScopeKind::Thread)
      .Default(std::nullopt);
}

namespace {

/// The process-wide axis table. Entries are never erased, so references to
/// them stay valid after later registrations (StringMap allocates each entry
/// separately).
class AxisRegistry {
public:
  AxisRegistry() {
    // Thread axes: (name, scope, subscope). bx/by/bz are registered with
    // scope "thread" and subscope "cta" exactly as TIRx does.
    addThread("laneid", ScopeKind::Warp, ScopeKind::Thread);
    addThread("warpid", ScopeKind::Cta, ScopeKind::Warp);
    addThread("wgid", ScopeKind::Cta, ScopeKind::Warpgroup);
    addThread("wid_in_wg", ScopeKind::Warpgroup, ScopeKind::Warp);
    addThread("tid_in_wg", ScopeKind::Warpgroup, ScopeKind::Thread);
    addThread("tx", ScopeKind::Cta, ScopeKind::Thread);
    for (StringRef name : {"cbx", "cby", "cbz"})
      addThread(name, ScopeKind::Cluster, ScopeKind::Cta);
    for (StringRef name : {"bx", "by", "bz"})
      addThread(name, ScopeKind::Thread, ScopeKind::Cta);
    // Memory axes known to TIRx; any other name joins them on first use.
    for (StringRef name : {"m", "P", "F", "Bank", "TLane", "TCol"})
      addMemory(name);
  }

  const AxisInfo &lookup(StringRef name) {
    std::lock_guard<std::mutex> lock(mutex);
    auto it = axes.find(name);
    if (it != axes.end())
      return it->second;
    return addMemory(name);
  }

private:
  const AxisInfo &addThread(StringRef name, ScopeKind scope,
                            ScopeKind subscope) {
    AxisInfo info;
    info.name = name.str();
    info.isThread = true;
    info.scope = scope;
    info.subscope = subscope;
    return axes.try_emplace(name, std::move(info)).first->second;
  }

  const AxisInfo &addMemory(StringRef name) {
    AxisInfo info;
    info.name = name.str();
    info.isThread = false;
    return axes.try_emplace(name, std::move(info)).first->second;
  }

  std::mutex mutex;
  StringMap<AxisInfo> axes;
};

} // namespace

const AxisInfo &lookupAxis(StringRef name) {
  static AxisRegistry registry;
  return registry.lookup(name);
}

int64_t getAxis(const AxisCoord &coord, StringRef axis) {
  for (const auto &[name, value] : coord)
    if (name == axis)
      return value;
  return 0;
}

} // namespace tileir::layout
