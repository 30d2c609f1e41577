//===- Dispatch.cpp - Variant registry and dispatch -----------------------===//
//
// Part of TileIR.
//
//===----------------------------------------------------------------------===//

#include "tileir/Dispatch/Dispatch.h"

#include "mlir/IR/Verifier.h"

#include "llvm/Support/raw_ostream.h"

using namespace mlir;
using namespace tileir;
using namespace tileir::dispatch;

int64_t DispatchContext::getLaunchExtent(StringRef name) const {
  if (name == "threadIdx.x")
    return ctaThreads;
  if (name == "threadIdx.y" || name == "threadIdx.z")
    return 1;
  return 0;
}

/// The axis range of `axis` in a CTA of `cta` threads after narrowing.
static AxisRange activeRange(const ActiveSet &active, StringRef axis,
                             int64_t full) {
  if (std::optional<AxisRange> range = active.lookup(axis))
    return *range;
  return AxisRange{full, 0};
}

llvm::StringMap<AxisRange> DispatchContext::getIntra() const {
  llvm::StringMap<AxisRange> intra;
  switch (scope) {
  case tirx::ExecScope::Thread:
    break;
  case tirx::ExecScope::Warp:
    intra["laneid"] = activeRange(active, "laneid", 32);
    break;
  case tirx::ExecScope::Warpgroup:
    intra["laneid"] = activeRange(active, "laneid", 32);
    intra["wid_in_wg"] = activeRange(active, "wid_in_wg", 4);
    break;
  case tirx::ExecScope::Cta:
  case tirx::ExecScope::Cluster:
    intra["laneid"] = activeRange(active, "laneid", 32);
    intra["warpid"] = activeRange(active, "warpid", ctaThreads / 32);
    break;
  }
  return intra;
}

llvm::StringMap<AxisRange> DispatchContext::getInter() const {
  llvm::StringMap<AxisRange> inter;
  if (scope == tirx::ExecScope::Warp)
    inter["warpid"] = activeRange(active, "warpid", ctaThreads / 32);
  else if (scope == tirx::ExecScope::Warpgroup)
    inter["wgid"] = activeRange(active, "wgid", ctaThreads / 128);
  return inter;
}

bool DispatchContext::allThreadsActive() const {
  if (scope == tirx::ExecScope::Thread)
    return true;
  if (active.isUnknown())
    return false;
  // Narrowings of axes inside the scope's team reject; narrowings that
  // select whole teams (warps for a warp call, warpgroups for a warpgroup
  // call) do not.
  auto narrowed = [&](StringRef axis) {
    return active.lookup(axis).has_value();
  };
  switch (scope) {
  case tirx::ExecScope::Thread:
    return true;
  case tirx::ExecScope::Warp:
    return !narrowed("laneid");
  case tirx::ExecScope::Warpgroup:
    return !narrowed("laneid") && !narrowed("wid_in_wg") && !narrowed("warpid");
  case tirx::ExecScope::Cta:
  case tirx::ExecScope::Cluster:
    return active.getNarrowedAxes().empty();
  }
  return false;
}

int64_t DispatchContext::getScopeThreads() const {
  switch (scope) {
  case tirx::ExecScope::Thread:
    return 1;
  case tirx::ExecScope::Warp:
    return 32;
  case tirx::ExecScope::Warpgroup:
    return 128;
  case tirx::ExecScope::Cta:
  case tirx::ExecScope::Cluster:
    return ctaThreads;
  }
  return ctaThreads;
}

static std::string tableKey(StringRef primitive, StringRef targetKind) {
  return (primitive + "@" + targetKind).str();
}

void Registry::add(StringRef primitive, StringRef targetKind, Variant variant) {
  table[tableKey(primitive, targetKind)].push_back(std::move(variant));
}

SmallVector<const Variant *> Registry::lookup(StringRef primitive,
                                              StringRef targetKind) const {
  SmallVector<const Variant *> result;
  auto it = table.find(tableKey(primitive, targetKind));
  if (it == table.end())
    return result;
  for (const Variant &v : it->second)
    result.push_back(&v);
  llvm::stable_sort(result, [](const Variant *a, const Variant *b) {
    if (a->priority != b->priority)
      return a->priority > b->priority;
    return a->name < b->name;
  });
  return result;
}

