// RUN: tile-opt %s --convert-cuda-tile-to-tirx=chip=sm_90a | FileCheck %s
// RUN: tile-translate --cuda-tile-to-ptx --chip=sm_90a %s | FileCheck %s --check-prefix=PTX

// `occupancy` N is lowered where the registers per thread it leaves
// (65536 / (N x threads)) would not hold the accumulators of the tensor-core
// products that are live together plus 32 registers: ptxas would fail on
// the instruction that holds them.

// Two 256x64 f32 products in one block on 256 threads: 128 accumulator
// registers per thread. occupancy = 4 leaves 64 registers, 2 leaves 128:
// both are lowered to 1 (255 registers).
// CHECK-LABEL: gpu.func @too_many
// CHECK-SAME: nvvm.minctasm = 1 : i32
// CHECK-LABEL: gpu.func @two_too_many
// CHECK-SAME: nvvm.minctasm = 1 : i32
// One 128x64 product on 128 threads: 64 registers; occupancy = 2 leaves 256
// and is kept, 4 leaves 128 and is kept (64 + 32 fit), 8 leaves 64 and
// becomes 5 (65536 / (128 x 96)).
// CHECK-LABEL: gpu.func @fits
// CHECK-SAME: nvvm.minctasm = 2 : i32
// CHECK-LABEL: gpu.func @fits_at_four
// CHECK-SAME: nvvm.minctasm = 4 : i32
// CHECK-LABEL: gpu.func @lowered_to_five
// CHECK-SAME: nvvm.minctasm = 5 : i32

