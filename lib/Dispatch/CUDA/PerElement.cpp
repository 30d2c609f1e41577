//===- PerElement.cpp - The general per-element lowering ------------------===//
//
// Part of TileIR. See PerElement.h.
//
// Each thread of the scope runs one scf.for over the flat indices f of the
// destination's logical elements. Which threads compute element f:
//   * a register destination: every thread holding f (replicas included);
//   * a memory destination with a register source: the thread holding the
//     source's base copy of f (its replica leader);
//   * memory only: thread f mod T of the scope's T threads.
// Element f's place in each operand follows the TileLayout's forward map at
// run time: digit c_k = (f / P_k) mod e_k of every shard iter, summed per
// axis with its stride, plus the layout's offset; the thread axes are
// compared with the calling thread's ids, the memory axis `m` is the storage
// slot (shared: through the swizzle). Global regions unflatten f row-major
// and check every dimension against the view's sizes.
//
//===----------------------------------------------------------------------===//

#include "PerElement.h"
#include "Variants.h"

#include "tileir/Dispatch/Predicates.h"

#include "tileir/Dialect/TirX/IR/MemoryTypes.h"
#include "tileir/Dialect/TirX/Utils/LayoutCodegen.h"
#include "tileir/Dialect/TirX/Utils/Utils.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/GPU/IR/GPUDialect.h"
#include "mlir/Dialect/LLVMIR/LLVMDialect.h"
#include "mlir/Dialect/MemRef/IR/MemRef.h"
#include "mlir/Dialect/SCF/IR/SCF.h"
#include "mlir/Dialect/Utils/StaticValueUtils.h"
#include "llvm/ADT/BitVector.h"

#include <map>
#include <set>

using namespace mlir;
using namespace tileir;
using namespace tileir::dispatch;

