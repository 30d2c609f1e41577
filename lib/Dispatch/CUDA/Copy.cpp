//===- Copy.cpp - CUDA variants of tirx.copy ------------------------------===//
//
// Part of TileIR. Copies between global regions, shared buffers and local
// (register) buffers, in either direction:
//   ldstmatrix (10): register <-> shared m8n8 fragments of 16-byte lines
//                    (8-, 16- and 32-bit elements; .trans for 16-bit) with
//                    the warp-collective ldmatrix / stmatrix (sm_90 for
//                    stores).
//   vec_auto  (10): the widest vector (up to 16 bytes) that both sides'
//                   layouts, strides and known alignment allow (between
//                   registers and shared memory, from any flat bits). A
//                   register side gives the thread partition; a global <->
//                   shared copy synthesises an [outer, threads, vec] partition.
//                   A tile-level bounds check on a global side picks the
//                   unmasked vector path for whole tiles and an element-wise
//                   masked path for partial tiles.
//   vec_{256,128,64,32,16}b (20): the same with a forced vector width
//                   (256 bits: global <-> register on sm_100+ only).
//   staged    (20): registers -> global memory through a shared buffer
//                   (layout::chooseStagingLayout), when the register
//                   layout's vectors are narrower than what the global side
//                   allows and buffers the kernel no longer uses hold the
//                   tile: an accumulator fragment's 4-byte stores become
//                   16-byte stores of whole rows.
//   vec_blocks (10): between two shared buffers: each thread moves blocks
//                   of the tile through registers, loaded with vectors
//                   along the source's contiguous run and stored with
//                   vectors along the destination's (a transpose between a
//                   row-major and a column-major stage), the vectors and
//                   the threads chosen for fewest bank conflicts
//                   (layout::planSharedCopy).
//   fallback   (0): element-wise copies.
// Register-to-register copies use the elementwise `reg` variant.
//
// `config = {cache_hint = "L1::..."}` gives the global loads of the vec_* and
// fallback variants a PTX L1 eviction priority (tirx::checkCacheHint, checked
// by the op's verifier).
//
// Writes to shared or global memory are done by one thread of each group of
// threads holding the same elements. The copy does not synchronize: a
// shared-memory write read by other threads needs a CTA barrier
// (`gpu.barrier`) between the two, which the kernel places.
//
//===----------------------------------------------------------------------===//

#include "CopyCodegen.h"
#include "Variants.h"

#include "tileir/Dialect/TirX/IR/MemoryTypes.h"
#include "tileir/Dialect/TirX/Utils/LayoutCodegen.h"
#include "tileir/Dialect/TirX/Utils/Utils.h"
#include "tileir/Dispatch/Dispatch.h"
#include "tileir/Dispatch/Predicates.h"
#include "tileir/Layout/SharedStaging.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/LLVMIR/LLVMDialect.h"
#include "mlir/Dialect/LLVMIR/LLVMTypes.h"
#include "mlir/Dialect/LLVMIR/NVVMDialect.h"
#include "mlir/Dialect/MemRef/IR/MemRef.h"
#include "mlir/Dialect/SCF/IR/SCF.h"
#include "mlir/Dialect/Utils/StaticValueUtils.h"
#include "mlir/Dialect/Vector/IR/VectorOps.h"
#include "mlir/IR/Matchers.h"
#include "llvm/ADT/Sequence.h"
#include "llvm/Support/MathExtras.h"

using namespace mlir;
using namespace tileir;
using namespace tileir::dispatch;

/// The copy's `config` cache hint ("" when absent).
static StringRef cacheHintOf(Operation *op) {
  auto config = op->getAttrOfType<DictionaryAttr>("config");
  auto hint = config ? config.getAs<StringAttr>("cache_hint") : StringAttr();
  return hint ? hint.getValue() : StringRef();
}

