//===- Passes.h - tirx passes -----------------------------------*- C++ -*-===//
//
// Part of TileIR.
//
//===----------------------------------------------------------------------===//

#ifndef TILEIR_DIALECT_TIRX_TRANSFORMS_PASSES_H
#define TILEIR_DIALECT_TIRX_TRANSFORMS_PASSES_H

#include "tileir/Dialect/TirX/IR/TirX.h"

#include "mlir/Dialect/GPU/IR/GPUDialect.h"
#include "mlir/Dialect/LLVMIR/NVVMDialect.h"
#include "mlir/Dialect/Math/IR/Math.h"
#include "mlir/Dialect/MemRef/IR/MemRef.h"
#include "mlir/Dialect/SCF/IR/SCF.h"
#include "mlir/Dialect/Vector/IR/VectorOps.h"
#include "mlir/Pass/Pass.h"

namespace mlir::tirx {

/// The kernel attribute tirx-lower-buffers sets to the bytes of dynamic
/// shared memory the kernel must be launched with (when its shared buffers
/// exceed the 48 KiB of static shared memory).
constexpr llvm::StringLiteral kDynamicSharedAttr = "tileir.dynamic_smem";

/// How a kernel is launched, which decides how tirx-lower-buffers gives it
/// shared memory (docs/ABI.md).
enum class LaunchABI {
  /// The launcher passes the dynamic shared memory the kernel states.
  Explicit,
  /// The launcher passes no dynamic shared memory (a cuTile-style launch):
  /// all shared memory is one static array.
  Tile,
};

#define GEN_PASS_DECL
#include "tileir/Dialect/TirX/Transforms/Passes.h.inc"

#define GEN_PASS_REGISTRATION
#include "tileir/Dialect/TirX/Transforms/Passes.h.inc"

} // namespace mlir::tirx

#endif // TILEIR_DIALECT_TIRX_TRANSFORMS_PASSES_H
