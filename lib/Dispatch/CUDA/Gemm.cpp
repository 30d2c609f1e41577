//===- Gemm.cpp - CUDA variants of tirx.gemm, gemm_async, gemm_wait -------===//
//
// Part of TileIR. Tensor-core matrix multiply:
//   mma_sync (10): gemm at warp scope, every operand in registers with the
//                  mma.sync fragment layouts: f16 inputs (f16 or f32
//                  accumulator) and bf16 inputs take one nvvm.mma.sync per
//                  m16n8k16 atom, f32 inputs (read as tf32) per m16n8k8,
//                  f64 per m8n8k4; f8 inputs (e4m3/e5m2, mixed allowed,
//                  sm_89+, PTX 8.4+) one
//                  llvm.nvvm.mma.m16n8k32.row.col.f32.<a>.<b>.f32 intrinsic
//                  call (llvm.call_intrinsic: nvvm.mma.sync has no dense f8
//                  form) per m16n8k32 atom.
//   wgmma    (20): gemm / gemm_async at warpgroup scope on sm_90a: A and B in
//                  shared memory with K-major wgmma layouts, or for 16-bit
//                  inputs MN-major 128-byte-swizzled ones (read through
//                  matrix descriptors built from their TileLayouts), the f32
//                  or f16 accumulator in registers with the m64nNk16
//                  fragment layout (f16: pairs per register), f32 inputs as
//                  tf32 (k8): nvvm.wgmma.fence, one nvvm.wgmma.mma_async
//                  per K step, commit, and (gemm only) wait. A 16-bit A
//                  may instead be in registers, in the layout of a wgmma
//                  accumulator of width K (the A fragment of m64nNk16 step
//                  s is that accumulator's registers 8s..8s+7), with an f32
//                  accumulator: the register-A form of wgmma.mma_async
//                  (inline PTX: upstream's op takes A by descriptor only).
//   fma       (0): gemm at CTA scope on any float or integer types, A and B
//                  in shared memory in any unswizzled layout, D in registers
//                  in any layout: each thread computes the elements of D it
//                  holds, one `llvm.intr.fma` (integers: a wrapping multiply
//                  and add, inputs extended by `signed_a`/`signed_b`) per
//                  element and K step in the accumulator type (f16 and
//                  bf16 accumulators: in f32, rounded once; f32 inputs
//                  rounded to tf32 by truncation unless
//                  `config = {precision = "f32"}`), any alpha and beta.
// The tensor-core variants decline `precision = "f32"` (full-precision f32
// products: cuda_tile `mmaf` with f32 inputs). `promote_k` (K-chunked
// accumulation, f8 without fast_acc) is implemented by wgmma: each chunk's
// wgmma chain starts from zero, is waited for and added to the f32
// accumulator registers; mma_sync and fma decline it.
// gemm_wait has one variant, `wgmma`: nvvm.wgmma.wait.group.sync.aligned.
//
// Both gemm variants read the storage slot of every fragment register from
// the operand layouts (MmaLayouts.h): any register order is accepted as
// long as each element sits on the thread the hardware fragment puts it on.
//
//===----------------------------------------------------------------------===//

#include "GemmCodegen.h"
#include "Variants.h"

#include "tileir/Dialect/TirX/Utils/LayoutCodegen.h"
#include "tileir/Dispatch/Dispatch.h"
#include "tileir/Dispatch/Predicates.h"
#include "tileir/Layout/MmaLayouts.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/GPU/IR/GPUDialect.h"
#include "mlir/Dialect/LLVMIR/LLVMDialect.h"
#include "mlir/Dialect/LLVMIR/NVVMDialect.h"
#include "mlir/Dialect/MemRef/IR/MemRef.h"
#include "mlir/Dialect/SCF/IR/SCF.h"
#include "mlir/Dialect/Vector/IR/VectorOps.h"
#include "mlir/Interfaces/SideEffectInterfaces.h"

using namespace mlir;
using namespace tileir;
using namespace tileir::dispatch;
namespace mma = layout::mma;

namespace {

/// The operands of a gemm or gemm_async, with op(A) M x K, op(B) K x N.
struct Gemm {
  Value d, a, b, c;
  bool transposeA = false, transposeB = false, async = false;
  double alpha = 1, beta = 0;
  int64_t m = 0, n = 0, k = 0;

