//===- Structure.cpp - shape and reduction ops ---===//
//
// Part of TileIR. convert-cuda-tile-to-tirx: iota, reshape, broadcast and
// reductions.
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

LogicalResult EntryLowering::lower(ct::ReduceOp op) {
  Location loc = op.getLoc();
  if (op.getOperands().size() != 1)
    return fail(op, "with several operands is not supported yet");
  Block &body = op.getBody().front();
  // The body must be one combiner applied to the two arguments.
  Operation *combiner = nullptr;
  for (Operation &inner : body.without_terminator()) {
    if (combiner)
      return fail(op, "with a body of more than one op is not supported yet");
    combiner = &inner;
  }
  if (!combiner || combiner->getNumOperands() != 2 ||
      !llvm::all_of(combiner->getOperands(), [&](Value v) {
        return isa<BlockArgument>(v) &&
               cast<BlockArgument>(v).getOwner() == &body;
      }))
    return fail(op, "expects a body that combines its two arguments");
  Value src = getBuffer(op.getOperands()[0], loc);
  auto srcType = cast<tirx::BufferType>(src.getType());
  int64_t axis = op.getDim();
  FailureOr<TileLayout> layout = LayoutPlanner::getReduced(
      srcType.getTileLayout(), srcType.getShape(), {axis});
  if (failed(layout))
    return fail(op, "cannot derive the layout of its result");
  SmallVector<int64_t> shape;
  for (auto [d, extent] : llvm::enumerate(srcType.getShape()))
    if (static_cast<int64_t>(d) != axis)
      shape.push_back(extent);
  if (shape.empty())
    return fail(op, "to a rank-0 tile is not supported yet");
  Value dst = alloc(shape, srcType.getElementType(), *layout, loc);
  DenseI64ArrayAttr axes = b.getDenseI64ArrayAttr({axis});
  LogicalResult result =
      llvm::TypeSwitch<Operation *, LogicalResult>(combiner)
          .Case<ct::AddFOp, ct::AddIOp>([&](auto) {
            tirx::SumOp::create(b, loc, dst, src, axes, flag(false), cta(),
                                nullptr, nullptr);
            return success();
          })
          .Case<ct::MaxFOp>([&](ct::MaxFOp m) {
            tirx::MaxOp::create(b, loc, dst, src, axes,
                                flag(m.getPropagateNan()), cta(), nullptr,
                                nullptr);
            return success();
          })
          .Default([&](Operation *o) {
            return fail(op, "with a '" + o->getName().getStringRef() +
                                "' body is not supported yet");
          });
  if (failed(result))
    return failure();
  mapping.map(op.getResult(0), dst);
  return success();
}

std::optional<LogicalResult> EntryLowering::lowerStructureOp(Operation *op) {
  return llvm::TypeSwitch<Operation *, std::optional<LogicalResult>>(op)
      .Case<ct::IotaOp, ct::ReshapeOp, ct::BroadcastOp, ct::ReduceOp>(
          [&](auto o) -> LogicalResult { return lower(o); })
      .Default([](Operation *) { return std::nullopt; });
}
