// RUN: tile-opt %s | FileCheck %s
// RUN: tile-opt %s --mlir-print-op-generic | tile-opt | FileCheck %s

// tirx.map: round trip in custom and generic form (diagnostics: map-invalid.mlir).

!L = !tirx.buffer<1024xf32, local, #tirx.layout<S[(2,128,4):(4,1@tx,1)]>>
// CHECK-LABEL: gpu.func @map
// CHECK: tirx.map cta %[[D:.*]], %[[A:.*]], %[[S:.*]] : !tirx.buffer<1024xf32, local, {{.*}}>, !tirx.buffer<1024xf32, local, {{.*}}>, f32 {
// CHECK: ^bb0(%[[X:.*]]: f32, %[[Y:.*]]: f32):
// CHECK:   %[[T:.*]] = math.tanh %[[X]] : f32
// CHECK:   %[[R:.*]] = arith.mulf %[[T]], %[[Y]] : f32
// CHECK:   tirx.yield %[[R]] : f32
// CHECK: }
gpu.module @m {
  gpu.func @map(%s: f32) kernel attributes {known_block_size = array<i32: 128, 1, 1>} {
    %a = tirx.alloc : !L
    %d = tirx.alloc : !L
    tirx.map cta %d, %a, %s : !L, !L, f32 {
    ^bb0(%x: f32, %y: f32):
      %t = math.tanh %x : f32
      %r = arith.mulf %t, %y : f32
      tirx.yield %r : f32
    }
    gpu.return
  }
}


// The NVVM conversion intrinsics with a rounding mode (ftof) compute from
// their operand only: allowed in a body.
!F = !tirx.buffer<128xf64, local, #tirx.layout<S[128:1@tx]>>
!H = !tirx.buffer<128xf16, local, #tirx.layout<S[128:1@tx]>>
// CHECK-LABEL: gpu.func @map_convert
// CHECK: llvm.call_intrinsic "llvm.nvvm.d2f.rz"
// CHECK: llvm.call_intrinsic "llvm.nvvm.f2f16.rz"
gpu.module @convert {
  gpu.func @map_convert(%a: !F) kernel attributes {known_block_size = array<i32: 128, 1, 1>} {
    %d = tirx.alloc : !H
    tirx.map cta %d, %a : !H, !F {
    ^bb0(%x: f64):
      %f = llvm.call_intrinsic "llvm.nvvm.d2f.rz"(%x) : (f64) -> f32
      %h = llvm.call_intrinsic "llvm.nvvm.f2f16.rz"(%f) : (f32) -> f16
      tirx.yield %h : f16
    }
    gpu.return
  }
}
