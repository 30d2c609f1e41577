//===- Atomic.cpp - CUDA variants of tirx.atomic and tirx.for_each --------===//
//
// Part of TileIR. Per-element side effects on register buffers:
//   tirx.atomic   privatized (30): what warp_aggregated takes, with an
//                 address window (`window`, from `assume bounded`) of at
//                 most 16 KiB: shared atomics on a CTA copy of the window,
//                 flushed with one global atomic per changed element.
//                 warp_aggregated (20): a relaxed integer read-modify-write
//                 whose old values are unused, per element: the warp's
//                 lanes that update one address (match.any.sync) combine
//                 their values (redux.sync) and the group's lowest lane
//                 updates once (a histogram's hot bin: one atomic per warp
//                 instead of one per lane).
//                 reg (10): per element, one llvm.atomicrmw / llvm.cmpxchg
//                 (with the op's ordering and syncscope) on the replica
//                 leader, predicated by the mask; used old values reach
//                 the other replicas by warp shuffles (replicas within a
//                 warp) or a shared scratch between CTA barriers.
//   tirx.for_each reg (10): per element, the body on the replica leader.
//
//===----------------------------------------------------------------------===//

#include "PerElement.h"
#include "Variants.h"

#include "tileir/Dialect/TirX/Utils/LayoutCodegen.h"
#include "tileir/Dispatch/Dispatch.h"
#include "tileir/Dispatch/Predicates.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/GPU/IR/GPUDialect.h"
#include "mlir/Dialect/LLVMIR/LLVMDialect.h"
#include "mlir/Dialect/LLVMIR/NVVMDialect.h"
#include "mlir/Dialect/MemRef/IR/MemRef.h"
#include "mlir/Dialect/SCF/IR/SCF.h"
#include "mlir/IR/IRMapping.h"
#include "llvm/ADT/StringSwitch.h"

#include <functional>

using namespace mlir;
using namespace tileir;
using namespace tileir::dispatch;
using layout::getIdleThreadMask;

