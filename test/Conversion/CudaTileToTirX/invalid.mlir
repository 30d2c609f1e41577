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
    // ftof to and from tf32 is lowered (Mma.cpp: tf32 feeds mmaf) for
    // f16, bf16, f32 and f64 (from tf32) only.
    %c = ftof %a : tile<f32> -> tile<tf32>
    // expected-error@+1 {{'cuda_tile.ftof' op from tf32 expects an f16, bf16, f32 or f64 result, got 'f8E4M3FN'}}
    %d = ftof %c : tile<tf32> -> tile<f8E4M3FN>
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

// expected-error@+1 {{no cuda_tile.module in input}}
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
