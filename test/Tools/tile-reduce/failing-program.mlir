// tile-reduce on a program that tile-translate rejects: the script finds
// tile-translate's error in each candidate, and the reduced program keeps
// only the entry and the ops that the error needs (the unused addi and its
// constant go too).

// RUN: not tile-translate --cuda-tile-to-ptx %s 2>&1 | FileCheck %s --check-prefix=ERROR
// ERROR: error: 'cuda_tile.extract' op with dynamic indices over 128 blocks is not supported

// RUN: tile-reduce %s -reduction-tree='traversal-mode=0 test=%S/Inputs/translate-error.sh test-arg="dynamic indices over 128 blocks"' -o %t.mlir
// RUN: FileCheck %s < %t.mlir
// RUN: not tile-translate --cuda-tile-to-ptx %t.mlir 2>&1 | FileCheck %s --check-prefix=ERROR
// CHECK-NOT: entry @scale
// CHECK: entry @pick
// CHECK-NEXT: iota : tile<128xi32>
// CHECK-NEXT: extract
// CHECK-NEXT: reshape
// CHECK-NEXT: store_ptr_tko
// CHECK-NEXT: return
// CHECK-NOT: entry @scale

cuda_tile.module @m {
  entry @scale(%p: tile<ptr<f32>>) {
    %p1 = reshape %p : tile<ptr<f32>> -> tile<1xptr<f32>>
    %pb = broadcast %p1 : tile<1xptr<f32>> -> tile<128xptr<f32>>
    %i = iota : tile<128xi32>
    %pi = offset %pb, %i : tile<128xptr<f32>>, tile<128xi32> -> tile<128xptr<f32>>
    %v, %t0 = load_ptr_tko weak %pi : tile<128xptr<f32>> -> tile<128xf32>, token
    %two = constant <f32: 2.0> : tile<128xf32>
    %s = mulf %v, %two : tile<128xf32>
    %t1 = store_ptr_tko weak %pi, %s : tile<128xptr<f32>>, tile<128xf32> -> token
    return
  }
  entry @pick(%k: tile<i32>, %q: tile<ptr<i32>>) {
    %i = iota : tile<128xi32>
    %e = extract %i[%k] : tile<128xi32> -> tile<1xi32>
    %z = constant <i32: 0> : tile<i32>
    %zz = addi %z, %k : tile<i32>
    %q1 = reshape %q : tile<ptr<i32>> -> tile<1xptr<i32>>
    %t = store_ptr_tko weak %q1, %e : tile<1xptr<i32>>, tile<1xi32> -> token
    return
  }
}
