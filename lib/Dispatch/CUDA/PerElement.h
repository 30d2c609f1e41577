//===- PerElement.h - The general per-element lowering ----------*- C++ -*-===//
//
// Part of TileIR. The lowest-priority variants of the copy and elementwise
// families: one scf.for over the logical elements, each element's place
// computed at run time from its TileLayout (any extents, strides, offsets,
// replicas and broadcasts; swizzled shared memory; global regions of any
// strides, alignment and bounds). Slow, general.
//
//===----------------------------------------------------------------------===//

#ifndef TILEIR_LIB_DISPATCH_CUDA_PERELEMENT_H
#define TILEIR_LIB_DISPATCH_CUDA_PERELEMENT_H

#include "tileir/Dispatch/Dispatch.h"
#include "tileir/Layout/TileLayout.h"

#include <optional>
#include <string>

namespace tileir::dispatch {

/// Computes the destination element from the source elements (a scalar
/// source repeats its value) and the row-major flat index (index type).
using PerElementFn =
    std::function<mlir::Value(mlir::OpBuilder &, mlir::Location,
                              llvm::ArrayRef<mlir::Value>, mlir::Value)>;

/// Why `dst = f(sources)` cannot be lowered element by element at the scope
/// of `ctx`, or nullopt. Register operands must hold each element in the
/// threads that compute it (the destination's holders, or the scope's
/// threads in turn when the destination is in memory).
std::optional<std::string> checkPerElement(mlir::Value dst,
                                           llvm::ArrayRef<mlir::Value> sources,
                                           const DispatchContext &ctx);

/// Emits the per-element loop before the current insertion point. Global
/// sources read `padding` (zero when null) out of bounds; global
/// destinations skip out-of-bounds elements. `offsets` (empty, or one per
/// operand, destination first, null for none) are added to the shared slots
/// of their operand (a team's part of a scratch buffer).
void emitPerElement(mlir::OpBuilder &b, mlir::Location loc, mlir::Value dst,
                    llvm::ArrayRef<mlir::Value> sources,
                    mlir::TypedAttr padding, const DispatchContext &ctx,
                    const PerElementFn &fn,
                    llvm::ArrayRef<mlir::Value> offsets = {});

//===----------------------------------------------------------------------===//
// Building blocks of other general variants (reductions, gemm)
//===----------------------------------------------------------------------===//

/// One buffer operand accessed element by element.
struct ElementAccess {
  mlir::Value buffer;
  mlir::tirx::BufferType type;
  layout::TileLayout layout; ///< on-chip
  std::optional<layout::Swizzle> swizzle;
  mlir::Value storage; ///< local: the register memref; shared: a pointer
  mlir::Value offset;  ///< shared: added to every slot (may be null)
  // Op handles are value types whose accessors are not const.
  mutable mlir::tirx::RegionOp region;   ///< global
  mutable mlir::tirx::GlobalViewOp view; ///< global

