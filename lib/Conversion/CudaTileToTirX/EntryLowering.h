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
#include "tileir/Layout/BitLayout.h"
#include "tileir/Target/TargetInfo.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/GPU/IR/GPUDialect.h"
#include "mlir/Dialect/LLVMIR/LLVMDialect.h"
#include "mlir/Dialect/SCF/IR/SCF.h"
#include "mlir/IR/Builders.h"
#include "mlir/IR/IRMapping.h"
#include "llvm/ADT/DenseSet.h"

#include <optional>

namespace mlir::tileir {
namespace ct = mlir::cuda_tile;

/// The layout of a fresh register buffer holding what `layout` holds: every
/// element on the same threads, every bit that is not a thread bit a
/// register (broadcast bits get registers of their own), no offset.
FailureOr<::tileir::layout::TileLayout>
compactLayout(const ::tileir::layout::TileLayout &layout);

/// What a partition view stands for: a global view and a tile shape.
/// Strided and gather/scatter views use the same record.
struct PartitionViewInfo {
  /// The cuda_tile tensor_view the view partitions, and its global view.
  Value tensorView;
  Value globalView;
  SmallVector<int64_t> tileShape;
  TypedAttr padding;
  /// Per tile dimension: the elements between consecutive tiles (the tile
  /// shape for partition views, the traversal strides for strided views).
  SmallVector<int64_t> steps;
  /// Per tile dimension: the tensor dimension it walks.
  SmallVector<int64_t> dimMap;
  /// The gathered tile dimension of a gather_scatter_view, or -1.
  int64_t sparseDim = -1;
};

/// The integer a splat constant tile holds, looking through reshapes,
/// broadcasts and assumes.
std::optional<llvm::APInt> splatInteger(Value v);

/// True when `info` reads a tile as one rectangular region of its tensor
/// view: no gathered dimension and tile dimension i walks tensor dimension i.
bool isRegionView(const PartitionViewInfo &info);
/// The global region (a tirx.region of the view's global buffer) that the
/// view `info` holds at tile indices `indices` (index values); with
/// `shape`, the part of that tile of extents `shape` at `within` (elements
/// from the tile's origin, per dimension).
Value regionAt(OpBuilder &b, Location loc, const PartitionViewInfo &info,
               ArrayRef<Value> indices, ArrayRef<int64_t> within = {},
               ArrayRef<int64_t> shape = {});

/// The scalars of a tensor view: base pointer, sizes and strides (index),
/// and the tirx.global_view over them.
struct TensorViewInfo {
  Value global;
  Value base;
  SmallVector<Value> sizes, strides;
  Type elementType;
};

/// The tensor and partition views made in the kernel, by cuda_tile value.
class ViewTable {
public:
  void addTensorView(Value tensorView, TensorViewInfo info) {
    tensors[tensorView] = std::move(info);
  }
  void addPartitionView(Value view, PartitionViewInfo info) {
    partitions[view] = std::move(info);
  }
  /// The record of a view made in this kernel, or null.
  const TensorViewInfo *lookupTensorView(Value tensorView) const {
    auto it = tensors.find(tensorView);
    return it == tensors.end() ? nullptr : &it->second;
  }
  const PartitionViewInfo *lookupPartitionView(Value view) const {
    auto it = partitions.find(view);
    return it == partitions.end() ? nullptr : &it->second;
  }
  /// `out` is the view `in` is (an assume's result).
  void alias(Value in, Value out);

private:
  DenseMap<Value, TensorViewInfo> tensors;
  DenseMap<Value, PartitionViewInfo> partitions;
};

struct CfSequence;
class EntryLowering;

/// map[out] = map[in] when `in` has an entry (copied first: inserting `out`
/// may grow the map and free the entry of `in` before it is read).
template <typename Map>
void copyEntry(Map &map, Value in, Value out) {
  if (auto it = map.find(in); it != map.end()) {
    auto value = it->second;
    map[out] = std::move(value);
  }
}

/// Whether the elementwise `op` takes its scalar form (no buffer) when
/// every operand is a scalar (Elementwise.cpp).
bool isScalarElementwise(Operation *op);

/// The power of two an `assume div_by<D>` (without every/along) on `v`
/// gives, or 1.
int64_t assumedDivisor(const DenseMap<Value, Attribute> &assumptions, Value v);

/// A power of two known to divide the cuda_tile integer or pointer `v` (a
/// scalar or a tile holding one value everywhere): from `assume div_by`
/// (through reshapes, broadcasts and other assumes), constants, products
/// and sums; 1 when nothing is known.
int64_t knownDivisor(const DenseMap<Value, Attribute> &assumptions, Value v);

/// What is known of the entry's rank-1 integer tiles that hold
/// base + stride * i, of pointer tiles that are a uniform pointer offset by
/// such a tile with stride 1, and of masks that are `index < limit` (and
/// uniform guards): an analysis of the cuda_tile body, run before it is
/// lowered (`analyze`; cf. Triton's AxisInfo), over its values. A tile is
/// uniform (stride 0) where the conversion keeps it a scalar: rank 0,
/// splat constants, reshapes and broadcasts of uniform tiles, and
/// elementwise ops of uniform operands (isScalarElementwise). A pointer-tile
/// load or store over these facts is a contiguous access: it lowers to a
/// global view + region copy (vectorized, whole-tile bounds check) instead of
/// an element-wise gather (`region`). The scalar bases that such an access
/// needs are built from the lowered values as each op is lowered
/// (`lowered`), the others never.
class AffineFacts {
public:
  explicit AffineFacts(EntryLowering &l) : l(l) {}
  /// Computes the facts of `entry`'s body (its assumptions collected).
  void analyze(ct::EntryOp entry);
  /// Builds the lowered scalars (bases, mask guards) that accesses use of
  /// `op`'s result, at the insertion point, after `op` is lowered.
  void lowered(Operation *op);
  /// The global region of the access of the pointer tile `ptrTile` under
  /// `mask` (null: unmasked), or failure when the facts do not make it one
  /// contiguous, bounds-checkable region.
  FailureOr<Value> region(Value ptrTile, Value mask, Location loc);

