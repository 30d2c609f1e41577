// RUN: tile-opt %s --convert-cuda-tile-to-tirx=chip=sm_90a | FileCheck %s
// RUN: tile-translate --cuda-tile-to-ptx --chip=sm_90a %s | FileCheck %s --check-prefix=PTX

// mmaf with f32 inputs keeps f32 precision (tf32 is its own input type,
// reached with ftof): A and B staged into row-major shared buffers, one
// tirx.gemm at CTA scope with config precision = "f32" on the accumulator
// in the blocked layout, lowered by the `fma` variant (one fma.rn.f32 per
// element and K step, no tensor-core instruction). In a loop, a barrier
// after the product keeps the next iteration's staging from overwriting A
// and B under slower warps; the K loop over f32 tiles is not pipelined.

// CHECK-LABEL: gpu.func @mmaf_f32
// CHECK: %[[A:.*]] = tirx.alloc : !tirx.buffer<64x32xf32, shared, <S[(64,32):(32,1)]>>
// CHECK: tirx.copy cta %[[A]]
// CHECK: %[[B:.*]] = tirx.alloc : !tirx.buffer<32x64xf32, shared, <S[(32,64):(64,1)]>>
// CHECK: tirx.copy cta %[[B]]
// CHECK: gpu.barrier
// CHECK: tirx.gemm cta %[[D:.*]], %[[A]], %[[B]], %[[D]] {beta = 1.000000e+00 : f64, config = {precision = "f32"}} : !tirx.buffer<64x64xf32, local, <S[(4,256,4):(4,1@tx,1)]>>, !tirx.buffer<64x32xf32, shared, <S[(64,32):(32,1)]>>, !tirx.buffer<32x64xf32, shared, <S[(32,64):(64,1)]>>
// CHECK-NOT: gpu.barrier
// CHECK: gpu.return

// CHECK-LABEL: gpu.func @kloop_f32
// CHECK-NOT: tirx.copy_async
// CHECK: scf.for
// CHECK: tirx.gemm cta {{.*}} config = {precision = "f32"}
// CHECK-NEXT: gpu.barrier

// CHECK-LABEL: gpu.func @batched_f32
// CHECK: tirx.gemm cta {{.*}} {beta = 1.000000e+00 : f64, config = {precision = "f32"}} : !tirx.buffer<32x32xf32, local, <S[(256,4):(1@tx,1)]>>, !tirx.buffer<32x16xf32, shared, <S[(32,16):(16,1)]>>
// CHECK: tirx.gemm cta {{.*}} {beta = 1.000000e+00 : f64, config = {precision = "f32"}} : !tirx.buffer<32x32xf32, local, <S[(256,4):(1@tx,1)] + 4>>, !tirx.buffer<32x16xf32, shared, <S[(32,16):(16,1)] + 512>>

// PTX-LABEL: .entry mmaf_f32(
// PTX-NOT: {{wgmma|mma.sync}}
// PTX: fma.rn.f32
// PTX-LABEL: .entry kloop_f32(
// PTX-NOT: {{wgmma|mma.sync|cp.async}}
// PTX: fma.rn.f32
// PTX-LABEL: .entry batched_f32(
// PTX-NOT: {{wgmma|mma.sync}}
// PTX: fma.rn.f32

