//===- PermuteLayout.cpp - CUDA variants of tirx.permute_layout -----------===//
//
// Part of TileIR. The conversion from cuda_tile states every change of a
// tile's register layout as a tirx.permute_layout at CTA scope; these
// variants choose how the elements move:
//   register_move    (20): every thread already holds the elements of the
//       destination it keeps (checkRegisterCompatible): a tirx.map that
//       copies register to register, dispatched at once.
//   warp_xor_swizzle (20): a warp's register tile moves to another register
//       layout through a per-warp shared scratch buffer: every lane writes
//       its source elements, the warp synchronizes, every lane reads its
//       destination elements. The scratch address of logical element f is
//       f with its bank bits XOR-ed by the next bank-sized group of bits,
//       so that a phase in which the 32 lanes walk one row (or one column)
//       of a 32-bank-wide tile hits 32 distinct banks.
//   shared_round_trip (10): at CTA scope, through a shared staging buffer:
//       tirx.copy local -> shared, a barrier, tirx.copy shared -> local,
//       each copy dispatched at once. The staging buffer is the layout
//       with fewest bank conflicts for the two walks
//       (layout::chooseStagingLayout): row-major, rows padded by 16 bytes,
//       or an XOR swizzle of 16-byte chunks. A tile over
//       tirx::kConversionBlockBytes goes in blocks (halving the outermost
//       dimensions while the bits that select a block are registers on
//       both sides); in a loop a final barrier protects the staging buffer
//       from the next iteration's writes.
//   decompose (-10, Compose.cpp): a tirx.copy between the two buffers.
//
//===----------------------------------------------------------------------===//

#include "CopyCodegen.h"
#include "Variants.h"

#include "tileir/Dialect/TirX/IR/MemoryTypes.h"
#include "tileir/Dialect/TirX/Utils/LayoutCodegen.h"
#include "tileir/Dialect/TirX/Utils/Utils.h"
#include "tileir/Dispatch/Dispatch.h"
#include "tileir/Dispatch/Predicates.h"
#include "tileir/Layout/SharedStaging.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/GPU/IR/GPUDialect.h"
#include "mlir/Dialect/LLVMIR/NVVMDialect.h"
#include "mlir/Dialect/MemRef/IR/MemRef.h"
#include "mlir/Dialect/SCF/IR/SCF.h"
#include "llvm/Support/MathExtras.h"

using namespace mlir;
using namespace tileir;
using namespace tileir::dispatch;
using layout::Iter;
using layout::TileLayout;

