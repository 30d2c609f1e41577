// REQUIRES: ptxas
// RUN: tile-translate --cuda-tile-to-ptx %s -o %t.ptx
// RUN: FileCheck %s < %t.ptx
// RUN: %ptxas -arch=sm_90 %t.ptx -o /dev/null

// Loads and stores through pointers of element types LLVM has no memory
// type for: f8 goes through integers of its width, and a boolean is one
// byte in memory. Scalars (every thread reads the one address, thread 0
// writes) and tiles of pointers (gather / scatter), masked or not.

// CHECK-LABEL: .entry f8_scalar(
// CHECK: ld.global.b8
// CHECK: st.global.b8
// CHECK-LABEL: .entry f8_tile(
// CHECK: ld.global.b8
// CHECK: st.global.b8
// CHECK-LABEL: .entry i1_tile(
// CHECK: ld.global
// CHECK-NOT: bfe
// CHECK: st.global
cuda_tile.module @m {
  entry @f8_scalar(%p: tile<ptr<f8E4M3FN>>, %q: tile<ptr<f8E5M2>>) {
    // A padding value without a mask (as cuTile writes a gather) is unused.
    %pad = constant <f8E4M3FN: 0.0> : tile<f8E4M3FN>
    %v, %t0 = "cuda_tile.load_ptr_tko"(%p, %pad) <{memory_ordering_semantics = 0 : i32, operandSegmentSizes = array<i32: 1, 0, 1, 0>}> : (!cuda_tile.tile<!cuda_tile.ptr<f8E4M3FN>>, !cuda_tile.tile<f8E4M3FN>) -> (!cuda_tile.tile<f8E4M3FN>, !cuda_tile.token)
    %w = ftof %v : tile<f8E4M3FN> -> tile<f8E5M2>
    %t1 = store_ptr_tko weak %q, %w token = %t0 : tile<ptr<f8E5M2>>, tile<f8E5M2> -> token
    return
  }

  entry @f8_tile(%p: tile<ptr<f8E4M3FN>>, %q: tile<ptr<f8E4M3FN>>, %n: tile<i32>) {
    %p1 = reshape %p : tile<ptr<f8E4M3FN>> -> tile<1xptr<f8E4M3FN>>
    %pb = broadcast %p1 : tile<1xptr<f8E4M3FN>> -> tile<256xptr<f8E4M3FN>>
    %q1 = reshape %q : tile<ptr<f8E4M3FN>> -> tile<1xptr<f8E4M3FN>>
    %qb = broadcast %q1 : tile<1xptr<f8E4M3FN>> -> tile<256xptr<f8E4M3FN>>
    %iota = iota : tile<256xi32>
    %n1 = reshape %n : tile<i32> -> tile<1xi32>
    %nb = broadcast %n1 : tile<1xi32> -> tile<256xi32>
    %mask = cmpi less_than %iota, %nb, signed : tile<256xi32> -> tile<256xi1>
    %ps = offset %pb, %iota : tile<256xptr<f8E4M3FN>>, tile<256xi32> -> tile<256xptr<f8E4M3FN>>
    %qs = offset %qb, %iota : tile<256xptr<f8E4M3FN>>, tile<256xi32> -> tile<256xptr<f8E4M3FN>>
    %v, %t0 = load_ptr_tko weak %ps, %mask : tile<256xptr<f8E4M3FN>>, tile<256xi1> -> tile<256xf8E4M3FN>, token
    %t1 = store_ptr_tko weak %qs, %v, %mask token = %t0 : tile<256xptr<f8E4M3FN>>, tile<256xf8E4M3FN>, tile<256xi1> -> token
    return
  }

  entry @i1_tile(%p: tile<ptr<i1>>, %q: tile<ptr<i1>>) {
    %p1 = reshape %p : tile<ptr<i1>> -> tile<1xptr<i1>>
    %pb = broadcast %p1 : tile<1xptr<i1>> -> tile<256xptr<i1>>
    %q1 = reshape %q : tile<ptr<i1>> -> tile<1xptr<i1>>
    %qb = broadcast %q1 : tile<1xptr<i1>> -> tile<256xptr<i1>>
    %iota = iota : tile<256xi32>
    %ps = offset %pb, %iota : tile<256xptr<i1>>, tile<256xi32> -> tile<256xptr<i1>>
    %qs = offset %qb, %iota : tile<256xptr<i1>>, tile<256xi32> -> tile<256xptr<i1>>
    %v, %t0 = load_ptr_tko weak %ps : tile<256xptr<i1>> -> tile<256xi1>, token
    %t1 = store_ptr_tko weak %qs, %v token = %t0 : tile<256xptr<i1>>, tile<256xi1> -> token
    return
  }
}
