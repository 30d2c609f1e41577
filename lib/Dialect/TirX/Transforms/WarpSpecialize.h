//===- WarpSpecialize.h - Producer warps of tirx.warp_specialize -*- C++
//-*-===//
//
// Part of TileIR.
//
//===----------------------------------------------------------------------===//

#ifndef TILEIR_LIB_DIALECT_TIRX_TRANSFORMS_WARPSPECIALIZE_H
#define TILEIR_LIB_DIALECT_TIRX_TRANSFORMS_WARPSPECIALIZE_H

#include "mlir/Dialect/GPU/IR/GPUDialect.h"

namespace mlir::tirx {

/// Lowers the tirx.warp_specialize ops of `func` (after dispatch and the
/// shared-memory placement): the launch grows by the producer warps, which
/// branch at the kernel's entry to the producer regions, in order, each
/// between a start and an end named barrier shared with the kernel's
/// threads; the bodies are inlined between the same barriers; the kernel's
/// CTA barriers become barriers of the kernel's own threads. The values the
/// producer regions use from the kernel's body are computed again in the
/// producer warps (a located error where one is not memory-effect free).
LogicalResult lowerWarpSpecialize(gpu::GPUFuncOp func);

} // namespace mlir::tirx

#endif // TILEIR_LIB_DIALECT_TIRX_TRANSFORMS_WARPSPECIALIZE_H
