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
using layout::BitLayout;
using layout::enumerateSubsets;
using tirx::emitIsReplicaLeader;
using tirx::emitThreadId;
using tirx::getStorage;
using tirx::readOperandElement;

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
/// operands staged, any layout and memory scope), each element's access a
/// branch on its mask.
SmallVector<Value> operandsOf(tirx::LoadPtrOp op) {
  SmallVector<Value> v = {op.getPtrs()};
  if (op.getMask())
    v.push_back(op.getMask());
  if (op.getPaddingValue())
    v.push_back(op.getPaddingValue());
  return v;
}
SmallVector<Value> operandsOf(tirx::StorePtrOp op) {
  SmallVector<Value> v = {op.getPtrs(), op.getSrc()};
  if (op.getMask())
    v.push_back(op.getMask());
  return v;
}

Outcome emitGeneralGather(tirx::LoadPtrOp op, DispatchContext &ctx,
                          RewriterBase &rewriter) {
  LLVM::AtomicOrdering ordering;
  StringRef syncscope;
  std::tie(ordering, syncscope) = memoryOrder(op);
  Type elemType = op.getDst().getType().getElementType();
  int64_t align = tirx::getMemoryBytes(elemType);
  bool masked = bool(op.getMask()), padded = bool(op.getPaddingValue());
  emitGeneralElements(
      rewriter, op, op.getDst(), operandsOf(op),
      op.getDst().getType().getNumElements(), /*once=*/false, ctx,
      [&](OpBuilder &b, Location loc, ArrayRef<Value> v, Value) -> Value {
        Value pad =
            padded ? v.back()
                   : arith::ConstantOp::create(b, loc, b.getZeroAttr(elemType))
                         .getResult();
        return emitUnder(
            b, loc, masked ? v[1] : Value(),
            [&]() -> Value {
              return tirx::fromMemoryValue(
                  b, loc,
                  LLVM::LoadOp::create(b, loc, tirx::getMemoryType(elemType),
                                       toPointer(b, loc, v[0]), align, false,
                                       false, false, false, ordering,
                                       syncscope),
                  elemType);
            },
            pad);
      });
  return Outcome::ok();
}

Outcome emitGeneralScatter(tirx::StorePtrOp op, DispatchContext &ctx,
                           RewriterBase &rewriter) {
  LLVM::AtomicOrdering ordering;
  StringRef syncscope;
  std::tie(ordering, syncscope) = memoryOrder(op);
  int64_t align = tirx::getMemoryBytes(op.getSrc().getType().getElementType());
  bool masked = bool(op.getMask());
  emitGeneralElements(
      rewriter, op, Value(), operandsOf(op),
      op.getSrc().getType().getNumElements(), /*once=*/true, ctx,
      [&](OpBuilder &b, Location loc, ArrayRef<Value> v, Value) -> Value {
        emitUnder(
            b, loc, masked ? v[2] : Value(),
            [&]() -> Value {
              LLVM::StoreOp::create(b, loc, tirx::toMemoryValue(b, loc, v[1]),
                                    toPointer(b, loc, v[0]), align, false,
                                    false, false, ordering, syncscope);
              return Value();
            },
            Value());
        return Value();
      });
  return Outcome::ok();
}

template <typename OpTy>
Predicate generalPlan(Value (*dst)(OpTy), bool once) {
  return {
      "perElementPlan", [dst, once](Operation *op, const DispatchContext &ctx) {
        auto typed = cast<OpTy>(op);
        if (auto why =
                checkGeneralElements(dst(typed), operandsOf(typed), once, ctx))
          return Outcome::fail(*why);
        return Outcome::ok();
      }};
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

  Variant generalGather;
  generalGather.name = "per_element";
  generalGather.priority = priority::kPerElement;
  generalGather.predicates = {
      pred::allThreadsActive(), pred::layoutThreadAxesMatchScope(),
      validOrdering(/*isLoad=*/true),
      generalPlan<tirx::LoadPtrOp>(
          [](tirx::LoadPtrOp op) -> Value { return op.getDst(); }, false)};
  generalGather.impl = [](Operation *op, DispatchContext &ctx,
                          RewriterBase &b) {
    return emitGeneralGather(cast<tirx::LoadPtrOp>(op), ctx, b);
  };
  registry.add("tirx.load_ptr", "cuda", std::move(generalGather));

  Variant generalScatter;
  generalScatter.name = "per_element";
  generalScatter.priority = priority::kPerElement;
  generalScatter.predicates = {
      pred::allThreadsActive(), pred::layoutThreadAxesMatchScope(),
      validOrdering(/*isLoad=*/false),
      generalPlan<tirx::StorePtrOp>([](tirx::StorePtrOp) { return Value(); },
                                    true)};
  generalScatter.impl = [](Operation *op, DispatchContext &ctx,
                           RewriterBase &b) {
    return emitGeneralScatter(cast<tirx::StorePtrOp>(op), ctx, b);
  };
  registry.add("tirx.store_ptr", "cuda", std::move(generalScatter));
}
