// RUN: tile-opt %s --cuda-tile-prefetch-loads | FileCheck %s
// RUN: tile-opt %s --cuda-tile-prefetch-loads=max-bytes=4095 | FileCheck %s --check-prefix=OFF
// RUN: tile-opt %s --cuda-tile-prefetch-loads=max-bytes=0 | FileCheck %s --check-prefix=OFF

// A loop over row tiles (a persistent kernel): the first tile is loaded
// before the loop when the loop runs, each iteration loads the next one
// (its own in the last) at the top of the body and carries it.
// CHECK-LABEL: entry @rows
// CHECK: %[[RUNS:.*]] = cmpi less_than %[[LB:.*]], %[[UB:.*]], signed
// CHECK: %[[FIRST:.*]] = if %[[RUNS]] -> (tile<2x1024xf16>) {
// CHECK-NEXT: load_view_tko weak %{{.*}}[%[[LB]], %{{.*}}]
// CHECK: } else {
// CHECK-NEXT: constant <f16: 0.000000e+00> : tile<2x1024xf16>
// CHECK: for %[[IV:.*]] in (%[[LB]] to %[[UB]], step %[[STEP:.*]]) : tile<i32> iter_values(%[[CUR:.*]] = %[[FIRST]]) -> (tile<2x1024xf16>) {
// CHECK-NEXT: %[[NEXT:.*]] = addi %[[IV]], %[[STEP]]
// CHECK-NEXT: %[[BELOW:.*]] = cmpi less_than %[[NEXT]], %[[UB]], signed
// CHECK-NEXT: %[[NOWRAP:.*]] = cmpi greater_than %[[NEXT]], %[[IV]], signed
// CHECK-NEXT: %[[MORE:.*]] = andi %[[BELOW]], %[[NOWRAP]]
// CHECK-NEXT: %[[AT:.*]] = select %[[MORE]], %[[NEXT]], %[[IV]]
// CHECK-NEXT: %[[AHEAD:.*]], %{{.*}} = load_view_tko weak %{{.*}}[%[[AT]], %{{.*}}]
// CHECK-NEXT: addf %[[CUR]], %[[CUR]]
// CHECK: continue %[[AHEAD]] : tile<2x1024xf16>
// OFF-LABEL: entry @rows
// OFF-NOT: iter_values
// OFF-LABEL: entry @kept

// Not prefetched: a tile feeding a product (the matmul K loop, pipelined
// by the conversion), a load ordered after the loop's own store (its token
// carried by the loop); above, a tile over max-bytes (the second run, 4095 bytes).
// CHECK-LABEL: entry @kept
// CHECK-NOT: iter_values(%{{.*}} = %{{.*}}) -> (tile<64x64xf16>
// CHECK-NOT: if
// CHECK: return
cuda_tile.module @k {
  entry @rows(%px: tile<ptr<f16>>, %py: tile<ptr<f16>>, %m: tile<i32>) {
    %tx = make_tensor_view %px, shape = [%m, 1024], strides = [1024, 1] : tile<i32> -> tensor_view<?x1024xf16, strides=[1024,1]>
    %ty = make_tensor_view %py, shape = [%m, 1024], strides = [1024, 1] : tile<i32> -> tensor_view<?x1024xf16, strides=[1024,1]>
    %vx = make_partition_view %tx : partition_view<tile=(2x1024), padding_value = zero, tensor_view<?x1024xf16, strides=[1024,1]>>
    %vy = make_partition_view %ty : partition_view<tile=(2x1024), tensor_view<?x1024xf16, strides=[1024,1]>>
    %bid, %by, %bz = get_tile_block_id : tile<i32>
    %nb, %nby, %nbz = get_num_tile_blocks : tile<i32>
    %c0 = constant <i32: 0> : tile<i32>
    %c2 = constant <i32: 2> : tile<i32>
    %tiles = divi %m, %c2 signed rounding<positive_inf> : tile<i32>
    %tok = make_token : token
    for %i in (%bid to %tiles, step %nb) : tile<i32> {
      %x, %t0 = load_view_tko weak %vx[%i, %c0] token = %tok : partition_view<tile=(2x1024), padding_value = zero, tensor_view<?x1024xf16, strides=[1024,1]>>, tile<i32> -> tile<2x1024xf16>, token
      %y = addf %x, %x : tile<2x1024xf16>
      %t1 = store_view_tko weak %y, %vy[%i, %c0] token = %tok : tile<2x1024xf16>, partition_view<tile=(2x1024), tensor_view<?x1024xf16, strides=[1024,1]>>, tile<i32> -> token
      continue
    }
    return
  }
  entry @kept(%pa: tile<ptr<f16>>, %pb: tile<ptr<f16>>, %pc: tile<ptr<f32>>, %k: tile<i32>) {
    %ta = make_tensor_view %pa, shape = [64, %k], strides = [%k, 1] : tile<i32> -> tensor_view<64x?xf16, strides=[?,1]>
    %tb = make_tensor_view %pb, shape = [%k, 64], strides = [64, 1] : tile<i32> -> tensor_view<?x64xf16, strides=[64,1]>
    %tc = make_tensor_view %pc, shape = [64, 64], strides = [64, 1] : tensor_view<64x64xf32, strides=[64,1]>
    %va = make_partition_view %ta : partition_view<tile=(64x64), padding_value = zero, tensor_view<64x?xf16, strides=[?,1]>>
    %vb = make_partition_view %tb : partition_view<tile=(64x64), padding_value = zero, tensor_view<?x64xf16, strides=[64,1]>>
    %vc = make_partition_view %tc : partition_view<tile=(64x64), tensor_view<64x64xf32, strides=[64,1]>>
    %c0 = constant <i32: 0> : tile<i32>
    %c1 = constant <i32: 1> : tile<i32>
    %c4 = constant <i32: 4> : tile<i32>
    %tok = make_token : token
    %z = constant <f32: 0.0> : tile<64x64xf32>
    %acc = for %i in (%c0 to %c4, step %c1) : tile<i32> iter_values(%s = %z) -> (tile<64x64xf32>) {
      %a, %t0 = load_view_tko weak %va[%c0, %i] token = %tok : partition_view<tile=(64x64), padding_value = zero, tensor_view<64x?xf16, strides=[?,1]>>, tile<i32> -> tile<64x64xf16>, token
      %b, %t1 = load_view_tko weak %vb[%i, %c0] token = %tok : partition_view<tile=(64x64), padding_value = zero, tensor_view<?x64xf16, strides=[64,1]>>, tile<i32> -> tile<64x64xf16>, token
      %p = mmaf %a, %b, %s : tile<64x64xf16>, tile<64x64xf16>, tile<64x64xf32>
      continue %p : tile<64x64xf32>
    }
    %t2 = store_view_tko weak %acc, %vc[%c0, %c0] token = %tok : tile<64x64xf32>, partition_view<tile=(64x64), tensor_view<64x64xf32, strides=[64,1]>>, tile<i32> -> token
    %tl = for %i in (%c0 to %c4, step %c1) : tile<i32> iter_values(%tk = %t2) -> (token) {
      %x, %t3 = load_view_tko weak %vc[%i, %c0] token = %tk : partition_view<tile=(64x64), tensor_view<64x64xf32, strides=[64,1]>>, tile<i32> -> tile<64x64xf32>, token
      %t4 = store_view_tko weak %x, %vc[%c0, %i] token = %t3 : tile<64x64xf32>, partition_view<tile=(64x64), tensor_view<64x64xf32, strides=[64,1]>>, tile<i32> -> token
      continue %t4 : token
    }
    return
  }
}
