// RUN: tile-opt %s --convert-cuda-tile-to-tirx | FileCheck %s

// reduce -> tirx.max / tirx.sum into a buffer with the source layout minus
// the reduced bits, replicated over the reducing threads; reshape and
// broadcast -> tirx.view of the same registers (the broadcast with stride-0
// register bits).

// CHECK-LABEL: gpu.func @row_softmax_parts
// CHECK-SAME: known_block_size = array<i32: 32, 1, 1>
// CHECK: %[[V:.*]] = tirx.alloc : !tirx.buffer<1x256xf32, local, <S[(2,32,4):(4,1@tx,1)]>>
// CHECK: %[[MAX:.*]] = tirx.alloc : !tirx.buffer<1xf32, local, <S[1:1] + R[(2,2,2,2,2):(1@tx,2@tx,4@tx,8@tx,16@tx)]>>
// CHECK: tirx.max cta %[[MAX]], %[[V]] axes = [1] {propagate_nan} :
// CHECK: %[[M2:.*]] = tirx.view %[[MAX]] : {{.*}} -> !tirx.buffer<1x1xf32, local, <S[1:1] + R[(2,2,2,2,2):(1@tx,2@tx,4@tx,8@tx,16@tx)]>>
// CHECK: %[[MB:.*]] = tirx.view %[[M2]] : {{.*}} -> !tirx.buffer<1x256xf32, local, <S[(2,32,4):(0,1@tx,0)]>>
// CHECK: %[[D:.*]] = tirx.alloc : !tirx.buffer<1x256xf32, local, <S[(2,32,4):(4,1@tx,1)]>>
// CHECK: tirx.map cta %[[D]], %[[V]], %[[MB]] :
// CHECK-NEXT: ^bb0(%[[X:.*]]: f32, %[[Y:.*]]: f32):
// CHECK-NEXT: arith.subf %[[X]], %[[Y]] : f32
// CHECK: %[[SUM:.*]] = tirx.alloc : !tirx.buffer<1xf32, local, <S[1:1] + R[(2,2,2,2,2):(1@tx,2@tx,4@tx,8@tx,16@tx)]>>
// CHECK: tirx.sum cta %[[SUM]], %[[D]] axes = [1] :
// CHECK-NOT: tirx.max
cuda_tile.module @reductions {
  entry @row_softmax_parts(%x: tile<ptr<f32>>) {
    %tx = make_tensor_view %x, shape = [1, 256], strides = [256, 1] : tensor_view<1x256xf32, strides=[256,1]>
    %px = make_partition_view %tx : partition_view<tile=(1x256), tensor_view<1x256xf32, strides=[256,1]>>
    %c0 = constant <i32: 0> : tile<i32>
    %v, %t0 = load_view_tko weak %px[%c0, %c0] : partition_view<tile=(1x256), tensor_view<1x256xf32, strides=[256,1]>>, tile<i32> -> tile<1x256xf32>, token
    %max = reduce %v dim=1 identities=[0xFF800000 : f32] : tile<1x256xf32> -> tile<1xf32>
    (%a: tile<f32>, %b: tile<f32>) {
      %m = maxf %a, %b propagate_nan : tile<f32>
      yield %m : tile<f32>
    }
    %max2 = reshape %max : tile<1xf32> -> tile<1x1xf32>
    %maxb = broadcast %max2 : tile<1x1xf32> -> tile<1x256xf32>
    %d = subf %v, %maxb : tile<1x256xf32>
    %sum = reduce %d dim=1 identities=[0.000000e+00 : f32] : tile<1x256xf32> -> tile<1xf32>
    (%a: tile<f32>, %b: tile<f32>) {
      %s = addf %a, %b : tile<f32>
      yield %s : tile<f32>
    }
    return
  }

  // Reducing the rows of a 4x64 tile keeps the row bits where they were (the
  // low one on tx 16, the high one in a register) and replicates over the
  // column threads.
  // CHECK-LABEL: gpu.func @rows
  // CHECK: %[[V:.*]] = tirx.alloc : !tirx.buffer<4x64xi32, local, <S[(2,32,4):(4,1@tx,1)]>>
  // CHECK: %[[S:.*]] = tirx.alloc : !tirx.buffer<4xi32, local, <S[(2,2):(1,16@tx)] + R[(2,2,2,2):(1@tx,2@tx,4@tx,8@tx)]>>
  // CHECK: tirx.sum cta %[[S]], %[[V]] axes = [1]
  entry @rows(%x: tile<ptr<i32>>) {
    %tx = make_tensor_view %x, shape = [4, 64], strides = [64, 1] : tensor_view<4x64xi32, strides=[64,1]>
    %px = make_partition_view %tx : partition_view<tile=(4x64), tensor_view<4x64xi32, strides=[64,1]>>
    %c0 = constant <i32: 0> : tile<i32>
    %v, %t0 = load_view_tko weak %px[%c0, %c0] : partition_view<tile=(4x64), tensor_view<4x64xi32, strides=[64,1]>>, tile<i32> -> tile<4x64xi32>, token
    %sum = reduce %v dim=1 identities=[0 : i32] : tile<4x64xi32> -> tile<4xi32>
    (%a: tile<i32>, %b: tile<i32>) {
      %s = addi %a, %b : tile<i32>
      yield %s : tile<i32>
    }
    return
  }
}
