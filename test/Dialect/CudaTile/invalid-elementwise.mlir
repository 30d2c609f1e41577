// RUN: tile-opt %s -split-input-file -verify-diagnostics
// REQUIRES: testing-ops

// Diagnostics of the integer, floating-point, math and conversion ops, of
// permute, cat and extract, and of scan.

cuda_tile.module @m {
  testing$func @divi_unsigned_floor(%a: tile<i32>) {
    // expected-error@+1 {{'cuda_tile.divi' op expects signed operands with rounding<negative_inf>, got unsigned}}
    %0 = divi %a, %a unsigned rounding<negative_inf> : tile<i32>
  }
}

// -----

cuda_tile.module @m {
  testing$func @divi_bad_rounding(%a: tile<i32>) {
    // expected-error@+1 {{'cuda_tile.divi' op expects rounding mode to be one of 'zero', 'negative_inf', 'positive_inf', got 'nearest_even'}}
    %0 = divi %a, %a signed rounding<nearest_even> : tile<i32>
  }
}

// -----

cuda_tile.module @m {
  testing$func @negi_nuw(%a: tile<i32>) {
    // expected-error@+1 {{'cuda_tile.negi' op expects overflow none, no_signed_wrap or no_wrap, got no_unsigned_wrap}}
    %0 = negi %a overflow<no_unsigned_wrap> : tile<i32>
  }
}

// -----

cuda_tile.module @m {
  testing$func @remi_float(%a: tile<f32>) {
    // expected-error@+1 {{'cuda_tile.remi' op operand #0 must be tile of i1 or i8 or i16 or i32 or i64 values, but got '!cuda_tile.tile<f32>'}}
    %0 = remi %a, %a signed : tile<f32>
  }
}

// -----

cuda_tile.module @m {
  testing$func @minf_ftz(%a: tile<f16>) {
    // expected-error@+1 {{'cuda_tile.minf' op expects f32 elements with flush_to_zero, got 'f16'}}
    %0 = minf %a, %a flush_to_zero : tile<f16>
  }
}

// -----

cuda_tile.module @m {
  testing$func @fma_rounding(%a: tile<f32>) {
    // expected-error@+1 {{'cuda_tile.fma' op expects rounding mode to be one of 'nearest_even', 'zero', 'negative_inf', 'positive_inf', got 'approx'}}
    %0 = fma %a, %a, %a rounding<approx> : tile<f32>
  }
}

// -----

cuda_tile.module @m {
  testing$func @tanh_approx_f16(%a: tile<f16>) {
    // expected-error@+1 {{'cuda_tile.tanh' op expects f32 elements with rounding<approx>, got 'f16'}}
    %0 = tanh %a rounding<approx> : tile<f16>
  }
}

// -----

cuda_tile.module @m {
  testing$func @log2_approx_f16(%a: tile<f16>) {
    // expected-error@+1 {{'cuda_tile.log2' op expects f32 elements with rounding<approx>, got 'f16'}}
    %0 = log2 %a rounding<approx> : tile<f16>
  }
}

// -----

cuda_tile.module @m {
  testing$func @sqrt_full(%a: tile<f32>) {
    // expected-error@+1 {{'cuda_tile.sqrt' op expects rounding mode to be one of 'nearest_even', 'zero', 'negative_inf', 'positive_inf', 'approx', got 'full'}}
    %0 = sqrt %a rounding<full> : tile<f32>
  }
}

// -----

cuda_tile.module @m {
  testing$func @cmpf_result(%a: tile<4xf32>) {
    // expected-error@+1 {{'cuda_tile.cmpf' op failed to verify that result is an i1 tile of the operand shape}}
    %0 = cmpf equal ordered %a, %a : tile<4xf32> -> tile<2xi1>
  }
}

// -----

cuda_tile.module @m {
  testing$func @bitcast_width(%a: tile<4xi16>) {
    // expected-error@+1 {{'cuda_tile.bitcast' op expects element types of the same bit width, got 'i16' and 'f32'}}
    %0 = bitcast %a : tile<4xi16> -> tile<4xf32>
  }
}

// -----

cuda_tile.module @m {
  testing$func @bitcast_shape(%a: tile<4xi32>) {
    // expected-error@+1 {{'cuda_tile.bitcast' op requires the same shape for all operands and results}}
    %0 = bitcast %a : tile<4xi32> -> tile<2xf32>
  }
}

