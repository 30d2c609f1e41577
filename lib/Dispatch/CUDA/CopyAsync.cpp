//===- CopyAsync.cpp - CUDA variants of tirx.copy_async -------------------===//
//
// Part of TileIR. Asynchronous global <-> shared copies:
//   ldgsts (20): global -> shared cp.async (sm_80+), per thread, 4/8/16-byte
//                copies over a synthesised [outer, threads, vec] partition;
//                out-of-bounds bytes are zero-filled through the src-size
//                operand.
//   tma    (10): global <-> shared cp.async.bulk.tensor (sm_90+) issued by
//                one thread of the scope; loads complete on an mbarrier,
//                stores are waited for (bulk async-group) before the
//                primitive ends.
//   ldgsts_checked (10): ldgsts where dynamic strides of the global view
//                are not known to be multiples of the vector: a run-time
//                test picks cp.async or the copy of `sync`.
//   sync    (0): the general variant of the cp.async form (no mbarrier):
//                the copy done synchronously through registers, as
//                `tirx.copy` does it (any layout, stride or alignment). It
//                has completed when the primitive ends, so the group that
//                `tirx.async_commit` closes and `tirx.async_wait` waits for
//                is complete as far as this copy goes.
// Also the direct lowering of the synchronization ops (tirx.async_commit,
// tirx.async_wait, tirx.mbarrier_*) to NVVM.
//
//===----------------------------------------------------------------------===//

#include "CopyCodegen.h"
#include "Variants.h"

#include "tileir/Dialect/TirX/Utils/LayoutCodegen.h"
#include "tileir/Dialect/TirX/Utils/Utils.h"
#include "tileir/Dispatch/Dispatch.h"
#include "tileir/Dispatch/Predicates.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/GPU/IR/GPUDialect.h"
#include "mlir/Dialect/LLVMIR/LLVMDialect.h"
#include "mlir/Dialect/LLVMIR/NVVMDialect.h"
#include "mlir/Dialect/SCF/IR/SCF.h"
#include "mlir/Dialect/Utils/StaticValueUtils.h"
#include "llvm/Support/MathExtras.h"

using namespace mlir;
using namespace tileir;
using namespace tileir::dispatch;

