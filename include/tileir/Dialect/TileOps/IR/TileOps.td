//===- TileOps.td - the tileops elementwise op library ----*- tablegen -*-===//
//
// Part of TileIR. The elementwise ops of the TileOPs library on cuda_tile
// tiles. Each op's definition below is its whole entry in the library: its
// family, number of inputs, accepted element kinds, result rule and scalar
// parameters (attributes with PyTorch's defaults). The verifier, the
// expansion, the kernel builder and `tileops-build --list-ops=json` read them
// from the generated op classes (`OpInfo::get<ExpOp>()`, `TileOpInterface`).
// The math of the elementwise ops is their `ElementwiseMathOpInterface`
// method (TileOpsMath.cpp); `tileops-expand` rewrites each family with one
// pattern template into cuda_tile arithmetic.
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
    Elementwise ops (unary math, binary arithmetic, activations, fused
    gated activations, comparisons, bitwise, logical, special, RoPE, dropout,
    ALiBi, sinusoidal) with PyTorch semantics, on `!cuda_tile.tile` values.
    `tileops-expand` turns them into cuda_tile arithmetic; see
    docs/TileOps.md.
  }];
  let dependentDialects = ["::mlir::cuda_tile::CudaTileDialect"];
}

//===----------------------------------------------------------------------===//
// Interfaces
//===----------------------------------------------------------------------===//

def TileOps_TileOpInterface : OpInterface<"TileOpInterface"> {
  let cppNamespace = "::mlir::tileops";
  let description = [{
    An op of the tileops library. Its facts (family, number of inputs,
    accepted element kinds, result rule, parameters) are static members of
    its op class, generated from its ODS definition.
  }];
  let methods = [
    StaticInterfaceMethod<[{
        The op's library entry, from the static members of its op class.
      }], "const ::mlir::tileops::OpInfo &", "getOpInfo", (ins), [{
        return ::mlir::tileops::OpInfo::get<ConcreteOp>();
      }]>,
  ];
}

def TileOps_ElementwiseMathOpInterface
    : OpInterface<"ElementwiseMathOpInterface"> {
  let cppNamespace = "::mlir::tileops";
  let description = [{
    The math of an elementwise tileops op (and the activation of a fused
    gated op), emitted by `tileops-expand` with the small cuda_tile emitter
    `Emitter` (TileOpsEmitter.h).
  }];
  let methods = [
    InterfaceMethod<[{
        Emits the op's math on `x`, its inputs in compute form (broadcast to
        the result shape; floats converted to f32, integers and i1 as they
        are; a fused gated op: the gate alone), and returns the result: f32
        for float results (the expansion rounds it to the result type once),
        else a tile of the result's element type.
      }], "::mlir::Value", "emitMath",
      (ins "::mlir::tileops::Emitter &":$e,
           "::mlir::ArrayRef<::mlir::Value>":$x)>,
  ];
}

//===----------------------------------------------------------------------===//
// The op classes
//===----------------------------------------------------------------------===//

/// The C++ initializer of one `ParamInfo` for the attribute `a` named `n`.
class TileOps_ParamInit<Attr a, string n> {
  string type = !cond(
      !ge(!find(a.storageType, "DenseF64ArrayAttr"), 0): "F64Array",
      !ge(!find(a.storageType, "FloatAttr"), 0): "F64",
      !ge(!find(a.storageType, "IntegerAttr"), 0): "I64",
      !ge(!find(a.storageType, "StringAttr"), 0): "String");
  string dflt = !if(!initialized(a.defaultValue), a.defaultValue, "");
  string init = "{\"" # n # "\", ::mlir::tileops::ParamType::" # type #
      ", R\"(" # dflt # ")\", " # !if(a.isOptional, "true", "false") # "}";
}

