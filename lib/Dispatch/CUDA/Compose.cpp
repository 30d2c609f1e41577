//===- Compose.cpp - CUDA variants of tirx.compose_op and the fused forms -===//
//
// Part of TileIR.
//   compose_op     `inline` (10): tirx-dispatch visits a frame's body before
//                  the frame (post order), so by the time the frame is
//                  dispatched its primitives are lowered; the variant splices
//                  the body in place of the frame.
//   binary_reduce, `decompose` (-10): the fused forms (Trainium's) as their
//   unary_reduce,  parts: the elementwise part into a temporary of the
//   binary_chain,  source's (binary_chain: the destination's) type, then the
//   reduce_negate  reduction or second op (reduce_negate: the reduction, then
//                  a multiplication by -1 in place), each part dispatched at
//                  once like any primitive. A shared intermediate gets a
//                  barrier of the scope after each part, as other threads
//                  read what one part writes.
//   permute_layout `decompose` (-10): a tirx.copy between the two register
//                  layouts, dispatched at once (the general copy stages
//                  what other threads hold).
//
//===----------------------------------------------------------------------===//

#include "PerElement.h"

#include "tileir/Dispatch/Dispatch.h"

#include "llvm/ADT/StringSwitch.h"

using namespace mlir;
using namespace tileir;
using namespace tileir::dispatch;

namespace {

/// The frame's body holds no primitive any more.
Predicate bodyDispatched() {
  return {"bodyDispatched", [](Operation *op, const DispatchContext &) {
            Operation *left = nullptr;
            op->getRegion(0).walk([&](tirx::PrimitiveOpInterface prim) {
              left = prim;
              return WalkResult::interrupt();
            });
            if (left)
              return Outcome::fail("body still holds " +
                                   left->getName().getStringRef().str());
            return Outcome::ok();
          }};
}

//===----------------------------------------------------------------------===//
// decompose
//===----------------------------------------------------------------------===//

/// Builds the parts of a fused primitive and dispatches each in turn.
class Parts {
public:
  Parts(Operation *op, DispatchContext &ctx, RewriterBase &rewriter)
      : op(op), ctx(ctx), rewriter(rewriter), loc(op->getLoc()),
        scope(op->getAttrOfType<tirx::ExecScopeAttr>("scope")),
        config(op->getAttrOfType<DictionaryAttr>("config")) {}

  /// A temporary of `type`, allocated at the kernel's entry.
  Value temporary(Type type) {
    OpBuilder::InsertionGuard guard(rewriter);
    Operation *func = op->getParentWithTrait<OpTrait::IsIsolatedFromAbove>();
    rewriter.setInsertionPointToStart(&func->getRegion(0).front());
    return tirx::AllocOp::create(rewriter, loc, type);
  }

  Operation *binary(StringRef kind, Value dst, Value lhs, Value rhs) {
    auto make = [&](auto tag) -> Operation * {
      using OpTy = decltype(tag);
      return OpTy::create(rewriter, loc, dst, lhs, rhs, nullptr, nullptr, scope,
                          config, nullptr);
    };
    if (kind == "add")
      return make(tirx::AddOp());
    if (kind == "sub")
      return make(tirx::SubOp());
    if (kind == "mul")
      return make(tirx::MulOp());
    if (kind == "maximum")
      return make(tirx::MaximumOp());
    return make(tirx::MinimumOp());
  }

  Operation *unary(StringRef kind, Value dst, Value src) {
    auto math = [&](auto tag) -> Operation * {
      using OpTy = decltype(tag);
      return OpTy::create(rewriter, loc, dst, src, Value(), Value(), nullptr,
                          nullptr, scope, config, nullptr);
    };
    auto plain = [&](auto tag) -> Operation * {
      using OpTy = decltype(tag);
      return OpTy::create(rewriter, loc, dst, src, nullptr, nullptr, scope,
                          config, nullptr);
    };
    if (kind == "sqrt")
      return math(tirx::SqrtOp());
    if (kind == "exp")
      return math(tirx::ExpOp());
    if (kind == "exp2")
      return math(tirx::Exp2Op());
    if (kind == "log2")
      return math(tirx::Log2Op());
    if (kind == "reciprocal")
      return plain(tirx::ReciprocalOp());
    return plain(tirx::SiluOp());
  }