namespace {

/// The operands of a copy_async: the global region and its view, the
/// shared buffer and its layout.
struct AsyncCopy {
  bool toShared;
  tirx::RegionOp region;
  tirx::GlobalViewOp view;
  Value shared;
  BitLayout sharedBits;
  std::optional<layout::Swizzle> swizzle;
};

/// `denseBox`: a TMA copy, whose shared side the op verifier has checked to
/// be the dense row-major box at a 128-byte aligned offset, of any extents;
/// only the offset (sharedBits.memOffset) is read then.
FailureOr<AsyncCopy> matchAsyncCopy(tirx::CopyAsyncOp op, std::string &why,
                                    bool denseBox = false) {
  AsyncCopy copy;
  copy.toShared = op.getDst().getType().isShared();
  Value global = copy.toShared ? op.getSrc() : op.getDst();
  copy.shared = copy.toShared ? op.getDst() : op.getSrc();
  FailureOr<tirx::GlobalOperand> operand = tirx::matchGlobalOperand(global);
  if (failed(operand)) {
    why = "global operand is not a tirx.global_view or a tirx.region of one";
    return failure();
  }
  copy.region = operand->region;
  copy.view = operand->view;
  auto type = cast<tirx::BufferType>(copy.shared.getType());
  if (denseBox) {
    copy.sharedBits.memOffset =
        layout::getAxis(type.getTileLayout().canonicalize().getOffset(), "m");
    return copy;
  }
  FailureOr<BitLayout> bits = BitLayout::get(type.getTileLayout());
  if (failed(bits) || !bits->replica.empty()) {
    why = "shared layout is not a power-of-two layout without replicas";
    return failure();
  }
  copy.sharedBits = *bits;
  copy.swizzle = type.getLayout().getSwizzleFor(
      type.getElementType().getIntOrFloatBitWidth());
  for (int64_t e : type.getShape())
    if (!llvm::isPowerOf2_64(e)) {
      why = "expects power-of-two extents, got " + std::to_string(e);
      return failure();
    }
  return copy;
}

Value cstI32(OpBuilder &b, Location loc, int64_t v) {
  return arith::ConstantIntOp::create(b, loc, b.getI32Type(), v);
}
Value cstI64(OpBuilder &b, Location loc, int64_t v) {
  return arith::ConstantIntOp::create(b, loc, b.getI64Type(), v);
}

/// The copy as a `tirx.copy` (zero padding, like cp.async's zero fill)
/// lowered through registers at the insertion point (registerCopyOperands
/// holds).
Outcome emitSyncCopy(tirx::CopyAsyncOp op, DispatchContext &ctx,
                     RewriterBase &rewriter) {
  TypedAttr padding = op.getPaddingAttr();
  if (!padding)
    padding = rewriter.getZeroAttr(op.getDst().getType().getElementType());
  auto copy =
      tirx::CopyOp::create(rewriter, op.getLoc(), op.getDst(), op.getSrc(),
                           padding, op.getScopeAttr(), nullptr, nullptr);
  Outcome done =
      emitRegisterCopy(copy, ctx.getPlan<CopySides>(), ctx, rewriter);
  rewriter.eraseOp(copy);
  return done;
}

//===----------------------------------------------------------------------===//
// ldgsts
//===----------------------------------------------------------------------===//

Predicate cpAsyncOperands() {
  return {"cpAsyncOperands", [](Operation *op, const DispatchContext &) {
            auto copy = cast<tirx::CopyAsyncOp>(op);
            if (copy.getTensorMap())
              return Outcome::fail("has a tensor_map (a TMA copy)");
            std::string why;
            FailureOr<AsyncCopy> plan = matchAsyncCopy(copy, why);
            if (failed(plan))
              return Outcome::fail(why);
            return Outcome::ok(*plan);
          }};
}

/// cp.async of the widest vector (4, 8 or 16 bytes) the layouts, strides and
/// known alignment allow. `versioned`: dynamic strides count as aligned to
/// the vector; they are tested at run time, and the copy goes through
/// registers (emitSyncCopy) when one is not.
Outcome emitCpAsync(tirx::CopyAsyncOp op, DispatchContext &ctx,
                    RewriterBase &rewriter, bool versioned) {
  AsyncCopy copy = ctx.getPlan<AsyncCopy>();
  Location loc = op.getLoc();
  OpBuilder &b = rewriter;
  auto type = op.getDst().getType();
  Type elemType = type.getElementType();
  int64_t elemBits = elemType.getIntOrFloatBitWidth();
  // Addresses step by elements; f8 (no LLVM type) steps as an integer of
  // its width.
  if (!LLVM::isCompatibleType(elemType))
    elemType = b.getIntegerType(elemBits);
  if (elemBits % 8 != 0)
    return Outcome::fail("expects whole-byte elements, got " +
                         std::to_string(elemBits) + "-bit");
  int64_t elemBytes = elemBits / 8;
  ArrayRef<int64_t> shape = type.getShape();
  unsigned rank = shape.size();
  unsigned numBits = 0;
  for (int64_t e : shape)
    numBits += llvm::Log2_64(e);

  // Vector: low flat bits contiguous in shared (stride 2^j) and in the
  // innermost global dimension (unit stride), aligned on both sides, within
  // a swizzle chunk, at most 16 bytes.
  SmallVector<OpFoldResult> strides = copy.view.getMixedStrides();
  SmallVector<OpFoldResult> offsets =
      tirx::GlobalOperand{copy.region, copy.view}.getOffsets();
  SmallVector<OpFoldResult> sizes = copy.view.getMixedSizes();
  auto inner = getConstantIntValue(strides[rank - 1]);
  unsigned innerBits = llvm::Log2_64(shape[rank - 1]);
  int64_t width = 1;
  for (unsigned j = 0; j < numBits; ++j) {
    if (!inner || *inner != 1 || j >= innerBits ||
        copy.sharedBits.shard[j].stride != (int64_t(1) << j) ||
        (width * 2) * elemBytes > 16)
      break;
    width *= 2;
  }
  auto alignment = [&](int64_t w) {
    unsigned vecBits = llvm::Log2_64(w);
    int64_t align = std::max<int64_t>(1, copy.view.getAlignment() / elemBytes);
    align = std::min(align, knownDivisor(offsets[rank - 1]));
    for (unsigned d = 0; d + 1 < rank; ++d)
      if (!versioned || getConstantIntValue(strides[d]))
        align = std::min(align, knownDivisor(strides[d]));
    auto fold = [&](int64_t v) {
      if (v != 0)
        align = std::min<int64_t>(
            align, int64_t(1) << llvm::countr_zero(static_cast<uint64_t>(v)));
    };
    fold(copy.sharedBits.memOffset);
    for (unsigned j = vecBits; j < numBits; ++j)
      fold(copy.sharedBits.shard[j].stride);
    return align;
  };
  while (width > 1 && alignment(width) < width)
    width /= 2;
  if (copy.swizzle)
    width = std::min<int64_t>(width, int64_t(1) << copy.swizzle->perElement);
  int64_t bytes = width * elemBytes;
  if (bytes < 4)
    return Outcome::fail("cp.async copies 4, 8 or 16 bytes; the layouts, "
                         "strides and alignment allow " +
                         std::to_string(bytes));
  SmallVector<unsigned> testedStrides;
  if (versioned) {
    for (unsigned d = 0; d + 1 < rank; ++d)
      if (!getConstantIntValue(strides[d]) && knownDivisor(strides[d]) < width)
        testedStrides.push_back(d);
    if (testedStrides.empty())
      return Outcome::fail("no dynamic stride limits the vector (the "
                           "ldgsts variant's case)");
  }

  std::optional<OpBuilder::InsertionGuard> versionGuard;
  if (versioned) {
    // if (every tested stride is a multiple of the vector) cp.async, else
    // through registers.
    Value aligned;
    for (unsigned d : testedStrides) {
      Value low = arith::AndIOp::create(b, loc, toI64(b, loc, strides[d]),
                                        cstI64(b, loc, width - 1));
      Value ok = arith::CmpIOp::create(b, loc, arith::CmpIPredicate::eq, low,
                                       cstI64(b, loc, 0));
      aligned = aligned ? arith::AndIOp::create(b, loc, aligned, ok) : ok;
    }
    auto ifOp = scf::IfOp::create(b, loc, aligned, /*withElse=*/true);
    versionGuard.emplace(b);
    b.setInsertionPointToStart(ifOp.elseBlock());
    Outcome sync = emitSyncCopy(op, ctx, rewriter);
    if (!sync.succeeded())
      return sync;
    b.setInsertionPointToStart(ifOp.thenBlock());
  }

  // [outer, threads, vec] over the scope's threads: the threads take the
  // flat bits above the vector, lowest first, except that copies of one
  // element each give them the bits of a dimension of unit global stride
  // first (a column-major source: consecutive threads read consecutive
  // addresses).
  unsigned vecBits = llvm::Log2_64(width);
  int64_t scopeThreads = ctx.getScopeThreads();
  unsigned threadBits = std::min<unsigned>(
      llvm::Log2_64(std::max<int64_t>(1, scopeThreads)), numBits - vecBits);
  SmallVector<unsigned> threadOrder;
  if (width == 1)
    for (unsigned d = 0; d + 1 < rank; ++d)
      if (getConstantIntValue(strides[d]) == 1) {
        auto [first, end] = dimBitRange(shape, d);
        for (unsigned j = first; j < end; ++j)
          threadOrder.push_back(j);
        break;
      }
  for (unsigned j = vecBits; j < numBits; ++j)
    if (!llvm::is_contained(threadOrder, j))
      threadOrder.push_back(j);
  threadOrder.resize(threadBits);
  BitLayout part;
  int64_t nextMemory = 1;
  for (unsigned j = 0; j < numBits; ++j) {
    const unsigned *t = llvm::find(threadOrder, j);
    if (t != threadOrder.end()) {
      part.shard.push_back(
          LayoutBit{"tx", int64_t(1) << (t - threadOrder.begin())});
      continue;
    }
    part.shard.push_back(LayoutBit{"m", nextMemory});
    nextMemory *= 2;
  }

  Value tid = emitThreadId(b, loc);
  Value leader = emitIsReplicaLeader(b, loc, part, tid, scopeThreads);
  std::optional<OpBuilder::InsertionGuard> leaderGuard;
  if (leader) {
    auto ifOp = scf::IfOp::create(b, loc, leader, /*withElse=*/false);
    leaderGuard.emplace(b);
    b.setInsertionPointToStart(ifOp.thenBlock());
  }

  GlobalCoords coords(b, loc, part, tid, shape, offsets, sizes, strides);
  Value gptr = copy.view.getPtr();
  Value gbase = LLVM::GEPOp::create(b, loc, gptr.getType(), elemType, gptr,
                                    ValueRange{coords.offset});
  // Shared: thread part of the linear address.
  Value sbase = emitSharedPointer(b, loc, copy.shared);
  Value sThread = cstI32(b, loc, copy.sharedBits.memOffset);
  for (unsigned j = 0; j < numBits; ++j) {
    const LayoutBit &bit = part.shard[j];
    if (!bit.isThread())
      continue;
    Value v = tid;
    if (unsigned shift = llvm::Log2_64(bit.stride))
      v = arith::ShRUIOp::create(b, loc, v, cstI32(b, loc, shift));
    v = arith::AndIOp::create(b, loc, v, cstI32(b, loc, 1));
    v = arith::MulIOp::create(b, loc, v,
                              cstI32(b, loc, copy.sharedBits.shard[j].stride));
    sThread = arith::AddIOp::create(b, loc, sThread, v);
  }

  // Whether the tile lies inside the view (uniform over the scope); null
  // when it is known to: no vector needs a bounds check.
  Value inside = emitTileInBounds(b, loc, shape, offsets, sizes, coords.size);
  bool needMask = bool(inside);

  auto modifier = NVVM::LoadCacheModifierKindAttr::get(
      b.getContext(), bytes == 16 ? NVVM::LoadCacheModifierKind::CG
                                  : NVVM::LoadCacheModifierKind::CA);
  // Vectors start at multiples of the width (the alignment above); one may
  // still be cut by the end of a row whose length is not known to be a
  // multiple of it.
  bool mayStraddle = needMask && width > 1 &&
                     knownDivisor(sizes[rank - 1]) % width != 0 &&
                     llvm::is_contained({8, 16, 32, 64}, elemBits);
  SmallVector<unsigned> memBits;
  for (unsigned j : part.memoryBits())
    if (j >= vecBits)
      memBits.push_back(j);
  // The vectors of the copy; `masked`: each checked against the view's
  // bounds (zero-filled where outside); `straddle`: a vector may be cut by
  // the end of its row.
  auto emitVectors = [&](bool masked, bool straddle) {
    for (int64_t flat : enumerateSubsets(memBits)) {
      // Global element offset and shared address of the vector.
      Value goff = cstI64(b, loc, 0);
      SmallVector<int64_t> memCoord(rank, 0);
      for (unsigned d = 0; d < rank; ++d) {
        auto [first, end] = dimBitRange(shape, d);
        for (unsigned j = first; j < end; ++j)
          if (part.shard[j].isMemory() && ((flat >> j) & 1))
            memCoord[d] |= int64_t(1) << (j - first);
        if (memCoord[d])
          goff = arith::AddIOp::create(
              b, loc, goff,
              arith::MulIOp::create(b, loc, cstI64(b, loc, memCoord[d]),
                                    coords.stride[d]));
      }
      Value src = LLVM::GEPOp::create(b, loc, gptr.getType(), elemType, gbase,
                                      ValueRange{goff});
      int64_t sconst = 0;
      for (auto [j, bit] : llvm::enumerate(part.shard))
        if (bit.isMemory() && ((flat >> j) & 1))
          sconst += copy.sharedBits.shard[j].stride;
      Value saddr =
          arith::AddIOp::create(b, loc, sThread, cstI32(b, loc, sconst));
      if (copy.swizzle)
        saddr = tirx::emitSwizzle(b, loc, saddr, *copy.swizzle);
      Value dst = LLVM::GEPOp::create(b, loc, sbase.getType(), elemType, sbase,
                                      ValueRange{saddr});
      Value srcSize;
      if (masked) {
        // Bytes of the vector inside the source: 0 when a coordinate is out
        // of bounds, else min(width, size - coord) along the innermost dim.
        Value ok;
        for (unsigned d = 0; d + 1 < rank; ++d) {
          Value in = coords.inBounds(b, loc, d, memCoord[d]);
          ok = ok ? arith::AndIOp::create(b, loc, ok, in).getResult() : in;
        }
        Value c = coords.at(b, loc, rank - 1, memCoord[rank - 1]);
        Value left = arith::SubIOp::create(b, loc, coords.size[rank - 1], c);
        left = arith::MaxSIOp::create(b, loc, left, cstI64(b, loc, 0));
        left = arith::MinSIOp::create(b, loc, left, cstI64(b, loc, width));
        // A negative coordinate reads nothing.
        Value nonneg = arith::CmpIOp::create(b, loc, arith::CmpIPredicate::sge,
                                             c, cstI64(b, loc, 0));
        ok = ok ? arith::AndIOp::create(b, loc, ok, nonneg) : nonneg;
        left = arith::SelectOp::create(b, loc, ok, left, cstI64(b, loc, 0));
        Value left32 = arith::TruncIOp::create(b, loc, b.getI32Type(), left);
        srcSize =
            arith::MulIOp::create(b, loc, left32, cstI32(b, loc, elemBytes));
        // A vector with nothing to read still needs a valid source address.
        Value any = arith::CmpIOp::create(b, loc, arith::CmpIPredicate::ne,
                                          left, cstI64(b, loc, 0));
        src = arith::SelectOp::create(b, loc, any, src, gptr);
        if (straddle) {
          // A vector that the end of the row cuts (0 < left < width): its
          // elements one by one, each a predicated load and a shared store,
          // rather than a cp.async whose 16 bytes reach past the end of the
          // source (src-size only zero-fills the rest).
          Value whole = arith::CmpIOp::create(b, loc, arith::CmpIPredicate::eq,
                                              left, cstI64(b, loc, width));
          Value partial = arith::AndIOp::create(
              b, loc, any,
              arith::XOrIOp::create(
                  b, loc, whole,
                  arith::ConstantIntOp::create(b, loc, b.getI1Type(), 1)));
          auto ifOp = scf::IfOp::create(b, loc, partial, /*withElse=*/true);
          OpBuilder::InsertionGuard guard(b);
          b.setInsertionPointToStart(ifOp.thenBlock());
          Value zero =
              arith::ConstantOp::create(b, loc, b.getZeroAttr(elemType));
          for (int64_t e = 0; e < width; ++e) {
            Value ok = arith::CmpIOp::create(b, loc, arith::CmpIPredicate::sgt,
                                             left, cstI64(b, loc, e));
            Value from =
                LLVM::GEPOp::create(b, loc, gptr.getType(), elemType, src,
                                    ValueRange{cstI64(b, loc, e)});
            Value v = emitPredicatedLoad(b, loc, elemType, from, ok, zero);
            Value to = LLVM::GEPOp::create(b, loc, sbase.getType(), elemType,
                                           dst, ValueRange{cstI64(b, loc, e)});
            LLVM::StoreOp::create(b, loc, v, to, elemBytes);
          }
          b.setInsertionPointToStart(ifOp.elseBlock());
          NVVM::CpAsyncOp::create(b, loc, dst, src, b.getI32IntegerAttr(bytes),
                                  modifier, srcSize);
          continue;
        }
      }
      NVVM::CpAsyncOp::create(b, loc, dst, src, b.getI32IntegerAttr(bytes),
                              modifier, srcSize);
    }
  };
  if (!needMask) {
    emitVectors(/*masked=*/false, /*straddle=*/false);
    return Outcome::ok();
  }
  // Most tiles of a masked copy lie wholly inside the view: one test of
  // the tile's corners (uniform over the scope) lets them skip the
  // per-vector bounds arithmetic.
  auto ifOp = scf::IfOp::create(b, loc, inside, /*withElse=*/true);
  OpBuilder::InsertionGuard guard(b);
  b.setInsertionPointToStart(ifOp.thenBlock());
  emitVectors(/*masked=*/false, /*straddle=*/false);
  b.setInsertionPointToStart(ifOp.elseBlock());
  if (!mayStraddle) {
    emitVectors(/*masked=*/true, /*straddle=*/false);
    return Outcome::ok();
  }
  // Where the row length is a multiple of the vector at run time (one test,
  // uniform over the scope), no row end cuts a vector: those copies take
  // the per-vector src-size alone, without a branch per vector.
  Value rem = arith::RemUIOp::create(b, loc, coords.size[rank - 1],
                                     cstI64(b, loc, width));
  Value whole = arith::CmpIOp::create(b, loc, arith::CmpIPredicate::eq, rem,
                                      cstI64(b, loc, 0));
  auto rows = scf::IfOp::create(b, loc, whole, /*withElse=*/true);
  b.setInsertionPointToStart(rows.thenBlock());
  emitVectors(/*masked=*/true, /*straddle=*/false);
  b.setInsertionPointToStart(rows.elseBlock());
  emitVectors(/*masked=*/true, /*straddle=*/true);
  return Outcome::ok();
}

//===----------------------------------------------------------------------===//
// tma
//===----------------------------------------------------------------------===//

Predicate tmaOperands() {
  return {"tmaOperands", [](Operation *op, const DispatchContext &) {
            auto copy = cast<tirx::CopyAsyncOp>(op);
            if (!copy.getTensorMap())
              return Outcome::fail("needs a tensor_map (and a barrier for "
                                   "loads)");
            // The box's rank, density and shared alignment are the op
            // verifier's.
            std::string why;
            FailureOr<AsyncCopy> plan =
                matchAsyncCopy(copy, why, /*denseBox=*/true);
            if (failed(plan))
              return Outcome::fail(why);
            return Outcome::ok(*plan);
          }};
}

Outcome emitTma(tirx::CopyAsyncOp op, DispatchContext &ctx,
                RewriterBase &rewriter) {
  AsyncCopy copy = ctx.getPlan<AsyncCopy>();
  Location loc = op.getLoc();
  OpBuilder &b = rewriter;
  MLIRContext *context = b.getContext();
  auto type = op.getDst().getType();
  Type elemType = type.getElementType();
  if (!LLVM::isCompatibleType(elemType))
    elemType = b.getIntegerType(elemType.getIntOrFloatBitWidth());
  unsigned rank = type.getRank();

  // One elected thread: thread 0 of the scope.
  Value tid = emitThreadId(b, loc);
  Value elected;
  if (int64_t threads = ctx.getScopeThreads(); threads > 1)
    elected = arith::CmpIOp::create(
        b, loc, arith::CmpIPredicate::eq,
        arith::AndIOp::create(b, loc, tid, cstI32(b, loc, threads - 1)),
        cstI32(b, loc, 0));

  // A TMA store reads shared memory through the async proxy: order the
  // scope's earlier generic-proxy writes before it.
  if (!copy.toShared) {
    NVVM::FenceProxyOp::create(
        b, loc, NVVM::ProxyKind::async_shared,
        NVVM::SharedSpaceAttr::get(context, NVVM::SharedSpace::shared_cta));
    if (ctx.getScope() == tirx::ExecScope::Cta)
      gpu::BarrierOp::create(b, loc);
  }
  std::optional<OpBuilder::InsertionGuard> guard;
  if (elected) {
    auto ifOp = scf::IfOp::create(b, loc, elected, /*withElse=*/false);
    guard.emplace(b);
    b.setInsertionPointToStart(ifOp.thenBlock());
  }
  Value smem = emitSharedPointer(b, loc, copy.shared);
  if (copy.sharedBits.memOffset)
    smem = LLVM::GEPOp::create(
        b, loc, smem.getType(), elemType, smem,
        ValueRange{cstI32(b, loc, copy.sharedBits.memOffset)});
  auto generic = LLVM::LLVMPointerType::get(context);
  Value desc =
      LLVM::AddrSpaceCastOp::create(b, loc, generic, op.getTensorMap());
  // Coordinates, innermost dimension first.
  SmallVector<Value> coords;
  SmallVector<OpFoldResult> offsets =
      tirx::GlobalOperand{copy.region, copy.view}.getOffsets();
  for (unsigned d = rank; d-- > 0;) {
    if (auto c = getConstantIntValue(offsets[d]))
      coords.push_back(cstI32(b, loc, *c));
    else
      coords.push_back(arith::IndexCastOp::create(b, loc, b.getI32Type(),
                                                  cast<Value>(offsets[d])));
  }
  if (copy.toShared) {
    Value bar = emitSharedPointer(b, loc, op.getBarrier());
    auto barType = cast<tirx::BufferType>(op.getBarrier().getType());
    FailureOr<BitLayout> barBits = BitLayout::get(barType.getTileLayout());
    int64_t slot = succeeded(barBits) ? barBits->storageIndex(op.getIndex())
                                      : op.getIndex();
    if (slot)
      bar = LLVM::GEPOp::create(b, loc, bar.getType(), b.getI64Type(), bar,
                                ValueRange{cstI32(b, loc, slot)});
    // The CTA's own shared address is a valid shared::cluster address.
    Value dst = LLVM::AddrSpaceCastOp::create(
        b, loc,
        LLVM::LLVMPointerType::get(
            context,
            static_cast<unsigned>(NVVM::NVVMMemorySpace::SharedCluster)),
        smem);
    NVVM::CpAsyncBulkTensorGlobalToSharedClusterOp::create(
        b, loc, dst, desc, coords, bar, ValueRange{}, Value(), Value(),
        NVVM::TMALoadMode::TILE, /*isCTAOnly=*/false, nullptr, Value());
    return Outcome::ok();
  }
  NVVM::CpAsyncBulkTensorSharedCTAToGlobalOp::create(
      b, loc, desc, smem, coords, Value(), NVVM::TMAStoreMode::TILE, Value());
  NVVM::CpAsyncBulkCommitGroupOp::create(b, loc);
  NVVM::CpAsyncBulkWaitGroupOp::create(b, loc, b.getI32IntegerAttr(0),
                                       b.getUnitAttr());
  return Outcome::ok();
}

//===----------------------------------------------------------------------===//
// sync
//===----------------------------------------------------------------------===//

/// A cp.async-group copy (no mbarrier, no tensor map) that `tirx.copy`
/// can do: global region -> shared buffer of power-of-two extents and
/// whole-byte elements.
Predicate registerCopyOperands() {
  return {"registerCopyOperands", [](Operation *op, const DispatchContext &) {
            auto copy = cast<tirx::CopyAsyncOp>(op);
            if (copy.getBarrier() || copy.getTensorMap())
              return Outcome::fail(
                  "has an mbarrier or a tensor map (a TMA copy)");
            std::string why;
            if (failed(matchAsyncCopy(copy, why)))
              return Outcome::fail(why);
            FailureOr<CopySides> sides =
                matchRegisterCopy(copy.getDst(), copy.getSrc(), why);
            if (failed(sides))
              return Outcome::fail(why);
            return Outcome::ok(*sides);
          }};
}

} // namespace

