// RUN: tile-opt %s --convert-cuda-tile-to-tirx="chip=sm_90a tma-loads=false" | FileCheck %s

// The matmul K loop with cp.async loads (`tma-loads=false`; by default the
// rolled loops below load by TMA: mma-kloop-mn-major.mlir) becomes a
// cp.async pipeline (stages of A and B in
// K-major wgmma layouts, loads stages - 1 iterations ahead) feeding
// gemm_async on views of the CTA accumulator, one group per piece in
// flight; the barrier after the products (every warpgroup has waited for
// the previous iteration's groups) comes before the loads that refill that
// stage. Stages: as many as keep 96 KiB of tiles ahead, at most 4 (16 KiB
// stages: 4; 48 KiB stages: 3). The stages are row-major, swizzled by the
// bytes of one row of K: K = 32 of f16 (64 bytes) with the 64-byte swizzle,
// K = 64 with the 128-byte one. Every gemm op names the instruction planMma
// chose (`dispatch = "wgmma"`): tirx-dispatch takes that variant only.
//
// A kernel whose one product is a 128x128 matmul runs on one warpgroup
// (128 threads) that computes both 64-row pieces: the second piece's
// registers follow the first's (storage offset 64), and the loop is rolled,
// the stage buffers chosen by arith.select of the iteration modulo the
// stages.

// CHECK-LABEL: gpu.func @kloop_f16
// CHECK-SAME: nvvm.reqntid = array<i32: 128, 1, 1>
// CHECK: %[[SA0:.*]] = tirx.alloc : !tirx.buffer<128x32xf16, shared, <S[(128,32):(32,1)], swizzle = 64>>
// CHECK: %[[SB0:.*]] = tirx.alloc : !tirx.buffer<128x32xf16, shared, <S[(128,32):(32,1)], swizzle = 64>>
// CHECK-COUNT-4: tirx.alloc : !tirx.buffer<128x32xf16, shared, <S[(128,32):(32,1)], swizzle = 64>>
// CHECK: %[[SA3:.*]] = tirx.alloc : !tirx.buffer<128x32xf16, shared, <S[(128,32):(32,1)], swizzle = 64>>
// CHECK: %[[SB3:.*]] = tirx.alloc : !tirx.buffer<128x32xf16, shared, <S[(128,32):(32,1)], swizzle = 64>>
// CHECK-NOT: tirx.alloc {{.*}} shared
// CHECK: scf.if
// CHECK: tirx.copy_async cta %[[SA0]], %{{.*}} :
// CHECK: tirx.copy_async cta %[[SB0]], %{{.*}} :
// CHECK: tirx.async_commit
// CHECK: %[[ACC:.*]] = tirx.alloc : !tirx.buffer<128x128xf32, local, <S[(2,4,2,8,16,4,2):(64,1@warpid,2,4@laneid,4,1@laneid,1)]>>
// CHECK: tirx.fill cta %[[ACC]]
// CHECK: scf.for %[[I:.*]] = %{{.*}} to %[[TRIPS:.*]] step %c1{{.*}} iter_args(%{{.*}} = %c0, %{{.*}} = %c3)
// CHECK: tirx.async_wait {pending = 2 : i64}
// CHECK: gpu.barrier
// CHECK: arith.select %{{.*}}, %[[SA3]], %{{.*}}
// CHECK: %[[SB:.*]] = arith.select %{{.*}}, %[[SB3]], %{{.*}}
// CHECK-NOT: tirx.warpgroup_id
// CHECK: %[[P0:.*]] = tirx.view %[[ACC]] : {{.*}} -> !tirx.buffer<64x128xf32, local, <S[(4,2,8,16,4,2):(1@wid_in_wg,2,4@laneid,4,1@laneid,1)]>>
// CHECK: %[[A0:.*]] = tirx.view %{{.*}} -> !tirx.buffer<64x32xf16, shared, <S[(64,32):(32,1)], swizzle = 64>>
// CHECK: %[[B0:.*]] = tirx.view %[[SB]] : {{.*}} -> !tirx.buffer<128x32xf16, shared, <S[(128,32):(32,1)], swizzle = 64>>
// CHECK: tirx.gemm_async warpgroup %[[P0]], %[[A0]], %[[B0]], %[[P0]] {beta = 1.000000e+00 : f64, dispatch = "wgmma", transpose_b}
// CHECK-NOT: tirx.gemm_wait
// CHECK: %[[P1:.*]] = tirx.view %[[ACC]] : {{.*}} -> !tirx.buffer<64x128xf32, local, <S[(4,2,8,16,4,2):(1@wid_in_wg,2,4@laneid,4,1@laneid,1)] + 64>>
// CHECK: %[[A1:.*]] = tirx.view %{{.*}} -> !tirx.buffer<64x32xf16, shared, <S[(64,32):(32,1)] + 2048, swizzle = 64>>
// CHECK: tirx.gemm_async warpgroup %[[P1]], %[[A1]], %{{.*}}, %[[P1]]
// CHECK-NEXT: tirx.gemm_wait warpgroup {dispatch = "wgmma", pending = 2 : i64}
// CHECK-NEXT: gpu.barrier
// CHECK: scf.if
// CHECK: tirx.copy_async cta
// CHECK: tirx.copy_async cta
// CHECK: tirx.async_commit
// CHECK: tirx.gemm_wait warpgroup {dispatch = "wgmma"}{{$}}
// CHECK: %[[OUT:.*]] = tirx.alloc : !tirx.buffer<128x128xf16, local, <S[(2,4,2,8,16,4,2):(64,1@warpid,2,4@laneid,4,1@laneid,1)]>>
// CHECK: tirx.cast cta %[[OUT]], %[[ACC]]
// CHECK: tirx.copy cta %{{.*}}, %[[OUT]]

