//===- InitAllDialects.h - Register TileIR and upstream dialects -*- C++
//-*-===//
//
// Part of TileIR. Every TileIR dialect plus the upstream dialects the
// pipeline uses.
//
//===----------------------------------------------------------------------===//

#ifndef TILEIR_INITALLDIALECTS_H
#define TILEIR_INITALLDIALECTS_H

#include "tileir/Dialect/CudaTile/IR/CudaTile.h"
#include "tileir/Dialect/TileOps/IR/TileOps.h"
#include "tileir/Dialect/TirX/IR/TirX.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/ControlFlow/IR/ControlFlow.h"
#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/Dialect/GPU/IR/GPUDialect.h"
#include "mlir/Dialect/LLVMIR/LLVMDialect.h"
#include "mlir/Dialect/LLVMIR/NVVMDialect.h"
#include "mlir/Dialect/Math/IR/Math.h"
#include "mlir/Dialect/MemRef/IR/MemRef.h"
#include "mlir/Dialect/SCF/IR/SCF.h"
#include "mlir/Dialect/Vector/IR/VectorOps.h"
#include "mlir/IR/DialectRegistry.h"

namespace tileir {

inline void registerAllDialects(mlir::DialectRegistry &registry) {
  registry.insert<mlir::cuda_tile::CudaTileDialect, mlir::tirx::TirXDialect,
                  mlir::tileops::TileOpsDialect, mlir::arith::ArithDialect,
                  mlir::cf::ControlFlowDialect, mlir::func::FuncDialect,
                  mlir::gpu::GPUDialect, mlir::LLVM::LLVMDialect,
                  mlir::NVVM::NVVMDialect, mlir::math::MathDialect,
                  mlir::memref::MemRefDialect, mlir::scf::SCFDialect,
                  mlir::vector::VectorDialect>();
}

} // namespace tileir

#endif // TILEIR_INITALLDIALECTS_H
