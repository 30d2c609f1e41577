//===- CudaTileTypes.td - cuda_tile types ------------------*- tablegen -*-===//
//
// Part of TileIR.
//
// The seven cuda_tile types (ptr, tile, tensor_view, partition_view,
// strided_view, gather_scatter_view, token) and the type constraints the ops
// use.
//
//===----------------------------------------------------------------------===//

#ifndef TILEIR_DIALECT_CUDATILE_IR_CUDATILETYPES_TD
#define TILEIR_DIALECT_CUDATILE_IR_CUDATILETYPES_TD

include "mlir/IR/BuiltinTypeInterfaces.td"
include "mlir/IR/CommonTypeConstraints.td"
include "tileir/Dialect/CudaTile/IR/CudaTileAttrs.td"
include "tileir/Dialect/CudaTile/IR/CudaTileDialect.td"
include "tileir/Dialect/CudaTile/IR/CudaTileInterfaces.td"

//===----------------------------------------------------------------------===//
// Scalar element types
//===----------------------------------------------------------------------===//

// Builtin types under their short names, so that diagnostics read
// "f16 or bf16 or ..." as in the specification.
def CudaTile_I1 : TypeAlias<I1, "i1">;
def CudaTile_I4 : TypeAlias<I<4>, "i4">;
def CudaTile_I8 : TypeAlias<I8, "i8">;
def CudaTile_I16 : TypeAlias<I16, "i16">;
def CudaTile_I32 : TypeAlias<I32, "i32">;
def CudaTile_I64 : TypeAlias<I64, "i64">;
def CudaTile_F16 : TypeAlias<F16, "f16">;
def CudaTile_BF16 : TypeAlias<BF16, "bf16">;
def CudaTile_F32 : TypeAlias<F32, "f32">;
def CudaTile_TF32 : TypeAlias<TF32, "tf32">;
def CudaTile_F64 : TypeAlias<F64, "f64">;
def CudaTile_F8E4M3FN : TypeAlias<F8E4M3FN, "f8E4M3FN">;
def CudaTile_F8E5M2 : TypeAlias<F8E5M2, "f8E5M2">;
def CudaTile_F8E8M0FNU : TypeAlias<F8E8M0FNU, "f8E8M0FNU">;
def CudaTile_F4E2M1FN : TypeAlias<F4E2M1FN, "f4E2M1FN">;

defvar CudaTile_IntTypes = [CudaTile_I1, CudaTile_I8, CudaTile_I16,
                            CudaTile_I32, CudaTile_I64];
defvar CudaTile_BaseFloatTypes = [CudaTile_F16, CudaTile_BF16, CudaTile_F32,
                                  CudaTile_F64];
defvar CudaTile_FloatTypes = [CudaTile_F16, CudaTile_BF16, CudaTile_F32,
                              CudaTile_TF32, CudaTile_F64, CudaTile_F8E4M3FN,
                              CudaTile_F8E5M2, CudaTile_F8E8M0FNU,
                              CudaTile_F4E2M1FN];

def CudaTile_AnyInt : AnyTypeOf<CudaTile_IntTypes>;
def CudaTile_AnyFloat : AnyTypeOf<CudaTile_FloatTypes>;
/// Every scalar type: the element type of a tensor_view and the pointee of a
/// pointer.
def CudaTile_NumberType : AnyTypeOf<!listconcat(CudaTile_FloatTypes,
                                                CudaTile_IntTypes)>;

//===----------------------------------------------------------------------===//
// ptr
//===----------------------------------------------------------------------===//

def CudaTile_PointerType : CudaTile_TypeDef<"Pointer", "ptr"> {
  let summary = "a typed pointer into global memory";
  let description = [{
    A single location in global device memory holding a value of
    `pointeeType` (any scalar number type). Pointers are always used wrapped
    in a tile: a kernel receives `tile<ptr<f32>>`, element-wise pointer
    arithmetic works on `tile<128xptr<f32>>`.

    ```mlir
    !cuda_tile.ptr<f32>
    tile<8xptr<i8>>
    ```
  }];

  let parameters = (ins CudaTile_NumberType:$pointeeType);
  let builders = [
    TypeBuilderWithInferredContext<(ins "::mlir::Type":$pointeeType), [{
      return $_get(pointeeType.getContext(), pointeeType);
    }]>
  ];
  let assemblyFormat = "`<` custom<CudaTileType>($pointeeType) `>`";
}

//===----------------------------------------------------------------------===//
// tile
//===----------------------------------------------------------------------===//

def CudaTile_TileElementType
    : AnyTypeOf<!listconcat(CudaTile_FloatTypes, CudaTile_IntTypes,
                            [CudaTile_PointerType, CudaTile_I4])>;

