//===- RegisterEverything.h - C API registration of all of TileIR -*- C -*-===//
//
// Part of TileIR. One call each to make a context understand everything that
// `tile-opt` understands: the TileIR dialects, the upstream dialects of the
// pipeline, their interfaces and LLVM IR translations; and the passes and
// named pipelines.
//
//===----------------------------------------------------------------------===//

#ifndef TILEIR_C_REGISTEREVERYTHING_H
#define TILEIR_C_REGISTEREVERYTHING_H

#include "mlir-c/IR.h"

#ifdef __cplusplus
extern "C" {
#endif

/// Inserts into `registry` every TileIR dialect, the upstream dialects the
/// pipeline produces (arith, scf, gpu, llvm, nvvm, ...), and the extensions,
/// interfaces and LLVM IR translations that compiling to PTX needs. A context
/// created with this registry can parse, print and compile any TileIR module.
MLIR_CAPI_EXPORTED void tileirRegisterAllDialects(MlirDialectRegistry registry);

/// Registers the TileIR passes (`convert-cuda-tile-to-tirx`, `tirx-*`), the
/// named pipelines (`cuda-tile-to-nvvm`, `tirx-to-nvvm`) and the upstream
/// transform and conversion passes in the global registry, so that
/// mlirParsePassPipeline can name them. Safe to call more than once.
MLIR_CAPI_EXPORTED void tileirRegisterAllPasses(void);

#ifdef __cplusplus
}
#endif

#endif // TILEIR_C_REGISTEREVERYTHING_H
