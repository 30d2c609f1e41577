// RUN: tile-opt %s --tirx-dispatch --canonicalize | FileCheck %s

// The general per_element variants of gemm, gemm_async, gemm_wait and of the
// reductions: what no tensor-core, fma or reduction fast path takes.

!A = !tirx.buffer<16x16xi8, local, #tirx.layout<S[(32,8):(1@laneid,1)]>>
!B = !tirx.buffer<16x8xi8, local, #tirx.layout<S[(32,4):(1@laneid,1)]>>
!D = !tirx.buffer<16x8xi32, local, #tirx.layout<S[(32,4):(1@laneid,1)]>>
!RS = !tirx.buffer<2x64xf32, local, #tirx.layout<S[(2,64):(1,1@tx)]>>
!RD = !tirx.buffer<2xf32, local, #tirx.layout<S[2:1@tx]>>
!SA = !tirx.buffer<16x16xf16, shared, #tirx.layout<S[(16,16):(16,1)]>>
!SB = !tirx.buffer<16x8xf16, shared, #tirx.layout<S[(16,8):(1,16)]>>
!SD = !tirx.buffer<16x8xf16, shared, #tirx.layout<S[(16,8):(8,1)]>>

gpu.module @m [#nvvm.target<chip = "sm_90">] {

// i8 x i8 -> i32 at warp scope with register A and B that are no mma.sync
// fragments (16x8x16: no m16n8k32 atom either): A, B and C (beta = 1) are
// staged through a shared scratch per warp (two warps: two tiles each), then
// each lane computes the D elements it holds: one scf.for over K of
// sign-extended products, wrapping adds.
// CHECK-LABEL: gpu.func @int_gemm_warp
// CHECK-DAG: tirx.alloc : !tirx.buffer<512xi8, shared, <S[512:1]>>
// CHECK-DAG: tirx.alloc : !tirx.buffer<256xi8, shared, <S[256:1]>>
// CHECK-DAG: tirx.alloc : !tirx.buffer<256xi32, shared, <S[256:1]>>
// CHECK: tirx.barrier warp
// CHECK: tirx.barrier warp
// CHECK: tirx.barrier warp
// CHECK: scf.for %{{.*}} = %c0 to %c128 step %c1 {
// CHECK:   scf.if
// CHECK:     %[[C:.*]] = llvm.load %{{.*}} : !llvm.ptr<3> -> i32
// CHECK:     scf.for %{{.*}} = %c0 to %c16 step %c1 iter_args(%[[S:.*]] = %[[C]]) -> (i32) {
// CHECK:       %[[X:.*]] = llvm.load %{{.*}} : !llvm.ptr<3> -> i8
// CHECK:       %[[XW:.*]] = arith.extsi %[[X]] : i8 to i32
// CHECK:       %[[Y:.*]] = llvm.load %{{.*}} : !llvm.ptr<3> -> i8
// CHECK:       %[[YW:.*]] = arith.extsi %[[Y]] : i8 to i32
// CHECK:       %[[P:.*]] = arith.muli %[[XW]], %[[YW]] : i32
// CHECK:       arith.addi %[[P]], %[[S]] : i32
// CHECK:     memref.store
// CHECK: tirx.barrier warp
// CHECK-NOT: tirx.gemm
gpu.func @int_gemm_warp(%a: !A, %b: !B) kernel attributes {known_block_size = array<i32: 64, 1, 1>} {
  %d = tirx.alloc : !D
  tirx.gemm warp %d, %a, %b, %d {beta = 1.0} : !D, !A, !B, !D
  gpu.return
}

// A sum over a thread axis of a register source whose destination is not
// replicated over it (`local` rejects): staged, then each holder of a
// destination element folds the 64 source elements of its row in order.
// CHECK-LABEL: gpu.func @sum_per_element
// CHECK: tirx.alloc : !tirx.buffer<128xf32, shared, <S[128:1]>>
// CHECK: tirx.barrier cta
// CHECK: scf.for %{{.*}} = %c0 to %c2 step %c1 {
// CHECK:   scf.if
// CHECK:     %[[FIRST:.*]] = llvm.load
// CHECK:     %[[SUM:.*]] = scf.for %{{.*}} = %c1 to %c64 step %c1 iter_args(%[[ACC:.*]] = %[[FIRST]]) -> (f32) {
// CHECK:       %[[X:.*]] = llvm.load
// CHECK:       arith.addf %[[ACC]], %[[X]] : f32
// CHECK:     memref.store %[[SUM]]
// CHECK: tirx.barrier cta
// CHECK-NOT: tirx.sum
gpu.func @sum_per_element(%x: !RS) kernel attributes {known_block_size = array<i32: 128, 1, 1>} {
  %d = tirx.alloc : !RD
  tirx.sum cta %d, %x axes = [1] : !RD, !RS
  gpu.return
}
}

