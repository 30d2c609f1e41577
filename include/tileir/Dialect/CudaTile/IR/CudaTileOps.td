//===- CudaTileOps.td - cuda_tile operations ---------------*- tablegen -*-===//
//
// Part of TileIR.
//
// Operations of the cuda_tile dialect, grouped by layered base classes: a
// concrete op is its name, its modifier rules and its documentation.
//
//===----------------------------------------------------------------------===//

#ifndef TILEIR_DIALECT_CUDATILE_IR_CUDATILEOPS_TD
#define TILEIR_DIALECT_CUDATILE_IR_CUDATILEOPS_TD

include "mlir/IR/BuiltinAttributes.td"
include "mlir/IR/OpAsmInterface.td"
include "mlir/IR/RegionKindInterface.td"
include "mlir/IR/SymbolInterfaces.td"
include "mlir/Interfaces/ControlFlowInterfaces.td"
include "mlir/Interfaces/FunctionInterfaces.td"
include "mlir/Interfaces/SideEffectInterfaces.td"
include "tileir/Dialect/CudaTile/IR/CudaTileAttrs.td"
include "tileir/Dialect/CudaTile/IR/CudaTileDialect.td"
include "tileir/Dialect/CudaTile/IR/CudaTileTypes.td"

//===----------------------------------------------------------------------===//
// Shared pieces
//===----------------------------------------------------------------------===//

/// NumberType or any cuda_tile type: what region terminators may carry.
def CudaTile_AnyType : AnyTypeOf<[CudaTile_NumberType,
    Type<CPred<"::llvm::isa<::mlir::cuda_tile::CudaTileDialect>("
               "$_self.getDialect())">, "cuda_tile type">]>;

/// The rounding modes an op accepts; `defaultMode` is the mode used when the
/// op does not spell `rounding<...>`. `approx` requires f32 elements, and so
/// does `full` unless it is the default.
class CudaTile_RoundingModes<string defaultMode, list<string> allowed>
    : ParamNativeOpTrait<"RoundingModes",
        "::mlir::cuda_tile::RoundingMode::" # defaultMode #
        !interleave(!foreach(mode, allowed,
                             ", ::mlir::cuda_tile::RoundingMode::" # mode),
                    "")> {
  let cppNamespace = "::mlir::OpTrait::cuda_tile";
}

/// `flush_to_zero` is only valid with f32 elements.
def CudaTile_FlushToZeroF32Only : NativeOpTrait<"FlushToZeroF32Only"> {
  let cppNamespace = "::mlir::OpTrait::cuda_tile";
}

/// Memory-model rules of a token-ordered load (`Load`) or store (`Store`):
/// the accepted orderings, and a scope exactly when the ordering is not weak.
class CudaTile_MemoryModel<string kind>
    : ParamNativeOpTrait<"MemoryModel",
                         "::mlir::cuda_tile::MemoryAccessKind::" # kind> {
  let cppNamespace = "::mlir::OpTrait::cuda_tile";
}

/// A non-negative i32 attribute read as `int32_t` (dimension indices).
def CudaTile_DimAttr : ConfinedAttr<TypedSignlessIntegerAttrBase<I32,
    "int32_t", "32-bit signless integer attribute">, [IntNonNegative]> {
  let convertFromStorage = "$_self.getValue().getSExtValue()";
}

defvar CudaTile_IEEERoundingModes = ["NearestEven", "Zero", "NegativeInf",
                                     "PositiveInf"];

class CudaTile_RoundingModeArg<string defaultMode>
    : DefaultValuedAttr<CudaTile_RoundingModeAttr,
                        "::mlir::cuda_tile::RoundingMode::" # defaultMode>;

defvar CudaTile_RoundingFormat = "(`rounding` `` $rounding_mode^)?";
defvar CudaTile_FlushToZeroFormat = "(`flush_to_zero` $flush_to_zero^)?";
defvar CudaTile_ResultTypeFormat =
    "attr-dict `:` custom<CudaTileType>(type($result))";

//===----------------------------------------------------------------------===//
// Layered base classes
//===----------------------------------------------------------------------===//

/// Element-wise floating-point binary op with `rounding<...>` and
/// `flush_to_zero` modifiers: `%r = addf %a, %b rounding<zero> : tile<4xf32>`.
class CudaTile_FloatBinaryRoundingOp<string mnemonic,
                                     list<string> roundingModes,
                                     list<Trait> traits = []>
    : CudaTile_Op<mnemonic, !listconcat([Pure,
        AllTypesMatch<["lhs", "rhs", "result"]>,
        CudaTile_RoundingModes<"NearestEven", roundingModes>,
        CudaTile_FlushToZeroF32Only], traits)> {
  let arguments = (ins CudaTile_BaseFloatTile:$lhs,
                       CudaTile_BaseFloatTile:$rhs,
                       CudaTile_RoundingModeArg<"NearestEven">:$rounding_mode,
                       UnitAttr:$flush_to_zero);
  let results = (outs CudaTile_BaseFloatTile:$result);
  let assemblyFormat = !strconcat("$lhs `,` $rhs ", CudaTile_RoundingFormat,
      " ", CudaTile_FlushToZeroFormat, " ", CudaTile_ResultTypeFormat);
}

