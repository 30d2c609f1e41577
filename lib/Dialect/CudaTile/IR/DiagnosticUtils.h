//===- DiagnosticUtils.h - cuda_tile diagnostic helpers ---------*- C++ -*-===//
//
// Part of TileIR.
//
// Small helpers that format lists of sizes and types in the diagnostics of
// the cuda_tile dialect. Private to the dialect library.
//
//===----------------------------------------------------------------------===//

#ifndef TILEIR_LIB_DIALECT_CUDATILE_IR_DIAGNOSTICUTILS_H
#define TILEIR_LIB_DIALECT_CUDATILE_IR_DIAGNOSTICUTILS_H

#include "mlir/IR/BuiltinTypeInterfaces.h"
#include "mlir/IR/Diagnostics.h"
#include "mlir/IR/TypeRange.h"
#include "llvm/ADT/STLExtras.h"

namespace mlir::cuda_tile::detail {

/// Streams a list of sizes as `[a, b, ?]` (`?` for ShapedType::kDynamic).
template <typename T>
struct ListFormat {
  ArrayRef<T> values;
};
template <typename T>
ListFormat(ArrayRef<T>) -> ListFormat<T>;
template <typename T>
ListFormat(const SmallVector<T> &) -> ListFormat<T>;

template <typename T>
Diagnostic &operator<<(Diagnostic &diag, ListFormat<T> list) {
  diag << "[";
  llvm::interleaveComma(list.values, diag, [&](T value) {
    if (ShapedType::isDynamic(value))
      diag << "?";
    else
      diag << value;
  });
  return diag << "]";
}

/// Streams a list of types as `(t0, t1)`.
struct TypeListFormat {
  TypeRange types;
};

inline Diagnostic &operator<<(Diagnostic &diag, TypeListFormat list) {
  diag << "(";
  llvm::interleaveComma(list.types, diag, [&](Type type) { diag << type; });
  return diag << ")";
}

} // namespace mlir::cuda_tile::detail

#endif // TILEIR_LIB_DIALECT_CUDATILE_IR_DIAGNOSTICUTILS_H
