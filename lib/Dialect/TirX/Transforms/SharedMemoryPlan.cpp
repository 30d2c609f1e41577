//===- SharedMemoryPlan.cpp - Byte offsets of a kernel's shared buffers ---===//
//
// Part of TileIR.
//
//===----------------------------------------------------------------------===//
//
// A live range is an interval of the ops of the block of the buffer's
// allocation: from the first to the last op of that block that holds a use. A
// use inside a loop (or any region) of that block extends the range over the
// whole op, so a buffer allocated outside a loop and used inside it is live
// through every iteration. Buffers whose ranges are disjoint, seen from the
// innermost block that holds both, may share bytes; they are packed greedily,
// largest first, at the lowest aligned offset that no live-overlapping buffer
// takes.
//
//===----------------------------------------------------------------------===//

#include "SharedMemoryPlan.h"

#include "tileir/Dialect/TirX/Utils/Utils.h"

#include "mlir/Dialect/LLVMIR/NVVMDialect.h"
#include "mlir/Dialect/SCF/IR/SCF.h"
#include "mlir/Interfaces/LoopLikeInterface.h"
#include "mlir/Interfaces/SideEffectInterfaces.h"
#include "llvm/ADT/DenseSet.h"
#include "llvm/ADT/SetVector.h"
#include "llvm/Support/MathExtras.h"

using namespace mlir;
using namespace mlir::tirx;

