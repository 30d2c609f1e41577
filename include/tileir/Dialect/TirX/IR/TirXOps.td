//===- TirXOps.td - tirx operations ------------------------*- tablegen -*-===//
//
// Part of TileIR.
//
//===----------------------------------------------------------------------===//

#ifndef TILEIR_DIALECT_TIRX_TIRXOPS_TD
#define TILEIR_DIALECT_TIRX_TIRXOPS_TD

include "tileir/Dialect/TirX/IR/TirXTypes.td"
include "tileir/Dialect/TirX/IR/TirXInterfaces.td"
include "mlir/Dialect/Arith/IR/ArithBase.td"
include "mlir/Interfaces/SideEffectInterfaces.td"
include "mlir/Interfaces/ViewLikeInterface.td"
include "mlir/IR/CommonAttrConstraints.td"
include "mlir/IR/BuiltinAttributeInterfaces.td"
include "mlir/Dialect/LLVMIR/LLVMOpBase.td"

class TirX_Op<string mnemonic, list<Trait> traits = []>
    : Op<TirX_Dialect, mnemonic, traits>;

def TirX_Buffer : Type<CPred<"::llvm::isa<::mlir::tirx::BufferType>($_self)">,
                       "tirx buffer", "::mlir::tirx::BufferType">;
def TirX_OnChipBuffer : Type<And<[TirX_Buffer.predicate,
    CPred<"!::llvm::cast<::mlir::tirx::BufferType>($_self).isGlobal()">]>,
    "local or shared tirx buffer", "::mlir::tirx::BufferType">;
def TirX_BufferOrScalar : AnyTypeOf<[TirX_Buffer, AnySignlessInteger, AnyFloat]>;

//===----------------------------------------------------------------------===//
// Buffers
//===----------------------------------------------------------------------===//

def TirX_AllocOp : TirX_Op<"alloc", [MemoryEffects<[MemAlloc]>]> {
  let summary = "Allocates a local (register) or shared buffer";
  let description = [{
    A `local` buffer is per thread: each thread allocates the storage of the
    buffer's layout (its register bundle). A `shared` buffer is one
    allocation for the CTA.

    Example:

    ```mlir
    %b = tirx.alloc : !tirx.buffer<1024xf32, local, #tirx.layout<S[(2,128,4):(4,1@tx,1)]>>
    ```
  }];
  let results = (outs Res<TirX_OnChipBuffer, "", [MemAlloc]>:$result);
  let assemblyFormat = "attr-dict `:` qualified(type($result))";
  // A local buffer that nothing reads goes, with the ops that write it.
  let hasCanonicalizer = 1;
}

def TirX_GlobalViewOp : TirX_Op<"global_view", [Pure, AttrSizedOperandSegments]> {
  let summary = "A global buffer over a device pointer with sizes and strides";
  let description = [{
    Describes a strided tensor in global memory: element `(i0, ..., in)` is at
    `ptr + sum(ik * strides[k])` elements. Sizes and strides may be static or
    dynamic (`index` operands), written in the mixed form of
    `memref.reinterpret_cast`.

    Example:

    ```mlir
    %g = tirx.global_view %ptr sizes [%n, 8192] strides [8192, 1]
        : !llvm.ptr<1> -> !tirx.buffer<?x8192xf32, global>
    ```
  }];
  let arguments = (ins LLVM_AnyPointer:$ptr,
                       Variadic<Index>:$sizes, Variadic<Index>:$strides,
                       DenseI64ArrayAttr:$static_sizes,
                       DenseI64ArrayAttr:$static_strides,
                       DefaultValuedAttr<I64Attr, "0">:$alignment);
  let results = (outs TirX_Buffer:$result);
  let assemblyFormat = [{
    $ptr `sizes` custom<DynamicIndexList>($sizes, $static_sizes)
    `strides` custom<DynamicIndexList>($strides, $static_strides)
    attr-dict `:` type($ptr) `->` qualified(type($result))
  }];
  let hasVerifier = 1;
  let extraClassDeclaration = [{
    ::llvm::SmallVector<::mlir::OpFoldResult> getMixedSizes();
    ::llvm::SmallVector<::mlir::OpFoldResult> getMixedStrides();
  }];
}