  struct Affine {
    int64_t stride;
    /// A power of two that divides the base (for the alignment of the view).
    int64_t divisor = 1;
    /// Held by a scalar of the lowering (its base is that scalar).
    bool uniform = false;
  };
  struct AffinePointer {
    Value ptr;   ///< the uniform pointer tile
    Value index; ///< the index tile (in `affine`, stride 1)
  };
  struct BoundsMask {
    Value index; ///< the index tile (in `affine`, stride 1)
    Value limit; ///< the uniform limit tile
    /// A guarded mask: `inner` (a mask of `masks`) and the uniform i1 tile
    /// `guard`.
    Value inner, guard;
  };
  /// What the lowering built for a mask: the limit and the guard (null:
  /// none) as scalars.
  struct LoweredMask {
    Value limit, guard;
  };
  /// One term of a separable index tile of rank >= 2: along dimension
  /// `dim`, the rank-1 tile `index` (in `affine`, stride 1, its values
  /// broadcast over the other dimensions) times the uniform tile `scale`
  /// (null: 1).
  struct Term {
    int64_t dim;
    Value index, scale;
  };
  /// A bounds mask of rank >= 2: `index < limit` along each dimension of
  /// `bounds` (terms without scale, `scale` holding the uniform limit), and
  /// the uniform i1 tile `guard` (null: none).
  struct GridMask {
    SmallVector<Term, 2> bounds;
    Value guard;
  };

private:
  void analyze(Operation *op);
  /// The facts of rank >= 2 tiles (separable, gridPointers, gridMasks).
  void analyzeGrid(Operation *op);
  /// region() for a pointer tile of gridPointers.
  FailureOr<Value> gridRegion(Value ptrTile, Value mask, Location loc);
  /// The view size of a bounds mask's limit: `limit` (the lowered index of
  /// the cuda_tile tile `tile`), or zero where it is negative (a signed
  /// `index < limit` then holds nowhere, and the copy's bounds test compares
  /// unsigned) unless it is known non-negative.
  Value boundSize(Value tile, Value limit, Location loc);
  bool isUniform(Value v) const;
  /// Marks `v` (in `affine`) and the tiles its base is built from as needed.
  void need(Value v);
  EntryLowering &l;
  DenseMap<Value, Affine> affine;
  DenseMap<Value, AffinePointer> pointers;
  DenseMap<Value, BoundsMask> masks;
  /// Integer tiles of rank >= 2 that are sums of terms along distinct
  /// dimensions (cuTile's gathers indexed by x[:, None] and y[None, :]),
  /// pointer tiles that offset a uniform pointer by one, and their masks.
  DenseMap<Value, SmallVector<Term, 2>> separable;
  DenseMap<Value, std::pair<Value, Value>> gridPointers; ///< (ptr, offsets)
  DenseMap<Value, GridMask> gridMasks;
  DenseSet<Value> uniform, needed;
  /// The lowered base of each needed tile (null: the lowering left none).
  DenseMap<Value, Value> bases;
  /// The lowered limit and guard of each mask the lowering could state.
  DenseMap<Value, LoweredMask> loweredMasks;
};

/// One TMA copy into a shared buffer: the part of the buffer at `offset`
/// (elements, per buffer dimension) of extents `shape`, a dense row-major
/// box with layout `layout`.
struct TmaBox {
  SmallVector<int64_t> offset, shape;
  ::tileir::layout::TileLayout layout;
};
/// How TMA fills shared buffers of one layout from a global view: the
/// boxes of a buffer, the global view of the tensor map and its swizzle.
struct TmaOperand {
  Value globalView;
  SmallVector<TmaBox, 2> boxes;
  unsigned swizzle = 0;
};

/// What the tensor-core family keeps per `for` loop (Mma.cpp):
/// * streamed operands: loads of the body whose tiles only feed a product
///   (attention's K and V), copied straight into shared memory in the
///   layout the product reads (by TMA where the loop's views allow it, else
///   by cp.async), one iteration ahead, into one of two buffers, or by TMA
///   into one buffer refilled once the product has read it, where two
///   would take too much shared memory (the matmul K loop has its own
///   pipeline);
/// * deferred fences: the barrier that keeps the next iteration from
///   rewriting a product's shared operands while a warp still reads them is
///   left to the next barrier of the body (the next product's), or to the
///   end of the body.
class LoopProducts {
public:
  explicit LoopProducts(EntryLowering &l) : l(l) {}
  /// Called before `forOp` is lowered, at the insertion point before the
  /// loop, with its lowered bounds: finds its streamed loads, allocates
  /// their buffers and issues the first iteration's copies.
  LogicalResult begin(ct::ForOp forOp, Value lb, Value ub, Value step);
  /// Lowers `load` when it is streamed: issues the next iteration's copy,
  /// waits for this iteration's and maps the tile to its shared buffer.
  /// Nullopt for other loads.
  std::optional<LogicalResult> lower(ct::LoadViewTkoOp load);
  /// Called at the end of `forOp`'s lowered body, before its yield.
  void finishBody(ct::ForOp forOp);
  /// Called after `forOp` is lowered, at the insertion point after the loop.
  void end(ct::ForOp forOp);
  /// The product `mma` needs a barrier after it before the next iteration:
  /// true when it is left to a later barrier of its loop's body (`mma` in
  /// the body of a `for` without early exits), false when the caller must
  /// emit it now.
  bool deferFence(Operation *mma);
  /// A CTA barrier was just emitted in the body holding `mma` (before it).
  void barrierBefore(Operation *mma);
  /// Whether `buffer` (through views and selects) is only ever a TMA
  /// stream's buffers: written by the async proxy alone.
  bool writtenByTma(Value buffer) const;
  /// Whether the loop around `mma` has its streams copied by a producer
  /// warp: the warpgroups hand each stream buffer back on an mbarrier
  /// (productDone), so a product whose shared operands are TMA streams or
  /// fenced stagings needs no CTA barrier before or after it.
  bool specialized(Operation *mma) const;
  /// Called after the product `mma` has completed (its wgmma groups
  /// waited for): in a specialized loop, hands the buffers of the streams
  /// it reads back to the producer warp.
  /// Returns the ops that hand the buffers back.
  SmallVector<Operation *> productDone(Operation *mma);
  /// Whether `mma` reads a stream of one buffer that the loop's threads
  /// refill: the caller then emits a CTA barrier right after the product
  /// and calls refill.
  bool refillsAfter(Operation *mma) const;
  /// After the product `mma` and the CTA barrier that follows it: issues
  /// the next iteration's copies of the one-buffer streams it read.
  LogicalResult refill(Operation *mma);
  /// Whether the product `mma` may be issued one iteration late
  /// (pipeline): the last product of a body whose loop has a producer
  /// warp and two buffers per stream, A in registers, one warpgroup,
  /// after an earlier product of the body, its result carried by the loop
  /// (`carried`: the lowered buffer of that iteration value) and
  /// accumulated in place into `acc` (an alloc of the body).
  bool deferrable(Operation *mma, Value a, Value acc, Value &carried) const;
  /// Records the lowered product `mma` of a specialized loop: the ops of
  /// its lowering (`first` to the op before the insertion point) and the
  /// hand-back ops productDone returned, so that pipeline() finds them;
  /// `deferred` when deferrable() held for it.
  void recordProduct(Operation *mma, Operation *first,
                     ArrayRef<Operation *> handBacks, bool deferred, Value a,
                     Value acc, Value carried);
  /// After the body of `forOp` (lowered as `loop`) is complete: issues its
  /// deferred product (recordProduct) one iteration late, right after the
  /// body's previous product, waited for before the body next touches
  /// its accumulator or A, and once more after the loop for the last
  /// iteration (docs/Matmul.md, "P V one iteration late").
  void pipeline(ct::ForOp forOp, scf::ForOp loop);
  /// Records that the operand staging `buffer` was fenced for the async
  /// proxy and published by a CTA barrier where it was written, for
  /// products that reuse it.
  void markFenced(Value buffer) { fenced.insert(buffer); }
  /// Whether the staging `buffer` was fenced and published (markFenced).
  bool isFenced(Value buffer) const { return fenced.contains(buffer); }
  /// What the tensor maps of a loop's TMA streams describe: the loads'
  /// (cuda_tile) views, the boxes and the swizzles.
  struct MapKey {
    SmallVector<Value> views;
    SmallVector<Attribute> boxes;
    SmallVector<int64_t> swizzles;
  };

private:
  /// markFenced's stagings.
  DenseSet<Value> fenced;
  struct Stream {
    ct::ForOp forOp;
    /// The product that reads the stream's tile.
    Operation *product = nullptr;
    /// The index computation of the load's indices in the body, in order.
    SmallVector<Operation *> slice;
    /// The shared buffers (the region's shape, in tensor order): two, or
    /// one (buffers[1] and the second mbarriers null).
    Value buffers[2];
    int64_t depth() const { return buffers[1] ? 2 : 1; }
    /// The lowered loop bounds (index).
    Value lb, ub, step;
    /// Streamed loads of the loop: the cp.async groups a wait leaves.
    int64_t groups = 0;
    /// The buffers hold the load's tile with its two non-unit dimensions
    /// swapped.
    bool swapped = false;
    /// TMA copies: the boxes of a buffer (none: cp.async), the tensor
    /// dimension of the buffer's rows, the load's tensor map (valid in
    /// thread 0), the mbarrier of each buffer and the bytes of a tile.
    TmaOperand tma;
    int64_t rowDim = 0;
    Value map, bars[2];
    int64_t bytes = 0;
    /// With a producer warp: the mbarrier on which the warpgroups hand
    /// each buffer back (one arrival per warpgroup).
    Value empties[2];
  };
  /// Issues the copy of `load` for the iteration whose induction value is
  /// `iv` (index) into `dst`, under `inRange`: by TMA completing on `bar`,
  /// or by cp.async, closing the group.
  /// In the producer warp's region (`producer`), its one thread issues
  /// the copy, unguarded when `inRange` is null.
  LogicalResult issue(ct::LoadViewTkoOp load, const Stream &s, Value iv,
                      Value inRange, Value dst, Value bar,
                      bool producer = false);
  /// Builds the producer warp of the specialized loop `forOp` (streams in
  /// the order of `loads`) and leaves the insertion point in the op's
  /// body, where the loop then goes.
  LogicalResult specialize(ct::ForOp forOp, ArrayRef<ct::LoadViewTkoOp> loads,
                           ArrayRef<TmaOperand> tma, const MapKey &maps);
  /// The one-buffer streams of the loop around `mma` that `mma` reads and
  /// the loop's threads refill (no producer warp).
  SmallVector<ct::LoadViewTkoOp> refilledBy(Operation *mma) const;
  EntryLowering &l;
  DenseMap<Operation *, Stream> streams;
  /// Tensor maps built for a loop (in `block`, of the lowered kernel).
  struct KeptMaps {
    Block *block = nullptr;
    MapKey key;
    SmallVector<Value> maps;
  };
  /// The maps of each loop whose streams copy by TMA, and those a loop
  /// kept for the next loop of its block (end).
  DenseMap<Operation *, KeptMaps> loopMaps;
  std::optional<KeptMaps> kept;
  /// Loops whose fences may be deferred, and those with one pending.
  DenseSet<Operation *> deferring, pending;
  /// The tirx.warp_specialize of each specialized loop.
  DenseMap<Operation *, Operation *> producers;
  /// Each stream's mbarrier wait in the body (TMA streams).
  DenseMap<Operation *, Operation *> streamWaits;
  /// The last op of the lowering of the latest product of each specialized
  /// loop's body (recordProduct).
  DenseMap<Operation *, Operation *> productEnds;
  /// A product issued one iteration late (pipeline).
  struct Deferred {
    /// Its gemm ops, the mbarrier waits of the streams it reads and the
    /// ops that hand their buffers back (productDone).
    SmallVector<Operation *> gemms, waits, releases;
    /// The previous product's last op: the deferred product is issued
    /// after it.
    Operation *after = nullptr;
    /// A's register buffer (an alloc of the body), the accumulator (an
    /// alloc of the body) and the loop's buffer of the carried result.
    Value a, acc, carried;
  };
  DenseMap<Operation *, Deferred> deferredProducts;
};

/// Lowers one cuda_tile.entry into a gpu.func.
class EntryLowering {
public:
  EntryLowering(ct::EntryOp entry, gpu::GPUFuncOp func,
                const LayoutPlanner &planner, unsigned pointerAlignment)
      : entry(entry), func(func), planner(planner),
        pointerAlignment(pointerAlignment), b(func.getContext()) {}