namespace {

//===----------------------------------------------------------------------===//
// Copy sides
//===----------------------------------------------------------------------===//

/// The vector variants' partitions are built bit by bit: every extent a
/// power of two.
Outcome powerOfTwoExtents(ArrayRef<int64_t> shape) {
  for (int64_t e : shape)
    if (!llvm::isPowerOf2_64(e))
      return Outcome::fail("expects power-of-two extents, got " +
                           std::to_string(e));
  return Outcome::ok();
}

FailureOr<Side> matchSide(Value v, std::string &why) {
  auto type = cast<tirx::BufferType>(v.getType());
  Side side;
  side.buffer = v;
  if (type.isGlobal()) {
    side.kind = SideKind::Global;
    FailureOr<tirx::GlobalOperand> global = tirx::matchGlobalOperand(v);
    if (failed(global)) {
      why = "global operand is not a tirx.global_view or a tirx.region of "
            "one";
      return failure();
    }
    side.region = global->region;
    side.view = global->view;
    return side;
  }
  side.kind = type.isShared() ? SideKind::Shared : SideKind::Local;
  FailureOr<BitLayout> bits = BitLayout::get(type.getTileLayout());
  if (failed(bits)) {
    why = std::string(type.isShared() ? "shared" : "local") +
          " layout is not a power-of-two CTA layout";
    return failure();
  }
  side.bits = *bits;
  if (type.isShared()) {
    if (!side.bits.replica.empty()) {
      why = "shared layout has replica iters";
      return failure();
    }
    side.swizzle = type.getLayout().getSwizzleFor(
        type.getElementType().getIntOrFloatBitWidth());
  }
  return side;
}

FailureOr<CopySides> matchCopy(Value dstBuffer, Value srcBuffer,
                               std::string &why) {
  CopySides sides;
  FailureOr<Side> dst = matchSide(dstBuffer, why);
  if (failed(dst))
    return failure();
  FailureOr<Side> src = matchSide(srcBuffer, why);
  if (failed(src))
    return failure();
  if (dst->kind == src->kind) {
    why = "needs two different memory scopes (global, shared, local), got "
          "two " +
          tirx::stringifyMemScope(
              cast<tirx::BufferType>(dstBuffer.getType()).getMemScope())
              .str() +
          " buffers";
    return failure();
  }
  sides.dst = *dst;
  sides.src = *src;
  return sides;
}

FailureOr<CopySides> matchCopy(tirx::CopyOp op, std::string &why) {
  return matchCopy(op.getDst(), op.getSrc(), why);
}

Predicate copyPair() {
  return {"copyPair", [](Operation *op, const DispatchContext &) {
            auto copy = cast<tirx::CopyOp>(op);
            std::string why;
            FailureOr<CopySides> sides =
                matchRegisterCopy(copy.getDst(), copy.getSrc(), why);
            if (failed(sides))
              return Outcome::fail(why);
            return Outcome::ok(*sides);
          }};
}

//===----------------------------------------------------------------------===//
// Alignment and vector width
//===----------------------------------------------------------------------===//

/// Whether flat bit `j` is the j-th element of a contiguous run starting at
/// flat index 0 on `side`.
bool isContiguousBit(const Side &side, ArrayRef<int64_t> shape, unsigned j) {
  switch (side.kind) {
  case SideKind::Global: {
    unsigned rank = shape.size();
    auto inner = getConstantIntValue(side.view.getMixedStrides()[rank - 1]);
    return inner && *inner == 1 && j < dimBitRange(shape, rank - 1).second;
  }
  case SideKind::Shared:
    return j < side.bits.getNumBits() &&
           side.bits.shard[j].stride == (int64_t(1) << j);
  case SideKind::Local:
    return true; // registers are gathered into the vector one by one
  }
  return false;
}

/// The largest vector (in elements) every address of `side` is aligned to,
/// given that the low `vecBits` flat bits form the vector.
int64_t sideAlignment(const Side &side, ArrayRef<int64_t> shape,
                      unsigned vecBits, int64_t elemBytes) {
  constexpr int64_t kMax = 1 << 16;
  switch (side.kind) {
  case SideKind::Global: {
    unsigned rank = shape.size();
    SmallVector<OpFoldResult> strides = side.view.getMixedStrides();
    SmallVector<OpFoldResult> offsets =
        tirx::GlobalOperand{side.region, side.view}.getOffsets();
    int64_t align = std::max<int64_t>(1, side.view.getAlignment() / elemBytes);
    align = std::min(align, knownDivisor(offsets[rank - 1]));
    for (unsigned d = 0; d + 1 < rank; ++d)
      align = std::min(align, knownDivisor(strides[d]));
    return align;
  }
  case SideKind::Shared:
    // Shared allocations are 16-byte aligned (see tirx-lower-buffers).
    return layout::sharedVectorAlignment(
        side.bits, llvm::to_vector(llvm::seq<unsigned>(0, vecBits)), elemBytes);
  case SideKind::Local:
    return kMax;
  }
  return 1;
}

/// Elements per vector: the widest power of two whose low flat bits are
/// consecutive registers of the partition (`part`, memory bits of stride
/// 2^j), contiguous on both sides, within `maxBytes`, within a swizzle
/// chunk, and aligned on both sides.
int64_t chooseVectorWidth(const CopySides &sides, const BitLayout &part,
                          ArrayRef<int64_t> shape, int64_t elemBytes,
                          int64_t maxBytes) {
  int64_t width = 1;
  for (unsigned j = 0; j < part.getNumBits(); ++j) {
    const LayoutBit &bit = part.shard[j];
    if (!bit.isMemory() || bit.stride != (int64_t(1) << j))
      break;
    if (!isContiguousBit(sides.dst, shape, j) ||
        !isContiguousBit(sides.src, shape, j))
      break;
    if ((width * 2) * elemBytes > maxBytes)
      break;
    width *= 2;
  }
  while (width > 1) {
    unsigned vecBits = llvm::Log2_64(width);
    bool ok = true;
    for (const Side *side : {&sides.dst, &sides.src}) {
      if (sideAlignment(*side, shape, vecBits, elemBytes) < width)
        ok = false;
      // A swizzle permutes 16-byte chunks: a vector must stay in one.
      if (side->swizzle && width > (int64_t(1) << side->swizzle->perElement))
        ok = false;
    }
    if (ok)
      break;
    width /= 2;
  }
  return width;
}

/// A copy between registers and shared memory enumerates the elements by
/// flat index, but nothing in it depends on which flat bit is which (only a
/// global side addresses by tile dimension): the same copy with every
/// side's bits in another order. The order returned puts first the bits
/// that form the widest vector: registers at storage strides 1, 2, 4, ...
/// that are consecutive elements in shared memory too (a column of a
/// row-major tile staged into a column-major buffer, for one), within
/// `maxBytes`; the other bits follow in their order.
SmallVector<unsigned> vectorBitOrder(const CopySides &sides,
                                     const BitLayout &part, int64_t elemBytes,
                                     int64_t maxBytes) {
  const Side &shared =
      sides.dst.kind == SideKind::Shared ? sides.dst : sides.src;
  unsigned n = part.getNumBits();
  SmallVector<unsigned> order;
  SmallVector<bool> used(n, false);
  for (int64_t want = 1; (want * 2) * elemBytes <= maxBytes; want *= 2) {
    unsigned j = 0;
    while (j < n && (used[j] || !part.shard[j].isMemory() ||
                     part.shard[j].stride != want ||
                     shared.bits.shard[j].stride != want))
      ++j;
    if (j == n)
      break;
    order.push_back(j);
    used[j] = true;
  }
  for (unsigned j = 0; j < n; ++j)
    if (!used[j])
      order.push_back(j);
  return order;
}

/// The [outer, threads, vec] partition of a copy without a register side:
/// the low flat bits form the widest vector both sides allow, the next bits
/// go to the call's threads (tx strides 1, 2, ...), the rest are iterated.
BitLayout synthesizePartition(const CopySides &sides, ArrayRef<int64_t> shape,
                              int64_t elemBytes, int64_t maxBytes,
                              int64_t scopeThreads) {
  unsigned numBits = 0;
  for (int64_t e : shape)
    numBits += llvm::Log2_64(e);
  BitLayout all;
  for (unsigned j = 0; j < numBits; ++j)
    all.shard.push_back(LayoutBit{"m", int64_t(1) << j});
  int64_t width = chooseVectorWidth(sides, all, shape, elemBytes, maxBytes);
  unsigned vecBits = llvm::Log2_64(width);
  unsigned threadBits = std::min<unsigned>(
      llvm::Log2_64(std::max<int64_t>(1, scopeThreads)), numBits - vecBits);
  BitLayout part;
  for (unsigned j = 0; j < numBits; ++j) {
    if (j < vecBits)
      part.shard.push_back(LayoutBit{"m", int64_t(1) << j});
    else if (j < vecBits + threadBits)
      part.shard.push_back(LayoutBit{"tx", int64_t(1) << (j - vecBits)});
    else
      part.shard.push_back(LayoutBit{"m", int64_t(1) << (j - threadBits)});
  }
  return part;
}

//===----------------------------------------------------------------------===//
// Emission
//===----------------------------------------------------------------------===//

/// Emits the addressing of one side for a partition: per-thread bases
/// computed once, and a pointer or a storage slot per flat index.
class SideAccess {
public:
  SideAccess(OpBuilder &b, Location loc, const Side &side,
             const BitLayout &part, ArrayRef<int64_t> shape, Type elemType,
             Value tid)
      : b(b), loc(loc), side(side), part(part), shape(shape),
        elemType(elemType) {
    switch (side.kind) {
    case SideKind::Global: {
      coords.emplace(b, loc, part, tid, shape,
                     tirx::GlobalOperand{side.region, side.view}.getOffsets(),
                     side.view.getMixedSizes(), side.view.getMixedStrides());
      base = LLVM::GEPOp::create(
          b, loc, side.view.getPtr().getType(), tirx::getMemoryType(elemType),
          side.view.getPtr(), ValueRange{coords->offset});
      break;
    }
    case SideKind::Shared: {
      base = emitSharedPointer(b, loc, side.buffer);
      // Thread part of the linear address: runs of partition thread bits
      // whose shared strides double are one shift-and-mask-and-multiply.
      Type i32 = b.getI32Type();
      auto c32 = [&](int64_t v) {
        return arith::ConstantIntOp::create(b, loc, i32, v).getResult();
      };
      Value sum = c32(side.bits.memOffset);
      for (unsigned j = 0; j < part.getNumBits();) {
        const LayoutBit &bit = part.shard[j];
        if (!bit.isThread()) {
          ++j;
          continue;
        }
        unsigned run = 1;
        while (j + run < part.getNumBits() && part.shard[j + run].isThread() &&
               part.shard[j + run].stride == bit.stride << run &&
               side.bits.shard[j + run].stride == side.bits.shard[j].stride
                                                      << run)
          ++run;
        Value v = tid;
        if (unsigned shift = llvm::Log2_64(bit.stride))
          v = arith::ShRUIOp::create(b, loc, v, c32(shift));
        v = arith::AndIOp::create(b, loc, v, c32((int64_t(1) << run) - 1));
        if (side.bits.shard[j].stride != 1)
          v = arith::MulIOp::create(b, loc, v, c32(side.bits.shard[j].stride));
        sum = arith::AddIOp::create(b, loc, sum, v);
        j += run;
      }
      threadLinear = sum;
      break;
    }
    case SideKind::Local:
      storage = getStorage(b, loc, side.buffer);
      break;
    }
  }

  bool isLocal() const { return side.kind == SideKind::Local; }
  bool isGlobal() const { return side.kind == SideKind::Global; }

  /// Memory (compile-time) coordinate of a flat index in dimension `d`: its
  /// bits that are not on a thread (registers, and broadcast bits: one
  /// register of the partition standing for several elements).
  int64_t memCoord(int64_t flat, unsigned d) const {
    auto [first, end] = dimBitRange(shape, d);
    int64_t c = 0;
    for (unsigned j = first; j < end; ++j)
      if (!part.shard[j].isThread() && ((flat >> j) & 1))
        c |= int64_t(1) << (j - first);
    return c;
  }

  /// The pointer of the element at flat index `flat` (global or shared).
  Value pointer(int64_t flat) {
    if (side.kind == SideKind::Global) {
      Value off = cst64(0);
      for (unsigned d = 0; d < shape.size(); ++d)
        if (int64_t c = memCoord(flat, d))
          off = arith::AddIOp::create(
              b, loc, off,
              arith::MulIOp::create(b, loc, cst64(c), coords->stride[d]));
      return LLVM::GEPOp::create(b, loc, base.getType(),
                                 tirx::getMemoryType(elemType), base,
                                 ValueRange{off});
    }
    int64_t constant = 0;
    for (auto [j, bit] : llvm::enumerate(part.shard))
      if (!bit.isThread() && ((flat >> j) & 1))
        constant += side.bits.shard[j].stride;
    Type i32 = b.getI32Type();
    Value addr = arith::AddIOp::create(
        b, loc, threadLinear,
        arith::ConstantIntOp::create(b, loc, i32, constant));
    if (side.swizzle)
      addr = tirx::emitSwizzle(b, loc, addr, *side.swizzle);
    return LLVM::GEPOp::create(b, loc, base.getType(),
                               tirx::getMemoryType(elemType), base,
                               ValueRange{addr});
  }

  Value slot(int64_t flat) {
    return arith::ConstantIndexOp::create(b, loc, side.bits.storageIndex(flat));
  }

