//===- Copy.cpp - CUDA variants of tirx.copy ------------------------------===//
//
// Part of TileIR. Copies between a global region and a local (register)
// buffer:
//   vec_auto  (10): the widest vector (up to 16 bytes) that the layout's
//                   contiguous register run, the global strides and the known
//                   alignment allow; a tile-level bounds check picks the
//                   unmasked vector path for whole tiles and an element-wise
//                   masked path for partial tiles.
//   vec_{128,64,32,16}b (20): the same with a forced vector width.
//   fallback   (0): element-wise masked copies.
// Register-to-register copies use the elementwise `reg` variant.
//
//===----------------------------------------------------------------------===//

#include "tileir/Dispatch/Dispatch.h"
#include "tileir/Dispatch/LayoutCodegen.h"
#include "tileir/Dispatch/Predicates.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/LLVMIR/LLVMDialect.h"
#include "mlir/Dialect/MemRef/IR/MemRef.h"
#include "mlir/Dialect/SCF/IR/SCF.h"
#include "mlir/Dialect/Utils/StaticValueUtils.h"
#include "mlir/Dialect/Vector/IR/VectorOps.h"
#include "mlir/IR/Matchers.h"
#include "llvm/Support/MathExtras.h"

#include <numeric>

using namespace mlir;
using namespace tileir;
using namespace tileir::dispatch;