  LogicalResult run();

  // The op families are defined in separate files (CudaTileToTirX.cpp: core
  // and the pass; Elementwise.cpp; Memory.cpp; Structure.cpp; ...) and share
  // the builder and the helpers below. The tables one family keeps are
  // classes of their own with private state (ViewTable, AffineFacts,
  // LoopProducts); the conversion's own (the value mapping, assumptions,
  // tensor-core results, token order, scratch) are private, reached through
  // methods (get/map, assumption, markMmaResult, markToken, ...).

  // --- values -------------------------------------------------------------
  /// The lowered value of `v`: a scalar or a tirx buffer.
  Value get(Value v) { return mapping.lookupOrNull(v); }
  /// `v` lowers to `lowered`.
  void map(Value v, Value lowered) { mapping.map(v, lowered); }
  /// `v` lowers to nothing (again).
  void unmap(Value v) { mapping.erase(v); }
  /// No value but `v` lowers to `lowered`.
  bool lowersOnly(Value v, Value lowered) const {
    return llvm::none_of(mapping.getValueMap(), [&](const auto &entry) {
      return entry.second == lowered && entry.first != v;
    });
  }
  /// The predicate of the `cuda_tile.assume` whose result is `v`, or null.
  Attribute assumption(Value v) const { return assumptions.lookup(v); }
  /// `v` is the result of a tensor-core product (see mmaResults).
  void markMmaResult(Value v) { mmaResults.insert(v); }
  /// The lowered value as a buffer, materializing a scalar with tirx.fill.
  Value getBuffer(Value v, Location loc);
  /// A fresh register buffer for a tile of `type` with its blocked layout.
  Value allocBlocked(ct::TileType type, Location loc);
  Value alloc(ArrayRef<int64_t> shape, Type elem,
              const ::tileir::layout::TileLayout &layout, Location loc);
  UnitAttr flag(bool set) { return set ? b.getUnitAttr() : UnitAttr(); }
  tirx::ExecScopeAttr cta() {
    return tirx::ExecScopeAttr::get(b.getContext(), tirx::ExecScope::Cta);
  }
  /// Element type a cuda_tile element lowers to (pointers: i64 addresses).
  Type lowerElement(Type elem);
  Value toIndex(Value scalar, Location loc);
  /// `scalar` as an index, with `divisor` (a power of two known to divide
  /// it, from an assume) stated as (s >> k) << k, which equals s under it
  /// and which the copy variants' divisibility analysis reads.
  Value toIndex(Value scalar, int64_t divisor, Location loc);
  LogicalResult fail(Operation *op, const Twine &why) {
    return op->emitOpError() << why;
  }

