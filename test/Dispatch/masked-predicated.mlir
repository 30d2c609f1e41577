// RUN: tile-opt %s --tirx-dispatch | FileCheck %s

// Masked element accesses of more than 64 elements a thread are predicated
// PTX (`nvvm.inline_ptx`: the mask as a 32-bit register, its own `setp`, a
// `mov` of the padding before a predicated load), not a branch each: the
// element accesses of the masked path of a copy with a global side, and
// masked load_ptr / store_ptr. Up to 64 a thread they branch (copy.mlir,
// pointer.mlir).

!L = !tirx.buffer<16384xf32, local, #tirx.layout<S[(32,128,4):(4,1@tx,1)]>>
!G = !tirx.buffer<16384xf32, global>
!LP = !tirx.buffer<16384xf32, local, #tirx.layout<S[(128,128):(1@tx,1)]>>
!P = !tirx.buffer<16384xi64, local, #tirx.layout<S[(128,128):(1@tx,1)]>>
!B = !tirx.buffer<16384xi1, local, #tirx.layout<S[(128,128):(1@tx,1)]>>

gpu.module @masked [#nvvm.target<chip = "sm_90">] {

// 128 elements a thread (32 vectors): the whole-tile path keeps its 16-byte
// vectors; the partial-tile path (the extent not known to be a multiple of
// 4) tests each vector whole, its first and last element, and moves it as
// a vector where it is inside; elsewhere each element is loaded under its
// bounds test, the padding where it fails. The store is split the same way.
// CHECK-LABEL: gpu.func @copy_partial
// CHECK: scf.if %{{.*}} {
// CHECK-COUNT-32: llvm.load %{{.*}} {alignment = 16 : i64} : !llvm.ptr<1> -> vector<4xf32>
// CHECK: } else {
// CHECK: %[[FIRST:.*]] = arith.cmpi ult
// CHECK: %[[LAST:.*]] = arith.cmpi ult
// CHECK: %[[INSIDE:.*]] = arith.andi %[[FIRST]], %[[LAST]] : i1
// CHECK: scf.if %[[INSIDE]] {
// CHECK: llvm.load %{{.*}} {alignment = 16 : i64} : !llvm.ptr<1> -> vector<4xf32>
// CHECK: } else {
// CHECK: %[[PAD:.*]] = arith.constant 1.000000e+00 : f32
// CHECK: %[[PADI:.*]] = arith.bitcast %[[PAD]] : f32 to i32
// CHECK: %[[INI:.*]] = arith.extui %[[FIRST]] : i1 to i32
// CHECK: nvvm.inline_ptx "{\0A\09.reg .pred p;\0A\09setp.ne.b32 p, $3, 0;\0A\09mov.b32 $0, $2;\0A\09@p ld.global.b32 $0, [$1];\0A\09}" ro(%{{.*}}, %[[PADI]], %[[INI]] : !llvm.ptr<1>, i32, i32) -> i32
// CHECK-COUNT-3: @p ld.global.b32
// CHECK: scf.if
// CHECK-COUNT-31: -> vector<4xf32>
// CHECK: scf.if %{{.*}} {
// CHECK-COUNT-32: llvm.store %{{.*}} {alignment = 16 : i64} : vector<4xf32>, !llvm.ptr<1>
// CHECK: } else {
// CHECK: scf.if %{{.*}} {
// CHECK: llvm.store %{{.*}} {alignment = 16 : i64} : vector<4xf32>, !llvm.ptr<1>
// CHECK: } else {
// CHECK: nvvm.inline_ptx "{\0A\09.reg .pred p;\0A\09setp.ne.b32 p, $2, 0;\0A\09@p st.global.b32 [$0], $1;\0A\09}"
// CHECK-COUNT-3: @p st.global.b32
// CHECK-COUNT-31: vector<4xf32>, !llvm.ptr<1>
// CHECK: gpu.return
gpu.func @copy_partial(%p: !llvm.ptr<1>, %n: index, %off: index) kernel attributes {known_block_size = array<i32: 128, 1, 1>} {
  %g = tirx.global_view %p sizes [%n] strides [1] {alignment = 16 : i64} : !llvm.ptr<1> -> !tirx.buffer<?xf32, global>
  %c16384 = arith.constant 16384 : index
  %start = arith.muli %off, %c16384 : index
  %r = tirx.region %g [%start] : !tirx.buffer<?xf32, global> -> !G
  %a = tirx.alloc : !L
  tirx.copy cta %a, %r {padding = 1.0 : f32} : !L, !G
  tirx.copy cta %r, %a : !G, !L
  gpu.return
}

// load_ptr / store_ptr with a mask, 128 elements a thread.
// CHECK-LABEL: gpu.func @gather_scatter
// CHECK-NOT: scf.if
// CHECK-COUNT-128: @p ld.global.b32
// CHECK-COUNT-128: @p st.global.b32
// CHECK-NOT: scf.if
// CHECK: gpu.return
gpu.func @gather_scatter(%ptrs: !P, %m: !B, %pad: f32) kernel attributes {known_block_size = array<i32: 128, 1, 1>} {
  %d = tirx.alloc : !LP
  tirx.load_ptr cta %d, %ptrs mask %m : !B padding %pad : f32 : !LP, !P
  tirx.store_ptr cta %ptrs, %d mask %m : !B : !P, !LP
  gpu.return
}

}
