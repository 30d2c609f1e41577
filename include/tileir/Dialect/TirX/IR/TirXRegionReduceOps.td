//===- TirXRegionReduceOps.td - reduce and scan with a body -*- tablegen -*-===//
//
// Part of TileIR. tirx.reduce and tirx.scan: reductions and scans of N
// buffers together with a combiner given as a scalar body.
//
//===----------------------------------------------------------------------===//

#ifndef TILEIR_DIALECT_TIRX_TIRXREGIONREDUCEOPS_TD
#define TILEIR_DIALECT_TIRX_TIRXREGIONREDUCEOPS_TD

def TirX_RegionReduceOp : TirX_Primitive<"reduce", [SingleBlock,
    RecursiveMemoryEffects, AttrSizedOperandSegments]> {
  let summary = "Reduces N buffers over `axes` with a scalar combiner body";
  let description = [{
    Combines the elements of the `srcs` (N buffers of one shape) along
    `axes`: for every kept index, the N-tuple `(srcs[0][x], ...,
    srcs[N-1][x])` of each reduced position is folded with the body. The body
    has 2N scalar arguments, one pair per operand: `(lhs_0, rhs_0, lhs_1,
    rhs_1, ...)`, where the `lhs` values stand for lower indices along the
    axes than the `rhs` values, and yields the N combined values with
    `tirx.reduce_yield`. The body must be free of memory effects,
    associative and commutative: variants combine in an unspecified order (as
    Triton's `tl.reduce`). `identities` holds one typed attribute per
    operand: the neutral element that variants may use to start serial loops
    and pad partials.

    With destinations, `dsts[i]` has the shape of `srcs[i]` without the
    reduced axes (`[1]` when every axis is reduced) and every thread that
    holds an element of it (including replicas) receives the result. Without
    destinations every axis must be reduced and the op returns the N results
    as scalars, held by every thread of the scope.

    Example (argmax of a row: value and index pairs):

    ```mlir
    tirx.reduce cta dsts(%mv, %mi : !tirx.buffer<8xf32, local, #R>, !tirx.buffer<8xi32, local, #R>)
        srcs(%v, %i : !tirx.buffer<8x64xf32, local, #L>, !tirx.buffer<8x64xi32, local, #L>)
        axes = [1] identities = [0xFF800000 : f32, 0 : i32] {
    ^bb0(%v0: f32, %v1: f32, %i0: i32, %i1: i32):
      %gt = arith.cmpf ogt, %v1, %v0 : f32
      %v = arith.select %gt, %v1, %v0 : f32
      %i = arith.select %gt, %i1, %i0 : i32
      tirx.reduce_yield %v, %i : f32, i32
    }
    ```
  }];
  let arguments = !con((ins Arg<Variadic<TirX_OnChipBuffer>, "", [MemWrite]>:$dsts,
                            Arg<Variadic<TirX_OnChipBuffer>, "", [MemRead]>:$srcs,
                            DenseI64ArrayAttr:$axes,
                            ArrayAttr:$identities),
                       commonArgs);
  let results = (outs Variadic<AnyTypeOf<[AnySignlessInteger, AnyFloat]>>:$results);
  let regions = (region SizedRegion<1>:$body);
  let assemblyFormat = [{
    $scope (`dsts` `(` $dsts^ `:` qualified(type($dsts)) `)`)?
    `srcs` `(` $srcs `:` qualified(type($srcs)) `)`
    `axes` `=` $axes `identities` `=` $identities attr-dict-with-keyword
    (`->` type($results)^)? $body
  }];
  let hasVerifier = 1;
  let hasRegionVerifier = 1;
}

def TirX_RegionScanOp : TirX_Primitive<"scan", [SingleBlock,
    RecursiveMemoryEffects, AttrSizedOperandSegments]> {
  let summary = "Inclusive scan of N buffers along `axis` with a scalar body";
  let description = [{
    `dsts[i][..., k, ...] = fold(srcs[..., 0, ...] .. srcs[..., k, ...])[i]`
    along `axis` (from the last index down with `reverse`), where `fold`
    combines the N-tuples of the operands with the body. The body is that of
    `tirx.reduce`: 2N scalar arguments in pairs `(lhs_i, rhs_i)`, the `lhs`
    holding the values earlier in scan order, yielding N values with
    `tirx.reduce_yield`; it must be free of memory effects and associative.
    `identities` (one typed attribute per operand) is the neutral element:
    variants use it for the exclusive prefix of the first position. `dsts`
    have the shapes and element types of `srcs`.

    Example (reverse running sum of each column):

    ```mlir
    tirx.scan cta dsts(%d : !tirx.buffer<64x8xf32, local, #L>)
        srcs(%s : !tirx.buffer<64x8xf32, local, #L>) axis = 0 reverse
        identities = [0.0 : f32] {
    ^bb0(%a: f32, %b: f32):
      %r = arith.addf %a, %b : f32
      tirx.reduce_yield %r : f32
    }
    ```
  }];
  let arguments = !con((ins Arg<Variadic<TirX_OnChipBuffer>, "", [MemWrite]>:$dsts,
                            Arg<Variadic<TirX_OnChipBuffer>, "", [MemRead]>:$srcs,
                            I64Attr:$axis, UnitAttr:$reverse,
                            ArrayAttr:$identities),
                       commonArgs);
  let regions = (region SizedRegion<1>:$body);
  let assemblyFormat = [{
    $scope `dsts` `(` $dsts `:` qualified(type($dsts)) `)`
    `srcs` `(` $srcs `:` qualified(type($srcs)) `)`
    `axis` `=` $axis (`reverse` $reverse^)? `identities` `=` $identities
    attr-dict-with-keyword $body
  }];
  let hasVerifier = 1;
  let hasRegionVerifier = 1;
}

def TirX_ReduceYieldOp : TirX_Op<"reduce_yield", [Pure, Terminator,
    ParentOneOf<["::mlir::tirx::RegionReduceOp",
                 "::mlir::tirx::RegionScanOp"]>]> {
  let summary = "Yields the combined values of a tirx.reduce or tirx.scan body";
  let arguments = (ins Variadic<AnyType>:$values);
  let assemblyFormat = "$values attr-dict `:` type($values)";
}

#endif // TILEIR_DIALECT_TIRX_TIRXREGIONREDUCEOPS_TD