namespace {

/// The live range of a buffer: the block of its allocation and the first
/// and last of that block's ops that hold a use (no block: the range is
/// unbounded, the buffer gets bytes of its own).
struct LiveRange {
  Block *block = nullptr;
  Operation *start = nullptr, *end = nullptr;
  bool bounded() const { return block; }
};

/// Every thread of the CTA runs the ops of `block` (and reaches a CTA
/// barrier there): its enclosing ops are loops, branches on values that
/// are the same in every thread and the bodies of tirx.warp_specialize
/// (the kernel's threads, whose CTA barriers they are).
bool allThreadsRun(Block *block, Operation *func) {
  Region *region = block->getParent();
  for (Operation *op = block->getParentOp(); op && op != func;
       region = op->getParentRegion(), op = op->getParentOp()) {
    if (isa<LoopLikeOpInterface>(op))
      continue;
    if (isa<scf::IfOp>(op) && op->hasAttr(kUniformBranchAttr))
      continue;
    if (auto ws = dyn_cast<WarpSpecializeOp>(op); ws && region == &ws.getBody())
      continue;
    return false;
  }
  return true;
}

/// Whether `op` is a wait after which no access that `user` started to
/// shared memory is in flight.
bool completes(Operation *op, Operation *user) {
  if (isa<NVVM::WgmmaMmaAsyncOp>(user))
    if (auto wait = dyn_cast<NVVM::WgmmaWaitGroupSyncOp>(op))
      return wait.getGroup() == 0;
  if (isa<NVVM::CpAsyncBulkTensorSharedCTAToGlobalOp>(user))
    if (auto wait = dyn_cast<NVVM::CpAsyncBulkWaitGroupOp>(op))
      return wait.getGroup() == 0;
  if (isa<NVVM::CpAsyncOp>(user))
    if (auto wait = dyn_cast<NVVM::CpAsyncWaitGroupOp>(op))
      return wait.getN() == 0;
  return false;
}

/// For each value computed from a shared buffer without touching memory
/// (collectBufferUses), the buffers it is computed from.
using Derived = DenseMap<Value, llvm::SmallPtrSet<Operation *, 2>>;

/// The mbarrier that tracks `op`'s access to shared memory: a TMA load's
/// and the mbarrier operations' own; null for other ops.
Value trackingBarrier(Operation *op) {
  if (auto load = dyn_cast<NVVM::CpAsyncBulkTensorGlobalToSharedClusterOp>(op))
    return load.getMbar();
  if (auto init = dyn_cast<NVVM::MBarrierInitOp>(op))
    return init.getAddr();
  if (auto arrive = dyn_cast<NVVM::MBarrierArriveExpectTxOp>(op))
    return arrive.getAddr();
  if (auto arrive = dyn_cast<NVVM::MBarrierArriveOp>(op))
    return arrive.getAddr();
  if (auto wait = dyn_cast<NVVM::MBarrierTryWaitParityOp>(op))
    return wait.getAddr();
  return Value();
}

/// The op after which the accesses of `user` to shared memory are done:
/// `user` itself for synchronous ones; for an asynchronous one the first
/// wait for all its kind's groups that follows it in its block or an
/// enclosing one in `func`; for one tracked by an mbarrier (a TMA load, the
/// mbarrier's own operations) the first op after which every mbarrier it
/// may use has been invalidated (mbarrier.inval, in a branch or not, but not
/// in a loop: PTX lets a program invalidate an mbarrier only once no
/// transaction on it is pending). Null when none follows: the buffer's
/// range cannot be bounded.
Operation *accessEnd(Operation *user, Operation *func, const Derived &derived) {
  if (Value bar = trackingBarrier(user)) {
    auto it = derived.find(bar);
    if (it == derived.end())
      return nullptr;
    llvm::SmallPtrSet<Operation *, 2> pending = it->second;
    for (Operation *cur = user; cur != func; cur = cur->getParentOp())
      for (Operation *op = cur->getNextNode(); op; op = op->getNextNode()) {
        op->walk([&](NVVM::MBarrierInvalOp inval) {
          // Not inside a loop that may run no iteration (a branch on the
          // thread id is how one thread invalidates for the CTA).
          for (Operation *p = inval->getParentOp(); p != op->getParentOp();
               p = p->getParentOp())
            if (isa<LoopLikeOpInterface>(p))
              return;
          auto gone = derived.find(inval.getAddr());
          if (gone != derived.end() && gone->second.size() == 1)
            pending.erase(*gone->second.begin());
        });
        if (pending.empty())
          return op;
      }
    return nullptr;
  }
  bool async =
      isa<NVVM::WgmmaMmaAsyncOp, NVVM::CpAsyncBulkTensorSharedCTAToGlobalOp,
          NVVM::CpAsyncOp>(user);
  if (!async)
    return user;
  for (Operation *cur = user; cur != func; cur = cur->getParentOp())
    for (Operation *op = cur->getNextNode(); op; op = op->getNextNode())
      if (completes(op, user))
        return op;
  return nullptr;
}

/// The live range of `alloc`, whose uses are `uses` (null: they could not
/// be collected).
LiveRange liveRange(AllocOp alloc, Operation *func,
                    const std::optional<SmallVector<Operation *>> &uses,
                    const Derived &derived) {
  LiveRange range;
  Block *block = alloc->getBlock();
  if (!allThreadsRun(block, func) || !uses)
    return range;
  Operation *start = alloc, *end = alloc;
  bool used = false;
  for (Operation *use : *uses) {
    Operation *done = accessEnd(use, func, derived);
    if (!done)
      return range;
    Operation *first = block->findAncestorOpInBlock(*use);
    Operation *last = block->findAncestorOpInBlock(*done);
    if (!first || !last)
      return range;
    if (!used || first->isBeforeInBlock(start))
      start = first;
    if (!used || end->isBeforeInBlock(last))
      end = last;
    used = true;
  }
  range.block = block;
  range.start = start;
  range.end = end;
  return range;
}

/// Whether a CTA-wide barrier is one of the ops of [from, to) (not nested).
bool barrierIn(Block::iterator from, Block::iterator to) {
  for (Operation &op : llvm::make_range(from, to))
    if (isa<gpu::BarrierOp>(op) ||
        (isa<NVVM::BarrierOp>(op) && op.getNumOperands() == 0))
      return true;
  return false;
}

/// The innermost block that holds both `a` and `b`.
Block *commonBlock(Block *a, Block *b) {
  for (Block *x = a; x;
       x = x->getParentOp() ? x->getParentOp()->getBlock() : nullptr)
    for (Block *y = b; y;
         y = y->getParentOp() ? y->getParentOp()->getBlock() : nullptr)
      if (x == y)
        return x;
  return nullptr;
}

/// Two bounded live ranges seen from the innermost block that holds both:
/// the ops of that block that hold their first and last uses.
struct Lifted {
  Block *block;
  Operation *aFirst, *aLast, *bFirst, *bLast;
  Lifted(const LiveRange &a, const LiveRange &b)
      : block(commonBlock(a.block, b.block)),
        aFirst(block->findAncestorOpInBlock(*a.start)),
        aLast(block->findAncestorOpInBlock(*a.end)),
        bFirst(block->findAncestorOpInBlock(*b.start)),
        bLast(block->findAncestorOpInBlock(*b.end)) {}
};

/// Whether two buffers may be live at once. Ranges that meet in one op of
/// their common block (different regions of one op) count as overlapping.
bool overlap(const LiveRange &a, const LiveRange &b) {
  if (!a.bounded() || !b.bounded())
    return true;
  Lifted l(a, b);
  return !l.aLast->isBeforeInBlock(l.bFirst) &&
         !l.bLast->isBeforeInBlock(l.aFirst);
}

/// Inserts the barriers that let the second buffer of `l` reuse bytes of
/// the first (their ranges disjoint, the first one first): one before the
/// second's first use unless a barrier follows the first's last, and, inside
/// a loop, one before the first's first use of the next iteration unless a
/// barrier separates them on the way round.
void separate(const Lifted &l) {
  auto insertBefore = [](Operation *op) {
    OpBuilder b(op);
    gpu::BarrierOp::create(b, op->getLoc());
  };
  if (!barrierIn(std::next(l.aLast->getIterator()), l.bFirst->getIterator()))
    insertBefore(l.bFirst);
  bool inLoop = isa<LoopLikeOpInterface>(l.block->getParentOp()) ||
                l.block->getParentOp()->getParentOfType<LoopLikeOpInterface>();
  if (inLoop && !barrierIn(std::next(l.bLast->getIterator()), l.block->end()) &&
      !barrierIn(l.block->begin(), l.aFirst->getIterator()))
    insertBefore(l.aFirst);
}

} // namespace

