//===- Mma.cpp - mmaf, mmai, mmaf_scaled and the matmul K loop ------------===//
//
// Part of TileIR. convert-cuda-tile-to-tirx: tensor-core matrix multiply.
//
// An M x N x K product of one CTA is cut into pieces of the accumulator, one
// per warpgroup (`wgmma`, sm_90a: pieces of 64 rows, A and B read from
// shared memory) or one per warp (`mma_sync`: pieces of multiples of 16 x 8,
// A and B fragments loaded from shared memory into registers). The
// accumulator tile gets a CTA-level layout: the piece's fragment layout with
// the warp grid on `warpid`; `tirx.view` drops the warp axes so that each
// warpgroup or warp issues `tirx.gemm` on its own piece.
//
// * `mmaf` on its own stages A and B through shared memory (whatever their
//   register layout) and issues one tirx.gemm per piece.
// * A `for` over K whose body loads an A and a B tile from partition views
//   (B optionally through `permute [1, 0]`), multiplies them with `mmaf`
//   into the one loop-carried accumulator and continues with the product
//   becomes a software pipeline: `stages` shared buffers per operand filled
//   by cp.async (tirx.copy_async) ahead of the tensor cores, with
//   asynchronous wgmma (one group in flight) on sm_90a.
//
//===----------------------------------------------------------------------===//

#include "EntryLowering.h"

#include "tileir/Dispatch/MmaLayouts.h"
#include "tileir/Target/TargetInfo.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/GPU/IR/GPUDialect.h"
#include "mlir/Dialect/SCF/IR/SCF.h"
#include "mlir/Interfaces/SideEffectInterfaces.h"
#include "llvm/ADT/TypeSwitch.h"

#include <tuple>

using namespace mlir;
using namespace mlir::tileir;
using ::tileir::layout::AxisCoord;
using ::tileir::layout::Iter;
using ::tileir::layout::TileLayout;
namespace mma = ::tileir::dispatch::mma;

