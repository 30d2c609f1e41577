//===- EntryLowering.h - State of convert-cuda-tile-to-tirx -----*- C++ -*-===//
//
// Part of TileIR. The lowering of one cuda_tile.entry, shared by the files
// that lower its op families. Private to lib/Conversion/CudaTileToTirX.
//
//===----------------------------------------------------------------------===//

#ifndef TILEIR_LIB_CONVERSION_CUDATILETOTIRX_ENTRYLOWERING_H
#define TILEIR_LIB_CONVERSION_CUDATILETOTIRX_ENTRYLOWERING_H

#include "tileir/Conversion/CudaTileToTirX/LayoutAssignment.h"
#include "tileir/Dialect/CudaTile/IR/CudaTile.h"
#include "tileir/Dialect/TirX/IR/TirX.h"
#include "tileir/Target/TargetInfo.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/GPU/IR/GPUDialect.h"
#include "mlir/Dialect/LLVMIR/LLVMDialect.h"
#include "mlir/IR/Builders.h"
#include "mlir/IR/IRMapping.h"
#include "llvm/ADT/DenseSet.h"

#include <optional>

namespace mlir::tileir {
namespace ct = mlir::cuda_tile;

/// What a partition view stands for: a global view and a tile shape.
struct PartitionViewInfo {
  Value globalView;
  SmallVector<int64_t> tileShape;
  TypedAttr padding;
};

/// Lowers one cuda_tile.entry into a gpu.func.
class EntryLowering {
public:
  EntryLowering(ct::EntryOp entry, gpu::GPUFuncOp func,
                const LayoutPlanner &planner, unsigned pointerAlignment)
      : entry(entry), func(func), planner(planner),
        pointerAlignment(pointerAlignment), b(func.getContext()) {}

  LogicalResult run();

  // All members are public: the op families are defined in separate files
  // (CudaTileToTirX.cpp: core and the pass; Elementwise.cpp; Memory.cpp;
  // Structure.cpp) and share this state.

  // --- values -------------------------------------------------------------
  /// The lowered value of `v`: a scalar or a tirx buffer.
  Value get(Value v) { return mapping.lookupOrNull(v); }
  /// The lowered value as a buffer, materializing a scalar with tirx.fill.
  Value getBuffer(Value v, Location loc);
  /// A fresh register buffer for a tile of `type` with its blocked layout.
  Value allocBlocked(ct::TileType type, Location loc);
  Value alloc(ArrayRef<int64_t> shape, Type elem,
              const ::tileir::layout::TileLayout &layout, Location loc);
  /// `buffer` (local) in register layout `layout`: itself when it already
  /// has it, else a copy staged through a row-major shared buffer (CTA
  /// barriers after each copy). Elements must be whole bytes.
  Value toLayout(Value buffer, const ::tileir::layout::TileLayout &layout,
                 Location loc);
  UnitAttr flag(bool set) { return set ? b.getUnitAttr() : UnitAttr(); }
  tirx::ExecScopeAttr cta() {
    return tirx::ExecScopeAttr::get(b.getContext(), tirx::ExecScope::Cta);
  }
  /// Element type a cuda_tile element lowers to (pointers: i64 addresses).
  Type lowerElement(Type elem);
  Value toIndex(Value scalar, Location loc);
  LogicalResult fail(Operation *op, const Twine &why) {
    return op->emitOpError() << why;
  }

  // --- ops ----------------------------------------------------------------
  /// Lowers the ops of `block` (a cuda_tile region's block) at the current
  /// insertion point, in order.
  LogicalResult lowerOps(Block &block);
  /// Lowers one op: asks each family in turn.
  LogicalResult lower(Operation *op);
  /// The op families. Each returns std::nullopt when `op` is not one of its
  /// ops, else the result of lowering it.
  std::optional<LogicalResult> lowerCoreOp(Operation *op);
  std::optional<LogicalResult> lowerElementwiseOp(Operation *op);
  std::optional<LogicalResult> lowerMemoryOp(Operation *op);
  std::optional<LogicalResult> lowerStructureOp(Operation *op);
  std::optional<LogicalResult> lowerMmaOp(Operation *op);
  std::optional<LogicalResult> lowerPackOp(Operation *op);

