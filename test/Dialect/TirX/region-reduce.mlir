// RUN: tile-opt %s | FileCheck %s
// RUN: tile-opt %s --mlir-print-op-generic | tile-opt | FileCheck %s

// tirx.reduce and tirx.scan: round trip in custom and generic form
// (diagnostics: region-reduce-invalid.mlir).

!V = !tirx.buffer<8x64xf32, local, #tirx.layout<S[(8,32,2):(2,1@tx,1)]>>
!I = !tirx.buffer<8x64xi32, local, #tirx.layout<S[(8,32,2):(2,1@tx,1)]>>
!RV = !tirx.buffer<8xf32, local, #tirx.layout<S[8:1] + R[32:1@tx]>>
!RI = !tirx.buffer<8xi32, local, #tirx.layout<S[8:1] + R[32:1@tx]>>
!F = !tirx.buffer<64xf32, local, #tirx.layout<S[(32,2):(1@tx,1)]>>

// CHECK-LABEL: gpu.func @argmax
// CHECK: tirx.reduce cta dsts(%[[MV:.*]], %[[MI:.*]] : !tirx.buffer<8xf32, local, {{.*}}>, !tirx.buffer<8xi32, local, {{.*}}>) srcs(%[[V:.*]], %[[I:.*]] : !tirx.buffer<8x64xf32, local, {{.*}}>, !tirx.buffer<8x64xi32, local, {{.*}}>) axes = [1] identities = [0xFF800000 : f32, 0 : i32] {
// CHECK: ^bb0(%[[V0:.*]]: f32, %[[V1:.*]]: f32, %[[I0:.*]]: i32, %[[I1:.*]]: i32):
// CHECK:   %[[GT:.*]] = arith.cmpf ogt, %[[V1]], %[[V0]] : f32
// CHECK:   %[[RV:.*]] = arith.select %[[GT]], %[[V1]], %[[V0]] : f32
// CHECK:   %[[RI:.*]] = arith.select %[[GT]], %[[I1]], %[[I0]] : i32
// CHECK:   tirx.reduce_yield %[[RV]], %[[RI]] : f32, i32
// CHECK: }
gpu.module @m {
  gpu.func @argmax() kernel attributes {known_block_size = array<i32: 32, 1, 1>} {
    %v = tirx.alloc : !V
    %i = tirx.alloc : !I
    %mv = tirx.alloc : !RV
    %mi = tirx.alloc : !RI
    tirx.reduce cta dsts(%mv, %mi : !RV, !RI) srcs(%v, %i : !V, !I) axes = [1] identities = [0xFF800000 : f32, 0 : i32] {
    ^bb0(%v0: f32, %v1: f32, %i0: i32, %i1: i32):
      %gt = arith.cmpf ogt, %v1, %v0 : f32
      %rv = arith.select %gt, %v1, %v0 : f32
      %ri = arith.select %gt, %i1, %i0 : i32
      tirx.reduce_yield %rv, %ri : f32, i32
    }
    gpu.return
  }

  // CHECK-LABEL: gpu.func @to_scalar
  // CHECK: %[[S:.*]] = tirx.reduce cta srcs(%{{.*}} : !tirx.buffer<64xf32, local, {{.*}}>) axes = [0] identities = [1.000000e+00 : f32] -> f32 {
  // CHECK:   arith.mulf
  // CHECK: arith.addf %[[S]], %[[S]] : f32
  gpu.func @to_scalar() kernel attributes {known_block_size = array<i32: 32, 1, 1>} {
    %f = tirx.alloc : !F
    %s = tirx.reduce cta srcs(%f : !F) axes = [0] identities = [1.0 : f32] -> f32 {
    ^bb0(%a: f32, %b: f32):
      %p = arith.mulf %a, %b : f32
      tirx.reduce_yield %p : f32
    }
    %t = arith.addf %s, %s : f32
    gpu.return
  }

  // CHECK-LABEL: gpu.func @scan
  // CHECK: tirx.scan cta dsts(%[[D:.*]] : !tirx.buffer<8x64xi32, local, {{.*}}>) srcs(%[[S:.*]] : !tirx.buffer<8x64xi32, local, {{.*}}>) axis = 0 reverse identities = [0 : i32] {
  // CHECK: ^bb0(%[[A:.*]]: i32, %[[B:.*]]: i32):
  // CHECK:   %[[R:.*]] = arith.maxsi %[[A]], %[[B]] : i32
  // CHECK:   tirx.reduce_yield %[[R]] : i32
  // CHECK: tirx.scan cta dsts({{.*}}) srcs({{.*}}) axis = 1 identities
  gpu.func @scan() kernel attributes {known_block_size = array<i32: 32, 1, 1>} {
    %s = tirx.alloc : !I
    %d = tirx.alloc : !I
    tirx.scan cta dsts(%d : !I) srcs(%s : !I) axis = 0 reverse identities = [0 : i32] {
    ^bb0(%a: i32, %b: i32):
      %r = arith.maxsi %a, %b : i32
      tirx.reduce_yield %r : i32
    }
    tirx.scan cta dsts(%d : !I) srcs(%s : !I) axis = 1 identities = [0 : i32] {
    ^bb0(%a: i32, %b: i32):
      %r = arith.addi %a, %b : i32
      tirx.reduce_yield %r : i32
    }
    gpu.return
  }
}
