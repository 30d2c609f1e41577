// GPU check kernels for the mma_sync variant of tirx.gemm (one warp).
// Compile: tile-translate --cuda-tile-to-ptx --chip=sm_80 mma_sync.mlir

// 64 x 64 x 64, bf16 inputs (A: M x K row-major, B: K x N row-major).
!A = !tirx.buffer<64x64xbf16, local, #tirx.layout<S[(4,2,8,4,2,4,2):(32,2,4@laneid,8,4,1@laneid,1)]>>
!B = !tirx.buffer<64x64xbf16, local, #tirx.layout<S[(4,2,4,2,8,8):(32,2,1@laneid,1,4,4@laneid)]>>
!D = !tirx.buffer<64x64xf32, local, #tirx.layout<S[(4,2,8,8,4,2):(32,2,4@laneid,4,1@laneid,1)]>>
!GH = !tirx.buffer<64x64xbf16, global>
!GF = !tirx.buffer<64x64xf32, global>

// 32 x 16 x 32 with transpose_a (A given as K x M), transpose_b (B given as
// N x K) and beta = 1 accumulating into D loaded from C.
!AT = !tirx.buffer<32x32xbf16, local, #tirx.layout<S[(2,2,4,2,2,2,8):(8,4,1@laneid,1,16,2,4@laneid)]>>
!BT = !tirx.buffer<16x32xbf16, local, #tirx.layout<S[(2,8,2,2,4,2):(4,4@laneid,8,2,1@laneid,1)]>>
!D2 = !tirx.buffer<32x16xf32, local, #tirx.layout<S[(2,2,8,2,4,2):(8,2,4@laneid,4,1@laneid,1)]>>

gpu.module @mma {
  gpu.func @mma_64(%pa: !llvm.ptr<1>, %pb: !llvm.ptr<1>, %pd: !llvm.ptr<1>) kernel attributes {known_block_size = array<i32: 32, 1, 1>} {
    %ga = tirx.global_view %pa sizes [64, 64] strides [64, 1] {alignment = 16 : i64} : !llvm.ptr<1> -> !GH
    %ra = tirx.region %ga [0, 0] : !GH -> !GH
    %gb = tirx.global_view %pb sizes [64, 64] strides [64, 1] {alignment = 16 : i64} : !llvm.ptr<1> -> !GH
    %rb = tirx.region %gb [0, 0] : !GH -> !GH
    %gd = tirx.global_view %pd sizes [64, 64] strides [64, 1] {alignment = 16 : i64} : !llvm.ptr<1> -> !GF
    %rd = tirx.region %gd [0, 0] : !GF -> !GF
    %a = tirx.alloc : !A
    %b = tirx.alloc : !B
    %d = tirx.alloc : !D
    tirx.copy warp %a, %ra : !A, !GH
    tirx.copy warp %b, %rb : !B, !GH
    tirx.gemm warp %d, %a, %b, %d : !D, !A, !B, !D
    tirx.copy warp %rd, %d : !GF, !D
    gpu.return
  }

  gpu.func @mma_tt(%pa: !llvm.ptr<1>, %pb: !llvm.ptr<1>, %pc: !llvm.ptr<1>, %pd: !llvm.ptr<1>) kernel attributes {known_block_size = array<i32: 32, 1, 1>} {
    %ga = tirx.global_view %pa sizes [32, 32] strides [32, 1] {alignment = 16 : i64} : !llvm.ptr<1> -> !tirx.buffer<32x32xbf16, global>
    %ra = tirx.region %ga [0, 0] : !tirx.buffer<32x32xbf16, global> -> !tirx.buffer<32x32xbf16, global>
    %gb = tirx.global_view %pb sizes [16, 32] strides [32, 1] {alignment = 16 : i64} : !llvm.ptr<1> -> !tirx.buffer<16x32xbf16, global>
    %rb = tirx.region %gb [0, 0] : !tirx.buffer<16x32xbf16, global> -> !tirx.buffer<16x32xbf16, global>
    %gc = tirx.global_view %pc sizes [32, 16] strides [16, 1] {alignment = 16 : i64} : !llvm.ptr<1> -> !tirx.buffer<32x16xf32, global>
    %rc = tirx.region %gc [0, 0] : !tirx.buffer<32x16xf32, global> -> !tirx.buffer<32x16xf32, global>
    %gd = tirx.global_view %pd sizes [32, 16] strides [16, 1] {alignment = 16 : i64} : !llvm.ptr<1> -> !tirx.buffer<32x16xf32, global>
    %rd = tirx.region %gd [0, 0] : !tirx.buffer<32x16xf32, global> -> !tirx.buffer<32x16xf32, global>
    %a = tirx.alloc : !AT
    %b = tirx.alloc : !BT
    %d = tirx.alloc : !D2
    tirx.copy warp %a, %ra : !AT, !tirx.buffer<32x32xbf16, global>
    tirx.copy warp %b, %rb : !BT, !tirx.buffer<16x32xbf16, global>
    tirx.copy warp %d, %rc : !D2, !tirx.buffer<32x16xf32, global>
    tirx.gemm warp %d, %a, %b, %d {transpose_a, transpose_b, beta = 1.0} : !D2, !AT, !BT, !D2
    tirx.copy warp %rd, %d : !tirx.buffer<32x16xf32, global>, !D2
    gpu.return
  }
}
