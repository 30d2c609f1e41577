//===- Structure.cpp - shape ops ---===//
//
// Part of TileIR. convert-cuda-tile-to-tirx: iota, reshape and broadcast
// (reduce and scan: Reduction.cpp).
//
//===----------------------------------------------------------------------===//

#include "EntryLowering.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/GPU/IR/GPUDialect.h"
#include "mlir/Dialect/LLVMIR/NVVMDialect.h"
#include "mlir/Dialect/Math/IR/Math.h"
#include "mlir/Dialect/SCF/IR/SCF.h"
#include "mlir/IR/Matchers.h"
#include "llvm/ADT/TypeSwitch.h"
#include "llvm/Support/MathExtras.h"

using namespace mlir;
using namespace mlir::tileir;
using ::tileir::layout::TileLayout;

LogicalResult EntryLowering::lower(ct::IotaOp op) {
  Value dst = allocBlocked(op.getResult().getType(), op.getLoc());
  tirx::IotaOp::create(b, op.getLoc(), dst, cta(), nullptr, nullptr);
  mapping.map(op.getResult(), dst);
  return success();
}

LogicalResult EntryLowering::lower(ct::ReshapeOp op) {
  Value src = get(op.getSource());
  auto resultType = cast<ct::TileType>(op.getResult().getType());
  if (!isa<tirx::BufferType>(src.getType()) || resultType.getRank() == 0) {
    if (isa<tirx::BufferType>(src.getType()))
      return fail(op, "to a rank-0 tile from registers is not supported yet");
    mapping.map(op.getResult(), src);
    return success();
  }
  // The layout acts on the row-major flat index: a reshape is the same
  // layout on the new shape.
  auto srcType = cast<tirx::BufferType>(src.getType());
  auto type = tirx::BufferType::get(b.getContext(), resultType.getShape(),
                                    srcType.getElementType(),
                                    tirx::MemScope::Local, srcType.getLayout());
  mapping.map(op.getResult(), tirx::ViewOp::create(b, op.getLoc(), type, src));
  return success();
}

LogicalResult EntryLowering::lower(ct::BroadcastOp op) {
  Value src = get(op.getSource());
  if (!isa<tirx::BufferType>(src.getType())) {
    mapping.map(op.getResult(), src);
    return success();
  }
  auto srcType = cast<tirx::BufferType>(src.getType());
  auto resultType = cast<ct::TileType>(op.getResult().getType());
  TileLayout anchor = planner.getBlocked(resultType.getShape());
  FailureOr<TileLayout> view = LayoutPlanner::getBroadcastView(
      srcType.getTileLayout(), srcType.getShape(), resultType.getShape(),
      anchor);
  if (failed(view))
    return fail(op, "needs a layout conversion, which is not supported yet");
  auto type = tirx::BufferType::get(
      b.getContext(), resultType.getShape(), srcType.getElementType(),
      tirx::MemScope::Local, tirx::LayoutAttr::get(b.getContext(), *view));
  mapping.map(op.getResult(), tirx::ViewOp::create(b, op.getLoc(), type, src));
  return success();
}

std::optional<LogicalResult> EntryLowering::lowerStructureOp(Operation *op) {
  return llvm::TypeSwitch<Operation *, std::optional<LogicalResult>>(op)
      .Case<ct::IotaOp, ct::ReshapeOp, ct::BroadcastOp>(
          [&](auto o) -> LogicalResult { return lower(o); })
      .Default([](Operation *) { return std::nullopt; });
}