def TirX_RegionOp : TirX_Op<"region", [Pure]> {
  let summary = "A static-shape region of a global buffer";
  let description = [{
    The region of `source` that starts at `offsets` (in elements, one per
    dimension) and has the result's static shape. Elements of the region
    that fall outside the source's extents are out of bounds: copies read
    the padding value for them and skip them when writing.

    Example:

    ```mlir
    %r = tirx.region %g [%row, 0] : !tirx.buffer<?x8192xf32, global> -> !tirx.buffer<1x8192xf32, global>
    ```
  }];
  let arguments = (ins TirX_Buffer:$source, Variadic<Index>:$offsets,
                       DenseI64ArrayAttr:$static_offsets);
  let results = (outs TirX_Buffer:$result);
  let assemblyFormat = [{
    $source custom<DynamicIndexList>($offsets, $static_offsets)
    attr-dict `:` qualified(type($source)) `->` qualified(type($result))
  }];
  let hasVerifier = 1;
  let extraClassDeclaration = [{
    ::llvm::SmallVector<::mlir::OpFoldResult> getMixedOffsets();
  }];
}

def TirX_ViewOp : TirX_Op<"view", [Pure]> {
  let summary = "Reinterprets an on-chip buffer's storage with another shape and layout";
  let description = [{
    The result aliases the source's storage: element `x` of the result is the
    storage element its layout names. Used for reshapes (the same layout on a
    shape with as many elements) and broadcasts (stride-0 iters).

    Example:

    ```mlir
    %v = tirx.view %b : !tirx.buffer<1xf32, local, #tirx.layout<S[1:1] + R[128:1@tx]>>
                     -> !tirx.buffer<1x1024xf32, local, #tirx.layout<S[(2,128,4):(0,1@tx,0)]>>
    ```
  }];
  let arguments = (ins TirX_OnChipBuffer:$source);
  let results = (outs TirX_OnChipBuffer:$result);
  let assemblyFormat = [{
    $source attr-dict `:` qualified(type($source)) `->` qualified(type($result))
  }];
  let hasVerifier = 1;
}

//===----------------------------------------------------------------------===//
// Primitives
//===----------------------------------------------------------------------===//

class TirX_Primitive<string mnemonic, list<Trait> traits = []>
    : TirX_Op<mnemonic, traits # [TirX_PrimitiveOpInterface]> {
  dag commonArgs = (ins TirX_ExecScopeAttr:$scope,
                        OptionalAttr<DictionaryAttr>:$config,
                        OptionalAttr<StrAttr>:$dispatch);
}

def TirX_CopyOp : TirX_Primitive<"copy"> {
  let summary = "Copies a buffer into another of the same shape";
  let description = [{
    `dst[x] = src[x]` for every logical element `x`. One side may be a global
    region: reads of out-of-bounds elements give `padding` (zero when absent),
    writes of out-of-bounds elements are skipped.

    Example:

    ```mlir
    tirx.copy cta %dst, %region {padding = 0.0 : f32} : !tirx.buffer<...>, !tirx.buffer<...>
    ```
  }];
  let arguments = !con((ins Arg<TirX_Buffer, "", [MemWrite]>:$dst,
                            Arg<TirX_Buffer, "", [MemRead]>:$src,
                            OptionalAttr<TypedAttrInterface>:$padding),
                       commonArgs);
  let assemblyFormat = [{
    $scope $dst `,` $src attr-dict `:` qualified(type($dst)) `,` qualified(type($src))
  }];
  let hasVerifier = 1;
}

def TirX_FillOp : TirX_Primitive<"fill"> {
  let summary = "Fills a buffer with a scalar";
  let description = [{
    `dst[x] = value` for every element; `value` has the element type.

    Example:

    ```mlir
    tirx.fill cta %acc, %zero : !tirx.buffer<256xf32, local, #tirx.layout<S[(128,2):(1@tx,1)]>>, f32
    ```
  }];
  let arguments = !con((ins Arg<TirX_OnChipBuffer, "", [MemWrite]>:$dst,
                            AnyTypeOf<[AnySignlessInteger, AnyFloat]>:$value),
                       commonArgs);
  let assemblyFormat = [{
    $scope $dst `,` $value attr-dict `:` qualified(type($dst)) `,` type($value)
  }];
  let hasVerifier = 1;
}

