//===- Dispatch.cpp - Variant registry and dispatch -----------------------===//
//
// Part of TileIR.
//
//===----------------------------------------------------------------------===//

#include "tileir/Dispatch/Dispatch.h"

#include "llvm/Support/raw_ostream.h"

using namespace mlir;
using namespace tileir;
using namespace tileir::dispatch;

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
    registerCudaPointerVariants(r);
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
    for (const Predicate &p : variant->predicates) {
      Outcome outcome = p.fn(operation, ctx);
      if (!outcome.succeeded())
        row.reasons.push_back(p.name + ": " + outcome.getReason().str());
    }
    if (row.reasons.empty()) {
      rewriter.setInsertionPoint(operation);
      Outcome outcome = variant->impl(operation, ctx, rewriter);
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
