// RUN: tile-opt %s --tirx-dispatch --canonicalize | FileCheck %s

// The general per_element variants (priority -10, after every other
// variant): one scf.for over the logical elements, each element's place
// computed from its TileLayout at run time. They take what the fast paths
// decline: non-power-of-two extents, operands in different memory scopes,
// register layouts that differ between threads (the source staged through a
// shared scratch per team and a barrier of the scope).

!S = !tirx.buffer<8x16xf16, shared, #tirx.layout<S[(8,16):(1,8)]>>
!L = !tirx.buffer<8x16xf16, local, #tirx.layout<S[(32,4):(1@laneid,1)]>>
!W = !tirx.buffer<8x16xf16, local, #tirx.layout<S[128:1] + R[32:1@laneid]>>
!N = !tirx.buffer<3x5xf32, local, #tirx.layout<S[15:1@tx]>>
gpu.module @m [#nvvm.target<chip = "sm_90">] {

// A 3x5 tile (vec_auto: "expects power-of-two extents"): thread f loads
// element f, row f / 5 checked against the dynamic size, padding otherwise.
// CHECK-LABEL: gpu.func @copy_non_power_of_two
// CHECK-SAME: (%[[P:.*]]: !llvm.ptr<1>, %[[N:.*]]: index, %[[O:.*]]: index)
// CHECK: %[[PAD:.*]] = arith.constant 2.000000e+00 : f32
// CHECK: %[[ST:.*]] = builtin.unrealized_conversion_cast %{{.*}} to memref<1xf32>
// CHECK: %[[TID:.*]] = gpu.thread_id x
// CHECK: scf.for %[[F:.*]] = %c0 to %c15 step %c1 {
// CHECK:   %[[D:.*]] = arith.subi %[[TID]], %[[F]]
// CHECK:   %[[MINE:.*]] = arith.cmpi eq, %[[D]], %c0
// CHECK:   scf.if %[[MINE]] {
// CHECK:     %[[ROW:.*]] = arith.divui %[[F]], %c5
// CHECK:     %[[POS:.*]] = arith.addi %[[O]], %[[ROW]]
// CHECK:     %[[IN:.*]] = arith.cmpi ult, %[[POS]], %[[N]]
// CHECK:     %[[PTR:.*]] = llvm.getelementptr %[[P]][%{{.*}}] : (!llvm.ptr<1>, i64) -> !llvm.ptr<1>, f32
// CHECK:     %[[V:.*]] = scf.if %[[IN]] -> (f32) {
// CHECK:       llvm.load %[[PTR]] {alignment = 4 : i64} : !llvm.ptr<1> -> f32
// CHECK:     } else {
// CHECK:       scf.yield %[[PAD]] : f32
// CHECK:     memref.store %[[V]], %[[ST]][%c0] : memref<1xf32>
// CHECK-NOT: tirx.copy
gpu.func @copy_non_power_of_two(%p: !llvm.ptr<1>, %n: index, %o: index) kernel attributes {known_block_size = array<i32: 128, 1, 1>} {
  %g = tirx.global_view %p sizes [%n, 5] strides [7, 1] : !llvm.ptr<1> -> !tirx.buffer<?x5xf32, global>
  %r = tirx.region %g [%o, 0] : !tirx.buffer<?x5xf32, global> -> !tirx.buffer<3x5xf32, global>
  %a = tirx.alloc : !N
  tirx.copy cta %a, %r {padding = 2.0 : f32} : !N, !tirx.buffer<3x5xf32, global>
  gpu.return
}

// A shared destination with a register source (neither `reg` nor `smem`):
// the lane holding element f in registers computes it and stores it at
// its column-major shared address 8 * (f % 16) + f / 16.
// CHECK-LABEL: gpu.func @mixed_scopes
// CHECK: %[[LANE:.*]] = arith.remui %{{.*}}, %c32
// CHECK: scf.for %[[F:.*]] = %c0 to %c128 step %c1 {
// CHECK:   scf.if
// CHECK:     %[[SLOT:.*]] = arith.remui %[[F]], %c4
// CHECK:     %[[X:.*]] = memref.load %{{.*}}[%[[SLOT]]] : memref<4xf16>
// CHECK:     %[[SUM:.*]] = arith.addf %[[X]], %{{.*}} : f16
// CHECK:     %[[COL:.*]] = arith.remui %[[F]], %c16
// CHECK:     arith.muli %[[COL]], %c8
// CHECK:     %[[PTR:.*]] = llvm.getelementptr %{{.*}} : (!llvm.ptr<3>, i64) -> !llvm.ptr<3>, f16
// CHECK:     llvm.store %[[SUM]], %[[PTR]] {alignment = 2 : i64} : f16, !llvm.ptr<3>
// CHECK-NOT: tirx.add
gpu.func @mixed_scopes(%x: f16) kernel attributes {known_block_size = array<i32: 128, 1, 1>} {
  %s = tirx.alloc : !S
  %l = tirx.alloc : !L
  tirx.add warp %s, %l, %x : !S, !L, f16
  gpu.return
}

// Lane-partitioned registers into a tile every lane holds whole: written to
// a shared scratch of one tile per warp (4 x 128 elements), a warp barrier,
// read back by every lane, a barrier before the scratch is reused.
// CHECK-LABEL: gpu.func @exchange
// CHECK: %[[SCRATCH:.*]] = tirx.alloc : !tirx.buffer<512xf16, shared, <S[512:1]>>
// CHECK: %[[WARP:.*]] = arith.divui %{{.*}}, %c32
// CHECK: %[[BASE:.*]] = arith.muli %[[WARP]], %c128
// CHECK: scf.for
// CHECK:   memref.load %{{.*}} : memref<4xf16>
// CHECK:   arith.addi %{{.*}}, %[[BASE]]
// CHECK:   llvm.store %{{.*}} : f16, !llvm.ptr<3>
// CHECK: tirx.barrier warp
// CHECK: scf.for %[[F:.*]] = %c0 to %c128 step %c1 {
// CHECK:   llvm.load %{{.*}} : !llvm.ptr<3> -> f16
// CHECK:   memref.store %{{.*}}[%[[F]]] : memref<128xf16>
// CHECK: tirx.barrier warp
// CHECK-NOT: tirx.copy
gpu.func @exchange() kernel attributes {known_block_size = array<i32: 128, 1, 1>} {
  %a = tirx.alloc : !W
  %l = tirx.alloc : !L
  tirx.copy warp %a, %l : !W, !L
  gpu.return
}
}