def TirX_ZeroOp : TirX_Primitive<"zero"> {
  let summary = "Sets every element of a buffer to zero";
  let description = [{
    `dst[x] = 0` (integer zero, or +0.0 for floats).

    Example:

    ```mlir
    tirx.zero warp %acc : !tirx.buffer<32x8xf32, local, #tirx.layout<S[(32,8):(1@laneid,1)]>>
    ```
  }];
  let arguments = !con((ins Arg<TirX_OnChipBuffer, "", [MemWrite]>:$dst),
                       commonArgs);
  let assemblyFormat = "$scope $dst attr-dict `:` qualified(type($dst))";
}

def TirX_MemsetOp : TirX_Primitive<"memset"> {
  let summary = "Sets every byte of a buffer's elements to one byte value";
  let description = [{
    Byte semantics, as C's `memset`: every element of `dst` receives the bit
    pattern made of its bytes all equal to `value` (0 to 255), whatever the
    element type. `memset(dst, 0)` is `zero(dst)`; on f32 `0xff` gives the
    NaN pattern `0xffffffff`, on i16 `0x01` gives 257. Element types must be
    whole bytes (not i1).

    Example:

    ```mlir
    tirx.memset cta %flags, 255 : !tirx.buffer<256xi32, shared, #tirx.layout<S[256:1]>>
    ```
  }];
  let arguments = !con((ins Arg<TirX_OnChipBuffer, "", [MemWrite]>:$dst,
                            I64Attr:$value),
                       commonArgs);
  let assemblyFormat = [{
    $scope $dst `,` $value attr-dict `:` qualified(type($dst))
  }];
  let hasVerifier = 1;
  let extraClassDeclaration = [{
    /// The element bit pattern: `value` repeated in every byte.
    ::llvm::APInt getElementBits();
  }];
}

def TirX_IotaOp : TirX_Primitive<"iota"> {
  let summary = "Writes each element's row-major logical index";
  let arguments = !con((ins Arg<TirX_OnChipBuffer, "", [MemWrite]>:$dst),
                       commonArgs);
  let assemblyFormat = "$scope $dst attr-dict `:` qualified(type($dst))";
  let hasVerifier = 1;
}

class TirX_UnaryPrimitive<string mnemonic, string math> : TirX_Primitive<mnemonic> {
  let summary = "Elementwise `" # mnemonic # "`";
  let description = [{
    `dst[x] = }] # math # [{` on floats. Fast math is chosen per op, with the
    unit attributes or the same keys in `config`: `approx` selects the
    hardware approximation (f32 only: `ex2.approx`, `lg2.approx`,
    `sqrt.approx`, `rcp.approx`), `ftz` the `.ftz` forms that flush f32
    denormals to zero. A variant that cannot honour them rejects the op.

    Example:

    ```mlir
    tirx.}] # mnemonic # [{ warp %d, %s {approx} : !tirx.buffer<32x8xf32, local, #tirx.layout<S[(32,8):(1@laneid,1)]>>, !tirx.buffer<32x8xf32, local, #tirx.layout<S[(32,8):(1@laneid,1)]>>
    ```
  }];
  let arguments = !con((ins Arg<TirX_OnChipBuffer, "", [MemWrite]>:$dst,
                            Arg<TirX_OnChipBuffer, "", [MemRead]>:$src,
                            UnitAttr:$approx, UnitAttr:$ftz),
                       commonArgs);
  let assemblyFormat = [{
    $scope $dst `,` $src attr-dict `:` qualified(type($dst)) `,` qualified(type($src))
  }];
  let hasVerifier = 1;
}

