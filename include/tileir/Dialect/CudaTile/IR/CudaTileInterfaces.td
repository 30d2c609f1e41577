//===- CudaTileInterfaces.td - cuda_tile interfaces --------*- tablegen -*-===//
//
// Part of TileIR.
//
// The `TileView` type interface, implemented by the view types that
// load_view_tko / store_view_tko accept, and the attribute interface of the
// `assume` predicates.
//
//===----------------------------------------------------------------------===//

#ifndef TILEIR_DIALECT_CUDATILE_IR_CUDATILEINTERFACES_TD
#define TILEIR_DIALECT_CUDATILE_IR_CUDATILEINTERFACES_TD

include "mlir/IR/OpBase.td"

def CudaTile_TileView : TypeInterface<"TileView"> {
  let cppNamespace = "::mlir::cuda_tile";
  let description = [{
    A view over global memory that is accessed one tile at a time. The view
    defines an index space (one index operand per dimension), the type of the
    tile that a load produces or a store consumes, and which index operands
    are valid.
  }];

  let methods = [
    InterfaceMethod<[{
      Returns the rank of the index space, i.e. the number of index operands
      a load or store through this view takes.
    }], "size_t", "getViewIndexRank">,
    InterfaceMethod<[{
      Returns the type of the tile that is loaded from or stored to the view
      (a `cuda_tile::TileType`).
    }], "::mlir::Type", "getViewTileType">,
    InterfaceMethod<[{
      Verifies the types of the index operands of an access through this
      view. The number of indices has already been checked against
      `getViewIndexRank()`.
    }], "::llvm::LogicalResult", "verifyIndices",
      (ins "::llvm::function_ref<::mlir::InFlightDiagnostic()>":$emitError,
           "::mlir::TypeRange":$indexTypes)>,
  ];
}

def CudaTile_AssumePredicateAttrInterface
    : AttrInterface<"AssumePredicateAttrInterface"> {
  let cppNamespace = "::mlir::cuda_tile";
  let description = [{
    A predicate of the `assume` op (`div_by`, `same_elements`, `bounded`).
    The predicate checks that it applies to the value the op annotates.
  }];

  let methods = [
    InterfaceMethod<[{
      Verifies that the predicate applies to the operand of `op`, an
      `assume` op; errors are reported on `op`.
    }], "::llvm::LogicalResult", "verifyWithAssumeOp",
      (ins "::mlir::Operation *":$op)>,
  ];
}

#endif // TILEIR_DIALECT_CUDATILE_IR_CUDATILEINTERFACES_TD
