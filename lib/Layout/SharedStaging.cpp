//===- SharedStaging.cpp - Bank conflicts of shared staging ---------------===//
//
// Part of TileIR.
//
//===----------------------------------------------------------------------===//

#include "tileir/Layout/SharedStaging.h"

#include "llvm/ADT/STLExtras.h"
#include "llvm/Support/MathExtras.h"

#include <algorithm>
#include <functional>
#include <limits>

using namespace llvm;
using namespace tileir;
using namespace tileir::layout;

int64_t layout::stagingVectorElements(const BitLayout &local, int64_t cols,
                                      int64_t elemBytes) {
  int64_t width = 1;
  for (unsigned j = 0; j < local.getNumBits(); ++j) {
    const LayoutBit &bit = local.shard[j];
    if (!bit.isMemory() || bit.stride != width || 2 * width > cols ||
        2 * width * elemBytes > kMaxVectorBytes)
      break;
    width *= 2;
  }
  return width;
}

int64_t layout::countWarpWavefronts(const BitLayout &local,
                                    function_ref<int64_t(int64_t)> address,
                                    int64_t elemBytes, int64_t vecElems) {
  unsigned vecBits = Log2_64(vecElems);
  // (flat bit, lane bit) of the lanes; the register (and broadcast) bits
  // above the vector select one instruction each. Warp bits are those of
  // warp 0.
  SmallVector<std::pair<unsigned, unsigned>> laneBits;
  SmallVector<unsigned> instrBits;
  for (unsigned j = vecBits; j < local.getNumBits(); ++j) {
    const LayoutBit &bit = local.shard[j];
    if (bit.isThread()) {
      if (bit.stride < 32)
        laneBits.push_back({j, Log2_64(bit.stride)});
    } else {
      instrBits.push_back(j);
    }
  }
  int64_t bytes = vecElems * elemBytes;
  int64_t groupLanes = 128 / std::clamp<int64_t>(bytes, 4, kMaxVectorBytes);
  int64_t total = 0;
  SmallVector<int64_t, 128> words;
  for (int64_t instr : enumerateSubsets(instrBits)) {
    for (int64_t first = 0; first < 32; first += groupLanes) {
      words.clear();
      for (int64_t lane = first; lane < first + groupLanes; ++lane) {
        int64_t flat = instr;
        for (auto [j, l] : laneBits)
          if ((lane >> l) & 1)
            flat |= int64_t(1) << j;
        int64_t start = address(flat) * elemBytes;
        for (int64_t w = start / 4; w <= (start + bytes - 1) / 4; ++w)
          words.push_back(w);
      }
      // Distinct words, counted per bank.
      llvm::sort(words);
      words.erase(std::unique(words.begin(), words.end()), words.end());
      int64_t perBank[32] = {};
      int64_t most = 0;
      for (int64_t w : words)
        most = std::max(most, ++perBank[((w % 32) + 32) % 32]);
      total += most;
    }
  }
  return total;
}

