//===- GemmInt.cpp - integer tirx.gemm on mma.sync ------------------------===//
//
// Part of TileIR. The `mma_sync_int` variant of tirx.gemm: i8 x i8 -> i32 at
// warp scope, every operand in registers with the mma.sync m16n8k32
// fragment layouts of 8-bit inputs (MmaLayouts.h; the same fragments as the
// f8 path of `mma_sync`), one nvvm.mma.sync m16n8k32 .s8/.u8 per atom
// (sm_80+), K steps chained through the accumulator. i8 buffers carry no
// signedness: the op's `config` says how each input reads, `signed_a` and
// `signed_b` (bool, default true). The accumulation wraps modulo 2^32 (no
// .satfinite), as cuda_tile integer arithmetic does.
//
//===----------------------------------------------------------------------===//

#include "Variants.h"

#include "tileir/Dialect/TirX/Utils/LayoutCodegen.h"
#include "tileir/Dispatch/Dispatch.h"
#include "tileir/Dispatch/Predicates.h"
#include "tileir/Layout/MmaLayouts.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/LLVMIR/LLVMDialect.h"
#include "mlir/Dialect/LLVMIR/NVVMDialect.h"
#include "mlir/Dialect/MemRef/IR/MemRef.h"
#include "mlir/Dialect/Vector/IR/VectorOps.h"

using namespace mlir;
using namespace tileir;
using namespace tileir::dispatch;
namespace mma = layout::mma;

