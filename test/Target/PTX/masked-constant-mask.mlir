// REQUIRES: ptxas
// RUN: tile-translate --cuda-tile-to-ptx %s -o %t.ptx
// RUN: FileCheck %s < %t.ptx
// RUN: %ptxas -arch=sm_90 %t.ptx -o /dev/null

// A gather and a scatter whose mask is a constant (cuTile's scalar
// `mask=True` / `mask=False`), of 32768 elements (128 a thread of 256, above the
// 64 up to which masked accesses branch). The masked accesses are
// predicated PTX; LLVM
// folds the mask to an immediate, which must still assemble (a predicate
// operand would print as "@-1").

// CHECK-LABEL: .entry mask_true(
// CHECK: setp.ne.b32 p, 1, 0;
// CHECK: @p ld.global.b32
// CHECK: @p st.global.b32
// CHECK-LABEL: .entry mask_false(
// CHECK: setp.ne.b32 p, 0, 0;
// CHECK: @p ld.global.b32
cuda_tile.module @m {
  entry @mask_true(%p: tile<ptr<f32>>, %q: tile<ptr<f32>>) {
    %p1 = reshape %p : tile<ptr<f32>> -> tile<1xptr<f32>>
    %pb = broadcast %p1 : tile<1xptr<f32>> -> tile<32768xptr<f32>>
    %q1 = reshape %q : tile<ptr<f32>> -> tile<1xptr<f32>>
    %qb = broadcast %q1 : tile<1xptr<f32>> -> tile<32768xptr<f32>>
    %iota = iota : tile<32768xi32>
    %m = constant <i1: true> : tile<32768xi1>
    %pad = constant <f32: -1.0> : tile<32768xf32>
    %ps = offset %pb, %iota : tile<32768xptr<f32>>, tile<32768xi32> -> tile<32768xptr<f32>>
    %qs = offset %qb, %iota : tile<32768xptr<f32>>, tile<32768xi32> -> tile<32768xptr<f32>>
    %v, %t0 = load_ptr_tko weak %ps, %m, %pad : tile<32768xptr<f32>>, tile<32768xi1>, tile<32768xf32> -> tile<32768xf32>, token
    %t1 = store_ptr_tko weak %qs, %v, %m token = %t0 : tile<32768xptr<f32>>, tile<32768xf32>, tile<32768xi1> -> token
    return
  }

  entry @mask_false(%p: tile<ptr<f32>>, %q: tile<ptr<f32>>) {
    %p1 = reshape %p : tile<ptr<f32>> -> tile<1xptr<f32>>
    %pb = broadcast %p1 : tile<1xptr<f32>> -> tile<32768xptr<f32>>
    %q1 = reshape %q : tile<ptr<f32>> -> tile<1xptr<f32>>
    %qb = broadcast %q1 : tile<1xptr<f32>> -> tile<32768xptr<f32>>
    %iota = iota : tile<32768xi32>
    %m = constant <i1: false> : tile<32768xi1>
    %pad = constant <f32: -1.0> : tile<32768xf32>
    %ps = offset %pb, %iota : tile<32768xptr<f32>>, tile<32768xi32> -> tile<32768xptr<f32>>
    %qs = offset %qb, %iota : tile<32768xptr<f32>>, tile<32768xi32> -> tile<32768xptr<f32>>
    %v, %t0 = load_ptr_tko weak %ps, %m, %pad : tile<32768xptr<f32>>, tile<32768xi1>, tile<32768xf32> -> tile<32768xf32>, token
    %t1 = store_ptr_tko weak %qs, %v token = %t0 : tile<32768xptr<f32>>, tile<32768xf32> -> token
    return
  }
}