SharedPlan mlir::tirx::planSharedMemory(gpu::GPUFuncOp func,
                                        ArrayRef<SharedBuffer> buffers) {
  SharedPlan plan;
  // The uses of every buffer first: an access tracked by an mbarrier ends
  // where every buffer its mbarrier may be is invalidated (accessEnd).
  SmallVector<std::optional<SmallVector<Operation *>>> uses;
  Derived derived;
  for (const SharedBuffer &buffer : buffers) {
    SmallVector<Operation *> users;
    llvm::SetVector<Value> values;
    if (failed(collectBufferUses(buffer.alloc, users, values))) {
      uses.emplace_back();
      continue;
    }
    for (Value v : values)
      derived[v].insert(buffer.alloc);
    uses.push_back(std::move(users));
  }
  SmallVector<LiveRange> ranges;
  for (auto [buffer, used] : llvm::zip(buffers, uses))
    ranges.push_back(liveRange(buffer.alloc, func, used, derived));

  // Largest first (then in program order): a greedy first fit.
  SmallVector<unsigned> order(buffers.size());
  for (unsigned i = 0; i < order.size(); ++i)
    order[i] = i;
  llvm::sort(order, [&](unsigned a, unsigned b) {
    return std::make_pair(-buffers[a].bytes, a) <
           std::make_pair(-buffers[b].bytes, b);
  });
  SmallVector<unsigned> placed;
  for (unsigned i : order) {
    const SharedBuffer &buffer = buffers[i];
    plan.maxAlign = std::max(plan.maxAlign, buffer.align);
    SmallVector<std::pair<int64_t, int64_t>> taken;
    for (unsigned j : placed)
      if (overlap(ranges[i], ranges[j]))
        taken.push_back({plan.offset[buffers[j].alloc],
                         plan.offset[buffers[j].alloc] + buffers[j].bytes});
    llvm::sort(taken);
    int64_t offset = 0;
    for (auto [lo, hi] : taken)
      if (offset + buffer.bytes > lo)
        offset = std::max(offset, int64_t(llvm::alignTo(hi, buffer.align)));
    plan.offset[buffer.alloc] = offset;
    plan.bytes = std::max(plan.bytes, offset + buffer.bytes);
    placed.push_back(i);
  }

  // Barriers between buffers that share bytes, in program order.
  for (unsigned i = 0; i < buffers.size(); ++i)
    for (unsigned j = 0; j < buffers.size(); ++j) {
      if (i == j || overlap(ranges[i], ranges[j]))
        continue;
      int64_t a = plan.offset[buffers[i].alloc];
      int64_t b = plan.offset[buffers[j].alloc];
      if (a >= b + buffers[j].bytes || b >= a + buffers[i].bytes)
        continue;
      Lifted l(ranges[i], ranges[j]);
      if (l.aLast->isBeforeInBlock(l.bFirst))
        separate(l);
    }
  return plan;
}