/// One op of the library. `family` names the `Family` enumerator;
/// `numInputs` is the number of tile operands (`$inputs`); `kinds` the
/// element kinds of its data inputs ("f": float, "i": integer, "b": i1);
/// `result` the `ResultRule` enumerator; `params` its scalar parameters
/// (attributes, with PyTorch's defaults). `unsigned_int`: the integer data
/// are unsigned (PyTorch's uint8; cuda_tile integers are signless):
/// comparisons, maximum/minimum, clamp, abs and sign use unsigned order.
class TileOps_Op<string mnemonic, string family, int numInputs, string kinds,
                 string result = "SameAsData", dag params = (ins),
                 list<Trait> traits = []>
    : Op<TileOps_Dialect, mnemonic,
         !listconcat([Pure, TileOps_TileOpInterface], traits)> {
  let arguments = !con((ins Variadic<CudaTile_AnyTile>:$inputs), params,
                       (ins UnitAttr:$unsigned_int));
  let results = (outs CudaTile_AnyTile:$result);
  let assemblyFormat = "$inputs attr-dict `:` "
      "custom<CudaTileType>(type($inputs)) `->` "
      "custom<CudaTileType>(type($result))";
  let hasVerifier = 1;
  string kindsExpr =
      !if(!ge(!find(kinds, "f"), 0), "::mlir::tileops::kFloat | ", "") #
      !if(!ge(!find(kinds, "i"), 0), "::mlir::tileops::kInt | ", "") #
      !if(!ge(!find(kinds, "b"), 0), "::mlir::tileops::kBool | ", "") # "0u";
  /// The role of each tile input of an elementwise op, one letter each (""
  /// when every input is data): "d" data (of `kinds`, all of one element
  /// type), "c" a condition and "m" a mask (i1), "w" a weight of the data's
  /// element type broadcast over dimension 1 (the channels).
  string roles = "";
  string paramInits = !interleave(
      !foreach(i, !range(!size(params)),
               TileOps_ParamInit<!getdagarg<Attr>(params, i),
                                 !getdagname(params, i)>.init), ", ");
  let extraClassDeclaration = [{
    static constexpr ::mlir::tileops::Family kFamily =
        ::mlir::tileops::Family::}] # family # [{;
    static constexpr unsigned kNumInputs = }] # numInputs # [{;
    static constexpr unsigned kKinds = }] # kindsExpr # [{;
    static constexpr ::llvm::StringLiteral kRoles = "}] # roles # [{";
    static constexpr ::mlir::tileops::ResultRule kResult =
        ::mlir::tileops::ResultRule::}] # result # [{;
    static constexpr std::array<::mlir::tileops::ParamInfo, }] #
      !size(params) # [{> kParams = {{}] # paramInits # [{}};
  }];
  /// The definition of the op's `emitMath` when ODS states it (comparisons).
  code mathDefinition = "";
  /// Checks of the op's own parameter domains (statements of its verify(),
  /// after the checks every op shares; return a failure to reject).
  code paramVerifier = "";
  let extraClassDefinition = mathDefinition # [{
    ::llvm::LogicalResult $cppClass::verify() {
      if (::mlir::failed(::mlir::tileops::verifyTileOp(
              getOperation(), ::mlir::tileops::OpInfo::get<$cppClass>())))
        return ::mlir::failure();
      }] # paramVerifier # [{
      return ::mlir::success();
    }
  }];
}

/// An op whose math is its `emitMath` (TileOpsMath.cpp).
class TileOps_MathOp<string mnemonic, string family, int numInputs,
                     string kinds, string result = "SameAsData",
                     dag params = (ins)>
    : TileOps_Op<mnemonic, family, numInputs, kinds, result, params,
                 [DeclareOpInterfaceMethods<
                     TileOps_ElementwiseMathOpInterface>]>;

class TileOps_UnaryMathOp<string m, string kinds = "f">
    : TileOps_MathOp<m, "UnaryMath", 1, kinds>;
class TileOps_BinaryOp<string m, string kinds = "f", dag p = (ins)>
    : TileOps_MathOp<m, "BinaryArith", 2, kinds, "SameAsData", p>;
class TileOps_ActivationOp<string m, dag p = (ins), int n = 1>
    : TileOps_MathOp<m, "Activation", n, "f", "SameAsData", p>;
class TileOps_GatedOp<string m> : TileOps_MathOp<m, "FusedGated", 1, "f">;
/// A comparison: its math is the cuda_tile comparison `predicate` (floats
/// ordered, `ne` unordered; integers signed, or unsigned with `unsigned_int`;
/// i1 unsigned).
class TileOps_CompareOp<string m, string predicate>
    : TileOps_MathOp<m, "Comparison", 2, "fib", "Bool"> {
  let mathDefinition = [{
    ::mlir::Value $cppClass::emitMath(::mlir::tileops::Emitter &e,
                                      ::llvm::ArrayRef<::mlir::Value> x) {
      return e.cmp(::mlir::cuda_tile::ComparisonPredicate::}] # predicate #
      [{, x[0], x[1]);
    }
  }];
}
class TileOps_BitwiseOp<string m, int n = 2>
    : TileOps_MathOp<m, "Bitwise", n, "ib">;
