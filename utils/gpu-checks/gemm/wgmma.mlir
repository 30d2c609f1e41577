// GPU check kernel for the wgmma variant of tirx.gemm (one warpgroup,
// sm_90a): D (64 x 128, f32) = A (64 x 64, bf16) * B^T (B given as 128 x 64,
// N x K). A and B are copied from global to shared memory with K-major
// no-swizzle wgmma layouts (tirx.copy global -> shared).
// Compile: tile-translate --cuda-tile-to-ptx --chip=sm_90a wgmma.mlir

!SA = !tirx.buffer<64x64xbf16, shared, #tirx.layout<S[(8,8,8,8):(512,8,64,1)]>>
!SB = !tirx.buffer<128x64xbf16, shared, #tirx.layout<S[(16,8,8,8):(512,8,64,1)]>>
!D = !tirx.buffer<64x128xf32, local, #tirx.layout<S[(4,2,8,16,4,2):(1@wid_in_wg,2,4@laneid,4,1@laneid,1)]>>
!DX = !tirx.buffer<64x128xf32, local, #tirx.layout<S[(4,2,8,16,4,2):(32@tx,2,4@tx,4,1@tx,1)]>>
!GA = !tirx.buffer<64x64xbf16, global>
!GB = !tirx.buffer<128x64xbf16, global>
!GD = !tirx.buffer<64x128xf32, global>

gpu.module @wgmma {
  gpu.func @wgmma_64x128x64(%pa: !llvm.ptr<1>, %pb: !llvm.ptr<1>, %pd: !llvm.ptr<1>) kernel attributes {known_block_size = array<i32: 128, 1, 1>} {
    %ga = tirx.global_view %pa sizes [64, 64] strides [64, 1] {alignment = 16 : i64} : !llvm.ptr<1> -> !GA
    %ra = tirx.region %ga [0, 0] : !GA -> !GA
    %gb = tirx.global_view %pb sizes [128, 64] strides [64, 1] {alignment = 16 : i64} : !llvm.ptr<1> -> !GB
    %rb = tirx.region %gb [0, 0] : !GB -> !GB
    %gd = tirx.global_view %pd sizes [64, 128] strides [128, 1] {alignment = 16 : i64} : !llvm.ptr<1> -> !GD
    %rd = tirx.region %gd [0, 0] : !GD -> !GD
    %a = tirx.alloc : !SA
    %b = tirx.alloc : !SB
    tirx.copy cta %a, %ra : !SA, !GA
    tirx.copy cta %b, %rb : !SB, !GB
    tirx.barrier cta
    %d = tirx.alloc : !D
    tirx.gemm warpgroup %d, %a, %b, %d {transpose_b} : !D, !SA, !SB, !D
    %dx = tirx.view %d : !D -> !DX
    tirx.copy cta %rd, %dx : !GD, !DX
    gpu.return
  }
}
