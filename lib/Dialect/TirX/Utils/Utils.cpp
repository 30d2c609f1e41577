//===- Utils.cpp - Helpers for building tirx IR ---------------------------===//
//
// Part of TileIR.
//
//===----------------------------------------------------------------------===//

#include "tileir/Dialect/TirX/Utils/Utils.h"

#include "mlir/Dialect/GPU/IR/GPUDialect.h"
#include "mlir/Dialect/LLVMIR/NVVMDialect.h"
#include "mlir/Interfaces/SideEffectInterfaces.h"

using namespace mlir;

Type tirx::getBodyArgumentType(Value input) {
  if (auto buffer = dyn_cast<BufferType>(input.getType()))
    return buffer.getElementType();
  return input.getType();
}

Block *tirx::createElementBody(OpBuilder &b, Region &region, ValueRange inputs,
                               Location loc, TypeRange extraTypes) {
  SmallVector<Type> types;
  for (Value input : inputs)
    types.push_back(getBodyArgumentType(input));
  types.append(extraTypes.begin(), extraTypes.end());
  SmallVector<Location> locs(types.size(), loc);
  return b.createBlock(&region, {}, types, locs);
}

FailureOr<tirx::GlobalOperand> tirx::matchGlobalOperand(Value v) {
  GlobalOperand g;
  g.region = v.getDefiningOp<RegionOp>();
  g.view = g.region ? g.region.getSource().getDefiningOp<GlobalViewOp>()
                    : v.getDefiningOp<GlobalViewOp>();
  if (!g.view)
    return failure();
  return g;
}

SmallVector<OpFoldResult> tirx::GlobalOperand::getOffsets() {
  if (region)
    return region.getMixedOffsets();
  return SmallVector<OpFoldResult>(view.getType().getRank(),
                                   Builder(view.getContext()).getIndexAttr(0));
}

LogicalResult tirx::collectBufferUses(AllocOp alloc,
                                      SmallVectorImpl<Operation *> &uses,
                                      llvm::SetVector<Value> &values) {
  SmallVector<Value> work{alloc.getResult()};
  while (!work.empty()) {
    Value value = work.pop_back_val();
    if (!values.insert(value))
      continue;
    for (Operation *user : value.getUsers()) {
      if (user->hasTrait<OpTrait::IsTerminator>() || user->getNumRegions())
        return failure();
      uses.push_back(user);
      // NVVM ops yield data (fragments, loaded values), never addresses.
      if (isMemoryEffectFree(user) &&
          !isa<NVVM::NVVMDialect>(user->getDialect()))
        llvm::append_range(work, user->getResults());
    }
  }
  return success();
}

Operation *tirx::findNotRecomputable(Value v, Block *entry) {
  if (auto arg = dyn_cast<BlockArgument>(v))
    return arg.getOwner() == entry ? nullptr : arg.getOwner()->getParentOp();
  Operation *def = v.getDefiningOp();
  StringRef name = def->getName().getStringRef();
  bool perThread = isa<gpu::ThreadIdOp, gpu::LaneIdOp>(def) ||
                   name.starts_with("nvvm.read.ptx.sreg.tid") ||
                   name.starts_with("nvvm.read.ptx.sreg.laneid") ||
                   name.starts_with("nvvm.read.ptx.sreg.warpid");
  if (perThread || def->getNumRegions() != 0 || !isMemoryEffectFree(def))
    return def;
  for (Value operand : def->getOperands())
    if (Operation *bad = findNotRecomputable(operand, entry))
      return bad;
  return nullptr;
}