namespace {

constexpr int64_t kAtomM = 16, kAtomN = 8, kAtomK = 32;

struct IntGemm {
  mutable tirx::GemmOp op;
  int64_t m, n, k;
  tirx::BufferType type(Value v) const {
    return cast<tirx::BufferType>(v.getType());
  }
};

std::optional<IntGemm> readIntGemm(Operation *op) {
  auto gemm = dyn_cast<tirx::GemmOp>(op);
  if (!gemm)
    return std::nullopt;
  IntGemm g{gemm, 0, 0, 0};
  g.m = g.type(gemm.getD()).getDimSize(0);
  g.n = g.type(gemm.getD()).getDimSize(1);
  g.k = g.type(gemm.getA()).getDimSize(gemm.getTransposeA() ? 0 : 1);
  return g;
}

std::string str(Type t) {
  std::string s;
  llvm::raw_string_ostream os(s);
  os << t;
  return s;
}

Predicate intTypes() {
  return {"intTypes", [](Operation *op, const DispatchContext &) {
            std::optional<IntGemm> g = readIntGemm(op);
            if (!g)
              return Outcome::fail("expects tirx.gemm");
            Type a = g->type(g->op.getA()).getElementType();
            Type b = g->type(g->op.getB()).getElementType();
            Type d = g->type(g->op.getD()).getElementType();
            if (a.isInteger(8) && b.isInteger(8) && d.isInteger(32))
              return Outcome::ok();
            return Outcome::fail("takes i8 x i8 inputs with an i32 "
                                 "accumulator, got " +
                                 str(a) + " x " + str(b) + " inputs with a " +
                                 str(d) + " accumulator");
          }};
}

Predicate intShapeAndScaling() {
  return {"intShapeAndScaling", [](Operation *op, const DispatchContext &) {
            IntGemm g = *readIntGemm(op);
            double alpha = g.op.getAlpha().convertToDouble();
            double beta = g.op.getBeta().convertToDouble();
            if (alpha != 1 || (beta != 0 && beta != 1))
              return Outcome::fail("expects alpha = 1 and beta in {0, 1}");
            if (g.m % kAtomM || g.n % kAtomN || g.k % kAtomK)
              return Outcome::fail(
                  "expects M % 16, N % 8 and K % 32 to be 0 (m16n8k32 "
                  "atoms), got MxNxK = " +
                  std::to_string(g.m) + "x" + std::to_string(g.n) + "x" +
                  std::to_string(g.k));
            return Outcome::ok();
          }};
}

/// The storage slot of every fragment register of D, A and B, or why an
/// operand is not laid out as its fragment.
FailureOr<std::array<SmallVector<int64_t>, 3>> matchSlots(const IntGemm &g,
                                                          std::string &why) {
  std::array<SmallVector<int64_t>, 3> slots;
  struct Item {
    Value v;
    mma::Operand which;
    int64_t rows, cols;
    bool transposed;
    const char *name;
  };
  Item items[3] = {
      {g.op.getD(), mma::Operand::C, g.m, g.n, false, "D"},
      {g.op.getA(), mma::Operand::A, g.m, g.k, g.op.getTransposeA(), "A"},
      {g.op.getB(), mma::Operand::B, g.k, g.n, g.op.getTransposeB(), "B"}};
  for (auto [i, item] : llvm::enumerate(items)) {
    auto result = mma::matchFragment(
        g.type(item.v).getTileLayout(), item.transposed,
        mma::getMmaSyncFragment(item.which, item.rows, item.cols, 8));
    if (!result) {
      why = std::string(item.name) +
            " is not an mma.sync m16n8k32 fragment "
            "layout: " +
            llvm::toString(result.takeError());
      return failure();
    }
    slots[i] = std::move(*result);
  }
  return slots;
}

Predicate intFragments() {
  return {"intFragments", [](Operation *op, const DispatchContext &) {
            IntGemm g = *readIntGemm(op);
            if (g.m % kAtomM || g.n % kAtomN || g.k % kAtomK)
              return Outcome::ok(); // reported by intShapeAndScaling
            std::string why;
            if (failed(matchSlots(g, why)))
              return Outcome::fail(why);
            return Outcome::ok();
          }};
}

Outcome emitIntMma(Operation *op, RewriterBase &rewriter) {
  IntGemm g = *readIntGemm(op);
  std::string why;
  auto slots = matchSlots(g, why);
  if (failed(slots))
    return Outcome::fail(why);
  auto &[dSlots, aSlots, bSlots] = *slots;
  Location loc = op->getLoc();
  OpBuilder &b = rewriter;
  Type i8 = b.getI8Type(), i32 = b.getI32Type();
  Value dStorage = getStorage(b, loc, g.op.getD());
  Value aStorage = getStorage(b, loc, g.op.getA());
  Value bStorage = getStorage(b, loc, g.op.getB());
  double beta = g.op.getBeta().convertToDouble();
  Value cStorage = beta == 1 ? getStorage(b, loc, g.op.getC()) : Value();
  auto load = [&](Value storage, int64_t slot) {
    return memref::LoadOp::create(
               b, loc, storage,
               ValueRange{arith::ConstantIndexOp::create(b, loc, slot)})
        .getResult();
  };
  // One mma.sync register: four i8 elements, low byte first.
  auto reg = [&](Value storage, ArrayRef<int64_t> regSlots) -> Value {
    SmallVector<Value> elems;
    for (int64_t slot : regSlots)
      elems.push_back(load(storage, slot));
    Value v =
        vector::FromElementsOp::create(b, loc, VectorType::get({4}, i8), elems);
    return LLVM::BitcastOp::create(b, loc, i32, v);
  };
  auto ptxType = [&](StringRef key) {
    return g.op.isSignedInput(key) ? NVVM::MMATypes::s8 : NVVM::MMATypes::u8;
  };
  std::array<NVVM::MMATypes, 2> types{ptxType("signed_a"), ptxType("signed_b")};
  auto accType =
      LLVM::LLVMStructType::getLiteral(b.getContext(), {i32, i32, i32, i32});
  Value zero =
      beta == 1 ? Value() : arith::ConstantIntOp::create(b, loc, i32, 0);
  // Per atom and lane: A 16 elements (4 registers), B 8 (2), C/D 4.
  constexpr int64_t aElems = 16, bElems = 8;
  int64_t atomsN = g.n / kAtomN, atomsK = g.k / kAtomK;
  for (int64_t im = 0; im < g.m / kAtomM; ++im) {
    for (int64_t jn = 0; jn < atomsN; ++jn) {
      int64_t dBase = (im * atomsN + jn) * 4;
      SmallVector<Value> acc;
      for (int64_t q = 0; q < 4; ++q)
        acc.push_back(cStorage ? load(cStorage, dSlots[dBase + q]) : zero);
      for (int64_t ik = 0; ik < atomsK; ++ik) {
        ArrayRef<int64_t> aAtom = ArrayRef<int64_t>(aSlots).slice(
            (im * atomsK + ik) * aElems, aElems);
        ArrayRef<int64_t> bAtom = ArrayRef<int64_t>(bSlots).slice(
            (ik * atomsN + jn) * bElems, bElems);
        SmallVector<Value> aRegs, bRegs;
        for (int64_t r = 0; r < aElems / 4; ++r)
          aRegs.push_back(reg(aStorage, aAtom.slice(4 * r, 4)));
        for (int64_t r = 0; r < bElems / 4; ++r)
          bRegs.push_back(reg(bStorage, bAtom.slice(4 * r, 4)));
        Value mma = NVVM::MmaOp::create(
            b, loc, accType, aRegs, bRegs, acc, {kAtomM, kAtomN, kAtomK},
            /*b1Op=*/std::nullopt, NVVM::MMAIntOverflow::wrapped, types,
            std::array<NVVM::MMALayout, 2>{NVVM::MMALayout::row,
                                           NVVM::MMALayout::col});
        for (int64_t q = 0; q < 4; ++q)
          acc[q] = LLVM::ExtractValueOp::create(b, loc, mma, q);
      }
      for (int64_t q = 0; q < 4; ++q)
        memref::StoreOp::create(b, loc, acc[q], dStorage,
                                ValueRange{arith::ConstantIndexOp::create(
                                    b, loc, dSlots[dBase + q])});
    }
  }
  return Outcome::ok();
}

} // namespace

void tileir::dispatch::registerCudaGemmIntVariants(Registry &registry) {
  Variant v;
  v.name = "mma_sync_int";
  v.priority = priority::kGeneral;
  v.predicates = {pred::allThreadsActive(),
                  pred::execScopeIn({tirx::ExecScope::Warp}),
                  pred::operandsInScope(tirx::MemScope::Local),
                  pred::chipAtLeast(80),
                  intTypes(),
                  intShapeAndScaling(),
                  intFragments()};
  v.impl = [](Operation *op, DispatchContext &, RewriterBase &rewriter) {
    return emitIntMma(op, rewriter);
  };
  registry.add("tirx.gemm", "cuda", std::move(v));
}