namespace {

/// Shared memory the K-loop pipeline leaves to the rest of the kernel and
/// to the alignment padding of dynamic shared memory (bytes).
constexpr int64_t kSharedReserve = 2 * 1024;
/// Most pipeline stages.
constexpr int64_t kMaxStages = 4;

/// How one CTA computes an M x N x K product on the tensor cores.
struct MmaPlan {
  bool wgmma = false;
  int64_t m = 0, n = 0, k = 0;
  /// The accumulator is cut into gridM x gridN pieces, one per warpgroup
  /// (wgmma) or warp (mma_sync), numbered row-major.
  int64_t gridM = 1, gridN = 1;
  unsigned bits = 16;
  Type inType;
  /// The tirx.gemm config (mmai: the signedness of each input).
  DictionaryAttr gemmConfig;
  int64_t pieceM() const { return m / gridM; }
  int64_t pieceN() const { return n / gridN; }
  /// Warps per piece.
  int64_t warpsPerPiece() const { return wgmma ? 4 : 1; }
};

bool isF8(Type t) { return isa<Float8E4M3FNType, Float8E5M2Type>(t); }

/// The buffer type of a `scope` buffer.
tirx::BufferType bufferType(MLIRContext *ctx, ArrayRef<int64_t> shape,
                            Type elem, tirx::MemScope scope,
                            const TileLayout &layout, unsigned swizzle = 0) {
  return tirx::BufferType::get(ctx, shape, elem, scope,
                               tirx::LayoutAttr::get(ctx, layout, swizzle));
}

/// `layout` moved by `offset` storage elements.
TileLayout withOffset(const TileLayout &layout, int64_t offset) {
  if (!offset)
    return layout;
  return TileLayout(SmallVector<Iter>(layout.getShard()),
                    SmallVector<Iter>(layout.getReplica()),
                    AxisCoord{{"m", offset}});
}

/// A CTA-level layout over a dim0 x dim1 buffer from the fragment layout
/// `piece` of one warp (or warpgroup: `wid_in_wg` becomes `warpid`) over a
/// (dim0 / grid0) x (dim1 / grid1) piece: piece (i, j) sits on warps
/// i * stride0 + j * stride1 (+ the piece's own warps); `replica` lists
/// warp iters holding copies. Fails when the piece's shard does not split
/// at its first dimension.
FailureOr<TileLayout> gridLayout(const TileLayout &piece, int64_t pieceDim0,
                                 int64_t grid0, int64_t stride0, int64_t grid1,
                                 int64_t stride1, SmallVector<Iter> replica) {
  SmallVector<Iter> dim0, dim1;
  int64_t prod = 1;
  for (Iter it : piece.getShard()) {
    if (it.axis == "wid_in_wg")
      it.axis = "warpid";
    if (prod < pieceDim0) {
      prod *= it.extent;
      dim0.push_back(it);
      if (prod > pieceDim0)
        return failure();
    } else {
      dim1.push_back(it);
    }
  }
  if (prod != pieceDim0)
    return failure();
  SmallVector<Iter> shard;
  if (grid0 > 1)
    shard.push_back(Iter{grid0, stride0, "warpid"});
  shard.append(dim0);
  if (grid1 > 1)
    shard.push_back(Iter{grid1, stride1, "warpid"});
  shard.append(dim1);
  SmallVector<Iter> rep;
  for (const Iter &it : replica)
    if (it.extent > 1)
      rep.push_back(it);
  return TileLayout(shard, rep);
}

/// The piece-level accumulator layout (what tirx.gemm sees).
TileLayout accPieceLayout(const MmaPlan &p) {
  if (p.wgmma)
    return mma::getWgmmaAccumulatorLayout(p.pieceN());
  return mma::getMmaSyncLayout(mma::Operand::C, p.pieceM(), p.pieceN());
}

/// The CTA-level accumulator layout of `p`.
TileLayout accLayout(const MmaPlan &p) {
  int64_t wpp = p.warpsPerPiece();
  // The fragment layouts split at their row dimension by construction.
  return *gridLayout(accPieceLayout(p), p.pieceM(), p.gridM, p.gridN * wpp,
                     p.gridN, wpp, {});
}

/// Chooses the tensor-core plan of an M x N x K product with `in` inputs on
/// a CTA of `threads` threads, or explains why there is none.
FailureOr<MmaPlan> planMma(int64_t m, int64_t n, int64_t k, Type in,
                           int64_t threads, const ::tileir::TargetInfo &target,
                           std::string &why) {
  MmaPlan p;
  p.m = m;
  p.n = n;
  p.k = k;
  p.inType = in;
  p.bits = in.getIntOrFloatBitWidth();
  // wgmma: one warpgroup per 64 x pieceN piece.
  int64_t stepK = 256 / p.bits;
  if (target.hasWGMMA() && !in.isInteger() && threads % 128 == 0 &&
      m % 64 == 0 && k % stepK == 0 && (threads / 128) % (m / 64) == 0) {
    int64_t gridN = (threads / 128) / (m / 64);
    if (n % gridN == 0 && (n / gridN) % 8 == 0 && n / gridN <= 256) {
      p.wgmma = true;
      p.gridM = m / 64;
      p.gridN = gridN;
      return p;
    }
  }
  // mma_sync: one warp per piece of multiples of 16 x 8 (the widest split
  // of M first).
  int64_t atomK = p.bits == 8 ? 32 : 16;
  int64_t warps = threads / 32;
  if (k % atomK) {
    why = "expects K to be a multiple of " + std::to_string(atomK) +
          " (mma.sync m16n8k" + std::to_string(atomK) + "), got " +
          std::to_string(k);
    return failure();
  }
  for (int64_t gm = warps; gm >= 1; gm /= 2) {
    int64_t gn = warps / gm;
    if (m % (16 * gm) == 0 && n % (8 * gn) == 0) {
      p.gridM = gm;
      p.gridN = gn;
      return p;
    }
  }
  why = "expects M x N = " + std::to_string(m) + " x " + std::to_string(n) +
        " to split over the " + std::to_string(warps) +
        " warps of the CTA in pieces of multiples of 16 x 8";
  return failure();
}

/// Checks the element types of an mmaf/mmai against what the tensor-core
/// lowering covers on `target`.
LogicalResult checkTypes(Operation *op, Type in, Type inB, Type acc,
                         const ::tileir::TargetInfo &target) {
  // mmai is i8 x i8 -> i32 (the cuda_tile verifier): mma.sync m16n8k32
  // .s8/.u8 on every supported chip (sm_80+).
  if (isa<ct::MmaIOp>(op))
    return success();
  if (in != inB && !(isF8(in) && isF8(inB)))
    return op->emitOpError()
           << "expects one input element type, got " << in << " and " << inB;
  if (!(in.isF16() || in.isBF16() || isF8(in)))
    return op->emitOpError()
           << "with " << in
           << " inputs is not supported yet (expects f16, bf16, f8E4M3FN "
              "or f8E5M2)";
  if (!acc.isF32())
    return op->emitOpError()
           << "with a " << acc
           << " accumulator is not supported yet (expects f32)";
  if (isF8(in) && !target.hasWGMMA() &&
      (target.getSmVersion() < 89 || target.getPtxVersion() < 84))
    return op->emitOpError()
           << "with f8 inputs needs mma.sync m16n8k32 (sm_89 or newer, PTX "
              "ISA 8.4 or newer), target is "
           << target.getChip() << " with PTX " << target.getPtxVersion() / 10
           << "." << target.getPtxVersion() % 10;
  return success();
}

/// The M, N, K and input/accumulator types of an mmaf/mmai, after the
/// shape and type checks.
FailureOr<MmaPlan> planFor(Operation *op, int64_t threads,
                           const ::tileir::TargetInfo &target) {
  auto lhs = cast<ct::TileType>(op->getOperand(0).getType());
  auto rhs = cast<ct::TileType>(op->getOperand(1).getType());
  auto acc = cast<ct::TileType>(op->getOperand(2).getType());
  if (lhs.getRank() != 2)
    return op->emitOpError()
           << "expects rank-2 tiles (batched rank-3 products are not "
              "supported yet), got rank "
           << lhs.getRank();
  if (failed(checkTypes(op, lhs.getElementType(), rhs.getElementType(),
                        acc.getElementType(), target)))
    return failure();
  std::string why;
  FailureOr<MmaPlan> plan =
      planMma(lhs.getDimSize(0), rhs.getDimSize(1), lhs.getDimSize(1),
              lhs.getElementType(), threads, target, why);
  if (failed(plan))
    return op->emitOpError() << why;
  return plan;
}

/// The swizzle (bytes) of the shared layout of operand A or B (N x K when
/// `transposed`) in the K loop: 128 where wgmma reads it K-major with K
/// one 128-byte swizzle atom (so that each warpgroup's rows are one block of
/// the buffer), else none.
unsigned sharedSwizzle(const MmaPlan &p, bool isA, bool transposed) {
  if (!p.wgmma || (!isA && !transposed) || p.k * p.bits != 1024)
    return 0;
  return 128;
}

/// The shared layout of operand A (M x K) or B (K x N, or N x K when
/// `transposed`) for plan `p`, before the swizzle `swizzle`.
TileLayout sharedLayout(const MmaPlan &p, bool isA, bool transposed,
                        unsigned swizzle = 0) {
  int64_t rows = isA ? p.m : p.n;
  if (p.wgmma && swizzle)
    return mma::getWgmmaKMajorSwizzledLayout(rows, p.k, p.bits);
  if (p.wgmma)
    return mma::getWgmmaKMajorLayout(rows, p.k, p.bits,
                                     /*transposed=*/!isA && !transposed);
  // mma_sync: row-major over the buffer's shape.
  int64_t d0 = isA ? p.m : (transposed ? p.n : p.k);
  int64_t d1 = isA ? p.k : (transposed ? p.k : p.n);
  return TileLayout({Iter{d0, d1, "m"}, Iter{d1, 1, "m"}});
}

} // namespace