  /// Loads `width` elements starting at flat index `flat` (a scalar for 1).
  Value load(int64_t flat, int64_t width) {
    if (side.kind != SideKind::Local) {
      // Types LLVM cannot load (f8) go through integers of their width.
      Type type = width == 1 ? elemType : VectorType::get({width}, elemType);
      Type memType = tirx::getMemoryType(type);
      int64_t bytes = width * tirx::getMemoryBytes(elemType);
      Value v = side.kind == SideKind::Global && !cacheHint.empty()
                    ? hintedLoad(memType, pointer(flat), bytes)
                    : Value();
      if (!v)
        v = LLVM::LoadOp::create(b, loc, memType, pointer(flat), bytes);
      return tirx::fromMemoryValue(b, loc, v, type);
    }
    if (width == 1)
      return memref::LoadOp::create(b, loc, storage, slot(flat));
    SmallVector<Value> elems;
    for (int64_t i = 0; i < width; ++i)
      elems.push_back(memref::LoadOp::create(b, loc, storage, slot(flat | i)));
    return vector::FromElementsOp::create(
        b, loc, VectorType::get({width}, elemType), elems);
  }

  /// A global load of `bytes` (2, 4, 8 or 16) with the cache hint's
  /// qualifier, as `ld.global.<hint>{.v2,.v4}.b{16,32}` (LLVM has no load
  /// with eviction priorities); null for other sizes (a plain load).
  Value hintedLoad(Type memType, Value ptr, int64_t bytes) {
    if (bytes != 2 && bytes != 4 && bytes != 8 && bytes != 16)
      return Value();
    int64_t regs = std::max<int64_t>(1, bytes / 4);
    Type reg = bytes == 2 ? b.getI16Type() : b.getI32Type();
    std::string ptx = "ld.global." + cacheHint;
    if (regs > 1)
      ptx += ".v" + std::to_string(regs);
    ptx += bytes == 2 ? ".b16 " : ".b32 ";
    std::string outs;
    for (int64_t i = 0; i < regs; ++i)
      outs += (i ? ", $" : "$") + std::to_string(i);
    ptx += (regs > 1 ? "{" + outs + "}" : outs) + ", [$" +
           std::to_string(regs) + "];";
    auto asmOp = NVVM::InlinePtxOp::create(b, loc, SmallVector<Type>(regs, reg),
                                           ValueRange{ptr}, ValueRange{},
                                           b.getStringAttr(ptx), Value());
    Value v;
    if (regs == 1) {
      v = asmOp.getResult(0);
    } else {
      v = vector::FromElementsOp::create(b, loc, VectorType::get({regs}, reg),
                                         asmOp.getResults());
    }
    return v.getType() == memType ? v
                                  : LLVM::BitcastOp::create(b, loc, memType, v);
  }

  std::string cacheHint; ///< config cache_hint qualifiers of global loads

  void store(Value value, int64_t flat, int64_t width) {
    if (side.kind != SideKind::Local) {
      value = tirx::toMemoryValue(b, loc, value);
      LLVM::StoreOp::create(b, loc, value, pointer(flat),
                            width * tirx::getMemoryBytes(elemType));
      return;
    }
    if (width == 1) {
      memref::StoreOp::create(b, loc, value, storage, slot(flat));
      return;
    }
    for (int64_t i = 0; i < width; ++i) {
      Value e = vector::ExtractOp::create(b, loc, value, i);
      memref::StoreOp::create(b, loc, e, storage, slot(flat | i));
    }
  }

  /// Global: i1 "element `flat` is inside the source's extents".
  Value inBounds(int64_t flat) {
    Value ok;
    for (unsigned d = 0; d < shape.size(); ++d) {
      Value in = coords->inBounds(b, loc, d, memCoord(flat, d));
      ok = ok ? arith::AndIOp::create(b, loc, ok, in).getResult() : in;
    }
    return ok;
  }

  /// Global: i1 "the whole region is inside the source" (null when known
  /// statically).
  Value wholeTileInBounds() {
    return emitTileInBounds(
        b, loc, shape, tirx::GlobalOperand{side.region, side.view}.getOffsets(),
        side.view.getMixedSizes(), coords->size);
  }

private:
  Value cst64(int64_t v) {
    return arith::ConstantIntOp::create(b, loc, b.getI64Type(), v);
  }

