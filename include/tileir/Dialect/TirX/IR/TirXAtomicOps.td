//===- TirXAtomicOps.td - atomics and per-element effects --*- tablegen -*-===//
//
// Part of TileIR. Element-wise atomics on buffers of global addresses and a
// per-element side-effecting body (printing, assertions).
//
//===----------------------------------------------------------------------===//

#ifndef TILEIR_DIALECT_TIRX_TIRXATOMICOPS_TD
#define TILEIR_DIALECT_TIRX_TIRXATOMICOPS_TD

def TirX_AtomicKind : TirX_StrAttrOf<["add", "fadd", "xchg", "and", "or",
    "xor", "max", "min", "umax", "umin", "cas"]>;
def TirX_AtomicOrdering : TirX_StrAttrOf<["monotonic", "acquire", "release",
    "acq_rel"]>;

def TirX_AtomicOp : TirX_Primitive<"atomic", [AttrSizedOperandSegments,
    MemoryEffects<[MemRead, MemWrite]>]> {
  let summary = "Element-wise atomic read-modify-write through pointers";
  let description = [{
    For every logical element `x` whose `mask[x]` holds (every element
    without a mask), atomically applies `kind` to the global location
    `ptrs[x]` (a 64-bit address) with `value[x]` and, when `dst` is given,
    writes the location's old value to `dst[x]` (masked-off elements of
    `dst` are unspecified). `kind = "cas"` stores `value[x]` when the old
    value equals `cmp[x]`. `ordering` is an LLVM atomic ordering and
    `syncscope` an NVPTX synchronization scope (`block`, `cluster`,
    `device`, or `""` for the system). Each element is updated once,
    whatever the number of threads holding it.

    `window %w [n]` (both or neither) is the front end's promise that every
    updating element's address lies in the `n` elements of the value's type
    starting at the 64-bit address `%w` (from `assume bounded` on the
    offsets of one base pointer): a window small enough for shared memory
    lets the update be privatized per CTA (docs/Conversion.md, "Atomics").
    Addresses outside the window are undefined behaviour, as with `assume`.

    Example:

    ```mlir
    tirx.atomic cta %ptrs, %ones mask %m : !tirx.buffer<256xi1, local, #L> {kind = "add", ordering = "monotonic", syncscope = "device"}
        : !tirx.buffer<256xi64, local, #L>, !tirx.buffer<256xi32, local, #L>
    ```
  }];
  let arguments = !con((ins Optional<TirX_OnChipBuffer>:$dst,
                            TirX_OnChipBuffer:$ptrs,
                            TirX_BufferOrScalar:$value,
                            Optional<TirX_BufferOrScalar>:$cmp,
                            Optional<TirX_BufferOrScalar>:$mask,
                            Optional<I64>:$window,
                            TirX_AtomicKind:$kind,
                            TirX_AtomicOrdering:$ordering,
                            StrAttr:$syncscope,
                            OptionalAttr<I64Attr>:$window_size),
                       commonArgs);
  let assemblyFormat = [{
    $scope (`into` $dst^ `:` qualified(type($dst)))? $ptrs `,` $value
    (`cmp` $cmp^ `:` qualified(type($cmp)))?
    (`mask` $mask^ `:` qualified(type($mask)))?
    (`window` $window^ `[` $window_size `]`)?
    attr-dict `:` qualified(type($ptrs)) `,` qualified(type($value))
  }];
  let hasVerifier = 1;
}

def TirX_ForEachOp : TirX_Primitive<"for_each", [SingleBlock, NoTerminator,
    MemoryEffects<[MemRead, MemWrite]>]> {
  let summary = "Runs a side-effecting scalar body once per element";
  let description = [{
    Runs `body(inputs[0][x], ..., inputs[n-1][x], x)` once for every logical
    element `x` of the inputs' common shape (by one of the threads holding
    it), where the last body argument is the row-major flat index of `x`
    (i64). A scalar input is passed as is. The body has no results: it is
    how a front end prints or checks every element of a register tile.

    Example:

    ```mlir
    tirx.for_each cta %t : !tirx.buffer<64xi1, local, #L> {
    ^bb0(%v: i1, %i: i64):
      cf.assert %v, "all positive"
    }
    ```
  }];
  let arguments = !con((ins Variadic<TirX_BufferOrScalar>:$inputs),
                       commonArgs);
  let regions = (region SizedRegion<1>:$body);
  let assemblyFormat = [{
    $scope $inputs attr-dict `:` qualified(type($inputs)) $body
  }];
  let hasVerifier = 1;
  let hasRegionVerifier = 1;
}

#endif // TILEIR_DIALECT_TIRX_TIRXATOMICOPS_TD
