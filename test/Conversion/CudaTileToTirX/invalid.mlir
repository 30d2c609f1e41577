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
