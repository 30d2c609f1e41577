//===- CudaTileToTirX.cpp - cuda_tile to tirx -----------------------------===//
//
// Part of TileIR. Lowers each cuda_tile entry to a gpu.func whose body uses
// tirx primitives on buffers with assigned layouts.
//
// The lowering walks each kernel body in order with one lowering method per
// op (`lower(XOp)`), because a tile lowers to one of three things that the
// 1:1 type conversion framework does not distinguish by type: a scalar
// (rank-0 tiles and tiles with the same value everywhere), a register buffer
// with a layout chosen from its producer and the kernel's CTA size, or
// nothing (tokens, views).
//
//===----------------------------------------------------------------------===//

#include "tileir/Conversion/Passes.h"

#include "tileir/Conversion/CudaTileToTirX/LayoutAssignment.h"
#include "tileir/Dialect/CudaTile/IR/CudaTile.h"
#include "tileir/Target/TargetInfo.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/GPU/IR/GPUDialect.h"
#include "mlir/Dialect/LLVMIR/NVVMDialect.h"
#include "mlir/Dialect/Math/IR/Math.h"
#include "mlir/Dialect/SCF/IR/SCF.h"
#include "mlir/IR/Builders.h"
#include "mlir/IR/IRMapping.h"
#include "mlir/IR/Matchers.h"
#include "llvm/ADT/TypeSwitch.h"
#include "llvm/Support/MathExtras.h"

#include <limits>

namespace mlir::tileir {
#define GEN_PASS_DEF_CONVERTCUDATILETOTIRX
#include "tileir/Conversion/Passes.h.inc"
} // namespace mlir::tileir

using namespace mlir;
using namespace mlir::tileir;
namespace ct = mlir::cuda_tile;
using ::tileir::layout::TileLayout;

