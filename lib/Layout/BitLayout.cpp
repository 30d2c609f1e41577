//===- BitLayout.cpp - Power-of-two layouts bit by bit --------------------===//
//
// Part of TileIR.
//
//===----------------------------------------------------------------------===//

#include "tileir/Layout/BitLayout.h"

#include "llvm/ADT/STLExtras.h"
#include "llvm/Support/MathExtras.h"

#include <cassert>

using namespace llvm;
using namespace tileir;
using namespace tileir::layout;

/// The `tx` stride of one step on a CTA thread axis and the axis' extent
/// inside the CTA (0: unbounded), or nullopt for axes that are not CTA
/// thread axes.
static std::optional<std::pair<int64_t, int64_t>>
getTxEquivalent(StringRef axis) {
  if (axis == "tx")
    return std::make_pair(int64_t(1), int64_t(0));
  if (axis == "laneid")
    return std::make_pair(int64_t(1), int64_t(32));
  if (axis == "tid_in_wg")
    return std::make_pair(int64_t(1), int64_t(128));
  if (axis == "warpid")
    return std::make_pair(int64_t(32), int64_t(0));
  if (axis == "wid_in_wg")
    return std::make_pair(int64_t(32), int64_t(4));
  if (axis == "wgid")
    return std::make_pair(int64_t(128), int64_t(0));
  return std::nullopt;
}

/// Appends the bits of `iter` (lowest first) to `bits`. CTA thread axes are
/// normalized to `tx`: laneid/tid_in_wg stride s is tx stride s, warpid and
/// wid_in_wg stride s is tx stride 32*s, wgid stride s is tx stride 128*s.
static LogicalResult appendIterBits(const Iter &iter,
                                    SmallVectorImpl<LayoutBit> &bits) {
  if (iter.extent <= 0 || !llvm::isPowerOf2_64(iter.extent))
    return failure();
  std::string axis = iter.axis;
  int64_t stride = iter.stride;
  if (auto tx = getTxEquivalent(axis)) {
    auto [scale, bound] = *tx;
    if (bound && stride * iter.extent > bound)
      return failure();
    axis = "tx";
    stride *= scale;
  }
  for (int64_t e = 1; e < iter.extent; e *= 2)
    bits.push_back(LayoutBit{axis, stride * e});
  return success();
}

static bool isSupportedThreadAxis(StringRef axis) {
  return getTxEquivalent(axis).has_value();
}

FailureOr<BitLayout> BitLayout::get(const TileLayout &tileLayout) {
  BitLayout result;
  ArrayRef<Iter> shard = tileLayout.getShard();
  for (const Iter &iter : llvm::reverse(shard)) {
    if (layout::isThreadAxis(iter.axis) && !isSupportedThreadAxis(iter.axis))
      return failure();
    if (failed(appendIterBits(iter, result.shard)))
      return failure();
  }
  for (const Iter &iter : tileLayout.getReplica()) {
    if (layout::isThreadAxis(iter.axis) && !isSupportedThreadAxis(iter.axis))
      return failure();
    if (failed(appendIterBits(iter, result.replica)))
      return failure();
  }
  for (const auto &[axis, value] : tileLayout.getOffset()) {
    if (layout::isThreadAxis(axis))
      return failure();
    if (axis == "m")
      result.memOffset = value;
  }
  return result;
}

TileLayout BitLayout::toLayout() const {
  SmallVector<Iter> shardIters, replicaIters;
  for (const LayoutBit &bit : llvm::reverse(shard))
    shardIters.push_back(Iter{2, bit.stride, bit.stride ? bit.axis : "m"});
  if (shardIters.empty())
    shardIters.push_back(Iter{1, 1, "m"});
  for (const LayoutBit &bit : replica)
    replicaIters.push_back(Iter{2, bit.stride, bit.axis});
  layout::AxisCoord offset;
  if (memOffset)
    offset.push_back({"m", memOffset});
  return TileLayout(shardIters, replicaIters, offset).canonicalize();
}