// A CTA of one warpgroup shares its SM with a second one where three
// stages or more fit in half of the SM's shared memory: 32 KiB stages (K =
// 64) take 3, not the 4 that 96 KiB ahead would.
// CHECK-LABEL: gpu.func @kloop_two_ctas
// CHECK-SAME: nvvm.reqntid = array<i32: 128, 1, 1>
// CHECK-COUNT-6: tirx.alloc : !tirx.buffer<128x64xf16, shared, <S[(128,64):(64,1)], swizzle = 128>>
// CHECK-NOT: tirx.alloc {{.*}} shared
// CHECK: scf.for %[[I:.*]] = %{{.*}} to %{{.*}} step %c1{{.*}} iter_args(%{{.*}} = %c0, %{{.*}} = %c2)
// CHECK: tirx.async_wait {pending = 1 : i64}

// K = 128 (two 128-byte rows of K): the stages hold chunks of one row
// (32 KiB, as with K = 64), so a CTA of one warpgroup shares the SM; the
// pipeline runs two steps per iteration (trips * 2), step j loading chunk
// j % 2 of iteration j / 2 (the view's tile index along K times 2 plus the
// chunk), each a product of K = 64.
// CHECK-LABEL: gpu.func @kloop_k128
// CHECK-SAME: nvvm.reqntid = array<i32: 128, 1, 1>
// CHECK-COUNT-6: tirx.alloc : !tirx.buffer<128x64xf16, shared, <S[(128,64):(64,1)], swizzle = 128>>
// CHECK-NOT: tirx.alloc {{.*}} shared
// CHECK: %[[TRIPS:.*]] = arith.muli %{{.*}}, %c2 : index
// CHECK: %[[IT:.*]] = arith.divui %c0{{.*}}, %c2 : index
// CHECK: %[[CH:.*]] = arith.remui %c0{{.*}}, %c2 : index
// CHECK: %[[KT:.*]] = arith.muli %{{.*}}, %c2 : index
// CHECK: %[[KI:.*]] = arith.addi %[[KT]], %[[CH]] : index
// CHECK: %[[KO:.*]] = arith.muli %[[KI]], %c64{{.*}} : index
// CHECK: tirx.region %{{.*}} [%{{.*}}, %[[KO]]] : !tirx.buffer<128x1024xf16, global> -> !tirx.buffer<128x64xf16, global>
// CHECK: scf.for %{{.*}} = %c0{{.*}} to %[[TRIPS]] step %c1
// CHECK: tirx.gemm_async warpgroup {{.*}} !tirx.buffer<64x64xf16, shared
// CHECK: arith.divui
// CHECK: arith.remui