namespace {

/// The shared memory a privatized atomic may take.
constexpr int64_t kMaxScratchBytes = 16 * 1024;

std::optional<LLVM::AtomicBinOp> binOp(StringRef kind) {
  return llvm::StringSwitch<std::optional<LLVM::AtomicBinOp>>(kind)
      .Case("add", LLVM::AtomicBinOp::add)
      .Case("fadd", LLVM::AtomicBinOp::fadd)
      .Case("xchg", LLVM::AtomicBinOp::xchg)
      .Case("and", LLVM::AtomicBinOp::_and)
      .Case("or", LLVM::AtomicBinOp::_or)
      .Case("xor", LLVM::AtomicBinOp::_xor)
      .Case("max", LLVM::AtomicBinOp::max)
      .Case("min", LLVM::AtomicBinOp::min)
      .Case("umax", LLVM::AtomicBinOp::umax)
      .Case("umin", LLVM::AtomicBinOp::umin)
      .Default(std::nullopt);
}

/// An atomicrmw with `ordering` as a relaxed atomicrmw between the fences
/// of the PTX memory model's release / acquire patterns: the NVPTX backend
/// emits `atom` without the ordering of atomicrmw (cmpxchg keeps it).
Value emitFencedRMW(OpBuilder &b, Location loc, LLVM::AtomicBinOp bin,
                    Value ptr, Value value, LLVM::AtomicOrdering ordering,
                    StringRef scope, unsigned align) {
  using LLVM::AtomicOrdering;
  if (ordering == AtomicOrdering::release ||
      ordering == AtomicOrdering::acq_rel)
    LLVM::FenceOp::create(b, loc, AtomicOrdering::release, scope);
  Value old = LLVM::AtomicRMWOp::create(
      b, loc, bin, ptr, value, AtomicOrdering::monotonic, scope, align);
  if (ordering == AtomicOrdering::acquire ||
      ordering == AtomicOrdering::acq_rel)
    LLVM::FenceOp::create(b, loc, AtomicOrdering::acquire, scope);
  return old;
}

/// One atomic on `ptr`: the old value.
Value emitOne(OpBuilder &b, Location loc, tirx::AtomicOp op, Value ptr,
              Value value, Value cmp) {
  LLVM::AtomicOrdering ordering =
      *LLVM::symbolizeAtomicOrdering(op.getOrdering());
  StringRef scope = op.getSyncscope();
  Type type = value.getType();
  unsigned align = std::max<unsigned>(1, type.getIntOrFloatBitWidth() / 8);
  if (op.getKind() != "cas")
    return emitFencedRMW(b, loc, *binOp(op.getKind()), ptr, value, ordering,
                         scope, align);
  // cmpxchg takes integers: floats go through their bits.
  Type bits = b.getIntegerType(type.getIntOrFloatBitWidth());
  if (type != bits) {
    value = LLVM::BitcastOp::create(b, loc, bits, value);
    cmp = LLVM::BitcastOp::create(b, loc, bits, cmp);
  }
  // The failure ordering is the load part of the success ordering.
  LLVM::AtomicOrdering failure = ordering;
  if (ordering == LLVM::AtomicOrdering::release)
    failure = LLVM::AtomicOrdering::monotonic;
  else if (ordering == LLVM::AtomicOrdering::acq_rel)
    failure = LLVM::AtomicOrdering::acquire;
  auto pair = LLVM::AtomicCmpXchgOp::create(b, loc, ptr, cmp, value, ordering,
                                            failure, scope, align);
  Value old = LLVM::ExtractValueOp::create(b, loc, pair, ArrayRef<int64_t>{0});
  if (type != bits)
    old = LLVM::BitcastOp::create(b, loc, type, old);
  return old;
}

/// The element type of an atomic's values (and old values).
Type atomicElementType(tirx::AtomicOp op) {
  if (op.getDst())
    return op.getDst().getType().getElementType();
  Type type = op.getValue().getType();
  if (auto buffer = dyn_cast<tirx::BufferType>(type))
    return buffer.getElementType();
  return type;
}

/// How the old values of a replicated tile reach the threads that did not
/// update: the updating thread (the replica leader) hands them over.
enum class Broadcast {
  /// Every thread holds its own elements, or the old values are unused.
  None,
  /// Replicas within a warp: `shfl.sync.idx` from the leader's lane.
  Shuffle,
  /// Replicas in several warps: through a shared scratch between CTA
  /// barriers.
  Shared,
};

/// The broadcast an atomic needs, or why none applies.
FailureOr<Broadcast> getBroadcast(tirx::AtomicOp op, const DispatchContext &ctx,
                                  std::string &why) {
  FailureOr<BitLayout> ptrBits =
      BitLayout::get(op.getPtrs().getType().getTileLayout());
  if (failed(ptrBits)) {
    why = "pointer layout is not a power-of-two layout";
    return failure();
  }
  BitLayout layout = *ptrBits;
  int64_t threads = ctx.getScopeThreads();
  int64_t idle = getIdleThreadMask(layout, threads);
  if (!op.getDst() || !idle)
    return Broadcast::None;
  unsigned bits = atomicElementType(op).getIntOrFloatBitWidth();
  if (idle < 32 && threads % 32 == 0 && bits <= 64)
    return Broadcast::Shuffle;
  if (ctx.getScope() != tirx::ExecScope::Cta) {
    why = "the old values of a tile replicated over warps reach the "
          "replicas through shared memory between CTA barriers: needs CTA "
          "scope, the call is at " +
          tirx::stringifyExecScope(ctx.getScope()).str();
    return failure();
  }
  int64_t bytes = (int64_t(1) << layout.getNumBits()) * std::max(1u, bits / 8);
  if (bytes > kMaxScratchBytes) {
    why = "the old values of a tile replicated over warps reach the "
          "replicas through a shared scratch of the whole tile: " +
          std::to_string(bytes) + " bytes exceed " +
          std::to_string(kMaxScratchBytes);
    return failure();
  }
  return Broadcast::Shared;
}

/// The old values of a replicated tile can reach every replica.
Predicate broadcastable() {
  return {"broadcastable", [](Operation *op, const DispatchContext &ctx) {
            std::string why;
            if (failed(getBroadcast(cast<tirx::AtomicOp>(op), ctx, why)))
              return Outcome::fail(why);
            return Outcome::ok();
          }};
}

/// `v` moved from lane `srcLane` of the warp (`gpu.shuffle idx`): 32-bit
/// words, narrower values zero-extended, 64-bit ones as two halves.
Value shuffleFrom(OpBuilder &b, Location loc, Value v, Value srcLane) {
  Type type = v.getType();
  unsigned bits = type.getIntOrFloatBitWidth();
  Type i32 = b.getI32Type(), word = b.getIntegerType(bits);
  Value width = arith::ConstantIntOp::create(b, loc, i32, 32);
  auto shuffle = [&](Value x) -> Value {
    return gpu::ShuffleOp::create(b, loc, x, srcLane, width,
                                  gpu::ShuffleMode::IDX)
        .getShuffleResult();
  };
  Value x = type == word ? v : arith::BitcastOp::create(b, loc, word, v);
  Value moved;
  if (bits == 64) {
    Type i64 = b.getI64Type();
    Value c32 = arith::ConstantIntOp::create(b, loc, i64, 32);
    Value lo = shuffle(arith::TruncIOp::create(b, loc, i32, x));
    Value hi = shuffle(arith::TruncIOp::create(
        b, loc, i32, arith::ShRUIOp::create(b, loc, x, c32)));
    moved = arith::OrIOp::create(
        b, loc, arith::ExtUIOp::create(b, loc, i64, lo),
        arith::ShLIOp::create(b, loc, arith::ExtUIOp::create(b, loc, i64, hi),
                              c32));
  } else if (bits == 32) {
    moved = shuffle(x);
  } else {
    moved = arith::TruncIOp::create(
        b, loc, word, shuffle(arith::ExtUIOp::create(b, loc, i32, x)));
  }
  return type == word
             ? moved
             : arith::BitcastOp::create(b, loc, type, moved).getResult();
}

Outcome emitAtomic(tirx::AtomicOp op, DispatchContext &ctx, RewriterBase &b) {
  Location loc = op.getLoc();
  auto ptrsType = op.getPtrs().getType();
  BitLayout layout = *BitLayout::get(ptrsType.getTileLayout());
  Type elem = atomicElementType(op);
  std::string why;
  FailureOr<Broadcast> broadcast = getBroadcast(op, ctx, why);
  if (failed(broadcast))
    return Outcome::fail(why);
  OpBuilder::InsertionGuard guard(b);
  Value tid = emitThreadId(b, loc);
  SmallVector<int64_t> flats = enumerateSubsets(layout.registerBits());
  // Shared broadcast: element f of the tile at scratch[f], f = the thread
  // part of the flat index | the register part (the same on every replica).
  Value scratch, threadFlat;
  if (*broadcast == Broadcast::Shared) {
    scratch = getStorage(
        b, loc, allocScratch(b, op, elem, int64_t(1) << layout.getNumBits()));
    threadFlat = arith::IndexCastUIOp::create(
        b, loc, b.getIndexType(),
        emitThreadBits(b, loc, layout, tid, 0, layout.getNumBits()));
  }
  auto scratchIndex = [&](int64_t flat) -> Value {
    return arith::OrIOp::create(b, loc, threadFlat,
                                arith::ConstantIndexOp::create(b, loc, flat));
  };
  Value storage = op.getDst() ? getStorage(b, loc, op.getDst()) : Value();
  BitLayout dstBits =
      op.getDst() ? *BitLayout::get(op.getDst().getType().getTileLayout())
                  : layout;
  auto slot = [&](int64_t flat) -> Value {
    return arith::ConstantIndexOp::create(b, loc, dstBits.storageIndex(flat));
  };
  scf::IfOp leaderIf;
  if (Value leader =
          emitIsReplicaLeader(b, loc, layout, tid, ctx.getScopeThreads())) {
    leaderIf = scf::IfOp::create(b, loc, leader, false);
    b.setInsertionPointToStart(leaderIf.thenBlock());
  }
  auto ptrType = LLVM::LLVMPointerType::get(b.getContext(), 1);
  for (int64_t flat : flats) {
    OpBuilder::InsertionGuard inner(b);
    Value ptr = LLVM::IntToPtrOp::create(
        b, loc, ptrType, readOperandElement(b, loc, op.getPtrs(), flat));
    Value value = readOperandElement(b, loc, op.getValue(), flat);
    Value cmp =
        op.getCmp() ? readOperandElement(b, loc, op.getCmp(), flat) : Value();
    Value old;
    if (op.getMask()) {
      Value mask = readOperandElement(b, loc, op.getMask(), flat);
      SmallVector<Type> types;
      if (storage)
        types.push_back(elem);
      auto ifOp = scf::IfOp::create(b, loc, types, mask, !!storage);
      b.setInsertionPointToStart(ifOp.thenBlock());
      Value result = emitOne(b, loc, op, ptr, value, cmp);
      if (storage) {
        scf::YieldOp::create(b, loc, result);
        b.setInsertionPointToStart(ifOp.elseBlock());
        // A masked-out compare-and-swap returns its expected value (as
        // cuTile and NVIDIA's tileiras); other masked-out atomics return
        // nothing defined.
        scf::YieldOp::create(
            b, loc,
            cmp ? cmp : LLVM::PoisonOp::create(b, loc, elem).getResult());
        old = ifOp.getResult(0);
      }
      b.setInsertionPointAfter(ifOp);
    } else {
      old = emitOne(b, loc, op, ptr, value, cmp);
    }
    if (!storage)
      continue;
    if (scratch)
      memref::StoreOp::create(b, loc, old, scratch,
                              ValueRange{scratchIndex(flat)});
    else
      memref::StoreOp::create(b, loc, old, storage, ValueRange{slot(flat)});
  }
  if (leaderIf)
    b.setInsertionPointAfter(leaderIf);
  switch (*broadcast) {
  case Broadcast::None:
    break;
  case Broadcast::Shuffle: {
    // Every lane reads its replica leader's old values (the leader's lane:
    // the idle bits cleared); the leader reads its own.
    Type i32 = b.getI32Type();
    Value srcLane = arith::AndIOp::create(
        b, loc, tid,
        arith::ConstantIntOp::create(
            b, loc, i32,
            31 & ~getIdleThreadMask(layout, ctx.getScopeThreads())));
    for (int64_t flat : flats) {
      Value old =
          memref::LoadOp::create(b, loc, storage, ValueRange{slot(flat)});
      memref::StoreOp::create(b, loc, shuffleFrom(b, loc, old, srcLane),
                              storage, ValueRange{slot(flat)});
    }
    break;
  }
  case Broadcast::Shared:
    // The leaders' stores are visible after the barrier; the second
    // barrier keeps the next use of the scratch from overwriting values
    // not yet read.
    gpu::BarrierOp::create(b, loc);
    for (int64_t flat : flats)
      memref::StoreOp::create(
          b, loc,
          memref::LoadOp::create(b, loc, scratch,
                                 ValueRange{scratchIndex(flat)}),
          storage, ValueRange{slot(flat)});
    gpu::BarrierOp::create(b, loc);
    break;
  }
  return Outcome::ok();
}

/// The redux.sync kind of an atomic kind whose updates of one address
/// combine into one (associative and commutative on 32-bit integers), with
/// the value that leaves an update unchanged.
std::optional<std::pair<NVVM::ReduxKind, int64_t>>
aggregatedKind(StringRef kind) {
  using K = NVVM::ReduxKind;
  return llvm::StringSwitch<std::optional<std::pair<K, int64_t>>>(kind)
      .Case("add", std::pair{K::ADD, 0})
      .Case("and", std::pair{K::AND, -1})
      .Case("or", std::pair{K::OR, 0})
      .Case("xor", std::pair{K::XOR, 0})
      .Case("max", std::pair{K::MAX, INT32_MIN})
      .Case("min", std::pair{K::MIN, INT32_MAX})
      .Case("umax", std::pair{K::UMAX, 0})
      .Case("umin", std::pair{K::UMIN, -1})
      .Default(std::nullopt);
}

/// The warp_aggregated variant applies: old values unused, a combinable
/// kind on 32-bit integers, relaxed ordering (one update standing for
/// several is then unobservable), and every thread of the CTA holding its
/// own elements (no replicas: all 32 lanes of each warp take part).
/// match.sync (sm_70) and redux.sync (sm_80) exist on every supported chip.
Predicate aggregatable() {
  return {"aggregatable", [](Operation *o, const DispatchContext &ctx) {
            auto op = cast<tirx::AtomicOp>(o);
            if (op.getDst())
              return Outcome::fail("the old values are used");
            if (!aggregatedKind(op.getKind()))
              return Outcome::fail("kind \"" + op.getKind() +
                                   "\" does not combine");
            Type elem = getElementTypeOrSelf(op.getValue().getType());
            if (auto buffer =
                    dyn_cast<tirx::BufferType>(op.getValue().getType()))
              elem = buffer.getElementType();
            if (!elem.isInteger(32))
              return Outcome::fail("needs 32-bit integers (redux.sync)");
            if (op.getOrdering() != "monotonic")
              return Outcome::fail("ordering \"" + op.getOrdering() +
                                   "\" is not relaxed");
            FailureOr<BitLayout> layout =
                BitLayout::get(op.getPtrs().getType().getTileLayout());
            if (failed(layout))
              return Outcome::fail("pointer layout is not a power-of-two "
                                   "layout");
            if (ctx.getCtaThreads() % 32 != 0 ||
                getIdleThreadMask(*layout, ctx.getCtaThreads()))
              return Outcome::fail("the layout replicates elements or leaves "
                                   "lanes idle");
            return Outcome::ok();
          }};
}

/// Per element of `op`: the warp's lanes that update one address find each
/// other (match.any.sync), combine their values (redux.sync) and the
/// group's lowest lane calls `update(address, combined)`. Masked-off lanes
/// join their address's group with the identity value; a group without an
/// active lane does not update.
void emitAggregatedUpdates(OpBuilder &b, Location loc, tirx::AtomicOp op,
                           function_ref<void(Value, Value)> update) {
  BitLayout layout = *BitLayout::get(op.getPtrs().getType().getTileLayout());
  auto [redux, identity] = *aggregatedKind(op.getKind());
  Type i32 = b.getI32Type();
  Value full = arith::ConstantIntOp::create(b, loc, i32, -1);
  Value zero = arith::ConstantIntOp::create(b, loc, i32, 0);
  Value below = NVVM::LaneMaskLtOp::create(b, loc, i32);
  for (int64_t flat : enumerateSubsets(layout.registerBits())) {
    OpBuilder::InsertionGuard inner(b);
    Value address = readOperandElement(b, loc, op.getPtrs(), flat);
    Value value = readOperandElement(b, loc, op.getValue(), flat);
    Value active;
    if (op.getMask()) {
      Value mask = readOperandElement(b, loc, op.getMask(), flat);
      value = arith::SelectOp::create(
          b, loc, mask, value,
          arith::ConstantIntOp::create(b, loc, i32, identity));
      active = NVVM::VoteSyncOp::create(b, loc, i32, full, mask,
                                        NVVM::VoteSyncKind::ballot);
    }
    Value peers = NVVM::MatchSyncOp::create(b, loc, i32, full, address,
                                            NVVM::MatchSyncKind::any);
    Value total = NVVM::ReduxOp::create(b, loc, i32, value, redux, peers);
    Value leader = arith::CmpIOp::create(
        b, loc, arith::CmpIPredicate::eq,
        arith::AndIOp::create(b, loc, peers, below), zero);
    if (active)
      leader = arith::AndIOp::create(
          b, loc, leader,
          arith::CmpIOp::create(b, loc, arith::CmpIPredicate::ne,
                                arith::AndIOp::create(b, loc, peers, active),
                                zero));
    auto ifOp = scf::IfOp::create(b, loc, leader, false);
    b.setInsertionPointToStart(ifOp.thenBlock());
    update(address, total);
  }
}

Outcome emitWarpAggregated(tirx::AtomicOp op, DispatchContext &,
                           RewriterBase &b) {
  Location loc = op.getLoc();
  auto ptrType = LLVM::LLVMPointerType::get(b.getContext(), 1);
  emitAggregatedUpdates(b, loc, op, [&](Value address, Value total) {
    Value ptr = LLVM::IntToPtrOp::create(b, loc, ptrType, address);
    emitOne(b, loc, op, ptr, total, Value());
  });
  return Outcome::ok();
}

/// The privatized variant applies to an aggregatable atomic whose window
/// fits the shared scratch limit.
Predicate privatizable() {
  return {"privatizable", [](Operation *o, const DispatchContext &) {
            auto op = cast<tirx::AtomicOp>(o);
            if (!op.getWindow())
              return Outcome::fail("no address window");
            if (*op.getWindowSize() * 4 > kMaxScratchBytes)
              return Outcome::fail(
                  "a window of " + std::to_string(*op.getWindowSize()) +
                  " elements exceeds " + std::to_string(kMaxScratchBytes) +
                  " bytes of shared memory");
            return Outcome::ok();
          }};
}

/// Privatized: the CTA's updates land in a shared copy of the window
/// (initialized to the identity; one shared atomic per element), then one
/// global atomic per window element that changed.
Outcome emitPrivatized(tirx::AtomicOp op, DispatchContext &ctx,
                       RewriterBase &b) {
  Location loc = op.getLoc();
  int64_t n = *op.getWindowSize();
  int64_t identityValue = aggregatedKind(op.getKind())->second;
  Type i32 = b.getI32Type(), i64 = b.getI64Type();
  Value scratch = allocScratch(b, op, i32, n);
  Value storage = getStorage(b, loc, scratch);
  Value shared = emitSharedPointer(b, loc, scratch);
  Value identity = arith::ConstantIntOp::create(b, loc, i32, identityValue);
  Value window = op.getWindow();
  // Thread t owns window elements t, t + T, ... when initializing and
  // flushing, so a flush and the next initialization (a loop) need no
  // barrier between them.
  auto ownedLoop = [&](function_ref<void(Value)> body) {
    Value tid = gpu::ThreadIdOp::create(b, loc, gpu::Dimension::x);
    auto loop = scf::ForOp::create(
        b, loc, tid, arith::ConstantIndexOp::create(b, loc, n),
        arith::ConstantIndexOp::create(b, loc, ctx.getCtaThreads()));
    OpBuilder::InsertionGuard guard(b);
    b.setInsertionPointToStart(loop.getBody());
    body(loop.getInductionVar());
  };
  ownedLoop([&](Value j) {
    memref::StoreOp::create(b, loc, identity, storage, ValueRange{j});
  });
  gpu::BarrierOp::create(b, loc);
  auto bin = *binOp(op.getKind());
  auto sharedUpdate = [&](Value address, Value total) {
    Value index = arith::ShRUIOp::create(
        b, loc, arith::SubIOp::create(b, loc, address, window),
        arith::ConstantIntOp::create(b, loc, i64, 2));
    Value ptr = LLVM::GEPOp::create(b, loc, shared.getType(), i32, shared,
                                    ValueRange{index});
    LLVM::AtomicRMWOp::create(b, loc, bin, ptr, total,
                              LLVM::AtomicOrdering::monotonic, "block", 4);
  };
  // Shared atomics need no warp aggregation: the hardware resolves lanes
  // on one address itself, and match.any + redux cost 10x the update
  // (H100: 2.0 ms vs 0.16 ms for 2^26 uniform values; docs/Performance.md).
  BitLayout layout = *BitLayout::get(op.getPtrs().getType().getTileLayout());
  for (int64_t flat : enumerateSubsets(layout.registerBits())) {
    OpBuilder::InsertionGuard inner(b);
    Value address = readOperandElement(b, loc, op.getPtrs(), flat);
    Value value = readOperandElement(b, loc, op.getValue(), flat);
    if (op.getMask()) {
      auto ifOp = scf::IfOp::create(
          b, loc, readOperandElement(b, loc, op.getMask(), flat), false);
      b.setInsertionPointToStart(ifOp.thenBlock());
    }
    sharedUpdate(address, value);
  }
  gpu::BarrierOp::create(b, loc);
  auto global = LLVM::LLVMPointerType::get(b.getContext(), 1);
  ownedLoop([&](Value j) {
    Value v = memref::LoadOp::create(b, loc, storage, ValueRange{j});
    Value changed =
        arith::CmpIOp::create(b, loc, arith::CmpIPredicate::ne, v, identity);
    auto ifOp = scf::IfOp::create(b, loc, changed, false);
    OpBuilder::InsertionGuard guard(b);
    b.setInsertionPointToStart(ifOp.thenBlock());
    Value offset = arith::ShLIOp::create(
        b, loc, arith::IndexCastUIOp::create(b, loc, i64, j),
        arith::ConstantIntOp::create(b, loc, i64, 2));
    Value ptr = LLVM::IntToPtrOp::create(
        b, loc, global,
        arith::AddIOp::create(b, loc, window, offset).getResult());
    emitOne(b, loc, op, ptr, v, Value());
  });
  return Outcome::ok();
}

Outcome emitForEach(tirx::ForEachOp op, DispatchContext &ctx, RewriterBase &b) {
  Location loc = op.getLoc();
  Value anchor = *llvm::find_if(op.getInputs(), [](Value v) {
    return isa<tirx::BufferType>(v.getType());
  });
  BitLayout layout =
      *BitLayout::get(cast<tirx::BufferType>(anchor.getType()).getTileLayout());
  OpBuilder::InsertionGuard guard(b);
  Value tid = emitThreadId(b, loc);
  if (Value leader =
          emitIsReplicaLeader(b, loc, layout, tid, ctx.getCtaThreads())) {
    auto ifOp = scf::IfOp::create(b, loc, leader, false);
    b.setInsertionPointToStart(ifOp.thenBlock());
  }
  Value threadPart = arith::ExtUIOp::create(
      b, loc, b.getI64Type(),
      emitThreadBits(b, loc, layout, tid, 0, layout.getNumBits()));
  Block &body = op.getBody().front();
  for (int64_t flat : enumerateSubsets(layout.registerBits())) {
    IRMapping mapping;
    for (auto [arg, input] :
         llvm::zip(body.getArguments().drop_back(), op.getInputs()))
      mapping.map(arg, readOperandElement(b, loc, input, flat));
    Value index = arith::OrIOp::create(
        b, loc, threadPart,
        arith::ConstantIntOp::create(b, loc, b.getI64Type(), flat));
    mapping.map(body.getArguments().back(), index);
    for (Operation &inner : body)
      b.clone(inner, mapping);
  }
  return Outcome::ok();
}

//===----------------------------------------------------------------------===//
// per_element
//===----------------------------------------------------------------------===//

/// Any layouts and memory scopes (PerElement.h): each element's atomic once,
/// by thread f mod T of the scope, under a branch on its mask; old values
/// reach a register destination's holders through a shared scratch.
GeneralElements describeAtomic(Operation *operation) {
  auto op = cast<tirx::AtomicOp>(operation);
  GeneralElements g;
  g.dst = op.getDst();
  g.sources = {op.getPtrs(), op.getValue()};
  if (op.getCmp())
    g.sources.push_back(op.getCmp());
  if (op.getMask())
    g.sources.push_back(op.getMask());
  g.once = true;
  Type elem = atomicElementType(op);
  bool hasCmp = bool(op.getCmp()), masked = bool(op.getMask());
  g.body = [=](OpBuilder &b, Location loc, ArrayRef<Value> v, Value) -> Value {
    auto update = [&]() -> Value {
      Value ptr = LLVM::IntToPtrOp::create(
          b, loc, LLVM::LLVMPointerType::get(b.getContext(), 1), v[0]);
      return emitOne(b, loc, op, ptr, v[1], hasCmp ? v[2] : Value());
    };
    Value zero =
        masked
            ? arith::ConstantOp::create(b, loc, b.getZeroAttr(elem)).getResult()
            : Value();
    return emitUnder(b, loc, masked ? v.back() : Value(), update, zero);
  };
  return g;
}

/// Any layouts and memory scopes: the body once per element, by thread
/// f mod T of the scope, with the flat index as i64.
GeneralElements describeForEach(Operation *operation) {
  auto op = cast<tirx::ForEachOp>(operation);
  GeneralElements g;
  g.sources = llvm::to_vector(op.getInputs());
  g.once = true;
  Block *body = &op.getBody().front();
  g.body = [body](OpBuilder &b, Location loc, ArrayRef<Value> v,
                  Value flat) -> Value {
    IRMapping mapping;
    for (auto [arg, value] : llvm::zip(body->getArguments().drop_back(), v))
      mapping.map(arg, value);
    mapping.map(body->getArguments().back(),
                arith::IndexCastUIOp::create(b, loc, b.getI64Type(), flat));
    for (Operation &inner : *body)
      b.clone(inner, mapping);
    return Value();
  };
  return g;
}

/// Registers a tirx.atomic variant: pred::registerElementwise (operand 0, the
/// destination when there is one, else the pointers, anchors the layouts),
/// then `extra`.
void addAtomicVariant(Registry &registry, StringRef name, int priority,
                      ArrayRef<Predicate> extra,
                      Outcome (*emit)(tirx::AtomicOp, DispatchContext &,
                                      RewriterBase &)) {
  Variant v;
  v.name = name.str();
  v.priority = priority;
  v.predicates = pred::registerElementwise([](Operation *op) -> unsigned {
    return cast<tirx::AtomicOp>(op).getDst() ? 1 : 0;
  });
  v.predicates.append(extra.begin(), extra.end());
  v.impl = [emit](Operation *op, DispatchContext &ctx, RewriterBase &b) {
    return emit(cast<tirx::AtomicOp>(op), ctx, b);
  };
  registry.add("tirx.atomic", "cuda", std::move(v));
}

} // namespace

void tileir::dispatch::registerCudaAtomicVariants(Registry &registry) {
  addAtomicVariant(registry, "reg", priority::kGeneral, {broadcastable()},
                   emitAtomic);
  addAtomicVariant(registry, "warp_aggregated", priority::kPreferred,
                   {aggregatable()}, emitWarpAggregated);
  addAtomicVariant(registry, "privatized", priority::kPreferred + 10,
                   {pred::execScopeIn({tirx::ExecScope::Cta}), aggregatable(),
                    privatizable()},
                   emitPrivatized);

  Variant forEach;
  forEach.name = "reg";
  forEach.predicates = pred::registerElementwise([](Operation *op) -> unsigned {
    auto it = llvm::find_if(op->getOperands(), [](Value v) {
      return isa<tirx::BufferType>(v.getType());
    });
    return it - op->operand_begin();
  });
  forEach.impl = [](Operation *op, DispatchContext &ctx, RewriterBase &b) {
    return emitForEach(cast<tirx::ForEachOp>(op), ctx, b);
  };
  registry.add("tirx.for_each", "cuda", std::move(forEach));

  addGeneralElementsVariant(registry, "tirx.atomic", describeAtomic);
  addGeneralElementsVariant(registry, "tirx.for_each", describeForEach);
}
