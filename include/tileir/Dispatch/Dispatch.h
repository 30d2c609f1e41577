//===- Dispatch.h - Variant registry and dispatch context -------*- C++ -*-===//
//
// Part of TileIR. The dispatch machinery of tirx (TIRx's register_dispatch /
// run_dispatch): variants registered per (primitive, target kind) with a
// priority, named predicates and an implementation that may decline.
//
//===----------------------------------------------------------------------===//

#ifndef TILEIR_DISPATCH_DISPATCH_H
#define TILEIR_DISPATCH_DISPATCH_H

#include "tileir/Dialect/TirX/IR/TirX.h"
#include "tileir/Target/TargetInfo.h"

#include "mlir/IR/PatternMatch.h"
#include "llvm/ADT/StringMap.h"

#include <any>
#include <functional>
#include <optional>
#include <string>

namespace tileir::dispatch {

/// The outcome of a predicate or an implementation: success, or a reason.
/// A predicate's success may carry its match (a plan), which the
/// implementation reads with DispatchContext::getPlan instead of matching
/// again.
class Outcome {
public:
  static Outcome ok() { return Outcome(); }
  template <typename Plan>
  static Outcome ok(Plan plan) {
    Outcome o;
    o.plan = std::move(plan);
    return o;
  }
  static Outcome fail(const llvm::Twine &reason) {
    Outcome o;
    o.reason = reason.str();
    return o;
  }
  bool succeeded() const { return !reason.has_value(); }
  llvm::StringRef getReason() const {
    return reason ? llvm::StringRef(*reason) : llvm::StringRef();
  }
  /// The plan of a successful predicate (empty: none).
  std::any &getPlan() { return plan; }

private:
  std::optional<std::string> reason;
  std::any plan;
};

/// Priorities (highest first), one meaning each.
namespace priority {
/// Variants taken only when the op names them (`dispatch = "..."`, the
/// pred::forcedOnly predicate); otherwise they decline, listed first among
/// the rejections.
inline constexpr int kForcedOnly = 30;
/// A hardware fast path preferred over the general variants that could also
/// take the op (TIRx's ldgsts, wgmma); it does not need to be named.
inline constexpr int kPreferred = 20;
/// The usual lowering of a primitive for the layouts it was written for.
inline constexpr int kGeneral = 10;
/// A slower lowering of the same family for what kGeneral does not take.
inline constexpr int kFallback = 0;
/// The general per-element variants (PerElement.h): any layout, alignment
/// and scope, tried after every other variant.
inline constexpr int kPerElement = -10;
} // namespace priority

/// The values of one thread axis that stay active: [offset, offset + extent).
struct AxisRange {
  int64_t extent = 0;
  int64_t offset = 0;
  bool operator==(const AxisRange &o) const {
    return extent == o.extent && offset == o.offset;
  }
};

/// Which threads execute a call, as narrowed by enclosing `scf.if`s on scope
/// ids (TIRx's active set). Narrowings are kept per axis (`laneid`,
/// `warpid`, `wgid`, `wid_in_wg`); a `tx` range aligned to whole warps or
/// warpgroups is recorded on `warpid`/`wgid`. A condition on thread ids that
/// is not an (in)equality against a constant makes the set unknown.
class ActiveSet {
public:
  /// Narrows `axis` to `range` (intersecting with an earlier narrowing).
  void narrow(llvm::StringRef axis, AxisRange range);
  void markUnknown() { unknown = true; }
  bool isUnknown() const { return unknown; }
  /// The narrowing of `axis`, or nullopt when it is not narrowed.
  std::optional<AxisRange> lookup(llvm::StringRef axis) const;
  /// Axes with a narrowing, sorted.
  llvm::SmallVector<std::string> getNarrowedAxes() const;

private:
  llvm::StringMap<AxisRange> narrowed;
  bool unknown = false;
};

/// The active set at `op` in a CTA of `ctaThreads` threads: every enclosing
/// `scf.if` whose condition depends on thread ids narrows it (its `then`
/// region by the condition; its `else` region, which needs the complement,
/// makes it unknown). An `scf.if` marked `tirx.uniform` (a cuda_tile `if`:
/// its rank-0 condition is the same in every thread of the block, even when
/// computed from thread-dependent data such as a reduction) keeps every
/// thread.
ActiveSet getActiveSet(mlir::Operation *op, int64_t ctaThreads);

/// What a variant sees of the place a primitive is issued at (TIRx's
/// DispatchContext): the target, the call's execution scope, the launch
/// extents and the active set.
class DispatchContext {
public:
  DispatchContext(const TargetInfo &target, mlir::tirx::ExecScope scope,
                  int64_t ctaThreads, ActiveSet active = {})
      : target(target), scope(scope), ctaThreads(ctaThreads),
        active(std::move(active)) {}

