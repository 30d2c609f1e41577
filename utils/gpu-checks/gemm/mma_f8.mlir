// GPU check kernel for the mma_sync variant of tirx.gemm with f8 inputs
// (one warp, mma.sync m16n8k32 e4m3 x e4m3 -> f32, sm_89+).
// Compile: tile-translate --cuda-tile-to-ptx --chip=sm_90 --ptx-version=84 mma_f8.mlir

// 64 x 64 x 64, e4m3 inputs (A: M x K row-major, B: K x N row-major), in
// the m16n8k32 8-bit fragment layouts (docs/Layouts.md).
!A = !tirx.buffer<64x64xf8E4M3FN, local, #tirx.layout<S[(4,2,8,2,2,4,4):(32,4,4@laneid,16,8,1@laneid,1)]>>
!B = !tirx.buffer<64x64xf8E4M3FN, local, #tirx.layout<S[(2,2,4,4,8,8):(64,4,1@laneid,1,8,4@laneid)]>>
!D = !tirx.buffer<64x64xf32, local, #tirx.layout<S[(4,2,8,8,4,2):(32,2,4@laneid,4,1@laneid,1)]>>
!G8 = !tirx.buffer<64x64xf8E4M3FN, global>
!GF = !tirx.buffer<64x64xf32, global>

gpu.module @mma {
  gpu.func @mma_f8(%pa: !llvm.ptr<1>, %pb: !llvm.ptr<1>, %pd: !llvm.ptr<1>) kernel attributes {known_block_size = array<i32: 32, 1, 1>} {
    %ga = tirx.global_view %pa sizes [64, 64] strides [64, 1] {alignment = 16 : i64} : !llvm.ptr<1> -> !G8
    %ra = tirx.region %ga [0, 0] : !G8 -> !G8
    %gb = tirx.global_view %pb sizes [64, 64] strides [64, 1] {alignment = 16 : i64} : !llvm.ptr<1> -> !G8
    %rb = tirx.region %gb [0, 0] : !G8 -> !G8
    %gd = tirx.global_view %pd sizes [64, 64] strides [64, 1] {alignment = 16 : i64} : !llvm.ptr<1> -> !GF
    %rd = tirx.region %gd [0, 0] : !GF -> !GF
    %a = tirx.alloc : !A
    %b = tirx.alloc : !B
    %d = tirx.alloc : !D
    tirx.copy warp %a, %ra : !A, !G8
    tirx.copy warp %b, %rb : !B, !G8
    tirx.gemm warp %d, %a, %b, %d : !D, !A, !B, !D
    tirx.copy warp %rd, %d : !GF, !D
    gpu.return
  }
}
