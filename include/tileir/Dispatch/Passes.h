//===- Passes.h - dispatch passes -------------------------------*- C++ -*-===//
//
// Part of TileIR. The tirx-dispatch pass, which lowers every tirx primitive
// through the variant registry of Dispatch.h.
//
//===----------------------------------------------------------------------===//

#ifndef TILEIR_DISPATCH_PASSES_H
#define TILEIR_DISPATCH_PASSES_H

#include "tileir/Dialect/TirX/IR/TirX.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/GPU/IR/GPUDialect.h"
#include "mlir/Dialect/LLVMIR/LLVMDialect.h"
#include "mlir/Dialect/Math/IR/Math.h"
#include "mlir/Dialect/MemRef/IR/MemRef.h"
#include "mlir/Dialect/SCF/IR/SCF.h"
#include "mlir/Dialect/Vector/IR/VectorOps.h"
#include "mlir/Pass/Pass.h"

namespace tileir::dispatch {

#define GEN_PASS_DECL
#include "tileir/Dispatch/Passes.h.inc"

#define GEN_PASS_REGISTRATION
#include "tileir/Dispatch/Passes.h.inc"

} // namespace tileir::dispatch

#endif // TILEIR_DISPATCH_PASSES_H