// PTX-LABEL: .entry too_many(
// PTX: .minnctapersm 1
// PTX-LABEL: .entry lowered_to_five(
// PTX: .minnctapersm 5
cuda_tile.module @k {
  entry @too_many(%a: tile<ptr<f16>>, %c: tile<ptr<f32>>) optimization_hints=<sm_90 = {num_worker_warps_per_cta = 8, occupancy = 4}> {
    %ta = make_tensor_view %a, shape = [256, 64], strides = [64, 1] : tensor_view<256x64xf16, strides=[64,1]>
    %pa = make_partition_view %ta : partition_view<tile=(256x64), tensor_view<256x64xf16, strides=[64,1]>>
    %pk = make_partition_view %ta : partition_view<tile=(64x64), tensor_view<256x64xf16, strides=[64,1]>>
    %c0 = constant <i32: 0> : tile<i32>
    %q, %t0 = load_view_tko weak %pa[%c0, %c0] : partition_view<tile=(256x64), tensor_view<256x64xf16, strides=[64,1]>>, tile<i32> -> tile<256x64xf16>, token
    %k, %t1 = load_view_tko weak %pk[%c0, %c0] : partition_view<tile=(64x64), tensor_view<256x64xf16, strides=[64,1]>>, tile<i32> -> tile<64x64xf16>, token
    %z = constant <f32: 0.0> : tile<256x64xf32>
    %s = mmaf %q, %k, %z : tile<256x64xf16>, tile<64x64xf16>, tile<256x64xf32>
    %p = ftof %s : tile<256x64xf32> -> tile<256x64xf16>
    %o = mmaf %p, %k, %z : tile<256x64xf16>, tile<64x64xf16>, tile<256x64xf32>
    %tc = make_tensor_view %c, shape = [256, 64], strides = [64, 1] : tensor_view<256x64xf32, strides=[64,1]>
    %pc = make_partition_view %tc : partition_view<tile=(256x64), tensor_view<256x64xf32, strides=[64,1]>>
    %t2 = store_view_tko weak %o, %pc[%c0, %c0] : tile<256x64xf32>, partition_view<tile=(256x64), tensor_view<256x64xf32, strides=[64,1]>>, tile<i32> -> token
    return
  }
  entry @two_too_many(%a: tile<ptr<f16>>, %c: tile<ptr<f32>>) optimization_hints=<sm_90 = {num_worker_warps_per_cta = 8, occupancy = 2}> {
    %ta = make_tensor_view %a, shape = [256, 64], strides = [64, 1] : tensor_view<256x64xf16, strides=[64,1]>
    %pa = make_partition_view %ta : partition_view<tile=(256x64), tensor_view<256x64xf16, strides=[64,1]>>
    %pk = make_partition_view %ta : partition_view<tile=(64x64), tensor_view<256x64xf16, strides=[64,1]>>
    %c0 = constant <i32: 0> : tile<i32>
    %q, %t0 = load_view_tko weak %pa[%c0, %c0] : partition_view<tile=(256x64), tensor_view<256x64xf16, strides=[64,1]>>, tile<i32> -> tile<256x64xf16>, token
    %k, %t1 = load_view_tko weak %pk[%c0, %c0] : partition_view<tile=(64x64), tensor_view<256x64xf16, strides=[64,1]>>, tile<i32> -> tile<64x64xf16>, token
    %z = constant <f32: 0.0> : tile<256x64xf32>
    %s = mmaf %q, %k, %z : tile<256x64xf16>, tile<64x64xf16>, tile<256x64xf32>
    %p = ftof %s : tile<256x64xf32> -> tile<256x64xf16>
    %o = mmaf %p, %k, %z : tile<256x64xf16>, tile<64x64xf16>, tile<256x64xf32>
    %tc = make_tensor_view %c, shape = [256, 64], strides = [64, 1] : tensor_view<256x64xf32, strides=[64,1]>
    %pc = make_partition_view %tc : partition_view<tile=(256x64), tensor_view<256x64xf32, strides=[64,1]>>
    %t2 = store_view_tko weak %o, %pc[%c0, %c0] : tile<256x64xf32>, partition_view<tile=(256x64), tensor_view<256x64xf32, strides=[64,1]>>, tile<i32> -> token
    return
  }
  entry @fits(%a: tile<ptr<f16>>, %c: tile<ptr<f32>>) optimization_hints=<sm_90 = {num_worker_warps_per_cta = 4, occupancy = 2}> {
    %ta = make_tensor_view %a, shape = [128, 64], strides = [64, 1] : tensor_view<128x64xf16, strides=[64,1]>
    %pa = make_partition_view %ta : partition_view<tile=(128x64), tensor_view<128x64xf16, strides=[64,1]>>
    %pk = make_partition_view %ta : partition_view<tile=(64x64), tensor_view<128x64xf16, strides=[64,1]>>
    %c0 = constant <i32: 0> : tile<i32>
    %q, %t0 = load_view_tko weak %pa[%c0, %c0] : partition_view<tile=(128x64), tensor_view<128x64xf16, strides=[64,1]>>, tile<i32> -> tile<128x64xf16>, token
    %k, %t1 = load_view_tko weak %pk[%c0, %c0] : partition_view<tile=(64x64), tensor_view<128x64xf16, strides=[64,1]>>, tile<i32> -> tile<64x64xf16>, token
    %z = constant <f32: 0.0> : tile<128x64xf32>
    %s = mmaf %q, %k, %z : tile<128x64xf16>, tile<64x64xf16>, tile<128x64xf32>
    %tc = make_tensor_view %c, shape = [128, 64], strides = [64, 1] : tensor_view<128x64xf32, strides=[64,1]>
    %pc = make_partition_view %tc : partition_view<tile=(128x64), tensor_view<128x64xf32, strides=[64,1]>>
    %t2 = store_view_tko weak %s, %pc[%c0, %c0] : tile<128x64xf32>, partition_view<tile=(128x64), tensor_view<128x64xf32, strides=[64,1]>>, tile<i32> -> token
    return
  }
  entry @fits_at_four(%a: tile<ptr<f16>>, %c: tile<ptr<f32>>) optimization_hints=<sm_90 = {num_worker_warps_per_cta = 4, occupancy = 4}> {
    %ta = make_tensor_view %a, shape = [128, 64], strides = [64, 1] : tensor_view<128x64xf16, strides=[64,1]>
    %pa = make_partition_view %ta : partition_view<tile=(128x64), tensor_view<128x64xf16, strides=[64,1]>>
    %pk = make_partition_view %ta : partition_view<tile=(64x64), tensor_view<128x64xf16, strides=[64,1]>>
    %c0 = constant <i32: 0> : tile<i32>
    %q, %t0 = load_view_tko weak %pa[%c0, %c0] : partition_view<tile=(128x64), tensor_view<128x64xf16, strides=[64,1]>>, tile<i32> -> tile<128x64xf16>, token
    %k, %t1 = load_view_tko weak %pk[%c0, %c0] : partition_view<tile=(64x64), tensor_view<128x64xf16, strides=[64,1]>>, tile<i32> -> tile<64x64xf16>, token
    %z = constant <f32: 0.0> : tile<128x64xf32>
    %s = mmaf %q, %k, %z : tile<128x64xf16>, tile<64x64xf16>, tile<128x64xf32>
    %tc = make_tensor_view %c, shape = [128, 64], strides = [64, 1] : tensor_view<128x64xf32, strides=[64,1]>
    %pc = make_partition_view %tc : partition_view<tile=(128x64), tensor_view<128x64xf32, strides=[64,1]>>
    %t2 = store_view_tko weak %s, %pc[%c0, %c0] : tile<128x64xf32>, partition_view<tile=(128x64), tensor_view<128x64xf32, strides=[64,1]>>, tile<i32> -> token
    return
  }
  entry @lowered_to_five(%a: tile<ptr<f16>>, %c: tile<ptr<f32>>) optimization_hints=<sm_90 = {num_worker_warps_per_cta = 4, occupancy = 8}> {
    %ta = make_tensor_view %a, shape = [128, 64], strides = [64, 1] : tensor_view<128x64xf16, strides=[64,1]>
    %pa = make_partition_view %ta : partition_view<tile=(128x64), tensor_view<128x64xf16, strides=[64,1]>>
    %pk = make_partition_view %ta : partition_view<tile=(64x64), tensor_view<128x64xf16, strides=[64,1]>>
    %c0 = constant <i32: 0> : tile<i32>
    %q, %t0 = load_view_tko weak %pa[%c0, %c0] : partition_view<tile=(128x64), tensor_view<128x64xf16, strides=[64,1]>>, tile<i32> -> tile<128x64xf16>, token
    %k, %t1 = load_view_tko weak %pk[%c0, %c0] : partition_view<tile=(64x64), tensor_view<128x64xf16, strides=[64,1]>>, tile<i32> -> tile<64x64xf16>, token
    %z = constant <f32: 0.0> : tile<128x64xf32>
    %s = mmaf %q, %k, %z : tile<128x64xf16>, tile<64x64xf16>, tile<128x64xf32>
    %tc = make_tensor_view %c, shape = [128, 64], strides = [64, 1] : tensor_view<128x64xf32, strides=[64,1]>
    %pc = make_partition_view %tc : partition_view<tile=(128x64), tensor_view<128x64xf32, strides=[64,1]>>
    %t2 = store_view_tko weak %s, %pc[%c0, %c0] : tile<128x64xf32>, partition_view<tile=(128x64), tensor_view<128x64xf32, strides=[64,1]>>, tile<i32> -> token
    return
  }
}