// CHECK-LABEL: gpu.func @kloop_swizzled
// CHECK: %[[SA:.*]] = tirx.alloc : !tirx.buffer<128x64xf16, shared, <S[(128,64):(64,1)], swizzle = 128>>
// CHECK: %[[SB:.*]] = tirx.alloc : !tirx.buffer<256x64xf16, shared, <S[(256,64):(64,1)], swizzle = 128>>
// CHECK: tirx.copy_async cta %[[SA]], %{{.*}} :
// CHECK: tirx.copy_async cta %[[SB]], %{{.*}} :
// CHECK: scf.for %{{.*}} step %c3
// CHECK: tirx.view %[[SA]] : {{.*}} -> !tirx.buffer<64x64xf16, shared, <S[(64,64):(64,1)], swizzle = 128>>
// CHECK: tirx.view %[[SB]] : {{.*}} -> !tirx.buffer<256x64xf16, shared, <S[(256,64):(64,1)], swizzle = 128>>
// CHECK: tirx.gemm_async warpgroup
// CHECK: tirx.view %[[SA]] : {{.*}} -> !tirx.buffer<64x64xf16, shared, <S[(64,64):(64,1)] + 4096, swizzle = 128>>
cuda_tile.module @mma {
  entry @kloop_f16(%a: tile<ptr<f16>>, %b: tile<ptr<f16>>, %c: tile<ptr<f16>>, %kt: tile<i32>) {
    %ta = make_tensor_view %a, shape = [128, 256], strides = [256, 1] : tensor_view<128x256xf16, strides=[256,1]>
    %tb = make_tensor_view %b, shape = [128, 256], strides = [256, 1] : tensor_view<128x256xf16, strides=[256,1]>
    %tc = make_tensor_view %c, shape = [128, 128], strides = [128, 1] : tensor_view<128x128xf16, strides=[128,1]>
    %pa = make_partition_view %ta : partition_view<tile=(128x32), tensor_view<128x256xf16, strides=[256,1]>>
    %pb = make_partition_view %tb : partition_view<tile=(128x32), tensor_view<128x256xf16, strides=[256,1]>>
    %pc = make_partition_view %tc : partition_view<tile=(128x128), tensor_view<128x128xf16, strides=[128,1]>>
    %c0 = constant <i32: 0> : tile<i32>
    %c1 = constant <i32: 1> : tile<i32>
    %zero = constant <f32: 0.0> : tile<128x128xf32>
    %acc = for %kk in (%c0 to %kt, step %c1) : tile<i32> iter_values(%x = %zero) -> (tile<128x128xf32>) {
      %va, %t0 = load_view_tko weak %pa[%c0, %kk] : partition_view<tile=(128x32), tensor_view<128x256xf16, strides=[256,1]>>, tile<i32> -> tile<128x32xf16>, token
      %vb, %t1 = load_view_tko weak %pb[%c0, %kk] : partition_view<tile=(128x32), tensor_view<128x256xf16, strides=[256,1]>>, tile<i32> -> tile<128x32xf16>, token
      %vbt = permute %vb [1, 0] : tile<128x32xf16> -> tile<32x128xf16>
      %y = mmaf %va, %vbt, %x : tile<128x32xf16>, tile<32x128xf16>, tile<128x128xf32>
      continue %y : tile<128x128xf32>
    }
    %out = ftof %acc : tile<128x128xf32> -> tile<128x128xf16>
    %t2 = store_view_tko weak %out, %pc[%c0, %c0] : tile<128x128xf16>, partition_view<tile=(128x128), tensor_view<128x128xf16, strides=[128,1]>>, tile<i32> -> token
    return
  }

  entry @kloop_two_ctas(%a: tile<ptr<f16>>, %b: tile<ptr<f16>>, %c: tile<ptr<f16>>, %kt: tile<i32>) {
    %ta = make_tensor_view %a, shape = [128, 512], strides = [512, 1] : tensor_view<128x512xf16, strides=[512,1]>
    %tb = make_tensor_view %b, shape = [128, 512], strides = [512, 1] : tensor_view<128x512xf16, strides=[512,1]>
    %tc = make_tensor_view %c, shape = [128, 128], strides = [128, 1] : tensor_view<128x128xf16, strides=[128,1]>
    %pa = make_partition_view %ta : partition_view<tile=(128x64), tensor_view<128x512xf16, strides=[512,1]>>
    %pb = make_partition_view %tb : partition_view<tile=(128x64), tensor_view<128x512xf16, strides=[512,1]>>
    %pc = make_partition_view %tc : partition_view<tile=(128x128), tensor_view<128x128xf16, strides=[128,1]>>
    %c0 = constant <i32: 0> : tile<i32>
    %c1 = constant <i32: 1> : tile<i32>
    %zero = constant <f32: 0.0> : tile<128x128xf32>
    %acc = for %kk in (%c0 to %kt, step %c1) : tile<i32> iter_values(%x = %zero) -> (tile<128x128xf32>) {
      %va, %t0 = load_view_tko weak %pa[%c0, %kk] : partition_view<tile=(128x64), tensor_view<128x512xf16, strides=[512,1]>>, tile<i32> -> tile<128x64xf16>, token
      %vb, %t1 = load_view_tko weak %pb[%c0, %kk] : partition_view<tile=(128x64), tensor_view<128x512xf16, strides=[512,1]>>, tile<i32> -> tile<128x64xf16>, token
      %vbt = permute %vb [1, 0] : tile<128x64xf16> -> tile<64x128xf16>
      %y = mmaf %va, %vbt, %x : tile<128x64xf16>, tile<64x128xf16>, tile<128x128xf32>
      continue %y : tile<128x128xf32>
    }
    %out = ftof %acc : tile<128x128xf32> -> tile<128x128xf16>
    %t2 = store_view_tko weak %out, %pc[%c0, %c0] : tile<128x128xf16>, partition_view<tile=(128x128), tensor_view<128x128xf16, strides=[128,1]>>, tile<i32> -> token
    return
  }

  entry @kloop_k128(%a: tile<ptr<f16>>, %b: tile<ptr<f16>>, %c: tile<ptr<f16>>, %kt: tile<i32>) {
    %ta = make_tensor_view %a, shape = [128, 1024], strides = [1024, 1] : tensor_view<128x1024xf16, strides=[1024,1]>
    %tb = make_tensor_view %b, shape = [128, 1024], strides = [1024, 1] : tensor_view<128x1024xf16, strides=[1024,1]>
    %tc = make_tensor_view %c, shape = [128, 128], strides = [128, 1] : tensor_view<128x128xf16, strides=[128,1]>
    %pa = make_partition_view %ta : partition_view<tile=(128x128), tensor_view<128x1024xf16, strides=[1024,1]>>
    %pb = make_partition_view %tb : partition_view<tile=(128x128), tensor_view<128x1024xf16, strides=[1024,1]>>
    %pc = make_partition_view %tc : partition_view<tile=(128x128), tensor_view<128x128xf16, strides=[128,1]>>
    %c0 = constant <i32: 0> : tile<i32>
    %c1 = constant <i32: 1> : tile<i32>
    %zero = constant <f32: 0.0> : tile<128x128xf32>
    %acc = for %kk in (%c0 to %kt, step %c1) : tile<i32> iter_values(%x = %zero) -> (tile<128x128xf32>) {
      %va, %t0 = load_view_tko weak %pa[%c0, %kk] : partition_view<tile=(128x128), tensor_view<128x1024xf16, strides=[1024,1]>>, tile<i32> -> tile<128x128xf16>, token
      %vb, %t1 = load_view_tko weak %pb[%c0, %kk] : partition_view<tile=(128x128), tensor_view<128x1024xf16, strides=[1024,1]>>, tile<i32> -> tile<128x128xf16>, token
      %vbt = permute %vb [1, 0] : tile<128x128xf16> -> tile<128x128xf16>
      %y = mmaf %va, %vbt, %x : tile<128x128xf16>, tile<128x128xf16>, tile<128x128xf32>
      continue %y : tile<128x128xf32>
    }
    %out = ftof %acc : tile<128x128xf32> -> tile<128x128xf16>
    %t2 = store_view_tko weak %out, %pc[%c0, %c0] : tile<128x128xf16>, partition_view<tile=(128x128), tensor_view<128x128xf16, strides=[128,1]>>, tile<i32> -> token
    return
  }

  entry @kloop_swizzled(%a: tile<ptr<f16>>, %b: tile<ptr<f16>>, %c: tile<ptr<f32>>, %kt: tile<i32>) {
    %ta = make_tensor_view %a, shape = [128, 256], strides = [256, 1] : tensor_view<128x256xf16, strides=[256,1]>
    %tb = make_tensor_view %b, shape = [256, 256], strides = [256, 1] : tensor_view<256x256xf16, strides=[256,1]>
    %tc = make_tensor_view %c, shape = [128, 256], strides = [256, 1] : tensor_view<128x256xf32, strides=[256,1]>
    %pa = make_partition_view %ta : partition_view<tile=(128x64), tensor_view<128x256xf16, strides=[256,1]>>
    %pb = make_partition_view %tb : partition_view<tile=(256x64), tensor_view<256x256xf16, strides=[256,1]>>
    %pc = make_partition_view %tc : partition_view<tile=(128x256), tensor_view<128x256xf32, strides=[256,1]>>
    %c0 = constant <i32: 0> : tile<i32>
    %c1 = constant <i32: 1> : tile<i32>
    %zero = constant <f32: 0.0> : tile<128x256xf32>
    %acc = for %kk in (%c0 to %kt, step %c1) : tile<i32> iter_values(%x = %zero) -> (tile<128x256xf32>) {
      %va, %t0 = load_view_tko weak %pa[%c0, %kk] : partition_view<tile=(128x64), tensor_view<128x256xf16, strides=[256,1]>>, tile<i32> -> tile<128x64xf16>, token
      %vb, %t1 = load_view_tko weak %pb[%c0, %kk] : partition_view<tile=(256x64), tensor_view<256x256xf16, strides=[256,1]>>, tile<i32> -> tile<256x64xf16>, token
      %vbt = permute %vb [1, 0] : tile<256x64xf16> -> tile<64x256xf16>
      %y = mmaf %va, %vbt, %x : tile<128x64xf16>, tile<64x256xf16>, tile<128x256xf32>
      continue %y : tile<128x256xf32>
    }
    %t2 = store_view_tko weak %acc, %pc[%c0, %c0] : tile<128x256xf32>, partition_view<tile=(128x256), tensor_view<128x256xf32, strides=[256,1]>>, tile<i32> -> token
    return
  }
}
