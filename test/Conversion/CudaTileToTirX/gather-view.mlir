// RUN: tile-opt %s --convert-cuda-tile-to-tirx=chip=sm_90a | FileCheck %s

// A gather/scatter view's dense indices are element offsets (where the
// tile starts along that dimension), as NVIDIA's tileiras reads them: the
// column of element (i, j) is index + j, not index * 4 + j.

// CHECK-LABEL: gpu.func @gather_cols
// CHECK: tirx.map cta {{.*}} {
// CHECK: ^bb0(%{{[a-z0-9_]+}}: i64, %{{[a-z0-9_]+}}: i32, %{{[a-z0-9_]+}}: i64, %{{[a-z0-9_]+}}: i64, %[[START:[a-z0-9_]+]]: i64,
// CHECK: %[[J:.*]] = arith.andi %{{.*}}, %c3_i64
// CHECK: %[[STEP:.*]] = arith.muli %[[START]], %c1_i64
// CHECK: %[[COL:.*]] = arith.addi %[[STEP]], %[[J]]
// CHECK: tirx.yield
cuda_tile.module @m {
  entry @gather_cols(%x: tile<ptr<i32>>, %y: tile<ptr<i32>>, %c: tile<i32>) {
    %tx = make_tensor_view %x, shape = [8, 8], strides = [8, 1] : tensor_view<8x8xi32, strides=[8,1]>
    %g = make_gather_scatter_view %tx : gather_scatter_view<tile=(8x4), tensor_view<8x8xi32, strides=[8,1]>, sparse_dim=0>
    %rows = iota : tile<8xi32>
    %v, %t = load_view_tko weak %g[%rows, %c] : gather_scatter_view<tile=(8x4), tensor_view<8x8xi32, strides=[8,1]>, sparse_dim=0>, tile<8xi32>, tile<i32> -> tile<8x4xi32>, token
    %ty = make_tensor_view %y, shape = [8, 4], strides = [4, 1] : tensor_view<8x4xi32, strides=[4,1]>
    %py = make_partition_view %ty : partition_view<tile=(8x4), tensor_view<8x4xi32, strides=[4,1]>>
    %c0 = constant <i32: 0> : tile<i32>
    %t2 = store_view_tko weak %v, %py[%c0, %c0] : tile<8x4xi32>, partition_view<tile=(8x4), tensor_view<8x4xi32, strides=[4,1]>>, tile<i32> -> token
    return
  }
}
