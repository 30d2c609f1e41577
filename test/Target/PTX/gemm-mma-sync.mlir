// REQUIRES: ptxas
// RUN: tile-translate --cuda-tile-to-ptx --chip=sm_80 %s -o %t.ptx
// RUN: FileCheck %s < %t.ptx
// RUN: %ptxas -arch=sm_80 %t.ptx -o %t.cubin

// tirx.gemm through the mma_sync variant down to PTX: one
// mma.sync.m16n8k16 per atom, its A/B registers packed from the fragment
// slots the global copies filled, the f32 results stored from the C/D
// fragment (two consecutive columns per 8-byte store).

// CHECK: // tileir.kernel atom_bf16 params=(ptr,ptr,ptr) reqntid=32,1,1
// CHECK: .entry atom_bf16(
// CHECK: mma.sync.aligned.m16n8k16.row.col.f32.bf16.bf16.f32
// CHECK-NEXT: {%r[[D0:[0-9]+]], %r[[D1:[0-9]+]], %r[[D2:[0-9]+]], %r[[D3:[0-9]+]]},
// CHECK-NEXT: {%r{{[0-9]+}}, %r{{[0-9]+}}, %r{{[0-9]+}}, %r{{[0-9]+}}},
// CHECK-NEXT: {%r{{[0-9]+}}, %r{{[0-9]+}}},
// CHECK-NOT: mma.sync
// CHECK: st.global.v2.b32 [%rd[[P:[0-9]+]]], {%r[[D0]], %r[[D1]]};
// CHECK: st.global.v2.b32 [%rd[[P]]+256], {%r[[D2]], %r[[D3]]};
// CHECK: .entry two_k_f16(
// CHECK-COUNT-2: mma.sync.aligned.m16n8k16.row.col.f32.f16.f16.f32
// CHECK-NOT: mma.sync

!A = !tirx.buffer<16x16xbf16, local, #tirx.layout<S[(2,8,2,4,2):(2,4@laneid,4,1@laneid,1)]>>
!B = !tirx.buffer<16x8xbf16, local, #tirx.layout<S[(2,4,2,8):(2,1@laneid,1,4@laneid)]>>
!C = !tirx.buffer<16x8xf32, local, #tirx.layout<S[(2,8,4,2):(2,4@laneid,1@laneid,1)]>>
!AH = !tirx.buffer<16x32xf16, local, #tirx.layout<S[(2,8,2,2,4,2):(2,4@laneid,8,4,1@laneid,1)]>>
!BH = !tirx.buffer<32x8xf16, local, #tirx.layout<S[(2,2,4,2,8):(4,2,1@laneid,1,4@laneid)]>>
gpu.module @m {
  gpu.func @atom_bf16(%pa: !llvm.ptr<1>, %pb: !llvm.ptr<1>, %pd: !llvm.ptr<1>) kernel attributes {known_block_size = array<i32: 32, 1, 1>} {
    %ga = tirx.global_view %pa sizes [16, 16] strides [16, 1] {alignment = 16 : i64} : !llvm.ptr<1> -> !tirx.buffer<16x16xbf16, global>
    %ra = tirx.region %ga [0, 0] : !tirx.buffer<16x16xbf16, global> -> !tirx.buffer<16x16xbf16, global>
    %gb = tirx.global_view %pb sizes [16, 8] strides [8, 1] {alignment = 16 : i64} : !llvm.ptr<1> -> !tirx.buffer<16x8xbf16, global>
    %rb = tirx.region %gb [0, 0] : !tirx.buffer<16x8xbf16, global> -> !tirx.buffer<16x8xbf16, global>
    %gd = tirx.global_view %pd sizes [16, 8] strides [8, 1] {alignment = 16 : i64} : !llvm.ptr<1> -> !tirx.buffer<16x8xf32, global>
    %rd = tirx.region %gd [0, 0] : !tirx.buffer<16x8xf32, global> -> !tirx.buffer<16x8xf32, global>
    %a = tirx.alloc : !A
    %b = tirx.alloc : !B
    %d = tirx.alloc : !C
    tirx.copy warp %a, %ra : !A, !tirx.buffer<16x16xbf16, global>
    tirx.copy warp %b, %rb : !B, !tirx.buffer<16x8xbf16, global>
    tirx.gemm warp %d, %a, %b, %d : !C, !A, !B, !C
    tirx.copy warp %rd, %d : !tirx.buffer<16x8xf32, global>, !C
    gpu.return
  }
  gpu.func @two_k_f16(%pa: !llvm.ptr<1>, %pb: !llvm.ptr<1>, %pd: !llvm.ptr<1>) kernel attributes {known_block_size = array<i32: 32, 1, 1>} {
    %ga = tirx.global_view %pa sizes [16, 32] strides [32, 1] {alignment = 16 : i64} : !llvm.ptr<1> -> !tirx.buffer<16x32xf16, global>
    %ra = tirx.region %ga [0, 0] : !tirx.buffer<16x32xf16, global> -> !tirx.buffer<16x32xf16, global>
    %gb = tirx.global_view %pb sizes [32, 8] strides [8, 1] {alignment = 16 : i64} : !llvm.ptr<1> -> !tirx.buffer<32x8xf16, global>
    %rb = tirx.region %gb [0, 0] : !tirx.buffer<32x8xf16, global> -> !tirx.buffer<32x8xf16, global>
    %gd = tirx.global_view %pd sizes [16, 8] strides [8, 1] {alignment = 16 : i64} : !llvm.ptr<1> -> !tirx.buffer<16x8xf32, global>
    %rd = tirx.region %gd [0, 0] : !tirx.buffer<16x8xf32, global> -> !tirx.buffer<16x8xf32, global>
    %a = tirx.alloc : !AH
    %b = tirx.alloc : !BH
    %d = tirx.alloc : !C
    tirx.copy warp %a, %ra : !AH, !tirx.buffer<16x32xf16, global>
    tirx.copy warp %b, %rb : !BH, !tirx.buffer<32x8xf16, global>
    tirx.copy warp %d, %rd : !C, !tirx.buffer<16x8xf32, global>
    tirx.gemm warp %d, %a, %b, %d {beta = 1.0} : !C, !AH, !BH, !C
    tirx.copy warp %rd, %d : !tirx.buffer<16x8xf32, global>, !C
    gpu.return
  }
}
