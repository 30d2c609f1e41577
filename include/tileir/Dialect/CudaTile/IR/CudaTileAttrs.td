//===- CudaTileAttrs.td - cuda_tile attributes and enums ---*- tablegen -*-===//
//
// Part of TileIR.
//
// Enumerations (rounding, overflow, signedness, comparison, memory model,
// padding) and the `optimization_hints` attribute of the cuda_tile dialect.
//
//===----------------------------------------------------------------------===//

#ifndef TILEIR_DIALECT_CUDATILE_IR_CUDATILEATTRS_TD
#define TILEIR_DIALECT_CUDATILE_IR_CUDATILEATTRS_TD

include "mlir/IR/EnumAttr.td"
include "tileir/Dialect/CudaTile/IR/CudaTileDialect.td"
include "tileir/Dialect/CudaTile/IR/CudaTileInterfaces.td"

/// An enumeration stored as a dialect attribute `#cuda_tile.<mnemonic><v>`.
class CudaTile_Enum<string name, string summary, list<I32EnumAttrCase> cases>
    : I32EnumAttr<name, summary, cases> {
  let cppNamespace = "::mlir::cuda_tile";
  let genSpecializedAttr = 0;
}

class CudaTile_EnumAttr<EnumInfo enumInfo, string attrMnemonic>
    : EnumAttr<CudaTile_Dialect, enumInfo, attrMnemonic> {
  let assemblyFormat = "`<` $value `>`";
}

/// An enumeration stored as a plain `i32` IntegerAttr (`= 0 : i32` in
/// generic form) and written as a bare keyword in op syntax.
class CudaTile_IntegerEnumAttr<string name, string summary,
                               list<I32EnumAttrCase> cases>
    : I32EnumAttr<name, summary, cases> {
  let cppNamespace = "::mlir::cuda_tile";
}

//===----------------------------------------------------------------------===//
// Rounding mode
//===----------------------------------------------------------------------===//

def CudaTile_RoundingMode : CudaTile_Enum<"RoundingMode", "rounding mode", [
    I32EnumAttrCase<"NearestEven", 0, "nearest_even">,
    I32EnumAttrCase<"Zero", 1, "zero">,
    I32EnumAttrCase<"NegativeInf", 2, "negative_inf">,
    I32EnumAttrCase<"PositiveInf", 3, "positive_inf">,
    I32EnumAttrCase<"Approx", 4, "approx">,
    I32EnumAttrCase<"Full", 5, "full">,
    I32EnumAttrCase<"NearestIntToZero", 6, "nearest_int_to_zero">,
    I32EnumAttrCase<"NearestAway", 7, "nearest_away">]> {
  let description = [{
    The rounding applied to each element of a floating-point (or
    float-to-integer) result. `approx` and `full` select fast approximations
    of `divf`, `sqrt`, `exp` and `tanh`; `nearest_away` (bytecode 13.4)
    rounds to nearest with ties away from zero. Each op accepts only a subset
    of the modes (see the op).
  }];
}
def CudaTile_RoundingModeAttr
    : CudaTile_EnumAttr<CudaTile_RoundingMode, "rounding">;

//===----------------------------------------------------------------------===//
// Integer overflow
//===----------------------------------------------------------------------===//

def CudaTile_IntegerOverflow : CudaTile_Enum<"IntegerOverflow",
    "integer overflow flag", [
    I32EnumAttrCase<"None", 0, "none">,
    I32EnumAttrCase<"NoSignedWrap", 1, "no_signed_wrap">,
    I32EnumAttrCase<"NoUnsignedWrap", 2, "no_unsigned_wrap">,
    I32EnumAttrCase<"NoWrap", 3, "no_wrap">]> {
  let description = [{
    An assumption the compiler may use: the operation does not wrap when its
    operands are read as signed (`no_signed_wrap`), unsigned
    (`no_unsigned_wrap`) or either (`no_wrap`) integers. A wrap that happens
    anyway is undefined behavior.
  }];
}
def CudaTile_IntegerOverflowAttr
    : CudaTile_EnumAttr<CudaTile_IntegerOverflow, "overflow">;