//===----------------------------------------------------------------------===//
// Planning (before the lowering)
//===----------------------------------------------------------------------===//

void mlir::tileir::planMmaLayouts(ct::EntryOp entry, LayoutPlanner &planner,
                                  const ::tileir::TargetInfo &target) {
  entry.walk([&](Operation *op) {
    if (!isa<ct::MmaFOp, ct::MmaIOp>(op))
      return;
    auto lhs = cast<ct::TileType>(op->getOperand(0).getType());
    auto rhs = cast<ct::TileType>(op->getOperand(1).getType());
    if (lhs.getRank() != 2)
      return;
    std::string why;
    FailureOr<MmaPlan> plan =
        planMma(lhs.getDimSize(0), rhs.getDimSize(1), lhs.getDimSize(1),
                lhs.getElementType(), planner.getCtaThreads(), target, why);
    if (succeeded(plan))
      planner.setLayout({plan->m, plan->n}, accLayout(*plan));
  });
}

//===----------------------------------------------------------------------===//
// Building blocks
//===----------------------------------------------------------------------===//

namespace {

/// Lowers one product: the plan and the buffers it works on.
class MmaEmitter {
public:
  MmaEmitter(EntryLowering &l, const MmaPlan &p, Location loc)
      : l(l), b(l.b), p(p), loc(loc), ctx(b.getContext()) {}

  Value allocShared(ArrayRef<int64_t> shape, Type elem,
                    const TileLayout &layout, unsigned swizzle = 0) {
    return tirx::AllocOp::create(
        b, loc,
        bufferType(ctx, shape, elem, tirx::MemScope::Shared, layout, swizzle));
  }

  /// A view of `source` (keeping its swizzle).
  Value view(Value source, ArrayRef<int64_t> shape, const TileLayout &layout) {
    auto type = cast<tirx::BufferType>(source.getType());
    return tirx::ViewOp::create(b, loc,
                                bufferType(ctx, shape, type.getElementType(),
                                           type.getMemScope(), layout,
                                           type.getLayout().getSwizzle()),
                                source);
  }

  void barrier() { gpu::BarrierOp::create(b, loc); }

  /// A register buffer with `layout` holding the elements of `src` (a
  /// buffer in any layout, or a scalar): `src` itself when it has the
  /// layout, else a fresh buffer written by EntryLowering::assign (fill,
  /// register move, or a copy through shared memory).
  FailureOr<Value> toLayout(Value src, ArrayRef<int64_t> shape, Type elem,
                            const TileLayout &layout) {
    if (auto type = dyn_cast<tirx::BufferType>(src.getType()))
      if (type.getTileLayout() == layout)
        return src;
    Value dst = l.alloc(shape, elem, layout, loc);
    if (failed(l.assign(dst, src, loc)))
      return failure();
    return dst;
  }

