// RUN: tile-opt %s --convert-cuda-tile-to-tirx | FileCheck %s

// Dense constants of i1 and tf32 elements: the global holds i1 values as
// bytes (0 or 1) read through an i1 view (tirx reads i1 as one byte), tf32
// values as f32 (tf32 tiles live in f32 buffers).

// CHECK-DAG: llvm.mlir.global internal constant @[[T:__tileir_constant_tf32s_0]](dense<[1.000000e+00, 1.00097656]> : tensor<2xf32>) {{.*}} : !llvm.array<2 x f32>
// CHECK-DAG: llvm.mlir.global internal constant @[[B:__tileir_constant_bools_0]](dense<[1, 0, 0, 1]> : tensor<4xi8>) {{.*}} : !llvm.array<4 x i8>
// CHECK-LABEL: gpu.func @bools
// CHECK: %[[ADDR:.*]] = llvm.mlir.addressof @[[B]] : !llvm.ptr<1>
// CHECK: tirx.global_view %[[ADDR]] sizes [4] strides [1] {{.*}} -> !tirx.buffer<4xi1, global>
// CHECK: tirx.alloc : !tirx.buffer<4xi1, local
// CHECK-LABEL: gpu.func @tf32s
// CHECK: %[[ADDR:.*]] = llvm.mlir.addressof @[[T]] : !llvm.ptr<1>
// CHECK: tirx.global_view %[[ADDR]] sizes [2] strides [1] {{.*}} -> !tirx.buffer<2xf32, global>
// CHECK: tirx.alloc : !tirx.buffer<2xf32, local
cuda_tile.module @constants {
  entry @bools(%p: tile<ptr<i1>>) {
    %c = constant <i1: [true, false, false, true]> : tile<4xi1>
    %i = iota : tile<4xi32>
    %p1 = reshape %p : tile<ptr<i1>> -> tile<1xptr<i1>>
    %pb = broadcast %p1 : tile<1xptr<i1>> -> tile<4xptr<i1>>
    %q = offset %pb, %i : tile<4xptr<i1>>, tile<4xi32> -> tile<4xptr<i1>>
    %t = store_ptr_tko weak %q, %c : tile<4xptr<i1>>, tile<4xi1> -> token
    return
  }
  entry @tf32s(%p: tile<ptr<f32>>) {
    %c = constant <tf32: [1.0, 1.0009765625]> : tile<2xtf32>
    %f = ftof %c : tile<2xtf32> -> tile<2xf32>
    %i = iota : tile<2xi32>
    %p1 = reshape %p : tile<ptr<f32>> -> tile<1xptr<f32>>
    %pb = broadcast %p1 : tile<1xptr<f32>> -> tile<2xptr<f32>>
    %q = offset %pb, %i : tile<2xptr<f32>>, tile<2xi32> -> tile<2xptr<f32>>
    %t = store_ptr_tko weak %q, %f : tile<2xptr<f32>>, tile<2xf32> -> token
    return
  }
}
