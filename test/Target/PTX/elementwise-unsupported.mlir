// RUN: not tile-translate --cuda-tile-to-ptx %s -o /dev/null 2>&1 | FileCheck %s
// RUN: not tile-translate --cuda-tile-to-ptx --chip=sm_80 %s -o /dev/null 2>&1 | FileCheck %s --check-prefix=SM80

// Conversions whose hardware form the chip lacks are rejected by
// tirx-dispatch with the chip named: f8E8M0FNU needs cvt ... ue8m0x2
// (sm_100a), f8E4M3FN/f8E5M2 need sm_89.

// CHECK: error: 'tirx.map' op has no applicable variant on target 'cuda' (sm_90)
// CHECK: f8E8M0FNU conversions need cvt with ue8m0x2 (sm_100a); they are not supported on sm_90
// SM80: f8 conversions need cvt with e4m3x2/e5m2x2 (sm_89 or newer); they are not supported on sm_80
cuda_tile.module @m {
  entry @e8m0(%p: tile<ptr<f32>>) {
    %tv = make_tensor_view %p, shape = [128], strides = [1] : tensor_view<128xf32, strides=[1]>
    %pv = make_partition_view %tv : partition_view<tile=(128), tensor_view<128xf32, strides=[1]>>
    %c0 = constant <i32: 0> : tile<i32>
    %a, %t0 = load_view_tko weak %pv[%c0] : partition_view<tile=(128), tensor_view<128xf32, strides=[1]>>, tile<i32> -> tile<128xf32>, token
    %e = ftof %a : tile<128xf32> -> tile<128xf8E4M3FN>
    %f = ftof %e : tile<128xf8E4M3FN> -> tile<128xf32>
    %u = ftof %f rounding<zero> : tile<128xf32> -> tile<128xf8E8M0FNU>
    %g = ftof %u : tile<128xf8E8M0FNU> -> tile<128xf32>
    %t1 = store_view_tko weak %g, %pv[%c0] : tile<128xf32>, partition_view<tile=(128), tensor_view<128xf32, strides=[1]>>, tile<i32> -> token
    return
  }
}
