//===- Mma.cpp - mmaf, mmai, mmaf_scaled and the matmul K loop ------------===//
//
// Part of TileIR. convert-cuda-tile-to-tirx: tensor-core matrix multiply.
//
// An M x N x K product of one CTA is cut into pieces of the accumulator:
// `wgmma` (sm_90a) pieces of 64 rows, B read from shared memory, A from
// shared memory or from registers held in the A fragment layout
// (registerALayout), one per warpgroup or several stacked along M per
// warpgroup (where the accumulators of each block's products fit 128
// elements per thread, mmaCtaThreads); or one per warp (`mma_sync`: pieces of
// multiples of 16 x 8, A and B fragments loaded from shared memory into
// registers). The accumulator tile gets a CTA-level layout: the piece's
// fragment layout with the warp grid on `warpid` and a warpgroup's stacked
// pieces one after the other in its registers; `tirx.view` drops the warp axes
// so that each warpgroup or warp issues `tirx.gemm` on its own pieces.
//
// * `mmaf` on its own stages A and B through shared memory (whatever their
//   register layout; on wgmma, not an A that a loop computes in the A
//   fragment layout, such as attention's P) and issues one tirx.gemm per
//   piece. f8 inputs into an
//   f32 accumulator without `fast_acc` are multiplied by the f8 wgmma in
//   chunks of 128 of K, each chunk's sum added to the accumulator in f32
//   (what cuBLAS does), or, where wgmma does not apply, converted to f16
//   first (exact products, f32 accumulation); see planMma.
// * A `for` over K whose body loads an A and a B tile from partition views
//   (B optionally through `permute [1, 0]`), multiplies them with `mmaf`
//   into the one loop-carried accumulator and continues with the product
//   becomes a software pipeline: `stages` shared buffers per operand filled
//   by cp.async (tirx.copy_async) ahead of the tensor cores, with
//   asynchronous wgmma (one group in flight) on sm_90a.
//
//===----------------------------------------------------------------------===//

#include "EntryLowering.h"

#include "tileir/Dialect/CudaTile/IR/LoopUtils.h"
#include "tileir/Dialect/CudaTile/IR/OpClasses.h"
#include "tileir/Dialect/TirX/IR/MemoryTypes.h"
#include "tileir/Dialect/TirX/Utils/LayoutCodegen.h"
#include "tileir/Dialect/TirX/Utils/Utils.h"
#include "tileir/Layout/BitLayout.h"
#include "tileir/Layout/MmaLayouts.h"
#include "tileir/Layout/SharedStaging.h"
#include "tileir/Target/TargetInfo.h"

#include "mlir/Analysis/SliceAnalysis.h"
#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/GPU/IR/GPUDialect.h"
#include "mlir/Dialect/LLVMIR/NVVMDialect.h"
#include "mlir/Dialect/SCF/IR/SCF.h"
#include "mlir/Dialect/Utils/IndexingUtils.h"
#include "mlir/IR/Matchers.h"
#include "mlir/Interfaces/SideEffectInterfaces.h"
#include "llvm/ADT/TypeSwitch.h"

#include <numeric>
#include <tuple>

using namespace mlir;
using namespace mlir::tileir;
using mlir::tirx::isF8;
using ::tileir::layout::AxisCoord;
using ::tileir::layout::Iter;
using ::tileir::layout::TileLayout;
namespace mma = ::tileir::layout::mma;

namespace {

/// Shared memory the K-loop pipeline leaves to the rest of the kernel and
/// to the alignment padding of dynamic shared memory (bytes).
constexpr int64_t kSharedReserve = 2 * 1024;
/// Most pipeline stages.
constexpr int64_t kMaxStages = 4;
/// The bytes of A and B tiles the K loop keeps in flight (loads issued
/// ahead) when shared memory allows: stages beyond the ones this takes
/// cost registers (the unrolled loop keeps each stage's addresses) without
/// feeding the tensor cores faster. On an H200, cuTile's 128x256x64 f16
/// matmul ran 1.1x faster with 3 stages (96 KiB ahead) than with 4 (144
/// KiB, 148 bytes of spills), its 128x128x64 one 1.1x faster with 4
/// stages (96 KiB) than with 3 (64 KiB).
constexpr int64_t kBytesInFlight = 96 * 1024;
/// The most accumulator elements per thread, all of a kernel's products
/// together, for a warpgroup to compute several 64-row pieces of each
/// (mmaCtaThreads).
constexpr int64_t kAccumulatorsPerThread = 128;
/// The fewest stages a CTA of one warpgroup keeps when it leaves half of
/// the SM's shared memory to a second CTA (halfSmStages).
constexpr int64_t kMinHalfSmStages = 3;

/// The largest sum of the counts of the tensor-core products (mmaf, mmai)
/// of one block, given as (product, count) pairs: the products of one block
/// (a loop body) are live together, those of two blocks (two loops one
/// after the other) are not.
int64_t largestBlockSum(ArrayRef<std::pair<Operation *, int64_t>> counts) {
  llvm::SmallDenseMap<Block *, int64_t> perBlock;
  int64_t most = 0;
  for (auto [op, count] : counts)
    most = std::max(most, perBlock[op->getBlock()] += count);
  return most;
}

/// The bytes of the A (M x K) and B (K x N) tiles of one K step of an
/// M x N x K product with `bits`-bit inputs: one pipeline stage.
int64_t stageBytesOf(int64_t m, int64_t n, int64_t k, unsigned bits) {
  return (m + n) * k * bits / 8;
}

/// The K extent of one pipeline stage of a K loop whose M x N x K product
/// has `bits`-bit inputs: where the K tile holds two or more 128-byte rows
/// of K (the widest swizzle), the most whole rows that divide it with a
/// stage of at most half of kBytesInFlight (at least one row), else the
/// whole tile. Each iteration of such a loop fills `k / chunk` stages in
/// turn, so that the loads of two or more stages are in flight: a
/// 128x128x128 f16 matmul pipelines 32 KiB stages as a 128x128x64 one does
/// (one warpgroup, two CTAs per SM) instead of 64 KiB ones, and cuTile's
/// tf32 split-K matmul (32x64x256 tiles, mma.sync) three 48 KiB stages
/// instead of two of 96 KiB (on an H200 1.19-1.31x faster; 64-wide chunks
/// in five stages ran as fast, 32-wide ones in nine 1.06-1.13x slower than
/// whole tiles).
int64_t kLoopChunk(int64_t m, int64_t n, int64_t k, unsigned bits) {
  int64_t row = 1024 / bits;
  if (k <= row || k % row != 0)
    return k;
  int64_t chunk = row;
  for (int64_t c = 2 * row; c < k; c += row)
    if (k % c == 0 && stageBytesOf(m, n, c, bits) <= kBytesInFlight / 2)
      chunk = c;
  return chunk;
}

/// Whether `op` is the product of a K loop that lowerKLoop pipelines.
bool isKLoopProduct(Operation *op);

/// The stages of `stageBytes` (A and B tiles of one K step) that a CTA of
/// one warpgroup keeps so that a second CTA shares its SM: as many as fit
/// in half of the SM's shared memory, or 0 when fewer than
/// kMinHalfSmStages do. cuTile's 128x128x64 matmuls on one warpgroup (H200)
/// ran 1.16-1.31x faster with 3 stages and two CTAs per SM than with 4 and
/// one; its 128x128x128 ones with 64 KiB stages (one CTA per SM either way)
/// at 0.88-1.07x of two warpgroups (their K loop now stages 32 KiB chunks,
/// kLoopChunk).
int64_t halfSmStages(const ::tileir::TargetInfo &target, int64_t stageBytes) {
  int64_t half = (int64_t(target.getSharedMemoryPerSm()) / 2 - kSharedReserve) /
                 stageBytes;
  return half >= kMinHalfSmStages ? half : 0;
}

/// How one CTA computes an M x N x K product on the tensor cores (or, for
/// f32 inputs, on the FMA units).
struct MmaPlan {
  bool wgmma = false;
  /// f32 inputs at full precision: one `tirx.gemm cta` with
  /// `precision = "f32"` on row-major shared A and B, the accumulator in
  /// `fmaAcc` (the blocked layout), lowered by the `fma` variant.
  bool fma = false;
  std::optional<TileLayout> fmaAcc;
  int64_t m = 0, n = 0, k = 0;
  /// The accumulator is cut into gridM x gridN pieces, numbered row-major,
  /// one per warp (mma_sync) or per warpgroup (wgmma), except that a
  /// wgmma warpgroup may compute `repM` pieces stacked along M: piece row i
  /// on warpgroup row i / repM, in the registers of its (i % repM)-th
  /// piece.
  int64_t gridM = 1, gridN = 1;
  int64_t repM = 1;
  /// Rank-3 products: the batch count (1 for rank 2); each batch index is
  /// one rank-2 product of this plan.
  int64_t batch = 1;
  bool batched = false;
  unsigned bits = 16;
  /// The input element type as the shared buffers hold it and the tensor
  /// cores read it (tf32 in f32 storage; f8 without fast_acc widened to f16
  /// where it is not promoted, see planMma).
  Type inType;
  /// f8 without fast_acc on wgmma: the K-chunk whose products the tensor
  /// cores sum before the chunk's sum is added to the f32 accumulator (the
  /// tirx.gemm config `promote_k`); 0 for none.
  int64_t promoteK = 0;
  /// The tirx.gemm config (mmai: the signedness of each input).
  DictionaryAttr gemmConfig;
  int64_t pieceM() const { return m / gridM; }
  int64_t pieceN() const { return n / gridN; }
  /// Warps (mma_sync) or warpgroups (wgmma) along M.
  int64_t unitsM() const { return gridM / repM; }
  /// Warps per piece.
  int64_t warpsPerPiece() const { return wgmma ? 4 : 1; }
};

/// The element type of the tirx buffers that hold a cuda_tile element type:
/// tf32 values live in f32 storage (sign, exponent and the top 10 mantissa
/// bits; the low 13 bits zero after `ftof` rounds to tf32, ignored by the
/// tensor cores).
Type storageType(Type t) {
  if (isa<FloatTF32Type>(t))
    return Float32Type::get(t.getContext());
  return t;
}

/// The K-chunk of an f8 product without fast_acc on wgmma: cuBLAS's f8
/// GEMM (fast accumulation off) sums the products of 128 consecutive K on
/// the tensor cores and adds each chunk's sum to its f32 accumulator, in K
/// order; the tirx.gemm config `promote_k` asks for the same.
constexpr int64_t kF8PromoteK = 128;

/// The mma.sync atom (M, K) of `bits`-bit inputs: m8n8k4 for f64, m16n8k8
/// for tf32, m16n8k16 for 16-bit inputs, m16n8k32 for 8-bit inputs.
std::pair<int64_t, int64_t> mmaSyncAtom(unsigned bits) {
  if (bits == 64)
    return {8, 4};
  return {16, 256 / bits};
}

/// The buffer type of a `scope` buffer.
tirx::BufferType bufferType(MLIRContext *ctx, ArrayRef<int64_t> shape,
                            Type elem, tirx::MemScope scope,
                            const TileLayout &layout, unsigned swizzle = 0) {
  return tirx::BufferType::get(ctx, shape, elem, scope,
                               tirx::LayoutAttr::get(ctx, layout, swizzle));
}

/// The bytes of a buffer's elements (what a TMA copy of it transfers).
int64_t bufferBytes(tirx::BufferType type) {
  return type.getNumElements() * type.getElementTypeBitWidth() / 8;
}

/// The storage offset (axis m) of a buffer's layout: where a view of a
/// larger buffer starts.
int64_t offsetOf(Value buffer) {
  return ::tileir::layout::getAxis(
      cast<tirx::BufferType>(buffer.getType()).getTileLayout().getOffset(),
      "m");
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
/// (i / rep0) * stride0 + j * stride1 (+ the piece's own warps), at storage
/// offset (i % rep0) * the piece's span; `replica` lists warp iters holding
/// copies. Fails when the piece's shard does not split at its first
/// dimension.
FailureOr<TileLayout> gridLayout(const TileLayout &piece, int64_t pieceDim0,
                                 int64_t grid0, int64_t stride0, int64_t grid1,
                                 int64_t stride1, SmallVector<Iter> replica,
                                 int64_t rep0 = 1) {
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
  if (grid0 / rep0 > 1)
    shard.push_back(Iter{grid0 / rep0, stride0, "warpid"});
  if (rep0 > 1)
    shard.push_back(Iter{rep0, piece.span("m"), "m"});
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
  return mma::getMmaSyncLayout(mma::Operand::C, p.pieceM(), p.pieceN(),
                               /*transposed=*/false, p.bits);
}

/// The CTA-level accumulator layout of one rank-2 product of `p`.
TileLayout accLayout2D(const MmaPlan &p) {
  if (p.fma)
    return *p.fmaAcc;
  int64_t wpp = p.warpsPerPiece();
  // The fragment layouts split at their row dimension by construction.
  return *gridLayout(accPieceLayout(p), p.pieceM(), p.gridM, p.gridN * wpp,
                     p.gridN, wpp, {}, p.repM);
}

/// The CTA-level layout in which wgmma reads a rank-2 A (M x K, 16-bit)
/// from registers: the accumulator layout of the same plan with N = K (the
/// A fragment of m64nNk16 step s is the registers 8s..8s+7 of an m64nK
/// accumulator), so that a product's f16 copy of another product's
/// accumulator (attention's P) feeds it in place. Only for one piece along
/// N (A is not replicated over warpgroups).
std::optional<TileLayout> registerALayout(const MmaPlan &p) {
  if (!p.wgmma || p.batched || p.gridN != 1 || p.bits != 16 || p.promoteK)
    return std::nullopt;
  MmaPlan q = p;
  q.n = p.k;
  return accLayout2D(q);
}

/// `layout` (rank 2) repeated `batch` times along a new outer dimension,
/// one after the other in storage: batch index i at offset i * the span of
/// `layout`.
TileLayout batchLayout(const TileLayout &layout, int64_t batch) {
  SmallVector<Iter> shard{Iter{batch, layout.span("m"), "m"}};
  shard.append(layout.getShard().begin(), layout.getShard().end());
  return TileLayout(shard, SmallVector<Iter>(layout.getReplica()));
}

/// The CTA-level accumulator layout of `p` (rank 3 for batched products).
TileLayout accLayout(const MmaPlan &p) {
  TileLayout layout = accLayout2D(p);
  return p.batched ? batchLayout(layout, p.batch) : layout;
}

/// Chooses the plan of an M x N x K product of `op` (an mmaf or mmai) on a
/// CTA of `threads` threads: the tensor cores where their shapes and types
/// apply, else the general product on the FMA units.
MmaPlan planMma(Operation *op, int64_t m, int64_t n, int64_t k, int64_t threads,
                const ::tileir::TargetInfo &target) {
  Type in = cast<ct::TileType>(op->getOperand(0).getType()).getElementType();
  MmaPlan p;
  p.m = m;
  p.n = n;
  p.k = k;
  p.inType = storageType(in);
  p.bits = p.inType.getIntOrFloatBitWidth();
  // f32 products keep f32 precision: the tensor cores would read tf32.
  if (in.isF32()) {
    p.fma = true;
    return p;
  }
  // wgmma: 64 x pieceN pieces (no f64 or integer wgmma), one per
  // warpgroup, or with fewer warpgroups than 64-row blocks of M, several
  // stacked pieces per warpgroup.
  auto tryWgmma = [&] {
    int64_t stepK = 256 / p.bits;
    if (!target.hasWGMMA() || in.isInteger() || in.isF64() || threads % 128 ||
        m % 64 || k % stepK)
      return false;
    int64_t warpgroups = threads / 128, rows = m / 64;
    int64_t unitsM = std::min(rows, warpgroups);
    if (rows % unitsM || warpgroups % unitsM)
      return false;
    int64_t gridN = warpgroups / unitsM;
    if (n % gridN || (n / gridN) % 8 || n / gridN > 256)
      return false;
    p.wgmma = true;
    p.gridM = rows;
    p.gridN = gridN;
    p.repM = rows / unitsM;
    return true;
  };
  // f8 without fast_acc: the f8 wgmma with cuBLAS's K-chunked f32
  // accumulation where K is one chunk or whole chunks; otherwise the
  // inputs are widened to f16 (exact: every e4m3 and e5m2 value is an f16
  // value) and the f16 instructions, whose f32 accumulation is full
  // precision, multiply them.
  if (ct::isPromotedF8(op)) {
    if ((k <= kF8PromoteK || k % kF8PromoteK == 0) && tryWgmma()) {
      p.promoteK = std::min(k, kF8PromoteK);
      return p;
    }
    p.inType = Float16Type::get(op->getContext());
    p.bits = 16;
  }
  if (tryWgmma())
    return p;
  // mma_sync: one warp per piece of multiples of the atom's M x 8 (the
  // widest split of M first).
  auto [atomM, atomK] = mmaSyncAtom(p.bits);
  int64_t warps = threads / 32;
  // f8 with an f16 accumulator has no mma.sync form in the PTX ISA emitted
  // (m16n8k32 .f16.e4m3.e4m3.f16 needs 8.7): the general product below.
  Type accType =
      cast<ct::TileType>(op->getOperand(2).getType()).getElementType();
  bool mmaSyncForm = !(isF8(in) && accType.isF16());
  if (mmaSyncForm && k % atomK == 0) {
    for (int64_t gm = warps; gm >= 1; gm /= 2) {
      int64_t gn = warps / gm;
      if (m % (atomM * gm) == 0 && n % (8 * gn) == 0) {
        p.gridM = gm;
        p.gridN = gn;
        return p;
      }
    }
  }
  // The general product (tiles too small or K not whole atoms for the
  // tensor cores): the FMA units, one multiply-add per element and K step
  // in the accumulator type; f8 inputs are widened to f16 first (exact),
  // i8 inputs (mmai) are extended to i32 by the signedness of each input
  // and accumulate modulo 2^32, as mma.sync does.
  if (isF8(in))
    p.inType = Float16Type::get(op->getContext());
  p.bits = p.inType.getIntOrFloatBitWidth();
  p.fma = true;
  return p;
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
  // The cuda_tile verifier admits f16/f8 -> f16 or f32, bf16/tf32/f32 ->
  // f32, f64 -> f64.
  if (!(in.isF16() || in.isBF16() || isF8(in) || isa<FloatTF32Type>(in) ||
        in.isF32() || in.isF64()))
    return op->emitOpError() << "with " << in << " inputs is not supported";
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
  if (lhs.getRank() != 2 && lhs.getRank() != 3)
    return op->emitOpError()
           << "expects rank-2 or rank-3 tiles, got rank " << lhs.getRank();
  if (failed(checkTypes(op, lhs.getElementType(), rhs.getElementType(),
                        acc.getElementType(), target)))
    return failure();
  int64_t r = lhs.getRank() - 2;
  MmaPlan plan = planMma(op, lhs.getDimSize(r), rhs.getDimSize(r + 1),
                         lhs.getDimSize(r + 1), threads, target);
  if (r) {
    plan.batched = true;
    plan.batch = lhs.getDimSize(0);
  }
  return plan;
}

/// The swizzle (bytes) of the K-major shared layout of a K-loop operand
/// that cp.async fills (`copiedAsync`) where wgmma reads it: the rows of K
/// themselves when they are 32, 64 or 128 bytes (one swizzle atom per row,
/// so that each warpgroup's rows are one block of the buffer; cp.async's
/// 16-byte chunks and wgmma's reads spread over the banks), else none.
/// Operands copied through registers are not swizzled.
unsigned sharedSwizzle(const MmaPlan &p, bool copiedAsync) {
  int64_t rowBytes = p.k * p.bits / 8;
  if (!p.wgmma || !copiedAsync)
    return 0;
  // Rows of several 128-byte atoms: the 128-byte swizzle, atom by atom.
  if (rowBytes % 128 == 0)
    return 128;
  if (rowBytes != 32 && rowBytes != 64)
    return 0;
  return rowBytes;
}

/// Whether wgmma can read operand A or B of plan `p` MN-major: 16-bit
/// inputs, 64-row blocks of M or N per piece, K in steps of 16. The form of
/// an operand that is contiguous along M or N (in registers or in global
/// memory): see getWgmmaMNMajorSwizzledLayout.
bool mnMajorFits(const MmaPlan &p, bool isA) {
  int64_t piece = isA ? p.pieceM() : p.pieceN();
  return p.wgmma && !p.batched && p.bits == 16 && piece % 64 == 0 &&
         p.k % 16 == 0;
}

/// The shared layout of operand A (M x K) or B (K x N, or N x K when
/// `transposed`) for plan `p`, before the swizzle `swizzle`.
TileLayout sharedLayout(const MmaPlan &p, bool isA, bool transposed,
                        unsigned swizzle = 0) {
  int64_t rows = isA ? p.m : p.n;
  if (p.wgmma && swizzle)
    return mma::getWgmmaKMajorSwizzledLayout(rows, p.k, p.bits,
                                             /*transposed=*/!isA && !transposed,
                                             /*bufferRows=*/0, swizzle);
  if (p.wgmma)
    return mma::getWgmmaKMajorLayout(rows, p.k, p.bits,
                                     /*transposed=*/!isA && !transposed);
  // mma_sync: row-major over the buffer's shape.
  int64_t d0 = isA ? p.m : (transposed ? p.n : p.k);
  int64_t d1 = isA ? p.k : (transposed ? p.k : p.n);
  return TileLayout({Iter{d0, d1, "m"}, Iter{d1, 1, "m"}});
}

/// How operand A (M x K) or B (K x N) of plan `p` is staged in shared memory
/// when cp.async copies it from global memory, stored `transposed` (A as
/// K x M, B as N x K: the order in which global memory is contiguous along
/// K for B and along M for A). wgmma reads an operand contiguous along M or
/// N MN-major (mnMajorFits, the 128-byte swizzle) and the others K-major
/// (sharedSwizzle); mma.sync reads row-major buffers. `async` is false for
/// a B contiguous along N that wgmma cannot read MN-major: it is copied
/// through registers into the K-major layout. Nullopt for an A contiguous
/// along M that the product cannot read so.
struct OperandStaging {
  TileLayout layout;
  unsigned swizzle = 0;
  bool async = true;
};
/// The staging of an mma.sync operand A (M x K) or B (K x N, stored N x K
/// when `transposed`). An operand contiguous along K (8-, 16- or 32-bit
/// elements), whose lines of 16 bytes ldmatrix reads, takes wgmma's
/// K-major swizzled layout (atoms of 32, 64 or 128 bytes of K per row,
/// XOR-swizzled); a 16-bit B contiguous along N (N a multiple of 64), read
/// by ldmatrix.trans, its MN-major one. The 8 lines of each ldmatrix then
/// fall in distinct banks, where rows of 128 bytes or more of a row-major
/// tile put them all in the same four. A tf32 B contiguous along N, which
/// each lane reads element by element (lane l: rows l%4 and l%4 + 4,
/// column l/4 of each 8 x 8 block), is stored in blocks of 8 columns, each
/// K rows of 32 bytes (32-byte swizzle): 4 rows of 8 columns cover the 32
/// banks, where a row-major tile with rows of a multiple of 128 bytes puts
/// the 4 rows of a read in the same 8. Nullopt: row-major.
static std::optional<OperandStaging> mmaSyncStaging(const MmaPlan &p, bool isA,
                                                    bool transposed) {
  if (p.wgmma || p.fma || (p.bits != 8 && p.bits != 16 && p.bits != 32))
    return std::nullopt;
  int64_t rows = isA ? p.m : p.n;
  if (isA != transposed) {
    int64_t rowBytes = p.k * p.bits / 8;
    unsigned swizzle = rowBytes % 128 == 0                  ? 128
                       : (rowBytes == 32 || rowBytes == 64) ? rowBytes
                                                            : 0;
    if (!swizzle || rows % 8 != 0)
      return std::nullopt;
    return OperandStaging{
        mma::getWgmmaKMajorSwizzledLayout(rows, p.k, p.bits,
                                          /*transposed=*/false,
                                          /*bufferRows=*/0, swizzle),
        swizzle, true};
  }
  if (isA)
    return std::nullopt;
  if (p.bits == 32 && p.n % 8 == 0 && p.k % 8 == 0)
    return OperandStaging{
        mma::getWgmmaKMajorSwizzledLayout(p.k, p.n, p.bits,
                                          /*transposed=*/false,
                                          /*bufferRows=*/0, 32),
        32, true};
  if (p.bits != 16 || p.n % 64 != 0 || p.k % 8 != 0)
    return std::nullopt;
  return OperandStaging{
      mma::getWgmmaMNMajorSwizzledLayout(p.n, p.k, p.bits, /*transposed=*/true),
      128, true};
}

std::optional<OperandStaging> operandStaging(const MmaPlan &p, bool isA,
                                             bool transposed) {
  bool alongMN = isA == transposed;
  if (alongMN && p.wgmma) {
    if (mnMajorFits(p, isA))
      return OperandStaging{mma::getWgmmaMNMajorSwizzledLayout(
                                isA ? p.m : p.n, p.k, p.bits, true),
                            128, true};
    if (isA)
      return std::nullopt;
    // 4-byte elements (tf32): cp.async copies them one by one into the
    // K-major layout.
    if (p.bits == 32) {
      unsigned swizzle = sharedSwizzle(p, /*copiedAsync=*/true);
      return OperandStaging{sharedLayout(p, false, false, swizzle), swizzle,
                            true};
    }
    return OperandStaging{sharedLayout(p, false, false), 0, false};
  }
  if (alongMN && isA)
    return std::nullopt;
  if (std::optional<OperandStaging> sync = mmaSyncStaging(p, isA, transposed))
    return sync;
  unsigned swizzle = sharedSwizzle(p, /*copiedAsync=*/true);
  return OperandStaging{sharedLayout(p, isA, transposed, swizzle), swizzle,
                        true};
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
    if (lhs.getRank() != 2 && lhs.getRank() != 3)
      return;
    int64_t r = lhs.getRank() - 2;
    MmaPlan plan =
        planMma(op, lhs.getDimSize(r), rhs.getDimSize(r + 1),
                lhs.getDimSize(r + 1), planner.getCtaThreads(), target);
    // The general product works on the blocked layout.
    if (plan.fma)
      return;
    if (r) {
      plan.batched = true;
      plan.batch = lhs.getDimSize(0);
      planner.setLayout({plan.batch, plan.m, plan.n}, accLayout(plan));
      return;
    }
    planner.setLayout({plan.m, plan.n}, accLayout(plan));
    // Row statistics of the accumulator (a reduce along N kept as M x 1,
    // such as attention's running max and sum) take the layout that reduce
    // gives, so that reducing the accumulator and broadcasting back to it
    // need no layout conversion (each would be a round trip through shared
    // memory with barriers).
    if (FailureOr<TileLayout> rows =
            LayoutPlanner::getReduced(accLayout(plan), {plan.m, plan.n}, {1});
        succeeded(rows))
      planner.setLayout({plan.m, 1}, *rows);
  });
}