/// Element-wise floating-point min/max: `propagate_nan` selects IEEE
/// maximum/minimum instead of maximumNumber/minimumNumber.
class CudaTile_FloatMinMaxOp<string mnemonic, list<Trait> traits = []>
    : CudaTile_Op<mnemonic, !listconcat([Pure,
        AllTypesMatch<["lhs", "rhs", "result"]>,
        CudaTile_FlushToZeroF32Only], traits)> {
  let arguments = (ins CudaTile_BaseFloatTile:$lhs,
                       CudaTile_BaseFloatTile:$rhs,
                       UnitAttr:$propagate_nan,
                       UnitAttr:$flush_to_zero);
  let results = (outs CudaTile_BaseFloatTile:$result);
  let assemblyFormat = [{
    $lhs `,` $rhs
    oilist(`flush_to_zero` $flush_to_zero | `propagate_nan` $propagate_nan)
    attr-dict `:` custom<CudaTileType>(type($result))
  }];
}

/// Element-wise floating-point unary math op; `modifiers` are extra
/// attribute arguments printed by `modifierFormat` after the operand.
class CudaTile_FloatUnaryOp<string mnemonic, dag modifiers = (ins),
                            string modifierFormat = "",
                            list<Trait> traits = []>
    : CudaTile_Op<mnemonic, !listconcat([Pure,
        AllTypesMatch<["source", "result"]>], traits)> {
  let arguments = !con((ins CudaTile_BaseFloatTile:$source), modifiers);
  let results = (outs CudaTile_BaseFloatTile:$result);
  let assemblyFormat = !strconcat("$source ", modifierFormat, " ",
                                  CudaTile_ResultTypeFormat);
}

/// Element-wise integer binary op with an `overflow<...>` assumption:
/// `%r = addi %a, %b overflow<no_signed_wrap> : tile<i16>`.
class CudaTile_IntBinaryOverflowOp<string mnemonic, list<Trait> traits = []>
    : CudaTile_Op<mnemonic, !listconcat([Pure,
        AllTypesMatch<["lhs", "rhs", "result"]>], traits)> {
  let arguments = (ins
      CudaTile_IntTile:$lhs, CudaTile_IntTile:$rhs,
      DefaultValuedAttr<CudaTile_IntegerOverflowAttr,
                        "::mlir::cuda_tile::IntegerOverflow::None">:$overflow);
  let results = (outs CudaTile_IntTile:$result);
  let assemblyFormat = !strconcat("$lhs `,` $rhs (`overflow` `` $overflow^)? ",
                                  CudaTile_ResultTypeFormat);
}

/// Shape-changing op `source -> result` with the same element type.
class CudaTile_ShapeOp<string mnemonic, list<Trait> traits = []>
    : CudaTile_Op<mnemonic, !listconcat([Pure,
        SameOperandsAndResultElementType,
        DeclareOpInterfaceMethods<OpAsmOpInterface, ["getAsmResultNames"]>],
        traits)> {
  let arguments = (ins CudaTile_AnyTile:$source);
  let results = (outs CudaTile_AnyTile:$result);
  let assemblyFormat = [{
    $source attr-dict `:` custom<CudaTileType>(type($source))
    `->` custom<CudaTileType>(type($result))
  }];
  let hasVerifier = 1;
}

