//===- TirXComposeOps.td - tirx fused and compose ops ------*- tablegen -*-===//
//
// Part of TileIR. TIRx's fused primitives (binary_reduce, unary_reduce,
// binary_chain, reduce_negate) and the compose_op frame. TIRx fuses them
// on Trainium; on CUDA the `decompose` variant writes each fused form as its
// primitives (slow: a temporary per call), and compose_op is inlined once
// its body is dispatched.
//
//===----------------------------------------------------------------------===//

#ifndef TILEIR_DIALECT_TIRX_TIRXCOMPOSEOPS_TD
#define TILEIR_DIALECT_TIRX_TIRXCOMPOSEOPS_TD

/// A string attribute restricted to `values`.
class TirX_StrAttrOf<list<string> values> : ConfinedAttr<StrAttr, [
    AttrConstraint<Or<!foreach(v, values,
        CPred<"::llvm::cast<::mlir::StringAttr>($_self).getValue() == \"" # v # "\"">)>,
        "one of " # !interleave(values, ", ")>]>;

def TirX_BinaryOpKind : TirX_StrAttrOf<["add", "sub", "mul", "maximum", "minimum"]>;
def TirX_UnaryOpKind : TirX_StrAttrOf<["sqrt", "exp", "exp2", "log2", "reciprocal", "silu"]>;
def TirX_ReduceKind : TirX_StrAttrOf<["sum", "max", "min"]>;

def TirX_BinaryReduceOp : TirX_Primitive<"binary_reduce"> {
  let summary = "Fused elementwise binary op followed by a reduction";
  let description = [{
    `dst = reduce(op(lhs, rhs), axes)`: `op` (`add`, `sub`, `mul`,
    `maximum`, `minimum`) is applied elementwise to `lhs` and `rhs` (a
    buffer of `lhs`'s shape or a scalar), then `reduce` (`sum`, `max`,
    `min`) reduces the result over `axes` into `dst`, which has `lhs`'s
    shape without the reduced axes. On CUDA it is the binary primitive into
    a temporary and the reduction (`decompose`).

    Example:

    ```mlir
    tirx.binary_reduce cta "mul" "sum" %d, %x, %y axes = [1] : !tirx.buffer<1xf32, shared, #tirx.layout<S[1:1]>>, !tirx.buffer<1x256xf32, shared, #tirx.layout<S[1,256]>>, !tirx.buffer<1x256xf32, shared, #tirx.layout<S[1,256]>>
    ```
  }];
  let arguments = !con((ins Arg<TirX_OnChipBuffer, "", [MemWrite]>:$dst,
                            Arg<TirX_OnChipBuffer, "", [MemRead]>:$lhs,
                            Arg<TirX_BufferOrScalar, "", [MemRead]>:$rhs,
                            TirX_BinaryOpKind:$op, TirX_ReduceKind:$reduce,
                            DenseI64ArrayAttr:$axes),
                       commonArgs);
  let assemblyFormat = [{
    $scope $op $reduce $dst `,` $lhs `,` $rhs `axes` `=` $axes attr-dict `:`
    qualified(type($dst)) `,` qualified(type($lhs)) `,` qualified(type($rhs))
  }];
  let hasVerifier = 1;
}

def TirX_UnaryReduceOp : TirX_Primitive<"unary_reduce"> {
  let summary = "Fused elementwise unary op followed by a reduction";
  let description = [{
    `dst = reduce(op(src), axes)` with `op` one of the unary float
    primitives (`sqrt`, `exp`, `exp2`, `log2`, `reciprocal`, `silu`) and
    `reduce` one of `sum`, `max`, `min`. On CUDA it is the unary primitive
    into a temporary and the reduction (`decompose`).

    Example:

    ```mlir
    tirx.unary_reduce cta "exp" "sum" %d, %x axes = [1] : !tirx.buffer<1xf32, shared, #tirx.layout<S[1:1]>>, !tirx.buffer<1x256xf32, shared, #tirx.layout<S[1,256]>>
    ```
  }];
  let arguments = !con((ins Arg<TirX_OnChipBuffer, "", [MemWrite]>:$dst,
                            Arg<TirX_OnChipBuffer, "", [MemRead]>:$src,
                            TirX_UnaryOpKind:$op, TirX_ReduceKind:$reduce,
                            DenseI64ArrayAttr:$axes),
                       commonArgs);
  let assemblyFormat = [{
    $scope $op $reduce $dst `,` $src `axes` `=` $axes attr-dict `:`
    qualified(type($dst)) `,` qualified(type($src))
  }];
  let hasVerifier = 1;
}

def TirX_BinaryChainOp : TirX_Primitive<"binary_chain"> {
  let summary = "Two chained elementwise binary ops";
  let description = [{
    `dst[x] = op1(op0(a[x], b[x]), c[x])`; `b` and `c` may be scalars.
    On CUDA it is two binary primitives through a temporary (`decompose`).

    Example:

    ```mlir
    tirx.binary_chain cta "mul" "add" %d, %x, %s, %y : !tirx.buffer<256xf32, shared, #tirx.layout<S[256:1]>>, !tirx.buffer<256xf32, shared, #tirx.layout<S[256:1]>>, f32, !tirx.buffer<256xf32, shared, #tirx.layout<S[256:1]>>
    ```
  }];
  let arguments = !con((ins Arg<TirX_OnChipBuffer, "", [MemWrite]>:$dst,
                            Arg<TirX_OnChipBuffer, "", [MemRead]>:$a,
                            Arg<TirX_BufferOrScalar, "", [MemRead]>:$b,
                            Arg<TirX_BufferOrScalar, "", [MemRead]>:$c,
                            TirX_BinaryOpKind:$op0, TirX_BinaryOpKind:$op1),
                       commonArgs);
  let assemblyFormat = [{
    $scope $op0 $op1 $dst `,` $a `,` $b `,` $c attr-dict `:`
    qualified(type($dst)) `,` qualified(type($a)) `,` qualified(type($b)) `,`
    qualified(type($c))
  }];
  let hasVerifier = 1;
}

def TirX_ReduceNegateOp : TirX_Primitive<"reduce_negate"> {
  let summary = "A reduction whose result is negated";
  let description = [{
    `dst = -reduce(src, axes)` (e.g. the negated row maximum of a softmax).
    On CUDA it is the reduction and a multiplication by -1 in place
    (`decompose`).

    Example:

    ```mlir
    tirx.reduce_negate cta "max" %d, %x axes = [1] : !tirx.buffer<1xf32, shared, #tirx.layout<S[1:1]>>, !tirx.buffer<1x256xf32, shared, #tirx.layout<S[1,256]>>
    ```
  }];
  let arguments = !con((ins Arg<TirX_OnChipBuffer, "", [MemWrite]>:$dst,
                            Arg<TirX_OnChipBuffer, "", [MemRead]>:$src,
                            TirX_ReduceKind:$reduce, DenseI64ArrayAttr:$axes),
                       commonArgs);
  let assemblyFormat = [{
    $scope $reduce $dst `,` $src `axes` `=` $axes attr-dict `:`
    qualified(type($dst)) `,` qualified(type($src))
  }];
  let hasVerifier = 1;
}

def TirX_ComposeOp : TirX_Primitive<"compose_op",
    [SingleBlock, NoTerminator, RecursiveMemoryEffects]> {
  let summary = "A frame grouping primitives into one fused operation";
  let description = [{
    The body is a sequence of primitives (and the scalar IR they need) that
    together form one operation; it runs once, in order. On CUDA the body's
    primitives are dispatched one by one and the `inline` variant then
    splices the lowered body in place of the frame. The body may only hold
    primitives issued at the frame's scope or narrower, and no other frame.

    Example:

    ```mlir
    tirx.compose_op cta {
      tirx.mul cta %t, %x, %y : !L, !L, !L
      tirx.sum cta %d, %t axes = [1] : !R, !L
    }
    ```
  }];
  let arguments = commonArgs;
  let regions = (region SizedRegion<1>:$body);
  let assemblyFormat = "$scope $body attr-dict";
  let hasVerifier = 1;
}

#endif // TILEIR_DIALECT_TIRX_TIRXCOMPOSEOPS_TD
