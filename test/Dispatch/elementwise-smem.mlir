// RUN: tile-opt %s --tirx-dispatch | FileCheck %s

// The `smem` elementwise variant: a serial loop over the [outer, threads,
// vec] partition, 16-byte vector loads and stores of shared memory, packed
// f16x2 forms on pairs; and the `shared` reduction variant.

!S = !tirx.buffer<1024xf16, shared, #tirx.layout<S[1024:1]>>
!T = !tirx.buffer<1x4096xf32, shared, #tirx.layout<S[1,4096]>>
!D = !tirx.buffer<1xf32, shared, #tirx.layout<S[1:1]>>
!Q = !tirx.buffer<8x32xf32, shared, #tirx.layout<S[8,32]>>
!E = !tirx.buffer<8xf32, shared, #tirx.layout<S[8:1]>>

gpu.module @m [#nvvm.target<chip = "sm_90">] {

// 1024 f16 over 128 threads: one vector of 8 per thread.
// CHECK-LABEL: gpu.func @fma_f16
// CHECK-SAME: (%[[S:.*]]: f16)
// CHECK: %[[D:.*]] = builtin.unrealized_conversion_cast %{{.*}} to memref<1024xf16, #gpu.address_space<workgroup>>
// CHECK: %[[TID:.*]] = gpu.thread_id x
// CHECK: scf.for %[[F:.*]] = %{{.*}} to %[[ONE:.*]] step
// CHECK: %[[C128:.*]] = arith.constant 128 : index
// CHECK: %[[FT:.*]] = arith.muli %[[F]], %[[C128]] : index
// CHECK: %[[TH:.*]] = arith.addi %[[FT]], %{{.*}} : index
// CHECK: %[[FLAT:.*]] = arith.muli %[[TH]], %{{.*}} : index
// CHECK: %[[X:.*]] = vector.load %{{.*}}[%{{.*}}] : memref<1024xf16, #gpu.address_space<workgroup>>, vector<8xf16>
// CHECK: %[[B:.*]] = vector.load %{{.*}}[%{{.*}}] : memref<1024xf16, #gpu.address_space<workgroup>>, vector<8xf16>
// CHECK: %[[X0:.*]] = vector.from_elements %{{.*}}, %{{.*}} : vector<2xf16>
// CHECK: %[[S0:.*]] = vector.from_elements %[[S]], %[[S]] : vector<2xf16>
// CHECK: %[[B0:.*]] = vector.from_elements %{{.*}}, %{{.*}} : vector<2xf16>
// CHECK: llvm.intr.fma(%[[X0]], %[[S0]], %[[B0]]) : (vector<2xf16>, vector<2xf16>, vector<2xf16>) -> vector<2xf16>
// CHECK-COUNT-3: llvm.intr.fma
// CHECK: %[[R:.*]] = vector.from_elements {{.*}} : vector<8xf16>
// CHECK: vector.store %[[R]], %[[D]][%{{.*}}] : memref<1024xf16, #gpu.address_space<workgroup>>, vector<8xf16>
gpu.func @fma_f16(%s: f16) kernel attributes {known_block_size = array<i32: 128, 1, 1>} {
  %a = tirx.alloc : !S
  %b = tirx.alloc : !S
  tirx.fma cta %a, %a, %s, %b : !S, !S, f16, !S
  gpu.return
}

// Warp scope: the lane id (tx & 31) indexes, 32 threads share 1024 f16.
// CHECK-LABEL: gpu.func @exp2_warp
// CHECK: %[[T:.*]] = arith.index_castui %{{.*}} : index to i32
// CHECK: %[[C31:.*]] = arith.constant 31 : i32
// CHECK: %[[LANE:.*]] = arith.andi %[[T]], %[[C31]] : i32
// CHECK: scf.for
// CHECK: arith.extf %{{.*}} : f16 to f32
// CHECK: math.exp2 %{{.*}} : f32
// CHECK: arith.truncf %{{.*}} : f32 to f16
gpu.func @exp2_warp() kernel attributes {known_block_size = array<i32: 128, 1, 1>} {
  %a = tirx.alloc : !S
  tirx.exp2 warp %a, %a : !S, !S
  gpu.return
}

// One row of 4096 over 256 threads: each thread strides over 16 elements,
// a full-warp butterfly, then one partial per warp through an 8-slot
// scratch, and the group's first thread writes.
// CHECK-LABEL: gpu.func @sum_row
// CHECK: %[[SCRATCH:.*]] = tirx.alloc : !tirx.buffer<8xf32, shared, <S[8:1]>>
// CHECK: %[[TID:.*]] = arith.index_castui %{{.*}} : i32 to index
// CHECK: %[[G:.*]] = arith.remui %[[TID]], %{{.*}} : index
// CHECK: gpu.barrier
// CHECK: scf.for
// CHECK: %[[ACC:.*]] = scf.for %{{.*}} = %[[G]] to %{{.*}} step %{{.*}} iter_args(%[[A:.*]] = %{{.*}}) -> (f32) {
// CHECK: %[[X:.*]] = memref.load
// CHECK: %[[N:.*]] = arith.addf %[[A]], %[[X]] : f32
// CHECK: scf.yield %[[N]] : f32
// CHECK-COUNT-5: gpu.shuffle xor
// CHECK: scf.if
// CHECK: memref.store %{{.*}}, %{{.*}}[%{{.*}}] : memref<8xf32, #gpu.address_space<workgroup>>
// CHECK: gpu.barrier
// CHECK-COUNT-8: memref.load %{{.*}} : memref<8xf32, #gpu.address_space<workgroup>>
// CHECK: gpu.barrier
// CHECK: scf.if
// CHECK: memref.store %{{.*}} : memref<1xf32, #gpu.address_space<workgroup>>
// CHECK: gpu.barrier
// CHECK-NEXT: gpu.return
gpu.func @sum_row() kernel attributes {known_block_size = array<i32: 256, 1, 1>} {
  %x = tirx.alloc : !T
  %d = tirx.alloc : !D
  tirx.sum cta %d, %x axes = [1] : !D, !T
  gpu.return
}

// 8 rows of 32 over 128 threads: groups of 16 threads, 2 elements each,
// a 4-step butterfly; no scratch.
// CHECK-LABEL: gpu.func @max_rows
// CHECK-NOT: tirx.alloc : !tirx.buffer<{{.*}}xf32, shared, <S[4:1]>>
// CHECK: arith.constant 0xFF800000 : f32
// CHECK: arith.maxnumf
// CHECK-COUNT-4: gpu.shuffle xor
// CHECK-NOT: gpu.shuffle
// CHECK: gpu.return
gpu.func @max_rows() kernel attributes {known_block_size = array<i32: 128, 1, 1>} {
  %x = tirx.alloc : !Q
  %d = tirx.alloc : !E
  tirx.max cta %d, %x axes = [1] : !E, !Q
  gpu.return
}

}
