//===- TirX.h - tirx dialect ------------------------------------*- C++ -*-===//
//
// Part of TileIR. The tirx dialect: buffers with a memory scope and a
// TileLayout, and tile primitives issued at an execution scope.
//
//===----------------------------------------------------------------------===//

#ifndef TILEIR_DIALECT_TIRX_IR_TIRX_H
#define TILEIR_DIALECT_TIRX_IR_TIRX_H

#include "tileir/Layout/TileLayout.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/LLVMIR/LLVMDialect.h"
#include "mlir/IR/BuiltinTypeInterfaces.h"
#include "mlir/IR/Dialect.h"
#include "mlir/IR/OpDefinition.h"
#include "mlir/IR/OpImplementation.h"
#include "mlir/Interfaces/InferIntRangeInterface.h"
#include "mlir/Interfaces/SideEffectInterfaces.h"
#include "mlir/Interfaces/ViewLikeInterface.h"

namespace tileir::layout {
/// Hash of a layout, for uniquing #tirx.layout attributes.
llvm::hash_code hash_value(const TileLayout &layout);
} // namespace tileir::layout

#include "tileir/Dialect/TirX/IR/TirXDialect.h.inc"
#include "tileir/Dialect/TirX/IR/TirXEnums.h.inc"

#define GET_ATTRDEF_CLASSES
#include "tileir/Dialect/TirX/IR/TirXAttrs.h.inc"

#define GET_TYPEDEF_CLASSES
#include "tileir/Dialect/TirX/IR/TirXTypes.h.inc"

namespace mlir::tirx {
/// The register operands of primitive `op` spread over the threads of its
/// execution scope (PrimitiveOpInterface's verifier).
LogicalResult verifyPrimitiveLayouts(Operation *op);
} // namespace mlir::tirx

#include "tileir/Dialect/TirX/IR/TirXInterfaces.h.inc"

#define GET_OP_CLASSES
#include "tileir/Dialect/TirX/IR/TirXOps.h.inc"

namespace mlir::tirx {
/// The CTA size of the kernel around `op`: the x extent of the nearest
/// enclosing `known_block_size` when it is 1-D, else nullopt.
std::optional<int64_t> getKernelCtaThreads(Operation *op);
/// Whether `op` is in the producer region of a tirx.warp_specialize (one
/// thread runs it).
bool inProducerRegion(Operation *op);
/// The number of values of the scope id enumerating layout axis `axis`
/// (`laneid`: 32, `warpid`: CTA size / 32, ...) for `op`'s kernel, or
/// nullopt when the CTA size is unknown.
std::optional<int64_t> getScopeIdExtent(Operation *op, llvm::StringRef axis);
/// Checks a `cache_hint` (tirx.copy config; the cache_hint optimization hint
/// of cuda_tile view loads): the PTX L1 eviction priority of global loads,
/// L1::{evict_normal, evict_unchanged, evict_first, evict_last, no_allocate}
/// (PTX allows the L2 priorities only on 256-bit loads). `why` says what is
/// wrong.
LogicalResult checkCacheHint(llvm::StringRef hint, std::string &why);
/// Why the shared buffer `shared` cannot be the shared side of a TMA copy
/// (the dense row-major box the descriptor swizzles, at a 128-byte aligned
/// offset, at most 5 dimensions), or an empty string when it can.
std::string tmaBoxMismatch(BufferType shared);
/// An 8-bit float element type with arithmetic conversions (e4m3, e5m2):
/// no scalar arithmetic exists on it, the hardware converts pairs (sm_89+).
inline bool isF8(Type t) { return isa<Float8E4M3FNType, Float8E5M2Type>(t); }
/// Unit attribute on an `scf.if` whose condition is the same in every thread
/// of the block (the lowering of a cuda_tile `if`, whose condition is a
/// rank-0 tile): tirx-dispatch's active set keeps every thread inside it.
inline constexpr llvm::StringLiteral kUniformBranchAttr = "tirx.uniform";
} // namespace mlir::tirx

#endif // TILEIR_DIALECT_TIRX_IR_TIRX_H
