//===- TirXReadOps.td - reading one element as a scalar ----*- tablegen -*-===//
//
// Part of TileIR.
//
//===----------------------------------------------------------------------===//

#ifndef TILEIR_DIALECT_TIRX_TIRXREADOPS_TD
#define TILEIR_DIALECT_TIRX_TIRXREADOPS_TD

def TirX_ReadOp : TirX_Op<"read", [MemoryEffects<[MemRead]>]> {
  let summary = "Reads one element of an on-chip buffer as a scalar";
  let description = [{
    The element at logical coordinate `indices` (one `index` per dimension)
    of `source`, as a scalar of the element type, in every thread that
    executes the op. The element must be available to every thread: the
    buffer is `shared` (written and synchronized before), or `local` with a
    layout whose shard has no thread axes (every thread holds every
    element; replica iters on thread axes are allowed). Shared layouts may
    not be swizzled. `tirx-lower-buffers` turns the op into a load from the
    buffer's storage.

    Example:

    ```mlir
    %v = tirx.read %s[%c0, %c1] : !tirx.buffer<2x2xf32, shared, #tirx.layout<S[(2,2):(2,1)]>> -> f32
    ```
  }];
  let arguments = (ins Arg<TirX_OnChipBuffer, "", [MemRead]>:$source,
                       Variadic<Index>:$indices);
  let results = (outs AnyTypeOf<[AnySignlessInteger, AnyFloat]>:$result);
  let assemblyFormat = [{
    $source `[` $indices `]` attr-dict `:` qualified(type($source)) `->` type($result)
  }];
  let hasVerifier = 1;
}

#endif // TILEIR_DIALECT_TIRX_TIRXREADOPS_TD