namespace {

bool isSupportedThreadAxis(StringRef axis) {
  return axis == "laneid" || axis == "warpid" || axis == "wgid" ||
         axis == "wid_in_wg" || axis == "tid_in_wg" || axis == "tx";
}

/// The value of thread axis `axis` for the scope-relative thread `r`.
int64_t axisValue(StringRef axis, int64_t r) {
  if (axis == "laneid")
    return r % 32;
  if (axis == "warpid")
    return r / 32;
  if (axis == "wgid")
    return r / 128;
  if (axis == "wid_in_wg")
    return (r / 32) % 4;
  if (axis == "tid_in_wg")
    return r % 128;
  return r; // tx
}

Value emitAxisValue(OpBuilder &b, Location loc, StringRef axis, Value r) {
  auto rem = [&](int64_t d) {
    return arith::RemUIOp::create(b, loc, r, cstIndex(b, loc, d)).getResult();
  };
  auto div = [&](Value v, int64_t d) {
    return arith::DivUIOp::create(b, loc, v, cstIndex(b, loc, d)).getResult();
  };
  if (axis == "laneid")
    return rem(32);
  if (axis == "warpid")
    return div(r, 32);
  if (axis == "wgid")
    return div(r, 128);
  if (axis == "wid_in_wg")
    return arith::RemUIOp::create(b, loc, div(r, 32), cstIndex(b, loc, 4));
  if (axis == "tid_in_wg")
    return rem(128);
  return r;
}

/// The thread axes a layout names (shard, replica or offset), sorted.
SmallVector<std::string> threadAxes(const layout::TileLayout &l) {
  std::set<std::string> axes;
  for (const layout::Iter &it :
       llvm::concat<const layout::Iter>(l.getShard(), l.getReplica()))
    if (layout::isThreadAxis(it.axis))
      axes.insert(it.axis);
  for (const auto &[axis, value] : l.getOffset())
    if (layout::isThreadAxis(axis))
      axes.insert(axis);
  return SmallVector<std::string>(axes.begin(), axes.end());
}

std::optional<std::string> checkLayout(const layout::TileLayout &l,
                                       bool shared) {
  for (const layout::Iter &it :
       llvm::concat<const layout::Iter>(l.getShard(), l.getReplica())) {
    if (layout::isThreadAxis(it.axis)) {
      if (shared)
        return "a shared layout with thread axes";
      if (!isSupportedThreadAxis(it.axis))
        return "thread axis '" + it.axis + "' is outside the CTA";
    } else if (it.axis != "m") {
      return "memory axis '" + it.axis + "' is not a register or shared slot";
    }
  }
  for (const auto &[axis, value] : l.getOffset())
    if (layout::isThreadAxis(axis) && !isSupportedThreadAxis(axis))
      return "thread axis '" + axis + "' is outside the CTA";
  // Replica digits are recovered greedily, largest stride first: exact when
  // each stride exceeds the span of the smaller ones on its axis.
  std::map<std::string, SmallVector<std::pair<int64_t, int64_t>>> byAxis;
  for (const layout::Iter &it : l.getReplica())
    if (it.stride != 0 && it.extent > 1)
      byAxis[it.axis].push_back({it.stride, it.extent});
  for (auto &[axis, iters] : byAxis) {
    llvm::sort(iters);
    int64_t span = 0;
    for (auto [stride, extent] : iters) {
      if (stride <= span)
        return "replica iters on '" + axis + "' overlap";
      span += (extent - 1) * stride;
    }
  }
  return std::nullopt;
}

/// Compile-time: for every scope thread r < T, whether it holds element
/// `flat` of `l` (leaderOnly: its base copy only).
llvm::BitVector holders(const layout::TileLayout &l, int64_t flat, int64_t T,
                        bool leaderOnly) {
  llvm::BitVector set(T);
  SmallVector<std::string> axes = threadAxes(l);
  SmallVector<layout::AxisCoord> coords = l.applyAll(flat);
  if (leaderOnly)
    coords.resize(1);
  for (const layout::AxisCoord &c : coords) {
    // Candidates: the lowest thread axis fixes r modulo its period.
    int64_t first = 0, step = 1;
    if (llvm::is_contained(axes, "tx")) {
      first = layout::getAxis(c, "tx");
      step = T;
    } else if (llvm::is_contained(axes, "tid_in_wg")) {
      first = layout::getAxis(c, "tid_in_wg");
      step = 128;
    } else if (llvm::is_contained(axes, "laneid")) {
      first = layout::getAxis(c, "laneid");
      step = 32;
    }
    for (int64_t r = first; r < T; r += step) {
      bool match = true;
      for (const std::string &a : axes)
        if (layout::getAxis(c, a) != axisValue(a, r)) {
          match = false;
          break;
        }
      if (match)
        set.set(r);
    }
  }
  return set;
}

/// The digits' contribution of shard iters on `axis`, plus its offset.
Value emitAxisCoord(OpBuilder &b, Location loc, const layout::TileLayout &l,
                    StringRef axis, Value flat) {
  Value sum = cstIndex(b, loc, layout::getAxis(l.getOffset(), axis));
  ArrayRef<layout::Iter> shard = l.getShard();
  int64_t inner = 1;
  for (int64_t k = shard.size() - 1; k >= 0; --k) {
    const layout::Iter &it = shard[k];
    if (it.axis == axis && it.stride != 0 && it.extent > 1) {
      Value digit =
          arith::DivUIOp::create(b, loc, flat, cstIndex(b, loc, inner));
      if (k > 0)
        digit =
            arith::RemUIOp::create(b, loc, digit, cstIndex(b, loc, it.extent));
      Value term =
          arith::MulIOp::create(b, loc, digit, cstIndex(b, loc, it.stride));
      sum = arith::AddIOp::create(b, loc, sum, term);
    }
    inner *= it.extent;
  }
  return sum;
}

/// Whether scope thread `r` holds element `flat` (leaderOnly: its base
/// copy).
Value emitHolds(OpBuilder &b, Location loc, const layout::TileLayout &l,
                Value flat, Value r, bool leaderOnly) {
  Value ok = arith::ConstantIntOp::create(b, loc, b.getI1Type(), 1);
  for (const std::string &axis : threadAxes(l)) {
    Value base = emitAxisCoord(b, loc, l, axis, flat);
    Value diff =
        arith::SubIOp::create(b, loc, emitAxisValue(b, loc, axis, r), base);
    if (!leaderOnly) {
      SmallVector<std::pair<int64_t, int64_t>> iters;
      for (const layout::Iter &it : l.getReplica())
        if (it.axis == axis && it.stride != 0 && it.extent > 1)
          iters.push_back({it.stride, it.extent});
      llvm::sort(iters, std::greater<>());
      for (auto [stride, extent] : iters) {
        Value digit =
            arith::DivUIOp::create(b, loc, diff, cstIndex(b, loc, stride));
        Value inRange = arith::CmpIOp::create(b, loc, arith::CmpIPredicate::ult,
                                              digit, cstIndex(b, loc, extent));
        ok = arith::AndIOp::create(b, loc, ok, inRange);
        Value rem =
            arith::RemUIOp::create(b, loc, diff, cstIndex(b, loc, stride));
        diff = rem;
      }
    }
    Value zero = arith::CmpIOp::create(b, loc, arith::CmpIPredicate::eq, diff,
                                       cstIndex(b, loc, 0));
    ok = arith::AndIOp::create(b, loc, ok, zero);
  }
  return ok;
}

/// Storage slots of element `flat` (every memory replica; the base first).
SmallVector<Value> emitSlots(OpBuilder &b, Location loc, const ElementAccess &a,
                             Value flat) {
  Value base = emitAxisCoord(b, loc, a.layout, "m", flat);
  SmallVector<int64_t> extra = {0};
  for (const layout::Iter &it : a.layout.getReplica())
    if (it.axis == "m" && it.stride != 0) {
      SmallVector<int64_t> next;
      for (int64_t e : extra)
        for (int64_t d = 0; d < it.extent; ++d)
          next.push_back(e + d * it.stride);
      extra = std::move(next);
    }
  SmallVector<Value> slots;
  for (int64_t e : extra) {
    Value slot =
        e ? arith::AddIOp::create(b, loc, base, cstIndex(b, loc, e)).getResult()
          : base;
    if (a.offset)
      slot = arith::AddIOp::create(b, loc, slot, a.offset);
    if (a.swizzle)
      slot = tirx::emitSwizzle(b, loc, slot, *a.swizzle);
    slots.push_back(slot);
  }
  return slots;
}

Value toIndex(OpBuilder &b, Location loc, OpFoldResult ofr) {
  if (auto attr = dyn_cast<Attribute>(ofr))
    return cstIndex(b, loc, cast<IntegerAttr>(attr).getInt());
  return cast<Value>(ofr);
}

/// A global element's pointer and whether it is in bounds (null: always).
std::pair<Value, Value> emitGlobalAddress(OpBuilder &b, Location loc,
                                          const ElementAccess &a, Value flat) {
  ArrayRef<int64_t> shape = a.type.getShape();
  SmallVector<OpFoldResult> offsets =
      tirx::GlobalOperand{a.region, a.view}.getOffsets();
  SmallVector<OpFoldResult> sizes = a.view.getMixedSizes();
  SmallVector<OpFoldResult> strides = a.view.getMixedStrides();
  Value inBounds;
  Value linear = cstIndex(b, loc, 0);
  int64_t inner = 1;
  for (int64_t d = shape.size() - 1; d >= 0; --d) {
    Value x = arith::DivUIOp::create(b, loc, flat, cstIndex(b, loc, inner));
    if (d > 0)
      x = arith::RemUIOp::create(b, loc, x, cstIndex(b, loc, shape[d]));
    inner *= shape[d];
    std::optional<int64_t> off = getConstantIntValue(offsets[d]);
    std::optional<int64_t> size = getConstantIntValue(sizes[d]);
    Value pos = arith::AddIOp::create(b, loc, toIndex(b, loc, offsets[d]), x);
    if (!(off && size && *off >= 0 && *off + shape[d] <= *size)) {
      Value ok = arith::CmpIOp::create(b, loc, arith::CmpIPredicate::ult, pos,
                                       toIndex(b, loc, sizes[d]));
      inBounds = inBounds ? arith::AndIOp::create(b, loc, inBounds, ok) : ok;
    }
    linear = arith::AddIOp::create(
        b, loc, linear,
        arith::MulIOp::create(b, loc, pos, toIndex(b, loc, strides[d])));
  }
  Value linear64 = arith::IndexCastOp::create(b, loc, b.getI64Type(), linear);
  Type memType = tirx::getMemoryType(a.type.getElementType());
  Value ptr = LLVM::GEPOp::create(b, loc, a.view.getPtr().getType(), memType,
                                  a.view.getPtr(), ValueRange{linear64});
  return {ptr, inBounds};
}

Value emitLoad(OpBuilder &b, Location loc, const ElementAccess &a, Value flat,
               TypedAttr padding) {
  Type elem = a.type.getElementType();
  Type memType = tirx::getMemoryType(elem);
  unsigned align = tirx::getMemoryBytes(elem);
  if (a.isLocal())
    return memref::LoadOp::create(b, loc, a.storage,
                                  emitSlots(b, loc, a, flat).front());
  if (a.isShared()) {
    Value slot = arith::IndexCastOp::create(b, loc, b.getI64Type(),
                                            emitSlots(b, loc, a, flat).front());
    Value ptr = LLVM::GEPOp::create(b, loc, a.storage.getType(), memType,
                                    a.storage, ValueRange{slot});
    Value v = LLVM::LoadOp::create(b, loc, memType, ptr, align);
    return tirx::fromMemoryValue(b, loc, v, elem);
  }
  auto [gep, inBounds] = emitGlobalAddress(b, loc, a, flat);
  Value ptr = gep;
  auto load = [&]() {
    Value v = LLVM::LoadOp::create(b, loc, memType, ptr, align);
    return tirx::fromMemoryValue(b, loc, v, elem);
  };
  if (!inBounds)
    return load();
  return tileir::dispatch::emitUnder(
      b, loc, inBounds, load,
      arith::ConstantOp::create(b, loc, padding ? padding : b.getZeroAttr(elem))
          .getResult());
}

void emitStore(OpBuilder &b, Location loc, const ElementAccess &a, Value flat,
               Value v) {
  Type elem = a.type.getElementType();
  Type memType = tirx::getMemoryType(elem);
  unsigned align = tirx::getMemoryBytes(elem);
  if (a.isLocal()) {
    for (Value slot : emitSlots(b, loc, a, flat))
      memref::StoreOp::create(b, loc, v, a.storage, slot);
    return;
  }
  Value mem = tirx::toMemoryValue(b, loc, v);
  if (a.isShared()) {
    for (Value slot : emitSlots(b, loc, a, flat)) {
      Value slot64 = arith::IndexCastOp::create(b, loc, b.getI64Type(), slot);
      Value ptr = LLVM::GEPOp::create(b, loc, a.storage.getType(), memType,
                                      a.storage, ValueRange{slot64});
      LLVM::StoreOp::create(b, loc, mem, ptr, align);
    }
    return;
  }
  auto [ptr, inBounds] = emitGlobalAddress(b, loc, a, flat);
  if (!inBounds) {
    LLVM::StoreOp::create(b, loc, mem, ptr, align);
    return;
  }
  auto ifOp = scf::IfOp::create(b, loc, inBounds, /*withElse=*/false);
  OpBuilder::InsertionGuard guard(b);
  b.setInsertionPointToStart(ifOp.thenBlock());
  LLVM::StoreOp::create(b, loc, mem, ptr, align);
}

FailureOr<ElementAccess> getAccess(Value buffer, std::string &why) {
  ElementAccess a;
  a.buffer = buffer;
  a.type = cast<tirx::BufferType>(buffer.getType());
  // Memory accesses are LLVM loads and stores; float types LLVM has no type
  // for (f8) go through integers of their width, which needs whole bytes.
  Type elem = a.type.getElementType();
  if (!a.type.isLocal() && !LLVM::isCompatibleType(elem) &&
      elem.getIntOrFloatBitWidth() % 8 != 0) {
    why = "element type is not a whole number of bytes (f4, tf32)";
    return failure();
  }
  if (a.type.isGlobal()) {
    FailureOr<tirx::GlobalOperand> global = tirx::matchGlobalOperand(buffer);
    if (failed(global)) {
      why = "global operand is not a tirx.global_view or a tirx.region of "
            "one";
      return failure();
    }
    a.region = global->region;
    a.view = global->view;
    return a;
  }
  a.layout = a.type.getTileLayout();
  if (auto err = checkLayout(a.layout, a.type.isShared())) {
    why = *err;
    return failure();
  }
  if (a.type.isShared())
    a.swizzle = a.type.getLayout().getSwizzleFor(
        a.type.getElementType().getIntOrFloatBitWidth());
  return a;
}

/// The operand whose holders decide which threads compute each element:
/// a register destination, else the first register source, else none.
std::optional<unsigned> anchorOf(ArrayRef<ElementAccess> accesses) {
  for (auto [i, a] : llvm::enumerate(accesses))
    if (a.buffer && a.isLocal())
      return i;
  return std::nullopt;
}

} // namespace