  /// acc += A * B on shared A (M x K) and B (K x N, or N x K with
  /// `transposeB`) laid out by sharedLayout; wgmma issues gemm_async and
  /// leaves `pending` groups in flight.
  void step(Value sharedA, Value sharedB, bool transposeB, Value acc,
            bool async, int64_t pending) {
    auto unit = [&](bool set) { return set ? b.getUnitAttr() : UnitAttr(); };
    FloatAttr one = b.getF64FloatAttr(1.0);
    Type elemA = cast<tirx::BufferType>(sharedA.getType()).getElementType();
    Type elemB = cast<tirx::BufferType>(sharedB.getType()).getElementType();
    int64_t pm = p.pieceM(), pn = p.pieceN();
    Value accPiece = view(acc, {pm, pn}, accPieceLayout(p));
    if (!p.wgmma) {
      // Fragments of A (replicated over the warps of one piece row) and B
      // (over the warps of one piece column), loaded by every thread.
      TileLayout aPiece =
          mma::getMmaSyncLayout(mma::Operand::A, pm, p.k, false, p.bits);
      TileLayout bPiece =
          mma::getMmaSyncLayout(mma::Operand::B, p.k, pn, transposeB, p.bits);
      TileLayout aCta = *gridLayout(aPiece, pm, p.gridM, p.gridN, 1, 1,
                                    {Iter{p.gridN, 1, "warpid"}});
      TileLayout bCta = transposeB
                            ? *gridLayout(bPiece, pn, p.gridN, 1, 1, 1,
                                          {Iter{p.gridM, p.gridN, "warpid"}})
                            : *gridLayout(bPiece, p.k, 1, 1, p.gridN, 1,
                                          {Iter{p.gridM, p.gridN, "warpid"}});
      SmallVector<int64_t> bShape = transposeB ? SmallVector<int64_t>{p.n, p.k}
                                               : SmallVector<int64_t>{p.k, p.n};
      SmallVector<int64_t> bPieceShape = transposeB
                                             ? SmallVector<int64_t>{pn, p.k}
                                             : SmallVector<int64_t>{p.k, pn};
      Value aFrag = l.alloc({p.m, p.k}, elemA, aCta, loc);
      Value bFrag = l.alloc(bShape, elemB, bCta, loc);
      tirx::CopyOp::create(b, loc, aFrag, sharedA, nullptr, l.cta(), nullptr,
                           nullptr);
      tirx::CopyOp::create(b, loc, bFrag, sharedB, nullptr, l.cta(), nullptr,
                           nullptr);
      tirx::GemmOp::create(b, loc, accPiece, view(aFrag, {pm, p.k}, aPiece),
                           view(bFrag, bPieceShape, bPiece), accPiece,
                           UnitAttr(), unit(transposeB), one, one,
                           tirx::ExecScopeAttr::get(ctx, tirx::ExecScope::Warp),
                           p.gemmConfig, nullptr);
      return;
    }
    auto warpgroup = tirx::ExecScopeAttr::get(ctx, tirx::ExecScope::Warpgroup);
    int64_t pieces = p.gridM * p.gridN;
    Value wgid =
        pieces > 1
            ? tirx::WarpgroupIdOp::create(b, loc, b.getIndexType()).getResult()
            : Value();
    for (int64_t w = 0; w < pieces; ++w) {
      OpBuilder::InsertionGuard guard(b);
      if (pieces > 1) {
        Value cond =
            arith::CmpIOp::create(b, loc, arith::CmpIPredicate::eq, wgid,
                                  arith::ConstantIndexOp::create(b, loc, w));
        auto ifOp = scf::IfOp::create(b, loc, cond, /*withElse=*/false);
        b.setInsertionPointToStart(ifOp.thenBlock());
      }
      int64_t i = w / p.gridN, j = w % p.gridN;
      // A piece's rows are a block of the buffer (both K-major layouts put
      // whole rows of K (atoms) before the next rows).
      auto pieceLayout = [&](Value shared, int64_t rows, bool transposed) {
        auto type = cast<tirx::BufferType>(shared.getType());
        if (type.getLayout().getSwizzle())
          return mma::getWgmmaKMajorSwizzledLayout(rows, p.k, p.bits);
        return mma::getWgmmaKMajorLayout(rows, p.k, p.bits, transposed);
      };
      Value a = view(sharedA, {pm, p.k},
                     withOffset(pieceLayout(sharedA, pm, false), i * pm * p.k));
      SmallVector<int64_t> bPieceShape = transposeB
                                             ? SmallVector<int64_t>{pn, p.k}
                                             : SmallVector<int64_t>{p.k, pn};
      Value bv =
          view(sharedB, bPieceShape,
               withOffset(pieceLayout(sharedB, pn, !transposeB), j * pn * p.k));
      if (async) {
        tirx::GemmAsyncOp::create(b, loc, accPiece, a, bv, accPiece, UnitAttr(),
                                  unit(transposeB), one, one, warpgroup,
                                  nullptr, nullptr);
        tirx::GemmWaitOp::create(b, loc, b.getI64IntegerAttr(pending),
                                 warpgroup, nullptr, nullptr);
      } else {
        tirx::GemmOp::create(b, loc, accPiece, a, bv, accPiece, UnitAttr(),
                             unit(transposeB), one, one, warpgroup, nullptr,
                             nullptr);
      }
    }
  }

