// RUN: tile-opt %s --tirx-dispatch | FileCheck %s

// The masked path of a copy with a global side (a partial tile) moves whole
// vectors when the global innermost extent is a known multiple of the
// vector (here `(n >> 3) << 3`, as an `assume div_by<8>` lowers): every
// vector then lies wholly inside or outside the extent, and one bounds
// test a vector guards one vector access. Without that fact, each element
// is tested and moved on its own.

!L = !tirx.buffer<64x64xf32, local, #tirx.layout<S[(8,128,4):(4,1@tx,1)]>>
!G = !tirx.buffer<64x64xf32, global>

gpu.module @m [#nvvm.target<chip = "sm_90a">] {

// 32 elements a thread as 8 vectors of 4: 8 tests and 8 vector stores
// (after the whole-tile path's 8 vector stores).
// CHECK-LABEL: gpu.func @divisible(
// CHECK: scf.if
// CHECK-COUNT-8: llvm.store %{{.*}} {alignment = 16 : i64} : vector<4xf32>, !llvm.ptr<1>
// CHECK: } else {
// CHECK-COUNT-8: llvm.store %{{.*}} {alignment = 16 : i64} : vector<4xf32>, !llvm.ptr<1>
// CHECK-NOT: : f32, !llvm.ptr<1>
// CHECK: gpu.return
gpu.func @divisible(%p: !llvm.ptr<1>, %m: index, %n: index, %row: index, %col: index, %x: !L) kernel attributes {known_block_size = array<i32: 128, 1, 1>} {
  %c3 = arith.constant 3 : index
  %c6 = arith.constant 6 : index
  %n8 = arith.shrui %n, %c3 : index
  %cols = arith.shli %n8, %c3 : index
  %r64 = arith.shrui %row, %c6 : index
  %r0 = arith.shli %r64, %c6 : index
  %c64 = arith.shrui %col, %c6 : index
  %c0 = arith.shli %c64, %c6 : index
  %g = tirx.global_view %p sizes [%m, %cols] strides [%cols, 1] {alignment = 16 : i64} : !llvm.ptr<1> -> !tirx.buffer<?x?xf32, global>
  %r = tirx.region %g [%r0, %c0] : !tirx.buffer<?x?xf32, global> -> !G
  tirx.copy cta %r, %x : !G, !L
  gpu.return
}

// Loads likewise: a vector, or the padding vector where the test fails.
// CHECK-LABEL: gpu.func @divisible_load
// CHECK: } else {
// CHECK: scf.if %{{.*}} -> (vector<4xf32>) {
// CHECK: llvm.load %{{.*}} {alignment = 16 : i64} : !llvm.ptr<1> -> vector<4xf32>
// CHECK: } else {
// CHECK-NEXT: %[[PAD:.*]] = arith.constant dense<0.000000e+00> : vector<4xf32>
// CHECK-NEXT: scf.yield %[[PAD]] : vector<4xf32>
// CHECK-NOT: -> f32
// CHECK: gpu.return
gpu.func @divisible_load(%p: !llvm.ptr<1>, %m: index, %n: index, %row: index, %col: index) kernel attributes {known_block_size = array<i32: 128, 1, 1>} {
  %c3 = arith.constant 3 : index
  %c6 = arith.constant 6 : index
  %n8 = arith.shrui %n, %c3 : index
  %cols = arith.shli %n8, %c3 : index
  %r64 = arith.shrui %row, %c6 : index
  %r0 = arith.shli %r64, %c6 : index
  %c64 = arith.shrui %col, %c6 : index
  %c0 = arith.shli %c64, %c6 : index
  %g = tirx.global_view %p sizes [%m, %cols] strides [%cols, 1] {alignment = 16 : i64} : !llvm.ptr<1> -> !tirx.buffer<?x?xf32, global>
  %r = tirx.region %g [%r0, %c0] : !tirx.buffer<?x?xf32, global> -> !G
  %x = tirx.alloc : !L
  tirx.copy cta %x, %r {padding = 0.0 : f32} : !L, !G
  gpu.return
}

// The same with an extent of unknown divisibility: the partial tile's 32
// elements are stored one by one.
// CHECK-LABEL: gpu.func @unknown
// CHECK: } else {
// CHECK-COUNT-32: llvm.store %{{.*}} {alignment = 4 : i64} : f32, !llvm.ptr<1>
// CHECK: gpu.return
gpu.func @unknown(%p: !llvm.ptr<1>, %m: index, %n: index, %row: index, %col: index, %x: !L) kernel attributes {known_block_size = array<i32: 128, 1, 1>} {
  %c6 = arith.constant 6 : index
  %c8 = arith.constant 8 : index
  %stride = arith.muli %n, %c8 : index
  %r64 = arith.shrui %row, %c6 : index
  %r0 = arith.shli %r64, %c6 : index
  %c64 = arith.shrui %col, %c6 : index
  %c0 = arith.shli %c64, %c6 : index
  %g = tirx.global_view %p sizes [%m, %n] strides [%stride, 1] {alignment = 16 : i64} : !llvm.ptr<1> -> !tirx.buffer<?x?xf32, global>
  %r = tirx.region %g [%r0, %c0] : !tirx.buffer<?x?xf32, global> -> !G
  tirx.copy cta %r, %x : !G, !L
  gpu.return
}
}
