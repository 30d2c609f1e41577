//===- CopyCodegen.h - Register copies shared by variants -------*- C++ -*-===//
//
// Part of TileIR. The register copy of `tirx.copy` (Copy.cpp), used by the
// variants of other primitives that fall back to a synchronous copy.
//
//===----------------------------------------------------------------------===//

#ifndef TILEIR_LIB_DISPATCH_CUDA_COPYCODEGEN_H
#define TILEIR_LIB_DISPATCH_CUDA_COPYCODEGEN_H

#include "tileir/Dialect/TirX/IR/TirX.h"
#include "tileir/Dispatch/Dispatch.h"
#include "tileir/Layout/BitLayout.h"
#include "tileir/Layout/SharedStaging.h"
#include "tileir/Layout/TileLayout.h"

#include <optional>
#include <string>

namespace tileir::dispatch {

enum class SideKind { Global, Shared, Local };

/// One operand of a copy.
struct Side {
  SideKind kind;
  mlir::Value buffer;
  // Op handles are value types whose accessors are not const.
  mutable mlir::tirx::RegionOp region;   ///< global: the region
  mutable mlir::tirx::GlobalViewOp view; ///< global: the region's view
  layout::BitLayout bits; ///< shared / local: the layout bit by bit
  std::optional<layout::Swizzle> swizzle; ///< shared: the composed swizzle
};

/// The two sides of a supported copy: global/shared/local in any pairing
/// except global-global, shared-shared and local-local.
struct CopySides {
  Side dst, src;
  const Side *local() const {
    return dst.kind == SideKind::Local   ? &dst
           : src.kind == SideKind::Local ? &src
                                         : nullptr;
  }
};

/// The two sides of `tirx.copy dst, src` as a register copy
/// (emitRegisterCopy), the plan the copy predicates hand to the
/// implementation; or failure with `why`: it needs two of a global region,
/// a shared buffer and a local buffer, of whole-byte elements.
llvm::FailureOr<CopySides> matchRegisterCopy(mlir::Value dst, mlir::Value src,
                                             std::string &why);

/// Lowers `op` at the insertion point as the `vec_auto` variant does: the
/// widest vector (at most 16 bytes) that the layouts, strides and known
/// alignment allow, down to single elements, with a whole-tile bounds check
/// and an element-wise masked path on a global side. Declines without
/// emitting anything when an extent is not a power of two. `op` is left in
/// place.
Outcome emitRegisterCopy(mlir::tirx::CopyOp op, const CopySides &sides,
                         DispatchContext &ctx, mlir::RewriterBase &rewriter);

/// Moves each (from, to) pair of tiles of `blockShape` through one shared
/// staging buffer of layout `staging` (layout::chooseStagingLayout of the
/// walks that write and read it): a `tirx.copy` into it, a CTA barrier, a
/// `tirx.copy` out of it, each copy dispatched at once; a barrier between
/// pairs and, inside a loop, after the last (the next iteration writes the
/// buffer again). The copies take `op`'s location and `scope`.
Outcome
emitStagedCopies(mlir::Operation *op, mlir::tirx::ExecScopeAttr scope,
                 llvm::ArrayRef<std::pair<mlir::Value, mlir::Value>> pairs,
                 const layout::StagingLayout &staging,
                 llvm::ArrayRef<int64_t> blockShape, mlir::Type elemType,
                 DispatchContext &ctx, mlir::RewriterBase &rewriter);

/// `ofr` (an index attribute or value) as an i64 value.
mlir::Value toI64(mlir::OpBuilder &b, mlir::Location loc,
                  mlir::OpFoldResult ofr);

/// A thread's place in the global region of a copy whose thread
/// partition is `part` (a tile of `shape`, at `offsets` of a view of
/// `sizes` and `strides`): along each dimension the thread's coordinate (the
/// region's offset plus the thread's bits) and the view's stride and size,
/// as i64, and the bounds tests of the element at a constant offset `c`
/// from the thread's coordinate (its register bits).
struct GlobalCoords {
  GlobalCoords(mlir::OpBuilder &b, mlir::Location loc,
               const layout::BitLayout &part, mlir::Value tid,
               llvm::ArrayRef<int64_t> shape,
               llvm::ArrayRef<mlir::OpFoldResult> offsets,
               llvm::ArrayRef<mlir::OpFoldResult> sizes,
               llvm::ArrayRef<mlir::OpFoldResult> strides);

  /// i64: the coordinate plus `c` along `d`.
  mlir::Value at(mlir::OpBuilder &b, mlir::Location loc, unsigned d,
                 int64_t c) const;
  /// i1: 0 <= the coordinate plus `c` < the size along `d` (one unsigned
  /// compare).
  mlir::Value inBounds(mlir::OpBuilder &b, mlir::Location loc, unsigned d,
                       int64_t c) const;

  llvm::SmallVector<mlir::Value> coord, stride, size;
  mlir::Value offset; ///< i64: the sum of coordinate times stride
};

/// i1: the whole tile of `shape` at `offsets` lies inside a view of `sizes`
/// (given as i64 values, `sizes64`), uniform over the threads; null when
/// that is known at compile time.
mlir::Value emitTileInBounds(mlir::OpBuilder &b, mlir::Location loc,
                             llvm::ArrayRef<int64_t> shape,
                             llvm::ArrayRef<mlir::OpFoldResult> offsets,
                             llvm::ArrayRef<mlir::OpFoldResult> sizes,
                             llvm::ArrayRef<mlir::Value> sizes64);

/// Whether the masked element accesses of one primitive, `elements` a thread,
/// are predicated PTX accesses (emitPredicatedLoad/Store) rather than a
/// branch (`scf.if`) around an LLVM load or store each. Up to 64 a thread
/// they branch: LLVM sees the accesses (inline PTX is opaque to it), and
/// ptxas predicates short branches itself. Beyond, a branch each would grow
/// compile time and memory quadratically (SCF-to-ControlFlow splits the
/// block at each one), and predicated accesses keep the code straight-line.
inline bool predicateMaskedAccesses(int64_t elements) { return elements > 64; }

/// A load of one element of memory type `memType` (an integer or float of
/// 8, 16, 32 or 64 bits, as tirx::getMemoryType gives it) from `ptr` (global
/// or generic address space) when `mask` (i1) holds, `fallback` (of
/// `memType`) otherwise, as one predicated PTX load: no branch, so large
/// masked tiles stay straight-line code. Null when the type or the address
/// space has no such form (the caller branches instead). A non-empty
/// `cacheHint` (PTX qualifiers such as "L1::evict_last") needs a global
/// pointer.
mlir::Value emitPredicatedLoad(mlir::OpBuilder &b, mlir::Location loc,
                               mlir::Type memType, mlir::Value ptr,
                               mlir::Value mask, mlir::Value fallback,
                               llvm::StringRef cacheHint = "");

/// A store of `value` (a memory type as for emitPredicatedLoad) to `ptr`
/// when `mask` holds, as one predicated PTX store. False (nothing emitted)
/// when the type or the address space has no such form.
bool emitPredicatedStore(mlir::OpBuilder &b, mlir::Location loc,
                         mlir::Value value, mlir::Value ptr, mlir::Value mask);

} // namespace tileir::dispatch

#endif // TILEIR_LIB_DISPATCH_CUDA_COPYCODEGEN_H