  EntryLowering &l;
  OpBuilder &b;
  const MmaPlan &p;
  Location loc;
  MLIRContext *ctx;
};

/// The tile size and element type of a tile type.
std::pair<SmallVector<int64_t>, Type> shapeOf(Value v) {
  auto type = cast<ct::TileType>(v.getType());
  return {SmallVector<int64_t>(type.getShape()), type.getElementType()};
}

} // namespace

//===----------------------------------------------------------------------===//
// mmaf on its own
//===----------------------------------------------------------------------===//

/// Maps `result` to `acc`, converted to the planner's layout of its shape
/// when the two differ.
static LogicalResult mapResult(EntryLowering &l, MmaEmitter &e, Value result,
                               Value acc) {
  auto [shape, elem] = shapeOf(result);
  FailureOr<Value> converted =
      e.toLayout(acc, shape, elem, l.planner.getBlocked(shape));
  if (failed(converted))
    return failure();
  l.mapping.map(result, *converted);
  l.mmaResults.insert(result);
  return success();
}

template <typename OpTy>
static LogicalResult lowerMmaF(EntryLowering &l, OpTy op) {
  FailureOr<MmaPlan> plan = planFor(op, l.planner.getCtaThreads(), *l.target);
  if (failed(plan))
    return failure();
  if constexpr (std::is_same_v<OpTy, ct::MmaIOp>) {
    // mmai: i8 inputs read as signed or unsigned (tirx.gemm's config).
    auto isSigned = [&](ct::Signedness s) {
      return l.b.getBoolAttr(s == ct::Signedness::Signed);
    };
    plan->gemmConfig = l.b.getDictionaryAttr(
        {l.b.getNamedAttr("signed_a", isSigned(op.getSignednessLhs())),
         l.b.getNamedAttr("signed_b", isSigned(op.getSignednessRhs()))});
  }
  Location loc = op.getLoc();
  MmaEmitter e(l, *plan, loc);
  Value lhs = l.get(op.getLhs()), rhs = l.get(op.getRhs()),
        acc = l.get(op.getAcc());
  if (!lhs || !rhs || !acc)
    return l.fail(op, "has an operand that was not lowered");
  auto [aShape, aElem] = shapeOf(op.getLhs());
  auto [bShape, bElem] = shapeOf(op.getRhs());
  auto [cShape, cElem] = shapeOf(op.getAcc());
  Value sharedA =
      e.allocShared(aShape, aElem, sharedLayout(*plan, true, false));
  Value sharedB =
      e.allocShared(bShape, bElem, sharedLayout(*plan, false, false));
  // A splat operand fills the shared buffer; a register tile is copied.
  for (auto [operand, lowered, shared] :
       {std::tuple(op.getLhs(), lhs, sharedA),
        std::tuple(op.getRhs(), rhs, sharedB)}) {
    if (isa<tirx::BufferType>(lowered.getType()))
      tirx::CopyOp::create(l.b, loc, shared, lowered, nullptr, l.cta(), nullptr,
                           nullptr);
    else
      tirx::FillOp::create(l.b, loc, shared, lowered, l.cta(), nullptr,
                           nullptr);
  }
  e.barrier();
  FailureOr<Value> staged = e.toLayout(acc, cShape, cElem, accLayout(*plan));
  if (failed(staged))
    return failure();
  Value d = *staged;
  if (d == acc) {
    // The product must not overwrite the operand's buffer.
    Value copy = l.alloc(cShape, cElem, accLayout(*plan), loc);
    Value zero = arith::ConstantOp::create(l.b, loc, l.b.getZeroAttr(cElem));
    tirx::AddOp::create(l.b, loc, copy, acc, zero, l.flag(false), l.flag(false),
                        l.cta(), nullptr, nullptr);
    d = copy;
  }
  e.step(sharedA, sharedB, /*transposeB=*/false, d, /*async=*/false, 0);
  return mapResult(l, e, op.getResult(), d);
}

//===----------------------------------------------------------------------===//
// The K loop
//===----------------------------------------------------------------------===//

