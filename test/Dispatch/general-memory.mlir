// RUN: tile-opt %s --tirx-dispatch=report=true --canonicalize -split-input-file 2>/dev/null | FileCheck %s
// RUN: tile-opt %s --tirx-dispatch=report=true -split-input-file 2>&1 >/dev/null | FileCheck %s --check-prefix=REMARK

// The general per_element variants of load_ptr, store_ptr, atomic,
// for_each, reduce and scan (PerElement.h's emitGeneralElements): any
// layout and memory scope, one element at a time. permute_layout's general
// variant: test/Dispatch/permute-layout-cta.mlir.

// A masked gather into shared memory: thread f mod 32 of the warp loads
// element f under a branch on its mask, the padding otherwise.
// REMARK: remark: tirx.load_ptr -> variant 'per_element'
// CHECK-LABEL: gpu.func @gather_shared
// CHECK: %[[T:.*]] = gpu.thread_id x
// CHECK: scf.for %{{.*}} = %[[T]] to %c15 step %c32 {
// CHECK:   %[[A:.*]] = llvm.load %{{.*}} : !llvm.ptr<3> -> i64
// CHECK:   %[[M:.*]] = llvm.load %{{.*}} : !llvm.ptr<3> -> i8
// CHECK:   %[[B:.*]] = arith.trunci %[[M]] : i8 to i1
// CHECK:   %[[V:.*]] = scf.if %[[B]] -> (f32) {
// CHECK:     %[[P:.*]] = llvm.inttoptr %[[A]] : i64 to !llvm.ptr<1>
// CHECK:     llvm.load %[[P]] {alignment = 4 : i64} : !llvm.ptr<1> -> f32
// CHECK:   } else {
// CHECK:     scf.yield %cst : f32
// CHECK:   llvm.store %[[V]], %{{.*}} : f32, !llvm.ptr<3>
!SP = !tirx.buffer<3x5xi64, shared, #tirx.layout<S[(3,5):(5,1)]>>
!SF = !tirx.buffer<3x5xf32, shared, #tirx.layout<S[(3,5):(5,1)]>>
!SM = !tirx.buffer<3x5xi1, shared, #tirx.layout<S[(3,5):(5,1)]>>
gpu.module @m [#nvvm.target<chip = "sm_90">] {
  gpu.func @gather_shared(%p: !SP, %m: !SM) kernel attributes {known_block_size = array<i32: 32, 1, 1>} {
    %d = tirx.alloc : !SF
    %pad = arith.constant 2.0 : f32
    tirx.load_ptr warp %d, %p mask %m : !SM padding %pad : f32 : !SF, !SP
    gpu.return
  }
}

// -----

// Atomics whose old values go to a register tile replicated over the warp's
// lanes with a non-power-of-two shape: each element's atomic runs once
// (thread f mod 32), its old value lands in a shared scratch, and after a
// warp barrier every lane reads the 15 elements it holds.
// REMARK: remark: tirx.atomic -> variant 'per_element'
// CHECK-LABEL: gpu.func @atomic_replicated
// CHECK: tirx.alloc : !tirx.buffer<{{[0-9]+}}xi32, shared, <S[{{[0-9]+}}:1]>>
// CHECK: scf.for %{{.*}} = %{{.*}} to %c15 step %c32 {
// CHECK:   llvm.atomicrmw add %{{.*}}, %{{.*}} syncscope("device") monotonic {{.*}} : !llvm.ptr<1>, i32
// CHECK:   llvm.store %{{.*}}, %{{.*}} : i32, !llvm.ptr<3>
// CHECK: tirx.barrier warp
// CHECK: scf.for %{{.*}} = %c0 to %c15 step %c1 {
// CHECK:   llvm.load %{{.*}} : !llvm.ptr<3> -> i32
// CHECK:   memref.store
// CHECK: tirx.barrier warp
!LP = !tirx.buffer<3x5xi64, local, #tirx.layout<S[(3,5):(5,1)] + R[32:1@laneid]>>
!LV = !tirx.buffer<3x5xi32, local, #tirx.layout<S[(3,5):(5,1)] + R[32:1@laneid]>>
gpu.module @m [#nvvm.target<chip = "sm_90">] {
  gpu.func @atomic_replicated(%p: !LP, %v: !LV) kernel attributes {known_block_size = array<i32: 64, 1, 1>} {
    %o = tirx.alloc : !LV
    tirx.atomic warp into %o : !LV %p, %v {kind = "add", ordering = "monotonic", syncscope = "device"} : !LP, !LV
    gpu.return
  }
}