void tileir::dispatch::registerCudaCopyAsyncVariants(Registry &registry) {
  Variant ldgsts;
  ldgsts.name = "ldgsts";
  ldgsts.priority = priority::kPreferred;
  ldgsts.predicates = {
      pred::allThreadsActive(),
      pred::execScopeIn({tirx::ExecScope::Cta, tirx::ExecScope::Warpgroup,
                         tirx::ExecScope::Warp, tirx::ExecScope::Thread}),
      pred::chipAtLeast(80), cpAsyncOperands()};
  ldgsts.impl = [](Operation *op, DispatchContext &ctx,
                   RewriterBase &rewriter) {
    return emitCpAsync(cast<tirx::CopyAsyncOp>(op), ctx, rewriter,
                       /*versioned=*/false);
  };
  registry.add("tirx.copy_async", "cuda", std::move(ldgsts));

  Variant checked;
  checked.name = "ldgsts_checked";
  checked.priority = priority::kGeneral;
  checked.predicates = {
      pred::allThreadsActive(),
      pred::execScopeIn({tirx::ExecScope::Cta, tirx::ExecScope::Warpgroup,
                         tirx::ExecScope::Warp, tirx::ExecScope::Thread}),
      pred::chipAtLeast(80), cpAsyncOperands(), registerCopyOperands()};
  checked.impl = [](Operation *op, DispatchContext &ctx,
                    RewriterBase &rewriter) {
    return emitCpAsync(cast<tirx::CopyAsyncOp>(op), ctx, rewriter,
                       /*versioned=*/true);
  };
  registry.add("tirx.copy_async", "cuda", std::move(checked));

  Variant tma;
  tma.name = "tma";
  tma.priority = priority::kGeneral;
  tma.predicates = {
      pred::allThreadsActive(),
      pred::execScopeIn({tirx::ExecScope::Cta, tirx::ExecScope::Warpgroup,
                         tirx::ExecScope::Warp, tirx::ExecScope::Thread}),
      pred::chipAtLeast(90), tmaOperands()};
  tma.impl = [](Operation *op, DispatchContext &ctx, RewriterBase &rewriter) {
    return emitTma(cast<tirx::CopyAsyncOp>(op), ctx, rewriter);
  };
  registry.add("tirx.copy_async", "cuda", std::move(tma));

  Variant sync;
  sync.name = "sync";
  sync.priority = priority::kFallback;
  sync.predicates = {
      pred::allThreadsActive(),
      pred::execScopeIn({tirx::ExecScope::Cta, tirx::ExecScope::Warpgroup,
                         tirx::ExecScope::Warp, tirx::ExecScope::Thread}),
      registerCopyOperands()};
  sync.impl = [](Operation *op, DispatchContext &ctx, RewriterBase &rewriter) {
    return emitSyncCopy(cast<tirx::CopyAsyncOp>(op), ctx, rewriter);
  };
  registry.add("tirx.copy_async", "cuda", std::move(sync));
}

