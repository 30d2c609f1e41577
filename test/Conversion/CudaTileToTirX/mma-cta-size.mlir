// RUN: tile-opt %s --convert-cuda-tile-to-tirx=chip=sm_90a | FileCheck %s --check-prefix=WG
// RUN: tile-opt %s --convert-cuda-tile-to-tirx=chip=sm_90 | FileCheck %s --check-prefix=SYNC

// The CTA size on wgmma targets: one warpgroup per 64 rows and 256 columns
// of the kernel's largest product (docs/Matmul.md, "CTA size"), where the
// tiles alone would give more threads; not where a tile would then hold
// more than 16384 elements per thread (the 2048 x 2048 tile over 128
// threads), and not on mma.sync targets.

// WG-LABEL: gpu.func @product_64x64
// WG-SAME: known_block_size = array<i32: 128, 1, 1>
// WG-LABEL: gpu.func @product_128x256
// WG-SAME: known_block_size = array<i32: 256, 1, 1>
// WG-LABEL: gpu.func @product_with_large_tile
// WG-SAME: known_block_size = array<i32: 256, 1, 1>
// SYNC-LABEL: gpu.func @product_64x64
// SYNC-SAME: known_block_size = array<i32: 256, 1, 1>

cuda_tile.module @kernels {
  entry @product_64x64(%p: tile<ptr<f32>>) {
    %a = constant <f16: 1.0> : tile<64x16xf16>
    %b = constant <f16: 1.0> : tile<16x64xf16>
    %c = constant <f32: 0.0> : tile<64x64xf32>
    %d = mmaf %a, %b, %c : tile<64x16xf16>, tile<16x64xf16>, tile<64x64xf32>
    %t = make_tensor_view %p, shape = [64, 64], strides = [64, 1] : tensor_view<64x64xf32, strides=[64,1]>
    %v = make_partition_view %t : partition_view<tile=(64x64), tensor_view<64x64xf32, strides=[64,1]>>
    %c0 = constant <i32: 0> : tile<i32>
    %tok = store_view_tko weak %d, %v[%c0, %c0] : tile<64x64xf32>, partition_view<tile=(64x64), tensor_view<64x64xf32, strides=[64,1]>>, tile<i32> -> token
    return
  }

  entry @product_128x256(%p: tile<ptr<f32>>) {
    %a = constant <f16: 1.0> : tile<128x16xf16>
    %b = constant <f16: 1.0> : tile<16x256xf16>
    %c = constant <f32: 0.0> : tile<128x256xf32>
    %d = mmaf %a, %b, %c : tile<128x16xf16>, tile<16x256xf16>, tile<128x256xf32>
    %t = make_tensor_view %p, shape = [128, 256], strides = [256, 1] : tensor_view<128x256xf32, strides=[256,1]>
    %v = make_partition_view %t : partition_view<tile=(128x256), tensor_view<128x256xf32, strides=[256,1]>>
    %c0 = constant <i32: 0> : tile<i32>
    %tok = store_view_tko weak %d, %v[%c0, %c0] : tile<128x256xf32>, partition_view<tile=(128x256), tensor_view<128x256xf32, strides=[256,1]>>, tile<i32> -> token
    return
  }

  entry @product_with_large_tile(%p: tile<ptr<f32>>) {
    %a = constant <f16: 1.0> : tile<64x16xf16>
    %b = constant <f16: 1.0> : tile<16x64xf16>
    %c = constant <f32: 0.0> : tile<64x64xf32>
    %d = mmaf %a, %b, %c : tile<64x16xf16>, tile<16x64xf16>, tile<64x64xf32>
    %big = constant <f32: 1.0> : tile<2048x2048xf32>
    %neg = negf %big : tile<2048x2048xf32>
    %t = make_tensor_view %p, shape = [2048, 2048], strides = [2048, 1] : tensor_view<2048x2048xf32, strides=[2048,1]>
    %v = make_partition_view %t : partition_view<tile=(2048x2048), tensor_view<2048x2048xf32, strides=[2048,1]>>
    %c0 = constant <i32: 0> : tile<i32>
    %tok = store_view_tko weak %neg, %v[%c0, %c0] : tile<2048x2048xf32>, partition_view<tile=(2048x2048), tensor_view<2048x2048xf32, strides=[2048,1]>>, tile<i32> -> token
    %t2 = make_tensor_view %p, shape = [64, 64], strides = [64, 1] : tensor_view<64x64xf32, strides=[64,1]>
    %v2 = make_partition_view %t2 : partition_view<tile=(64x64), tensor_view<64x64xf32, strides=[64,1]>>
    %tok2 = store_view_tko weak %d, %v2[%c0, %c0] : tile<64x64xf32>, partition_view<tile=(64x64), tensor_view<64x64xf32, strides=[64,1]>>, tile<i32> -> token
    return
  }
}
