// RUN: tile-opt %s --convert-cuda-tile-to-tirx=chip=sm_80 | FileCheck %s
// RUN: tile-translate --cuda-tile-to-ptx --chip=sm_80 %s | FileCheck %s --check-prefix=PTX

// The entry hints for the target's architecture win, `default` applies only
// when there are none, and hints for other architectures are ignored:
// num_worker_warps_per_cta sets the CTA size, `occupancy` the CTAs per SM
// ptxas must fit (`.minnctapersm`).

// CHECK-LABEL: gpu.func @per_chip
// CHECK-SAME: known_block_size = array<i32: 64, 1, 1>
// CHECK-LABEL: gpu.func @other_chip_only
// CHECK-SAME: known_block_size = array<i32: 128, 1, 1>
// CHECK-NOT: nvvm.minctasm
// CHECK-LABEL: gpu.func @occupancy
// CHECK-SAME: nvvm.minctasm = 3 : i32
// CHECK-LABEL: gpu.func @occupancy_default
// CHECK-SAME: nvvm.minctasm = 2 : i32

// PTX-LABEL: .entry other_chip_only(
// PTX-NOT: .minnctapersm
// PTX-LABEL: .entry occupancy(
// PTX: .minnctapersm 3
// PTX-LABEL: .entry occupancy_default(
// PTX: .minnctapersm 2
cuda_tile.module @k {
  entry @per_chip() optimization_hints=<sm_80 = {num_worker_warps_per_cta = 2}, sm_90 = {num_worker_warps_per_cta = 8}> {
    %i = iota : tile<1024xi32>
    return
  }
  entry @other_chip_only() optimization_hints=<sm_90 = {num_worker_warps_per_cta = 8, occupancy = 4}> {
    %i = iota : tile<1024xi32>
    return
  }
  entry @occupancy() optimization_hints=<sm_80 = {occupancy = 3}, sm_90 = {occupancy = 4}> {
    %i = iota : tile<1024xi32>
    return
  }
  entry @occupancy_default() optimization_hints=<default = {occupancy = 2}> {
    %i = iota : tile<1024xi32>
    return
  }
}
