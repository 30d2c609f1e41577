//===- Structure.cpp - shape ops ---===//
//
// Part of TileIR. convert-cuda-tile-to-tirx: dense constants, iota,
// reshape, broadcast, permute, cat, extract (views of the registers where
// possible, layout conversions otherwise). Reduce and scan:
// Reduction.cpp.
//
//===----------------------------------------------------------------------===//

#include "EntryLowering.h"
#include "tileir/Dialect/TirX/IR/MemoryTypes.h"
#include "tileir/Dialect/TirX/Utils/LayoutCodegen.h"

#include "tileir/Layout/BitLayout.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/GPU/IR/GPUDialect.h"
#include "mlir/Dialect/LLVMIR/NVVMDialect.h"
#include "mlir/Dialect/Math/IR/Math.h"
#include "mlir/Dialect/SCF/IR/SCF.h"
#include "mlir/Dialect/Utils/StaticValueUtils.h"
#include "mlir/IR/Matchers.h"
#include "llvm/ADT/TypeSwitch.h"
#include "llvm/Support/MathExtras.h"

using namespace mlir;
using namespace mlir::tileir;
using ::tileir::layout::BitLayout;
using ::tileir::layout::dimBitRange;
using ::tileir::layout::Iter;
using ::tileir::layout::LayoutBit;
using ::tileir::layout::TileLayout;

LogicalResult EntryLowering::lower(ct::IotaOp op) {
  Value dst = allocBlocked(op.getResult().getType(), op.getLoc());
  tirx::IotaOp::create(b, op.getLoc(), dst, cta(), nullptr, nullptr);
  map(op.getResult(), dst);
  return success();
}

LogicalResult EntryLowering::lower(ct::ReshapeOp op) {
  Value src = get(op.getSource());
  auto resultType = cast<ct::TileType>(op.getResult().getType());
  if (!isa<tirx::BufferType>(src.getType())) {
    map(op.getResult(), src);
    return success();
  }
  if (resultType.getRank() == 0) {
    FailureOr<Value> scalar = toScalar(src, resultType, op.getLoc());
    if (failed(scalar))
      return failure();
    map(op.getResult(), *scalar);
    return success();
  }
  map(op.getResult(),
      tirx::emitShapeView(b, op.getLoc(), src, resultType.getShape()));
  return success();
}

LogicalResult EntryLowering::lower(ct::BroadcastOp op) {
  Location loc = op.getLoc();
  Value src = get(op.getSource());
  if (!isa<tirx::BufferType>(src.getType())) {
    map(op.getResult(), src);
    return success();
  }
  auto srcType = cast<tirx::BufferType>(src.getType());
  auto resultType = cast<ct::TileType>(op.getResult().getType());
  TileLayout anchor = planner.getBlocked(resultType.getShape());
  FailureOr<TileLayout> view = LayoutPlanner::getBroadcastView(
      srcType.getTileLayout(), srcType.getShape(), resultType.getShape(),
      anchor);
  if (failed(view)) {
    // Convert the source to the anchor's layout without the broadcast
    // dimensions (their thread bits become replicas), which broadcasts as
    // a view.
    SmallVector<int64_t> axes;
    for (auto [d, extent] : llvm::enumerate(srcType.getShape()))
      if (extent != resultType.getShape()[d])
        axes.push_back(d);
    FailureOr<TileLayout> target =
        LayoutPlanner::getReduced(anchor, resultType.getShape(), axes);
    if (failed(target))
      return fail(op, "cannot derive a source layout for the broadcast");
    FailureOr<Value> converted = convertLayout(src, *target, loc);
    if (failed(converted))
      return failure();
    src = *converted;
    srcType = cast<tirx::BufferType>(src.getType());
    view = LayoutPlanner::getBroadcastView(srcType.getTileLayout(),
                                           srcType.getShape(),
                                           resultType.getShape(), anchor);
    if (failed(view))
      return fail(op, "cannot broadcast the converted source as a view");
  }
  auto type = tirx::BufferType::get(
      b.getContext(), resultType.getShape(), srcType.getElementType(),
      tirx::MemScope::Local, tirx::LayoutAttr::get(b.getContext(), *view));
  map(op.getResult(), tirx::ViewOp::create(b, loc, type, src));
  return success();
}

