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

/// Traits of `break`, `continue` and `return`. From inside an `if` they leave
/// the `if` for an enclosing op; getEffects reports that as a write to
/// EarlyExitResource, so that such an `if` is not taken for dead code.
defvar CudaTile_ExitTerminatorTraits = [AlwaysSpeculatable,
    DeclareOpInterfaceMethods<MemoryEffectsOpInterface>, ReturnLike,
    Terminator];

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

/// Element-wise binary op on two same-typed tiles of `operandType` with no
/// modifiers: `%r = andi %a, %b : tile<i8>`.
class CudaTile_ElementwiseBinaryOp<string mnemonic, Type operandType,
                                   string lhsName = "lhs",
                                   string rhsName = "rhs",
                                   list<Trait> traits = []>
    : CudaTile_Op<mnemonic, !listconcat([Pure,
        AllTypesMatch<[lhsName, rhsName, "result"]>], traits)> {
  let arguments = !dag(ins, [operandType, operandType], [lhsName, rhsName]);
  let results = (outs operandType:$result);
  let assemblyFormat = !strconcat("$", lhsName, " `,` $", rhsName, " ",
                                  CudaTile_ResultTypeFormat);
}

/// Element-wise integer binary op that reads its operands as `signed` or
/// `unsigned`: `%r = maxi %a, %b signed : tile<i32>`. `modifiers` are extra
/// attribute arguments printed by `modifierFormat` after the signedness.
class CudaTile_IntBinarySignednessOp<string mnemonic, dag modifiers = (ins),
                                     string modifierFormat = "",
                                     list<Trait> traits = [Pure]>
    : CudaTile_Op<mnemonic, !listconcat([
        AllTypesMatch<["lhs", "rhs", "result"]>], traits)> {
  let arguments = !con((ins CudaTile_IntTile:$lhs, CudaTile_IntTile:$rhs,
                            CudaTile_SignednessAttr:$signedness), modifiers);
  let results = (outs CudaTile_IntTile:$result);
  let assemblyFormat = !strconcat(
      "$lhs `,` $rhs custom<EnumKeyword>($signedness) ", modifierFormat, " ",
      CudaTile_ResultTypeFormat);
}

/// Element-wise integer unary op; `modifiers` as for the float unary ops.
class CudaTile_IntUnaryOp<string mnemonic, dag modifiers = (ins),
                          string modifierFormat = "",
                          list<Trait> traits = []>
    : CudaTile_Op<mnemonic, !listconcat([Pure,
        AllTypesMatch<["source", "result"]>], traits)> {
  let arguments = !con((ins CudaTile_IntTile:$source), modifiers);
  let results = (outs CudaTile_IntTile:$result);
  let assemblyFormat = !strconcat("$source ", modifierFormat, " ",
                                  CudaTile_ResultTypeFormat);
}

/// Element-wise conversion `source -> result` of the same shape:
/// `%r = exti %x signed : tile<4xi8> -> tile<4xi32>`.
class CudaTile_ConvertOp<string mnemonic, Type sourceType, Type resultType,
                         dag modifiers = (ins), string modifierFormat = "",
                         list<Trait> traits = []>
    : CudaTile_Op<mnemonic, !listconcat([Pure, SameOperandsAndResultShape],
                                        traits)> {
  let arguments = !con((ins sourceType:$source), modifiers);
  let results = (outs resultType:$result);
  let assemblyFormat = !strconcat("$source ", modifierFormat, [{
    attr-dict `:` custom<CudaTileType>(type($source))
    `->` custom<CudaTileType>(type($result))
  }]);
}

defvar CudaTile_SignednessFormat = "custom<EnumKeyword>($signedness)";
defvar CudaTile_OverflowFormat = "(`overflow` `` $overflow^)?";
def CudaTile_OverflowArg
    : DefaultValuedAttr<CudaTile_IntegerOverflowAttr,
                        "::mlir::cuda_tile::IntegerOverflow::None">;

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

