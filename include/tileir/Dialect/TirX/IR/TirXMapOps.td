//===- TirXMapOps.td - the tirx.map primitive --------------*- tablegen -*-===//
//
// Part of TileIR.
//
//===----------------------------------------------------------------------===//

#ifndef TILEIR_DIALECT_TIRX_TIRXMAPOPS_TD
#define TILEIR_DIALECT_TIRX_TIRXMAPOPS_TD

def TirX_MapOp : TirX_Primitive<"map", [SingleBlock, RecursiveMemoryEffects]> {
  let summary = "Applies a scalar body to every element";
  let description = [{
    `dst[x] = body(inputs[0][x], ..., inputs[n-1][x])` for every logical
    element `x` of `dst`. An input is a buffer of `dst`'s shape or a scalar
    used for every element. The body has one block whose arguments are the
    inputs' element types (a scalar input's own type) and yields one value of
    `dst`'s element type; its operations must be free of memory effects
    (arith, math, and target intrinsics without side effects).

    `tirx.map` is how a front end lowers elementwise math that has no
    dedicated primitive (`tanh`, bit manipulation, integer division with
    a rounding mode, ...): the variants treat the body as the scalar emitter
    of the elementwise family, so one lowering covers every such op.

    Example:

    ```mlir
    tirx.map cta %dst, %a, %b : !tirx.buffer<1024xf32, local, #L>, !tirx.buffer<1024xf32, local, #L>, f32 {
    ^bb0(%x: f32, %y: f32):
      %t = math.tanh %x : f32
      %r = arith.mulf %t, %y : f32
      tirx.yield %r : f32
    }
    ```
  }];
  let arguments = !con((ins Arg<TirX_OnChipBuffer, "", [MemWrite]>:$dst,
                            Variadic<TirX_BufferOrScalar>:$inputs),
                       commonArgs);
  let regions = (region SizedRegion<1>:$body);
  let assemblyFormat = [{
    $scope $dst (`,` $inputs^)? attr-dict `:` qualified(type($dst))
    (`,` qualified(type($inputs))^)? $body
  }];
  let hasVerifier = 1;
  let hasRegionVerifier = 1;
}

def TirX_YieldOp : TirX_Op<"yield", [Pure, Terminator,
    HasParent<"::mlir::tirx::MapOp">]> {
  let summary = "Yields the element computed by a tirx.map body";
  let arguments = (ins AnyType:$value);
  let assemblyFormat = "$value attr-dict `:` type($value)";
}

#endif // TILEIR_DIALECT_TIRX_TIRXMAPOPS_TD
