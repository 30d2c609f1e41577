// RUN: tile-opt %s --tirx-dispatch | FileCheck %s

// The `reg` variants of tirx.atomic and tirx.for_each: per register slot,
// one llvm.atomicrmw / llvm.cmpxchg (with the op's ordering and syncscope)
// or one copy of the body, on the replica leader only.

!L = !tirx.buffer<256xi32, local, #tirx.layout<S[(128,2):(1@tx,1)]>>
!P = !tirx.buffer<256xi64, local, #tirx.layout<S[(128,2):(1@tx,1)]>>
!B = !tirx.buffer<256xi1, local, #tirx.layout<S[(128,2):(1@tx,1)]>>
!F = !tirx.buffer<256xf32, local, #tirx.layout<S[(128,2):(1@tx,1)]>>
!PR = !tirx.buffer<128xi64, local, #tirx.layout<S[(64,2):(1@tx,1)] + R[2:64@tx]>>
!LR = !tirx.buffer<128xi32, local, #tirx.layout<S[(64,2):(1@tx,1)] + R[2:64@tx]>>

gpu.module @atomics [#nvvm.target<chip = "sm_90">] {

// CHECK-LABEL: gpu.func @rmw_masked
// CHECK: %[[A0:.*]] = memref.load %{{.*}}[%{{.*}}] : memref<2xi64>
// CHECK: %[[P0:.*]] = llvm.inttoptr %[[A0]] : i64 to !llvm.ptr<1>
// CHECK: %[[M0:.*]] = memref.load %{{.*}}[%{{.*}}] : memref<2xi1>
// CHECK: %[[R0:.*]] = scf.if %[[M0]] -> (i32) {
// CHECK: %[[OLD:.*]] = llvm.atomicrmw add %[[P0]], %{{.*}} syncscope("device") monotonic {{.*}}: !llvm.ptr<1>, i32
// CHECK: scf.yield %[[OLD]] : i32
// CHECK: } else {
// CHECK: %[[POISON:.*]] = llvm.mlir.poison : i32
// CHECK: scf.yield %[[POISON]] : i32
// CHECK: memref.store %[[R0]], %{{.*}}[%{{.*}}] : memref<2xi32>
// CHECK: llvm.atomicrmw add
// CHECK-NOT: llvm.atomicrmw
// CHECK: gpu.return
gpu.func @rmw_masked(%p: !P, %v: !L, %m: !B) kernel attributes {known_block_size = array<i32: 128, 1, 1>} {
  %d = tirx.alloc : !L
  tirx.atomic cta into %d : !L %p, %v mask %m : !B {kind = "add", ordering = "monotonic", syncscope = "device"} : !P, !L
  gpu.return
}

// Floats compare as their bits; acq_rel fails as acquire.
// CHECK-LABEL: gpu.func @cas_float
// CHECK: %[[V:.*]] = llvm.bitcast %{{.*}} : f32 to i32
// CHECK: %[[C:.*]] = llvm.bitcast %{{.*}} : f32 to i32
// CHECK: %[[PAIR:.*]] = llvm.cmpxchg %{{.*}}, %[[C]], %[[V]] syncscope("block") acq_rel acquire
// CHECK: %[[OLD:.*]] = llvm.extractvalue %[[PAIR]][0]
// CHECK: llvm.bitcast %[[OLD]] : i32 to f32
gpu.func @cas_float(%p: !P, %v: !F, %c: f32) kernel attributes {known_block_size = array<i32: 128, 1, 1>} {
  %d = tirx.alloc : !F
  tirx.atomic cta into %d : !F %p, %v cmp %c : f32 {kind = "cas", ordering = "acq_rel", syncscope = "block"} : !P, !F
  gpu.return
}

// A masked-out compare-and-swap returns its expected value.
// CHECK-LABEL: gpu.func @cas_masked
// CHECK-SAME: %[[CMP:[^:]*]]: i32
// CHECK: scf.if %{{.*}} -> (i32) {
// CHECK: llvm.cmpxchg
// CHECK: } else {
// CHECK-NEXT: scf.yield %[[CMP]] : i32
gpu.func @cas_masked(%p: !P, %v: !L, %m: !B, %c: i32) kernel attributes {known_block_size = array<i32: 128, 1, 1>} {
  %d = tirx.alloc : !L
  tirx.atomic cta into %d : !L %p, %v cmp %c : i32 mask %m : !B {kind = "cas", ordering = "acq_rel", syncscope = "device"} : !P, !L
  gpu.return
}

// Without a result on a replicated layout: only the leader updates. An
// ordered read-modify-write is a monotonic one after a release fence.
// CHECK-LABEL: gpu.func @red_replicated
// CHECK: scf.if %{{.*}} {
// CHECK: llvm.fence release
// CHECK-NEXT: llvm.atomicrmw fadd %{{.*}}, %{{.*}} monotonic
// CHECK: llvm.fence release
// CHECK-NEXT: llvm.atomicrmw fadd %{{.*}}, %{{.*}} monotonic
// CHECK-NOT: llvm.atomicrmw
gpu.func @red_replicated(%p: !PR, %v: f32) kernel attributes {known_block_size = array<i32: 128, 1, 1>} {
  tirx.atomic cta %p, %v {kind = "fadd", ordering = "release", syncscope = ""} : !PR, f32
  gpu.return
}

// CHECK-LABEL: gpu.func @for_each
// CHECK: %[[T:.*]] = arith.extui %{{.*}} : i32 to i64
// CHECK: %[[V0:.*]] = memref.load %{{.*}}[%{{.*}}] : memref<2xi32>
// CHECK: %[[I0:.*]] = arith.ori %[[T]], %{{.*}} : i64
// CHECK: gpu.printf "%d %ld\0A", %[[V0]], %[[I0]] : i32, i64
// CHECK: gpu.printf
// CHECK-NOT: gpu.printf
gpu.func @for_each(%v: !L) kernel attributes {known_block_size = array<i32: 128, 1, 1>} {
  tirx.for_each cta %v : !L {
  ^bb0(%x: i32, %i: i64):
    gpu.printf "%d %ld\n", %x, %i : i32, i64
  }
  gpu.return
}

}
