//===- Passes.td - cuda_tile passes ------------------------*- tablegen -*-===//
//
// Part of TileIR.
//
//===----------------------------------------------------------------------===//

#ifndef TILEIR_DIALECT_CUDATILE_TRANSFORMS_PASSES_TD
#define TILEIR_DIALECT_CUDATILE_TRANSFORMS_PASSES_TD

include "mlir/Pass/PassBase.td"

def CudaTileFuseFMA
    : InterfacePass<"cuda-tile-fuse-fma", "::mlir::FunctionOpInterface"> {
  let summary = "Fuses a mulf feeding an addf or subf into an fma";
  let description = [{
    Rewrites `addf(mulf(a, b), c)` to `fma(a, b, c)` and
    `subf(mulf(a, b), c)` to `fma(a, b, negf(c))` when the `mulf` has one
    use and both ops have the same rounding mode and `flush_to_zero`. Also
    applies the `addf` canonicalization that moves a `mulf` operand to the
    left-hand side. Not numerics-preserving: the fma rounds once.

    Before:
    ```mlir
    %m = mulf %a, %b : tile<4xf32>
    %s = addf %c, %m : tile<4xf32>
    ```
    After:
    ```mlir
    %s = fma %a, %b, %c : tile<4xf32>
    ```
  }];
  let dependentDialects = ["::mlir::cuda_tile::CudaTileDialect"];
}

def CudaTileLoopSplit
    : InterfacePass<"cuda-tile-loop-split", "::mlir::FunctionOpInterface"> {
  let summary = "Splits a for loop at the point where an inner if flips";
  let description = [{
    For an `if` directly inside a `for` whose condition is
    `cmpi less_than/less_than_or_equal/greater_than/greater_than_or_equal`
    between the induction variable and a loop-invariant value (either
    operand order, the compare's signedness equal to the loop's), emits two
    loops, each holding only the branch taken in its range. The split point
    is clamped to `[lb, ub]` with `maxi`/`mini` and, unless the step is the
    constant 1, rounded up to `lb + k * step` with
    `divi ... rounding<positive_inf>`. Branches must end with `yield`.

    Profitability: `split-threshold` 1 splits always; otherwise the branches
    must hold at least that many ops or a heavy op (loads, stores, mma,
    reduce, if, for). A discardable `cuda_tile.loop_split = N` on the `if`,
    the `for` or an enclosing `entry` overrides the threshold (the innermost
    wins; 0 disables).

    Before:
    ```mlir
    for %iv in (%c0 to %n, step %c1) : tile<i32> {
      %lt = cmpi less_than %iv, %k, signed : tile<i32> -> tile<i1>
      if %lt { A } else { B }
    }
    ```
    After:
    ```mlir
    %s = maxi %c0, (mini %k, %n) signed
    for %iv in (%c0 to %s, step %c1) : tile<i32> { A }
    for %iv in (%s to %n, step %c1) : tile<i32> { B }
    ```
  }];
  let options = [
    Option<"splitThreshold", "split-threshold", "unsigned", "1",
           "Ops in the branches needed to split (1: always split)">,
  ];
  let dependentDialects = ["::mlir::cuda_tile::CudaTileDialect"];
}

def CudaTilePrefetchLoads
    : Pass<"cuda-tile-prefetch-loads", "::mlir::ModuleOp"> {
  let summary = "Loads a for loop's tiles one or more iterations ahead";
  let description = [{
    For a weak `load_view_tko` or `load_ptr_tko` directly in the body of a
    `for`, whose view and token come from outside the loop, whose result
    token is unused and whose indices (pointers, mask, padding) are computed
    from the induction variable and loop invariants by pure ops: the tiles
    of the first `d` iterations are loaded before the loop (each under a
    test that its iteration runs), and each iteration loads the tile of the
    iteration `d` ahead (of itself near the end, whose result is unused) at
    the top of the body and carries the `d` tiles to the next, so that the
    load's latency overlaps `d` iterations' work. The token from outside the
    loop orders the load after nothing the loop writes, so reading ahead is
    what the memory model allows.

    The distance `d` comes from the load's `latency` optimization hint (for
    `arch`, else its `default` entry): 1 for latencies up to 5, 2 above; a
    load without the hint (or with a value outside [1, 10]) stays where it
    is. The `distance` option, when
    not 0, is used for every load instead, hint or not. `d` is lowered
    until the `d` tiles ahead fit `max-bytes` bytes (they stay in
    registers beside the current one); a larger tile is not prefetched, and
    0 disables the pass. Tiles that feed a tensor-core product (the
    conversion pipelines those through shared memory) and loops with a
    `continue` or `break` other than the body's terminator are left alone.
  }];
  let options = [
    Option<"maxBytes", "max-bytes", "int64_t", "32768",
           "Most bytes a load keeps ahead (0: no prefetching)">,
    Option<"distance", "distance", "int64_t", "0",
           "Iterations ahead for every load (0: from its latency hint)">,
    Option<"arch", "arch", "std::string", "\"default\"",
           "Architecture whose optimization hints are read (sm_90, ...)">,
  ];
  let dependentDialects = ["::mlir::cuda_tile::CudaTileDialect"];
}

