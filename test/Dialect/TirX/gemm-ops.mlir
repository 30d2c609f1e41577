// RUN: tile-opt %s | tile-opt | FileCheck %s
// RUN: tile-opt %s --mlir-print-op-generic | tile-opt | FileCheck %s

// Round trip of tirx.gemm, tirx.gemm_async and tirx.gemm_wait in the custom
// and in the generic form; alpha and beta print only when not 1 and 0.

!A = !tirx.buffer<16x16xbf16, local, #tirx.layout<S[(2,8,2,4,2):(2,4@laneid,4,1@laneid,1)]>>
!B = !tirx.buffer<16x8xbf16, local, #tirx.layout<S[(2,4,2,8):(2,1@laneid,1,4@laneid)]>>
!D = !tirx.buffer<16x8xf32, local, #tirx.layout<S[(2,8,4,2):(2,4@laneid,1@laneid,1)]>>
!SA = !tirx.buffer<64x16xf8E4M3FN, shared, #tirx.layout<S[64, 16]>>
!SB = !tirx.buffer<8x16xf8E5M2, shared, #tirx.layout<S[8, 16]>>
!W = !tirx.buffer<64x8xf32, local, #tirx.layout<S[(4,2,8,4,2):(1@wid_in_wg,2,4@laneid,1@laneid,1)]>>

// CHECK-LABEL: func.func @gemm
// CHECK-SAME: (%[[A:[^:]*]]: !tirx.buffer<16x16xbf16, {{.*}}>, %[[B:[^:]*]]: !tirx.buffer<16x8xbf16, {{.*}}>, %[[D:[^:]*]]: !tirx.buffer<16x8xf32, {{.*}}>)
func.func @gemm(%a: !A, %b: !B, %d: !D) {
  // CHECK: tirx.gemm warp %[[D]], %[[A]], %[[B]], %[[D]] : !tirx.buffer<16x8xf32, local, <S[(2,8,4,2):(2,4@laneid,1@laneid,1)]>>, !tirx.buffer<16x16xbf16,
  tirx.gemm warp %d, %a, %b, %d : !D, !A, !B, !D
  // CHECK: tirx.gemm warp %[[D]], %[[A]], %[[B]], %[[D]] {alpha = 2.500000e-01 : f64, beta = 1.000000e+00 : f64, dispatch = "mma_sync", transpose_a} :
  tirx.gemm warp %d, %a, %b, %d {transpose_a, alpha = 0.25, beta = 1.0, dispatch = "mma_sync"} : !D, !A, !B, !D
  return
}

// f8 inputs of two kinds, B given as N x K.
// CHECK-LABEL: func.func @gemm_async
// CHECK-SAME: (%[[A:[^:]*]]: !tirx.buffer<64x16xf8E4M3FN, {{.*}}>, %[[B:[^:]*]]: !tirx.buffer<8x16xf8E5M2, {{.*}}>, %[[D:[^:]*]]: !tirx.buffer<64x8xf32, {{.*}}>)
func.func @gemm_async(%a: !SA, %b: !SB, %d: !W) {
  // CHECK: tirx.gemm_async warpgroup %[[D]], %[[A]], %[[B]], %[[D]] {beta = 1.000000e+00 : f64, config = {stage = 0 : i64}, transpose_b} :
  tirx.gemm_async warpgroup %d, %a, %b, %d {transpose_b, beta = 1.0, config = {stage = 0}} : !W, !SA, !SB, !W
  // CHECK: tirx.gemm_wait warpgroup {pending = 1 : i64}
  tirx.gemm_wait warpgroup {pending = 1}
  // CHECK: tirx.gemm_wait warpgroup{{$}}
  tirx.gemm_wait warpgroup
  return
}