/// Whether the flat bits of `layout` (of a tile of `shape`) that select a
/// `part`-shaped block (the high bits of each dimension) are all register
/// bits: then every thread holds the same elements of every block.
static bool blockInRegisters(const BitLayout &layout, ArrayRef<int64_t> shape,
                             ArrayRef<int64_t> part) {
  for (unsigned d = 0; d < shape.size(); ++d) {
    auto [first, end] = dimBitRange(shape, d);
    for (unsigned j = first + llvm::Log2_64(part[d]); j < end; ++j)
      if (layout.shard[j].isThread())
        return false;
  }
  return true;
}

FailureOr<Value> EntryLowering::permuteBuffer(Value src, ArrayRef<int32_t> perm,
                                              Location loc) {
  if (llvm::all_of(llvm::enumerate(perm),
                   [](auto p) { return p.value() == int32_t(p.index()); }))
    return src;
  // Registers keep their elements; only the logical coordinates move.
  auto srcType = cast<tirx::BufferType>(src.getType());
  FailureOr<BitLayout> bits = BitLayout::get(srcType.getTileLayout());
  if (failed(bits))
    return failure();
  SmallVector<int64_t> shape;
  for (int32_t p : perm)
    shape.push_back(srcType.getShape()[p]);
  return tirx::emitLayoutView(b, loc, src, shape,
                              bits->permutedDims(srcType.getShape(), perm));
}

LogicalResult EntryLowering::lower(ct::PermuteOp op) {
  Value src = get(op.getSource());
  if (!isa<tirx::BufferType>(src.getType())) {
    map(op.getResult(), src);
    return success();
  }
  FailureOr<Value> permuted =
      permuteBuffer(src, op.getPermutation(), op.getLoc());
  if (failed(permuted))
    return fail(op, "expects a power-of-two register layout");
  map(op.getResult(), *permuted);
  return success();
}

LogicalResult EntryLowering::lower(ct::CatOp op) {
  Location loc = op.getLoc();
  Value lhs = get(op.getLhs()), rhs = get(op.getRhs());
  auto resultType = cast<ct::TileType>(op.getResult().getType());
  if (!isa<tirx::BufferType>(lhs.getType()) &&
      !isa<tirx::BufferType>(rhs.getType()) && lhs == rhs) {
    map(op.getResult(), lhs);
    return success();
  }
  lhs = getBuffer(op.getLhs(), loc);
  auto lhsType = cast<tirx::BufferType>(lhs.getType());
  TileLayout layout = lhsType.getTileLayout();
  FailureOr<BitLayout> bits = BitLayout::get(layout);
  if (failed(bits))
    return fail(op, "expects a power-of-two register layout");
  FailureOr<Value> rhsBuffer =
      convertLayout(getBuffer(op.getRhs(), loc), layout, loc);
  if (failed(rhsBuffer))
    return failure();
  // The result is the lhs layout with one more register bit, the top bit of
  // `dim`: the two halves are register views of the result. The result's
  // registers are numbered in the order of the flat index (the new bit among
  // them), so that a cat along the innermost dimension interleaves the
  // halves' registers as their elements are in memory (vector stores of the
  // result, e.g. RoPE's interleaved pairs); the halves are copied in.
  int64_t dim = op.getDim();
  unsigned top = dimBitRange(resultType.getShape(), dim).second - 1;
  BitLayout joined = *bits;
  joined.memOffset = 0;
  joined.shard.insert(joined.shard.begin() + top, LayoutBit{"m", 1});
  int64_t stride = 1;
  for (LayoutBit &bit : joined.shard)
    if (bit.isMemory()) {
      bit.stride = stride;
      stride *= 2;
    }
  for (LayoutBit &bit : joined.replica)
    if (bit.isMemory()) {
      bit.stride = stride;
      stride *= 2;
    }
  BitLayout lower = joined;
  lower.shard.erase(lower.shard.begin() + top);
  BitLayout upper = lower;
  upper.memOffset = joined.shard[top].stride;
  Value result = alloc(resultType.getShape(), lhsType.getElementType(),
                       joined.toLayout(), loc);
  if (failed(assign(
          tirx::emitLayoutView(b, loc, result, lhsType.getShape(), lower), lhs,
          loc)) ||
      failed(assign(
          tirx::emitLayoutView(b, loc, result, lhsType.getShape(), upper),
          *rhsBuffer, loc)))
    return failure();
  map(op.getResult(), result);
  return success();
}