def CudaTileSliceLoops : Pass<"cuda-tile-slice-loops", "::mlir::ModuleOp"> {
  let summary = "Runs a loop whose carried tiles outgrow the registers once "
                "per slice of them";
  let description = [{
    A `for` loop whose carried values are tiles of one shape holding more
    than `max-words` 32-bit words per thread of the CTA (the entry's
    `num_worker_warps_per_cta` hint for `arch`, else `num-threads`, else
    256 threads, the largest CTA the conversion chooses from tile sizes),
    or more than half of a thread's
    share of the SM's 65536 registers where that is less (CTAs of more than
    256 threads), cannot keep them in registers: ptxas spills them to local
    memory. When every element of the carried
    tiles depends only on the elements at the same position along a
    dimension `d`, the loop and the ops that use its results are run once
    per slice along `d`, in an outer `for` over the slices, each slice
    holding at most half of that limit a thread. The loop computes every
    element with the same ops in the same order; a `reduce` after it
    combines each slice's values in the order the conversion gives the
    slice's shape (a reduction's order is the implementation's).

    Along `d` the ops must be:
    * in the loop body: elementwise ops (`isElementwise`) and splat
      `constant`s of the carried shape, weak `load_view_tko`s of
      `partition_view`s made outside the loop whose tile is the carried
      shape (result token unused, token from outside the loop), ops
      without memory effects that take no carried-shape tile and such
      weak loads of other shapes (both recomputed per slice), and
      `mmaf`/`mmai` products into a carried accumulator sliced along its
      rows (M) or columns (N): the operand with that dimension (A for M,
      B for N) is sliced along it, and must be such a load of the body,
      through elementwise ops and `reshape`s of unit dimensions, with no
      other use; the other operand is read whole by every slice (the ops
      that compute an operand alone count as operand ops whatever their
      shape);
    * after the loop, in its block: `reduce`s along another dimension,
      elementwise ops, `reshape`s that add or drop dimensions of extent 1,
      and weak `store_view_tko`s of `partition_view`s
      (result token unused, token from outside), which end every use; one
      store's result token may be used (cuTile's persistent loops carry
      it): the slices' stores then chain it, the outer loop carrying it;
      other ops between the loop and its last such user have no memory
      effects.
    Splat constants among the operands, carried initial values included,
    become smaller splats; other initial values are `extract`ed. A slice of a partition view's tile is
    the tile of a view whose tile is `n` times smaller along `d`, at index
    `i * n + c`. The outermost dimension that qualifies is sliced, into the
    fewest power-of-two slices; a product's accumulators may fill the whole
    limit (their operands go through shared memory, not registers): cuTile's
    256x256x64 matmul tiles (256 words a thread) run as two 128x256 ones.
    A float8 product into f32 without `fast_acc` (`isPromotedF8`) counts
    its accumulator twice (the conversion sums each K chunk into a second
    one). A product's rows are sliced only where each slice keeps 64 rows
    (the wgmma M) per warpgroup of the CTA; otherwise its columns are:
    cuTile's float8 256x256x128 tiles run as four 256x64 slices.

    Before (cuTile's layer-norm dW/dB reduction, 256 KiB carried):
    ```mlir
    %r:2 = for %i in (%c0 to %n, step %c1) : tile<i32>
        iter_values(%a = %zero, %b = %zero) -> (tile<32x1024xf32>, tile<32x1024xf32>) {
      %x, %t = load_view_tko weak %pv[%i, %bx] token = %tok : ...
      ...
    }
    %s = reduce %r#0 dim=0 ...
    %w = store_view_tko weak %s, %out[%bx] token = %tok : ...
    ```
    After (`n` = 4 slices of 32x256):
    ```mlir
    for %c in (%c0 to %c4, step %c1) : tile<i32> {
      %j = addi (muli %bx, %c4), %c
      %r:2 = for %i ... -> (tile<32x256xf32>, tile<32x256xf32>) {
        %x, %t = load_view_tko weak %pv4[%i, %j] token = %tok : ...
        ...
      }
      %s = reduce %r#0 dim=0 ...
      %w = store_view_tko weak %s, %out4[%j] token = %tok : ...
    }
    ```
  }];
  let options = [
    Option<"maxWords", "max-words", "int64_t", "128",
           "Most carried 32-bit words a thread keeps (0: no slicing)">,
    Option<"arch", "arch", "std::string", "\"default\"",
           "Architecture whose optimization hints are read (sm_90, ...)">,
    Option<"numThreads", "num-threads", "int64_t", "0",
           "CTA size of entries without a num_worker_warps_per_cta hint "
           "(0: the largest the conversion chooses, 256)">,
  ];
  let dependentDialects = ["::mlir::cuda_tile::CudaTileDialect"];
}

def CudaTileSynthesizeDebugInfoScopes
    : Pass<"cuda-tile-synthesize-debug-info-scopes",
           "::mlir::cuda_tile::ModuleOp"> {
  let summary = "Gives every function without debug info a subprogram scope";
  let description = [{
    For each function whose location is not a `di_loc`: creates a
    `di_compile_unit` whose `di_file` comes from the module's location (or
    `"<unknown>"`), a `di_subprogram` named after the function (name and
    linkageName; line from the function's file location, else 1), and wraps
    the function's location and every op location in its body into
    `di_loc<... in subprogram>`. Functions that already have a `di_loc` are
    left alone.

    Before:
    ```mlir
    entry @k() { return loc("k.py":3:1) } loc("k.py":2:1)
    ```
    After:
    ```mlir
    entry @k() {
      return loc(#cuda_tile.di_loc<loc("k.py":3:1) in #di_subprogram>)
    } loc(#cuda_tile.di_loc<loc("k.py":2:1) in #di_subprogram>)
    ```
  }];
  let dependentDialects = ["::mlir::cuda_tile::CudaTileDialect"];
}

#endif // TILEIR_DIALECT_CUDATILE_TRANSFORMS_PASSES_TD