//===----------------------------------------------------------------------===//
// Synchronization ops
//===----------------------------------------------------------------------===//

/// A pointer to mbarrier `index` of a shared i64 buffer.
static Value barrierPointer(OpBuilder &b, Location loc, Value buffer,
                            int64_t index) {
  Value ptr = emitSharedPointer(b, loc, buffer);
  auto type = cast<tirx::BufferType>(buffer.getType());
  FailureOr<BitLayout> bits = BitLayout::get(type.getTileLayout());
  int64_t slot = succeeded(bits) ? bits->storageIndex(index) : index;
  if (!slot)
    return ptr;
  return LLVM::GEPOp::create(b, loc, ptr.getType(), b.getI64Type(), ptr,
                             ValueRange{cstI32(b, loc, slot)});
}

//===----------------------------------------------------------------------===//
// Tensor maps built on the device
//===----------------------------------------------------------------------===//

/// Slots of a kernel's tensor-map pool: as many CTAs as may hold maps at
/// once without waiting (a CTA whose search finds no free slot waits for
/// one: holders never wait on other CTAs).
static constexpr int64_t kTensorMapSlots = 1024;
/// The slots each SM's search starts at (%smid * this): CTAs of one SM
/// take their own slots first.
static constexpr int64_t kTensorMapSlotsPerSm = 4;
/// Bytes of one CUtensorMap.
static constexpr int64_t kTensorMapBytes = 128;