//===----------------------------------------------------------------------===//
// Signedness
//===----------------------------------------------------------------------===//

def CudaTile_Signedness : CudaTile_Enum<"Signedness", "signedness", [
    I32EnumAttrCase<"Unsigned", 0, "unsigned">,
    I32EnumAttrCase<"Signed", 1, "signed">]> {
  let description = "How an op interprets its (signless) integer operands.";
}
def CudaTile_SignednessAttr
    : CudaTile_EnumAttr<CudaTile_Signedness, "signedness">;

//===----------------------------------------------------------------------===//
// Comparisons
//===----------------------------------------------------------------------===//

def CudaTile_ComparisonPredicate : CudaTile_Enum<"ComparisonPredicate",
    "comparison predicate", [
    I32EnumAttrCase<"Equal", 0, "equal">,
    I32EnumAttrCase<"NotEqual", 1, "not_equal">,
    I32EnumAttrCase<"LessThan", 2, "less_than">,
    I32EnumAttrCase<"LessThanOrEqual", 3, "less_than_or_equal">,
    I32EnumAttrCase<"GreaterThan", 4, "greater_than">,
    I32EnumAttrCase<"GreaterThanOrEqual", 5, "greater_than_or_equal">]> {
  let description = "The relation tested by `cmpi` and `cmpf`.";
}
def CudaTile_ComparisonPredicateAttr
    : CudaTile_EnumAttr<CudaTile_ComparisonPredicate, "comparison_predicate">;

def CudaTile_ComparisonOrdering : CudaTile_Enum<"ComparisonOrdering",
    "comparison ordering", [
    I32EnumAttrCase<"Unordered", 0, "unordered">,
    I32EnumAttrCase<"Ordered", 1, "ordered">]> {
  let description = [{
    Whether a floating-point comparison involving a NaN is false (`ordered`)
    or true (`unordered`).
  }];
}
def CudaTile_ComparisonOrderingAttr
    : CudaTile_EnumAttr<CudaTile_ComparisonOrdering, "comparison_ordering">;

//===----------------------------------------------------------------------===//
// Padding value of views
//===----------------------------------------------------------------------===//

def CudaTile_PaddingValue : CudaTile_Enum<"PaddingValue", "padding value", [
    I32EnumAttrCase<"Zero", 0, "zero">,
    I32EnumAttrCase<"NegZero", 1, "neg_zero">,
    I32EnumAttrCase<"Nan", 2, "nan">,
    I32EnumAttrCase<"PosInf", 3, "pos_inf">,
    I32EnumAttrCase<"NegInf", 4, "neg_inf">]> {
  let description = [{
    The value a view load returns for elements outside the underlying
    tensor_view. Every value but `zero` requires a floating-point element
    type.
  }];
}
def CudaTile_PaddingValueAttr
    : CudaTile_EnumAttr<CudaTile_PaddingValue, "padding_value">;

//===----------------------------------------------------------------------===//
// Memory model
//===----------------------------------------------------------------------===//

def CudaTile_MemoryOrderingSemantics : CudaTile_IntegerEnumAttr<
    "MemoryOrderingSemantics", "memory ordering semantics", [
    I32EnumAttrCase<"Weak", 0, "weak">,
    I32EnumAttrCase<"Relaxed", 1, "relaxed">,
    I32EnumAttrCase<"Acquire", 2, "acquire">,
    I32EnumAttrCase<"Release", 3, "release">,
    I32EnumAttrCase<"AcqRel", 4, "acq_rel">]> {
  let description = [{
    The memory ordering of a token-ordered memory operation. `weak` accesses
    take no memory scope; every other ordering requires one.
  }];
}