namespace {

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

private:
  // --- values -------------------------------------------------------------
  /// The lowered value of `v`: a scalar or a tirx buffer.
  Value get(Value v) { return mapping.lookupOrNull(v); }
  /// The lowered value as a buffer, materializing a scalar with tirx.fill.
  Value getBuffer(Value v, Location loc);
  /// A fresh register buffer for a tile of `type` with its blocked layout.
  Value allocBlocked(ct::TileType type, Location loc);
  Value alloc(ArrayRef<int64_t> shape, Type elem, const TileLayout &layout,
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
  LogicalResult lower(Operation *op);
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
  LogicalResult lower(ct::ExpOp op);
  LogicalResult lower(ct::Exp2Op op);
  LogicalResult lower(ct::CmpIOp op);
  LogicalResult lower(ct::SelectOp op);
  LogicalResult lower(ct::MaxFOp op);
  LogicalResult lowerFloatBinary(Operation *op, ct::RoundingMode rounding);

  /// A binary elementwise op: the scalar form when both operands are
  /// scalars, otherwise the tirx primitive `PrimOp` into a fresh blocked
  /// buffer.
  template <typename PrimOp>
  LogicalResult lowerBinary(Operation *op,
                            function_ref<Value(ArrayRef<Value>)> scalar,
                            bool propagateNan = false, bool isUnsigned = false);

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

} // namespace

//===----------------------------------------------------------------------===//
// Values
//===----------------------------------------------------------------------===//

Type EntryLowering::lowerElement(Type elem) {
  if (isa<ct::PointerType>(elem))
    return b.getI64Type();
  return elem;
}

Value EntryLowering::alloc(ArrayRef<int64_t> shape, Type elem,
                           const TileLayout &layout, Location loc) {
  auto type =
      tirx::BufferType::get(b.getContext(), shape, elem, tirx::MemScope::Local,
                            tirx::LayoutAttr::get(b.getContext(), layout));
  return tirx::AllocOp::create(b, loc, type);
}

Value EntryLowering::allocBlocked(ct::TileType type, Location loc) {
  return alloc(type.getShape(), lowerElement(type.getElementType()),
               planner.getBlocked(type.getShape()), loc);
}

Value EntryLowering::getBuffer(Value v, Location loc) {
  Value lowered = get(v);
  if (isa<tirx::BufferType>(lowered.getType()))
    return lowered;
  auto type = cast<ct::TileType>(v.getType());
  Value buffer = allocBlocked(type, loc);
  Value scalar = lowered;
  if (isa<LLVM::LLVMPointerType>(scalar.getType()))
    scalar = LLVM::PtrToIntOp::create(b, loc, b.getI64Type(), scalar);
  tirx::FillOp::create(b, loc, buffer, scalar, cta(), nullptr, nullptr);
  return buffer;
}

Value EntryLowering::toIndex(Value scalar, Location loc) {
  if (scalar.getType().isIndex())
    return scalar;
  return arith::IndexCastOp::create(b, loc, b.getIndexType(), scalar);
}

void EntryLowering::syncAfterStores(Value token, Location loc) {
  if (token && tokenAfterStore.lookup(token))
    gpu::BarrierOp::create(b, loc);
}

//===----------------------------------------------------------------------===//
// Ops
//===----------------------------------------------------------------------===//

LogicalResult EntryLowering::run() {
  for (auto [arg, newArg] :
       llvm::zip(entry.getBody().front().getArguments(), func.getArguments()))
    mapping.map(arg, newArg);
  for (Operation &op : entry.getBody().front()) {
    b.setInsertionPointToEnd(&func.getBody().front());
    if (failed(lower(&op)))
      return failure();
    trackAffine(&op);
  }
  return success();
}

LogicalResult EntryLowering::lower(Operation *op) {
  Location loc = op->getLoc();
  return llvm::TypeSwitch<Operation *, LogicalResult>(op)
      .Case<ct::ReturnOp>([&](auto) {
        gpu::ReturnOp::create(b, loc);
        return success();
      })
      .Case<ct::MakeTokenOp>([&](ct::MakeTokenOp t) {
        markToken(t.getResult(), false);
        return success();
      })
      .Case<ct::JoinTokensOp>([&](ct::JoinTokensOp j) {
        bool after = llvm::any_of(
            j.getTokens(), [&](Value t) { return tokenAfterStore.lookup(t); });
        markToken(j.getResult(), after);
        return success();
      })
      .Case<ct::AddFOp>([&](ct::AddFOp o) {
        return lowerFloatBinary(o, o.getRoundingMode());
      })
      .Case<ct::SubFOp>([&](ct::SubFOp o) {
        return lowerFloatBinary(o, o.getRoundingMode());
      })
      .Case<ct::MulFOp>([&](ct::MulFOp o) {
        return lowerFloatBinary(o, o.getRoundingMode());
      })
      .Case<ct::DivFOp>([&](ct::DivFOp o) {
        return lowerFloatBinary(o, o.getRoundingMode());
      })
      .Case<ct::AddIOp>([&](ct::AddIOp o) {
        return lowerBinary<tirx::AddOp>(o, [&](ArrayRef<Value> v) -> Value {
          return arith::AddIOp::create(b, loc, v[0], v[1]);
        });
      })
      .Case<ct::MulIOp>([&](ct::MulIOp o) {
        return lowerBinary<tirx::MulOp>(o, [&](ArrayRef<Value> v) -> Value {
          return arith::MulIOp::create(b, loc, v[0], v[1]);
        });
      })
      .Case<ct::ConstantOp, ct::GetTileBlockIdOp, ct::GetNumTileBlocksOp,
            ct::IotaOp, ct::ReshapeOp, ct::BroadcastOp, ct::OffsetOp,
            ct::MakeTensorViewOp, ct::MakePartitionViewOp, ct::LoadViewTkoOp,
            ct::StoreViewTkoOp, ct::LoadPtrTkoOp, ct::StorePtrTkoOp,
            ct::ReduceOp, ct::ExpOp, ct::Exp2Op, ct::CmpIOp, ct::SelectOp,
            ct::MaxFOp>([&](auto o) { return lower(o); })
      .Default([&](Operation *o) {
        return fail(o, "is not supported by convert-cuda-tile-to-tirx yet");
      });
}

template <typename PrimOp>
LogicalResult
EntryLowering::lowerBinary(Operation *op,
                           function_ref<Value(ArrayRef<Value>)> scalar,
                           bool propagateNan, bool isUnsigned) {
  SmallVector<Value> operands;
  bool allScalar = true;
  for (Value v : op->getOperands()) {
    Value lowered = get(v);
    if (!lowered)
      return fail(op, "has an operand that was not lowered");
    allScalar &= !isa<tirx::BufferType>(lowered.getType());
    operands.push_back(lowered);
  }
  if (allScalar) {
    mapping.map(op->getResult(0), scalar(operands));
    return success();
  }
  Value dst = allocBlocked(cast<ct::TileType>(op->getResult(0).getType()),
                           op->getLoc());
  PrimOp::create(b, op->getLoc(), dst, operands[0], operands[1],
                 flag(propagateNan), flag(isUnsigned), cta(), nullptr, nullptr);
  mapping.map(op->getResult(0), dst);
  return success();
}

LogicalResult EntryLowering::lowerFloatBinary(Operation *op,
                                              ct::RoundingMode rounding) {
  Location loc = op->getLoc();
  bool isDiv = isa<ct::DivFOp>(op);
  // divf: approx/full give at most their error bound, IEEE division is
  // within it; the directed roundings are not lowered yet.
  if (rounding != ct::RoundingMode::NearestEven &&
      !(isDiv && (rounding == ct::RoundingMode::Approx ||
                  rounding == ct::RoundingMode::Full)))
    return fail(op, "with rounding<" + ct::stringifyRoundingMode(rounding) +
                        "> is not supported yet");
  auto scalar = [&](ArrayRef<Value> v) -> Value {
    return llvm::TypeSwitch<Operation *, Value>(op)
        .Case<ct::AddFOp>(
            [&](auto) { return arith::AddFOp::create(b, loc, v[0], v[1]); })
        .Case<ct::SubFOp>(
            [&](auto) { return arith::SubFOp::create(b, loc, v[0], v[1]); })
        .Case<ct::MulFOp>(
            [&](auto) { return arith::MulFOp::create(b, loc, v[0], v[1]); })
        .Default(
            [&](auto) { return arith::DivFOp::create(b, loc, v[0], v[1]); });
  };
  return llvm::TypeSwitch<Operation *, LogicalResult>(op)
      .Case<ct::AddFOp>(
          [&](auto) { return lowerBinary<tirx::AddOp>(op, scalar); })
      .Case<ct::SubFOp>(
          [&](auto) { return lowerBinary<tirx::SubOp>(op, scalar); })
      .Case<ct::MulFOp>(
          [&](auto) { return lowerBinary<tirx::MulOp>(op, scalar); })
      .Default([&](auto) { return lowerBinary<tirx::FDivOp>(op, scalar); });
}

LogicalResult EntryLowering::lower(ct::MaxFOp op) {
  Location loc = op.getLoc();
  bool nan = op.getPropagateNan();
  return lowerBinary<tirx::MaximumOp>(
      op,
      [&](ArrayRef<Value> v) -> Value {
        if (nan)
          return arith::MaximumFOp::create(b, loc, v[0], v[1]);
        return arith::MaxNumFOp::create(b, loc, v[0], v[1]);
      },
      nan);
}

LogicalResult EntryLowering::lower(ct::ConstantOp op) {
  auto value = dyn_cast<DenseElementsAttr>(op.getValue());
  if (!value || !value.isSplat())
    return fail(op, "with non-splat values is not supported yet");
  TypedAttr scalar = value.getSplatValue<TypedAttr>();
  mapping.map(op.getResult(),
              arith::ConstantOp::create(b, op.getLoc(), scalar));
  return success();
}

/// The three i32 results of a grid query, from the gpu op `QueryOp`.
template <typename QueryOp>
static void lowerGridQuery(OpBuilder &b, Operation *op, IRMapping &mapping) {
  gpu::Dimension dims[] = {gpu::Dimension::x, gpu::Dimension::y,
                           gpu::Dimension::z};
  for (auto [i, dim] : llvm::enumerate(dims)) {
    Value v = QueryOp::create(b, op->getLoc(), dim);
    mapping.map(op->getResult(i), arith::IndexCastUIOp::create(
                                      b, op->getLoc(), b.getI32Type(), v));
  }
}

LogicalResult EntryLowering::lower(ct::GetTileBlockIdOp op) {
  lowerGridQuery<gpu::BlockIdOp>(b, op, mapping);
  return success();
}

LogicalResult EntryLowering::lower(ct::GetNumTileBlocksOp op) {
  lowerGridQuery<gpu::GridDimOp>(b, op, mapping);
  return success();
}

LogicalResult EntryLowering::lower(ct::IotaOp op) {
  Value dst = allocBlocked(op.getResult().getType(), op.getLoc());
  tirx::IotaOp::create(b, op.getLoc(), dst, cta(), nullptr, nullptr);
  mapping.map(op.getResult(), dst);
  return success();
}

LogicalResult EntryLowering::lower(ct::ReshapeOp op) {
  Value src = get(op.getSource());
  auto resultType = cast<ct::TileType>(op.getResult().getType());
  if (!isa<tirx::BufferType>(src.getType()) || resultType.getRank() == 0) {
    if (isa<tirx::BufferType>(src.getType()))
      return fail(op, "to a rank-0 tile from registers is not supported yet");
    mapping.map(op.getResult(), src);
    return success();
  }
  // The layout acts on the row-major flat index: a reshape is the same
  // layout on the new shape.
  auto srcType = cast<tirx::BufferType>(src.getType());
  auto type = tirx::BufferType::get(b.getContext(), resultType.getShape(),
                                    srcType.getElementType(),
                                    tirx::MemScope::Local, srcType.getLayout());
  mapping.map(op.getResult(), tirx::ViewOp::create(b, op.getLoc(), type, src));
  return success();
}

LogicalResult EntryLowering::lower(ct::BroadcastOp op) {
  Value src = get(op.getSource());
  if (!isa<tirx::BufferType>(src.getType())) {
    mapping.map(op.getResult(), src);
    return success();
  }
  auto srcType = cast<tirx::BufferType>(src.getType());
  auto resultType = cast<ct::TileType>(op.getResult().getType());
  TileLayout anchor = planner.getBlocked(resultType.getShape());
  FailureOr<TileLayout> view = LayoutPlanner::getBroadcastView(
      srcType.getTileLayout(), srcType.getShape(), resultType.getShape(),
      anchor);
  if (failed(view))
    return fail(op, "needs a layout conversion, which is not supported yet");
  auto type = tirx::BufferType::get(
      b.getContext(), resultType.getShape(), srcType.getElementType(),
      tirx::MemScope::Local, tirx::LayoutAttr::get(b.getContext(), *view));
  mapping.map(op.getResult(), tirx::ViewOp::create(b, op.getLoc(), type, src));
  return success();
}

LogicalResult EntryLowering::lower(ct::OffsetOp op) {
  Location loc = op.getLoc();
  auto ptrType = cast<ct::PointerType>(
      cast<ct::TileType>(op.getPtr().getType()).getElementType());
  Type pointee = ptrType.getPointeeType();
  int64_t elemBytes = std::max<int64_t>(1, pointee.getIntOrFloatBitWidth() / 8);
  Value ptr = get(op.getPtr());
  Value offset = get(op.getOffset());
  Type i64 = b.getI64Type();
  // Uniform: one address for the whole tile.
  if (!isa<tirx::BufferType>(ptr.getType()) &&
      !isa<tirx::BufferType>(offset.getType())) {
    Value off = offset.getType() == i64
                    ? offset
                    : arith::ExtSIOp::create(b, loc, i64, offset).getResult();
    mapping.map(op.getResult(),
                LLVM::GEPOp::create(b, loc, ptr.getType(), pointee, ptr,
                                    ValueRange{off}));
    return success();
  }
  // Distributed: i64 addresses = ptr + sext(offset) * sizeof(T).
  auto resultType = cast<ct::TileType>(op.getResult().getType());
  Value offsets = offset;
  if (auto offType = dyn_cast<tirx::BufferType>(offset.getType())) {
    if (offType.getElementType() != i64) {
      Value wide = allocBlocked(
          ct::TileType::get(b.getContext(), resultType.getShape(), i64), loc);
      tirx::CastOp::create(b, loc, wide, offset, flag(false), cta(), nullptr,
                           nullptr);
      offsets = wide;
    }
  } else if (offset.getType() != i64) {
    offsets = arith::ExtSIOp::create(b, loc, i64, offset);
  }
  Value bytes = allocBlocked(resultType, loc);
  Value size = arith::ConstantIntOp::create(b, loc, i64, elemBytes);
  if (isa<tirx::BufferType>(offsets.getType()))
    tirx::MulOp::create(b, loc, bytes, offsets, size, flag(false), flag(false),
                        cta(), nullptr, nullptr);
  else
    tirx::FillOp::create(b, loc, bytes,
                         arith::MulIOp::create(b, loc, offsets, size), cta(),
                         nullptr, nullptr);
  Value base = ptr;
  if (isa<LLVM::LLVMPointerType>(ptr.getType()))
    base = LLVM::PtrToIntOp::create(b, loc, i64, ptr);
  Value result = allocBlocked(resultType, loc);
  tirx::AddOp::create(b, loc, result, base, bytes, flag(false), flag(false),
                      cta(), nullptr, nullptr);
  mapping.map(op.getResult(), result);
  return success();
}

LogicalResult EntryLowering::lower(ct::MakeTensorViewOp op) {
  Location loc = op.getLoc();
  auto type = cast<ct::TensorViewType>(op.getResult().getType());
  Value base = get(op.getBase());
  if (!base || !isa<LLVM::LLVMPointerType>(base.getType()))
    return fail(op, "expects a scalar pointer base");
  SmallVector<Value> sizes, strides;
  for (Value v : op.getDynamicShape())
    sizes.push_back(toIndex(get(v), loc));
  for (Value v : op.getDynamicStrides())
    strides.push_back(toIndex(get(v), loc));
  auto bufferType = tirx::BufferType::get(b.getContext(), type.getShape(),
                                          type.getElementType(),
                                          tirx::MemScope::Global, nullptr);
  Value view =
      tirx::GlobalViewOp::create(b, loc, bufferType, base, sizes, strides,
                                 b.getDenseI64ArrayAttr(type.getShape()),
                                 b.getDenseI64ArrayAttr(type.getStrides()),
                                 b.getI64IntegerAttr(pointerAlignment));
  tensorViews[op.getResult()] = view;
  return success();
}

/// The padding a view's padding_value names, in `elem`.
static TypedAttr paddingAttr(OpBuilder &b, ct::PaddingValueAttr padding,
                             Type elem) {
  if (!padding || !isa<FloatType>(elem))
    return b.getZeroAttr(elem);
  auto floatType = cast<FloatType>(elem);
  const llvm::fltSemantics &sem = floatType.getFloatSemantics();
  switch (padding.getValue()) {
  case ct::PaddingValue::Zero:
    return b.getFloatAttr(elem, llvm::APFloat::getZero(sem));
  case ct::PaddingValue::NegZero:
    return b.getFloatAttr(elem, llvm::APFloat::getZero(sem, true));
  case ct::PaddingValue::Nan:
    return b.getFloatAttr(elem, llvm::APFloat::getQNaN(sem));
  case ct::PaddingValue::PosInf:
    return b.getFloatAttr(elem, llvm::APFloat::getInf(sem));
  case ct::PaddingValue::NegInf:
    return b.getFloatAttr(elem, llvm::APFloat::getInf(sem, true));
  }
  return b.getZeroAttr(elem);
}

LogicalResult EntryLowering::lower(ct::MakePartitionViewOp op) {
  auto type = cast<ct::PartitionViewType>(op.getResult().getType());
  Value view = tensorViews.lookup(op.getTensorView());
  if (!view)
    return fail(op, "expects a tensor_view made in this kernel");
  for (auto [i, d] : llvm::enumerate(type.getDimMap()))
    if (d != static_cast<int32_t>(i))
      return fail(op, "with a non-identity dim_map is not supported yet");
  PartitionViewInfo info;
  info.globalView = view;
  for (int32_t d : type.getTileShape())
    info.tileShape.push_back(d);
  info.padding = paddingAttr(b, type.getPaddingValue(),
                             type.getTensorView().getElementType());
  partitionViews[op.getResult()] = info;
  return success();
}

/// The region of `info` at tile indices `indices`.
static Value regionAt(OpBuilder &b, Location loc, const PartitionViewInfo &info,
                      ArrayRef<Value> indices) {
  SmallVector<Value> offsets;
  for (auto [idx, tile] : llvm::zip(indices, info.tileShape))
    offsets.push_back(arith::MulIOp::create(
        b, loc, idx, arith::ConstantIndexOp::create(b, loc, tile)));
  auto viewType = cast<tirx::BufferType>(info.globalView.getType());
  auto regionType = tirx::BufferType::get(b.getContext(), info.tileShape,
                                          viewType.getElementType(),
                                          tirx::MemScope::Global, nullptr);
  SmallVector<int64_t> staticOffsets(offsets.size(), ShapedType::kDynamic);
  return tirx::RegionOp::create(b, loc, regionType, info.globalView, offsets,
                                b.getDenseI64ArrayAttr(staticOffsets));
}

/// Only weak memory operations are lowered so far; the others need the
/// memory-model lowering (fences, .acquire/.release forms).
template <typename OpTy>
static LogicalResult checkWeak(OpTy op) {
  if (op.getMemoryOrderingSemantics() == ct::MemoryOrderingSemantics::Weak)
    return success();
  return op.emitOpError() << "with memory ordering '"
                          << ct::stringifyMemoryOrderingSemantics(
                                 op.getMemoryOrderingSemantics())
                          << "' is not supported yet (only weak)";
}

/// The global region a view load or store addresses, after its ordering
/// checks and token synchronization; `padding` receives the view's padding.
template <typename OpTy>
static FailureOr<Value>
viewRegion(OpTy op, OpBuilder &b,
           const DenseMap<Value, PartitionViewInfo> &partitionViews,
           function_ref<Value(Value)> toIndex, TypedAttr &padding) {
  if (failed(checkWeak(op)))
    return failure();
  auto it = partitionViews.find(op.getView());
  if (it == partitionViews.end())
    return op.emitOpError() << "expects a partition_view made in this kernel";
  SmallVector<Value> indices;
  for (Value idx : op.getIndex())
    indices.push_back(toIndex(idx));
  padding = it->second.padding;
  return regionAt(b, op.getLoc(), it->second, indices);
}

LogicalResult EntryLowering::lower(ct::LoadViewTkoOp op) {
  Location loc = op.getLoc();
  syncAfterStores(op.getToken(), loc);
  TypedAttr padding;
  FailureOr<Value> region = viewRegion(
      op, b, partitionViews, [&](Value idx) { return toIndex(get(idx), loc); },
      padding);
  if (failed(region))
    return failure();
  Value dst = allocBlocked(cast<ct::TileType>(op.getTile().getType()), loc);
  tirx::CopyOp::create(b, loc, dst, *region, padding, cta(), nullptr, nullptr);
  mapping.map(op.getTile(), dst);
  markToken(op.getResultToken(), tokenAfterStore.lookup(op.getToken()));
  return success();
}

LogicalResult EntryLowering::lower(ct::StoreViewTkoOp op) {
  Location loc = op.getLoc();
  syncAfterStores(op.getToken(), loc);
  TypedAttr padding;
  FailureOr<Value> region = viewRegion(
      op, b, partitionViews, [&](Value idx) { return toIndex(get(idx), loc); },
      padding);
  if (failed(region))
    return failure();
  Value src = getBuffer(op.getTile(), loc);
  tirx::CopyOp::create(b, loc, *region, src, nullptr, cta(), nullptr, nullptr);
  markToken(op.getResultToken(), true);
  return success();
}

/// True when `v` (a scalar integer) is known to be >= 0.
static bool knownNonNegative(Value v) {
  APInt cst;
  if (matchPattern(v, m_ConstantInt(&cst)))
    return !cst.isNegative();
  Operation *def = v.getDefiningOp();
  if (!def)
    return false;
  if (isa<gpu::BlockIdOp, gpu::GridDimOp, gpu::ThreadIdOp, arith::IndexCastUIOp,
          arith::ExtUIOp>(def))
    return true;
  if (isa<arith::AddIOp, arith::MulIOp>(def))
    return knownNonNegative(def->getOperand(0)) &&
           knownNonNegative(def->getOperand(1));
  return false;
}

void EntryLowering::trackAffine(Operation *op) {
  if (op->getNumResults() != 1)
    return;
  Value result = op->getResult(0);
  auto type = dyn_cast<ct::TileType>(result.getType());
  if (!type || type.getRank() != 1)
    return;
  Location loc = op->getLoc();
  Value lowered = get(result);
  bool isInt = isa<IntegerType>(type.getElementType());
  // A tile that stayed a scalar holds the same value everywhere.
  if (isInt && lowered && !isa<tirx::BufferType>(lowered.getType())) {
    affine[result] = {lowered, 0};
    return;
  }
  if (isa<ct::IotaOp>(op)) {
    affine[result] = {arith::ConstantOp::create(
                          b, loc, b.getIntegerAttr(type.getElementType(), 0)),
                      1};
    return;
  }
  if (auto add = dyn_cast<ct::AddIOp>(op)) {
    auto l = affine.find(add.getLhs()), r = affine.find(add.getRhs());
    if (l != affine.end() && r != affine.end())
      affine[result] = {
          arith::AddIOp::create(b, loc, l->second.base, r->second.base),
          l->second.stride + r->second.stride};
    return;
  }
  if (auto mul = dyn_cast<ct::MulIOp>(op)) {
    for (auto [x, c] : {std::pair(mul.getLhs(), mul.getRhs()),
                        std::pair(mul.getRhs(), mul.getLhs())}) {
      auto a = affine.find(x);
      APInt factor;
      Value cst = get(c);
      if (a == affine.end() || !cst ||
          !matchPattern(cst, m_ConstantInt(&factor)))
        continue;
      affine[result] = {arith::MulIOp::create(b, loc, a->second.base, cst),
                        a->second.stride * factor.getSExtValue()};
      return;
    }
    return;
  }
  if (auto offset = dyn_cast<ct::OffsetOp>(op)) {
    Value ptr = get(offset.getPtr());
    auto a = affine.find(offset.getOffset());
    if (ptr && isa<LLVM::LLVMPointerType>(ptr.getType()) && a != affine.end() &&
        a->second.stride == 1)
      affinePointers[result] = {ptr, offset.getOffset()};
    return;
  }
  if (auto cmp = dyn_cast<ct::CmpIOp>(op)) {
    auto a = affine.find(cmp.getLhs());
    Value limit = get(cmp.getRhs());
    if (cmp.getComparisonPredicate() != ct::ComparisonPredicate::LessThan ||
        a == affine.end() || a->second.stride != 1 || !limit ||
        isa<tirx::BufferType>(limit.getType()))
      return;
    // Signed i < n equals the view's 0 <= i < n only for i >= 0.
    if (cmp.getSignedness() == ct::Signedness::Signed &&
        !knownNonNegative(a->second.base))
      return;
    boundsMasks[result] = {cmp.getLhs(), limit};
  }
}

FailureOr<Value> EntryLowering::affineRegion(Value ptrTile, Value mask,
                                             Location loc) {
  auto p = affinePointers.find(ptrTile);
  if (p == affinePointers.end())
    return failure();
  const Affine &index = affine.find(p->second.index)->second;
  auto tileType = cast<ct::TileType>(ptrTile.getType());
  Type elem = cast<ct::PointerType>(tileType.getElementType()).getPointeeType();
  Value base = toIndex(index.base, loc);
  Value size;
  if (mask) {
    auto m = boundsMasks.find(mask);
    if (m == boundsMasks.end() || m->second.index != p->second.index)
      return failure();
    size = toIndex(m->second.limit, loc);
  } else {
    // Unmasked: every element is accessed; the region is in bounds.
    if (!knownNonNegative(index.base))
      return failure();
    size = arith::AddIOp::create(
        b, loc, base,
        arith::ConstantIndexOp::create(b, loc, tileType.getShape()[0]));
  }
  int64_t elemBytes = std::max<int64_t>(1, elem.getIntOrFloatBitWidth() / 8);
  // Entry pointer arguments carry the ABI's alignment.
  int64_t alignment =
      isa<BlockArgument>(p->second.ptr) ? pointerAlignment : elemBytes;
  auto viewType = tirx::BufferType::get(b.getContext(), {ShapedType::kDynamic},
                                        elem, tirx::MemScope::Global, nullptr);
  Value view = tirx::GlobalViewOp::create(
      b, loc, viewType, p->second.ptr, ValueRange{size}, ValueRange{},
      b.getDenseI64ArrayAttr({ShapedType::kDynamic}),
      b.getDenseI64ArrayAttr({1}), b.getI64IntegerAttr(alignment));
  auto regionType =
      tirx::BufferType::get(b.getContext(), tileType.getShape(), elem,
                            tirx::MemScope::Global, nullptr);
  return tirx::RegionOp::create(b, loc, regionType, view, ValueRange{base},
                                b.getDenseI64ArrayAttr({ShapedType::kDynamic}))
      .getResult();
}

LogicalResult EntryLowering::lower(ct::LoadPtrTkoOp op) {
  Location loc = op.getLoc();
  if (failed(checkWeak(op)))
    return failure();
  syncAfterStores(op.getToken(), loc);
  auto resultType = cast<ct::TileType>(op.getResult().getType());
  Value ptrs = get(op.getSource());
  if (resultType.getRank() == 0) {
    // A scalar load: every thread reads the one address; the result stays a
    // scalar.
    Type elem = resultType.getElementType();
    int64_t align = std::max<int64_t>(1, elem.getIntOrFloatBitWidth() / 8);
    Value result;
    if (!op.getMask()) {
      result = LLVM::LoadOp::create(b, loc, elem, ptrs, align);
    } else {
      auto ifOp =
          scf::IfOp::create(b, loc, TypeRange{elem}, get(op.getMask()), true);
      OpBuilder::InsertionGuard guard(b);
      b.setInsertionPointToStart(ifOp.thenBlock());
      scf::YieldOp::create(
          b, loc, LLVM::LoadOp::create(b, loc, elem, ptrs, align).getResult());
      b.setInsertionPointToStart(ifOp.elseBlock());
      Value pad = op.getPaddingValue()
                      ? get(op.getPaddingValue())
                      : arith::ConstantOp::create(b, loc, b.getZeroAttr(elem))
                            .getResult();
      scf::YieldOp::create(b, loc, pad);
      result = ifOp.getResult(0);
    }
    mapping.map(op.getResult(), result);
    markToken(op.getResultToken(), tokenAfterStore.lookup(op.getToken()));
    return success();
  }
  if (!isa<tirx::BufferType>(ptrs.getType()))
    ptrs = getBuffer(op.getSource(), loc);
  Value mask = op.getMask() ? get(op.getMask()) : Value();
  Value padding = op.getPaddingValue() ? get(op.getPaddingValue()) : Value();
  TypedAttr paddingAttr;
  if (!padding)
    paddingAttr = b.getZeroAttr(resultType.getElementType());
  else
    matchPattern(padding, m_Constant(&paddingAttr));
  if (paddingAttr) {
    FailureOr<Value> region = affineRegion(op.getSource(), op.getMask(), loc);
    if (succeeded(region)) {
      Value dst = allocBlocked(resultType, loc);
      tirx::CopyOp::create(b, loc, dst, *region, paddingAttr, cta(), nullptr,
                           nullptr);
      mapping.map(op.getResult(), dst);
      markToken(op.getResultToken(), tokenAfterStore.lookup(op.getToken()));
      return success();
    }
  }
  Value dst = allocBlocked(resultType, loc);
  tirx::LoadPtrOp::create(b, loc, dst, ptrs, mask, padding, cta(), nullptr,
                          nullptr);
  mapping.map(op.getResult(), dst);
  markToken(op.getResultToken(), tokenAfterStore.lookup(op.getToken()));
  return success();
}

LogicalResult EntryLowering::lower(ct::StorePtrTkoOp op) {
  Location loc = op.getLoc();
  if (failed(checkWeak(op)))
    return failure();
  syncAfterStores(op.getToken(), loc);
  Value ptrs = get(op.getDestination());
  if (cast<ct::TileType>(op.getValue().getType()).getRank() == 0) {
    // A scalar store: one thread writes.
    Value value = get(op.getValue());
    Value tid = gpu::ThreadIdOp::create(b, loc, gpu::Dimension::x);
    Value cond =
        arith::CmpIOp::create(b, loc, arith::CmpIPredicate::eq, tid,
                              arith::ConstantIndexOp::create(b, loc, 0));
    if (op.getMask())
      cond = arith::AndIOp::create(b, loc, cond, get(op.getMask()));
    auto ifOp = scf::IfOp::create(b, loc, cond, false);
    OpBuilder::InsertionGuard guard(b);
    b.setInsertionPointToStart(ifOp.thenBlock());
    int64_t align =
        std::max<int64_t>(1, value.getType().getIntOrFloatBitWidth() / 8);
    LLVM::StoreOp::create(b, loc, value, ptrs, align);
    markToken(op.getResultToken(), true);
    return success();
  }
  if (!isa<tirx::BufferType>(ptrs.getType()))
    ptrs = getBuffer(op.getDestination(), loc);
  Value src = getBuffer(op.getValue(), loc);
  FailureOr<Value> region =
      affineRegion(op.getDestination(), op.getMask(), loc);
  if (succeeded(region)) {
    tirx::CopyOp::create(b, loc, *region, src, nullptr, cta(), nullptr,
                         nullptr);
    markToken(op.getResultToken(), true);
    return success();
  }
  Value mask = op.getMask() ? get(op.getMask()) : Value();
  tirx::StorePtrOp::create(b, loc, ptrs, src, mask, cta(), nullptr, nullptr);
  markToken(op.getResultToken(), true);
  return success();
}

LogicalResult EntryLowering::lower(ct::ReduceOp op) {
  Location loc = op.getLoc();
  if (op.getOperands().size() != 1)
    return fail(op, "with several operands is not supported yet");
  Block &body = op.getBody().front();
  // The body must be one combiner applied to the two arguments.
  Operation *combiner = nullptr;
  for (Operation &inner : body.without_terminator()) {
    if (combiner)
      return fail(op, "with a body of more than one op is not supported yet");
    combiner = &inner;
  }
  if (!combiner || combiner->getNumOperands() != 2 ||
      !llvm::all_of(combiner->getOperands(), [&](Value v) {
        return isa<BlockArgument>(v) &&
               cast<BlockArgument>(v).getOwner() == &body;
      }))
    return fail(op, "expects a body that combines its two arguments");
  Value src = getBuffer(op.getOperands()[0], loc);
  auto srcType = cast<tirx::BufferType>(src.getType());
  int64_t axis = op.getDim();
  FailureOr<TileLayout> layout = LayoutPlanner::getReduced(
      srcType.getTileLayout(), srcType.getShape(), {axis});
  if (failed(layout))
    return fail(op, "cannot derive the layout of its result");
  SmallVector<int64_t> shape;
  for (auto [d, extent] : llvm::enumerate(srcType.getShape()))
    if (static_cast<int64_t>(d) != axis)
      shape.push_back(extent);
  if (shape.empty())
    return fail(op, "to a rank-0 tile is not supported yet");
  Value dst = alloc(shape, srcType.getElementType(), *layout, loc);
  DenseI64ArrayAttr axes = b.getDenseI64ArrayAttr({axis});
  LogicalResult result =
      llvm::TypeSwitch<Operation *, LogicalResult>(combiner)
          .Case<ct::AddFOp, ct::AddIOp>([&](auto) {
            tirx::SumOp::create(b, loc, dst, src, axes, flag(false), cta(),
                                nullptr, nullptr);
            return success();
          })
          .Case<ct::MaxFOp>([&](ct::MaxFOp m) {
            tirx::MaxOp::create(b, loc, dst, src, axes,
                                flag(m.getPropagateNan()), cta(), nullptr,
                                nullptr);
            return success();
          })
          .Default([&](Operation *o) {
            return fail(op, "with a '" + o->getName().getStringRef() +
                                "' body is not supported yet");
          });
  if (failed(result))
    return failure();
  mapping.map(op.getResult(0), dst);
  return success();
}

LogicalResult EntryLowering::lower(ct::ExpOp op) {
  Location loc = op.getLoc();
  bool approx = op.getRoundingMode() == ct::RoundingMode::Approx;
  Value src = get(op.getSource());
  if (!isa<tirx::BufferType>(src.getType())) {
    auto fm = arith::FastMathFlagsAttr::get(
        b.getContext(),
        approx ? arith::FastMathFlags::afn : arith::FastMathFlags::none);
    mapping.map(op.getResult(), math::ExpOp::create(b, loc, src, fm));
    return success();
  }
  Value dst = allocBlocked(op.getResult().getType(), loc);
  tirx::ExpOp::create(b, loc, dst, src, /*scale=*/Value(), /*bias=*/Value(),
                      flag(approx), flag(false), cta(), nullptr, nullptr);
  mapping.map(op.getResult(), dst);
  return success();
}

LogicalResult EntryLowering::lower(ct::Exp2Op op) {
  Location loc = op.getLoc();
  Value src = get(op.getSource());
  if (!isa<tirx::BufferType>(src.getType())) {
    mapping.map(op.getResult(), math::Exp2Op::create(b, loc, src));
    return success();
  }
  Value dst = allocBlocked(op.getResult().getType(), loc);
  tirx::Exp2Op::create(b, loc, dst, src, /*scale=*/Value(), /*bias=*/Value(),
                       flag(false), flag(op.getFlushToZero()), cta(), nullptr,
                       nullptr);
  mapping.map(op.getResult(), dst);
  return success();
}

/// arith's integer predicate for a cuda_tile comparison.
static arith::CmpIPredicate toArith(ct::ComparisonPredicate p, bool isSigned) {
  switch (p) {
  case ct::ComparisonPredicate::Equal:
    return arith::CmpIPredicate::eq;
  case ct::ComparisonPredicate::NotEqual:
    return arith::CmpIPredicate::ne;
  case ct::ComparisonPredicate::LessThan:
    return isSigned ? arith::CmpIPredicate::slt : arith::CmpIPredicate::ult;
  case ct::ComparisonPredicate::LessThanOrEqual:
    return isSigned ? arith::CmpIPredicate::sle : arith::CmpIPredicate::ule;
  case ct::ComparisonPredicate::GreaterThan:
    return isSigned ? arith::CmpIPredicate::sgt : arith::CmpIPredicate::ugt;
  case ct::ComparisonPredicate::GreaterThanOrEqual:
    return isSigned ? arith::CmpIPredicate::sge : arith::CmpIPredicate::uge;
  }
  return arith::CmpIPredicate::eq;
}

LogicalResult EntryLowering::lower(ct::CmpIOp op) {
  Location loc = op.getLoc();
  arith::CmpIPredicate pred =
      toArith(op.getComparisonPredicate(),
              op.getSignedness() == ct::Signedness::Signed);
  Value lhs = get(op.getLhs()), rhs = get(op.getRhs());
  if (!isa<tirx::BufferType>(lhs.getType()) &&
      !isa<tirx::BufferType>(rhs.getType())) {
    mapping.map(op.getResult(), arith::CmpIOp::create(b, loc, pred, lhs, rhs));
    return success();
  }
  Value dst = allocBlocked(cast<ct::TileType>(op.getResult().getType()), loc);
  tirx::CmpOp::create(b, loc, dst, lhs, rhs,
                      arith::CmpIPredicateAttr::get(b.getContext(), pred),
                      cta(), nullptr, nullptr);
  mapping.map(op.getResult(), dst);
  return success();
}

LogicalResult EntryLowering::lower(ct::SelectOp op) {
  Location loc = op.getLoc();
  Value c = get(op.getCond()), t = get(op.getValIfTrue()),
        f = get(op.getValIfFalse());
  if (!isa<tirx::BufferType>(c.getType()) &&
      !isa<tirx::BufferType>(t.getType()) &&
      !isa<tirx::BufferType>(f.getType())) {
    mapping.map(op.getResult(), arith::SelectOp::create(b, loc, c, t, f));
    return success();
  }
  Value dst = allocBlocked(cast<ct::TileType>(op.getResult().getType()), loc);
  tirx::SelectOp::create(b, loc, dst, c, t, f, cta(), nullptr, nullptr);
  mapping.map(op.getResult(), dst);
  return success();
}

//===----------------------------------------------------------------------===//
// The pass
//===----------------------------------------------------------------------===//

/// The kernel parameter type of an entry argument, or null.
static Type lowerArgument(Type type) {
  auto tile = dyn_cast<ct::TileType>(type);
  if (!tile || tile.getRank() != 0)
    return {};
  Type elem = tile.getElementType();
  if (isa<ct::PointerType>(elem))
    return LLVM::LLVMPointerType::get(type.getContext(), 1);
  if (elem.isIntOrFloat())
    return elem;
  return {};
}

/// The optimization hint `num_worker_warps_per_cta` for `chip` (or the
/// `default` entry), or 0.
static int64_t hintedWarps(ct::EntryOp entry, StringRef chip) {
  auto hints =
      entry->getAttrOfType<ct::OptimizationHintsAttr>("optimization_hints");
  if (!hints)
    return 0;
  // Hints are keyed by architecture: sm_90a reads the sm_90 entry.
  StringRef arch = chip.ends_with("a") ? chip.drop_back() : chip;
  auto warps = dyn_cast_or_null<IntegerAttr>(
      hints.getHint(arch, "num_worker_warps_per_cta"));
  return warps ? warps.getInt() : 0;
}

namespace {
struct ConvertCudaTileToTirXPass
    : mlir::tileir::impl::ConvertCudaTileToTirXBase<ConvertCudaTileToTirXPass> {
  using Base::Base;

  void runOnOperation() override {
    ModuleOp top = getOperation();
    MLIRContext *ctx = &getContext();
    SmallVector<ct::ModuleOp> modules(top.getOps<ct::ModuleOp>());
    auto target = ::tileir::TargetInfo::get(chip, ptxVersion);
    if (!target) {
      // Reported at the kernels' module, without printing the whole IR.
      Location loc = modules.empty() ? top.getLoc() : modules.front().getLoc();
      mlir::emitError(loc) << llvm::toString(target.takeError());
      return signalPassFailure();
    }
    if (modules.empty() && !top->hasAttr("gpu.container_module")) {
      top.emitError() << "expects a cuda_tile.module";
      return signalPassFailure();
    }
    top->setAttr(gpu::GPUDialect::getContainerModuleAttrName(),
                 UnitAttr::get(ctx));
    for (ct::ModuleOp tileModule : modules) {
      OpBuilder b(tileModule);
      auto nvvmTarget =
          NVVM::NVVMTargetAttr::get(ctx, /*optLevel=*/3, "nvptx64-nvidia-cuda",
                                    target->getChip(), target->getFeatures());
      auto gpuModule = gpu::GPUModuleOp::create(b, tileModule.getLoc(),
                                                tileModule.getSymName(),
                                                b.getArrayAttr({nvvmTarget}));
      for (Operation &op : *tileModule.getBody()) {
        auto entry = dyn_cast<ct::EntryOp>(&op);
        if (!entry) {
          op.emitOpError() << "is not supported inside a module by "
                              "convert-cuda-tile-to-tirx yet";
          return signalPassFailure();
        }
        if (failed(convertEntry(entry, gpuModule, *target)))
          return signalPassFailure();
      }
      tileModule.erase();
    }
  }

  LogicalResult convertEntry(ct::EntryOp entry, gpu::GPUModuleOp gpuModule,
                             const ::tileir::TargetInfo &target) {
    MLIRContext *ctx = &getContext();
    SmallVector<Type> params;
    SmallVector<Attribute> abi;
    for (auto [i, type] : llvm::enumerate(entry.getArgumentTypes())) {
      Type param = lowerArgument(type);
      if (!param)
        return entry.emitOpError()
               << "argument #" << i << " of type " << type
               << " is not supported as a kernel parameter (expects a "
                  "rank-0 tile of a number or a pointer)";
      params.push_back(param);
      abi.push_back(StringAttr::get(ctx, ::tileir::getAbiKind(param)));
    }
    int64_t warps = hintedWarps(entry, target.getChip());
    LayoutPlanner planner(entry, warps ? warps * 32 : numThreads);
    int64_t threads = planner.getCtaThreads();
    if (threads > target.getMaxThreadsPerCta() || !llvm::isPowerOf2_64(threads))
      return entry.emitOpError()
             << "expects a power-of-two CTA size of at "
                "most "
             << target.getMaxThreadsPerCta() << ", got " << threads;
    OpBuilder b = OpBuilder::atBlockEnd(gpuModule.getBody());
    auto func = gpu::GPUFuncOp::create(b, entry.getLoc(), entry.getSymName(),
                                       FunctionType::get(ctx, params, {}));
    func->setAttr(gpu::GPUDialect::getKernelFuncAttrName(), UnitAttr::get(ctx));
    int32_t block[] = {static_cast<int32_t>(threads), 1, 1};
    func.setKnownBlockSizeAttr(DenseI32ArrayAttr::get(ctx, block));
    func->setAttr(NVVM::NVVMDialect::getReqntidAttrName(),
                  DenseI32ArrayAttr::get(ctx, block));
    func->setAttr("tileir.abi", ArrayAttr::get(ctx, abi));
    func->setAttr(
        "tileir.pointer_align",
        IntegerAttr::get(IntegerType::get(ctx, 64), pointerAlignment));
    // gpu.func comes with an entry block; lowering appends to it.
    func.getBody().front().getOperations().clear();
    EntryLowering lowering(entry, func, planner, pointerAlignment);
    return lowering.run();
  }
};
} // namespace
