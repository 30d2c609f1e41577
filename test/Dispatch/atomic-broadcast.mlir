// RUN: tile-opt %s --tirx-dispatch | FileCheck %s

// tirx.atomic `reg` on a replicated layout whose old values are used: the
// replica leader (the thread whose idle thread-id bits are zero) performs
// each atomic once, and its old value reaches every replica. Replicas
// within a warp read it with `gpu.shuffle idx` from the leader's lane
// (16-bit values as zero-extended 32-bit words, 64-bit values as two
// words); replicas in other warps through a shared scratch of the tile
// between two CTA barriers.

// 128 f16 on 32 threads: 16 threads hold 8 each, lanes 16-31 replicate
// lanes 0-15 (tx bit 4 idle).
!PS = !tirx.buffer<128xi64, local, #tirx.layout<S[(16,8):(1@tx,1)] + R[2:16@tx]>>
!HS = !tirx.buffer<128xf16, local, #tirx.layout<S[(16,8):(1@tx,1)] + R[2:16@tx]>>
!DS = !tirx.buffer<128xf64, local, #tirx.layout<S[(16,8):(1@tx,1)] + R[2:16@tx]>>
!BS = !tirx.buffer<128xi1, local, #tirx.layout<S[(16,8):(1@tx,1)] + R[2:16@tx]>>
// 128 i32 on 128 threads: warps 2-3 replicate warps 0-1 (tx bit 6 idle).
!PW = !tirx.buffer<128xi64, local, #tirx.layout<S[(64,2):(1@tx,1)] + R[2:64@tx]>>
!LW = !tirx.buffer<128xi32, local, #tirx.layout<S[(64,2):(1@tx,1)] + R[2:64@tx]>>

gpu.module @atomics [#nvvm.target<chip = "sm_90">] {

// CHECK-LABEL: gpu.func @fadd_f16_lanes
// CHECK: %[[TID:.*]] = arith.index_cast{{.*}} : index to i32
// CHECK: %[[LEAD:.*]] = arith.cmpi eq
// CHECK: scf.if %[[LEAD]] {
// CHECK: scf.if %{{.*}} -> (f16) {
// CHECK: llvm.atomicrmw fadd %{{.*}}, %{{.*}} syncscope("device") monotonic {{.*}}: !llvm.ptr<1>, f16
// CHECK-COUNT-7: llvm.atomicrmw fadd
// CHECK: }
// CHECK-NOT: llvm.atomicrmw
// CHECK: %[[SRC:.*]] = arith.andi %[[TID]], %c15_i32 : i32
// CHECK: %[[OLD:.*]] = memref.load %[[DST:.*]][%c0{{.*}}] : memref<8xf16>
// CHECK: %[[BITS:.*]] = arith.bitcast %[[OLD]] : f16 to i16
// CHECK: %[[WIDE:.*]] = arith.extui %[[BITS]] : i16 to i32
// CHECK: %[[MOVED:.*]], %{{.*}} = gpu.shuffle idx %[[WIDE]], %[[SRC]], %c32_i32 : i32
// CHECK: %[[NARROW:.*]] = arith.trunci %[[MOVED]] : i32 to i16
// CHECK: %[[NEW:.*]] = arith.bitcast %[[NARROW]] : i16 to f16
// CHECK: memref.store %[[NEW]], %[[DST]][%c0{{.*}}] : memref<8xf16>
// CHECK-COUNT-7: gpu.shuffle idx
// CHECK-NOT: gpu.barrier
// CHECK: gpu.return
gpu.func @fadd_f16_lanes(%p: !PS, %v: !HS, %m: !BS) kernel attributes {known_block_size = array<i32: 32, 1, 1>} {
  %d = tirx.alloc : !HS
  tirx.atomic cta into %d : !HS %p, %v mask %m : !BS {kind = "fadd", ordering = "monotonic", syncscope = "device"} : !PS, !HS
  gpu.return
}

// 64-bit old values travel as two 32-bit words.
// CHECK-LABEL: gpu.func @xchg_f64_lanes
// CHECK-COUNT-8: llvm.atomicrmw xchg
// CHECK: arith.bitcast %{{.*}} : f64 to i64
// CHECK: %[[LO:.*]] = arith.trunci %{{.*}} : i64 to i32
// CHECK: gpu.shuffle idx %[[LO]]
// CHECK: arith.shrui
// CHECK: %[[HI:.*]] = arith.trunci %{{.*}} : i64 to i32
// CHECK: gpu.shuffle idx %[[HI]]
// CHECK: arith.bitcast %{{.*}} : i64 to f64
gpu.func @xchg_f64_lanes(%p: !PS, %v: !DS) kernel attributes {known_block_size = array<i32: 32, 1, 1>} {
  %d = tirx.alloc : !DS
  tirx.atomic cta into %d : !DS %p, %v {kind = "xchg", ordering = "monotonic", syncscope = "device"} : !PS, !DS
  gpu.return
}

// Replicas in other warps: the leaders store the old values at their flat
// index in a 128-element shared scratch; after a barrier every thread
// reads its elements back; a second barrier before the scratch is reused.
// CHECK-LABEL: gpu.func @add_i32_warps
// CHECK: %[[SCRATCH:.*]] = tirx.alloc : !tirx.buffer<128xi32, shared
// CHECK: scf.if %{{.*}} {
// CHECK: %[[OLD:.*]] = llvm.atomicrmw add
// CHECK: memref.store %[[OLD]], %{{.*}}[%{{.*}}] : memref<128xi32, #gpu.address_space<workgroup>>
// CHECK: llvm.atomicrmw add
// CHECK: memref.store
// CHECK: }
// CHECK-NEXT: gpu.barrier
// CHECK: %[[V0:.*]] = memref.load %{{.*}}[%{{.*}}] : memref<128xi32, #gpu.address_space<workgroup>>
// CHECK: memref.store %[[V0]], %{{.*}}[%c0{{.*}}] : memref<2xi32>
// CHECK: %[[V1:.*]] = memref.load %{{.*}}[%{{.*}}] : memref<128xi32, #gpu.address_space<workgroup>>
// CHECK: memref.store %[[V1]], %{{.*}}[%c1{{.*}}] : memref<2xi32>
// CHECK-NEXT: gpu.barrier
// CHECK-NOT: gpu.shuffle
// CHECK: gpu.return
gpu.func @add_i32_warps(%p: !PW, %v: !LW) kernel attributes {known_block_size = array<i32: 128, 1, 1>} {
  %d = tirx.alloc : !LW
  tirx.atomic cta into %d : !LW %p, %v {kind = "add", ordering = "monotonic", syncscope = "device"} : !PW, !LW
  gpu.return
}
}