std::optional<std::string>
tileir::dispatch::checkPerElement(Value dst, ArrayRef<Value> sources,
                                  const DispatchContext &ctx) {
  std::string why;
  SmallVector<ElementAccess, 4> accesses;
  for (Value v : llvm::concat<const Value>(ArrayRef<Value>(dst), sources)) {
    if (!isa<tirx::BufferType>(v.getType())) {
      accesses.push_back(ElementAccess{});
      continue;
    }
    FailureOr<ElementAccess> a = getAccess(v, why);
    if (failed(a))
      return why;
    accesses.push_back(*a);
  }
  std::optional<unsigned> anchor = anchorOf(accesses);
  if (!anchor)
    return std::nullopt;
  int64_t T = ctx.getScopeThreads();
  auto dstType = cast<tirx::BufferType>(dst.getType());
  int64_t n = dstType.getNumElements();
  const ElementAccess &an = accesses[*anchor];
  int64_t work = n * T * std::max<int64_t>(1, an.layout.getReplica().size());
  if (work > (int64_t(1) << 24))
    return "too many elements x threads (" + std::to_string(n) + " x " +
           std::to_string(T) + ") to check the register operands";
  bool leaderOnly = !accesses[0].isLocal();
  for (int64_t f = 0; f < n; ++f) {
    llvm::BitVector who = holders(an.layout, f, T, leaderOnly);
    if (who.none())
      return "element " + std::to_string(f) + " is held by no thread of the " +
             std::to_string(T) + "-thread scope in operand #" +
             std::to_string(*anchor);
    for (auto [i, a] : llvm::enumerate(accesses)) {
      if (i == *anchor || !a.buffer || !a.isLocal())
        continue;
      llvm::BitVector has = holders(a.layout, f, T, false);
      llvm::BitVector missing = who;
      missing.reset(has);
      if (missing.any())
        return "operand #" + std::to_string(i) + " does not hold element " +
               std::to_string(f) + " in thread " +
               std::to_string(missing.find_first()) +
               ", which computes it (an exchange between threads is needed)";
    }
  }
  return std::nullopt;
}

