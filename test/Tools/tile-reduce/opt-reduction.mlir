// tile-reduce -opt-reduction-pass keeps the output of a pass pipeline when it
// is smaller and still interesting; TileIR's passes are there as well as
// MLIR's.

// canonicalize drops the dead muli; the iota stays.
// RUN: tile-reduce %s -opt-reduction-pass='opt-pass=canonicalize test=%S/Inputs/contains-op.sh test-arg=iota' | FileCheck %s --check-prefix=CANON
// CANON: = iota
// CANON-NOT: muli
// CANON: store_ptr_tko

// Without the muli the result is not interesting: the input comes back.
// RUN: tile-reduce %s -opt-reduction-pass='opt-pass=canonicalize test=%S/Inputs/contains-op.sh test-arg=muli' | FileCheck %s --check-prefix=KEEP
// KEEP: = muli
// KEEP: = mulf
// KEEP: = addf

// cuda-tile-fuse-fma turns the mulf and addf into one fma.
// RUN: tile-reduce %s -opt-reduction-pass='opt-pass=cuda_tile.module(cuda_tile.entry(cuda-tile-fuse-fma)) test=%S/Inputs/contains-op.sh test-arg=iota' | FileCheck %s --check-prefix=FMA
// FMA-NOT: mulf
// FMA: = fma
// FMA-NOT: addf

cuda_tile.module @m {
  entry @k(%p: tile<ptr<i32>>, %q: tile<ptr<f32>>) {
    %i = iota : tile<128xi32>
    %two = constant <i32: 2> : tile<128xi32>
    %dead = muli %i, %two : tile<128xi32>
    %p1 = reshape %p : tile<ptr<i32>> -> tile<1xptr<i32>>
    %pb = broadcast %p1 : tile<1xptr<i32>> -> tile<128xptr<i32>>
    %pi = offset %pb, %i : tile<128xptr<i32>>, tile<128xi32> -> tile<128xptr<i32>>
    %t0 = store_ptr_tko weak %pi, %i : tile<128xptr<i32>>, tile<128xi32> -> token
    %x = constant <f32: 1.5> : tile<128xf32>
    %y = constant <f32: 2.5> : tile<128xf32>
    %m = mulf %x, %y : tile<128xf32>
    %s = addf %m, %x : tile<128xf32>
    %q1 = reshape %q : tile<ptr<f32>> -> tile<1xptr<f32>>
    %qb = broadcast %q1 : tile<1xptr<f32>> -> tile<128xptr<f32>>
    %t1 = store_ptr_tko weak %qb, %s : tile<128xptr<f32>>, tile<128xf32> -> token
    return
  }
}
