//===- Memory.cpp - views, pointers, tokens ---===//
//
// Part of TileIR. convert-cuda-tile-to-tirx: tensor and partition views,
// pointer tiles, loads and stores, tokens.
//
//===----------------------------------------------------------------------===//

#include "EntryLowering.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/GPU/IR/GPUDialect.h"
#include "mlir/Dialect/LLVMIR/NVVMDialect.h"
#include "mlir/Dialect/Math/IR/Math.h"
#include "mlir/Dialect/SCF/IR/SCF.h"
#include "mlir/IR/Matchers.h"
#include "llvm/ADT/TypeSwitch.h"
#include "llvm/Support/MathExtras.h"

using namespace mlir;
using namespace mlir::tileir;
using ::tileir::layout::TileLayout;

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

std::optional<LogicalResult> EntryLowering::lowerMemoryOp(Operation *op) {
  return llvm::TypeSwitch<Operation *, std::optional<LogicalResult>>(op)
      .Case<ct::MakeTokenOp>([&](ct::MakeTokenOp t) -> LogicalResult {
        markToken(t.getResult(), false);
        return success();
      })
      .Case<ct::JoinTokensOp>([&](ct::JoinTokensOp j) -> LogicalResult {
        bool after = llvm::any_of(
            j.getTokens(), [&](Value t) { return tokenAfterStore.lookup(t); });
        markToken(j.getResult(), after);
        return success();
      })
      .Case<ct::OffsetOp, ct::MakeTensorViewOp, ct::MakePartitionViewOp,
            ct::LoadViewTkoOp, ct::StoreViewTkoOp, ct::LoadPtrTkoOp,
            ct::StorePtrTkoOp>(
          [&](auto o) -> LogicalResult { return lower(o); })
      .Default([](Operation *) { return std::nullopt; });
}
