// REQUIRES: ptxas
// The instructions the elementwise variants are chosen for, in PTX that
// ptxas accepts: the reference's warp sqrt (eight sqrt.rn per lane), packed
// f16x2/bf16x2 arithmetic, the approx forms, and the f8 conversions.
// RUN: tile-translate --cuda-tile-to-ptx %s -o %t.ptx
// RUN: FileCheck %s < %t.ptx
// RUN: %ptxas -arch=sm_90 %t.ptx -o /dev/null

!W = !tirx.buffer<32x8xf32, local, #tirx.layout<S[(32,8):(1@laneid,1)]>>
!H = !tirx.buffer<256xf16, local, #tirx.layout<S[(128,2):(1@tx,1)]>>
!B = !tirx.buffer<256xbf16, local, #tirx.layout<S[(128,2):(1@tx,1)]>>
!F = !tirx.buffer<256xf32, local, #tirx.layout<S[(128,2):(1@tx,1)]>>
!Q = !tirx.buffer<256xf8E4M3FN, local, #tirx.layout<S[(128,2):(1@tx,1)]>>
!P = !tirx.buffer<256xf8E5M2, local, #tirx.layout<S[(128,2):(1@tx,1)]>>
gpu.module @m [#nvvm.target<chip = "sm_90">] {
  // CHECK-LABEL: .entry warp_sqrt(
  // CHECK-COUNT-8: sqrt.rn.f32
  // CHECK-NOT: sqrt
  // CHECK: ret;
  gpu.func @warp_sqrt(%in: !llvm.ptr<1>, %out: !llvm.ptr<1>) kernel attributes {known_block_size = array<i32: 32, 1, 1>} {
    %gi = tirx.global_view %in sizes [32, 8] strides [8, 1] {alignment = 16 : i64} : !llvm.ptr<1> -> !tirx.buffer<32x8xf32, global>
    %go = tirx.global_view %out sizes [32, 8] strides [8, 1] {alignment = 16 : i64} : !llvm.ptr<1> -> !tirx.buffer<32x8xf32, global>
    %ri = tirx.region %gi [0, 0] : !tirx.buffer<32x8xf32, global> -> !tirx.buffer<32x8xf32, global>
    %ro = tirx.region %go [0, 0] : !tirx.buffer<32x8xf32, global> -> !tirx.buffer<32x8xf32, global>
    %r = tirx.alloc : !W
    tirx.copy warp %r, %ri : !W, !tirx.buffer<32x8xf32, global>
    tirx.sqrt warp %r, %r : !W, !W
    tirx.copy warp %ro, %r : !tirx.buffer<32x8xf32, global>, !W
    gpu.return
  }
  // CHECK-LABEL: .entry packed(
  // CHECK: cvt.rn.f16x2.f32
  // CHECK: add.rn.f16x2
  // CHECK: fma.rn.f16x2
  // CHECK: max.f16x2
  // CHECK: cvt.rn.bf16x2.f32
  // CHECK: mul.rn.bf16x2
  // CHECK: fma.rn.bf16x2
  gpu.func @packed(%p: !llvm.ptr<1>) kernel attributes {known_block_size = array<i32: 128, 1, 1>} {
    %g = tirx.global_view %p sizes [256] strides [1] {alignment = 16 : i64} : !llvm.ptr<1> -> !tirx.buffer<256xf32, global>
    %r = tirx.region %g [0] : !tirx.buffer<256xf32, global> -> !tirx.buffer<256xf32, global>
    %f = tirx.alloc : !F
    tirx.copy cta %f, %r : !F, !tirx.buffer<256xf32, global>
    %h = tirx.alloc : !H
    tirx.cast cta %h, %f : !H, !F
    %h2 = tirx.alloc : !H
    tirx.add cta %h2, %h, %h : !H, !H, !H
    tirx.fma cta %h2, %h2, %h, %h2 : !H, !H, !H, !H
    tirx.maximum cta %h, %h, %h2 : !H, !H, !H
    %b = tirx.alloc : !B
    tirx.cast cta %b, %f : !B, !F
    tirx.mul cta %b, %b, %b : !B, !B, !B
    tirx.fma cta %b, %b, %b, %b : !B, !B, !B, !B
    %hf = tirx.alloc : !F
    tirx.cast cta %hf, %h : !F, !H
    %bf = tirx.alloc : !F
    tirx.cast cta %bf, %b : !F, !B
    tirx.add cta %f, %hf, %bf : !F, !F, !F
    tirx.copy cta %r, %f : !tirx.buffer<256xf32, global>, !F
    gpu.return
  }
  // CHECK-LABEL: .entry approx(
  // CHECK: ex2.approx.f32
  // CHECK: lg2.approx.ftz.f32
  // CHECK: sqrt.approx.f32
  // CHECK: rcp.approx.ftz.f32
  // CHECK: ex2.approx.ftz.f32
  gpu.func @approx(%p: !llvm.ptr<1>) kernel attributes {known_block_size = array<i32: 128, 1, 1>} {
    %g = tirx.global_view %p sizes [256] strides [1] {alignment = 16 : i64} : !llvm.ptr<1> -> !tirx.buffer<256xf32, global>
    %r = tirx.region %g [0] : !tirx.buffer<256xf32, global> -> !tirx.buffer<256xf32, global>
    %f = tirx.alloc : !F
    tirx.copy cta %f, %r : !F, !tirx.buffer<256xf32, global>
    tirx.exp2 cta %f, %f {approx} : !F, !F
    tirx.log2 cta %f, %f {approx, ftz} : !F, !F
    tirx.sqrt cta %f, %f {approx} : !F, !F
    tirx.reciprocal cta %f, %f {approx, ftz} : !F, !F
    tirx.silu cta %f, %f {config = {approx, ftz}} : !F, !F
    tirx.copy cta %r, %f : !tirx.buffer<256xf32, global>, !F
    gpu.return
  }
  // CHECK-LABEL: .entry f8(
  // CHECK: cvt.rn.satfinite.e4m3x2.f32
  // CHECK: cvt.rn.satfinite.e5m2x2.f32
  // CHECK: cvt.rn.f16x2.e4m3x2
  // CHECK: cvt.rn.f16x2.e5m2x2
  gpu.func @f8(%p: !llvm.ptr<1>) kernel attributes {known_block_size = array<i32: 128, 1, 1>} {
    %g = tirx.global_view %p sizes [256] strides [1] {alignment = 16 : i64} : !llvm.ptr<1> -> !tirx.buffer<256xf32, global>
    %r = tirx.region %g [0] : !tirx.buffer<256xf32, global> -> !tirx.buffer<256xf32, global>
    %f = tirx.alloc : !F
    tirx.copy cta %f, %r : !F, !tirx.buffer<256xf32, global>
    %q = tirx.alloc : !Q
    tirx.cast cta %q, %f : !Q, !F
    %e = tirx.alloc : !P
    tirx.cast cta %e, %f : !P, !F
    %f1 = tirx.alloc : !F
    tirx.cast cta %f1, %q : !F, !Q
    %f2 = tirx.alloc : !F
    tirx.cast cta %f2, %e : !F, !P
    tirx.add cta %f, %f1, %f2 : !F, !F, !F
    tirx.copy cta %r, %f : !tirx.buffer<256xf32, global>, !F
    gpu.return
  }
}