namespace {

//===----------------------------------------------------------------------===//
// register_move
//===----------------------------------------------------------------------===//

Predicate heldByDestinationThreads() {
  return {"heldByDestinationThreads",
          [](Operation *op, const DispatchContext &) {
            auto perm = cast<tirx::PermuteLayoutOp>(op);
            FailureOr<BitLayout> dst =
                BitLayout::get(perm.getDst().getType().getTileLayout());
            FailureOr<BitLayout> src =
                BitLayout::get(perm.getSrc().getType().getTileLayout());
            if (failed(dst) || failed(src))
              return Outcome::fail("expects power-of-two layouts");
            if (auto why = layout::checkRegisterCompatible(*dst, *src))
              return Outcome::fail(*why);
            return Outcome::ok();
          }};
}

Outcome emitRegisterMove(tirx::PermuteLayoutOp op, DispatchContext &ctx,
                         RewriterBase &rewriter) {
  Location loc = op.getLoc();
  auto map =
      tirx::MapOp::create(rewriter, loc, op.getDst(), ValueRange{op.getSrc()},
                          op.getScopeAttr(), nullptr, nullptr);
  {
    OpBuilder::InsertionGuard guard(rewriter);
    Block *body =
        tirx::createElementBody(rewriter, map.getBody(), op.getSrc(), loc);
    tirx::YieldOp::create(rewriter, loc, body->getArgument(0));
  }
  return dispatchPart(map, ctx, rewriter);
}

//===----------------------------------------------------------------------===//
// shared_round_trip
//===----------------------------------------------------------------------===//

/// The staging block shape of a round trip (the whole tile, or the block
/// each step moves).
struct RoundTrip {
  SmallVector<int64_t> blockShape;
};

int64_t elementCount(ArrayRef<int64_t> shape) {
  int64_t n = 1;
  for (int64_t e : shape)
    n *= e;
  return n;
}

Predicate stagingFits() {
  return {
      "stagingFits", [](Operation *op, const DispatchContext &ctx) {
        auto perm = cast<tirx::PermuteLayoutOp>(op);
        tirx::BufferType type = perm.getDst().getType();
        FailureOr<BitLayout> dst = BitLayout::get(type.getTileLayout());
        FailureOr<BitLayout> src =
            BitLayout::get(perm.getSrc().getType().getTileLayout());
        if (failed(dst) || failed(src))
          return Outcome::fail("expects power-of-two layouts");
        ArrayRef<int64_t> shape = type.getShape();
        int64_t elemBytes = tirx::getMemoryBytes(type.getElementType());
        RoundTrip plan{SmallVector<int64_t>(shape)};
        auto bytes = [&] { return elemBytes * elementCount(plan.blockShape); };
        for (unsigned d = 0;
             d < shape.size() && bytes() > tirx::kConversionBlockBytes; ++d) {
          unsigned first = layout::dimBitRange(shape, d).first;
          while (bytes() > tirx::kConversionBlockBytes &&
                 plan.blockShape[d] > 1) {
            unsigned bit = first + llvm::Log2_64(plan.blockShape[d]) - 1;
            if (dst->shard[bit].isThread() || src->shard[bit].isThread())
              break;
            plan.blockShape[d] /= 2;
          }
          if (plan.blockShape[d] > 1)
            break;
        }
        int64_t limit = ctx.getTarget().getMaxSharedMemoryPerCta();
        if (bytes() > limit)
          return Outcome::fail(
              "needs a layout conversion through " + std::to_string(bytes()) +
              " bytes of shared memory, more than the " +
              std::to_string(limit) + " a CTA may use on " +
              ctx.getTarget().getChip().str() +
              " (the tile cannot be converted in smaller blocks: their "
              "rows are on different threads)");
        return Outcome::ok(std::move(plan));
      }};
}

Outcome emitRoundTrip(tirx::PermuteLayoutOp op, DispatchContext &ctx,
                      RewriterBase &rewriter) {
  SmallVector<int64_t> blockShape = ctx.getPlan<RoundTrip>().blockShape;
  Location loc = op.getLoc();
  OpBuilder &b = rewriter;
  tirx::BufferType type = op.getDst().getType();
  ArrayRef<int64_t> shape = type.getShape();
  BitLayout dst = *BitLayout::get(type.getTileLayout());
  BitLayout src = *BitLayout::get(op.getSrc().getType().getTileLayout());
  int64_t numBlocks = elementCount(shape) / elementCount(blockShape);
  // Each block's views, in block order (the last dimension fastest).
  SmallVector<std::pair<Value, Value>> blocks;
  for (int64_t c = 0; c < numBlocks; ++c) {
    SmallVector<int64_t> k(shape.size());
    for (int64_t d = shape.size() - 1, rest = c; d >= 0; --d) {
      k[d] = rest % (shape[d] / blockShape[d]);
      rest /= shape[d] / blockShape[d];
    }
    if (numBlocks == 1)
      blocks.push_back({op.getSrc(), op.getDst()});
    else
      blocks.push_back(
          {tirx::emitBlockView(b, loc, op.getSrc(), src, shape, blockShape, k),
           tirx::emitBlockView(b, loc, op.getDst(), dst, shape, blockShape,
                               k)});
  }
  // Every block is walked alike: the staging buffer is chosen for the first.
  auto bitsOf = [](Value v) {
    return *BitLayout::get(cast<tirx::BufferType>(v.getType()).getTileLayout());
  };
  layout::StagingLayout staging = layout::chooseStagingLayout(
      bitsOf(blocks.front().first), bitsOf(blocks.front().second), blockShape,
      tirx::getMemoryBytes(type.getElementType()));
  return emitStagedCopies(op, op.getScopeAttr(), blocks, staging, blockShape,
                          type.getElementType(), ctx, rewriter);
}

//===----------------------------------------------------------------------===//
// warp_xor_swizzle
//===----------------------------------------------------------------------===//

Predicate permutableOperands() {
  return {"permutableOperands", [](Operation *op, const DispatchContext &) {
            auto perm = cast<tirx::PermuteLayoutOp>(op);
            auto type = perm.getDst().getType();
            unsigned bits = type.getElementTypeBitWidth();
            if (bits % 8 != 0 || bits > 128)
              return Outcome::fail("needs 1- to 16-byte elements, got " +
                                   std::to_string(bits) + " bits");
            for (Value v : {perm.getDst(), perm.getSrc()}) {
              auto t = cast<tirx::BufferType>(v.getType());
              FailureOr<BitLayout> layout = BitLayout::get(t.getTileLayout());
              if (failed(layout))
                return Outcome::fail("layout is not a power-of-two layout");
              for (const LayoutBit &bit : llvm::concat<const LayoutBit>(
                       layout->shard, layout->replica))
                if (bit.isThread() && bit.stride >= 32)
                  return Outcome::fail("layout spans more than one warp");
            }
            return Outcome::ok();
          }};
}

Outcome emitPermute(tirx::PermuteLayoutOp op, DispatchContext &ctx,
                    RewriterBase &rewriter) {
  Location loc = op.getLoc();
  OpBuilder &b = rewriter;
  auto type = op.getDst().getType();
  Type elemType = type.getElementType();
  int64_t elemBytes = type.getElementTypeBitWidth() / 8;
  int64_t numElements = type.getNumElements();
  BitLayout dst = *BitLayout::get(type.getTileLayout());
  BitLayout src = *BitLayout::get(op.getSrc().getType().getTileLayout());
  unsigned numBits = dst.getNumBits();

  // Per-warp scratch, allocated at the kernel entry (a workgroup
  // attribution after tirx-lower-buffers).
  int64_t warps = std::max<int64_t>(1, ctx.getCtaThreads() / 32);
  auto func = op->getParentOfType<gpu::GPUFuncOp>();
  Value scratch;
  {
    OpBuilder::InsertionGuard guard(b);
    b.setInsertionPointToStart(&func.getBody().front());
    auto layoutAttr = tirx::LayoutAttr::get(
        b.getContext(),
        layout::TileLayout({layout::Iter{warps * numElements, 1, "m"}}, {},
                           {}));
    auto scratchType =
        tirx::BufferType::get(b.getContext(), {warps * numElements}, elemType,
                              tirx::MemScope::Shared, layoutAttr);
    scratch = tirx::AllocOp::create(b, loc, scratchType);
  }
  Value storage = getStorage(b, loc, scratch);

  // Swizzle in element units: the bank bits start at bit `low` of the
  // element address and are `bankBits` wide.
  unsigned low = elemBytes < 4 ? llvm::Log2_64(4 / elemBytes) : 0;
  unsigned bankBits = elemBytes > 4 ? 5 - llvm::Log2_64(elemBytes / 4) : 5;
  Type i32 = b.getI32Type();
  auto c32 = [&](int64_t v) {
    return arith::ConstantIntOp::create(b, loc, i32, v).getResult();
  };
  Value tid = emitThreadId(b, loc);
  Value warpBase = arith::MulIOp::create(
      b, loc, arith::ShRUIOp::create(b, loc, tid, c32(5)), c32(numElements));
  auto address = [&](Value threadFlat, int64_t memFlat) {
    Value f = arith::OrIOp::create(b, loc, threadFlat, c32(memFlat));
    Value hi = arith::ShRUIOp::create(b, loc, f, c32(low + bankBits));
    hi = arith::AndIOp::create(b, loc, hi, c32((1 << bankBits) - 1));
    if (low)
      hi = arith::ShLIOp::create(b, loc, hi, c32(low));
    Value a = arith::AddIOp::create(b, loc, warpBase,
                                    arith::XOrIOp::create(b, loc, f, hi));
    return arith::IndexCastUIOp::create(b, loc, b.getIndexType(), a)
        .getResult();
  };

  // Phase 1: each lane writes its source elements (one lane per replica
  // group).
  Value srcStorage = getStorage(b, loc, op.getSrc());
  Value srcThread = emitThreadBits(b, loc, src, tid, 0, numBits);
  {
    OpBuilder::InsertionGuard guard(b);
    if (Value leader = emitIsReplicaLeader(b, loc, src, tid, 32)) {
      auto ifOp = scf::IfOp::create(b, loc, leader, /*withElse=*/false);
      b.setInsertionPointToStart(ifOp.thenBlock());
    }
    for (int64_t flat : enumerateSubsets(src.memoryBits())) {
      Value v = memref::LoadOp::create(
          b, loc, srcStorage,
          arith::ConstantIndexOp::create(b, loc, src.storageIndex(flat))
              .getResult());
      memref::StoreOp::create(b, loc, v, storage, address(srcThread, flat));
    }
  }
  Value fullMask = c32(-1);
  NVVM::SyncWarpOp::create(b, loc, fullMask);
  // Phase 2: each lane reads its destination elements.
  Value dstStorage = getStorage(b, loc, op.getDst());
  Value dstThread = emitThreadBits(b, loc, dst, tid, 0, numBits);
  for (int64_t flat : enumerateSubsets(dst.memoryBits())) {
    Value v = memref::LoadOp::create(b, loc, storage, address(dstThread, flat));
    memref::StoreOp::create(
        b, loc, v, dstStorage,
        arith::ConstantIndexOp::create(b, loc, dst.storageIndex(flat))
            .getResult());
  }
  // The scratch is reused by the warp's next permute.
  NVVM::SyncWarpOp::create(b, loc, fullMask);
  return Outcome::ok();
}

} // namespace

