// RUN: tile-opt %s --tirx-dispatch | FileCheck %s

// The elementwise `reg` variant: one scalar op per register slot of the
// destination (two slots per thread here), sources read from the matching
// slot, scalar operands used as they are.

!L = !tirx.buffer<256xf32, local, #tirx.layout<S[(128,2):(1@tx,1)]>>
!H = !tirx.buffer<256xf16, local, #tirx.layout<S[(128,2):(1@tx,1)]>>
!I = !tirx.buffer<256xi32, local, #tirx.layout<S[(128,2):(1@tx,1)]>>
!W = !tirx.buffer<256xi64, local, #tirx.layout<S[(128,2):(1@tx,1)]>>
!B = !tirx.buffer<256xi1, local, #tirx.layout<S[(128,2):(1@tx,1)]>>

gpu.module @elementwise [#nvvm.target<chip = "sm_90">] {

// CHECK-LABEL: gpu.func @exp
// CHECK: %[[D:.*]] = builtin.unrealized_conversion_cast %{{.*}} to memref<2xf32>
// CHECK: %[[S:.*]] = builtin.unrealized_conversion_cast %{{.*}} to memref<2xf32>
// CHECK: %[[I0:.*]] = arith.constant 0 : index
// CHECK: %[[X0:.*]] = memref.load %[[S]][%[[I0]]] : memref<2xf32>
// CHECK: %[[L2E:.*]] = arith.constant 1.44269502 : f32
// CHECK: %[[T0:.*]] = arith.mulf %[[X0]], %[[L2E]] : f32
// CHECK: %[[Y0:.*]] = llvm.call_intrinsic "llvm.nvvm.ex2.approx.f32"(%[[T0]]) : (f32) -> f32
// CHECK: memref.store %[[Y0]], %[[D]][%{{.*}}] : memref<2xf32>
// CHECK: %[[I1:.*]] = arith.constant 1 : index
// CHECK: %[[X1:.*]] = memref.load %[[S]][%[[I1]]] : memref<2xf32>
// CHECK: arith.mulf %[[X1]]
// CHECK: %[[Y1:.*]] = llvm.call_intrinsic "llvm.nvvm.ex2.approx.f32"
// CHECK: memref.store %[[Y1]], %[[D]][%{{.*}}] : memref<2xf32>
// CHECK-NOT: math.exp 
// CHECK: math.exp2 %{{.*}} : f32
// CHECK: math.exp2 %{{.*}} : f32
// CHECK-NOT: tirx.
// CHECK: gpu.return
gpu.func @exp(%x: !L) kernel attributes {known_block_size = array<i32: 128, 1, 1>} {
  %d = tirx.alloc : !L
  tirx.exp cta %d, %x {approx} : !L, !L
  tirx.exp2 cta %d, %x : !L, !L
  gpu.return
}

// CHECK-LABEL: gpu.func @add_scalar
// CHECK-SAME: (%{{.*}}: !tirx.buffer<256xf32, {{.*}}>, %[[S:.*]]: f32)
// CHECK: %[[X0:.*]] = memref.load
// CHECK: %[[Y0:.*]] = arith.addf %[[X0]], %[[S]] : f32
// CHECK: memref.store %[[Y0]]
// CHECK: %[[X1:.*]] = memref.load
// CHECK: %[[Y1:.*]] = arith.addf %[[X1]], %[[S]] : f32
// CHECK: memref.store %[[Y1]]
// CHECK-NOT: arith.addf
gpu.func @add_scalar(%x: !L, %s: f32) kernel attributes {known_block_size = array<i32: 128, 1, 1>} {
  %d = tirx.alloc : !L
  tirx.add cta %d, %x, %s : !L, !L, f32
  gpu.return
}

// Integer semantics and the NaN flavour of maximum.
// CHECK-LABEL: gpu.func @binary_flavours
// CHECK: arith.subi %{{.*}}, %{{.*}} : i32
// CHECK: arith.minui %{{.*}}, %{{.*}} : i32
// CHECK: arith.maximumf %{{.*}}, %{{.*}} : f32
// CHECK: arith.maxnumf %{{.*}}, %{{.*}} : f32
// CHECK: arith.divf %{{.*}}, %{{.*}} : f32
gpu.func @binary_flavours(%i: !I, %f: !L) kernel attributes {known_block_size = array<i32: 128, 1, 1>} {
  %di = tirx.alloc : !I
  tirx.sub cta %di, %i, %i : !I, !I, !I
  tirx.minimum cta %di, %i, %i {unsigned_} : !I, !I, !I
  %df = tirx.alloc : !L
  tirx.maximum cta %df, %f, %f {propagate_nan} : !L, !L, !L
  tirx.maximum cta %df, %f, %f : !L, !L, !L
  tirx.fdiv cta %df, %f, %f : !L, !L, !L
  gpu.return
}

// Predicate 2 is slt on integers and olt on floats.
// CHECK-LABEL: gpu.func @cmp
// CHECK-SAME: (%{{.*}}: !tirx.buffer<256xi32, {{.*}}>, %[[S:.*]]: i32, %{{.*}}: !tirx.buffer<256xf32, {{.*}}>)
// CHECK: %[[D:.*]] = builtin.unrealized_conversion_cast %{{.*}} to memref<2xi1>
// CHECK: %[[X0:.*]] = memref.load
// CHECK: %[[C0:.*]] = arith.cmpi slt, %[[X0]], %[[S]] : i32
// CHECK: memref.store %[[C0]], %[[D]]
// CHECK: arith.cmpi slt
// CHECK: arith.cmpf olt, %{{.*}}, %{{.*}} : f32
// CHECK: arith.cmpf olt
gpu.func @cmp(%x: !I, %s: i32, %f: !L) kernel attributes {known_block_size = array<i32: 128, 1, 1>} {
  %d = tirx.alloc : !B
  tirx.cmp cta 2 : i64 %d, %x, %s : !B, !I, i32
  tirx.cmp cta 4 : i64 %d, %f, %f : !B, !L, !L
  gpu.return
}

// CHECK-LABEL: gpu.func @select
// CHECK-SAME: (%{{.*}}: !tirx.buffer<256xi1, {{.*}}>, %{{.*}}: !tirx.buffer<256xf32, {{.*}}>, %[[S:.*]]: f32)
// CHECK: %[[C:.*]] = builtin.unrealized_conversion_cast %{{.*}} to memref<2xi1>
// CHECK: %[[T:.*]] = builtin.unrealized_conversion_cast %{{.*}} to memref<2xf32>
// CHECK: %[[CV:.*]] = memref.load %[[C]]
// CHECK: %[[TV:.*]] = memref.load %[[T]]
// CHECK: %[[R:.*]] = arith.select %[[CV]], %[[TV]], %[[S]] : f32
// CHECK: memref.store %[[R]]
// CHECK: arith.select
// CHECK-NOT: arith.select
gpu.func @select(%c: !B, %x: !L, %s: f32) kernel attributes {known_block_size = array<i32: 128, 1, 1>} {
  %d = tirx.alloc : !L
  tirx.select cta %d, %c, %x, %s : !L, !B, !L, f32
  gpu.return
}

// CHECK-LABEL: gpu.func @cast
// CHECK-COUNT-2: arith.extsi %{{.*}} : i32 to i64
// CHECK: %[[P:.*]] = nvvm.convert.f32x2.to.f16x2 %[[HI:.*]], %[[LO:.*]] {rnd = #nvvm.fp_rnd_mode<rn>} : vector<2xf16>
// CHECK: vector.extract %[[P]][0] : f16 from vector<2xf16>
// CHECK: vector.extract %[[P]][1] : f16 from vector<2xf16>
// CHECK-COUNT-2: arith.uitofp %{{.*}} : i32 to f32
// CHECK-COUNT-2: arith.fptosi %{{.*}} : f32 to i32
gpu.func @cast(%x: !I, %f: !L) kernel attributes {known_block_size = array<i32: 128, 1, 1>} {
  %w = tirx.alloc : !W
  tirx.cast cta %w, %x : !W, !I
  %h = tirx.alloc : !H
  tirx.cast cta %h, %f : !H, !L
  %u = tirx.alloc : !L
  tirx.cast cta %u, %x {unsigned_} : !L, !I
  %i = tirx.alloc : !I
  tirx.cast cta %i, %f : !I, !L
  gpu.return
}

// Element (t, r) of S[(128,2):(1@tx,1)] has the flat index 2 * t + r.
// CHECK-LABEL: gpu.func @iota
// CHECK: %[[D:.*]] = builtin.unrealized_conversion_cast %{{.*}} to memref<2xi32>
// CHECK: %[[TID:.*]] = gpu.thread_id x
// CHECK: %[[T:.*]] = arith.index_castui %[[TID]] : index to i32
// CHECK: %[[C127:.*]] = arith.constant 127 : i32
// CHECK: %[[TX:.*]] = arith.andi %[[T]], %[[C127]] : i32
// CHECK: %[[C1:.*]] = arith.constant 1 : i32
// CHECK: %[[BASE:.*]] = arith.shli %[[TX]], %[[C1]] : i32
// CHECK: %[[R0:.*]] = arith.constant 0 : i32
// CHECK: %[[V0:.*]] = arith.ori %[[BASE]], %[[R0]] : i32
// CHECK: %[[I0:.*]] = arith.constant 0 : index
// CHECK: memref.store %[[V0]], %[[D]][%[[I0]]] : memref<2xi32>
// CHECK: %[[R1:.*]] = arith.constant 1 : i32
// CHECK: %[[V1:.*]] = arith.ori %[[BASE]], %[[R1]] : i32
// CHECK: %[[I1:.*]] = arith.constant 1 : index
// CHECK: memref.store %[[V1]], %[[D]][%[[I1]]] : memref<2xi32>
gpu.func @iota() kernel attributes {known_block_size = array<i32: 128, 1, 1>} {
  %d = tirx.alloc : !I
  tirx.iota cta %d : !I
  gpu.return
}

// CHECK-LABEL: gpu.func @fill
// CHECK-SAME: (%[[V:.*]]: f32)
// CHECK: %[[D:.*]] = builtin.unrealized_conversion_cast %{{.*}} to memref<2xf32>
// CHECK: memref.store %[[V]], %[[D]][%{{.*}}] : memref<2xf32>
// CHECK: memref.store %[[V]], %[[D]][%{{.*}}] : memref<2xf32>
// CHECK-NOT: memref.store
gpu.func @fill(%v: f32) kernel attributes {known_block_size = array<i32: 128, 1, 1>} {
  %d = tirx.alloc : !L
  tirx.fill cta %d, %v : !L, f32
  gpu.return
}

}