def CudaTile_MemoryScope : CudaTile_IntegerEnumAttr<"MemoryScope",
    "memory scope", [
    I32EnumAttrCase<"TlBlk", 0, "tl_blk">,
    I32EnumAttrCase<"Device", 1, "device">,
    I32EnumAttrCase<"Sys", 2, "sys">]> {
  let description = [{
    The set of threads a non-weak memory operation synchronizes with: the
    tile block, the device, or the whole system.
  }];
}

//===----------------------------------------------------------------------===//
// Atomic read-modify-write mode
//===----------------------------------------------------------------------===//

def CudaTile_AtomicRMWMode : CudaTile_IntegerEnumAttr<"AtomicRMWMode",
    "atomic read-modify-write mode", [
    I32EnumAttrCase<"And", 0, "and">,
    I32EnumAttrCase<"Or", 1, "or">,
    I32EnumAttrCase<"Xor", 2, "xor">,
    I32EnumAttrCase<"Add", 3, "add">,
    I32EnumAttrCase<"AddF", 4, "addf">,
    I32EnumAttrCase<"Max", 5, "max">,
    I32EnumAttrCase<"Min", 6, "min">,
    I32EnumAttrCase<"UMax", 7, "umax">,
    I32EnumAttrCase<"UMin", 8, "umin">,
    I32EnumAttrCase<"XChg", 9, "xchg">]> {
  let description = [{
    The operation an atomic read-modify-write applies to memory: bitwise
    `and`/`or`/`xor`, integer `add`/`max`/`min`/`umax`/`umin`, float `addf`,
    or exchange (`xchg`).
  }];
}

//===----------------------------------------------------------------------===//
// Symbol visibility
//===----------------------------------------------------------------------===//

def CudaTile_SymbolVisibility : CudaTile_Enum<"SymbolVisibility",
    "symbol visibility", [
    I32EnumAttrCase<"Public", 0, "public">,
    I32EnumAttrCase<"Private", 1, "private">]> {
  let description = "Whether a global is visible outside its module.";
}
def CudaTile_SymbolVisibilityAttr
    : CudaTile_EnumAttr<CudaTile_SymbolVisibility, "symbol_visibility">;

//===----------------------------------------------------------------------===//
// Optimization hints
//===----------------------------------------------------------------------===//