  const TargetInfo &getTarget() const { return target; }
  mlir::tirx::ExecScope getScope() const { return scope; }
  /// Threads per CTA (the kernel's fixed block size).
  int64_t getCtaThreads() const { return ctaThreads; }
  /// Launch extents by name (`threadIdx.x`, `threadIdx.y`, `threadIdx.z`);
  /// 0 for a name whose extent is unknown at compile time (the grid).
  int64_t getLaunchExtent(llvm::StringRef name) const;
  /// Threads cooperating in the call: 1, 32, 128 or the CTA size.
  int64_t getScopeThreads() const;
  const ActiveSet &getActiveSet() const { return active; }
  /// The threads cooperating inside the call (TIRx's `intra`): per axis of
  /// the scope's canonical shape (warp: laneid; warpgroup: laneid,
  /// wid_in_wg; cta: laneid, warpid), the active range.
  llvm::StringMap<AxisRange> getIntra() const;
  /// Which teams of the scope are active (TIRx's `inter`): for a warp-scope
  /// call the active warps (`warpid`), for a warpgroup-scope call the active
  /// warpgroups (`wgid`); empty for cta and wider.
  llvm::StringMap<AxisRange> getInter() const;
  /// True when every thread of each active team of the call's scope takes
  /// part: no enclosing `if` narrows the intra set, and the set is known.
  bool allThreadsActive() const;

  /// The plan of type `Plan` that a predicate of the chosen variant
  /// returned (Outcome::ok(plan)); set by dispatchOne for the duration of
  /// the implementation. Asking for a plan no predicate gives is a bug of
  /// the variant's registration.
  template <typename Plan>
  const Plan &getPlan() const {
    for (const std::any &p : plans)
      if (const Plan *plan = std::any_cast<Plan>(&p))
        return *plan;
    llvm::report_fatal_error("dispatch: the variant's predicates give no plan "
                             "of the type its implementation reads");
  }
  void setPlans(llvm::SmallVector<std::any> p) { plans = std::move(p); }

private:
  llvm::SmallVector<std::any> plans;
  const TargetInfo &target;
  mlir::tirx::ExecScope scope;
  int64_t ctaThreads;
  ActiveSet active;
};

using PredicateFn =
    std::function<Outcome(mlir::Operation *, const DispatchContext &)>;
using ImplFn = std::function<Outcome(mlir::Operation *, DispatchContext &,
                                     mlir::RewriterBase &)>;

/// A named predicate.
struct Predicate {
  std::string name;
  PredicateFn fn;
};

/// One way to lower a primitive. The implementation emits upstream-dialect
/// IR before the op and returns ok; the dispatcher then erases the op. An
/// implementation that declines must not have changed the IR.
struct Variant {
  std::string name;
  int priority = priority::kGeneral;
  llvm::SmallVector<Predicate> predicates;
  ImplFn impl;
};

/// A row of the rejection report.
struct Rejection {
  std::string variant;
  int priority;
  llvm::SmallVector<std::string> reasons;
};

/// The variant table, keyed by (primitive name, target kind).
class Registry {
public:
  /// The registry with every built-in variant registered.
  static const Registry &getBuiltin();

  void add(llvm::StringRef primitive, llvm::StringRef targetKind,
           Variant variant);
  /// Variants of a primitive on a target, ordered by (-priority, name).
  llvm::SmallVector<const Variant *> lookup(llvm::StringRef primitive,
                                            llvm::StringRef targetKind) const;

private:
  llvm::StringMap<std::vector<Variant>> table;
};

/// Runs dispatch on one primitive: the first variant (in priority order, or
/// only the forced one) whose predicates hold and whose implementation
/// succeeds replaces it. On failure emits one error listing every variant
/// and its reasons. `chosen` receives the variant name, `rejections` the
/// variants tried before it.
mlir::LogicalResult
dispatchOne(const Registry &registry, mlir::tirx::PrimitiveOpInterface op,
            DispatchContext &ctx, mlir::RewriterBase &rewriter,
            std::string &chosen, llvm::SmallVectorImpl<Rejection> &rejections);

/// Verifies and dispatches `part`, a primitive that a variant's
/// implementation has just created in place of the op it lowers (the parts
/// of a composite), with the op's context; the builtin registry's variants.
/// Leaves the insertion point after the lowered part.
Outcome dispatchPart(mlir::Operation *part, DispatchContext &ctx,
                     mlir::RewriterBase &rewriter);

/// Registers the CUDA variants, one function per primitive family.
void registerCudaCopyVariants(Registry &registry);
void registerCudaCopyAsyncVariants(Registry &registry);
void registerCudaPermuteLayoutVariants(Registry &registry);
void registerCudaElementwiseVariants(Registry &registry);
void registerCudaReductionVariants(Registry &registry);
void registerCudaRegionReduceVariants(Registry &registry);
void registerCudaPointerVariants(Registry &registry);
void registerCudaGemmVariants(Registry &registry);
void registerCudaGemmIntVariants(Registry &registry);
void registerCudaComposeVariants(Registry &registry);
void registerCudaAtomicVariants(Registry &registry);
/// The per-element variants of the reductions and matrix products.
void registerCudaGeneralVariants(Registry &registry);

/// Lowers the synchronization ops of asynchronous copies (tirx.async_commit,
/// tirx.async_wait, tirx.async_proxy_fence, tirx.mbarrier_*) under `root` to
/// NVVM ops.
mlir::LogicalResult lowerAsyncSyncOps(mlir::Operation *root);

} // namespace tileir::dispatch

#endif // TILEIR_DISPATCH_DISPATCH_H
