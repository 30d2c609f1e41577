// RUN: tile-opt %s --convert-cuda-tile-to-tirx | FileCheck %s
// RUN: tile-opt %s --convert-cuda-tile-to-tirx=num-threads=256 | FileCheck %s --check-prefix=T256

// Elementwise ops on tiles become tirx.map primitives into fresh register
// buffers with the blocked layout of their shape, whose bodies compute one
// element; scalar operands (broadcasts of rank-0 tiles) stay scalars. 512
// elements pick 64 threads (about 8 elements each), 4 consecutive f32 per
// thread, twice. (elementwise-{integer,float,math,conversion}.mlir cover
// every op.)

// CHECK-LABEL: gpu.func @ops
// CHECK-SAME: (%[[X:.*]]: !llvm.ptr<1>, %[[S:.*]]: f32, %[[K:.*]]: i32)
// CHECK-SAME: known_block_size = array<i32: 64, 1, 1>
// CHECK-SAME: nvvm.reqntid = array<i32: 64, 1, 1>
// CHECK-SAME: tileir.abi = ["ptr", "f32", "i32"]
// CHECK: %[[V:.*]] = tirx.alloc : !tirx.buffer<512xf32, local, <S[(2,64,4):(4,1@tx,1)]>>
// CHECK: tirx.copy cta %[[V]]
// CHECK: %[[A:.*]] = tirx.alloc : !tirx.buffer<512xf32, local, <S[(2,64,4):(4,1@tx,1)]>>
// CHECK: tirx.map cta %[[A]], %[[V]], %[[S]] : {{.*}}, f32 {
// CHECK-NEXT: ^bb0(%[[E0:.*]]: f32, %[[E1:.*]]: f32):
// CHECK-NEXT: %[[P:.*]] = arith.mulf %[[E0]], %[[E1]] : f32
// CHECK-NEXT: tirx.yield %[[P]] : f32
// CHECK: %[[E:.*]] = tirx.alloc
// CHECK: tirx.map cta %[[E]], %[[A]] :
// CHECK: llvm.call_intrinsic "llvm.nvvm.ex2.approx.f32"
// CHECK: %[[M:.*]] = tirx.alloc
// CHECK: tirx.map cta %[[M]], %[[E]], %[[V]] :
// CHECK: arith.maximumf
// CHECK: %[[D:.*]] = tirx.alloc
// CHECK: tirx.map cta %[[D]], %[[M]], %[[S]] :
// CHECK: llvm.call_intrinsic "llvm.nvvm.div.approx.f"
// CHECK: %[[I:.*]] = tirx.alloc : !tirx.buffer<512xi32, local, <S[(2,64,4):(4,1@tx,1)]>>
// CHECK: tirx.iota cta %[[I]]
// CHECK: %[[LT:.*]] = tirx.alloc : !tirx.buffer<512xi1, local, <S[(2,64,4):(4,1@tx,1)]>>
// CHECK: tirx.map cta %[[LT]], %[[I]], %[[K]] : {{.*}}, i32 {
// CHECK-NEXT: ^bb0(%[[E0:.*]]: i32, %[[E1:.*]]: i32):
// CHECK-NEXT: arith.cmpi ult, %[[E0]], %[[E1]] : i32
// CHECK: %[[R:.*]] = tirx.alloc
// CHECK: tirx.map cta %[[R]], %[[LT]], %[[D]], %[[S]] : {{.*}}, f32 {
// CHECK-NEXT: ^bb0(%[[C:.*]]: i1, %[[E0:.*]]: f32, %[[E1:.*]]: f32):
// CHECK-NEXT: arith.select %[[C]], %[[E0]], %[[E1]] : f32
// CHECK: tirx.copy cta %{{.*}}, %[[R]] : !tirx.buffer<512xf32, global>

// With 256 threads, 512 elements fill 128 of them; the other 128 hold
// replicas.
// T256-LABEL: gpu.func @ops
// T256-SAME: known_block_size = array<i32: 256, 1, 1>
// T256-SAME: nvvm.reqntid = array<i32: 256, 1, 1>
// T256: tirx.alloc : !tirx.buffer<512xf32, local, <S[(128,4):(1@tx,1)] + R[2:128@tx]>>
cuda_tile.module @ew {
  entry @ops(%x: tile<ptr<f32>>, %s: tile<f32>, %k: tile<i32>) {
    %tx = make_tensor_view %x, shape = [512], strides = [1] : tensor_view<512xf32, strides=[1]>
    %px = make_partition_view %tx : partition_view<tile=(512), tensor_view<512xf32, strides=[1]>>
    %c0 = constant <i32: 0> : tile<i32>
    %v, %t0 = load_view_tko weak %px[%c0] : partition_view<tile=(512), tensor_view<512xf32, strides=[1]>>, tile<i32> -> tile<512xf32>, token
    %s1 = reshape %s : tile<f32> -> tile<1xf32>
    %sb = broadcast %s1 : tile<1xf32> -> tile<512xf32>
    %a = mulf %v, %sb : tile<512xf32>
    %e = exp %a rounding<approx> : tile<512xf32>
    %m = maxf %e, %v propagate_nan : tile<512xf32>
    %d = divf %m, %sb rounding<approx> : tile<512xf32>
    %i = iota : tile<512xi32>
    %k1 = reshape %k : tile<i32> -> tile<1xi32>
    %kb = broadcast %k1 : tile<1xi32> -> tile<512xi32>
    %lt = cmpi less_than %i, %kb, unsigned : tile<512xi32> -> tile<512xi1>
    %r = select %lt, %d, %sb : tile<512xi1>, tile<512xf32>
    %t1 = store_view_tko weak %r, %px[%c0] : tile<512xf32>, partition_view<tile=(512), tensor_view<512xf32, strides=[1]>>, tile<i32> -> token
    return
  }
}

// The CTA size comes from the largest tile: 8192 elements would want 1024
// threads, clamped to 256.
// CHECK-LABEL: gpu.func @large
// CHECK-SAME: known_block_size = array<i32: 256, 1, 1>
// CHECK: tirx.alloc : !tirx.buffer<8192xi32, local, <S[(8,256,4):(4,1@tx,1)]>>
cuda_tile.module @big {
  entry @large() {
    %i = iota : tile<8192xi32>
    return
  }
}

// The optimization hint num_worker_warps_per_cta fixes the CTA size.
// CHECK-LABEL: gpu.func @hinted
// CHECK-SAME: known_block_size = array<i32: 32, 1, 1>
// CHECK: tirx.alloc : !tirx.buffer<8192xi32, local, <S[(64,32,4):(4,1@tx,1)]>>
cuda_tile.module @hint {
  entry @hinted() optimization_hints=<sm_90 = {num_worker_warps_per_cta = 1}> {
    %i = iota : tile<8192xi32>
    return
  }
}
