//===- LayoutAssignment.h - Layouts for cuda_tile values --------*- C++ -*-===//
//
// Part of TileIR. How convert-cuda-tile-to-tirx picks the CTA size and the
// layout of every tile.
//
//===----------------------------------------------------------------------===//

#ifndef TILEIR_CONVERSION_CUDATILETOTIRX_LAYOUTASSIGNMENT_H
#define TILEIR_CONVERSION_CUDATILETOTIRX_LAYOUTASSIGNMENT_H

#include "tileir/Layout/TileLayout.h"

#include "mlir/IR/Operation.h"
#include "llvm/ADT/DenseMap.h"

#include <map>
#include <string>
#include <vector>

namespace mlir::tileir {

/// Chooses layouts for the tiles of one kernel.
class LayoutPlanner {
public:
  /// Scans the kernel `entry` (a cuda_tile.entry) for its tile shapes.
  /// `numThreads` overrides the CTA size when non-zero.
  LayoutPlanner(Operation *entry, int64_t numThreads);

  /// Threads per CTA: enough for about 8 elements per thread of the largest
  /// tile, clamped to [32, 256], or the override.
  int64_t getCtaThreads() const { return ctaThreads; }

  /// The blocked layout of every tile of `shape`: runs of `vec` consecutive
  /// elements per thread (16 bytes of the narrowest element type used with
  /// this shape, within the innermost dimension), then threads on `tx`, then
  /// repetitions in registers; threads beyond the element count replicate.
  ::tileir::layout::TileLayout getBlocked(llvm::ArrayRef<int64_t> shape) const;

  /// Makes `layout` the layout of every tile of `shape` (getBlocked returns
  /// it): e.g. the tensor-core accumulator fragment of an mmaf result, so
  /// that the tiles it meets share it. The first layout set wins.
  void setLayout(llvm::ArrayRef<int64_t> shape,
                 const ::tileir::layout::TileLayout &layout);

  /// The layout of a reduction of a tile with layout `src` and `shape` over
  /// `axes`: the kept bits keep their thread or register (registers
  /// compacted), the reduced thread bits become replicas.
  static llvm::FailureOr<::tileir::layout::TileLayout>
  getReduced(const ::tileir::layout::TileLayout &src,
             llvm::ArrayRef<int64_t> shape, llvm::ArrayRef<int64_t> axes);

  /// The layout under which the registers of a tile (`src`, `srcShape`) read
  /// as its broadcast to `dstShape` next to tiles laid out as `anchor`:
  /// broadcast dimensions take the anchor's thread bits (the source must be
  /// replicated over them) and stride-0 register bits. Fails when the
  /// source's registers cannot serve (a layout conversion would be needed).
  static llvm::FailureOr<::tileir::layout::TileLayout>
  getBroadcastView(const ::tileir::layout::TileLayout &src,
                   llvm::ArrayRef<int64_t> srcShape,
                   llvm::ArrayRef<int64_t> dstShape,
                   const ::tileir::layout::TileLayout &anchor);

private:
  int64_t ctaThreads = 128;
  /// Narrowest element size (bytes) seen per shape.
  std::map<std::vector<int64_t>, int64_t> narrowestBytes;
  /// Widest element size (bytes) loaded or stored per shape.
  std::map<std::vector<int64_t>, int64_t> widestMemoryBytes;
  /// Layouts fixed by setLayout, per shape.
  std::map<std::vector<int64_t>, ::tileir::layout::TileLayout> fixedLayouts;
};

} // namespace mlir::tileir

#endif // TILEIR_CONVERSION_CUDATILETOTIRX_LAYOUTASSIGNMENT_H
