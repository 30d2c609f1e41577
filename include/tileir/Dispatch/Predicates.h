//===- Predicates.h - Shared dispatch predicates ----------------*- C++ -*-===//
//
// Part of TileIR. Predicates shared by the variants of every primitive
// family (TIRx's _all_threads_active, exec_scope_ok, sm_version_ok, ...).
//
//===----------------------------------------------------------------------===//

#ifndef TILEIR_DISPATCH_PREDICATES_H
#define TILEIR_DISPATCH_PREDICATES_H

#include "tileir/Dispatch/Dispatch.h"

namespace tileir::dispatch::pred {

/// Every thread of the call's scope is active (no enclosing `if` on ids).
Predicate allThreadsActive();
/// The call's scope is one of `scopes`.
Predicate execScopeIn(llvm::ArrayRef<mlir::tirx::ExecScope> scopes);
/// The target's SM version is at least `sm`.
Predicate chipAtLeast(unsigned sm);
/// Every buffer operand of the op is in `scope` (scalars pass).
Predicate operandsInScope(mlir::tirx::MemScope scope);
/// The thread axes of every local operand layout span the call's scope
/// (e.g. a CTA-scope call uses tx, or laneid and warpid; a warp-scope call
/// only laneid) and no more of its threads than it has. On a CTA of one
/// warp (warpgroup) a layout spanning a warp (warpgroup) spans the CTA.
Predicate layoutThreadAxesMatchScope();
/// The variant only runs when named with `dispatch = "<name>"`.
Predicate forcedOnly(llvm::StringRef name);
/// Every buffer operand can be read register-to-register alongside operand
/// `anchor(op)` (see checkOperandsCompatible): each thread holds the anchor's
/// elements of it at compile-time storage slots.
Predicate
operandsRegisterCompatible(std::function<unsigned(mlir::Operation *)> anchor);

/// The predicates of a variant that works in registers only, element by
/// element in the layout of operand `anchor(op)`: every thread active, every
/// operand local, layouts spanning the scope, operands register-compatible
/// with the anchor.
llvm::SmallVector<Predicate>
registerElementwise(std::function<unsigned(mlir::Operation *)> anchor);

} // namespace tileir::dispatch::pred

#endif // TILEIR_DISPATCH_PREDICATES_H
