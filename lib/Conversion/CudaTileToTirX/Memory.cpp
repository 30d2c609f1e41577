//===- Memory.cpp - views, pointers, tokens ---===//
//
// Part of TileIR. convert-cuda-tile-to-tirx: tensor and partition views,
// pointer tiles, loads and stores, tokens.
//
//===----------------------------------------------------------------------===//

#include "EntryLowering.h"
#include "tileir/Dialect/TirX/Utils/LayoutCodegen.h"
#include "tileir/Layout/BitLayout.h"

#include "tileir/Dialect/TirX/IR/MemoryTypes.h"
#include "tileir/Dialect/TirX/Utils/Utils.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/ControlFlow/IR/ControlFlowOps.h"
#include "mlir/Dialect/GPU/IR/GPUDialect.h"
#include "mlir/Dialect/LLVMIR/FunctionCallUtils.h"
#include "mlir/Dialect/LLVMIR/NVVMDialect.h"
#include "mlir/Dialect/Math/IR/Math.h"
#include "mlir/Dialect/SCF/IR/SCF.h"
#include "mlir/IR/Matchers.h"
#include "llvm/ADT/TypeSwitch.h"
#include "llvm/Support/CheckedArithmetic.h"
#include "llvm/Support/MathExtras.h"

using namespace mlir;
using namespace mlir::tileir;
using ::tileir::layout::TileLayout;

/// `v` (a scalar, or a local buffer in any layout) where an op whose
/// buffers are in `layout` can read it: a buffer is converted to `layout`
/// (EntryLowering::assign), a scalar stays as it is.
static FailureOr<Value> inLayout(EntryLowering &l, Value v,
                                 const TileLayout &layout, Location loc) {
  if (!v || !isa<tirx::BufferType>(v.getType()))
    return v;
  return l.convertLayout(v, layout, loc);
}

/// The layout of a buffer.
static TileLayout layoutOf(Value buffer) {
  return cast<tirx::BufferType>(buffer.getType()).getTileLayout();
}

LogicalResult EntryLowering::lower(ct::OffsetOp op) {
  Location loc = op.getLoc();
  auto ptrType = cast<ct::PointerType>(
      cast<ct::TileType>(op.getPtr().getType()).getElementType());
  Type pointee = ptrType.getPointeeType();
  int64_t elemBytes = tirx::getMemoryBytes(pointee);
  Value ptr = get(op.getPtr());
  Value offset = get(op.getOffset());
  Type i64 = b.getI64Type();
  // Uniform: one address for the whole tile.
  if (!isa<tirx::BufferType>(ptr.getType()) &&
      !isa<tirx::BufferType>(offset.getType())) {
    Value off = offset.getType() == i64
                    ? offset
                    : arith::ExtSIOp::create(b, loc, i64, offset).getResult();
    map(op.getResult(), LLVM::GEPOp::create(b, loc, ptr.getType(), pointee, ptr,
                                            ValueRange{off}));
    return success();
  }
  // Distributed: i64 addresses = ptr + sext(offset) * sizeof(T), in the
  // blocked layout of the result.
  auto resultType = cast<ct::TileType>(op.getResult().getType());
  TileLayout blocked = planner.getBlocked(resultType.getShape());
  FailureOr<Value> offsetIn = inLayout(*this, offset, blocked, loc);
  FailureOr<Value> ptrIn = inLayout(*this, ptr, blocked, loc);
  if (failed(offsetIn) || failed(ptrIn))
    return failure();
  offset = *offsetIn;
  ptr = *ptrIn;
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
  map(op.getResult(), result);
  return success();
}

/// The power of two an assume div_by<D> (without every/along) on `v` gives,
/// or 1.
int64_t
mlir::tileir::assumedDivisor(const DenseMap<Value, Attribute> &assumptions,
                             Value v) {
  auto div = dyn_cast_or_null<ct::DivByAttr>(assumptions.lookup(v));
  if (!div || div.getEvery())
    return 1;
  return div.getDivisor();
}

int64_t EntryLowering::pointerAlignmentOf(Value ptr, Value lowered,
                                          int64_t elemBytes) const {
  int64_t alignment = elemBytes;
  if (isa<BlockArgument>(lowered))
    alignment = std::max<int64_t>(alignment, pointerAlignment);
  return std::max(alignment, knownDivisor(assumptions, ptr));
}