int64_t mlir::tileir::mmaCtaThreads(ct::EntryOp entry,
                                    const ::tileir::TargetInfo &target) {
  if (!target.hasWGMMA())
    return 0;
  // The rank-2 mmaf products (their M, N, K and 64-row blocks of M), and
  // whether a warpgroup may compute several blocks of each: every product
  // of the kernel is such an mmaf of 16-bit inputs (the one-warpgroup f8
  // 128x128x128 K loop spilled 2 KiB (ptxas), where two warpgroups spilled
  // 212 bytes; other types were not measured) whose stages fit three times
  // in half of the SM (halfSmStages: the gain of one warpgroup comes with a
  // second CTA on the SM).
  struct Product {
    Operation *op;
    int64_t m, n, k, rows, gridN;
  };
  SmallVector<Product> products;
  bool stack = true;
  entry.walk([&](Operation *op) {
    if (!isa<ct::MmaFOp, ct::MmaIOp, ct::MmaFScaledOp>(op))
      return;
    auto lhs = cast<ct::TileType>(op->getOperand(0).getType());
    auto rhs = cast<ct::TileType>(op->getOperand(1).getType());
    if (!isa<ct::MmaFOp>(op) || lhs.getRank() != 2) {
      stack = false;
      return;
    }
    int64_t m = lhs.getDimSize(0), n = rhs.getDimSize(1), k = lhs.getDimSize(1);
    unsigned bits = lhs.getElementType().getIntOrFloatBitWidth();
    // A K loop's stages hold chunks of its K tile.
    int64_t stageK = isKLoopProduct(op) ? kLoopChunk(m, n, k, bits) : k;
    if (bits != 16 || !halfSmStages(target, stageBytesOf(m, n, stageK, bits)))
      stack = false;
    // Pieces of at most 256 columns.
    products.push_back({op, m, n, k, std::max<int64_t>(1, m / 64),
                        int64_t(llvm::divideCeil(n, 256))});
  });
  // Warpgroups along M, the same for every product: one per 64-row block,
  // or where stacking applies, the fewest (a power of two) that keep the
  // accumulators of the products of each block (a loop body: they are live
  // together; the products of two loops one after the other are not)
  // within kAccumulatorsPerThread elements per thread: cuTile's 128x128
  // matmul on one warpgroup (two m64n128 pieces, Triton's and tileiras's
  // warpgroup tile), its attention with D = 64 too (the 128x64 scores and
  // the 128x64 output; the causal kernel's two loops each hold such a
  // pair), with D = 128 on two.
  int64_t most = 1;
  for (const Product &p : products)
    most = std::max(most, p.rows);
  int64_t unitsM = most;
  if (stack) {
    auto accumulators = [&](int64_t units) {
      SmallVector<std::pair<Operation *, int64_t>> counts;
      for (const Product &p : products)
        counts.push_back(
            {p.op, p.m * p.n / (128 * std::min(units, p.rows) * p.gridN)});
      return largestBlockSum(counts);
    };
    for (unitsM = 1; unitsM < most; unitsM *= 2)
      if (accumulators(unitsM) <= kAccumulatorsPerThread)
        break;
  }
  int64_t threads = 0;
  for (const Product &p : products) {
    int64_t want = 128 * std::min(unitsM, p.rows) * p.gridN;
    // Only where planMma then takes wgmma (its types, shapes and pieces).
    if (planMma(p.op, p.m, p.n, p.k, want, target).wgmma)
      threads = std::max(threads, want);
  }
  return threads;
}

int64_t mlir::tileir::mmaAccumulatorRegisters(ct::EntryOp entry,
                                              int64_t threads) {
  SmallVector<std::pair<Operation *, int64_t>> counts;
  entry.walk([&](Operation *op) {
    if (!isa<ct::MmaFOp, ct::MmaIOp>(op))
      return;
    auto acc = cast<ct::TileType>(op->getOperand(2).getType());
    int64_t bits =
        acc.getNumElements() * acc.getElementType().getIntOrFloatBitWidth();
    counts.push_back({op, int64_t(llvm::divideCeil(bits, 32 * threads))});
  });
  return largestBlockSum(counts);
}

//===----------------------------------------------------------------------===//
// Building blocks
//===----------------------------------------------------------------------===//

/// The buffer type `type` with `shape` and tile layout `layout` (element
/// type, memory scope and swizzle kept).
static tirx::BufferType withShapeLayout(tirx::BufferType type,
                                        ArrayRef<int64_t> shape,
                                        const TileLayout &layout) {
  return tirx::BufferType::get(type.getContext(), shape, type.getElementType(),
                               type.getMemScope(),
                               type.getLayout().withLayout(layout));
}

/// A view of the buffer `source` with `shape` and `layout` (its swizzle
/// kept).
static Value viewAs(OpBuilder &b, Location loc, Value source,
                    ArrayRef<int64_t> shape, const TileLayout &layout) {
  return tirx::ViewOp::create(
      b, loc,
      withShapeLayout(cast<tirx::BufferType>(source.getType()), shape, layout),
      source);
}

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
    return viewAs(b, loc, source, shape, layout);
  }

  void barrier() { gpu::BarrierOp::create(b, loc); }

  /// A register buffer with `layout` holding the elements of `src` (a
  /// buffer in any layout, or a scalar): `src` itself when it has the
  /// layout, else a fresh buffer written by EntryLowering::assign (fill,
  /// or a layout change).
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

  /// acc += A * B on shared A (M x K, or K x M with `transposeA`: wgmma
  /// only) and B (K x N, or N x K with `transposeB`) laid out by
  /// sharedLayout or MN-major; wgmma issues gemm_async and leaves `pending`
  /// groups in flight.
  void step(Value sharedA, Value sharedB, bool transposeA, bool transposeB,
            Value acc, bool async, int64_t pending) {
    assert((p.wgmma || !transposeA) && "transposed A is read by wgmma only");
    FloatAttr one = b.getF64FloatAttr(1.0);
    Type elemA = cast<tirx::BufferType>(sharedA.getType()).getElementType();
    Type elemB = cast<tirx::BufferType>(sharedB.getType()).getElementType();
    int64_t pm = p.pieceM(), pn = p.pieceN();
    // Views keep the offset of their source (a batch index of a rank-3
    // product).
    if (p.fma) {
      tirx::GemmOp::create(b, loc, acc, sharedA, sharedB, acc, UnitAttr(),
                           unit(transposeB), one, one, l.cta(), p.gemmConfig,
                           nullptr);
      return;
    }
    if (!p.wgmma) {
      Value accPiece =
          view(acc, {pm, pn}, withOffset(accPieceLayout(p), offsetOf(acc)));
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
                           p.gemmConfig, instruction());
      return;
    }
    int64_t warpgroups = p.unitsM() * p.gridN;
    Value wgid =
        warpgroups > 1
            ? tirx::WarpgroupIdOp::create(b, loc, b.getIndexType()).getResult()
            : Value();
    // Several pieces of one warpgroup: asynchronous products waited for
    // together (a promote_k product adds each chunk's sum once it is
    // complete, so it waits for each).
    bool together = !async && p.repM > 1 && !p.promoteK;
    for (int64_t w = 0; w < warpgroups; ++w) {
      OpBuilder::InsertionGuard guard(b);
      if (warpgroups > 1) {
        Value cond =
            arith::CmpIOp::create(b, loc, arith::CmpIPredicate::eq, wgid,
                                  arith::ConstantIndexOp::create(b, loc, w));
        auto ifOp = scf::IfOp::create(b, loc, cond, /*withElse=*/false);
        b.setInsertionPointToStart(ifOp.thenBlock());
      }
      for (int64_t r = 0; r < p.repM; ++r)
        emitPiece(sharedA, sharedB, transposeA, transposeB, acc,
                  (w / p.gridN) * p.repM + r, w % p.gridN, r,
                  async || together);
      if (async || together)
        tirx::GemmWaitOp::create(
            b, loc, b.getI64IntegerAttr(async ? pending * p.repM : 0),
            warpgroupScope(), nullptr, instruction());
    }
  }

  /// The wgmma product of piece (i, j) of the accumulator `acc`, held in
  /// the `r`-th piece registers of its warpgroup: gemm_async (`async`) or
  /// gemm.
  void emitPiece(Value sharedA, Value sharedB, bool transposeA, bool transposeB,
                 Value acc, int64_t i, int64_t j, int64_t r, bool async) {
    FloatAttr one = b.getF64FloatAttr(1.0);
    int64_t pm = p.pieceM(), pn = p.pieceN();
    Value accPiece = stackedPiece(acc, {pm, pn}, accPieceLayout(p), r);
    // The layout of the block of rows [index * rows, (index + 1) * rows)
    // of an operand buffer with `all` rows, at its offset: whole rows of
    // K (no swizzle), swizzle atoms of K (K-major swizzled) or 64-row
    // blocks (MN-major) come before the next rows.
    auto pieceLayout = [&](Value shared, int64_t all, int64_t rows,
                           int64_t index, bool transposed) {
      auto type = cast<tirx::BufferType>(shared.getType());
      int64_t offset = offsetOf(shared) + index * rows * p.k;
      if (!type.getLayout().getSwizzle())
        return withOffset(
            mma::getWgmmaKMajorLayout(rows, p.k, p.bits, transposed), offset);
      if (type.getTileLayout().canonicalize() ==
          mma::getWgmmaMNMajorSwizzledLayout(all, p.k, p.bits, transposed))
        return withOffset(
            mma::getWgmmaMNMajorSwizzledLayout(rows, p.k, p.bits, transposed),
            offset);
      unsigned swizzle = type.getLayout().getSwizzle();
      int64_t atom = swizzle * 8 / p.bits;
      return withOffset(mma::getWgmmaKMajorSwizzledLayout(
                            rows, p.k, p.bits, transposed, all, swizzle),
                        offsetOf(shared) + index * rows * atom);
    };
    SmallVector<int64_t> aPieceShape = transposeA
                                           ? SmallVector<int64_t>{p.k, pm}
                                           : SmallVector<int64_t>{pm, p.k};
    // A in registers (registerALayout): the piece's rows are the r-th
    // piece registers of the warpgroup, like the accumulator's.
    Value a = cast<tirx::BufferType>(sharedA.getType()).isLocal()
                  ? stackedPiece(sharedA, aPieceShape,
                                 mma::getWgmmaAccumulatorLayout(p.k), r)
                  : view(sharedA, aPieceShape,
                         pieceLayout(sharedA, p.m, pm, i, transposeA));
    SmallVector<int64_t> bPieceShape = transposeB
                                           ? SmallVector<int64_t>{pn, p.k}
                                           : SmallVector<int64_t>{p.k, pn};
    Value bv = view(sharedB, bPieceShape,
                    pieceLayout(sharedB, p.n, pn, j, !transposeB));
    if (async) {
      tirx::GemmAsyncOp::create(b, loc, accPiece, a, bv, accPiece,
                                unit(transposeA), unit(transposeB), one, one,
                                warpgroupScope(), p.gemmConfig, instruction());
    } else {
      tirx::GemmOp::create(b, loc, accPiece, a, bv, accPiece, unit(transposeA),
                           unit(transposeB), one, one, warpgroupScope(),
                           p.gemmConfig, instruction());
    }
  }

  /// The view of the `r`-th piece registers of a warpgroup in the register
  /// buffer `regs` (a CTA layout of gridLayout with stacked pieces), whose
  /// pieces have the fragment layout `piece`.
  Value stackedPiece(Value regs, ArrayRef<int64_t> shape,
                     const TileLayout &piece, int64_t r) {
    return view(regs, shape,
                withOffset(piece, offsetOf(regs) + r * piece.span("m")));
  }

  /// A unit attribute where `set`, else none (the gemm ops' flags).
  UnitAttr unit(bool set) const { return set ? b.getUnitAttr() : UnitAttr(); }

  tirx::ExecScopeAttr warpgroupScope() const {
    return tirx::ExecScopeAttr::get(ctx, tirx::ExecScope::Warpgroup);
  }

  /// The plan's tensor-core instruction, recorded on the gemm ops as the
  /// dispatch variant that lowers them (planMma decides it once; dispatch
  /// checks that the variant's predicates hold).
  StringAttr instruction() const {
    if (p.wgmma)
      return b.getStringAttr("wgmma");
    return b.getStringAttr(p.inType.isInteger() ? "mma_sync_int" : "mma_sync");
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
  l.map(result, *converted);
  l.markMmaResult(result);
  return success();
}

/// The shared layout and swizzle an operand of a single product (A: M x K,
/// B: K x N) is staged in for plan `p`, from `lowered`, its registers. For
/// wgmma (rank 2): a 16-bit operand whose threads hold consecutive elements
/// along M or N is staged MN-major (each thread stores whole vectors), else
/// K-major; both with the 128-byte swizzle where the shape allows it (its
/// stores and wgmma's reads spread over the banks), else the K-major
/// no-swizzle layout.
static std::pair<TileLayout, unsigned> stagingLayout(const MmaPlan &p, bool isA,
                                                     Value lowered) {
  if (std::optional<OperandStaging> sync = mmaSyncStaging(p, isA, false))
    return {sync->layout, sync->swizzle};
  if (!p.wgmma || p.batched)
    return {sharedLayout(p, isA, false), 0};
  int64_t rows = isA ? p.m : p.n;
  bool transposed = !isA;
  // Flat bits of the lowest index along M/N and along K (A is M x K, B is
  // K x N).
  auto log2 = [](int64_t v) { return llvm::Log2_64(uint64_t(v)); };
  unsigned mnBit = isA ? log2(p.k) : 0, kBit = isA ? 0 : log2(p.n);
  bool alongMN = false;
  if (auto type = dyn_cast<tirx::BufferType>(lowered.getType()))
    if (llvm::isPowerOf2_64(p.k) && llvm::isPowerOf2_64(rows))
      if (FailureOr<::tileir::layout::BitLayout> bits =
              ::tileir::layout::BitLayout::get(type.getTileLayout());
          succeeded(bits)) {
        SmallVector<unsigned> memory = bits->memoryBits();
        alongMN = llvm::is_contained(memory, mnBit) &&
                  !llvm::is_contained(memory, kBit);
      }
  if (alongMN && mnMajorFits(p, isA))
    return {mma::getWgmmaMNMajorSwizzledLayout(rows, p.k, p.bits, transposed),
            128};
  // Registers can be stored through any swizzle: whole 128-byte atoms of K,
  // or the swizzle of one narrower row of K.
  unsigned swizzle = sharedSwizzle(p, /*copiedAsync=*/true);
  if (swizzle)
    return {mma::getWgmmaKMajorSwizzledLayout(rows, p.k, p.bits, transposed,
                                              /*bufferRows=*/0, swizzle),
            swizzle};
  return {sharedLayout(p, isA, false), 0};
}

/// The lowered loop before which an operand of `mma` that the loops around
/// it do not change can be staged into shared memory once: the tirx loop of
/// the outermost cuda_tile loop around `mma` that does not contain the
/// operand's definition. Null when every loop around `mma` defines the
/// operand (a loop-carried or loop-computed value), or when `lowered` (the
/// operand's tirx value) is not defined outside that loop.
static Operation *invariantStagingPoint(EntryLowering &l, Operation *mma,
                                        Value operand, Value lowered) {
  Operation *definer = operand.getParentRegion()->getParentOp();
  int64_t loops = 0;
  for (Operation *p = mma->getParentOp(); p && !p->isAncestor(definer);
       p = p->getParentOp())
    if (isa<ct::ForOp, ct::LoopOp>(p))
      ++loops;
  // cuda_tile `for` and `loop` become scf.for and scf.while, one for one.
  Operation *point = nullptr;
  for (Operation *p = l.b.getInsertionBlock()->getParentOp(); p && loops;
       p = p->getParentOp())
    if (isa<scf::ForOp, scf::WhileOp>(p)) {
      point = p;
      --loops;
    }
  if (loops || !point)
    return nullptr;
  Operation *loweredDefiner = lowered.getParentRegion()->getParentOp();
  if (point->isAncestor(loweredDefiner))
    return nullptr;
  return point;
}

