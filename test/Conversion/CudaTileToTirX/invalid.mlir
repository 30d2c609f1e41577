// RUN: tile-opt %s --convert-cuda-tile-to-tirx -split-input-file -verify-diagnostics

// What convert-cuda-tile-to-tirx does not lower yet, and bad kernels.

cuda_tile.module @k {
  entry @foreign_op() {
    // expected-error@+1 {{'arith.constant' op is not supported by convert-cuda-tile-to-tirx yet}}
    %c = arith.constant 1 : i32
    return
  }
}

// -----

cuda_tile.module @k {
  entry @non_splat() {
    // expected-error@+1 {{'cuda_tile.constant' op with non-splat values is not supported yet}}
    %c = constant <i32: [1, 2, 3, 4]> : tile<4xi32>
    return
  }
}

// -----

cuda_tile.module @k {
  // The entry verifier rejects it before the conversion sees it.
  // expected-error@+1 {{'cuda_tile.entry' op expects argument #0 to be a rank-0 tile, got '!cuda_tile.tile<4xf32>'}}
  entry @tile_argument(%a: tile<4xf32>) {
    return
  }
}

// -----

cuda_tile.module @k {
  entry @rounding(%a: tile<f32>) {
    // expected-error@+1 {{'cuda_tile.addf' op with rounding<zero> is not supported yet}}
    %c = addf %a, %a rounding<zero> : tile<f32>
    return
  }
}

// -----

cuda_tile.module @k {
  entry @div_rounding(%a: tile<f32>) {
    // approx and full divisions lower to IEEE division; directed ones do not.
    %c = divf %a, %a rounding<approx> : tile<f32>
    // expected-error@+1 {{'cuda_tile.divf' op with rounding<positive_inf> is not supported yet}}
    %d = divf %a, %a rounding<positive_inf> : tile<f32>
    return
  }
}

// -----

cuda_tile.module @k {
  entry @reshape_to_scalar(%x: tile<ptr<f32>>) {
    %tx = make_tensor_view %x, shape = [1], strides = [1] : tensor_view<1xf32, strides=[1]>
    %px = make_partition_view %tx : partition_view<tile=(1), tensor_view<1xf32, strides=[1]>>
    %c0 = constant <i32: 0> : tile<i32>
    %v, %t = load_view_tko weak %px[%c0] : partition_view<tile=(1), tensor_view<1xf32, strides=[1]>>, tile<i32> -> tile<1xf32>, token
    // expected-error@+1 {{'cuda_tile.reshape' op to a rank-0 tile from registers is not supported yet}}
    %s = reshape %v : tile<1xf32> -> tile<f32>
    return
  }
}

// -----

// A 4x1 tile keeps its rows on threads 0..3; a 4x128 tile needs the column
// threads too, which the registers of the 4x1 tile do not replicate.
cuda_tile.module @k {
  entry @broadcast_layout(%x: tile<ptr<f32>>) {
    %tx = make_tensor_view %x, shape = [4, 1], strides = [1, 1] : tensor_view<4x1xf32, strides=[1,1]>
    %px = make_partition_view %tx : partition_view<tile=(4x1), tensor_view<4x1xf32, strides=[1,1]>>
    %c0 = constant <i32: 0> : tile<i32>
    %v, %t0 = load_view_tko weak %px[%c0, %c0] : partition_view<tile=(4x1), tensor_view<4x1xf32, strides=[1,1]>>, tile<i32> -> tile<4x1xf32>, token
    // expected-error@+1 {{'cuda_tile.broadcast' op needs a layout conversion, which is not supported yet}}
    %b = broadcast %v : tile<4x1xf32> -> tile<4x128xf32>
    return
  }
}

// -----

cuda_tile.module @k {
  entry @dim_map(%x: tile<ptr<f32>>) {
    %tx = make_tensor_view %x, shape = [16, 16], strides = [16, 1] : tensor_view<16x16xf32, strides=[16,1]>
    // expected-error@+1 {{'cuda_tile.make_partition_view' op with a non-identity dim_map is not supported yet}}
    %px = make_partition_view %tx : partition_view<tile=(4x8), tensor_view<16x16xf32, strides=[16,1]>, dim_map=[1, 0]>
    return
  }
}

// -----

// expected-error@+1 {{expects a cuda_tile.module}}
module {
  func.func @not_a_kernel() {
    return
  }
}