  tirx::BufferType type(Value v) const {
    return cast<tirx::BufferType>(v.getType());
  }
  Type inputType() const { return type(a).getElementType(); }
  Type accType() const { return type(d).getElementType(); }
};

template <typename OpTy>
Gemm readGemm(OpTy op, bool async) {
  Gemm g;
  g.d = op.getD();
  g.a = op.getA();
  g.b = op.getB();
  g.c = op.getC();
  g.transposeA = op.getTransposeA();
  g.transposeB = op.getTransposeB();
  g.async = async;
  g.alpha = op.getAlpha().convertToDouble();
  g.beta = op.getBeta().convertToDouble();
  g.m = g.type(g.d).getDimSize(0);
  g.n = g.type(g.d).getDimSize(1);
  g.k = g.type(g.a).getDimSize(g.transposeA ? 0 : 1);
  return g;
}

Gemm readGemm(Operation *op) {
  if (auto gemm = dyn_cast<tirx::GemmOp>(op))
    return readGemm(gemm, /*async=*/false);
  return readGemm(cast<tirx::GemmAsyncOp>(op), /*async=*/true);
}

/// An index constant.

std::string str(Type t) {
  std::string s;
  llvm::raw_string_ostream os(s);
  os << t;
  return s;
}

/// One tensor-core input register from the storage slots `regSlots` (low
/// to high) of `storage`, holding elements of `in`, as mma.sync takes it:
/// two f16 as vector<2xf16>; two bf16 as an i32; four f8 as an i32 (their
/// bits as vector<4xi8>); one f32 as the i32 of its bits (tf32: the tensor
/// cores read its sign, exponent and top 10 mantissa bits); one f64 as is.
Value packInputRegister(OpBuilder &b, Location loc, Value storage,
                        ArrayRef<int64_t> regSlots, Type in) {
  Type i32 = b.getI32Type();
  auto load = [&](int64_t slot) {
    return memref::LoadOp::create(b, loc, storage, cstIndex(b, loc, slot))
        .getResult();
  };
  if (in.isF64())
    return load(regSlots[0]);
  if (in.isF32())
    return arith::BitcastOp::create(b, loc, i32, load(regSlots[0]));
  bool f8 = isF8(in);
  SmallVector<Value> elems;
  for (int64_t slot : regSlots) {
    Value e = load(slot);
    if (f8)
      e = arith::BitcastOp::create(b, loc, b.getI8Type(), e);
    elems.push_back(e);
  }
  Type elemType = f8 ? b.getI8Type() : in;
  Value v = vector::FromElementsOp::create(
      b, loc, VectorType::get({int64_t(elems.size())}, elemType), elems);
  if (!in.isF16())
    v = LLVM::BitcastOp::create(b, loc, i32, v);
  return v;
}

std::string shapeStr(const Gemm &g) {
  return std::to_string(g.m) + "x" + std::to_string(g.n) + "x" +
         std::to_string(g.k);
}

/// alpha = 1 and beta in {0, 1}: the tensor cores accumulate or overwrite.
Predicate unitScaling() {
  return {"unitScaling", [](Operation *op, const DispatchContext &) {
            Gemm g = readGemm(op);
            if (g.alpha == 1 && (g.beta == 0 || g.beta == 1))
              return Outcome::ok();
            return Outcome::fail("expects alpha = 1 and beta in {0, 1}, got "
                                 "alpha = " +
                                 std::to_string(g.alpha) +
                                 ", beta = " + std::to_string(g.beta));
          }};
}

/// True when `config = {precision = "f32"}` asks for full-precision f32
/// products.
bool wantsF32Precision(Operation *op) {
  auto config = op->getAttrOfType<DictionaryAttr>("config");
  auto precision = config ? config.getAs<StringAttr>("precision") : nullptr;
  return precision && precision.getValue() == "f32";
}

/// The config's `promote_k` (K-chunked accumulation), 0 when absent.
int64_t promoteK(Operation *op) {
  auto config = op->getAttrOfType<DictionaryAttr>("config");
  auto k = config ? config.getAs<IntegerAttr>("promote_k") : nullptr;
  return k ? k.getInt() : 0;
}

/// Whether the gemm's config states that the async proxy alone wrote its
/// shared A and B (`async_operands`).
bool asyncOperands(Operation *op) {
  auto config = op->getAttrOfType<DictionaryAttr>("config");
  auto flag = config ? config.getAs<BoolAttr>("async_operands") : nullptr;
  return flag && flag.getValue();
}

/// For the variants that accumulate over the whole K in one chain.
Predicate noPromotion() {
  return {"noPromotion", [](Operation *op, const DispatchContext &) {
            if (promoteK(op))
              return Outcome::fail("promote_k (K-chunked accumulation) is "
                                   "implemented by the wgmma variant");
            return Outcome::ok();
          }};
}

/// The tensor cores multiply f32 inputs as tf32.
Predicate tensorCorePrecision() {
  return {"tensorCorePrecision", [](Operation *op, const DispatchContext &) {
            if (wantsF32Precision(op))
              return Outcome::fail("precision = \"f32\" asks for full-"
                                   "precision f32 products; the tensor cores "
                                   "multiply f32 inputs as tf32");
            return Outcome::ok();
          }};
}

/// The storage slots of each fragment register of D (and C), A and B.
struct FragmentSlots {
  SmallVector<int64_t> d, a, b;
};

//===----------------------------------------------------------------------===//
// mma_sync
//===----------------------------------------------------------------------===//

/// The mma.sync atom of the gemm's input type: m16n8k16 for 16-bit
/// inputs, m16n8k32 for f8, m16n8k8 for tf32 (f32 buffers), m8n8k4 for f64.
struct MmaSyncAtom {
  int64_t m = 16, n = 8, k = 16;
};

MmaSyncAtom mmaSyncAtom(const Gemm &g) {
  Type in = g.inputType();
  if (in.isF64())
    return {8, 8, 4};
  return {16, 8, 256 / int64_t(in.getIntOrFloatBitWidth())};
}

/// The input/accumulator pairs of mma.sync: f16 x f16 -> f16 or f32;
/// bf16 x bf16, f8 x f8 (e4m3/e5m2) and f32 x f32 (read as tf32) -> f32;
/// f64 x f64 -> f64.
bool mmaSyncTypesOk(const Gemm &g) {
  Type in = g.inputType();
  Type inB = g.type(g.b).getElementType();
  Type acc = g.accType();
  if (isF8(in))
    return isF8(inB) && acc.isF32();
  if (inB != in)
    return false;
  if (in.isF16())
    return acc.isF16() || acc.isF32();
  if (in.isBF16() || in.isF32())
    return acc.isF32();
  if (in.isF64())
    return acc.isF64();
  return false;
}

Predicate mmaSyncTypes() {
  return {"mmaSyncTypes", [](Operation *op, const DispatchContext &) {
            Gemm g = readGemm(op);
            if (mmaSyncTypesOk(g))
              return Outcome::ok();
            return Outcome::fail(
                "takes f16 x f16 inputs with an f16 or f32 accumulator, "
                "bf16 x bf16, f8 (e4m3/e5m2) x f8 or f32 x f32 (tf32) inputs "
                "with an f32 accumulator, or f64 x f64 with an f64 "
                "accumulator, got " +
                str(g.inputType()) + " x " + str(g.type(g.b).getElementType()) +
                " inputs with a " + str(g.accType()) + " accumulator");
          }};
}

/// f8 inputs need mma.sync m16n8k32 with .e4m3/.e5m2 types: sm_89+ and PTX
/// ISA 8.4+ (the NVPTX backend selects the intrinsics from +ptx84 only);
/// 16-bit inputs pass.
Predicate mmaSyncF8Chip() {
  return {"mmaSyncF8Chip", [](Operation *op, const DispatchContext &ctx) {
            Gemm g = readGemm(op);
            const TargetInfo &t = ctx.getTarget();
            if (!isF8(g.inputType()) ||
                (t.getSmVersion() >= 89 && t.getPtxVersion() >= 84))
              return Outcome::ok();
            return Outcome::fail(
                "f8 inputs need mma.sync m16n8k32 .e4m3/.e5m2 (sm_89 or "
                "newer, PTX ISA 8.4 or newer), target is " +
                t.getChip().str() + " with PTX " +
                std::to_string(t.getPtxVersion() / 10) + "." +
                std::to_string(t.getPtxVersion() % 10));
          }};
}

bool mmaSyncShapeOk(const Gemm &g) {
  MmaSyncAtom atom = mmaSyncAtom(g);
  return g.m % atom.m == 0 && g.n % atom.n == 0 && g.k % atom.k == 0;
}

Predicate mmaSyncShape() {
  return {"mmaSyncShape", [](Operation *op, const DispatchContext &) {
            Gemm g = readGemm(op);
            if (mmaSyncShapeOk(g))
              return Outcome::ok();
            MmaSyncAtom atom = mmaSyncAtom(g);
            std::string m = std::to_string(atom.m);
            std::string k = std::to_string(atom.k);
            return Outcome::fail("expects M % " + m + ", N % 8 and K % " + k +
                                 " to be 0 (m" + m + "n8k" + k +
                                 " atoms), got MxNxK = " + shapeStr(g));
          }};
}

/// Matches the three register operands against the mma.sync fragments.
FailureOr<FragmentSlots> matchMmaSyncFragments(const Gemm &g,
                                               std::string &why) {
  FragmentSlots slots;
  unsigned bits = g.inputType().getIntOrFloatBitWidth();
  auto match = [&](Value v, mma::Operand which, int64_t rows, int64_t cols,
                   bool transposed, StringRef name, SmallVector<int64_t> &out) {
    auto layout = g.type(v).getTileLayout();
    auto result = mma::matchFragment(
        layout, transposed, mma::getMmaSyncFragment(which, rows, cols, bits));
    if (!result) {
      why = (name + " is not an mma.sync fragment layout: " +
             llvm::toString(result.takeError()))
                .str();
      return false;
    }
    out = std::move(*result);
    return true;
  };
  if (!match(g.d, mma::Operand::C, g.m, g.n, false, "D", slots.d) ||
      !match(g.a, mma::Operand::A, g.m, g.k, g.transposeA, "A", slots.a) ||
      !match(g.b, mma::Operand::B, g.k, g.n, g.transposeB, "B", slots.b))
    return failure();
  return slots;
}

Predicate mmaSyncFragments() {
  return {"mmaSyncFragments", [](Operation *op, const DispatchContext &) {
            Gemm g = readGemm(op);
            // Other shapes and memory scopes are reported by mmaSyncShape
            // and operandsInScope.
            if (!mmaSyncShapeOk(g) || !g.type(g.a).isLocal() ||
                !g.type(g.b).isLocal() || !g.type(g.d).isLocal())
              return Outcome::ok();
            std::string why;
            if (failed(matchMmaSyncFragments(g, why)))
              return Outcome::fail(why);
            return Outcome::ok();
          }};
}

/// The PTX type name of an f8 element type (e4m3 or e5m2).
StringRef f8PtxName(Type t) {
  return isa<Float8E4M3FNType>(t) ? "e4m3" : "e5m2";
}

Outcome emitMmaSync(Operation *op, RewriterBase &rewriter) {
  Gemm g = readGemm(op);
  std::string why;
  FailureOr<FragmentSlots> slots = matchMmaSyncFragments(g, why);
  if (failed(slots))
    return Outcome::fail(why);
  Location loc = op->getLoc();
  OpBuilder &b = rewriter;
  MLIRContext *ctx = b.getContext();
  Type in = g.inputType();
  Type inB = g.type(g.b).getElementType();
  Type accElem = g.accType();
  bool f8 = isF8(in);
  bool f64 = in.isF64();
  bool f16Acc = accElem.isF16();
  Value dStorage = getStorage(b, loc, g.d);
  Value aStorage = getStorage(b, loc, g.a);
  Value bStorage = getStorage(b, loc, g.b);
  Value cStorage = g.beta == 1 ? getStorage(b, loc, g.c) : Value();
  auto load = [&](Value storage, int64_t slot) {
    return memref::LoadOp::create(b, loc, storage, cstIndex(b, loc, slot))
        .getResult();
  };
  auto pack = [&](Value storage, ArrayRef<int64_t> regSlots) {
    return packInputRegister(b, loc, storage, regSlots, in);
  };
  MmaSyncAtom atom = mmaSyncAtom(g);
  // Elements per lane and atom: A m*k/32, B k*n/32, C/D m*n/32; elements
  // per register: 32 bits of 16- or 8-bit inputs, one f32 or f64.
  int64_t aElems = atom.m * atom.k / 32, bElems = atom.k * atom.n / 32;
  int64_t cElems = atom.m * atom.n / 32;
  int64_t perReg =
      f64 ? 1 : std::max<int64_t>(1, 32 / in.getIntOrFloatBitWidth());
  // Accumulator registers: f32 and f64 one element each, f16 pairs.
  int64_t cPerReg = f16Acc ? 2 : 1;
  Type cRegType = f16Acc ? Type(VectorType::get({2}, accElem)) : accElem;
  auto accType = LLVM::LLVMStructType::getLiteral(
      ctx, SmallVector<Type>(cElems / cPerReg, cRegType));
  auto ptxType = [&]() {
    if (in.isF16())
      return NVVM::MMATypes::f16;
    if (in.isBF16())
      return NVVM::MMATypes::bf16;
    if (in.isF32())
      return NVVM::MMATypes::tf32;
    return NVVM::MMATypes::f64;
  };
  // f8: the LLVM NVPTX intrinsic of mma.sync m16n8k32 for these types.
  StringAttr f8Intrinsic =
      f8 ? b.getStringAttr("llvm.nvvm.mma.m16n8k32.row.col.f32." +
                           f8PtxName(in) + "." + f8PtxName(inB) + ".f32")
         : StringAttr();
  int64_t atomsN = g.n / atom.n, atomsK = g.k / atom.k;
  Value zero = g.beta == 1 ? Value()
                           : arith::ConstantOp::create(b, loc, accElem,
                                                       b.getZeroAttr(accElem));
  for (int64_t im = 0; im < g.m / atom.m; ++im) {
    for (int64_t jn = 0; jn < atomsN; ++jn) {
      int64_t dBase = (im * atomsN + jn) * cElems;
      // The accumulator registers of this atom.
      SmallVector<Value> acc;
      for (int64_t r = 0; r < cElems / cPerReg; ++r) {
        SmallVector<Value> elems;
        for (int64_t q = 0; q < cPerReg; ++q)
          elems.push_back(
              cStorage ? load(cStorage, slots->d[dBase + cPerReg * r + q])
                       : zero);
        acc.push_back(f16Acc ? vector::FromElementsOp::create(
                                   b, loc, cast<VectorType>(cRegType), elems)
                                   .getResult()
                             : elems[0]);
      }
      for (int64_t ik = 0; ik < atomsK; ++ik) {
        int64_t aBase = (im * atomsK + ik) * aElems;
        int64_t bBase = (ik * atomsN + jn) * bElems;
        SmallVector<Value> aRegs, bRegs;
        ArrayRef<int64_t> aSlots(slots->a), bSlots(slots->b);
        for (int64_t p = 0; p < aElems / perReg; ++p)
          aRegs.push_back(
              pack(aStorage, aSlots.slice(aBase + perReg * p, perReg)));
        for (int64_t p = 0; p < bElems / perReg; ++p)
          bRegs.push_back(
              pack(bStorage, bSlots.slice(bBase + perReg * p, perReg)));
        Value mma;
        if (f8) {
          SmallVector<Value> args(aRegs);
          args.append(bRegs);
          args.append(acc);
          mma =
              LLVM::CallIntrinsicOp::create(b, loc, accType, f8Intrinsic, args)
                  .getResult(0);
        } else {
          NVVM::MMATypes type = ptxType();
          mma = NVVM::MmaOp::create(
              b, loc, accType, aRegs, bRegs, acc,
              {int(atom.m), int(atom.n), int(atom.k)},
              /*b1Op=*/std::nullopt, /*intOverflow=*/std::nullopt,
              std::array<NVVM::MMATypes, 2>{type, type},
              std::array<NVVM::MMALayout, 2>{NVVM::MMALayout::row,
                                             NVVM::MMALayout::col});
        }
        for (auto [r, reg] : llvm::enumerate(acc))
          reg = LLVM::ExtractValueOp::create(b, loc, mma, r);
      }
      for (auto [r, reg] : llvm::enumerate(acc))
        for (int64_t q = 0; q < cPerReg; ++q) {
          Value v = f16Acc
                        ? vector::ExtractOp::create(b, loc, reg, q).getResult()
                        : reg;
          memref::StoreOp::create(
              b, loc, v, dStorage,
              cstIndex(b, loc, slots->d[dBase + cPerReg * r + q]));
        }
    }
  }
  return Outcome::ok();
}

Variant makeMmaSyncVariant() {
  Variant v;
  v.name = "mma_sync";
  v.priority = priority::kGeneral;
  v.predicates = {pred::allThreadsActive(),
                  pred::execScopeIn({tirx::ExecScope::Warp}),
                  pred::operandsInScope(tirx::MemScope::Local),
                  mmaSyncTypes(),
                  mmaSyncF8Chip(),
                  mmaSyncShape(),
                  unitScaling(),
                  tensorCorePrecision(),
                  noPromotion(),
                  mmaSyncFragments()};
  v.impl = [](Operation *op, DispatchContext &, RewriterBase &rewriter) {
    return emitMmaSync(op, rewriter);
  };
  return v;
}

//===----------------------------------------------------------------------===//
// wgmma
//===----------------------------------------------------------------------===//

Predicate hasWgmma() {
  return {"hasWgmma", [](Operation *, const DispatchContext &ctx) {
            if (ctx.getTarget().hasWGMMA())
              return Outcome::ok();
            return Outcome::fail("needs wgmma (sm_90a), target is " +
                                 ctx.getTarget().getChip().str());
          }};
}

std::optional<NVVM::WGMMATypes> getWgmmaType(Type t) {
  if (t.isF16())
    return NVVM::WGMMATypes::f16;
  if (t.isBF16())
    return NVVM::WGMMATypes::bf16;
  if (isa<Float8E4M3FNType>(t))
    return NVVM::WGMMATypes::e4m3;
  if (isa<Float8E5M2Type>(t))
    return NVVM::WGMMATypes::e5m2;
  if (t.isF32())
    return NVVM::WGMMATypes::tf32;
  return std::nullopt;
}

Predicate wgmmaTypes() {
  return {"wgmmaTypes", [](Operation *op, const DispatchContext &) {
            Gemm g = readGemm(op);
            Type in = g.inputType();
            Type inB = g.type(g.b).getElementType();
            bool inputs = (in.isF16() || in.isBF16() || in.isF32())
                              ? inB == in
                              : isF8(in) && isF8(inB);
            bool f16Acc = g.accType().isF16() && (in.isF16() || isF8(in));
            if (inputs && (g.accType().isF32() || f16Acc))
              return Outcome::ok();
            return Outcome::fail(
                "takes f16 x f16 or f8 x f8 inputs with an f16 or f32 "
                "accumulator, bf16 x bf16 or f32 x f32 (tf32) inputs with an "
                "f32 accumulator, got " +
                str(in) + " x " + str(inB) + " inputs with a " +
                str(g.accType()) + " accumulator");
          }};
}

/// K of one wgmma instruction: 32 bytes of the input type.
int64_t wgmmaStepK(const Gemm &g) {
  return 256 / g.inputType().getIntOrFloatBitWidth();
}

bool wgmmaShapeOk(const Gemm &g) {
  return g.m == 64 && g.n % 8 == 0 && g.n >= 8 && g.n <= 256 &&
         g.k % wgmmaStepK(g) == 0;
}

Predicate wgmmaShape() {
  return {"wgmmaShape", [](Operation *op, const DispatchContext &) {
            Gemm g = readGemm(op);
            if (wgmmaShapeOk(g))
              return Outcome::ok();
            return Outcome::fail(
                "expects M = 64, N in [8, 256] step 8 and K % " +
                std::to_string(wgmmaStepK(g)) +
                " = 0, got MxNxK = " + shapeStr(g));
          }};
}

/// promote_k is whole K steps of the instruction.
Predicate wgmmaPromotion() {
  return {"wgmmaPromotion", [](Operation *op, const DispatchContext &) {
            Gemm g = readGemm(op);
            int64_t k = promoteK(op);
            if (!k || k % wgmmaStepK(g) == 0)
              return Outcome::ok();
            return Outcome::fail("promote_k " + std::to_string(k) +
                                 " is not a multiple of the wgmma K step " +
                                 std::to_string(wgmmaStepK(g)));
          }};
}

/// A in registers: 16-bit A, not transposed, with an f32 accumulator and
/// no promote_k (the register-A form of wgmma.mma_async).
bool registerAForm(const Gemm &g) {
  unsigned bits = g.inputType().getIntOrFloatBitWidth();
  return g.type(g.a).isLocal() && bits == 16 && !g.transposeA &&
         g.accType().isF32();
}

Predicate wgmmaMemory() {
  return {"wgmmaMemory", [](Operation *op, const DispatchContext &) {
            Gemm g = readGemm(op);
            if (!g.type(g.d).isLocal())
              return Outcome::fail("expects the accumulator D in registers "
                                   "(local)");
            if (g.type(g.a).isLocal() && (!registerAForm(g) || promoteK(op)))
              return Outcome::fail("takes A in registers only for 16-bit "
                                   "inputs, not transposed, with an f32 "
                                   "accumulator and no promote_k");
            if (!g.type(g.a).isShared() && !g.type(g.a).isLocal())
              return Outcome::fail("expects A in shared memory or "
                                   "registers");
            if (!g.type(g.b).isShared())
              return Outcome::fail("expects B in shared memory");
            return Outcome::ok();
          }};
}

/// Slots of the accumulator and the descriptors of A and B per K step.
struct WgmmaOperands {
  SmallVector<int64_t> d;
  SmallVector<mma::WgmmaDescriptor> a, b;
  /// A in registers: the storage slot of each A fragment element, K step s
  /// at 8s..8s+7 (a0..a7).
  SmallVector<int64_t> aRegs;
};

FailureOr<WgmmaOperands> matchWgmma(const Gemm &g, std::string &why) {
  WgmmaOperands result;
  auto d = mma::matchFragment(g.type(g.d).getTileLayout(), false,
                              mma::getWgmmaAccumulatorFragment(g.n));
  if (!d) {
    why = "D is not the wgmma m64nNk16 accumulator layout: " +
          llvm::toString(d.takeError());
    return failure();
  }
  result.d = std::move(*d);
  unsigned bits = g.inputType().getIntOrFloatBitWidth();
  // The descriptors of an operand read K-major, or else (16-bit, 128-byte
  // swizzle) MN-major; both reasons when neither applies.
  auto descriptors = [&](Value operand, bool transposed, int64_t rows,
                         StringRef name,
                         SmallVector<mma::WgmmaDescriptor> &out) {
    tirx::BufferType type = g.type(operand);
    if (!type.getLayout().hasHardwareSwizzle()) {
      why = (name + " has a swizzle wgmma does not read (swizzle_shift " +
             Twine(type.getLayout().getSwizzleShift()) + ", not 3)")
                .str();
      return failure();
    }
    unsigned swizzle = type.getLayout().getSwizzle();
    auto kMajor = mma::getWgmmaDescriptors(type.getTileLayout(), transposed,
                                           rows, g.k, bits, swizzle);
    if (kMajor) {
      out = std::move(*kMajor);
      return success();
    }
    why = (name +
           " has no wgmma descriptor: " + llvm::toString(kMajor.takeError()))
              .str();
    if (bits != 16 || swizzle != 128)
      return failure();
    auto mnMajor = mma::getWgmmaMNMajorDescriptors(type.getTileLayout(),
                                                   transposed, rows, g.k, bits);
    if (mnMajor) {
      out = std::move(*mnMajor);
      return success();
    }
    why += "; MN-major: " + llvm::toString(mnMajor.takeError());
    return failure();
  };
  // op(A) is M x K: the buffer is M x K, or K x M with transpose_a (or A
  // in registers: a wgmma accumulator layout of width K). op(B) is K x N:
  // the buffer is K x N (K outer), or N x K with transpose_b.
  if (g.type(g.a).isLocal()) {
    auto a = mma::matchFragment(g.type(g.a).getTileLayout(), false,
                                mma::getWgmmaAccumulatorFragment(g.k));
    if (!a) {
      why = "A in registers is not the wgmma A fragment layout (an "
            "m64nNk16 accumulator layout of width K): " +
            llvm::toString(a.takeError());
      return failure();
    }
    result.aRegs = std::move(*a);
  } else if (failed(descriptors(g.a, g.transposeA, g.m, "A", result.a))) {
    return failure();
  }
  if (failed(descriptors(g.b, !g.transposeB, g.n, "B", result.b)))
    return failure();
  return result;
}

Predicate wgmmaLayouts() {
  return {"wgmmaLayouts", [](Operation *op, const DispatchContext &) {
            Gemm g = readGemm(op);
            // Other shapes and memory scopes are reported by wgmmaShape and
            // wgmmaMemory.
            if (!wgmmaShapeOk(g) ||
                !(g.type(g.a).isShared() || registerAForm(g)) ||
                !g.type(g.b).isShared() || !g.type(g.d).isLocal())
              return Outcome::ok();
            std::string why;
            if (failed(matchWgmma(g, why)))
              return Outcome::fail(why);
            return Outcome::ok();
          }};
}

/// The shared-memory address of a buffer's storage as an i64.
Value emitSharedAddress(OpBuilder &b, Location loc, Value buffer) {
  Value storage = getStorage(b, loc, buffer);
  Value ptr = memref::ExtractAlignedPointerAsIndexOp::create(b, loc, storage);
  return arith::IndexCastUIOp::create(b, loc, b.getI64Type(), ptr);
}

/// The LBO, SBO and layout-type fields of a wgmma matrix descriptor: bits
/// 16-29 LBO >> 4, 32-45 SBO >> 4, 62-63 layout type (0: no swizzle, 1:
/// 128-byte, 2: 64-byte, 3: 32-byte swizzle; the base offset, bits 49-51,
/// is 0: swizzled buffers are 1024-byte aligned).
int64_t descriptorFields(const mma::WgmmaDescriptor &d) {
  int64_t type = 0;
  switch (d.swizzleBytes) {
  case 128:
    type = 1;
    break;
  case 64:
    type = 2;
    break;
  case 32:
    type = 3;
    break;
  }
  return ((d.leadingBytes >> 4) << 16) | ((d.strideBytes >> 4) << 32) |
         (type << 62);
}

/// A wgmma matrix descriptor: bits 0-13 start address >> 4, and the fields
/// of descriptorFields.
Value emitDescriptor(OpBuilder &b, Location loc, Value base,
                     const mma::WgmmaDescriptor &d) {
  Type i64 = b.getI64Type();
  auto cst = [&](int64_t v) {
    return arith::ConstantIntOp::create(b, loc, i64, v).getResult();
  };
  Value addr = arith::AddIOp::create(b, loc, base, cst(d.startBytes));
  Value start = arith::AndIOp::create(
      b, loc, arith::ShRUIOp::create(b, loc, addr, cst(4)), cst(0x3FFF));
  return arith::OrIOp::create(b, loc, start, cst(descriptorFields(d)));
}

/// The start-address field of a descriptor (shared address >> 4, 14 bits)
/// of the storage of `buffer`, where that storage is chosen at run time (an
/// `arith.select` of buffers: the stage buffers of the rolled K loop): the
/// field of each candidate is computed where the candidate is defined
/// (before the loop) and selected here, so the loop selects precomputed
/// fields instead of computing the descriptors from the selected address
/// (docs/Matmul.md).
Value emitSelectedStartField(OpBuilder &b, Location loc, Value buffer) {
  Value root = tirx::viewRoot(buffer);
  if (auto select = root.getDefiningOp<arith::SelectOp>()) {
    Value t = emitSelectedStartField(b, loc, select.getTrueValue());
    Value f = emitSelectedStartField(b, loc, select.getFalseValue());
    return arith::SelectOp::create(b, loc, select.getCondition(), t, f);
  }
  OpBuilder::InsertionGuard guard(b);
  b.setInsertionPointAfterValue(root);
  Type i64 = b.getI64Type();
  Value addr = emitSharedAddress(b, loc, root);
  return arith::AndIOp::create(
      b, loc,
      arith::ShRUIOp::create(b, loc, addr,
                             arith::ConstantIntOp::create(b, loc, i64, 4)),
      arith::ConstantIntOp::create(b, loc, i64, 0x3FFF));
}

/// The descriptor of `d` from the start-address field of its buffer's
/// storage: the start field plus the K step's 16-byte offset and the other
/// fields. The same value as emitDescriptor: the storage is aligned to 16
/// bytes (shared buffers to 128 or more) and shared addresses are below
/// 2^18, so the 14-bit field does not carry.
Value emitDescriptorFromField(OpBuilder &b, Location loc, Value field,
                              const mma::WgmmaDescriptor &d) {
  int64_t fields = (d.startBytes >> 4) | descriptorFields(d);
  return arith::AddIOp::create(
      b, loc, field,
      arith::ConstantIntOp::create(b, loc, b.getI64Type(), fields));
}

/// Whether a `fence.proxy.async` earlier in `op`'s block already orders
/// every generic-proxy write of shared memory before `op`: between that
/// fence and `op` there are only operations without memory effects, the
/// tensor-core operations of other wgmma products (their fences, issues,
/// commits and waits, which read shared memory through the async proxy)
/// and register (non-shared) loads and stores, no barrier. A warpgroup
/// that issues several pieces of a product one after the other then
/// fences once. Conservative: anything else, such as a not yet lowered
/// tirx op, asks for a fence.
bool asyncProxyFenced(Operation *op) {
  auto shared = [](Value memref) {
    return gpu::GPUDialect::hasWorkgroupMemoryAddressSpace(
        cast<MemRefType>(memref.getType()));
  };
  for (Operation *prev = op->getPrevNode(); prev; prev = prev->getPrevNode()) {
    if (auto fence = dyn_cast<NVVM::FenceProxyOp>(prev))
      return fence.getKind() == NVVM::ProxyKind::async_shared;
    if (isa<NVVM::WgmmaFenceAlignedOp, NVVM::WgmmaMmaAsyncOp,
            NVVM::WgmmaGroupSyncAlignedOp, NVVM::WgmmaWaitGroupSyncOp>(prev) ||
        isMemoryEffectFree(prev))
      continue;
    if (auto load = dyn_cast<memref::LoadOp>(prev);
        load && !shared(load.getMemRef()))
      continue;
    if (auto store = dyn_cast<memref::StoreOp>(prev);
        store && !shared(store.getMemRef()))
      continue;
    return false;
  }
  return false;
}

/// The four b32 registers of the A fragment of K step `step` of a register
/// A (`storage`, 16-bit elements of `type`): its elements a0..a7 at the
/// storage slots `slots[8 * step ...]`, packed in pairs as mma.sync's
/// input registers are (packInputRegister), as i32.
SmallVector<Value> packRegisterA(OpBuilder &b, Location loc, Value storage,
                                 ArrayRef<int64_t> slots, int64_t step,
                                 Type type) {
  SmallVector<Value> packed;
  for (int64_t q = 0; q < 4; ++q) {
    Value reg = packInputRegister(b, loc, storage,
                                  slots.slice(8 * step + 2 * q, 2), type);
    if (reg.getType() != b.getI32Type())
      reg = LLVM::BitcastOp::create(b, loc, b.getI32Type(), reg);
    packed.push_back(reg);
  }
  return packed;
}

/// One m64nNk16 wgmma.mma_async with A in registers (`a`: the fragment's
/// four b32 registers, packRegisterA; inputs of `type`) into the f32
/// accumulator `acc` (a struct of N/2 f32), B by descriptor: inline PTX,
/// because upstream's nvvm.wgmma.mma_async takes A by descriptor only.
/// Returns the new accumulator.
Value emitWgmmaRegisterA(OpBuilder &b, Location loc, Value acc,
                         ArrayRef<Value> a, Value descB, int64_t n, Type type,
                         bool scaleD, bool transposeB) {
  int64_t regs = n / 2;
  SmallVector<Value> operands;
  for (int64_t r = 0; r < regs; ++r)
    operands.push_back(LLVM::ExtractValueOp::create(b, loc, acc, r));
  operands.append(a.begin(), a.end());
  operands.push_back(descB);
  // $0..$(regs-1): the accumulator out, tied to the inputs $regs..; then
  // a0..a7 in four registers and B's descriptor.
  std::string ptx, constraints;
  llvm::raw_string_ostream os(ptx), cs(constraints);
  std::string name = type.isBF16() ? "bf16" : "f16";
  os << "{\n.reg .pred p;\nsetp.ne.b32 p, " << (scaleD ? 1 : 0)
     << ", 0;\nwgmma.mma_async.sync.aligned.m64n" << n << "k16.f32." << name
     << "." << name << " {";
  for (int64_t r = 0; r < regs; ++r) {
    os << (r ? ", $" : "$") << r;
    cs << "=f,";
  }
  int64_t in = 2 * regs;
  os << "}, {$" << in << ", $" << in + 1 << ", $" << in + 2 << ", $" << in + 3
     << "}, $" << in + 4 << ", p, 1, 1, " << (transposeB ? 1 : 0) << ";\n}";
  for (int64_t r = 0; r < regs; ++r)
    cs << r << ",";
  cs << "r,r,r,r,l";
  return LLVM::InlineAsmOp::create(
             b, loc, acc.getType(), operands, ptx, constraints,
             /*has_side_effects=*/true, /*is_align_stack=*/false,
             LLVM::tailcallkind::TailCallKind::None, LLVM::AsmDialectAttr(),
             ArrayAttr())
      .getResult(0);
}

Outcome emitWgmma(Operation *op, RewriterBase &rewriter) {
  Gemm g = readGemm(op);
  std::string why;
  FailureOr<WgmmaOperands> operands = matchWgmma(g, why);
  if (failed(operands))
    return Outcome::fail(why);
  Location loc = op->getLoc();
  OpBuilder &b = rewriter;
  MLIRContext *ctx = b.getContext();
  // The accumulator registers: N/2 f32, or N/4 pairs of f16.
  Type accElem = g.accType();
  bool f16Acc = accElem.isF16();
  int64_t perReg = f16Acc ? 2 : 1;
  int64_t regs = g.n / 2 / perReg;
  Type regType = f16Acc ? Type(VectorType::get({2}, accElem)) : accElem;
  auto accType =
      LLVM::LLVMStructType::getLiteral(ctx, SmallVector<Type>(regs, regType));

  Value dStorage = getStorage(b, loc, g.d);
  Value acc;
  if (g.beta == 1) {
    Value cStorage = getStorage(b, loc, g.c);
    acc = LLVM::UndefOp::create(b, loc, accType);
    for (int64_t r = 0; r < regs; ++r) {
      SmallVector<Value> elems;
      for (int64_t q = 0; q < perReg; ++q)
        elems.push_back(memref::LoadOp::create(
            b, loc, cStorage, cstIndex(b, loc, operands->d[perReg * r + q])));
      Value v = f16Acc ? vector::FromElementsOp::create(
                             b, loc, cast<VectorType>(regType), elems)
                             .getResult()
                       : elems[0];
      acc = LLVM::InsertValueOp::create(b, loc, acc, v, r);
    }
  } else {
    // Ignored: the first step does not read the accumulator (scale-d = 0).
    acc = LLVM::UndefOp::create(b, loc, accType);
  }
  // Operands whose storage is chosen at run time (the rolled K loop) take
  // their descriptors from the selected precomputed start field; the others
  // from their (static) address.
  bool registerA = !operands->aRegs.empty();
  bool selectedA =
      isa_and_nonnull<arith::SelectOp>(tirx::viewRoot(g.a).getDefiningOp());
  bool selectedB =
      isa_and_nonnull<arith::SelectOp>(tirx::viewRoot(g.b).getDefiningOp());
  Value aBase = registerA   ? getStorage(b, loc, g.a)
                : selectedA ? emitSelectedStartField(b, loc, g.a)
                            : emitSharedAddress(b, loc, g.a);
  Value bBase = selectedB ? emitSelectedStartField(b, loc, g.b)
                          : emitSharedAddress(b, loc, g.b);
  NVVM::WGMMATypes typeA = *getWgmmaType(g.inputType());
  NVVM::WGMMATypes typeB = *getWgmmaType(g.type(g.b).getElementType());
  int64_t stepK = wgmmaStepK(g);
  auto shape = NVVM::MMAShapeAttr::get(ctx, 64, g.n, stepK);

  // wgmma reads A and B through the async proxy: make shared-memory writes
  // done with ordinary stores or cp.async (and published by a barrier)
  // visible to it, unless an earlier fence already did or the operands
  // were written by the async proxy (config async_operands).
  if (!asyncOperands(op) && !asyncProxyFenced(op))
    NVVM::FenceProxyOp::create(
        b, loc, NVVM::ProxyKindAttr::get(ctx, NVVM::ProxyKind::async_shared),
        NVVM::SharedSpaceAttr::get(ctx, NVVM::SharedSpace::shared_cta));
  // One chain of wgmma over the K steps, or with promote_k one chain per
  // chunk of K into zero whose result is added to the accumulator once it
  // is complete.
  int64_t steps =
      registerA ? int64_t(operands->aRegs.size()) / 8 : operands->a.size();
  int64_t promoteSteps = promoteK(op) / stepK;
  int64_t chunkSteps = promoteSteps ? promoteSteps : steps;
  bool haveAcc = g.beta != 0;
  // A in registers: every step's fragment is packed before wgmma's fence,
  // so that no register wgmma reads is written between the fence and the
  // instruction (ptxas would add a fence of its own, C7519).
  SmallVector<SmallVector<Value>> aPacked;
  if (registerA)
    for (int64_t s = 0; s < steps; ++s)
      aPacked.push_back(
          packRegisterA(b, loc, aBase, operands->aRegs, s, g.inputType()));
  for (int64_t first = 0; first < steps; first += chunkSteps) {
    bool promote = promoteSteps && (chunkSteps < steps || haveAcc);
    Value chain = promote ? LLVM::UndefOp::create(b, loc, accType) : acc;
    NVVM::WgmmaFenceAlignedOp::create(b, loc);
    for (int64_t s = first; s < first + chunkSteps; ++s) {
      const mma::WgmmaDescriptor &db = operands->b[s];
      NVVM::WGMMAScaleOut scaleD = s == first && (promote || !haveAcc)
                                       ? NVVM::WGMMAScaleOut::zero
                                       : NVVM::WGMMAScaleOut::one;
      auto descriptorB = [&] {
        return selectedB ? emitDescriptorFromField(b, loc, bBase, db)
                         : emitDescriptor(b, loc, bBase, db);
      };
      if (registerA) {
        chain = emitWgmmaRegisterA(
            b, loc, chain, aPacked[s], descriptorB(), g.n, g.inputType(),
            scaleD == NVVM::WGMMAScaleOut::one, db.mnMajor);
        continue;
      }
      const mma::WgmmaDescriptor &da = operands->a[s];
      Value descA = selectedA ? emitDescriptorFromField(b, loc, aBase, da)
                              : emitDescriptor(b, loc, aBase, da);
      Value descB = descriptorB();
      chain = NVVM::WgmmaMmaAsyncOp::create(
          b, loc, accType, chain, descA, descB, shape, typeA, typeB,
          f16Acc ? NVVM::WGMMATypes::f16 : NVVM::WGMMATypes::f32, scaleD,
          NVVM::WGMMAScaleIn::one, NVVM::WGMMAScaleIn::one,
          da.mnMajor ? NVVM::MMALayout::col : NVVM::MMALayout::row,
          db.mnMajor ? NVVM::MMALayout::row : NVVM::MMALayout::col,
          /*satfinite=*/nullptr);
    }
    NVVM::WgmmaGroupSyncAlignedOp::create(b, loc);
    if (!g.async)
      NVVM::WgmmaWaitGroupSyncOp::create(b, loc, 0);
    if (!promote) {
      acc = chain;
    } else if (!haveAcc) {
      acc = chain;
      haveAcc = true;
    } else {
      // f32 registers, or pairs of f16.
      for (int64_t r = 0; r < regs; ++r) {
        Value sum = arith::AddFOp::create(
            b, loc, LLVM::ExtractValueOp::create(b, loc, acc, r),
            LLVM::ExtractValueOp::create(b, loc, chain, r));
        acc = LLVM::InsertValueOp::create(b, loc, acc, sum, r);
      }
    }
  }
  for (int64_t r = 0; r < regs; ++r) {
    Value reg = LLVM::ExtractValueOp::create(b, loc, acc, r);
    for (int64_t q = 0; q < perReg; ++q) {
      Value v =
          f16Acc ? vector::ExtractOp::create(b, loc, reg, q).getResult() : reg;
      memref::StoreOp::create(b, loc, v, dStorage,
                              cstIndex(b, loc, operands->d[perReg * r + q]));
    }
  }
  return Outcome::ok();
}

Variant makeWgmmaVariant() {
  Variant v;
  v.name = "wgmma";
  v.priority = priority::kPreferred;
  v.predicates = {hasWgmma(),
                  pred::allThreadsActive(),
                  pred::execScopeIn({tirx::ExecScope::Warpgroup}),
                  wgmmaTypes(),
                  wgmmaShape(),
                  wgmmaPromotion(),
                  wgmmaMemory(),
                  unitScaling(),
                  tensorCorePrecision(),
                  wgmmaLayouts()};
  v.impl = [](Operation *op, DispatchContext &, RewriterBase &rewriter) {
    return emitWgmma(op, rewriter);
  };
  return v;
}

Variant makeWgmmaWaitVariant() {
  Variant v;
  v.name = "wgmma";
  v.priority = priority::kGeneral;
  v.predicates = {hasWgmma(), pred::allThreadsActive(),
                  pred::execScopeIn({tirx::ExecScope::Warpgroup})};
  v.impl = [](Operation *op, DispatchContext &, RewriterBase &rewriter) {
    auto wait = cast<tirx::GemmWaitOp>(op);
    NVVM::WgmmaWaitGroupSyncOp::create(rewriter, op->getLoc(),
                                       wait.getPending());
    return Outcome::ok();
  };
  return v;
}

//===----------------------------------------------------------------------===//
// fma
//===----------------------------------------------------------------------===//

/// Float inputs (not f8) no wider than a float accumulator, or integer
/// inputs no wider than an integer accumulator.
Predicate fmaTypes() {
  return {"fmaTypes", [](Operation *op, const DispatchContext &) {
            Gemm g = readGemm(op);
            Type in = g.inputType(), inB = g.type(g.b).getElementType();
            Type acc = g.accType();
            auto ok = [&](Type t) {
              bool kinds =
                  (isa<FloatType>(t) && !isF8(t) && isa<FloatType>(acc)) ||
                  (t.isInteger() && acc.isInteger());
              return kinds &&
                     t.getIntOrFloatBitWidth() <= acc.getIntOrFloatBitWidth();
            };
            if (ok(in) && ok(inB))
              return Outcome::ok();
            return Outcome::fail(
                "takes f16, bf16, f32 or f64 inputs no wider than a float "
                "accumulator, or integer inputs no wider than an integer "
                "accumulator, got " +
                str(in) + " x " + str(inB) + " inputs with a " + str(acc) +
                " accumulator");
          }};
}

/// A and B in shared memory (power-of-two, unswizzled, no replicas), D in
/// registers with a power-of-two layout that holds each element once.
Predicate fmaOperands() {
  return {"fmaOperands", [](Operation *op, const DispatchContext &) {
            Gemm g = readGemm(op);
            for (auto [name, v] : {std::pair("A", g.a), std::pair("B", g.b)}) {
              tirx::BufferType type = g.type(v);
              FailureOr<BitLayout> bits = BitLayout::get(type.getTileLayout());
              if (!type.isShared() || type.getLayout().getSwizzle() ||
                  failed(bits) || !bits->replica.empty())
                return Outcome::fail(
                    std::string(name) +
                    " is not a shared buffer with a power-of-two layout "
                    "without swizzle or replicas");
            }
            tirx::BufferType d = g.type(g.d);
            FailureOr<BitLayout> bits = BitLayout::get(d.getTileLayout());
            if (!d.isLocal() || failed(bits))
              return Outcome::fail(
                  "D is not a local buffer with a power-of-two CTA layout");
            for (const LayoutBit &bit : bits->shard)
              if (bit.stride == 0)
                return Outcome::fail("D's layout broadcasts");
            return Outcome::ok();
          }};
}

Outcome emitFmaGemm(Operation *op, RewriterBase &rewriter) {
  Gemm g = readGemm(op);
  Location loc = op->getLoc();
  OpBuilder &b = rewriter;
  ScalarGemmArithmetic math(b, op);
  Type acc = math.acc;
  BitLayout d = *BitLayout::get(g.type(g.d).getTileLayout());
  BitLayout a = *BitLayout::get(g.type(g.a).getTileLayout());
  BitLayout bl = *BitLayout::get(g.type(g.b).getTileLayout());
  Value dStorage = getStorage(b, loc, g.d);
  Value cStorage = getStorage(b, loc, g.c);
  Value aStorage = getStorage(b, loc, g.a);
  Value bStorage = getStorage(b, loc, g.b);

  // The (m, n) of each element this thread holds: thread bits from the
  // thread id, register bits from the slot.
  Value threadFlat =
      emitThreadBits(b, loc, d, emitThreadId(b, loc), 0, d.getNumBits());
  threadFlat =
      arith::IndexCastUIOp::create(b, loc, b.getIndexType(), threadFlat);
  SmallVector<int64_t> flats = enumerateSubsets(d.memoryBits());
  SmallVector<Value> rows, cols, init;
  Value cN = cstIndex(b, loc, g.n);
  for (int64_t flat : flats) {
    Value f = arith::OrIOp::create(b, loc, threadFlat, cstIndex(b, loc, flat));
    rows.push_back(arith::DivUIOp::create(b, loc, f, cN));
    cols.push_back(arith::RemUIOp::create(b, loc, f, cN));
    Value c;
    if (g.beta == 0) {
      c = arith::ConstantOp::create(b, loc, b.getZeroAttr(acc));
    } else {
      c = math.fromC(
          b, loc,
          memref::LoadOp::create(b, loc, cStorage,
                                 cstIndex(b, loc, d.storageIndex(flat))),
          g.beta);
    }
    init.push_back(c);
  }

  // An input element widened to the sum type.
  auto operand = [&](Value storage, const BitLayout &layout, Value flat,
                     StringRef signedKey) {
    return math.widen(
        b, loc,
        memref::LoadOp::create(b, loc, storage,
                               emitStorageOffset(b, loc, layout, flat)),
        signedKey);
  };
  // Flat index of element (r, c) of a buffer of `cols` columns.
  auto flatOf = [&](Value r, Value c, int64_t cols) -> Value {
    return arith::AddIOp::create(
        b, loc, arith::MulIOp::create(b, loc, r, cstIndex(b, loc, cols)), c);
  };
  int64_t colsA = g.type(g.a).getDimSize(1), colsB = g.type(g.b).getDimSize(1);
  auto loop =
      scf::ForOp::create(b, loc, cstIndex(b, loc, 0), cstIndex(b, loc, g.k),
                         cstIndex(b, loc, 1), init);
  {
    OpBuilder::InsertionGuard guard(b);
    b.setInsertionPointToStart(loop.getBody());
    Value k = loop.getInductionVar();
    SmallVector<Value> next;
    for (auto [i, sum] : llvm::enumerate(loop.getRegionIterArgs())) {
      Value x = operand(aStorage, a,
                        g.transposeA ? flatOf(k, rows[i], colsA)
                                     : flatOf(rows[i], k, colsA),
                        "signed_a");
      Value y = operand(bStorage, bl,
                        g.transposeB ? flatOf(cols[i], k, colsB)
                                     : flatOf(k, cols[i], colsB),
                        "signed_b");
      next.push_back(math.multiplyAdd(b, loc, x, y, sum));
    }
    scf::YieldOp::create(b, loc, next);
  }
  for (auto [i, flat] : llvm::enumerate(flats)) {
    Value v = math.toD(b, loc, loop.getResult(i), g.alpha);
    memref::StoreOp::create(b, loc, v, dStorage,
                            cstIndex(b, loc, d.storageIndex(flat)));
  }
  return Outcome::ok();
}

Variant makeFmaVariant() {
  Variant v;
  v.name = "fma";
  v.priority = priority::kFallback;
  v.predicates = {pred::allThreadsActive(),
                  pred::execScopeIn({tirx::ExecScope::Cta}),
                  pred::layoutThreadAxesMatchScope(),
                  fmaTypes(),
                  noPromotion(),
                  fmaOperands()};
  v.impl = [](Operation *op, DispatchContext &, RewriterBase &rewriter) {
    return emitFmaGemm(op, rewriter);
  };
  return v;
}

} // namespace

