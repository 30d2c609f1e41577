//===- Predicates.cpp - Shared dispatch predicates ------------------------===//
//
// Part of TileIR.
//
//===----------------------------------------------------------------------===//

#include "tileir/Dispatch/Predicates.h"

#include "tileir/Dialect/TirX/Utils/LayoutCodegen.h"
#include "tileir/Layout/BitLayout.h"

using namespace mlir;
using namespace tileir;
using namespace tileir::dispatch;
using layout::BitLayout;
using layout::LayoutBit;

namespace pred = tileir::dispatch::pred;

static layout::ScopeKind toScopeKind(tirx::ExecScope scope) {
  return static_cast<layout::ScopeKind>(static_cast<int>(scope));
}

Predicate pred::allThreadsActive() {
  return {"allThreadsActive", [](Operation *, const DispatchContext &ctx) {
            if (ctx.allThreadsActive())
              return Outcome::ok();
            const ActiveSet &active = ctx.getActiveSet();
            if (active.isUnknown())
              return Outcome::fail("an enclosing branch on thread ids narrows "
                                   "the active set in a way dispatch cannot "
                                   "follow");
            std::string text = "an enclosing branch on thread ids narrows";
            for (const std::string &axis : active.getNarrowedAxes()) {
              AxisRange r = *active.lookup(axis);
              text += " " + axis + " to [" + std::to_string(r.offset) + ", " +
                      std::to_string(r.offset + r.extent) + ")";
            }
            return Outcome::fail(text + " inside a " +
                                 tirx::stringifyExecScope(ctx.getScope()) +
                                 "-scope call");
          }};
}

Predicate pred::execScopeIn(ArrayRef<tirx::ExecScope> scopes) {
  SmallVector<tirx::ExecScope> allowed(scopes);
  return {"execScopeIn", [allowed](Operation *, const DispatchContext &ctx) {
            if (llvm::is_contained(allowed, ctx.getScope()))
              return Outcome::ok();
            return Outcome::fail("scope " +
                                 tirx::stringifyExecScope(ctx.getScope()) +
                                 " is not supported");
          }};
}

Predicate pred::chipAtLeast(unsigned sm) {
  return {"chipAtLeast", [sm](Operation *, const DispatchContext &ctx) {
            if (ctx.getTarget().getSmVersion() >= sm)
              return Outcome::ok();
            return Outcome::fail("needs sm_" + std::to_string(sm) +
                                 " or newer, target is " +
                                 ctx.getTarget().getChip());
          }};
}

Predicate pred::operandsInScope(tirx::MemScope scope) {
  return {"operandsInScope", [scope](Operation *op, const DispatchContext &) {
            for (auto [i, operand] : llvm::enumerate(op->getOperands())) {
              auto type = dyn_cast<tirx::BufferType>(operand.getType());
              if (type && type.getMemScope() != scope)
                return Outcome::fail(
                    "operand #" + std::to_string(i) + " is " +
                    tirx::stringifyMemScope(type.getMemScope()) +
                    ", expected " + tirx::stringifyMemScope(scope));
            }
            return Outcome::ok();
          }};
}

/// The threads of one warp or warpgroup; 0 for other scopes.
static int64_t unitThreads(layout::ScopeKind scope) {
  if (scope == layout::ScopeKind::Warp)
    return 32;
  if (scope == layout::ScopeKind::Warpgroup)
    return 128;
  return 0;
}

Predicate pred::layoutThreadAxesMatchScope() {
  return {
      "layoutThreadAxesMatchScope",
      [](Operation *op, const DispatchContext &ctx) {
        for (Value operand : op->getOperands()) {
          auto type = dyn_cast<tirx::BufferType>(operand.getType());
          if (!type || !type.isLocal() || !type.getLayout())
            continue;
          auto pair = type.getTileLayout().scopePair();
          if (!pair) {
            std::string reason = llvm::toString(pair.takeError());
            return Outcome::fail("ill-formed layout: " + reason);
          }
          layout::ScopeKind want = toScopeKind(ctx.getScope());
          if (!*pair) {
            if (want != layout::ScopeKind::Thread)
              return Outcome::fail("a local layout without thread axes "
                                   "at a scope wider than thread");
            continue;
          }
          // A CTA of exactly one warp (warpgroup) is that warp
          // (warpgroup): a layout over its threads describes the CTA.
          bool wholeCta = ctx.getScope() == tirx::ExecScope::Cta &&
                          ctx.getCtaThreads() == unitThreads((*pair)->second);
          if ((*pair)->second != want && !wholeCta)
            return Outcome::fail(
                "layout threads span " +
                layout::stringifyScope((*pair)->second).str() +
                ", the call is at " +
                tirx::stringifyExecScope(ctx.getScope()).str());
          // Threads the layout names (tx-normalized thread bits).
          int64_t threads = 1;
          if (auto bits = BitLayout::get(type.getTileLayout()); succeeded(bits))
            for (const LayoutBit &bit :
                 llvm::concat<const LayoutBit>(bits->shard, bits->replica))
              if (bit.isThread())
                threads = std::max(threads, 2 * bit.stride);
          if (threads > ctx.getScopeThreads())
            return Outcome::fail("layout spans " + std::to_string(threads) +
                                 " threads, the call has " +
                                 std::to_string(ctx.getScopeThreads()));
        }
        return Outcome::ok();
      }};
}

Predicate pred::forcedOnly(StringRef name) {
  std::string variant = name.str();
  return {"forcedOnly", [variant](Operation *op, const DispatchContext &) {
            auto prim = cast<tirx::PrimitiveOpInterface>(op);
            StringAttr forced = prim.getForcedVariant();
            if (forced && forced.getValue() == variant)
              return Outcome::ok();
            return Outcome::fail("only used when forced with dispatch = \"" +
                                 variant + "\"");
          }};
}

Predicate
pred::operandsRegisterCompatible(std::function<unsigned(Operation *)> anchor) {
  return {"registerCompatible",
          [anchor](Operation *op, const DispatchContext &) {
            if (auto why = tirx::checkOperandsCompatible(op, anchor(op)))
              return Outcome::fail(*why);
            return Outcome::ok();
          }};
}

SmallVector<Predicate>
pred::registerElementwise(std::function<unsigned(Operation *)> anchor) {
  return {allThreadsActive(), operandsInScope(tirx::MemScope::Local),
          layoutThreadAxesMatchScope(),
          operandsRegisterCompatible(std::move(anchor))};
}
