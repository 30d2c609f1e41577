//===- LayoutAssignment.cpp - Layouts for cuda_tile values ----------------===//
//
// Part of TileIR.
//
//===----------------------------------------------------------------------===//

#include "tileir/Conversion/CudaTileToTirX/LayoutAssignment.h"
#include "tileir/Dialect/CudaTile/IR/CudaTile.h"
#include "tileir/Dialect/CudaTile/IR/KernelInfo.h"
#include "tileir/Dialect/TirX/IR/MemoryTypes.h"
#include "tileir/Layout/BitLayout.h"

#include "llvm/Support/MathExtras.h"

using namespace mlir;
using namespace mlir::tileir;
using ::tileir::layout::BitLayout;
using ::tileir::layout::dimBitRange;
using ::tileir::layout::getBlockedLayout;
using ::tileir::layout::Iter;
using ::tileir::layout::LayoutBit;
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
      int64_t bytes = tirx::getMemoryBytes(elem);
      std::vector<int64_t> key(tile.getShape().begin(), tile.getShape().end());
      auto it = narrowestBytes.find(key);
      if (it == narrowestBytes.end() || bytes < it->second)
        narrowestBytes[key] = bytes;
    }
    // Tiles read or written in memory (loads' results, stores' values).
    Value mem;
    if (isa<cuda_tile::LoadPtrTkoOp, cuda_tile::LoadViewTkoOp>(op))
      mem = op->getResult(0);
    else if (auto st = dyn_cast<cuda_tile::StorePtrTkoOp>(op))
      mem = st.getValue();
    else if (auto st = dyn_cast<cuda_tile::StoreViewTkoOp>(op))
      mem = st.getTile();
    auto memTile = mem ? dyn_cast<cuda_tile::TileType>(mem.getType())
                       : cuda_tile::TileType();
    if (!memTile || memTile.getRank() == 0 ||
        !memTile.getElementType().isIntOrFloat())
      return;
    int64_t bytes = tirx::getMemoryBytes(memTile.getElementType());
    std::vector<int64_t> key(memTile.getShape().begin(),
                             memTile.getShape().end());
    auto it = widestMemoryBytes.find(key);
    if (it == widestMemoryBytes.end() || bytes > it->second)
      widestMemoryBytes[key] = bytes;
  });
  ctaThreads = numThreads
                   ? numThreads
                   : std::clamp<int64_t>(llvm::PowerOf2Ceil(maxElements / 8),
                                         32, cuda_tile::kMaxPlannedCtaThreads);
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
  // 16 bytes of the narrowest element, unless an element of 4 bytes or more
  // is loaded or stored at this shape: then 16 bytes of the widest such
  // element (as PyTorch's vectorized kernels: f32 in, bool out moves 4 f32
  // and 4 bools per access, warp-contiguous, where 16 bools per thread made
  // 64-byte strided f32 accesses: H100 where f32 87% -> 100% of a copy).
  // f16 with bool keeps 16 elements (32 bytes) per thread; the f32 compute
  // tiles of f16 kernels do not count (not memory).
  auto it = narrowestBytes.find(key);
  int64_t bytes = it == narrowestBytes.end() ? 4 : it->second;
  auto mit = widestMemoryBytes.find(key);
  if (mit != widestMemoryBytes.end() && mit->second >= 4)
    bytes = std::max(bytes, mit->second);
  int64_t inner = shape.empty() ? 1 : shape.back();
  int64_t vec = std::max<int64_t>(1, std::min({16 / bytes, inner, n}));
  return getBlockedLayout(n, vec, ctaThreads);
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
