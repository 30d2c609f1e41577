//===- CudaTileDialect.cpp - cuda_tile dialect ------------------*- C++ -*-===//
//
// Part of TileIR.
//
// Registers the types, attributes and ops of the cuda_tile dialect.
//
//===----------------------------------------------------------------------===//

#include "tileir/Dialect/CudaTile/IR/CudaTile.h"

#include "mlir/IR/Builders.h"

using namespace mlir;
using namespace mlir::cuda_tile;

#include "tileir/Dialect/CudaTile/IR/CudaTileDialect.cpp.inc"

void CudaTileDialect::initialize() {
  registerTypes();
  registerAttributes();
  addOperations<
#define GET_OP_LIST
#include "tileir/Dialect/CudaTile/IR/CudaTileOps.cpp.inc"
      >();
}

Operation *CudaTileDialect::materializeConstant(OpBuilder &builder,
                                                Attribute value, Type type,
                                                Location loc) {
  auto tileType = dyn_cast<TileType>(type);
  auto dense = dyn_cast<DenseIntOrFPElementsAttr>(value);
  if (!tileType || !dense ||
      dense.getType() !=
          RankedTensorType::get(tileType.getShape(), tileType.getElementType()))
    return nullptr;
  return ConstantOp::create(builder, loc, tileType, dense);
}
