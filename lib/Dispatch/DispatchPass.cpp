//===- DispatchPass.cpp - The tirx-dispatch pass --------------------------===//
//
// Part of TileIR.
//
//===----------------------------------------------------------------------===//

#include "tileir/Dispatch/Dispatch.h"
#include "tileir/Dispatch/Passes.h"

#include "mlir/Dialect/LLVMIR/NVVMDialect.h"
#include "mlir/IR/PatternMatch.h"

namespace tileir::dispatch {
#define GEN_PASS_DEF_TIRXDISPATCH
#include "tileir/Dispatch/Passes.h.inc"
} // namespace tileir::dispatch

using namespace mlir;
using namespace mlir::tirx;
using namespace tileir;

/// The CTA size of the kernel around `op` (its known_block_size, x only).
static FailureOr<int64_t> getCtaThreads(Operation *op) {
  auto func = op->getParentOfType<gpu::GPUFuncOp>();
  if (!func)
    return failure();
  std::optional<ArrayRef<int32_t>> size = func.getKnownBlockSize();
  if (!size || size->size() != 3 || (*size)[1] != 1 || (*size)[2] != 1)
    return failure();
  return static_cast<int64_t>((*size)[0]);
}

namespace {
struct TirXDispatchPass : dispatch::impl::TirXDispatchBase<TirXDispatchPass> {
  using Base::Base;

  void runOnOperation() override {
    gpu::GPUModuleOp module = getOperation();
    std::string chip = "sm_90";
    unsigned ptx = 0;
    if (ArrayAttr targets = module.getTargetsAttr())
      for (Attribute t : targets)
        if (auto nvvm = dyn_cast<NVVM::NVVMTargetAttr>(t)) {
          chip = nvvm.getChip().str();
          StringRef features = nvvm.getFeatures();
          if (features.consume_front("+ptx"))
            features.getAsInteger(10, ptx);
        }
    auto target = TargetInfo::get(chip, ptx);
    if (!target) {
      module.emitError() << llvm::toString(target.takeError());
      return signalPassFailure();
    }

    SmallVector<PrimitiveOpInterface> prims;
    module.walk([&](PrimitiveOpInterface op) { prims.push_back(op); });
    const dispatch::Registry &registry = dispatch::Registry::getBuiltin();
    IRRewriter rewriter(&getContext());
    bool failedAny = false;
    for (PrimitiveOpInterface op : prims) {
      FailureOr<int64_t> cta = getCtaThreads(op);
      if (failed(cta)) {
        op->emitOpError() << "expects to be inside a gpu.func with a 1-D "
                             "known_block_size";
        failedAny = true;
        continue;
      }
      dispatch::DispatchContext ctx(*target, op.getExecScope(), *cta,
                                    dispatch::getActiveSet(op, *cta));
      std::string chosen;
      SmallVector<dispatch::Rejection> rejections;
      Location loc = op->getLoc();
      std::string name = op->getName().getStringRef().str();
      if (failed(dispatch::dispatchOne(registry, op, ctx, rewriter, chosen,
                                       rejections))) {
        failedAny = true;
        continue;
      }
      if (report) {
        InFlightDiagnostic remark = emitRemark(loc)
                                    << name << " -> variant '" << chosen << "'";
        for (const dispatch::Rejection &row : rejections) {
          std::string text = row.variant +
                             " (prio=" + std::to_string(row.priority) +
                             ") rejected: ";
          text += llvm::join(row.reasons, "; ");
          remark.attachNote() << std::move(text);
        }
      }
    }
    if (failedAny || failed(dispatch::lowerAsyncSyncOps(module)))
      return signalPassFailure();
    // No primitive may survive dispatch.
    WalkResult left = module.walk([](PrimitiveOpInterface op) {
      op->emitOpError() << "survived tirx-dispatch";
      return WalkResult::interrupt();
    });
    if (left.wasInterrupted())
      signalPassFailure();
  }
};
} // namespace