  // --- ops ----------------------------------------------------------------
  /// Lowers the ops of `block` (a cuda_tile region's block) at the current
  /// insertion point, in order.
  LogicalResult lowerOps(Block &block);
  /// Lowers the ops [begin, end) the same way. Stops early when a lowering
  /// sets `sequenceDone` (an `if` that exits lowered the rest itself).
  LogicalResult lowerOps(Block::iterator begin, Block::iterator end);
  /// Lowers one op: asks each family in turn.
  LogicalResult lower(Operation *op);
  /// The op families. Each returns std::nullopt when `op` is not one of its
  /// ops, else the result of lowering it.
  std::optional<LogicalResult> lowerCoreOp(Operation *op);
  std::optional<LogicalResult> lowerElementwiseOp(Operation *op);
  std::optional<LogicalResult> lowerMemoryOp(Operation *op);
  std::optional<LogicalResult> lowerStructureOp(Operation *op);
  std::optional<LogicalResult> lowerMmaOp(Operation *op);
  std::optional<LogicalResult> lowerAtomicOp(Operation *op);
  std::optional<LogicalResult> lowerDebugOp(Operation *op);
  std::optional<LogicalResult> lowerReductionOp(Operation *op);
  std::optional<LogicalResult> lowerControlFlowOp(Operation *op);
  std::optional<LogicalResult> lowerPackOp(Operation *op);