namespace {
/// A `for` over K recognized as a matmul main loop.
struct KLoop {
  ct::ForOp forOp;
  ct::LoadViewTkoOp loadA, loadB;
  bool transposeB = false; ///< B is loaded N x K and permuted
  ct::MmaFOp mma;
  /// Scalar ops of the body (index arithmetic), in order.
  SmallVector<Operation *> scalarOps;
};

/// Matches the K-loop pattern: one carried value (the accumulator), a body
/// of rank-0 ops, two view loads, an optional permute [1, 0] of B and one
/// mmaf that the loop continues with.
std::optional<KLoop> matchKLoop(ct::ForOp forOp) {
  if (forOp.getInitValues().size() != 1 || forOp.getUnsignedCmp())
    return std::nullopt;
  Block &body = forOp.getRegion().front();
  KLoop loop;
  loop.forOp = forOp;
  SmallVector<ct::LoadViewTkoOp> loads;
  ct::PermuteOp permute;
  for (Operation &op : body) {
    if (auto load = dyn_cast<ct::LoadViewTkoOp>(op)) {
      loads.push_back(load);
      continue;
    }
    if (auto perm = dyn_cast<ct::PermuteOp>(op)) {
      if (permute)
        return std::nullopt;
      permute = perm;
      continue;
    }
    if (auto m = dyn_cast<ct::MmaFOp>(op)) {
      if (loop.mma)
        return std::nullopt;
      loop.mma = m;
      continue;
    }
    if (isa<ct::ContinueOp>(op))
      continue;
    // Index arithmetic: every result a rank-0 tile, no regions, no
    // memory effects.
    if (op.getNumRegions() || !isMemoryEffectFree(&op))
      return std::nullopt;
    for (Type t : op.getResultTypes()) {
      auto tile = dyn_cast<ct::TileType>(t);
      if (!tile || tile.getRank() != 0)
        return std::nullopt;
    }
    loop.scalarOps.push_back(&op);
  }
  if (!loop.mma || loads.size() != 2)
    return std::nullopt;
  auto cont = cast<ct::ContinueOp>(body.getTerminator());
  Value acc = body.getArgument(1);
  if (cont->getNumOperands() != 1 || cont->getOperand(0) != loop.mma ||
      loop.mma.getAcc() != acc || !acc.hasOneUse() ||
      !loop.mma.getResult().hasOneUse())
    return std::nullopt;
  for (ct::LoadViewTkoOp load : loads)
    if (load.getResultToken() && !load.getResultToken().use_empty())
      return std::nullopt;
  Value rhs = loop.mma.getRhs();
  if (permute) {
    if (rhs != permute.getResult() || !permute.getResult().hasOneUse() ||
        permute.getPermutation().size() != 2 ||
        permute.getPermutation()[0] != 1)
      return std::nullopt;
    rhs = permute.getSource();
    loop.transposeB = true;
  }
  for (ct::LoadViewTkoOp load : loads) {
    if (load.getTile() == loop.mma.getLhs() && load.getTile().hasOneUse())
      loop.loadA = load;
    else if (load.getTile() == rhs && load.getTile().hasOneUse())
      loop.loadB = load;
  }
  if (!loop.loadA || !loop.loadB)
    return std::nullopt;
  return loop;
}
} // namespace

