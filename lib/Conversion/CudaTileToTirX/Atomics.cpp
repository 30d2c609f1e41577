//===- Atomics.cpp - atomic_rmw, atomic_cas, atomic_red_view --------------===//
//
// Part of TileIR. convert-cuda-tile-to-tirx: atomics. A tile of pointers
// becomes tirx.atomic (one llvm.atomicrmw / cmpxchg per element, with the
// op's ordering and syncscope); a single pointer is updated by thread 0 and
// its old value broadcast to the CTA through shared memory when used.
//
//===----------------------------------------------------------------------===//

#include "EntryLowering.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/GPU/IR/GPUDialect.h"
#include "mlir/Dialect/LLVMIR/LLVMDialect.h"
#include "mlir/Dialect/MemRef/IR/MemRef.h"
#include "mlir/Dialect/SCF/IR/SCF.h"
#include "llvm/ADT/StringSwitch.h"
#include "llvm/ADT/TypeSwitch.h"

using namespace mlir;
using namespace mlir::tileir;

/// The tirx.atomic kind of a cuda_tile mode.
static StringRef atomicKind(ct::AtomicRMWMode mode) {
  switch (mode) {
  case ct::AtomicRMWMode::And:
    return "and";
  case ct::AtomicRMWMode::Or:
    return "or";
  case ct::AtomicRMWMode::Xor:
    return "xor";
  case ct::AtomicRMWMode::Add:
    return "add";
  case ct::AtomicRMWMode::AddF:
    return "fadd";
  case ct::AtomicRMWMode::Max:
    return "max";
  case ct::AtomicRMWMode::Min:
    return "min";
  case ct::AtomicRMWMode::UMax:
    return "umax";
  case ct::AtomicRMWMode::UMin:
    return "umin";
  case ct::AtomicRMWMode::XChg:
    return "xchg";
  }
  return "";
}

/// The LLVM ordering of an atomic's ordering semantics (weak: none).
static std::optional<StringRef>
atomicOrdering(ct::MemoryOrderingSemantics ordering) {
  switch (ordering) {
  case ct::MemoryOrderingSemantics::Weak:
    return std::nullopt;
  case ct::MemoryOrderingSemantics::Relaxed:
    return StringRef("monotonic");
  case ct::MemoryOrderingSemantics::Acquire:
    return StringRef("acquire");
  case ct::MemoryOrderingSemantics::Release:
    return StringRef("release");
  case ct::MemoryOrderingSemantics::AcqRel:
    return StringRef("acq_rel");
  }
  return std::nullopt;
}

/// The NVPTX syncscope of a memory scope (sys: the empty scope).
static StringRef syncScope(ct::MemoryScope scope) {
  switch (scope) {
  case ct::MemoryScope::TlBlk:
    return "block";
  case ct::MemoryScope::Device:
    return "device";
  case ct::MemoryScope::Sys:
    return "";
  }
  return "";
}

Value EntryLowering::fromThread0(Type type, Location loc, Value cond,
                                 function_ref<Value()> compute) {
  Value tid = gpu::ThreadIdOp::create(b, loc, gpu::Dimension::x);
  Value first =
      arith::CmpIOp::create(b, loc, arith::CmpIPredicate::eq, tid,
                            arith::ConstantIndexOp::create(b, loc, 0));
  if (cond)
    first = arith::AndIOp::create(b, loc, first, cond);
  Value slot;
  if (type) {
    // A one-element shared slot; the barrier before the write keeps a
    // previous read of the slot (in a loop) ahead of it.
    auto memrefType =
        MemRefType::get({1}, type, MemRefLayoutAttrInterface(),
                        gpu::AddressSpaceAttr::get(
                            b.getContext(), gpu::AddressSpace::Workgroup));
    slot = func.addWorkgroupAttribution(memrefType, loc);
    gpu::BarrierOp::create(b, loc);
  }
  auto ifOp = scf::IfOp::create(b, loc, first, false);
  {
    OpBuilder::InsertionGuard guard(b);
    b.setInsertionPointToStart(ifOp.thenBlock());
    Value v = compute();
    if (slot)
      memref::StoreOp::create(
          b, loc, v, slot,
          ValueRange{arith::ConstantIndexOp::create(b, loc, 0).getResult()});
  }
  if (!slot)
    return Value();
  gpu::BarrierOp::create(b, loc);
  return memref::LoadOp::create(
      b, loc, slot,
      ValueRange{arith::ConstantIndexOp::create(b, loc, 0).getResult()});
}

