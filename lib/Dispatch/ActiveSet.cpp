//===- ActiveSet.cpp - Which threads execute a primitive
//-------------------===//
//
// Part of TileIR. The active set of a tirx primitive (TIRx's active set):
// the ranges of thread axes that enclosing `scf.if`s on scope ids leave
// active, read by the dispatch predicates.
//
//===----------------------------------------------------------------------===//

#include "tileir/Dispatch/Dispatch.h"

#include "mlir/Analysis/SliceAnalysis.h"
#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/GPU/IR/GPUDialect.h"
#include "mlir/Dialect/SCF/IR/SCF.h"
#include "mlir/Dialect/Utils/StaticValueUtils.h"

using namespace mlir;
using namespace mlir::tirx;
using namespace tileir;
using namespace tileir::dispatch;

void ActiveSet::narrow(StringRef axis, AxisRange range) {
  auto it = narrowed.find(axis);
  if (it == narrowed.end()) {
    narrowed[axis] = range;
    return;
  }
  int64_t lo = std::max(it->second.offset, range.offset);
  int64_t hi = std::min(it->second.offset + it->second.extent,
                        range.offset + range.extent);
  it->second = AxisRange{std::max<int64_t>(0, hi - lo), lo};
}

std::optional<AxisRange> ActiveSet::lookup(StringRef axis) const {
  auto it = narrowed.find(axis);
  if (it == narrowed.end())
    return std::nullopt;
  return it->second;
}

SmallVector<std::string> ActiveSet::getNarrowedAxes() const {
  SmallVector<std::string> axes;
  for (const auto &entry : narrowed)
    axes.push_back(entry.getKey().str());
  llvm::sort(axes);
  return axes;
}

/// The layout axis a thread-id value enumerates and its extent (0: the
/// CTA's), or nullopt when `v` is not a scope id.
static std::optional<std::pair<StringRef, int64_t>> getIdAxis(Value v,
                                                              int64_t cta) {
  Operation *def = v.getDefiningOp();
  if (!def)
    return std::nullopt;
  if (auto idx = dyn_cast<arith::IndexCastUIOp>(def))
    return getIdAxis(idx.getIn(), cta);
  if (auto idx = dyn_cast<arith::IndexCastOp>(def))
    return getIdAxis(idx.getIn(), cta);
  if (isa<ThreadIdOp>(def))
    return std::make_pair(StringRef("tx"), cta);
  if (auto tid = dyn_cast<gpu::ThreadIdOp>(def);
      tid && tid.getDimension() == gpu::Dimension::x)
    return std::make_pair(StringRef("tx"), cta);
  if (isa<LaneIdOp, gpu::LaneIdOp>(def))
    return std::make_pair(StringRef("laneid"), int64_t(32));
  if (isa<WarpIdOp>(def))
    return std::make_pair(StringRef("warpid"), cta / 32);
  if (isa<WarpgroupIdOp>(def))
    return std::make_pair(StringRef("wgid"), cta / 128);
  if (isa<WarpIdInWarpgroupOp>(def))
    return std::make_pair(StringRef("wid_in_wg"), int64_t(4));
  return std::nullopt;
}

/// True when `v` depends on a thread id (it differs between threads).
static bool dependsOnThreadId(Value v) {
  SetVector<Operation *> slice;
  BackwardSliceOptions options;
  options.inclusive = true;
  if (!v.getDefiningOp())
    return false;
  if (failed(getBackwardSlice(v, &slice, options)))
    return true;
  return llvm::any_of(slice, [](Operation *o) {
    return isa<gpu::ThreadIdOp, gpu::LaneIdOp, ThreadIdOp, LaneIdOp, WarpIdOp,
               WarpgroupIdOp, WarpIdInWarpgroupOp>(o);
  });
}