StagingLayout layout::chooseStagingLayout(const BitLayout &src,
                                          const BitLayout &dst,
                                          ArrayRef<int64_t> shape,
                                          int64_t elemBytes) {
  int64_t elems = 1;
  for (int64_t e : shape)
    elems *= e;
  int64_t cols = shape.empty() ? 1 : shape.back();
  int64_t rows = elems / cols;
  auto evaluate = [&](StagingLayout &c, int64_t contiguous,
                      std::optional<Swizzle> swizzle) {
    BitLayout bits = *BitLayout::get(c.layout);
    auto address = [&](int64_t flat) {
      int64_t m = bits.storageIndex(flat);
      return swizzle ? swizzle->apply(m) : m;
    };
    c.wavefronts = 0;
    for (const BitLayout *walk : {&src, &dst})
      c.wavefronts += countWarpWavefronts(
          *walk, address, elemBytes,
          stagingVectorElements(*walk, contiguous, elemBytes));
  };

  // Rows padded by 16 bytes when they span whole multiples of the 128 bytes
  // of the banks: consecutive rows start 4 banks apart, 16-byte aligned.
  StagingLayout best;
  bool padded = rows >= 2 && elemBytes <= kMaxVectorBytes &&
                (cols * elemBytes) % 128 == 0;
  TileLayout plain = TileLayout({Iter{elems, 1, "m"}}, {}).canonicalize();
  if (padded) {
    int64_t pad = kMaxVectorBytes / elemBytes;
    best.layout =
        TileLayout({Iter{rows, cols + pad, "m"}, Iter{cols, 1, "m"}}, {})
            .canonicalize();
    evaluate(best, cols, std::nullopt);
  } else {
    best.layout = plain;
    evaluate(best, elems, std::nullopt);
  }
  if (elemBytes > 16 || !isPowerOf2_64(elemBytes) || !isPowerOf2_64(elems))
    return best;

  // XOR swizzles of 16-byte chunks over the unpadded tile.
  unsigned numBits = Log2_64(elems);
  for (unsigned modeBits = 1; modeBits <= 3; ++modeBits) {
    unsigned mode = 16u << modeBits;
    Expected<Swizzle> swizzle = Swizzle::forMode(mode, elemBytes * 8);
    if (!swizzle) {
      consumeError(swizzle.takeError());
      continue;
    }
    for (unsigned shift = modeBits;
         shift <= 24 && swizzle->perElement + shift + modeBits <= numBits;
         ++shift) {
      swizzle->shift = shift;
      StagingLayout c{plain, mode, shift, 0};
      evaluate(c, elems, *swizzle);
      if (c.wavefronts < best.wavefronts)
        best = c;
    }
  }
  return best;
}

int64_t layout::sharedVectorAlignment(const BitLayout &bits,
                                      ArrayRef<unsigned> vecBits,
                                      int64_t elemBytes) {
  int64_t align = std::max<int64_t>(1, kMaxVectorBytes / elemBytes);
  auto fold = [&](int64_t v) {
    if (v != 0)
      align = std::min<int64_t>(
          align, int64_t(1) << countr_zero(static_cast<uint64_t>(v)));
  };
  fold(bits.memOffset);
  for (auto [j, bit] : llvm::enumerate(bits.shard))
    if (!llvm::is_contained(vecBits, j))
      fold(bit.stride);
  return align;
}

/// The widest run of `side`'s flat bits at strides 1, 2, ... that one access
/// moves: within kMaxVectorBytes and one swizzle chunk, and aligned
/// (sharedVectorAlignment).
static SmallVector<unsigned> vectorRun(const SharedCopySide &side,
                                       int64_t elemBytes) {
  const BitLayout &bits = side.bits;
  SmallVector<unsigned> run;
  for (int64_t width = 1;
       2 * width * elemBytes <= kMaxVectorBytes &&
       (!side.swizzle || 2 * width <= (int64_t(1) << side.swizzle->perElement));
       width *= 2) {
    auto it = llvm::find_if(bits.shard, [&](const LayoutBit &bit) {
      return bit.isMemory() && bit.stride == width;
    });
    if (it == bits.shard.end())
      break;
    run.push_back(it - bits.shard.begin());
  }
  while (!run.empty() && sharedVectorAlignment(bits, run, elemBytes) <
                             (int64_t(1) << run.size()))
    run.pop_back();
  return run;
}

