// RUN: tile-opt %s --convert-cuda-tile-to-tirx | FileCheck %s

// Module-level globals become llvm.mlir.global in the gpu.module (address
// space 1, the dense value, the alignment, constant and linkage);
// get_global is llvm.mlir.addressof.

// CHECK: gpu.module @globals
// CHECK-DAG: llvm.mlir.global internal constant @lut(dense<[10, 20, 30, 40]> : tensor<4xi32>) {addr_space = 1 : i32, alignment = 4 : i64} : !llvm.array<4 x i32>
// CHECK-DAG: llvm.mlir.global external @weights(dense<[1.000000e+00, 2.000000e+00]> : tensor<2xf32>) {addr_space = 1 : i32, alignment = 256 : i64} : !llvm.array<2 x f32>
// CHECK-LABEL: gpu.func @use
// CHECK: %[[L:.*]] = llvm.mlir.addressof @lut : !llvm.ptr<1>
// CHECK: %[[LI:.*]] = llvm.getelementptr %[[L]][%{{.*}}] : (!llvm.ptr<1>, i64) -> !llvm.ptr<1>, i32
// CHECK: llvm.load %[[LI]]
// CHECK: %[[W:.*]] = llvm.mlir.addressof @weights : !llvm.ptr<1>
// CHECK: llvm.load %[[W]]
cuda_tile.module @globals {
  global private constant @lut <i32: [10, 20, 30, 40]> : tile<4xi32>
  global @weights alignment = 256 <f32: [1.0, 2.0]> : tile<2xf32>
  entry @use(%i: tile<i32>, %out: tile<ptr<f32>>, %iout: tile<ptr<i32>>) {
    %l = get_global @lut : tile<ptr<i32>>
    %li = offset %l, %i : tile<ptr<i32>>, tile<i32> -> tile<ptr<i32>>
    %v, %t0 = load_ptr_tko weak %li : tile<ptr<i32>> -> tile<i32>, token
    %w = get_global @weights : tile<ptr<f32>>
    %wv, %t1 = load_ptr_tko weak %w : tile<ptr<f32>> -> tile<f32>, token
    %s = addf %wv, %wv : tile<f32>
    %t2 = store_ptr_tko weak %out, %s : tile<ptr<f32>>, tile<f32> -> token
    %t3 = store_ptr_tko weak %iout, %v : tile<ptr<i32>>, tile<i32> -> token
    return
  }
}