/// A zero-initialized array of `n` `elem` in global memory, internal to
/// the module.
static LLVM::GlobalOp createPoolGlobal(OpBuilder &b, Location loc,
                                       StringRef name, Type elem, int64_t n,
                                       uint64_t alignment) {
  auto type = LLVM::LLVMArrayType::get(elem, n);
  auto global = LLVM::GlobalOp::create(b, loc, type, /*isConstant=*/false,
                                       LLVM::Linkage::Internal, name,
                                       Attribute(), alignment, /*addrSpace=*/1);
  OpBuilder::InsertionGuard guard(b);
  b.createBlock(&global.getInitializerRegion());
  LLVM::ReturnOp::create(b, loc,
                         LLVM::ZeroOp::create(b, loc, type).getResult());
  return global;
}

/// Writes the fields of the tensor map at `map` (global) with LLVM's
/// tensormap.replace intrinsics: base `base` (i64), `sizes` (i32) and
/// outer `strides` (bytes, i64) innermost first, box `box` (the view's
/// dimension order), element type `dataType`, `swizzle` bytes, unit
/// element strides, no interleave, zero fill.
static void writeTensorMap(OpBuilder &b, Location loc, Value map, Value base,
                           ArrayRef<Value> sizes, ArrayRef<Value> strides,
                           ArrayRef<int64_t> box, int64_t swizzle,
                           unsigned dataType) {
  auto replace = [&](StringRef field, ArrayRef<Value> args) {
    SmallVector<Value> operands = {map};
    operands.append(args.begin(), args.end());
    LLVM::CallIntrinsicOp::create(
        b, loc, b.getStringAttr("llvm.nvvm.tensormap.replace." + field),
        operands, LLVM::FastmathFlagsAttr());
  };
  auto i32 = [&](int64_t v) {
    return LLVM::ConstantOp::create(b, loc, b.getI32Type(), v).getResult();
  };
  unsigned rank = box.size();
  replace("global.address", {base});
  replace("rank", {i32(rank - 1)});
  for (unsigned d = 0; d < rank; ++d) {
    replace("box.dim", {i32(d), i32(box[rank - 1 - d])});
    replace("global.dim", {i32(d), sizes[d]});
    replace("element.stride", {i32(d), i32(1)});
  }
  for (unsigned d = 0; d + 1 < rank; ++d)
    replace("global.stride", {i32(d), strides[d]});
  replace("elemtype", {i32(dataType)});
  replace("interleave.layout", {i32(0)});
  replace("swizzle.mode", {i32(swizzle == 0 ? 0 : llvm::Log2_64(swizzle) - 4)});
  replace("fill.mode", {i32(0)});
}

