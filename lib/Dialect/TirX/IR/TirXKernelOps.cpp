//===- TirXKernelOps.cpp - tirx scope ids and barriers --------------------===//
//
// Part of TileIR.
//
//===----------------------------------------------------------------------===//

#include "tileir/Dialect/TirX/IR/TirX.h"

#include "mlir/Interfaces/FunctionInterfaces.h"

using namespace mlir;
using namespace mlir::tirx;

std::optional<int64_t> mlir::tirx::getKernelCtaThreads(Operation *op) {
  for (Operation *parent = op->getParentOp(); parent;
       parent = parent->getParentOp()) {
    auto size = parent->getAttrOfType<DenseI32ArrayAttr>("known_block_size");
    if (!size)
      continue;
    ArrayRef<int32_t> dims = size.asArrayRef();
    if (dims.size() != 3 || dims[1] != 1 || dims[2] != 1 || dims[0] <= 0)
      return std::nullopt;
    return dims[0];
  }
  return std::nullopt;
}

/// Threads per unit of a scope id (1 for lane/thread ids, 32 for warp ids,
/// 128 for warpgroup ids) and the extent bound inside the unit above it (0:
/// the CTA).
static std::pair<int64_t, int64_t> getIdGranule(StringRef axis) {
  if (axis == "laneid")
    return {1, 32};
  if (axis == "warpid")
    return {32, 0};
  if (axis == "wgid")
    return {128, 0};
  if (axis == "wid_in_wg")
    return {32, 4};
  return {1, 0};
}

std::optional<int64_t> mlir::tirx::getScopeIdExtent(Operation *op,
                                                    StringRef axis) {
  auto [granule, bound] = getIdGranule(axis);
  if (bound)
    return bound;
  std::optional<int64_t> cta = getKernelCtaThreads(op);
  if (!cta)
    return std::nullopt;
  return std::max<int64_t>(1, *cta / granule);
}

template <typename OpTy>
static LogicalResult verifyScopeId(OpTy op) {
  auto [granule, bound] = getIdGranule(OpTy::getAxisName());
  std::optional<int64_t> cta = getKernelCtaThreads(op);
  if (cta && granule > 1 && *cta % granule != 0)
    return op.emitOpError() << "expects a CTA size that is a multiple of "
                            << granule << ", got " << *cta;
  return success();
}

template <typename OpTy>
static void inferScopeIdRange(OpTy op, SetIntRangeFn setResultRange) {
  std::optional<int64_t> extent = getScopeIdExtent(op, OpTy::getAxisName());
  // Without a known CTA size, ids are bounded by the 1024-thread limit.
  int64_t upper =
      extent ? *extent - 1 : 1024 / getIdGranule(OpTy::getAxisName()).first - 1;
  unsigned width = IndexType::kInternalStorageBitWidth;
  setResultRange(op.getResult(), ConstantIntRanges::fromUnsigned(
                                     APInt(width, 0), APInt(width, upper)));
}

#define TIRX_SCOPE_ID(OpTy)                                                    \
  LogicalResult OpTy::verify() { return verifyScopeId(*this); }                \
  void OpTy::inferResultRanges(ArrayRef<ConstantIntRanges>,                    \
                               SetIntRangeFn setResultRange) {                 \
    inferScopeIdRange(*this, setResultRange);                                  \
  }
TIRX_SCOPE_ID(ThreadIdOp)
TIRX_SCOPE_ID(LaneIdOp)
TIRX_SCOPE_ID(WarpIdOp)
TIRX_SCOPE_ID(WarpgroupIdOp)
TIRX_SCOPE_ID(WarpIdInWarpgroupOp)
#undef TIRX_SCOPE_ID

LogicalResult BarrierOp::verify() {
  if (getScope() == ExecScope::Thread)
    return emitOpError() << "expects a scope wider than thread, got thread";
  if (getScope() == ExecScope::Warpgroup) {
    std::optional<int64_t> cta = getKernelCtaThreads(*this);
    if (cta && *cta % 128 != 0)
      return emitOpError()
             << "expects a CTA size that is a multiple of 128 for a "
                "warpgroup barrier, got "
             << *cta;
  }
  return success();
}

bool mlir::tirx::inProducerRegion(Operation *op) {
  for (Region *region = op->getParentRegion(); region;
       region = region->getParentRegion())
    if (auto ws = dyn_cast<WarpSpecializeOp>(region->getParentOp()))
      return region == &ws.getProducer();
  return false;
}

void WarpSpecializeOp::build(OpBuilder &builder, OperationState &state,
                             int64_t producerWarps) {
  state.addAttribute(getProducerWarpsAttrName(state.name),
                     builder.getI64IntegerAttr(producerWarps));
  for (int i = 0; i < 2; ++i)
    state.addRegion()->emplaceBlock();
}

LogicalResult WarpSpecializeOp::verify() {
  auto func = dyn_cast_or_null<FunctionOpInterface>((*this)->getParentOp());
  if (!func)
    return emitOpError() << "expects to be directly in the body of a kernel";
  std::optional<int64_t> cta = getKernelCtaThreads(*this);
  if (cta && (*cta % 32 != 0 || *cta + 32 * getProducerWarps() > 1024))
    return emitOpError() << "expects a CTA size that is a multiple of 32 and "
                            "leaves room for "
                         << getProducerWarps() << " producer warps, got "
                         << *cta;
  WalkResult barrier = getProducer().walk([](Operation *op) {
    if (isa<BarrierOp>(op) || op->getName().getStringRef() == "gpu.barrier")
      return WalkResult::interrupt();
    return WalkResult::advance();
  });
  if (barrier.wasInterrupted())
    return emitOpError() << "expects no barrier in its producer region";
  return success();
}
