//===- TileLayout.cpp - The TileLayout algebra ----------------------------===//
//
// Part of TileIR. The forward map of a TileLayout, its queries (size, span,
// storage, scope pair), canonicalization, well-formedness, and the algebra
// operations (slice, tile, unpack, broadcast). The textual syntax lives in
// TileLayoutSyntax.cpp, the axis registry in Axis.cpp.
//
//===----------------------------------------------------------------------===//

#include "tileir/Layout/TileLayout.h"

#include "llvm/ADT/STLExtras.h"
#include "llvm/Support/MathExtras.h"

#include <algorithm>
#include <cassert>

using namespace llvm;

namespace tileir::layout {

//===----------------------------------------------------------------------===//
// Helpers
//===----------------------------------------------------------------------===//

namespace {

/// Adds `value` to `axis` in `coord`, keeping `coord` sorted by axis name.
void addToCoord(AxisCoord &coord, StringRef axis, int64_t value) {
  auto *it = llvm::lower_bound(
      coord, axis,
      [](const std::pair<std::string, int64_t> &entry, StringRef name) {
        return StringRef(entry.first) < name;
      });
  if (it != coord.end() && it->first == axis) {
    it->second += value;
    return;
  }
  coord.insert(it, {axis.str(), value});
}

/// Product of the extents of `iters`.
int64_t productOfExtents(ArrayRef<Iter> iters) {
  int64_t product = 1;
  for (const Iter &iter : iters)
    product *= iter.extent;
  return product;
}

/// "(a, b, c)" for diagnostics.
std::string formatList(ArrayRef<int64_t> values) {
  std::string text;
  raw_string_ostream os(text);
  os << '(';
  llvm::interleaveComma(values, os);
  os << ')';
  return text;
}

/// Number of `inner` units in one `outer` unit on CUDA, when it is fixed by
/// the hardware (32 threads per warp, 4 warps per warpgroup). Counts that
/// depend on the launch (warps per CTA, CTAs per cluster) are unknown.
std::optional<int64_t> unitsPer(ScopeKind outer, ScopeKind inner) {
  if (outer == inner)
    return 1;
  if (outer == ScopeKind::Warp && inner == ScopeKind::Thread)
    return 32;
  if (outer == ScopeKind::Warpgroup && inner == ScopeKind::Thread)
    return 128;
  if (outer == ScopeKind::Warpgroup && inner == ScopeKind::Warp)
    return 4;
  return std::nullopt;
}

/// The single thread axis that indexes `from` units inside a `to` unit, if
/// there is one (there are three for cta -> cluster, so that pair has none).
std::optional<StringRef> fusedAxisFor(ScopeKind from, ScopeKind to) {
  if (from == ScopeKind::Thread && to == ScopeKind::Warp)
    return StringRef("laneid");
  if (from == ScopeKind::Thread && to == ScopeKind::Warpgroup)
    return StringRef("tid_in_wg");
  if (from == ScopeKind::Thread && to == ScopeKind::Cta)
    return StringRef("tx");
  if (from == ScopeKind::Warp && to == ScopeKind::Warpgroup)
    return StringRef("wid_in_wg");
  if (from == ScopeKind::Warp && to == ScopeKind::Cta)
    return StringRef("warpid");
  if (from == ScopeKind::Warpgroup && to == ScopeKind::Cta)
    return StringRef("wgid");
  return std::nullopt;
}

/// Upper bound (exclusive) of a thread axis whose extent the hardware fixes.
std::optional<int64_t> hardwareExtent(StringRef axis) {
  if (axis == "laneid")
    return 32;
  if (axis == "wid_in_wg")
    return 4;
  if (axis == "tid_in_wg")
    return 128;
  return std::nullopt;
}

/// Largest number of values enumerated when proving an axis map injective.
constexpr int64_t kMaxEnumeratedValues = int64_t(1) << 20;

/// Checks that sum_k c_k * s_k over 0 <= c_k < e_k takes distinct values for
/// distinct digit tuples. `iters` all have stride > 0 and extent > 1.
Error checkInjective(StringRef axis, SmallVector<Iter> iters) {
  // Fast path: sorted by stride, every stride clears the span of the smaller
  // ones (a mixed-radix number system, possibly with gaps).
  llvm::sort(iters,
             [](const Iter &a, const Iter &b) { return a.stride < b.stride; });
  int64_t reach = 1;
  bool digitSystem = true;
  for (const Iter &iter : iters) {
    if (iter.stride < reach) {
      digitSystem = false;
      break;
    }
    reach += (iter.extent - 1) * iter.stride;
  }
  if (digitSystem)
    return Error::success();

  int64_t count = productOfExtents(iters);
  if (count > kMaxEnumeratedValues)
    return createStringError(
        "cannot prove that the %lld shard positions on axis '%s' are distinct "
        "(strides overlap and there are too many to enumerate)",
        static_cast<long long>(count), axis.str().c_str());
  SmallVector<int64_t> values{0};
  for (const Iter &iter : iters) {
    SmallVector<int64_t> next;
    next.reserve(values.size() * iter.extent);
    for (int64_t base : values)
      for (int64_t c = 0; c < iter.extent; ++c)
        next.push_back(base + c * iter.stride);
    values = std::move(next);
  }
  llvm::sort(values);
  auto *dup = std::adjacent_find(values.begin(), values.end());
  if (dup != values.end())
    return createStringError("two logical elements share the base coordinate "
                             "%lld on axis '%s' (no stride is 0)",
                             static_cast<long long>(*dup), axis.str().c_str());
  return Error::success();
}

/// Splits shard iters so that every dimension of `shape` covers a contiguous
/// group of whole iters. On success `iters` holds the refined iters and the
/// result gives each dimension's [begin, end) range into them.
Expected<SmallVector<std::pair<size_t, size_t>>>
groupByShape(SmallVector<Iter> &iters, ArrayRef<int64_t> shape) {
  SmallVector<Iter> refined;
  SmallVector<std::pair<size_t, size_t>> groups;
  size_t next = 0;
  std::optional<Iter> pending; // the remainder of a split iter
  for (auto [dim, size] : llvm::enumerate(shape)) {
    size_t begin = refined.size();
    int64_t covered = 1;
    while (covered < size) {
      Iter iter;
      if (pending) {
        iter = *pending;
        pending.reset();
      } else if (next < iters.size()) {
        iter = iters[next++];
      } else {
        break;
      }
      int64_t needed = size / covered;
      if (size % covered == 0 && iter.extent > needed &&
          iter.extent % needed == 0) {
        // Split (e, s) into (needed, s * e / needed) for this dimension and
        // (e / needed, s) for the next one.
        int64_t rest = iter.extent / needed;
        refined.push_back(Iter{needed, iter.stride * rest, iter.axis});
        pending = Iter{rest, iter.stride, iter.axis};
        covered *= needed;
        continue;
      }
      refined.push_back(iter);
      covered *= iter.extent;
    }
    if (covered != size)
      return createStringError(
          "dimension %zu of size %lld does not fall on iter boundaries of "
          "the shard",
          dim, static_cast<long long>(size));
    groups.push_back({begin, refined.size()});
  }
  if (pending)
    refined.push_back(*pending);
  for (; next < iters.size(); ++next)
    refined.push_back(iters[next]);
  // Whatever is left can only be extent-1 iters (the sizes matched); they
  // belong to the last dimension.
  if (!groups.empty())
    groups.back().second = refined.size();
  iters = std::move(refined);
  return groups;
}

} // namespace

//===----------------------------------------------------------------------===//
// Construction and the forward map
//===----------------------------------------------------------------------===//

TileLayout::TileLayout(SmallVector<Iter> shard, SmallVector<Iter> replica,
                       AxisCoord offset)
    : shard(std::move(shard)), replica(std::move(replica)) {
  for (const auto &[axis, value] : offset)
    addToCoord(this->offset, axis, value);
}

std::string TileLayout::str() const {
  std::string text;
  raw_string_ostream os(text);
  print(os);
  return text;
}

int64_t TileLayout::getNumElements() const { return productOfExtents(shard); }

AxisCoord TileLayout::applyFlat(int64_t flat) const {
  assert(flat >= 0 && "flat index must be non-negative");
  AxisCoord coord;
  // Every axis the layout mentions appears in the result, even when 0.
  for (const Iter &iter : replica)
    addToCoord(coord, iter.axis, 0);
  for (const auto &[axis, value] : offset)
    addToCoord(coord, axis, value);
  forEachShardDigit(flat, [&](size_t k, int64_t digit) {
    addToCoord(coord, shard[k].axis, digit * shard[k].stride);
  });
  return coord;
}

/// Success when `shape` has positive extents and as many elements as
/// `layout`.
static Error checkShape(const TileLayout &layout, ArrayRef<int64_t> shape) {
  int64_t size = 1;
  for (int64_t extent : shape) {
    if (extent < 1)
      return createStringError("shape %s has a non-positive extent",
                               formatList(shape).c_str());
    size *= extent;
  }
  if (size != layout.getNumElements())
    return createStringError(
        "shape %s has %lld elements but layout %s has %lld",
        formatList(shape).c_str(), static_cast<long long>(size),
        layout.str().c_str(), static_cast<long long>(layout.getNumElements()));
  return Error::success();
}

Expected<AxisCoord> TileLayout::apply(ArrayRef<int64_t> coord,
                                      ArrayRef<int64_t> shape) const {
  if (coord.size() != shape.size())
    return createStringError("coordinate %s has rank %zu but shape %s has "
                             "rank %zu",
                             formatList(coord).c_str(), coord.size(),
                             formatList(shape).c_str(), shape.size());
  if (Error err = checkShape(*this, shape))
    return std::move(err);
  int64_t flat = 0;
  for (auto [dim, pair] : llvm::enumerate(llvm::zip_equal(coord, shape))) {
    auto [x, extent] = pair;
    if (x < 0 || x >= extent)
      return createStringError("coordinate %lld is out of range [0, %lld) in "
                               "dimension %zu",
                               static_cast<long long>(x),
                               static_cast<long long>(extent), dim);
    flat = flat * extent + x;
  }
  return applyFlat(flat);
}

SmallVector<AxisCoord> TileLayout::applyAll(int64_t flat) const {
  SmallVector<AxisCoord> coords{applyFlat(flat)};
  // The first replica iter varies slowest.
  for (const Iter &iter : replica) {
    SmallVector<AxisCoord> expanded;
    expanded.reserve(coords.size() * iter.extent);
    for (const AxisCoord &base : coords) {
      for (int64_t r = 0; r < iter.extent; ++r) {
        AxisCoord copy = base;
        addToCoord(copy, iter.axis, r * iter.stride);
        expanded.push_back(std::move(copy));
      }
    }
    coords = std::move(expanded);
  }
  return coords;
}

//===----------------------------------------------------------------------===//
// Queries
//===----------------------------------------------------------------------===//

int64_t TileLayout::size(StringRef axis) const {
  int64_t product = 1;
  for (const Iter &iter : shard)
    if (iter.axis == axis)
      product *= iter.extent;
  return product;
}

int64_t TileLayout::span(StringRef axis) const {
  int64_t result = 1;
  for (ArrayRef<Iter> iters : {ArrayRef<Iter>(shard), ArrayRef<Iter>(replica)})
    for (const Iter &iter : iters)
      if (iter.axis == axis)
        result += (iter.extent - 1) * iter.stride;
  return result + getAxis(offset, axis);
}

bool TileLayout::hasThreadAxes() const {
  auto usesThread = [](const Iter &iter) { return isThreadAxis(iter.axis); };
  return llvm::any_of(shard, usesThread) || llvm::any_of(replica, usesThread);
}

TileLayout TileLayout::storage() const {
  auto isMemory = [](const Iter &iter) { return !isThreadAxis(iter.axis); };
  SmallVector<Iter> newShard, newReplica;
  llvm::copy_if(shard, std::back_inserter(newShard), isMemory);
  llvm::copy_if(replica, std::back_inserter(newReplica), isMemory);
  AxisCoord newOffset;
  for (const auto &[axis, value] : offset)
    if (!isThreadAxis(axis))
      newOffset.push_back({axis, value});
  return TileLayout(std::move(newShard), std::move(newReplica),
                    std::move(newOffset));
}

Expected<std::optional<std::pair<ScopeKind, ScopeKind>>>
TileLayout::scopePair() const {
  if (!hasThreadAxes())
    return std::nullopt;

  // One edge subscope -> scope per thread axis; two axes may share an edge
  // only when they agree on it. Offsets on thread axes take part too.
  struct Edge {
    ScopeKind scope;
    std::string axis;
  };
  std::optional<Edge> edges[static_cast<int>(ScopeKind::Thread) + 1];
  std::optional<ScopeKind> from;
  auto addAxis = [&](StringRef name) -> Error {
    const AxisInfo &info = lookupAxis(name);
    if (!info.isThread)
      return Error::success();
    if (!from || *from < info.subscope)
      from = info.subscope;
    std::optional<Edge> &edge = edges[static_cast<int>(info.subscope)];
    if (!edge) {
      edge = Edge{info.scope, info.name};
      return Error::success();
    }
    if (edge->scope != info.scope)
      return createStringError(
          "thread axes '%s' (%s -> %s) and '%s' (%s -> %s) place %s units in "
          "different scopes",
          edge->axis.c_str(), stringifyScope(info.subscope).str().c_str(),
          stringifyScope(edge->scope).str().c_str(), info.name.c_str(),
          stringifyScope(info.subscope).str().c_str(),
          stringifyScope(info.scope).str().c_str(),
          stringifyScope(info.subscope).str().c_str());
    return Error::success();
  };
  for (ArrayRef<Iter> iters : {ArrayRef<Iter>(shard), ArrayRef<Iter>(replica)})
    for (const Iter &iter : iters)
      if (Error err = addAxis(iter.axis))
        return std::move(err);
  for (const auto &[axis, value] : offset)
    if (Error err = addAxis(axis))
      return std::move(err);

  size_t numEdges = llvm::count_if(
      edges, [](const std::optional<Edge> &e) { return e.has_value(); });
  // Follow subscope -> scope from the finest subscope.
  std::string chain = stringifyScope(*from).str();
  bool visited[static_cast<int>(ScopeKind::Thread) + 1] = {};
  ScopeKind current = *from;
  size_t steps = 0;
  while (const std::optional<Edge> &edge = edges[static_cast<int>(current)]) {
    if (visited[static_cast<int>(current)])
      return createStringError("thread axes form a cycle of scopes: %s",
                               chain.c_str());
    visited[static_cast<int>(current)] = true;
    ++steps;
    current = edge->scope;
    chain += " -(" + edge->axis + ")-> " + stringifyScope(current).str();
  }
  if (steps != numEdges) {
    for (int s = 0; s <= static_cast<int>(ScopeKind::Thread); ++s) {
      if (!edges[s] || visited[s])
        continue;
      return createStringError(
          "thread axes do not form one connected scope chain: the chain %s "
          "stops at %s, but '%s' indexes %s -> %s",
          chain.c_str(), stringifyScope(current).str().c_str(),
          edges[s]->axis.c_str(),
          stringifyScope(static_cast<ScopeKind>(s)).str().c_str(),
          stringifyScope(edges[s]->scope).str().c_str());
    }
  }
  return std::optional<std::pair<ScopeKind, ScopeKind>>(
      std::make_pair(*from, current));
}

//===----------------------------------------------------------------------===//
// Canonicalization
//===----------------------------------------------------------------------===//

namespace {

/// Rewrites thread axes into the one axis that indexes the layout's scope
/// pair (laneid + warpid -> tx, laneid + wid_in_wg -> tid_in_wg, ...). When
/// the pair has no such axis (e.g. thread -> cluster), the widest narrower
/// pair that has one is used and the axes above it stay as they are.
TileLayout fuseThreadAxes(const TileLayout &layout) {
  auto pairOrErr = layout.scopePair();
  if (!pairOrErr) {
    consumeError(pairOrErr.takeError());
    return layout;
  }
  if (!*pairOrErr)
    return layout;
  ScopeKind from = (*pairOrErr)->first;
  ScopeKind to = (*pairOrErr)->second;

  std::optional<StringRef> target;
  ScopeKind targetScope = to;
  for (int s = static_cast<int>(to); s < static_cast<int>(from); ++s) {
    target = fusedAxisFor(from, static_cast<ScopeKind>(s));
    if (target) {
      targetScope = static_cast<ScopeKind>(s);
      break;
    }
  }
  if (!target)
    return layout;

  // Multiplier that turns a value on `axis` into a value on `target`.
  auto factorFor = [&](StringRef axis) -> std::optional<int64_t> {
    const AxisInfo &info = lookupAxis(axis);
    if (!info.isThread || axis == *target || info.scope < targetScope ||
        info.scope > from || info.subscope > from)
      return std::nullopt;
    return unitsPer(info.subscope, from);
  };
  auto fuse = [&](const Iter &iter) {
    if (std::optional<int64_t> factor = factorFor(iter.axis))
      return Iter{iter.extent, iter.stride * *factor, target->str()};
    return iter;
  };

  SmallVector<Iter> shard, replica;
  llvm::transform(layout.getShard(), std::back_inserter(shard), fuse);
  llvm::transform(layout.getReplica(), std::back_inserter(replica), fuse);
  AxisCoord offset;
  for (const auto &[axis, value] : layout.getOffset()) {
    if (std::optional<int64_t> factor = factorFor(axis))
      offset.push_back({target->str(), value * *factor});
    else
      offset.push_back({axis, value});
  }
  return TileLayout(std::move(shard), std::move(replica), std::move(offset));
}

/// Merges runs of adjacent shard iters on one axis where
/// inner.extent * inner.stride == outer.stride; the merged iter keeps the
/// innermost stride.
SmallVector<Iter> mergeContiguous(ArrayRef<Iter> shard) {
  SmallVector<Iter> merged;
  for (size_t cur = 0; cur < shard.size();) {
    int64_t extent = shard[cur].extent;
    size_t next = cur + 1;
    while (next < shard.size() && shard[next].axis == shard[cur].axis &&
           shard[next].extent * shard[next].stride == shard[next - 1].stride) {
      extent *= shard[next].extent;
      ++next;
    }
    merged.push_back(Iter{extent, shard[next - 1].stride, shard[cur].axis});
    cur = next;
  }
  return merged;
}

} // namespace

TileLayout TileLayout::canonicalize() const {
  // 1. Drop extent-1 iters; a shard that loses all of them keeps one unit
  //    iter on its first axis (replica iters of extent 1 are dropped too).
  auto notUnit = [](const Iter &iter) { return iter.extent != 1; };
  SmallVector<Iter> newShard, newReplica;
  llvm::copy_if(shard, std::back_inserter(newShard), notUnit);
  if (newShard.empty() && !shard.empty())
    newShard.push_back(Iter{1, 1, shard.front().axis});
  llvm::copy_if(replica, std::back_inserter(newReplica), notUnit);
  // 2. Drop zero offsets.
  AxisCoord newOffset;
  for (const auto &[axis, value] : offset)
    if (value != 0)
      newOffset.push_back({axis, value});
  // 3. Fuse thread axes into the scope pair's axis.
  TileLayout fused = fuseThreadAxes(TileLayout(
      std::move(newShard), std::move(newReplica), std::move(newOffset)));
  // 4. Merge contiguous shard iters.
  SmallVector<Iter> mergedShard = mergeContiguous(fused.shard);
  // 5. Sort replica iters by (axis, stride, extent), a total order.
  SmallVector<Iter> sortedReplica(fused.replica);
  llvm::sort(sortedReplica, [](const Iter &a, const Iter &b) {
    return std::tie(a.axis, a.stride, a.extent) <
           std::tie(b.axis, b.stride, b.extent);
  });
  return TileLayout(std::move(mergedShard), std::move(sortedReplica),
                    fused.offset);
}

//===----------------------------------------------------------------------===//
// Well-formedness
//===----------------------------------------------------------------------===//

Error TileLayout::verifyWellFormed() const {
  for (auto [kind, iters] :
       {std::make_pair(StringRef("shard"), ArrayRef<Iter>(shard)),
        std::make_pair(StringRef("replica"), ArrayRef<Iter>(replica))}) {
    for (auto [index, iter] : llvm::enumerate(iters)) {
      if (iter.extent < 1)
        return createStringError("%s iter %zu has extent %lld; extents must "
                                 "be positive",
                                 kind.str().c_str(), index,
                                 static_cast<long long>(iter.extent));
      if (iter.stride < 0)
        return createStringError("%s iter %zu has stride %lld; strides must "
                                 "be positive (or 0 to broadcast)",
                                 kind.str().c_str(), index,
                                 static_cast<long long>(iter.stride));
    }
  }
  for (const auto &[axis, value] : offset)
    if (value < 0)
      return createStringError("offset %lld on axis '%s' is negative",
                               static_cast<long long>(value), axis.c_str());

  int64_t count = 1;
  for (const Iter &iter : shard)
    if (MulOverflow(count, iter.extent, count))
      return createStringError("the shard has more than 2^63 elements");

  auto pairOrErr = scopePair();
  if (!pairOrErr)
    return pairOrErr.takeError();

  SmallVector<StringRef> axes;
  for (ArrayRef<Iter> iters : {ArrayRef<Iter>(shard), ArrayRef<Iter>(replica)})
    for (const Iter &iter : iters)
      axes.push_back(iter.axis);
  for (const auto &[axis, value] : offset)
    axes.push_back(axis);
  llvm::sort(axes);
  axes.erase(std::unique(axes.begin(), axes.end()), axes.end());
  for (StringRef axis : axes) {
    if (std::optional<int64_t> limit = hardwareExtent(axis)) {
      int64_t reach = span(axis);
      if (reach > *limit)
        return createStringError("axis '%s' reaches value %lld, but it only "
                                 "has %lld values",
                                 axis.str().c_str(),
                                 static_cast<long long>(reach - 1),
                                 static_cast<long long>(*limit));
    }
    // Distinct logical elements need distinct base coordinates; stride-0
    // (broadcast) and extent-1 iters take no part.
    SmallVector<Iter> moving;
    for (const Iter &iter : shard)
      if (iter.axis == axis && iter.stride != 0 && iter.extent > 1)
        moving.push_back(iter);
    if (Error err = checkInjective(axis, std::move(moving)))
      return err;
  }
  return Error::success();
}

//===----------------------------------------------------------------------===//
// Algebra
//===----------------------------------------------------------------------===//

Expected<TileLayout> TileLayout::slice(ArrayRef<int64_t> shape,
                                       ArrayRef<int64_t> regionOffset,
                                       ArrayRef<int64_t> regionShape) const {
  if (regionOffset.size() != shape.size() || regionShape.size() != shape.size())
    return createStringError("region offset %s and region shape %s must have "
                             "the rank of shape %s",
                             formatList(regionOffset).c_str(),
                             formatList(regionShape).c_str(),
                             formatList(shape).c_str());
  if (Error err = checkShape(*this, shape))
    return std::move(err);
  if (llvm::any_of(shard, [](const Iter &iter) { return iter.extent < 1; }))
    return createStringError("cannot slice %s: shard extents must be positive",
                             str().c_str());
  for (size_t d = 0; d < shape.size(); ++d) {
    if (regionShape[d] < 1 || regionOffset[d] < 0 ||
        regionOffset[d] > shape[d] - regionShape[d])
      return createStringError(
          "region [%lld, %lld) of dimension %zu is empty or outside [0, %lld)",
          static_cast<long long>(regionOffset[d]),
          static_cast<long long>(regionOffset[d] + regionShape[d]), d,
          static_cast<long long>(shape[d]));
  }

  SmallVector<Iter> iters(shard);
  auto groupsOrErr = groupByShape(iters, shape);
  if (!groupsOrErr)
    return groupsOrErr.takeError();

  SmallVector<Iter> newShard;
  AxisCoord newOffset = offset;
  for (auto [d, group] : llvm::enumerate(*groupsOrErr)) {
    ArrayRef<Iter> dimIters =
        ArrayRef<Iter>(iters).slice(group.first, group.second - group.first);
    int64_t begin = regionOffset[d];
    int64_t count = regionShape[d];
    // Base coordinate of the region's first index in this dimension.
    int64_t remaining = begin;
    for (size_t k = dimIters.size(); k-- > 0;) {
      int64_t digit = remaining % dimIters[k].extent;
      remaining /= dimIters[k].extent;
      if (digit != 0)
        addToCoord(newOffset, dimIters[k].axis, digit * dimIters[k].stride);
    }
    if (dimIters.empty())
      continue; // A dimension of size 1.
    // Find the iter j such that the region is a run of t values of iter j
    // followed by every value of the iters inside it.
    int64_t inner = 1;
    bool found = false;
    for (size_t j = dimIters.size(); j-- > 0;) {
      const Iter &iter = dimIters[j];
      if (count > inner * iter.extent) {
        inner *= iter.extent;
        continue;
      }
      int64_t run = count / inner;
      int64_t first = (begin / inner) % iter.extent;
      if (count % inner != 0 || begin % inner != 0 || first + run > iter.extent)
        break;
      newShard.push_back(Iter{run, iter.stride, iter.axis});
      newShard.append(dimIters.begin() + j + 1, dimIters.end());
      found = true;
      break;
    }
    if (!found)
      return createStringError(
          "region [%lld, %lld) of dimension %zu does not fall on iter "
          "boundaries of %s",
          static_cast<long long>(begin), static_cast<long long>(begin + count),
          d, str().c_str());
  }
  return TileLayout(std::move(newShard), replica, std::move(newOffset));
}

TileLayout TileLayout::tile(const TileLayout &outer) const {
  // One step of the outer layout on axis a skips the whole inner footprint
  // on a, i.e. span(a) of this layout.
  auto scale = [&](const Iter &iter) {
    return Iter{iter.extent, iter.stride * span(iter.axis), iter.axis};
  };
  SmallVector<Iter> newShard, newReplica;
  llvm::transform(outer.shard, std::back_inserter(newShard), scale);
  newShard.append(shard.begin(), shard.end());
  llvm::transform(outer.replica, std::back_inserter(newReplica), scale);
  newReplica.append(replica.begin(), replica.end());
  AxisCoord newOffset = offset;
  for (const auto &[axis, value] : outer.offset)
    addToCoord(newOffset, axis, value * span(axis));
  return TileLayout(std::move(newShard), std::move(newReplica),
                    std::move(newOffset));
}

TileLayout TileLayout::unpack(int64_t n) const {
  assert(n >= 1 && "unpack factor must be positive");
  // A packed element at memory address a becomes n scalars at n*a .. n*a+n-1;
  // the thread that holds it does not change.
  auto scale = [n](const Iter &iter) {
    if (isThreadAxis(iter.axis))
      return iter;
    return Iter{iter.extent, iter.stride * n, iter.axis};
  };
  SmallVector<Iter> newShard, newReplica;
  llvm::transform(shard, std::back_inserter(newShard), scale);
  newShard.push_back(Iter{n, 1, "m"});
  llvm::transform(replica, std::back_inserter(newReplica), scale);
  AxisCoord newOffset;
  for (const auto &[axis, value] : offset)
    newOffset.push_back({axis, isThreadAxis(axis) ? value : value * n});
  return TileLayout(std::move(newShard), std::move(newReplica),
                    std::move(newOffset));
}

TileLayout TileLayout::broadcast(int64_t n, unsigned pos) const {
  assert(n >= 1 && "broadcast extent must be positive");
  assert(pos <= shard.size() && "broadcast position out of range");
  SmallVector<Iter> newShard(shard);
  newShard.insert(newShard.begin() + pos, Iter{n, 0, "m"});
  return TileLayout(std::move(newShard), replica, offset);
}

TileLayout getBlockedLayout(int64_t n, int64_t vec, int64_t threads) {
  assert(vec >= 1 && n % vec == 0 && "the vector must divide the elements");
  int64_t used = std::max<int64_t>(1, std::min(threads, n / vec));
  int64_t outer = n / (used * vec);
  SmallVector<Iter> shard;
  if (outer > 1)
    shard.push_back(Iter{outer, vec, "m"});
  if (used > 1)
    shard.push_back(Iter{used, 1, "tx"});
  shard.push_back(Iter{vec, 1, "m"});
  SmallVector<Iter> replica;
  if (threads / used > 1)
    replica.push_back(Iter{threads / used, used, "tx"});
  return TileLayout(shard, replica).canonicalize();
}

} // namespace tileir::layout
