//===- TileOps.td - the tileops elementwise op library ----*- tablegen -*-===//
//
// Part of TileIR. The 72 elementwise ops of the TileOPs library on cuda_tile
// tiles, declared by family. Every op takes its operands as `$inputs` (the
// family fixes their number and kinds; see TileOpsInfo.cpp) and its scalar
// parameters as attributes with PyTorch's defaults. `tileops-expand` rewrites
// each family with one pattern template into cuda_tile arithmetic.
//
//===----------------------------------------------------------------------===//

#ifndef TILEIR_DIALECT_TILEOPS_IR_TILEOPS_TD
#define TILEIR_DIALECT_TILEOPS_IR_TILEOPS_TD

include "mlir/IR/OpBase.td"
include "mlir/IR/BuiltinAttributes.td"
include "mlir/Interfaces/SideEffectInterfaces.td"
include "tileir/Dialect/CudaTile/IR/CudaTileTypes.td"

def TileOps_Dialect : Dialect {
  let name = "tileops";
  let cppNamespace = "::mlir::tileops";
  let summary = "The TileOPs elementwise operator library on cuda_tile tiles";
  let description = [{
    72 elementwise ops (unary math, binary arithmetic, activations, fused
    gated activations, comparisons, bitwise, logical, special, RoPE, dropout,
    ALiBi, sinusoidal) with PyTorch semantics, on `!cuda_tile.tile` values.
    `tileops-expand` turns them into cuda_tile arithmetic; see
    docs/TileOps.md.
  }];
  let dependentDialects = ["::mlir::cuda_tile::CudaTileDialect"];
}

/// One family: `family` names the TileOps Family enumerator; `params` are the
/// op's scalar parameters (attributes with defaults). `unsigned_int`: the
/// integer data are unsigned (PyTorch's uint8; cuda_tile integers are
/// signless): comparisons, maximum/minimum, clamp, abs and sign use unsigned
/// order.
class TileOps_FamilyOp<string family, string mnemonic, dag params = (ins)>
    : Op<TileOps_Dialect, mnemonic, [Pure]> {
  let arguments = !con((ins Variadic<CudaTile_AnyTile>:$inputs), params,
                       (ins UnitAttr:$unsigned_int));
  let results = (outs CudaTile_AnyTile:$result);
  let assemblyFormat = "$inputs attr-dict `:` "
      "custom<CudaTileType>(type($inputs)) `->` "
      "custom<CudaTileType>(type($result))";
  let hasVerifier = 1;
  let extraClassDeclaration = "static constexpr ::mlir::tileops::Family "
      "kFamily = ::mlir::tileops::Family::" # family # ";";
  let extraClassDefinition = [{
    ::llvm::LogicalResult $cppClass::verify() {
      return ::mlir::tileops::verifyTileOp(getOperation(), kFamily);
    }
  }];
}

class TileOps_UnaryMathOp<string m> : TileOps_FamilyOp<"UnaryMath", m>;
class TileOps_BinaryOp<string m, dag p = (ins)>
    : TileOps_FamilyOp<"BinaryArith", m, p>;
class TileOps_ActivationOp<string m, dag p = (ins)>
    : TileOps_FamilyOp<"Activation", m, p>;
class TileOps_GatedOp<string m> : TileOps_FamilyOp<"FusedGated", m>;
class TileOps_CompareOp<string m> : TileOps_FamilyOp<"Comparison", m>;
class TileOps_BitwiseOp<string m> : TileOps_FamilyOp<"Bitwise", m>;
class TileOps_LogicalOp<string m> : TileOps_FamilyOp<"Logical", m>;
class TileOps_SpecialOp<string m, dag p = (ins)>
    : TileOps_FamilyOp<"Special", m, p>;
class TileOps_RopeOp<string m, dag p = (ins)> : TileOps_FamilyOp<"Rope", m,
    !con((ins DefaultValuedAttr<F64Attr, "10000.0">:$base), p)>;

class F64Def<string v> : DefaultValuedAttr<F64Attr, v>;
class I64Def<string v> : DefaultValuedAttr<I64Attr, v>;

// unary_math (17)
foreach m = ["exp", "log", "sqrt", "rsqrt", "abs", "neg", "reciprocal", "sign",
             "sin", "cos", "floor", "ceil", "round", "trunc", "erf", "log1p",
             "expm1"] in
  def TileOps_ # !subst("_", "", m) # Op : TileOps_UnaryMathOp<m>;

// binary_arith (10): add/sub take alpha, lerp its scalar weight.
def TileOps_addOp : TileOps_BinaryOp<"add", (ins F64Def<"1.0">:$alpha)>;
def TileOps_subOp : TileOps_BinaryOp<"sub", (ins F64Def<"1.0">:$alpha)>;
def TileOps_mulOp : TileOps_BinaryOp<"mul">;
def TileOps_divOp : TileOps_BinaryOp<"div",
    (ins DefaultValuedStrAttr<StrAttr, "none">:$rounding_mode)>;
