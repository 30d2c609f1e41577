//===- WarpSpecialize.cpp - Producer warps of tirx.warp_specialize --------===//
//
// Part of TileIR. See WarpSpecialize.h and the op's description.
//
//===----------------------------------------------------------------------===//

#include "WarpSpecialize.h"

#include "tileir/Dialect/TirX/IR/TirX.h"
#include "tileir/Dialect/TirX/Utils/Utils.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/LLVMIR/LLVMDialect.h"
#include "mlir/Dialect/LLVMIR/NVVMDialect.h"
#include "mlir/Dialect/MemRef/IR/MemRef.h"
#include "mlir/Dialect/SCF/IR/SCF.h"
#include "mlir/IR/IRMapping.h"
#include "mlir/Interfaces/SideEffectInterfaces.h"

using namespace mlir;
using namespace mlir::tirx;

namespace {
/// Clones into the producer warps the values their regions use from the
/// kernel's body (tirx::findNotRecomputable: back to the kernel's
/// arguments through ops without memory effects, regions or thread ids).
struct Recompute {
  OpBuilder &b;
  Block *entry;
  IRMapping mapping;

  FailureOr<Value> get(Value v, Operation *user) {
    if (Operation *bad = findNotRecomputable(v, entry))
      return user->emitOpError()
             << "is in a producer region and uses a value of '"
             << bad->getName()
             << "', which the producer warps cannot compute again (a "
                "thread id, memory access or region)";
    return clone(v);
  }

  Value clone(Value v) {
    if (Value known = mapping.lookupOrNull(v))
      return known;
    Operation *def = v.getDefiningOp();
    if (!def)
      return v; // an argument of the kernel
    for (Value operand : def->getOperands())
      clone(operand);
    return b.clone(*def, mapping)
        ->getResult(cast<OpResult>(v).getResultNumber());
  }
};
} // namespace

