// Round trip through Tile IR bytecode: text -> bytecode (13.3 and 13.5)
// -> text prints the same module, and reading is a fixed point.
// RUN: tile-opt %s -o %t.text
// RUN: tile-translate --mlir-to-cudatilebc %s -o %t.bc
// RUN: tile-opt %t.bc -o %t.back
// RUN: diff %t.text %t.back
// RUN: tile-translate --mlir-to-cudatilebc --bytecode-version=13.5 %s | tile-opt | diff %t.text -
// RUN: tile-translate --mlir-to-cudatilebc %t.bc | cmp - %t.bc
// RUN: FileCheck %s --input-file=%t.back
// REQUIRES: testing-ops

// CHECK: cuda_tile.module @kernels
// CHECK-DAG: atomic_red_view_tko 
// CHECK-DAG: assume 

// `assume` predicates (short and `#cuda_tile.` forms; the printer uses the
// short form) and `atomic_red_view_tko`.

cuda_tile.module @kernels {
  testing$func @assume(%i: tile<4xi32>, %p: tile<ptr<f32>>, %s: tile<i16>,
                       %tv: tensor_view<4xf32, strides=[1]>) {
    %0 = assume div_by<8, every 2 along 0>, %i : tile<4xi32>
    %1 = cuda_tile.assume #cuda_tile.bounded<0, 42>, %s : tile<i16>
    %2 = assume bounded<?, 4>, %s : tile<i16>
    %3 = assume bounded<-32768, ?>, %s : tile<i16>
    %4 = assume same_elements<[4]>, %i : tile<4xi32>
    %5 = assume div_by<16>, %p : tile<ptr<f32>>
    %6 = assume #cuda_tile.div_by<16>, %tv : tensor_view<4xf32, strides=[1]>
    %7 = assume div_by<4611686018427387904>, %i : tile<4xi32>
    return
  }

  testing$func @atomic_red_view(%v: tile<2x2xi32>, %f: tile<2x2xf32>,
      %c0: tile<i32>, %t: token,
      %pv: partition_view<tile=(2x2), tensor_view<2x2xi32, strides=[2, 1]>>,
      %sv: strided_view<tile=(2x2), traversal_strides=[1,3], tensor_view<8x8xf32, strides=[8,1]>>) {
    %t0 = atomic_red_view_tko relaxed device %pv[%c0, %c0], add, %v token = %t : tile<2x2xi32>, partition_view<tile=(2x2), tensor_view<2x2xi32, strides=[2, 1]>>, tile<i32> -> token
    %t1 = atomic_red_view_tko relaxed tl_blk %pv[%c0, %c0], umax, %v token=%t0 : tile<2x2xi32>, partition_view<tile=(2x2), tensor_view<2x2xi32, strides=[2, 1]>>, tile<i32> -> token
    %t2 = atomic_red_view_tko relaxed device %sv[%c0, %c0], addf, %f : tile<2x2xf32>, strided_view<tile=(2x2), traversal_strides=[1,3], tensor_view<8x8xf32, strides=[8,1]>>, tile<i32> -> token
    return
  }
}