void tileir::dispatch::emitPerElement(OpBuilder &b, Location loc, Value dst,
                                      ArrayRef<Value> sources,
                                      TypedAttr padding,
                                      const DispatchContext &ctx,
                                      const PerElementFn &fn,
                                      ArrayRef<Value> offsets) {
  std::string why;
  SmallVector<ElementAccess, 4> accesses;
  SmallVector<Value> all = {dst};
  all.append(sources.begin(), sources.end());
  for (Value v : all) {
    if (!isa<tirx::BufferType>(v.getType())) {
      accesses.push_back(ElementAccess{});
      continue;
    }
    ElementAccess a = *getAccess(v, why);
    prepareElementAccess(b, loc, a,
                         offsets.empty() ? Value() : offsets[accesses.size()]);
    accesses.push_back(a);
  }
  int64_t n = cast<tirx::BufferType>(dst.getType()).getNumElements();
  std::optional<unsigned> anchor = anchorOf(accesses);
  emitElementLoop(
      b, loc, anchor ? &accesses[*anchor] : nullptr,
      /*leaderOnly=*/!accesses[0].isLocal(), n, ctx, [&](Value flat) {
        SmallVector<Value> values;
        for (auto [i, v] : llvm::enumerate(sources)) {
          const ElementAccess &a = accesses[i + 1];
          values.push_back(a.buffer ? emitLoad(b, loc, a, flat, padding) : v);
        }
        emitStore(b, loc, accesses[0], flat, fn(b, loc, values, flat));
      });
}

