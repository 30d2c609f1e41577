// RUN: tile-opt %s --convert-cuda-tile-to-tirx="chip=sm_90a ptx-version=84" -split-input-file -verify-diagnostics

// What the tensor-core lowering rejects, with its reason.

cuda_tile.module @k {
  entry @scaled() {
    %a = constant <f8E5M2: 1.0> : tile<64x64xf8E5M2>
    %c = constant <f32: 0.0> : tile<64x64xf32>
    %s = constant <f8E8M0FNU: 1.0> : tile<64x2xf8E8M0FNU>
    %t = constant <f8E8M0FNU: 1.0> : tile<2x64xf8E8M0FNU>
    // expected-error@+1 {{'cuda_tile.mmaf_scaled' op is not supported on sm_90a: block-scaled MMA (f8/f4 inputs with scale factors) needs tcgen05 (sm_100a)}}
    %0 = mmaf_scaled %a, %a, %c, %s, %t : tile<64x64xf8E5M2>, tile<64x64xf8E5M2>, tile<64x64xf32>, tile<64x2xf8E8M0FNU>, tile<2x64xf8E8M0FNU>
    return
  }
}

// -----

// The pipelined K loop copies each tile as one rectangular region: a view
// whose tile dimensions walk other tensor dimensions is rejected, not read
// as if its dim_map were the identity.
cuda_tile.module @k {
  entry @kloop_dim_map(%a: tile<ptr<f16>>, %b: tile<ptr<f16>>, %kt: tile<i32>) {
    %ta = make_tensor_view %a, shape = [256, 128], strides = [128, 1] : tensor_view<256x128xf16, strides=[128,1]>
    %tb = make_tensor_view %b, shape = [128, 256], strides = [256, 1] : tensor_view<128x256xf16, strides=[256,1]>
    %pa = make_partition_view %ta : partition_view<tile=(128x32), tensor_view<256x128xf16, strides=[128,1]>, dim_map=[1, 0]>
    %pb = make_partition_view %tb : partition_view<tile=(128x32), tensor_view<128x256xf16, strides=[256,1]>>
    %c0 = constant <i32: 0> : tile<i32>
    %c1 = constant <i32: 1> : tile<i32>
    %zero = constant <f32: 0.0> : tile<128x128xf32>
    %acc = for %kk in (%c0 to %kt, step %c1) : tile<i32> iter_values(%x = %zero) -> (tile<128x128xf32>) {
      // expected-error@+1 {{'cuda_tile.load_view_tko' op in a pipelined matmul loop expects a view whose tiles are rectangular regions (identity dim_map, no gathered dimension)}}
      %va, %t0 = load_view_tko weak %pa[%c0, %kk] : partition_view<tile=(128x32), tensor_view<256x128xf16, strides=[128,1]>, dim_map=[1, 0]>, tile<i32> -> tile<128x32xf16>, token
      %vb, %t1 = load_view_tko weak %pb[%c0, %kk] : partition_view<tile=(128x32), tensor_view<128x256xf16, strides=[256,1]>>, tile<i32> -> tile<128x32xf16>, token
      %vbt = permute %vb [1, 0] : tile<128x32xf16> -> tile<32x128xf16>
      %y = mmaf %va, %vbt, %x : tile<128x32xf16>, tile<32x128xf16>, tile<128x128xf32>
      continue %y : tile<128x128xf32>
    }
    return
  }
}
// -----

// f8 -> tf32 is not lowered.
cuda_tile.module @k {
  entry @f8_to_tf32() {
    %a = constant <f8E4M3FN: 1.5> : tile<64x32xf8E4M3FN>
    // expected-error@+1 {{'cuda_tile.ftof' op to tf32 expects f16, bf16, f32 or f64 values, got 'f8E4M3FN'}}
    %0 = ftof %a : tile<64x32xf8E4M3FN> -> tile<64x32xtf32>
    return
  }
}