  LogicalResult lower(ct::ConstantOp op);
  LogicalResult lowerDenseConstant(ct::ConstantOp op, DenseElementsAttr value);
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
  LogicalResult lower(ct::GetTensorShapeOp op);
  LogicalResult lower(ct::GetIndexSpaceShapeOp op);
  LogicalResult lower(ct::StorePtrTkoOp op);
  LogicalResult lower(ct::PermuteOp op);
  LogicalResult lower(ct::CatOp op);
  LogicalResult lower(ct::ExtractOp op);
  LogicalResult lower(ct::InsertOp op);
  LogicalResult lower(ct::ReduceOp op);
  LogicalResult lower(ct::ScanOp op);

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
  /// `x` (a scalar of cuda_tile float type `from`; tf32 values are f32)
  /// converted to `to` with the rounding of an `ftof` (result: f32 for a
  /// tf32 `to`). The rounding counts only where the conversion is inexact.
  Value buildFloatConvert(Value x, Type from, Type to, ct::RoundingMode mode,
                          Location loc);
  LogicalResult checkElementwise(Operation *op);
  LogicalResult lowerAssume(ct::AssumeOp op);

  // --- layout conversions (ControlFlow.cpp) -------------------------------
  /// `buffer` (a local buffer) in layout `target`: the buffer itself when
  /// the layouts are equal, else a fresh buffer written by `assign`.
  FailureOr<Value> convertLayout(Value buffer,
                                 const ::tileir::layout::TileLayout &target,
                                 Location loc);
  /// dst[x] = src[x] for a local buffer `dst` and a scalar or local buffer
  /// `src` of dst's shape: tirx.fill for a scalar, else a
  /// tirx.permute_layout; tirx-dispatch chooses how the elements move
  /// (registers, a warp's scratch, or a CTA round trip through shared
  /// memory).
  LogicalResult assign(Value dst, Value src, Location loc);
  /// The indices as constants (getScalar of each), or nullopt when one is
  /// not constant.
  FailureOr<std::optional<SmallVector<int64_t>>>
  constantIndices(ValueRange indices, Location loc);
  /// Calls `fn` with the block coordinates that `indices` (rank-0 i32 tiles,
  /// counted in `part`-shaped blocks of `whole`) select: directly for
  /// constant indices, else in one `scf.index_switch` case per block (at
  /// most 64; diagnosed on `op` beyond).
  LogicalResult atBlock(Operation *op, ValueRange indices,
                        ArrayRef<int64_t> whole, ArrayRef<int64_t> part,
                        Location loc,
                        function_ref<LogicalResult(ArrayRef<int64_t>)> fn);
  /// The most shared memory one staging buffer may use: the chip's per-CTA
  /// limit.
  int64_t maxStagingBytes() const { return target->getMaxSharedMemoryPerCta(); }
  /// `src` (a tile about to be stored to `info`'s region) in the blocked
  /// layout when a warp's accesses in its own layout would cover fewer
  /// contiguous bytes of the row-major region than in that one (at most 128
  /// compared): a permuted tile is stored through a layout conversion in
  /// shared memory rather than scattered. Tiles over
  /// tirx::kConversionBlockBytes and
  /// regions whose last dimension is not known contiguous stay as they are.
  FailureOr<Value> coalesceForStore(Value src, const PartitionViewInfo &info,
                                    Location loc);
  /// A view load or store as a region: the view in tensor dimension order
  /// (its tile dimension dimMap[d] is tile dimension d of the view; equal
  /// to the view without dim_map), the region at the op's indices, and
  /// `toTile`, the permutation from that region's tile to the op's
  /// (permuteBuffer); with `shape`, the region is the part of the tile of
  /// extents `shape` at `within` (tensor order, as regionAt). Nullopt for
  /// gather/scatter views.
  struct TensorOrderRegion {
    Value region;
    PartitionViewInfo view;
    SmallVector<int32_t> toTile;
  };
  std::optional<TensorOrderRegion>
  tensorOrderRegion(const PartitionViewInfo &info, ValueRange index,
                    Location loc, ArrayRef<int64_t> within = {},
                    ArrayRef<int64_t> shape = {});
  /// A view of the on-chip buffer `src` with its dimensions permuted:
  /// result dimension i is dimension perm[i] of `src` (the same registers or
  /// shared bytes, swizzle kept; `src` itself for the identity); fails for a
  /// layout that is not power-of-two.
  FailureOr<Value> permuteBuffer(Value src, ArrayRef<int32_t> perm,
                                 Location loc);
  /// A row-major shared copy of the local buffer `src` (no barrier after
  /// it); diagnosed on `op` beyond maxStagingBytes().
  FailureOr<Value> toSharedRowMajor(Operation *op, Value src, Location loc);
  /// The result buffer of an elementwise tirx.map over `operands` (lowered
  /// values): in the planner's blocked layout unless following the buffer
  /// operands' layout needs fewer conversions; operands that disagree with
  /// the chosen layout are replaced by their conversions.
  FailureOr<Value> allocMapResult(ct::TileType type,
                                  SmallVectorImpl<Value> &operands,
                                  Location loc);
  /// A copy of the lowered buffer `v` as a buffer of `type` (another layout,
  /// or shared memory) that an earlier conversion made, where it is
  /// visible from the insertion point (made in its block or a block around
  /// it); null otherwise. Lowered buffers of cuda_tile values do not change
  /// after they are written (loop carriers are only read through the
  /// values of their own region), so one copy serves every later use.
  Value findCopy(Value v, Type type);
  /// Records `copy` (of type `type`) as a copy of `v` for findCopy.
  void rememberCopy(Value v, Type type, Value copy) {
    copies[{v, type}] = copy;
  }
  /// The scalar of a rank-0 tile's lowered value (a one-element buffer is
  /// read with tirx.read, through shared memory unless every thread holds
  /// it). `type` is the cuda_tile type.
  FailureOr<Value> toScalar(Value lowered, Type type, Location loc);
  /// The lowered value of a rank-0 tile `v` as a scalar.
  FailureOr<Value> getScalar(Value v, Location loc) {
    return toScalar(get(v), v.getType(), loc);
  }
  /// A zero of a scalar type (the value of unused outcome slots).
  Value zeroOf(Type type, Location loc);
  /// True when the insertion point is inside a loop.
  bool insideLoop();
  /// Lowers `region`'s block as a structured sequence (see ControlFlow.cpp).
  LogicalResult lowerSequence(Block &block, CfSequence &seq);
  /// Token bookkeeping: a memory op whose input token follows a store must
  /// see that store's effects across the CTA.
  void syncAfterStores(Value token, Location loc);
  void markToken(Value token, bool afterStore) {
    if (token)
      tokenAfterStore[token] = afterStore;
  }
  /// Whether `token` follows a store.
  bool isAfterStore(Value token) const { return tokenAfterStore.lookup(token); }
  /// One place a store writes, for storeOrderedByLoop: a tile of `unit`
  /// elements per step of its values, each covering `extent` elements
  /// (a pointer store's offsets: 1 and 1; a view store's tile index along
  /// a dimension: the view's step and the tile's extent there).
  /// `fixed`: the pointer tile the offsets offset or the view the index
  /// selects in, which must not change over the loop.
  struct StorePlace {
    Value location;
    int64_t unit, extent;
    Value fixed;
  };
  /// Whether the store `store`, whose input token is `token`, needs no CTA
  /// barrier for the stores that token descends from: it is the iteration
  /// argument of the `for` whose body holds the store and that this store's
  /// token alone feeds back, the loop's initial token descends from no
  /// store, and the iterations write disjoint memory (one of `places`
  /// moves farther per step than it covers). The barrier would order each
  /// iteration's store after the previous iteration's, which writes other
  /// addresses (cuTile's gather RMS norm stores its row tile by tile so).
  bool storeOrderedByLoop(Operation *store, Value token,
                          ArrayRef<StorePlace> places);