FailureOr<std::optional<SmallVector<int64_t>>>
EntryLowering::constantIndices(ValueRange indices, Location loc) {
  SmallVector<int64_t> k;
  bool allConst = true;
  for (Value idx : indices) {
    FailureOr<Value> s = getScalar(idx, loc);
    if (failed(s))
      return failure();
    std::optional<int64_t> c = getConstantIntValue(*s);
    allConst &= c.has_value();
    k.push_back(c.value_or(0));
  }
  return allConst ? std::optional(k) : std::nullopt;
}

LogicalResult
EntryLowering::atBlock(Operation *op, ValueRange indices,
                       ArrayRef<int64_t> whole, ArrayRef<int64_t> part,
                       Location loc,
                       function_ref<LogicalResult(ArrayRef<int64_t>)> fn) {
  FailureOr<std::optional<SmallVector<int64_t>>> constIdx =
      constantIndices(indices, loc);
  if (failed(constIdx))
    return failure();
  if (*constIdx)
    return fn(**constIdx);
  // Dynamic indices: one case per block (the index is uniform).
  int64_t numBlocks = 1;
  for (auto [w, p] : llvm::zip_equal(whole, part))
    numBlocks *= w / p;
  constexpr int64_t kMaxBlocks = 64;
  if (numBlocks > kMaxBlocks)
    return fail(op, "with dynamic indices over " + Twine(numBlocks) +
                        " blocks is not supported (at most " +
                        Twine(kMaxBlocks) + ")");
  Value linear = arith::ConstantIndexOp::create(b, loc, 0);
  for (auto [d, idx] : llvm::enumerate(indices)) {
    linear = arith::MulIOp::create(
        b, loc, linear,
        arith::ConstantIndexOp::create(b, loc, whole[d] / part[d]));
    linear = arith::AddIOp::create(b, loc, linear,
                                   toIndex(*getScalar(idx, loc), loc));
  }
  SmallVector<int64_t> cases;
  for (int64_t c = 0; c < numBlocks; ++c)
    cases.push_back(c);
  auto sw = scf::IndexSwitchOp::create(b, loc, TypeRange{}, linear, cases,
                                       cases.size());
  OpBuilder::InsertionGuard guard(b);
  b.createBlock(&sw.getDefaultRegion());
  scf::YieldOp::create(b, loc);
  for (int64_t c = 0; c < numBlocks; ++c) {
    b.createBlock(&sw.getCaseRegions()[c]);
    SmallVector<int64_t> k(whole.size());
    int64_t rest = c;
    for (int64_t d = whole.size() - 1; d >= 0; --d) {
      int64_t n = whole[d] / part[d];
      k[d] = rest % n;
      rest /= n;
    }
    if (failed(fn(k)))
      return failure();
    scf::YieldOp::create(b, loc);
  }
  return success();
}