def CudaTile_OptimizationHintsAttr
    : CudaTile_AttrDef<"OptimizationHints", "optimization_hints"> {
  let summary = "architecture-specific optimization hints";
  let description = [{
    Per-architecture hint dictionaries:

    ```mlir
    optimization_hints=<sm_100 = {num_cta_in_cga = 2}, default = {occupancy = 2}>
    ```

    Keys are architecture names (`sm_80`, `sm_86`, `sm_87`, `sm_88`,
    `sm_89`, `sm_90`, `sm_100`, `sm_103`, `sm_110`, `sm_120`, `sm_121`) or
    `default`, the fallback for architectures without an entry; each value
    is a dictionary of hints:

    | op | hint | value |
    |----|------|-------|
    | `entry` | `num_cta_in_cga` | power of two <= 16; 1 on sm_80 - sm_89 |
    | `entry` | `num_worker_warps_per_cta` | power of two <= 32 |
    | `entry` | `occupancy` | integer in [1, 32] |
    | `load_view_tko`, `store_view_tko` | `allow_tma` | bool |
    | `load_view_tko` | `cache_hint` | string: the PTX L1 eviction priority of the global loads (`"L1::evict_normal"`, `"L1::evict_unchanged"`, `"L1::evict_first"`, `"L1::evict_last"`, `"L1::no_allocate"`) |
    | `load_view_tko`, `store_view_tko` | `latency` | integer in [1, 10] |
    | `load_ptr_tko`, `store_ptr_tko` | `latency` | integer in [1, 10] |

    What the conversion does with them: `num_worker_warps_per_cta` sets the
    CTA size; `occupancy` N asks ptxas for at least N CTAs per SM
    (`.minnctapersm N`, which limits the registers per thread); `cache_hint`
    sets the eviction priority of a view load's global loads; `latency` on
    a weak load in a `for` loop issues it one (up to 5) or two (above 5)
    iterations ahead (the pass `cuda-tile-prefetch-loads`, docs/Pipeline.md);
    `num_cta_in_cga`, `allow_tma` and `latency` elsewhere are accepted and
    have no effect (no clusters, no TMA on the tile launch ABI).

    Hints never change the meaning of a program, so the verifiers of these
    ops accept unknown architectures, unknown hints and invalid values
    silently by default. The dialect's hint-diagnostics mode
    (`CudaTileDialect::setHintDiagnostics`, set by the `-Wunsupported-hints`
    and `-Werr-hints` options of `tile-opt` and `tile-translate`) reports
    them as warnings or as errors instead.
  }];

  let parameters = (ins "::mlir::DictionaryAttr":$value);
  let hasCustomAssemblyFormat = 1;
  let genVerifyDecl = 1;

  let extraClassDeclaration = [{
    /// Returns hint `name` for architecture `arch` (e.g. "sm_90"; a chip
    /// with the `a` suffix, sm_90a, reads its architecture's entry),
    /// falling back to the `default` entry; null if neither provides it.
    ::mlir::Attribute getHint(::llvm::StringRef arch,
                              ::llvm::StringRef name) const;
    /// Whether `value` is a value hint `name` takes (the verifier's rules;
    /// false for an unknown hint).
    static bool isValidHint(::llvm::StringRef name, ::mlir::Attribute value);
  }];
}

//===----------------------------------------------------------------------===//
// Assume predicates
//===----------------------------------------------------------------------===//

class CudaTile_AssumePredicateAttr<string name, string attrMnemonic>
    : CudaTile_AttrDef<name, attrMnemonic,
                       [DeclareAttrInterfaceMethods<
                           CudaTile_AssumePredicateAttrInterface>]> {
  let hasCustomAssemblyFormat = 1;
}

def CudaTile_DivByAttr : CudaTile_AssumePredicateAttr<"DivBy", "div_by"> {
  let summary = "the value is divisible by a power of two";
  let description = [{
    `div_by<D>`: every element of an integer or pointer tile (or the base
    address of a tensor_view) is divisible by `D`, a power of two at most
    2^62. `div_by<D, every E along A>`: only the elements whose index along
    dimension `A` is a multiple of `E` are known to be divisible; the others
    are such an element plus their distance from it.

    ```mlir
    %a = assume div_by<16>, %p : tile<ptr<f32>>
    %b = assume div_by<8, every 2 along 0>, %i : tile<4xi32>
    ```
  }];
  let parameters = (ins "uint64_t":$divisor,
                        OptionalParameter<"std::optional<int64_t>">:$every,
                        OptionalParameter<"std::optional<int64_t>">:$along);
}

def CudaTile_SameElementsAttr
    : CudaTile_AssumePredicateAttr<"SameElements", "same_elements"> {
  let summary = "groups of equal elements";
  let description = [{
    `same_elements<[c0, c1, ...]>` (one entry per dimension of an integer or
    pointer tile): every block of `c0 x c1 x ...` elements holds one value.
    An entry is between 0 and the size of its dimension.

    ```mlir
    %a = assume same_elements<[1, 4]>, %i : tile<2x4xi32>
    ```
  }];
  let parameters = (ins ArrayRefParameter<"int64_t">:$values);
}