// gemm_async where wgmma does not exist (sm_80) completes synchronously:
// thread f of the CTA computes element f of the shared D, the f16
// accumulator summed in f32 and rounded once; gemm_wait waits for nothing.
gpu.module @m80 [#nvvm.target<chip = "sm_80">] {
// CHECK-LABEL: gpu.func @async_sm80
// CHECK: %[[T:.*]] = gpu.thread_id x
// CHECK: scf.for %{{.*}} = %[[T]] to %c128 step %c128 {
// CHECK:   llvm.intr.fma
// CHECK:   arith.truncf
// CHECK-NOT: nvvm.wgmma
// CHECK-NOT: tirx.gemm
gpu.func @async_sm80(%a: !SA, %b: !SB) kernel attributes {known_block_size = array<i32: 128, 1, 1>} {
  %d = tirx.alloc : !SD
  tirx.gemm_async cta %d, %a, %b, %d : !SD, !SA, !SB, !SD
  tirx.gemm_wait cta {pending = 0}
  gpu.return
}
}

// f8 x f8 -> f32 with shared A and B no tensor-core variant takes (3x5x7):
// each input converts to f32 exactly (the pair conversion to f16x2, then
// extf) and the products are summed with one fma each in f32. A
// warp-scope gemm_wait on sm_90a is empty: only warpgroup wgmma products
// can be in flight.
!FA = !tirx.buffer<3x7xf8E4M3FN, shared, #tirx.layout<S[(3,7):(7,1)]>>
!FB = !tirx.buffer<7x5xf8E5M2, shared, #tirx.layout<S[(7,5):(5,1)]>>
!FD = !tirx.buffer<3x5xf32, shared, #tirx.layout<S[(3,5):(5,1)]>>
gpu.module @m90a [#nvvm.target<chip = "sm_90a">] {
// CHECK-LABEL: gpu.func @f8_per_element
// CHECK: scf.for %{{.*}} = %c0 to %c7 step %c1 iter_args(%[[S:.*]] = %{{.*}}) -> (f32) {
// CHECK:   nvvm.convert.f8x2.to.f16x2 %{{.*}} : vector<2xi8>(f8E4M3FN) -> vector<2xf16>
// CHECK:   arith.extf %{{.*}} : f16 to f32
// CHECK:   nvvm.convert.f8x2.to.f16x2 %{{.*}} : vector<2xi8>(f8E5M2) -> vector<2xf16>
// CHECK:   arith.extf %{{.*}} : f16 to f32
// CHECK:   llvm.intr.fma(%{{.*}}, %{{.*}}, %[[S]]) : (f32, f32, f32) -> f32
// CHECK-NOT: tirx.gemm
// CHECK: gpu.return
gpu.func @f8_per_element(%a: !FA, %b: !FB) kernel attributes {known_block_size = array<i32: 32, 1, 1>} {
  %d = tirx.alloc : !FD
  tirx.gemm warp %d, %a, %b, %d : !FD, !FA, !FB, !FD
  tirx.gemm_wait warp {pending = 0}
  gpu.return
}
}
