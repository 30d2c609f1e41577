// RUN: tile-opt %s --convert-cuda-tile-to-tirx=chip=sm_90 | FileCheck %s

// The matmul K loop on mma.sync (sm_90, no wgmma): a cp.async pipeline of 4
// stages, loads 3 iterations ahead, one loop iteration per K step whose
// stage buffers (stage i % 4 for the fragments, (i + 3) % 4 for the copies,
// both carried by the loop: + 1, back to 0 at 4) are chosen at run time by
// arith.select of the stage buffers: the kernel holds one copy of the stage
// body. The stages' rows of 32 elements (64 bytes) are 64-byte swizzled,
// so that the 8 rows each ldmatrix reads fall in distinct banks.

// CHECK-LABEL: gpu.func @kloop_f16
// CHECK: %[[SA0:.*]] = tirx.alloc : !tirx.buffer<128x32xf16, shared, <S[(128,32):(32,1)], swizzle = 64>>
// CHECK: %[[SB0:.*]] = tirx.alloc : !tirx.buffer<128x32xf16, shared, <S[(128,32):(32,1)], swizzle = 64>>
// CHECK: %[[SA1:.*]] = tirx.alloc : !tirx.buffer<128x32xf16, shared, <S[(128,32):(32,1)], swizzle = 64>>
// CHECK: %[[SB1:.*]] = tirx.alloc : !tirx.buffer<128x32xf16, shared, <S[(128,32):(32,1)], swizzle = 64>>
// CHECK: %[[SA2:.*]] = tirx.alloc : !tirx.buffer<128x32xf16, shared, <S[(128,32):(32,1)], swizzle = 64>>
// CHECK: %[[SB2:.*]] = tirx.alloc : !tirx.buffer<128x32xf16, shared, <S[(128,32):(32,1)], swizzle = 64>>
// CHECK: %[[SA3:.*]] = tirx.alloc : !tirx.buffer<128x32xf16, shared, <S[(128,32):(32,1)], swizzle = 64>>
// CHECK: %[[SB3:.*]] = tirx.alloc : !tirx.buffer<128x32xf16, shared, <S[(128,32):(32,1)], swizzle = 64>>
// CHECK-NOT: tirx.alloc {{.*}} shared
// Prologue: iterations 0, 1, 2 into stages 0, 1, 2.
// CHECK: tirx.copy_async cta %[[SA0]], %{{.*}} :
// CHECK: tirx.copy_async cta %[[SB0]], %{{.*}} :
// CHECK: tirx.async_commit
// CHECK: tirx.copy_async cta %[[SA1]], %{{.*}} :
// CHECK: tirx.copy_async cta %[[SB1]], %{{.*}} :
// CHECK: tirx.async_commit
// CHECK: tirx.copy_async cta %[[SA2]], %{{.*}} :
// CHECK: tirx.copy_async cta %[[SB2]], %{{.*}} :
// CHECK: tirx.async_commit
// CHECK: %[[ACC:.*]] = tirx.alloc : !tirx.buffer<128x128xf32, local
// CHECK: tirx.fill cta %[[ACC]]
// CHECK: %[[C4:.*]] = arith.constant 4 : index
// CHECK: %[[F:.*]]:2 = scf.for %[[I:.*]] = %{{.*}} to %[[TRIPS:.*]] step %c1{{.*}} iter_args(%[[S:.*]] = %c0, %[[NS:.*]] = %c3) -> (index, index) {
// CHECK-NEXT: %[[S1:.*]] = arith.addi %[[S]], %c1{{.*}} : index
// CHECK-NEXT: %[[SW:.*]] = arith.cmpi eq, %[[S1]], %[[C4]] : index
// CHECK-NEXT: %[[SN:.*]] = arith.select %[[SW]], %c0, %[[S1]] : index
// CHECK-NEXT: %[[NS1:.*]] = arith.addi %[[NS]], %c1{{.*}} : index
// CHECK-NEXT: %[[NSW:.*]] = arith.cmpi eq, %[[NS1]], %[[C4]] : index
// CHECK-NEXT: %[[NSN:.*]] = arith.select %[[NSW]], %c0, %[[NS1]] : index
// CHECK-NEXT: tirx.async_wait {pending = 2 : i64}
// CHECK-NEXT: gpu.barrier
// CHECK: %[[IS1:.*]] = arith.cmpi eq, %[[S]], %c1
// CHECK-NEXT: %[[A1:.*]] = arith.select %[[IS1]], %[[SA1]], %[[SA0]]
// CHECK: %[[IS2:.*]] = arith.cmpi eq, %[[S]], %c2
// CHECK-NEXT: %[[A2:.*]] = arith.select %[[IS2]], %[[SA2]], %[[A1]]
// CHECK: %[[IS3:.*]] = arith.cmpi eq, %[[S]], %c3
// CHECK-NEXT: %[[A:.*]] = arith.select %[[IS3]], %[[SA3]], %[[A2]]
// CHECK: %[[B1:.*]] = arith.select %{{.*}}, %[[SB1]], %[[SB0]]
// CHECK: %[[B2:.*]] = arith.select %{{.*}}, %[[SB2]], %[[B1]]
// CHECK: %[[B:.*]] = arith.select %{{.*}}, %[[SB3]], %[[B2]]
// CHECK: tirx.copy cta %[[FA:.*]], %[[A]] : !tirx.buffer<128x32xf16, local
// CHECK: tirx.copy cta %[[FB:.*]], %[[B]] : !tirx.buffer<128x32xf16, local
// CHECK: tirx.gemm warp
// CHECK-NOT: tirx.gemm
// CHECK: %[[NEXT:.*]] = arith.addi %[[I]], %c3
// CHECK: arith.cmpi eq, %[[NS]], %c1
// CHECK-NEXT: arith.select %{{.*}}, %[[SA1]], %[[SA0]]
// CHECK: %[[NA:.*]] = arith.select %{{.*}}, %[[SA3]], %{{.*}}
// CHECK: %[[NB:.*]] = arith.select %{{.*}}, %[[SB3]], %{{.*}}
// CHECK: arith.cmpi slt, %[[NEXT]], %[[TRIPS]]
// CHECK: tirx.copy_async cta %[[NA]], %{{.*}} :
// CHECK: tirx.copy_async cta %[[NB]], %{{.*}} :
// CHECK: tirx.async_commit
// CHECK-NEXT: scf.yield %[[SN]], %[[NSN]] : index, index
// CHECK-NEXT: }
// CHECK-NEXT: tirx.async_wait {pending = 0 : i64}
// CHECK-NEXT: gpu.barrier

cuda_tile.module @k {
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

}
