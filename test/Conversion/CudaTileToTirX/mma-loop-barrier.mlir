// RUN: tile-opt %s --convert-cuda-tile-to-tirx=chip=sm_90a | FileCheck %s

// mmaf inside a loop that is not a pipelined K loop (here: the partition
// views are made in the body, as cuTile's 13.1/13.2 exports do): each
// iteration stages A and B into the same shared buffers, so a barrier
// follows the product; without it a warpgroup done with its wgmma could
// overwrite A and B while another still reads them. The one warpgroup of
// this 128x128 product issues both 64-row pieces asynchronously and waits
// for them together before that barrier.

// CHECK-LABEL: gpu.func @loop_mmaf
// CHECK: scf.for
// CHECK: tirx.copy cta %[[SA:.*]], %{{.*}} : !tirx.buffer<128x64xf16, shared
// CHECK: gpu.barrier
// CHECK: tirx.gemm_async warpgroup
// CHECK: tirx.gemm_async warpgroup
// CHECK-NEXT: tirx.gemm_wait warpgroup {dispatch = "wgmma"}{{$}}
// CHECK-NEXT: gpu.barrier
cuda_tile.module @k {
  entry @loop_mmaf(%pa: tile<ptr<f16>>, %pb: tile<ptr<f16>>, %pc: tile<ptr<f32>>, %k: tile<i32>) {
    %ta = make_tensor_view %pa, shape = [128, %k], strides = [%k, 1] : tile<i32> -> tensor_view<128x?xf16, strides=[?,1]>
    %tb = make_tensor_view %pb, shape = [%k, 128], strides = [128, 1] : tile<i32> -> tensor_view<?x128xf16, strides=[128,1]>
    %tc = make_tensor_view %pc, shape = [128, 128], strides = [128, 1] : tensor_view<128x128xf32, strides=[128,1]>
    %c0 = constant <i32: 0> : tile<i32>
    %c1 = constant <i32: 1> : tile<i32>
    %c4 = constant <i32: 4> : tile<i32>
    %z = constant <f32: 0.0> : tile<128x128xf32>
    %acc = for %i in (%c0 to %c4, step %c1) : tile<i32> iter_values(%s = %z) -> (tile<128x128xf32>) {
      %va = make_partition_view %ta : partition_view<tile=(128x64), padding_value = zero, tensor_view<128x?xf16, strides=[?,1]>>
      %a, %t0 = load_view_tko weak %va[%c0, %i] : partition_view<tile=(128x64), padding_value = zero, tensor_view<128x?xf16, strides=[?,1]>>, tile<i32> -> tile<128x64xf16>, token
      %vb = make_partition_view %tb : partition_view<tile=(64x128), padding_value = zero, tensor_view<?x128xf16, strides=[128,1]>>
      %b, %t1 = load_view_tko weak %vb[%i, %c0] : partition_view<tile=(64x128), padding_value = zero, tensor_view<?x128xf16, strides=[128,1]>>, tile<i32> -> tile<64x128xf16>, token
      %p = mmaf %a, %b, %s : tile<128x64xf16>, tile<64x128xf16>, tile<128x128xf32>
      continue %p : tile<128x128xf32>
    }
    %vc = make_partition_view %tc : partition_view<tile=(128x128), tensor_view<128x128xf32, strides=[128,1]>>
    %t2 = store_view_tko weak %acc, %vc[%c0, %c0] : tile<128x128xf32>, partition_view<tile=(128x128), tensor_view<128x128xf32, strides=[128,1]>>, tile<i32> -> token
    return
  }
}