// -----

cuda_tile.module @m {
  testing$func @exti_narrower(%a: tile<i16>) {
    // expected-error@+1 {{'cuda_tile.exti' op expects a wider result element type than 'i16', got 'i8'}}
    %0 = exti %a signed : tile<i16> -> tile<i8>
  }
}

// -----

cuda_tile.module @m {
  testing$func @trunci_wider(%a: tile<i16>) {
    // expected-error@+1 {{'cuda_tile.trunci' op expects a narrower result element type than 'i16', got 'i16'}}
    %0 = trunci %a : tile<i16> -> tile<i16>
  }
}

// -----

cuda_tile.module @m {
  testing$func @ftof_same(%a: tile<f32>) {
    // expected-error@+1 {{'cuda_tile.ftof' op expects different source and result element types, got 'f32'}}
    %0 = ftof %a : tile<f32> -> tile<f32>
  }
}

// -----

cuda_tile.module @m {
  testing$func @ftof_e8m0_rounding(%a: tile<2xf32>) {
    // expected-error@+1 {{'cuda_tile.ftof' op expects rounding<zero> or rounding<positive_inf> for a conversion from 'f32' to 'f8E8M0FNU', got rounding<nearest_even>}}
    %0 = ftof %a : tile<2xf32> -> tile<2xf8E8M0FNU>
  }
}

// -----

cuda_tile.module @m {
  testing$func @ftof_rounding(%a: tile<f32>) {
    // expected-error@+1 {{'cuda_tile.ftof' op expects rounding<nearest_even> or rounding<zero> for a conversion from 'f32' to 'f16', got rounding<negative_inf>}}
    %0 = ftof %a rounding<negative_inf> : tile<f32> -> tile<f16>
  }
}

// -----

cuda_tile.module @m {
  testing$func @ftof_rounding_f64_f32(%a: tile<f64>) {
    // expected-error@+1 {{'cuda_tile.ftof' op expects rounding<nearest_even>, rounding<zero>, rounding<negative_inf> or rounding<positive_inf> for a conversion from 'f64' to 'f32', got rounding<nearest_away>}}
    %0 = ftof %a rounding<nearest_away> : tile<f64> -> tile<f32>
  }
}

// -----

cuda_tile.module @m {
  testing$func @ftof_rounding_tf32(%a: tile<f32>) {
    // expected-error@+1 {{'cuda_tile.ftof' op expects rounding<nearest_even>, rounding<zero> or rounding<nearest_away> for a conversion from 'f32' to 'tf32', got rounding<positive_inf>}}
    %0 = ftof %a rounding<positive_inf> : tile<f32> -> tile<tf32>
  }
}

// -----

cuda_tile.module @m {
  testing$func @ftof_rounding_exact(%a: tile<f16>) {
    // expected-error@+1 {{'cuda_tile.ftof' op expects rounding<nearest_even>, rounding<zero>, rounding<negative_inf>, rounding<positive_inf> or rounding<nearest_away> for a conversion from 'f16' to 'f32', got rounding<approx>}}
    %0 = ftof %a rounding<approx> : tile<f16> -> tile<f32>
  }
}

// -----

cuda_tile.module @m {
  testing$func @ftof_rounding_f8(%a: tile<f32>) {
    // expected-error@+1 {{'cuda_tile.ftof' op expects rounding<nearest_even> for a conversion from 'f32' to 'f8E4M3FN', got rounding<zero>}}
    %0 = ftof %a rounding<zero> : tile<f32> -> tile<f8E4M3FN>
  }
}

// -----

cuda_tile.module @m {
  testing$func @ftoi_rounding(%a: tile<f32>) {
    // expected-error@+1 {{'cuda_tile.ftoi' op expects rounding mode to be one of 'nearest_int_to_zero', got 'zero'}}
    %0 = ftoi %a signed rounding<zero> : tile<f32> -> tile<i32>
  }
}

// -----

cuda_tile.module @m {
  testing$func @itof_e8m0(%a: tile<2xi8>) {
    // expected-error@+1 {{'cuda_tile.itof' op expects a result element type other than f8E8M0FNU, got 'f8E8M0FNU'}}
    %0 = itof %a signed : tile<2xi8> -> tile<2xf8E8M0FNU>
  }
}

// -----

