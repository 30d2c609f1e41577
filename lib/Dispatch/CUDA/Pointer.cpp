//===- Pointer.cpp - CUDA variants of load_ptr / store_ptr ----------------===//
//
// Part of TileIR. Gathers and scatters through register buffers of 64-bit
// global addresses:
//   reg (10): per element, a predicated scalar access when a mask is given.
//             `config = {ordering = "monotonic" | "acquire" | "release",
//             syncscope = "block" | "device" | ""}` makes every access an
//             LLVM atomic load or store with that ordering and scope
//             (ld/st.relaxed/.acquire/.release.cta/.gpu/.sys).
//
//===----------------------------------------------------------------------===//

#include "CopyCodegen.h"
#include "PerElement.h"
#include "Variants.h"

#include "tileir/Dialect/TirX/Utils/LayoutCodegen.h"
#include "tileir/Dispatch/Dispatch.h"
#include "tileir/Dispatch/Predicates.h"

#include "tileir/Dialect/TirX/IR/MemoryTypes.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/LLVMIR/LLVMDialect.h"
#include "mlir/Dialect/MemRef/IR/MemRef.h"
#include "mlir/Dialect/SCF/IR/SCF.h"

using namespace mlir;
using namespace tileir;
using namespace tileir::dispatch;

namespace {

Value toPointer(OpBuilder &b, Location loc, Value address) {
  auto ptrType = LLVM::LLVMPointerType::get(b.getContext(), 1);
  return LLVM::IntToPtrOp::create(b, loc, ptrType, address);
}

/// The atomic ordering and syncscope `config` asks for (not_atomic when
/// absent).
std::pair<LLVM::AtomicOrdering, StringRef> memoryOrder(Operation *op) {
  auto config = op->getAttrOfType<DictionaryAttr>("config");
  auto ordering = config ? config.getAs<StringAttr>("ordering") : StringAttr();
  if (!ordering)
    return {LLVM::AtomicOrdering::not_atomic, StringRef()};
  auto scope = config.getAs<StringAttr>("syncscope");
  return {LLVM::symbolizeAtomicOrdering(ordering.getValue())
              .value_or(LLVM::AtomicOrdering::not_atomic),
          scope ? scope.getValue() : StringRef()};
}

/// A config ordering must name an LLVM atomic ordering valid for the access.
Predicate validOrdering(bool isLoad) {
  return {"validOrdering", [isLoad](Operation *op, const DispatchContext &) {
            auto config = op->getAttrOfType<DictionaryAttr>("config");
            auto ordering =
                config ? config.getAs<StringAttr>("ordering") : StringAttr();
            if (!ordering)
              return Outcome::ok();
            StringRef name = ordering.getValue();
            StringRef allowed = isLoad ? "acquire" : "release";
            if (name != "monotonic" && name != allowed)
              return Outcome::fail(("config ordering \"" + name +
                                    "\" is not monotonic or " + allowed)
                                       .str());
            return Outcome::ok();
          }};
}

Outcome emitGather(tirx::LoadPtrOp op, RewriterBase &b) {
  LLVM::AtomicOrdering ordering;
  StringRef syncscope;
  std::tie(ordering, syncscope) = memoryOrder(op);
  Location loc = op.getLoc();
  auto dstType = op.getDst().getType();
  Type elemType = dstType.getElementType();
  int64_t align = tirx::getMemoryBytes(elemType);
  BitLayout dst = *BitLayout::get(dstType.getTileLayout());
  Value storage = getStorage(b, loc, op.getDst());
  bool predicated =
      predicateMaskedAccesses(int64_t(1) << dst.memoryBits().size());
  for (int64_t flat : enumerateSubsets(dst.memoryBits())) {
    Value ptr =
        toPointer(b, loc, readOperandElement(b, loc, op.getPtrs(), flat));
    auto load = [&] {
      return tirx::fromMemoryValue(
          b, loc,
          LLVM::LoadOp::create(b, loc, tirx::getMemoryType(elemType), ptr,
                               align, false, false, false, false, ordering,
                               syncscope),
          elemType);
    };
    Value result;
    if (!op.getMask()) {
      result = load();
    } else {
      Value mask = readOperandElement(b, loc, op.getMask(), flat);
      Value pad =
          op.getPaddingValue()
              ? readOperandElement(b, loc, op.getPaddingValue(), flat)
              : arith::ConstantOp::create(b, loc, b.getZeroAttr(elemType))
                    .getResult();
      // A plain load of a large tile: one predicated PTX load, no branch.
      if (ordering == LLVM::AtomicOrdering::not_atomic && predicated)
        if (Value v =
                emitPredicatedLoad(b, loc, tirx::getMemoryType(elemType), ptr,
                                   mask, tirx::toMemoryValue(b, loc, pad)))
          result = tirx::fromMemoryValue(b, loc, v, elemType);
      if (!result) {
        auto ifOp = scf::IfOp::create(b, loc, TypeRange{elemType}, mask, true);
        OpBuilder::InsertionGuard guard(b);
        b.setInsertionPointToStart(ifOp.thenBlock());
        scf::YieldOp::create(b, loc, load());
        b.setInsertionPointToStart(ifOp.elseBlock());
        scf::YieldOp::create(b, loc, pad);
        result = ifOp.getResult(0);
      }
    }
    memref::StoreOp::create(b, loc, result, storage,
                            ValueRange{arith::ConstantIndexOp::create(
                                           b, loc, dst.storageIndex(flat))
                                           .getResult()});
  }
  return Outcome::ok();
}

Outcome emitScatter(tirx::StorePtrOp op, DispatchContext &ctx,
                    RewriterBase &b) {
  LLVM::AtomicOrdering ordering;
  StringRef syncscope;
  std::tie(ordering, syncscope) = memoryOrder(op);
  Location loc = op.getLoc();
  auto srcType = op.getSrc().getType();
  int64_t align = tirx::getMemoryBytes(srcType.getElementType());
  BitLayout src = *BitLayout::get(srcType.getTileLayout());
  OpBuilder::InsertionGuard guard(b);
  if (Value leader = emitIsReplicaLeader(b, loc, src, emitThreadId(b, loc),
                                         ctx.getCtaThreads())) {
    auto ifOp = scf::IfOp::create(b, loc, leader, false);
    b.setInsertionPointToStart(ifOp.thenBlock());
  }
  bool predicated =
      predicateMaskedAccesses(int64_t(1) << src.registerBits().size());
  for (int64_t flat : enumerateSubsets(src.registerBits())) {
    OpBuilder::InsertionGuard inner(b);
    if (op.getMask()) {
      Value mask = readOperandElement(b, loc, op.getMask(), flat);
      // A plain store of a large tile: one predicated PTX store, no branch.
      if (ordering == LLVM::AtomicOrdering::not_atomic && predicated) {
        Value ptr =
            toPointer(b, loc, readOperandElement(b, loc, op.getPtrs(), flat));
        Value value = tirx::toMemoryValue(
            b, loc, readOperandElement(b, loc, op.getSrc(), flat));
        if (emitPredicatedStore(b, loc, value, ptr, mask))
          continue;
      }
      auto ifOp = scf::IfOp::create(b, loc, mask, false);
      b.setInsertionPointToStart(ifOp.thenBlock());
    }
    Value ptr =
        toPointer(b, loc, readOperandElement(b, loc, op.getPtrs(), flat));
    LLVM::StoreOp::create(
        b, loc,
        tirx::toMemoryValue(b, loc,
                            readOperandElement(b, loc, op.getSrc(), flat)),
        ptr, align, false, false, false, ordering, syncscope);
  }
  return Outcome::ok();
}

/// The general variants: element by element through PerElement.h (register
/// operands staged, any layout and memory scope), each access under a
/// branch on its mask.
GeneralElements describeGather(Operation *operation) {
  auto op = cast<tirx::LoadPtrOp>(operation);
  GeneralElements g;
  g.dst = op.getDst();
  g.sources = {op.getPtrs()};
  if (op.getMask())
    g.sources.push_back(op.getMask());
  if (op.getPaddingValue())
    g.sources.push_back(op.getPaddingValue());
  auto [ordering, syncscope] = memoryOrder(op);
  Type elemType = op.getDst().getType().getElementType();
  bool masked = bool(op.getMask()), padded = bool(op.getPaddingValue());
  g.body = [=, ordering = ordering, syncscope = syncscope](
               OpBuilder &b, Location loc, ArrayRef<Value> v, Value) -> Value {
    Value pad = padded
                    ? v.back()
                    : arith::ConstantOp::create(b, loc, b.getZeroAttr(elemType))
                          .getResult();
    auto load = [&]() -> Value {
      return tirx::fromMemoryValue(
          b, loc,
          LLVM::LoadOp::create(b, loc, tirx::getMemoryType(elemType),
                               toPointer(b, loc, v[0]),
                               tirx::getMemoryBytes(elemType), false, false,
                               false, false, ordering, syncscope),
          elemType);
    };
    return emitUnder(b, loc, masked ? v[1] : Value(), load, pad);
  };
  return g;
}

GeneralElements describeScatter(Operation *operation) {
  auto op = cast<tirx::StorePtrOp>(operation);
  GeneralElements g;
  g.sources = {op.getPtrs(), op.getSrc()};
  if (op.getMask())
    g.sources.push_back(op.getMask());
  g.once = true;
  auto [ordering, syncscope] = memoryOrder(op);
  int64_t align = tirx::getMemoryBytes(op.getSrc().getType().getElementType());
  bool masked = bool(op.getMask());
  g.body = [=, ordering = ordering, syncscope = syncscope](
               OpBuilder &b, Location loc, ArrayRef<Value> v, Value) -> Value {
    auto store = [&]() -> Value {
      LLVM::StoreOp::create(b, loc, tirx::toMemoryValue(b, loc, v[1]),
                            toPointer(b, loc, v[0]), align, false, false, false,
                            ordering, syncscope);
      return Value();
    };
    return emitUnder(b, loc, masked ? v[2] : Value(), store, Value());
  };
  return g;
}

SmallVector<Predicate> commonPredicates(unsigned anchorIndex) {
  return pred::registerElementwise(
      [anchorIndex](Operation *) { return anchorIndex; });
}

} // namespace

void tileir::dispatch::registerCudaPointerVariants(Registry &registry) {
  Variant gather;
  gather.name = "reg";
  gather.predicates = commonPredicates(/*anchorIndex=*/0);
  gather.predicates.push_back(validOrdering(/*isLoad=*/true));
  gather.impl = [](Operation *op, DispatchContext &, RewriterBase &b) {
    return emitGather(cast<tirx::LoadPtrOp>(op), b);
  };
  registry.add("tirx.load_ptr", "cuda", std::move(gather));

  Variant scatter;
  scatter.name = "reg";
  scatter.predicates = commonPredicates(/*anchorIndex=*/1);
  scatter.predicates.push_back(validOrdering(/*isLoad=*/false));
  scatter.impl = [](Operation *op, DispatchContext &ctx, RewriterBase &b) {
    return emitScatter(cast<tirx::StorePtrOp>(op), ctx, b);
  };
  registry.add("tirx.store_ptr", "cuda", std::move(scatter));

  addGeneralElementsVariant(registry, "tirx.load_ptr", describeGather,
                            {validOrdering(/*isLoad=*/true)});
  addGeneralElementsVariant(registry, "tirx.store_ptr", describeScatter,
                            {validOrdering(/*isLoad=*/false)});
}