class TileOps_LogicalOp<string m, int n = 2>
    : TileOps_MathOp<m, "Logical", n, "fib", "Bool">;
class TileOps_SpecialOp<string m, int n, string kinds,
                        string result = "SameAsData", dag p = (ins)>
    : TileOps_MathOp<m, "Special", n, kinds, result, p>;
/// RoPE: inputs (x: [..., D], positions: [...] i32).
class TileOps_RopeOp<string m, dag p = (ins)> : TileOps_Op<m, "Rope", 2, "f",
    "SameAsData", !con((ins DefaultValuedAttr<F64Attr, "10000.0">:$base), p)>;

class F64Def<string v> : DefaultValuedAttr<F64Attr, v>;
class I64Def<string v> : DefaultValuedAttr<I64Attr, v>;

//===----------------------------------------------------------------------===//
// The ops
//===----------------------------------------------------------------------===//

// unary_math
def TileOps_ExpOp : TileOps_UnaryMathOp<"exp">;
def TileOps_Exp2Op : TileOps_UnaryMathOp<"exp2">;
def TileOps_LogOp : TileOps_UnaryMathOp<"log">;
def TileOps_SqrtOp : TileOps_UnaryMathOp<"sqrt">;
def TileOps_RsqrtOp : TileOps_UnaryMathOp<"rsqrt">;
def TileOps_AbsOp : TileOps_UnaryMathOp<"abs", "fi">;
def TileOps_NegOp : TileOps_UnaryMathOp<"neg", "fi">;
def TileOps_ReciprocalOp : TileOps_UnaryMathOp<"reciprocal">;
def TileOps_SignOp : TileOps_UnaryMathOp<"sign", "fi">;
def TileOps_SinOp : TileOps_UnaryMathOp<"sin">;
def TileOps_CosOp : TileOps_UnaryMathOp<"cos">;
def TileOps_FloorOp : TileOps_UnaryMathOp<"floor", "fi">;
def TileOps_CeilOp : TileOps_UnaryMathOp<"ceil", "fi">;
def TileOps_RoundOp : TileOps_UnaryMathOp<"round", "fi">;
def TileOps_TruncOp : TileOps_UnaryMathOp<"trunc", "fi">;
def TileOps_ErfOp : TileOps_UnaryMathOp<"erf">;
def TileOps_Log1pOp : TileOps_UnaryMathOp<"log1p">;
def TileOps_Expm1Op : TileOps_UnaryMathOp<"expm1">;

// binary_arith: add/sub take alpha, lerp its scalar weight.
def TileOps_AddOp : TileOps_BinaryOp<"add", "fi", (ins F64Def<"1.0">:$alpha)> {
  let paramVerifier = [{
    auto data = ::llvm::cast<::mlir::cuda_tile::TileType>(
        getInputs()[0].getType());
    double alpha = getAlphaAttr().getValueAsDouble();
    if (::mlir::tileops::kindOf(data.getElementType()) ==
            ::mlir::tileops::kInt &&
        alpha != std::trunc(alpha))
      return emitOpError("expects an integral alpha for integer inputs, got ")
             << alpha;
  }];
}
def TileOps_SubOp : TileOps_BinaryOp<"sub", "fi", (ins F64Def<"1.0">:$alpha)> {
  let paramVerifier = [{
    auto data = ::llvm::cast<::mlir::cuda_tile::TileType>(
        getInputs()[0].getType());
    double alpha = getAlphaAttr().getValueAsDouble();
    if (::mlir::tileops::kindOf(data.getElementType()) ==
            ::mlir::tileops::kInt &&
        alpha != std::trunc(alpha))
      return emitOpError("expects an integral alpha for integer inputs, got ")
             << alpha;
  }];
}
def TileOps_MulOp : TileOps_BinaryOp<"mul", "fi">;
def TileOps_DivOp : TileOps_BinaryOp<"div", "f",
    (ins DefaultValuedStrAttr<StrAttr, "none">:$rounding_mode)> {
  let paramVerifier = [{
    ::llvm::StringRef mode = getRoundingMode();
    if (mode != "none" && mode != "trunc" && mode != "floor")
      return emitOpError("expects rounding_mode = \"none\", \"trunc\" or "
                         "\"floor\", got \"")
             << mode << "\"";
  }];
}
def TileOps_RemainderOp : TileOps_BinaryOp<"remainder">;
def TileOps_PowOp : TileOps_BinaryOp<"pow">;
def TileOps_FloorDivideOp : TileOps_BinaryOp<"floor_divide">;
def TileOps_LerpOp : TileOps_BinaryOp<"lerp", "f", (ins F64Def<"0.5">:$weight)>;
def TileOps_MaximumOp : TileOps_BinaryOp<"maximum", "fi">;
def TileOps_MinimumOp : TileOps_BinaryOp<"minimum", "fi">;

