// RUN: tile-opt %s --convert-cuda-tile-to-tirx -split-input-file -verify-diagnostics

// Shape ops and layout conversions: one case per diagnostic.

cuda_tile.module @m {
  entry @dense_f4(%p: tile<ptr<i8>>) {
    // expected-error @below {{'cuda_tile.constant' op with non-splat values of element type f4E2M1FN is not supported (expects whole-byte numbers)}}
    %c = constant <f4E2M1FN: [1.0, 2.0]> : tile<2xf4E2M1FN>
    return
  }
}

// -----

cuda_tile.module @m {
  entry @dynamic_extract(%p: tile<ptr<f32>>, %k: tile<i32>) {
    %i = iota : tile<128xi32>
    %p1 = reshape %p : tile<ptr<f32>> -> tile<1xptr<f32>>
    %pb = broadcast %p1 : tile<1xptr<f32>> -> tile<128xptr<f32>>
    %q = offset %pb, %i : tile<128xptr<f32>>, tile<128xi32> -> tile<128xptr<f32>>
    %v, %t = load_ptr_tko weak %q : tile<128xptr<f32>> -> tile<128xf32>, token
    // expected-error @below {{'cuda_tile.extract' op with dynamic indices over 128 blocks is not supported (at most 64)}}
    %e = extract %v[%k] : tile<128xf32> -> tile<1xf32>
    return
  }
}

// -----

cuda_tile.module @m {
  entry @big_extract(%p: tile<ptr<f32>>) {
    %tv = make_tensor_view %p, shape = [512, 128], strides = [128, 1] : tensor_view<512x128xf32, strides=[128,1]>
    %pv = make_partition_view %tv : partition_view<tile=(512x128), tensor_view<512x128xf32, strides=[128,1]>>
    %c0 = constant <i32: 0> : tile<i32>
    %v, %t0 = load_view_tko weak %pv[%c0, %c0] : partition_view<tile=(512x128), tensor_view<512x128xf32, strides=[128,1]>>, tile<i32> -> tile<512x128xf32>, token
    // expected-error @below {{'cuda_tile.extract' op needs 262144 bytes of shared memory to move the block, more than the 232448 a CTA may use on sm_90}}
    %e = extract %v[%c0, %c0] : tile<512x128xf32> -> tile<1x128xf32>
    return
  }
}