  /// The alignment in bytes known of a pointer to elements of `elemBytes`
  /// bytes, `ptr` a cuda_tile pointer value (a scalar or a tile of one
  /// pointer) and `lowered` its lowered scalar: the elements' size, at
  /// least `pointerAlignment` for an argument of the entry (what the
  /// launcher guarantees), at least a divisor known of it (knownDivisor:
  /// `assume div_by`, through reshapes and broadcasts).
  int64_t pointerAlignmentOf(Value ptr, Value lowered, int64_t elemBytes) const;

  ct::EntryOp entry;
  gpu::GPUFuncOp func;
  const LayoutPlanner &planner;
  /// The alignment in bytes the launcher guarantees of pointer arguments
  /// (1: none beyond their elements' size).
  unsigned pointerAlignment;
  OpBuilder b;
  /// The target (set by the pass before run()).
  const ::tileir::TargetInfo *target = nullptr;
  /// Roll the wgmma K loop (the pass option `roll-wgmma`).
  bool rollWgmma = false;
  /// Load the rolled wgmma K loop's stages by TMA (the pass option
  /// `tma-loads`).
  bool tmaLoads = true;
  /// Give the TMA loads of the rolled wgmma K loop and of streamed operands
  /// to producer warps (the pass option `warp-specialize`).
  bool warpSpecialize = true;

