//===- Variants.h - What every CUDA variant file uses ------------*- C++
//-*-===//
//
// Part of TileIR. The registry and predicates, the layout library and the
// layout code builders, with the names the variant files use unqualified.
//
//===----------------------------------------------------------------------===//

#ifndef TILEIR_LIB_DISPATCH_CUDA_VARIANTS_H
#define TILEIR_LIB_DISPATCH_CUDA_VARIANTS_H

#include "tileir/Dialect/TirX/Utils/LayoutCodegen.h"
#include "tileir/Dispatch/Dispatch.h"
#include "tileir/Dispatch/Predicates.h"
#include "tileir/Layout/BitLayout.h"

#include "mlir/Dialect/Arith/IR/Arith.h"

namespace tileir::dispatch {
using layout::BitLayout;
using layout::dimBitRange;
using layout::enumerateSubsets;
using layout::LayoutBit;
using mlir::tirx::allocScratch;
using mlir::tirx::emitIsReplicaLeader;
using mlir::tirx::emitSharedPointer;
using mlir::tirx::emitStorageOffset;
using mlir::tirx::emitThreadBits;
using mlir::tirx::emitThreadId;
using mlir::tirx::getStorage;
using mlir::tirx::isF8;
using mlir::tirx::knownDivisor;
using mlir::tirx::readOperandElement;

/// An index constant.
inline mlir::Value cstIndex(mlir::OpBuilder &b, mlir::Location loc, int64_t v) {
  return mlir::arith::ConstantIndexOp::create(b, loc, v);
}
} // namespace tileir::dispatch

#endif // TILEIR_LIB_DISPATCH_CUDA_VARIANTS_H
