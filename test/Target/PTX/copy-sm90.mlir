// REQUIRES: ptxas
// RUN: tile-translate --cuda-tile-to-ptx --chip=sm_90a %s -o %t.ptx
// RUN: FileCheck %s < %t.ptx
// RUN: %ptxas -arch=sm_90a %t.ptx -o /dev/null

// sm_90 data movement: TMA load completing on an mbarrier into a
// 1024-byte aligned 128B-swizzled buffer (8192 bytes, the mbarrier's 8 after
// it in the kernel's one shared array), TMA store, ldmatrix(.trans) and
// stmatrix of the mma A fragment.
// CHECK: .shared .align 1024 .b8 __wg_tma_0[8200];
// CHECK: mbarrier.init.shared.b64
// CHECK: mbarrier.arrive.expect_tx.shared.b64
// CHECK: cp.async.bulk.tensor.2d.shared::cluster.global.tile.mbarrier::complete_tx::bytes
// CHECK: mbarrier.try_wait.parity.shared.b64
// CHECK: fence.proxy.async.shared::cta;
// CHECK: cp.async.bulk.tensor.2d.global.shared::cta.tile.bulk_group
// CHECK: cp.async.bulk.commit_group;
// CHECK: cp.async.bulk.wait_group.read 0;
// CHECK: ldmatrix.sync.aligned.m8n8.x4.shared.b16
// CHECK: ldmatrix.sync.aligned.m8n8.x4.trans.shared.b16
// CHECK: stmatrix.sync.aligned.m8n8.x4.shared.b16

!SB = !tirx.buffer<64x32xf32, shared, #tirx.layout<S[64,32], swizzle = 128>>
!B = !tirx.buffer<64x32xf32, global>
!BAR = !tirx.buffer<1xi64, shared, #tirx.layout<S[1]>>
!LB = !tirx.buffer<64x32xf32, local, #tirx.layout<S[(4,16,8,4):(4,8@tx,1@tx,1)]>>
!GA = !tirx.buffer<16x16xbf16, global>
!SA = !tirx.buffer<16x16xbf16, shared, #tirx.layout<S[16,16]>>
!SAT = !tirx.buffer<16x16xbf16, shared, #tirx.layout<S[(16,16):(1,16)]>>
!LA = !tirx.buffer<16x16xbf16, local, #tirx.layout<S[(2,8,2,4,2):(2,4@laneid,4,1@laneid,1)]>>
gpu.module @m {
  gpu.func @tma(%desc: !llvm.ptr<1>, %in: !llvm.ptr<1>, %out: !llvm.ptr<1>) kernel attributes {known_block_size = array<i32: 128, 1, 1>} {
    %one = arith.constant 1 : i32
    %zero = arith.constant 0 : i32
    %bytes = arith.constant 8192 : i32
    %gi = tirx.global_view %in sizes [64, 32] strides [32, 1] : !llvm.ptr<1> -> !B
    %ri = tirx.region %gi [0, 0] : !B -> !B
    %go = tirx.global_view %out sizes [64, 32] strides [32, 1] : !llvm.ptr<1> -> !B
    %ro = tirx.region %go [0, 0] : !B -> !B
    %s = tirx.alloc : !SB
    %bar = tirx.alloc : !BAR
    %tid = gpu.thread_id x
    %c0 = arith.constant 0 : index
    %first = arith.cmpi eq, %tid, %c0 : index
    scf.if %first {
      tirx.mbarrier_init %bar[0], %one : !BAR
      tirx.mbarrier_arrive_expect_tx %bar[0], %bytes : !BAR
    }
    gpu.barrier
    tirx.copy_async cta %s, %ri barrier(%bar[0] : !BAR) tensor_map(%desc : !llvm.ptr<1>) : !SB, !B
    tirx.mbarrier_wait %bar[0], %zero : !BAR
    tirx.copy_async cta %ro, %s tensor_map(%desc : !llvm.ptr<1>) : !B, !SB
    gpu.return
  }
  gpu.func @ldstmatrix(%in: !llvm.ptr<1>, %out: !llvm.ptr<1>) kernel attributes {known_block_size = array<i32: 32, 1, 1>} {
    %gi = tirx.global_view %in sizes [16, 16] strides [16, 1] {alignment = 16 : i64} : !llvm.ptr<1> -> !GA
    %ri = tirx.region %gi [0, 0] : !GA -> !GA
    %go = tirx.global_view %out sizes [16, 16] strides [16, 1] {alignment = 16 : i64} : !llvm.ptr<1> -> !GA
    %ro = tirx.region %go [0, 0] : !GA -> !GA
    %s = tirx.alloc : !SA
    %st = tirx.alloc : !SAT
    tirx.copy warp %s, %ri : !SA, !GA
    tirx.copy warp %st, %ri : !SAT, !GA
    gpu.barrier
    %a = tirx.alloc : !LA
    tirx.copy warp %a, %s : !LA, !SA
    %b = tirx.alloc : !LA
    tirx.copy warp %b, %st : !LA, !SAT
    tirx.add warp %a, %a, %b : !LA, !LA, !LA
    %s2 = tirx.alloc : !SA
    tirx.copy warp %s2, %a : !SA, !LA
    gpu.barrier
    tirx.copy warp %ro, %s2 : !GA, !SA
    gpu.return
  }
}
