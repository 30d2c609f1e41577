// RUN: tile-opt %s --cuda-tile-prefetch-loads | FileCheck %s
// RUN: tile-opt %s --cuda-tile-prefetch-loads=distance=1 | FileCheck %s --check-prefix=ALL
// RUN: tile-opt %s --cuda-tile-prefetch-loads=max-bytes=4096 | FileCheck %s --check-prefix=LIMIT
// RUN: tile-opt %s --cuda-tile-prefetch-loads=max-bytes=4095 | FileCheck %s --check-prefix=OFF
// RUN: tile-opt %s --cuda-tile-prefetch-loads=max-bytes=0 | FileCheck %s --check-prefix=OFF

// A loop over row tiles (a persistent kernel) whose load has the latency
// hint 10: two iterations ahead. The tiles of the first two iterations are
// loaded before the loop, each when its iteration runs; each iteration
// loads the tile two ahead (its own near the end) at the top of the body
// and carries the two.
// CHECK-LABEL: entry @rows
// CHECK: %[[RUNS:.*]] = cmpi less_than %[[LB:.*]], %[[UB:.*]], signed
// CHECK: %[[FIRST:.*]] = if %[[RUNS]] -> (tile<2x1024xf16>) {
// CHECK-NEXT: load_view_tko weak %{{.*}}[%[[LB]], %{{.*}}]
// CHECK: } else {
// CHECK-NEXT: constant <f16: 0.000000e+00> : tile<2x1024xf16>
// CHECK: %[[SECONDIV:.*]] = addi %[[LB]], %[[STEP:.*]] : tile<i32>
// CHECK-NEXT: %[[BELOW0:.*]] = cmpi less_than %[[SECONDIV]], %[[UB]], signed
// CHECK-NEXT: %[[NOWRAP0:.*]] = cmpi greater_than %[[SECONDIV]], %[[LB]], signed
// CHECK-NEXT: %[[MORE0:.*]] = andi %[[BELOW0]], %[[NOWRAP0]]
// CHECK-NEXT: %[[RUNS2:.*]] = andi %[[RUNS]], %[[MORE0]]
// CHECK-NEXT: %[[SECOND:.*]] = if %[[RUNS2]] -> (tile<2x1024xf16>) {
// CHECK-NEXT: load_view_tko weak %{{.*}}[%[[SECONDIV]], %{{.*}}]
// CHECK: for %[[IV:.*]] in (%[[LB]] to %[[UB]], step %[[STEP]]) : tile<i32> iter_values(%[[CUR:.*]] = %[[FIRST]], %[[NEXT:.*]] = %[[SECOND]]) -> (tile<2x1024xf16>, tile<2x1024xf16>) {
// CHECK-NEXT: %[[IV1:.*]] = addi %[[IV]], %[[STEP]]
// CHECK-NEXT: %[[B1:.*]] = cmpi less_than %[[IV1]], %[[UB]], signed
// CHECK-NEXT: %[[W1:.*]] = cmpi greater_than %[[IV1]], %[[IV]], signed
// CHECK-NEXT: %[[M1:.*]] = andi %[[B1]], %[[W1]]
// CHECK-NEXT: %[[IV2:.*]] = addi %[[IV1]], %[[STEP]]
// CHECK-NEXT: %[[B2:.*]] = cmpi less_than %[[IV2]], %[[UB]], signed
// CHECK-NEXT: %[[W2:.*]] = cmpi greater_than %[[IV2]], %[[IV1]], signed
// CHECK-NEXT: %[[M2:.*]] = andi %[[B2]], %[[W2]]
// CHECK-NEXT: %[[MORE:.*]] = andi %[[M1]], %[[M2]]
// CHECK-NEXT: %[[AT:.*]] = select %[[MORE]], %[[IV2]], %[[IV]]
// CHECK-NEXT: %[[AHEAD:.*]], %{{.*}} = load_view_tko weak %{{.*}}[%[[AT]], %{{.*}}]
// CHECK-NEXT: addf %[[CUR]], %[[CUR]]
// CHECK: continue %[[NEXT]], %[[AHEAD]] : tile<2x1024xf16>, tile<2x1024xf16>
// With 4096 bytes ahead at most, the 4096-byte tile is loaded one ahead.
// LIMIT-LABEL: entry @rows
// LIMIT: for %{{.*}} iter_values(%[[CUR:.*]] = %{{.*}}) -> (tile<2x1024xf16>) {
// LIMIT: %[[AHEAD:.*]], %{{.*}} = load_view_tko weak
// LIMIT: continue %[[AHEAD]] : tile<2x1024xf16>
// ALL-LABEL: entry @rows
// ALL: for %{{.*}} iter_values(%{{.*}} = %{{.*}}) -> (tile<2x1024xf16>) {
// OFF-LABEL: entry @rows
// OFF-NOT: iter_values
// OFF-LABEL: entry @gather

