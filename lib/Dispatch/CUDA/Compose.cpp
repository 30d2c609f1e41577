//===- Compose.cpp - CUDA variant of tirx.compose_op ----------------------===//
//
// Part of TileIR.
//   inline (10): tirx-dispatch visits a frame's body before the frame (post
//   order), so by the time the frame is dispatched its primitives are
//   lowered; the variant splices the body in place of the frame.
// The fused primitives (binary_reduce, unary_reduce, binary_chain,
// reduce_negate) are Trainium forms: they register no CUDA variant and get
// the "no variant registered" error.
//
//===----------------------------------------------------------------------===//

#include "tileir/Dispatch/Dispatch.h"

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
}
