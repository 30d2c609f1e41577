//===- Passes.h - TileIR conversion passes ----------------------*- C++ -*-===//
//
// Part of TileIR.
//
//===----------------------------------------------------------------------===//

#ifndef TILEIR_CONVERSION_PASSES_H
#define TILEIR_CONVERSION_PASSES_H

#include "tileir/Dialect/TirX/IR/TirX.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/GPU/IR/GPUDialect.h"
#include "mlir/Dialect/LLVMIR/LLVMDialect.h"
#include "mlir/Dialect/LLVMIR/NVVMDialect.h"
#include "mlir/Dialect/Math/IR/Math.h"
#include "mlir/Dialect/SCF/IR/SCF.h"
#include "mlir/IR/BuiltinOps.h"
#include "mlir/Pass/Pass.h"

namespace mlir::tileir {

#define GEN_PASS_DECL
#include "tileir/Conversion/Passes.h.inc"

#define GEN_PASS_REGISTRATION
#include "tileir/Conversion/Passes.h.inc"

} // namespace mlir::tileir

#endif // TILEIR_CONVERSION_PASSES_H
