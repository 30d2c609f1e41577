// tile-reduce -reduction-tree keeps what the interestingness script asks
// for and drops what it does not need: here the entry without an iota.
// Inputs/contains-op.sh OP FILE says "interesting" (exit 1) while FILE holds
// an OP.

// RUN: tile-opt %s -o %t.in.mlir
// RUN: tile-reduce %s -reduction-tree='traversal-mode=0 test=%S/Inputs/contains-op.sh test-arg=iota' -o %t.out.mlir
// RUN: FileCheck %s < %t.out.mlir
// RUN: test $(wc -c < %t.out.mlir) -lt $(wc -c < %t.in.mlir)
// CHECK: cuda_tile.module @m
// CHECK-NOT: entry @copy
// CHECK: entry @iota_sum
// CHECK: = iota : tile<128xi32>
// CHECK-NOT: entry @copy

// Every op of the input is still needed for a store of muli: nothing goes
// but the other entry.
// RUN: tile-reduce %s -reduction-tree='traversal-mode=0 test=%S/Inputs/contains-op.sh test-arg=muli' | FileCheck %s --check-prefix=MULI
// MULI-NOT: entry @copy
// MULI: = muli
// MULI: store_ptr_tko

// The entry with the load is kept when the load is what matters.
// RUN: tile-reduce %s -reduction-tree='traversal-mode=0 test=%S/Inputs/contains-op.sh test-arg=load_ptr_tko' | FileCheck %s --check-prefix=LOAD
// LOAD: entry @copy
// LOAD: load_ptr_tko
// LOAD-NOT: entry @iota_sum

// An input the script does not find interesting is not reduced.
// RUN: not tile-reduce %s -reduction-tree='traversal-mode=0 test=%S/Inputs/contains-op.sh test-arg=mmaf' -o %t.none.mlir 2>&1 | FileCheck %s --check-prefix=NONE
// NONE: reduction-tree.mlir:0:0: warning: uninterested module will not be reduced

cuda_tile.module @m {
  entry @copy(%a: tile<ptr<f32>>, %c: tile<ptr<f32>>) {
    %a1 = reshape %a : tile<ptr<f32>> -> tile<1xptr<f32>>
    %ab = broadcast %a1 : tile<1xptr<f32>> -> tile<128xptr<f32>>
    %c1 = reshape %c : tile<ptr<f32>> -> tile<1xptr<f32>>
    %cb = broadcast %c1 : tile<1xptr<f32>> -> tile<128xptr<f32>>
    %v, %t0 = load_ptr_tko weak %ab : tile<128xptr<f32>> -> tile<128xf32>, token
    %t1 = store_ptr_tko weak %cb, %v : tile<128xptr<f32>>, tile<128xf32> -> token
    return
  }
  entry @iota_sum(%c: tile<ptr<i32>>) {
    %i = iota : tile<128xi32>
    %two = constant <i32: 2> : tile<128xi32>
    %s = muli %i, %two : tile<128xi32>
    %c1 = reshape %c : tile<ptr<i32>> -> tile<1xptr<i32>>
    %cb = broadcast %c1 : tile<1xptr<i32>> -> tile<128xptr<i32>>
    %pc = offset %cb, %i : tile<128xptr<i32>>, tile<128xi32> -> tile<128xptr<i32>>
    %t = store_ptr_tko weak %pc, %s : tile<128xptr<i32>>, tile<128xi32> -> token
    return
  }
}