// -----

// A masked scatter and a for_each over shared operands at CTA scope: each
// element once, by thread f mod 128.
// REMARK: remark: tirx.store_ptr -> variant 'per_element'
// REMARK: remark: tirx.for_each -> variant 'per_element'
// CHECK-LABEL: gpu.func @scatter_for_each
// CHECK: scf.for %{{.*}} = %{{.*}} to %c15 step %c128 {
// CHECK:   scf.if %{{.*}} {
// CHECK:     llvm.store %{{.*}}, %{{.*}} {alignment = 4 : i64} : f32, !llvm.ptr<1>
// CHECK: scf.for %[[F:.*]] = %{{.*}} to %c15 step %c128 {
// CHECK:   %[[I:.*]] = arith.index_castui %[[F]] : index to i64
// CHECK:   arith.muli %[[I]], %[[I]] : i64
!SP = !tirx.buffer<3x5xi64, shared, #tirx.layout<S[(3,5):(5,1)]>>
!SF = !tirx.buffer<3x5xf32, shared, #tirx.layout<S[(3,5):(5,1)]>>
!SM = !tirx.buffer<3x5xi1, shared, #tirx.layout<S[(3,5):(5,1)]>>
gpu.module @m [#nvvm.target<chip = "sm_90">] {
  gpu.func @scatter_for_each(%p: !SP, %x: !SF, %m: !SM, %out: !llvm.ptr<1>) kernel attributes {known_block_size = array<i32: 128, 1, 1>} {
    tirx.store_ptr cta %p, %x mask %m : !SM : !SP, !SF
    tirx.for_each cta %x : !SF {
    ^bb0(%a: f32, %i: i64):
      %sq = arith.muli %i, %i : i64
      %g = llvm.getelementptr %out[%sq] : (!llvm.ptr<1>, i64) -> !llvm.ptr<1>, f32
      llvm.store %a, %g : f32, !llvm.ptr<1>
    }
    gpu.return
  }
}

// -----

// A reduce without destinations over a shared tile (every thread folds the
// 15 elements with the body, the results replace the op's) and a reverse
// scan of shared rows: element k of a row folds positions 4 down to k.
// REMARK: remark: tirx.reduce -> variant 'per_element'
// REMARK: remark: tirx.scan -> variant 'per_element'
// CHECK-LABEL: gpu.func @reduce_scan_shared
// CHECK: %[[R:.*]] = scf.for %{{.*}} = %c1 to %c15 step %c1 iter_args(%[[ACC:.*]] = %{{.*}}) -> (f32) {
// CHECK:   arith.maximumf %[[ACC]], %{{.*}} : f32
// CHECK: arith.addf %[[R]], %[[R]] : f32
// CHECK: scf.for %[[G:.*]] = %{{.*}} to %c15 step %c32 {
// CHECK:   %[[K:.*]] = arith.remui %[[G]], %c5 : index
// CHECK:   %[[N:.*]] = arith.subi %c5, %[[K]] : index
// CHECK:   scf.for %{{.*}} = %c1 to %[[N]] step %c1 iter_args(%[[S:.*]] = %{{.*}}) -> (f32) {
// CHECK:     arith.addf %[[S]], %{{.*}} : f32
!SF = !tirx.buffer<3x5xf32, shared, #tirx.layout<S[(3,5):(5,1)]>>
gpu.module @m [#nvvm.target<chip = "sm_90">] {
  gpu.func @reduce_scan_shared(%x: !SF, %o: !llvm.ptr<1>) kernel attributes {known_block_size = array<i32: 32, 1, 1>} {
    %r = tirx.reduce warp srcs(%x : !SF) axes = [0, 1] identities = [0xFF800000 : f32] -> f32 {
    ^bb0(%a: f32, %b: f32):
      %m = arith.maximumf %a, %b : f32
      tirx.reduce_yield %m : f32
    }
    %twice = arith.addf %r, %r : f32
    llvm.store %twice, %o : f32, !llvm.ptr<1>
    %d = tirx.alloc : !SF
    tirx.scan warp dsts(%d : !SF) srcs(%x : !SF) axis = 1 reverse identities = [0.0 : f32] {
    ^bb0(%a: f32, %b: f32):
      %s = arith.addf %a, %b : f32
      tirx.reduce_yield %s : f32
    }
    gpu.return
  }
}