int64_t BitLayout::getStorageSize() const {
  int64_t span = 1 + memOffset;
  for (const LayoutBit &bit : shard)
    if (bit.isMemory())
      span += bit.stride;
  return span;
}

int64_t BitLayout::storageIndex(int64_t flat) const {
  int64_t index = memOffset;
  for (auto [j, bit] : llvm::enumerate(shard))
    if (bit.isMemory() && ((flat >> j) & 1))
      index += bit.stride;
  return index;
}

BitLayout BitLayout::reordered(ArrayRef<unsigned> order) const {
  assert(order.size() == shard.size() && "expects a permutation of the bits");
  BitLayout r = *this;
  for (auto [k, j] : llvm::enumerate(order))
    r.shard[k] = shard[j];
  return r;
}

BitLayout BitLayout::permutedDims(ArrayRef<int64_t> shape,
                                  ArrayRef<int32_t> perm) const {
  SmallVector<int64_t> permuted;
  for (int32_t p : perm)
    permuted.push_back(shape[p]);
  // The bits of result dimension i are the source bits of dimension perm[i].
  SmallVector<unsigned> order(shard.size());
  for (auto [i, p] : llvm::enumerate(perm)) {
    auto [first, end] = dimBitRange(permuted, i);
    unsigned srcFirst = dimBitRange(shape, p).first;
    for (unsigned j = first; j < end; ++j)
      order[j] = srcFirst + (j - first);
  }
  return reordered(order);
}

SmallVector<unsigned> BitLayout::memoryBits() const {
  SmallVector<unsigned> bits;
  for (auto [j, bit] : llvm::enumerate(shard))
    if (bit.isMemory())
      bits.push_back(j);
  return bits;
}

SmallVector<unsigned> BitLayout::registerBits() const {
  SmallVector<unsigned> bits;
  for (auto [j, bit] : llvm::enumerate(shard))
    if (!bit.isThread())
      bits.push_back(j);
  return bits;
}

std::pair<unsigned, unsigned> layout::dimBitRange(ArrayRef<int64_t> shape,
                                                  unsigned dim) {
  unsigned first = 0;
  for (unsigned d = dim + 1; d < shape.size(); ++d)
    first += llvm::Log2_64(shape[d]);
  return {first, first + llvm::Log2_64(shape[dim])};
}

std::optional<std::string>
layout::checkRegisterCompatible(const BitLayout &anchor,
                                const BitLayout &operand) {
  if (anchor.getNumBits() != operand.getNumBits())
    return std::string("operand covers a different number of elements");
  for (unsigned j = 0; j < anchor.getNumBits(); ++j) {
    const LayoutBit &a = anchor.shard[j];
    const LayoutBit &o = operand.shard[j];
    if (o.isThread() && !(a == o))
      return "index bit " + std::to_string(j) + " is on thread " + o.axis +
             " stride " + std::to_string(o.stride) +
             " in the operand but not in the anchor layout";
    if (a.isThread() && o.isMemory())
      return "index bit " + std::to_string(j) +
             " is in registers in the operand but on thread " + a.axis +
             " in the anchor layout";
  }
  for (const LayoutBit &r : anchor.replica) {
    if (!r.isThread())
      continue;
    if (!llvm::is_contained(operand.replica, r))
      return "anchor replicates over " + r.axis + " stride " +
             std::to_string(r.stride) + " but the operand does not";
  }
  return std::nullopt;
}

SmallVector<int64_t> layout::enumerateSubsets(ArrayRef<unsigned> bits) {
  SmallVector<int64_t> flats;
  for (int64_t combo = 0, e = int64_t(1) << bits.size(); combo < e; ++combo) {
    int64_t flat = 0;
    for (auto [i, bit] : llvm::enumerate(bits))
      if ((combo >> i) & 1)
        flat |= int64_t(1) << bit;
    flats.push_back(flat);
  }
  return flats;
}

int64_t layout::getIdleThreadMask(const BitLayout &layout, int64_t ctaThreads) {
  int64_t used = 0;
  for (const LayoutBit &bit : layout.shard)
    if (bit.isThread())
      used |= bit.stride;
  return (ctaThreads - 1) & ~used;
}