  OpBuilder &b;
  Location loc;
  const Side &side;
  const BitLayout &part;
  ArrayRef<int64_t> shape;
  Type elemType;
  Value base;         ///< global / shared: thread base pointer
  Value threadLinear; ///< shared: thread part of the linear address (i32)
  Value storage;      ///< local: the register storage
  std::optional<GlobalCoords> coords; ///< global
};

/// Emits the copy. `maxBytes` bounds the vector size (0: element-wise
/// only); `forcedBytes` (non-zero) requires exactly that vector size.
Outcome emitCopy(tirx::CopyOp op, CopySides sides, DispatchContext &ctx,
                 RewriterBase &rewriter, int64_t maxBytes,
                 int64_t forcedBytes) {
  Location loc = op.getLoc();
  auto dstType = op.getDst().getType();
  Type elemType = dstType.getElementType();
  int64_t elemBytes = tirx::getMemoryBytes(elemType);
  ArrayRef<int64_t> shape = dstType.getShape();
  if (Outcome o = powerOfTwoExtents(shape); !o.succeeded())
    return o;
  int64_t scopeThreads = ctx.getScopeThreads();

  BitLayout part;
  if (const Side *local = sides.local())
    part = local->bits;
  else
    part = synthesizePartition(sides, shape, elemBytes, maxBytes, scopeThreads);
  int64_t width =
      maxBytes ? chooseVectorWidth(sides, part, shape, elemBytes, maxBytes) : 1;
  // Registers <-> shared: vectors from whichever flat bits allow the widest.
  if (maxBytes && sides.local() && sides.dst.kind != SideKind::Global &&
      sides.src.kind != SideKind::Global) {
    SmallVector<unsigned> order =
        vectorBitOrder(sides, part, elemBytes, maxBytes);
    CopySides reordered = sides;
    reordered.dst.bits = sides.dst.bits.reordered(order);
    reordered.src.bits = sides.src.bits.reordered(order);
    BitLayout reorderedPart = part.reordered(order);
    int64_t reorderedWidth =
        chooseVectorWidth(reordered, reorderedPart, shape, elemBytes, maxBytes);
    if (reorderedWidth > width) {
      sides = reordered;
      part = reorderedPart;
      width = reorderedWidth;
    }
  }
  if (forcedBytes && width * elemBytes != forcedBytes)
    return Outcome::fail("a " + std::to_string(forcedBytes) +
                         "-byte vector does not fit the layout, strides or "
                         "alignment (widest: " +
                         std::to_string(width * elemBytes) + " bytes)");

  OpBuilder &b = rewriter;
  Value tid = emitThreadId(b, loc);
  SideAccess dst(b, loc, sides.dst, part, shape, elemType, tid);
  SideAccess src(b, loc, sides.src, part, shape, elemType, tid);
  src.cacheHint = cacheHintOf(op).str();

  // Every logical element the partition's threads hold: a broadcast bit of
  // a register source (one register standing for several elements) still
  // names distinct destination addresses.
  SmallVector<unsigned> memBits = part.registerBits();
  auto forEachFlat = [&](unsigned skipLow,
                         llvm::function_ref<void(int64_t)> fn) {
    SmallVector<unsigned> iterBits(llvm::make_filter_range(
        memBits, [&](unsigned j) { return j >= skipLow; }));
    for (int64_t flat : enumerateSubsets(iterBits))
      fn(flat);
  };

  // Writes to memory: one thread per group of threads holding the same
  // elements (replicas, threads the partition does not use).
  Value leader;
  if (!dst.isLocal())
    leader = emitIsReplicaLeader(b, loc, part, tid, scopeThreads);

  SideAccess *global = dst.isGlobal() ? &dst : src.isGlobal() ? &src : nullptr;
  Value whole = global ? global->wholeTileInBounds() : Value();

  unsigned vecBits = llvm::Log2_64(width);
  auto emitVectorPath = [&]() {
    forEachFlat(vecBits, [&](int64_t flat) {
      dst.store(src.load(flat, width), flat, width);
    });
  };
  // A vector along the global side's innermost dimension starts at a
  // multiple of its width (chooseVectorWidth); when that dimension's extent
  // is a multiple of it too, every vector is wholly inside or outside: the
  // masked path tests and moves whole vectors, a branch each (as many as
  // the element path would branch at most). Otherwise each vector is
  // tested whole (its first and last element) and moved as a vector where
  // it is inside, element by element where it is not (the vectors across
  // the end of the extent, and those outside). Beyond 64 vectors a thread,
  // the masked path is straight-line element accesses instead.
  const Side *globalSide = global == &dst   ? &sides.dst
                           : global == &src ? &sides.src
                                            : nullptr;
  bool vectorBranches =
      globalSide && width > 1 &&
      !predicateMaskedAccesses((int64_t(1) << memBits.size()) / width);
  bool wholeVectors =
      vectorBranches &&
      knownDivisor(globalSide->view.getMixedSizes()[shape.size() - 1]) %
              width ==
          0;
  bool splitVectors = vectorBranches && !wholeVectors;
  TypedAttr padding = op.getPaddingAttr();
  if (!padding)
    padding = b.getZeroAttr(elemType);
  Type memType = tirx::getMemoryType(elemType);
  // Predicated element accesses (of large tiles) where PTX has them, else
  // a branch per element.
  bool predicated =
      !wholeVectors && predicateMaskedAccesses(int64_t(1) << memBits.size());
  auto emitPredicated = [&](int64_t flat, Value ok) {
    if (global == &dst) {
      Value value = tirx::toMemoryValue(b, loc, src.load(flat, 1));
      return emitPredicatedStore(b, loc, value, dst.pointer(flat), ok);
    }
    Value pad =
        tirx::toMemoryValue(b, loc, arith::ConstantOp::create(b, loc, padding));
    Value v = emitPredicatedLoad(b, loc, memType, src.pointer(flat), ok, pad,
                                 src.cacheHint);
    if (v)
      dst.store(tirx::fromMemoryValue(b, loc, v, elemType), flat, 1);
    return bool(v);
  };
  // Moves the `maskWidth` elements from `flat` where `ok` holds (a
  // vector, or one element under `predicated`), else pads a load.
  auto emitMasked = [&](int64_t flat, int64_t maskWidth, Value ok) {
    if (maskWidth == 1 && predicated && emitPredicated(flat, ok))
      return;
    if (global == &dst) {
      auto ifOp = scf::IfOp::create(b, loc, ok, /*withElse=*/false);
      OpBuilder::InsertionGuard guard(b);
      b.setInsertionPointToStart(ifOp.thenBlock());
      dst.store(src.load(flat, maskWidth), flat, maskWidth);
      return;
    }
    Type maskType =
        maskWidth > 1 ? VectorType::get({maskWidth}, elemType) : Type(elemType);
    auto ifOp = scf::IfOp::create(b, loc, TypeRange{maskType}, ok,
                                  /*withElse=*/true);
    {
      OpBuilder::InsertionGuard guard(b);
      b.setInsertionPointToStart(ifOp.thenBlock());
      scf::YieldOp::create(b, loc, src.load(flat, maskWidth));
      b.setInsertionPointToStart(ifOp.elseBlock());
      TypedAttr fill = maskWidth > 1 ? TypedAttr(DenseElementsAttr::get(
                                           cast<ShapedType>(maskType), padding))
                                     : padding;
      Value pad = arith::ConstantOp::create(b, loc, fill);
      scf::YieldOp::create(b, loc, pad);
    }
    dst.store(ifOp.getResult(0), flat, maskWidth);
  };
  auto emitMaskedPath = [&]() {
    if (splitVectors) {
      forEachFlat(vecBits, [&](int64_t flat) {
        Value first = global->inBounds(flat);
        Value last = global->inBounds(flat | (width - 1));
        auto ifOp = scf::IfOp::create(
            b, loc, arith::AndIOp::create(b, loc, first, last),
            /*withElse=*/true);
        OpBuilder::InsertionGuard guard(b);
        b.setInsertionPointToStart(ifOp.thenBlock());
        dst.store(src.load(flat, width), flat, width);
        b.setInsertionPointToStart(ifOp.elseBlock());
        for (int64_t i = 0; i < width; ++i)
          emitMasked(flat | i, 1,
                     i == 0           ? first
                     : i == width - 1 ? last
                                      : global->inBounds(flat | i));
      });
      return;
    }
    int64_t maskWidth = wholeVectors ? width : 1;
    forEachFlat(llvm::Log2_64(maskWidth), [&](int64_t flat) {
      emitMasked(flat, maskWidth, global->inBounds(flat));
    });
  };

  std::optional<OpBuilder::InsertionGuard> leaderGuard;
  if (leader) {
    auto ifOp = scf::IfOp::create(b, loc, leader, /*withElse=*/false);
    leaderGuard.emplace(b);
    b.setInsertionPointToStart(ifOp.thenBlock());
  }
  if (!whole) {
    emitVectorPath();
    return Outcome::ok();
  }
  auto ifOp = scf::IfOp::create(b, loc, whole, /*withElse=*/true);
  OpBuilder::InsertionGuard guard(b);
  b.setInsertionPointToStart(ifOp.thenBlock());
  emitVectorPath();
  b.setInsertionPointToStart(ifOp.elseBlock());
  emitMaskedPath();
  return Outcome::ok();
}

/// 256-bit accesses exist for global memory only, paired with registers.
Predicate globalLocalOnly() {
  return {"globalLocalOnly", [](Operation *op, const DispatchContext &) {
            auto copy = cast<tirx::CopyOp>(op);
            bool ok = (copy.getDst().getType().isGlobal() &&
                       copy.getSrc().getType().isLocal()) ||
                      (copy.getDst().getType().isLocal() &&
                       copy.getSrc().getType().isGlobal());
            if (!ok)
              return Outcome::fail("256-bit accesses exist only between "
                                   "global memory and registers");
            return Outcome::ok();
          }};
}

Variant makeCopyVariant(StringRef name, int prio, int64_t maxBytes,
                        int64_t forcedBytes) {
  Variant v;
  v.name = name.str();
  v.priority = prio;
  v.predicates = {
      pred::allThreadsActive(),
      pred::execScopeIn({tirx::ExecScope::Cta, tirx::ExecScope::Warpgroup,
                         tirx::ExecScope::Warp, tirx::ExecScope::Thread}),
      pred::layoutThreadAxesMatchScope(), copyPair()};
  if (forcedBytes)
    v.predicates.push_back(pred::forcedOnly(name));
  if (forcedBytes == 32) {
    v.predicates.push_back(pred::chipAtLeast(100));
    v.predicates.push_back(globalLocalOnly());
  }
  v.impl = [maxBytes, forcedBytes](Operation *op, DispatchContext &ctx,
                                   RewriterBase &rewriter) {
    return emitCopy(cast<tirx::CopyOp>(op), ctx.getPlan<CopySides>(), ctx,
                    rewriter, maxBytes, forcedBytes);
  };
  return v;
}

//===----------------------------------------------------------------------===//
// vec_blocks
//===----------------------------------------------------------------------===//

/// A copy between two shared buffers and its plan (layout::planSharedCopy).
struct SharedBlockCopy {
  CopySides sides;
  layout::SharedCopyPlan plan;
};

Predicate sharedBlockPlan() {
  return {
      "sharedBlockPlan", [](Operation *op, const DispatchContext &ctx) {
        auto copy = cast<tirx::CopyOp>(op);
        if (!copy.getDst().getType().isShared() ||
            !copy.getSrc().getType().isShared())
          return Outcome::fail("needs two shared buffers");
        ArrayRef<int64_t> shape = copy.getDst().getType().getShape();
        if (Outcome o = powerOfTwoExtents(shape); !o.succeeded())
          return o;
        unsigned numBits = 0;
        for (int64_t e : shape)
          numBits += llvm::Log2_64(e);
        std::string why;
        SharedBlockCopy plan;
        FailureOr<Side> dst = matchSide(copy.getDst(), why);
        if (failed(dst))
          return Outcome::fail(why);
        FailureOr<Side> src = matchSide(copy.getSrc(), why);
        if (failed(src))
          return Outcome::fail(why);
        std::optional<layout::SharedCopyPlan> chosen = layout::planSharedCopy(
            {dst->bits, dst->swizzle}, {src->bits, src->swizzle}, numBits,
            tirx::getMemoryBytes(copy.getDst().getType().getElementType()),
            ctx.getScopeThreads());
        if (!chosen)
          return Outcome::fail("neither layout has two consecutive "
                               "elements one access can move");
        plan.sides.dst = *dst;
        plan.sides.src = *src;
        plan.plan = std::move(*chosen);
        return Outcome::ok(std::move(plan));
      }};
}

/// Each thread loads its blocks with the source's vectors and stores them
/// with the destination's, the elements regrouped in registers.
Outcome emitSharedBlockCopy(tirx::CopyOp op, const SharedBlockCopy &copy,
                            DispatchContext &ctx, RewriterBase &rewriter) {
  OpBuilder &b = rewriter;
  Location loc = op.getLoc();
  Type elemType = op.getDst().getType().getElementType();
  Type memType = tirx::getMemoryType(elemType);
  ArrayRef<int64_t> shape = op.getDst().getType().getShape();
  const layout::SharedCopyPlan &plan = copy.plan;
  const BitLayout &part = plan.partition;
  CopySides sides = copy.sides;
  sides.dst.bits = sides.dst.bits.reordered(plan.order);
  sides.src.bits = sides.src.bits.reordered(plan.order);

  Value tid = emitThreadId(b, loc);
  SideAccess dst(b, loc, sides.dst, part, shape, elemType, tid);
  SideAccess src(b, loc, sides.src, part, shape, elemType, tid);
  Value leader = emitIsReplicaLeader(b, loc, part, tid, ctx.getScopeThreads());
  std::optional<OpBuilder::InsertionGuard> guard;
  if (leader) {
    auto ifOp = scf::IfOp::create(b, loc, leader, /*withElse=*/false);
    guard.emplace(b);
    b.setInsertionPointToStart(ifOp.thenBlock());
  }

  unsigned srcBits = plan.srcVecBits;
  unsigned dstBits = plan.sameVector ? 0 : plan.dstVecBits;
  int64_t srcWidth = int64_t(1) << srcBits, dstWidth = int64_t(1) << dstBits;
  SmallVector<unsigned> iterBits(llvm::make_filter_range(
      part.registerBits(), [&](unsigned j) { return j >= srcBits + dstBits; }));
  for (int64_t flat : enumerateSubsets(iterBits)) {
    if (plan.sameVector) {
      dst.store(src.load(flat, srcWidth), flat, srcWidth);
      continue;
    }
    // The block's source vectors (rows), as memory values, then its
    // destination vectors (columns): element k of each row.
    SmallVector<Value> rows;
    for (int64_t i = 0; i < dstWidth; ++i)
      rows.push_back(tirx::toMemoryValue(
          b, loc, src.load(flat | (i << srcBits), srcWidth)));
    for (int64_t k = 0; k < srcWidth; ++k) {
      SmallVector<Value> column;
      for (Value row : rows)
        column.push_back(
            srcWidth == 1
                ? row
                : vector::ExtractOp::create(b, loc, row, k).getResult());
      Value value =
          dstWidth == 1
              ? column.front()
              : vector::FromElementsOp::create(
                    b, loc, VectorType::get({dstWidth}, memType), column)
                    .getResult();
      dst.store(value, flat | k, dstWidth);
    }
  }
  return Outcome::ok();
}

//===----------------------------------------------------------------------===//
// staged
//===----------------------------------------------------------------------===//

/// The unit of global memory transactions.
constexpr int64_t kSectorBytes = 32;

/// True when `op` runs once per iteration of an enclosing loop.
bool insideLoop(Operation *op) {
  for (Operation *p = op->getParentOp(); p; p = p->getParentOp())
    if (isa<scf::ForOp, scf::WhileOp>(p))
      return true;
  return false;
}

/// Shared bytes a buffer allocated at `op` can take without growing the
/// kernel's shared memory, as the shared-memory plan places buffers
/// (buffers live at once get bytes of their own; others may share them).
/// A buffer allocated in a block that holds `op` (the kernel body, or the
/// body of a loop around `op`, such as the stage buffers of a sliced K
/// loop) is dead at `op` when every use the plan counts
/// (tirx::collectBufferUses) is in an op of that block before the one that
/// holds `op`. Dead buffers of different blocks are never live at once
/// (the inner block's are inside the op that follows the outer's), so the
/// result is, over those blocks, the most bytes of one block's dead buffers
/// live at once, less the bytes of every other shared buffer (which the
/// plan may place there). Where the bytes are reused inside a loop, the plan
/// puts a barrier before the next iteration's first use.
int64_t deadSharedBytes(Operation *op) {
  auto func = op->getParentOfType<gpu::GPUFuncOp>();
  if (!func)
    return 0;
  auto bytesOf = [](tirx::AllocOp alloc) {
    tirx::BufferType type = alloc.getResult().getType();
    return type.getTileLayout().storage().span("m") *
           tirx::getMemoryBytes(type.getElementType());
  };
  // The dead buffers' ranges [first, last use] as ops of their block.
  struct Range {
    Operation *first, *last;
    int64_t bytes;
  };
  DenseMap<Block *, SmallVector<Range>> dead;
  int64_t others = 0;
  func.walk([&](tirx::AllocOp alloc) {
    if (!alloc.getResult().getType().isShared())
      return;
    SmallVector<Operation *> uses;
    llvm::SetVector<Value> values;
    Block *block = alloc->getBlock();
    Operation *at = block->findAncestorOpInBlock(*op);
    Operation *first = nullptr, *last = nullptr;
    bool isDead = at && succeeded(tirx::collectBufferUses(alloc, uses, values));
    for (Operation *user : uses) {
      Operation *top = block->findAncestorOpInBlock(*user);
      if (!isDead || !top || !top->isBeforeInBlock(at)) {
        isDead = false;
        break;
      }
      if (!first || top->isBeforeInBlock(first))
        first = top;
      if (!last || last->isBeforeInBlock(top))
        last = top;
    }
    if (isDead && first)
      dead[block].push_back({first, last, bytesOf(alloc)});
    else
      others += bytesOf(alloc);
  });
  int64_t most = 0;
  for (auto &[block, ranges] : dead)
    for (const Range &point : ranges) {
      int64_t live = 0;
      for (const Range &r : ranges)
        if (!point.first->isBeforeInBlock(r.first) &&
            !r.last->isBeforeInBlock(point.first))
          live += r.bytes;
      most = std::max(most, live);
    }
  return std::max<int64_t>(0, most - others);
}

/// Bytes of the global side's innermost dimension one warp instruction of
/// partition `part` writes contiguously, as a share of a 32-byte sector
/// at most: its `width`-element vectors and the lanes that continue them
/// (the next flat bits of that dimension, while they are lane bits).
int64_t contiguousRunBytes(const CopySides &sides, const BitLayout &part,
                           ArrayRef<int64_t> shape, int64_t elemBytes,
                           int64_t width) {
  unsigned rank = shape.size();
  auto inner = getConstantIntValue(sides.dst.view.getMixedStrides()[rank - 1]);
  if (!inner || *inner != 1)
    return elemBytes;
  unsigned end = dimBitRange(shape, rank - 1).second;
  int64_t elems = width;
  for (unsigned j = llvm::Log2_64(width);
       j < end && part.shard[j].isThread() && part.shard[j].stride < 32; ++j)
    elems *= 2;
  return elems * elemBytes;
}

/// A register tile stored to global memory through shared memory: the
/// staging buffer, chosen for the walk that writes it (the register
/// layout) and the one that reads it for the store.
struct StagedStore {
  layout::StagingLayout staging;
};

/// The global stores of a register tile write runs as long as its layout's
/// vectors and the lanes that continue them: a 16-bit accumulator fragment
/// (two elements a thread, four lanes a row) stores 4 bytes a thread and
/// 16 bytes of each of eight rows per warp instruction, half of each
/// 32-byte sector. Through a shared buffer the store gets the widest
/// vector the global side allows, consecutive threads on consecutive
/// vectors: a quarter of the instructions, whole sectors. Layouts with
/// 16-byte vectors, or whose runs fill sectors, store directly.
Predicate stagedStorePlan() {
  return {
      "stagedStorePlan", [](Operation *op, const DispatchContext &ctx) {
        auto copy = cast<tirx::CopyOp>(op);
        if (!copy.getDst().getType().isGlobal() ||
            !copy.getSrc().getType().isLocal())
          return Outcome::fail("stages register -> global copies only");
        std::string why;
        FailureOr<CopySides> sides =
            matchRegisterCopy(copy.getDst(), copy.getSrc(), why);
        if (failed(sides))
          return Outcome::fail(why);
        auto dstType = copy.getDst().getType();
        ArrayRef<int64_t> shape = dstType.getShape();
        if (Outcome o = powerOfTwoExtents(shape); !o.succeeded())
          return o;
        Type elemType = dstType.getElementType();
        int64_t elemBytes = tirx::getMemoryBytes(elemType);
        int64_t direct = chooseVectorWidth(*sides, sides->src.bits, shape,
                                           elemBytes, layout::kMaxVectorBytes);
        // The store from a row-major staging buffer.
        CopySides staged = *sides;
        staged.src.kind = SideKind::Shared;
        staged.src.bits = *BitLayout::get(
            layout::TileLayout(
                {layout::Iter{ShapedType::getNumElements(shape), 1, "m"}}, {})
                .canonicalize());
        staged.src.swizzle.reset();
        BitLayout stores =
            synthesizePartition(staged, shape, elemBytes,
                                layout::kMaxVectorBytes, ctx.getScopeThreads());
        int64_t wide = chooseVectorWidth(staged, stores, shape, elemBytes,
                                         layout::kMaxVectorBytes);
        int64_t directRun = contiguousRunBytes(*sides, sides->src.bits, shape,
                                               elemBytes, direct);
        int64_t stagedRun =
            contiguousRunBytes(staged, stores, shape, elemBytes, wide);
        if (wide <= direct || directRun >= kSectorBytes ||
            stagedRun <= directRun)
          return Outcome::fail(
              "the register layout stores " +
              std::to_string(direct * elemBytes) + "-byte vectors in runs of " +
              std::to_string(directRun) +
              " bytes a warp instruction: as wide as the global side "
              "allows, or whole sectors");
        layout::StagingLayout staging = layout::chooseStagingLayout(
            sides->src.bits, stores, shape, elemBytes);
        int64_t stagingBytes = staging.layout.storage().span("m") * elemBytes;
        int64_t dead = deadSharedBytes(op);
        if (stagingBytes > dead)
          return Outcome::fail(
              "the staging buffer (" + std::to_string(stagingBytes) +
              " bytes) would add shared memory: " + std::to_string(dead) +
              " bytes of buffers are no longer used here");
        return Outcome::ok(StagedStore{staging});
      }};
}

//===----------------------------------------------------------------------===//
// ldstmatrix
//===----------------------------------------------------------------------===//

/// A register <-> shared copy whose register layout is an m8n8 ldmatrix
/// fragment of 16-byte lines: lane l holds line l/4 and, packed in one
/// 32-bit register, the elements of column group l%4 of that line (16-bit
/// elements: columns 2(l%4), 2(l%4)+1; 32-bit: column l%4; 8-bit: 4(l%4)
/// to 4(l%4)+3), or the transposed fragment; the matrices are the other
/// register bits. Each lane gives the address of one line of 16 bytes
/// contiguous in shared memory: `.trans` (16-bit elements only) where the
/// packed registers run across those lines rather than along them.
struct MatrixCopy {
  CopySides sides;
  bool toShared;
  bool transpose;    ///< packs across the shared lines (.trans)
  unsigned lineBit;  ///< flat bit of the lines' index bit 0
  unsigned packBits; ///< log2 of the elements packed in a register
  unsigned packLow;  ///< flat bit of the packed elements' index bit 0
  SmallVector<unsigned> matrixBits; ///< register bits selecting a matrix
};

FailureOr<MatrixCopy> matchMatrixCopy(tirx::CopyOp op, std::string &why) {
  FailureOr<CopySides> sides = matchCopy(op, why);
  if (failed(sides))
    return failure();
  MatrixCopy mc;
  mc.sides = *sides;
  const Side *local = sides->local();
  const Side *shared = sides->dst.kind == SideKind::Shared   ? &sides->dst
                       : sides->src.kind == SideKind::Shared ? &sides->src
                                                             : nullptr;
  if (!local || !shared) {
    why = "needs a local and a shared operand";
    return failure();
  }
  mc.toShared = shared == &sides->dst;
  auto type = op.getDst().getType();
  unsigned width = type.getElementType().getIntOrFloatBitWidth();
  if (width != 8 && width != 16 && width != 32) {
    why = "needs 8-, 16- or 32-bit elements, got " + std::to_string(width) +
          "-bit";
    return failure();
  }
  // Elements packed in one 32-bit register, and per 16-byte line.
  mc.packBits = llvm::Log2_32(32 / width);
  unsigned lineBits = mc.packBits + 2;
  ArrayRef<int64_t> shape = type.getShape();
  unsigned rank = shape.size();
  int64_t line = int64_t(1) << lineBits;
  if (rank < 2 || shape[rank - 1] < 8 || shape[rank - 2] < 8) {
    why = "needs a tile of at least 8x8 in the last two dimensions";
    return failure();
  }
  unsigned colBits = llvm::Log2_64(shape[rank - 1]);
  const BitLayout &bits = local->bits;
  auto isBit = [&](unsigned j, bool thread, int64_t stride) {
    if (j >= bits.getNumBits())
      return false;
    const LayoutBit &bit = bits.shard[j];
    return (thread ? bit.isThread() : bit.isMemory()) && bit.stride == stride;
  };
  // The packed elements' index bits (register strides 1, 2, ...), then lane
  // bits 1 and 2, from flat bit `pack`; lane bits 4, 8 and 16 from flat
  // bit `lane`.
  auto fragmentAt = [&](unsigned pack, unsigned lane) {
    for (unsigned q = 0; q < mc.packBits; ++q)
      if (!isBit(pack + q, false, int64_t(1) << q))
        return false;
    return isBit(pack + mc.packBits, true, 1) &&
           isBit(pack + mc.packBits + 1, true, 2) && isBit(lane, true, 4) &&
           isBit(lane + 1, true, 8) && isBit(lane + 2, true, 16);
  };
  bool packsAlongRows = fragmentAt(0, colBits);
  if (!packsAlongRows && !fragmentAt(colBits, 0)) {
    why = "register layout is not an m8n8 fragment (lane l: line l/4, "
          "column group l%4 packed in a register, or transposed)";
    return failure();
  }
  mc.packLow = packsAlongRows ? 0 : colBits;
  unsigned laneLow = packsAlongRows ? colBits : 0;
  auto inFragment = [&](unsigned j) {
    return (j >= mc.packLow && j < mc.packLow + lineBits) ||
           (j >= laneLow && j <= laneLow + 2);
  };
  for (unsigned j = 0; j < bits.getNumBits(); ++j) {
    if (inFragment(j))
      continue;
    const LayoutBit &bit = bits.shard[j];
    if (bit.isThread() && bit.stride % 32 != 0) {
      why = "register layout uses lane bits outside the fragment";
      return failure();
    }
    if (bit.isMemory()) {
      if (bit.stride % (int64_t(1) << mc.packBits) != 0) {
        why = "register elements packed in a register are not adjacent";
        return failure();
      }
      mc.matrixBits.push_back(j);
    }
    if (!bit.isThread() && !bit.isMemory()) {
      why = "register layout broadcasts an index bit";
      return failure();
    }
  }
  for (const LayoutBit &r : bits.replica)
    if (r.isThread() && r.stride < 32) {
      why = "register layout replicates over lanes";
      return failure();
    }
  // Shared side: lines of 16 bytes contiguous along the rows or along the
  // columns, every line 16-byte aligned.
  const BitLayout &sb = shared->bits;
  auto sstride = [&](unsigned j) { return sb.shard[j].stride; };
  auto contiguousFrom = [&](unsigned low) {
    for (unsigned q = 0; q < lineBits; ++q)
      if (low + q >= sb.getNumBits() || sstride(low + q) != int64_t(1) << q)
        return false;
    return true;
  };
  bool rowMajor = contiguousFrom(0);
  bool colMajor = contiguousFrom(colBits);
  if (!rowMajor && !colMajor) {
    why = "shared layout has neither 16 contiguous bytes along a row nor "
          "along a column of each matrix";
    return failure();
  }
  mc.transpose = rowMajor != packsAlongRows;
  if (mc.transpose && width != 16) {
    why = "register elements run across the shared lines, which ldmatrix "
          "reads transposed for 16-bit elements only";
    return failure();
  }
  mc.lineBit = rowMajor ? colBits : 0;
  unsigned lo = rowMajor ? 0 : colBits;
  if (sb.memOffset % line != 0) {
    why = "shared layout offset is not 16-byte aligned";
    return failure();
  }
  for (unsigned j = 0; j < sb.getNumBits(); ++j)
    if ((j < lo || j >= lo + lineBits) && sstride(j) % line != 0) {
      why = "shared stride of index bit " + std::to_string(j) +
            " is not a multiple of 16 bytes";
      return failure();
    }
  return mc;
}

Predicate matrixFragment() {
  return {"matrixFragment", [](Operation *op, const DispatchContext &ctx) {
            std::string why;
            FailureOr<MatrixCopy> mc =
                matchMatrixCopy(cast<tirx::CopyOp>(op), why);
            if (failed(mc))
              return Outcome::fail(why);
            if (mc->toShared && ctx.getTarget().getSmVersion() < 90)
              return Outcome::fail("stmatrix needs sm_90 or newer, target "
                                   "is " +
                                   ctx.getTarget().getChip());
            return Outcome::ok(*mc);
          }};
}

Outcome emitMatrixCopy(tirx::CopyOp op, DispatchContext &ctx,
                       RewriterBase &rewriter) {
  const MatrixCopy &mc = ctx.getPlan<MatrixCopy>();
  Location loc = op.getLoc();
  OpBuilder &b = rewriter;
  MLIRContext *context = b.getContext();
  auto type = op.getDst().getType();
  Type elemType = type.getElementType();
  ArrayRef<int64_t> shape = type.getShape();
  const Side &local = *mc.sides.local();
  const Side &shared = mc.toShared ? mc.sides.dst : mc.sides.src;
  const BitLayout &part = local.bits;

  // Up to four matrices per instruction: lanes 8i..8i+7 give the addresses
  // of the 8 lines (rows or columns) of matrix i.
  unsigned perInstr = std::min<unsigned>(2, mc.matrixBits.size());
  int num = 1 << perInstr;
  // The address partition: lane bits 0-2 walk the 8 lines, lane bits 3-4
  // the matrices of one instruction, warp bits stay.
  BitLayout lanes;
  unsigned lo = mc.lineBit;
  for (unsigned j = 0; j < part.getNumBits(); ++j) {
    const LayoutBit &bit = part.shard[j];
    if (j >= lo && j <= lo + 2)
      lanes.shard.push_back(LayoutBit{"tx", int64_t(1) << (j - lo)});
    else if (bit.isThread() && bit.stride >= 32)
      lanes.shard.push_back(bit);
    else if (perInstr > 0 && j == mc.matrixBits[0])
      lanes.shard.push_back(LayoutBit{"tx", 8});
    else if (perInstr > 1 && j == mc.matrixBits[1])
      lanes.shard.push_back(LayoutBit{"tx", 16});
    else
      lanes.shard.push_back(LayoutBit{"m", int64_t(1) << j});
  }
  Value tid = emitThreadId(b, loc);
  SideAccess address(b, loc, shared, lanes, shape, elemType, tid);
  Value storage = getStorage(b, loc, local.buffer);
  Value leader;
  if (mc.toShared)
    leader = emitIsReplicaLeader(b, loc, part, tid, ctx.getScopeThreads());
  std::optional<OpBuilder::InsertionGuard> leaderGuard;
  if (leader) {
    auto ifOp = scf::IfOp::create(b, loc, leader, /*withElse=*/false);
    leaderGuard.emplace(b);
    b.setInsertionPointToStart(ifOp.thenBlock());
  }

  auto layoutAttr = NVVM::MMALayoutAttr::get(
      context, mc.transpose ? NVVM::MMALayout::col : NVVM::MMALayout::row);
  auto shapeAttr = NVVM::LdStMatrixShapeAttr::get(context, 8, 8);
  auto eltAttr =
      NVVM::LdStMatrixEltTypeAttr::get(context, NVVM::LdStMatrixEltType::B16);
  Type i32 = b.getI32Type();
  // The elements one register packs: flat offsets from its first.
  int64_t packed = int64_t(1) << mc.packBits;
  // Packed as their memory type (f8 as i8: LLVM has no vectors of f8).
  Type bitsType = tirx::getMemoryType(elemType);
  auto packType = VectorType::get({packed}, bitsType);
  auto packFlat = [&](int64_t e) { return e << mc.packLow; };
  SmallVector<unsigned> outerBits(mc.matrixBits.begin() + perInstr,
                                  mc.matrixBits.end());
  auto matrixFlat = [&](int64_t outer, int i) {
    int64_t flat = outer;
    for (unsigned q = 0; q < perInstr; ++q)
      if ((i >> q) & 1)
        flat |= int64_t(1) << mc.matrixBits[q];
    return flat;
  };
  auto slot = [&](int64_t flat) {
    return arith::ConstantIndexOp::create(b, loc, part.storageIndex(flat))
        .getResult();
  };
  for (int64_t outer : enumerateSubsets(outerBits)) {
    Value ptr = address.pointer(outer);
    if (mc.toShared) {
      SmallVector<Value> sources;
      for (int i = 0; i < num; ++i) {
        int64_t flat = matrixFlat(outer, i);
        SmallVector<Value> elements;
        for (int64_t e = 0; e < packed; ++e)
          elements.push_back(tirx::toMemoryValue(
              b, loc,
              memref::LoadOp::create(b, loc, storage,
                                     slot(flat | packFlat(e)))));
        Value pack = vector::FromElementsOp::create(b, loc, packType, elements);
        sources.push_back(LLVM::BitcastOp::create(b, loc, i32, pack));
      }
      NVVM::StMatrixOp::create(b, loc, ptr, sources, layoutAttr, shapeAttr,
                               eltAttr);
      continue;
    }
    Type resultType = i32;
    if (num > 1)
      resultType = LLVM::LLVMStructType::getLiteral(
          context, SmallVector<Type>(num, i32));
    Value result = NVVM::LdMatrixOp::create(b, loc, resultType, ptr,
                                            b.getI32IntegerAttr(num),
                                            layoutAttr, shapeAttr, eltAttr);
    for (int i = 0; i < num; ++i) {
      Value reg =
          num == 1
              ? result
              : LLVM::ExtractValueOp::create(b, loc, result, i).getResult();
      Value pack = LLVM::BitcastOp::create(b, loc, packType, reg);
      int64_t flat = matrixFlat(outer, i);
      for (int64_t e = 0; e < packed; ++e)
        memref::StoreOp::create(
            b, loc,
            tirx::fromMemoryValue(
                b, loc, vector::ExtractOp::create(b, loc, pack, e), elemType),
            storage, slot(flat | packFlat(e)));
    }
  }
  return Outcome::ok();
}

} // namespace