// activation
def TileOps_ReluOp : TileOps_ActivationOp<"relu">;
def TileOps_GeluOp : TileOps_ActivationOp<"gelu",
    (ins DefaultValuedStrAttr<StrAttr, "none">:$approximate)> {
  let paramVerifier = [{
    if (getApproximate() != "none" && getApproximate() != "tanh")
      return emitOpError("expects approximate = \"none\" or \"tanh\", got \"")
             << getApproximate() << "\"";
  }];
}
def TileOps_SiluOp : TileOps_ActivationOp<"silu">;
def TileOps_SigmoidOp : TileOps_ActivationOp<"sigmoid">;
def TileOps_TanhOp : TileOps_ActivationOp<"tanh">;
def TileOps_HardswishOp : TileOps_ActivationOp<"hardswish">;
def TileOps_HardsigmoidOp : TileOps_ActivationOp<"hardsigmoid">;
def TileOps_MishOp : TileOps_ActivationOp<"mish">;
def TileOps_SeluOp : TileOps_ActivationOp<"selu">;
def TileOps_LeakyReluOp : TileOps_ActivationOp<"leaky_relu",
    (ins F64Def<"0.01">:$negative_slope)>;
def TileOps_EluOp : TileOps_ActivationOp<"elu", (ins F64Def<"1.0">:$alpha)>;
def TileOps_HardtanhOp : TileOps_ActivationOp<"hardtanh",
    (ins F64Def<"-1.0">:$min_val, F64Def<"1.0">:$max_val)> {
  let paramVerifier = [{
    double lo = getMinValAttr().getValueAsDouble();
    double hi = getMaxValAttr().getValueAsDouble();
    if (lo > hi)
      return emitOpError("expects min_val <= max_val, got ")
             << lo << " > " << hi;
  }];
}
def TileOps_SoftplusOp : TileOps_ActivationOp<"softplus",
    (ins F64Def<"1.0">:$beta, F64Def<"20.0">:$threshold)> {
  let paramVerifier = [{
    if (getBetaAttr().getValueAsDouble() == 0.0)
      return emitOpError("expects beta != 0");
  }];
}
// prelu: inputs (x, weight), the weight broadcast to x.
def TileOps_PreluOp : TileOps_ActivationOp<"prelu", (ins), 2> {
  let roles = "dw";
}

// fused_gated: (..., 2N) -> (..., N), act(x[..., :N]) * x[..., N:].
def TileOps_SiluAndMulOp : TileOps_GatedOp<"silu_and_mul">;
def TileOps_GeluAndMulOp : TileOps_GatedOp<"gelu_and_mul">;
def TileOps_GeluTanhAndMulOp : TileOps_GatedOp<"gelu_tanh_and_mul">;

// comparison
def TileOps_EqOp : TileOps_CompareOp<"eq", "Equal">;
def TileOps_NeOp : TileOps_CompareOp<"ne", "NotEqual">;
def TileOps_GtOp : TileOps_CompareOp<"gt", "GreaterThan">;
def TileOps_LtOp : TileOps_CompareOp<"lt", "LessThan">;
def TileOps_GeOp : TileOps_CompareOp<"ge", "GreaterThanOrEqual">;
def TileOps_LeOp : TileOps_CompareOp<"le", "LessThanOrEqual">;

// bitwise
def TileOps_BitwiseAndOp : TileOps_BitwiseOp<"bitwise_and">;
def TileOps_BitwiseOrOp : TileOps_BitwiseOp<"bitwise_or">;
def TileOps_BitwiseXorOp : TileOps_BitwiseOp<"bitwise_xor">;
def TileOps_BitwiseNotOp : TileOps_BitwiseOp<"bitwise_not", 1>;

// logical: non-zero is true.
def TileOps_LogicalAndOp : TileOps_LogicalOp<"logical_and">;
def TileOps_LogicalOrOp : TileOps_LogicalOp<"logical_or">;
def TileOps_LogicalNotOp : TileOps_LogicalOp<"logical_not", 1>;