FailureOr<Value> EntryLowering::toSharedRowMajor(Operation *op, Value src,
                                                 Location loc) {
  auto srcType = cast<tirx::BufferType>(src.getType());
  TileLayout rm =
      TileLayout({Iter{srcType.getNumElements(), 1, "m"}}, {}).canonicalize();
  auto sharedType = tirx::BufferType::get(
      b.getContext(), srcType.getShape(), srcType.getElementType(),
      tirx::MemScope::Shared, tirx::LayoutAttr::get(b.getContext(), rm));
  int64_t bytes =
      tirx::getMemoryBytes(srcType.getElementType()) * srcType.getNumElements();
  if (bytes > maxStagingBytes())
    return fail(op, "needs " + Twine(bytes) +
                        " bytes of shared memory to move the block, more "
                        "than the " +
                        Twine(maxStagingBytes()) + " a CTA may use on " +
                        target->getChip());
  Value shared = tirx::AllocOp::create(b, loc, sharedType);
  tirx::CopyOp::create(b, loc, shared, src, nullptr, cta(), nullptr, nullptr);
  return shared;
}

LogicalResult EntryLowering::lower(ct::ExtractOp op) {
  Location loc = op.getLoc();
  Value src = get(op.getSource());
  if (!isa<tirx::BufferType>(src.getType())) {
    map(op.getResult(), src);
    return success();
  }
  auto srcType = cast<tirx::BufferType>(src.getType());
  auto resultType = cast<ct::TileType>(op.getResult().getType());
  ArrayRef<int64_t> srcShape = srcType.getShape();
  ArrayRef<int64_t> shape = resultType.getShape();
  FailureOr<BitLayout> bits = BitLayout::get(srcType.getTileLayout());
  if (failed(bits))
    return fail(op, "expects a power-of-two register layout");
  bool inRegisters = blockInRegisters(*bits, srcShape, shape);
  auto blockOf = [&](Value buffer, const BitLayout &layout,
                     ArrayRef<int64_t> k) {
    return tirx::emitBlockView(b, loc, buffer, layout, srcShape, shape, k);
  };
  FailureOr<std::optional<SmallVector<int64_t>>> constIdx =
      constantIndices(op.getIndices(), loc);
  if (failed(constIdx))
    return failure();
  if (*constIdx && inRegisters) {
    map(op.getResult(), blockOf(src, *bits, **constIdx));
    return success();
  }
  // The buffer the blocks are read from: the registers, or a row-major
  // shared copy when the block bits select threads.
  Value from = src;
  BitLayout fromBits = *bits;
  if (!inRegisters) {
    FailureOr<Value> shared = toSharedRowMajor(op, src, loc);
    if (failed(shared))
      return failure();
    from = *shared;
    fromBits =
        *BitLayout::get(cast<tirx::BufferType>(from.getType()).getTileLayout());
    tirx::BarrierOp::create(b, loc, tirx::ExecScope::Cta);
  }
  Value dst = allocBlocked(resultType, loc);
  if (failed(atBlock(op, op.getIndices(), srcShape, shape, loc,
                     [&](ArrayRef<int64_t> k) -> LogicalResult {
                       Value block = blockOf(from, fromBits, k);
                       if (!inRegisters) {
                         tirx::CopyOp::create(b, loc, dst, block, nullptr,
                                              cta(), nullptr, nullptr);
                         return success();
                       }
                       return assign(dst, block, loc);
                     })))
    return failure();
  if (!inRegisters && insideLoop())
    tirx::BarrierOp::create(b, loc, tirx::ExecScope::Cta);
  map(op.getResult(), dst);
  return success();
}

bool mlir::tileir::isStorableInGlobal(Type elem) {
  return elem.isIntOrFloat() && elem.getIntOrFloatBitWidth() % 8 == 0;
}