cuda_tile.module @m {
  testing$func @int_to_ptr_i32(%a: tile<i32>) {
    // expected-error@+1 {{'cuda_tile.int_to_ptr' op operand #0 must be tile of i64 values, but got '!cuda_tile.tile<i32>'}}
    %0 = int_to_ptr %a : tile<i32> -> tile<ptr<i8>>
  }
}

// -----

cuda_tile.module @m {
  testing$func @pack_same_width(%a: tile<4xi8>) {
    // expected-error@+1 {{'cuda_tile.pack' op expects element types of different bit widths (use bitcast otherwise), got 'i8' and 'i8'}}
    %0 = pack %a : tile<4xi8> -> tile<4xi8>
  }
}

// -----

cuda_tile.module @m {
  testing$func @unpack_bits(%a: tile<4xi8>) {
    // expected-error@+1 {{'cuda_tile.unpack' op expects the source and the result to hold the same number of bits, got 32 and 64}}
    %0 = unpack %a : tile<4xi8> -> tile<4xi16>
  }
}

// -----

cuda_tile.module @m {
  testing$func @pack_rank(%a: tile<2x4xi4>) {
    // expected-error@+1 {{'cuda_tile.pack' op operand #0 must be 1-D tile of f16 or bf16 or f32 or tf32 or f64 or f8E4M3FN or f8E5M2 or f8E8M0FNU or f4E2M1FN or i1 or i8 or i16 or i32 or i64 or i4 values, but got '!cuda_tile.tile<2x4xi4>'}}
    %0 = pack %a : tile<2x4xi4> -> tile<4xi8>
  }
}

// -----

cuda_tile.module @m {
  testing$func @permute_rank(%a: tile<4xf32>) {
    // expected-error@+1 {{'cuda_tile.permute' op expects a source of rank 2 or more, got 1}}
    %0 = permute %a [0] : tile<4xf32> -> tile<4xf32>
  }
}

// -----

cuda_tile.module @m {
  testing$func @permute_size(%a: tile<2x4xf32>) {
    // expected-error@+1 {{'cuda_tile.permute' op expects a permutation of 2 dimensions, got [1, 0, 2]}}
    %0 = permute %a [1, 0, 2] : tile<2x4xf32> -> tile<4x2xf32>
  }
}

// -----

cuda_tile.module @m {
  testing$func @permute_duplicate(%a: tile<2x4xf32>) {
    // expected-error@+1 {{'cuda_tile.permute' op expects a permutation of [0, 2), got [1, 1]}}
    %0 = permute %a [1, 1] : tile<2x4xf32> -> tile<4x4xf32>
  }
}

// -----

cuda_tile.module @m {
  testing$func @permute_shape(%a: tile<2x4xf32>) {
    // expected-error@+1 {{'cuda_tile.permute' op expects result shape [4, 2], got [2, 4]}}
    %0 = permute %a [1, 0] : tile<2x4xf32> -> tile<2x4xf32>
  }
}

// -----

cuda_tile.module @m {
  testing$func @cat_rank(%a: tile<2x4xf32>, %b: tile<4xf32>) {
    // expected-error@+1 {{'cuda_tile.cat' op expects operands and result of the same rank, got 2, 1 and 2}}
    %0 = cat %a, %b dim = 0 : tile<2x4xf32>, tile<4xf32> -> tile<4x4xf32>
  }
}

// -----

cuda_tile.module @m {
  testing$func @cat_dim(%a: tile<2x4xf32>) {
    // expected-error@+1 {{'cuda_tile.cat' op expects dim in [0, 2), got 2}}
    %0 = cat %a, %a dim = 2 : tile<2x4xf32>, tile<2x4xf32> -> tile<4x4xf32>
  }
}

// -----

cuda_tile.module @m {
  testing$func @cat_other_dims(%a: tile<2x4xf32>, %b: tile<2x2xf32>) {
    // expected-error@+1 {{'cuda_tile.cat' op expects operand shapes to agree outside dim 0, got [2, 4] and [2, 2]}}
    %0 = cat %a, %b dim = 0 : tile<2x4xf32>, tile<2x2xf32> -> tile<4x4xf32>
  }
}

// -----

cuda_tile.module @m {
  testing$func @cat_result(%a: tile<2x4xf32>) {
    // expected-error@+1 {{'cuda_tile.cat' op expects result shape [2, 8], got [4, 4]}}
    %0 = cat %a, %a dim = 1 : tile<2x4xf32>, tile<2x4xf32> -> tile<4x4xf32>
  }
}