static LogicalResult lowerKLoop(EntryLowering &l, KLoop loop) {
  ct::ForOp forOp = loop.forOp;
  Location loc = forOp.getLoc();
  OpBuilder &b = l.b;
  FailureOr<MmaPlan> plan =
      planFor(loop.mma, l.planner.getCtaThreads(), *l.target);
  if (failed(plan))
    return failure();
  MmaEmitter e(l, *plan, loc);
  for (ct::LoadViewTkoOp load : {loop.loadA, loop.loadB}) {
    if (load.getMemoryOrderingSemantics() != ct::MemoryOrderingSemantics::Weak)
      return l.fail(load, "with a non-weak memory ordering is not supported "
                          "in a pipelined matmul loop");
    auto view = l.partitionViews.find(load.getView());
    if (view == l.partitionViews.end())
      return l.fail(load, "expects a partition_view made in this kernel");
    if (!isRegionView(view->second))
      return l.fail(load, "in a pipelined matmul loop expects a view whose "
                          "tiles are rectangular regions (identity dim_map, "
                          "no gathered dimension)");
    l.syncAfterStores(load.getToken(), loc);
  }
  const PartitionViewInfo &viewA = l.partitionViews[loop.loadA.getView()];
  const PartitionViewInfo &viewB = l.partitionViews[loop.loadB.getView()];
  auto [aShape, aElem] = shapeOf(loop.loadA.getTile());
  auto [bShape, bElem] = shapeOf(loop.loadB.getTile());

  // Stages: as many as fit the shared memory of a CTA (at least 2; beyond
  // 48 KiB the kernel takes dynamic shared memory, see tirx-lower-buffers).
  int64_t budget =
      int64_t(l.target->getMaxSharedMemoryPerCta()) - kSharedReserve;
  int64_t stageBytes = (plan->m + plan->n) * plan->k * (plan->bits / 8);
  int64_t stages = std::min<int64_t>(kMaxStages, budget / stageBytes);
  if (stages < 2)
    return l.fail(forOp, "needs " + std::to_string(2 * stageBytes) +
                             " bytes of shared memory for two pipeline "
                             "stages of its A and B tiles, more than the " +
                             std::to_string(budget) + " available on " +
                             l.target->getChip().str());
  // wgmma keeps one group in flight when a stage is free for it.
  bool async = plan->wgmma && stages >= 3;
  int64_t inFlight = async ? 1 : 0;
  int64_t ahead = stages - 1 - inFlight; // loads issued ahead

  // B through cp.async needs 16-byte runs on both sides; the K x N (not
  // permuted) B of wgmma is stored K-major: synchronous copies.
  bool asyncB = !(plan->wgmma && !loop.transposeB);
  SmallVector<Value> stageA, stageB;
  unsigned swizzleA = sharedSwizzle(*plan, true, false);
  unsigned swizzleB = sharedSwizzle(*plan, false, loop.transposeB);
  for (int64_t s = 0; s < stages; ++s) {
    stageA.push_back(e.allocShared(
        aShape, aElem, sharedLayout(*plan, true, false, swizzleA), swizzleA));
    stageB.push_back(e.allocShared(
        bShape, bElem, sharedLayout(*plan, false, loop.transposeB, swizzleB),
        swizzleB));
  }

  // Trip count n = max(0, ceil((ub - lb) / step)) as an index.
  Value lb = l.toIndex(l.get(forOp.getLowerBound()), loc);
  Value ub = l.toIndex(l.get(forOp.getUpperBound()), loc);
  Value step = l.toIndex(l.get(forOp.getStep()), loc);
  Value c0 = arith::ConstantIndexOp::create(b, loc, 0);
  Value c1 = arith::ConstantIndexOp::create(b, loc, 1);
  Value span = arith::SubIOp::create(b, loc, ub, lb);
  Value trips = arith::DivSIOp::create(
      b, loc,
      arith::SubIOp::create(b, loc, arith::AddIOp::create(b, loc, span, step),
                            c1),
      step);
  trips = arith::MaxSIOp::create(b, loc, trips, c0);
  Type ivType =
      cast<ct::TileType>(forOp.getInductionVar().getType()).getElementType();
  Value iv = forOp.getInductionVar();

  // Issues the copies of iteration `j` (an index) into stage `s`, guarded
  // by j < trips, then closes the cp.async group.
  auto issue = [&](Value j, int64_t s) -> LogicalResult {
    Value inRange =
        arith::CmpIOp::create(b, loc, arith::CmpIPredicate::slt, j, trips);
    auto ifOp = scf::IfOp::create(b, loc, inRange, /*withElse=*/false);
    {
      OpBuilder::InsertionGuard guard(b);
      b.setInsertionPointToStart(ifOp.thenBlock());
      Value value = arith::AddIOp::create(
          b, loc, lb, arith::MulIOp::create(b, loc, j, step));
      l.mapping.map(iv, arith::IndexCastOp::create(b, loc, ivType, value));
      for (Operation *op : loop.scalarOps)
        if (failed(l.lower(op)))
          return failure();
      auto indices = [&](ct::LoadViewTkoOp load) {
        SmallVector<Value> idx;
        for (Value v : load.getIndex())
          idx.push_back(l.toIndex(l.get(v), loc));
        return idx;
      };
      Value ra = regionAt(b, loc, viewA, indices(loop.loadA));
      Value rb = regionAt(b, loc, viewB, indices(loop.loadB));
      tirx::CopyAsyncOp::create(b, loc, stageA[s], ra, nullptr,
                                b.getI64IntegerAttr(0), nullptr, nullptr,
                                l.cta(), nullptr, nullptr);
      if (asyncB)
        tirx::CopyAsyncOp::create(b, loc, stageB[s], rb, nullptr,
                                  b.getI64IntegerAttr(0), nullptr, nullptr,
                                  l.cta(), nullptr, nullptr);
      else
        tirx::CopyOp::create(b, loc, stageB[s], rb, nullptr, l.cta(), nullptr,
                             nullptr);
    }
    tirx::AsyncCommitOp::create(b, loc);
    return success();
  };

  // Prologue: the first `ahead` iterations' tiles.
  for (int64_t s = 0; s < ahead; ++s)
    if (failed(issue(arith::ConstantIndexOp::create(b, loc, s), s)))
      return failure();

  // The accumulator in the plan's layout (a copy: the loop must not
  // overwrite its init operand).
  auto [cShape, cElem] = shapeOf(forOp.getResultValues()[0]);
  Value init = l.get(forOp.getInitValues()[0]);
  if (!init)
    return l.fail(forOp, "has an init value that was not lowered");
  Value acc = l.alloc(cShape, cElem, accLayout(*plan), loc);
  if (isa<tirx::BufferType>(init.getType())) {
    FailureOr<Value> staged = e.toLayout(init, cShape, cElem, accLayout(*plan));
    if (failed(staged))
      return failure();
    Value zero = arith::ConstantOp::create(b, loc, b.getZeroAttr(cElem));
    tirx::AddOp::create(b, loc, acc, *staged, zero, l.flag(false),
                        l.flag(false), l.cta(), nullptr, nullptr);
  } else {
    tirx::FillOp::create(b, loc, acc, init, l.cta(), nullptr, nullptr);
  }

  // Main loop, unrolled by `stages` so that every stage index is static.
  Value cStages = arith::ConstantIndexOp::create(b, loc, stages);
  auto mainLoop = scf::ForOp::create(b, loc, c0, trips, cStages);
  {
    OpBuilder::InsertionGuard guard(b);
    b.setInsertionPointToStart(mainLoop.getBody());
    Value kk = mainLoop.getInductionVar();
    for (int64_t s = 0; s < stages; ++s) {
      Value i = arith::AddIOp::create(
          b, loc, kk, arith::ConstantIndexOp::create(b, loc, s));
      Value inRange =
          arith::CmpIOp::create(b, loc, arith::CmpIPredicate::slt, i, trips);
      auto ifOp = scf::IfOp::create(b, loc, inRange, /*withElse=*/false);
      OpBuilder::InsertionGuard inner(b);
      b.setInsertionPointToStart(ifOp.thenBlock());
      // Iteration i's tiles landed (this thread's groups), for every thread
      // (the barrier), and every warpgroup is done with the stage the next
      // copy overwrites.
      tirx::AsyncWaitOp::create(b, loc, b.getI64IntegerAttr(ahead - 1));
      e.barrier();
      e.step(stageA[s], stageB[s], loop.transposeB, acc, async, inFlight);
      Value next = arith::AddIOp::create(
          b, loc, i, arith::ConstantIndexOp::create(b, loc, ahead));
      if (failed(issue(next, (s + ahead) % stages)))
        return failure();
    }
  }
  if (async)
    tirx::GemmWaitOp::create(
        b, loc, b.getI64IntegerAttr(0),
        tirx::ExecScopeAttr::get(b.getContext(), tirx::ExecScope::Warpgroup),
        nullptr, nullptr);
  // Later shared-memory users (another loop) start after every thread is
  // done with the stages.
  tirx::AsyncWaitOp::create(b, loc, b.getI64IntegerAttr(0));
  e.barrier();
  return mapResult(l, e, forOp.getResultValues()[0], acc);
}