ScalarGemmArithmetic::ScalarGemmArithmetic(OpBuilder &b, Operation *op)
    : op(op),
      accElem(
          cast<tirx::BufferType>(op->getOperand(0).getType()).getElementType()),
      acc(accElem), isInt(accElem.isInteger()) {
  if (!isInt && accElem.getIntOrFloatBitWidth() < 32)
    acc = b.getF32Type();
  tf32 = cast<tirx::BufferType>(op->getOperand(1).getType())
             .getElementType()
             .isF32() &&
         !wantsF32Precision(op);
}

Value ScalarGemmArithmetic::constant(OpBuilder &b, Location loc,
                                     double v) const {
  if (isInt)
    return arith::ConstantIntOp::create(b, loc, acc, int64_t(v));
  return arith::ConstantOp::create(b, loc, b.getFloatAttr(acc, v));
}

Value ScalarGemmArithmetic::scale(OpBuilder &b, Location loc, Value x,
                                  double v) const {
  if (isInt)
    return arith::MulIOp::create(b, loc, x, constant(b, loc, v));
  return arith::MulFOp::create(b, loc, x, constant(b, loc, v));
}

Value ScalarGemmArithmetic::widen(OpBuilder &b, Location loc, Value x,
                                  StringRef signedKey) const {
  if (tf32) {
    Value bits = arith::BitcastOp::create(b, loc, b.getI32Type(), x);
    bits = arith::AndIOp::create(
        b, loc, bits,
        arith::ConstantIntOp::create(b, loc, b.getI32Type(), 0xffffe000));
    x = arith::BitcastOp::create(b, loc, b.getF32Type(), bits);
  }
  if (isF8(x.getType()))
    x = emitScalarCast(b, loc, x, b.getF32Type(), false);
  if (x.getType() == acc)
    return x;
  if (!isInt)
    return arith::ExtFOp::create(b, loc, acc, x);
  bool isSigned = isa<tirx::GemmOp>(op)
                      ? cast<tirx::GemmOp>(op).isSignedInput(signedKey)
                      : cast<tirx::GemmAsyncOp>(op).isSignedInput(signedKey);
  if (isSigned)
    return arith::ExtSIOp::create(b, loc, acc, x);
  return arith::ExtUIOp::create(b, loc, acc, x);
}

