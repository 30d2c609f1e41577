//===- InitAllPasses.h - Register TileIR and upstream passes ----*- C++ -*-===//
//
// Part of TileIR.
//
//===----------------------------------------------------------------------===//

#ifndef TILEIR_INITALLPASSES_H
#define TILEIR_INITALLPASSES_H

#include "tileir/Conversion/Passes.h"
#include "tileir/Dialect/CudaTile/Transforms/Passes.h"
#include "tileir/Dialect/TileOps/Transforms/Passes.h"
#include "tileir/Dialect/TirX/Transforms/Passes.h"
#include "tileir/Dispatch/Passes.h"
#include "tileir/Pipelines/Pipelines.h"

#include "mlir/Conversion/Passes.h"
#include "mlir/Dialect/Arith/Transforms/Passes.h"
#include "mlir/Dialect/GPU/Transforms/Passes.h"
#include "mlir/Transforms/Passes.h"

namespace tileir {

inline void registerAllPasses() {
  mlir::tileir::registerTileIRConversionPasses();
  mlir::cuda_tile::registerCudaTilePasses();
  mlir::tirx::registerTirXPasses();
  tileir::dispatch::registerDispatchPasses();
  mlir::tileops::registerTileOpsPasses();
  mlir::tileir::registerPipelines();
  // Upstream passes the pipeline uses, for debugging it step by step.
  mlir::registerTransformsPasses();
  mlir::registerConversionPasses();
  mlir::registerGPUPasses();
  mlir::arith::registerArithPasses();
}

} // namespace tileir

#endif // TILEIR_INITALLPASSES_H