//===----------------------------------------------------------------------===//
// The family
//===----------------------------------------------------------------------===//

std::optional<LogicalResult> EntryLowering::lowerMmaOp(Operation *op) {
  if (auto forOp = dyn_cast<ct::ForOp>(op)) {
    std::optional<KLoop> loop = matchKLoop(forOp);
    if (!loop)
      return std::nullopt;
    return lowerKLoop(*this, *loop);
  }
  if (auto ftof = dyn_cast<ct::FToFOp>(op)) {
    // The epilogue of a product: its f32 accumulator rounded to the output
    // type in the accumulator's layout (other ftof ops belong to the
    // conversion family).
    if (!mmaResults.contains(ftof.getSource()) ||
        ftof.getRoundingMode() != ct::RoundingMode::NearestEven)
      return std::nullopt;
    auto type = cast<ct::TileType>(ftof.getResult().getType());
    Value dst = allocBlocked(type, op->getLoc());
    tirx::CastOp::create(b, op->getLoc(), dst, get(ftof.getSource()),
                         flag(false), cta(), nullptr, nullptr);
    mapping.map(ftof.getResult(), dst);
    return success();
  }
  return llvm::TypeSwitch<Operation *, std::optional<LogicalResult>>(op)
      .Case<ct::MmaFOp>(
          [&](ct::MmaFOp o) -> LogicalResult { return lowerMmaF(*this, o); })
      .Case<ct::MmaIOp>(
          [&](ct::MmaIOp o) -> LogicalResult { return lowerMmaF(*this, o); })
      .Case<ct::MmaFScaledOp>([&](ct::MmaFScaledOp o) -> LogicalResult {
        return o.emitOpError()
               << "is not supported on " << target->getChip()
               << ": block-scaled MMA (f8/f4 inputs with scale factors) "
                  "needs tcgen05 (sm_100a)";
      })
      .Default([](Operation *) { return std::nullopt; });
}