Value ScalarGemmArithmetic::multiplyAdd(OpBuilder &b, Location loc, Value x,
                                        Value y, Value sum) const {
  if (isInt)
    return arith::AddIOp::create(b, loc, arith::MulIOp::create(b, loc, x, y),
                                 sum);
  return LLVM::FMAOp::create(b, loc, x, y, sum);
}

Value ScalarGemmArithmetic::add(OpBuilder &b, Location loc, Value x,
                                Value y) const {
  if (isInt)
    return arith::AddIOp::create(b, loc, x, y);
  return arith::AddFOp::create(b, loc, x, y);
}

Value ScalarGemmArithmetic::fromC(OpBuilder &b, Location loc, Value c,
                                  double beta) const {
  if (c.getType() != acc)
    c = arith::ExtFOp::create(b, loc, acc, c);
  return beta == 1 ? c : scale(b, loc, c, beta);
}

Value ScalarGemmArithmetic::toD(OpBuilder &b, Location loc, Value sum,
                                double alpha) const {
  if (alpha != 1)
    sum = scale(b, loc, sum, alpha);
  if (acc != accElem)
    sum = arith::TruncFOp::create(b, loc, accElem, sum);
  return sum;
}

void tileir::dispatch::registerCudaGemmVariants(Registry &registry) {
  registry.add("tirx.gemm", "cuda", makeMmaSyncVariant());
  registry.add("tirx.gemm", "cuda", makeWgmmaVariant());
  registry.add("tirx.gemm", "cuda", makeFmaVariant());
  registry.add("tirx.gemm_async", "cuda", makeWgmmaVariant());
  registry.add("tirx.gemm_wait", "cuda", makeWgmmaWaitVariant());
}
