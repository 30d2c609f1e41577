// REQUIRES: ptxas
// RUN: tile-translate --cuda-tile-to-ptx --chip=sm_90 --ptx-version=84 %s -o %t.ptx
// RUN: FileCheck %s < %t.ptx
// RUN: %ptxas -arch=sm_90 %t.ptx -o %t.cubin

// tirx.gemm with f8 inputs through the mma_sync variant down to PTX: the
// llvm.nvvm.mma.m16n8k32 intrinsic calls become mma.sync m16n8k32 with
// .e4m3/.e5m2 types, four b32 A registers, two B, four f32 C/D.

// CHECK: .version 8.4
// CHECK: // tileir.kernel atom_e4m3 params=(ptr,ptr,ptr) reqntid=32,1,1
// CHECK: .entry atom_e4m3(
// CHECK: mma.sync.aligned.m16n8k32.row.col.f32.e4m3.e4m3.f32
// CHECK-NEXT: {%r{{[0-9]+}}, %r{{[0-9]+}}, %r{{[0-9]+}}, %r{{[0-9]+}}},
// CHECK-NEXT: {%r{{[0-9]+}}, %r{{[0-9]+}}, %r{{[0-9]+}}, %r{{[0-9]+}}},
// CHECK-NEXT: {%r{{[0-9]+}}, %r{{[0-9]+}}},
// CHECK-NOT: mma.sync
// CHECK: .entry mixed_e5m2(
// CHECK-COUNT-2: mma.sync.aligned.m16n8k32.row.col.f32.e5m2.e4m3.f32
// CHECK-NOT: mma.sync

!A = !tirx.buffer<16x32xf8E4M3FN, local, #tirx.layout<S[(2,8,2,4,4):(4,4@laneid,8,1@laneid,1)]>>
!B = !tirx.buffer<32x8xf8E4M3FN, local, #tirx.layout<S[(2,4,4,8):(4,1@laneid,1,4@laneid)]>>
!C = !tirx.buffer<16x8xf32, local, #tirx.layout<S[(2,8,4,2):(2,4@laneid,1@laneid,1)]>>
!A5 = !tirx.buffer<16x64xf8E5M2, local, #tirx.layout<S[(2,8,2,2,4,4):(4,4@laneid,16,8,1@laneid,1)]>>
!B2 = !tirx.buffer<64x8xf8E4M3FN, local, #tirx.layout<S[(2,2,4,4,8):(8,4,1@laneid,1,4@laneid)]>>
!GA = !tirx.buffer<16x32xf8E4M3FN, global>
!GB = !tirx.buffer<32x8xf8E4M3FN, global>
!GA5 = !tirx.buffer<16x64xf8E5M2, global>
!GB2 = !tirx.buffer<64x8xf8E4M3FN, global>
!GD = !tirx.buffer<16x8xf32, global>
gpu.module @m {
  gpu.func @atom_e4m3(%pa: !llvm.ptr<1>, %pb: !llvm.ptr<1>, %pd: !llvm.ptr<1>) kernel attributes {known_block_size = array<i32: 32, 1, 1>} {
    %ga = tirx.global_view %pa sizes [16, 32] strides [32, 1] {alignment = 16 : i64} : !llvm.ptr<1> -> !GA
    %ra = tirx.region %ga [0, 0] : !GA -> !GA
    %gb = tirx.global_view %pb sizes [32, 8] strides [8, 1] {alignment = 16 : i64} : !llvm.ptr<1> -> !GB
    %rb = tirx.region %gb [0, 0] : !GB -> !GB
    %gd = tirx.global_view %pd sizes [16, 8] strides [8, 1] {alignment = 16 : i64} : !llvm.ptr<1> -> !GD
    %rd = tirx.region %gd [0, 0] : !GD -> !GD
    %a = tirx.alloc : !A
    %b = tirx.alloc : !B
    %d = tirx.alloc : !C
    tirx.copy warp %a, %ra : !A, !GA
    tirx.copy warp %b, %rb : !B, !GB
    tirx.gemm warp %d, %a, %b, %d : !C, !A, !B, !C
    tirx.copy warp %rd, %d : !GD, !C
    gpu.return
  }
  gpu.func @mixed_e5m2(%pa: !llvm.ptr<1>, %pb: !llvm.ptr<1>, %pd: !llvm.ptr<1>) kernel attributes {known_block_size = array<i32: 32, 1, 1>} {
    %ga = tirx.global_view %pa sizes [16, 64] strides [64, 1] {alignment = 16 : i64} : !llvm.ptr<1> -> !GA5
    %ra = tirx.region %ga [0, 0] : !GA5 -> !GA5
    %gb = tirx.global_view %pb sizes [64, 8] strides [8, 1] {alignment = 16 : i64} : !llvm.ptr<1> -> !GB2
    %rb = tirx.region %gb [0, 0] : !GB2 -> !GB2
    %gd = tirx.global_view %pd sizes [16, 8] strides [8, 1] {alignment = 16 : i64} : !llvm.ptr<1> -> !GD
    %rd = tirx.region %gd [0, 0] : !GD -> !GD
    %a = tirx.alloc : !A5
    %b = tirx.alloc : !B2
    %d = tirx.alloc : !C
    tirx.copy warp %a, %ra : !A5, !GA5
    tirx.copy warp %b, %rb : !B2, !GB2
    tirx.gemm warp %d, %a, %b, %d : !C, !A5, !B2, !C
    tirx.copy warp %rd, %d : !GD, !C
    gpu.return
  }
}
