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

// Directed roundings exist for f32 and f64 only (PTX rounds f16/bf16
// arithmetic to nearest even).
cuda_tile.module @k {
  entry @rounding_f16(%a: tile<f16>) {
    // expected-error@+1 {{'cuda_tile.addf' op with rounding<zero> expects f32 or f64 (PTX rounds f16/bf16 arithmetic to nearest even only), got 'f16'}}
    %c = addf %a, %a rounding<zero> : tile<f16>
    return
  }
}

// -----

cuda_tile.module @k {
  entry @fma_rounding_bf16(%a: tile<bf16>) {
    // expected-error@+1 {{'cuda_tile.fma' op with rounding<positive_inf> expects f32 or f64 (PTX rounds f16/bf16 arithmetic to nearest even only), got 'bf16'}}
    %c = fma %a, %a, %a rounding<positive_inf> : tile<bf16>
    return
  }
}

// -----

cuda_tile.module @k {
  entry @sqrt_rounding_f16(%a: tile<f16>) {
    // expected-error@+1 {{'cuda_tile.sqrt' op with rounding<negative_inf> expects f32 or f64, got 'f16'}}
    %c = sqrt %a rounding<negative_inf> : tile<f16>
    return
  }
}

// -----

cuda_tile.module @k {
  entry @tf32(%a: tile<f32>) {
    // expected-error@+1 {{'cuda_tile.ftof' op expects no tf32 elements (tf32 is not supported by elementwise ops yet), got '!cuda_tile.tile<tf32>'}}
    %c = ftof %a : tile<f32> -> tile<tf32>
    return
  }
}

// -----

cuda_tile.module @k {
  entry @pack_tf32() {
    %x = constant <tf32: 1.0> : tile<64xtf32>
    // expected-error@+1 {{'cuda_tile.pack' op expects no tf32 elements (tf32 has no register form yet), got '!cuda_tile.tile<64xtf32>'}}
    %p = pack %x : tile<64xtf32> -> tile<256xi8>
    return
  }
}

// -----

cuda_tile.module @k {
  entry @reduce_body() {
    %i = iota : tile<512xi32>
    %r = reshape %i : tile<512xi32> -> tile<4x128xi32>
    // expected-error@+1 {{'cuda_tile.reduce' op with a 'cuda_tile.muli' body is not supported yet}}
    %p = reduce %r dim=1 identities=[1 : i32] : tile<4x128xi32> -> tile<4xi32>
    (%a: tile<i32>, %b: tile<i32>) {
      %m = muli %a, %b : tile<i32>
      yield %m : tile<i32>
    }
    return
  }
}

// -----

cuda_tile.module @k {
  entry @reduce_two_ops() {
    %i = iota : tile<512xi32>
    %r = reshape %i : tile<512xi32> -> tile<4x128xi32>
    // expected-error@+1 {{'cuda_tile.reduce' op with a body of more than one op is not supported yet}}
    %p = reduce %r dim=1 identities=[0 : i32] : tile<4x128xi32> -> tile<4xi32>
    (%a: tile<i32>, %b: tile<i32>) {
      %m = addi %a, %b : tile<i32>
      %n = addi %m, %b : tile<i32>
      yield %n : tile<i32>
    }
    return
  }
}

// -----

cuda_tile.module @k {
  entry @reduce_to_scalar() {
    %i = iota : tile<128xi32>
    // expected-error@+1 {{'cuda_tile.reduce' op to a rank-0 tile is not supported yet}}
    %s = reduce %i dim=0 identities=[0 : i32] : tile<128xi32> -> tile<i32>
    (%a: tile<i32>, %b: tile<i32>) {
      %m = addi %a, %b : tile<i32>
      yield %m : tile<i32>
    }
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

// -----

cuda_tile.module @k {
  entry @f4(%a: tile<f32>) {
    %r = reshape %a : tile<f32> -> tile<1xf32>
    %b = broadcast %r : tile<1xf32> -> tile<2xf32>
    // expected-error@+1 {{'cuda_tile.ftof' op expects no f4E2M1FN elements (f4 is not supported by elementwise ops yet), got '!cuda_tile.tile<2xf4E2M1FN>'}}
    %c = ftof %b : tile<2xf32> -> tile<2xf4E2M1FN>
    return
  }
}
