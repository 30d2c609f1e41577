//===- LayoutCodegen.cpp - Index arithmetic from layouts ------------------===//
//
// Part of TileIR.
//
//===----------------------------------------------------------------------===//

#include "tileir/Dialect/TirX/Utils/LayoutCodegen.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/GPU/IR/GPUDialect.h"
#include "mlir/Dialect/LLVMIR/LLVMDialect.h"
#include "mlir/Dialect/LLVMIR/NVVMDialect.h"
#include "mlir/Dialect/MemRef/IR/MemRef.h"
#include "mlir/IR/BuiltinOps.h"
#include "mlir/IR/Matchers.h"
#include "llvm/Support/MathExtras.h"

using namespace mlir;
using ::tileir::layout::BitLayout;
using ::tileir::layout::checkRegisterCompatible;
using ::tileir::layout::getIdleThreadMask;
using ::tileir::layout::LayoutBit;

Value tirx::emitThreadBits(OpBuilder &b, Location loc, const BitLayout &layout,
                           Value tid, unsigned firstBit, unsigned endBit) {
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

std::optional<std::string> tirx::checkOperandsCompatible(Operation *op,
                                                         unsigned anchorIndex) {
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

Value tirx::emitIsReplicaLeader(OpBuilder &b, Location loc,
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

Value tirx::allocScratch(OpBuilder &b, Operation *op, Type elemType,
                         int64_t n) {
  OpBuilder::InsertionGuard guard(b);
  Operation *func = op->getParentWithTrait<OpTrait::IsIsolatedFromAbove>();
  b.setInsertionPointToStart(&func->getRegion(0).front());
  ::tileir::layout::TileLayout storage({::tileir::layout::Iter{n, 1, "m"}});
  auto type = tirx::BufferType::get(
      b.getContext(), {n}, elemType, tirx::MemScope::Shared,
      tirx::LayoutAttr::get(b.getContext(), storage));
  return tirx::AllocOp::create(b, op->getLoc(), type);
}

Value tirx::viewRoot(Value buffer) {
  while (auto view = buffer.getDefiningOp<tirx::ViewOp>())
    buffer = view.getSource();
  return buffer;
}

Value tirx::getStorage(OpBuilder &b, Location loc, Value buffer) {
  Value root = viewRoot(buffer);
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

Value tirx::emitSharedPointer(OpBuilder &b, Location loc, Value buffer) {
  Value storage = getStorage(b, loc, buffer);
  Value index = memref::ExtractAlignedPointerAsIndexOp::create(b, loc, storage);
  Value address = arith::IndexCastUIOp::create(b, loc, b.getI64Type(), index);
  auto ptrType = LLVM::LLVMPointerType::get(
      b.getContext(), static_cast<unsigned>(NVVM::NVVMMemorySpace::Shared));
  return LLVM::IntToPtrOp::create(b, loc, ptrType, address);
}

Value tirx::emitSwizzle(OpBuilder &b, Location loc, Value addr,
                        const ::tileir::layout::Swizzle &swizzle) {
  auto cst = [&](int64_t v) -> Value {
    return arith::ConstantOp::create(b, loc, addr.getType(),
                                     b.getIntegerAttr(addr.getType(), v));
  };
  // inner: addr ^= ((addr >> (M + S)) & (2^B - 1)) << M;
  // mirrored: addr ^= ((addr >> M) & (2^B - 1)) << (M + S).
  unsigned m = swizzle.perElement, s = swizzle.shift;
  Value bits =
      arith::ShRUIOp::create(b, loc, addr, cst(swizzle.inner ? m + s : m));
  bits = arith::AndIOp::create(b, loc, bits, cst((1 << swizzle.bits) - 1));
  if (unsigned up = swizzle.inner ? m : m + s)
    bits = arith::ShLIOp::create(b, loc, bits, cst(up));
  return arith::XOrIOp::create(b, loc, addr, bits);
}

Value tirx::emitThreadId(OpBuilder &b, Location loc) {
  Value tid = gpu::ThreadIdOp::create(b, loc, gpu::Dimension::x);
  return arith::IndexCastUIOp::create(b, loc, b.getI32Type(), tid);
}

Value tirx::readOperandElement(OpBuilder &b, Location loc, Value v,
                               int64_t flat) {
  auto type = dyn_cast<tirx::BufferType>(v.getType());
  if (!type)
    return v;
  BitLayout bits = *BitLayout::get(type.getTileLayout());
  Value index = arith::ConstantIndexOp::create(b, loc, bits.storageIndex(flat));
  return memref::LoadOp::create(b, loc, getStorage(b, loc, v), index);
}

Value tirx::emitStorageOffset(OpBuilder &b, Location loc,
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
int64_t tirx::knownDivisor(Value v) {
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
  // Either arm (a guarded size: the size or zero).
  if (auto select = dyn_cast<arith::SelectOp>(def))
    return std::min(knownDivisor(select.getTrueValue()),
                    knownDivisor(select.getFalseValue()));
  return 1;
}

int64_t tirx::knownDivisor(OpFoldResult ofr) {
  if (auto attr = dyn_cast<Attribute>(ofr)) {
    int64_t c = cast<IntegerAttr>(attr).getInt();
    return c == 0 ? (1 << 16)
                  : int64_t(1) << llvm::countr_zero(static_cast<uint64_t>(c));
  }
  return knownDivisor(cast<Value>(ofr));
}

Value tirx::emitShapeView(OpBuilder &b, Location loc, Value src,
                          ArrayRef<int64_t> shape) {
  auto srcType = cast<BufferType>(src.getType());
  auto type = BufferType::get(b.getContext(), shape, srcType.getElementType(),
                              srcType.getMemScope(), srcType.getLayout());
  return ViewOp::create(b, loc, type, src);
}

Value tirx::emitLayoutView(OpBuilder &b, Location loc, Value src,
                           ArrayRef<int64_t> shape, const BitLayout &bits) {
  auto srcType = cast<BufferType>(src.getType());
  auto layout = srcType.getLayout()
                    ? srcType.getLayout().withLayout(bits.toLayout())
                    : LayoutAttr::get(b.getContext(), bits.toLayout());
  auto type = BufferType::get(b.getContext(), shape, srcType.getElementType(),
                              srcType.getMemScope(), layout);
  return ViewOp::create(b, loc, type, src);
}

Value tirx::emitBlockView(OpBuilder &b, Location loc, Value buffer,
                          const BitLayout &bits, ArrayRef<int64_t> shape,
                          ArrayRef<int64_t> blockShape, ArrayRef<int64_t> k) {
  BitLayout view;
  view.replica = bits.replica;
  view.memOffset = bits.memOffset;
  // Block flat bits, lowest first: the low bits of each dimension from the
  // last one; the high bits select the block (an offset where they are
  // memory bits).
  for (int64_t d = shape.size() - 1; d >= 0; --d) {
    auto [first, end] = ::tileir::layout::dimBitRange(shape, d);
    unsigned low = llvm::Log2_64(blockShape[d]);
    for (unsigned j = 0; j < low; ++j)
      view.shard.push_back(bits.shard[first + j]);
    for (unsigned j = first + low; j < end; ++j)
      if ((k[d] >> (j - first - low)) & 1)
        view.memOffset += bits.shard[j].isMemory() ? bits.shard[j].stride : 0;
  }
  return emitLayoutView(b, loc, buffer, blockShape, view);
}