  // --- memory: views and ordering (Memory.cpp, Atomics.cpp) ---------------
  /// Per-element i64 addresses and in-bounds i1 mask of the tile that
  /// `view` (partition, strided or gather/scatter) holds at `indices`.
  FailureOr<std::pair<Value, Value>>
  viewAddresses(Operation *op, const PartitionViewInfo &info,
                ValueRange indices, ct::TileType tileType);
  /// `v` (a scalar) broadcast from thread 0 to the CTA through shared
  /// memory; `compute` emits it on thread 0 inside a guard and returns it.
  Value fromThread0(Type type, Location loc, Value cond,
                    function_ref<Value()> compute);

  // --- alloca (Memory.cpp) --------------------------------------------------
  /// Allocates the scratch memory of every alloca of the entry at its start
  /// (one device malloc per tile block, by thread 0, broadcast) and maps each
  /// alloca to its pointer; frees it before every return.
  LogicalResult allocateScratch();
  LogicalResult freeScratch();

  // --- the families' state (each class keeps its tables private) ----------
  /// Affine index, pointer and mask tiles (Affine.cpp).
  AffineFacts affineFacts{*this};
  /// Loads streamed into shared memory ahead of their products (Mma.cpp).
  LoopProducts loopProducts{*this};

  /// The sequences being lowered, innermost last; `sequenceDone` stops
  /// lowerOps after an `if` that exits lowered the rest of its block.
  SmallVector<CfSequence *> sequences;
  bool sequenceDone = false;
  /// The tensor and partition views made in the kernel (Memory.cpp).
  ViewTable views;

private:
  // The conversion's own tables, reached through the methods above; the
  // families' classes (ViewTable, AffineFacts, LoopProducts) keep theirs
  // private.
  friend class AffineFacts;
  IRMapping mapping;
  /// cuda_tile.assume predicates (div_by, same_elements, bounded), keyed by
  /// the assume's result value.
  DenseMap<Value, Attribute> assumptions;
  /// Values lowered by the tensor-core family (mmaf results, matmul loop
  /// results): their f32 -> f16/bf16 conversion is the matmul epilogue.
  DenseSet<Value> mmaResults;
  /// Globals made for dense constants so far (their names).
  unsigned numConstants = 0;