const Registry &Registry::getBuiltin() {
  static const Registry registry = [] {
    Registry r;
    registerCudaCopyVariants(r);
    registerCudaCopyAsyncVariants(r);
    registerCudaPermuteLayoutVariants(r);
    registerCudaElementwiseVariants(r);
    registerCudaReductionVariants(r);
    registerCudaRegionReduceVariants(r);
    registerCudaPointerVariants(r);
    registerCudaGemmVariants(r);
    registerCudaGemmIntVariants(r);
    registerCudaComposeVariants(r);
    registerCudaAtomicVariants(r);
    registerCudaGeneralVariants(r);
    return r;
  }();
  return registry;
}

LogicalResult tileir::dispatch::dispatchOne(
    const Registry &registry, tirx::PrimitiveOpInterface op,
    DispatchContext &ctx, RewriterBase &rewriter, std::string &chosen,
    SmallVectorImpl<Rejection> &rejections) {
  Operation *operation = op.getOperation();
  StringRef name = operation->getName().getStringRef();
  SmallVector<const Variant *> variants =
      registry.lookup(name, ctx.getTarget().getKind());
  if (variants.empty())
    return operation->emitOpError() << "has no variant registered for target '"
                                    << ctx.getTarget().getKind() << "'";

  if (StringAttr forced = op.getForcedVariant()) {
    auto it = llvm::find_if(variants, [&](const Variant *v) {
      return v->name == forced.getValue();
    });
    if (it == variants.end()) {
      InFlightDiagnostic diag = operation->emitOpError()
                                << "names unknown variant '"
                                << forced.getValue() << "'; registered:";
      for (const Variant *v : variants)
        diag << " " << v->name;
      return diag;
    }
    variants = {*it};
  }

  for (const Variant *variant : variants) {
    Rejection row{variant->name, variant->priority, {}};
    SmallVector<std::any> plans;
    for (const Predicate &p : variant->predicates) {
      Outcome outcome = p.fn(operation, ctx);
      if (!outcome.succeeded())
        row.reasons.push_back(p.name + ": " + outcome.getReason().str());
      else if (outcome.getPlan().has_value())
        plans.push_back(std::move(outcome.getPlan()));
    }
    if (row.reasons.empty()) {
      rewriter.setInsertionPoint(operation);
      ctx.setPlans(std::move(plans));
      Outcome outcome = variant->impl(operation, ctx, rewriter);
      ctx.setPlans({});
      if (outcome.succeeded()) {
        chosen = variant->name;
        rewriter.eraseOp(operation);
        return success();
      }
      row.reasons.push_back("declined: " + outcome.getReason().str());
    }
    rejections.push_back(std::move(row));
  }

  InFlightDiagnostic diag = operation->emitOpError()
                            << "has no applicable variant on target '"
                            << ctx.getTarget().getKind() << "' ("
                            << ctx.getTarget().getChip() << ")";
  for (const Rejection &row : rejections) {
    std::string text;
    llvm::raw_string_ostream os(text);
    os << row.variant << " (prio=" << row.priority << "): ";
    llvm::interleave(row.reasons, os, "; ");
    diag.attachNote() << std::move(text);
  }
  return diag;
}

Outcome tileir::dispatch::dispatchPart(Operation *part, DispatchContext &ctx,
                                       RewriterBase &rewriter) {
  std::string name = part->getName().getStringRef().str();
  if (failed(mlir::verify(part)))
    return Outcome::fail("its part " + name + " does not verify");
  std::string chosen;
  SmallVector<Rejection> rejections;
  OpBuilder::InsertPoint after(part->getBlock(), ++Block::iterator(part));
  LogicalResult result = failure();
  {
    // The part's own error would point at an op the input never had: its
    // rejections become this variant's reason instead.
    ScopedDiagnosticHandler quiet(part->getContext(), [](Diagnostic &diag) {
      return success(diag.getSeverity() == DiagnosticSeverity::Error);
    });
    result = dispatchOne(Registry::getBuiltin(),
                         cast<tirx::PrimitiveOpInterface>(part), ctx, rewriter,
                         chosen, rejections);
  }
  if (failed(result)) {
    std::string why;
    llvm::raw_string_ostream os(why);
    os << "its part " << name << " has no applicable variant (";
    llvm::interleave(
        rejections, os,
        [&](const Rejection &row) {
          os << row.variant << ": ";
          llvm::interleave(row.reasons, os, ", ");
        },
        " | ");
    os << ")";
    rewriter.eraseOp(part);
    return Outcome::fail(why);
  }
  rewriter.restoreInsertionPoint(after);
  return Outcome::ok();
}
