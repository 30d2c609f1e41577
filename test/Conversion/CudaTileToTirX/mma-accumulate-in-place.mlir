// RUN: tile-opt %s --convert-cuda-tile-to-tirx=chip=sm_90a | FileCheck %s

// A product accumulates into its accumulator operand's buffer when nothing
// else reads it: a value computed just before the product and used only by
// it (attention's rescaled output). Otherwise the accumulator is copied
// first (tirx.add of zero): a value used again after the product, or one
// defined outside the loop the product runs in.

// CHECK-LABEL: gpu.func @fresh
// CHECK: tirx.map
// CHECK-NOT: tirx.add
// CHECK: tirx.gemm warpgroup
// CHECK-LABEL: gpu.func @used_again
// CHECK: tirx.add
// CHECK: tirx.gemm warpgroup
// CHECK-LABEL: gpu.func @outside_loop
// CHECK: scf.for
// CHECK: tirx.add
// CHECK: tirx.gemm warpgroup
cuda_tile.module @k {
  entry @fresh(%pa: tile<ptr<f16>>, %pc: tile<ptr<f32>>) {
    %ta = make_tensor_view %pa, shape = [64, 64], strides = [64, 1] : tensor_view<64x64xf16, strides=[64,1]>
    %tc = make_tensor_view %pc, shape = [64, 64], strides = [64, 1] : tensor_view<64x64xf32, strides=[64,1]>
    %va = make_partition_view %ta : partition_view<tile=(64x64), tensor_view<64x64xf16, strides=[64,1]>>
    %vc = make_partition_view %tc : partition_view<tile=(64x64), tensor_view<64x64xf32, strides=[64,1]>>
    %c0 = constant <i32: 0> : tile<i32>
    %a, %t0 = load_view_tko weak %va[%c0, %c0] : partition_view<tile=(64x64), tensor_view<64x64xf16, strides=[64,1]>>, tile<i32> -> tile<64x64xf16>, token
    %c, %t1 = load_view_tko weak %vc[%c0, %c0] : partition_view<tile=(64x64), tensor_view<64x64xf32, strides=[64,1]>>, tile<i32> -> tile<64x64xf32>, token
    %s = mulf %c, %c rounding<nearest_even> : tile<64x64xf32>
    %d = mmaf %a, %a, %s : tile<64x64xf16>, tile<64x64xf16>, tile<64x64xf32>
    %t2 = store_view_tko weak %d, %vc[%c0, %c0] : tile<64x64xf32>, partition_view<tile=(64x64), tensor_view<64x64xf32, strides=[64,1]>>, tile<i32> -> token
    return
  }
  entry @used_again(%pa: tile<ptr<f16>>, %pc: tile<ptr<f32>>) {
    %ta = make_tensor_view %pa, shape = [64, 64], strides = [64, 1] : tensor_view<64x64xf16, strides=[64,1]>
    %tc = make_tensor_view %pc, shape = [64, 64], strides = [64, 1] : tensor_view<64x64xf32, strides=[64,1]>
    %va = make_partition_view %ta : partition_view<tile=(64x64), tensor_view<64x64xf16, strides=[64,1]>>
    %vc = make_partition_view %tc : partition_view<tile=(64x64), tensor_view<64x64xf32, strides=[64,1]>>
    %c0 = constant <i32: 0> : tile<i32>
    %a, %t0 = load_view_tko weak %va[%c0, %c0] : partition_view<tile=(64x64), tensor_view<64x64xf16, strides=[64,1]>>, tile<i32> -> tile<64x64xf16>, token
    %c, %t1 = load_view_tko weak %vc[%c0, %c0] : partition_view<tile=(64x64), tensor_view<64x64xf32, strides=[64,1]>>, tile<i32> -> tile<64x64xf32>, token
    %s = mulf %c, %c rounding<nearest_even> : tile<64x64xf32>
    %d = mmaf %a, %a, %s : tile<64x64xf16>, tile<64x64xf16>, tile<64x64xf32>
    %e = addf %d, %s rounding<nearest_even> : tile<64x64xf32>
    %t2 = store_view_tko weak %e, %vc[%c0, %c0] : tile<64x64xf32>, partition_view<tile=(64x64), tensor_view<64x64xf32, strides=[64,1]>>, tile<i32> -> token
    return
  }
  entry @outside_loop(%pa: tile<ptr<f16>>, %pc: tile<ptr<f32>>, %n: tile<i32>) {
    %ta = make_tensor_view %pa, shape = [64, 64], strides = [64, 1] : tensor_view<64x64xf16, strides=[64,1]>
    %tc = make_tensor_view %pc, shape = [64, 64], strides = [64, 1] : tensor_view<64x64xf32, strides=[64,1]>
    %va = make_partition_view %ta : partition_view<tile=(64x64), tensor_view<64x64xf16, strides=[64,1]>>
    %vc = make_partition_view %tc : partition_view<tile=(64x64), tensor_view<64x64xf32, strides=[64,1]>>
    %c0 = constant <i32: 0> : tile<i32>
    %c1 = constant <i32: 1> : tile<i32>
    %a, %t0 = load_view_tko weak %va[%c0, %c0] : partition_view<tile=(64x64), tensor_view<64x64xf16, strides=[64,1]>>, tile<i32> -> tile<64x64xf16>, token
    %c, %t1 = load_view_tko weak %vc[%c0, %c0] : partition_view<tile=(64x64), tensor_view<64x64xf32, strides=[64,1]>>, tile<i32> -> tile<64x64xf32>, token
    %s = mulf %c, %c rounding<nearest_even> : tile<64x64xf32>
    %r, %m = for %i in (%c0 to %n, step %c1) : tile<i32> iter_values(%o = %c, %k = %c0) -> (tile<64x64xf32>, tile<i32>) {
      %d = mmaf %a, %a, %s : tile<64x64xf16>, tile<64x64xf16>, tile<64x64xf32>
      %o2 = addf %o, %d rounding<nearest_even> : tile<64x64xf32>
      %k2 = addi %k, %c1 : tile<i32>
      continue %o2, %k2 : tile<64x64xf32>, tile<i32>
    }
    %t2 = store_view_tko weak %r, %vc[%c0, %c0] : tile<64x64xf32>, partition_view<tile=(64x64), tensor_view<64x64xf32, strides=[64,1]>>, tile<i32> -> token
    return
  }
}
