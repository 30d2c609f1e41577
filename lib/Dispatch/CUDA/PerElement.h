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

#include <optional>
#include <string>

namespace tileir::dispatch {

/// Computes the destination element from the source elements (a scalar
/// source repeats its value) and the row-major flat index (index type).
using PerElementFn = std::function<mlir::Value(
    mlir::OpBuilder &, mlir::Location, llvm::ArrayRef<mlir::Value>,
    mlir::Value)>;

/// Why `dst = f(sources)` cannot be lowered element by element at the scope
/// of `ctx`, or nullopt. Register operands must hold each element in the
/// threads that compute it (the destination's holders, or the scope's
/// threads in turn when the destination is in memory).
std::optional<std::string>
checkPerElement(mlir::Value dst, llvm::ArrayRef<mlir::Value> sources,
                const DispatchContext &ctx);

/// Emits the per-element loop before the current insertion point. Global
/// sources read `padding` (zero when null) out of bounds; global
/// destinations skip out-of-bounds elements. `sharedOffset` (may be null)
/// is added to every shared slot (a team's part of a scratch buffer).
void emitPerElement(mlir::OpBuilder &b, mlir::Location loc, mlir::Value dst,
                    llvm::ArrayRef<mlir::Value> sources,
                    mlir::TypedAttr padding, const DispatchContext &ctx,
                    const PerElementFn &fn,
                    mlir::Value sharedOffset = nullptr);

/// Why a register-to-register copy cannot go through a shared scratch of
/// one tile per team of the scope (`per_element_exchange`), or nullopt.
std::optional<std::string> checkExchangeCopy(mlir::tirx::CopyOp op,
                                             const DispatchContext &ctx);

/// The register-to-register copy through a shared scratch: the source's
/// holders write it element by element, a barrier of the scope, the
/// destination's holders read it, a barrier (the scratch is reused).
void emitExchangeCopy(mlir::tirx::CopyOp op, const DispatchContext &ctx,
                      mlir::RewriterBase &rewriter);

} // namespace tileir::dispatch

#endif // TILEIR_LIB_DISPATCH_CUDA_PERELEMENT_H
