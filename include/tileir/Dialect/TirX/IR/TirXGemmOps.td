//===- TirXGemmOps.td - tirx matrix-multiply primitives ----*- tablegen -*-===//
//
// Part of TileIR. Included at the end of TirXOps.td: `gemm`, `gemm_async`
// and `gemm_wait`.
//
//===----------------------------------------------------------------------===//

#ifndef TILEIR_DIALECT_TIRX_TIRXGEMMOPS_TD
#define TILEIR_DIALECT_TIRX_TIRXGEMMOPS_TD

class TirX_GemmPrimitive<string mnemonic> : TirX_Primitive<mnemonic> {
  let arguments = !con((ins Arg<TirX_OnChipBuffer, "", [MemWrite]>:$d,
                            Arg<TirX_OnChipBuffer, "", [MemRead]>:$a,
                            Arg<TirX_OnChipBuffer, "", [MemRead]>:$b,
                            Arg<TirX_OnChipBuffer, "", [MemRead]>:$c,
                            UnitAttr:$transpose_a, UnitAttr:$transpose_b,
                            DefaultValuedAttr<F64Attr, "1.0">:$alpha,
                            DefaultValuedAttr<F64Attr, "0.0">:$beta),
                       commonArgs);
  let assemblyFormat = [{
    $scope $d `,` $a `,` $b `,` $c attr-dict `:` qualified(type($d)) `,`
    qualified(type($a)) `,` qualified(type($b)) `,` qualified(type($c))
  }];
  let hasVerifier = 1;
  let extraClassDeclaration = [{
    /// How an integer input reads: `key` is `signed_a` (A) or `signed_b`
    /// (B) of the config, signed when absent (i8 buffers carry no
    /// signedness).
    bool isSignedInput(::llvm::StringRef key) {
      if (::mlir::DictionaryAttr config = getConfigAttr())
        if (auto flag = config.getAs<::mlir::BoolAttr>(key))
          return flag.getValue();
      return true;
    }
  }];
}

def TirX_GemmOp : TirX_GemmPrimitive<"gemm"> {
  let summary = "Matrix multiply-accumulate: D = alpha * op(A) * op(B) + beta * C";
  let description = [{
    `op(A)` is `A` (shape `M x K`) or, with `transpose_a`, the transpose of
    `A` (shape `K x M`); likewise `op(B)` is `B` (`K x N`) or, with
    `transpose_b`, the transpose of `B` (`N x K`). `D` and `C` have shape
    `M x N` and one element type (the accumulator type); `C` may be the same
    buffer as `D` (accumulate in place). When the op returns, every element
    of `D` is written. The transposes only change which logical index is the
    row: where each element is stored (registers, shared memory, K- or
    M-major) is the buffers' layouts' business.

    Element types: `f16` or `bf16` inputs with an `f32` or `f16`
    accumulator; `f8E4M3FN`/`f8E5M2` inputs (any mix) with an `f32` or
    `f16` accumulator; `f32` inputs with an `f32` accumulator, multiplied as
    tf32 (the sign, the exponent and the top 10 mantissa bits of each
    input: round with `cvt.rn.tf32.f32` first for nearest-even), or in full
    f32 precision with `config = {precision = "f32"}` (`"tf32"` is the
    default); with `config = {promote_k = N}` (`tirx.gemm` only, N dividing
    K, a float accumulator) the product is accumulated in chunks of N of K:
    each chunk's products are summed from zero and the sum added to the
    accumulator in its type (what cuBLAS's f8 GEMM without fast
    accumulation does with N = 128); `f64`
    inputs with an `f64` accumulator; `i8` inputs with an `i32` accumulator,
    each input signed or unsigned as `config = {signed_a, signed_b}` say
    (bools, signed when absent), the sum wrapping modulo 2^32.
    `config = {async_operands = true}` states that the shared-memory `A`
    and `B` were written by the async proxy only (TMA copies, waited for on
    their mbarrier) or by ordinary stores that a `tirx.async_proxy_fence`
    and a CTA barrier ordered since: the `wgmma` variant then issues no
    `fence.proxy.async` before its products (it fences by default, for
    operands written by ordinary stores or cp.async).
    `A` and `B` have one element type unless both are f8.
    `alpha` and `beta` are f64 attributes (default 1 and 0), integers with
    an integer accumulator. All buffers are
    on chip (`local` or `shared`) with a layout; `D` and `C` have one memory
    scope.

    The CUDA variants are `mma_sync` (warp, all operands in registers with the
    `mma.sync` fragment layouts), `wgmma` (warpgroup, sm_90a, A and B in
    shared memory with a wgmma-canonical layout) and the general `fma` (CTA,
    A and B in shared memory, D in registers, any layouts); see
    docs/Dispatch.md.

    Example:

    ```mlir
    tirx.gemm warp %d, %a, %b, %d {beta = 1.0} : !D, !A, !B, !D
    ```
  }];
}

def TirX_GemmAsyncOp : TirX_GemmPrimitive<"gemm_async"> {
  let summary = "Issues D = alpha * op(A) * op(B) + beta * C without waiting";
  let description = [{
    The asynchronous form of `tirx.gemm` (same operands, same verifier):
    it issues the matrix multiply and returns. Each `gemm_async` is one
    *group*. Until a `tirx.gemm_wait {pending = n}` issued by the same
    threads returns with at most `n` younger groups still pending, the
    group's `D` must not be read or written and its `A`, `B` and `C` must
    not be written. `gemm_wait {pending = 0}` completes every group.

    On sm_90a the `wgmma` variant emits `wgmma.fence`, one
    `wgmma.mma_async` per K step and `wgmma.commit_group`, but no
    `wgmma.wait_group`: the wait is `tirx.gemm_wait`. Elsewhere the general
    `per_element` variant computes the product before it returns (there is
    nothing to overlap with `mma.sync`).

    Example:

    ```mlir
    tirx.gemm_async warpgroup %d, %a, %b, %d {beta = 1.0} : !D, !A, !B, !D
    tirx.gemm_wait warpgroup {pending = 0}
    ```
  }];
}

def TirX_GemmWaitOp : TirX_Primitive<"gemm_wait",
    [MemoryEffects<[MemRead, MemWrite]>]> {
  let summary = "Waits until at most `pending` gemm_async groups are in flight";
  let description = [{
    Blocks the issuing threads until at most `pending` of the `gemm_async`
    groups they issued at the same execution scope are still in flight (the
    most recent ones); the results of every older group are then in their
    `D` buffers. On sm_90a at warpgroup scope this is
    `wgmma.wait_group.sync.aligned pending`; elsewhere every group has
    completed when its `gemm_async` returns and the wait is empty.

    Example:

    ```mlir
    tirx.gemm_wait warpgroup {pending = 1}
    ```
  }];
  let arguments = !con((ins DefaultValuedAttr<I64Attr, "0">:$pending),
                       commonArgs);
  let assemblyFormat = "$scope attr-dict";
  let hasVerifier = 1;
}

#endif // TILEIR_DIALECT_TIRX_TIRXGEMMOPS_TD