/// Threads per team and teams per CTA of the copy's scope.
static std::pair<int64_t, int64_t> teams(const DispatchContext &ctx) {
  int64_t T = ctx.getScopeThreads();
  return {T, std::max<int64_t>(1, ctx.getCtaThreads() / T)};
}

static constexpr int64_t kExchangeBytes = 16 * 1024;

//===----------------------------------------------------------------------===//
// Building blocks
//===----------------------------------------------------------------------===//

FailureOr<ElementAccess> tileir::dispatch::getElementAccess(Value buffer,
                                                            std::string &why) {
  return getAccess(buffer, why);
}

void tileir::dispatch::prepareElementAccess(OpBuilder &b, Location loc,
                                            ElementAccess &a,
                                            Value slotOffset) {
  if (a.isLocal())
    a.storage = getStorage(b, loc, a.buffer);
  else if (a.isShared()) {
    a.storage = emitSharedPointer(b, loc, a.buffer);
    a.offset = slotOffset;
  }
}

Value tileir::dispatch::emitElementLoad(OpBuilder &b, Location loc,
                                        const ElementAccess &a, Value flat,
                                        TypedAttr padding) {
  return emitLoad(b, loc, a, flat, padding);
}

void tileir::dispatch::emitElementStore(OpBuilder &b, Location loc,
                                        const ElementAccess &a, Value flat,
                                        Value v) {
  emitStore(b, loc, a, flat, v);
}