// special
// where: inputs (condition: i1, x, y).
def TileOps_WhereOp : TileOps_SpecialOp<"where", 3, "fib"> {
  let roles = "cdd";
}
def TileOps_ClampOp : TileOps_SpecialOp<"clamp", 1, "fi", "SameAsData",
    (ins OptionalAttr<F64Attr>:$min, OptionalAttr<F64Attr>:$max)> {
  let paramVerifier = [{
    if (!getMinAttr() && !getMaxAttr())
      return emitOpError("expects at least one of min and max");
  }];
}
// masked_fill: inputs (x, mask: i1).
def TileOps_MaskedFillOp : TileOps_SpecialOp<"masked_fill", 2, "fib",
    "SameAsData", (ins F64Def<"0.0">:$value)> {
  let roles = "dm";
}
def TileOps_NanToNumOp : TileOps_SpecialOp<"nan_to_num", 1, "f", "SameAsData",
    (ins F64Def<"0.0">:$nan, OptionalAttr<F64Attr>:$posinf,
     OptionalAttr<F64Attr>:$neginf)>;
def TileOps_IsnanOp : TileOps_SpecialOp<"isnan", 1, "fib", "Bool">;
def TileOps_IsinfOp : TileOps_SpecialOp<"isinf", 1, "fib", "Bool">;
def TileOps_IsfiniteOp : TileOps_SpecialOp<"isfinite", 1, "fib", "Bool">;

// rope
def TileOps_RopeNeoxOp : TileOps_RopeOp<"rope_neox">;
def TileOps_RopeNonNeoxOp : TileOps_RopeOp<"rope_non_neox">;
def TileOps_RopeLlama31Op : TileOps_RopeOp<"rope_llama31",
    (ins F64Def<"8.0">:$scale_factor, F64Def<"1.0">:$low_freq_factor,
     F64Def<"4.0">:$high_freq_factor,
     I64Def<"8192">:$original_max_position)> {
  let paramVerifier = [{
    if (getHighFreqFactorAttr().getValueAsDouble() <=
        getLowFreqFactorAttr().getValueAsDouble())
      return emitOpError("expects high_freq_factor > low_freq_factor");
  }];
}
def TileOps_RopeYarnOp : TileOps_RopeOp<"rope_yarn",
    (ins F64Def<"16.0">:$scale, I64Def<"4096">:$original_max_position,
     F64Def<"32.0">:$beta_fast, F64Def<"1.0">:$beta_slow,
     OptionalAttr<F64Attr>:$attn_factor)> {
  let paramVerifier = [{
    if (getScaleAttr().getValueAsDouble() <= 0.0)
      return emitOpError("expects scale > 0");
  }];
}
def TileOps_RopeLongropeOp : TileOps_RopeOp<"rope_longrope",
    (ins OptionalAttr<DenseF64ArrayAttr>:$rescale_factors,
     I64Def<"4096">:$max_position_embeddings,
     I64Def<"4096">:$original_max_position_embeddings)>;

// dropout: inputs (x, element index: i32, seed: i64, offset: i64).
def TileOps_DropoutOp : TileOps_Op<"dropout", "Dropout", 4, "f", "SameAsData",
    (ins F64Def<"0.5">:$p)> {
  let paramVerifier = [{
    double p = getPAttr().getValueAsDouble();
    if (!(p >= 0.0 && p <= 1.0))
      return emitOpError("expects 0 <= p <= 1, got ") << p;
  }];
}
// alibi: inputs (head, row, column: i32), a float result.
def TileOps_AlibiOp : TileOps_Op<"alibi", "Alibi", 3, "i", "Float",
    (ins I64Attr:$num_heads)> {
  let paramVerifier = [{
    if (getNumHeadsAttr().getInt() < 1)
      return emitOpError("expects num_heads >= 1");
  }];
}
// sinusoidal: inputs (position, column: i32), a float result. `seq_len`
// (optional): the positions p lie in [0, seq_len); with seq_len <= 2^17 the
// expansion uses a branch-free sin/cos reduction.
def TileOps_SinusoidalOp : TileOps_Op<"sinusoidal", "Sinusoidal", 2, "i",
    "Float", (ins I64Attr:$d_model, OptionalAttr<I64Attr>:$seq_len)> {
  let paramVerifier = [{
    int64_t d = getDModelAttr().getInt();
    if (d < 2 || d % 2)
      return emitOpError("expects an even d_model >= 2, got ") << d;
    if (getSeqLenAttr() && getSeqLenAttr().getInt() < 1)
      return emitOpError("expects seq_len >= 1, got ")
             << getSeqLenAttr().getInt();
  }];
}

#endif // TILEIR_DIALECT_TILEOPS_IR_TILEOPS_TD