cuda_tile.module @k {
  entry @mmaf_f32(%pa: tile<ptr<f32>>, %pb: tile<ptr<f32>>, %pc: tile<ptr<f32>>) {
    %ta = make_tensor_view %pa, shape = [64, 32], strides = [32, 1] : tensor_view<64x32xf32, strides=[32,1]>
    %tb = make_tensor_view %pb, shape = [32, 64], strides = [64, 1] : tensor_view<32x64xf32, strides=[64,1]>
    %tc = make_tensor_view %pc, shape = [64, 64], strides = [64, 1] : tensor_view<64x64xf32, strides=[64,1]>
    %va = make_partition_view %ta : partition_view<tile=(64x32), tensor_view<64x32xf32, strides=[32,1]>>
    %vb = make_partition_view %tb : partition_view<tile=(32x64), tensor_view<32x64xf32, strides=[64,1]>>
    %vc = make_partition_view %tc : partition_view<tile=(64x64), tensor_view<64x64xf32, strides=[64,1]>>
    %c0 = constant <i32: 0> : tile<i32>
    %a, %t0 = load_view_tko weak %va[%c0, %c0] : partition_view<tile=(64x32), tensor_view<64x32xf32, strides=[32,1]>>, tile<i32> -> tile<64x32xf32>, token
    %b, %t1 = load_view_tko weak %vb[%c0, %c0] : partition_view<tile=(32x64), tensor_view<32x64xf32, strides=[64,1]>>, tile<i32> -> tile<32x64xf32>, token
    %z = constant <f32: 0.0> : tile<64x64xf32>
    %d = mmaf %a, %b, %z : tile<64x32xf32>, tile<32x64xf32>, tile<64x64xf32>
    %t2 = store_view_tko weak %d, %vc[%c0, %c0] : tile<64x64xf32>, partition_view<tile=(64x64), tensor_view<64x64xf32, strides=[64,1]>>, tile<i32> -> token
    return
  }

  entry @kloop_f32(%pa: tile<ptr<f32>>, %pb: tile<ptr<f32>>, %pc: tile<ptr<f32>>, %k: tile<i32>) {
    %ta = make_tensor_view %pa, shape = [64, %k], strides = [%k, 1] : tile<i32> -> tensor_view<64x?xf32, strides=[?,1]>
    %tb = make_tensor_view %pb, shape = [%k, 64], strides = [64, 1] : tile<i32> -> tensor_view<?x64xf32, strides=[64,1]>
    %tc = make_tensor_view %pc, shape = [64, 64], strides = [64, 1] : tensor_view<64x64xf32, strides=[64,1]>
    %va = make_partition_view %ta : partition_view<tile=(64x32), padding_value = zero, tensor_view<64x?xf32, strides=[?,1]>>
    %vb = make_partition_view %tb : partition_view<tile=(32x64), padding_value = zero, tensor_view<?x64xf32, strides=[64,1]>>
    %vc = make_partition_view %tc : partition_view<tile=(64x64), tensor_view<64x64xf32, strides=[64,1]>>
    %kt:2 = get_index_space_shape %va : partition_view<tile=(64x32), padding_value = zero, tensor_view<64x?xf32, strides=[?,1]>> -> tile<i32>
    %c0 = constant <i32: 0> : tile<i32>
    %c1 = constant <i32: 1> : tile<i32>
    %z = constant <f32: 0.0> : tile<64x64xf32>
    %acc = for %i in (%c0 to %kt#1, step %c1) : tile<i32> iter_values(%s = %z) -> (tile<64x64xf32>) {
      %a, %t0 = load_view_tko weak %va[%c0, %i] : partition_view<tile=(64x32), padding_value = zero, tensor_view<64x?xf32, strides=[?,1]>>, tile<i32> -> tile<64x32xf32>, token
      %b, %t1 = load_view_tko weak %vb[%i, %c0] : partition_view<tile=(32x64), padding_value = zero, tensor_view<?x64xf32, strides=[64,1]>>, tile<i32> -> tile<32x64xf32>, token
      %p = mmaf %a, %b, %s : tile<64x32xf32>, tile<32x64xf32>, tile<64x64xf32>
      continue %p : tile<64x64xf32>
    }
    %t2 = store_view_tko weak %acc, %vc[%c0, %c0] : tile<64x64xf32>, partition_view<tile=(64x64), tensor_view<64x64xf32, strides=[64,1]>>, tile<i32> -> token
    return
  }

  entry @batched_f32(%pc: tile<ptr<f32>>) {
    %a = constant <f32: 1.0> : tile<2x32x16xf32>
    %b = constant <f32: 2.0> : tile<2x16x32xf32>
    %z = constant <f32: 0.0> : tile<2x32x32xf32>
    %d = mmaf %a, %b, %z : tile<2x32x16xf32>, tile<2x16x32xf32>, tile<2x32x32xf32>
    %tc = make_tensor_view %pc, shape = [2, 32, 32], strides = [1024, 32, 1] : tensor_view<2x32x32xf32, strides=[1024,32,1]>
    %vc = make_partition_view %tc : partition_view<tile=(2x32x32), tensor_view<2x32x32xf32, strides=[1024,32,1]>>
    %c0 = constant <i32: 0> : tile<i32>
    %t = store_view_tko weak %d, %vc[%c0, %c0, %c0] : tile<2x32x32xf32>, partition_view<tile=(2x32x32), tensor_view<2x32x32xf32, strides=[1024,32,1]>>, tile<i32> -> token
    return
  }
}