/// Records `axis` in [offset, offset + extent), moving `tx` ranges aligned
/// to whole warpgroups or warps to `wgid`/`warpid`, and warp ranges
/// aligned to whole warpgroups to `wgid`.
static void narrowAxis(ActiveSet &active, StringRef axis, AxisRange range) {
  auto aligned = [&](int64_t unit) {
    return range.extent % unit == 0 && range.offset % unit == 0;
  };
  if (axis == "tx" && aligned(128))
    return narrowAxis(active, "wgid", {range.extent / 128, range.offset / 128});
  if (axis == "tx" && aligned(32))
    return narrowAxis(active, "warpid", {range.extent / 32, range.offset / 32});
  if (axis == "warpid" && aligned(4))
    return narrowAxis(active, "wgid", {range.extent / 4, range.offset / 4});
  active.narrow(axis, range);
}

/// Narrows `active` by a branch condition that holds in the region the
/// primitive is in.
static void narrowByCondition(Value cond, int64_t cta, ActiveSet &active) {
  if (!dependsOnThreadId(cond))
    return;
  Operation *def = cond.getDefiningOp();
  if (auto both = dyn_cast<arith::AndIOp>(def)) {
    narrowByCondition(both.getLhs(), cta, active);
    narrowByCondition(both.getRhs(), cta, active);
    return;
  }
  auto cmp = dyn_cast<arith::CmpIOp>(def);
  if (!cmp)
    return active.markUnknown();
  Value idValue = cmp.getLhs(), other = cmp.getRhs();
  arith::CmpIPredicate pred = cmp.getPredicate();
  if (!getIdAxis(idValue, cta)) {
    // `c op id` is `id swapped(op) c`.
    std::swap(idValue, other);
    switch (cmp.getPredicate()) {
    case arith::CmpIPredicate::ult:
      pred = arith::CmpIPredicate::ugt;
      break;
    case arith::CmpIPredicate::ule:
      pred = arith::CmpIPredicate::uge;
      break;
    case arith::CmpIPredicate::ugt:
      pred = arith::CmpIPredicate::ult;
      break;
    case arith::CmpIPredicate::uge:
      pred = arith::CmpIPredicate::ule;
      break;
    case arith::CmpIPredicate::slt:
      pred = arith::CmpIPredicate::sgt;
      break;
    case arith::CmpIPredicate::sle:
      pred = arith::CmpIPredicate::sge;
      break;
    case arith::CmpIPredicate::sgt:
      pred = arith::CmpIPredicate::slt;
      break;
    case arith::CmpIPredicate::sge:
      pred = arith::CmpIPredicate::sle;
      break;
    default:
      pred = cmp.getPredicate();
      break;
    }
  }
  std::optional<std::pair<StringRef, int64_t>> axis = getIdAxis(idValue, cta);
  std::optional<int64_t> c = getConstantIntValue(other);
  if (!axis || !c || *c < 0)
    return active.markUnknown();
  auto [name, extent] = *axis;
  switch (pred) {
  case arith::CmpIPredicate::eq:
    return narrowAxis(active, name, {1, *c});
  case arith::CmpIPredicate::ult:
  case arith::CmpIPredicate::slt:
    return narrowAxis(active, name, {std::min(*c, extent), 0});
  case arith::CmpIPredicate::ule:
  case arith::CmpIPredicate::sle:
    return narrowAxis(active, name, {std::min(*c + 1, extent), 0});
  case arith::CmpIPredicate::uge:
  case arith::CmpIPredicate::sge:
    return narrowAxis(active, name, {std::max<int64_t>(0, extent - *c), *c});
  case arith::CmpIPredicate::ugt:
  case arith::CmpIPredicate::sgt:
    return narrowAxis(active, name,
                      {std::max<int64_t>(0, extent - *c - 1), *c + 1});
  default:
    return active.markUnknown();
  }
}

ActiveSet tileir::dispatch::getActiveSet(Operation *op, int64_t cta) {
  ActiveSet active;
  Operation *child = op;
  for (Operation *parent = op->getParentOp(); parent;
       child = parent, parent = parent->getParentOp()) {
    auto ifOp = dyn_cast<scf::IfOp>(parent);
    if (!ifOp || ifOp->hasAttr(tirx::kUniformBranchAttr) ||
        !dependsOnThreadId(ifOp.getCondition()))
      continue;
    if (child->getParentRegion() == &ifOp.getThenRegion())
      narrowByCondition(ifOp.getCondition(), cta, active);
    else
      active.markUnknown();
  }
  return active;
}