LogicalResult mlir::tirx::lowerWarpSpecialize(gpu::GPUFuncOp func) {
  SmallVector<WarpSpecializeOp> ops;
  func.walk([&](WarpSpecializeOp op) { ops.push_back(op); });
  if (ops.empty())
    return success();
  StringRef reqntidName = NVVM::NVVMDialect::getReqntidAttrName();
  auto reqntid = func->getAttrOfType<DenseI32ArrayAttr>(reqntidName);
  if (!reqntid || reqntid.size() != 3 || reqntid[1] != 1 || reqntid[2] != 1)
    return ops.front()->emitOpError()
           << "expects its kernel to fix a 1-D CTA size (nvvm.reqntid)";
  int64_t workers = reqntid[0], producerWarps = 0;
  for (WarpSpecializeOp op : ops) {
    if (op->getParentOp() != func.getOperation())
      return op->emitOpError() << "expects to be directly in the kernel's body";
    producerWarps = std::max(producerWarps, int64_t(op.getProducerWarps()));
  }
  int64_t total = workers + 32 * producerWarps;
  // Named barriers after the warpgroups' (1 + warpgroup index, see
  // tirx.barrier): the fewer ids a kernel uses, the fewer ptxas reserves.
  unsigned startBarrier = 1 + llvm::divideCeil(workers, 128),
           endBarrier = startBarrier + 1;

  Block &entry = func.getBody().front();
  if (func.getBody().getBlocks().size() != 1)
    return ops.front()->emitOpError()
           << "expects its kernel's body to be one block";
  MLIRContext *ctx = func.getContext();
  OpBuilder b(ctx);
  auto i32 = [&](Location loc, int64_t v) -> Value {
    return arith::ConstantIntOp::create(b, loc, b.getI32Type(), v);
  };
  // The kernel's own threads synchronize among themselves with aligned
  // barriers (every warp converged, the same instruction); the start and
  // end barriers are reached at different instructions by the kernel's
  // threads and the producer warps, which needs PTX's non-aligned
  // `barrier.sync` / `barrier.arrive`.
  auto ownBarrier = [&](Location loc, int64_t threads) {
    NVVM::BarrierOp::create(b, loc, Type(), i32(loc, 0), i32(loc, threads),
                            NVVM::BarrierReductionAttr(), Value());
  };
  auto namedBarrier = [&](Location loc, unsigned id, int64_t threads,
                          bool arrive = false) {
    LLVM::CallIntrinsicOp::create(
        b, loc,
        b.getStringAttr(arrive ? "llvm.nvvm.barrier.cta.arrive.count"
                               : "llvm.nvvm.barrier.cta.sync.count"),
        ValueRange{i32(loc, id), i32(loc, threads)});
  };

  // A cluster barrier waits for every thread of the CTA, which the
  // producer warps never reach.
  WalkResult cluster = func.walk([&](Operation *op) {
    if (isa<NVVM::ClusterArriveOp, NVVM::ClusterArriveRelaxedOp,
            NVVM::ClusterWaitOp>(op)) {
      op->emitOpError() << "is a cluster barrier in a kernel with producer "
                           "warps (tirx.warp_specialize), which never reach it";
      return WalkResult::interrupt();
    }
    return WalkResult::advance();
  });
  if (cluster.wasInterrupted())
    return failure();

  // The kernel's CTA barriers wait for its own threads only.
  SmallVector<gpu::BarrierOp> barriers;
  func.walk([&](gpu::BarrierOp op) { barriers.push_back(op); });
  for (gpu::BarrierOp op : barriers) {
    if (inProducerRegion(op))
      return op->emitOpError() << "is in a producer region (one thread)";
    b.setInsertionPoint(op);
    ownBarrier(op.getLoc(), workers);
    op.erase();
  }

  // The kernel's threads branch to the body, the producer warps to the
  // producer regions.
  Operation *terminator = entry.getTerminator();
  Location loc = func.getLoc();
  b.setInsertionPointToStart(&entry);
  Value tid = gpu::ThreadIdOp::create(b, loc, gpu::Dimension::x);
  Value isProducer =
      arith::CmpIOp::create(b, loc, arith::CmpIPredicate::uge, tid,
                            arith::ConstantIndexOp::create(b, loc, workers));
  auto split = scf::IfOp::create(b, loc, isProducer, /*withElse=*/true);
  Block *workerBlock = split.elseBlock();
  Block *producerBlock = split.thenBlock();
  workerBlock->getOperations().splice(
      workerBlock->begin(), entry.getOperations(),
      std::next(split->getIterator()), terminator->getIterator());
  // Per-thread storage stays in the entry block, where LLVM promotes it to
  // registers.
  for (Operation &op : llvm::make_early_inc_range(*workerBlock))
    if (isa<memref::AllocaOp>(op))
      op.moveBefore(split);

  b.setInsertionPointToStart(producerBlock);
  Value first =
      arith::CmpIOp::create(b, loc, arith::CmpIPredicate::eq, tid,
                            arith::ConstantIndexOp::create(b, loc, workers));
  // Values computed again in the producer warps go before their first
  // region's start barrier.
  Operation *recomputeAt = first.getDefiningOp();
  for (WarpSpecializeOp op : ops) {
    Location at = op.getLoc();
    // Producer warps: start barrier, the region (one thread), end barrier.
    b.setInsertionPoint(producerBlock->getTerminator());
    namedBarrier(at, startBarrier, total);
    auto one = scf::IfOp::create(b, at, first, /*withElse=*/false);
    namedBarrier(at, endBarrier, total);
    OpBuilder cloner(ctx);
    Recompute recompute{cloner, &entry, {}};
    cloner.setInsertionPoint(recomputeAt);
    b.setInsertionPoint(one.thenBlock()->getTerminator());
    Block &region = op.getProducerBlock();
    WalkResult status = region.walk([&](Operation *inner) {
      for (Value operand : inner->getOperands()) {
        Region *def = operand.getParentRegion();
        if (op.getProducer().isAncestor(def))
          continue;
        FailureOr<Value> v = recompute.get(operand, inner);
        if (failed(v))
          return WalkResult::interrupt();
      }
      return WalkResult::advance();
    });
    if (status.wasInterrupted())
      return failure();
    for (Operation &inner : region)
      b.clone(inner, recompute.mapping);

    // The kernel's threads: start (arrive), the body, end barrier.
    b.setInsertionPoint(op);
    namedBarrier(at, startBarrier, total, /*arrive=*/true);
    Block &body = op.getBodyBlock();
    op->getBlock()->getOperations().splice(op->getIterator(),
                                           body.getOperations());
    namedBarrier(at, endBarrier, total);
    op.erase();
  }
  func->setAttr(reqntidName,
                DenseI32ArrayAttr::get(ctx, {int32_t(total), 1, int32_t(1)}));
  return success();
}
