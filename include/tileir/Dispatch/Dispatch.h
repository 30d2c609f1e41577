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

#include <functional>
#include <optional>
#include <string>

namespace tileir::dispatch {

/// The outcome of a predicate or an implementation: success, or a reason.
class Outcome {
public:
  static Outcome ok() { return Outcome(); }
  static Outcome fail(const llvm::Twine &reason) {
    Outcome o;
    o.reason = reason.str();
    return o;
  }
  bool succeeded() const { return !reason.has_value(); }
  llvm::StringRef getReason() const {
    return reason ? llvm::StringRef(*reason) : llvm::StringRef();
  }

private:
  std::optional<std::string> reason;
};

/// Priorities (highest first). Forced fast paths decline unless named.
namespace priority {
inline constexpr int kForced = 20;
inline constexpr int kGeneral = 10;
inline constexpr int kFallback = 0;
} // namespace priority

/// What a variant sees of the place a primitive is issued at (TIRx's
/// DispatchContext).
class DispatchContext {
public:
  DispatchContext(const TargetInfo &target, mlir::tirx::ExecScope scope,
                  int64_t ctaThreads, bool allThreadsActive)
      : target(target), scope(scope), ctaThreads(ctaThreads),
        allActive(allThreadsActive) {}

  const TargetInfo &getTarget() const { return target; }
  mlir::tirx::ExecScope getScope() const { return scope; }
  /// Threads per CTA (the kernel's fixed block size).
  int64_t getCtaThreads() const { return ctaThreads; }
  /// Threads cooperating in the call: 1, 32, 128 or the CTA size.
  int64_t getScopeThreads() const;
  /// False when an enclosing `scf.if` on thread ids narrows the active set.
  bool allThreadsActive() const { return allActive; }

private:
  const TargetInfo &target;
  mlir::tirx::ExecScope scope;
  int64_t ctaThreads;
  bool allActive;
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

/// Registers the CUDA variants, one function per primitive family.
void registerCudaCopyVariants(Registry &registry);
void registerCudaCopyAsyncVariants(Registry &registry);
void registerCudaPermuteLayoutVariants(Registry &registry);
void registerCudaElementwiseVariants(Registry &registry);
void registerCudaReductionVariants(Registry &registry);
void registerCudaPointerVariants(Registry &registry);

/// Lowers the synchronization ops of asynchronous copies (tirx.async_commit,
/// tirx.async_wait, tirx.mbarrier_*) under `root` to NVVM ops.
mlir::LogicalResult lowerAsyncSyncOps(mlir::Operation *root);

} // namespace tileir::dispatch

#endif // TILEIR_DISPATCH_DISPATCH_H
