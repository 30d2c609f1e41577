//===- Swizzle.cpp - XOR swizzles composed after a TileLayout -------------===//
//
// Part of TileIR. The shared-memory swizzle of TIRx's ComposeLayout: the
// linear element address m produced by a TileLayout is permuted by XOR-ing
// B bits taken S bits above the low bits of m >> M into those low bits.
//
//===----------------------------------------------------------------------===//

#include "tileir/Layout/TileLayout.h"

#include "llvm/ADT/bit.h"

using namespace llvm;

namespace tileir::layout {

Expected<Swizzle> Swizzle::forMode(unsigned modeBytes, unsigned elementBits) {
  Swizzle swizzle;
  switch (modeBytes) {
  case 32:
    swizzle.bits = 1;
    break;
  case 64:
    swizzle.bits = 2;
    break;
  case 128:
    swizzle.bits = 3;
    break;
  default:
    return createStringError(
        "expected a swizzle mode of 32, 64 or 128 bytes, got %u", modeBytes);
  }
  if (elementBits == 0 || elementBits > 128 ||
      !llvm::has_single_bit(elementBits))
    return createStringError("expected an element width that is a power of "
                             "two between 1 and 128 bits, got %u",
                             elementBits);
  // M = bitlen(128 / elementBits) - 1: the swizzle permutes 16-byte chunks,
  // so the low M bits of an element address select an element inside one.
  swizzle.perElement = llvm::bit_width(128u / elementBits) - 1;
  swizzle.shift = kHardwareShift;
  swizzle.inner = true;
  return swizzle;
}

int64_t Swizzle::apply(int64_t m) const {
  const uint64_t address = static_cast<uint64_t>(m);
  const uint64_t lowMask = (uint64_t(1) << perElement) - 1;
  const uint64_t bitMask = (uint64_t(1) << bits) - 1;
  uint64_t x = address >> perElement;
  if (inner)
    x ^= (x & (bitMask << shift)) >> shift;
  else
    x ^= (x & bitMask) << shift;
  return static_cast<int64_t>((x << perElement) | (address & lowMask));
}

} // namespace tileir::layout