/// The tirx.gemm config of an mmai (the signedness of each i8 input); null
/// for mmaf.
static DictionaryAttr gemmConfigFor(OpBuilder &b, Operation *op,
                                    const MmaPlan &p) {
  if (p.promoteK)
    return b.getDictionaryAttr(
        b.getNamedAttr("promote_k", b.getI64IntegerAttr(p.promoteK)));
  auto mmai = dyn_cast<ct::MmaIOp>(op);
  if (!mmai)
    return nullptr;
  auto isSigned = [&](ct::Signedness s) {
    return b.getBoolAttr(s == ct::Signedness::Signed);
  };
  return b.getDictionaryAttr(
      {b.getNamedAttr("signed_a", isSigned(mmai.getSignednessLhs())),
       b.getNamedAttr("signed_b", isSigned(mmai.getSignednessRhs()))});
}

/// `config` (a gemm config, or null) with `async_operands = true`: the
/// product's shared operands were written by TMA, or by ordinary stores
/// followed by a tirx.async_proxy_fence, so wgmma fences no more.
static DictionaryAttr withAsyncOperands(OpBuilder &b, DictionaryAttr config) {
  NamedAttrList attrs(config);
  attrs.set("async_operands", b.getBoolAttr(true));
  return attrs.getDictionary(b.getContext());
}

/// Whether the product `mma` may accumulate in place into `lowered`, the
/// buffer of its accumulator operand `acc`: nothing reads `acc` after the
/// product (the product is its one use, in the block that defines `acc`:
/// not once per iteration of a loop around it) and no other value of the
/// kernel lives in that buffer (no other value maps to it, no view of it,
/// not a loop's carried buffer). Attention's rescaled output accumulator
/// is such a value; copying it first cost a register copy of the
/// accumulator and one add per element in every iteration.
static bool accumulatesInPlace(EntryLowering &l, Operation *mma, Value acc,
                               Value lowered) {
  if (!acc.hasOneUse() || acc.getParentBlock() != mma->getBlock() ||
      !lowered.getDefiningOp<tirx::AllocOp>())
    return false;
  // The ops that write a buffer (map, fill, copy, ...) have no results;
  // anything else (a view) makes a second value of it.
  for (Operation *user : lowered.getUsers())
    if (user->getNumResults() || !isa<tirx::TirXDialect>(user->getDialect()))
      return false;
  return l.lowersOnly(acc, lowered);
}

template <typename OpTy>
static LogicalResult lowerMmaF(EntryLowering &l, OpTy op) {
  FailureOr<MmaPlan> plan = planFor(op, l.planner.getCtaThreads(), *l.target);
  if (failed(plan))
    return failure();
  plan->gemmConfig = gemmConfigFor(l.b, op, *plan);
  if (plan->fma) {
    plan->fmaAcc = l.planner.getBlocked({plan->m, plan->n});
    if (plan->inType.isF32())
      plan->gemmConfig = l.b.getDictionaryAttr(
          l.b.getNamedAttr("precision", l.b.getStringAttr("f32")));
  }
  Location loc = op.getLoc();
  MmaEmitter e(l, *plan, loc);
  Value lhs = l.get(op.getLhs()), rhs = l.get(op.getRhs()),
        acc = l.get(op.getAcc());
  if (!lhs || !rhs || !acc)
    return l.fail(op, "has an operand that was not lowered");
  SmallVector<int64_t> aShape = shapeOf(op.getLhs()).first;
  SmallVector<int64_t> bShape = shapeOf(op.getRhs()).first;
  auto [cShape, cElem] = shapeOf(op.getAcc());
  // A rank-3 product keeps its batch indices one after the other in every
  // buffer (batchLayout): batch index i is a view at offset i * the span of
  // one rank-2 product.
  auto batched = [&](const TileLayout &layout) {
    return plan->batched ? batchLayout(layout, plan->batch) : layout;
  };
  // Inputs the plan widens (f8 -> f16, planMma) are converted in
  // registers, in their own layout, before they are staged.
  auto widen = [&](Value operand, Value &lowered) {
    if (!isF8(shapeOf(operand).second) || !plan->inType.isF16())
      return;
    Value src = l.getBuffer(operand, loc);
    auto srcType = cast<tirx::BufferType>(src.getType());
    lowered =
        l.alloc(srcType.getShape(), plan->inType, srcType.getTileLayout(), loc);
    tirx::CastOp::create(l.b, loc, lowered, src, l.flag(false), l.cta(),
                         nullptr, nullptr);
  };
  widen(op.getLhs(), lhs);
  widen(op.getRhs(), rhs);
  // A splat operand fills the shared buffer; a register tile is copied. An
  // operand the loops around the product do not change (attention's Q) is
  // staged once, before the outermost such loop; the barrier below, before
  // the product, orders it too.
  // An operand already in shared memory (a streamed load) in a layout the
  // product reads, as it is or transposed (operandStaging), is read in
  // place.
  auto inPlace = [&](Value lowered, ArrayRef<int64_t> shape,
                     bool isA) -> std::optional<std::pair<Value, bool>> {
    auto type = dyn_cast<tirx::BufferType>(lowered.getType());
    if (!type || !type.isShared() || plan->batched)
      return std::nullopt;
    FailureOr<::tileir::layout::BitLayout> bits =
        ::tileir::layout::BitLayout::get(type.getTileLayout());
    if (failed(bits) || !bits->replica.empty())
      return std::nullopt;
    for (bool transposed : {false, true}) {
      std::optional<OperandStaging> staging =
          operandStaging(*plan, isA, transposed);
      if (!staging || staging->swizzle != type.getLayout().getSwizzle())
        continue;
      SmallVector<int64_t> stored(shape);
      if (transposed)
        std::swap(stored[0], stored[1]);
      FailureOr<::tileir::layout::BitLayout> want =
          ::tileir::layout::BitLayout::get(staging->layout);
      if (failed(want))
        continue;
      ::tileir::layout::BitLayout seen =
          transposed ? want->permutedDims(stored, {1, 0}) : *want;
      if (seen.shard != bits->shard || seen.memOffset != bits->memOffset)
        continue;
      return std::pair{e.view(lowered, stored, staging->layout), transposed};
    }
    return std::nullopt;
  };
  bool transposeA = false, transposeB = false;
  // Whether every operand in shared memory was written by TMA, or staged
  // before the loops around the product and fenced for the async proxy
  // there: the product then needs no fence of its own (async_operands).
  bool asyncReady = true;
  // The rank-2 layout each operand is staged in (a batched product's
  // batch indices are views of it, one after the other).
  TileLayout aLayout = sharedLayout(*plan, true, false);
  TileLayout bLayout = sharedLayout(*plan, false, false);
  auto stage = [&](Value operand, Value lowered, ArrayRef<int64_t> shape,
                   bool isA) {
    if (std::optional<std::pair<Value, bool>> found =
            inPlace(lowered, shape, isA)) {
      (isA ? transposeA : transposeB) = found->second;
      asyncReady &= l.loopProducts.writtenByTma(found->first);
      return found->first;
    }
    auto [layout, swizzle] = stagingLayout(*plan, isA, lowered);
    (isA ? aLayout : bLayout) = layout;
    OpBuilder::InsertionGuard guard(l.b);
    Operation *point = invariantStagingPoint(l, op, operand, lowered);
    if (point)
      l.b.setInsertionPoint(point);
    tirx::BufferType sharedType =
        bufferType(l.b.getContext(), shape, plan->inType,
                   tirx::MemScope::Shared, batched(layout), swizzle);
    // An operand of several products (FFT's real and imaginary parts, each
    // in two products; causal attention's Q, staged before each of its two
    // loops) is staged once while its staging is in scope. The product
    // fences it for wgmma itself unless it was fenced where it was staged.
    if (Value copy = l.findCopy(lowered, sharedType)) {
      asyncReady &= l.loopProducts.isFenced(copy);
      return copy;
    }
    Value shared = tirx::AllocOp::create(l.b, loc, sharedType);
    l.rememberCopy(lowered, sharedType, shared);
    if (isa<tirx::BufferType>(lowered.getType()))
      tirx::CopyOp::create(l.b, loc, shared, lowered, nullptr, l.cta(), nullptr,
                           nullptr);
    else
      tirx::FillOp::create(l.b, loc, shared, lowered, l.cta(), nullptr,
                           nullptr);
    // Staged once before the loop: fenced and published (a CTA barrier)
    // once there, not by every iteration's product, which then needs no
    // barrier of its own when its other operands are TMA's.
    if (point && plan->wgmma && !plan->batched) {
      tirx::AsyncProxyFenceOp::create(l.b, loc);
      gpu::BarrierOp::create(l.b, loc);
      l.loopProducts.markFenced(shared);
    } else {
      asyncReady = false;
    }
    return shared;
  };
  // A 16-bit A in registers in the layout wgmma reads A from registers
  // (attention's P, cast from the scores' accumulator) is not staged: the
  // product reads its registers (docs/Matmul.md). One the loops around the
  // product do not change (attention's Q) is staged once instead, so that
  // it does not hold registers across the loop.
  auto isRegisterA = [&] {
    auto type = dyn_cast<tirx::BufferType>(lhs.getType());
    std::optional<TileLayout> want = registerALayout(*plan);
    return type && type.isLocal() && want &&
           !invariantStagingPoint(l, op, op.getLhs(), lhs) &&
           type.getElementType() == plan->inType &&
           shapeOf(op.getAcc()).second.isF32() && type.getTileLayout() == *want;
  };
  Value sharedA = isRegisterA() ? lhs : stage(op.getLhs(), lhs, aShape, true);
  Value sharedB = stage(op.getRhs(), rhs, bShape, false);
  if (asyncReady)
    plan->gemmConfig = withAsyncOperands(l.b, plan->gemmConfig);
  // Operands that TMA wrote (every thread waited for them on their
  // mbarriers) or that were staged and published before the loop need no
  // barrier before the product. After it, the next iteration's copies
  // into its buffers wait for the body's next barrier (deferFence), or,
  // with a producer warp, for the warpgroups to hand the buffers back on
  // mbarriers (productDone).
  if (!asyncReady) {
    e.barrier();
    l.loopProducts.barrierBefore(op);
  }
  FailureOr<Value> staged = e.toLayout(acc, cShape, cElem, accLayout(*plan));
  if (failed(staged))
    return failure();
  Value d = *staged;
  if (d == acc && !accumulatesInPlace(l, op, op.getAcc(), acc)) {
    // The product must not overwrite the operand's buffer.
    Value copy = l.alloc(cShape, cElem, accLayout(*plan), loc);
    Value zero = arith::ConstantOp::create(l.b, loc, l.b.getZeroAttr(cElem));
    tirx::AddOp::create(l.b, loc, copy, acc, zero, l.flag(false), l.flag(false),
                        l.cta(), nullptr, nullptr);
    d = copy;
  }
  // In a loop, the next iteration stages its A and B into the same shared
  // buffers (or streams the next tiles into them): every warp must be done
  // reading them first. In the body of a `for`, the next barrier of the
  // body will do (LoopProducts::deferFence).
  auto fence = [&] {
    if (l.insideLoop() && !l.loopProducts.deferFence(op))
      e.barrier();
  };
  if (!plan->batched) {
    // The last product of a pipelined body is issued one iteration late
    // (LoopProducts::pipeline moves it once the body is complete).
    Value carried;
    bool defer = plan->wgmma && plan->unitsM() * plan->gridN == 1 &&
                 sharedA == lhs &&
                 l.loopProducts.deferrable(op, sharedA, d, carried);

    Block *block = l.b.getInsertionBlock();
    Operation *before = l.b.getInsertionPoint() == block->begin()
                            ? nullptr
                            : &*std::prev(l.b.getInsertionPoint());
    e.step(sharedA, sharedB, transposeA, transposeB, d, /*async=*/false, 0);
    SmallVector<Operation *> handBacks = l.loopProducts.productDone(op);
    l.loopProducts.recordProduct(
        op, before ? before->getNextNode() : &block->front(), handBacks, defer,
        sharedA, d, carried);
    // A stream of one buffer is refilled once every warp has read it.
    if (l.loopProducts.refillsAfter(op)) {
      e.barrier();
      if (failed(l.loopProducts.refill(op)))
        return failure();
    } else if (!asyncReady || !l.loopProducts.specialized(op)) {
      fence();
    }
    return mapResult(l, e, op.getResult(), d);
  }
  // One rank-2 product per batch index, on views of the batch's A, B and
  // accumulator.
  TileLayout cLayout = accLayout2D(*plan);
  int64_t aSpan = aLayout.span("m"), bSpan = bLayout.span("m");
  int64_t cSpan = cLayout.span("m");
  for (int64_t i = 0; i < plan->batch; ++i) {
    Value a =
        e.view(sharedA, {plan->m, plan->k}, withOffset(aLayout, i * aSpan));
    Value bv =
        e.view(sharedB, {plan->k, plan->n}, withOffset(bLayout, i * bSpan));
    Value c = e.view(d, {plan->m, plan->n}, withOffset(cLayout, i * cSpan));
    e.step(a, bv, /*transposeA=*/false, /*transposeB=*/false, c,
           /*async=*/false, 0);
  }
  fence();
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
  /// The `ftof` f32 -> tf32 of the loaded A or B tile (cuTile's matmul of
  /// f32 arrays), rounded in its pipeline stage; null where the tile is
  /// multiplied as loaded.
  ct::FToFOp roundA, roundB;
  /// A load of rank 3 whose tile has a unit extent along this dimension,
  /// which a reshape drops (cuTile's batched matmul: a 1 x M x K tile at
  /// the CTA's batch index), or -1 for a rank-2 load.
  int64_t dropA = -1, dropB = -1;
  /// The mmaf or mmai (operands lhs, rhs, acc; one result).
  Operation *mma = nullptr;
  /// Scalar ops of the body (index arithmetic), in order.
  SmallVector<Operation *> scalarOps;
};

/// Whether `op` rounds f32 tiles to tf32 (the conversion of a K loop's
/// f32 tiles before a tf32 product).
bool isTf32Rounding(Operation *op) {
  auto cvt = dyn_cast<ct::FToFOp>(op);
  return cvt &&
         cast<ct::TileType>(cvt.getSource().getType())
             .getElementType()
             .isF32() &&
         isa<FloatTF32Type>(
             cast<ct::TileType>(cvt.getResult().getType()).getElementType());
}

