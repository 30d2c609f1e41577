// RUN: tile-opt %s --tirx-dispatch | FileCheck %s

// The `local` reduction variant: a per-thread tree over the reduced
// registers, a butterfly of gpu.shuffle xor over the reduced lane bits, and,
// when the reduced elements span warps, an exchange of partials through a
// shared scratch buffer between two gpu.barriers.

gpu.module @reductions [#nvvm.target<chip = "sm_90">] {

// One warp: registers, then lanes 1, 2, 4, 8, 16; no shared memory.
// CHECK-LABEL: gpu.func @sum_in_warp
// CHECK-NOT: shared
// CHECK: %[[SRC:.*]] = builtin.unrealized_conversion_cast %{{.*}} to memref<2xf32>
// CHECK: %[[DST:.*]] = builtin.unrealized_conversion_cast %{{.*}} to memref<1xf32>
// CHECK: %[[A:.*]] = memref.load %[[SRC]]
// CHECK: %[[B:.*]] = memref.load %[[SRC]]
// CHECK: %[[T:.*]] = arith.addf %[[A]], %[[B]] : f32
// CHECK: %[[W:.*]] = arith.constant 32 : i32
// CHECK: %[[O1:.*]] = arith.constant 1 : i32
// CHECK: %[[S1:.*]], %{{.*}} = gpu.shuffle xor %[[T]], %[[O1]], %[[W]] : f32
// CHECK: %[[T1:.*]] = arith.addf %[[T]], %[[S1]] : f32
// CHECK: %[[O2:.*]] = arith.constant 2 : i32
// CHECK: gpu.shuffle xor %[[T1]], %[[O2]], %[[W]] : f32
// CHECK: arith.constant 4 : i32
// CHECK: gpu.shuffle xor
// CHECK: arith.constant 8 : i32
// CHECK: gpu.shuffle xor
// CHECK: %[[O16:.*]] = arith.constant 16 : i32
// CHECK: %[[S16:.*]], %{{.*}} = gpu.shuffle xor %[[T8:.*]], %[[O16]], %[[W]] : f32
// CHECK: %[[R:.*]] = arith.addf %[[T8]], %[[S16]] : f32
// CHECK-NOT: gpu.barrier
// CHECK: memref.store %[[R]], %[[DST]]
// CHECK: gpu.return
gpu.func @sum_in_warp(%x: !tirx.buffer<1x64xf32, local, #tirx.layout<S[(32,2):(1@tx,1)]>>) kernel attributes {known_block_size = array<i32: 32, 1, 1>} {
  %d = tirx.alloc : !tirx.buffer<1xf32, local, #tirx.layout<S[1:1] + R[32:1@tx]>>
  tirx.sum cta %d, %x axes = [1] : !tirx.buffer<1xf32, local, #tirx.layout<S[1:1] + R[32:1@tx]>>, !tirx.buffer<1x64xf32, local, #tirx.layout<S[(32,2):(1@tx,1)]>>
  gpu.return
}

// Four warps: after the shuffles, every thread stores its partial at
// scratch[tid], and reads those of tid ^ 32, tid ^ 64 and tid ^ 96.
// CHECK-LABEL: gpu.func @max_across_warps
// CHECK: %[[SCRATCH:.*]] = tirx.alloc : !tirx.buffer<128xf32, shared, <S[128:1]>>
// CHECK: %[[DST:.*]] = builtin.unrealized_conversion_cast %{{.*}} to memref<1xf32>
// CHECK: arith.maxnumf
// CHECK-COUNT-5: gpu.shuffle xor
// CHECK: %[[WARP:.*]] = arith.maxnumf
// CHECK: %[[MEM:.*]] = builtin.unrealized_conversion_cast %[[SCRATCH]] {{.*}} to memref<128xf32, #gpu.address_space<workgroup>>
// CHECK: %[[TID:.*]] = gpu.thread_id x
// CHECK: %[[T32:.*]] = arith.index_castui %[[TID]] : index to i32
// CHECK: %[[T:.*]] = arith.index_castui %[[T32]] : i32 to index
// CHECK: gpu.barrier
// CHECK: %[[MINE:.*]] = arith.addi %[[T]], %{{.*}} : index
// CHECK: memref.store %[[WARP]], %[[MEM]][%[[MINE]]]
// CHECK: gpu.barrier
// CHECK: %[[C32:.*]] = arith.constant 32 : index
// CHECK: %[[P32:.*]] = arith.xori %[[T]], %[[C32]] : index
// CHECK: %[[I32:.*]] = arith.addi %[[P32]], %{{.*}} : index
// CHECK: %[[V32:.*]] = memref.load %[[MEM]][%[[I32]]]
// CHECK: %[[M1:.*]] = arith.maxnumf %[[WARP]], %[[V32]] : f32
// CHECK: arith.constant 64 : index
// CHECK: %[[M2:.*]] = arith.maxnumf %[[M1]], %{{.*}} : f32
// CHECK: arith.constant 96 : index
// CHECK: %[[M3:.*]] = arith.maxnumf %[[M2]], %{{.*}} : f32
// CHECK: memref.store %[[M3]], %[[DST]]
// CHECK-NOT: gpu.barrier
// CHECK: gpu.return
gpu.func @max_across_warps(%x: !tirx.buffer<1x256xf32, local, #tirx.layout<S[(2,128):(1,1@tx)]>>) kernel attributes {known_block_size = array<i32: 128, 1, 1>} {
  %d = tirx.alloc : !tirx.buffer<1xf32, local, #tirx.layout<S[1:1] + R[128:1@tx]>>
  tirx.max cta %d, %x axes = [1] : !tirx.buffer<1xf32, local, #tirx.layout<S[1:1] + R[128:1@tx]>>, !tirx.buffer<1x256xf32, local, #tirx.layout<S[(2,128):(1,1@tx)]>>
  gpu.return
}

// min with propagate_nan combines with minimumf; f16 partials are shuffled
// as f32 and narrowed at the end.
// CHECK-LABEL: gpu.func @min_f16_nan
// CHECK: %[[M:.*]] = arith.minimumf %{{.*}}, %{{.*}} : f16
// CHECK: %[[W:.*]] = arith.extf %[[M]] : f16 to f32
// CHECK: gpu.shuffle xor %[[W]], %{{.*}}, %{{.*}} : f32
// CHECK: arith.minimumf %{{.*}}, %{{.*}} : f32
// CHECK: %[[N:.*]] = arith.truncf %{{.*}} : f32 to f16
// CHECK: memref.store %[[N]]
gpu.func @min_f16_nan(%x: !tirx.buffer<1x64xf16, local, #tirx.layout<S[(32,2):(1@tx,1)]>>) kernel attributes {known_block_size = array<i32: 32, 1, 1>} {
  %d = tirx.alloc : !tirx.buffer<1xf16, local, #tirx.layout<S[1:1] + R[32:1@tx]>>
  tirx.min cta %d, %x axes = [1] {propagate_nan} : !tirx.buffer<1xf16, local, #tirx.layout<S[1:1] + R[32:1@tx]>>, !tirx.buffer<1x64xf16, local, #tirx.layout<S[(32,2):(1@tx,1)]>>
  gpu.return
}

}