Value tileir::dispatch::emitScopeThread(OpBuilder &b, Location loc,
                                        const DispatchContext &ctx) {
  int64_t T = ctx.getScopeThreads();
  if (ctx.getScope() == tirx::ExecScope::Thread)
    return cstIndex(b, loc, 0);
  Value tid = gpu::ThreadIdOp::create(b, loc, gpu::Dimension::x);
  if (T == ctx.getCtaThreads())
    return tid;
  return arith::RemUIOp::create(b, loc, tid, cstIndex(b, loc, T));
}

void tileir::dispatch::emitElementLoop(OpBuilder &b, Location loc,
                                       const ElementAccess *anchor,
                                       bool leaderOnly, int64_t n,
                                       const DispatchContext &ctx,
                                       llvm::function_ref<void(Value)> body) {
  int64_t T = ctx.getScopeThreads();
  Value r = emitScopeThread(b, loc, ctx);
  Value lb = anchor ? cstIndex(b, loc, 0) : r;
  Value step = cstIndex(b, loc, anchor ? 1 : T);
  auto loop = scf::ForOp::create(b, loc, lb, cstIndex(b, loc, n), step);
  OpBuilder::InsertionGuard guard(b);
  b.setInsertionPointToStart(loop.getBody());
  Value flat = loop.getInductionVar();
  if (anchor) {
    Value holds = emitHolds(b, loc, anchor->layout, flat, r, leaderOnly);
    auto ifOp = scf::IfOp::create(b, loc, holds, /*withElse=*/false);
    b.setInsertionPointToStart(ifOp.thenBlock());
  }
  body(flat);
}

std::optional<std::string>
tileir::dispatch::checkHeld(const ElementAccess &a, const DispatchContext &ctx,
                            bool leaderOnly) {
  int64_t T = ctx.getScopeThreads();
  int64_t n = a.type.getNumElements();
  if (n * T > (int64_t(1) << 22))
    return "too many elements x threads (" + std::to_string(n) + " x " +
           std::to_string(T) + ") to check the register layout";
  for (int64_t f = 0; f < n; ++f)
    if (holders(a.layout, f, T, leaderOnly).none())
      return "element " + std::to_string(f) + " is held by no thread of the " +
             std::to_string(T) + "-thread scope";
  return std::nullopt;
}

std::optional<std::string>
tileir::dispatch::checkStage(Value local, const DispatchContext &ctx) {
  auto type = cast<tirx::BufferType>(local.getType());
  auto [T, numTeams] = teams(ctx);
  (void)T;
  int64_t bytes = type.getNumElements() * numTeams *
                  tirx::getMemoryBytes(type.getElementType());
  if (bytes > kExchangeBytes)
    return "the shared scratch of a register operand (" +
           std::to_string(bytes) + " bytes) exceeds " +
           std::to_string(kExchangeBytes);
  std::string why;
  FailureOr<ElementAccess> a = getAccess(local, why);
  if (failed(a))
    return why;
  return checkHeld(*a, ctx, /*leaderOnly=*/true);
}

/// A shared scratch of one row-major tile of `type`'s shape per team of the
/// scope, and the calling team's first slot.
static Staged allocTeamScratch(OpBuilder &b, Operation *op,
                               tirx::BufferType type,
                               const DispatchContext &ctx) {
  Location loc = op->getLoc();
  int64_t n = type.getNumElements();
  auto [T, numTeams] = teams(ctx);
  Value scratch = allocScratch(b, op, type.getElementType(), n * numTeams);
  auto tileType = tirx::BufferType::get(
      b.getContext(), type.getShape(), type.getElementType(),
      tirx::MemScope::Shared,
      tirx::LayoutAttr::get(b.getContext(),
                            layout::TileLayout({layout::Iter{n, 1, "m"}})));
  Staged staged;
  staged.tile = tirx::ViewOp::create(b, loc, tileType, scratch);
  staged.offset = cstIndex(b, loc, 0);
  if (numTeams > 1) {
    Value tid = gpu::ThreadIdOp::create(b, loc, gpu::Dimension::x);
    staged.offset = arith::MulIOp::create(
        b, loc, arith::DivUIOp::create(b, loc, tid, cstIndex(b, loc, T)),
        cstIndex(b, loc, n));
  }
  return staged;
}