/// Matches the K-loop pattern: the accumulator carried first, then
/// possibly tokens (cuTile threads the loads' tokens through the loop when
/// a later op orders after them: its split-K matmul), a body of rank-0
/// ops, two view loads, `join_tokens` of the carried tokens and the loads'
/// result tokens that the loop continues with, an optional `ftof` to tf32
/// of each loaded tile, an optional permute [1, 0] of B (before or after
/// its `ftof`) and one mmaf that the loop continues with. A load may be of
/// rank 3 with a unit tile extent along a dimension whose index is the
/// same in every iteration, reshaped to rank 2 right after (cuTile's
/// batched matmul); the loop then reads a rank-2 view of that batch.
std::optional<KLoop> matchKLoop(ct::ForOp forOp) {
  if (forOp.getInitValues().empty() || forOp.getUnsignedCmp() ||
      !llvm::all_of(forOp.getInitValues().drop_front(),
                    [](Value v) { return isa<ct::TokenType>(v.getType()); }))
    return std::nullopt;
  Block &body = forOp.getRegion().front();
  KLoop loop;
  loop.forOp = forOp;
  SmallVector<ct::LoadViewTkoOp> loads;
  SmallVector<ct::FToFOp> rounds;
  SmallVector<ct::ReshapeOp> reshapes;
  ct::PermuteOp permute;
  for (Operation &op : body) {
    if (auto reshape = dyn_cast<ct::ReshapeOp>(op)) {
      reshapes.push_back(reshape);
      continue;
    }
    if (auto load = dyn_cast<ct::LoadViewTkoOp>(op)) {
      loads.push_back(load);
      continue;
    }
    // Tokens only order the loop's loads before what follows the loop: no
    // data (the lowering marks the loop's token results).
    if (isa<ct::JoinTokensOp>(op))
      continue;
    if (isTf32Rounding(&op)) {
      rounds.push_back(cast<ct::FToFOp>(op));
      continue;
    }
    if (auto perm = dyn_cast<ct::PermuteOp>(op)) {
      if (permute)
        return std::nullopt;
      permute = perm;
      continue;
    }
    if (isa<ct::MmaFOp, ct::MmaIOp>(op)) {
      if (loop.mma)
        return std::nullopt;
      loop.mma = &op;
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
  Value lhs = loop.mma->getOperand(0), mmaAcc = loop.mma->getOperand(2);
  Value product = loop.mma->getResult(0);
  if (cont->getNumOperands() != forOp.getInitValues().size() ||
      cont->getOperand(0) != product || mmaAcc != acc || !acc.hasOneUse() ||
      !product.hasOneUse())
    return std::nullopt;
  // Rank-3 (batched) products are lowered op by op.
  if (cast<ct::TileType>(lhs.getType()).getRank() != 2)
    return std::nullopt;
  // The loads' tokens reach only joins, and the joins only the loop's
  // tokens.
  auto onlyJoined = [&](Value token) {
    SmallVector<Value> work{token};
    while (!work.empty()) {
      for (Operation *user : work.pop_back_val().getUsers()) {
        if (user == cont)
          continue;
        if (!isa<ct::JoinTokensOp>(user) || user->getBlock() != &body)
          return false;
        work.push_back(user->getResult(0));
      }
    }
    return true;
  };
  for (ct::LoadViewTkoOp load : loads)
    if (load.getResultToken() && !onlyJoined(load.getResultToken()))
      return std::nullopt;
  for (BlockArgument token : body.getArguments().drop_front(2))
    if (!onlyJoined(token))
      return std::nullopt;
  Value rhs = loop.mma->getOperand(1);
  // Steps from an operand to the tile its `ftof` rounds, recording the
  // conversion in `into`.
  auto throughRound = [&](Value v, ct::FToFOp &into) -> Value {
    auto cvt = v.getDefiningOp<ct::FToFOp>();
    if (!cvt || !llvm::is_contained(rounds, cvt) || into || !v.hasOneUse())
      return v;
    into = cvt;
    return cvt.getSource();
  };
  lhs = throughRound(lhs, loop.roundA);
  rhs = throughRound(rhs, loop.roundB);
  if (permute) {
    if (rhs != permute.getResult() || !permute.getResult().hasOneUse() ||
        permute.getPermutation().size() != 2 ||
        permute.getPermutation()[0] != 1)
      return std::nullopt;
    rhs = permute.getSource();
    loop.transposeB = true;
  }
  rhs = throughRound(rhs, loop.roundB);
  // Every rounding belongs to an operand.
  if (int64_t(rounds.size()) != bool(loop.roundA) + bool(loop.roundB))
    return std::nullopt;
  // Steps from an operand to the rank-3 tile a reshape drops a unit
  // dimension of, recording that dimension in `drop`.
  int64_t used = 0;
  auto throughReshape = [&](Value v, int64_t &drop) -> Value {
    auto reshape = v.getDefiningOp<ct::ReshapeOp>();
    if (!reshape || !llvm::is_contained(reshapes, reshape) || !v.hasOneUse())
      return v;
    ArrayRef<int64_t> from =
        cast<ct::TileType>(reshape.getSource().getType()).getShape();
    ArrayRef<int64_t> to = cast<ct::TileType>(v.getType()).getShape();
    if (from.size() != 3 || to.size() != 2)
      return v;
    for (int64_t d = 0; d < 3; ++d) {
      SmallVector<int64_t> rest(from);
      rest.erase(rest.begin() + d);
      if (from[d] == 1 && ArrayRef<int64_t>(rest) == to) {
        drop = d;
        ++used;
        return reshape.getSource();
      }
    }
    return v;
  };
  lhs = throughReshape(lhs, loop.dropA);
  rhs = throughReshape(rhs, loop.dropB);
  if (used != int64_t(reshapes.size()))
    return std::nullopt;
  for (ct::LoadViewTkoOp load : loads) {
    if (load.getTile() == lhs && load.getTile().hasOneUse())
      loop.loadA = load;
    else if (load.getTile() == rhs && load.getTile().hasOneUse())
      loop.loadB = load;
  }
  if (!loop.loadA || !loop.loadB)
    return std::nullopt;
  // The dropped dimension's index is the same in every iteration.
  for (auto [load, drop] :
       {std::pair(loop.loadA, loop.dropA), std::pair(loop.loadB, loop.dropB)})
    if (drop >= 0 && (int64_t(load.getIndex().size()) != 3 ||
                      !ct::isDefinedOutside(load.getIndex()[drop], forOp)))
      return std::nullopt;
  return loop;
}

bool isKLoopProduct(Operation *op) {
  auto forOp = dyn_cast_or_null<ct::ForOp>(op->getParentOp());
  std::optional<KLoop> loop = forOp ? matchKLoop(forOp) : std::nullopt;
  return loop && loop->mma == op;
}
} // namespace

/// A tirx.global_view of the elements of `global`'s type at `base`, with
/// `sizes` and `strides` (elements) and `alignment` (bytes).
static Value createGlobalView(OpBuilder &b, Location loc,
                              tirx::GlobalViewOp global, Value base,
                              ArrayRef<OpFoldResult> sizes,
                              ArrayRef<OpFoldResult> strides,
                              int64_t alignment) {
  SmallVector<Value> dynSizes, dynStrides;
  SmallVector<int64_t> staticSizes, staticStrides;
  dispatchIndexOpFoldResults(sizes, dynSizes, staticSizes);
  dispatchIndexOpFoldResults(strides, dynStrides, staticStrides);
  auto type = tirx::BufferType::get(
      b.getContext(), staticSizes,
      cast<tirx::BufferType>(global.getType()).getElementType(),
      tirx::MemScope::Global, nullptr);
  return tirx::GlobalViewOp::create(b, loc, type, base, dynSizes, dynStrides,
                                    b.getDenseI64ArrayAttr(staticSizes),
                                    b.getDenseI64ArrayAttr(staticStrides),
                                    b.getI64IntegerAttr(alignment));
}

/// Whether the rank-2 region view `view` reads column-major memory (a unit
/// stride on its first dimension and not on its second) of a
/// tirx.global_view.
static bool isColumnMajor(const PartitionViewInfo &view) {
  auto global = view.globalView.getDefiningOp<tirx::GlobalViewOp>();
  if (!global)
    return false;
  ArrayRef<int64_t> strides = global.getStaticStrides();
  return strides.size() == 2 && strides[0] == 1 && strides[1] != 1;
}

/// The rank-2 view of batch `index` (an index value, the tile index along
/// `dim`, where the view's tiles have a unit extent) of the rank-3 region
/// view `view`: a tirx.global_view at that batch's first element with the
/// other two sizes and strides. Where the batch lies outside the tensor
/// its first size is 0, so that every element reads as padding, as the
/// rank-3 load's would (and the base stays at batch 0).
static PartitionViewInfo batchView(OpBuilder &b, Location loc,
                                   PartitionViewInfo view, int64_t dim,
                                   Value index) {
  auto global = view.globalView.getDefiningOp<tirx::GlobalViewOp>();
  auto type = cast<tirx::BufferType>(global.getType());
  SmallVector<OpFoldResult> sizes = global.getMixedSizes();
  SmallVector<OpFoldResult> strides = global.getMixedStrides();
  auto value = [&](OpFoldResult v) {
    return getValueOrCreateConstantIndexOp(b, loc, v);
  };
  Value c0 = arith::ConstantIndexOp::create(b, loc, 0);
  Value first = arith::MulIOp::create(
      b, loc, index, arith::ConstantIndexOp::create(b, loc, view.steps[dim]));
  Value inside = arith::AndIOp::create(
      b, loc,
      arith::CmpIOp::create(b, loc, arith::CmpIPredicate::sge, first, c0),
      arith::CmpIOp::create(b, loc, arith::CmpIPredicate::slt, first,
                            value(sizes[dim])));
  Value batch = arith::SelectOp::create(b, loc, inside, first, c0);
  int64_t bytes = tirx::getMemoryBytes(type.getElementType());
  Value offset = arith::MulIOp::create(
      b, loc, arith::MulIOp::create(b, loc, batch, value(strides[dim])),
      arith::ConstantIndexOp::create(b, loc, bytes));
  Value base = LLVM::GEPOp::create(
      b, loc, global.getPtr().getType(), b.getI8Type(), global.getPtr(),
      ValueRange{arith::IndexCastOp::create(b, loc, b.getI64Type(), offset)});
  // The batch's base keeps the alignment its stride in bytes allows (a
  // power of two: knownDivisor's times the element's).
  int64_t alignment = std::min<int64_t>(
      global.getAlignment(), tirx::knownDivisor(strides[dim]) * bytes);
  sizes.erase(sizes.begin() + dim);
  strides.erase(strides.begin() + dim);
  sizes[0] =
      arith::SelectOp::create(b, loc, inside, value(sizes[0]), c0).getResult();
  view.globalView =
      createGlobalView(b, loc, global, base, sizes, strides, alignment);
  view.tileShape.erase(view.tileShape.begin() + dim);
  view.steps.erase(view.steps.begin() + dim);
  view.dimMap = {0, 1};
  return view;
}

/// The rank-2 region view `view` read transposed: a tirx.global_view of the
/// same memory with sizes and strides swapped, tiles of the swapped shape.
static PartitionViewInfo transposedView(OpBuilder &b, Location loc,
                                        PartitionViewInfo view) {
  auto global = view.globalView.getDefiningOp<tirx::GlobalViewOp>();
  SmallVector<OpFoldResult> sizes = global.getMixedSizes();
  SmallVector<OpFoldResult> strides = global.getMixedStrides();
  std::reverse(sizes.begin(), sizes.end());
  std::reverse(strides.begin(), strides.end());
  view.globalView = createGlobalView(b, loc, global, global.getPtr(), sizes,
                                     strides, global.getAlignment());
  std::reverse(view.tileShape.begin(), view.tileShape.end());
  std::reverse(view.steps.begin(), view.steps.end());
  return view;
}

/// dst[i] = ftof(src[i]) as `op` converts (f32 storage for tf32), over
/// the CTA; `dst` may be `src`.
static void emitConvertMap(EntryLowering &l, ct::FToFOp op, Value dst,
                           Value src) {
  OpBuilder &b = l.b;
  Location loc = op.getLoc();
  auto map = tirx::MapOp::create(b, loc, dst, ValueRange{src}, l.cta(), nullptr,
                                 nullptr);
  OpBuilder::InsertionGuard guard(b);
  Block *body = tirx::createElementBody(b, map.getBody(), src, loc);
  tirx::YieldOp::create(
      b, loc,
      l.buildFloatConvert(
          body->getArgument(0),
          cast<ct::TileType>(op.getSource().getType()).getElementType(),
          cast<ct::TileType>(op.getResult().getType()).getElementType(),
          op.getRoundingMode(), loc));
}

/// Rounds the f32 tile of the shared stage buffer `stage` to tf32 in place
/// as `round` does. The rounding is elementwise, so a stage whose layout
/// fills its storage slots densely is walked in storage order, whatever
/// its logical order: the threads read 16-byte vectors into a blocked
/// register tile, round them and write them back (the swizzle moves
/// 16-byte chunks, so a vector stays whole). Other layouts are rounded
/// element by element.
static void roundStage(EntryLowering &l, MmaEmitter &e, Value stage,
                       ct::FToFOp round) {
  Location loc = round.getLoc();
  auto type = cast<tirx::BufferType>(stage.getType());
  const TileLayout &stageLayout = type.getTileLayout();
  int64_t n = stageLayout.getNumElements();
  int64_t vec = ::tileir::layout::kMaxVectorBytes * 8 /
                int64_t(type.getElementType().getIntOrFloatBitWidth());
  int64_t base = offsetOf(stage);
  if (stageLayout.span("m") - base != n || n % vec) {
    emitConvertMap(l, round, stage, stage);
    return;
  }
  Value flat =
      e.view(stage, {n}, withOffset(TileLayout({Iter{n, 1, "m"}}), base));
  Value regs = l.alloc(
      {n}, type.getElementType(),
      ::tileir::layout::getBlockedLayout(n, vec, l.planner.getCtaThreads()),
      loc);
  tirx::CopyOp::create(l.b, loc, regs, flat, nullptr, l.cta(), nullptr,
                       nullptr);
  emitConvertMap(l, round, regs, regs);
  tirx::CopyOp::create(l.b, loc, flat, regs, nullptr, l.cta(), nullptr,
                       nullptr);
}

/// The TMA boxes that fill a shared stage buffer of type `type` (rank 2,
/// swizzled by `swizzle` bytes): its rows cut into chunks one swizzle span
/// wide (TMA's 128-byte swizzle covers boxes of at most 128-byte rows),
/// each of which must be a dense row-major box of the buffer's storage
/// (tirx::tmaBoxMismatch). Nullopt for other layouts.
static std::optional<SmallVector<TmaBox, 2>> tmaBoxes(tirx::BufferType type,
                                                      unsigned swizzle) {
  ArrayRef<int64_t> shape = type.getShape();
  int64_t bytes = type.getElementTypeBitWidth() / 8;
  if (shape.size() != 2 || !swizzle || bytes == 0)
    return std::nullopt;
  int64_t inner = std::min<int64_t>(shape[1], swizzle / bytes);
  if (inner == 0 || shape[1] % inner != 0)
    return std::nullopt;
  SmallVector<TmaBox, 2> boxes;
  for (int64_t c = 0; c < shape[1]; c += inner) {
    TmaBox box{{0, c}, {shape[0], inner}, {}};
    llvm::Expected<TileLayout> sliced =
        type.getTileLayout().slice(shape, box.offset, box.shape);
    if (!sliced) {
      llvm::consumeError(sliced.takeError());
      return std::nullopt;
    }
    box.layout = *sliced;
    if (!tirx::tmaBoxMismatch(withShapeLayout(type, box.shape, box.layout))
             .empty())
      return std::nullopt;
    boxes.push_back(std::move(box));
  }
  return boxes;
}

/// Whether TMA can read the global view `globalView` (read through its
/// transpose where `transposed`): a 16-byte aligned base, a unit innermost
/// stride and outer strides that are multiples of 16 bytes (`assume
/// div_by` facts).
static bool tmaReadable(Value globalView, bool transposed = false) {
  auto global = globalView.getDefiningOp<tirx::GlobalViewOp>();
  if (!global || global.getAlignment() < 16 ||
      !tirx::TensorMapsOp::getDataType(
          cast<tirx::BufferType>(global.getType()).getElementType()))
    return false;
  SmallVector<OpFoldResult> strides = global.getMixedStrides();
  if (transposed)
    std::reverse(strides.begin(), strides.end());
  int64_t bytes =
      cast<tirx::BufferType>(global.getType()).getElementTypeBitWidth() / 8;
  std::optional<int64_t> inner = getConstantIntValue(strides.back());
  if (!inner || *inner != 1)
    return false;
  for (size_t d = 0; d + 1 < strides.size(); ++d)
    if ((tirx::knownDivisor(strides[d]) * bytes) % 16 != 0)
      return false;
  return true;
}

/// How TMA loads regions of the global view `globalView` into shared
/// buffers of type `stage` (swizzled by `swizzle` bytes), or nullopt where
/// it cannot (tmaReadable, tmaBoxes).
static std::optional<TmaOperand>
tmaOperand(Value globalView, tirx::BufferType stage, unsigned swizzle) {
  if (!tmaReadable(globalView))
    return std::nullopt;
  std::optional<SmallVector<TmaBox, 2>> boxes = tmaBoxes(stage, swizzle);
  if (!boxes)
    return std::nullopt;
  return TmaOperand{globalView, std::move(*boxes), swizzle};
}

/// One tirx.tensor_maps for `ops` (their global views and swizzles), with
/// the boxes `boxes` (one per op, in its view's dimensions) and `.tf32`
/// maps where `tf32` says so (empty: none). Returns the maps.
static SmallVector<Value> buildTensorMaps(OpBuilder &b, Location loc,
                                          ArrayRef<TmaOperand> ops,
                                          ArrayRef<Attribute> boxes,
                                          ArrayRef<bool> tf32 = {}) {
  auto ptr = LLVM::LLVMPointerType::get(b.getContext(), 1);
  SmallVector<Value> views;
  SmallVector<int64_t> swizzles;
  for (const TmaOperand &op : ops) {
    views.push_back(op.globalView);
    swizzles.push_back(op.swizzle);
  }
  bool anyTf32 = llvm::is_contained(tf32, true);
  return tirx::TensorMapsOp::create(
             b, loc, SmallVector<Type>(ops.size(), ptr), views,
             b.getArrayAttr(boxes), b.getDenseI64ArrayAttr(swizzles),
             anyTf32 ? b.getDenseBoolArrayAttr(tf32) : DenseBoolArrayAttr())
      .getMaps();
}

/// Runs `body` in thread 0 of the CTA (an scf.if on the thread id).
static void inThread0(OpBuilder &b, Location loc,
                      llvm::function_ref<void()> body) {
  Value first =
      arith::CmpIOp::create(b, loc, arith::CmpIPredicate::eq,
                            gpu::ThreadIdOp::create(b, loc, gpu::Dimension::x),
                            arith::ConstantIndexOp::create(b, loc, 0));
  auto ifOp = scf::IfOp::create(b, loc, first, /*withElse=*/false);
  OpBuilder::InsertionGuard guard(b);
  b.setInsertionPointToStart(ifOp.thenBlock());
  body();
}

/// Shared mbarriers for TMA copies, initialized by thread 0 with an arrival
/// count of `arrivals` (one: the thread that arms them); the caller's CTA
/// barrier makes them visible before any wait.
static SmallVector<Value> initMBarriers(OpBuilder &b, Location loc,
                                        int64_t count, int64_t arrivals = 1) {
  auto type = bufferType(b.getContext(), {1}, b.getI64Type(),
                         tirx::MemScope::Shared, TileLayout({Iter{1, 1, "m"}}));
  SmallVector<Value> bars;
  for (int64_t i = 0; i < count; ++i)
    bars.push_back(tirx::AllocOp::create(b, loc, type));
  inThread0(b, loc, [&] {
    Value n = arith::ConstantIntOp::create(b, loc, b.getI32Type(), arrivals);
    for (Value bar : bars)
      tirx::MBarrierInitOp::create(b, loc, bar, 0, n);
  });
  return bars;
}

/// After the last TMA copy through `maps` (the first map of a
/// tirx.tensor_maps; null: the maps stay) and a CTA barrier behind every
/// wait on `bars`: thread 0 gives back the maps' slot and invalidates the
/// mbarriers, and a CTA barrier keeps their memory from being reused
/// before.
static void releaseTma(OpBuilder &b, Location loc, Value maps,
                       ArrayRef<Value> bars) {
  if (maps)
    tirx::TensorMapsReleaseOp::create(b, loc, maps);
  inThread0(b, loc, [&] {
    for (Value bar : bars)
      tirx::MBarrierInvalOp::create(b, loc, bar, 0);
  });
  gpu::BarrierOp::create(b, loc);
}

/// The producer warp's last waits: for each of the last `depth` of `trips`
/// iterations (index), `wait(j)` waits for the phase iteration j completed
/// on its full mbarrier. Those are the last phases of the `depth` buffers'
/// mbarriers (an older phase of the same mbarrier no longer reads as
/// completed); once they have, every copy of the loop has landed.
static void waitLastPhases(OpBuilder &b, Location loc, Value trips,
                           int64_t depth, function_ref<void(Value)> wait) {
  Value c0 = arith::ConstantIndexOp::create(b, loc, 0);
  Value from = arith::MaxSIOp::create(
      b, loc,
      arith::SubIOp::create(b, loc, trips,
                            arith::ConstantIndexOp::create(b, loc, depth)),
      c0);
  auto last = scf::ForOp::create(b, loc, from, trips,
                                 arith::ConstantIndexOp::create(b, loc, 1));
  OpBuilder::InsertionGuard guard(b);
  b.setInsertionPointToStart(last.getBody());
  wait(last.getInductionVar());
}

/// The parity of the phase a wait on a stream's mbarrier expects at
/// iteration `j` (index) of a stream of `depth` (1 or 2) buffers: buffer
/// j % depth completes its phase j / depth then.
static Value streamParity(OpBuilder &b, Location loc, Value j, int64_t depth) {
  Value use = depth == 1
                  ? j
                  : arith::ShRUIOp::create(
                        b, loc, j, arith::ConstantIndexOp::create(b, loc, 1));
  Value bit = arith::AndIOp::create(b, loc, use,
                                    arith::ConstantIndexOp::create(b, loc, 1));
  return arith::IndexCastOp::create(b, loc, b.getI32Type(), bit);
}

/// The trip count max(0, ceil((ub - lb) / step)) of a loop with index
/// bounds.
static Value tripCount(OpBuilder &b, Location loc, Value lb, Value ub,
                       Value step) {
  Value c0 = arith::ConstantIndexOp::create(b, loc, 0);
  Value c1 = arith::ConstantIndexOp::create(b, loc, 1);
  Value span = arith::SubIOp::create(b, loc, ub, lb);
  Value trips = arith::DivSIOp::create(
      b, loc,
      arith::SubIOp::create(b, loc, arith::AddIOp::create(b, loc, span, step),
                            c1),
      step);
  return arith::MaxSIOp::create(b, loc, trips, c0);
}

/// Whether a producer warp can compute `needed` (values of `forOp`'s
/// body, or of the kernel's body that tirx::findNotRecomputable accepts)
/// again: `forOp` is directly in the kernel's body.
static bool recomputableByProducer(ct::ForOp forOp, ArrayRef<Value> needed) {
  if (!isa<ct::EntryOp>(forOp->getParentOp()))
    return false;
  Block *entry = &forOp->getParentRegion()->front();
  Region &body = forOp.getRegion();
  return llvm::all_of(needed, [&](Value v) {
    return body.isAncestor(v.getParentRegion()) ||
           !tirx::findNotRecomputable(v, entry);
  });
}

/// Whether the kernel of `l` can give a loop's copies a producer warp of
/// their own without taking registers its threads need. The threads'
/// budget is what ptxas allots for the kernel's CTAs per SM (`occupancy`,
/// .minnctapersm); they are taken to need at most that, and at least the
/// registers of their products' accumulators and half as much again
/// (attention's scores, their exponentials and P next to its output), or
/// the accumulators and kAccumulatorReserve. One more warp of 32 threads
/// must leave them that (docs/Matmul.md, "Producer warp").
static bool producerWarpFits(EntryLowering &l) {
  const ::tileir::TargetInfo &t = *l.target;
  int64_t workers = l.planner.getCtaThreads();
  auto minCtas = l.func->getAttrOfType<IntegerAttr>(
      NVVM::NVVMDialect::getMinctasmAttrName());
  int64_t ctas = minCtas ? minCtas.getInt() : 1;
  int64_t acc = mmaAccumulatorRegisters(l.entry, workers);
  int64_t need =
      std::min<int64_t>(t.getRegistersPerThread(workers, ctas),
                        std::max(acc + kAccumulatorReserve, acc * 3 / 2));
  return t.getRegistersPerThread(workers + 32, ctas) >= need;
}

static LogicalResult lowerKLoop(EntryLowering &l, KLoop loop,
                                FailureOr<MmaPlan> plan) {
  ct::ForOp forOp = loop.forOp;
  Location loc = forOp.getLoc();
  OpBuilder &b = l.b;
  for (ct::LoadViewTkoOp load : {loop.loadA, loop.loadB}) {
    if (load.getMemoryOrderingSemantics() != ct::MemoryOrderingSemantics::Weak)
      return l.fail(load, "with a non-weak memory ordering is not supported "
                          "in a pipelined matmul loop");
    const PartitionViewInfo *view = l.views.lookupPartitionView(load.getView());
    if (!view)
      return l.fail(load, "expects a partition_view made in this kernel");
    if (!isRegionView(*view))
      return l.fail(load, "in a pipelined matmul loop expects a view whose "
                          "tiles are rectangular regions (identity dim_map, "
                          "no gathered dimension)");
    l.syncAfterStores(load.getToken(), loc);
  }
  PartitionViewInfo viewA = *l.views.lookupPartitionView(loop.loadA.getView());
  PartitionViewInfo viewB = *l.views.lookupPartitionView(loop.loadB.getView());
  auto [aShape, aElem] = shapeOf(loop.loadA.getTile());
  auto [bShape, bElem] = shapeOf(loop.loadB.getTile());
  // A batched load reads the rank-2 view of its batch.
  for (auto [load, drop, view, shape] :
       {std::tie(loop.loadA, loop.dropA, viewA, aShape),
        std::tie(loop.loadB, loop.dropB, viewB, bShape)}) {
    if (drop < 0)
      continue;
    view = batchView(b, loc, view, drop,
                     l.toIndex(l.get(load.getIndex()[drop]), loc));
    shape.erase(shape.begin() + drop);
  }
  // The K dimension of the loaded tiles: A is M x K, B K x N (N x K where
  // it is permuted).
  int64_t kDimA = 1, kDimB = loop.transposeB ? 1 : 0;
  // A tile that the loop rounds to tf32 to nearest even is rounded by its
  // TMA copy where it takes one (tmaAllowed below): a `.tf32` tensor map
  // rounds so, bit for bit as `cvt.rn.tf32.f32`
  // (utils/cutile/tf32_rounding.py).
  auto roundedByCopy = [&](ct::FToFOp round) {
    return round && round.getRoundingMode() == ct::RoundingMode::NearestEven;
  };
  bool tf32Copies = roundedByCopy(loop.roundA) || roundedByCopy(loop.roundB);
  // The stages hold chunks of each iteration's K tile (kLoopChunk) where
  // both views step by whole tiles along K (partition views): iteration i's
  // chunk c is the view's tile i * chunks + c of the chunk's extent. The
  // pipeline then runs chunks times as many steps, each a product of the
  // chunk's extent of K. wgmma loops, and mma.sync loops that TMA is to
  // copy (tf32 tiles from views it reads, tmaAllowed below; A as stored, B
  // through its transpose where it is column-major; where the stages then
  // split into no TMA boxes, cp.async copies the chunks): with cp.async,
  // cuTile's f16 split-K matmul ran 1.02-1.07x faster with whole K tiles
  // on an H200.
  bool tmaTarget = l.tmaLoads && l.target->hasTensorMapReplace() &&
                   l.target->allowsPtx(tirx::TensorMapsOp::kMinPtxVersion);
  bool syncTma = tmaTarget && tf32Copies && tmaReadable(viewA.globalView) &&
                 tmaReadable(viewB.globalView, isColumnMajor(viewB));
  // Any loop whose whole K tiles do not fit two stages in shared memory
  // (cp.async) takes chunks too.
  int64_t budget =
      int64_t(l.target->getMaxSharedMemoryPerCta()) - kSharedReserve;
  bool tooLarge =
      2 * stageBytesOf(plan->m, plan->n, plan->k, plan->bits) > budget;
  int64_t chunks = 1;
  if (int64_t chunk = kLoopChunk(plan->m, plan->n, plan->k, plan->bits);
      (plan->wgmma || syncTma || tooLarge) && chunk < plan->k &&
      viewA.steps[kDimA] == viewA.tileShape[kDimA] &&
      viewB.steps[kDimB] == viewB.tileShape[kDimB]) {
    chunks = plan->k / chunk;
    plan->k = chunk;
    for (auto [view, shape, dim] :
         {std::tie(viewA, aShape, kDimA), std::tie(viewB, bShape, kDimB)}) {
      view.tileShape[dim] = chunk;
      view.steps[dim] = chunk;
      shape[dim] = chunk;
    }
  }
  plan->gemmConfig = gemmConfigFor(b, loop.mma, *plan);
  MmaEmitter e(l, *plan, loc);
  // An operand whose global memory is column-major (unit stride on the
  // tile's first dimension) is read through the transposed view, so that
  // cp.async moves 16-byte runs, and staged transposed: the product reads
  // it with its transpose flag (B: N x K, K-major; A: K x M, MN-major,
  // wgmma with 16-bit inputs only). A permuted B (loaded N x K) from a
  // column-major view is then K x N again.
  bool flipA = isColumnMajor(viewA) && operandStaging(*plan, true, true);
  bool flipB = isColumnMajor(viewB);
  bool transposeA = flipA, transposeB = loop.transposeB != flipB;
  if (flipA) {
    viewA = transposedView(b, loc, viewA);
    std::swap(aShape[0], aShape[1]);
  }
  if (flipB) {
    viewB = transposedView(b, loc, viewB);
    std::swap(bShape[0], bShape[1]);
  }

  // Stages: enough for kBytesInFlight ahead, as many as fit the shared
  // memory of a CTA (at least 2; beyond 48 KiB the kernel takes dynamic
  // shared memory, see tirx-lower-buffers).
  int64_t stageBytes = stageBytesOf(plan->m, plan->n, plan->k, plan->bits);
  int64_t stages = std::min<int64_t>(
      {kMaxStages, budget / stageBytes,
       llvm::divideCeilSigned(kBytesInFlight, stageBytes) + 1});
  OperandStaging stagingA = *operandStaging(*plan, true, transposeA);
  OperandStaging stagingB = *operandStaging(*plan, false, transposeB);
  bool asyncB = stagingB.async;
  SmallVector<Value> stageA, stageB;
  TileLayout layoutA = stagingA.layout, layoutB = stagingB.layout;
  unsigned swizzleA = stagingA.swizzle, swizzleB = stagingB.swizzle;
  MLIRContext *ctx = b.getContext();
  tirx::BufferType typeA =
      bufferType(ctx, aShape, aElem, tirx::MemScope::Shared, layoutA, swizzleA);
  tirx::BufferType typeB =
      bufferType(ctx, bShape, bElem, tirx::MemScope::Shared, layoutB, swizzleB);

  // TMA loads: where both views allow it (tmaOperand), one thread
  // copies each stage's boxes by TMA through tensor maps built on the
  // device, completing on the stage's mbarrier, instead of every thread
  // copying by cp.async. The loop waits on the mbarrier of the stage it
  // reads, and a CTA barrier after the product (every warpgroup done with
  // the stage the next load refills) precedes the refill.
  // The rolled loop: mma.sync, and wgmma where a warpgroup computes
  // several pieces or `roll-wgmma` asks for it (below). mma.sync reads the
  // stages TMA wrote after the mbarrier wait, by ldmatrix or ld.shared.
  bool rolled = !plan->wgmma || plan->repM > 1 || l.rollWgmma;
  // TMA on the rolled wgmma loop: on an H200, cuTile's 128x128x64 and
  // 128x128x128 f16 matmuls (one warpgroup, two CTAs per SM) ran 1.07x
  // faster with TMA (geomean), where the unrolled loops' static stage
  // addresses keep cp.async cheap (64x64x32: 0.81-0.86x with TMA;
  // 128x256x64 within the runs' spread).
  std::optional<TmaOperand> tmaA, tmaB;
  // A tile rounded by its TMA copy needs no pass over each stage and its
  // barrier, so such loops take TMA unrolled too (cuTile's nt tf32
  // 128x128x32 matmul: 2.07x faster on an H200).
  // mma.sync loops take TMA where it rounds their tiles: with cp.async
  // into the same stages, cuTile's f16 split-K matmul (32x64x256 tiles)
  // ran 1.07-1.13x faster than with TMA on an H200 (the kernel is a few K
  // steps long, and TMA's tensor maps are built at its start).
  // An unrolled wgmma loop whose accumulators fill kAccumulatorsPerThread
  // (one 64x256 f32 piece per warpgroup) inside another loop (cuTile's
  // 256x256 tiles, whose K loop runs once per 128x256 slice; a persistent
  // kernel's tiles) takes TMA too: beside the accumulators and the outer
  // loop's values, each thread's twelve cp.async addresses and bounds
  // selects a step spilled (ptxas: 556 bytes; with TMA 228 registers, no
  // spills), and on an H200 cuTile's 256x256 f16 matmul and persistent
  // matmul ran 1.18x faster with TMA (both). So does a float8 product
  // into f32 without fast_acc, whose two accumulators fill the registers
  // (cuTile's 128x128x128 float8 matmul: 199 registers instead of 244,
  // 0.95-0.98 of the time, and bytecode -> cubin in 0.31 s instead of
  // 0.47). Directly in the kernel's body, 16-bit products (cuTile's
  // 128x256 tiles) keep cp.async: the nt kernels ran 1.12-1.16x slower
  // with TMA, nn and tn within 0.92-1.02x.
  Operation *parent = b.getInsertionBlock()->getParentOp();
  bool nestedLoop = isa<LoopLikeOpInterface>(parent) ||
                    parent->getParentOfType<LoopLikeOpInterface>();
  bool fullAccumulators =
      plan->wgmma && plan->pieceM() * plan->pieceN() * plan->repM *
                             (plan->promoteK ? 2 : 1) / 128 >=
                         kAccumulatorsPerThread;
  bool tmaAllowed =
      (plan->wgmma ? rolled || tf32Copies ||
                         (fullAccumulators && (nestedLoop || plan->promoteK))
                   : tf32Copies) &&
      asyncB && tmaTarget;
  if (tmaAllowed) {
    tmaA = tmaOperand(viewA.globalView, typeA, swizzleA);
    tmaB = tmaOperand(viewB.globalView, typeB, swizzleB);
  }
  // Operands with 4-byte elements (tf32) that global memory holds along M
  // or N (B given K x N, a column-major A): wgmma reads them K-major only,
  // which no TMA box is. TMA copies the tile as global memory holds it
  // (A through the transposed view) into a raw stage, row-major blocks of
  // 32 columns (one 128-byte swizzle span each), and once it has landed
  // every thread copies it into the K-major stage (prepareStages), where
  // the shared memory holds both for at least two stages.
  int64_t rawBytes = 0;
  std::optional<TileLayout> rawLayoutA, rawLayoutB;
  PartitionViewInfo rawViewA;
  auto rawStage =
      [&](Value globalView, ArrayRef<int64_t> shape, Type elem,
          std::optional<TmaOperand> &op) -> std::optional<TileLayout> {
    int64_t rows = shape[0], cols = shape[1], span = 128 / 4;
    int64_t bytes = rows * cols * 4;
    if (cols % span != 0 || budget / (stageBytes + rawBytes + bytes) < 2)
      return std::nullopt;
    // Blocks of 32 columns, each rows x 128 bytes: the K-major swizzled
    // form, with the raw stage's columns as "K".
    TileLayout raw = mma::getWgmmaKMajorSwizzledLayout(rows, cols, 32);
    op = tmaOperand(
        globalView,
        bufferType(ctx, shape, elem, tirx::MemScope::Shared, raw, 128), 128);
    if (!op)
      return std::nullopt;
    rawBytes += bytes;
    return raw;
  };
  if (tmaAllowed && plan->wgmma && !tmaA && plan->bits == 32 && !flipA &&
      isColumnMajor(viewA)) {
    rawViewA = transposedView(b, loc, viewA);
    rawLayoutA =
        rawStage(rawViewA.globalView, {aShape[1], aShape[0]}, aElem, tmaA);
  }
  if (tmaAllowed && plan->wgmma && tmaA && !tmaB && plan->bits == 32 &&
      !transposeB)
    rawLayoutB = rawStage(viewB.globalView, bShape, bElem, tmaB);
  bool tma = tmaA && tmaB;
  if (!tma) {
    rawLayoutA.reset();
    rawLayoutB.reset();
    rawBytes = 0;
  }
  // A raw stage is free once its copy into the K-major buffer is done,
  // before the product: in the unrolled loop an operand staged raw keeps
  // two K-major buffers (`copies`; the copy of step i + 1 writes the one
  // the product of step i - 1 read, which the group in flight has
  // retired) whatever the stages of its raw tiles and of the other
  // operand. cuTile's 256x256x64 tf32 matmul (K loops of 128x256 slices in
  // chunks of 32) then keeps three stages of A and raw B (144 KiB) and two
  // K-major B buffers (64 KiB), its loads two steps ahead and its wgmma
  // in flight, where K-major stages of their own left room for two stages
  // (160 KiB), loads one step ahead and every group waited for. Taken
  // where it gives more stages.
  int64_t kMajorBytes = (rawLayoutA ? bufferBytes(typeA) : 0) +
                        (rawLayoutB ? bufferBytes(typeB) : 0);
  int64_t copies = 0;
  int64_t perStage = stageBytes + rawBytes, stageBudget = budget;
  if (!rolled && kMajorBytes &&
      std::min(stages, (budget - 2 * kMajorBytes) / (perStage - kMajorBytes)) >
          std::min(stages, budget / perStage)) {
    copies = 2;
    perStage -= kMajorBytes;
    stageBudget -= copies * kMajorBytes;
  }
  stages = std::min<int64_t>(stages, stageBudget / perStage);
  // A CTA of one warpgroup shares its SM with a second one where enough
  // stages fit in half of the SM's shared memory.
  if (plan->wgmma && plan->unitsM() * plan->gridN == 1)
    if (int64_t half = halfSmStages(*l.target, stageBytes + rawBytes))
      stages = std::min(stages, half);
  if (stages < 2)
    return l.fail(forOp, "needs " + std::to_string(2 * stageBytes) +
                             " bytes of shared memory for two pipeline "
                             "stages of its A and B tiles, more than the " +
                             std::to_string(budget) + " available on " +
                             l.target->getChip().str());
  // wgmma keeps one group in flight when a stage is free for it. The loads
  // run stages - 1 iterations ahead: the stage a load refills was read by
  // the previous iteration's group, which every warpgroup has waited for
  // at the barrier before the load (refillBarrier).
  // A product with K-chunked promotion (f8 without fast_acc) waits for
  // each chunk's sum before adding it to the accumulator: no group stays
  // in flight.
  bool async = plan->wgmma && stages >= 3 && !plan->promoteK;
  int64_t inFlight = async ? 1 : 0;
  int64_t ahead = stages - 1; // loads issued ahead
  bool refillBarrier = inFlight > 0;
  // A producer warp (docs/Matmul.md, "Producer warp"): a warp of its own
  // issues the TMA loads, as far ahead as the stages allow, each stage
  // handed back by the warpgroups on an "empty" mbarrier once their
  // products on it have completed; the loop's threads then only wait,
  // compute and hand back, with no CTA barrier per step. Taken for the
  // rolled loop whose stages the product reads as TMA writes them (no raw
  // stage, no rounding pass), directly in the kernel's body (run once),
  // where the producer can compute the loop's bounds, tile indices and
  // views again (tirx.warp_specialize).
  auto roundedOrNone = [&](ct::FToFOp round) {
    return !round || roundedByCopy(round);
  };
  bool specialize = tma && rolled && async && l.warpSpecialize && !rawLayoutA &&
                    !rawLayoutB && roundedOrNone(loop.roundA) &&
                    roundedOrNone(loop.roundB) &&
                    isa<gpu::GPUFuncOp>(b.getInsertionBlock()->getParentOp());
  // TMA writes every byte the products read (no raw stage, no rounding
  // pass): wgmma needs no proxy fence before them (a membar per step).
  if (plan->wgmma && tma && !rawLayoutA && !rawLayoutB &&
      roundedOrNone(loop.roundA) && roundedOrNone(loop.roundB))
    plan->gemmConfig = withAsyncOperands(b, plan->gemmConfig);
  specialize = specialize && producerWarpFits(l);
  if (specialize) {
    SmallVector<Value> needed = {forOp.getLowerBound(), forOp.getUpperBound(),
                                 forOp.getStep(), loop.loadA.getView(),
                                 loop.loadB.getView()};
    for (Operation *op : loop.scalarOps)
      llvm::append_range(needed, op->getOperands());
    for (ct::LoadViewTkoOp load : {loop.loadA, loop.loadB})
      llvm::append_range(needed, load.getIndex());
    specialize = recomputableByProducer(forOp, needed);
  }

  // The product's buffers: one per stage, or `copies` for an operand
  // staged raw.
  for (int64_t s = 0; s < stages; ++s) {
    if (!copies || !rawLayoutA || s < copies)
      stageA.push_back(e.allocShared(aShape, aElem, layoutA, swizzleA));
    if (!copies || !rawLayoutB || s < copies)
      stageB.push_back(e.allocShared(bShape, bElem, layoutB, swizzleB));
  }
  SmallVector<Value> rawA, rawB;
  for (int64_t s = 0; s < stages; ++s) {
    if (rawLayoutA)
      rawA.push_back(
          e.allocShared({aShape[1], aShape[0]}, aElem, *rawLayoutA, 128));
    if (rawLayoutB)
      rawB.push_back(e.allocShared(bShape, bElem, *rawLayoutB, 128));
  }
  // The buffers the copies of A and B fill.
  ArrayRef<Value> fillA = rawA.empty() ? ArrayRef<Value>(stageA) : rawA;
  ArrayRef<Value> fillB = rawB.empty() ? ArrayRef<Value>(stageB) : rawB;
  SmallVector<Value> stageBar, emptyBar;
  Value mapA, mapB;
  bool tf32A = false, tf32B = false;
  auto buildMaps = [&] {
    SmallVector<Value> maps =
        buildTensorMaps(b, loc, {*tmaA, *tmaB},
                        {b.getDenseI64ArrayAttr(tmaA->boxes[0].shape),
                         b.getDenseI64ArrayAttr(tmaB->boxes[0].shape)},
                        {tf32A, tf32B});
    mapA = maps[0];
    mapB = maps[1];
  };
  int64_t tmaBytes = 0;
  if (tma) {
    stageBar = initMBarriers(b, loc, stages);
    tmaBytes = bufferBytes(typeA) + bufferBytes(typeB);
    if (roundedByCopy(loop.roundA)) {
      loop.roundA = nullptr;
      tf32A = true;
    }
    if (roundedByCopy(loop.roundB)) {
      loop.roundB = nullptr;
      tf32B = true;
    }
    // With a producer warp, it builds the maps itself; the warpgroups
    // hand each stage back on its empty mbarrier.
    // One more (never waited on) takes the hand-back of the first
    // iteration, which has no previous stage.
    if (specialize)
      emptyBar =
          initMBarriers(b, loc, stages + 1, plan->unitsM() * plan->gridN);
    else
      buildMaps();
    e.barrier();
  }

  // The trip count as an index.
  Value lb = l.toIndex(l.get(forOp.getLowerBound()), loc);
  Value ub = l.toIndex(l.get(forOp.getUpperBound()), loc);
  Value step = l.toIndex(l.get(forOp.getStep()), loc);
  Value c0 = arith::ConstantIndexOp::create(b, loc, 0);
  Value c1 = arith::ConstantIndexOp::create(b, loc, 1);
  Value trips = tripCount(b, loc, lb, ub, step);
  Value cChunks = arith::ConstantIndexOp::create(b, loc, chunks);
  if (chunks > 1)
    trips = arith::MulIOp::create(b, loc, trips, cChunks);
  Type ivType =
      cast<ct::TileType>(forOp.getInductionVar().getType()).getElementType();
  Value iv = forOp.getInductionVar();

  // TMA copies of the tile of `view` at tile indices `idx` into the stage
  // buffer `dst`, one per box, completing on `bar`.
  // In the producer warp's region (`producer`), its one thread issues
  // them (thread scope).
  bool producer = false;
  auto issueTma = [&](const TmaOperand &op, const PartitionViewInfo &view,
                      ArrayRef<Value> idx, Value dst, Value bar, Value map) {
    auto scope = producer
                     ? tirx::ExecScopeAttr::get(ctx, tirx::ExecScope::Thread)
                     : l.cta();
    for (const TmaBox &box : op.boxes)
      tirx::CopyAsyncOp::create(
          b, loc, e.view(dst, box.shape, box.layout),
          regionAt(b, loc, view, idx, box.offset, box.shape), bar,
          b.getI64IntegerAttr(0), map, nullptr, scope, nullptr, nullptr);
  };

  // Issues the copies of iteration `j` (an index) into the stage buffers
  // `dstA` and `dstB`, guarded by j < trips: by TMA on the stage's
  // mbarrier `bar`, else by cp.async, closing the cp.async group.
  auto issue = [&](Value j, Value dstA, Value dstB,
                   Value bar) -> LogicalResult {
    Value inRange =
        arith::CmpIOp::create(b, loc, arith::CmpIPredicate::slt, j, trips);
    auto ifOp = scf::IfOp::create(b, loc, inRange, /*withElse=*/false);
    {
      OpBuilder::InsertionGuard guard(b);
      b.setInsertionPointToStart(ifOp.thenBlock());
      // The loop's iteration and, for chunked K tiles, the chunk.
      Value iteration = j, chunk;
      if (chunks > 1) {
        iteration = arith::DivUIOp::create(b, loc, j, cChunks);
        chunk = arith::RemUIOp::create(b, loc, j, cChunks);
      }
      Value value = arith::AddIOp::create(
          b, loc, lb, arith::MulIOp::create(b, loc, iteration, step));
      l.map(iv, arith::IndexCastOp::create(b, loc, ivType, value));
      for (Operation *op : loop.scalarOps)
        if (failed(l.lower(op)))
          return failure();
      auto indices = [&](ct::LoadViewTkoOp load, int64_t kDim, bool flip) {
        SmallVector<Value> idx;
        int64_t drop = load == loop.loadA ? loop.dropA : loop.dropB;
        for (auto [d, v] : llvm::enumerate(load.getIndex()))
          if (int64_t(d) != drop)
            idx.push_back(l.toIndex(l.get(v), loc));
        if (chunk)
          idx[kDim] = arith::AddIOp::create(
              b, loc, arith::MulIOp::create(b, loc, idx[kDim], cChunks), chunk);
        if (flip)
          std::reverse(idx.begin(), idx.end());
        return idx;
      };
      if (tma) {
        // A raw A is copied through the transposed view.
        SmallVector<Value> idxA =
            indices(loop.loadA, kDimA, flipA || !rawA.empty());
        SmallVector<Value> idxB = indices(loop.loadB, kDimB, flipB);
        // One thread arms the mbarrier with the stage's bytes.
        auto arm = [&] {
          tirx::MBarrierArriveExpectTxOp::create(
              b, loc, bar, 0,
              arith::ConstantIntOp::create(b, loc, b.getI32Type(), tmaBytes));
        };
        if (producer)
          arm();
        else
          inThread0(b, loc, arm);
        issueTma(*tmaA, rawA.empty() ? viewA : rawViewA, idxA, dstA, bar, mapA);
        issueTma(*tmaB, viewB, idxB, dstB, bar, mapB);
        return success();
      }
      Value ra = regionAt(b, loc, viewA, indices(loop.loadA, kDimA, flipA));
      Value rb = regionAt(b, loc, viewB, indices(loop.loadB, kDimB, flipB));
      tirx::CopyAsyncOp::create(b, loc, dstA, ra, nullptr,
                                b.getI64IntegerAttr(0), nullptr, nullptr,
                                l.cta(), nullptr, nullptr);
      if (asyncB)
        tirx::CopyAsyncOp::create(b, loc, dstB, rb, nullptr,
                                  b.getI64IntegerAttr(0), nullptr, nullptr,
                                  l.cta(), nullptr, nullptr);
      else
        tirx::CopyOp::create(b, loc, dstB, rb, nullptr, l.cta(), nullptr,
                             nullptr);
    }
    if (!tma)
      tirx::AsyncCommitOp::create(b, loc);
    return success();
  };

  // Once a stage's copies have landed: A and B are copied from their raw
  // stages `rawAStage` (K x M) and `rawBStage` into the K-major ones, and
  // tf32 tiles are rounded in their stage; the product reads them after a
  // second barrier.
  auto prepareStages = [&](Value a, Value bStage, Value rawAStage,
                           Value rawBStage) -> LogicalResult {
    if (!loop.roundA && !loop.roundB && !rawAStage && !rawBStage)
      return success();
    if (rawAStage) {
      FailureOr<Value> mk = l.permuteBuffer(rawAStage, {1, 0}, loc);
      if (failed(mk))
        return l.fail(forOp, "has a raw stage layout that is not power-of-two");
      tirx::CopyOp::create(b, loc, a, *mk, nullptr, l.cta(), nullptr, nullptr);
    }
    if (rawBStage)
      tirx::CopyOp::create(b, loc, bStage, rawBStage, nullptr, l.cta(), nullptr,
                           nullptr);
    if (loop.roundA)
      roundStage(l, e, a, loop.roundA);
    if (loop.roundB)
      roundStage(l, e, bStage, loop.roundB);
    e.barrier();
    return success();
  };

  // Prologue: the first `ahead` iterations' tiles.
  auto barOf = [&](int64_t s) { return tma ? stageBar[s] : Value(); };
  for (int64_t s = 0; s < ahead && !specialize; ++s)
    if (failed(issue(arith::ConstantIndexOp::create(b, loc, s), fillA[s],
                     fillB[s], barOf(s))))
      return failure();
  // With TMA, the refill of a stage waits for every warpgroup's product
  // on it at a CTA barrier: no barrier comes before the product.
  if (tma)
    refillBarrier = true;
  Value c0i32, c1i32;
  if (tma) {
    c0i32 = arith::ConstantIntOp::create(b, loc, b.getI32Type(), 0);
    c1i32 = arith::ConstantIntOp::create(b, loc, b.getI32Type(), 1);
  }
  // Iteration i's tiles are in its stage: its mbarrier's phase of parity
  // `phase` completed (TMA), or this thread's cp.async groups landed and
  // every thread passed the barrier.
  auto waitStage = [&](Value bar, Value phase) {
    if (tma) {
      tirx::MBarrierWaitOp::create(b, loc, bar, 0, phase);
      return;
    }
    tirx::AsyncWaitOp::create(b, loc, b.getI64IntegerAttr(ahead - 1));
    e.barrier();
  };

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

  Value cStages = arith::ConstantIndexOp::create(b, loc, stages);
  auto pick = [&](ArrayRef<Value> buffers, Value stage) {
    Value chosen = buffers[0];
    for (int64_t t = 1; t < int64_t(buffers.size()); ++t) {
      Value is =
          arith::CmpIOp::create(b, loc, arith::CmpIPredicate::eq, stage,
                                arith::ConstantIndexOp::create(b, loc, t));
      chosen = arith::SelectOp::create(b, loc, is, buffers[t], chosen);
    }
    return chosen;
  };
  // The stage after `s` and the parity `p` of the mbarrier phases waited
  // for there, flipped when the stage wraps around (null without `p`).
  auto advance = [&](Value s, Value p) -> std::pair<Value, Value> {
    Value up = arith::AddIOp::create(b, loc, s, c1);
    Value wrap =
        arith::CmpIOp::create(b, loc, arith::CmpIPredicate::eq, up, cStages);
    Value next = arith::SelectOp::create(b, loc, wrap, c0, up);
    if (!p)
      return {next, Value()};
    return {next,
            arith::SelectOp::create(
                b, loc, wrap, arith::XOrIOp::create(b, loc, p, c1i32), p)};
  };
  if (specialize) {
    auto ws = tirx::WarpSpecializeOp::create(b, loc, /*producerWarps=*/1);
    {
      // The producer: iteration j waits until stage j % stages is empty
      // (its first use passes: the phase before the first has parity 1),
      // arms its full mbarrier and copies the tiles.
      OpBuilder::InsertionGuard guard(b);
      b.setInsertionPointToStart(&ws.getProducerBlock());
      producer = true;
      buildMaps();
      auto loads =
          scf::ForOp::create(b, loc, c0, trips, c1, ValueRange{c0, c1i32});
      {
        OpBuilder::InsertionGuard inner(b);
        b.setInsertionPointToStart(loads.getBody());
        Value j = loads.getInductionVar();
        Value t = loads.getRegionIterArg(0), p = loads.getRegionIterArg(1);
        tirx::MBarrierWaitOp::create(b, loc, pick(emptyBar, t), 0, p);
        if (failed(issue(j, pick(fillA, t), pick(fillB, t), pick(stageBar, t))))
          return failure();
        auto [nextT, nextP] = advance(t, p);
        scf::YieldOp::create(b, loc, ValueRange{nextT, nextP});
      }
      // The maps' slot is given back once the copies through them have
      // completed.
      waitLastPhases(b, loc, trips, stages, [&](Value j) {
        Value round = arith::DivUIOp::create(b, loc, j, cStages);
        Value parity = arith::IndexCastUIOp::create(
            b, loc, b.getI32Type(), arith::AndIOp::create(b, loc, round, c1));
        tirx::MBarrierWaitOp::create(
            b, loc, pick(stageBar, arith::RemUIOp::create(b, loc, j, cStages)),
            0, parity);
      });
      tirx::TensorMapsReleaseOp::create(b, loc, mapA);
      producer = false;
    }
    {
      // The warpgroups: iteration i waits for its stage's tiles, computes,
      // and once the previous iteration's products have completed (the
      // wait for all but one group) hands that iteration's stage back:
      // one thread per warpgroup arrives on its empty mbarrier (the first
      // iteration on the spare one, so that no iteration tests i).
      OpBuilder::InsertionGuard guard(b);
      b.setInsertionPointToStart(&ws.getBodyBlock());
      Value any =
          arith::CmpIOp::create(b, loc, arith::CmpIPredicate::sgt, trips, c0);
      auto nonEmptyIf = scf::IfOp::create(b, loc, any, /*withElse=*/false);
      b.setInsertionPointToStart(nonEmptyIf.thenBlock());
      int64_t warpgroups = plan->unitsM() * plan->gridN;
      Value tid = tirx::ThreadIdOp::create(b, loc, b.getIndexType());
      Value c128 = arith::ConstantIndexOp::create(b, loc, 128);
      Value leader = arith::AndIOp::create(
          b, loc,
          arith::CmpIOp::create(b, loc, arith::CmpIPredicate::eq,
                                arith::RemUIOp::create(b, loc, tid, c128), c0),
          arith::CmpIOp::create(
              b, loc, arith::CmpIPredicate::ult, tid,
              arith::ConstantIndexOp::create(b, loc, warpgroups * 128)));
      auto mainLoop = scf::ForOp::create(b, loc, c0, trips, c1,
                                         ValueRange{c0, c0i32, cStages});
      {
        OpBuilder::InsertionGuard inner(b);
        b.setInsertionPointToStart(mainLoop.getBody());
        Value stage = mainLoop.getRegionIterArg(0);
        Value phase = mainLoop.getRegionIterArg(1);
        Value previous = mainLoop.getRegionIterArg(2);
        tirx::MBarrierWaitOp::create(b, loc, pick(stageBar, stage), 0, phase);
        e.step(pick(stageA, stage), pick(stageB, stage), transposeA, transposeB,
               acc, async, inFlight);
        auto ifOp = scf::IfOp::create(b, loc, leader, /*withElse=*/false);
        {
          OpBuilder::InsertionGuard arrive(b);
          b.setInsertionPointToStart(ifOp.thenBlock());
          tirx::MBarrierArriveOp::create(b, loc, pick(emptyBar, previous), 0);
        }
        auto [nextStage, nextPhase] = advance(stage, phase);
        scf::YieldOp::create(b, loc, ValueRange{nextStage, nextPhase, stage});
      }
      tirx::GemmWaitOp::create(
          b, loc, b.getI64IntegerAttr(0),
          tirx::ExecScopeAttr::get(b.getContext(), tirx::ExecScope::Warpgroup),
          nullptr, e.instruction());
    }
    // Both done: the mbarriers are invalidated before their memory is
    // reused.
    SmallVector<Value> bars = stageBar;
    llvm::append_range(bars, emptyBar);
    releaseTma(b, loc, Value(), bars);
    return mapResult(l, e, forOp.getResultValues()[0], acc);
  }
  // With wgmma groups in flight, the loop and its final wait run only when
  // there is an iteration: on a path from the accumulator's fill to that
  // wait that skips the loop, ptxas finds non-wgmma definitions of the
  // accumulator registers inside a wgmma pipeline stage and serializes every
  // wgmma of the kernel (C7515). A static trip count folds the condition.
  std::optional<OpBuilder::InsertionGuard> nonEmpty;
  if (async) {
    nonEmpty.emplace(b);
    Value any =
        arith::CmpIOp::create(b, loc, arith::CmpIPredicate::sgt, trips, c0);
    auto ifOp = scf::IfOp::create(b, loc, any, /*withElse=*/false);
    b.setInsertionPointToStart(ifOp.thenBlock());
  }
  if (rolled) {
    // mma.sync: one loop iteration per K step, on stage i % stages, the
    // buffers of which are chosen at run time (arith.select of the stage
    // buffers; tirx-lower-buffers selects their storage): the kernel holds
    // one copy of the stage body. Unrolled by the stage count, LLVM spent
    // seconds on the copies and ptxas spilled (docs/Pipeline.md, "Compile
    // time"; H100: 10% faster rolled). wgmma where a warpgroup computes
    // several pieces (their accumulators take 128 registers: unrolled, the
    // stages' descriptors spilled; cuTile's 128x128x128 matmul ran 1.18x
    // faster rolled, its 128x128x64 one 0.96x), and with `roll-wgmma`: the
    // same loop; the dispatch computes the descriptor of every stage buffer
    // before the loop and selects among them (docs/Matmul.md).
    // The loop carries the stage of iteration i and the stage its load
    // fills, i % stages and (i + ahead) % stages: an add, a compare and a
    // select each, instead of two 64-bit remainders between the barrier
    // and the product (1.01-1.04x on cuTile's 128x128x64 matmuls, H200).
    // The loop also carries the parity of the phase of the stage's
    // mbarrier it waits for (TMA), flipped when the stage wraps.
    SmallVector<Value> inits = {
        c0, arith::ConstantIndexOp::create(b, loc, ahead % stages)};
    if (tma)
      inits.push_back(c0i32);
    auto mainLoop = scf::ForOp::create(b, loc, c0, trips, c1, inits);
    OpBuilder::InsertionGuard guard(b);
    b.setInsertionPointToStart(mainLoop.getBody());
    Value i = mainLoop.getInductionVar();
    Value stage = mainLoop.getRegionIterArg(0);
    Value nextStage = mainLoop.getRegionIterArg(1);
    Value phase = tma ? mainLoop.getRegionIterArg(2) : Value();
    auto [following, nextPhase] = advance(stage, phase);
    SmallVector<Value> carried = {following, advance(nextStage, Value()).first};
    if (tma)
      carried.push_back(nextPhase);
    // Iteration i's tiles landed, and every warp is done with the stage
    // the next copy overwrites (mma.sync: read before the barrier of the
    // wait; wgmma: the refill barrier after the step).
    waitStage(tma ? pick(stageBar, stage) : Value(), phase);
    Value a = pick(stageA, stage), bStage = pick(stageB, stage);
    if (failed(prepareStages(a, bStage,
                             rawA.empty() ? Value() : pick(rawA, stage),
                             rawB.empty() ? Value() : pick(rawB, stage))))
      return failure();
    e.step(a, bStage, transposeA, transposeB, acc, async, inFlight);
    if (refillBarrier)
      e.barrier();
    Value next = arith::AddIOp::create(
        b, loc, i, arith::ConstantIndexOp::create(b, loc, ahead));
    if (failed(issue(next, pick(fillA, nextStage), pick(fillB, nextStage),
                     tma ? pick(stageBar, nextStage) : Value())))
      return failure();
    scf::YieldOp::create(b, loc, carried);
  } else {
    // wgmma, one piece per warpgroup: unrolled by `stages` so that every
    // stage index is static (the descriptors are constants; rolled with the
    // descriptors computed from the selected stage in the loop, the kernels
    // were 3-20% slower on the H100 and H200).
    // With TMA the loop carries the parity of the stages' mbarrier phases:
    // each stage is filled once per iteration.
    // With `copies` K-major buffers of an operand staged raw, the body
    // runs lcm(stages, copies) steps so that those indices are static too;
    // a stage filled twice per iteration waits for the other parity the
    // second time.
    int64_t unroll = copies ? std::lcm(stages, copies) : stages;
    Value cUnroll = unroll == stages
                        ? cStages
                        : arith::ConstantIndexOp::create(b, loc, unroll);
    auto mainLoop = scf::ForOp::create(b, loc, c0, trips, cUnroll,
                                       tma ? ValueRange{c0i32} : ValueRange{});
    OpBuilder::InsertionGuard guard(b);
    b.setInsertionPointToStart(mainLoop.getBody());
    Value kk = mainLoop.getInductionVar();
    Value phase = tma ? mainLoop.getRegionIterArg(0) : Value();
    auto parity = [&](int64_t round) -> Value {
      if (!tma || round % 2 == 0)
        return phase;
      return arith::XOrIOp::create(b, loc, phase, c1i32);
    };
    for (int64_t t = 0; t < unroll; ++t) {
      int64_t s = t % stages;
      Value a = stageA[t % stageA.size()], bStage = stageB[t % stageB.size()];
      Value i = arith::AddIOp::create(
          b, loc, kk, arith::ConstantIndexOp::create(b, loc, t));
      Value inRange =
          arith::CmpIOp::create(b, loc, arith::CmpIPredicate::slt, i, trips);
      auto ifOp = scf::IfOp::create(b, loc, inRange, /*withElse=*/false);
      OpBuilder::InsertionGuard inner(b);
      b.setInsertionPointToStart(ifOp.thenBlock());
      // Iteration i's tiles landed; with a group in flight, every
      // warpgroup is done with the stage the next copy overwrites at the
      // refill barrier.
      waitStage(barOf(s), parity(t / stages));
      if (failed(prepareStages(a, bStage, rawA.empty() ? Value() : rawA[s],
                               rawB.empty() ? Value() : rawB[s])))
        return failure();
      e.step(a, bStage, transposeA, transposeB, acc, async, inFlight);
      if (refillBarrier)
        e.barrier();
      Value next = arith::AddIOp::create(
          b, loc, i, arith::ConstantIndexOp::create(b, loc, ahead));
      int64_t n = (s + ahead) % stages;
      if (failed(issue(next, fillA[n], fillB[n], barOf(n))))
        return failure();
    }
    if (tma) {
      b.setInsertionPointToEnd(mainLoop.getBody());
      scf::YieldOp::create(b, loc, parity(unroll / stages));
    }
  }
  if (async)
    tirx::GemmWaitOp::create(
        b, loc, b.getI64IntegerAttr(0),
        tirx::ExecScopeAttr::get(b.getContext(), tirx::ExecScope::Warpgroup),
        nullptr, e.instruction());
  nonEmpty.reset();
  // Later shared-memory users (another loop) start after every thread is
  // done with the stages; with TMA, thread 0 then gives back the tensor
  // maps' slot and invalidates the mbarriers, before the barrier after
  // which their memory may be reused.
  if (!tma)
    tirx::AsyncWaitOp::create(b, loc, b.getI64IntegerAttr(0));
  e.barrier();
  if (tma)
    releaseTma(b, loc, mapA, stageBar);
  return mapResult(l, e, forOp.getResultValues()[0], acc);
}

//===----------------------------------------------------------------------===//
// Streamed operands
//===----------------------------------------------------------------------===//

/// The most shared memory (bytes) the streamed loads of one loop may take,
/// both buffers counted: beyond it the loads go through registers as
/// before, leaving the rest of the CTA's shared memory to the kernel.
static constexpr int64_t kMaxStreamBytes = 64 * 1024;
/// Where two buffers per stream do not hold every streamed load of a loop,
/// the most its TMA streams may take with one buffer each (the next tile
/// is copied once the product has read the buffer): tiles this large
/// would otherwise go through registers, as many per thread as the
/// tile's 4-byte words over the threads (cuTile's decode attention, 64 x
/// 256 tiles with D = 128: 128, and ptxas spilled the scores).
static constexpr int64_t kMaxSingleStreamBytes = 128 * 1024;

namespace {
/// A load of a `for` body whose tile reaches operand A or B of a product of
/// the same body through reshapes only (attention's K and V).
struct StreamCandidate {
  ct::LoadViewTkoOp load;
  bool isA = false;
  /// Global memory holds the operand the other way round (A as K x M, B as
  /// N x K; see operandStaging).
  bool transposed = false;
  /// Global memory holds the load's tile with its two non-unit dimensions
  /// in the other order (a view with a dim_map).
  bool swapped = false;
  OperandStaging staging;
  /// The staged buffer's shape: the operand's, swapped when `transposed`.
  SmallVector<int64_t> stored;
  /// The tensor dimension of the buffer's rows (its columns are the last).
  int64_t rowDim = 0;
  /// The product runs on wgmma.
  bool wgmma = false;
  /// The product that reads the tile.
  Operation *product = nullptr;
  Type elem;
  SmallVector<Operation *> slice;
};
} // namespace

/// `load` as a stream of its loop, or nullopt: a weak load of the loop body
/// whose view and token come from outside the loop, whose result token is
/// unused, whose indices are computed from the induction variable, whose
/// tile goes through reshapes (keeping its two non-unit dimensions in
/// order) into one product operand; a region of a view contiguous along
/// its last dimension with zero padding, which cp.async copies into a
/// layout the product reads (operandStaging).
static FailureOr<std::optional<StreamCandidate>>
matchStream(EntryLowering &l, ct::ForOp forOp, ct::LoadViewTkoOp load) {
  using Result = std::optional<StreamCandidate>;
  Block &body = forOp.getRegion().front();
  if (load->getBlock() != &body ||
      load.getMemoryOrderingSemantics() != ct::MemoryOrderingSemantics::Weak ||
      (load.getResultToken() && !load.getResultToken().use_empty()) ||
      !ct::isDefinedOutside(load.getView(), forOp) ||
      (load.getToken() && !ct::isDefinedOutside(load.getToken(), forOp)))
    return Result();
  Value v = load.getTile();
  Operation *mma = nullptr;
  bool permuted = false;
  while (!mma) {
    if (!v.hasOneUse())
      return Result();
    Operation *user = *v.getUsers().begin();
    if (user->getBlock() != &body)
      return Result();
    if (auto reshape = dyn_cast<ct::ReshapeOp>(user)) {
      v = reshape.getResult();
      continue;
    }
    if (auto permute = dyn_cast<ct::PermuteOp>(user)) {
      if (permute.getPermutation().size() != 2 ||
          permute.getPermutation()[0] != 1)
        return Result();
      permuted = !permuted;
      v = permute.getResult();
      continue;
    }
    if (!isa<ct::MmaFOp, ct::MmaIOp>(user) || user->getOperand(2) == v)
      return Result();
    mma = user;
  }
  StreamCandidate c;
  c.load = load;
  c.product = mma;
  c.isA = mma->getOperand(0) == v;
  auto loadType = cast<ct::TileType>(load.getTile().getType());
  auto operandType = cast<ct::TileType>(v.getType());
  c.elem = loadType.getElementType();
  if (operandType.getRank() != 2 || ct::isPromotedF8(mma))
    return Result();
  FailureOr<MmaPlan> plan = planFor(mma, l.planner.getCtaThreads(), *l.target);
  if (failed(plan))
    return failure();
  if (plan->fma || plan->batched || plan->inType != c.elem)
    return Result();
  const PartitionViewInfo *info = l.views.lookupPartitionView(load.getView());
  // cp.async fills +0 out of bounds.
  if (!info || info->sparseDim >= 0 || !info->padding ||
      !(matchPattern(info->padding, m_PosZeroFloat()) ||
        matchPattern(info->padding, m_Zero())))
    return Result();
  auto global = info->globalView.getDefiningOp<tirx::GlobalViewOp>();
  int64_t rank = loadType.getRank();
  if (!global || int64_t(global.getStaticStrides().size()) != rank ||
      global.getStaticStrides().back() != 1)
    return Result();
  // Only copies known to move 16-byte runs (an aligned base and strides):
  // one that tests its strides at run time also carries a copy through
  // registers, which costs the loop more registers than reading ahead
  // saves.
  int64_t vector = 16 / std::max<int64_t>(1, tirx::getMemoryBytes(c.elem));
  if (int64_t(global.getAlignment()) < 16)
    return Result();
  SmallVector<OpFoldResult> strides = global.getMixedStrides();
  for (OpFoldResult stride : ArrayRef(strides).drop_back())
    if (tirx::knownDivisor(stride) % vector != 0)
      return Result();
  if (!isPermutationVector(info->dimMap))
    return Result();
  SmallVector<int64_t> dims;
  for (int64_t d = 0; d < rank; ++d)
    if (loadType.getDimSize(d) != 1)
      dims.push_back(d);
  if (dims.size() != 2)
    return Result();
  SmallVector<int64_t> operandDims{loadType.getDimSize(dims[0]),
                                   loadType.getDimSize(dims[1])};
  if (permuted)
    std::swap(operandDims[0], operandDims[1]);
  if (operandType.getShape() != ArrayRef<int64_t>(operandDims))
    return Result();
  int64_t t0 = info->dimMap[dims[0]], t1 = info->dimMap[dims[1]];
  if (std::max(t0, t1) != rank - 1)
    return Result();
  c.swapped = t0 > t1;
  c.rowDim = std::min(t0, t1);
  c.wgmma = plan->wgmma;
  c.transposed = c.swapped != permuted;
  std::optional<OperandStaging> staging =
      operandStaging(*plan, c.isA, c.transposed);
  if (!staging || !staging->async)
    return Result();
  c.staging = *staging;
  c.stored = SmallVector<int64_t>(operandType.getShape());
  if (c.transposed)
    std::swap(c.stored[0], c.stored[1]);
  // The indices, recomputed for the next iteration: scalar index
  // arithmetic.
  std::optional<SmallVector<Operation *>> slice =
      ct::getIterationSlice(forOp, load.getIndex());
  if (!slice || llvm::any_of(*slice, [](Operation *op) {
        return llvm::any_of(op->getResultTypes(), [](Type t) {
          auto tile = dyn_cast<ct::TileType>(t);
          return !tile || tile.getRank() != 0;
        });
      }))
    return Result();
  c.slice = std::move(*slice);
  return Result(std::move(c));
}

namespace {
/// What analyzeStreams finds in a loop.
struct LoopStreams {
  SmallVector<StreamCandidate, 2> found;
  /// Buffers per stream: 2 (the next tile copied while the product reads
  /// this one) or 1 (TMA only).
  int64_t depth = 2;
  /// Empty where the streams are copied by cp.async.
  SmallVector<TmaOperand, 2> tma;
  LoopProducts::MapKey maps;
};
} // namespace

/// The shared buffer type of a stream.
static tirx::BufferType streamBuffer(OpBuilder &b, const StreamCandidate &c) {
  return bufferType(b.getContext(), c.stored, storageType(c.elem),
                    tirx::MemScope::Shared, c.staging.layout,
                    c.staging.swizzle);
}

/// The streamed loads of `forOp` and, where TMA copies them (every stream
/// feeds a wgmma product and its view and buffer allow it: tmaOperand;
/// one thread issues a tile's boxes, completing on the buffer's mbarrier,
/// where every thread computed its cp.async addresses and bounds), their
/// TMA operands and tensor-map boxes (in the view's dimensions).
static FailureOr<LoopStreams> analyzeStreams(EntryLowering &l,
                                             ct::ForOp forOp) {
  LoopStreams r;
  if (ct::hasEarlyExit(forOp) || forOp.getUnsignedCmp())
    return r;
  SmallVector<StreamCandidate, 2> all;
  auto tileBytes = [](const StreamCandidate &c) {
    return c.stored[0] * c.stored[1] * tirx::getMemoryBytes(c.elem);
  };
  int64_t bytes = 0, single = 0;
  for (auto load : forOp.getRegion().front().getOps<ct::LoadViewTkoOp>()) {
    FailureOr<std::optional<StreamCandidate>> c = matchStream(l, forOp, load);
    if (failed(c))
      return failure();
    if (!*c)
      continue;
    single += tileBytes(**c);
    all.push_back(std::move(**c));
  }
  for (const StreamCandidate &c : all) {
    if (bytes + 2 * tileBytes(c) > kMaxStreamBytes)
      continue;
    bytes += 2 * tileBytes(c);
    r.found.push_back(c);
  }
  // TMA copies the streams where every one feeds a wgmma product and its
  // view and buffer allow it (tmaOperand).
  auto byTma = [&](ArrayRef<StreamCandidate> found) {
    LoopStreams t;
    if (found.empty() || !l.tmaLoads ||
        !l.target->allowsPtx(tirx::TensorMapsOp::kMinPtxVersion) ||
        !llvm::all_of(found, [](const StreamCandidate &c) { return c.wgmma; }))
      return t;
    for (const StreamCandidate &c : found) {
      ct::LoadViewTkoOp load = c.load;
      std::optional<TmaOperand> op =
          tmaOperand(l.views.lookupPartitionView(load.getView())->globalView,
                     streamBuffer(l.b, c), c.staging.swizzle);
      if (!op)
        return LoopStreams();
      // A buffer's rows and columns are tensor dimensions rowDim and
      // rank - 1.
      int64_t rank = cast<ct::TileType>(load.getTile().getType()).getRank();
      SmallVector<int64_t> shape(rank, 1);
      shape[c.rowDim] = op->boxes[0].shape[0];
      shape[rank - 1] = op->boxes[0].shape[1];
      t.maps.views.push_back(load.getView());
      t.maps.boxes.push_back(l.b.getDenseI64ArrayAttr(shape));
      t.maps.swizzles.push_back(op->swizzle);
      t.tma.push_back(std::move(*op));
    }
    t.found = SmallVector<StreamCandidate, 2>(found);
    return t;
  };
  // Where two buffers each do not hold every stream: one buffer each, by
  // TMA, within kMaxSingleStreamBytes.
  if (r.found.size() < all.size() && single <= kMaxSingleStreamBytes) {
    LoopStreams one = byTma(all);
    if (!one.tma.empty()) {
      one.depth = 1;
      return one;
    }
  }
  LoopStreams two = byTma(r.found);
  if (two.tma.empty())
    return r;
  return two;
}

/// Whether the TMA streams of `forOp` go to a producer warp of their own
/// (docs/Matmul.md, "Producer warp"): for a loop directly in the kernel's
/// body (run once, where tirx.warp_specialize may sit), of warpgroups,
/// carrying no scalars (the loop's results stay in buffers made before
/// it), whose bounds, views and index computations the producer warp can
/// compute again from the kernel's arguments.
static bool specializable(EntryLowering &l, ct::ForOp forOp,
                          const LoopStreams &streams) {
  if (streams.tma.empty() || !l.warpSpecialize ||
      l.planner.getCtaThreads() % 128 != 0)
    return false;
  if (llvm::any_of(forOp.getInitValues().getTypes(), [](Type t) {
        auto tile = dyn_cast<ct::TileType>(t);
        return tile && tile.getRank() == 0;
      }))
    return false;
  SmallVector<Value> needed = {forOp.getLowerBound(), forOp.getUpperBound(),
                               forOp.getStep()};
  for (const StreamCandidate &c : streams.found) {
    ct::LoadViewTkoOp load = c.load;
    needed.push_back(load.getView());
    llvm::append_range(needed, load.getIndex());
    for (Operation *op : c.slice)
      llvm::append_range(needed, op->getOperands());
  }
  return recomputableByProducer(forOp, needed) && producerWarpFits(l);
}

/// Tensor maps for the same views, boxes and swizzles.
static bool sameMaps(const LoopProducts::MapKey &a,
                     const LoopProducts::MapKey &b) {
  return a.views == b.views && a.boxes == b.boxes && a.swizzles == b.swizzles;
}

LogicalResult LoopProducts::begin(ct::ForOp forOp, Value lb, Value ub,
                                  Value step) {
  if (ct::hasEarlyExit(forOp))
    return success();
  deferring.insert(forOp);
  FailureOr<LoopStreams> streamsOf = analyzeStreams(l, forOp);
  if (failed(streamsOf))
    return failure();
  SmallVector<StreamCandidate, 2> &found = streamsOf->found;
  SmallVector<TmaOperand, 2> &tma = streamsOf->tma;
  if (found.empty())
    return success();
  OpBuilder &b = l.b;
  Location loc = forOp.getLoc();

  Stream s;
  s.forOp = forOp;
  s.lb = l.toIndex(lb, loc);
  s.ub = l.toIndex(ub, loc);
  s.step = l.toIndex(step, loc);
  s.groups = tma.empty() ? found.size() : 0;
  // With a producer warp, it builds the maps and issues every copy; the
  // warpgroups hand each buffer back on its empty mbarrier.
  bool producer = isa<gpu::GPUFuncOp>(b.getInsertionBlock()->getParentOp()) &&
                  specializable(l, forOp, *streamsOf);
  int64_t depth = streamsOf->depth;
  SmallVector<Value> maps, bars, empties;
  if (!tma.empty()) {
    bars = initMBarriers(b, loc, depth * found.size());
    if (producer) {
      empties = initMBarriers(b, loc, depth * found.size(),
                              l.planner.getCtaThreads() / 128);
      if (kept)
        tirx::TensorMapsReleaseOp::create(b, loc, kept->maps[0]);
    } else if (kept && kept->block == b.getInsertionBlock() &&
               sameMaps(kept->key, streamsOf->maps)) {
      // The maps a previous loop of this block kept for this one (end).
      maps = kept->maps;
    } else {
      if (kept)
        tirx::TensorMapsReleaseOp::create(b, loc, kept->maps[0]);
      maps = buildTensorMaps(b, loc, tma, streamsOf->maps.boxes);
    }
    kept.reset();
    if (!producer)
      loopMaps[forOp] = {b.getInsertionBlock(), streamsOf->maps, maps};
    gpu::BarrierOp::create(b, loc);
  }
  Value runs =
      arith::CmpIOp::create(b, loc, arith::CmpIPredicate::slt, s.lb, s.ub);
  SmallVector<ct::LoadViewTkoOp> loads;
  for (auto [n, c] : llvm::enumerate(found)) {
    l.syncAfterStores(c.load.getToken(), loc);
    s.product = c.product;
    s.slice = c.slice;
    for (int64_t i = 0; i < depth; ++i)
      s.buffers[i] = tirx::AllocOp::create(b, loc, streamBuffer(b, c));
    s.swapped = c.swapped;
    if (!tma.empty()) {
      s.tma = tma[n];
      s.rowDim = c.rowDim;
      s.map = producer ? Value() : maps[n];
      for (int64_t i = 0; i < depth; ++i) {
        s.bars[i] = bars[depth * n + i];
        if (producer)
          s.empties[i] = empties[depth * n + i];
      }
      s.bytes = bufferBytes(cast<tirx::BufferType>(s.buffers[0].getType()));
    }
    // The first iteration's tile (the producer warp issues them all).
    if (!producer &&
        failed(issue(c.load, s, s.lb, runs, s.buffers[0], s.bars[0])))
      return failure();
    streams[c.load] = s;
    loads.push_back(c.load);
  }
  if (producer)
    return specialize(forOp, loads, tma, streamsOf->maps);
  return success();
}

/// The iteration j = (iv - lb) / step of a stream's loop at induction value
/// `iv` (index).
static Value streamIteration(OpBuilder &b, Location loc, Value iv, Value lb,
                             Value step) {
  return arith::DivSIOp::create(b, loc, arith::SubIOp::create(b, loc, iv, lb),
                                step);
}

/// Whether iteration `j` (index) uses a stream's second buffer (null for
/// a stream of one buffer).
static Value streamOdd(OpBuilder &b, Location loc, Value j, int64_t depth) {
  if (depth == 1)
    return Value();
  return arith::CmpIOp::create(
      b, loc, arith::CmpIPredicate::ne,
      arith::AndIOp::create(b, loc, j,
                            arith::ConstantIndexOp::create(b, loc, 1)),
      arith::ConstantIndexOp::create(b, loc, 0));
}

/// pair[1] where `odd` holds, else pair[0] (a stream's two buffers or
/// mbarriers); pair[0] for a stream of one buffer (pair[1] null).
static Value streamPick(OpBuilder &b, Location loc, Value odd,
                        ArrayRef<Value> pair) {
  if (!pair[1])
    return pair[0];
  return arith::SelectOp::create(b, loc, odd, pair[1], pair[0]);
}

LogicalResult LoopProducts::specialize(ct::ForOp forOp,
                                       ArrayRef<ct::LoadViewTkoOp> loads,
                                       ArrayRef<TmaOperand> tma,
                                       const MapKey &key) {
  OpBuilder &b = l.b;
  Location loc = forOp.getLoc();
  auto ws = tirx::WarpSpecializeOp::create(b, loc, /*producerWarps=*/1);
  producers[forOp] = ws;
  // The producer: iteration j waits until each stream's buffer j % depth
  // is empty (its first use passes: the phase before the first has parity
  // 1), arms the buffer's full mbarrier and copies the tile.
  b.setInsertionPointToStart(&ws.getProducerBlock());
  SmallVector<Value> maps = buildTensorMaps(b, loc, tma, key.boxes);
  for (auto [n, load] : llvm::enumerate(loads))
    streams[load].map = maps[n];
  const Stream &first = streams[loads.front()];
  Value trips = tripCount(b, loc, first.lb, first.ub, first.step);
  Value c0 = arith::ConstantIndexOp::create(b, loc, 0);
  Value c1 = arith::ConstantIndexOp::create(b, loc, 1);
  auto pick = [&](Value odd, ArrayRef<Value> pair) {
    return streamPick(b, loc, odd, pair);
  };
  auto copies = scf::ForOp::create(b, loc, c0, trips, c1);
  b.setInsertionPointToStart(copies.getBody());
  Value j = copies.getInductionVar();
  Value odd = streamOdd(b, loc, j, first.depth());
  Value emptyParity = arith::XOrIOp::create(
      b, loc, streamParity(b, loc, j, first.depth()),
      arith::ConstantIntOp::create(b, loc, b.getI32Type(), 1));
  Value iv = arith::AddIOp::create(
      b, loc, first.lb, arith::MulIOp::create(b, loc, j, first.step));
  for (ct::LoadViewTkoOp load : loads) {
    const Stream &s = streams[load];
    tirx::MBarrierWaitOp::create(b, loc, pick(odd, s.empties), 0, emptyParity);
    if (failed(issue(load, s, iv, Value(), pick(odd, s.buffers),
                     pick(odd, s.bars), /*producer=*/true)))
      return failure();
  }
  // The maps' slot is given back once the copies through them have
  // completed.
  b.setInsertionPointAfter(copies);
  waitLastPhases(b, loc, trips, first.depth(), [&](Value j) {
    Value lastOdd = streamOdd(b, loc, j, first.depth());
    Value lastParity = streamParity(b, loc, j, first.depth());
    for (ct::LoadViewTkoOp load : loads)
      tirx::MBarrierWaitOp::create(b, loc, pick(lastOdd, streams[load].bars), 0,
                                   lastParity);
  });
  tirx::TensorMapsReleaseOp::create(b, loc, maps[0]);
  // The warpgroups run the loop in the op's body.
  b.setInsertionPointToStart(&ws.getBodyBlock());
  return success();
}

bool LoopProducts::specialized(Operation *mma) const {
  return producers.contains(mma->getParentOp());
}

SmallVector<Operation *> LoopProducts::productDone(Operation *mma) {
  SmallVector<Operation *> handBacks;
  auto forOp = dyn_cast<ct::ForOp>(mma->getParentOp());
  if (!forOp || !producers.contains(forOp))
    return handBacks;
  OpBuilder &b = l.b;
  Location loc = mma->getLoc();
  // One thread per warpgroup, after its wait for the product's groups.
  for (auto load : forOp.getRegion().front().getOps<ct::LoadViewTkoOp>()) {
    auto it = streams.find(load);
    if (it == streams.end() || it->second.product != mma)
      continue;
    const Stream &s = it->second;
    Value iv = l.toIndex(l.get(forOp.getInductionVar()), loc);
    Value odd =
        streamOdd(b, loc, streamIteration(b, loc, iv, s.lb, s.step), s.depth());
    Value leader = arith::CmpIOp::create(
        b, loc, arith::CmpIPredicate::eq,
        arith::RemUIOp::create(
            b, loc, tirx::ThreadIdOp::create(b, loc, b.getIndexType()),
            arith::ConstantIndexOp::create(b, loc, 128)),
        arith::ConstantIndexOp::create(b, loc, 0));
    auto ifOp = scf::IfOp::create(b, loc, leader, /*withElse=*/false);
    handBacks.push_back(ifOp);
    OpBuilder::InsertionGuard guard(b);
    b.setInsertionPointToStart(ifOp.thenBlock());
    tirx::MBarrierArriveOp::create(b, loc, streamPick(b, loc, odd, s.empties),
                                   0);
  }
  return handBacks;
}

bool LoopProducts::deferrable(Operation *mma, Value a, Value acc,
                              Value &carried) const {
  auto forOp = dyn_cast<ct::ForOp>(mma->getParentOp());
  if (!forOp || !producers.contains(forOp) || !productEnds.contains(forOp) ||
      forOp.getUnsignedCmp())
    return false;
  // The body's last product.
  for (Operation *next = mma->getNextNode(); next; next = next->getNextNode())
    if (isa<ct::MmaFOp, ct::MmaIOp>(next))
      return false;
  // Its shared operands: TMA streams of two buffers (the producer copies
  // the next tile into the other buffer while the late product reads
  // this one).
  bool streamed = false;
  for (const auto &entry : streams) {
    const Stream &s = entry.second;
    if (s.product != mma)
      continue;
    if (s.depth() != 2 || !s.bars[0] || !s.empties[0])
      return false;
    streamed = true;
  }
  auto local = [](Value v) {
    auto type = dyn_cast<tirx::BufferType>(v.getType());
    return type && type.isLocal() && v.getDefiningOp<tirx::AllocOp>();
  };
  if (!streamed || !local(a) || !local(acc))
    return false;
  // The result is carried by the loop to its next iteration (the body's
  // terminator) and read nowhere else.
  Value result = mma->getResult(0);
  if (!result.hasOneUse())
    return false;
  OpOperand &use = *result.getUses().begin();
  if (use.getOwner() != forOp.getRegion().front().getTerminator())
    return false;
  carried =
      l.get(forOp.getRegion().front().getArgument(use.getOperandNumber() + 1));
  // The product accumulates into the carried buffer itself, or into a
  // buffer of the body of the same type (a rescaled copy of it).
  return carried && carried.getType() == acc.getType() &&
         (acc == carried || acc.getParentBlock() == a.getParentBlock());
}

void LoopProducts::recordProduct(Operation *mma, Operation *first,
                                 ArrayRef<Operation *> handBacks, bool deferred,
                                 Value a, Value acc, Value carried) {
  Operation *forOp = mma->getParentOp();
  if (!producers.contains(forOp))
    return;
  Block::iterator end = l.b.getInsertionPoint();
  Operation *last = &*std::prev(end);
  if (deferred) {
    Deferred d;
    d.after = productEnds.lookup(forOp);
    d.a = a;
    d.acc = acc;
    d.carried = carried;
    for (Block::iterator op = first->getIterator(); op != end; ++op)
      if (isa<tirx::GemmOp, tirx::GemmAsyncOp, tirx::GemmWaitOp>(*op))
        d.gemms.push_back(&*op);
    d.releases.assign(handBacks.begin(), handBacks.end());
    for (auto load :
         cast<ct::ForOp>(forOp).getRegion().front().getOps<ct::LoadViewTkoOp>())
      if (auto it = streams.find(load);
          it != streams.end() && it->second.product == mma)
        d.waits.push_back(streamWaits.lookup(load));
    if (!llvm::is_contained(d.waits, nullptr) && !d.gemms.empty() && d.after)
      deferredProducts[forOp] = std::move(d);
  }
  productEnds[forOp] = last;
}

/// Whether `op` (or an op nested in it) has an operand in `values` or a
/// view of one.
static bool usesAnyOf(Operation *op, ArrayRef<Value> values) {
  return op
      ->walk([&](Operation *inner) {
        for (Value operand : inner->getOperands())
          if (llvm::is_contained(values, tirx::viewRoot(operand)))
            return WalkResult::interrupt();
        return WalkResult::advance();
      })
      .wasInterrupted();
}

void LoopProducts::pipeline(ct::ForOp forOp, scf::ForOp loop) {
  productEnds.erase(forOp);
  auto it = deferredProducts.find(forOp);
  if (it == deferredProducts.end())
    return;
  Deferred d = std::move(it->second);
  deferredProducts.erase(it);
  // Where a condition does not hold, the loop stays as it was lowered.
  Block *body = loop.getBody();
  std::optional<int64_t> step = getConstantIntValue(loop.getStep());
  auto aAlloc = d.a.getDefiningOp<tirx::AllocOp>();
  auto accAlloc = d.acc.getDefiningOp<tirx::AllocOp>();
  if (!step || *step <= 0 || loop.getUnsignedCmp() ||
      loop.getNumRegionIterArgs() || !aAlloc || !accAlloc ||
      aAlloc->getBlock() != body ||
      (d.acc != d.carried && accAlloc->getBlock() != body) ||
      aAlloc->getNumOperands() || d.carried.getParentBlock() == body ||
      d.after->getBlock() != body)
    return;
  // Nothing before the late product's issue reads or writes the carried
  // accumulator or A (they do not hold the previous iteration's product
  // there yet).
  for (Operation &op : *body) {
    if (usesAnyOf(&op, {d.carried, d.a}))
      return;
    if (&op == d.after)
      break;
  }
  // The ops the product and the waits for its tiles depend on, and those
  // of the buffers' hand-back: pure index arithmetic and views of the
  // body, computed again for the iteration they run for.
  Value iv = loop.getInductionVar();
  BackwardSliceOptions options;
  options.omitUsesFromAbove = false;
  options.filter = [&](Operation *op) {
    return op->getBlock() == body && op != aAlloc && op != accAlloc;
  };
  auto sliceOf = [&](ArrayRef<Operation *> roots,
                     SmallVector<Operation *> &ordered) -> bool {
    SetVector<Operation *> slice;
    for (Operation *root : roots)
      if (failed(getBackwardSlice(root, &slice, options)))
        return false;
    for (Operation *root : roots)
      slice.insert(root);
    ordered = slice.takeVector();
    llvm::sort(ordered, [](Operation *x, Operation *y) {
      return x->isBeforeInBlock(y);
    });
    for (Operation *op : ordered) {
      if (!llvm::is_contained(roots, op) && !isMemoryEffectFree(op))
        return false;
      WalkResult foreign = op->walk([&](Operation *inner) {
        for (Value operand : inner->getOperands())
          if (auto arg = dyn_cast<BlockArgument>(operand);
              arg && arg.getOwner() == body && operand != iv)
            return WalkResult::interrupt();
        return WalkResult::advance();
      });
      if (foreign.wasInterrupted())
        return false;
    }
    return true;
  };
  SmallVector<Operation *> issueRoots(d.waits);
  for (Operation *g : d.gemms)
    if (!isa<tirx::GemmWaitOp>(g))
      issueRoots.push_back(g);
  SmallVector<Operation *> issueOps, releaseOps;
  if (!sliceOf(issueRoots, issueOps) || !sliceOf(d.releases, releaseOps))
    return;

  OpBuilder b(loop.getContext());
  Location loc = loop.getLoc();
  auto warpgroup =
      tirx::ExecScopeAttr::get(b.getContext(), tirx::ExecScope::Warpgroup);
  // Clones `ops` for the iteration whose induction value is `at`, the
  // accumulator's views on the carried buffer; the products issued
  // without waiting.
  auto cloneFor = [&](Value at, ArrayRef<Operation *> ops) {
    IRMapping map;
    map.map(iv, at);
    map.map(d.acc, d.carried);
    for (Operation *op : ops) {
      auto gemm = dyn_cast<tirx::GemmOp>(op);
      if (!gemm) {
        b.clone(*op, map);
        continue;
      }
      OperationState state(op->getLoc(), tirx::GemmAsyncOp::getOperationName());
      for (Value operand : op->getOperands())
        state.addOperands(map.lookupOrDefault(operand));
      state.addAttributes(op->getAttrs());
      b.create(state);
    }
  };
  auto waitAll = [&] {
    tirx::GemmWaitOp::create(b, loc, b.getI64IntegerAttr(0), warpgroup, nullptr,
                             b.getStringAttr("wgmma"));
  };
  aAlloc->moveBefore(loop);
  Value lb = loop.getLowerBound(), ub = loop.getUpperBound();

  // The first iteration runs before the loop, without the late product
  // (there is none yet): a product issued in a branch is waited for where
  // the branch joins (ptxas).
  SetVector<Operation *> roots;
  for (Operation *op : llvm::concat<Operation *>(d.releases, d.gemms, d.waits))
    roots.insert(op);
  b.setInsertionPoint(loop);
  Value any = arith::CmpIOp::create(b, loc, arith::CmpIPredicate::slt, lb, ub);
  auto first = scf::IfOp::create(b, loc, any, /*withElse=*/false);
  {
    OpBuilder::InsertionGuard guard(b);
    b.setInsertionPoint(first.thenBlock()->getTerminator());
    IRMapping map;
    map.map(iv, lb);
    for (Operation &op : body->without_terminator())
      if (!roots.contains(&op))
        b.clone(op, map);
  }
  loop.getLowerBoundMutable().assign(
      arith::AddIOp::create(b, loc, lb, loop.getStep()));

  // Iteration j issues iteration j - 1's product right after its own
  // previous product...
  b.setInsertionPointAfter(d.after);
  Value prevIv = arith::SubIOp::create(b, loc, iv, loop.getStep());
  cloneFor(prevIv, issueOps);
  Operation *issued = &*std::prev(b.getInsertionPoint());
  // ... and waits for it before the body next touches the accumulator or
  // A, then hands its buffers back.
  Operation *touch = body->getTerminator();
  for (Operation *op = issued->getNextNode(); op != body->getTerminator();
       op = op->getNextNode())
    if (!roots.contains(op) && usesAnyOf(op, {d.carried, d.a})) {
      touch = op;
      break;
    }
  b.setInsertionPoint(touch);
  waitAll();
  cloneFor(prevIv, releaseOps);
  // After the loop, the last iteration's product.
  b.setInsertionPointAfter(loop);
  auto last = scf::IfOp::create(b, loc, any, /*withElse=*/false);
  {
    OpBuilder::InsertionGuard guard(b);
    b.setInsertionPoint(last.thenBlock()->getTerminator());
    Type type = iv.getType();
    Value one = arith::ConstantOp::create(b, loc, b.getIntegerAttr(type, 1));
    Value span = arith::SubIOp::create(
        b, loc, arith::SubIOp::create(b, loc, ub, lb), one);
    Value lastIv = arith::AddIOp::create(
        b, loc, lb,
        arith::MulIOp::create(
            b, loc, arith::DivSIOp::create(b, loc, span, loop.getStep()),
            loop.getStep()));
    cloneFor(lastIv, issueOps);
    waitAll();
    cloneFor(lastIv, releaseOps);
  }
  // The body's own copies go, then what only they used.
  SmallVector<Operation *> rest;
  for (Operation *op : llvm::concat<Operation *>(issueOps, releaseOps))
    if (!roots.contains(op) && !llvm::is_contained(rest, op))
      rest.push_back(op);
  llvm::sort(rest,
             [](Operation *x, Operation *y) { return x->isBeforeInBlock(y); });
  for (Operation *op : roots)
    op->erase();
  for (Operation *op : llvm::reverse(rest))
    if (op->use_empty())
      op->erase();
}

SmallVector<ct::LoadViewTkoOp> LoopProducts::refilledBy(Operation *mma) const {
  SmallVector<ct::LoadViewTkoOp> loads;
  auto forOp = dyn_cast<ct::ForOp>(mma->getParentOp());
  if (!forOp)
    return loads;
  for (auto load : forOp.getRegion().front().getOps<ct::LoadViewTkoOp>())
    if (auto it = streams.find(load);
        it != streams.end() && it->second.product == mma &&
        it->second.depth() == 1 && !it->second.empties[0])
      loads.push_back(load);
  return loads;
}

bool LoopProducts::refillsAfter(Operation *mma) const {
  return !refilledBy(mma).empty();
}

LogicalResult LoopProducts::refill(Operation *mma) {
  OpBuilder &b = l.b;
  Location loc = mma->getLoc();
  pending.erase(mma->getParentOp());
  for (ct::LoadViewTkoOp load : refilledBy(mma)) {
    const Stream &s = streams[load];
    Value iv = l.toIndex(l.get(ct::ForOp(s.forOp).getInductionVar()), loc);
    Value nextIv = arith::AddIOp::create(b, loc, iv, s.step);
    Value more =
        arith::CmpIOp::create(b, loc, arith::CmpIPredicate::slt, nextIv, s.ub);
    if (failed(issue(load, s, nextIv, more, s.buffers[0], s.bars[0])))
      return failure();
  }
  return success();
}

bool LoopProducts::deferFence(Operation *mma) {
  Operation *loop = mma->getParentOp();
  if (!deferring.contains(loop))
    return false;
  pending.insert(loop);
  return true;
}

void LoopProducts::barrierBefore(Operation *mma) {
  pending.erase(mma->getParentOp());
}

bool LoopProducts::writtenByTma(Value buffer) const {
  SmallVector<Value> work{buffer};
  while (!work.empty()) {
    Value v = tirx::viewRoot(work.pop_back_val());
    if (auto select = v.getDefiningOp<arith::SelectOp>()) {
      work.append({select.getTrueValue(), select.getFalseValue()});
      continue;
    }
    if (!llvm::any_of(streams, [&](const auto &entry) {
          const Stream &s = entry.second;
          return s.bars[0] && llvm::is_contained(s.buffers, v);
        }))
      return false;
  }
  return true;
}

void LoopProducts::finishBody(ct::ForOp forOp) {
  if (pending.erase(forOp))
    gpu::BarrierOp::create(l.b, forOp.getLoc());
}

void LoopProducts::end(ct::ForOp forOp) {
  deferring.erase(forOp);
  OpBuilder &b = l.b;
  Location loc = forOp.getLoc();
  // The loop's mbarriers (full, then empty) in the order of its loads
  // (deterministic PTX).
  auto barriersOf = [&] {
    SmallVector<Value> bars;
    for (auto load : forOp.getRegion().front().getOps<ct::LoadViewTkoOp>())
      if (auto it = streams.find(load); it != streams.end()) {
        const Stream &s = it->second;
        for (Value bar : {s.bars[0], s.bars[1], s.empties[0], s.empties[1]})
          if (bar)
            bars.push_back(bar);
      }
    return bars;
  };
  // With a producer warp: after the op (every copy waited for, the
  // producer's maps given back), the mbarriers are invalidated.
  if (auto it = producers.find(forOp); it != producers.end()) {
    b.setInsertionPointAfter(it->second);
    producers.erase(it);
    releaseTma(b, loc, Value(), barriersOf());
    return;
  }
  // Every copy has landed (each iteration waited for its own, the last
  // issued none). TMA: after every thread's last wait, the maps' slot is
  // given back and the mbarriers invalidated. cp.async: the wait closes
  // the copies' accesses for the shared-memory plan, which then reuses the
  // buffers after the loop.
  // The maps stay for the next loop of the block where it streams the
  // same views by TMA and nothing between the two may leave the kernel or
  // run other loops (cuTile's causal attention: the loops before and on
  // the diagonal); the last such loop frees them.
  if (auto it = loopMaps.find(forOp); it != loopMaps.end()) {
    KeptMaps maps = it->second;
    loopMaps.erase(it);
    SmallVector<Value> bars = barriersOf();
    gpu::BarrierOp::create(b, loc);
    bool keep = false;
    for (Operation *next = forOp->getNextNode(); next;
         next = next->getNextNode()) {
      auto later = dyn_cast<ct::ForOp>(next);
      if (!later) {
        WalkResult leaves = next->walk([](Operation *op) {
          return isa<ct::ReturnOp, ct::ForOp, ct::LoopOp>(op)
                     ? WalkResult::interrupt()
                     : WalkResult::advance();
        });
        if (leaves.wasInterrupted())
          break;
        continue;
      }
      FailureOr<LoopStreams> laterStreams = analyzeStreams(l, later);
      keep = succeeded(laterStreams) && !laterStreams->tma.empty() &&
             !specializable(l, later, *laterStreams) &&
             sameMaps(laterStreams->maps, maps.key);
      break;
    }
    releaseTma(b, loc, keep ? Value() : maps.maps[0], bars);
    if (keep)
      kept = maps;
    return;
  }
  if (llvm::any_of(streams,
                   [&](auto &entry) { return entry.second.forOp == forOp; }))
    tirx::AsyncWaitOp::create(b, loc, b.getI64IntegerAttr(0));
}

LogicalResult LoopProducts::issue(ct::LoadViewTkoOp load, const Stream &s,
                                  Value iv, Value inRange, Value dst, Value bar,
                                  bool producer) {
  OpBuilder &b = l.b;
  Location loc = load.getLoc();
  {
    OpBuilder::InsertionGuard guard(b);
    if (inRange) {
      auto ifOp = scf::IfOp::create(b, loc, inRange, /*withElse=*/false);
      b.setInsertionPointToStart(ifOp.thenBlock());
    }
    // The indices at induction value `iv`: the slice lowered again, the
    // mapping of the current iteration restored afterwards.
    Value civ = ct::ForOp(s.forOp).getInductionVar();
    SmallVector<std::pair<Value, Value>> saved{{civ, l.get(civ)}};
    for (Operation *op : s.slice)
      for (Value r : op->getResults())
        saved.push_back({r, l.get(r)});
    Type ivType = cast<ct::TileType>(civ.getType()).getElementType();
    l.map(civ, arith::IndexCastOp::create(b, loc, ivType, iv));
    for (Operation *op : s.slice)
      if (failed(l.lower(op)))
        return failure();
    const PartitionViewInfo &info =
        *l.views.lookupPartitionView(load.getView());
    // The region of each copy: the whole tile (cp.async) or a TMA box,
    // with the part of the buffer it fills seen with the region's shape
    // (unit dimensions added).
    SmallVector<std::pair<Value, Value>> copies;
    if (s.tma.boxes.empty()) {
      std::optional<EntryLowering::TensorOrderRegion> region =
          l.tensorOrderRegion(info, load.getIndex(), loc);
      if (region)
        copies.push_back(
            {tirx::emitShapeView(
                 b, loc, dst,
                 cast<tirx::BufferType>(region->region.getType()).getShape()),
             region->region});
    } else {
      auto arm = [&] {
        tirx::MBarrierArriveExpectTxOp::create(
            b, loc, bar, 0,
            arith::ConstantIntOp::create(b, loc, b.getI32Type(), s.bytes));
      };
      if (producer)
        arm();
      else
        inThread0(b, loc, arm);
      int64_t rank = info.tileShape.size();
      for (const TmaBox &box : s.tma.boxes) {
        SmallVector<int64_t> within(rank, 0), shape(rank, 1);
        within[s.rowDim] = box.offset[0];
        within[rank - 1] = box.offset[1];
        shape[s.rowDim] = box.shape[0];
        shape[rank - 1] = box.shape[1];
        std::optional<EntryLowering::TensorOrderRegion> region =
            l.tensorOrderRegion(info, load.getIndex(), loc, within, shape);
        if (!region)
          break;
        Value part = viewAs(b, loc, dst, box.shape, box.layout);
        copies.push_back(
            {tirx::emitShapeView(b, loc, part, shape), region->region});
      }
    }
    for (auto [v, old] : saved) {
      if (old)
        l.map(v, old);
      else
        l.unmap(v);
    }
    if (copies.empty())
      return l.fail(load, "has a view whose tiles are not regions");
    auto scope = producer ? tirx::ExecScopeAttr::get(b.getContext(),
                                                     tirx::ExecScope::Thread)
                          : l.cta();
    for (auto [to, from] : copies)
      tirx::CopyAsyncOp::create(b, loc, to, from, bar, b.getI64IntegerAttr(0),
                                s.map, nullptr, scope, nullptr, nullptr);
  }
  if (s.tma.boxes.empty())
    tirx::AsyncCommitOp::create(b, loc);
  return success();
}

std::optional<LogicalResult> LoopProducts::lower(ct::LoadViewTkoOp load) {
  auto it = streams.find(load);
  if (it == streams.end())
    return std::nullopt;
  const Stream &s = it->second;
  OpBuilder &b = l.b;
  Location loc = load.getLoc();
  // Iteration j = (iv - lb) / step uses buffer j % 2 and fills the other
  // one with iteration j + 1's tile (its last reader, the product of
  // iteration j - 1, is behind the CTA barrier that follows it). A stream
  // of one buffer is refilled after this iteration's product (refill).
  Value iv = l.toIndex(l.get(ct::ForOp(s.forOp).getInductionVar()), loc);
  Value j = streamIteration(b, loc, iv, s.lb, s.step);
  Value odd = streamOdd(b, loc, j, s.depth());
  // This iteration's buffer (`mine`) or the other one (null without them).
  auto pick = [&](ArrayRef<Value> pair, bool mine) -> Value {
    if (!pair[0])
      return Value();
    return mine ? streamPick(b, loc, odd, pair)
                : streamPick(b, loc, odd, {pair[1], pair[0]});
  };
  Value current = pick(s.buffers, true);
  // Without a producer warp, the loop's threads issue the next iteration's
  // copy.
  if (!s.empties[0] && s.depth() == 2) {
    Value nextIv = arith::AddIOp::create(b, loc, iv, s.step);
    Value more =
        arith::CmpIOp::create(b, loc, arith::CmpIPredicate::slt, nextIv, s.ub);
    if (failed(issue(load, s, nextIv, more, pick(s.buffers, false),
                     pick(s.bars, false))))
      return failure();
  }
  if (s.bars[0]) {
    // TMA: this iteration's tile has landed when its buffer's mbarrier
    // completes the phase of this use.
    streamWaits[load] = tirx::MBarrierWaitOp::create(
        b, loc, pick(s.bars, true), 0, streamParity(b, loc, j, s.depth()));
  } else {
    // This iteration's copy is older than the copies every streamed load
    // issued since (one each): it has landed when at most that many groups
    // are in flight (for this thread; the product's barrier for the CTA).
    tirx::AsyncWaitOp::create(b, loc, b.getI64IntegerAttr(s.groups));
  }
  // The tile: the buffer in the load's dimension order.
  Value tile = current;
  if (s.swapped) {
    FailureOr<Value> permuted = l.permuteBuffer(current, {1, 0}, loc);
    if (failed(permuted))
      return l.fail(load, "has a staging layout that is not power-of-two");
    tile = *permuted;
  }
  l.map(load.getTile(),
        tirx::emitShapeView(
            b, loc, tile,
            cast<ct::TileType>(load.getTile().getType()).getShape()));
  return success();
}

//===----------------------------------------------------------------------===//
// tf32 conversions
//===----------------------------------------------------------------------===//

/// `ftof` to or from tf32 (the mmaf input type), in f32 storage
/// (EntryLowering::buildFloatConvert rounds): f32 -> tf32 with `cvt.rn`,
/// `cvt.rz` (sm_90+; the same on the bits below) or `cvt.rna.tf32.f32`;
/// f64 -> tf32 rounds once (through f32 rounded to odd, or toward zero
/// twice); f16 and bf16 -> tf32 are exact (extf to f32); tf32 -> f32/f64
/// are exact, tf32 -> f16/bf16 one rounding of the f32 value. f8 <-> tf32
/// is not covered: a located diagnostic.
static LogicalResult lowerTf32Convert(EntryLowering &l, ct::FToFOp op) {
  Location loc = op.getLoc();
  auto srcType = cast<ct::TileType>(op.getSource().getType());
  auto dstType = cast<ct::TileType>(op.getResult().getType());
  Type from = srcType.getElementType(), to = dstType.getElementType();
  bool toTf32 = isa<FloatTF32Type>(to);
  Type other = toTf32 ? from : to;
  if (!(other.isF16() || other.isBF16() || other.isF32() || other.isF64()))
    return op.emitOpError()
           << (toTf32 ? "to tf32 expects f16, bf16, f32 or f64 values, got "
                      : "from tf32 expects an f16, bf16, f32 or f64 result, "
                        "got ")
           << other;
  Type result = storageType(to);
  // The scalar form: the value in the lowered element types.
  auto convert = [&](Value x) -> Value {
    return l.buildFloatConvert(x, from, to, op.getRoundingMode(), loc);
  };
  Value src = l.get(op.getSource());
  if (!src)
    return l.fail(op, "has an operand that was not lowered");
  if (!isa<tirx::BufferType>(src.getType())) {
    l.map(op.getResult(), convert(src));
    return success();
  }
  auto srcBuf = cast<tirx::BufferType>(src.getType());
  // tf32 -> f32 keeps the buffer (tf32 is stored as f32).
  if (!toTf32 && srcBuf.getElementType() == result) {
    l.map(op.getResult(), src);
    return success();
  }
  Value dst = l.alloc(dstType.getShape(), result, srcBuf.getTileLayout(), loc);
  emitConvertMap(l, op, dst, src);
  l.map(op.getResult(), dst);
  return success();
}

//===----------------------------------------------------------------------===//
// The family
//===----------------------------------------------------------------------===//

std::optional<LogicalResult> EntryLowering::lowerMmaOp(Operation *op) {
  if (auto forOp = dyn_cast<ct::ForOp>(op)) {
    std::optional<KLoop> loop = matchKLoop(forOp);
    if (!loop)
      return std::nullopt;
    FailureOr<MmaPlan> plan =
        planFor(loop->mma, planner.getCtaThreads(), *target);
    if (failed(plan))
      return failure();
    // The general (FMA) product has no tensor-core pipeline, and the
    // stages hold the loaded tiles as the tensor cores read them (tf32 in
    // f32 storage, rounded in its stage): a product whose plan widens its
    // inputs (f8 without fast_acc as f16) is lowered op by op.
    auto staged = [&](ct::LoadViewTkoOp load) {
      return storageType(cast<ct::TileType>(load.getTile().getType())
                             .getElementType()) == plan->inType;
    };
    if (plan->fma || !staged(loop->loadA) || !staged(loop->loadB))
      return std::nullopt;
    // A batched loop takes the pipeline where B is copied asynchronously:
    // cuTile's float8 batched matmul (B given K x N, which wgmma reads
    // K-major only, copied through registers each step) ran 1.43x slower
    // pipelined than op by op on an H200 (ptxas: 808 bytes of spills).
    if (loop->dropA >= 0 || loop->dropB >= 0) {
      std::optional<OperandStaging> stagingB =
          operandStaging(*plan, false, loop->transposeB);
      if (!stagingB || !stagingB->async)
        return std::nullopt;
    }
    if (failed(lowerKLoop(*this, *loop, plan)))
      return failure();
    // The carried tokens, as for any loop (mapCarried): conservatively
    // after a store.
    for (Value token : forOp.getResultValues().drop_front())
      markToken(token, true);
    return success();
  }
  if (auto ftof = dyn_cast<ct::FToFOp>(op)) {
    if (isa<FloatTF32Type>(
            cast<ct::TileType>(ftof.getSource().getType()).getElementType()) ||
        isa<FloatTF32Type>(
            cast<ct::TileType>(ftof.getResult().getType()).getElementType()))
      return lowerTf32Convert(*this, ftof);
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
    map(ftof.getResult(), dst);
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