/// The unary math family of TIRx: op(src * scale + bias), `scale` and `bias`
/// optional buffers (the destination's shape) or scalars.
class TirX_UnaryMathPrimitive<string mnemonic, string math>
    : TirX_Primitive<mnemonic, [AttrSizedOperandSegments]> {
  let summary = "Elementwise `" # mnemonic # "` of `src * scale + bias`";
  let description = [{
    `dst[x] = }] # math # [{(src[x] * scale[x] + bias[x])`, where the optional
    `scale` (default 1) and `bias` (default 0) are buffers of the
    destination's shape or scalars of its element type; the affine part is
    one fused multiply-add when both are present. Fast math is chosen per
    op, with the unit attributes or the same keys in `config`: `approx`
    selects the hardware approximation (f32 only: `ex2.approx`,
    `lg2.approx`, `sqrt.approx`), `ftz` the `.ftz` forms. A variant that
    cannot honour them rejects the op.

    Example:

    ```mlir
    tirx.}] # mnemonic # [{ cta %d, %s scale %sc : f32 bias %b : f32 {approx} : !tirx.buffer<256xf32, local, #tirx.layout<S[(128,2):(1@tx,1)]>>, !tirx.buffer<256xf32, local, #tirx.layout<S[(128,2):(1@tx,1)]>>
    ```
  }];
  let arguments = !con((ins Arg<TirX_OnChipBuffer, "", [MemWrite]>:$dst,
                            Arg<TirX_OnChipBuffer, "", [MemRead]>:$src,
                            Optional<TirX_BufferOrScalar>:$scale,
                            Optional<TirX_BufferOrScalar>:$bias,
                            UnitAttr:$approx, UnitAttr:$ftz),
                       commonArgs);
  let assemblyFormat = [{
    $scope $dst `,` $src (`scale` $scale^ `:` qualified(type($scale)))?
    (`bias` $bias^ `:` qualified(type($bias)))?
    attr-dict `:` qualified(type($dst)) `,` qualified(type($src))
  }];
  let hasVerifier = 1;
}

def TirX_SqrtOp : TirX_UnaryMathPrimitive<"sqrt", "sqrt">;
def TirX_ExpOp : TirX_UnaryMathPrimitive<"exp", "e^">;
def TirX_Exp2Op : TirX_UnaryMathPrimitive<"exp2", "2^">;
def TirX_Log2Op : TirX_UnaryMathPrimitive<"log2", "log2">;
def TirX_ReciprocalOp : TirX_UnaryPrimitive<"reciprocal", "1 / src[x]">;
def TirX_SiluOp : TirX_UnaryPrimitive<"silu", "src[x] / (1 + e^-src[x])">;

def TirX_CastOp : TirX_Primitive<"cast"> {
  let summary = "Elementwise conversion between element types";
  let description = [{
    Integer widening/narrowing (sign- or zero-extension by `unsigned`),
    integer <-> float, and float <-> float among f16, bf16, f32, f64,
    f8E4M3FN and f8E5M2, rounding to nearest even. Float narrowing follows
    cuda_tile's `ftof`: to f8E4M3FN it saturates (`satfinite`: values beyond
    the largest finite value, infinities included, become +-448; NaN stays
    NaN); to f8E5M2 and to f16/bf16 it keeps infinities and NaN (values that
    round beyond the largest finite value become infinities). f8 has no
    integer conversions.

    Example:

    ```mlir
    tirx.cast cta %q, %x : !tirx.buffer<256xf8E4M3FN, local, #tirx.layout<S[(128,2):(1@tx,1)]>>, !tirx.buffer<256xf32, local, #tirx.layout<S[(128,2):(1@tx,1)]>>
    ```
  }];
  let arguments = !con((ins Arg<TirX_OnChipBuffer, "", [MemWrite]>:$dst,
                            Arg<TirX_OnChipBuffer, "", [MemRead]>:$src,
                            UnitAttr:$unsigned_),
                       commonArgs);
  let assemblyFormat = [{
    $scope $dst `,` $src attr-dict `:` qualified(type($dst)) `,` qualified(type($src))
  }];
  let hasVerifier = 1;
}

