//===- Dialects.cpp - C API registration of the TileIR dialects -----------===//
//
// Part of TileIR.
//
//===----------------------------------------------------------------------===//

#include "tileir-c/Dialects.h"

#include "tileir/Dialect/CudaTile/IR/CudaTile.h"
#include "tileir/Dialect/TirX/IR/TirX.h"

#include "mlir/CAPI/Registration.h"

MLIR_DEFINE_CAPI_DIALECT_REGISTRATION(CudaTile, cuda_tile,
                                      mlir::cuda_tile::CudaTileDialect)
MLIR_DEFINE_CAPI_DIALECT_REGISTRATION(TirX, tirx, mlir::tirx::TirXDialect)