  /// Copies of lowered buffers in another layout or memory (rememberCopy).
  DenseMap<std::pair<Value, Type>, Value> copies;
  /// Each alloca's pointer into the scratch memory (allocateScratch).
  DenseMap<Operation *, Value> allocaPointers;
  Value scratch; ///< i64 address malloc returned (null when no alloca)

  DenseMap<Value, bool> tokenAfterStore;
};

/// Gives the result shape of every mmaf in `entry` the accumulator layout
/// of its tensor-core plan (Mma.cpp), so that its producers and consumers
/// share it.
void planMmaLayouts(ct::EntryOp entry, LayoutPlanner &planner,
                    const ::tileir::TargetInfo &target);

/// The CTA size the products of `entry` want on a wgmma target: one
/// warpgroup per 64 rows of M and per 256 columns of N of its largest
/// product, so that each warpgroup's piece is as wide as wgmma takes (wide
/// pieces keep B's copies in 16-byte runs, see mnMajorFits). 0 when the
/// kernel has no such product or the target has no wgmma.
int64_t mmaCtaThreads(ct::EntryOp entry, const ::tileir::TargetInfo &target);

/// The 32-bit registers per thread that the accumulators of `entry`'s
/// tensor-core products (mmaf, mmai) take on a CTA of `threads` threads:
/// the products of one block are live together (summed), those of
/// different blocks are not (the largest block's sum).
int64_t mmaAccumulatorRegisters(ct::EntryOp entry, int64_t threads);

/// The registers per thread an `occupancy` hint leaves besides the
/// tensor-core accumulators, at least: cuTile's attention with D = 128 and
/// 128x64 tiles on two warpgroups holds 96 accumulator registers and ran
/// fastest with `occupancy=2` (128 registers per thread, docs/Matmul.md).
inline constexpr int64_t kAccumulatorReserve = 32;

/// Whether a dense value of `elem` can initialize a global: whole-byte
/// integers and floats (not i1 or tf32).
bool isStorableInGlobal(Type elem);

/// Creates at `b` an llvm.mlir.global in global memory (address space 1)
/// holding the elements of `value` (isStorableInGlobal) as a 1-D array.
/// Floats LLVM has no type for (f8E4M3FN, f8E5M2) are stored bit for bit as
/// integers of their width: the global is only read through pointers.
LLVM::GlobalOp createDenseGlobal(OpBuilder &b, Location loc, StringRef name,
                                 DenseElementsAttr value, bool isConstant,
                                 LLVM::Linkage linkage, uint64_t alignment);

/// Replaces the `#cuda_tile.di_loc` locations in `module` (its ops and block
/// arguments) by their LLVM form: the location fused with the LLVM dialect's
/// debug-info scope (DebugInfo.cpp), in one compile unit of emission kind
/// `kind`, which `module`'s own location is then fused with; with kind
/// None, by the location without its scope.
void convertDebugScopes(ModuleOp module, LLVM::DIEmissionKind kind);

} // namespace mlir::tileir

#endif // TILEIR_LIB_CONVERSION_CUDATILETOTIRX_ENTRYLOWERING_H