class TirX_BinaryPrimitive<string mnemonic> : TirX_Primitive<mnemonic> {
  let summary = "Elementwise `" # mnemonic # "`";
  let description = [{
    `dst[x] = op(lhs[x], rhs[x])`; either source may be a scalar, used for
    every element. `propagate_nan` (maximum/minimum on floats) selects IEEE
    maximum/minimum, otherwise NaN-ignoring maxNum/minNum; `unsigned_`
    selects unsigned integer semantics.
  }];
  let arguments = !con((ins Arg<TirX_OnChipBuffer, "", [MemWrite]>:$dst,
                            Arg<TirX_BufferOrScalar, "", [MemRead]>:$lhs,
                            Arg<TirX_BufferOrScalar, "", [MemRead]>:$rhs,
                            UnitAttr:$propagate_nan, UnitAttr:$unsigned_),
                       commonArgs);
  let assemblyFormat = [{
    $scope $dst `,` $lhs `,` $rhs attr-dict `:` qualified(type($dst)) `,`
    qualified(type($lhs)) `,` qualified(type($rhs))
  }];
  let hasVerifier = 1;
}

def TirX_AddOp : TirX_BinaryPrimitive<"add">;
def TirX_SubOp : TirX_BinaryPrimitive<"sub">;
def TirX_MulOp : TirX_BinaryPrimitive<"mul">;
def TirX_FDivOp : TirX_BinaryPrimitive<"fdiv">;
def TirX_MaximumOp : TirX_BinaryPrimitive<"maximum">;
def TirX_MinimumOp : TirX_BinaryPrimitive<"minimum">;

def TirX_FmaOp : TirX_Primitive<"fma"> {
  let summary = "Elementwise fused multiply-add: dst = src * scale + bias";
  let description = [{
    `dst[x] = src[x] * scale[x] + bias[x]` with one rounding (floats);
    `src`, `scale` and `bias` are buffers of the destination's shape or
    scalars of its element type. `ftz` in `config` selects the `.ftz` form
    on f32.

    Example:

    ```mlir
    tirx.fma cta %d, %x, %s, %b : !tirx.buffer<256xf16, local, #tirx.layout<S[(128,2):(1@tx,1)]>>, !tirx.buffer<256xf16, local, #tirx.layout<S[(128,2):(1@tx,1)]>>, f16, !tirx.buffer<256xf16, local, #tirx.layout<S[(128,2):(1@tx,1)]>>
    ```
  }];
  let arguments = !con((ins Arg<TirX_OnChipBuffer, "", [MemWrite]>:$dst,
                            Arg<TirX_BufferOrScalar, "", [MemRead]>:$src,
                            Arg<TirX_BufferOrScalar, "", [MemRead]>:$scale,
                            Arg<TirX_BufferOrScalar, "", [MemRead]>:$bias),
                       commonArgs);
  let assemblyFormat = [{
    $scope $dst `,` $src `,` $scale `,` $bias attr-dict `:`
    qualified(type($dst)) `,` qualified(type($src)) `,`
    qualified(type($scale)) `,` qualified(type($bias))
  }];
  let hasVerifier = 1;
}

def TirX_CmpOp : TirX_Primitive<"cmp"> {
  let summary = "Elementwise comparison into an i1 buffer";
  let arguments = !con((ins Arg<TirX_OnChipBuffer, "", [MemWrite]>:$dst,
                            Arg<TirX_BufferOrScalar, "", [MemRead]>:$lhs,
                            Arg<TirX_BufferOrScalar, "", [MemRead]>:$rhs,
                            AnyAttrOf<[Arith_CmpIPredicateAttr,
                                       Arith_CmpFPredicateAttr]>:$predicate),
                       commonArgs);
  let assemblyFormat = [{
    $scope $predicate $dst `,` $lhs `,` $rhs attr-dict `:` qualified(type($dst)) `,`
    qualified(type($lhs)) `,` qualified(type($rhs))
  }];
  let hasVerifier = 1;
}