/// The address window of a tile of pointers `offset(base, idx)` with a
/// uniform base and offsets assumed `bounded<lb, ub>`: the i64 address of
/// element lb and the ub - lb + 1 elements (whether a window is small
/// enough to privatize is the dispatch variant's decision).
static std::optional<std::pair<Value, int64_t>>
pointerWindow(EntryLowering &l, Value pointers, Type elem, Location loc) {
  auto offset = pointers.getDefiningOp<ct::OffsetOp>();
  if (!offset)
    return std::nullopt;
  Value base = l.get(offset.getPtr());
  if (!base || !isa<LLVM::LLVMPointerType>(base.getType()))
    return std::nullopt;
  auto bounded =
      dyn_cast_or_null<ct::BoundedAttr>(l.assumption(offset.getOffset()));
  if (!bounded || !bounded.getLb() || !bounded.getUb())
    return std::nullopt;
  int64_t lb = *bounded.getLb(), ub = *bounded.getUb();
  OpBuilder &b = l.b;
  Type i64 = b.getI64Type();
  Value first = LLVM::GEPOp::create(
      b, loc, base.getType(), elem, base,
      ValueRange{arith::ConstantIntOp::create(b, loc, i64, lb).getResult()});
  return std::pair{LLVM::PtrToIntOp::create(b, loc, i64, first).getResult(),
                   ub - lb + 1};
}

/// Lowers an atomic on `pointers` (rank 0: one address; else a tile).
static LogicalResult lowerAtomic(EntryLowering &l, Operation *op,
                                 Value pointers, Value value, Value cmp,
                                 Value mask, Value result, Value token,
                                 Value resultToken, StringRef kind,
                                 ct::MemoryOrderingSemantics semantics,
                                 ct::MemoryScope scope) {
  OpBuilder &b = l.b;
  Location loc = op->getLoc();
  std::optional<StringRef> ordering = atomicOrdering(semantics);
  if (!ordering)
    return l.fail(op, "expects a relaxed, acquire, release or acq_rel "
                      "ordering, got weak");
  l.syncAfterStores(token, loc);
  StringRef syncscope = syncScope(scope);
  auto tileType = cast<ct::TileType>(value.getType());
  Type elem = tileType.getElementType();
  bool used = result && !result.use_empty();
  if (tileType.getRank() == 0) {
    Value ptr = l.get(pointers), v = l.get(value);
    Value c = cmp ? l.get(cmp) : Value();
    Value m = mask ? l.get(mask) : Value();
    Value old = l.fromThread0(used ? elem : Type(), loc, m, [&]() -> Value {
      auto ord = *LLVM::symbolizeAtomicOrdering(*ordering);
      unsigned align = std::max<unsigned>(1, elem.getIntOrFloatBitWidth() / 8);
      if (!c) {
        LLVM::AtomicBinOp bin = llvm::StringSwitch<LLVM::AtomicBinOp>(kind)
                                    .Case("and", LLVM::AtomicBinOp::_and)
                                    .Case("or", LLVM::AtomicBinOp::_or)
                                    .Case("xor", LLVM::AtomicBinOp::_xor)
                                    .Case("add", LLVM::AtomicBinOp::add)
                                    .Case("fadd", LLVM::AtomicBinOp::fadd)
                                    .Case("max", LLVM::AtomicBinOp::max)
                                    .Case("min", LLVM::AtomicBinOp::min)
                                    .Case("umax", LLVM::AtomicBinOp::umax)
                                    .Case("umin", LLVM::AtomicBinOp::umin)
                                    .Default(LLVM::AtomicBinOp::xchg);
        // NVPTX emits atom without the atomicrmw's ordering: a relaxed
        // atom between the release / acquire fences of the PTX model.
        if (ord == LLVM::AtomicOrdering::release ||
            ord == LLVM::AtomicOrdering::acq_rel)
          LLVM::FenceOp::create(b, loc, LLVM::AtomicOrdering::release,
                                syncscope);
        Value old = LLVM::AtomicRMWOp::create(b, loc, bin, ptr, v,
                                              LLVM::AtomicOrdering::monotonic,
                                              syncscope, align);
        if (ord == LLVM::AtomicOrdering::acquire ||
            ord == LLVM::AtomicOrdering::acq_rel)
          LLVM::FenceOp::create(b, loc, LLVM::AtomicOrdering::acquire,
                                syncscope);
        return old;
      }
      Type bits = b.getIntegerType(elem.getIntOrFloatBitWidth());
      if (elem != bits) {
        v = LLVM::BitcastOp::create(b, loc, bits, v);
        c = LLVM::BitcastOp::create(b, loc, bits, c);
      }
      auto failure =
          ord == LLVM::AtomicOrdering::release ? LLVM::AtomicOrdering::monotonic
          : ord == LLVM::AtomicOrdering::acq_rel ? LLVM::AtomicOrdering::acquire
                                                 : ord;
      Value pair = LLVM::AtomicCmpXchgOp::create(b, loc, ptr, c, v, ord,
                                                 failure, syncscope, align);
      Value oldBits =
          LLVM::ExtractValueOp::create(b, loc, pair, ArrayRef<int64_t>{0});
      return elem == bits
                 ? oldBits
                 : LLVM::BitcastOp::create(b, loc, elem, oldBits).getResult();
    });
    if (used)
      l.map(result, old);
    l.markToken(resultToken, true);
    return success();
  }
  Value ptrs = l.getBuffer(pointers, loc);
  Value dst = used ? l.allocBlocked(tileType, loc) : Value();
  auto window = pointerWindow(l, pointers, elem, loc);
  tirx::AtomicOp::create(
      b, loc, dst, ptrs, l.get(value), cmp ? l.get(cmp) : Value(),
      mask ? l.get(mask) : Value(), window ? window->first : Value(),
      b.getStringAttr(kind), b.getStringAttr(*ordering),
      b.getStringAttr(syncscope),
      window ? b.getI64IntegerAttr(window->second) : IntegerAttr(), l.cta(),
      nullptr, nullptr);
  if (used)
    l.map(result, dst);
  l.markToken(resultToken, true);
  return success();
}