Staged tileir::dispatch::emitStage(OpBuilder &b, Operation *op, Value local,
                                   const DispatchContext &ctx) {
  Location loc = op->getLoc();
  auto type = cast<tirx::BufferType>(local.getType());
  int64_t n = type.getNumElements();
  Staged staged = allocTeamScratch(b, op, type, ctx);
  std::string why;
  ElementAccess src = *getAccess(local, why);
  prepareElementAccess(b, loc, src);
  ElementAccess dst = *getAccess(staged.tile, why);
  prepareElementAccess(b, loc, dst, staged.offset);
  emitElementLoop(b, loc, &src, /*leaderOnly=*/true, n, ctx, [&](Value flat) {
    emitStore(b, loc, dst, flat, emitLoad(b, loc, src, flat, nullptr));
  });
  emitScopeBarrier(b, loc, ctx);
  return staged;
}

void tileir::dispatch::emitScopeBarrier(OpBuilder &b, Location loc,
                                        const DispatchContext &ctx) {
  if (ctx.getScope() == tirx::ExecScope::Thread)
    return;
  tirx::BarrierOp::create(
      b, loc, tirx::ExecScopeAttr::get(b.getContext(), ctx.getScope()));
}

//===----------------------------------------------------------------------===//
// Sources, destinations and side effects
//===----------------------------------------------------------------------===//

std::optional<std::string>
tileir::dispatch::checkReadable(Value v, const DispatchContext &ctx) {
  auto type = dyn_cast<tirx::BufferType>(v.getType());
  if (!type)
    return std::nullopt;
  std::string why;
  if (failed(getAccess(v, why)))
    return why;
  // At thread scope every register operand is the calling thread's own.
  if (type.isLocal() && ctx.getScope() != tirx::ExecScope::Thread)
    return checkStage(v, ctx);
  return std::nullopt;
}

std::optional<std::string>
tileir::dispatch::checkDestination(Value v, const DispatchContext &ctx) {
  std::string why;
  FailureOr<ElementAccess> a = getAccess(v, why);
  if (failed(a))
    return why;
  if (a->isLocal())
    return checkHeld(*a, ctx, /*leaderOnly=*/false);
  return std::nullopt;
}

ElementAccess tileir::dispatch::prepareSource(OpBuilder &b, Operation *op,
                                              Value v,
                                              const DispatchContext &ctx,
                                              bool &staged) {
  std::string why;
  Value offset;
  if (cast<tirx::BufferType>(v.getType()).isLocal() &&
      ctx.getScope() != tirx::ExecScope::Thread) {
    Staged s = emitStage(b, op, v, ctx);
    v = s.tile;
    offset = s.offset;
    staged = true;
  }
  ElementAccess a = *getAccess(v, why);
  prepareElementAccess(b, op->getLoc(), a, offset);
  return a;
}

/// Whether a register destination of a `once` lowering needs the shared
/// scratch (its elements' holders are not the threads that run the body).
static bool needsResultScratch(Value dst, bool once,
                               const DispatchContext &ctx) {
  return dst && once && cast<tirx::BufferType>(dst.getType()).isLocal() &&
         ctx.getScope() != tirx::ExecScope::Thread;
}

std::optional<std::string>
tileir::dispatch::checkGeneralElements(Value dst, ArrayRef<Value> sources,
                                       bool once, const DispatchContext &ctx) {
  for (auto [i, v] : llvm::enumerate(sources))
    if (auto why = checkReadable(v, ctx))
      return "operand " + std::to_string(i) + ": " + *why;
  if (!dst)
    return std::nullopt;
  if (auto why = checkDestination(dst, ctx))
    return "destination: " + *why;
  if (needsResultScratch(dst, once, ctx)) {
    auto type = cast<tirx::BufferType>(dst.getType());
    int64_t bytes = type.getNumElements() * teams(ctx).second *
                    tirx::getMemoryBytes(type.getElementType());
    if (bytes > kExchangeBytes)
      return "the shared scratch of the results (" + std::to_string(bytes) +
             " bytes) exceeds " + std::to_string(kExchangeBytes);
  }
  return std::nullopt;
}

