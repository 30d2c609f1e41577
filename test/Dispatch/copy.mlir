// RUN: tile-opt %s --tirx-dispatch | FileCheck %s

// The tirx.copy variants: vec_auto (16-byte vectors, tile-level bounds check
// for dynamic sizes, masked element-wise path for partial tiles), the forced
// vec_64b width, the forced fallback, and register-to-register copies
// through the elementwise `reg` variant.

!L = !tirx.buffer<1024xf32, local, #tirx.layout<S[(2,128,4):(4,1@tx,1)]>>
!LR = !tirx.buffer<1024xf32, local, #tirx.layout<S[(2,128,4):(4,1@tx,1)] + R[2:128@tx]>>
!G = !tirx.buffer<1024xf32, global>

gpu.module @copies [#nvvm.target<chip = "sm_90">] {

// Static sizes, statically in bounds: two 16-byte loads per thread, at
// thread offset 4 * (tid & 127) and +512; no bounds check.
// CHECK-LABEL: gpu.func @vec_auto_static
// CHECK-SAME: (%[[PTR:.*]]: !llvm.ptr<1>)
// CHECK: %[[TID:.*]] = gpu.thread_id x
// CHECK: %[[TID32:.*]] = arith.index_castui %[[TID]] : index to i32
// CHECK: %[[ST:.*]] = builtin.unrealized_conversion_cast %{{.*}} : !tirx.buffer<1024xf32, local, {{.*}}> to memref<8xf32>
// CHECK: %[[C127:.*]] = arith.constant 127 : i32
// CHECK: %[[LANE:.*]] = arith.andi %[[TID32]], %[[C127]] : i32
// CHECK: %[[C2:.*]] = arith.constant 2 : i32
// CHECK: arith.shli %[[LANE]], %[[C2]] : i32
// CHECK: %[[BASE:.*]] = llvm.getelementptr %[[PTR]][%{{.*}}] : (!llvm.ptr<1>, i64) -> !llvm.ptr<1>, f32
// CHECK-NOT: scf.if
// CHECK: %[[P0:.*]] = llvm.getelementptr %[[BASE]]
// CHECK: %[[V0:.*]] = llvm.load %[[P0]] {alignment = 16 : i64} : !llvm.ptr<1> -> vector<4xf32>
// CHECK: %[[E0:.*]] = vector.extract %[[V0]][0] : f32 from vector<4xf32>
// CHECK: %[[I0:.*]] = arith.constant 0 : index
// CHECK: memref.store %[[E0]], %[[ST]][%[[I0]]] : memref<8xf32>
// CHECK: %[[E3:.*]] = vector.extract %[[V0]][3] : f32 from vector<4xf32>
// CHECK: %[[I3:.*]] = arith.constant 3 : index
// CHECK: memref.store %[[E3]], %[[ST]][%[[I3]]] : memref<8xf32>
// CHECK: arith.constant 512 : i64
// CHECK: %[[P1:.*]] = llvm.getelementptr %[[BASE]]
// CHECK: %[[V1:.*]] = llvm.load %[[P1]] {alignment = 16 : i64} : !llvm.ptr<1> -> vector<4xf32>
// CHECK: %[[E4:.*]] = vector.extract %[[V1]][0]
// CHECK: %[[I4:.*]] = arith.constant 4 : index
// CHECK: memref.store %[[E4]], %[[ST]][%[[I4]]]
// CHECK-NOT: llvm.load
// CHECK-NOT: tirx.copy
// CHECK: gpu.return
gpu.func @vec_auto_static(%p: !llvm.ptr<1>) kernel attributes {known_block_size = array<i32: 128, 1, 1>} {
  %g = tirx.global_view %p sizes [4096] strides [1] {alignment = 16 : i64} : !llvm.ptr<1> -> !tirx.buffer<4096xf32, global>
  %r = tirx.region %g [1024] : !tirx.buffer<4096xf32, global> -> !G
  %a = tirx.alloc : !L
  tirx.copy cta %a, %r : !L, !G
  gpu.return
}

// Dynamic size: 0 <= start and start + 1024 <= n select the vector path,
// otherwise each vector whose first and last elements are in bounds loads
// whole, and every element of the others under its own bound check (one
// unsigned compare covers 0 <= i < n), reading the padding.
// CHECK-LABEL: gpu.func @vec_auto_dynamic
// CHECK-SAME: (%[[PTR:.*]]: !llvm.ptr<1>, %[[N:.*]]: index, %[[OFF:.*]]: index)
// CHECK: %[[START:.*]] = arith.muli %[[OFF]], %{{.*}} : index
// CHECK: %[[N64:.*]] = arith.index_cast %[[N]] : index to i64
// CHECK: %[[START64:.*]] = arith.index_cast %[[START]] : index to i64
// CHECK: %[[C1024:.*]] = arith.constant 1024 : i64
// CHECK: %[[END:.*]] = arith.addi %[[START64]], %[[C1024]] : i64
// CHECK: %[[NONNEG:.*]] = arith.cmpi sge, %[[START64]], %{{.*}} : i64
// CHECK: %[[FITS:.*]] = arith.cmpi sle, %[[END]], %[[N64]] : i64
// CHECK: %[[WHOLE:.*]] = arith.andi %[[NONNEG]], %[[FITS]] : i1
// CHECK: scf.if %[[WHOLE]] {
// CHECK:   llvm.load %{{.*}} {alignment = 16 : i64} : !llvm.ptr<1> -> vector<4xf32>
// CHECK:   llvm.load %{{.*}} {alignment = 16 : i64} : !llvm.ptr<1> -> vector<4xf32>
// CHECK-NOT: llvm.load
// CHECK: } else {
// CHECK:   %[[FIRST:.*]] = arith.cmpi ult, %{{.*}}, %[[N64]] : i64
// CHECK:   %[[LAST:.*]] = arith.cmpi ult, %{{.*}}, %[[N64]] : i64
// CHECK:   %[[INSIDE:.*]] = arith.andi %[[FIRST]], %[[LAST]] : i1
// CHECK:   scf.if %[[INSIDE]] {
// CHECK:     llvm.load %{{.*}} {alignment = 16 : i64} : !llvm.ptr<1> -> vector<4xf32>
// CHECK:   } else {
// CHECK:     %[[X:.*]] = scf.if %[[FIRST]] -> (f32) {
// CHECK:       %[[L:.*]] = llvm.load %{{.*}} {alignment = 4 : i64} : !llvm.ptr<1> -> f32
// CHECK:       scf.yield %[[L]] : f32
// CHECK:     } else {
// CHECK:       %[[PAD:.*]] = arith.constant 1.000000e+00 : f32
// CHECK:       scf.yield %[[PAD]] : f32
// CHECK:     }
// CHECK:     memref.store %[[X]], %{{.*}}[%{{.*}}] : memref<8xf32>
// CHECK:     %[[IN:.*]] = arith.cmpi ult, %{{.*}}, %[[N64]] : i64
// CHECK:     scf.if %[[IN]] -> (f32)
// CHECK:     scf.if %{{.*}} -> (f32)
// CHECK:     scf.if %[[LAST]] -> (f32)
// CHECK:   }
// CHECK:   scf.if
// CHECK:     llvm.load %{{.*}} {alignment = 16 : i64} : !llvm.ptr<1> -> vector<4xf32>
// CHECK-COUNT-4: scf.if %{{.*}} -> (f32)
// CHECK-NOT: scf.if
// CHECK: gpu.return
gpu.func @vec_auto_dynamic(%p: !llvm.ptr<1>, %n: index, %off: index) kernel attributes {known_block_size = array<i32: 128, 1, 1>} {
  %g = tirx.global_view %p sizes [%n] strides [1] {alignment = 16 : i64} : !llvm.ptr<1> -> !tirx.buffer<?xf32, global>
  %c1024 = arith.constant 1024 : index
  %start = arith.muli %off, %c1024 : index
  %r = tirx.region %g [%start] : !tirx.buffer<?xf32, global> -> !G
  %a = tirx.alloc : !L
  tirx.copy cta %a, %r {padding = 1.0 : f32} : !L, !G
  gpu.return
}

// A guarded size, select(g, (n >> 2) << 2, 0): divisible by 4 either way,
// so each 16-byte vector of the partial path is wholly in or out of bounds
// and loads whole under one check.
// CHECK-LABEL: gpu.func @vec_auto_guarded
// CHECK: scf.if
// CHECK-COUNT-2: llvm.load %{{.*}} {alignment = 16 : i64} : !llvm.ptr<1> -> vector<4xf32>
// CHECK: } else {
// CHECK-COUNT-2: llvm.load %{{.*}} {alignment = 16 : i64} : !llvm.ptr<1> -> vector<4xf32>
// CHECK-NOT: llvm.load
// CHECK: gpu.return
gpu.func @vec_auto_guarded(%p: !llvm.ptr<1>, %n: index, %off: index, %g: i1) kernel attributes {known_block_size = array<i32: 128, 1, 1>} {
  %c2 = arith.constant 2 : index
  %c0 = arith.constant 0 : index
  %s = arith.shrui %n, %c2 : index
  %n4 = arith.shli %s, %c2 : index
  %size = arith.select %g, %n4, %c0 : index
  %gv = tirx.global_view %p sizes [%size] strides [1] {alignment = 16 : i64} : !llvm.ptr<1> -> !tirx.buffer<?xf32, global>
  %c1024 = arith.constant 1024 : index
  %start = arith.muli %off, %c1024 : index
  %r = tirx.region %gv [%start] : !tirx.buffer<?xf32, global> -> !G
  %a = tirx.alloc : !L
  tirx.copy cta %a, %r {padding = 1.0 : f32} : !L, !G
  gpu.return
}

// A store from a layout replicated over tx bit 128: only the threads with
// that bit clear write, with 16-byte vector stores.
// CHECK-LABEL: gpu.func @vec_auto_store_replicated
// CHECK: %[[TID:.*]] = arith.index_castui %{{.*}} : index to i32
// CHECK: %[[ST:.*]] = builtin.unrealized_conversion_cast
// CHECK: %[[C128:.*]] = arith.constant 128 : i32
// CHECK: %[[BIT:.*]] = arith.andi %[[TID]], %[[C128]] : i32
// CHECK: %[[LEADER:.*]] = arith.cmpi eq, %[[BIT]], %{{.*}} : i32
// CHECK: scf.if %[[LEADER]] {
// CHECK:   memref.load %[[ST]]
// CHECK:   %[[VEC:.*]] = vector.from_elements %{{.*}}, %{{.*}}, %{{.*}}, %{{.*}} : vector<4xf32>
// CHECK:   llvm.store %[[VEC]], %{{.*}} {alignment = 16 : i64} : vector<4xf32>, !llvm.ptr<1>
// CHECK:   llvm.store %{{.*}}, %{{.*}} {alignment = 16 : i64} : vector<4xf32>, !llvm.ptr<1>
// CHECK: }
// CHECK-NOT: llvm.store
gpu.func @vec_auto_store_replicated(%p: !llvm.ptr<1>, %a: !LR) kernel attributes {known_block_size = array<i32: 256, 1, 1>} {
  %g = tirx.global_view %p sizes [4096] strides [1] {alignment = 16 : i64} : !llvm.ptr<1> -> !tirx.buffer<4096xf32, global>
  %r = tirx.region %g [0] : !tirx.buffer<4096xf32, global> -> !G
  tirx.copy cta %r, %a : !G, !LR
  gpu.return
}

// Forced 8-byte vectors: four loads of vector<2xf32> instead of two of
// vector<4xf32>.
// CHECK-LABEL: gpu.func @vec_64b
// CHECK-COUNT-4: llvm.load %{{.*}} {alignment = 8 : i64} : !llvm.ptr<1> -> vector<2xf32>
// CHECK-NOT: llvm.load
// CHECK: gpu.return
gpu.func @vec_64b(%p: !llvm.ptr<1>) kernel attributes {known_block_size = array<i32: 128, 1, 1>} {
  %g = tirx.global_view %p sizes [4096] strides [1] {alignment = 16 : i64} : !llvm.ptr<1> -> !tirx.buffer<4096xf32, global>
  %r = tirx.region %g [0] : !tirx.buffer<4096xf32, global> -> !G
  %a = tirx.alloc : !L
  tirx.copy cta %a, %r {dispatch = "vec_64b"} : !L, !G
  gpu.return
}

// The 4-byte alignment of an unaligned pointer limits vec_auto to scalars.
// CHECK-LABEL: gpu.func @vec_auto_unaligned
// CHECK-COUNT-8: llvm.load %{{.*}} {alignment = 4 : i64} : !llvm.ptr<1> -> f32
// CHECK-NOT: vector<
// CHECK: gpu.return
gpu.func @vec_auto_unaligned(%p: !llvm.ptr<1>) kernel attributes {known_block_size = array<i32: 128, 1, 1>} {
  %g = tirx.global_view %p sizes [4096] strides [1] {alignment = 4 : i64} : !llvm.ptr<1> -> !tirx.buffer<4096xf32, global>
  %r = tirx.region %g [0] : !tirx.buffer<4096xf32, global> -> !G
  %a = tirx.alloc : !L
  tirx.copy cta %a, %r : !L, !G
  gpu.return
}

// Forced fallback: element-wise scalar loads even though 16 bytes would fit.
// CHECK-LABEL: gpu.func @fallback
// CHECK-COUNT-8: llvm.load %{{.*}} {alignment = 4 : i64} : !llvm.ptr<1> -> f32
// CHECK-NOT: vector<
// CHECK: gpu.return
gpu.func @fallback(%p: !llvm.ptr<1>) kernel attributes {known_block_size = array<i32: 128, 1, 1>} {
  %g = tirx.global_view %p sizes [4096] strides [1] {alignment = 16 : i64} : !llvm.ptr<1> -> !tirx.buffer<4096xf32, global>
  %r = tirx.region %g [0] : !tirx.buffer<4096xf32, global> -> !G
  %a = tirx.alloc : !L
  tirx.copy cta %a, %r {dispatch = "fallback"} : !L, !G
  gpu.return
}

// Local to local: the elementwise `reg` variant, slot by slot.
// CHECK-LABEL: gpu.func @local_to_local
// CHECK: %[[DST:.*]] = builtin.unrealized_conversion_cast %{{.*}} to memref<8xf32>
// CHECK: %[[SRC:.*]] = builtin.unrealized_conversion_cast %{{.*}} to memref<8xf32>
// CHECK: %[[I0:.*]] = arith.constant 0 : index
// CHECK: %[[X0:.*]] = memref.load %[[SRC]][%[[I0]]] : memref<8xf32>
// CHECK: memref.store %[[X0]], %[[DST]][%{{.*}}] : memref<8xf32>
// CHECK-COUNT-7: memref.store %{{.*}}, %[[DST]]
// CHECK-NOT: memref.store
// CHECK-NOT: gpu.thread_id
// CHECK: gpu.return
gpu.func @local_to_local(%a: !L) kernel attributes {known_block_size = array<i32: 128, 1, 1>} {
  %b = tirx.alloc : !L
  tirx.copy cta %b, %a : !L, !L
  gpu.return
}

}