Value tileir::dispatch::toI64(OpBuilder &b, Location loc, OpFoldResult ofr) {
  if (auto attr = dyn_cast<Attribute>(ofr))
    return arith::ConstantIntOp::create(b, loc, b.getI64Type(),
                                        cast<IntegerAttr>(attr).getInt());
  return arith::IndexCastOp::create(b, loc, b.getI64Type(), cast<Value>(ofr));
}

GlobalCoords::GlobalCoords(OpBuilder &b, Location loc, const BitLayout &part,
                           Value tid, ArrayRef<int64_t> shape,
                           ArrayRef<OpFoldResult> offsets,
                           ArrayRef<OpFoldResult> sizes,
                           ArrayRef<OpFoldResult> strides) {
  Type i64 = b.getI64Type();
  offset = arith::ConstantIntOp::create(b, loc, i64, 0);
  for (unsigned d = 0; d < shape.size(); ++d) {
    auto [first, end] = dimBitRange(shape, d);
    Value tc = arith::ExtUIOp::create(
        b, loc, i64, emitThreadBits(b, loc, part, tid, first, end));
    coord.push_back(
        arith::AddIOp::create(b, loc, toI64(b, loc, offsets[d]), tc));
    stride.push_back(toI64(b, loc, strides[d]));
    size.push_back(toI64(b, loc, sizes[d]));
    offset = arith::AddIOp::create(
        b, loc, offset,
        arith::MulIOp::create(b, loc, coord.back(), stride.back()));
  }
}