  bool isLocal() const { return type.isLocal(); }
  bool isShared() const { return type.isShared(); }
  bool isGlobal() const { return type.isGlobal(); }
};

llvm::FailureOr<ElementAccess> getElementAccess(mlir::Value buffer,
                                                std::string &why);
/// Materializes the storage (register memref, shared pointer) at the
/// insertion point; `slotOffset` is added to every shared slot.
void prepareElementAccess(mlir::OpBuilder &b, mlir::Location loc,
                          ElementAccess &a, mlir::Value slotOffset = nullptr);
/// Element `flat` (index) of a prepared operand.
mlir::Value emitElementLoad(mlir::OpBuilder &b, mlir::Location loc,
                            const ElementAccess &a, mlir::Value flat,
                            mlir::TypedAttr padding = nullptr);
void emitElementStore(mlir::OpBuilder &b, mlir::Location loc,
                      const ElementAccess &a, mlir::Value flat,
                      mlir::Value value);
/// The calling thread's index in its team of the call's scope (index).
mlir::Value emitScopeThread(mlir::OpBuilder &b, mlir::Location loc,
                            const DispatchContext &ctx);
/// A loop over the `n` flat indices the calling thread handles: those of
/// `anchor`'s elements it holds (leaderOnly: as the base copy), or, without
/// an anchor, f = r, r + T, ... for scope thread r of T. `body` is called
/// once, inside the loop, with the index.
void emitElementLoop(mlir::OpBuilder &b, mlir::Location loc,
                     const ElementAccess *anchor, bool leaderOnly, int64_t n,
                     const DispatchContext &ctx,
                     llvm::function_ref<void(mlir::Value)> body);
/// Whether every element of register operand `a` is held by a thread of the
/// scope (leaderOnly: its base copy).
std::optional<std::string>
checkHeld(const ElementAccess &a, const DispatchContext &ctx, bool leaderOnly);
/// A barrier of the call's scope (none at thread scope).
void emitScopeBarrier(mlir::OpBuilder &b, mlir::Location loc,
                      const DispatchContext &ctx);

/// A register operand written to a shared scratch of one row-major tile per
/// team of the scope (then a barrier), so that any thread can read any
/// element: `tile` is the scratch as a shared buffer of the operand's shape,
/// `offset` the calling team's first slot.
struct Staged {
  mlir::Value tile;
  mlir::Value offset;
};
std::optional<std::string> checkStage(mlir::Value local,
                                      const DispatchContext &ctx);
Staged emitStage(mlir::OpBuilder &b, mlir::Operation *op, mlir::Value local,
                 const DispatchContext &ctx);

/// `then()` where `cond` (null: always) holds, else `otherwise`: an scf.if
/// yielding the value; without `otherwise` a branch around `then()` and no
/// result.
mlir::Value emitUnder(mlir::OpBuilder &b, mlir::Location loc, mlir::Value cond,
                      llvm::function_ref<mlir::Value()> then,
                      mlir::Value otherwise);

/// Why buffer `v` cannot be read element by element by any thread of the
/// scope (a register operand through its staged copy), or nullopt; scalars
/// can.
std::optional<std::string> checkReadable(mlir::Value v,
                                         const DispatchContext &ctx);
/// Why `v` cannot be written element by element (every element of a
/// register destination must be held by a thread of the scope), or nullopt.
std::optional<std::string> checkDestination(mlir::Value v,
                                            const DispatchContext &ctx);
/// A prepared source: a shared or global operand as it is, a register
/// operand through its staged copy (`staged` is set).
ElementAccess prepareSource(mlir::OpBuilder &b, mlir::Operation *op,
                            mlir::Value v, const DispatchContext &ctx,
                            bool &staged);

/// The general lowering of a primitive that reads `sources` (buffers or
/// scalars) element by element and may write `dst` (null for none):
/// `body(values, flat)` runs for each of the `n` row-major elements. With
/// `once` the body runs exactly once per element, by thread f mod T of the
/// scope (side effects: atomics, stores, a for_each body); a register
/// destination then gets the results through a shared scratch. Without it,
/// each holder of a register destination's element runs the body.
std::optional<std::string>
checkGeneralElements(mlir::Value dst, llvm::ArrayRef<mlir::Value> sources,
                     bool once, const DispatchContext &ctx);
void emitGeneralElements(mlir::OpBuilder &b, mlir::Operation *op,
                         mlir::Value dst, llvm::ArrayRef<mlir::Value> sources,
                         int64_t n, bool once, const DispatchContext &ctx,
                         const PerElementFn &body);

/// What emitGeneralElements lowers for one primitive: its destination (null
/// for none), its sources in the order the body receives them, whether the
/// body has side effects (`once`), and the body.
struct GeneralElements {
  mlir::Value dst;
  llvm::SmallVector<mlir::Value> sources;
  bool once = false;
  PerElementFn body;
};
/// Registers the `per_element` variant (priority::kPerElement) of
/// `primitive`: every thread active, layouts spanning the scope, `extra`,
/// and checkGeneralElements on what `describe(op)` gives; it lowers with
/// emitGeneralElements over the elements of the destination (or of the
/// first buffer source).
void addGeneralElementsVariant(
    Registry &registry, llvm::StringRef primitive,
    std::function<GeneralElements(mlir::Operation *)> describe,
    llvm::ArrayRef<Predicate> extra = {});

} // namespace tileir::dispatch

#endif // TILEIR_LIB_DISPATCH_CUDA_PERELEMENT_H