namespace {

/// A copy between a global region and a local buffer.
struct GlobalLocalCopy {
  bool toGlobal;           ///< local -> global (a store)
  Value local;             ///< the local buffer
  tirx::RegionOp region;   ///< the global region
  tirx::GlobalViewOp view; ///< the region's global view
};

std::optional<GlobalLocalCopy> matchGlobalLocal(tirx::CopyOp op) {
  auto dst = op.getDst().getType();
  auto src = op.getSrc().getType();
  GlobalLocalCopy copy;
  if (dst.isGlobal() && src.isLocal()) {
    copy.toGlobal = true;
    copy.local = op.getSrc();
    copy.region = op.getDst().getDefiningOp<tirx::RegionOp>();
  } else if (dst.isLocal() && src.isGlobal()) {
    copy.toGlobal = false;
    copy.local = op.getDst();
    copy.region = op.getSrc().getDefiningOp<tirx::RegionOp>();
  } else {
    return std::nullopt;
  }
  if (!copy.region)
    return std::nullopt;
  copy.view = copy.region.getSource().getDefiningOp<tirx::GlobalViewOp>();
  if (!copy.view)
    return std::nullopt;
  return copy;
}

Predicate globalLocalPair() {
  return {"globalLocalPair", [](Operation *op, const DispatchContext &) {
            auto copy = matchGlobalLocal(cast<tirx::CopyOp>(op));
            if (!copy)
              return Outcome::fail("needs a tirx.region of a "
                                   "tirx.global_view on one side and a local "
                                   "buffer on the other");
            auto type = cast<tirx::BufferType>(copy->local.getType());
            if (failed(BitLayout::get(type.getTileLayout())))
              return Outcome::fail("local layout is not a power-of-two CTA "
                                   "layout");
            return Outcome::ok();
          }};
}

/// The largest power of two known to divide `v` (an index or integer
/// value), capped at 2^16: constants, products, sums, casts and
/// `tirx`-known alignments.
int64_t knownDivisor(Value v) {
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

int64_t knownDivisor(OpFoldResult ofr) {
  if (auto attr = dyn_cast<Attribute>(ofr)) {
    int64_t c = cast<IntegerAttr>(attr).getInt();
    return c == 0 ? (1 << 16)
                  : int64_t(1) << llvm::countr_zero(static_cast<uint64_t>(c));
  }
  return knownDivisor(cast<Value>(ofr));
}

Value toI64(OpBuilder &b, Location loc, OpFoldResult ofr) {
  if (auto attr = dyn_cast<Attribute>(ofr))
    return arith::ConstantIntOp::create(b, loc, b.getI64Type(),
                                        cast<IntegerAttr>(attr).getInt());
  return arith::IndexCastOp::create(b, loc, b.getI64Type(), cast<Value>(ofr));
}

/// Elements per vector for this copy: the widest power of two such that the
/// lowest flat-index bits are consecutive registers in the innermost
/// dimension, the innermost global stride is 1, and every address is
/// aligned to the vector size.
int64_t chooseVectorWidth(GlobalLocalCopy copy, const BitLayout &bits,
                          ArrayRef<int64_t> shape, int64_t maxBytes) {
  auto type = cast<tirx::BufferType>(copy.local.getType());
  int64_t elemBytes =
      std::max<int64_t>(1, type.getElementType().getIntOrFloatBitWidth() / 8);
  SmallVector<OpFoldResult> strides = copy.view.getMixedStrides();
  SmallVector<OpFoldResult> offsets = copy.region.getMixedOffsets();
  unsigned rank = shape.size();
  auto innerStride = getConstantIntValue(strides[rank - 1]);
  if (!innerStride || *innerStride != 1)
    return 1;
  unsigned innerBits = dimBitRange(shape, rank - 1).second;
  int64_t width = 1;
  for (unsigned j = 0; j < innerBits; ++j) {
    const LayoutBit &bit = bits.shard[j];
    if (!bit.isMemory() || bit.stride != (int64_t(1) << j))
      break;
    if ((width * 2) * elemBytes > maxBytes)
      break;
    width *= 2;
  }
  // Alignment of the base pointer, of the region offset in the innermost
  // dimension and of every other stride.
  int64_t alignElems =
      std::max<int64_t>(1, copy.view.getAlignment() / elemBytes);
  alignElems = std::min(alignElems, knownDivisor(offsets[rank - 1]));
  for (unsigned d = 0; d + 1 < rank; ++d)
    alignElems = std::min(alignElems, knownDivisor(strides[d]));
  while (width > 1 && width > alignElems)
    width /= 2;
  return width;
}

/// Emits the copy. `maxBytes` bounds the vector size (0: element-wise only).
Outcome emitGlobalLocalCopy(tirx::CopyOp op, DispatchContext &ctx,
                            RewriterBase &rewriter, int64_t maxBytes,
                            int64_t forcedBytes) {
  GlobalLocalCopy copy = *matchGlobalLocal(op);
  Location loc = op.getLoc();
  auto localType = cast<tirx::BufferType>(copy.local.getType());
  Type elemType = localType.getElementType();
  int64_t elemBytes =
      std::max<int64_t>(1, elemType.getIntOrFloatBitWidth() / 8);
  ArrayRef<int64_t> shape = localType.getShape();
  unsigned rank = shape.size();
  BitLayout bits = *BitLayout::get(localType.getTileLayout());
  int64_t width = maxBytes ? chooseVectorWidth(copy, bits, shape, maxBytes) : 1;
  if (forcedBytes && width * elemBytes != forcedBytes)
    return Outcome::fail("a " + std::to_string(forcedBytes) +
                         "-byte vector does not fit the layout, strides or "
                         "alignment (widest: " +
                         std::to_string(width * elemBytes) + " bytes)");

  OpBuilder &b = rewriter;
  Type i64 = b.getI64Type();
  auto cst64 = [&](int64_t v) {
    return arith::ConstantIntOp::create(b, loc, i64, v).getResult();
  };
  SmallVector<OpFoldResult> sizes = copy.view.getMixedSizes();
  SmallVector<OpFoldResult> strides = copy.view.getMixedStrides();
  SmallVector<OpFoldResult> offsets = copy.region.getMixedOffsets();

  // Per-dimension coordinate of this thread's elements (thread bits only).
  Value tid = emitThreadId(b, loc);
  SmallVector<Value> threadCoord, stride64, size64;
  Value threadOffset = cst64(0);
  for (unsigned d = 0; d < rank; ++d) {
    auto [first, end] = dimBitRange(shape, d);
    Value tc = arith::ExtUIOp::create(
        b, loc, i64, emitThreadBits(b, loc, bits, tid, first, end));
    Value coord = arith::AddIOp::create(b, loc, toI64(b, loc, offsets[d]), tc);
    threadCoord.push_back(coord);
    stride64.push_back(toI64(b, loc, strides[d]));
    size64.push_back(toI64(b, loc, sizes[d]));
    threadOffset = arith::AddIOp::create(
        b, loc, threadOffset,
        arith::MulIOp::create(b, loc, coord, stride64[d]));
  }
  auto ptrType = copy.view.getPtr().getType();
  Value threadBase = LLVM::GEPOp::create(
      b, loc, ptrType, elemType, copy.view.getPtr(), ValueRange{threadOffset});
  Value storage = getStorage(b, loc, copy.local);

  // Register coordinates of a flat index, per dimension (memory bits only).
  auto regCoord = [&](int64_t flat, unsigned d) {
    auto [first, end] = dimBitRange(shape, d);
    int64_t c = 0;
    for (unsigned j = first; j < end; ++j)
      if (bits.shard[j].isMemory() && ((flat >> j) & 1))
        c |= int64_t(1) << (j - first);
    return c;
  };
  auto regOffset = [&](int64_t flat) {
    Value off = cst64(0);
    for (unsigned d = 0; d < rank; ++d)
      if (int64_t c = regCoord(flat, d))
        off = arith::AddIOp::create(
            b, loc, off, arith::MulIOp::create(b, loc, cst64(c), stride64[d]));
    return off;
  };
  auto elementPtr = [&](int64_t flat) {
    return LLVM::GEPOp::create(b, loc, ptrType, elemType, threadBase,
                               ValueRange{regOffset(flat)})
        .getResult();
  };
  auto slot = [&](int64_t flat) {
    return arith::ConstantIndexOp::create(b, loc, bits.storageIndex(flat))
        .getResult();
  };
  SmallVector<unsigned> memBits = bits.memoryBits();
  auto forEachFlat = [&](unsigned skipLow,
                         llvm::function_ref<void(int64_t)> fn) {
    SmallVector<unsigned> iterBits(llvm::make_filter_range(
        memBits, [&](unsigned j) { return j >= skipLow; }));
    for (int64_t flat : enumerateSubsets(iterBits))
      fn(flat);
  };

  // Stores: one thread per group of threads holding the same elements.
  Value leader;
  if (copy.toGlobal)
    leader = emitIsReplicaLeader(b, loc, bits, tid, ctx.getCtaThreads());

  // Whole-tile bounds check: region offset + extent <= size in every dim.
  Value inBounds;
  bool staticallyInBounds = true;
  for (unsigned d = 0; d < rank; ++d) {
    auto off = getConstantIntValue(offsets[d]);
    auto size = getConstantIntValue(sizes[d]);
    if (off && size && *off >= 0 && *off + shape[d] <= *size)
      continue;
    staticallyInBounds = false;
    Value start = toI64(b, loc, offsets[d]);
    Value end = arith::AddIOp::create(b, loc, start, cst64(shape[d]));
    Value ok = arith::AndIOp::create(
        b, loc,
        arith::CmpIOp::create(b, loc, arith::CmpIPredicate::sge, start,
                              cst64(0)),
        arith::CmpIOp::create(b, loc, arith::CmpIPredicate::sle, end,
                              size64[d]));
    inBounds = inBounds ? arith::AndIOp::create(b, loc, inBounds, ok) : ok;
  }

  unsigned vecBits = llvm::Log2_64(width);
  auto emitVectorPath = [&]() {
    forEachFlat(vecBits, [&](int64_t flat) {
      Value ptr = elementPtr(flat);
      int64_t align = width * elemBytes;
      if (width == 1) {
        if (copy.toGlobal) {
          Value v = memref::LoadOp::create(b, loc, storage, slot(flat));
          LLVM::StoreOp::create(b, loc, v, ptr, align);
        } else {
          Value v = LLVM::LoadOp::create(b, loc, elemType, ptr, align);
          memref::StoreOp::create(b, loc, v, storage, slot(flat));
        }
        return;
      }
      auto vecType = VectorType::get({width}, elemType);
      if (copy.toGlobal) {
        SmallVector<Value> elems;
        for (int64_t i = 0; i < width; ++i)
          elems.push_back(
              memref::LoadOp::create(b, loc, storage, slot(flat | i)));
        Value vec = vector::FromElementsOp::create(b, loc, vecType, elems);
        LLVM::StoreOp::create(b, loc, vec, ptr, align);
      } else {
        Value vec = LLVM::LoadOp::create(b, loc, vecType, ptr, align);
        for (int64_t i = 0; i < width; ++i) {
          Value e = vector::ExtractOp::create(b, loc, vec, i);
          memref::StoreOp::create(b, loc, e, storage, slot(flat | i));
        }
      }
    });
  };
  auto emitMaskedPath = [&]() {
    TypedAttr padding = op.getPaddingAttr();
    if (!padding)
      padding = b.getZeroAttr(elemType);
    forEachFlat(0, [&](int64_t flat) {
      Value ok;
      for (unsigned d = 0; d < rank; ++d) {
        Value coord = arith::AddIOp::create(b, loc, threadCoord[d],
                                            cst64(regCoord(flat, d)));
        // One unsigned compare checks 0 <= coord < size.
        Value lt = arith::CmpIOp::create(b, loc, arith::CmpIPredicate::ult,
                                         coord, size64[d]);
        ok = ok ? arith::AndIOp::create(b, loc, ok, lt) : lt;
      }
      if (copy.toGlobal) {
        auto ifOp = scf::IfOp::create(b, loc, ok, /*withElse=*/false);
        OpBuilder::InsertionGuard guard(b);
        b.setInsertionPointToStart(ifOp.thenBlock());
        Value v = memref::LoadOp::create(b, loc, storage, slot(flat));
        LLVM::StoreOp::create(b, loc, v, elementPtr(flat), elemBytes);
        return;
      }
      auto ifOp = scf::IfOp::create(b, loc, TypeRange{elemType}, ok,
                                    /*withElse=*/true);
      {
        OpBuilder::InsertionGuard guard(b);
        b.setInsertionPointToStart(ifOp.thenBlock());
        Value v =
            LLVM::LoadOp::create(b, loc, elemType, elementPtr(flat), elemBytes);
        scf::YieldOp::create(b, loc, v);
        b.setInsertionPointToStart(ifOp.elseBlock());
        Value pad = arith::ConstantOp::create(b, loc, padding);
        scf::YieldOp::create(b, loc, pad);
      }
      memref::StoreOp::create(b, loc, ifOp.getResult(0), storage, slot(flat));
    });
  };

  // Wrap the whole copy in the store-leader condition when needed.
  std::optional<OpBuilder::InsertionGuard> leaderGuard;
  if (leader) {
    auto ifOp = scf::IfOp::create(b, loc, leader, /*withElse=*/false);
    leaderGuard.emplace(b);
    b.setInsertionPointToStart(ifOp.thenBlock());
  }
  if (staticallyInBounds) {
    emitVectorPath();
    return Outcome::ok();
  }
  auto ifOp = scf::IfOp::create(b, loc, inBounds, /*withElse=*/true);
  OpBuilder::InsertionGuard guard(b);
  b.setInsertionPointToStart(ifOp.thenBlock());
  emitVectorPath();
  b.setInsertionPointToStart(ifOp.elseBlock());
  emitMaskedPath();
  return Outcome::ok();
}

Variant makeCopyVariant(StringRef name, int prio, int64_t maxBytes,
                        int64_t forcedBytes) {
  Variant v;
  v.name = name.str();
  v.priority = prio;
  v.predicates = {
      pred::allThreadsActive(),
      pred::execScopeIn({tirx::ExecScope::Cta, tirx::ExecScope::Warp,
                         tirx::ExecScope::Thread}),
      pred::layoutThreadAxesMatchScope(), globalLocalPair()};
  if (forcedBytes)
    v.predicates.push_back(pred::forcedOnly(name));
  v.impl = [maxBytes, forcedBytes](Operation *op, DispatchContext &ctx,
                                   RewriterBase &rewriter) {
    return emitGlobalLocalCopy(cast<tirx::CopyOp>(op), ctx, rewriter, maxBytes,
                               forcedBytes);
  };
  return v;
}

} // namespace

void tileir::dispatch::registerCudaCopyVariants(Registry &registry) {
  registry.add("tirx.copy", "cuda",
               makeCopyVariant("vec_auto", priority::kGeneral, 16, 0));
  for (int64_t bits : {128, 64, 32, 16})
    registry.add("tirx.copy", "cuda",
                 makeCopyVariant("vec_" + std::to_string(bits) + "b",
                                 priority::kForced, bits / 8, bits / 8));
  registry.add("tirx.copy", "cuda",
               makeCopyVariant("fallback", priority::kFallback, 0, 0));
}
