//===- ReductionCodegen.h - Reduction code shared by variants ---*- C++ -*-===//
//
// Part of TileIR. The register reduction of Reduction.cpp (per-thread tree,
// shuffle-xor butterfly, cross-warp exchange through shared memory), written
// over tuples of values and a combiner callback so that tirx.sum/max/min and
// tirx.reduce (RegionReduce.cpp) share it. Private to lib/Dispatch/CUDA.
//
//===----------------------------------------------------------------------===//

#ifndef TILEIR_LIB_DISPATCH_CUDA_REDUCTIONCODEGEN_H
#define TILEIR_LIB_DISPATCH_CUDA_REDUCTIONCODEGEN_H

#include "tileir/Dispatch/Dispatch.h"
#include "tileir/Layout/BitLayout.h"

#include <functional>
#include <string>

namespace tileir::dispatch::reduction {

/// Largest shared scratch one reduction or scan may use (bytes).
constexpr int64_t kMaxScratchBytes = 16 * 1024;

/// Combines two tuples (one value per operand) into one; `lhs` stands for
/// lower indices than `rhs`.
using CombineFn = std::function<llvm::SmallVector<mlir::Value>(
    mlir::OpBuilder &, mlir::Location, mlir::ValueRange lhs,
    mlir::ValueRange rhs)>;

/// The bit structure of a register reduction: which source flat bits are
/// reduced and where each kept bit lands in the destination.
struct ReductionPlan {
  layout::BitLayout src, dst;
  bool hasDst = true;
  llvm::SmallVector<bool> reduced;    ///< per source flat bit
  llvm::SmallVector<unsigned> dstBit; ///< per kept source bit: destination bit
  llvm::SmallVector<int64_t> laneStrides, warpStrides; ///< reduced thread bits
  /// Number of register tuples each thread keeps after the per-thread step.
  int64_t numKept() const;
};

/// Plans the reduction of a source of `srcType` over `axes` into a
/// destination of `dstType` (null: every thread receives scalars).
llvm::FailureOr<ReductionPlan> planReduction(mlir::tirx::BufferType dstType,
                                             mlir::tirx::BufferType srcType,
                                             llvm::ArrayRef<int64_t> axes,
                                             std::string &why);

/// Checks what the register reduction of `plan` needs beyond its layouts:
/// elements of at most 64 bits, and room in kMaxScratchBytes for one tuple
/// per thread (the cross-warp exchange takes as many rounds as it needs).
Outcome checkReductionResources(const ReductionPlan &plan,
                                llvm::ArrayRef<mlir::Type> elemTypes,
                                int64_t ctaThreads);

/// The type a value travels in through shuffles and scratch: 32 bits for
/// narrower values, 64-bit values as they are.
mlir::Type widenedType(mlir::OpBuilder &b, mlir::Type t);
mlir::Value widen(mlir::OpBuilder &b, mlir::Location loc, mlir::Value v);
/// Bytes one tuple of `elemTypes` takes in a cross-warp scratch slot.
int64_t tupleBytes(mlir::OpBuilder &b, llvm::ArrayRef<mlir::Type> elemTypes);
mlir::Value narrow(mlir::OpBuilder &b, mlir::Location loc, mlir::Value v,
                   mlir::Type t);

/// Emits the register reduction of `plan` over the sources' storages
/// (memrefs of the sources' element types) and returns, for each kept
/// register tuple, the kept flat index and the reduced tuple (in the
/// sources' element types, or their 32-bit forms after the per-thread step
/// with `widenAfterThread`). Every thread gets the results of the elements it
/// keeps.
struct ReducedTuples {
  llvm::SmallVector<int64_t> keptFlat;
  llvm::SmallVector<llvm::SmallVector<mlir::Value>> values;
};
ReducedTuples
emitRegisterReduction(mlir::OpBuilder &b, mlir::Location loc,
                      mlir::Operation *op, const ReductionPlan &plan,
                      mlir::ValueRange srcStorages, int64_t ctaThreads,
                      const CombineFn &combine, bool widenAfterThread = false);

/// Stores reduced tuples to the destinations' storages (narrowed to their
/// element types).
void storeReducedTuples(mlir::OpBuilder &b, mlir::Location loc,
                        const ReductionPlan &plan, const ReducedTuples &tuples,
                        mlir::ValueRange dstStorages);

} // namespace tileir::dispatch::reduction

#endif // TILEIR_LIB_DISPATCH_CUDA_REDUCTIONCODEGEN_H
