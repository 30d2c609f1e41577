//===- SharedMemoryPlan.h - Byte offsets of a kernel's shared buffers -----===//
//
// Part of TileIR.
//
//===----------------------------------------------------------------------===//

#ifndef TILEIR_LIB_DIALECT_TIRX_TRANSFORMS_SHAREDMEMORYPLAN_H
#define TILEIR_LIB_DIALECT_TIRX_TRANSFORMS_SHAREDMEMORYPLAN_H

#include "tileir/Dialect/TirX/IR/TirX.h"

#include "mlir/Dialect/GPU/IR/GPUDialect.h"
#include "llvm/ADT/DenseMap.h"

namespace mlir::tirx {

/// A shared buffer to place: its allocation, bytes and alignment.
struct SharedBuffer {
  AllocOp alloc;
  int64_t bytes;
  int64_t align;
};

/// Where the shared buffers of a kernel live in one block of shared memory.
struct SharedPlan {
  /// The byte offset of each buffer's allocation.
  llvm::DenseMap<Operation *, int64_t> offset;
  /// The bytes the block needs.
  int64_t bytes = 0;
  /// The largest alignment of a buffer (at least 16).
  int64_t maxAlign = 16;
};

/// Places the shared buffers of `func` (docs/Pipeline.md, "Shared memory"):
/// two buffers share bytes when their live ranges are disjoint, and a
/// gpu.barrier is inserted where a buffer's first use could overwrite bytes
/// that threads still read for an earlier one, unless a CTA barrier already
/// separates them. Buffers whose live range the analysis cannot bound get
/// bytes of their own. Runs after dispatch, on the lowered kernel structure.
SharedPlan planSharedMemory(gpu::GPUFuncOp func,
                            ArrayRef<SharedBuffer> buffers);

} // namespace mlir::tirx

#endif // TILEIR_LIB_DIALECT_TIRX_TRANSFORMS_SHAREDMEMORYPLAN_H
