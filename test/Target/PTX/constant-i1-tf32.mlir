// REQUIRES: ptxas
// RUN: tile-translate --cuda-tile-to-ptx %s -o %t.ptx
// RUN: %ptxas -arch=sm_90 %t.ptx -o %t.cubin
// RUN: FileCheck %s --input-file=%t.ptx
// RUN: tile-translate --mlir-to-cudatilebc %s | tile-translate --cuda-tile-to-ptx | FileCheck %s

// Dense (non-splat) constants of i1 and tf32 elements, from text and from
// bytecode: i1 values are stored one byte each (0 or 1) and loaded as i1,
// tf32 values as the f32 of the same value (tf32 tiles live in f32).

// CHECK: .global .align 16 .b8 __tileir_constant_bools_0[8] = {1, 0, 1, 1, 0, 0, 1};
// CHECK-LABEL: .entry bools(
// CHECK: mov.b64 [[G:%rd[0-9]+]], __tileir_constant_bools_0;
// CHECK: ld.global.nc.v2.b8
// CHECK: and.b32 {{.*}}, 65537;
// CHECK: st.global.v2.b8
cuda_tile.module @constants {
  entry @bools(%p: tile<ptr<i1>>) {
    %c = constant <i1: [[true, false], [true, true], [false, false], [true, false]]> : tile<4x2xi1>
    %tv = make_tensor_view %p, shape = [4, 2], strides = [2, 1] : tensor_view<4x2xi1, strides=[2,1]>
    %pv = make_partition_view %tv : partition_view<tile=(4x2), tensor_view<4x2xi1, strides=[2,1]>>
    %c0 = constant <i32: 0> : tile<i32>
    %t = store_view_tko weak %c, %pv[%c0, %c0] : tile<4x2xi1>, partition_view<tile=(4x2), tensor_view<4x2xi1, strides=[2,1]>>, tile<i32> -> token
    return
  }

// CHECK-LABEL: .entry tf32s(
// CHECK: st.global.v4.b32 {{.*}}, {0f3F800000, 0fC0200000, 0f40800000, 0f3F802000};
  entry @tf32s(%p: tile<ptr<f32>>) {
    %c = constant <tf32: [1.0, -2.5, 4.0, 1.0009765625]> : tile<4xtf32>
    %f = ftof %c : tile<4xtf32> -> tile<4xf32>
    %tv = make_tensor_view %p, shape = [4], strides = [1] : tensor_view<4xf32, strides=[1]>
    %pv = make_partition_view %tv : partition_view<tile=(4), tensor_view<4xf32, strides=[1]>>
    %c0 = constant <i32: 0> : tile<i32>
    %t = store_view_tko weak %f, %pv[%c0] : tile<4xf32>, partition_view<tile=(4), tensor_view<4xf32, strides=[1]>>, tile<i32> -> token
    return
  }
}