/// The plan of a copy whose accesses move `srcVec` and `dstVec` (the same
/// bits when `same`), with the threads that need the fewest wavefronts.
static SharedCopyPlan
planWithVectors(const SharedCopySide &dst, const SharedCopySide &src,
                ArrayRef<unsigned> srcVec, ArrayRef<unsigned> dstVec, bool same,
                unsigned numBits, int64_t elemBytes, int64_t threads) {
  SharedCopyPlan plan;
  plan.sameVector = same;
  plan.srcVecBits = srcVec.size();
  plan.dstVecBits = dstVec.size();
  SmallVector<unsigned> block(srcVec);
  if (!same)
    block.append(dstVec.begin(), dstVec.end());
  SmallVector<unsigned> rest;
  for (unsigned j = 0; j < numBits; ++j)
    if (!llvm::is_contained(block, j))
      rest.push_back(j);
  unsigned threadBits =
      std::min<unsigned>(Log2_64(std::max<int64_t>(1, threads)), rest.size());
  unsigned laneBits = std::min(5u, threadBits);

  // Each side's memory stride of each flat bit (0 for a broadcast bit).
  auto stridesOf = [&](const SharedCopySide &side) {
    SmallVector<int64_t> strides;
    for (const LayoutBit &bit : side.bits.shard)
      strides.push_back(bit.isMemory() ? bit.stride : 0);
    return strides;
  };
  SmallVector<int64_t> srcStrides = stridesOf(src), dstStrides = stridesOf(dst);
  // Wavefronts of one access of `side` by one warp whose lanes step through
  // `lanes` (lanes beyond them repeat the first ones).
  auto sideCost = [&](const SharedCopySide &side, ArrayRef<unsigned> vec,
                      ArrayRef<unsigned> lanes) {
    ArrayRef<int64_t> strides = &side == &src ? srcStrides : dstStrides;
    BitLayout walk;
    SmallVector<unsigned> real;
    for (auto [i, j] : llvm::enumerate(vec)) {
      walk.shard.push_back(LayoutBit{"m", int64_t(1) << i});
      real.push_back(j);
    }
    for (auto [l, j] : llvm::enumerate(lanes)) {
      walk.shard.push_back(LayoutBit{"tx", int64_t(1) << l});
      real.push_back(j);
    }
    auto address = [&](int64_t f) {
      int64_t m = side.bits.memOffset;
      for (auto [i, j] : llvm::enumerate(real))
        if ((f >> i) & 1)
          m += strides[j];
      return side.swizzle ? side.swizzle->apply(m) : m;
    };
    return countWarpWavefronts(walk, address, elemBytes,
                               int64_t(1) << vec.size());
  };
  // Wavefronts of a warp moving one block a lane: 2^|dstVec| loads and
  // 2^|srcVec| stores (one of each for a shared vector).
  auto cost = [&](ArrayRef<unsigned> lanes) {
    int64_t loads = same ? 1 : int64_t(1) << dstVec.size();
    int64_t stores = same ? 1 : int64_t(1) << srcVec.size();
    return loads * sideCost(src, srcVec, lanes) +
           stores * sideCost(dst, dstVec, lanes);
  };

  // The lanes of one 16-byte access phase (a set: their order within the
  // phase does not matter), lowest bits first on ties; then one lane at a
  // time.
  SmallVector<unsigned> lanes, candidate;
  unsigned phase = std::min(3u, laneBits);
  int64_t best = std::numeric_limits<int64_t>::max();
  std::function<void(unsigned)> choose = [&](unsigned from) {
    if (candidate.size() == phase) {
      int64_t c = cost(candidate);
      if (c < best) {
        best = c;
        lanes = candidate;
      }
      return;
    }
    for (unsigned i = from; i < rest.size(); ++i) {
      candidate.push_back(rest[i]);
      choose(i + 1);
      candidate.pop_back();
    }
  };
  choose(0);
  while (lanes.size() < laneBits) {
    best = std::numeric_limits<int64_t>::max();
    unsigned pick = 0;
    for (unsigned j : rest) {
      if (llvm::is_contained(lanes, j))
        continue;
      candidate = lanes;
      candidate.push_back(j);
      int64_t c = cost(candidate);
      if (c < best) {
        best = c;
        pick = j;
      }
    }
    lanes.push_back(pick);
  }
  plan.wavefronts = cost(lanes);

  SmallVector<unsigned> threadOrder(lanes);
  for (unsigned j : rest)
    if (threadOrder.size() < threadBits && !llvm::is_contained(lanes, j))
      threadOrder.push_back(j);
  plan.order = block;
  plan.order.append(threadOrder);
  for (unsigned j : rest)
    if (!llvm::is_contained(threadOrder, j))
      plan.order.push_back(j);
  for (unsigned k = 0; k < numBits; ++k) {
    if (k < block.size())
      plan.partition.shard.push_back(LayoutBit{"m", int64_t(1) << k});
    else if (k < block.size() + threadBits)
      plan.partition.shard.push_back(
          LayoutBit{"tx", int64_t(1) << (k - block.size())});
    else
      plan.partition.shard.push_back(
          LayoutBit{"m", int64_t(1) << (k - threadBits)});
  }
  return plan;
}

