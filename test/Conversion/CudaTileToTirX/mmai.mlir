// RUN: tile-opt %s --convert-cuda-tile-to-tirx | FileCheck %s
// RUN: tile-opt %s --convert-cuda-tile-to-tirx="chip=sm_90a" | FileCheck %s

// mmai (46): the staging of mmaf (operands into shared memory, fragments
// copied per warp, one warp-scope tirx.gemm per accumulator piece) with i8
// operands and an i32 accumulator; the signedness of each operand goes to
// the gemm's config (signed_a, signed_b). Integer products take mma.sync on
// sm_90a too (no integer wgmma path).

// CHECK-LABEL: gpu.func @mmai
// CHECK-SAME: known_block_size = array<i32: 128, 1, 1>
// CHECK-DAG: %[[C3:.*]] = arith.constant 3 : i8
// CHECK-DAG: %[[C7:.*]] = arith.constant 7 : i32
// CHECK: %[[SA:.*]] = tirx.alloc : !tirx.buffer<32x32xi8, shared, <S[(32,32):(32,1)], swizzle = 32>>
// CHECK: tirx.copy cta %[[SA]], %{{.*}} : !tirx.buffer<32x32xi8, shared
// CHECK: %[[SB:.*]] = tirx.alloc : !tirx.buffer<32x16xi8, shared, <S[(32,16):(16,1)]>>
// CHECK: tirx.fill cta %[[SB]], %[[C3]]
// CHECK: gpu.barrier
// CHECK: %[[ACC:.*]] = tirx.alloc : !tirx.buffer<32x16xi32, local
// CHECK: tirx.fill cta %[[ACC]], %[[C7]]
// CHECK: %[[D:.*]] = tirx.view %[[ACC]] {{.*}} -> !tirx.buffer<16x8xi32, local
// CHECK: %[[FA:.*]] = tirx.alloc : !tirx.buffer<32x32xi8, local
// CHECK: %[[FB:.*]] = tirx.alloc : !tirx.buffer<32x16xi8, local
// CHECK: tirx.copy cta %[[FA]], %[[SA]]
// CHECK: tirx.copy cta %[[FB]], %[[SB]]
// CHECK: %[[A:.*]] = tirx.view %[[FA]] {{.*}} -> !tirx.buffer<16x32xi8, local
// CHECK: %[[B:.*]] = tirx.view %[[FB]] {{.*}} -> !tirx.buffer<32x8xi8, local
// CHECK: tirx.gemm warp %[[D]], %[[A]], %[[B]], %[[D]] {beta = 1.000000e+00 : f64, config = {signed_a = false, signed_b = true}, dispatch = "mma_sync_int"}
// CHECK-NOT: tirx.gemm
// CHECK: gpu.return

cuda_tile.module @k {
  entry @mmai() {
    %a = iota : tile<32xi8>
    %a2 = reshape %a : tile<32xi8> -> tile<1x32xi8>
    %ab = broadcast %a2 : tile<1x32xi8> -> tile<32x32xi8>
    %b = constant <i8: 3> : tile<32x16xi8>
    %c = constant <i32: 7> : tile<32x16xi32>
    %d = mmai %ab, %b, %c unsigned signed : tile<32x32xi8>, tile<32x16xi8>, tile<32x16xi32>
    return
  }
}
