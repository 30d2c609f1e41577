//===- LayoutAssignment.cpp - Layouts for cuda_tile values ----------------===//
//
// Part of TileIR.
//
//===----------------------------------------------------------------------===//

#include "tileir/Conversion/CudaTileToTirX/LayoutAssignment.h"
#include "tileir/Dialect/CudaTile/IR/CudaTile.h"
#include "tileir/Dispatch/LayoutCodegen.h"

#include "llvm/Support/MathExtras.h"

using namespace mlir;
using namespace mlir::tileir;
using ::tileir::dispatch::BitLayout;
using ::tileir::dispatch::dimBitRange;
using ::tileir::dispatch::LayoutBit;
using ::tileir::layout::Iter;
using ::tileir::layout::TileLayout;

LayoutPlanner::LayoutPlanner(Operation *entry, int64_t numThreads) {
  int64_t maxElements = 1;
  entry->walk([&](Operation *op) {
    for (Type type : op->getResultTypes()) {
      auto tile = dyn_cast<cuda_tile::TileType>(type);
      if (!tile || tile.getRank() == 0)
        continue;
      int64_t n = 1;
      for (int64_t d : tile.getShape())
        n *= d;
      maxElements = std::max(maxElements, n);
      Type elem = tile.getElementType();
      if (!elem.isIntOrFloat() || elem.isInteger(1))
        continue;
      int64_t bytes = std::max<int64_t>(1, elem.getIntOrFloatBitWidth() / 8);
      std::vector<int64_t> key(tile.getShape().begin(), tile.getShape().end());
      auto it = narrowestBytes.find(key);
      if (it == narrowestBytes.end() || bytes < it->second)
        narrowestBytes[key] = bytes;
    }
  });
  ctaThreads =
      numThreads
          ? numThreads
          : std::clamp<int64_t>(llvm::PowerOf2Ceil(maxElements / 8), 32, 256);
}

void LayoutPlanner::setLayout(ArrayRef<int64_t> shape,
                              const TileLayout &layout) {
  fixedLayouts.emplace(std::vector<int64_t>(shape.begin(), shape.end()),
                       layout);
}

TileLayout LayoutPlanner::getBlocked(ArrayRef<int64_t> shape) const {
  auto fixed =
      fixedLayouts.find(std::vector<int64_t>(shape.begin(), shape.end()));
  if (fixed != fixedLayouts.end())
    return fixed->second;
  int64_t n = 1;
  for (int64_t d : shape)
    n *= d;
  std::vector<int64_t> key(shape.begin(), shape.end());
  auto it = narrowestBytes.find(key);
  int64_t bytes = it == narrowestBytes.end() ? 4 : it->second;
  int64_t inner = shape.empty() ? 1 : shape.back();
  int64_t vec = std::max<int64_t>(1, std::min({16 / bytes, inner, n}));
  int64_t threads = std::min(ctaThreads, n / vec);
  int64_t outer = n / (threads * vec);
  SmallVector<Iter> shard;
  if (outer > 1)
    shard.push_back(Iter{outer, vec, "m"});
  if (threads > 1)
    shard.push_back(Iter{threads, 1, "tx"});
  shard.push_back(Iter{vec, 1, "m"});
  SmallVector<Iter> replica;
  if (ctaThreads / threads > 1)
    replica.push_back(Iter{ctaThreads / threads, threads, "tx"});
  return TileLayout(shard, replica).canonicalize();
}

FailureOr<TileLayout> LayoutPlanner::getReduced(const TileLayout &src,
                                                ArrayRef<int64_t> shape,
                                                ArrayRef<int64_t> axes) {
  FailureOr<BitLayout> bits = BitLayout::get(src);
  if (failed(bits))
    return failure();
  SmallVector<bool> reduced(bits->getNumBits(), false);
  for (int64_t axis : axes) {
    auto [first, end] = dimBitRange(shape, axis);
    for (unsigned j = first; j < end; ++j)
      reduced[j] = true;
  }
  // Kept memory bits get compact strides in the order of their old strides.
  SmallVector<unsigned> keptMem;
  for (unsigned j = 0; j < bits->getNumBits(); ++j)
    if (!reduced[j] && bits->shard[j].isMemory())
      keptMem.push_back(j);
  llvm::sort(keptMem, [&](unsigned a, unsigned b) {
    return bits->shard[a].stride < bits->shard[b].stride;
  });
  DenseMap<unsigned, int64_t> newStride;
  for (auto [i, j] : llvm::enumerate(keptMem))
    newStride[j] = int64_t(1) << i;

  BitLayout result;
  result.replica = bits->replica;
  for (unsigned j = 0; j < bits->getNumBits(); ++j) {
    const LayoutBit &bit = bits->shard[j];
    if (reduced[j]) {
      if (bit.isThread())
        result.replica.push_back(bit);
      continue;
    }
    if (bit.isMemory())
      result.shard.push_back(LayoutBit{"m", newStride[j]});
    else
      result.shard.push_back(bit);
  }
  return result.toLayout();
}

FailureOr<TileLayout> LayoutPlanner::getBroadcastView(
    const TileLayout &src, ArrayRef<int64_t> srcShape,
    ArrayRef<int64_t> dstShape, const TileLayout &anchor) {
  FailureOr<BitLayout> s = BitLayout::get(src);
  FailureOr<BitLayout> a = BitLayout::get(anchor);
  if (failed(s) || failed(a) || srcShape.size() != dstShape.size())
    return failure();
  BitLayout view;
  view.memOffset = s->memOffset;
  view.shard.resize(a->getNumBits());
  SmallVector<LayoutBit> usedReplica;
  for (unsigned d = 0; d < dstShape.size(); ++d) {
    auto [first, end] = dimBitRange(dstShape, d);
    if (srcShape[d] == dstShape[d]) {
      unsigned srcFirst = dimBitRange(srcShape, d).first;
      for (unsigned j = first; j < end; ++j)
        view.shard[j] = s->shard[srcFirst + (j - first)];
      continue;
    }
    for (unsigned j = first; j < end; ++j) {
      const LayoutBit &bit = a->shard[j];
      if (bit.isThread()) {
        if (!llvm::is_contained(s->replica, bit))
          return failure();
        usedReplica.push_back(bit);
        view.shard[j] = bit;
      } else {
        view.shard[j] = LayoutBit{"m", 0};
      }
    }
  }
  for (const LayoutBit &bit : s->replica)
    if (!llvm::is_contained(usedReplica, bit))
      view.replica.push_back(bit);
  return view.toLayout();
}