def CudaTile_TileType : CudaTile_TypeDef<"Tile", "tile",
    [ShapedTypeInterface]> {
  let summary = "an immutable, statically shaped tile of values";
  let description = [{
    A multi-dimensional value with a static shape and one element type
    (scalar number types, `i4` and pointers). Every dimension is a positive
    power of two and a tile has at most 2^24 elements. Rank 0 is written
    without dimensions.

    ```mlir
    !cuda_tile.tile<2xf32>
    tile<f32>
    tile<4x!cuda_tile.ptr<i8>>
    ```
  }];

  let parameters = (ins ArrayRefParameter<"int64_t">:$shape,
                        CudaTile_TileElementType:$elementType);
  let builders = [
    TypeBuilderWithInferredContext<(ins "::llvm::ArrayRef<int64_t>":$shape,
                                        "::mlir::Type":$elementType), [{
      return $_get(elementType.getContext(), shape, elementType);
    }]>
  ];
  let hasCustomAssemblyFormat = 1;
  let genVerifyDecl = 1;

  let extraClassDeclaration = [{
    /// Tiles are always ranked (ShapedTypeInterface).
    bool hasRank() const { return true; }

    /// Returns a tile with the given shape (or this shape) and element type
    /// (ShapedTypeInterface).
    TileType cloneWith(std::optional<::llvm::ArrayRef<int64_t>> shape,
                       ::mlir::Type elementType) const;
  }];
}

//===----------------------------------------------------------------------===//
// tensor_view
//===----------------------------------------------------------------------===//

def CudaTile_TensorViewType : CudaTile_TypeDef<"TensorView", "tensor_view"> {
  let summary = "a strided tensor in global memory";
  let description = [{
    A reference to a tensor in global memory: a shape and per-dimension
    strides (in elements), each static or dynamic (`?`,
    `ShapedType::kDynamic`). Rank 0 has no strides clause.

    ```mlir
    !cuda_tile.tensor_view<f32>
    tensor_view<?x32xf32, strides=[32,1]>
    ```
  }];

  let parameters = (ins ArrayRefParameter<"int64_t">:$shape,
                        CudaTile_NumberType:$elementType,
                        ArrayRefParameter<"int64_t">:$strides);
  let hasCustomAssemblyFormat = 1;
  let genVerifyDecl = 1;

  let extraClassDeclaration = [{
    /// Marks a dynamic size or stride.
    static constexpr int64_t kDynamic = ::mlir::ShapedType::kDynamic;

    int64_t getRank() const { return getShape().size(); }
    /// Number of `?` entries in the shape.
    size_t getNumDynamicDims() const;
    /// Number of `?` entries in the strides.
    size_t getNumDynamicStrides() const;
  }];
}

//===----------------------------------------------------------------------===//
// View types (TileView)
//===----------------------------------------------------------------------===//

def CudaTile_PartitionViewType : CudaTile_TypeDef<"PartitionView",
    "partition_view", [DeclareTypeInterfaceMethods<CudaTile_TileView>]> {
  let summary = "a grid of equally sized, aligned tiles over a tensor_view";
  let description = [{
    Partitions a `tensor_view` into tiles of shape `tile`. Index `(i, j)`
    selects the tile whose origin is `(i * tile[0], j * tile[1])` after
    mapping tile dimension `k` to tensor dimension `dim_map[k]` (identity
    when omitted). Elements outside the tensor read as `padding_value` (or an
    unspecified value when there is none); stores to them are dropped.

    ```mlir
    partition_view<tile=(2x2), padding_value = nan,
                   tensor_view<16x16xf32, strides=[16,1]>, dim_map=[1, 0]>
    ```
  }];

  let parameters = (ins
      ArrayRefParameter<"int32_t">:$tile_shape,
      "::mlir::cuda_tile::TensorViewType":$tensor_view,
      ArrayRefParameter<"int32_t">:$dim_map,
      OptionalParameter<"::mlir::cuda_tile::PaddingValueAttr">:$padding_value);
  let hasCustomAssemblyFormat = 1;
  let genVerifyDecl = 1;
}

