//===- Dialects.h - C API registration of the TileIR dialects -----*- C -*-===//
//
// Part of TileIR. Dialect handles for `cuda_tile` and `tirx`, in the style of
// upstream's mlir-c/Dialect/*.h: insert them into an MlirDialectRegistry or
// load them into an MlirContext with mlirDialectHandle*.
//
//===----------------------------------------------------------------------===//

#ifndef TILEIR_C_DIALECTS_H
#define TILEIR_C_DIALECTS_H

#include "mlir-c/IR.h"

#ifdef __cplusplus
extern "C" {
#endif

/// Declares `mlirGetDialectHandle__cuda_tile__()`: the `cuda_tile` dialect
/// (value-semantics tiles, pointers, views, tokens).
MLIR_DECLARE_CAPI_DIALECT_REGISTRATION(CudaTile, cuda_tile);

/// Declares `mlirGetDialectHandle__tirx__()`: the `tirx` dialect (buffers
/// with TileLayouts and destination-passing tile primitives).
MLIR_DECLARE_CAPI_DIALECT_REGISTRATION(TirX, tirx);

#ifdef __cplusplus
}
#endif

#endif // TILEIR_C_DIALECTS_H