void tileir::dispatch::registerCudaPermuteLayoutVariants(Registry &registry) {
  Variant move;
  move.name = "register_move";
  move.priority = priority::kPreferred;
  move.predicates = {heldByDestinationThreads()};
  move.impl = [](Operation *op, DispatchContext &ctx, RewriterBase &rewriter) {
    return emitRegisterMove(cast<tirx::PermuteLayoutOp>(op), ctx, rewriter);
  };
  registry.add("tirx.permute_layout", "cuda", std::move(move));

  Variant v;
  v.name = "warp_xor_swizzle";
  v.priority = priority::kPreferred;
  v.predicates = {pred::allThreadsActive(),
                  pred::execScopeIn({tirx::ExecScope::Warp}),
                  pred::layoutThreadAxesMatchScope(), permutableOperands()};
  v.impl = [](Operation *op, DispatchContext &ctx, RewriterBase &rewriter) {
    return emitPermute(cast<tirx::PermuteLayoutOp>(op), ctx, rewriter);
  };
  registry.add("tirx.permute_layout", "cuda", std::move(v));

  Variant trip;
  trip.name = "shared_round_trip";
  trip.priority = priority::kGeneral;
  trip.predicates = {pred::allThreadsActive(),
                     pred::execScopeIn({tirx::ExecScope::Cta}), stagingFits()};
  trip.impl = [](Operation *op, DispatchContext &ctx, RewriterBase &rewriter) {
    return emitRoundTrip(cast<tirx::PermuteLayoutOp>(op), ctx, rewriter);
  };
  registry.add("tirx.permute_layout", "cuda", std::move(trip));
}