Value GlobalCoords::at(OpBuilder &b, Location loc, unsigned d,
                       int64_t c) const {
  return arith::AddIOp::create(
      b, loc, coord[d],
      arith::ConstantIntOp::create(b, loc, b.getI64Type(), c));
}

Value GlobalCoords::inBounds(OpBuilder &b, Location loc, unsigned d,
                             int64_t c) const {
  return arith::CmpIOp::create(b, loc, arith::CmpIPredicate::ult,
                               at(b, loc, d, c), size[d]);
}

Value tileir::dispatch::emitTileInBounds(OpBuilder &b, Location loc,
                                         ArrayRef<int64_t> shape,
                                         ArrayRef<OpFoldResult> offsets,
                                         ArrayRef<OpFoldResult> sizes,
                                         ArrayRef<Value> sizes64) {
  Type i64 = b.getI64Type();
  Value result;
  for (unsigned d = 0; d < shape.size(); ++d) {
    auto off = getConstantIntValue(offsets[d]);
    auto size = getConstantIntValue(sizes[d]);
    if (off && size && *off >= 0 && *off + shape[d] <= *size)
      continue;
    Value start = toI64(b, loc, offsets[d]);
    Value end = arith::AddIOp::create(
        b, loc, start, arith::ConstantIntOp::create(b, loc, i64, shape[d]));
    Value ok = arith::AndIOp::create(
        b, loc,
        arith::CmpIOp::create(b, loc, arith::CmpIPredicate::sge, start,
                              arith::ConstantIntOp::create(b, loc, i64, 0)),
        arith::CmpIOp::create(b, loc, arith::CmpIPredicate::sle, end,
                              sizes64[d]));
    result = result ? arith::AndIOp::create(b, loc, result, ok) : ok;
  }
  return result;
}

