//===- CudaTileDialect.h - cuda_tile dialect --------------------*- C++ -*-===//
//
// Part of TileIR.
//
// Declares the cuda_tile dialect class.
//
//===----------------------------------------------------------------------===//

#ifndef TILEIR_DIALECT_CUDATILE_IR_CUDATILEDIALECT_H
#define TILEIR_DIALECT_CUDATILE_IR_CUDATILEDIALECT_H

#include "mlir/IR/Dialect.h"
#include "llvm/Support/CommandLine.h"

namespace mlir::cuda_tile {
/// How op verifiers report unknown or invalid `optimization_hints` (an
/// unknown architecture, a hint the op does not take, a value out of range).
/// Hints never change the meaning of a program, so the default is silence.
enum class HintDiagnostics { Silent, Warning, Error };

/// Registers the tool options -Wunsupported-hints (report hint problems as
/// warnings) and -Werr-hints (as errors). Call before parsing the command
/// line; every cuda_tile dialect loaded afterwards starts in the mode the
/// options give. The options are listed in `category` by --help.
void registerHintDiagnosticsCLOptions(llvm::cl::OptionCategory &category);
} // namespace mlir::cuda_tile

#include "tileir/Dialect/CudaTile/IR/CudaTileDialect.h.inc"

#endif // TILEIR_DIALECT_CUDATILE_IR_CUDATILEDIALECT_H
