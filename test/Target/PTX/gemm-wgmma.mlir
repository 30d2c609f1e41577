// REQUIRES: ptxas
// RUN: tile-translate --cuda-tile-to-ptx --chip=sm_90a %s -o %t.ptx
// RUN: FileCheck %s < %t.ptx
// RUN: %ptxas -arch=sm_90a %t.ptx -o %t.cubin

// tirx.gemm / gemm_async through the wgmma variant down to PTX (sm_90a):
// fence, one wgmma.mma_async per K step with K-major A and B (imm-trans 0),
// commit, and the wait (gemm) or none (gemm_async, then gemm_wait). Shared
// buffers are 128-byte aligned for the descriptors (A's 4096 bytes and B's
// 1024 in the kernel's one shared array).

// CHECK: .entry sync_bf16(
// CHECK: .shared .align 128 .b8 __wg_sync_bf16_0[5120];
// CHECK: fence.proxy.async.shared::cta;
// CHECK: wgmma.fence.sync.aligned;
// CHECK: wgmma.mma_async.sync.aligned.m64n16k16.f32.bf16.bf16 {%r{{[0-9]+}}, %r{{[0-9]+}}, %r{{[0-9]+}}, %r{{[0-9]+}}, %r{{[0-9]+}}, %r{{[0-9]+}}, %r{{[0-9]+}}, %r{{[0-9]+}}}, %rd{{[0-9]+}}, %rd{{[0-9]+}}, p, 1, 1, 0, 0;
// CHECK: wgmma.mma_async.sync.aligned.m64n16k16.f32.bf16.bf16
// CHECK-NOT: wgmma.mma_async
// CHECK: wgmma.commit_group.sync.aligned;
// CHECK-NEXT: wgmma.wait_group.sync.aligned 0;
// CHECK: st.global.v2.b32
// CHECK: .entry async_f8(
// CHECK: wgmma.fence.sync.aligned;
// CHECK: wgmma.mma_async.sync.aligned.m64n16k32.f32.e4m3.e5m2
// CHECK-NOT: wgmma.mma_async
// CHECK: wgmma.commit_group.sync.aligned;
// CHECK-NEXT: wgmma.wait_group.sync.aligned 0;

!D = !tirx.buffer<64x16xf32, local, #tirx.layout<S[(4,2,8,2,4,2):(1@wid_in_wg,2,4@laneid,4,1@laneid,1)]>>
!DX = !tirx.buffer<64x16xf32, local, #tirx.layout<S[(4,2,8,2,4,2):(32@tx,2,4@tx,4,1@tx,1)]>>
!A = !tirx.buffer<64x32xbf16, shared, #tirx.layout<S[(8,8,4,8):(256,8,64,1)]>>
!B = !tirx.buffer<32x16xbf16, shared, #tirx.layout<S[(4,8,2,8):(64,1,256,8)]>>
!A8 = !tirx.buffer<64x32xf8E4M3FN, shared, #tirx.layout<S[(8,8,2,16):(256,16,128,1)]>>
!B8 = !tirx.buffer<16x32xf8E5M2, shared, #tirx.layout<S[(2,8,2,16):(256,16,128,1)]>>
!G = !tirx.buffer<64x16xf32, global>
gpu.module @m {
  gpu.func @sync_bf16(%pd: !llvm.ptr<1>) kernel attributes {known_block_size = array<i32: 128, 1, 1>} {
    %gd = tirx.global_view %pd sizes [64, 16] strides [16, 1] {alignment = 16 : i64} : !llvm.ptr<1> -> !G
    %rd = tirx.region %gd [0, 0] : !G -> !G
    %a = tirx.alloc : !A
    %b = tirx.alloc : !B
    %d = tirx.alloc : !D
    tirx.gemm warpgroup %d, %a, %b, %d : !D, !A, !B, !D
    %dx = tirx.view %d : !D -> !DX
    tirx.copy cta %rd, %dx : !G, !DX
    gpu.return
  }
  gpu.func @async_f8(%pd: !llvm.ptr<1>) kernel attributes {known_block_size = array<i32: 128, 1, 1>} {
    %gd = tirx.global_view %pd sizes [64, 16] strides [16, 1] {alignment = 16 : i64} : !llvm.ptr<1> -> !G
    %rd = tirx.region %gd [0, 0] : !G -> !G
    %a = tirx.alloc : !A8
    %b = tirx.alloc : !B8
    %d = tirx.alloc : !D
    %dx = tirx.view %d : !D -> !DX
    tirx.copy cta %dx, %rd : !DX, !G
    tirx.gemm_async warpgroup %d, %a, %b, %d {transpose_b, beta = 1.0} : !D, !A8, !B8, !D
    tirx.gemm_wait warpgroup {pending = 0}
    tirx.copy cta %rd, %dx : !G, !DX
    gpu.return
  }
}