LLVM::GlobalOp
mlir::tileir::createDenseGlobal(OpBuilder &b, Location loc, StringRef name,
                                DenseElementsAttr value, bool isConstant,
                                LLVM::Linkage linkage, uint64_t alignment) {
  Type elem = value.getElementType();
  assert(isStorableInGlobal(elem) && "expects whole-byte elements");
  int64_t n = value.getNumElements();
  DenseElementsAttr flat = value.reshape(RankedTensorType::get({n}, elem));
  if (!LLVM::isCompatibleType(elem)) {
    // LLVM's module translation has no array type of these (it crashed
    // building one): the same bits as integers.
    elem = b.getIntegerType(elem.getIntOrFloatBitWidth());
    flat = flat.bitcast(elem);
  }
  return LLVM::GlobalOp::create(b, loc, LLVM::LLVMArrayType::get(elem, n),
                                isConstant, linkage, name, flat, alignment,
                                /*addrSpace=*/1);
}

LogicalResult EntryLowering::lower(ct::InsertOp op) {
  Location loc = op.getLoc();
  auto destTile = cast<ct::TileType>(op.getDest().getType());
  auto partTile = cast<ct::TileType>(op.getSource().getType());
  ArrayRef<int64_t> shape = destTile.getShape();
  ArrayRef<int64_t> partShape = partTile.getShape();
  if (shape == partShape) {
    map(op.getResult(), get(op.getSource()));
    return success();
  }
  // The result: a fresh register copy of dest (in dest's layout without
  // broadcast registers), whose block at the indices is then written.
  Value dest = getBuffer(op.getDest(), loc);
  Value part = getBuffer(op.getSource(), loc);
  FailureOr<TileLayout> layout =
      compactLayout(cast<tirx::BufferType>(dest.getType()).getTileLayout());
  if (failed(layout))
    return fail(op, "expects a power-of-two register layout");
  Value result =
      alloc(shape, cast<tirx::BufferType>(dest.getType()).getElementType(),
            *layout, loc);
  if (failed(assign(result, dest, loc)))
    return failure();
  BitLayout bits = *BitLayout::get(*layout);
  bool inRegisters = blockInRegisters(bits, shape, partShape);
  if (inRegisters) {
    // Each thread writes the block elements it holds.
    if (failed(atBlock(op, op.getIndices(), shape, partShape, loc,
                       [&](ArrayRef<int64_t> k) {
                         return assign(tirx::emitBlockView(b, loc, result, bits,
                                                           shape, partShape, k),
                                       part, loc);
                       })))
      return failure();
    map(op.getResult(), result);
    return success();
  }
  // The block bits select threads: the whole tile through shared memory,
  // the block written there, and read back.
  FailureOr<Value> shared = toSharedRowMajor(op, result, loc);
  if (failed(shared))
    return failure();
  BitLayout sharedBits = *BitLayout::get(
      cast<tirx::BufferType>(shared->getType()).getTileLayout());
  tirx::BarrierOp::create(b, loc, tirx::ExecScope::Cta);
  if (failed(atBlock(op, op.getIndices(), shape, partShape, loc,
                     [&](ArrayRef<int64_t> k) {
                       tirx::CopyOp::create(
                           b, loc,
                           tirx::emitBlockView(b, loc, *shared, sharedBits,
                                               shape, partShape, k),
                           part, nullptr, cta(), nullptr, nullptr);
                       return success();
                     })))
    return failure();
  tirx::BarrierOp::create(b, loc, tirx::ExecScope::Cta);
  tirx::CopyOp::create(b, loc, result, *shared, nullptr, cta(), nullptr,
                       nullptr);
  if (insideLoop())
    tirx::BarrierOp::create(b, loc, tirx::ExecScope::Cta);
  map(op.getResult(), result);
  return success();
}

