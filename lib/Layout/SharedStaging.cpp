//===- SharedStaging.cpp - Bank conflicts of shared staging ---------------===//
//
// Part of TileIR.
//
//===----------------------------------------------------------------------===//

#include "tileir/Layout/SharedStaging.h"

#include "llvm/ADT/DenseMap.h"
#include "llvm/ADT/DenseSet.h"
#include "llvm/Support/MathExtras.h"

#include <algorithm>

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
  DenseMap<int64_t, DenseSet<int64_t>> words;
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
          words[w % 32].insert(w);
      }
      unsigned most = 0;
      for (const auto &bank : words)
        most = std::max(most, bank.second.size());
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
