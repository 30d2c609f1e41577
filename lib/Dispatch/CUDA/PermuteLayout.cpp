//===- PermuteLayout.cpp - CUDA variants of tirx.permute_layout -----------===//
//
// Part of TileIR.
//   warp_xor_swizzle (20): a warp's register tile moves to another register
//       layout through a per-warp shared scratch buffer: every lane writes
//       its source elements, the warp synchronizes, every lane reads its
//       destination elements. The scratch address of logical element f is
//       f with its bank bits XOR-ed by the next bank-sized group of bits,
//       so that a phase in which the 32 lanes walk one row (or one column)
//       of a 32-bank-wide tile hits 32 distinct banks.
//
//===----------------------------------------------------------------------===//

#include "tileir/Dialect/TirX/Utils/LayoutCodegen.h"
#include "tileir/Dispatch/Dispatch.h"
#include "tileir/Dispatch/Predicates.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/GPU/IR/GPUDialect.h"
#include "mlir/Dialect/LLVMIR/NVVMDialect.h"
#include "mlir/Dialect/MemRef/IR/MemRef.h"
#include "mlir/Dialect/SCF/IR/SCF.h"
#include "llvm/Support/MathExtras.h"

using namespace mlir;
using namespace tileir;
using namespace tileir::dispatch;
using layout::BitLayout;
using layout::enumerateSubsets;
using layout::LayoutBit;
using tirx::emitIsReplicaLeader;
using tirx::emitThreadBits;
using tirx::emitThreadId;
using tirx::getStorage;

namespace {

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
}