/// The PTX state space and integer register width of a predicated access
/// of `memType` through `ptr`, or nullopt when there is none.
static std::optional<std::pair<StringRef, unsigned>>
predicatedAccessForm(Type memType, Value ptr) {
  auto ptrType = dyn_cast<LLVM::LLVMPointerType>(ptr.getType());
  if (!ptrType || !memType.isIntOrFloat())
    return std::nullopt;
  unsigned bits = memType.getIntOrFloatBitWidth();
  if (bits != 8 && bits != 16 && bits != 32 && bits != 64)
    return std::nullopt;
  StringRef space;
  switch (ptrType.getAddressSpace()) {
  case 0:
    space = "";
    break;
  case 1:
    space = ".global";
    break;
  default:
    return std::nullopt;
  }
  return std::make_pair(space, bits);
}

/// `value` (of memType) as the integer register the PTX access uses: 8-bit
/// values travel in 16-bit registers (PTX has no 8-bit registers).
static Value toAccessRegister(OpBuilder &b, Location loc, Value value,
                              unsigned bits) {
  Type intType = b.getIntegerType(bits);
  if (value.getType() != intType)
    value = arith::BitcastOp::create(b, loc, intType, value);
  if (bits == 8)
    value = arith::ExtUIOp::create(b, loc, b.getI16Type(), value);
  return value;
}

