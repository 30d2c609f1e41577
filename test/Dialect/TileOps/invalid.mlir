// RUN: tile-opt %s -split-input-file -verify-diagnostics

cuda_tile.module @m {
  entry @e() {
    %x = constant <f32: 1.0> : tile<8xf32>
    // expected-error @+1 {{'tileops.exp' op expects 1 input(s), got 2}}
    %y = tileops.exp %x, %x : tile<8xf32>, tile<8xf32> -> tile<8xf32>
    return
  }
}

// -----

cuda_tile.module @m {
  entry @e() {
    %x = constant <i32: 1> : tile<8xi32>
    // expected-error @+1 {{'tileops.exp' op expects input 0 of element type f16/bf16/f32/f8E4M3FN/f8E5M2, got 'i32'}}
    %y = tileops.exp %x : tile<8xi32> -> tile<8xi32>
    return
  }
}

// -----

cuda_tile.module @m {
  entry @e() {
    %a = constant <f32: 1.0> : tile<8x4xf32>
    %b = constant <f32: 1.0> : tile<8xf32>
    // expected-error @+1 {{'tileops.add' op expects broadcast-compatible input shapes, got [8, 4] and [8]}}
    %y = tileops.add %a, %b : tile<8x4xf32>, tile<8xf32> -> tile<8x4xf32>
    return
  }
}

// -----

cuda_tile.module @m {
  entry @e() {
    %a = constant <f32: 1.0> : tile<8x1xf32>
    %b = constant <f32: 1.0> : tile<4xf32>
    // expected-error @+1 {{'tileops.mul' op expects a result of shape [8, 4], got [8, 1]}}
    %y = tileops.mul %a, %b : tile<8x1xf32>, tile<4xf32> -> tile<8x1xf32>
    return
  }
}

// -----

cuda_tile.module @m {
  entry @e() {
    %a = constant <f32: 1.0> : tile<8xf32>
    %b = constant <f16: 1.0> : tile<8xf16>
    // expected-error @+1 {{'tileops.sub' op expects inputs of one element type, got 'f32' and 'f16'}}
    %y = tileops.sub %a, %b : tile<8xf32>, tile<8xf16> -> tile<8xf32>
    return
  }
}

// -----

cuda_tile.module @m {
  entry @e() {
    %a = constant <f32: 1.0> : tile<8xf32>
    // expected-error @+1 {{'tileops.eq' op expects result element type i1, got 'f32'}}
    %y = tileops.eq %a, %a : tile<8xf32>, tile<8xf32> -> tile<8xf32>
    return
  }
}

// -----

cuda_tile.module @m {
  entry @e() {
    %a = constant <f32: 1.0> : tile<8xf32>
    // expected-error @+1 {{'tileops.gelu' op expects approximate = "none" or "tanh", got "erf"}}
    %y = tileops.gelu %a {approximate = "erf"} : tile<8xf32> -> tile<8xf32>
    return
  }
}

// -----

cuda_tile.module @m {
  entry @e() {
    %a = constant <f32: 1.0> : tile<8xf32>
    // expected-error @+1 {{'tileops.hardtanh' op expects min_val <= max_val, got 2.000000e+00 > 1.000000e+00}}
    %y = tileops.hardtanh %a {min_val = 2.0 : f64} : tile<8xf32> -> tile<8xf32>
    return
  }
}

// -----

cuda_tile.module @m {
  entry @e() {
    %a = constant <f32: 1.0> : tile<8xf32>
    // expected-error @+1 {{'tileops.clamp' op expects at least one of min and max}}
    %y = tileops.clamp %a : tile<8xf32> -> tile<8xf32>
    return
  }
}

// -----

cuda_tile.module @m {
  entry @e() {
    %a = constant <f32: 1.0> : tile<8x8xf32>
    // expected-error @+1 {{'tileops.silu_and_mul' op expects a result of shape [8, 4], got [8, 8]}}
    %y = tileops.silu_and_mul %a : tile<8x8xf32> -> tile<8x8xf32>
    return
  }
}

// -----

cuda_tile.module @m {
  entry @e() {
    %x = constant <f16: 1.0> : tile<8x16xf16>
    %p = constant <i32: 1> : tile<4xi32>
    // expected-error @+1 {{'tileops.rope_neox' op expects positions of shape [8] (x without its head dimension), got [4]}}
    %y = tileops.rope_neox %x, %p : tile<8x16xf16>, tile<4xi32> -> tile<8x16xf16>
    return
  }
}

// -----

cuda_tile.module @m {
  entry @e() {
    %x = constant <f16: 1.0> : tile<8x16xf16>
    %p = constant <i32: 1> : tile<8xi32>
    // expected-error @+1 {{'tileops.rope_longrope' op expects 8 rescale_factors (head_dim / 2), got 2}}
    %y = tileops.rope_longrope %x, %p {rescale_factors = array<f64: 1.0, 2.0>} : tile<8x16xf16>, tile<8xi32> -> tile<8x16xf16>
    return
  }
}

// -----