def CudaTile_EntryOp : CudaTile_FunctionLikeOp<"entry", [HasParent<"ModuleOp">]> {
  let summary = "a tile kernel";
  let description = [{
    A kernel: launched on a 3-D grid of tile blocks, it has no results and
    every tile argument is a rank-0 tile (pointers arrive as
    `tile<ptr<T>>`). The body ends with an (implicit) `return`. An entry
    lives in a `cuda_tile.module`.

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

def CudaTile_ReturnOp
    : CudaTile_Op<"return", CudaTile_ExitTerminatorTraits> {
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
  let hasCanonicalizeMethod = 1;
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
  let hasFolder = 1;
  let hasCanonicalizer = 1;
}

/// Any attribute implementing AssumePredicateAttrInterface.
def CudaTile_AnyAssumePredicate : Attr<
    CPred<"::llvm::isa<::mlir::cuda_tile::AssumePredicateAttrInterface>"
          "($_self)">, "assume predicate"> {
  let storageType = "::mlir::cuda_tile::AssumePredicateAttrInterface";
  let returnType = storageType;
  let convertFromStorage = "$_self";
}

def CudaTile_AssumeOp : CudaTile_Op<"assume", [Pure,
    AllTypesMatch<["value", "result"]>,
    DeclareOpInterfaceMethods<OpAsmOpInterface, ["getAsmResultNames"]>]> {
  let summary = "attach a known property to a value";
  let description = [{
    Returns `value` unchanged and tells the compiler that `predicate` holds
    for it: `div_by<D[, every E along A]>` (divisibility of integers,
    pointers or a tensor_view's base), `same_elements<[...]>` (blocks of
    equal elements) or `bounded<lb, ub>` (signed bounds, `?` when open).
    Undefined behavior if the predicate does not hold. The predicate is
    written without the `#cuda_tile.` prefix (the prefixed form parses too).
    A repeated identical assume folds away.

    Example:

    ```mlir
    %p16 = assume div_by<16>, %p : tile<ptr<f32>>
    %i = assume div_by<8, every 2 along 0>, %x : tile<4xi32>
    %b = assume bounded<0, ?>, %n : tile<i32>
    ```
  }];

  let arguments = (ins CudaTile_AnyAssumePredicate:$predicate, AnyType:$value);
  let results = (outs AnyType:$result);
  let assemblyFormat = [{
    custom<AssumePredicate>($predicate) `,` $value attr-dict
    `:` custom<CudaTileType>(type($value))
  }];
  let hasVerifier = 1;
  let hasFolder = 1;
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
    ops without memory effects (`divi` and `remi` included). `identities` holds the identity of the combiner for each
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
    ParentOneOf<["IfOp", "ReduceOp", "ScanOp"]>]> {
  let summary = "yield values to the parent op";
  let description = [{
    Terminates the body of an `if` (passing its results), a `reduce` or a
    `scan` (passing the combined values).

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
    AttrSizedOperandSegments, CudaTile_MemoryModel<"Load">,
    DeclareOpInterfaceMethods<MemoryEffectsOpInterface>]> {
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

    A padding value without a mask (unused; cuTile Python writes one for
    every gather) is written `padding=`:

    ```mlir
    %u, %t3 = load_ptr_tko weak %ptrs padding=%pad
        : tile<128xptr<f32>>, tile<128xf32> -> tile<128xf32>, token
    ```
  }];

  let arguments = (ins
      CudaTile_MemoryOrderingSemantics:$memory_ordering_semantics,
      OptionalAttr<CudaTile_MemoryScope>:$memory_scope,
      Arg<CudaTile_PointerTile, "the pointers to read">:$source,
      Optional<CudaTile_I1Tile>:$mask,
      Optional<CudaTile_NumberTile>:$paddingValue,
      Optional<CudaTile_TokenType>:$token,
      OptionalAttr<CudaTile_OptimizationHintsAttr>:$optimization_hints);
  let results = (outs CudaTile_AnyTile:$result,
                      CudaTile_TokenType:$result_token);
  let assemblyFormat = !strconcat(CudaTile_MemoryModelFormat, [{
    $source `` custom<MaskAndPadding>($mask, $paddingValue)
    (`token` `` `=` `` $token^)?
    (`optimization_hints` `=` $optimization_hints^)?
    attr-dict `:` custom<CudaTileType>(type($source))
    `` custom<MaskAndPaddingTypes>(ref($mask), ref($paddingValue), type($mask),
                                   type($paddingValue))
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

def CudaTile_LoadViewTkoOp : CudaTile_ViewMemoryOp<"load_view_tko", "Load",
    [DeclareOpInterfaceMethods<MemoryEffectsOpInterface>]> {
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
      Arg<CudaTile_AnyTileView, "the view to read">:$view,
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

//===----------------------------------------------------------------------===//
// Integer arithmetic and bitwise ops
//===----------------------------------------------------------------------===//

def CudaTile_AbsIOp : CudaTile_IntUnaryOp<"absi"> {
  let summary = "element-wise integer absolute value";
  let description = [{
    `result[i] = |source[i]|`: the source is read as signed, the result as
    unsigned (so the absolute value of the minimum signed value is exact).

    Example:

    ```mlir
    %r = absi %x : tile<4xi32>
    ```
  }];
}

def CudaTile_SubIOp : CudaTile_IntBinaryOverflowOp<"subi"> {
  let summary = "element-wise integer subtraction";
  let description = [{
    `result[i] = lhs[i] - rhs[i]`, wrapping unless `overflow<...>` asserts
    otherwise.

    Example:

    ```mlir
    %d = subi %a, %b : tile<i16>
    ```
  }];
}

def CudaTile_MulhiIOp : CudaTile_ElementwiseBinaryOp<"mulhii",
    CudaTile_IntTile, "x", "y"> {
  let summary = "element-wise high half of an integer product";
  let description = [{
    The high `N` bits of the unsigned `2N`-bit product `x[i] * y[i]`.

    Example:

    ```mlir
    %h = mulhii %a, %b : tile<i8>
    ```
  }];
}

def CudaTile_DivIOp : CudaTile_IntBinarySignednessOp<"divi",
    (ins CudaTile_RoundingModeArg<"Zero">:$rounding_mode),
    CudaTile_RoundingFormat,
    [NoMemoryEffect,
     CudaTile_RoundingModes<"Zero", ["Zero", "NegativeInf", "PositiveInf"]>]> {
  let summary = "element-wise integer division";
  let description = [{
    `result[i] = lhs[i] / rhs[i]` with the operands read as `signed` or
    `unsigned`, rounded toward zero (default), `negative_inf` (signed only)
    or `positive_inf`. Division by zero is undefined behavior, so the op is
    not speculatable.

    Example:

    ```mlir
    %q = divi %a, %b signed rounding<negative_inf> : tile<i1>
    ```
  }];
  let hasVerifier = 1;
}

def CudaTile_RemIOp : CudaTile_IntBinarySignednessOp<"remi", (ins), "",
    [NoMemoryEffect]> {
  let summary = "element-wise integer remainder";
  let description = [{
    The remainder of the division truncated toward zero; its sign is the sign
    of `lhs` when `signed`.

    Example:

    ```mlir
    %r = remi %a, %b signed : tile<2x4x8xi32>
    ```
  }];
}

def CudaTile_NegIOp : CudaTile_IntUnaryOp<"negi",
    (ins CudaTile_OverflowArg:$overflow), CudaTile_OverflowFormat> {
  let summary = "element-wise integer negation";
  let description = [{
    `result[i] = -source[i]` (two's complement). `overflow<no_signed_wrap>`
    or `overflow<no_wrap>` assert that no element is the minimum signed
    value; `no_unsigned_wrap` is rejected.

    Example:

    ```mlir
    %n = negi %x overflow<no_signed_wrap> : tile<i16>
    ```
  }];
  let hasVerifier = 1;
}

def CudaTile_MaxIOp : CudaTile_IntBinarySignednessOp<"maxi"> {
  let summary = "element-wise integer maximum";
  let description = [{
    The larger of `lhs[i]` and `rhs[i]` read as `signed` or `unsigned`.

    Example:

    ```mlir
    %m = maxi %a, %b signed : tile<i1>
    ```
  }];
}

def CudaTile_MinIOp : CudaTile_IntBinarySignednessOp<"mini"> {
  let summary = "element-wise integer minimum";
  let description = [{
    The smaller of `lhs[i]` and `rhs[i]` read as `signed` or `unsigned`.

    Example:

    ```mlir
    %m = mini %a, %b unsigned : tile<2x2xi32>
    ```
  }];
}

def CudaTile_ShLIOp : CudaTile_IntBinaryOverflowOp<"shli"> {
  let summary = "element-wise left shift";
  let description = [{
    `result[i] = lhs[i] << rhs[i]`; `rhs` is read as unsigned and a shift by
    the bit width or more gives poison.

    Example:

    ```mlir
    %s = shli %a, %b overflow<no_unsigned_wrap> : tile<i16>
    ```
  }];
}

def CudaTile_ShRIOp : CudaTile_IntBinarySignednessOp<"shri"> {
  let summary = "element-wise right shift";
  let description = [{
    `result[i] = lhs[i] >> rhs[i]`: arithmetic when `signed`, logical when
    `unsigned`; `rhs` is read as unsigned.

    Example:

    ```mlir
    %s = shri %a, %b signed : tile<i8>
    ```
  }];
}

def CudaTile_AndIOp : CudaTile_ElementwiseBinaryOp<"andi", CudaTile_IntTile,
    "lhs", "rhs", [Commutative]> {
  let summary = "element-wise bitwise and";
  let description = [{
    `result[i] = lhs[i] & rhs[i]`.

    Example:

    ```mlir
    %r = andi %a, %b : tile<i1>
    ```
  }];
}

def CudaTile_OrIOp : CudaTile_ElementwiseBinaryOp<"ori", CudaTile_IntTile,
    "lhs", "rhs", [Commutative]> {
  let summary = "element-wise bitwise or";
  let description = [{
    `result[i] = lhs[i] | rhs[i]`.

    Example:

    ```mlir
    %r = ori %a, %b : tile<i8>
    ```
  }];
}

def CudaTile_XOrIOp : CudaTile_ElementwiseBinaryOp<"xori", CudaTile_IntTile,
    "lhs", "rhs", [Commutative]> {
  let summary = "element-wise bitwise exclusive or";
  let description = [{
    `result[i] = lhs[i] ^ rhs[i]`.

    Example:

    ```mlir
    %inv = xori %cond, %c1 : tile<i1>
    ```
  }];
}

//===----------------------------------------------------------------------===//
// Floating-point arithmetic (continued)
//===----------------------------------------------------------------------===//

def CudaTile_AbsFOp : CudaTile_FloatUnaryOp<"absf"> {
  let summary = "element-wise floating-point absolute value";
  let description = [{
    `result[i] = |source[i]|` (clears the sign bit).

    Example:

    ```mlir
    %a = absf %x : tile<f16>
    ```
  }];
}

def CudaTile_RemFOp : CudaTile_ElementwiseBinaryOp<"remf",
    CudaTile_BaseFloatTile> {
  let summary = "element-wise floating-point remainder";
  let description = [{
    The remainder of `lhs[i] / rhs[i]` truncated toward zero (C `fmod`).

    Example:

    ```mlir
    %r = remf %a, %b : tile<2x2xf32>
    ```
  }];
}

def CudaTile_NegFOp : CudaTile_FloatUnaryOp<"negf"> {
  let summary = "element-wise floating-point negation";
  let description = [{
    `result[i] = -source[i]` (flips the sign bit).

    Example:

    ```mlir
    %n = negf %x : tile<2xf32>
    ```
  }];
}

def CudaTile_MinFOp : CudaTile_FloatMinMaxOp<"minf"> {
  let summary = "element-wise floating-point minimum";
  let description = [{
    Returns the smaller element (`-0.0 < +0.0`). Without `propagate_nan` a
    NaN operand is ignored unless both are NaN (IEEE 754-2019
    minimumNumber); with it, any NaN operand gives NaN (minimum).
    `flush_to_zero` is f32 only.

    Example:

    ```mlir
    %m = minf %a, %b propagate_nan : tile<2x2xf32>
    ```
  }];
}

def CudaTile_CmpFOp : CudaTile_Op<"cmpf", [Pure,
    AllTypesMatch<["lhs", "rhs"]>,
    TypesMatchWith<"result is an i1 tile of the operand shape", "lhs",
                   "result", "::mlir::cuda_tile::getI1SameShape($_self)">]> {
  let summary = "element-wise floating-point comparison";
  let description = [{
    Compares `lhs` and `rhs` element-wise with `comparison_predicate`. With
    `ordered` a comparison involving NaN is false, with `unordered` it is
    true. The result is an i1 tile.

    Example:

    ```mlir
    %lt = cmpf less_than ordered %a, %b : tile<f16> -> tile<i1>
    ```
  }];

  let arguments = (ins CudaTile_ComparisonPredicateAttr:$comparison_predicate,
                       CudaTile_ComparisonOrderingAttr:$comparison_ordering,
                       CudaTile_BaseFloatTile:$lhs,
                       CudaTile_BaseFloatTile:$rhs);
  let results = (outs CudaTile_I1Tile:$result);
  let assemblyFormat = [{
    custom<EnumKeyword>($comparison_predicate)
    custom<EnumKeyword>($comparison_ordering) $lhs `,` $rhs attr-dict
    `:` custom<CudaTileType>(type($lhs))
    `->` custom<CudaTileType>(type($result))
  }];
}

def CudaTile_FmaOp : CudaTile_Op<"fma", [Pure,
    AllTypesMatch<["lhs", "rhs", "acc", "result"]>,
    CudaTile_RoundingModes<"NearestEven", CudaTile_IEEERoundingModes>,
    CudaTile_FlushToZeroF32Only]> {
  let summary = "element-wise fused multiply-add";
  let description = [{
    `result[i] = lhs[i] * rhs[i] + acc[i]` with a single rounding, with the
    modifiers of `addf`.

    Example:

    ```mlir
    %r = fma %a, %b, %c rounding<zero> flush_to_zero : tile<512xf32>
    ```
  }];

  let arguments = (ins CudaTile_BaseFloatTile:$lhs,
                       CudaTile_BaseFloatTile:$rhs,
                       CudaTile_BaseFloatTile:$acc,
                       CudaTile_RoundingModeArg<"NearestEven">:$rounding_mode,
                       UnitAttr:$flush_to_zero);
  let results = (outs CudaTile_BaseFloatTile:$result);
  let assemblyFormat = !strconcat("$lhs `,` $rhs `,` $acc ",
      CudaTile_RoundingFormat, " ", CudaTile_FlushToZeroFormat, " ",
      CudaTile_ResultTypeFormat);
}

def CudaTile_CeilOp : CudaTile_FloatUnaryOp<"ceil"> {
  let summary = "element-wise rounding toward positive infinity";
  let description = [{
    The smallest integral value not less than `source[i]`.

    Example:

    ```mlir
    %c = ceil %x : tile<bf16>
    ```
  }];
}

def CudaTile_FloorOp : CudaTile_FloatUnaryOp<"floor"> {
  let summary = "element-wise rounding toward negative infinity";
  let description = [{
    The largest integral value not greater than `source[i]`.

    Example:

    ```mlir
    %f = floor %x : tile<2xf64>
    ```
  }];
}

//===----------------------------------------------------------------------===//
// Math
//===----------------------------------------------------------------------===//

def CudaTile_Atan2Op : CudaTile_ElementwiseBinaryOp<"atan2",
    CudaTile_BaseFloatTile, "x", "y"> {
  let summary = "element-wise two-argument arc tangent";
  let description = [{
    `result[i] = atan2(x[i], y[i])`, the angle in `[-pi, pi]` of the point
    `(y[i], x[i])`. f16 and bf16 are computed in f32.

    Example:

    ```mlir
    %r = atan2 %x, %y : tile<2xf32>
    ```
  }];
}

class CudaTile_MathUnaryOp<string mnemonic, string formula>
    : CudaTile_FloatUnaryOp<mnemonic> {
  let summary = "element-wise " # formula;
}

def CudaTile_CosOp : CudaTile_MathUnaryOp<"cos", "cosine"> {
  let description = [{
    `result[i] = cos(source[i])` (radians). f16 and bf16 are computed in f32.

    Example:

    ```mlir
    %c = cos %x : tile<2xf32>
    ```
  }];
}

def CudaTile_CosHOp : CudaTile_MathUnaryOp<"cosh", "hyperbolic cosine"> {
  let description = [{
    `result[i] = cosh(source[i])`. f16 and bf16 are computed in f32.

    Example:

    ```mlir
    %c = cosh %x : tile<2xf64>
    ```
  }];
}

def CudaTile_SinOp : CudaTile_MathUnaryOp<"sin", "sine"> {
  let description = [{
    `result[i] = sin(source[i])` (radians). f16 and bf16 are computed in f32.

    Example:

    ```mlir
    %s = sin %x : tile<2xf32>
    ```
  }];
}

def CudaTile_SinHOp : CudaTile_MathUnaryOp<"sinh", "hyperbolic sine"> {
  let description = [{
    `result[i] = sinh(source[i])`. f16 and bf16 are computed in f32.

    Example:

    ```mlir
    %s = sinh %x : tile<2xf32>
    ```
  }];
}

def CudaTile_TanOp : CudaTile_MathUnaryOp<"tan", "tangent"> {
  let description = [{
    `result[i] = tan(source[i])` (radians). f16 and bf16 are computed in f32.

    Example:

    ```mlir
    %t = tan %x : tile<2xf32>
    ```
  }];
}

def CudaTile_TanHOp : CudaTile_FloatUnaryOp<"tanh",
    (ins CudaTile_RoundingModeArg<"Full">:$rounding_mode),
    CudaTile_RoundingFormat,
    [CudaTile_RoundingModes<"Full", ["Approx", "Full"]>]> {
  let summary = "element-wise hyperbolic tangent";
  let description = [{
    `result[i] = tanh(source[i])`. `rounding<approx>` (f32 only) selects the
    hardware approximation; the default is `full`.

    Example:

    ```mlir
    %t = tanh %x rounding<approx> : tile<4xf32>
    %h = tanh %y : tile<2xf16>
    ```
  }];
}

def CudaTile_LogOp : CudaTile_MathUnaryOp<"log", "natural logarithm"> {
  let description = [{
    `result[i] = ln(source[i])`. f16 and bf16 are computed in f32.

    Example:

    ```mlir
    %l = log %x : tile<2x2xf32>
    ```
  }];
}

def CudaTile_Log2Op : CudaTile_FloatUnaryOp<"log2",
    (ins CudaTile_RoundingModeArg<"Full">:$rounding_mode,
         UnitAttr:$flush_to_zero),
    !strconcat(CudaTile_RoundingFormat, " ", CudaTile_FlushToZeroFormat),
    [CudaTile_RoundingModes<"Full", ["Approx", "Full"]>,
     CudaTile_FlushToZeroF32Only]> {
  let summary = "element-wise base-2 logarithm";
  let description = [{
    `result[i] = log2(source[i])`. f16 and bf16 are computed in f32.
    `rounding<approx>` (f32 only) selects the hardware approximation
    (lg2.approx.f32: absolute error <= 2^-22, not relative near 1);
    `flush_to_zero` (f32 only, with `approx`) its .ftz form.

    Example:

    ```mlir
    %l = log2 %x : tile<2x2xf32>
    %a = log2 %x rounding<approx> flush_to_zero : tile<2x2xf32>
    ```
  }];
}

def CudaTile_PowOp : CudaTile_ElementwiseBinaryOp<"pow",
    CudaTile_BaseFloatTile, "source", "exponent"> {
  let summary = "element-wise power";
  let description = [{
    `result[i] = source[i] ^ exponent[i]`. f16 and bf16 are computed in f32.

    Example:

    ```mlir
    %p = pow %x, %e : tile<2xf64>
    ```
  }];
}

def CudaTile_SqrtOp : CudaTile_FloatUnaryOp<"sqrt",
    (ins CudaTile_RoundingModeArg<"NearestEven">:$rounding_mode,
         UnitAttr:$flush_to_zero),
    !strconcat(CudaTile_RoundingFormat, " ", CudaTile_FlushToZeroFormat),
    [CudaTile_RoundingModes<"NearestEven",
         !listconcat(CudaTile_IEEERoundingModes, ["Approx"])>,
     CudaTile_FlushToZeroF32Only]> {
  let summary = "element-wise square root";
  let description = [{
    `result[i] = sqrt(source[i])`, rounded by `rounding` (the IEEE modes, or
    `approx` for f32). `flush_to_zero` is f32 only.

    Example:

    ```mlir
    %s = sqrt %x rounding<approx> : tile<2x2xf32>
    ```
  }];
}

def CudaTile_RsqrtOp : CudaTile_FloatUnaryOp<"rsqrt",
    (ins UnitAttr:$flush_to_zero), CudaTile_FlushToZeroFormat,
    [CudaTile_FlushToZeroF32Only]> {
  let summary = "element-wise reciprocal square root";
  let description = [{
    `result[i] = 1 / sqrt(source[i])` (approximate); `flush_to_zero` is f32
    only.

    Example:

    ```mlir
    %r = rsqrt %x flush_to_zero : tile<4xf32>
    ```
  }];
}

//===----------------------------------------------------------------------===//
// Conversions
//===----------------------------------------------------------------------===//

def CudaTile_BitcastOp : CudaTile_ConvertOp<"bitcast", CudaTile_NumberTile,
    CudaTile_NumberTile> {
  let summary = "reinterpret the bits of each element";
  let description = [{
    Reinterprets every element as the result element type, which must have
    the same bit width. Pointers are converted with `ptr_to_int` and
    `int_to_ptr` instead.

    Example:

    ```mlir
    %b = bitcast %x : tile<4xi32> -> tile<4xf32>
    ```
  }];
  let hasVerifier = 1;
}

def CudaTile_ExtIOp : CudaTile_ConvertOp<"exti", CudaTile_IntTileWithI4,
    CudaTile_IntTileWithI4, (ins CudaTile_SignednessAttr:$signedness),
    CudaTile_SignednessFormat> {
  let summary = "element-wise integer widening";
  let description = [{
    Widens each element, sign-extending when `signed` and zero-extending when
    `unsigned`.

    Example:

    ```mlir
    %e = exti %x signed : tile<i4> -> tile<i8>
    ```
  }];
  let hasVerifier = 1;
}

def CudaTile_TruncIOp : CudaTile_ConvertOp<"trunci", CudaTile_IntTileWithI4,
    CudaTile_IntTileWithI4, (ins CudaTile_OverflowArg:$overflow),
    CudaTile_OverflowFormat> {
  let summary = "element-wise integer truncation";
  let description = [{
    Keeps the low bits of each element; `overflow<...>` asserts that the
    value is representable in the narrower type.

    Example:

    ```mlir
    %t = trunci %x overflow<no_signed_wrap> : tile<i16> -> tile<i8>
    ```
  }];
  let hasVerifier = 1;
}

def CudaTile_FToFOp : CudaTile_ConvertOp<"ftof", CudaTile_FloatTile,
    CudaTile_FloatTile,
    (ins CudaTile_RoundingModeArg<"NearestEven">:$rounding_mode),
    CudaTile_RoundingFormat> {
  let summary = "element-wise floating-point conversion";
  let description = [{
    Converts each element to another floating-point type with the given
    rounding (default `nearest_even`). The modes accepted depend on the
    types: a conversion that is exact for every value (f16 -> f32, f8 ->
    f16, ...) takes any of `nearest_even`, `zero`, `negative_inf`,
    `positive_inf`, `nearest_away`; f64 -> f32 takes `nearest_even`,
    `zero`, `negative_inf`, `positive_inf`; f32 -> tf32 `nearest_even`,
    `zero`, `nearest_away`; results `f8E4M3FN`, `f8E5M2` and `f4E2M1FN`
    only `nearest_even`; results `f8E8M0FNU` only `zero` or
    `positive_inf`; every other conversion `nearest_even` or `zero`.

    Example:

    ```mlir
    %h = ftof %x : tile<2x2xf32> -> tile<2x2xf16>
    %f = ftof %d rounding<negative_inf> : tile<2x2xf64> -> tile<2x2xf32>
    %t = ftof %x rounding<nearest_away> : tile<2x2xf32> -> tile<2x2xtf32>
    %e = ftof %y rounding<zero> : tile<2x2xf16> -> tile<2x2xf8E8M0FNU>
    ```
  }];
  let hasVerifier = 1;
}

def CudaTile_FToIOp : CudaTile_ConvertOp<"ftoi", CudaTile_FloatTile,
    CudaTile_IntTile,
    (ins CudaTile_SignednessAttr:$signedness,
         CudaTile_RoundingModeArg<"NearestIntToZero">:$rounding_mode),
    !strconcat(CudaTile_SignednessFormat, " ", CudaTile_RoundingFormat),
    [CudaTile_RoundingModes<"NearestIntToZero", ["NearestIntToZero"]>]> {
  let summary = "element-wise floating-point to integer conversion";
  let description = [{
    Converts each element to a `signed` or `unsigned` integer, rounding
    toward zero.

    Example:

    ```mlir
    %i = ftoi %x signed : tile<2xf8E4M3FN> -> tile<2xi16>
    ```
  }];
}

def CudaTile_IToFOp : CudaTile_ConvertOp<"itof", CudaTile_IntTile,
    CudaTile_FloatTile,
    (ins CudaTile_SignednessAttr:$signedness,
         CudaTile_RoundingModeArg<"NearestEven">:$rounding_mode),
    !strconcat(CudaTile_SignednessFormat, " ", CudaTile_RoundingFormat),
    [CudaTile_RoundingModes<"NearestEven", ["NearestEven"]>]> {
  let summary = "element-wise integer to floating-point conversion";
  let description = [{
    Converts each `signed` or `unsigned` integer element to a floating-point
    type (not `f8E8M0FNU`), rounding to nearest even.

    Example:

    ```mlir
    %f = itof %x signed : tile<i1> -> tile<f16>
    ```
  }];
  let hasVerifier = 1;
}

def CudaTile_IntToPtrOp : CudaTile_ConvertOp<"int_to_ptr", CudaTile_I64Tile,
    CudaTile_PointerTile> {
  let summary = "element-wise integer to pointer conversion";
  let description = [{
    Reinterprets each 64-bit integer as a global-memory address.

    Example:

    ```mlir
    %p = int_to_ptr %x : tile<i64> -> tile<ptr<i8>>
    ```
  }];
}

def CudaTile_PtrToIntOp : CudaTile_ConvertOp<"ptr_to_int",
    CudaTile_PointerTile, CudaTile_I64Tile> {
  let summary = "element-wise pointer to integer conversion";
  let description = [{
    Returns the 64-bit address of each pointer.

    Example:

    ```mlir
    %i = ptr_to_int %p : tile<ptr<i32>> -> tile<i64>
    ```
  }];
}

def CudaTile_PtrToPtrOp : CudaTile_ConvertOp<"ptr_to_ptr",
    CudaTile_PointerTile, CudaTile_PointerTile> {
  let summary = "element-wise pointee type change";
  let description = [{
    Returns the same addresses as pointers to another type.

    Example:

    ```mlir
    %q = ptr_to_ptr %p : tile<4xptr<i8>> -> tile<4xptr<f64>>
    ```
  }];
}

/// Packing between a 1-D tile of narrow or wide elements and its bytes.
class CudaTile_PackingOp<string mnemonic, Type sourceType, Type resultType>
    : CudaTile_Op<mnemonic, [Pure]> {
  let arguments = (ins sourceType:$source);
  let results = (outs resultType:$result);
  let assemblyFormat = [{
    $source attr-dict `:` custom<CudaTileType>(type($source))
    `->` custom<CudaTileType>(type($result))
  }];
  let hasVerifier = 1;
}

defvar CudaTile_PackableTypes = !listconcat(CudaTile_FloatTypes,
                                            CudaTile_IntTypes, [CudaTile_I4]);

def CudaTile_PackOp : CudaTile_PackingOp<"pack",
    CudaTile_1DTileOf<CudaTile_PackableTypes>,
    CudaTile_1DTileOf<[CudaTile_I8]>> {
  let summary = "pack a 1-D tile into bytes";
  let description = [{
    Reinterprets the bits of a 1-D tile as a 1-D tile of `i8`. Both hold the
    same number of bits, counting `i1` as 1 bit, `i4` and `f4E2M1FN` as 4 and
    `tf32` as 32; 8-bit sources use `bitcast` instead.

    Example:

    ```mlir
    %b = pack %x : tile<64xi4> -> tile<32xi8>
    ```
  }];
}

def CudaTile_UnpackOp : CudaTile_PackingOp<"unpack",
    CudaTile_1DTileOf<[CudaTile_I8]>,
    CudaTile_1DTileOf<CudaTile_PackableTypes>> {
  let summary = "unpack bytes into a 1-D tile";
  let description = [{
    The inverse of `pack`: reinterprets a 1-D `i8` tile as a 1-D tile of
    another element type with the same number of bits.

    Example:

    ```mlir
    %f = unpack %b : tile<64xi8> -> tile<128xf4E2M1FN>
    ```
  }];
}

//===----------------------------------------------------------------------===//
// Tile reshaping (continued)
//===----------------------------------------------------------------------===//

def CudaTile_PermuteOp : CudaTile_Op<"permute", [Pure,
    SameOperandsAndResultElementType]> {
  let summary = "transpose the dimensions of a tile";
  let description = [{
    `result` dimension `i` is `source` dimension `permutation[i]`;
    `permutation` is a permutation of `[0, rank)`.

    Example:

    ```mlir
    %t = permute %x [1, 0] : tile<1x2xf32> -> tile<2x1xf32>
    ```
  }];

  let arguments = (ins CudaTile_AnyTile:$source,
                       DenseI32ArrayAttr:$permutation);
  let results = (outs CudaTile_AnyTile:$result);
  let assemblyFormat = [{
    $source $permutation attr-dict `:` custom<CudaTileType>(type($source))
    `->` custom<CudaTileType>(type($result))
  }];
  let hasVerifier = 1;
}

def CudaTile_CatOp : CudaTile_Op<"cat", [Pure,
    SameOperandsAndResultElementType]> {
  let summary = "concatenate two tiles along a dimension";
  let description = [{
    Joins `lhs` and `rhs` along `dim`; the other dimensions must agree.

    Example:

    ```mlir
    %c = cat %a, %b dim = 0 : tile<1x2xf32>, tile<1x2xf32> -> tile<2x2xf32>
    ```
  }];

  let arguments = (ins CudaTile_AnyTile:$lhs, CudaTile_AnyTile:$rhs,
                       ConfinedAttr<I64Attr, [IntNonNegative]>:$dim);
  let results = (outs CudaTile_AnyTile:$result);
  let assemblyFormat = [{
    $lhs `,` $rhs `dim` `=` $dim attr-dict
    `:` custom<CudaTileType>(type($lhs)) `,` custom<CudaTileType>(type($rhs))
    `->` custom<CudaTileType>(type($result))
  }];
  let hasVerifier = 1;
}

def CudaTile_ExtractOp : CudaTile_Op<"extract", [Pure,
    AllElementTypesMatch<["source", "result"]>]> {
  let summary = "extract a sub-tile";
  let description = [{
    Views `source` as a grid of `result`-shaped tiles (every source dimension
    is a multiple of the result dimension) and returns the tile at
    `indices`, one rank-0 i32 tile per dimension, counted in result tiles.

    Example:

    ```mlir
    %t = extract %x[%i, %j] : tile<4x8xf32> -> tile<2x4xf32>
    ```
  }];

  let arguments = (ins CudaTile_AnyTile:$source,
                       Variadic<CudaTile_ScalarTileOf<CudaTile_I32>>:$indices);
  let results = (outs CudaTile_AnyTile:$result);
  let assemblyFormat = [{
    $source `[` $indices `]` attr-dict `:` custom<CudaTileType>(type($source))
    `->` custom<CudaTileType>(type($result))
  }];
  let hasVerifier = 1;
}

def CudaTile_InsertOp : CudaTile_Op<"insert", [Pure,
    AllTypesMatch<["dest", "result"]>,
    AllElementTypesMatch<["source", "dest"]>]> {
  let summary = "replace a sub-tile";
  let description = [{
    Views `dest` as a grid of `source`-shaped tiles (every dest dimension is
    a multiple of the source dimension) and returns `dest` with the tile at
    `indices` (one rank-0 i32 tile per dimension, counted in source tiles)
    replaced by `source`: the inverse of `extract`. Bytecode 13.4 and newer.

    Example:

    ```mlir
    %t = insert %s, %x[%i, %j] : tile<2x4xf32>, tile<4x8xf32>
    ```
  }];

  let arguments = (ins CudaTile_AnyTile:$source, CudaTile_AnyTile:$dest,
                       Variadic<CudaTile_ScalarTileOf<CudaTile_I32>>:$indices);
  let results = (outs CudaTile_AnyTile:$result);
  let assemblyFormat = [{
    $source `,` $dest `[` $indices `]` attr-dict `:`
    custom<CudaTileType>(type($source)) `,` custom<CudaTileType>(type($dest))
  }];
  let hasVerifier = 1;
}

//===----------------------------------------------------------------------===//
// Scan
//===----------------------------------------------------------------------===//

def CudaTile_ScanOp : CudaTile_Op<"scan", [RecursiveMemoryEffects,
    SameOperandsShape, SingleBlock,
    DeclareOpInterfaceMethods<OpAsmOpInterface, ["getAsmResultNames",
                                                 "getAsmBlockArgumentNames"]>]> {
  let summary = "inclusive prefix scan of tiles along one dimension";
  let description = [{
    Computes the inclusive prefix combination of each operand along `dim`
    (from the end when `reverse=true`) with the combiner in `body`, which is
    built like the body of `reduce`. Results have the operand types.

    Example:

    ```mlir
    %s = scan %x dim=0 reverse=true identities=[0.000000e+00 : f32]
        : tile<8xf32> -> tile<8xf32>
    (%elem: tile<f32>, %acc: tile<f32>) {
      %add = addf %elem, %acc : tile<f32>
      yield %add : tile<f32>
    }
    ```
  }];

  let arguments = (ins Variadic<CudaTile_AnyTile>:$operands,
                       CudaTile_DimAttr:$dim,
                       DefaultValuedAttr<BoolAttr, "false">:$reverse,
                       ArrayAttr:$identities);
  let results = (outs Variadic<CudaTile_AnyTile>:$results);
  let regions = (region SizedRegion<1>:$body);
  let assemblyFormat = [{
    $operands attr-dict ` `
    `dim` `` `=` `` $dim (`reverse` `` `=` `` $reverse^)?
    `identities` `` `=` `` $identities
    `:` custom<CudaTileType>(type($operands))
    `->` custom<CudaTileType>(type($results)) ``
    custom<ArgumentRegion>($body)
  }];
  let hasVerifier = 1;
  let hasRegionVerifier = 1;
  let extraClassDeclaration = CudaTile_DefaultDialectDecl;
}

//===----------------------------------------------------------------------===//
// Control flow
//===----------------------------------------------------------------------===//

def CudaTile_IfOp : CudaTile_Op<"if", [RecursiveMemoryEffects,
    NoRegionArguments, OpAsmOpInterface]> {
  let summary = "run one of two regions";
  let description = [{
    Runs `thenRegion` when the rank-0 `condition` is true and `elseRegion`
    otherwise. The regions end with `yield` (implicit when it yields nothing)
    or with `break`, `continue` or `return` of an enclosing op. An `if` with
    results needs an `else` region; results may not be views.

    Example:

    ```mlir
    %r = if %c -> (tile<i1>) {
      yield %c : tile<i1>
    } else {
      yield %c : tile<i1>
    }
    ```
  }];

  let arguments = (ins CudaTile_ScalarTileOf<CudaTile_I1>:$condition);
  let results = (outs Variadic<AnyType>:$results);
  let regions = (region MaxSizedRegion<1>:$thenRegion,
                        MaxSizedRegion<1>:$elseRegion);
  let hasCustomAssemblyFormat = 1;
  let hasVerifier = 1;
  let hasRegionVerifier = 1;
  let hasFolder = 1;
  let hasCanonicalizer = 1;
  let extraClassDeclaration = CudaTile_DefaultDialectDecl;
}

def CudaTile_ForOp : CudaTile_Op<"for", [RecursiveMemoryEffects,
    OpAsmOpInterface]> {
  let summary = "a counted loop";
  let description = [{
    Runs the body for `iv = lowerBound, lowerBound + step, ...` while
    `iv < upperBound` (compared as unsigned when `unsigned` is written).
    The bounds and step are rank-0 tiles of one integer type. The body takes
    the induction variable and the loop-carried values and ends with
    `continue` (implicit when it carries nothing) passing the next values;
    the results are the last carried values. Carried values may not be
    views.

    Example:

    ```mlir
    %sum = for %iv in (%lb to %ub, step %s) : tile<i32>
        iter_values(%acc = %zero) -> (tile<i32>) {
      %next = addi %acc, %iv : tile<i32>
      continue %next : tile<i32>
    }
    ```
  }];

  let arguments = (ins CudaTile_ScalarTileOf<CudaTile_AnyInt>:$lowerBound,
                       CudaTile_ScalarTileOf<CudaTile_AnyInt>:$upperBound,
                       CudaTile_ScalarTileOf<CudaTile_AnyInt>:$step,
                       Variadic<AnyType>:$initValues,
                       UnitAttr:$unsignedCmp);
  let results = (outs Variadic<AnyType>:$resultValues);
  let regions = (region SizedRegion<1>:$region);
  let hasCustomAssemblyFormat = 1;
  let hasVerifier = 1;
  let hasRegionVerifier = 1;
  let hasCanonicalizer = 1;
  let extraClassDeclaration = !strconcat(CudaTile_DefaultDialectDecl, [{
    /// The induction variable.
    ::mlir::Value getInductionVar() { return getRegion().getArgument(0); }
  }]);
}

def CudaTile_LoopOp : CudaTile_Op<"loop", [RecursiveMemoryEffects,
    OpAsmOpInterface]> {
  let summary = "an unbounded loop";
  let description = [{
    Runs the body until a `break`. The body takes the loop-carried values;
    `continue` starts the next iteration with new carried values (implicit
    when there are none) and `break` leaves the loop with its results, whose
    types may differ from the carried types.

    Example:

    ```mlir
    %r = loop iter_values(%i = %zero) : tile<i32> -> tile<i32> {
      %done = cmpi equal %i, %n, signed : tile<i32> -> tile<i1>
      if %done {
        break %i : tile<i32>
      }
      %next = addi %i, %one : tile<i32>
      continue %next : tile<i32>
    }
    ```
  }];

  let arguments = (ins Variadic<AnyType>:$initValues);
  let results = (outs Variadic<AnyType>:$resultValues);
  let regions = (region SizedRegion<1>:$region);
  let hasCustomAssemblyFormat = 1;
  let hasVerifier = 1;
  let hasRegionVerifier = 1;
  let extraClassDeclaration = CudaTile_DefaultDialectDecl;
}

/// A terminator carrying values to an enclosing loop or `if`.
class CudaTile_LoopTerminatorOp<string mnemonic, list<string> parents>
    : CudaTile_Op<mnemonic, !listconcat(CudaTile_ExitTerminatorTraits,
                                        [ParentOneOf<parents>])> {
  let arguments = (ins Variadic<CudaTile_AnyType>:$operands);
  let builders = [OpBuilder<(ins), [{
    build($_builder, $_state, ::mlir::ValueRange());
  }]>];
  let assemblyFormat = [{
    attr-dict ($operands^ `:` custom<CudaTileType>(type($operands)))?
  }];
  let hasVerifier = 1;
}

def CudaTile_BreakOp
    : CudaTile_LoopTerminatorOp<"break", ["IfOp", "LoopOp"]> {
  let summary = "leave the innermost loop";
  let description = [{
    Ends the innermost `loop` (reached through `if`s only) with its results.

    Example:

    ```mlir
    break %a : tile<i32>
    ```
  }];
}

def CudaTile_ContinueOp
    : CudaTile_LoopTerminatorOp<"continue", ["ForOp", "IfOp", "LoopOp"]> {
  let summary = "start the next iteration of the innermost loop";
  let description = [{
    Passes the next loop-carried values of the innermost `for` or `loop`
    (reached through `if`s only).

    Example:

    ```mlir
    continue %iv : tile<i32>
    ```
  }];
}

def CudaTile_AssertOp : CudaTile_Op<"assert", [
    MemoryEffects<[MemWrite]>]> {
  let summary = "abort when a condition does not hold";
  let description = [{
    Aborts the kernel with `message` when any element of `condition` is
    false.

    Example:

    ```mlir
    assert %ok, "index in bounds" : tile<2xi1>
    ```
  }];

  let arguments = (ins CudaTile_I1Tile:$condition, StrAttr:$message);
  let assemblyFormat = [{
    $condition `,` $message attr-dict `:` custom<CudaTileType>(type($condition))
  }];
}

//===----------------------------------------------------------------------===//
// Globals and printing
//===----------------------------------------------------------------------===//

def CudaTile_GlobalOp : CudaTile_Op<"global", [Symbol,
    HasParent<"ModuleOp">]> {
  let summary = "a global-memory array";
  let description = [{
    A 1-D array in global memory initialized with a dense literal; `constant`
    globals are read-only, `private` ones are invisible outside the module
    and `alignment` (bytes, a power of two) aligns its address.

    Example:

    ```mlir
    global @g alignment = 256 <f32: [1.0, 2.0]> : tile<2xf32>
    global private constant @c <i32: [255]> : tile<1xi32>
    ```
  }];

  let arguments = (ins SymbolNameAttr:$sym_name,
                       Builtin_DenseIntOrFPElementsAttr:$value,
                       DefaultValuedAttr<I64Attr, "0">:$alignment,
                       UnitAttr:$constant,
                       DefaultValuedAttr<CudaTile_SymbolVisibilityAttr,
                           "::mlir::cuda_tile::SymbolVisibility::Public">:$symbol_visibility);
  let assemblyFormat = [{
    custom<Visibility>($symbol_visibility) (`constant` $constant^)?
    $sym_name (`alignment` `=` $alignment^)? attr-dict
    custom<GlobalLiteral>($value)
  }];
  let hasVerifier = 1;
}

def CudaTile_GetGlobalOp : CudaTile_Op<"get_global", [Pure,
    DeclareOpInterfaceMethods<SymbolUserOpInterface>]> {
  let summary = "the address of a global";
  let description = [{
    Returns a pointer to the first element of global `name`.

    Example:

    ```mlir
    %p = get_global @g : tile<ptr<f32>>
    ```
  }];

  let arguments = (ins FlatSymbolRefAttr:$name);
  let results = (outs CudaTile_ScalarTileOf<CudaTile_PointerType>:$result);
  let assemblyFormat = !strconcat("$name ", CudaTile_ResultTypeFormat);
}

def CudaTile_PrintTkoOp : CudaTile_Op<"print_tko", [AttrSizedOperandSegments]> {
  let summary = "print formatted values";
  let description = [{
    Prints `str` with its printf-style conversions (`%%` prints `%`)
    replaced by the elements of `args`, one tile per conversion. Ordered by
    tokens only. Every other `%` starts a conversion
    `%[flags][width][.precision][length]type`, with `type` one of
    `d i o u x X e E f F g G a A c p`; a `%` without one is an error.

    Example:

    ```mlir
    %t = print_tko "val: %i", %x : tile<i32> -> token
    %t2 = print_tko "next: %i", %x token=%t : tile<i32> -> token
    ```
  }];

  let arguments = (ins StrAttr:$str, Variadic<CudaTile_AnyTile>:$args,
                       Optional<CudaTile_TokenType>:$token);
  let results = (outs CudaTile_TokenType:$result_token);
  let assemblyFormat = [{
    $str (`,` $args^)? (`token` `` `=` `` $token^)? attr-dict
    (`:` custom<CudaTileType>(type($args))^)?
    `->` custom<CudaTileType>(type($result_token))
  }];
  let hasVerifier = 1;
}

//===----------------------------------------------------------------------===//
// Grid dependency control (programmatic dependent launch)
//===----------------------------------------------------------------------===//

def CudaTile_GdcLaunchDependentsTkoOp
    : CudaTile_Op<"gdc_launch_dependents_tko"> {
  let summary = "let the dependent grid launch";
  let description = [{
    Signals that the grid launched after this one with programmatic
    dependent launch may start: once every tile block has run this op (or
    exited), the dependent grid's tile blocks may begin, up to their
    `gdc_wait_tko`. Memory written by this grid is visible to the dependent
    one only after its `gdc_wait_tko`. Ordered by tokens (bytecode 13.4,
    sm_90 and newer: PTX `griddepcontrol.launch_dependents`).

    Example:

    ```mlir
    %t = gdc_launch_dependents_tko -> token
    %t2 = gdc_launch_dependents_tko token = %t0 -> token
    ```
  }];
  let arguments = (ins Optional<CudaTile_TokenType>:$token);
  let results = (outs CudaTile_TokenType:$result_token);
  let assemblyFormat = [{
    (`token` `=` $token^)? attr-dict `->` custom<CudaTileType>(type($result_token))
  }];
}

def CudaTile_GdcWaitTkoOp : CudaTile_Op<"gdc_wait_tko"> {
  let summary = "wait for the grids this one depends on";
  let description = [{
    Waits until the grids this one was launched after (with programmatic
    dependent launch) have completed and their memory operations are
    visible; without such a dependency it returns at once. Ordered by tokens
    (bytecode 13.4, sm_90 and newer: PTX `griddepcontrol.wait`).

    Example:

    ```mlir
    %t = gdc_wait_tko token = %t0 -> token
    ```
  }];
  let arguments = (ins Optional<CudaTile_TokenType>:$token);
  let results = (outs CudaTile_TokenType:$result_token);
  let assemblyFormat = [{
    (`token` `=` $token^)? attr-dict `->` custom<CudaTileType>(type($result_token))
  }];
}

//===----------------------------------------------------------------------===//
// View queries and constructors
//===----------------------------------------------------------------------===//

def CudaTile_GetTensorShapeOp : CudaTile_Op<"get_tensor_shape", [Pure]> {
  let summary = "the dimensions of a tensor_view";
  let description = [{
    Returns one rank-0 integer tile per dimension of `src`.

    Example:

    ```mlir
    %size:2 = get_tensor_shape %tv : tensor_view<64x?xi32, strides=[?,1]> -> tile<i32>
    ```
  }];

  let arguments = (ins CudaTile_TensorViewType:$src);
  let results = (outs Variadic<CudaTile_ScalarTileOf<CudaTile_AnyInt>>:$results);
  let hasCustomAssemblyFormat = 1;
  let hasVerifier = 1;
}

def CudaTile_GetIndexSpaceShapeOp : CudaTile_Op<"get_index_space_shape",
    [Pure]> {
  let summary = "the extent of a view's tile grid";
  let description = [{
    Returns one rank-0 integer tile per index dimension of the view `src`:
    the number of tiles along it.

    Example:

    ```mlir
    %n:3 = get_index_space_shape %pv
        : partition_view<tile=(8x1x16), tensor_view<?x8192x64xf32, strides=[?,64,1]>> -> tile<i64>
    ```
  }];

  let arguments = (ins CudaTile_AnyTileView:$src);
  let results = (outs Variadic<CudaTile_ScalarTileOf<CudaTile_AnyInt>>:$results);
  let hasCustomAssemblyFormat = 1;
  let hasVerifier = 1;
}

def CudaTile_MakeStridedViewOp : CudaTile_Op<"make_strided_view", [Pure]> {
  let summary = "a strided grid of tiles over a tensor_view";
  let description = [{
    The operand type is the `tensor_view` inside the result type and is not
    written.

    Example:

    ```mlir
    %sv = make_strided_view %tv : strided_view<tile=(1024x1x32), traversal_strides=[512,1,10], tensor_view<8192x8192x64xf32, strides=[524288,64,1]>>
    ```
  }];

  let arguments = (ins CudaTile_TensorViewType:$tensor_view);
  let results = (outs CudaTile_StridedViewType:$result);
  let hasCustomAssemblyFormat = 1;
  let hasVerifier = 1;
}

def CudaTile_MakeGatherScatterViewOp
    : CudaTile_Op<"make_gather_scatter_view", [Pure]> {
  let summary = "a tile grid with one gathered dimension over a tensor_view";
  let description = [{
    The operand type is the `tensor_view` inside the result type and is not
    written.

    Example:

    ```mlir
    %gv = make_gather_scatter_view %tv : gather_scatter_view<tile=(128x128), tensor_view<8192x8192xf32, strides=[8192,1]>, sparse_dim=0>
    ```
  }];

  let arguments = (ins CudaTile_TensorViewType:$tensor_view);
  let results = (outs CudaTile_GatherScatterViewType:$result);
  let hasCustomAssemblyFormat = 1;
  let hasVerifier = 1;
}

//===----------------------------------------------------------------------===//
// Atomics
//===----------------------------------------------------------------------===//

def CudaTile_AtomicCasTkoOp : CudaTile_Op<"atomic_cas_tko", [
    AttrSizedOperandSegments, AllTypesMatch<["cmp", "val", "result"]>]> {
  let summary = "element-wise atomic compare-and-swap";
  let description = [{
    For each element, atomically replaces `*pointers[i]` by `val[i]` when it
    equals `cmp[i]`, and returns the old value. Elements must be 32- or
    64-bit integers or floats.

    Example:

    ```mlir
    %old, %t = atomic_cas_tko relaxed device %ptrs, %cmp, %val
        : tile<2xptr<f32>>, tile<2xf32> -> tile<2xf32>, token
    ```
  }];

  let arguments = (ins
      CudaTile_MemoryOrderingSemantics:$memory_ordering_semantics,
      CudaTile_MemoryScope:$memory_scope,
      Arg<CudaTile_PointerTile, "the pointers", [MemRead, MemWrite]>:$pointers,
      CudaTile_NumberTile:$cmp, CudaTile_NumberTile:$val,
      Optional<CudaTile_I1Tile>:$mask,
      Optional<CudaTile_TokenType>:$token);
  let results = (outs CudaTile_NumberTile:$result,
                      CudaTile_TokenType:$result_token);
  let assemblyFormat = [{
    $memory_ordering_semantics $memory_scope $pointers `,` $cmp `,` $val
    (`,` $mask^)? (`token` `` `=` `` $token^)? attr-dict
    `:` custom<CudaTileType>(type($pointers)) `,` custom<CudaTileType>(type($cmp))
    (`,` custom<CudaTileType>(type($mask))^)?
    `->` custom<CudaTileType>(type($result)) `,`
    custom<CudaTileType>(type($result_token))
  }];
  let hasVerifier = 1;
}

def CudaTile_AtomicRmwTkoOp : CudaTile_Op<"atomic_rmw_tko", [
    AttrSizedOperandSegments, AllTypesMatch<["arg", "result"]>]> {
  let summary = "element-wise atomic read-modify-write";
  let description = [{
    For each element, atomically applies `mode` to `*pointers[i]` and
    `arg[i]` and returns the old value. Bitwise and integer modes take i32 or
    i64, `addf` takes f16/bf16/f32/f64 and `xchg` 32- or 64-bit values.

    Example:

    ```mlir
    %old, %t = atomic_rmw_tko relaxed device %ptrs, xchg, %v, %mask
        : tile<2xptr<i32>>, tile<2xi32>, tile<2xi1> -> tile<2xi32>, token
    ```
  }];

  let arguments = (ins
      CudaTile_MemoryOrderingSemantics:$memory_ordering_semantics,
      CudaTile_MemoryScope:$memory_scope,
      Arg<CudaTile_PointerTile, "the pointers", [MemRead, MemWrite]>:$pointers,
      CudaTile_AtomicRMWMode:$mode,
      CudaTile_NumberTile:$arg,
      Optional<CudaTile_I1Tile>:$mask,
      Optional<CudaTile_TokenType>:$token);
  let results = (outs CudaTile_NumberTile:$result,
                      CudaTile_TokenType:$result_token);
  let assemblyFormat = [{
    $memory_ordering_semantics $memory_scope $pointers `,` $mode `,` $arg
    (`,` $mask^)? (`token` `` `=` `` $token^)? attr-dict
    `:` custom<CudaTileType>(type($pointers)) `,` custom<CudaTileType>(type($arg))
    (`,` custom<CudaTileType>(type($mask))^)?
    `->` custom<CudaTileType>(type($result)) `,`
    custom<CudaTileType>(type($result_token))
  }];
  let hasVerifier = 1;
}

def CudaTile_AtomicRedViewTkoOp : CudaTile_Op<"atomic_red_view_tko", [
    AttrSizedOperandSegments]> {
  let summary = "atomic reduction of a tile into a view";
  let description = [{
    Atomically combines `value` with the tile at index `%view[...]` of a
    partition_view or strided_view using `mode` (any atomic mode but
    `xchg`); nothing is returned but the token. The ordering is `relaxed`,
    the scope `tl_blk` or `device`; views with a `padding_value` and
    gather_scatter views are rejected, and `value` has the view's tile type.

    Example:

    ```mlir
    %t = atomic_red_view_tko relaxed device %view[%c0, %c0], add, %value
        token = %in_token
        : tile<2x2xi32>, partition_view<tile=(2x2),
          tensor_view<2x2xi32, strides=[2,1]>>, tile<i32> -> token
    ```
  }];

  let arguments = (ins
      CudaTile_MemoryOrderingSemantics:$memory_ordering_semantics,
      OptionalAttr<CudaTile_MemoryScope>:$memory_scope,
      Arg<CudaTile_AnyTileView, "the view to update",
          [MemRead, MemWrite]>:$view,
      Variadic<CudaTile_IntTile>:$index,
      CudaTile_AtomicRMWMode:$mode,
      CudaTile_NumberTile:$value,
      Optional<CudaTile_TokenType>:$token);
  let results = (outs CudaTile_TokenType:$result_token);
  let hasCustomAssemblyFormat = 1;
  let hasVerifier = 1;
}

//===----------------------------------------------------------------------===//
// Matrix multiply-accumulate
//===----------------------------------------------------------------------===//

def CudaTile_MmaFOp : CudaTile_Op<"mmaf", [Pure,
    AllTypesMatch<["acc", "result"]>]> {
  let summary = "floating-point matrix multiply-accumulate";
  let description = [{
    `result = lhs * rhs + acc` for `MxK`, `KxN` and `MxN` tiles (or batched
    `BxMxK`, ...). Inputs f8E4M3FN, f8E5M2 and f16 accumulate in f16 or f32;
    bf16, tf32 and f32 in f32; f64 in f64. `fast_acc` allows a faster, less
    precise accumulation.

    Example:

    ```mlir
    %d = mmaf %a, %b, %c fast_acc
        : tile<4x8xf8E4M3FN>, tile<8x16xf8E4M3FN>, tile<4x16xf32>
    ```
  }];

  let arguments = (ins CudaTile_FloatTile:$lhs, CudaTile_FloatTile:$rhs,
                       CudaTile_FloatTile:$acc, UnitAttr:$fast_acc);
  let results = (outs CudaTile_FloatTile:$result);
  let assemblyFormat = [{
    $lhs `,` $rhs `,` $acc (`fast_acc` $fast_acc^)? attr-dict
    `:` custom<CudaTileType>(type($lhs)) `,` custom<CudaTileType>(type($rhs))
    `,` custom<CudaTileType>(type($acc))
  }];
  let hasVerifier = 1;
}

def CudaTile_MmaFScaledOp : CudaTile_Op<"mmaf_scaled", [Pure,
    AllTypesMatch<["acc", "result"]>]> {
  let summary = "block-scaled floating-point matrix multiply-accumulate";
  let description = [{
    Like `mmaf` with 8- or 4-bit inputs whose blocks of K elements are
    scaled by `lhs_scale` (`MxKs`) and `rhs_scale` (`KsxN`); accumulates in
    f32.

    Example:

    ```mlir
    %d = mmaf_scaled %a, %b, %c, %sa, %sb
        : tile<64x64xf8E5M2>, tile<64x64xf8E5M2>, tile<64x64xf32>,
          tile<64x2xf8E8M0FNU>, tile<2x64xf8E8M0FNU>
    ```
  }];

  let arguments = (ins CudaTile_FloatTile:$lhs, CudaTile_FloatTile:$rhs,
                       CudaTile_FloatTile:$acc, CudaTile_FloatTile:$lhs_scale,
                       CudaTile_FloatTile:$rhs_scale);
  let results = (outs CudaTile_FloatTile:$result);
  let assemblyFormat = [{
    $lhs `,` $rhs `,` $acc `,` $lhs_scale `,` $rhs_scale attr-dict
    `:` custom<CudaTileType>(type($lhs)) `,` custom<CudaTileType>(type($rhs))
    `,` custom<CudaTileType>(type($acc)) `,`
    custom<CudaTileType>(type($lhs_scale)) `,`
    custom<CudaTileType>(type($rhs_scale))
  }];
  let hasVerifier = 1;
}

def CudaTile_MmaIOp : CudaTile_Op<"mmai", [Pure,
    AllTypesMatch<["acc", "result"]>]> {
  let summary = "integer matrix multiply-accumulate";
  let description = [{
    `result = lhs * rhs + acc` for i8 inputs read as `signed` or `unsigned`
    each, accumulating in i32; shapes as for `mmaf`.

    Example:

    ```mlir
    %d = mmai %a, %b, %c signed signed
        : tile<4x8xi8>, tile<8x16xi8>, tile<4x16xi32>
    ```
  }];

  let arguments = (ins CudaTile_TileOf<[CudaTile_I8]>:$lhs,
                       CudaTile_TileOf<[CudaTile_I8]>:$rhs,
                       CudaTile_TileOf<[CudaTile_I32]>:$acc,
                       CudaTile_SignednessAttr:$signedness_lhs,
                       CudaTile_SignednessAttr:$signedness_rhs);
  let results = (outs CudaTile_TileOf<[CudaTile_I32]>:$result);
  let assemblyFormat = [{
    $lhs `,` $rhs `,` $acc custom<EnumKeyword>($signedness_lhs)
    custom<EnumKeyword>($signedness_rhs) attr-dict
    `:` custom<CudaTileType>(type($lhs)) `,` custom<CudaTileType>(type($rhs))
    `,` custom<CudaTileType>(type($acc))
  }];
  let hasVerifier = 1;
}

//===----------------------------------------------------------------------===//
// Allocation
//===----------------------------------------------------------------------===//

def CudaTile_AllocaOp : CudaTile_Op<"alloca", [
    MemoryEffects<[MemAlloc<AutomaticAllocationScopeResource>]>]> {
  let summary = "allocate scratch memory for the enclosing block";
  let description = [{
    Allocates `num_elem` elements of the pointee type, aligned to
    `alignment` bytes (a power of two, at least the element size), and
    returns a pointer to them; `global` places them in global instead of
    shared memory. The memory lives until the enclosing block ends.

    Example:

    ```mlir
    %p = alloca num_elem = 64, alignment = 16 global : tile<ptr<f32>>
    ```
  }];

  let arguments = (ins ConfinedAttr<I64Attr, [IntNonNegative]>:$num_elem,
                       ConfinedAttr<I64Attr, [IntNonNegative]>:$alignment,
                       UnitAttr:$global);
  let results = (outs CudaTile_ScalarTileOf<CudaTile_PointerType>:$result);
  let assemblyFormat = [{
    `num_elem` `=` $num_elem `,` `alignment` `=` $alignment
    (`global` $global^)? attr-dict `:` custom<CudaTileType>(type($result))
  }];
  let hasVerifier = 1;
}

#ifdef TILEIR_ENABLE_TESTING_OPS
include "tileir/Dialect/CudaTile/IR/CudaTileTestingOps.td"
#endif // TILEIR_ENABLE_TESTING_OPS

#endif // TILEIR_DIALECT_CUDATILE_IR_CUDATILEOPS_TD
