//===- MemoryTypes.cpp - How tile element types sit in memory -------------===//
//
// Part of TileIR.
//
//===----------------------------------------------------------------------===//

#include "tileir/Dialect/TirX/IR/MemoryTypes.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/LLVMIR/LLVMTypes.h"
#include "mlir/IR/BuiltinTypes.h"
#include "mlir/IR/TypeUtilities.h"

using namespace mlir;

int64_t tirx::getMemoryBytes(Type type) {
  return std::max<int64_t>(1, type.getIntOrFloatBitWidth() / 8);
}

Type tirx::getMemoryType(Type type) {
  Type elem = getElementTypeOrSelf(type);
  Type i;
  if (elem.isInteger(1))
    i = IntegerType::get(type.getContext(), 8);
  else if (isa<FloatType>(elem) && !LLVM::isCompatibleType(elem))
    i = IntegerType::get(type.getContext(), elem.getIntOrFloatBitWidth());
  else
    return type;
  if (auto vec = dyn_cast<VectorType>(type))
    return vec.clone(i);
  return i;
}

Value tirx::toMemoryValue(OpBuilder &b, Location loc, Value value) {
  Type memType = getMemoryType(value.getType());
  if (memType == value.getType())
    return value;
  if (getElementTypeOrSelf(value.getType()).isInteger(1))
    return arith::ExtUIOp::create(b, loc, memType, value);
  return arith::BitcastOp::create(b, loc, memType, value);
}

Value tirx::fromMemoryValue(OpBuilder &b, Location loc, Value value,
                            Type type) {
  if (value.getType() == type)
    return value;
  if (getElementTypeOrSelf(type).isInteger(1))
    return arith::TruncIOp::create(b, loc, type, value);
  return arith::BitcastOp::create(b, loc, type, value);
}