def TirX_SelectOp : TirX_Primitive<"select"> {
  let summary = "Elementwise select: dst = cond ? on_true : on_false";
  let arguments = !con((ins Arg<TirX_OnChipBuffer, "", [MemWrite]>:$dst,
                            Arg<TirX_BufferOrScalar, "", [MemRead]>:$cond,
                            Arg<TirX_BufferOrScalar, "", [MemRead]>:$on_true,
                            Arg<TirX_BufferOrScalar, "", [MemRead]>:$on_false),
                       commonArgs);
  let assemblyFormat = [{
    $scope $dst `,` $cond `,` $on_true `,` $on_false attr-dict `:`
    qualified(type($dst)) `,` qualified(type($cond)) `,`
    qualified(type($on_true)) `,` qualified(type($on_false))
  }];
  let hasVerifier = 1;
}

class TirX_ReducePrimitive<string mnemonic> : TirX_Primitive<mnemonic> {
  let summary = "Reduction `" # mnemonic # "` over `axes`";
  let description = [{
    `dst` has the shape of `src` without the reduced `axes`. Every thread
    that holds an element of `dst` (including replicas) receives the result.
    `propagate_nan` (max/min) gives IEEE maximum/minimum semantics.
  }];
  let arguments = !con((ins Arg<TirX_OnChipBuffer, "", [MemWrite]>:$dst,
                            Arg<TirX_OnChipBuffer, "", [MemRead]>:$src,
                            DenseI64ArrayAttr:$axes,
                            UnitAttr:$propagate_nan),
                       commonArgs);
  let assemblyFormat = [{
    $scope $dst `,` $src `axes` `=` $axes attr-dict `:` qualified(type($dst)) `,`
    qualified(type($src))
  }];
  let hasVerifier = 1;
}

def TirX_SumOp : TirX_ReducePrimitive<"sum">;
def TirX_MaxOp : TirX_ReducePrimitive<"max">;
def TirX_MinOp : TirX_ReducePrimitive<"min">;

def TirX_LoadPtrOp : TirX_Primitive<"load_ptr", [AttrSizedOperandSegments,
    MemoryEffects<[MemRead, MemWrite]>]> {
  let summary = "Gathers elements through a buffer of pointers";
  let description = [{
    `dst[x] = mask[x] ? *ptrs[x] : padding`; `ptrs` holds 64-bit global
    addresses (i64). Without a mask every element is loaded; without a
    padding value masked-off elements are zero.
  }];
  let arguments = !con((ins TirX_OnChipBuffer:$dst,
                            TirX_OnChipBuffer:$ptrs,
                            Optional<TirX_BufferOrScalar>:$mask,
                            Optional<TirX_BufferOrScalar>:$padding_value),
                       commonArgs);
  let assemblyFormat = [{
    $scope $dst `,` $ptrs (`mask` $mask^ `:` qualified(type($mask)))?
    (`padding` $padding_value^ `:` qualified(type($padding_value)))?
    attr-dict `:` qualified(type($dst)) `,` qualified(type($ptrs))
  }];
  let hasVerifier = 1;
}

def TirX_StorePtrOp : TirX_Primitive<"store_ptr",
    [MemoryEffects<[MemRead, MemWrite]>]> {
  let summary = "Scatters elements through a buffer of pointers";
  let arguments = !con((ins TirX_OnChipBuffer:$ptrs,
                            TirX_OnChipBuffer:$src,
                            Optional<TirX_BufferOrScalar>:$mask),
                       commonArgs);
  let assemblyFormat = [{
    $scope $ptrs `,` $src (`mask` $mask^ `:` qualified(type($mask)))?
    attr-dict `:` qualified(type($ptrs)) `,` qualified(type($src))
  }];
  let hasVerifier = 1;
}

include "tileir/Dialect/TirX/IR/TirXKernelOps.td"
include "tileir/Dialect/TirX/IR/TirXMapOps.td"
include "tileir/Dialect/TirX/IR/TirXGemmOps.td"
include "tileir/Dialect/TirX/IR/TirXComposeOps.td"
include "tileir/Dialect/TirX/IR/TirXCopyOps.td"
include "tileir/Dialect/TirX/IR/TirXAtomicOps.td"
include "tileir/Dialect/TirX/IR/TirXRegionReduceOps.td"
include "tileir/Dialect/TirX/IR/TirXReadOps.td"

#endif // TILEIR_DIALECT_TIRX_TIRXOPS_TD