/// Returns the three components of a grid coordinate as rank-0 i32 tiles,
/// named (and printed as) `<prefix>_x`, `<prefix>_y` and `<prefix>_z`.
class CudaTile_GridQueryOp<string mnemonic, string prefix>
    : CudaTile_Op<mnemonic, [Pure]> {
  defvar I32Scalar = CudaTile_ScalarTileOf<CudaTile_I32>;
  let results = !dag(outs, [I32Scalar, I32Scalar, I32Scalar],
                     [prefix # "_x", prefix # "_y", prefix # "_z"]);
  let assemblyFormat =
      "attr-dict `:` custom<CudaTileType>(type($" # prefix # "_x))";
}

/// Token-ordered load or store through a TileView. The indices are written
/// `%view[%i, %j]`; after the view type, `, T` gives their type when they
/// agree, otherwise one type per index.
class CudaTile_ViewMemoryOp<string mnemonic, string kind,
                            list<Trait> traits = []>
    : CudaTile_Op<mnemonic, !listconcat([AttrSizedOperandSegments,
        CudaTile_MemoryModel<kind>], traits)> {
  let hasVerifier = 1;
}

defvar CudaTile_MemoryModelFormat =
    "$memory_ordering_semantics ($memory_scope^)?";
defvar CudaTile_ViewAccessFormat = [{
  $view `[` $index `]`
  (`token` `=` $token^)?
  (`optimization_hints` `=` $optimization_hints^)?
  attr-dict-with-keyword `:`
}];

//===----------------------------------------------------------------------===//
// Module and kernels
//===----------------------------------------------------------------------===//

def CudaTile_ModuleOp : CudaTile_Op<"module", !listconcat([IsolatedFromAbove,
    NoRegionArguments, SymbolTable, OpAsmOpInterface],
    GraphRegionNoTerminator.traits)> {
  let summary = "a compilation unit of kernels and globals";
  let description = [{
    The top-level op of a Tile IR program. Its single block holds `entry`
    kernels (and globals); ops inside print and parse without the
    `cuda_tile.` prefix.

    Example:

    ```mlir
    cuda_tile.module @kernels attributes {producer = "tileir"} {
      entry @k() {
        return
      }
    }
    ```
  }];

  let arguments = (ins SymbolNameAttr:$sym_name,
                       OptionalAttr<StrAttr>:$producer);
  let regions = (region SizedRegion<1>:$bodyRegion);
  let assemblyFormat = "$sym_name attr-dict-with-keyword $bodyRegion";

  let skipDefaultBuilders = 1;
  let builders = [OpBuilder<(ins "::llvm::StringRef":$name)>];
  let extraClassDeclaration = CudaTile_DefaultDialectDecl;
}

/// Function-like ops share their syntax:
/// `@name(%a: T, ...) [-> results] [optimization_hints=<...>] { ... }`.
class CudaTile_FunctionLikeOp<string mnemonic, list<Trait> traits = []>
    : CudaTile_Op<mnemonic, !listconcat([FunctionOpInterface,
        IsolatedFromAbove, OpAsmOpInterface,
        SingleBlockImplicitTerminator<"ReturnOp">], traits)> {
  let arguments = (ins
      SymbolNameAttr:$sym_name,
      TypeAttrOf<FunctionType>:$function_type,
      OptionalAttr<DictArrayAttr>:$arg_attrs,
      OptionalAttr<DictArrayAttr>:$res_attrs,
      OptionalAttr<CudaTile_OptimizationHintsAttr>:$optimization_hints);
  let regions = (region SizedRegion<1>:$body);
  let hasCustomAssemblyFormat = 1;
  let extraClassDeclaration = !strconcat(CudaTile_DefaultDialectDecl, [{
    /// CallableOpInterface.
    ::mlir::Region *getCallableRegion() { return &getBody(); }
    /// The argument types of the signature.
    ::llvm::ArrayRef<::mlir::Type> getArgumentTypes() {
      return getFunctionType().getInputs();
    }
    /// The result types of the signature.
    ::llvm::ArrayRef<::mlir::Type> getResultTypes() {
      return getFunctionType().getResults();
    }
  }]);
}

def CudaTile_EntryOp : CudaTile_FunctionLikeOp<"entry"> {
  let summary = "a tile kernel";
  let description = [{
    A kernel: launched on a 3-D grid of tile blocks, it has no results and
    every tile argument is a rank-0 tile (pointers arrive as
    `tile<ptr<T>>`). The body ends with an (implicit) `return`.

    Example:

    ```mlir
    entry @k(%a: tile<ptr<f32>>, %n: tile<i32>)
        optimization_hints=<sm_90 = {occupancy = 2}> {
      return
    }
    ```
  }];

  let hasVerifier = 1;
}

def CudaTile_ReturnOp : CudaTile_Op<"return", [Pure, ReturnLike,
    Terminator]> {
  let summary = "return from a kernel or function";
  let description = [{
    Terminates the body of an `entry` (without operands) or of a function
    (with the function's results).

    Example:

    ```mlir
    return
    ```
  }];

  let arguments = (ins Variadic<AnyType>:$operands);
  let builders = [OpBuilder<(ins), [{
    build($_builder, $_state, ::mlir::ValueRange());
  }]>];
  let assemblyFormat = [{
    attr-dict ($operands^ `:` custom<CudaTileType>(type($operands)))?
  }];
  let hasVerifier = 1;
}

def CudaTile_GetTileBlockIdOp
    : CudaTile_GridQueryOp<"get_tile_block_id", "blockId"> {
  let summary = "the coordinates of the executing tile block";
  let description = [{
    Returns the x, y and z coordinates of the tile block executing the
    kernel, each in `[0, get_num_tile_blocks)`. Results print as
    `%blockId_x`, `%blockId_y`, `%blockId_z`.

    Example:

    ```mlir
    %x, %y, %z = get_tile_block_id : tile<i32>
    ```
  }];
}

def CudaTile_GetNumTileBlocksOp
    : CudaTile_GridQueryOp<"get_num_tile_blocks", "gridSize"> {
  let summary = "the extent of the tile-block grid";
  let description = [{
    Returns the number of tile blocks along x, y and z (1 along dimensions
    the launch does not specify). Results print as `%gridSize_x`,
    `%gridSize_y`, `%gridSize_z`.

    Example:

    ```mlir
    %nx, %ny, %nz = get_num_tile_blocks : tile<i32>
    ```
  }];
}

//===----------------------------------------------------------------------===//
// Tile creation and reshaping
//===----------------------------------------------------------------------===//

def CudaTile_ConstantOp : CudaTile_Op<"constant", [ConstantLike, Pure,
    DeclareOpInterfaceMethods<OpAsmOpInterface, ["getAsmResultNames"]>]> {
  let summary = "a constant tile";
  let description = [{
    Creates a tile from a literal `<ELT: LITERAL>`: a scalar (splat to every
    element) or nested lists whose shape is the tile's shape. Integers are
    decimal or hexadecimal and may use the signed or unsigned range of their
    width; `true`/`false` are `i1` values; floats are decimal or hexadecimal
    bit patterns. The value is stored as a builtin dense elements attribute
    of type `tensor<SHAPExELT>`.

    Example:

    ```mlir
    %c = constant <f32: [[1.0, 2.0], [4.0, 5.0]]> : tile<2x2xf32>
    %inf = constant <f32: 0x7F800000> : tile<128xf32>
    %t = constant <i1: true> : tile<i1>
    ```
  }];

  let arguments = (ins Builtin_DenseIntOrFPElementsAttr:$value);
  let results = (outs CudaTile_NumberTile:$result);
  let assemblyFormat = "custom<DenseLiteral>($value, type($result)) attr-dict";
  let builders = [
    OpBuilder<(ins "::mlir::DenseIntOrFPElementsAttr":$value)>
  ];
  let hasFolder = 1;
  let hasVerifier = 1;
}

def CudaTile_IotaOp : CudaTile_Op<"iota", [Pure]> {
  let summary = "the 1-D tile [0, 1, ..., n-1]";
  let description = [{
    Produces a 1-D integer tile whose element `i` is `i` (read as unsigned).
    `n` must be representable: at most `2^bitwidth` elements.

    Example:

    ```mlir
    %i = iota : tile<128xi32>
    ```
  }];

  let results = (outs CudaTile_IntTile:$result);
  let assemblyFormat = CudaTile_ResultTypeFormat;
  let hasVerifier = 1;
}

def CudaTile_BroadcastOp : CudaTile_ShapeOp<"broadcast",
    [AllRanksMatch<["source", "result"]>]> {
  let summary = "broadcast the unit dimensions of a tile";
  let description = [{
    Replicates every dimension of size 1 of `source` to the size of the
    matching result dimension; the rank does not change.

    Example:

    ```mlir
    %b = broadcast %x : tile<1x2xf32> -> tile<4x2xf32>
    ```
  }];
}

def CudaTile_ReshapeOp : CudaTile_ShapeOp<"reshape"> {
  let summary = "reinterpret the shape of a tile";
  let description = [{
    Changes the shape of `source` keeping the number of elements and their
    row-major order.

    Example:

    ```mlir
    %r = reshape %x : tile<2x2xf32> -> tile<4xf32>
    %p = reshape %ptr : tile<ptr<f32>> -> tile<1xptr<f32>>
    ```
  }];
}

//===----------------------------------------------------------------------===//
// Floating-point arithmetic
//===----------------------------------------------------------------------===//

def CudaTile_AddFOp
    : CudaTile_FloatBinaryRoundingOp<"addf", CudaTile_IEEERoundingModes> {
  let summary = "element-wise floating-point addition";
  let description = [{
    `result[i] = lhs[i] + rhs[i]`, rounded by `rounding` (default
    `nearest_even`; `zero`, `negative_inf`, `positive_inf`). `flush_to_zero`
    (f32 only) flushes subnormal inputs and results to zero.

    Example:

    ```mlir
    %s = addf %a, %b rounding<negative_inf> : tile<2x2xf32>
    ```
  }];
}

def CudaTile_SubFOp
    : CudaTile_FloatBinaryRoundingOp<"subf", CudaTile_IEEERoundingModes> {
  let summary = "element-wise floating-point subtraction";
  let description = [{
    `result[i] = lhs[i] - rhs[i]`, with the modifiers of `addf`.

    Example:

    ```mlir
    %d = subf %a, %b flush_to_zero : tile<2x2xf32>
    ```
  }];
}

def CudaTile_MulFOp
    : CudaTile_FloatBinaryRoundingOp<"mulf", CudaTile_IEEERoundingModes> {
  let summary = "element-wise floating-point multiplication";
  let description = [{
    `result[i] = lhs[i] * rhs[i]`, with the modifiers of `addf`.

    Example:

    ```mlir
    %p = mulf %a, %b rounding<zero> : tile<2x2xf32>
    ```
  }];
}

def CudaTile_DivFOp : CudaTile_FloatBinaryRoundingOp<"divf",
    !listconcat(CudaTile_IEEERoundingModes, ["Approx", "Full"])> {
  let summary = "element-wise floating-point division";
  let description = [{
    `result[i] = lhs[i] / rhs[i]`. Besides the IEEE rounding modes, f32
    division accepts `rounding<approx>` (multiplication by an approximate
    reciprocal, 2 ulp in the normal range) and `rounding<full>` (full-range
    approximation, 2 ulp).

    Example:

    ```mlir
    %q = divf %a, %b rounding<approx> : tile<2x2xf32>
    ```
  }];
}

def CudaTile_MaxFOp : CudaTile_FloatMinMaxOp<"maxf"> {
  let summary = "element-wise floating-point maximum";
  let description = [{
    Returns the larger element (`+0.0 > -0.0`). Without `propagate_nan` a NaN
    operand is ignored unless both are NaN (IEEE 754-2019 maximumNumber);
    with it, any NaN operand gives NaN (maximum). `flush_to_zero` is f32
    only.

    Example:

    ```mlir
    %m = maxf %a, %b flush_to_zero propagate_nan : tile<2x2xf32>
    ```
  }];
}

def CudaTile_ExpOp : CudaTile_FloatUnaryOp<"exp",
    (ins CudaTile_RoundingModeArg<"Full">:$rounding_mode),
    CudaTile_RoundingFormat,
    [CudaTile_RoundingModes<"Full", ["Approx", "Full"]>]> {
  let summary = "element-wise natural exponential";
  let description = [{
    `result[i] = e^source[i]`. `rounding<approx>` (f32 only) selects the
    fast hardware approximation; the default is `full`. f16 and bf16 are
    computed in f32.

    Example:

    ```mlir
    %e = exp %x rounding<approx> : tile<2x2xf32>
    ```
  }];
}

def CudaTile_Exp2Op : CudaTile_FloatUnaryOp<"exp2",
    (ins UnitAttr:$flush_to_zero), CudaTile_FlushToZeroFormat,
    [CudaTile_FlushToZeroF32Only]> {
  let summary = "element-wise power of two";
  let description = [{
    `result[i] = 2^source[i]`; `flush_to_zero` is f32 only.

    Example:

    ```mlir
    %e = exp2 %x flush_to_zero : tile<2x2xf32>
    ```
  }];
}

//===----------------------------------------------------------------------===//
// Integer arithmetic
//===----------------------------------------------------------------------===//

def CudaTile_AddIOp : CudaTile_IntBinaryOverflowOp<"addi"> {
  let summary = "element-wise integer addition";
  let description = [{
    `result[i] = lhs[i] + rhs[i]`, wrapping unless `overflow<...>` asserts
    otherwise.

    Example:

    ```mlir
    %s = addi %a, %b overflow<no_signed_wrap> : tile<i16>
    ```
  }];
}

def CudaTile_MulIOp : CudaTile_IntBinaryOverflowOp<"muli"> {
  let summary = "element-wise integer multiplication";
  let description = [{
    The low half of `lhs[i] * rhs[i]`, wrapping unless `overflow<...>`
    asserts otherwise.

    Example:

    ```mlir
    %p = muli %a, %b overflow<no_wrap> : tile<i16>
    ```
  }];
}

def CudaTile_CmpIOp : CudaTile_Op<"cmpi", [Pure,
    AllTypesMatch<["lhs", "rhs"]>,
    TypesMatchWith<"result is an i1 tile of the operand shape", "lhs",
                   "result", "::mlir::cuda_tile::getI1SameShape($_self)">]> {
  let summary = "element-wise integer comparison";
  let description = [{
    Compares `lhs` and `rhs` element-wise with `comparison_predicate`, reading
    them as `signed` or `unsigned` integers; the result is an i1 tile.

    Example:

    ```mlir
    %lt = cmpi less_than %a, %b, signed : tile<i64> -> tile<i1>
    ```
  }];

  let arguments = (ins CudaTile_ComparisonPredicateAttr:$comparison_predicate,
                       CudaTile_IntTile:$lhs, CudaTile_IntTile:$rhs,
                       CudaTile_SignednessAttr:$signedness);
  let results = (outs CudaTile_I1Tile:$result);
  let assemblyFormat = [{
    custom<EnumKeyword>($comparison_predicate) $lhs `,` $rhs `,`
    custom<EnumKeyword>($signedness) attr-dict
    `:` custom<CudaTileType>(type($lhs))
    `->` custom<CudaTileType>(type($result))
  }];
}

//===----------------------------------------------------------------------===//
// Selection and reduction
//===----------------------------------------------------------------------===//

def CudaTile_SelectOp : CudaTile_Op<"select", [Pure,
    AllTypesMatch<["val_if_true", "val_if_false", "result"]>,
    AllShapesMatch<["cond", "val_if_true", "val_if_false", "result"]>]> {
  let summary = "element-wise choice between two tiles";
  let description = [{
    `result[i] = cond[i] ? val_if_true[i] : val_if_false[i]`.

    Example:

    ```mlir
    %r = select %c, %a, %b : tile<4xi1>, tile<4xf32>
    ```
  }];

  let arguments = (ins CudaTile_I1Tile:$cond, CudaTile_AnyTile:$val_if_true,
                       CudaTile_AnyTile:$val_if_false);
  let results = (outs CudaTile_AnyTile:$result);
  let assemblyFormat = [{
    $cond `,` $val_if_true `,` $val_if_false attr-dict
    `:` custom<CudaTileType>(type($cond))
    `,` custom<CudaTileType>(type($result))
  }];
  let hasVerifier = 1;
}

def CudaTile_ReduceOp : CudaTile_Op<"reduce", [RecursiveMemoryEffects,
    SameOperandsShape, SingleBlock,
    DeclareOpInterfaceMethods<OpAsmOpInterface, ["getAsmResultNames",
                                                 "getAsmBlockArgumentNames"]>]> {
  let summary = "reduce tiles along one dimension";
  let description = [{
    Reduces each operand along dimension `dim` with the combiner in `body`.
    The body takes two rank-0 tiles per operand (the current element and the
    accumulator) and yields one rank-0 tile per operand; it may contain only
    pure ops. `identities` holds the identity of the combiner for each
    operand. The order of combination is unspecified but deterministic.

    Example:

    ```mlir
    %sum = reduce %x dim=1 identities=[0.000000e+00 : f32]
        : tile<8x64xf32> -> tile<8xf32>
    (%elem: tile<f32>, %acc: tile<f32>) {
      %add = addf %elem, %acc : tile<f32>
      yield %add : tile<f32>
    }
    ```
  }];

  let arguments = (ins Variadic<CudaTile_AnyTile>:$operands,
                       CudaTile_DimAttr:$dim,
                       ArrayAttr:$identities);
  let results = (outs Variadic<CudaTile_AnyTile>:$results);
  let regions = (region SizedRegion<1>:$body);
  let builders = [
    // Infers the result types: the operand types without dimension `dim`.
    OpBuilder<(ins "::mlir::ValueRange":$operands, "int32_t":$dim,
                   "::mlir::ArrayAttr":$identities)>
  ];
  let assemblyFormat = [{
    $operands attr-dict ` `
    `dim` `` `=` `` $dim `identities` `` `=` `` $identities
    `:` custom<CudaTileType>(type($operands))
    `->` custom<CudaTileType>(type($results)) ``
    custom<ArgumentRegion>($body)
  }];
  let hasVerifier = 1;
  let hasRegionVerifier = 1;
  let extraClassDeclaration = CudaTile_DefaultDialectDecl;
}

def CudaTile_YieldOp : CudaTile_Op<"yield", [Pure, ReturnLike, Terminator,
    HasParent<"ReduceOp">]> {
  let summary = "yield values to the parent op";
  let description = [{
    Terminates the body of a `reduce`, passing the combined values.

    Example:

    ```mlir
    yield %add : tile<f32>
    ```
  }];

  let arguments = (ins Variadic<CudaTile_AnyType>:$operands);
  let builders = [OpBuilder<(ins), [{
    build($_builder, $_state, ::mlir::ValueRange());
  }]>];
  let assemblyFormat = [{
    attr-dict ($operands^ `:` custom<CudaTileType>(type($operands)))?
  }];
}

//===----------------------------------------------------------------------===//
// Pointers
//===----------------------------------------------------------------------===//

def CudaTile_OffsetOp : CudaTile_Op<"offset", [Pure,
    SameOperandsAndResultShape, AllTypesMatch<["ptr", "result"]>]> {
  let summary = "advance a tile of pointers";
  let description = [{
    `result[i] = ptr[i] + offset[i] * sizeof(pointee)`; `offset` is read as
    signed.

    Example:

    ```mlir
    %p = offset %base, %idx : tile<8xptr<f32>>, tile<8xi32> -> tile<8xptr<f32>>
    ```
  }];

  let arguments = (ins CudaTile_PointerTile:$ptr, CudaTile_IntTile:$offset);
  let results = (outs CudaTile_PointerTile:$result);
  let assemblyFormat = [{
    $ptr `,` $offset attr-dict `:` custom<CudaTileType>(type($ptr)) `,`
    custom<CudaTileType>(type($offset)) `->` custom<CudaTileType>(type($result))
  }];
}

def CudaTile_LoadPtrTkoOp : CudaTile_Op<"load_ptr_tko", [
    AttrSizedOperandSegments, CudaTile_MemoryModel<"Load">]> {
  let summary = "gather a tile from global memory through pointers";
  let description = [{
    Loads `*source[i]` into `result[i]` (the result has the pointee type and
    the shape of `source`). With `mask`, only elements whose mask is true are
    loaded; the others are `paddingValue` (same type as the result) or
    unspecified. The op is ordered only by its tokens: it happens after
    `token` and produces `result_token`.

    Example:

    ```mlir
    %v, %t = load_ptr_tko weak %ptrs, %mask, %pad token=%t0
        : tile<128xptr<f32>>, tile<128xi1>, tile<128xf32> -> tile<128xf32>, token
    %w, %t2 = load_ptr_tko acquire device %ptrs
        : tile<128xptr<f32>> -> tile<128xf32>, token
    ```
  }];

  let arguments = (ins
      CudaTile_MemoryOrderingSemantics:$memory_ordering_semantics,
      OptionalAttr<CudaTile_MemoryScope>:$memory_scope,
      Arg<CudaTile_PointerTile, "the pointers to read", [MemRead]>:$source,
      Optional<CudaTile_I1Tile>:$mask,
      Optional<CudaTile_NumberTile>:$paddingValue,
      Optional<CudaTile_TokenType>:$token,
      OptionalAttr<CudaTile_OptimizationHintsAttr>:$optimization_hints);
  let results = (outs CudaTile_AnyTile:$result,
                      CudaTile_TokenType:$result_token);
  let assemblyFormat = !strconcat(CudaTile_MemoryModelFormat, [{
    $source (`,` $mask^)? (`,` $paddingValue^)?
    (`token` `` `=` `` $token^)?
    (`optimization_hints` `=` $optimization_hints^)?
    attr-dict `:` custom<CudaTileType>(type($source))
    (`,` custom<CudaTileType>(type($mask))^)?
    (`,` custom<CudaTileType>(type($paddingValue))^)?
    `->` custom<CudaTileType>(type($result))
    `,` custom<CudaTileType>(type($result_token))
  }]);
  let hasVerifier = 1;
}

def CudaTile_StorePtrTkoOp : CudaTile_Op<"store_ptr_tko", [
    AttrSizedOperandSegments, CudaTile_MemoryModel<"Store">]> {
  let summary = "scatter a tile to global memory through pointers";
  let description = [{
    Stores `value[i]` to `*destination[i]` for every element (or every
    element whose `mask` is true). Ordered only by its tokens.

    Example:

    ```mlir
    %t = store_ptr_tko weak %ptrs, %v, %mask token=%t0
        : tile<128xptr<f32>>, tile<128xf32>, tile<128xi1> -> token
    ```
  }];

  let arguments = (ins
      CudaTile_MemoryOrderingSemantics:$memory_ordering_semantics,
      OptionalAttr<CudaTile_MemoryScope>:$memory_scope,
      Arg<CudaTile_PointerTile, "the pointers to write",
          [MemWrite]>:$destination,
      CudaTile_AnyTile:$value,
      Optional<CudaTile_I1Tile>:$mask,
      Optional<CudaTile_TokenType>:$token,
      OptionalAttr<CudaTile_OptimizationHintsAttr>:$optimization_hints);
  let results = (outs CudaTile_TokenType:$result_token);
  let assemblyFormat = !strconcat(CudaTile_MemoryModelFormat, [{
    $destination `,` $value (`,` $mask^)?
    (`token` `` `=` `` $token^)?
    (`optimization_hints` `=` $optimization_hints^)?
    attr-dict `:` custom<CudaTileType>(type($destination))
    `,` custom<CudaTileType>(type($value))
    (`,` custom<CudaTileType>(type($mask))^)?
    `->` custom<CudaTileType>(type($result_token))
  }]);
  let hasVerifier = 1;
}

//===----------------------------------------------------------------------===//
// Tokens
//===----------------------------------------------------------------------===//

def CudaTile_MakeTokenOp : CudaTile_Op<"make_token", [Pure]> {
  let summary = "a fresh token with no dependencies";
  let description = [{
    Starts a chain of token-ordered operations.

    Example:

    ```mlir
    %t = make_token : token
    ```
  }];

  let results = (outs CudaTile_TokenType:$result);
  let assemblyFormat = CudaTile_ResultTypeFormat;
}

def CudaTile_JoinTokensOp : CudaTile_Op<"join_tokens", [Pure]> {
  let summary = "a token that depends on all input tokens";
  let description = [{
    Token-ordered ops consuming the result happen after every op that
    produced one of `tokens` (two or more).

    Example:

    ```mlir
    %t = join_tokens %t0, %t1 : token
    ```
  }];

  let arguments = (ins Variadic<CudaTile_TokenType>:$tokens);
  let results = (outs CudaTile_TokenType:$result);
  let assemblyFormat = !strconcat("$tokens ", CudaTile_ResultTypeFormat);
  let hasVerifier = 1;
}

//===----------------------------------------------------------------------===//
// Views
//===----------------------------------------------------------------------===//

def CudaTile_MakeTensorViewOp : CudaTile_Op<"make_tensor_view", [
    AttrSizedOperandSegments, NoMemoryEffect,
    DeclareOpInterfaceMethods<OpAsmOpInterface, ["getAsmResultNames"]>]> {
  let summary = "a tensor_view over global memory";
  let description = [{
    Creates a `tensor_view` from a base pointer. Static sizes and strides are
    written as integers and live in the result type; dynamic ones are rank-0
    integer tiles (all of one type, written once before `->`).

    Example:

    ```mlir
    %tv = make_tensor_view %base, shape = [%n, 32], strides = [32, 1]
        : tile<i32> -> tensor_view<?x32xf32, strides=[32,1]>
    ```
  }];

  let arguments = (ins
      CudaTile_ScalarTileOf<CudaTile_PointerType>:$base,
      Variadic<CudaTile_ScalarTileOf<CudaTile_AnyInt>>:$dynamicShape,
      Variadic<CudaTile_ScalarTileOf<CudaTile_AnyInt>>:$dynamicStrides);
  let results = (outs CudaTile_TensorViewType:$result);
  let hasCustomAssemblyFormat = 1;
  let hasVerifier = 1;
}

def CudaTile_MakePartitionViewOp : CudaTile_Op<"make_partition_view", [Pure,
    DeclareOpInterfaceMethods<OpAsmOpInterface, ["getAsmResultNames"]>]> {
  let summary = "partition a tensor_view into a grid of tiles";
  let description = [{
    The operand type is the `tensor_view` inside the result type and is not
    written.

    Example:

    ```mlir
    %pv = make_partition_view %tv
        : partition_view<tile=(128), padding_value = zero, tensor_view<?xf32, strides=[1]>>
    ```
  }];

  let arguments = (ins CudaTile_TensorViewType:$tensor_view);
  let results = (outs CudaTile_PartitionViewType:$result);
  let hasCustomAssemblyFormat = 1;
  let hasVerifier = 1;
}

def CudaTile_LoadViewTkoOp : CudaTile_ViewMemoryOp<"load_view_tko", "Load"> {
  let summary = "load one tile of a view";
  let description = [{
    Loads the tile at index `%view[...]` of a TileView; the index count is
    the view's index rank and the result is the view's tile type. Ordered
    only by its tokens.

    Example:

    ```mlir
    %v, %t = load_view_tko weak %pv[%bx] token = %t0
        : partition_view<tile=(128), tensor_view<1024xf32, strides=[1]>>, tile<i32>
        -> tile<128xf32>, token
    ```
  }];

  let arguments = (ins
      CudaTile_MemoryOrderingSemantics:$memory_ordering_semantics,
      OptionalAttr<CudaTile_MemoryScope>:$memory_scope,
      Arg<CudaTile_AnyTileView, "the view to read", [MemRead]>:$view,
      Variadic<CudaTile_IntTile>:$index,
      Optional<CudaTile_TokenType>:$token,
      OptionalAttr<CudaTile_OptimizationHintsAttr>:$optimization_hints);
  let results = (outs CudaTile_AnyTile:$tile,
                      CudaTile_TokenType:$result_token);
  let assemblyFormat = !strconcat(CudaTile_MemoryModelFormat,
                                  CudaTile_ViewAccessFormat, [{
    custom<CudaTileType>(type($view)) ``
    custom<CudaTileType>(type($index), ref($index))
    `->` custom<CudaTileType>(type($tile))
    `,` custom<CudaTileType>(type($result_token))
  }]);
}

def CudaTile_StoreViewTkoOp : CudaTile_ViewMemoryOp<"store_view_tko",
    "Store"> {
  let summary = "store one tile of a view";
  let description = [{
    Stores `tile` at index `%view[...]` of a TileView; `tile` must have the
    view's tile type. Ordered only by its tokens.

    Example:

    ```mlir
    %t = store_view_tko weak %v, %pv[%bx]
        : tile<128xf32>, partition_view<tile=(128), tensor_view<1024xf32, strides=[1]>>,
          tile<i32> -> token
    ```
  }];

  let arguments = (ins
      CudaTile_MemoryOrderingSemantics:$memory_ordering_semantics,
      OptionalAttr<CudaTile_MemoryScope>:$memory_scope,
      CudaTile_AnyTile:$tile,
      Arg<CudaTile_AnyTileView, "the view to write", [MemWrite]>:$view,
      Variadic<CudaTile_IntTile>:$index,
      Optional<CudaTile_TokenType>:$token,
      OptionalAttr<CudaTile_OptimizationHintsAttr>:$optimization_hints);
  let results = (outs CudaTile_TokenType:$result_token);
  let assemblyFormat = !strconcat(CudaTile_MemoryModelFormat, " $tile `,` ",
                                  CudaTile_ViewAccessFormat, [{
    custom<CudaTileType>(type($tile)) `,` custom<CudaTileType>(type($view)) ``
    custom<CudaTileType>(type($index), ref($index))
    `->` custom<CudaTileType>(type($result_token))
  }]);
}

#ifdef TILEIR_ENABLE_TESTING_OPS
include "tileir/Dialect/CudaTile/IR/CudaTileTestingOps.td"
#endif // TILEIR_ENABLE_TESTING_OPS

#endif // TILEIR_DIALECT_CUDATILE_IR_CUDATILEOPS_TD