def TileOps_remainderOp : TileOps_BinaryOp<"remainder">;
def TileOps_powOp : TileOps_BinaryOp<"pow">;
def TileOps_floordivideOp : TileOps_BinaryOp<"floor_divide">;
def TileOps_lerpOp : TileOps_BinaryOp<"lerp", (ins F64Def<"0.5">:$weight)>;
def TileOps_maximumOp : TileOps_BinaryOp<"maximum">;
def TileOps_minimumOp : TileOps_BinaryOp<"minimum">;

// activation (14)
foreach m = ["relu", "silu", "sigmoid", "tanh", "hardswish", "hardsigmoid",
             "mish", "selu", "prelu"] in
  def TileOps_ # m # Op : TileOps_ActivationOp<m>;
def TileOps_geluOp : TileOps_ActivationOp<"gelu",
    (ins DefaultValuedStrAttr<StrAttr, "none">:$approximate)>;
def TileOps_leakyreluOp : TileOps_ActivationOp<"leaky_relu",
    (ins F64Def<"0.01">:$negative_slope)>;
def TileOps_eluOp : TileOps_ActivationOp<"elu", (ins F64Def<"1.0">:$alpha)>;
def TileOps_hardtanhOp : TileOps_ActivationOp<"hardtanh",
    (ins F64Def<"-1.0">:$min_val, F64Def<"1.0">:$max_val)>;
def TileOps_softplusOp : TileOps_ActivationOp<"softplus",
    (ins F64Def<"1.0">:$beta, F64Def<"20.0">:$threshold)>;

// fused_gated (3): (..., 2N) -> (..., N), act(x[..., :N]) * x[..., N:].
foreach m = ["silu_and_mul", "gelu_and_mul", "gelu_tanh_and_mul"] in
  def TileOps_ # !subst("_", "", m) # Op : TileOps_GatedOp<m>;

// comparison (6), bitwise (4), logical (3)
foreach m = ["eq", "ne", "gt", "lt", "ge", "le"] in
  def TileOps_ # m # Op : TileOps_CompareOp<m>;
foreach m = ["bitwise_and", "bitwise_or", "bitwise_xor", "bitwise_not"] in
  def TileOps_ # !subst("_", "", m) # Op : TileOps_BitwiseOp<m>;
foreach m = ["logical_and", "logical_or", "logical_not"] in
  def TileOps_ # !subst("_", "", m) # Op : TileOps_LogicalOp<m>;

// special (7)
def TileOps_whereOp : TileOps_SpecialOp<"where">;
def TileOps_clampOp : TileOps_SpecialOp<"clamp",
    (ins OptionalAttr<F64Attr>:$min, OptionalAttr<F64Attr>:$max)>;
def TileOps_maskedfillOp : TileOps_SpecialOp<"masked_fill",
    (ins F64Def<"0.0">:$value)>;
def TileOps_nantonumOp : TileOps_SpecialOp<"nan_to_num",
    (ins F64Def<"0.0">:$nan, OptionalAttr<F64Attr>:$posinf,
     OptionalAttr<F64Attr>:$neginf)>;
foreach m = ["isnan", "isinf", "isfinite"] in
  def TileOps_ # m # Op : TileOps_SpecialOp<m>;

// rope (5): inputs (x: [..., D], positions: [...] i32).
def TileOps_ropeneoxOp : TileOps_RopeOp<"rope_neox">;
def TileOps_ropenonneoxOp : TileOps_RopeOp<"rope_non_neox">;
def TileOps_ropellama31Op : TileOps_RopeOp<"rope_llama31",
    (ins F64Def<"8.0">:$scale_factor, F64Def<"1.0">:$low_freq_factor,
     F64Def<"4.0">:$high_freq_factor,
     I64Def<"8192">:$original_max_position)>;
def TileOps_ropeyarnOp : TileOps_RopeOp<"rope_yarn",
    (ins F64Def<"16.0">:$scale, I64Def<"4096">:$original_max_position,
     F64Def<"32.0">:$beta_fast, F64Def<"1.0">:$beta_slow,
     OptionalAttr<F64Attr>:$attn_factor)>;
def TileOps_ropelongropeOp : TileOps_RopeOp<"rope_longrope",
    (ins OptionalAttr<DenseF64ArrayAttr>:$rescale_factors,
     I64Def<"4096">:$max_position_embeddings,
     I64Def<"4096">:$original_max_position_embeddings)>;

// dropout, alibi, sinusoidal
def TileOps_dropoutOp : TileOps_FamilyOp<"Dropout", "dropout",
    (ins F64Def<"0.5">:$p)>;
def TileOps_alibiOp : TileOps_FamilyOp<"Alibi", "alibi",
    (ins I64Attr:$num_heads)>;
// `seq_len` (optional): the positions p lie in [0, seq_len); with
// seq_len <= 2^17 the expansion uses a branch-free sin/cos reduction.
def TileOps_sinusoidalOp : TileOps_FamilyOp<"Sinusoidal", "sinusoidal",
    (ins I64Attr:$d_model, OptionalAttr<I64Attr>:$seq_len)>;

#endif // TILEIR_DIALECT_TILEOPS_IR_TILEOPS_TD
