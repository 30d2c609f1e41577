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
// CHECK: %[[PADI:.*]] = arith.bitcast %[[PAD]] : f32 to i32
// CHECK: %[[M0I:.*]] = arith.extui %[[M0]] : i1 to i32
// CHECK: %[[L0:.*]] = nvvm.inline_ptx "{{.*}}setp.ne.b32 p, $3, 0;{{.*}}mov.b32 $0, $2;{{.*}}@p ld.global.b32 $0, [$1];{{.*}}" ro(%[[P0]], %[[PADI]], %[[M0I]] : !llvm.ptr<1>, i32, i32) -> i32
// CHECK: %[[V0:.*]] = arith.bitcast %[[L0]] : i32 to f32
// CHECK: memref.store %[[V0]]
// CHECK: nvvm.inline_ptx "{{.*}}mov.b32 $0, $2;{{.*}}@p ld.global.b32
// CHECK-NOT: scf.if
// CHECK: gpu.return
gpu.func @gather_masked(%p: !P, %m: !B, %pad: f32) kernel attributes {known_block_size = array<i32: 128, 1, 1>} {
  %d = tirx.alloc : !L
  tirx.load_ptr cta %d, %p mask %m : !B padding %pad : f32 : !L, !P
  gpu.return
}

// Without a padding value, masked-off elements read zero.
// CHECK-LABEL: gpu.func @gather_masked_zero
// CHECK: %[[Z:.*]] = arith.constant 0.000000e+00 : f32
// CHECK: %[[ZI:.*]] = arith.bitcast %[[Z]] : f32 to i32
// CHECK: nvvm.inline_ptx "{{.*}}setp.ne.b32 p, $3, 0;{{.*}}mov.b32 $0, $2;{{.*}}@p ld.global.b32 $0, [$1];{{.*}}" ro(%{{.*}}, %[[ZI]], %{{.*}} : !llvm.ptr<1>, i32, i32) -> i32
gpu.func @gather_masked_zero(%p: !P, %m: !B) kernel attributes {known_block_size = array<i32: 128, 1, 1>} {
  %d = tirx.alloc : !L
  tirx.load_ptr cta %d, %p mask %m : !B : !L, !P
  gpu.return
}

// The data is replicated over tx bit 128: only threads with that bit clear
// store; a scalar mask predicates every store.
// CHECK-LABEL: gpu.func @scatter
// CHECK-SAME: %[[MASK:[^:]*]]: i1)
// CHECK: %[[TID:.*]] = arith.index_castui %{{.*}} : index to i32
// CHECK: %[[C128:.*]] = arith.constant 128 : i32
// CHECK: %[[BIT:.*]] = arith.andi %[[TID]], %[[C128]] : i32
// CHECK: %[[LEADER:.*]] = arith.cmpi eq, %[[BIT]], %{{.*}} : i32
// CHECK: scf.if %[[LEADER]] {
// CHECK:   %[[P:.*]] = llvm.inttoptr %{{.*}} : i64 to !llvm.ptr<1>
// CHECK:   %[[V:.*]] = memref.load
// CHECK:   %[[VI:.*]] = arith.bitcast %[[V]] : f32 to i32
// CHECK:   %[[MI:.*]] = arith.extui %[[MASK]] : i1 to i32
// CHECK:   nvvm.inline_ptx "{{.*}}setp.ne.b32 p, $2, 0;{{.*}}@p st.global.b32 [$0], $1;{{.*}}" ro(%[[P]], %[[VI]], %[[MI]] : !llvm.ptr<1>, i32, i32)
// CHECK:   nvvm.inline_ptx "{{.*}}setp.ne.b32 p, $2, 0;{{.*}}@p st.global.b32 [$0], $1;{{.*}}"
// CHECK: }
// CHECK-NOT: llvm.store
// CHECK-NOT: nvvm.inline_ptx
gpu.func @scatter(%p: !PR, %s: !LR, %m: i1) kernel attributes {known_block_size = array<i32: 256, 1, 1>} {
  tirx.store_ptr cta %p, %s mask %m : i1 : !PR, !LR
  gpu.return
}

}
