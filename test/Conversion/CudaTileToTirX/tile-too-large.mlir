// RUN: tile-opt %s --convert-cuda-tile-to-tirx -split-input-file -verify-diagnostics
// RUN: tile-opt %s --convert-cuda-tile-to-tirx=num-threads=1024 -split-input-file | FileCheck %s

// A tile of more than 16384 elements per thread is rejected, at the op that
// makes it, before anything is lowered (compiling it would take minutes and
// gigabytes, every element unrolled into registers that spill). With more
// threads the same tile fits.

// CHECK-LABEL: gpu.func @large
cuda_tile.module @m {
  entry @large(%a: tile<ptr<f32>>) {
    %va = make_tensor_view %a, shape = [4096, 4096], strides = [4096, 1] : tensor_view<4096x4096xf32, strides=[4096,1]>
    %pa = make_partition_view %va : partition_view<tile=(4096x4096), tensor_view<4096x4096xf32, strides=[4096,1]>>
    %c0 = constant <i32: 0> : tile<i32>
    // expected-error @below {{result '!cuda_tile.tile<4096x4096xf32>' holds 65536 elements per thread of the 256-thread CTA; TileIR keeps tiles in registers and supports at most 16384 per thread}}
    %t, %tok = load_view_tko weak %pa[%c0, %c0] : partition_view<tile=(4096x4096), tensor_view<4096x4096xf32, strides=[4096,1]>>, tile<i32> -> tile<4096x4096xf32>, token
    %tok2 = store_view_tko weak %t, %pa[%c0, %c0] : tile<4096x4096xf32>, partition_view<tile=(4096x4096), tensor_view<4096x4096xf32, strides=[4096,1]>>, tile<i32> -> token
    return
  }
}