cuda_tile.module @m {
  entry @e(%s: tile<i64>) {
    %x = constant <f32: 1.0> : tile<8xf32>
    %i = constant <i32: 1> : tile<8xi32>
    // expected-error @+1 {{'tileops.dropout' op expects 0 <= p <= 1, got 1.500000e+00}}
    %y = tileops.dropout %x, %i, %s, %s {p = 1.5 : f64} : tile<8xf32>, tile<8xi32>, tile<i64>, tile<i64> -> tile<8xf32>
    return
  }
}

// -----

cuda_tile.module @m {
  entry @e() {
    %c = constant <f32: 1.0> : tile<8xf32>
    // expected-error @+1 {{'tileops.where' op expects the condition (input 0) of element type 'i1', got 'f32'}}
    %y = tileops.where %c, %c, %c : tile<8xf32>, tile<8xf32>, tile<8xf32> -> tile<8xf32>
    return
  }
}

// -----

cuda_tile.module @m {
  entry @e() {
    %a = constant <i32: 1> : tile<8xi32>
    // expected-error @+1 {{'tileops.add' op expects an integral alpha for integer inputs, got 5.000000e-01}}
    %y = tileops.add %a, %a {alpha = 0.5 : f64} : tile<8xi32>, tile<8xi32> -> tile<8xi32>
    return
  }
}

// -----

cuda_tile.module @m {
  entry @e() {
    %a = constant <f32: 1.0> : tile<8xf32>
    // expected-error @+1 {{'tileops.bitwise_and' op expects input 0 of element type i8/i16/i32/i64 or i1, got 'f32'}}
    %y = tileops.bitwise_and %a, %a : tile<8xf32>, tile<8xf32> -> tile<8xf32>
    return
  }
}

// -----

cuda_tile.module @m {
  entry @e() {
    %x = constant <f32: 1.0> : tile<8xf32>
    // expected-error @+1 {{'tileops.lt' op expects unsigned_int only with integer data (not i1), got 'f32'}}
    %y = tileops.lt %x, %x {unsigned_int} : tile<8xf32>, tile<8xf32> -> tile<8xi1>
    return
  }
}

// -----

cuda_tile.module @m {
  entry @e() {
    %x = constant <i8: 1> : tile<8xi8>
    // expected-error @+1 {{'tileops.clamp' op expects max to be an integer in [0, 255] for unsigned data, got 256.00}}
    %y = tileops.clamp %x {max = 256.0 : f64, unsigned_int} : tile<8xi8> -> tile<8xi8>
    return
  }
}

// -----

// The parameter domains each op's ODS entry checks (paramVerifier).

cuda_tile.module @m {
  entry @e() {
    %a = constant <f32: 1.0> : tile<8xf32>
    // expected-error @+1 {{'tileops.div' op expects rounding_mode = "none", "trunc" or "floor", got "ceil"}}
    %y = tileops.div %a, %a {rounding_mode = "ceil"} : tile<8xf32>, tile<8xf32> -> tile<8xf32>
    return
  }
}

// -----

cuda_tile.module @m {
  entry @e() {
    %a = constant <f32: 1.0> : tile<8xf32>
    // expected-error @+1 {{'tileops.softplus' op expects beta != 0}}
    %y = tileops.softplus %a {beta = 0.0 : f64} : tile<8xf32> -> tile<8xf32>
    return
  }
}

// -----

cuda_tile.module @m {
  entry @e() {
    %i = constant <i32: 1> : tile<16xi32>
    // expected-error @+1 {{'tileops.alibi' op expects num_heads >= 1}}
    %y = tileops.alibi %i, %i, %i {num_heads = 0 : i64} : tile<16xi32>, tile<16xi32>, tile<16xi32> -> tile<16xf16>
    return
  }
}

// -----

cuda_tile.module @m {
  entry @e() {
    %i = constant <i32: 1> : tile<16xi32>
    // expected-error @+1 {{'tileops.sinusoidal' op expects an even d_model >= 2, got 7}}
    %y = tileops.sinusoidal %i, %i {d_model = 7 : i64} : tile<16xi32>, tile<16xi32> -> tile<16xf32>
    return
  }
}

// -----

cuda_tile.module @m {
  entry @e() {
    %i = constant <i32: 1> : tile<16xi32>
    // expected-error @+1 {{'tileops.sinusoidal' op expects seq_len >= 1, got 0}}
    %y = tileops.sinusoidal %i, %i {d_model = 8 : i64, seq_len = 0 : i64} : tile<16xi32>, tile<16xi32> -> tile<16xf32>
    return
  }
}

// -----

cuda_tile.module @m {
  entry @e() {
    %x = constant <f16: 1.0> : tile<8x16xf16>
    %p = constant <i32: 1> : tile<8xi32>
    // expected-error @+1 {{'tileops.rope_yarn' op expects scale > 0}}
    %y = tileops.rope_yarn %x, %p {scale = 0.0 : f64} : tile<8x16xf16>, tile<8xi32> -> tile<8x16xf16>
    return
  }
}

// -----

cuda_tile.module @m {
  entry @e() {
    %x = constant <f16: 1.0> : tile<8x16xf16>
    %p = constant <i32: 1> : tile<8xi32>
    // expected-error @+1 {{'tileops.rope_llama31' op expects high_freq_factor > low_freq_factor}}
    %y = tileops.rope_llama31 %x, %p {high_freq_factor = 1.0 : f64} : tile<8x16xf16>, tile<8xi32> -> tile<8x16xf16>
    return
  }
}