// A gather with the latency hint 1, one iteration ahead: its pointers and
// mask are computed again for the next iteration.
// CHECK-LABEL: entry @gather
// CHECK: for %[[J:.*]] in {{.*}} iter_values(%{{.*}} = %{{.*}}, %[[CUR:.*]] = %{{.*}}) -> (tile<256xf32>, tile<256xf32>) {
// CHECK: %[[AT:.*]] = select %{{.*}}, %{{.*}}, %[[J]]
// CHECK-NEXT: muli %[[AT]]
// CHECK: %[[AHEAD:.*]], %{{.*}} = load_ptr_tko weak
// CHECK: %[[SUM:.*]] = addf %{{.*}}, %[[CUR]]
// CHECK: continue %[[SUM]], %[[AHEAD]] : tile<256xf32>, tile<256xf32>

// A load without a latency hint stays, unless a distance is given; so does
// one whose hint is outside [1, 10] (@badhint).
// CHECK-LABEL: entry @nohint
// CHECK-NOT: iter_values
// CHECK: return
// CHECK-LABEL: entry @badhint
// CHECK-NOT: iter_values
// CHECK: return
// ALL-LABEL: entry @nohint
// ALL: for %{{.*}} iter_values(%{{.*}} = %{{.*}}) -> (tile<2x1024xf16>) {