def CudaTile_BoundedAttr : CudaTile_AssumePredicateAttr<"Bounded", "bounded"> {
  let summary = "bounds of the elements of an integer tile";
  let description = [{
    `bounded<lb, ub>`: every element of an integer tile, read as signed, lies
    in `[lb, ub]`; `?` leaves a bound open. Both bounds fit the element
    width and `lb <= ub`.

    ```mlir
    %a = assume bounded<0, ?>, %i : tile<4xi32>
    ```
  }];
  let parameters = (ins OptionalParameter<"std::optional<int64_t>">:$lb,
                        OptionalParameter<"std::optional<int64_t>">:$ub);
}

//===----------------------------------------------------------------------===//
// Debug info
//===----------------------------------------------------------------------===//

def CudaTile_DIFileAttr : CudaTile_AttrDef<"DIFile", "di_file"> {
  let summary = "a source file of debug info";
  let description = "`#cuda_tile.di_file<\"foo.py\" in \"/tmp/\">`";
  let parameters = (ins "::mlir::StringAttr":$name,
                        "::mlir::StringAttr":$directory);
  let assemblyFormat = "`<` $name `in` $directory `>`";
}

def CudaTile_DICompileUnitAttr
    : CudaTile_AttrDef<"DICompileUnit", "di_compile_unit"> {
  let summary = "a compile unit of debug info";
  let description = "`#cuda_tile.di_compile_unit<file = #di_file>`";
  let parameters = (ins "::mlir::cuda_tile::DIFileAttr":$file);
  let assemblyFormat = "`<` struct(params) `>`";
}

def CudaTile_DISubprogramAttr
    : CudaTile_AttrDef<"DISubprogram", "di_subprogram"> {
  let summary = "the debug-info scope of a function";
  let description = [{
    `#cuda_tile.di_subprogram<file = #f, line = 1, name = "f",
    linkageName = "f", compileUnit = #cu[, scopeLine = 2]>`. A function
    whose location is a `di_loc` in a subprogram must be that subprogram's
    `linkageName`.
  }];
  let parameters = (ins "::mlir::cuda_tile::DIFileAttr":$file,
                        "unsigned":$line,
                        "::mlir::StringAttr":$name,
                        "::mlir::StringAttr":$linkageName,
                        "::mlir::cuda_tile::DICompileUnitAttr":$compileUnit,
                        OptionalParameter<"std::optional<unsigned>">
                            :$scopeLine);
  let assemblyFormat = "`<` struct(params) `>`";
}

def CudaTile_DILexicalBlockAttr
    : CudaTile_AttrDef<"DILexicalBlock", "di_lexical_block"> {
  let summary = "a lexical block inside a subprogram";
  let description = [{
    `#cuda_tile.di_lexical_block<scope = #sp, file = #f, line = 3[,
    column = 5]>`; the scope is a subprogram or another lexical block.
  }];
  let parameters = (ins "::mlir::Attribute":$scope,
                        "::mlir::cuda_tile::DIFileAttr":$file,
                        "unsigned":$line,
                        OptionalParameter<"std::optional<unsigned>">:$column);
  let assemblyFormat = "`<` struct(params) `>`";
  let genVerifyDecl = 1;
  let extraClassDeclaration = [{
    /// The subprogram this block is nested in.
    DISubprogramAttr getSubprogram() const;
  }];
}

def CudaTile_DILocAttr : LocationAttrDef<CudaTile_Dialect, "DILoc"> {
  let mnemonic = "di_loc";
  let summary = "a source location in a debug-info scope";
  let description = [{
    `#cuda_tile.di_loc<#loc in #di_subprogram>`: location `#loc` inside a
    subprogram or lexical block, used as `loc(#di_loc)` on ops.
  }];
  let parameters = (ins "::mlir::LocationAttr":$loc,
                        "::mlir::Attribute":$scope);
  let assemblyFormat = "`<` $loc `in` $scope `>`";
  let genVerifyDecl = 1;
  let extraClassDeclaration = [{
    /// The subprogram of the scope.
    DISubprogramAttr getSubprogram() const;
  }];
}

#endif // TILEIR_DIALECT_CUDATILE_IR_CUDATILEATTRS_TD
