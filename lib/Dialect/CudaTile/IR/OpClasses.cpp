//===- OpClasses.cpp - Classes of cuda_tile ops ---------------------------===//
//
// Part of TileIR.
//
//===----------------------------------------------------------------------===//

#include "tileir/Dialect/CudaTile/IR/OpClasses.h"

#include "tileir/Dialect/CudaTile/IR/CudaTileOps.h"

using namespace mlir;

bool mlir::cuda_tile::isElementwise(Operation *op) {
  return isa<
      // integer and bitwise
      AbsIOp, AddIOp, SubIOp, MulIOp, MulhiIOp, DivIOp, RemIOp, NegIOp, MaxIOp,
      MinIOp, CmpIOp, ShLIOp, ShRIOp, AndIOp, OrIOp, XOrIOp,
      // float
      AbsFOp, AddFOp, SubFOp, MulFOp, DivFOp, RemFOp, NegFOp, MaxFOp, MinFOp,
      CmpFOp, FmaOp, CeilOp, FloorOp,
      // math
      Atan2Op, CosOp, CosHOp, SinOp, SinHOp, TanOp, TanHOp, ExpOp, Exp2Op,
      LogOp, Log2Op, PowOp, SqrtOp, RsqrtOp,
      // conversions
      BitcastOp, ExtIOp, TruncIOp, FToFOp, FToIOp, IToFOp, IntToPtrOp,
      PtrToIntOp, PtrToPtrOp,
      // select
      SelectOp>(op);
}

bool mlir::cuda_tile::isPromotedF8(Operation *op) {
  auto mmaf = dyn_cast<MmaFOp>(op);
  if (!mmaf || mmaf.getFastAcc())
    return false;
  Type in = cast<TileType>(mmaf.getLhs().getType()).getElementType();
  Type acc = cast<TileType>(mmaf.getAcc().getType()).getElementType();
  return isa<Float8E4M3FNType, Float8E5M2Type>(in) && acc.isF32();
}