void tileir::dispatch::emitGeneralElements(OpBuilder &b, Operation *op,
                                           Value dst, ArrayRef<Value> sources,
                                           int64_t n, bool once,
                                           const DispatchContext &ctx,
                                           const PerElementFn &body) {
  Location loc = op->getLoc();
  bool staged = false;
  SmallVector<std::optional<ElementAccess>, 4> reads;
  for (Value v : sources)
    reads.push_back(
        isa<tirx::BufferType>(v.getType())
            ? std::optional<ElementAccess>(prepareSource(b, op, v, ctx, staged))
            : std::nullopt);
  auto run = [&](Value flat) {
    SmallVector<Value> values;
    for (auto [read, v] : llvm::zip(reads, sources))
      values.push_back(read ? emitLoad(b, loc, *read, flat, nullptr) : v);
    return body(b, loc, values, flat);
  };
  if (!dst) {
    emitElementLoop(b, loc, nullptr, false, n, ctx,
                    [&](Value flat) { run(flat); });
  } else if (needsResultScratch(dst, once, ctx)) {
    // Once per element into a scratch, then every holder takes its own.
    Staged results =
        allocTeamScratch(b, op, cast<tirx::BufferType>(dst.getType()), ctx);
    std::string why;
    ElementAccess scratch = *getAccess(results.tile, why);
    prepareElementAccess(b, loc, scratch, results.offset);
    emitElementLoop(b, loc, nullptr, false, n, ctx, [&](Value flat) {
      emitStore(b, loc, scratch, flat, run(flat));
    });
    emitScopeBarrier(b, loc, ctx);
    ElementAccess d = *getAccess(dst, why);
    prepareElementAccess(b, loc, d);
    emitElementLoop(b, loc, &d, false, n, ctx, [&](Value flat) {
      emitStore(b, loc, d, flat, emitLoad(b, loc, scratch, flat, nullptr));
    });
    staged = true;
  } else {
    std::string why;
    ElementAccess d = *getAccess(dst, why);
    prepareElementAccess(b, loc, d);
    emitElementLoop(b, loc, d.isLocal() ? &d : nullptr, false, n, ctx,
                    [&](Value flat) { emitStore(b, loc, d, flat, run(flat)); });
  }
  // The next call may overwrite the scratch other threads still read.
  if (staged)
    emitScopeBarrier(b, loc, ctx);
}

Value tileir::dispatch::emitUnder(OpBuilder &b, Location loc, Value cond,
                                  function_ref<Value()> then, Value otherwise) {
  if (!cond)
    return then();
  Type type = otherwise ? otherwise.getType() : Type();
  auto ifOp = scf::IfOp::create(b, loc, type ? TypeRange{type} : TypeRange{},
                                cond, /*withElse=*/bool(type));
  OpBuilder::InsertionGuard guard(b);
  b.setInsertionPointToStart(ifOp.thenBlock());
  Value v = then();
  if (!type)
    return Value();
  scf::YieldOp::create(b, loc, v);
  b.setInsertionPointToStart(ifOp.elseBlock());
  scf::YieldOp::create(b, loc, otherwise);
  return ifOp.getResult(0);
}

void tileir::dispatch::addGeneralElementsVariant(
    Registry &registry, StringRef primitive,
    std::function<GeneralElements(Operation *)> describe,
    ArrayRef<Predicate> extra) {
  Variant v;
  v.name = "per_element";
  v.priority = priority::kPerElement;
  v.predicates = {pred::allThreadsActive(), pred::layoutThreadAxesMatchScope()};
  v.predicates.append(extra.begin(), extra.end());
  v.predicates.push_back(
      {"perElementPlan", [describe](Operation *op, const DispatchContext &ctx) {
         GeneralElements g = describe(op);
         if (auto why = checkGeneralElements(g.dst, g.sources, g.once, ctx))
           return Outcome::fail(*why);
         return Outcome::ok();
       }});
  v.impl = [describe](Operation *op, DispatchContext &ctx,
                      RewriterBase &rewriter) {
    GeneralElements g = describe(op);
    Value shaped = g.dst;
    for (Value v : g.sources)
      if (!shaped && isa<tirx::BufferType>(v.getType()))
        shaped = v;
    emitGeneralElements(
        rewriter, op, g.dst, g.sources,
        cast<tirx::BufferType>(shaped.getType()).getNumElements(), g.once, ctx,
        g.body);
    return Outcome::ok();
  };
  registry.add(primitive, "cuda", std::move(v));
}