LogicalResult EntryLowering::lower(ct::MakeTensorViewOp op) {
  Location loc = op.getLoc();
  auto type = cast<ct::TensorViewType>(op.getResult().getType());
  Value base = get(op.getBase());
  if (!base || !isa<LLVM::LLVMPointerType>(base.getType()))
    return fail(op, "expects a scalar pointer base");
  TensorViewInfo info;
  info.base = base;
  info.elementType = type.getElementType();
  // An assumed power-of-two divisor of a size or stride becomes visible to
  // the copy variants' divisibility analysis as (s >> k) << k, which equals
  // s under it.
  auto withDivisor = [&](Value v) {
    return toIndex(get(v), assumedDivisor(assumptions, v), loc);
  };
  SmallVector<Value> sizes, strides;
  for (Value v : op.getDynamicShape())
    sizes.push_back(withDivisor(v));
  for (Value v : op.getDynamicStrides())
    strides.push_back(withDivisor(v));
  auto dims = [&](ArrayRef<int64_t> statics, ArrayRef<Value> dynamics,
                  SmallVector<Value> &out) {
    unsigned next = 0;
    for (int64_t d : statics)
      out.push_back(ShapedType::isDynamic(d)
                        ? dynamics[next++]
                        : arith::ConstantIndexOp::create(b, loc, d));
  };
  dims(type.getShape(), sizes, info.sizes);
  dims(type.getStrides(), strides, info.strides);
  int64_t alignment = pointerAlignmentOf(
      op.getBase(), base, tirx::getMemoryBytes(type.getElementType()));
  auto bufferType = tirx::BufferType::get(b.getContext(), type.getShape(),
                                          type.getElementType(),
                                          tirx::MemScope::Global, nullptr);
  Value view =
      tirx::GlobalViewOp::create(b, loc, bufferType, base, sizes, strides,
                                 b.getDenseI64ArrayAttr(type.getShape()),
                                 b.getDenseI64ArrayAttr(type.getStrides()),
                                 b.getI64IntegerAttr(alignment));
  info.global = view;
  views.addTensorView(op.getResult(), std::move(info));
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

/// Records a partition, strided or gather/scatter view over `tensorView`.
static LogicalResult recordView(EntryLowering &l, Operation *op,
                                Value tensorView, ArrayRef<int32_t> tileShape,
                                ArrayRef<int32_t> steps,
                                ArrayRef<int32_t> dimMap, int64_t sparseDim,
                                ct::PaddingValueAttr padding, Type elem) {
  const TensorViewInfo *tv = l.views.lookupTensorView(tensorView);
  if (!tv)
    return l.fail(op, "expects a tensor_view made in this kernel");
  PartitionViewInfo info;
  info.tensorView = tensorView;
  info.globalView = tv->global;
  for (auto [i, d] : llvm::enumerate(tileShape)) {
    info.tileShape.push_back(d);
    info.steps.push_back(steps.empty() ? d : steps[i]);
    info.dimMap.push_back(dimMap.empty() ? i : dimMap[i]);
  }
  info.sparseDim = sparseDim;
  info.padding = paddingAttr(l.b, padding, elem);
  l.views.addPartitionView(op->getResult(0), std::move(info));
  return success();
}

LogicalResult EntryLowering::lower(ct::MakePartitionViewOp op) {
  auto type = cast<ct::PartitionViewType>(op.getResult().getType());
  return recordView(*this, op, op.getTensorView(), type.getTileShape(), {},
                    type.getDimMap(), -1, type.getPaddingValue(),
                    type.getTensorView().getElementType());
}

bool mlir::tileir::isRegionView(const PartitionViewInfo &info) {
  if (info.sparseDim >= 0)
    return false;
  for (auto [i, d] : llvm::enumerate(info.dimMap))
    if (d != static_cast<int64_t>(i))
      return false;
  return true;
}

std::optional<EntryLowering::TensorOrderRegion>
EntryLowering::tensorOrderRegion(const PartitionViewInfo &info,
                                 ValueRange index, Location loc,
                                 ArrayRef<int64_t> within,
                                 ArrayRef<int64_t> shape) {
  int64_t rank = info.tileShape.size();
  auto viewType = cast<tirx::BufferType>(info.globalView.getType());
  if (info.sparseDim >= 0 || viewType.getRank() != rank ||
      int64_t(info.dimMap.size()) != rank)
    return std::nullopt;
  SmallVector<bool> seen(rank, false);
  for (int64_t k : info.dimMap) {
    if (k < 0 || k >= rank || seen[k])
      return std::nullopt;
    seen[k] = true;
  }
  TensorOrderRegion r{Value(), info, {}};
  SmallVector<Value> indices(rank);
  for (int64_t d = 0; d < rank; ++d) {
    int64_t k = info.dimMap[d];
    r.view.tileShape[k] = info.tileShape[d];
    r.view.steps[k] = info.steps[d];
    r.view.dimMap[k] = k;
    indices[k] = toIndex(get(index[d]), loc);
    r.toTile.push_back(k);
  }
  r.region = regionAt(b, loc, r.view, indices, within, shape);
  return r;
}

Value mlir::tileir::regionAt(OpBuilder &b, Location loc,
                             const PartitionViewInfo &info,
                             ArrayRef<Value> indices, ArrayRef<int64_t> within,
                             ArrayRef<int64_t> shape) {
  SmallVector<Value> offsets;
  for (auto [d, idx] : llvm::enumerate(indices)) {
    Value offset = arith::MulIOp::create(
        b, loc, idx, arith::ConstantIndexOp::create(b, loc, info.steps[d]));
    if (!within.empty() && within[d] != 0)
      offset = arith::AddIOp::create(
          b, loc, offset, arith::ConstantIndexOp::create(b, loc, within[d]));
    offsets.push_back(offset);
  }
  auto viewType = cast<tirx::BufferType>(info.globalView.getType());
  auto regionType = tirx::BufferType::get(
      b.getContext(), shape.empty() ? ArrayRef<int64_t>(info.tileShape) : shape,
      viewType.getElementType(), tirx::MemScope::Global, nullptr);
  SmallVector<int64_t> staticOffsets(offsets.size(), ShapedType::kDynamic);
  return tirx::RegionOp::create(b, loc, regionType, info.globalView, offsets,
                                b.getDenseI64ArrayAttr(staticOffsets));
}

/// The tirx `config` of a memory op with `ordering` and `scope`: null for
/// weak, else {ordering = LLVM ordering, syncscope = NVPTX scope}.
static DictionaryAttr orderConfig(OpBuilder &b,
                                  ct::MemoryOrderingSemantics ordering,
                                  std::optional<ct::MemoryScope> scope) {
  StringRef name;
  switch (ordering) {
  case ct::MemoryOrderingSemantics::Weak:
    return nullptr;
  case ct::MemoryOrderingSemantics::Relaxed:
    name = "monotonic";
    break;
  case ct::MemoryOrderingSemantics::Acquire:
    name = "acquire";
    break;
  case ct::MemoryOrderingSemantics::Release:
    name = "release";
    break;
  case ct::MemoryOrderingSemantics::AcqRel:
    name = "acq_rel";
    break;
  }
  StringRef syncscope;
  if (scope == ct::MemoryScope::TlBlk)
    syncscope = "block";
  else if (scope == ct::MemoryScope::Device)
    syncscope = "device";
  return b.getDictionaryAttr(
      {b.getNamedAttr("ordering", b.getStringAttr(name)),
       b.getNamedAttr("syncscope", b.getStringAttr(syncscope))});
}

FailureOr<std::pair<Value, Value>>
EntryLowering::viewAddresses(Operation *op, const PartitionViewInfo &info,
                             ValueRange indices, ct::TileType tileType) {
  Location loc = op->getLoc();
  const TensorViewInfo &tv = *views.lookupTensorView(info.tensorView);
  ArrayRef<int64_t> shape = tileType.getShape();
  int64_t rank = shape.size();
  Type i64 = b.getI64Type();
  Type elem = tv.elementType;
  int64_t elemBytes = tirx::getMemoryBytes(elem);
  auto toI64 = [&](Value v) -> Value {
    if (v.getType() == i64)
      return v;
    if (v.getType().isIndex())
      return arith::IndexCastOp::create(b, loc, i64, v);
    return arith::ExtSIOp::create(b, loc, i64, v);
  };
  auto i64Tile = ct::TileType::get(b.getContext(), shape, i64);
  Value flat = allocBlocked(i64Tile, loc);
  tirx::IotaOp::create(b, loc, flat, cta(), nullptr, nullptr);
  // Inputs of the address and mask bodies: flat, [gathered index], base,
  // then per tile dimension its tile index, and per tensor dimension its
  // size and stride.
  SmallVector<Value> inputs{flat};
  Value gathered;
  if (info.sparseDim >= 0) {
    Value idx = get(indices[info.sparseDim]);
    if (auto idxType = dyn_cast<tirx::BufferType>(idx.getType())) {
      // Convert the index tile into the layout that broadcasts along the
      // other tile dimensions.
      TileLayout anchor = planner.getBlocked(shape);
      SmallVector<int64_t> others;
      for (int64_t d = 0; d < rank; ++d)
        if (d != info.sparseDim)
          others.push_back(d);
      FailureOr<TileLayout> reduced =
          others.empty() ? FailureOr<TileLayout>(anchor)
                         : LayoutPlanner::getReduced(anchor, shape, others);
      SmallVector<int64_t> unit(rank, 1);
      unit[info.sparseDim] = shape[info.sparseDim];
      FailureOr<TileLayout> view = failure();
      if (succeeded(reduced))
        view = LayoutPlanner::getBroadcastView(*reduced, unit, shape, anchor);
      if (failed(view))
        return fail(op, "cannot lay out the gather indices along the tile");
      int64_t n = shape[info.sparseDim];
      Type idxElem = idxType.getElementType();
      auto sharedType = tirx::BufferType::get(
          b.getContext(), {n}, idxElem, tirx::MemScope::Shared,
          tirx::LayoutAttr::get(
              b.getContext(), TileLayout({::tileir::layout::Iter{n, 1, "m"}})));
      Value shared = tirx::AllocOp::create(b, loc, sharedType);
      gpu::BarrierOp::create(b, loc);
      tirx::CopyOp::create(b, loc, shared, idx, nullptr, cta(), nullptr,
                           nullptr);
      gpu::BarrierOp::create(b, loc);
      Value staged = alloc({n}, idxElem, *reduced, loc);
      tirx::CopyOp::create(b, loc, staged, shared, nullptr, cta(), nullptr,
                           nullptr);
      auto viewType = tirx::BufferType::get(
          b.getContext(), shape, idxElem, tirx::MemScope::Local,
          tirx::LayoutAttr::get(b.getContext(), *view));
      gathered = tirx::ViewOp::create(b, loc, viewType, staged);
    } else {
      gathered = idx;
    }
    inputs.push_back(gathered);
  }
  Value base = LLVM::PtrToIntOp::create(b, loc, i64, tv.base);
  inputs.push_back(base);
  for (int64_t d = 0; d < rank; ++d)
    inputs.push_back(
        d == info.sparseDim
            ? arith::ConstantIntOp::create(b, loc, i64, 0).getResult()
            : toI64(get(indices[d])));
  for (int64_t d = 0; d < rank; ++d)
    inputs.push_back(toI64(tv.sizes[d]));
  for (int64_t d = 0; d < rank; ++d)
    inputs.push_back(toI64(tv.strides[d]));

  auto build = [&](bool mask) -> Value {
    Type resultElem = mask ? b.getI1Type() : i64;
    Value dst =
        allocBlocked(ct::TileType::get(b.getContext(), shape, resultElem), loc);
    auto map =
        tirx::MapOp::create(b, loc, dst, inputs, cta(), nullptr, nullptr);
    OpBuilder::InsertionGuard guard(b);
    Block *body = tirx::createElementBody(b, map.getBody(), inputs, loc);
    unsigned next = 0;
    Value x = body->getArgument(next++);
    Value g = gathered ? body->getArgument(next++) : Value();
    Value addr = body->getArgument(next++);
    ArrayRef<BlockArgument> args = body->getArguments();
    ArrayRef<BlockArgument> tileIdx = args.slice(next, rank);
    ArrayRef<BlockArgument> sizes = args.slice(next + rank, rank);
    ArrayRef<BlockArgument> strides = args.slice(next + 2 * rank, rank);
    auto cst = [&](int64_t v) {
      return arith::ConstantIntOp::create(b, loc, i64, v).getResult();
    };
    Value inBounds;
    Value offset = cst(0);
    int64_t inner = 1;
    for (int64_t d = rank - 1; d >= 0; --d) {
      // Coordinate within the tile (power-of-two extents: shifts and masks).
      Value c = arith::AndIOp::create(
          b, loc, arith::ShRUIOp::create(b, loc, x, cst(llvm::Log2_64(inner))),
          cst(shape[d] - 1));
      inner *= shape[d];
      int64_t t = info.dimMap[d];
      Value coord;
      if (d == info.sparseDim)
        coord = g.getType() == i64
                    ? g
                    : arith::ExtSIOp::create(b, loc, i64, g).getResult();
      else
        coord = arith::AddIOp::create(
            b, loc,
            arith::MulIOp::create(b, loc, tileIdx[d], cst(info.steps[d])), c);
      // Unsigned: negative coordinates are out of bounds too.
      Value ok = arith::CmpIOp::create(b, loc, arith::CmpIPredicate::ult, coord,
                                       sizes[t]);
      inBounds = inBounds
                     ? arith::AndIOp::create(b, loc, inBounds, ok).getResult()
                     : ok;
      offset = arith::AddIOp::create(
          b, loc, offset, arith::MulIOp::create(b, loc, coord, strides[t]));
    }
    Value result =
        mask ? inBounds
             : arith::AddIOp::create(
                   b, loc, addr,
                   arith::MulIOp::create(b, loc, offset, cst(elemBytes)))
                   .getResult();
    tirx::YieldOp::create(b, loc, result);
    return dst;
  };
  Value addresses = build(false);
  Value mask = build(true);
  return std::make_pair(addresses, mask);
}

/// The view record of a view load/store/reduction operand.
static FailureOr<PartitionViewInfo> findView(Operation *op, Value view,
                                             const ViewTable &views) {
  const PartitionViewInfo *info = views.lookupPartitionView(view);
  if (!info)
    return op->emitOpError() << "expects a view made in this kernel";
  return *info;
}

void ViewTable::alias(Value in, Value out) {
  copyEntry(tensors, in, out);
  copyEntry(partitions, in, out);
}

/// The `cache_hint` optimization hint of `op` for the architecture of the
/// NVVM target of `func`, its kernel (sm_90a reads the sm_90 entry), or null.
static Attribute viewLoadCacheHint(ct::LoadViewTkoOp op, gpu::GPUFuncOp func) {
  ct::OptimizationHintsAttr hints = op.getOptimizationHintsAttr();
  if (!hints)
    return nullptr;
  StringRef arch = "default";
  if (auto module = func->getParentOfType<gpu::GPUModuleOp>())
    if (ArrayAttr targets = module.getTargetsAttr())
      for (Attribute target : targets)
        if (auto nvvm = dyn_cast<NVVM::NVVMTargetAttr>(target))
          arch = nvvm.getChip();
  return hints.getHint(arch, "cache_hint");
}

LogicalResult EntryLowering::lower(ct::LoadViewTkoOp op) {
  if (std::optional<LogicalResult> streamed = loopProducts.lower(op))
    return *streamed;
  Location loc = op.getLoc();
  syncAfterStores(op.getToken(), loc);
  FailureOr<PartitionViewInfo> info = findView(op, op.getView(), views);
  if (failed(info))
    return failure();
  auto tileType = cast<ct::TileType>(op.getTile().getType());
  Value dst;
  DictionaryAttr config =
      orderConfig(b, op.getMemoryOrderingSemantics(), op.getMemoryScope());
  std::optional<TensorOrderRegion> region;
  if (!config)
    region = tensorOrderRegion(*info, op.getIndex(), loc);
  if (region) {
    // The tile in tensor dimension order is a region; a view with the
    // dimensions permuted gives the tile (dimension d is tensor dimension
    // dimMap[d]: a transposed load is a coalesced one).
    Value loaded =
        allocBlocked(ct::TileType::get(b.getContext(), region->view.tileShape,
                                       tileType.getElementType()),
                     loc);
    // The load's `cache_hint` optimization hint for the target's
    // architecture (or `default`) becomes the copy's config (tirx-dispatch
    // applies it; the load_ptr path ignores it).
    DictionaryAttr hint;
    if (Attribute h = viewLoadCacheHint(op, func)) {
      auto str = dyn_cast<StringAttr>(h);
      std::string why = "expects cache_hint to be a string";
      if (!str || failed(tirx::checkCacheHint(str.getValue(), why)))
        return op->emitOpError() << why;
      hint = b.getDictionaryAttr(b.getNamedAttr("cache_hint", str));
    }
    tirx::CopyOp::create(b, loc, loaded, region->region, info->padding, cta(),
                         hint, nullptr);
    FailureOr<Value> permuted = permuteBuffer(loaded, region->toTile, loc);
    if (failed(permuted))
      return fail(op, "expects a power-of-two register layout");
    dst = *permuted;
  } else {
    auto addresses = viewAddresses(op, *info, op.getIndex(), tileType);
    if (failed(addresses))
      return failure();
    Value padding = arith::ConstantOp::create(b, loc, info->padding);
    dst = allocBlocked(tileType, loc);
    tirx::LoadPtrOp::create(b, loc, dst, addresses->first, addresses->second,
                            padding, cta(), config, nullptr);
  }
  map(op.getTile(), dst);
  markToken(op.getResultToken(), isAfterStore(op.getToken()));
  return success();
}

/// The bytes one warp-wide access of a row-major tile laid out as `layout`
/// covers contiguously: the flat-index bits from bit 0 that registers hold
/// (or broadcast) within one 16-byte vector, then those that lanes hold.
static int64_t warpRunBytes(const TileLayout &layout, int64_t elemBytes) {
  FailureOr<::tileir::layout::BitLayout> bits =
      ::tileir::layout::BitLayout::get(layout);
  if (failed(bits))
    return 0;
  int64_t run = 1;
  unsigned j = 0;
  for (; j < bits->shard.size(); ++j) {
    const ::tileir::layout::LayoutBit &bit = bits->shard[j];
    if (bit.isThread() || run * 2 * elemBytes > 16)
      break;
    run *= 2;
  }
  for (; j < bits->shard.size(); ++j) {
    const ::tileir::layout::LayoutBit &bit = bits->shard[j];
    if (!bit.isThread() || bit.stride >= 32)
      break;
    run *= 2;
  }
  return run * elemBytes;
}

FailureOr<Value> EntryLowering::coalesceForStore(Value src,
                                                 const PartitionViewInfo &info,
                                                 Location loc) {
  auto type = cast<tirx::BufferType>(src.getType());
  auto view = info.globalView.getDefiningOp<tirx::GlobalViewOp>();
  if (!type.isLocal() || !view || view.getStaticStrides().empty() ||
      view.getStaticStrides().back() != 1)
    return src;
  int64_t elemBytes = tirx::getMemoryBytes(type.getElementType());
  if (type.getNumElements() * elemBytes > tirx::kConversionBlockBytes)
    return src;
  TileLayout blocked = planner.getBlocked(type.getShape());
  int64_t want = std::min<int64_t>(128, warpRunBytes(blocked, elemBytes));
  if (warpRunBytes(type.getTileLayout(), elemBytes) >= want)
    return src;
  return convertLayout(src, blocked, loc);
}

//===----------------------------------------------------------------------===//
// Stores ordered by the iterations of their loop
//===----------------------------------------------------------------------===//

namespace {
/// An integer tile in the body of a loop as `invariant + coef * iv`, where
/// `invariant` takes the same values in every iteration and spans at most
/// `spread` (its largest element less its smallest); `narrow` where some
/// sum or product of it computes in fewer than 64 bits (and may wrap).
struct IvLinear {
  int64_t coef = 0, spread = 0;
  bool narrow = false;
};
} // namespace

/// The largest coefficient and spread kept (larger ones: unknown).
static constexpr int64_t kIvLinearLimit = int64_t(1) << 30;

/// `v` (an integer tile of 32 bits or more, or a pointer tile, in the body
/// of `loop` or above it) as IvLinear, or nullopt where its form is not
/// known: sums, differences and products by constants of the induction
/// variable, iota and tiles that do not change over the loop (rank-0 tiles
/// defined above it and splat constants), through broadcast, reshape,
/// signed extension and assume.
static std::optional<IvLinear> ivLinear(Value v, ct::ForOp loop,
                                        unsigned depth = 0) {
  auto type = dyn_cast<ct::TileType>(v.getType());
  if (!type || depth > 16)
    return std::nullopt;
  bool narrow = false;
  if (!isa<ct::PointerType>(type.getElementType())) {
    auto it = dyn_cast<IntegerType>(type.getElementType());
    if (!it || it.getWidth() < 32)
      return std::nullopt;
    narrow = it.getWidth() < 64;
  }
  // The induction variable holds its exact values, whatever its width.
  if (v == loop.getInductionVar())
    return IvLinear{1, 0, false};
  if (type.getRank() == 0 && !loop.getRegion().isAncestor(v.getParentRegion()))
    return IvLinear{};
  Operation *def = v.getDefiningOp();
  if (!def)
    return std::nullopt;
  auto sub = [&](Value x) { return ivLinear(x, loop, depth + 1); };
  // `wraps`: `v` is the result of a sum or product.
  auto make = [&](int64_t coef, int64_t spread, bool narrower,
                  bool wraps = false) -> std::optional<IvLinear> {
    if (coef <= -kIvLinearLimit || coef >= kIvLinearLimit || spread < 0 ||
        spread >= kIvLinearLimit)
      return std::nullopt;
    return IvLinear{coef, spread, (wraps && narrow) || narrower};
  };
  if (auto c = dyn_cast<ct::ConstantOp>(def)) {
    auto dense = dyn_cast<DenseElementsAttr>(c.getValue());
    if (!dense || !dense.isSplat())
      return std::nullopt;
    return make(0, 0, false);
  }
  if (isa<ct::IotaOp>(def))
    return make(0, type.getNumElements() - 1, false);
  // A signed extension keeps each value (an unsigned one moves the
  // negative ones).
  if (auto ext = dyn_cast<ct::ExtIOp>(def);
      ext && ext.getSignedness() != ct::Signedness::Signed)
    return std::nullopt;
  if (isa<ct::BroadcastOp, ct::ReshapeOp, ct::ExtIOp, ct::AssumeOp>(def)) {
    std::optional<IvLinear> a = sub(def->getOperand(0));
    if (!a)
      return std::nullopt;
    return make(a->coef, a->spread, a->narrow);
  }
  if (isa<ct::AddIOp, ct::SubIOp>(def)) {
    std::optional<IvLinear> a = sub(def->getOperand(0)),
                            b = sub(def->getOperand(1));
    if (!a || !b)
      return std::nullopt;
    int64_t coef = isa<ct::AddIOp>(def) ? a->coef + b->coef : a->coef - b->coef;
    return make(coef, a->spread + b->spread, a->narrow || b->narrow, true);
  }
  if (auto mul = dyn_cast<ct::MulIOp>(def)) {
    for (auto [x, y] : {std::pair(mul.getLhs(), mul.getRhs()),
                        std::pair(mul.getRhs(), mul.getLhs())}) {
      std::optional<APInt> factor = splatInteger(y);
      if (!factor || factor->getSignificantBits() > 17)
        continue;
      std::optional<IvLinear> a = sub(x);
      if (!a)
        return std::nullopt;
      int64_t k = factor->getSExtValue();
      return make(a->coef * k, a->spread * (k < 0 ? -k : k), a->narrow, true);
    }
    // A product of uniform tiles that do not change over the loop.
    std::optional<IvLinear> a = sub(mul.getLhs()), b = sub(mul.getRhs());
    if (a && b && !a->coef && !a->spread && !b->coef && !b->spread)
      return make(0, 0, a->narrow || b->narrow, true);
  }
  return std::nullopt;
}

bool EntryLowering::storeOrderedByLoop(Operation *store, Value token,
                                       ArrayRef<StorePlace> places) {
  auto arg = dyn_cast_or_null<BlockArgument>(token);
  if (!arg)
    return false;
  auto loop = dyn_cast<ct::ForOp>(arg.getOwner()->getParentOp());
  if (!loop || arg.getArgNumber() == 0 || store->getBlock() != arg.getOwner())
    return false;
  // The token comes back from this store alone: the body ends with the one
  // `continue` of the loop, which passes the store's token.
  unsigned index = arg.getArgNumber() - 1;
  auto cont = dyn_cast<ct::ContinueOp>(arg.getOwner()->getTerminator());
  Value result = store->getResults().back();
  if (!cont || index >= cont->getNumOperands() ||
      cont->getOperand(index) != result)
    return false;
  bool single = true;
  loop.getRegion().walk<WalkOrder::PreOrder>([&](Operation *op) {
    if (isa<ct::ForOp, ct::LoopOp>(op) && op != loop)
      return WalkResult::skip();
    if (isa<ct::ContinueOp, ct::BreakOp>(op) && op != cont.getOperation())
      single = false;
    return WalkResult::advance();
  });
  if (!single || isAfterStore(loop.getInitValues()[index]))
    return false;
  // Iterations write disjoint memory: a place moves by `moved` elements
  // per step of the loop, at least as far as it covers within one
  // iteration, and (computed in fewer than 64 bits) wraps nowhere in the
  // loop's constant range.
  std::optional<APInt> step = splatInteger(loop.getStep());
  if (!step || step->isZero() || step->getSignificantBits() > 32)
    return false;
  int64_t s = std::abs(step->getSExtValue());
  for (const StorePlace &place : places) {
    Value fixed = place.fixed;
    if (isa<ct::TileType>(fixed.getType())) {
      std::optional<IvLinear> base = ivLinear(fixed, loop);
      if (!base || base->coef != 0 || base->spread != 0)
        continue;
    } else if (loop.getRegion().isAncestor(fixed.getParentRegion())) {
      continue;
    }
    std::optional<IvLinear> lin = ivLinear(place.location, loop);
    if (!lin || lin->coef == 0 || place.unit <= 0 || place.extent <= 0)
      continue;
    std::optional<int64_t> moved =
        llvm::checkedMul<int64_t>(std::abs(lin->coef) * s, place.unit);
    std::optional<int64_t> covered =
        llvm::checkedMul<int64_t>(lin->spread, place.unit);
    if (!moved || !covered || *moved < *covered + place.extent)
      continue;
    if (lin->narrow) {
      std::optional<APInt> lb = splatInteger(loop.getLowerBound()),
                           ub = splatInteger(loop.getUpperBound());
      if (!lb || !ub || lb->getSignificantBits() > 32 ||
          ub->getSignificantBits() > 32)
        continue;
      int64_t range = std::abs(ub->getSExtValue() - lb->getSExtValue());
      std::optional<int64_t> span =
          llvm::checkedMul<int64_t>(std::abs(lin->coef), range);
      if (!span || *span + lin->spread >= (int64_t(1) << 31))
        continue;
    }
    return true;
  }
  return false;
}

LogicalResult EntryLowering::lower(ct::StoreViewTkoOp op) {
  Location loc = op.getLoc();
  FailureOr<PartitionViewInfo> info = findView(op, op.getView(), views);
  if (failed(info))
    return failure();
  // Tile indices of a region view: tiles `step` elements apart along their
  // dimension, each `tile` elements long.
  SmallVector<StorePlace, 2> places;
  if (isRegionView(*info))
    for (auto [d, index] : llvm::enumerate(op.getIndex()))
      places.push_back(
          {index, info->steps[d], info->tileShape[d], op.getView()});
  if (!storeOrderedByLoop(op, op.getToken(), places))
    syncAfterStores(op.getToken(), loc);
  Value src = getBuffer(op.getTile(), loc);
  DictionaryAttr config =
      orderConfig(b, op.getMemoryOrderingSemantics(), op.getMemoryScope());
  std::optional<TensorOrderRegion> region;
  if (!config)
    region = tensorOrderRegion(*info, op.getIndex(), loc);
  if (region) {
    // The tile viewed in tensor dimension order (tensor dimension k is tile
    // dimension d where dimMap[d] = k) is stored to the region.
    SmallVector<int32_t> toTensor(region->toTile.size());
    for (auto [d, k] : llvm::enumerate(region->toTile))
      toTensor[k] = d;
    FailureOr<Value> permuted = permuteBuffer(src, toTensor, loc);
    if (failed(permuted))
      return fail(op, "expects a power-of-two register layout");
    FailureOr<Value> coalesced = coalesceForStore(*permuted, region->view, loc);
    if (failed(coalesced))
      return failure();
    tirx::CopyOp::create(b, loc, region->region, *coalesced, nullptr, cta(),
                         nullptr, nullptr);
  } else {
    auto addresses = viewAddresses(op, *info, op.getIndex(),
                                   cast<ct::TileType>(op.getTile().getType()));
    if (failed(addresses))
      return failure();
    tirx::StorePtrOp::create(b, loc, addresses->first, src, addresses->second,
                             cta(), config, nullptr);
  }
  markToken(op.getResultToken(), true);
  return success();
}

/// The LLVM ordering and syncscope of `config` (not_atomic when null).
static std::pair<LLVM::AtomicOrdering, StringRef>
llvmOrder(DictionaryAttr config) {
  if (!config)
    return {LLVM::AtomicOrdering::not_atomic, StringRef()};
  return {*LLVM::symbolizeAtomicOrdering(
              config.getAs<StringAttr>("ordering").getValue()),
          config.getAs<StringAttr>("syncscope").getValue()};
}

LogicalResult EntryLowering::lower(ct::LoadPtrTkoOp op) {
  Location loc = op.getLoc();
  syncAfterStores(op.getToken(), loc);
  DictionaryAttr config =
      orderConfig(b, op.getMemoryOrderingSemantics(), op.getMemoryScope());
  std::pair<LLVM::AtomicOrdering, StringRef> order = llvmOrder(config);
  LLVM::AtomicOrdering ordering = order.first;
  StringRef syncscope = order.second;
  auto resultType = cast<ct::TileType>(op.getResult().getType());
  Value ptrs = get(op.getSource());
  if (resultType.getRank() == 0) {
    // A scalar load: every thread reads the one address; the result stays a
    // scalar.
    Type elem = resultType.getElementType();
    int64_t align = tirx::getMemoryBytes(elem);
    auto load = [&] {
      return tirx::fromMemoryValue(
          b, loc,
          LLVM::LoadOp::create(b, loc, tirx::getMemoryType(elem), ptrs, align,
                               false, false, false, false, ordering, syncscope),
          elem);
    };
    Value result;
    if (!op.getMask()) {
      result = load();
    } else {
      auto ifOp =
          scf::IfOp::create(b, loc, TypeRange{elem}, get(op.getMask()), true);
      OpBuilder::InsertionGuard guard(b);
      b.setInsertionPointToStart(ifOp.thenBlock());
      scf::YieldOp::create(b, loc, load());
      b.setInsertionPointToStart(ifOp.elseBlock());
      Value pad = op.getPaddingValue()
                      ? get(op.getPaddingValue())
                      : arith::ConstantOp::create(b, loc, b.getZeroAttr(elem))
                            .getResult();
      scf::YieldOp::create(b, loc, pad);
      result = ifOp.getResult(0);
    }
    map(op.getResult(), result);
    markToken(op.getResultToken(), isAfterStore(op.getToken()));
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
  if (paddingAttr && !config) {
    FailureOr<Value> region =
        affineFacts.region(op.getSource(), op.getMask(), loc);
    if (succeeded(region)) {
      Value dst = allocBlocked(resultType, loc);
      tirx::CopyOp::create(b, loc, dst, *region, paddingAttr, cta(), nullptr,
                           nullptr);
      map(op.getResult(), dst);
      markToken(op.getResultToken(), isAfterStore(op.getToken()));
      return success();
    }
  }
  Value dst = allocBlocked(resultType, loc);
  // The addresses, mask and padding in the destination's layout.
  for (Value *v : {&ptrs, &mask, &padding}) {
    FailureOr<Value> converted = inLayout(*this, *v, layoutOf(dst), loc);
    if (failed(converted))
      return failure();
    *v = *converted;
  }
  tirx::LoadPtrOp::create(b, loc, dst, ptrs, mask, padding, cta(), config,
                          nullptr);
  map(op.getResult(), dst);
  markToken(op.getResultToken(), isAfterStore(op.getToken()));
  return success();
}

LogicalResult EntryLowering::lower(ct::StorePtrTkoOp op) {
  Location loc = op.getLoc();
  // Offsets of a fixed pointer tile: elements apart by their values.
  SmallVector<StorePlace, 1> places;
  Value dest = op.getDestination();
  while (auto assume = dest.getDefiningOp<ct::AssumeOp>())
    dest = assume.getValue();
  if (auto offset = dest.getDefiningOp<ct::OffsetOp>())
    places.push_back({offset.getOffset(), 1, 1, offset.getPtr()});
  if (!storeOrderedByLoop(op, op.getToken(), places))
    syncAfterStores(op.getToken(), loc);
  DictionaryAttr config =
      orderConfig(b, op.getMemoryOrderingSemantics(), op.getMemoryScope());
  auto [ordering, syncscope] = llvmOrder(config);
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
    int64_t align = tirx::getMemoryBytes(value.getType());
    LLVM::StoreOp::create(b, loc, tirx::toMemoryValue(b, loc, value), ptrs,
                          align, false, false, false, ordering, syncscope);
    markToken(op.getResultToken(), true);
    return success();
  }
  if (!isa<tirx::BufferType>(ptrs.getType()))
    ptrs = getBuffer(op.getDestination(), loc);
  Value src = getBuffer(op.getValue(), loc);
  FailureOr<Value> region = failure();
  if (!config)
    region = affineFacts.region(op.getDestination(), op.getMask(), loc);
  if (succeeded(region)) {
    tirx::CopyOp::create(b, loc, *region, src, nullptr, cta(), nullptr,
                         nullptr);
    markToken(op.getResultToken(), true);
    return success();
  }
  Value mask = op.getMask() ? get(op.getMask()) : Value();
  // The addresses and mask in the stored value's layout.
  for (Value *v : {&ptrs, &mask}) {
    FailureOr<Value> converted = inLayout(*this, *v, layoutOf(src), loc);
    if (failed(converted))
      return failure();
    *v = *converted;
  }
  tirx::StorePtrOp::create(b, loc, ptrs, src, mask, cta(), config, nullptr);
  markToken(op.getResultToken(), true);
  return success();
}

/// Scalar results `values` (i64 or index) as the int tile `results`.
static void mapShapeResults(EntryLowering &l, Location loc, ResultRange results,
                            ArrayRef<Value> values) {
  for (auto [result, v] : llvm::zip(results, values)) {
    Type elem = cast<ct::TileType>(result.getType()).getElementType();
    l.map(result, arith::IndexCastOp::create(l.b, loc, elem, v).getResult());
  }
}

LogicalResult EntryLowering::lower(ct::GetTensorShapeOp op) {
  const TensorViewInfo *tv = views.lookupTensorView(op.getSrc());
  if (!tv)
    return fail(op, "expects a tensor_view made in this kernel");
  mapShapeResults(*this, op.getLoc(), op.getResults(), tv->sizes);
  return success();
}

LogicalResult EntryLowering::lower(ct::GetIndexSpaceShapeOp op) {
  Location loc = op.getLoc();
  FailureOr<PartitionViewInfo> info = findView(op, op.getSrc(), views);
  if (failed(info))
    return failure();
  const TensorViewInfo &tv = *views.lookupTensorView(info->tensorView);
  SmallVector<Value> extents;
  auto cst = [&](int64_t v) {
    return arith::ConstantIndexOp::create(b, loc, v);
  };
  for (auto [d, tile] : llvm::enumerate(info->tileShape)) {
    Value size = tv.sizes[info->dimMap[d]];
    if (static_cast<int64_t>(d) == info->sparseDim) {
      // Any row of the gathered dimension can be indexed.
      extents.push_back(size);
      continue;
    }
    // Tiles start every `step` elements while they start inside the tensor:
    // ceil(size / step) (partition views: step == tile).
    int64_t step = info->steps[d];
    extents.push_back(arith::DivUIOp::create(
        b, loc, arith::AddIOp::create(b, loc, size, cst(step - 1)), cst(step)));
  }
  mapShapeResults(*this, loc, op.getResults(), extents);
  return success();
}

std::optional<LogicalResult> EntryLowering::lowerMemoryOp(Operation *op) {
  return llvm::TypeSwitch<Operation *, std::optional<LogicalResult>>(op)
      .Case<ct::MakeStridedViewOp>([&](ct::MakeStridedViewOp v) {
        auto type = cast<ct::StridedViewType>(v.getResult().getType());
        return recordView(*this, v, v.getTensorView(), type.getTileShape(),
                          type.getTraversalStrides(), type.getDimMap(), -1,
                          type.getPaddingValue(),
                          type.getTensorView().getElementType());
      })
      .Case<ct::MakeGatherScatterViewOp>([&](ct::MakeGatherScatterViewOp v) {
        auto type = cast<ct::GatherScatterViewType>(v.getResult().getType());
        // The indices of the dense dimensions are element offsets (where
        // the tile starts), not tile numbers: a step of 1 (as NVIDIA's
        // tileiras reads them; cuTile's load/store_advanced_indexing with
        // a Slice(start, n) passes `start`).
        SmallVector<int32_t> elementSteps(type.getTileShape().size(), 1);
        return recordView(*this, v, v.getTensorView(), type.getTileShape(),
                          elementSteps, {}, type.getSparseDim(),
                          type.getPaddingValue(),
                          type.getTensorView().getElementType());
      })
      .Case<ct::GetGlobalOp>([&](ct::GetGlobalOp g) -> LogicalResult {
        map(g.getResult(),
            LLVM::AddressOfOp::create(
                b, g.getLoc(), LLVM::LLVMPointerType::get(b.getContext(), 1),
                g.getName()));
        return success();
      })
      .Case<ct::AllocaOp>([&](ct::AllocaOp a) -> LogicalResult {
        // Allocated at the entry's start (allocateScratch).
        map(a.getResult(), allocaPointers.lookup(a));
        return success();
      })
      .Case<ct::GetTensorShapeOp, ct::GetIndexSpaceShapeOp>(
          [&](auto o) -> LogicalResult { return lower(o); })
      .Case<ct::GdcLaunchDependentsTkoOp, ct::GdcWaitTkoOp>(
          [&](auto g) -> LogicalResult {
            // PTX griddepcontrol (sm_90+) in every thread. The token keeps
            // its state: neither op writes memory this grid reads.
            if (target->getSmVersion() < 90)
              return fail(g, "needs sm_90 or newer (griddepcontrol), the "
                             "target is " +
                                 target->getChip());
            auto kind = isa<ct::GdcWaitTkoOp>(g.getOperation())
                            ? NVVM::GridDepActionKind::wait
                            : NVVM::GridDepActionKind::launch_dependents;
            NVVM::GriddepcontrolOp::create(b, g.getLoc(), kind);
            markToken(g.getResultToken(), isAfterStore(g.getToken()));
            return success();
          })
      .Case<ct::MakeTokenOp>([&](ct::MakeTokenOp t) -> LogicalResult {
        markToken(t.getResult(), false);
        return success();
      })
      .Case<ct::JoinTokensOp>([&](ct::JoinTokensOp j) -> LogicalResult {
        bool after = llvm::any_of(j.getTokens(),
                                  [&](Value t) { return isAfterStore(t); });
        markToken(j.getResult(), after);
        return success();
      })
      .Case<ct::OffsetOp, ct::MakeTensorViewOp, ct::MakePartitionViewOp,
            ct::LoadViewTkoOp, ct::StoreViewTkoOp, ct::LoadPtrTkoOp,
            ct::StorePtrTkoOp>(
          [&](auto o) -> LogicalResult { return lower(o); })
      .Default([](Operation *) { return std::nullopt; });
}

//===----------------------------------------------------------------------===//
// alloca: per-tile-block scratch memory
//===----------------------------------------------------------------------===//
//
// Pointer tiles are 64-bit global addresses (the kernel ABI, and every view
// and pointer access lowers to global loads and stores), so the scratch
// memory of every alloca, `global` or not, is in global memory: one device
// malloc per tile block at the entry's start (thread 0, the address
// broadcast through shared memory), each alloca at its aligned offset, and
// one free before each return. An alloca inside a loop body gets the same
// memory in every iteration (its lifetime is the block, so that is a valid
// placement). A failed malloc (the device heap, cudaLimitMallocHeapSize, is
// exhausted) stops the kernel with an assertion naming the size.

LogicalResult EntryLowering::allocateScratch() {
  SmallVector<ct::AllocaOp> allocas;
  entry.walk([&](ct::AllocaOp a) { allocas.push_back(a); });
  if (allocas.empty())
    return success();
  // Offsets within one block of memory; malloc returns 16-byte aligned
  // memory, larger alignments are applied to the address.
  int64_t total = 0, maxAlign = 16;
  SmallVector<int64_t> offsets;
  for (ct::AllocaOp a : allocas) {
    auto tile = cast<ct::TileType>(a.getResult().getType());
    Type pointee =
        cast<ct::PointerType>(tile.getElementType()).getPointeeType();
    int64_t bytes = tirx::getMemoryBytes(pointee);
    int64_t align =
        std::max<int64_t>({static_cast<int64_t>(a.getAlignment()), bytes, 1});
    if (!llvm::isPowerOf2_64(align))
      return fail(a, "expects a power-of-two alignment, got " +
                         std::to_string(align));
    if (a.getNumElem() > uint64_t((int64_t(1) << 40) / bytes))
      return fail(a, "allocates more than 2^40 bytes");
    total = llvm::alignTo(total, align);
    offsets.push_back(total);
    total += a.getNumElem() * bytes;
    maxAlign = std::max(maxAlign, align);
  }
  int64_t request = std::max<int64_t>(1, total + maxAlign - 16);
  Location loc = entry.getLoc();
  MLIRContext *ctx = b.getContext();
  auto global = LLVM::LLVMPointerType::get(ctx, 1);
  Type i64 = b.getI64Type();
  // malloc/free declared in the kernel's gpu.module by upstream's helpers.
  auto module = func->getParentOfType<gpu::GPUModuleOp>();
  FailureOr<LLVM::LLVMFuncOp> malloc =
      LLVM::lookupOrCreateMallocFn(b, module, i64);
  if (failed(malloc))
    return fail(allocas.front(), "cannot declare malloc in the gpu.module");
  scratch = fromThread0(i64, loc, Value(), [&]() -> Value {
    Value size = arith::ConstantIntOp::create(b, loc, i64, request);
    Value p =
        LLVM::CallOp::create(b, loc, *malloc, ValueRange{size}).getResult();
    Value address = LLVM::PtrToIntOp::create(
        b, loc, i64, LLVM::AddrSpaceCastOp::create(b, loc, global, p));
    Value ok =
        arith::CmpIOp::create(b, loc, arith::CmpIPredicate::ne, address,
                              arith::ConstantIntOp::create(b, loc, i64, 0));
    cf::AssertOp::create(b, loc, ok,
                         "alloca: device malloc of " + std::to_string(request) +
                             " bytes failed (device heap exhausted: raise "
                             "cudaLimitMallocHeapSize)");
    return address;
  });
  Value base = scratch;
  if (maxAlign > 16) {
    Value mask = arith::ConstantIntOp::create(b, loc, i64, maxAlign - 1);
    base = arith::AndIOp::create(
        b, loc, arith::AddIOp::create(b, loc, base, mask),
        arith::XOrIOp::create(b, loc, mask,
                              arith::ConstantIntOp::create(b, loc, i64, -1)));
  }
  for (auto [a, offset] : llvm::zip(allocas, offsets)) {
    Value address = arith::AddIOp::create(
        b, loc, base, arith::ConstantIntOp::create(b, loc, i64, offset));
    allocaPointers[a] = LLVM::IntToPtrOp::create(b, loc, global, address);
  }
  return success();
}

LogicalResult EntryLowering::freeScratch() {
  if (!scratch)
    return success();
  MLIRContext *ctx = b.getContext();
  auto generic = LLVM::LLVMPointerType::get(ctx);
  auto global = LLVM::LLVMPointerType::get(ctx, 1);
  FailureOr<LLVM::LLVMFuncOp> free =
      LLVM::lookupOrCreateFreeFn(b, func->getParentOfType<gpu::GPUModuleOp>());
  if (failed(free))
    return failure();
  SmallVector<gpu::ReturnOp> returns;
  func.walk([&](gpu::ReturnOp r) { returns.push_back(r); });
  for (gpu::ReturnOp r : returns) {
    // Every thread is done with the memory before thread 0 frees it (returns
    // are reached by the whole tile block: control flow is uniform).
    b.setInsertionPoint(r);
    Location loc = r.getLoc();
    gpu::BarrierOp::create(b, loc);
    fromThread0(Type(), loc, Value(), [&]() -> Value {
      Value p = LLVM::AddrSpaceCastOp::create(
          b, loc, generic, LLVM::IntToPtrOp::create(b, loc, global, scratch));
      LLVM::CallOp::create(b, loc, *free, ValueRange{p});
      return Value();
    });
  }
  return success();
}
