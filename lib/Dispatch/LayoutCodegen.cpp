//===- LayoutCodegen.cpp - Index arithmetic from layouts ------------------===//
//
// Part of TileIR.
//
//===----------------------------------------------------------------------===//

#include "tileir/Dispatch/LayoutCodegen.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/GPU/IR/GPUDialect.h"
#include "mlir/Dialect/LLVMIR/LLVMDialect.h"
#include "mlir/Dialect/LLVMIR/NVVMDialect.h"
#include "mlir/Dialect/MemRef/IR/MemRef.h"
#include "mlir/IR/BuiltinOps.h"
#include "mlir/IR/Matchers.h"
#include "llvm/Support/MathExtras.h"

using namespace mlir;
using namespace tileir;
using namespace tileir::dispatch;
using layout::Iter;
using layout::TileLayout;

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

std::pair<unsigned, unsigned>
tileir::dispatch::dimBitRange(ArrayRef<int64_t> shape, unsigned dim) {
  unsigned first = 0;
  for (unsigned d = dim + 1; d < shape.size(); ++d)
    first += llvm::Log2_64(shape[d]);
  return {first, first + llvm::Log2_64(shape[dim])};
}

std::optional<std::string>
tileir::dispatch::checkRegisterCompatible(const BitLayout &anchor,
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

Value tileir::dispatch::emitThreadBits(OpBuilder &b, Location loc,
                                       const BitLayout &layout, Value tid,
                                       unsigned firstBit, unsigned endBit) {
  Type type = tid.getType();
  auto cst = [&](int64_t v) {
    return arith::ConstantIntOp::create(b, loc, type, v).getResult();
  };
  Value sum;
  unsigned j = firstBit;
  while (j < endBit) {
    const LayoutBit &bit = layout.shard[j];
    if (!bit.isThread()) {
      ++j;
      continue;
    }
    // Merge a run of bits with consecutive strides on the same axis.
    unsigned run = 1;
    while (j + run < endBit && layout.shard[j + run].isThread() &&
           layout.shard[j + run].axis == bit.axis &&
           layout.shard[j + run].stride == bit.stride << run)
      ++run;
    Value v = tid;
    unsigned shift = llvm::Log2_64(bit.stride);
    if (shift)
      v = arith::ShRUIOp::create(b, loc, v, cst(shift));
    v = arith::AndIOp::create(b, loc, v, cst((int64_t(1) << run) - 1));
    if (j - firstBit)
      v = arith::ShLIOp::create(b, loc, v, cst(j - firstBit));
    sum = sum ? arith::OrIOp::create(b, loc, sum, v).getResult() : v;
    j += run;
  }
  return sum ? sum : cst(0);
}

SmallVector<int64_t>
tileir::dispatch::enumerateSubsets(ArrayRef<unsigned> bits) {
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

std::optional<std::string>
tileir::dispatch::checkOperandsCompatible(Operation *op, unsigned anchorIndex) {
  auto anchorType =
      cast<tirx::BufferType>(op->getOperand(anchorIndex).getType());
  if (!anchorType.getLayout())
    return std::string("operand #") + std::to_string(anchorIndex) +
           " has no layout";
  FailureOr<BitLayout> anchor = BitLayout::get(anchorType.getTileLayout());
  if (failed(anchor))
    return std::string("operand #") + std::to_string(anchorIndex) +
           " layout is not a power-of-two CTA layout";
  for (auto [i, v] : llvm::enumerate(op->getOperands())) {
    auto type = dyn_cast<tirx::BufferType>(v.getType());
    if (!type || i == anchorIndex)
      continue;
    std::string name = "operand #" + std::to_string(i);
    if (!type.getLayout())
      return name + " has no layout";
    FailureOr<BitLayout> bits = BitLayout::get(type.getTileLayout());
    if (failed(bits))
      return name + " layout is not a power-of-two CTA layout";
    if (auto why = checkRegisterCompatible(*anchor, *bits))
      return name + ": " + *why;
  }
  return std::nullopt;
}

int64_t tileir::dispatch::getIdleThreadMask(const BitLayout &layout,
                                            int64_t ctaThreads) {
  int64_t used = 0;
  for (const LayoutBit &bit : layout.shard)
    if (bit.isThread())
      used |= bit.stride;
  return (ctaThreads - 1) & ~used;
}

Value tileir::dispatch::emitIsReplicaLeader(OpBuilder &b, Location loc,
                                            const BitLayout &layout, Value tid,
                                            int64_t ctaThreads) {
  int64_t mask = getIdleThreadMask(layout, ctaThreads);
  if (!mask)
    return Value();
  Type type = tid.getType();
  Value masked = arith::AndIOp::create(
      b, loc, tid, arith::ConstantIntOp::create(b, loc, type, mask));
  return arith::CmpIOp::create(b, loc, arith::CmpIPredicate::eq, masked,
                               arith::ConstantIntOp::create(b, loc, type, 0));
}

Value tileir::dispatch::allocScratch(OpBuilder &b, Operation *op, Type elemType,
                                     int64_t n) {
  OpBuilder::InsertionGuard guard(b);
  Operation *func = op->getParentWithTrait<OpTrait::IsIsolatedFromAbove>();
  b.setInsertionPointToStart(&func->getRegion(0).front());
  layout::TileLayout storage({layout::Iter{n, 1, "m"}});
  auto type = tirx::BufferType::get(
      b.getContext(), {n}, elemType, tirx::MemScope::Shared,
      tirx::LayoutAttr::get(b.getContext(), storage));
  return tirx::AllocOp::create(b, op->getLoc(), type);
}

Value tileir::dispatch::getStorage(OpBuilder &b, Location loc, Value buffer) {
  Value root = buffer;
  while (auto view = root.getDefiningOp<tirx::ViewOp>())
    root = view.getSource();
  auto type = cast<tirx::BufferType>(root.getType());
  int64_t size = type.getTileLayout().storage().span("m");
  Attribute memorySpace;
  if (type.isShared())
    memorySpace = gpu::AddressSpaceAttr::get(b.getContext(),
                                             gpu::AddressSpace::Workgroup);
  auto memrefType = MemRefType::get({size}, type.getElementType(),
                                    MemRefLayoutAttrInterface(), memorySpace);
  return UnrealizedConversionCastOp::create(b, loc, memrefType, root)
      .getResult(0);
}

Value tileir::dispatch::emitSharedPointer(OpBuilder &b, Location loc,
                                          Value buffer) {
  Value storage = getStorage(b, loc, buffer);
  Value index = memref::ExtractAlignedPointerAsIndexOp::create(b, loc, storage);
  Value address = arith::IndexCastUIOp::create(b, loc, b.getI64Type(), index);
  auto ptrType = LLVM::LLVMPointerType::get(
      b.getContext(), static_cast<unsigned>(NVVM::NVVMMemorySpace::Shared));
  return LLVM::IntToPtrOp::create(b, loc, ptrType, address);
}

Value tileir::dispatch::emitThreadId(OpBuilder &b, Location loc) {
  Value tid = gpu::ThreadIdOp::create(b, loc, gpu::Dimension::x);
  return arith::IndexCastUIOp::create(b, loc, b.getI32Type(), tid);
}

Value tileir::dispatch::emitStorageOffset(OpBuilder &b, Location loc,
                                          const BitLayout &layout, Value flat) {
  auto cst = [&](int64_t v) {
    return arith::ConstantIndexOp::create(b, loc, v).getResult();
  };
  Value sum = cst(layout.memOffset);
  unsigned n = layout.getNumBits();
  for (unsigned j = 0; j < n;) {
    int64_t stride = layout.shard[j].stride;
    if (stride == 0) {
      ++j;
      continue;
    }
    unsigned run = 1;
    while (j + run < n && layout.shard[j + run].stride == stride << run)
      ++run;
    Value v = flat;
    if (j)
      v = arith::ShRUIOp::create(b, loc, v, cst(j));
    v = arith::AndIOp::create(b, loc, v, cst((int64_t(1) << run) - 1));
    if (stride != 1)
      v = arith::MulIOp::create(b, loc, v, cst(stride));
    sum = arith::AddIOp::create(b, loc, sum, v);
    j += run;
  }
  return sum;
}

/// The largest power of two known to divide `v` (an index or integer
/// value), capped at 2^16: constants, products, sums, casts and
/// `tirx`-known alignments.
int64_t tileir::dispatch::knownDivisor(Value v) {
  constexpr int64_t kCap = 1 << 16;
  APInt cst;
  if (matchPattern(v, m_ConstantInt(&cst))) {
    int64_t c = cst.getSExtValue();
    if (c == 0)
      return kCap;
    return std::min<int64_t>(
        kCap, int64_t(1) << llvm::countr_zero(static_cast<uint64_t>(c)));
  }
  Operation *def = v.getDefiningOp();
  if (!def)
    return 1;
  if (isa<arith::IndexCastOp, arith::IndexCastUIOp, arith::ExtSIOp,
          arith::ExtUIOp>(def))
    return knownDivisor(def->getOperand(0));
  if (isa<arith::MulIOp>(def))
    return std::min(kCap, knownDivisor(def->getOperand(0)) *
                              knownDivisor(def->getOperand(1)));
  if (isa<arith::AddIOp, arith::SubIOp>(def))
    return std::min(knownDivisor(def->getOperand(0)),
                    knownDivisor(def->getOperand(1)));
  if (auto shl = dyn_cast<arith::ShLIOp>(def))
    if (matchPattern(shl.getRhs(), m_ConstantInt(&cst)))
      return std::min(kCap, knownDivisor(shl.getLhs()) << cst.getZExtValue());
  return 1;
}

int64_t tileir::dispatch::knownDivisor(OpFoldResult ofr) {
  if (auto attr = dyn_cast<Attribute>(ofr)) {
    int64_t c = cast<IntegerAttr>(attr).getInt();
    return c == 0 ? (1 << 16)
                  : int64_t(1) << llvm::countr_zero(static_cast<uint64_t>(c));
  }
  return knownDivisor(cast<Value>(ofr));
}
