// RUN: tile-opt %s --tirx-dispatch -split-input-file -verify-diagnostics | FileCheck %s

// A CTA-scope primitive whose register layout spans one warp (laneid, no
// warpid) dispatches on a CTA of exactly one warp: the warp is the CTA.
// On a wider CTA the same layout would leave the other warps out (or
// repeat the work on each): the op verifier rejects it.

!L = !tirx.buffer<16x16xf32, local, #tirx.layout<S[(2,8,2,4,2):(2,4@laneid,4,1@laneid,1)]>>
gpu.module @m [#nvvm.target<chip = "sm_90">] {
  // CHECK-LABEL: gpu.func @one_warp
  // CHECK-NOT: tirx.copy
  // CHECK-NOT: tirx.add
  // CHECK: llvm.load %{{.*}} : !llvm.ptr<1> -> vector<2xf32>
  // CHECK: arith.addf
  // CHECK: llvm.store %{{.*}} : vector<2xf32>, !llvm.ptr<1>
  gpu.func @one_warp(%p: !llvm.ptr<1>) kernel attributes {known_block_size = array<i32: 32, 1, 1>} {
    %g = tirx.global_view %p sizes [16, 16] strides [16, 1] {alignment = 16 : i64} : !llvm.ptr<1> -> !tirx.buffer<16x16xf32, global>
    %r = tirx.region %g [0, 0] : !tirx.buffer<16x16xf32, global> -> !tirx.buffer<16x16xf32, global>
    %a = tirx.alloc : !L
    tirx.copy cta %a, %r : !L, !tirx.buffer<16x16xf32, global>
    %one = arith.constant 1.0 : f32
    tirx.add cta %a, %a, %one : !L, !L, f32
    tirx.copy cta %r, %a : !tirx.buffer<16x16xf32, global>, !L
    gpu.return
  }
}

// -----

!L = !tirx.buffer<16x16xf32, local, #tirx.layout<S[(2,8,2,4,2):(2,4@laneid,4,1@laneid,1)]>>
gpu.module @m [#nvvm.target<chip = "sm_90">] {
  gpu.func @two_warps(%x: !L) kernel attributes {known_block_size = array<i32: 64, 1, 1>} {
    %one = arith.constant 1.0 : f32
    // expected-error@+1 {{'tirx.add' op expects register operand #0 to spread over the threads of the cta, its layout #tirx.layout<S[(2,8,2,4,2):(2,4@laneid,4,1@laneid,1)]> names the threads of a warp}}
    tirx.add cta %x, %x, %one : !L, !L, f32
    gpu.return
  }
}