  LogicalResult lower(ct::ConstantOp op);
  LogicalResult lower(ct::GetTileBlockIdOp op);
  LogicalResult lower(ct::GetNumTileBlocksOp op);
  LogicalResult lower(ct::IotaOp op);
  LogicalResult lower(ct::ReshapeOp op);
  LogicalResult lower(ct::BroadcastOp op);
  LogicalResult lower(ct::OffsetOp op);
  LogicalResult lower(ct::MakeTensorViewOp op);
  LogicalResult lower(ct::MakePartitionViewOp op);
  LogicalResult lower(ct::LoadViewTkoOp op);
  LogicalResult lower(ct::StoreViewTkoOp op);
  LogicalResult lower(ct::LoadPtrTkoOp op);
  LogicalResult lower(ct::StorePtrTkoOp op);
  LogicalResult lower(ct::ReduceOp op);

  // --- elementwise (Elementwise.cpp) --------------------------------------
  /// The scalar result of the elementwise op `op` from scalar operands
  /// `args` (of the lowered element types), emitted at the insertion point;
  /// `resultType` is the lowered result element (pointers: !llvm.ptr<1> as
  /// scalars, i64 in tirx.map bodies).
  FailureOr<Value> buildElementwise(Operation *op, ArrayRef<Value> args,
                                    Type resultType);
  FailureOr<Value> buildFloat(Operation *op, ArrayRef<Value> args);
  FailureOr<Value> buildConversion(Operation *op, ArrayRef<Value> args,
                                   Type resultType);
  FailureOr<Value> buildRounded(Operation *op, StringRef kind,
                                ArrayRef<Value> args, ct::RoundingMode mode,
                                bool ftz);
  LogicalResult checkElementwise(Operation *op);
  LogicalResult lowerAssume(ct::AssumeOp op);
  /// A call of the LLVM intrinsic `name` (NVVM forms without an NVVM op).
  Value intrinsic(StringRef name, Type type, ValueRange args, Location loc);

  /// Token bookkeeping: a memory op whose input token follows a store must
  /// see that store's effects across the CTA.
  void syncAfterStores(Value token, Location loc);
  void markToken(Value token, bool afterStore) {
    if (token)
      tokenAfterStore[token] = afterStore;
  }

  ct::EntryOp entry;
  gpu::GPUFuncOp func;
  const LayoutPlanner &planner;
  unsigned pointerAlignment;
  OpBuilder b;
  IRMapping mapping;
  DenseMap<Value, Value> tensorViews;
  DenseMap<Value, PartitionViewInfo> partitionViews;
  DenseMap<Value, bool> tokenAfterStore;
  /// cuda_tile.assume predicates (div_by, same_elements, bounded), keyed by
  /// the assume's result value.
  DenseMap<Value, Attribute> assumptions;
  /// Values lowered by the tensor-core family (mmaf results, matmul loop
  /// results): their f32 -> f16/bf16 conversion is the matmul epilogue.
  DenseSet<Value> mmaResults;
  /// The target (set by the pass before run()).
  const ::tileir::TargetInfo *target = nullptr;

  // --- affine pointer tiles ---------------------------------------------
  // Rank-1 integer tiles known to hold base + stride * i, pointer tiles known
  // to be a scalar pointer offset by such an index tile with stride 1, and
  // masks known to be `index < limit`. A pointer-tile load or store over
  // them is a contiguous access: it lowers to a global view + region copy
  // (vectorized, whole-tile bounds check) instead of an element-wise gather.
  struct Affine {
    Value base; ///< scalar
    int64_t stride;
  };
  struct AffinePointer {
    Value ptr;   ///< scalar !llvm.ptr<1>
    Value index; ///< the cuda_tile index tile (in `affine`, stride 1)
  };
  struct BoundsMask {
    Value index; ///< the cuda_tile index tile
    Value limit; ///< scalar
  };
  void trackAffine(Operation *op);
  FailureOr<Value> affineRegion(Value ptrTile, Value mask, Location loc);
  DenseMap<Value, Affine> affine;
  DenseMap<Value, AffinePointer> affinePointers;
  DenseMap<Value, BoundsMask> boundsMasks;
};

/// Gives the result shape of every mmaf in `entry` the accumulator layout
/// of its tensor-core plan (Mma.cpp), so that its producers and consumers
/// share it.
void planMmaLayouts(ct::EntryOp entry, LayoutPlanner &planner,
                    const ::tileir::TargetInfo &target);

} // namespace mlir::tileir

#endif // TILEIR_LIB_CONVERSION_CUDATILETOTIRX_ENTRYLOWERING_H