std::optional<LogicalResult> EntryLowering::lowerAtomicOp(Operation *op) {
  return llvm::TypeSwitch<Operation *, std::optional<LogicalResult>>(op)
      .Case<ct::AtomicRmwTkoOp>([&](ct::AtomicRmwTkoOp a) -> LogicalResult {
        return lowerAtomic(*this, a, a.getPointers(), a.getArg(), Value(),
                           a.getMask(), a.getResult(), a.getToken(),
                           a.getResultToken(), atomicKind(a.getMode()),
                           a.getMemoryOrderingSemantics(), a.getMemoryScope());
      })
      .Case<ct::AtomicCasTkoOp>([&](ct::AtomicCasTkoOp a) -> LogicalResult {
        return lowerAtomic(*this, a, a.getPointers(), a.getVal(), a.getCmp(),
                           a.getMask(), a.getResult(), a.getToken(),
                           a.getResultToken(), "cas",
                           a.getMemoryOrderingSemantics(), a.getMemoryScope());
      })
      .Case<ct::AtomicRedViewTkoOp>(
          [&](ct::AtomicRedViewTkoOp a) -> LogicalResult {
            Location loc = a.getLoc();
            std::optional<StringRef> ordering =
                atomicOrdering(a.getMemoryOrderingSemantics());
            if (!ordering)
              return fail(a, "expects a relaxed ordering, got weak");
            const PartitionViewInfo *view =
                views.lookupPartitionView(a.getView());
            if (!view)
              return fail(a, "expects a view made in this kernel");
            syncAfterStores(a.getToken(), loc);
            auto tileType = cast<ct::TileType>(a.getValue().getType());
            auto addresses = viewAddresses(a, *view, a.getIndex(), tileType);
            if (failed(addresses))
              return failure();
            tirx::AtomicOp::create(
                b, loc, Value(), addresses->first, getBuffer(a.getValue(), loc),
                Value(), addresses->second, Value(),
                b.getStringAttr(atomicKind(a.getMode())),
                b.getStringAttr(*ordering),
                b.getStringAttr(syncScope(
                    a.getMemoryScope().value_or(ct::MemoryScope::Device))),
                IntegerAttr(), cta(), nullptr, nullptr);
            markToken(a.getResultToken(), true);
            return success();
          })
      .Default([](Operation *) { return std::nullopt; });
}
