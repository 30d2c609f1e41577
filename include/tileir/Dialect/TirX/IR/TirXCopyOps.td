//===- TirXCopyOps.td - tirx asynchronous data movement ----*- tablegen -*-===//
//
// Part of TileIR. The data-movement primitives beyond `tirx.copy`
// (`copy_async`, `permute_layout`) and the synchronization ops they need:
// cp.async groups and shared-memory mbarriers. Included at the end of
// TirXOps.td.
//
//===----------------------------------------------------------------------===//

#ifndef TILEIR_DIALECT_TIRX_TIRXCOPYOPS_TD
#define TILEIR_DIALECT_TIRX_TIRXCOPYOPS_TD

/// A shared i64 buffer (an array of mbarriers).
def TirX_BarrierBuffer : Type<And<[TirX_Buffer.predicate,
    CPred<"::llvm::cast<::mlir::tirx::BufferType>($_self).isShared()">,
    CPred<"::llvm::cast<::mlir::tirx::BufferType>($_self).getElementType()"
          ".isInteger(64)">]>,
    "shared i64 tirx buffer (mbarriers)", "::mlir::tirx::BufferType">;

//===----------------------------------------------------------------------===//
// Primitives
//===----------------------------------------------------------------------===//

def TirX_CopyAsyncOp : TirX_Primitive<"copy_async",
    [AttrSizedOperandSegments]> {
  let summary = "Starts an asynchronous copy between global and shared memory";
  let description = [{
    `dst[x] = src[x]` for every logical element `x`, completing later. One
    side is a `tirx.region` of a global view, the other a shared buffer.

    * Without `barrier`, the copy is a cp.async (LDGSTS) global -> shared
      copy: it joins the issuing thread's current cp.async group;
      `tirx.async_commit` closes the group and `tirx.async_wait` waits for
      it. Out-of-bounds elements of the region are zero-filled (the only
      `padding` cp.async supports is zero).
    * With `barrier` (an mbarrier in a shared i64 buffer, element `index`)
      and `tensor_map` (a global pointer to a 64-byte aligned CUtensorMap,
      see docs/ABI.md), the copy is a TMA bulk tensor copy: one thread of
      the scope issues it, and it completes on the mbarrier, which counts
      the bytes (`tirx.mbarrier_arrive_expect_tx`). The descriptor fixes
      the box (the region's shape, innermost dimension first), the element
      type, the swizzle and the out-of-bounds fill (zero).

    The shared buffer must not be read before the copy completes, and a
    shared -> global TMA copy must see the shared writes of every thread
    (a CTA barrier before it).

    Example:

    ```mlir
    tirx.copy_async cta %smem, %region : !tirx.buffer<64x64xf32, shared, #tirx.layout<S[64,64]>>, !tirx.buffer<64x64xf32, global>
    tirx.copy_async cta %smem, %region
        barrier(%bar[0] : !tirx.buffer<1xi64, shared, #tirx.layout<S[1]>>)
        tensor_map(%desc : !llvm.ptr<1>)
        : !tirx.buffer<64x64xf32, shared, #tirx.layout<S[64,64]>>, !tirx.buffer<64x64xf32, global>
    ```
  }];
  let arguments = !con((ins Arg<TirX_Buffer, "", [MemWrite]>:$dst,
                            Arg<TirX_Buffer, "", [MemRead]>:$src,
                            Optional<TirX_BarrierBuffer>:$barrier,
                            DefaultValuedAttr<I64Attr, "0">:$index,
                            Optional<LLVM_PointerInAddressSpace<1>>:$tensor_map,
                            OptionalAttr<TypedAttrInterface>:$padding),
                       commonArgs);
  let assemblyFormat = [{
    $scope $dst `,` $src
    (`barrier` `(` $barrier^ `[` $index `]` `:` qualified(type($barrier)) `)`)?
    (`tensor_map` `(` $tensor_map^ `:` type($tensor_map) `)`)?
    attr-dict `:` qualified(type($dst)) `,` qualified(type($src))
  }];
  let hasVerifier = 1;
}

def TirX_PermuteLayoutOp : TirX_Primitive<"permute_layout"> {
  let summary = "Moves a register tile into another register layout";
  let description = [{
    `dst[x] = src[x]` for two local buffers of one shape and element type
    in any two layouts: the layout change the conversion from cuda_tile
    states for every register tile that must move to another layout.
    Dispatch chooses the movement: registers only where every thread
    already holds what it keeps, a per-warp XOR-swizzled shared scratch at
    warp scope, a padded shared staging tile (in blocks for large tiles)
    at CTA scope, or a general copy.

    Example:

    ```mlir
    tirx.permute_layout warp %dst, %src
        : !tirx.buffer<32x32xf32, local, #tirx.layout<S[(32,32):(1,1@laneid)]>>,
          !tirx.buffer<32x32xf32, local, #tirx.layout<S[(32,32):(1@laneid,1)]>>
    ```
  }];
  let arguments = !con((ins Arg<TirX_OnChipBuffer, "", [MemWrite]>:$dst,
                            Arg<TirX_OnChipBuffer, "", [MemRead]>:$src),
                       commonArgs);
  let assemblyFormat = [{
    $scope $dst `,` $src attr-dict `:` qualified(type($dst)) `,` qualified(type($src))
  }];
  let hasVerifier = 1;
}

//===----------------------------------------------------------------------===//
// Synchronization (lowered directly by tirx-dispatch)
//===----------------------------------------------------------------------===//

def TirX_AsyncCommitOp : TirX_Op<"async_commit"> {
  let summary = "Closes the calling thread's current cp.async group";
  let description = [{
    Every `tirx.copy_async` issued without a barrier since the last commit
    joins one group (`cp.async.commit_group`).

    Example:

    ```mlir
    tirx.async_commit
    ```
  }];
  let assemblyFormat = "attr-dict";
}

def TirX_AsyncProxyFenceOp : TirX_Op<"async_proxy_fence"> {
  let summary = "Orders the calling thread's shared-memory writes before async-proxy reads";
  let description = [{
    `fence.proxy.async.shared::cta`: the calling thread's earlier writes of
    shared memory by ordinary stores (the generic proxy) are ordered before
    later accesses of the async proxy (wgmma operands, TMA stores). Other
    threads see them there after a CTA barrier that follows the fence. A
    product whose operands were written so, or by TMA, may then say so with
    `config = {async_operands = true}` and fence no more.

    Example:

    ```mlir
    tirx.async_proxy_fence
    ```
  }];
  let assemblyFormat = "attr-dict";
}

def TirX_AsyncWaitOp : TirX_Op<"async_wait"> {
  let summary = "Waits until at most `pending` cp.async groups are in flight";
  let description = [{
    `cp.async.wait_group pending`: the calling thread's copies of every
    older group have landed in shared memory. Other threads' copies are
    visible after a CTA barrier that follows the wait.

    Example:

    ```mlir
    tirx.async_wait {pending = 1}
    ```
  }];
  let arguments = (ins ConfinedAttr<I64Attr, [IntNonNegative]>:$pending);
  let assemblyFormat = "attr-dict";
}

def TirX_TensorMapsOp : TirX_Op<"tensor_maps"> {
  let summary = "Builds TMA tensor maps of global views in device memory";
  let description = [{
    Encodes one TMA tensor map (CUtensorMap) per global view, on the device:
    a kernel launched without host-encoded maps (cuTile's launch passes
    pointers, shapes and strides only) can still copy by TMA. Each view is
    a `tirx.global_view` whose innermost dimension has unit stride; map `i`
    describes view `i` (its base, sizes and strides) with the box
    `boxes[i]` (the shape of one copy, in the view's dimension order), the
    swizzle `swizzles[i]` (bytes: 0, 32, 64 or 128) and zero fill out of
    bounds.

    The maps live in a pool of slots in the kernel's global memory, one
    slot per CTA at a time: thread 0 of the CTA takes a free slot (an
    atomic lock, searched from the SM's own slots), writes the maps with
    `tensormap.replace` and fences them for the tensor-map proxy. The
    results are valid in thread 0 of the CTA only: the thread that issues
    a CTA-scope TMA copy (`tirx.copy_async` with a `tensor_map`).
    `tirx.tensor_maps_release` gives the slot back once every copy that
    uses the maps has completed. The base must be 16-byte aligned and the
    outer strides multiples of 16 bytes at run time (TMA's requirements).
    `tf32[i]` (f32 views only) makes map `i` a `.tf32` map: TMA rounds
    the f32 elements it copies to tf32 (to nearest, ties to even;
    utils/cutile/tf32_rounding.py checks it on the GPU).

    Example:

    ```mlir
    %maps:2 = tirx.tensor_maps %ga, %gb
        {boxes = [array<i64: 128, 64>, array<i64: 64, 64>],
         swizzles = array<i64: 128, 128>}
        : !tirx.buffer<?x?xf16, global>, !tirx.buffer<?x?xf16, global>
        -> !llvm.ptr<1>, !llvm.ptr<1>
    ```
  }];
  let arguments = (ins Variadic<TirX_Buffer>:$views,
                       TypedArrayAttrBase<DenseI64ArrayAttr,
                                          "box shapes">:$boxes,
                       DenseI64ArrayAttr:$swizzles,
                       OptionalAttr<DenseBoolArrayAttr>:$tf32);
  let results = (outs Variadic<LLVM_PointerInAddressSpace<1>>:$maps);
  let assemblyFormat = [{
    $views attr-dict `:` qualified(type($views)) `->` type($maps)
  }];
  let hasVerifier = 1;
  let extraClassDeclaration = [{
    /// The tensor-map element type (tensormap.replace's `elemtype`
    /// encoding) that TMA copies elements of `type` as, bit for bit, or
    /// with `roundToTf32` (f32 only) `.tf32`, which rounds them to tf32;
    /// nullopt for other types.
    static std::optional<unsigned> getDataType(::mlir::Type type,
                                               bool roundToTf32 = false);
    /// The PTX ISA (times ten) of tensormap.replace and the tensor-map
    /// proxy fences that the lowering emits.
    static constexpr unsigned kMinPtxVersion = 83;
  }];
}

def TirX_TensorMapsReleaseOp : TirX_Op<"tensor_maps_release"> {
  let summary = "Gives back the slot of the maps of a tirx.tensor_maps";
  let description = [{
    Executed by thread 0 of the CTA (the others skip it): frees the pool
    slot that holds the maps of `maps` (the first result of a
    `tirx.tensor_maps`), after every TMA copy through them has completed.

    Example:

    ```mlir
    tirx.tensor_maps_release %maps#0 : !llvm.ptr<1>
    ```
  }];
  let arguments = (ins LLVM_PointerInAddressSpace<1>:$maps);
  let assemblyFormat = "$maps attr-dict `:` type($maps)";
  let hasVerifier = 1;
}

def TirX_MBarrierInvalOp : TirX_Op<"mbarrier_inval"> {
  let summary = "Invalidates an mbarrier before its memory is used otherwise";
  let description = [{
    `mbarrier.inval.shared.b64` on mbarrier `index`: executed by the threads
    that reach it (guard it so that one thread does), after every wait on
    the mbarrier.

    Example:

    ```mlir
    tirx.mbarrier_inval %bar[0] : !tirx.buffer<1xi64, shared, #tirx.layout<S[1]>>
    ```
  }];
  let arguments = (ins Arg<TirX_BarrierBuffer, "", [MemWrite]>:$barrier,
                       I64Attr:$index);
  let assemblyFormat = [{
    $barrier `[` $index `]` attr-dict `:` qualified(type($barrier))
  }];
  let hasVerifier = 1;
}

def TirX_MBarrierInitOp : TirX_Op<"mbarrier_init"> {
  let summary = "Initializes an mbarrier with an expected arrival count";
  let description = [{
    Initializes mbarrier `index` of a shared i64 buffer
    (`mbarrier.init.shared.b64`). Executed by the threads that reach it:
    guard it so that one thread initializes, and place a CTA barrier before
    other threads use the mbarrier.

    Example:

    ```mlir
    tirx.mbarrier_init %bar[0], %count : !tirx.buffer<1xi64, shared, #tirx.layout<S[1]>>
    ```
  }];
  let arguments = (ins Arg<TirX_BarrierBuffer, "", [MemWrite]>:$barrier,
                       I64Attr:$index, I32:$count);
  let assemblyFormat = [{
    $barrier `[` $index `]` `,` $count attr-dict `:` qualified(type($barrier))
  }];
  let hasVerifier = 1;
}

def TirX_MBarrierArriveExpectTxOp : TirX_Op<"mbarrier_arrive_expect_tx"> {
  let summary = "Arrives on an mbarrier and expects `bytes` more transaction bytes";
  let description = [{
    `mbarrier.arrive.expect_tx.shared.b64`: the calling thread arrives and
    raises the mbarrier's pending transaction count by `bytes` (the bytes
    the TMA copies of this phase write).

    Example:

    ```mlir
    tirx.mbarrier_arrive_expect_tx %bar[0], %bytes : !tirx.buffer<1xi64, shared, #tirx.layout<S[1]>>
    ```
  }];
  let arguments = (ins Arg<TirX_BarrierBuffer, "", [MemRead, MemWrite]>:$barrier,
                       I64Attr:$index, I32:$bytes);
  let assemblyFormat = [{
    $barrier `[` $index `]` `,` $bytes attr-dict `:` qualified(type($barrier))
  }];
  let hasVerifier = 1;
}

def TirX_MBarrierArriveOp : TirX_Op<"mbarrier_arrive"> {
  let summary = "Arrives on an mbarrier";
  let description = [{
    `mbarrier.arrive.shared.b64` (release semantics at CTA scope): the
    calling thread arrives on mbarrier `index`; its earlier accesses are
    visible to the threads that wait for the phase this arrival completes.
    Executed by the threads that reach it: an mbarrier initialized with a
    count of N completes its phase after N arrivals.

    Example:

    ```mlir
    tirx.mbarrier_arrive %bar[0] : !tirx.buffer<1xi64, shared, #tirx.layout<S[1]>>
    ```
  }];
  let arguments = (ins Arg<TirX_BarrierBuffer, "", [MemRead, MemWrite]>:$barrier,
                       I64Attr:$index);
  let assemblyFormat = [{
    $barrier `[` $index `]` attr-dict `:` qualified(type($barrier))
  }];
  let hasVerifier = 1;
}

def TirX_MBarrierWaitOp : TirX_Op<"mbarrier_wait"> {
  let summary = "Waits until an mbarrier completes the phase of `parity`";
  let description = [{
    Spins on `mbarrier.try_wait.parity.shared.b64` until the phase with
    parity `parity` (0 for the first phase, then alternating) completes;
    after it the phase's TMA writes are visible to the waiting thread.

    Example:

    ```mlir
    tirx.mbarrier_wait %bar[0], %parity : !tirx.buffer<1xi64, shared, #tirx.layout<S[1]>>
    ```
  }];
  let arguments = (ins Arg<TirX_BarrierBuffer, "", [MemRead, MemWrite]>:$barrier,
                       I64Attr:$index, I32:$parity);
  let assemblyFormat = [{
    $barrier `[` $index `]` `,` $parity attr-dict `:` qualified(type($barrier))
  }];
  let hasVerifier = 1;
}

#endif // TILEIR_DIALECT_TIRX_TIRXCOPYOPS_TD