  Operation *reduce(StringRef kind, Value dst, Value src,
                    DenseI64ArrayAttr axes) {
    auto make = [&](auto tag) -> Operation * {
      using OpTy = decltype(tag);
      return OpTy::create(rewriter, loc, dst, src, axes, nullptr, scope,
                          nullptr, nullptr);
    };
    if (kind == "sum")
      return make(tirx::SumOp());
    if (kind == "max")
      return make(tirx::MaxOp());
    return make(tirx::MinOp());
  }

  /// Verifies and dispatches `part` (created at the insertion point); a
  /// shared `written` buffer gets a barrier of the scope after it.
  Outcome run(Operation *part, Value written) {
    Outcome outcome = dispatchPart(part, ctx, rewriter);
    if (!outcome.succeeded())
      return outcome;
    rewriter.setInsertionPoint(op);
    if (cast<tirx::BufferType>(written.getType()).isShared())
      emitScopeBarrier(rewriter, loc, ctx);
    return Outcome::ok();
  }

  Operation *op;
  DispatchContext &ctx;
  RewriterBase &rewriter;
  Location loc;
  tirx::ExecScopeAttr scope;
  DictionaryAttr config;
};

/// -1 of `type`'s element type.
Value minusOne(OpBuilder &b, Location loc, Type type) {
  Type elem = cast<tirx::BufferType>(type).getElementType();
  if (isa<FloatType>(elem))
    return arith::ConstantOp::create(b, loc, b.getFloatAttr(elem, -1.0));
  return arith::ConstantOp::create(b, loc, b.getIntegerAttr(elem, -1));
}

Outcome decompose(Operation *op, DispatchContext &ctx, RewriterBase &rw) {
  Parts parts(op, ctx, rw);
  if (auto fused = dyn_cast<tirx::BinaryReduceOp>(op)) {
    Value tmp = parts.temporary(fused.getLhs().getType());
    Outcome first = parts.run(
        parts.binary(fused.getOp(), tmp, fused.getLhs(), fused.getRhs()), tmp);
    if (!first.succeeded())
      return first;
    return parts.run(parts.reduce(fused.getReduce(), fused.getDst(), tmp,
                                  fused.getAxesAttr()),
                     tmp);
  }
  if (auto fused = dyn_cast<tirx::UnaryReduceOp>(op)) {
    Value tmp = parts.temporary(fused.getSrc().getType());
    Outcome first =
        parts.run(parts.unary(fused.getOp(), tmp, fused.getSrc()), tmp);
    if (!first.succeeded())
      return first;
    return parts.run(parts.reduce(fused.getReduce(), fused.getDst(), tmp,
                                  fused.getAxesAttr()),
                     tmp);
  }
  if (auto fused = dyn_cast<tirx::BinaryChainOp>(op)) {
    Value tmp = parts.temporary(fused.getDst().getType());
    Outcome first = parts.run(
        parts.binary(fused.getOp0(), tmp, fused.getA(), fused.getB()), tmp);
    if (!first.succeeded())
      return first;
    return parts.run(
        parts.binary(fused.getOp1(), fused.getDst(), tmp, fused.getC()), tmp);
  }
  if (auto permute = dyn_cast<tirx::PermuteLayoutOp>(op))
    return parts.run(tirx::CopyOp::create(rw, op->getLoc(), permute.getDst(),
                                          permute.getSrc(), nullptr,
                                          parts.scope, nullptr, nullptr),
                     permute.getDst());
  auto fused = cast<tirx::ReduceNegateOp>(op);
  Value dst = fused.getDst();
  Outcome first = parts.run(
      parts.reduce(fused.getReduce(), dst, fused.getSrc(), fused.getAxesAttr()),
      dst);
  if (!first.succeeded())
    return first;
  return parts.run(
      parts.binary("mul", dst, dst, minusOne(rw, op->getLoc(), dst.getType())),
      dst);
}

} // namespace

void tileir::dispatch::registerCudaComposeVariants(Registry &registry) {
  Variant v;
  v.name = "inline";
  v.priority = priority::kGeneral;
  v.predicates = {bodyDispatched()};
  v.impl = [](Operation *op, DispatchContext &, RewriterBase &rewriter) {
    Block &body = op->getRegion(0).front();
    rewriter.inlineBlockBefore(&body, op);
    return Outcome::ok();
  };
  registry.add("tirx.compose_op", "cuda", std::move(v));

  for (StringRef name :
       {"tirx.binary_reduce", "tirx.unary_reduce", "tirx.binary_chain",
        "tirx.reduce_negate", "tirx.permute_layout"}) {
    Variant parts;
    parts.name = "decompose";
    parts.priority = priority::kPerElement;
    parts.impl = decompose;
    registry.add(name, "cuda", std::move(parts));
  }
}
