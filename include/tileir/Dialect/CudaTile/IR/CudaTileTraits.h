//===- CudaTileTraits.h - cuda_tile op traits -------------------*- C++ -*-===//
//
// Part of TileIR.
//
// Parameterized op traits that carry the modifier rules of cuda_tile ops:
// accepted rounding modes, the f32-only flush_to_zero flag, and the memory
// model of token-ordered loads and stores.
//
//===----------------------------------------------------------------------===//

#ifndef TILEIR_DIALECT_CUDATILE_IR_CUDATILETRAITS_H
#define TILEIR_DIALECT_CUDATILE_IR_CUDATILETRAITS_H

#include "mlir/IR/OpDefinition.h"

#include "tileir/Dialect/CudaTile/IR/CudaTileAttrs.h"

#include <optional>

namespace mlir::cuda_tile {

/// Whether a token-ordered op reads or writes memory.
enum class MemoryAccessKind { Load, Store };

namespace detail {
/// Verifies that `mode` is one of `allowed`, that `approx` (and `full` when
/// it is not `defaultMode`) is only used with f32 results.
LogicalResult verifyRoundingMode(Operation *op, RoundingMode mode,
                                 RoundingMode defaultMode,
                                 ArrayRef<RoundingMode> allowed);
/// Verifies that `flush_to_zero` is only set on ops with f32 results.
LogicalResult verifyFlushToZero(Operation *op, bool flushToZero);
/// Verifies the orderings a load/store accepts and that a memory scope is
/// given exactly when the ordering is not `weak`.
LogicalResult verifyMemoryModel(Operation *op, MemoryAccessKind kind,
                                MemoryOrderingSemantics ordering,
                                std::optional<MemoryScope> scope);
} // namespace detail
} // namespace mlir::cuda_tile

namespace mlir::OpTrait::cuda_tile {

/// The op has a `rounding_mode` (getRoundingMode()) that must be one of
/// `Allowed...`; `Default` is used when the op does not spell one.
template <::mlir::cuda_tile::RoundingMode Default,
          ::mlir::cuda_tile::RoundingMode... Allowed>
struct RoundingModes {
  template <typename ConcreteOp>
  class Impl : public TraitBase<ConcreteOp, Impl> {
  public:
    static LogicalResult verifyTrait(Operation *op) {
      static constexpr ::mlir::cuda_tile::RoundingMode allowed[] = {Allowed...};
      return ::mlir::cuda_tile::detail::verifyRoundingMode(
          op, cast<ConcreteOp>(op).getRoundingMode(), Default, allowed);
    }
  };
};

/// The op has a `flush_to_zero` flag (getFlushToZero()) valid only for f32.
template <typename ConcreteOp>
class FlushToZeroF32Only : public TraitBase<ConcreteOp, FlushToZeroF32Only> {
public:
  static LogicalResult verifyTrait(Operation *op) {
    return ::mlir::cuda_tile::detail::verifyFlushToZero(
        op, cast<ConcreteOp>(op).getFlushToZero());
  }
};

/// The op is a token-ordered access of kind `Kind` with
/// getMemoryOrderingSemantics() and getMemoryScope().
template <::mlir::cuda_tile::MemoryAccessKind Kind>
struct MemoryModel {
  template <typename ConcreteOp>
  class Impl : public TraitBase<ConcreteOp, Impl> {
  public:
    static LogicalResult verifyTrait(Operation *op) {
      auto concreteOp = cast<ConcreteOp>(op);
      return ::mlir::cuda_tile::detail::verifyMemoryModel(
          op, Kind, concreteOp.getMemoryOrderingSemantics(),
          concreteOp.getMemoryScope());
    }
  };
};

} // namespace mlir::OpTrait::cuda_tile

#endif // TILEIR_DIALECT_CUDATILE_IR_CUDATILETRAITS_H
