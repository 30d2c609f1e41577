//===- KernelInfo.cpp - What an entry's hints say of its kernel -----------===//
//
// Part of TileIR.
//
//===----------------------------------------------------------------------===//

#include "tileir/Dialect/CudaTile/IR/KernelInfo.h"

using namespace mlir;

int64_t mlir::cuda_tile::getEntryIntHint(EntryOp entry, StringRef arch,
                                         StringRef name) {
  auto hints =
      entry->getAttrOfType<OptimizationHintsAttr>("optimization_hints");
  if (!hints)
    return 0;
  auto value = dyn_cast_or_null<IntegerAttr>(hints.getHint(arch, name));
  return value ? value.getInt() : 0;
}