/// The values of a dense constant as they are stored in memory and held in
/// registers: i1 as one byte each (0 or 1; the tile is loaded as i1, see
/// tirx::getMemoryType), tf32 as the f32 of the same value (tf32 tiles live
/// in f32 buffers).
static DenseElementsAttr toStoredConstant(DenseElementsAttr value) {
  Type elem = value.getElementType();
  MLIRContext *ctx = elem.getContext();
  if (elem.isInteger(1)) {
    Type i8 = IntegerType::get(ctx, 8);
    return value.mapValues(i8, [](const APInt &v) { return v.zext(8); });
  }
  if (isa<FloatTF32Type>(elem)) {
    Type f32 = Float32Type::get(ctx);
    return value.mapValues(f32, [](const APFloat &v) {
      APFloat wide = v;
      bool lost = false;
      // Exact: tf32 has f32's exponent range and fewer mantissa bits.
      wide.convert(APFloat::IEEEsingle(), APFloat::rmNearestTiesToEven, &lost);
      return wide.bitcastToAPInt();
    });
  }
  return value;
}

LogicalResult EntryLowering::lowerDenseConstant(ct::ConstantOp op,
                                                DenseElementsAttr value) {
  Location loc = op.getLoc();
  auto type = cast<ct::TileType>(op.getResult().getType());
  Type elem = type.getElementType();
  DenseElementsAttr stored = toStoredConstant(value);
  // The element type of the global view: i1 (read as bytes) or the type
  // the values are stored as.
  Type viewElem = elem.isInteger(1) ? elem : stored.getElementType();
  if (!isStorableInGlobal(stored.getElementType())) {
    std::string name;
    llvm::raw_string_ostream os(name);
    os << elem;
    return fail(op, "with non-splat values of element type " + name +
                        " is not supported (expects whole-byte numbers)");
  }
  // The values live in a constant global; the tile is copied from it.
  auto module = func->getParentOfType<gpu::GPUModuleOp>();
  std::string name =
      ("__tileir_constant_" + func.getName() + "_" + Twine(numConstants++))
          .str();
  {
    OpBuilder::InsertionGuard guard(b);
    b.setInsertionPointToStart(module.getBody());
    createDenseGlobal(b, loc, name, stored, /*isConstant=*/true,
                      LLVM::Linkage::Internal, /*alignment=*/16);
  }
  auto ptrType = LLVM::LLVMPointerType::get(b.getContext(), 1);
  Value base = LLVM::AddressOfOp::create(b, loc, ptrType, name);
  SmallVector<int64_t> strides(type.getRank(), 1);
  for (int64_t d = type.getRank() - 2; d >= 0; --d)
    strides[d] = strides[d + 1] * type.getShape()[d + 1];
  auto viewType =
      tirx::BufferType::get(b.getContext(), type.getShape(), viewElem,
                            tirx::MemScope::Global, nullptr);
  Value view = tirx::GlobalViewOp::create(
      b, loc, viewType, base, ValueRange{}, ValueRange{},
      b.getDenseI64ArrayAttr(type.getShape()), b.getDenseI64ArrayAttr(strides),
      b.getI64IntegerAttr(16));
  SmallVector<int64_t> zeros(type.getRank(), 0);
  Value region = tirx::RegionOp::create(b, loc, viewType, view, ValueRange{},
                                        b.getDenseI64ArrayAttr(zeros));
  Value dst = alloc(type.getShape(), viewElem,
                    planner.getBlocked(type.getShape()), loc);
  tirx::CopyOp::create(b, loc, dst, region, nullptr, cta(), nullptr, nullptr);
  map(op.getResult(), dst);
  return success();
}

std::optional<LogicalResult> EntryLowering::lowerStructureOp(Operation *op) {
  return llvm::TypeSwitch<Operation *, std::optional<LogicalResult>>(op)
      .Case<ct::IotaOp, ct::ReshapeOp, ct::BroadcastOp, ct::PermuteOp,
            ct::CatOp, ct::ExtractOp, ct::InsertOp>(
          [&](auto o) -> LogicalResult { return lower(o); })
      .Default([](Operation *) { return std::nullopt; });
}
