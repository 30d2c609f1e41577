// RUN: tile-opt %s --tirx-dispatch -split-input-file | FileCheck %s
// RUN: tile-opt %s --tirx-dispatch="report=true" -split-input-file 2>&1 >/dev/null | FileCheck %s --check-prefix=WHY

// The warp_aggregated variant of tirx.atomic: a relaxed 32-bit integer
// read-modify-write whose old values are unused combines the updates of
// each warp's lanes that share an address (match.any.sync groups,
// redux.sync of their values) into one atomic by the group's lowest lane.

!L = !tirx.buffer<256xi32, local, #tirx.layout<S[(128,2):(1@tx,1)]>>
!P = !tirx.buffer<256xi64, local, #tirx.layout<S[(128,2):(1@tx,1)]>>
!B = !tirx.buffer<256xi1, local, #tirx.layout<S[(128,2):(1@tx,1)]>>

gpu.module @agg [#nvvm.target<chip = "sm_90">] {

// Masked: inactive lanes contribute the identity and a group without an
// active lane does not update.
// CHECK-LABEL: gpu.func @add_masked
// CHECK-DAG: %[[FULL:.*]] = arith.constant -1 : i32
// CHECK-DAG: %[[ZERO:.*]] = arith.constant 0 : i32
// CHECK: %[[BELOW:.*]] = nvvm.read.ptx.sreg.lanemask.lt : i32
// CHECK: %[[A:.*]] = memref.load %{{.*}}[%{{.*}}] : memref<2xi64>
// CHECK: %[[V:.*]] = memref.load %{{.*}}[%{{.*}}] : memref<2xi32>
// CHECK: %[[M:.*]] = memref.load %{{.*}}[%{{.*}}] : memref<2xi1>
// CHECK: %[[VM:.*]] = arith.select %[[M]], %[[V]], %{{.*}} : i32
// CHECK: %[[ACT:.*]] = nvvm.vote.sync ballot %[[FULL]], %[[M]] -> i32
// CHECK: %[[PEERS:.*]] = nvvm.match.sync any %[[FULL]], %[[A]] : i64 -> i32
// CHECK: %[[SUM:.*]] = nvvm.redux.sync add %[[VM]], %[[PEERS]] : i32 -> i32
// CHECK: %[[LOW:.*]] = arith.andi %[[PEERS]], %[[BELOW]] : i32
// CHECK: %[[FIRST:.*]] = arith.cmpi eq, %[[LOW]], %[[ZERO]] : i32
// CHECK: %[[ANY:.*]] = arith.andi %[[PEERS]], %[[ACT]] : i32
// CHECK: %[[SOME:.*]] = arith.cmpi ne, %[[ANY]], %[[ZERO]] : i32
// CHECK: %[[LEAD:.*]] = arith.andi %[[FIRST]], %[[SOME]] : i1
// CHECK: scf.if %[[LEAD]] {
// CHECK: %[[PTR:.*]] = llvm.inttoptr %[[A]] : i64 to !llvm.ptr<1>
// CHECK: llvm.atomicrmw add %[[PTR]], %[[SUM]] syncscope("device") monotonic
// CHECK: nvvm.match.sync any
// CHECK: llvm.atomicrmw add
// CHECK-NOT: llvm.atomicrmw
// CHECK: gpu.return
gpu.func @add_masked(%p: !P, %v: !L, %m: !B) kernel attributes {known_block_size = array<i32: 128, 1, 1>} {
  tirx.atomic cta %p, %v mask %m : !B {kind = "add", ordering = "monotonic", syncscope = "device"} : !P, !L
  gpu.return
}

// Unmasked, a scalar value, umin: no ballot, the group's lowest lane leads.
// CHECK-LABEL: gpu.func @umin_scalar
// CHECK-NOT: nvvm.vote.sync
// CHECK: %[[PEERS:.*]] = nvvm.match.sync any %{{.*}}, %{{.*}} : i64 -> i32
// CHECK: %[[MIN:.*]] = nvvm.redux.sync umin %{{.*}}, %[[PEERS]] : i32 -> i32
// CHECK: scf.if
// CHECK: llvm.atomicrmw umin %{{.*}}, %[[MIN]] monotonic
gpu.func @umin_scalar(%p: !P, %v: i32) kernel attributes {known_block_size = array<i32: 128, 1, 1>} {
  tirx.atomic cta %p, %v {kind = "umin", ordering = "monotonic", syncscope = ""} : !P, i32
  gpu.return
}

}

// -----

// Declined, each for its reason (the reg variant takes them).
!L = !tirx.buffer<256xi32, local, #tirx.layout<S[(128,2):(1@tx,1)]>>
!F = !tirx.buffer<256xf32, local, #tirx.layout<S[(128,2):(1@tx,1)]>>
!W = !tirx.buffer<256xi64, local, #tirx.layout<S[(128,2):(1@tx,1)]>>
!P = !tirx.buffer<256xi64, local, #tirx.layout<S[(128,2):(1@tx,1)]>>
!PR = !tirx.buffer<128xi64, local, #tirx.layout<S[(64,2):(1@tx,1)] + R[2:64@tx]>>
!LR = !tirx.buffer<128xi32, local, #tirx.layout<S[(64,2):(1@tx,1)] + R[2:64@tx]>>

gpu.module @declined [#nvvm.target<chip = "sm_90">] {
// CHECK-LABEL: gpu.func @declined
// CHECK-NOT: nvvm.match.sync
// CHECK: gpu.return
// WHY-DAG: warp_aggregated (prio=20) rejected: aggregatable: kind "fadd" does not combine
// WHY-DAG: warp_aggregated (prio=20) rejected: aggregatable: needs 32-bit integers (redux.sync)
// WHY-DAG: warp_aggregated (prio=20) rejected: aggregatable: ordering "release" is not relaxed
// WHY-DAG: warp_aggregated (prio=20) rejected: aggregatable: the layout replicates elements or leaves lanes idle
gpu.func @declined(%p: !P, %f: !F, %w: !W, %v: !L, %pr: !PR, %vr: !LR) kernel attributes {known_block_size = array<i32: 128, 1, 1>} {
  tirx.atomic cta %p, %f {kind = "fadd", ordering = "monotonic", syncscope = ""} : !P, !F
  tirx.atomic cta %p, %w {kind = "add", ordering = "monotonic", syncscope = ""} : !P, !W
  tirx.atomic cta %p, %v {kind = "add", ordering = "release", syncscope = ""} : !P, !L
  tirx.atomic cta %pr, %vr {kind = "add", ordering = "monotonic", syncscope = ""} : !PR, !LR
  gpu.return
}
}