/// The i1 mask as a 32-bit register operand. A predicate operand ("b")
/// would do without the `setp`, but LLVM prints a mask it has folded to a
/// constant as an immediate ("@-1"), which is no PTX; an immediate source of
/// `setp` is.
static Value maskRegister(OpBuilder &b, Location loc, Value mask) {
  return arith::ExtUIOp::create(b, loc, b.getI32Type(), mask);
}

Value tileir::dispatch::emitPredicatedLoad(OpBuilder &b, Location loc,
                                           Type memType, Value ptr, Value mask,
                                           Value fallback,
                                           StringRef cacheHint) {
  auto form = predicatedAccessForm(memType, ptr);
  if (!form || (!cacheHint.empty() && form->first != ".global"))
    return Value();
  auto [space, bits] = *form;
  Value init = toAccessRegister(b, loc, fallback, bits);
  // $0: the result; $1: the address; $2: the fallback; $3: the mask.
  std::string ptx = "{\n\t.reg .pred p;\n\tsetp.ne.b32 p, $3, 0;\n\tmov.b" +
                    std::to_string(std::max(bits, 16u)) + " $0, $2;\n\t@p ld" +
                    space.str() +
                    (cacheHint.empty() ? "" : "." + cacheHint.str()) + ".b" +
                    std::to_string(bits) + " $0, [$1];\n\t}";
  auto asmOp = NVVM::InlinePtxOp::create(
      b, loc, TypeRange{init.getType()},
      ValueRange{ptr, init, maskRegister(b, loc, mask)}, ValueRange{},
      b.getStringAttr(ptx), Value());
  Value v = asmOp.getResult(0);
  if (bits == 8)
    v = arith::TruncIOp::create(b, loc, b.getI8Type(), v);
  if (v.getType() != memType)
    v = arith::BitcastOp::create(b, loc, memType, v);
  return v;
}

bool tileir::dispatch::emitPredicatedStore(OpBuilder &b, Location loc,
                                           Value value, Value ptr, Value mask) {
  auto form = predicatedAccessForm(value.getType(), ptr);
  if (!form)
    return false;
  auto [space, bits] = *form;
  Value reg = toAccessRegister(b, loc, value, bits);
  // $0: the address; $1: the value; $2: the mask.
  std::string ptx = "{\n\t.reg .pred p;\n\tsetp.ne.b32 p, $2, 0;\n\t@p st" +
                    space.str() + ".b" + std::to_string(bits) +
                    " [$0], $1;\n\t}";
  NVVM::InlinePtxOp::create(b, loc, TypeRange{},
                            ValueRange{ptr, reg, maskRegister(b, loc, mask)},
                            ValueRange{}, b.getStringAttr(ptx), Value());
  return true;
}

FailureOr<CopySides> tileir::dispatch::matchRegisterCopy(Value dst, Value src,
                                                         std::string &why) {
  FailureOr<CopySides> sides = matchCopy(dst, src, why);
  if (failed(sides))
    return failure();
  // Global and shared accesses are LLVM loads and stores; float types LLVM
  // has no type for (f8) go through integers of their width, which needs
  // whole bytes (not f4 or tf32).
  Type elem = cast<tirx::BufferType>(dst.getType()).getElementType();
  if (!LLVM::isCompatibleType(elem) && elem.getIntOrFloatBitWidth() % 8 != 0) {
    why = "element type is not a whole number of bytes (f4, tf32); copies "
          "need byte-sized elements";
    return failure();
  }
  return sides;
}

Outcome tileir::dispatch::emitRegisterCopy(tirx::CopyOp op,
                                           const CopySides &sides,
                                           DispatchContext &ctx,
                                           RewriterBase &rewriter) {
  return emitCopy(op, sides, ctx, rewriter,
                  /*maxBytes=*/layout::kMaxVectorBytes, /*forcedBytes=*/0);
}

void tileir::dispatch::registerCudaCopyVariants(Registry &registry) {
  registry.add("tirx.copy", "cuda",
               makeCopyVariant("vec_auto", priority::kGeneral, 16, 0));
  for (int64_t bits : {256, 128, 64, 32, 16})
    registry.add("tirx.copy", "cuda",
                 makeCopyVariant("vec_" + std::to_string(bits) + "b",
                                 priority::kForcedOnly, bits / 8, bits / 8));
  registry.add("tirx.copy", "cuda",
               makeCopyVariant("fallback", priority::kFallback, 0, 0));

  Variant staged;
  staged.name = "staged";
  staged.priority = priority::kPreferred;
  staged.predicates = {pred::allThreadsActive(),
                       pred::execScopeIn({tirx::ExecScope::Cta}),
                       pred::layoutThreadAxesMatchScope(), stagedStorePlan()};
  staged.impl = [](Operation *op, DispatchContext &ctx,
                   RewriterBase &rewriter) {
    auto copy = cast<tirx::CopyOp>(op);
    const StagedStore &plan = ctx.getPlan<StagedStore>();
    std::pair<Value, Value> pair = {copy.getSrc(), copy.getDst()};
    return emitStagedCopies(op, copy.getScopeAttr(), pair, plan.staging,
                            copy.getDst().getType().getShape(),
                            copy.getDst().getType().getElementType(), ctx,
                            rewriter);
  };
  registry.add("tirx.copy", "cuda", std::move(staged));

  Variant blocks;
  blocks.name = "vec_blocks";
  blocks.priority = priority::kGeneral;
  blocks.predicates = {
      pred::allThreadsActive(),
      pred::execScopeIn({tirx::ExecScope::Cta, tirx::ExecScope::Warpgroup,
                         tirx::ExecScope::Warp, tirx::ExecScope::Thread}),
      pred::layoutThreadAxesMatchScope(), sharedBlockPlan()};
  blocks.impl = [](Operation *op, DispatchContext &ctx,
                   RewriterBase &rewriter) {
    return emitSharedBlockCopy(cast<tirx::CopyOp>(op),
                               ctx.getPlan<SharedBlockCopy>(), ctx, rewriter);
  };
  registry.add("tirx.copy", "cuda", std::move(blocks));

  Variant ldst;
  ldst.name = "ldstmatrix";
  ldst.priority = priority::kGeneral;
  ldst.predicates = {
      pred::allThreadsActive(),
      pred::execScopeIn({tirx::ExecScope::Cta, tirx::ExecScope::Warpgroup,
                         tirx::ExecScope::Warp}),
      pred::layoutThreadAxesMatchScope(), matrixFragment()};
  ldst.impl = [](Operation *op, DispatchContext &ctx, RewriterBase &rewriter) {
    return emitMatrixCopy(cast<tirx::CopyOp>(op), ctx, rewriter);
  };
  registry.add("tirx.copy", "cuda", std::move(ldst));
}

Outcome tileir::dispatch::emitStagedCopies(
    Operation *op, tirx::ExecScopeAttr scope,
    ArrayRef<std::pair<Value, Value>> pairs,
    const layout::StagingLayout &staging, ArrayRef<int64_t> blockShape,
    Type elemType, DispatchContext &ctx, RewriterBase &rewriter) {
  Location loc = op->getLoc();
  OpBuilder &b = rewriter;
  auto sharedType = tirx::BufferType::get(
      b.getContext(), blockShape, elemType, tirx::MemScope::Shared,
      tirx::LayoutAttr::get(b.getContext(), staging.layout,
                            staging.swizzleBytes, staging.swizzleShift));
  Value shared = tirx::AllocOp::create(b, loc, sharedType);
  auto barrier = [&] { tirx::BarrierOp::create(b, loc, tirx::ExecScope::Cta); };
  auto copy = [&](Value to, Value from) {
    return dispatchPart(tirx::CopyOp::create(b, loc, to, from, nullptr, scope,
                                             nullptr, nullptr),
                        ctx, rewriter);
  };
  for (auto [c, pair] : llvm::enumerate(pairs)) {
    // The previous pair's readers are done before the staging is reused.
    if (c)
      barrier();
    if (Outcome o = copy(shared, pair.first); !o.succeeded())
      return o;
    barrier();
    if (Outcome o = copy(pair.second, shared); !o.succeeded())
      return o;
  }
  // In a loop the next iteration writes the staging buffer again.
  if (insideLoop(op))
    barrier();
  return Outcome::ok();
}
