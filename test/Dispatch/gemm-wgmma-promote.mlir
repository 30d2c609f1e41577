// RUN: tile-opt %s --split-input-file --tirx-dispatch --verify-diagnostics=only-expected | FileCheck %s

// `config = {promote_k = N}` on the wgmma variant: the products of each
// chunk of N of K form one wgmma chain from zero (scale-d = 0 on its first
// step), which is committed and waited for, then added to the f32
// accumulator registers (cuBLAS's f8 GEMM without fast accumulation: the
// tensor cores sum 128 of K, the sums are added in f32). K = 64 in steps
// of 32 (f8), chunks of 32: two chains.
!D = !tirx.buffer<64x16xf32, local, #tirx.layout<S[(4,2,8,2,4,2):(1@wid_in_wg,2,4@laneid,4,1@laneid,1)]>>
!A = !tirx.buffer<64x64xf8E4M3FN, shared, #tirx.layout<S[(8,8,4,16):(512,16,128,1)]>>
!B = !tirx.buffer<16x64xf8E4M3FN, shared, #tirx.layout<S[(2,8,4,16):(512,16,128,1)]>>

gpu.module @promote [#nvvm.target<chip = "sm_90a">] {

// Accumulating (beta = 1): the accumulator is read from C and each chain's
// sum added to it.
// CHECK-LABEL: gpu.func @promote_acc
// CHECK: nvvm.wgmma.fence.aligned
// CHECK: nvvm.wgmma.mma_async {{.*}}, <m = 64, n = 16, k = 32>, D[<f32>, <zero>], A[<e4m3>
// CHECK-NOT: nvvm.wgmma.mma_async
// CHECK: nvvm.wgmma.commit.group.sync.aligned
// CHECK: nvvm.wgmma.wait.group.sync.aligned 0
// CHECK-COUNT-8: arith.addf
// CHECK: nvvm.wgmma.fence.aligned
// CHECK: nvvm.wgmma.mma_async {{.*}}, <m = 64, n = 16, k = 32>, D[<f32>, <zero>], A[<e4m3>
// CHECK: nvvm.wgmma.commit.group.sync.aligned
// CHECK: nvvm.wgmma.wait.group.sync.aligned 0
// CHECK-COUNT-8: arith.addf
// CHECK-NOT: nvvm.wgmma.mma_async
// CHECK: gpu.return
gpu.func @promote_acc(%a: !A, %b: !B) kernel attributes {known_block_size = array<i32: 128, 1, 1>} {
  %d = tirx.alloc : !D
  tirx.gemm warpgroup %d, %a, %b, %d {transpose_b, beta = 1.0, config = {promote_k = 32}} : !D, !A, !B, !D
  gpu.return
}

// Overwriting (beta = 0): the first chain is the accumulator, the second
// is added to it.
// CHECK-LABEL: gpu.func @promote_overwrite
// CHECK-NOT: memref.load
// CHECK: nvvm.wgmma.mma_async {{.*}}D[<f32>, <zero>]
// CHECK: nvvm.wgmma.wait.group.sync.aligned 0
// CHECK-NOT: arith.addf
// CHECK: nvvm.wgmma.mma_async {{.*}}D[<f32>, <zero>]
// CHECK: nvvm.wgmma.wait.group.sync.aligned 0
// CHECK-COUNT-8: arith.addf
// CHECK: gpu.return
gpu.func @promote_overwrite(%a: !A, %b: !B) kernel attributes {known_block_size = array<i32: 128, 1, 1>} {
  %d = tirx.alloc : !D
  tirx.gemm warpgroup %d, %a, %b, %d {transpose_b, beta = 0.0, config = {promote_k = 32}} : !D, !A, !B, !D
  gpu.return
}

// One chunk (promote_k = K) still starts from zero and adds to C.
// CHECK-LABEL: gpu.func @promote_one_chunk
// CHECK: nvvm.wgmma.mma_async {{.*}}D[<f32>, <zero>]
// CHECK: nvvm.wgmma.mma_async {{.*}}D[<f32>, <one>]
// CHECK: nvvm.wgmma.wait.group.sync.aligned 0
// CHECK-COUNT-8: arith.addf
// CHECK: gpu.return
gpu.func @promote_one_chunk(%a: !A, %b: !B) kernel attributes {known_block_size = array<i32: 128, 1, 1>} {
  %d = tirx.alloc : !D
  tirx.gemm warpgroup %d, %a, %b, %d {transpose_b, beta = 1.0, config = {promote_k = 64}} : !D, !A, !B, !D
  gpu.return
}

}

// -----

// promote_k must be whole wgmma K steps (32 for f8); forced onto wgmma (the
// general per_element variant would take it).
!D = !tirx.buffer<64x16xf32, local, #tirx.layout<S[(4,2,8,2,4,2):(1@wid_in_wg,2,4@laneid,4,1@laneid,1)]>>
!A = !tirx.buffer<64x64xf8E4M3FN, shared, #tirx.layout<S[(8,8,4,16):(512,16,128,1)]>>
!B = !tirx.buffer<16x64xf8E4M3FN, shared, #tirx.layout<S[(2,8,4,16):(512,16,128,1)]>>
gpu.module @bad [#nvvm.target<chip = "sm_90a">] {
gpu.func @promote_partial_step(%a: !A, %b: !B) kernel attributes {known_block_size = array<i32: 128, 1, 1>} {
  %d = tirx.alloc : !D
  // expected-error@+2 {{has no applicable variant}}
  // expected-note@+1 {{promote_k 16 is not a multiple of the wgmma K step 32}}
  tirx.gemm warpgroup %d, %a, %b, %d {transpose_b, beta = 1.0, config = {promote_k = 16}, dispatch = "wgmma"} : !D, !A, !B, !D
  gpu.return
}
}