// Not prefetched: a tile feeding a product (the matmul K loop, pipelined
// by the conversion), a load ordered after the loop's own store (its token
// carried by the loop).
// CHECK-LABEL: entry @kept
// CHECK-NOT: iter_values(%{{.*}} = %{{.*}}) -> (tile<64x64xf16>
// CHECK-NOT: if
// CHECK: return
// ALL-LABEL: entry @kept
// ALL-NOT: if
// ALL: return
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
      %x, %t0 = load_view_tko weak %vx[%i, %c0] token = %tok optimization_hints = <default = {latency = 10}> : partition_view<tile=(2x1024), padding_value = zero, tensor_view<?x1024xf16, strides=[1024,1]>>, tile<i32> -> tile<2x1024xf16>, token
      %y = addf %x, %x : tile<2x1024xf16>
      %t1 = store_view_tko weak %y, %vy[%i, %c0] token = %tok : tile<2x1024xf16>, partition_view<tile=(2x1024), tensor_view<?x1024xf16, strides=[1024,1]>>, tile<i32> -> token
      continue
    }
    return
  }
  entry @gather(%p: tile<ptr<f32>>, %q: tile<ptr<f32>>, %n: tile<i32>) {
    %c0 = constant <i32: 0> : tile<i32>
    %c1 = constant <i32: 1> : tile<i32>
    %c256 = constant <i32: 256> : tile<i32>
    %tiles = divi %n, %c256 signed rounding<positive_inf> : tile<i32>
    %iota = iota : tile<256xi32>
    %p1 = reshape %p : tile<ptr<f32>> -> tile<1xptr<f32>>
    %pb = broadcast %p1 : tile<1xptr<f32>> -> tile<256xptr<f32>>
    %n1 = reshape %n : tile<i32> -> tile<1xi32>
    %nb = broadcast %n1 : tile<1xi32> -> tile<256xi32>
    %z = constant <f32: 0.0> : tile<256xf32>
    %sum = for %j in (%c0 to %tiles, step %c1) : tile<i32> iter_values(%acc = %z) -> (tile<256xf32>) {
      %base = muli %j, %c256 : tile<i32>
      %b1 = reshape %base : tile<i32> -> tile<1xi32>
      %bb = broadcast %b1 : tile<1xi32> -> tile<256xi32>
      %offs = addi %bb, %iota : tile<256xi32>
      %in = cmpi less_than %offs, %nb, signed : tile<256xi32> -> tile<256xi1>
      %ptrs = offset %pb, %offs : tile<256xptr<f32>>, tile<256xi32> -> tile<256xptr<f32>>
      %v, %t = load_ptr_tko weak %ptrs, %in, %z optimization_hints = <default = {latency = 1}> : tile<256xptr<f32>>, tile<256xi1>, tile<256xf32> -> tile<256xf32>, token
      %a = addf %acc, %v : tile<256xf32>
      continue %a : tile<256xf32>
    }
    %q1 = reshape %q : tile<ptr<f32>> -> tile<1xptr<f32>>
    %qb = broadcast %q1 : tile<1xptr<f32>> -> tile<256xptr<f32>>
    %qs = offset %qb, %iota : tile<256xptr<f32>>, tile<256xi32> -> tile<256xptr<f32>>
    %t2 = store_ptr_tko weak %qs, %sum : tile<256xptr<f32>>, tile<256xf32> -> token
    return
  }
  entry @nohint(%px: tile<ptr<f16>>, %py: tile<ptr<f16>>, %m: tile<i32>) {
    %tx = make_tensor_view %px, shape = [%m, 1024], strides = [1024, 1] : tile<i32> -> tensor_view<?x1024xf16, strides=[1024,1]>
    %ty = make_tensor_view %py, shape = [%m, 1024], strides = [1024, 1] : tile<i32> -> tensor_view<?x1024xf16, strides=[1024,1]>
    %vx = make_partition_view %tx : partition_view<tile=(2x1024), padding_value = zero, tensor_view<?x1024xf16, strides=[1024,1]>>
    %vy = make_partition_view %ty : partition_view<tile=(2x1024), tensor_view<?x1024xf16, strides=[1024,1]>>
    %c0 = constant <i32: 0> : tile<i32>
    %c1 = constant <i32: 1> : tile<i32>
    %tok = make_token : token
    for %i in (%c0 to %m, step %c1) : tile<i32> {
      %x, %t0 = load_view_tko weak %vx[%i, %c0] token = %tok : partition_view<tile=(2x1024), padding_value = zero, tensor_view<?x1024xf16, strides=[1024,1]>>, tile<i32> -> tile<2x1024xf16>, token
      %t1 = store_view_tko weak %x, %vy[%i, %c0] token = %tok : tile<2x1024xf16>, partition_view<tile=(2x1024), tensor_view<?x1024xf16, strides=[1024,1]>>, tile<i32> -> token
      continue
    }
    return
  }
  entry @badhint(%px: tile<ptr<f16>>, %py: tile<ptr<f16>>, %m: tile<i32>) {
    %tx = make_tensor_view %px, shape = [%m, 1024], strides = [1024, 1] : tile<i32> -> tensor_view<?x1024xf16, strides=[1024,1]>
    %ty = make_tensor_view %py, shape = [%m, 1024], strides = [1024, 1] : tile<i32> -> tensor_view<?x1024xf16, strides=[1024,1]>
    %vx = make_partition_view %tx : partition_view<tile=(2x1024), padding_value = zero, tensor_view<?x1024xf16, strides=[1024,1]>>
    %vy = make_partition_view %ty : partition_view<tile=(2x1024), tensor_view<?x1024xf16, strides=[1024,1]>>
    %c0 = constant <i32: 0> : tile<i32>
    %c1 = constant <i32: 1> : tile<i32>
    %tok = make_token : token
    for %i in (%c0 to %m, step %c1) : tile<i32> {
      %x, %t0 = load_view_tko weak %vx[%i, %c0] token = %tok optimization_hints = <default = {latency = 11}> : partition_view<tile=(2x1024), padding_value = zero, tensor_view<?x1024xf16, strides=[1024,1]>>, tile<i32> -> tile<2x1024xf16>, token
      %t1 = store_view_tko weak %x, %vy[%i, %c0] token = %tok : tile<2x1024xf16>, partition_view<tile=(2x1024), tensor_view<?x1024xf16, strides=[1024,1]>>, tile<i32> -> token
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
      %a, %t0 = load_view_tko weak %va[%c0, %i] token = %tok optimization_hints = <default = {latency = 10}> : partition_view<tile=(64x64), padding_value = zero, tensor_view<64x?xf16, strides=[?,1]>>, tile<i32> -> tile<64x64xf16>, token
      %b, %t1 = load_view_tko weak %vb[%i, %c0] token = %tok optimization_hints = <default = {latency = 10}> : partition_view<tile=(64x64), padding_value = zero, tensor_view<?x64xf16, strides=[64,1]>>, tile<i32> -> tile<64x64xf16>, token
      %p = mmaf %a, %b, %s : tile<64x64xf16>, tile<64x64xf16>, tile<64x64xf32>
      continue %p : tile<64x64xf32>
    }
    %t2 = store_view_tko weak %acc, %vc[%c0, %c0] token = %tok : tile<64x64xf32>, partition_view<tile=(64x64), tensor_view<64x64xf32, strides=[64,1]>>, tile<i32> -> token
    %tl = for %i in (%c0 to %c4, step %c1) : tile<i32> iter_values(%tk = %t2) -> (token) {
      %x, %t3 = load_view_tko weak %vc[%i, %c0] token = %tk optimization_hints = <default = {latency = 10}> : partition_view<tile=(64x64), tensor_view<64x64xf32, strides=[64,1]>>, tile<i32> -> tile<64x64xf32>, token
      %t4 = store_view_tko weak %x, %vc[%c0, %i] token = %t3 : tile<64x64xf32>, partition_view<tile=(64x64), tensor_view<64x64xf32, strides=[64,1]>>, tile<i32> -> token
      continue %t4 : token
    }
    return
  }
}
