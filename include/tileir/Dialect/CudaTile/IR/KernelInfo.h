//===- KernelInfo.h - What an entry's hints say of its kernel ---*- C++ -*-===//
//
// Part of TileIR.
//
//===----------------------------------------------------------------------===//

#ifndef TILEIR_DIALECT_CUDATILE_IR_KERNELINFO_H
#define TILEIR_DIALECT_CUDATILE_IR_KERNELINFO_H

#include "tileir/Dialect/CudaTile/IR/CudaTileOps.h"

namespace mlir::cuda_tile {

/// The most threads the conversion gives a CTA from its tile sizes alone
/// (about 8 elements a thread, clamped to [32, 256]; docs/ABI.md, "How the
/// CTA size is chosen"), when no hint or option sets the CTA size.
constexpr int64_t kMaxPlannedCtaThreads = 256;

/// The entry's integer optimization hint `name` (`num_worker_warps_per_cta`,
/// `occupancy`) for `arch` (or the `default` entry), or 0.
int64_t getEntryIntHint(EntryOp entry, StringRef arch, StringRef name);

} // namespace mlir::cuda_tile

#endif // TILEIR_DIALECT_CUDATILE_IR_KERNELINFO_H