// -----

cuda_tile.module @m {
  testing$func @extract_rank(%a: tile<4x8xf32>, %i: tile<i32>) {
    // expected-error@+1 {{'cuda_tile.extract' op expects source and result of the same rank, got 2 and 1}}
    %0 = extract %a[%i, %i] : tile<4x8xf32> -> tile<4xf32>
  }
}

// -----

cuda_tile.module @m {
  testing$func @extract_indices(%a: tile<4x8xf32>, %i: tile<i32>) {
    // expected-error@+1 {{'cuda_tile.extract' op expects one index per dimension (2), got 1}}
    %0 = extract %a[%i] : tile<4x8xf32> -> tile<2x4xf32>
  }
}

// -----

cuda_tile.module @m {
  testing$func @extract_divisible(%a: tile<4x8xf32>, %i: tile<i32>) {
    // expected-error@+1 {{'cuda_tile.extract' op expects every source dimension to be a multiple of the result dimension, got source [4, 8] and result [8, 4]}}
    %0 = extract %a[%i, %i] : tile<4x8xf32> -> tile<8x4xf32>
  }
}

// -----

cuda_tile.module @m {
  testing$func @insert_rank(%a: tile<4x8xf32>, %s: tile<4xf32>, %i: tile<i32>) {
    // expected-error@+1 {{'cuda_tile.insert' op expects dest and source of the same rank, got 2 and 1}}
    %0 = insert %s, %a[%i, %i] : tile<4xf32>, tile<4x8xf32>
  }
}

// -----

cuda_tile.module @m {
  testing$func @insert_divisible(%a: tile<4x8xf32>, %s: tile<8x4xf32>, %i: tile<i32>) {
    // expected-error@+1 {{'cuda_tile.insert' op expects every dest dimension to be a multiple of the source dimension, got dest [4, 8] and source [8, 4]}}
    %0 = insert %s, %a[%i, %i] : tile<8x4xf32>, tile<4x8xf32>
  }
}

// -----

cuda_tile.module @m {
  testing$func @insert_element(%a: tile<4x8xf32>, %s: tile<2x8xf16>, %i: tile<i32>) {
    // expected-error@+1 {{'cuda_tile.insert' op failed to verify that all of {source, dest} have same element type}}
    %0 = insert %s, %a[%i, %i] : tile<2x8xf16>, tile<4x8xf32>
  }
}

// -----

cuda_tile.module @m {
  testing$func @scan_result(%a: tile<8xf32>) {
    // expected-error@+1 {{'cuda_tile.scan' op expects result #0 to have the operand type '!cuda_tile.tile<8xf32>', got '!cuda_tile.tile<4xf32>'}}
    %0 = scan %a dim=0 identities=[0.0 : f32] : tile<8xf32> -> tile<4xf32>
    (%x: tile<f32>, %y: tile<f32>) {
      yield %x : tile<f32>
    }
  }
}

// -----

cuda_tile.module @m {
  testing$func @scan_dim(%a: tile<8xf32>) {
    // expected-error@+1 {{'cuda_tile.scan' op expects dim in [0, 1), got 1}}
    %0 = scan %a dim=1 identities=[0.0 : f32] : tile<8xf32> -> tile<8xf32>
    (%x: tile<f32>, %y: tile<f32>) {
      yield %x : tile<f32>
    }
  }
}

// -----

cuda_tile.module @m {
  testing$func @scan_identity(%a: tile<8xf32>) {
    // expected-error@+1 {{'cuda_tile.scan' op expects identity #0 to be a 'f32' value, got 0 : i32}}
    %0 = scan %a dim=0 identities=[0 : i32] : tile<8xf32> -> tile<8xf32>
    (%x: tile<f32>, %y: tile<f32>) {
      yield %x : tile<f32>
    }
  }
}

// -----

cuda_tile.module @m {
  testing$func @scan_body(%a: tile<8xf32>) {
    // expected-error@+1 {{'cuda_tile.scan' op expects body argument #1 to be a rank-0 tile of 'f32', got '!cuda_tile.tile<i32>'}}
    %0 = scan %a dim=0 identities=[0.0 : f32] : tile<8xf32> -> tile<8xf32>
    (%x: tile<f32>, %y: tile<i32>) {
      yield %x : tile<f32>
    }
  }
}