def CudaTile_StridedViewType : CudaTile_TypeDef<"StridedView",
    "strided_view", [DeclareTypeInterfaceMethods<CudaTile_TileView>]> {
  let summary = "a grid of tiles with explicit traversal strides";
  let description = [{
    Like `partition_view`, but index `i` along tile dimension `k` starts at
    element `i * traversal_strides[k]`, so tiles may overlap or leave gaps.

    ```mlir
    strided_view<tile=(1024x1x32), traversal_strides=[512,1,10],
                 tensor_view<8192x8192x64xf32, strides=[524288,64,1]>>
    ```
  }];

  let parameters = (ins
      ArrayRefParameter<"int32_t">:$tile_shape,
      ArrayRefParameter<"int32_t">:$traversal_strides,
      "::mlir::cuda_tile::TensorViewType":$tensor_view,
      ArrayRefParameter<"int32_t">:$dim_map,
      OptionalParameter<"::mlir::cuda_tile::PaddingValueAttr">:$padding_value);
  let hasCustomAssemblyFormat = 1;
  let genVerifyDecl = 1;
}

def CudaTile_GatherScatterViewType : CudaTile_TypeDef<"GatherScatterView",
    "gather_scatter_view", [DeclareTypeInterfaceMethods<CudaTile_TileView>]> {
  let summary = "a tile grid with one gathered (sparse) dimension";
  let description = [{
    Like `partition_view`, except that along `sparse_dim` the index operand
    is a 1-D tile of row indices (one per tile row) instead of a tile
    coordinate.

    ```mlir
    gather_scatter_view<tile=(64x64),
                        tensor_view<8192x128xf32, strides=[128,1]>, sparse_dim=0>
    ```
  }];

  let parameters = (ins
      ArrayRefParameter<"int32_t">:$tile_shape,
      "::mlir::cuda_tile::TensorViewType":$tensor_view,
      "uint32_t":$sparse_dim,
      OptionalParameter<"::mlir::cuda_tile::PaddingValueAttr">:$padding_value);
  let hasCustomAssemblyFormat = 1;
  let genVerifyDecl = 1;
}

//===----------------------------------------------------------------------===//
// token
//===----------------------------------------------------------------------===//

def CudaTile_TokenType : CudaTile_TypeDef<"Token", "token"> {
  let summary = "orders token-ordered memory operations";
  let description = [{
    Not a runtime value: a token-ordered operation (`*_tko`) that consumes a
    token happens after the operation that produced it. Written `token` in op
    syntax.
  }];
}

//===----------------------------------------------------------------------===//
// Type constraints
//===----------------------------------------------------------------------===//

def CudaTile_IsTilePred
    : CPred<"::llvm::isa<::mlir::cuda_tile::TileType>($_self)">;

/// A tile whose element type is one of `allowedTypes`.
class CudaTile_TileOf<list<Type> allowedTypes, list<Pred> preds = [],
                      string descr = "tile">
    : ShapedContainerType<allowedTypes,
                          And<!listconcat([CudaTile_IsTilePred], preds)>,
                          descr, "::mlir::cuda_tile::TileType">;

/// A rank-0 tile of `elementType`; buildable when the element type is.
class CudaTile_ScalarTileOf<Type elementType>
    : CudaTile_TileOf<[elementType], [HasAnyRankOfPred<[0]>], "rank-0 tile">,
      BuildableType<!if(!empty(elementType.builderCall), "",
          "::mlir::cuda_tile::TileType::get({}, " # elementType.builderCall
          # ")")>;

def CudaTile_AnyTile : Type<CudaTile_IsTilePred, "tile",
                            "::mlir::cuda_tile::TileType">;
def CudaTile_IntTile : CudaTile_TileOf<CudaTile_IntTypes>;
def CudaTile_BaseFloatTile : CudaTile_TileOf<CudaTile_BaseFloatTypes>;
def CudaTile_NumberTile
    : CudaTile_TileOf<!listconcat(CudaTile_FloatTypes, CudaTile_IntTypes)>;
def CudaTile_FloatTile : CudaTile_TileOf<CudaTile_FloatTypes>;
/// Integer tiles including `i4` (integer conversions, pack and unpack).
def CudaTile_IntTileWithI4
    : CudaTile_TileOf<!listconcat(CudaTile_IntTypes, [CudaTile_I4])>;
def CudaTile_PointerTile : CudaTile_TileOf<[CudaTile_PointerType]>;
def CudaTile_I64Tile : CudaTile_TileOf<[CudaTile_I64]>;
/// A 1-D tile of one of `allowedTypes` (pack and unpack).
class CudaTile_1DTileOf<list<Type> allowedTypes>
    : CudaTile_TileOf<allowedTypes, [HasAnyRankOfPred<[1]>], "1-D tile">;
def CudaTile_I1Tile : CudaTile_TileOf<[CudaTile_I1]>;
def CudaTile_AnyTileView : Type<
    CPred<"::llvm::isa<::mlir::cuda_tile::TileView>($_self)">, "tile view",
    "::mlir::cuda_tile::TileView">;

#endif // TILEIR_DIALECT_CUDATILE_IR_CUDATILETYPES_TD