/// Lowers the tirx.tensor_maps and tirx.tensor_maps_release ops of every
/// kernel: one pool of kTensorMapSlots slots (each as many maps as the
/// kernel's largest tensor_maps) and a lock word per slot, module globals
/// named after the kernel.
static LogicalResult lowerTensorMaps(Operation *root) {
  SmallVector<gpu::GPUFuncOp> funcs;
  root->walk([&](gpu::GPUFuncOp f) { funcs.push_back(f); });
  MLIRContext *context = root->getContext();
  IRRewriter rewriter(context);
  OpBuilder &b = rewriter;
  auto globalPtr = LLVM::LLVMPointerType::get(context, 1);
  for (gpu::GPUFuncOp func : funcs) {
    SmallVector<tirx::TensorMapsOp> creates;
    SmallVector<tirx::TensorMapsReleaseOp> releases;
    func.walk([&](Operation *op) {
      if (auto c = dyn_cast<tirx::TensorMapsOp>(op))
        creates.push_back(c);
      else if (auto r = dyn_cast<tirx::TensorMapsReleaseOp>(op))
        releases.push_back(r);
    });
    if (creates.empty())
      continue;
    auto module = func->getParentOfType<gpu::GPUModuleOp>();
    if (!module)
      return creates.front()->emitOpError()
             << "expects to be inside a gpu.module";
    size_t maps = 0;
    for (tirx::TensorMapsOp c : creates)
      maps = std::max(maps, c.getMaps().size());
    int64_t slotBytes = int64_t(maps) * kTensorMapBytes;
    Location loc = func.getLoc();
    std::string poolName = ("__tirx_tensor_maps_" + func.getName()).str();
    std::string lockName = ("__tirx_tensor_map_locks_" + func.getName()).str();
    {
      OpBuilder::InsertionGuard guard(b);
      b.setInsertionPointToStart(module.getBody());
      createPoolGlobal(b, loc, poolName, b.getI8Type(),
                       kTensorMapSlots * slotBytes, kTensorMapBytes);
      createPoolGlobal(b, loc, lockName, b.getI32Type(), kTensorMapSlots, 4);
    }
    auto poolBase = [&](Location at) {
      return LLVM::AddressOfOp::create(b, at, globalPtr, poolName);
    };
    auto lockBase = [&](Location at) {
      return LLVM::AddressOfOp::create(b, at, globalPtr, lockName);
    };
    // Thread 0 of the CTA builds and releases the maps; in the producer
    // region of a tirx.warp_specialize, the one thread that runs it.
    auto isThread0 = [&](Operation *op) -> Value {
      Location at = op->getLoc();
      if (tirx::inProducerRegion(op))
        return arith::ConstantIntOp::create(b, at, 1, 1);
      return arith::CmpIOp::create(b, at, arith::CmpIPredicate::eq,
                                   emitThreadId(b, at), cstI32(b, at, 0));
    };

    for (tirx::TensorMapsOp op : creates) {
      rewriter.setInsertionPoint(op);
      Location at = op.getLoc();
      Type i32 = b.getI32Type();
      // Thread 0: the first free slot from the SM's own, taken with a
      // compare-and-swap of its lock from 0 to 1.
      auto ifOp = scf::IfOp::create(b, at, TypeRange{i32}, isThread0(op),
                                    /*withElse=*/true);
      {
        OpBuilder::InsertionGuard guard(b);
        b.setInsertionPointToStart(ifOp.elseBlock());
        scf::YieldOp::create(b, at, cstI32(b, at, 0));
        b.setInsertionPointToStart(ifOp.thenBlock());
        Value smid = NVVM::SmIdOp::create(b, at, i32);
        Value mask = cstI32(b, at, kTensorMapSlots - 1);
        Value start = arith::AndIOp::create(
            b, at,
            arith::MulIOp::create(b, at, smid,
                                  cstI32(b, at, kTensorMapSlotsPerSm)),
            mask);
        auto search =
            scf::WhileOp::create(b, at, TypeRange{i32}, ValueRange{start});
        {
          Block *before = b.createBlock(&search.getBefore(), {}, {i32}, {at});
          Value slot = before->getArgument(0);
          Value lock = LLVM::GEPOp::create(b, at, globalPtr, i32, lockBase(at),
                                           ValueRange{slot});
          auto cas = LLVM::AtomicCmpXchgOp::create(
              b, at, lock, cstI32(b, at, 0), cstI32(b, at, 1),
              LLVM::AtomicOrdering::acquire, LLVM::AtomicOrdering::monotonic,
              b.getStringAttr("device"));
          Value taken = LLVM::ExtractValueOp::create(b, at, cas, 1);
          Value busy = arith::XOrIOp::create(
              b, at, taken, arith::ConstantIntOp::create(b, at, 1, 1));
          scf::ConditionOp::create(b, at, busy, ValueRange{slot});
          Block *after = b.createBlock(&search.getAfter(), {}, {i32}, {at});
          Value next = arith::AndIOp::create(
              b, at,
              arith::AddIOp::create(b, at, after->getArgument(0),
                                    cstI32(b, at, 1)),
              mask);
          scf::YieldOp::create(b, at, next);
        }
        b.setInsertionPointAfter(search);
        Value slot = search.getResult(0);
        Value slotBase =
            LLVM::GEPOp::create(b, at, globalPtr, b.getI8Type(), poolBase(at),
                                ValueRange{arith::MulIOp::create(
                                    b, at, slot, cstI32(b, at, slotBytes))});
        Type i64 = b.getI64Type();
        for (auto [i, view] : llvm::enumerate(op.getViews())) {
          auto global = view.getDefiningOp<tirx::GlobalViewOp>();
          auto type = cast<tirx::BufferType>(view.getType());
          unsigned rank = type.getRank();
          Value map = LLVM::GEPOp::create(
              b, at, globalPtr, b.getI8Type(), slotBase,
              ValueRange{cstI32(b, at, int64_t(i) * kTensorMapBytes)});
          // Fields tensormap.replace does not name start from zero.
          for (int64_t w = 0; w < kTensorMapBytes / 8; ++w)
            LLVM::StoreOp::create(
                b, at, cstI64(b, at, 0),
                LLVM::GEPOp::create(b, at, globalPtr, i64, map,
                                    ValueRange{cstI32(b, at, w)}),
                /*alignment=*/8);
          SmallVector<OpFoldResult> mixedSizes = global.getMixedSizes();
          SmallVector<OpFoldResult> mixedStrides = global.getMixedStrides();
          SmallVector<Value> sizes, strides;
          for (unsigned d = rank; d-- > 0;)
            sizes.push_back(arith::TruncIOp::create(
                b, at, i32, toI64(b, at, mixedSizes[d])));
          int64_t bytes = type.getElementTypeBitWidth() / 8;
          for (unsigned d = rank - 1; d-- > 0;)
            strides.push_back(arith::MulIOp::create(
                b, at, toI64(b, at, mixedStrides[d]), cstI64(b, at, bytes)));
          std::optional<ArrayRef<bool>> tf32 = op.getTf32();
          writeTensorMap(b, at, map,
                         LLVM::PtrToIntOp::create(b, at, i64, global.getPtr()),
                         sizes, strides,
                         cast<DenseI64ArrayAttr>(op.getBoxes()[i]).asArrayRef(),
                         op.getSwizzles()[i],
                         *tirx::TensorMapsOp::getDataType(type.getElementType(),
                                                          tf32 && (*tf32)[i]));
        }
        // The generic-proxy writes, then the tensor-map proxy's view of
        // them (the TMA unit may hold an older map at these addresses).
        NVVM::FenceProxyReleaseOp::create(b, at, NVVM::MemScopeKind::GPU);
        auto generic = LLVM::LLVMPointerType::get(context);
        for (size_t i = 0; i < op.getMaps().size(); ++i) {
          Value map = LLVM::GEPOp::create(
              b, at, globalPtr, b.getI8Type(), slotBase,
              ValueRange{cstI32(b, at, int64_t(i) * kTensorMapBytes)});
          NVVM::FenceProxyAcquireOp::create(
              b, at, NVVM::MemScopeKind::GPU,
              LLVM::AddrSpaceCastOp::create(b, at, generic, map),
              cstI32(b, at, kTensorMapBytes));
        }
        scf::YieldOp::create(b, at, slot);
      }
      Value slotBase = LLVM::GEPOp::create(
          b, at, globalPtr, b.getI8Type(), poolBase(at),
          ValueRange{arith::MulIOp::create(b, at, ifOp.getResult(0),
                                           cstI32(b, at, slotBytes))});
      SmallVector<Value> results;
      for (size_t i = 0; i < op.getMaps().size(); ++i)
        results.push_back(LLVM::GEPOp::create(
            b, at, globalPtr, b.getI8Type(), slotBase,
            ValueRange{cstI32(b, at, int64_t(i) * kTensorMapBytes)}));
      rewriter.replaceOp(op, results);
    }

    for (tirx::TensorMapsReleaseOp op : releases) {
      rewriter.setInsertionPoint(op);
      Location at = op.getLoc();
      auto ifOp = scf::IfOp::create(b, at, isThread0(op), /*withElse=*/false);
      OpBuilder::InsertionGuard guard(b);
      b.setInsertionPointToStart(ifOp.thenBlock());
      Type i64 = b.getI64Type();
      Value offset = arith::SubIOp::create(
          b, at, LLVM::PtrToIntOp::create(b, at, i64, op.getMaps()),
          LLVM::PtrToIntOp::create(b, at, i64, poolBase(at)));
      Value slot =
          arith::DivUIOp::create(b, at, offset, cstI64(b, at, slotBytes));
      Value lock = LLVM::GEPOp::create(b, at, globalPtr, b.getI32Type(),
                                       lockBase(at), ValueRange{slot});
      // Every earlier access to the slot (the TMA copies completed) before
      // the lock is seen free.
      LLVM::FenceOp::create(b, at, LLVM::AtomicOrdering::release, "device");
      LLVM::AtomicRMWOp::create(
          b, at, LLVM::AtomicBinOp::xchg, lock, cstI32(b, at, 0),
          LLVM::AtomicOrdering::monotonic, b.getStringAttr("device"));
      rewriter.eraseOp(op);
    }
  }
  // A release whose maps were not made in a kernel has no pool.
  WalkResult left = root->walk([](tirx::TensorMapsReleaseOp op) {
    op->emitOpError() << "expects its tirx.tensor_maps in the same gpu.func";
    return WalkResult::interrupt();
  });
  return failure(left.wasInterrupted());
}

