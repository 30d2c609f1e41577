// RUN: tile-opt %s --tirx-dispatch | FileCheck %s

// The `reg` variants of tirx.load_ptr and tirx.store_ptr: per register slot,
// an inttoptr of the i64 address and a scalar access, under an scf.if when
// there is a mask.

!L = !tirx.buffer<256xf32, local, #tirx.layout<S[(128,2):(1@tx,1)]>>
!P = !tirx.buffer<256xi64, local, #tirx.layout<S[(128,2):(1@tx,1)]>>
!B = !tirx.buffer<256xi1, local, #tirx.layout<S[(128,2):(1@tx,1)]>>
!LR = !tirx.buffer<256xf32, local, #tirx.layout<S[(128,2):(1@tx,1)] + R[2:128@tx]>>
!PR = !tirx.buffer<256xi64, local, #tirx.layout<S[(128,2):(1@tx,1)] + R[2:128@tx]>>

gpu.module @pointers [#nvvm.target<chip = "sm_90">] {

// CHECK-LABEL: gpu.func @gather
// CHECK: %[[DST:.*]] = builtin.unrealized_conversion_cast %{{.*}} to memref<2xf32>
// CHECK: %[[I0:.*]] = arith.constant 0 : index
// CHECK: %[[PTRS:.*]] = builtin.unrealized_conversion_cast %{{.*}} to memref<2xi64>
// CHECK: %[[A0:.*]] = memref.load %[[PTRS]][%[[I0]]] : memref<2xi64>
// CHECK: %[[P0:.*]] = llvm.inttoptr %[[A0]] : i64 to !llvm.ptr<1>
// CHECK: %[[V0:.*]] = llvm.load %[[P0]] {alignment = 4 : i64} : !llvm.ptr<1> -> f32
// CHECK: memref.store %[[V0]], %[[DST]]
// CHECK: llvm.inttoptr
// CHECK: llvm.load
// CHECK-NOT: scf.if
// CHECK-NOT: llvm.load
// CHECK: gpu.return
gpu.func @gather(%p: !P) kernel attributes {known_block_size = array<i32: 128, 1, 1>} {
  %d = tirx.alloc : !L
  tirx.load_ptr cta %d, %p : !L, !P
  gpu.return
}

// CHECK-LABEL: gpu.func @gather_masked
// CHECK-SAME: %[[PAD:[^:]*]]: f32)
// CHECK: %[[P0:.*]] = llvm.inttoptr
// CHECK: %[[MASK:.*]] = builtin.unrealized_conversion_cast %{{.*}} to memref<2xi1>
// CHECK: %[[M0:.*]] = memref.load %[[MASK]]
// CHECK: %[[V0:.*]] = scf.if %[[M0]] -> (f32) {
// CHECK:   %[[L0:.*]] = llvm.load %[[P0]] {alignment = 4 : i64} : !llvm.ptr<1> -> f32
// CHECK:   scf.yield %[[L0]] : f32
// CHECK: } else {
// CHECK:   scf.yield %[[PAD]] : f32
// CHECK: }
// CHECK: memref.store %[[V0]]
// CHECK: scf.if %{{.*}} -> (f32)
// CHECK-NOT: scf.if
// CHECK: gpu.return
gpu.func @gather_masked(%p: !P, %m: !B, %pad: f32) kernel attributes {known_block_size = array<i32: 128, 1, 1>} {
  %d = tirx.alloc : !L
  tirx.load_ptr cta %d, %p mask %m : !B padding %pad : f32 : !L, !P
  gpu.return
}

// Without a padding value, masked-off elements read zero.
// CHECK-LABEL: gpu.func @gather_masked_zero
// CHECK: scf.if %{{.*}} -> (f32) {
// CHECK: } else {
// CHECK:   %[[Z:.*]] = arith.constant 0.000000e+00 : f32
// CHECK:   scf.yield %[[Z]] : f32
gpu.func @gather_masked_zero(%p: !P, %m: !B) kernel attributes {known_block_size = array<i32: 128, 1, 1>} {
  %d = tirx.alloc : !L
  tirx.load_ptr cta %d, %p mask %m : !B : !L, !P
  gpu.return
}

// The data is replicated over tx bit 128: only threads with that bit clear
// store; a scalar mask guards every store.
// CHECK-LABEL: gpu.func @scatter
// CHECK-SAME: %[[MASK:[^:]*]]: i1)
// CHECK: %[[TID:.*]] = arith.index_castui %{{.*}} : index to i32
// CHECK: %[[C128:.*]] = arith.constant 128 : i32
// CHECK: %[[BIT:.*]] = arith.andi %[[TID]], %[[C128]] : i32
// CHECK: %[[LEADER:.*]] = arith.cmpi eq, %[[BIT]], %{{.*}} : i32
// CHECK: scf.if %[[LEADER]] {
// CHECK:   scf.if %[[MASK]] {
// CHECK:     %[[P:.*]] = llvm.inttoptr %{{.*}} : i64 to !llvm.ptr<1>
// CHECK:     %[[V:.*]] = memref.load
// CHECK:     llvm.store %[[V]], %[[P]] {alignment = 4 : i64} : f32, !llvm.ptr<1>
// CHECK:   }
// CHECK:   scf.if %[[MASK]] {
// CHECK:     llvm.store
// CHECK:   }
// CHECK: }
// CHECK-NOT: llvm.store
gpu.func @scatter(%p: !PR, %s: !LR, %m: i1) kernel attributes {known_block_size = array<i32: 256, 1, 1>} {
  tirx.store_ptr cta %p, %s mask %m : i1 : !PR, !LR
  gpu.return
}

}
