// RUN: tile-opt %s --convert-cuda-tile-to-tirx=chip=sm_80 | FileCheck %s

// Regression test (fixed): hintedWarps (lib/Conversion/CudaTileToTirX/CudaTileToTirX.cpp) ignores
// the chip (`(void)chip;`) and takes num_worker_warps_per_cta from whichever
// entry of optimization_hints it walks last, so a hint written for another
// architecture sets the CTA size. The hint for the target chip must win,
// `default` only when there is none, and hints for other chips must be
// ignored. Today @per_chip gets 256 threads (sm_90's 8 warps) and
// @other_chip_only gets 256 instead of the 128 it would get without hints.

// CHECK-LABEL: gpu.func @per_chip
// CHECK-SAME: known_block_size = array<i32: 64, 1, 1>
// CHECK-LABEL: gpu.func @other_chip_only
// CHECK-SAME: known_block_size = array<i32: 128, 1, 1>
cuda_tile.module @k {
  entry @per_chip() optimization_hints=<sm_80 = {num_worker_warps_per_cta = 2}, sm_90 = {num_worker_warps_per_cta = 8}> {
    %i = iota : tile<1024xi32>
    return
  }
  entry @other_chip_only() optimization_hints=<sm_90 = {num_worker_warps_per_cta = 8}> {
    %i = iota : tile<1024xi32>
    return
  }
}
