// RUN: tile-opt %s --tirx-dispatch -split-input-file | FileCheck %s
// RUN: tile-opt %s --tirx-dispatch="report=true" -split-input-file 2>&1 >/dev/null | FileCheck %s --check-prefix=WHY

// The privatized variant of tirx.atomic: an aggregatable atomic with an
// address window of at most 16 KiB updates a shared copy of the window
// (each thread initializes window elements tid, tid + T, ... to the
// identity; barrier; one shared atomic per active element; barrier) and
// flushes each changed element with one global atomic (same ownership).

!L = !tirx.buffer<256xi32, local, #tirx.layout<S[(128,2):(1@tx,1)]>>
!P = !tirx.buffer<256xi64, local, #tirx.layout<S[(128,2):(1@tx,1)]>>
!B = !tirx.buffer<256xi1, local, #tirx.layout<S[(128,2):(1@tx,1)]>>

gpu.module @priv [#nvvm.target<chip = "sm_90">] {
// CHECK-LABEL: gpu.func @max_masked
// CHECK: %[[SCRATCH:.*]] = tirx.alloc : !tirx.buffer<300xi32, shared
// CHECK: %[[MIN:.*]] = arith.constant -2147483648 : i32
// CHECK: %[[TID:.*]] = gpu.thread_id x
// CHECK: scf.for %[[J:.*]] = %[[TID]] to %c300{{.*}} step %c128
// CHECK: memref.store %[[MIN]], %{{.*}}[%[[J]]] : memref<300xi32, #gpu.address_space<workgroup>>
// CHECK: gpu.barrier
// CHECK: %[[A:.*]] = memref.load %{{.*}} : memref<2xi64>
// CHECK: %[[M:.*]] = memref.load %{{.*}} : memref<2xi1>
// CHECK: scf.if %[[M]] {
// CHECK: %[[OFF:.*]] = arith.subi %[[A]], %arg3 : i64
// CHECK: %[[IDX:.*]] = arith.shrui %[[OFF]], %{{.*}} : i64
// CHECK: %[[SP:.*]] = llvm.getelementptr %{{.*}}[%[[IDX]]] : (!llvm.ptr<3>, i64) -> !llvm.ptr<3>, i32
// CHECK: llvm.atomicrmw max %[[SP]], %{{.*}} syncscope("block") monotonic
// CHECK: llvm.atomicrmw max {{.*}} syncscope("block") monotonic
// CHECK: gpu.barrier
// CHECK: scf.for %[[K:.*]] = %{{.*}} to %c300{{.*}} step %c128
// CHECK: %[[V:.*]] = memref.load %{{.*}}[%[[K]]] : memref<300xi32, #gpu.address_space<workgroup>>
// CHECK: %[[CHANGED:.*]] = arith.cmpi ne, %[[V]], %[[MIN]] : i32
// CHECK: scf.if %[[CHANGED]] {
// CHECK: %[[GP:.*]] = llvm.inttoptr %{{.*}} : i64 to !llvm.ptr<1>
// CHECK: llvm.atomicrmw max %[[GP]], %[[V]] syncscope("device") monotonic
// CHECK-NOT: nvvm.match.sync
// CHECK: gpu.return
gpu.func @max_masked(%p: !P, %v: !L, %m: !B, %w: i64) kernel attributes {known_block_size = array<i32: 128, 1, 1>} {
  tirx.atomic cta %p, %v mask %m : !B window %w [300] {kind = "max", ordering = "monotonic", syncscope = "device"} : !P, !L
  gpu.return
}
}

// -----

// Declined: no window (warp_aggregated takes it), a window over 16 KiB
// (likewise), floats (reg).
!L = !tirx.buffer<256xi32, local, #tirx.layout<S[(128,2):(1@tx,1)]>>
!F = !tirx.buffer<256xf32, local, #tirx.layout<S[(128,2):(1@tx,1)]>>
!P = !tirx.buffer<256xi64, local, #tirx.layout<S[(128,2):(1@tx,1)]>>
gpu.module @declined [#nvvm.target<chip = "sm_90">] {
// CHECK-LABEL: gpu.func @declined
// CHECK-NOT: gpu.barrier
// CHECK: gpu.return
// WHY: privatized (prio=30) rejected: privatizable: no address window
// WHY: privatized (prio=30) rejected: privatizable: a window of 4097 elements exceeds 16384 bytes of shared memory
// WHY: privatized (prio=30) rejected: aggregatable: kind "fadd" does not combine
gpu.func @declined(%p: !P, %v: !L, %f: !F, %w: i64) kernel attributes {known_block_size = array<i32: 128, 1, 1>} {
  tirx.atomic cta %p, %v {kind = "add", ordering = "monotonic", syncscope = ""} : !P, !L
  tirx.atomic cta %p, %v window %w [4097] {kind = "add", ordering = "monotonic", syncscope = ""} : !P, !L
  tirx.atomic cta %p, %f window %w [16] {kind = "fadd", ordering = "monotonic", syncscope = ""} : !P, !F
  gpu.return
}
}