std::optional<SharedCopyPlan>
layout::planSharedCopy(const SharedCopySide &dst, const SharedCopySide &src,
                       unsigned numBits, int64_t elemBytes, int64_t threads) {
  SmallVector<unsigned> srcRun = vectorRun(src, elemBytes);
  SmallVector<unsigned> dstRun = vectorRun(dst, elemBytes);
  bool same = !srcRun.empty() && !dstRun.empty() && srcRun[0] == dstRun[0];
  if (same) {
    unsigned common = 0;
    while (common < srcRun.size() && common < dstRun.size() &&
           srcRun[common] == dstRun[common])
      ++common;
    srcRun.resize(common);
    dstRun = srcRun;
  } else {
    dstRun.erase(
        llvm::find_if(
            dstRun, [&](unsigned j) { return llvm::is_contained(srcRun, j); }),
        dstRun.end());
  }

  // Every pair of vector prefixes within the block budget; the one needing
  // the fewest wavefronts per element, then the fewest instructions per
  // element, then the longest vectors (the source's first). Pairs are tried
  // by instructions per element, and a pair is skipped when even without
  // conflicts it could not do better than the best so far.
  struct Pair {
    unsigned src, dst, block;
    int64_t instructions, ideal; // a warp moving one block a lane
    size_t index;                // longest vectors first on ties
  };
  SmallVector<Pair> pairs;
  auto accessWavefronts = [&](unsigned vecBits) {
    return std::max<int64_t>(1, (elemBytes << vecBits) / 4);
  };
  for (int a = srcRun.size(); a >= 0; --a) {
    for (int b = same ? a : dstRun.size(); b >= 0; b = same ? -1 : b - 1) {
      unsigned bits = same ? a : a + b;
      if (bits == 0 || (int64_t(1) << bits) * elemBytes > kMaxCopyBlockBytes)
        continue;
      int64_t loads = same ? 1 : int64_t(1) << b;
      int64_t stores = same ? 1 : int64_t(1) << a;
      pairs.push_back(
          Pair{unsigned(a), unsigned(b), bits, loads + stores,
               loads * accessWavefronts(a) + stores * accessWavefronts(b),
               pairs.size()});
    }
  }
  // x / 2^p < y / 2^q, exactly.
  auto less = [](int64_t x, unsigned p, int64_t y, unsigned q) {
    return x * (int64_t(1) << q) < y * (int64_t(1) << p);
  };
  llvm::sort(pairs, [&](const Pair &x, const Pair &y) {
    if (less(x.instructions, x.block, y.instructions, y.block))
      return true;
    if (less(y.instructions, y.block, x.instructions, x.block))
      return false;
    return x.index < y.index;
  });
  std::optional<SharedCopyPlan> best;
  std::optional<Pair> bestPair;
  for (const Pair &pair : pairs) {
    if (bestPair &&
        !less(pair.ideal, pair.block, best->wavefronts, bestPair->block))
      continue;
    SharedCopyPlan plan =
        planWithVectors(dst, src, ArrayRef(srcRun).take_front(pair.src),
                        ArrayRef(dstRun).take_front(pair.dst), same, numBits,
                        elemBytes, threads);
    if (bestPair &&
        !less(plan.wavefronts, pair.block, best->wavefronts, bestPair->block))
      continue;
    best = plan;
    bestPair = pair;
  }
  return best;
}