LogicalResult tileir::dispatch::lowerAsyncSyncOps(Operation *root) {
  if (failed(lowerTensorMaps(root)))
    return failure();
  SmallVector<Operation *> ops;
  root->walk([&](Operation *op) {
    if (isa<tirx::AsyncCommitOp, tirx::AsyncWaitOp, tirx::AsyncProxyFenceOp,
            tirx::MBarrierInitOp, tirx::MBarrierArriveExpectTxOp,
            tirx::MBarrierArriveOp, tirx::MBarrierWaitOp,
            tirx::MBarrierInvalOp>(op))
      ops.push_back(op);
  });
  IRRewriter rewriter(root->getContext());
  for (Operation *op : ops) {
    rewriter.setInsertionPoint(op);
    Location loc = op->getLoc();
    OpBuilder &b = rewriter;
    if (isa<tirx::AsyncCommitOp>(op)) {
      NVVM::CpAsyncCommitGroupOp::create(b, loc);
    } else if (auto wait = dyn_cast<tirx::AsyncWaitOp>(op)) {
      if (wait.getPending() > std::numeric_limits<int32_t>::max())
        return op->emitOpError() << "expects pending to fit in 32 bits, got "
                                 << wait.getPending();
      NVVM::CpAsyncWaitGroupOp::create(
          b, loc, b.getI32IntegerAttr(static_cast<int32_t>(wait.getPending())));
    } else if (isa<tirx::AsyncProxyFenceOp>(op)) {
      NVVM::FenceProxyOp::create(
          b, loc, NVVM::ProxyKind::async_shared,
          NVVM::SharedSpaceAttr::get(b.getContext(),
                                     NVVM::SharedSpace::shared_cta));
    } else if (auto init = dyn_cast<tirx::MBarrierInitOp>(op)) {
      NVVM::MBarrierInitOp::create(
          b, loc, barrierPointer(b, loc, init.getBarrier(), init.getIndex()),
          init.getCount(), Value());
    } else if (auto arrive = dyn_cast<tirx::MBarrierArriveExpectTxOp>(op)) {
      NVVM::MBarrierArriveExpectTxOp::create(
          b, loc, Type(),
          barrierPointer(b, loc, arrive.getBarrier(), arrive.getIndex()),
          arrive.getBytes(), NVVM::MemScopeKind::CTA, /*relaxed=*/false,
          Value());
    } else if (auto arrive = dyn_cast<tirx::MBarrierArriveOp>(op)) {
      NVVM::MBarrierArriveOp::create(
          b, loc, Type(),
          barrierPointer(b, loc, arrive.getBarrier(), arrive.getIndex()),
          Value());
    } else if (auto inval = dyn_cast<tirx::MBarrierInvalOp>(op)) {
      NVVM::MBarrierInvalOp::create(
          b, loc, barrierPointer(b, loc, inval.getBarrier(), inval.getIndex()));
    } else if (auto wait = dyn_cast<tirx::MBarrierWaitOp>(op)) {
      // The parity form spins in PTX until the phase completes.
      NVVM::MBarrierTryWaitParityOp::create(
          b, loc, barrierPointer(b, loc, wait.getBarrier(), wait.getIndex()),
          wait.getParity(), cstI32(b, loc, 0x989680));
    }
    rewriter.eraseOp(op);
  }
  return success();
}
