// RUN: tile-opt %s -split-input-file -verify-diagnostics
// REQUIRES: testing-ops

// Malformed input: every case is a located parse error, never a crash.

//===----------------------------------------------------------------------===//
// Type syntax
//===----------------------------------------------------------------------===//

// expected-error@+1 {{expected static shape}}
func.func private @tile_dynamic(!cuda_tile.tile<?xf32>)

// -----

// expected-error@+1 {{all dimensions must be powers of two, got [3]}}
func.func private @tile_non_power_of_two(!cuda_tile.tile<3xf32>)

// -----

// expected-error@+1 {{unknown type: tensor_vew}}
func.func private @tile_unknown_element(!cuda_tile.tile<4xtensor_vew<f32>>)

// -----

// expected-error@+1 {{expected type}}
func.func private @ptr_empty(!cuda_tile.ptr<>)

// -----

// expected-error@+1 {{unbalanced '<' character in pretty dialect name}}
func.func private @tile_unterminated(!cuda_tile.tile<4xf32)

// -----

// expected-error@+1 {{expected 'strides'}}
func.func private @tensor_view_no_strides(!cuda_tile.tensor_view<2xf32>)

// -----

// expected-error@+1 {{strides must not be provided for 0-d tiles}}
func.func private @tensor_view_rank0_strides(!cuda_tile.tensor_view<f32, strides=[]>)

// -----

// expected-error@+1 {{expected integer or '?'}}
func.func private @tensor_view_bad_stride(!cuda_tile.tensor_view<2xf32, strides=[x]>)

// -----

// expected-error@+1 {{expects strictly positive static strides, got -9223372036854775808}}
func.func private @tensor_view_sentinel_stride(!cuda_tile.tensor_view<2xf32, strides=[-9223372036854775808]>)

// -----

// expected-error@+1 {{tile dimension 0 exceeds i32 limitations (got 0, expected strictly positive and less than or equal to 2147483647)}}
func.func private @view_zero_tile(!cuda_tile.partition_view<tile=(0), tensor_view<16xf32, strides=[1]>>)

// -----

// expected-error@+1 {{tile dimension 1 exceeds i32 limitations (got 4294967296, expected strictly positive and less than or equal to 2147483647)}}
func.func private @view_huge_tile(!cuda_tile.partition_view<tile=(2x4294967296), tensor_view<16x16xf32, strides=[16,1]>>)

// -----

// expected-error@+1 {{expects padding_value to be one of zero, neg_zero, nan, pos_inf, neg_inf, got 'one'}}
func.func private @view_bad_padding(!cuda_tile.partition_view<tile=(2), padding_value = one, tensor_view<16xf32, strides=[1]>>)

// -----

// expected-error@+1 {{expects a tensor_view type, got '!cuda_tile.tile<16xf32>'}}
func.func private @view_not_tensor_view(!cuda_tile.partition_view<tile=(2), tile<16xf32>>)

// -----

// expected-error@+1 {{expected 'dim_map'}}
func.func private @view_bad_suffix(!cuda_tile.partition_view<tile=(2), tensor_view<16xf32, strides=[1]>, dimmap=[0]>)

// -----

// expected-error@+1 {{expected ','}}
func.func private @gather_view_no_sparse_dim(!cuda_tile.gather_scatter_view<tile=(2), tensor_view<16xf32, strides=[1]>>)

// -----

// expected-error@+1 {{expected 'traversal_strides'}}
func.func private @strided_view_no_strides(!cuda_tile.strided_view<tile=(2), tensor_view<16xf32, strides=[1]>>)

// -----

cuda_tile.module @m {
  // expected-error@+1 {{unknown type: tiles}}
  testing$func @f(%a: tiles<4xf32>) {
    return
  }
}

// -----

cuda_tile.module @m {
  // expected-error@+1 {{expected type}}
  testing$func @f(%a: 5) {
    return
  }
}

// -----

cuda_tile.module @m {
  // expected-error@+1 {{expected SSA operand}}
  entry @k(tile<f32>) {
    return
  }
}

// -----

cuda_tile.module @m {
  // expected-error@+1 {{duplicate optimization_hints key 'sm_90'}}
  entry @k() optimization_hints=<sm_90 = {latency = 1}, sm_90 = {latency = 2}> {
    return
  }
}

// -----

// A short-form type is not accepted in generic syntax.
// expected-error@+1 {{expected non-function type}}
%0 = "cuda_tile.make_token"() : () -> token

// -----

//===----------------------------------------------------------------------===//
// Enum keywords
//===----------------------------------------------------------------------===//

cuda_tile.module @m {
  testing$func @f(%a: tile<4xf32>) {
    // expected-error@+2 {{expected ::mlir::cuda_tile::RoundingMode to be one of: nearest_even, zero, negative_inf, positive_inf, approx, full, nearest_int_to_zero}}
    // expected-error@+1 {{failed to parse CudaTile_RoundingModeAttr parameter 'value' which is to be a `::mlir::cuda_tile::RoundingMode`}}
    %0 = addf %a, %a rounding<fast> : tile<4xf32>
    return
  }
}

// -----

cuda_tile.module @m {
  testing$func @f(%a: tile<4xi32>) {
    // expected-error@+2 {{expected ::mlir::cuda_tile::IntegerOverflow to be one of: none, no_signed_wrap, no_unsigned_wrap, no_wrap}}
    // expected-error@+1 {{failed to parse CudaTile_IntegerOverflowAttr parameter 'value' which is to be a `::mlir::cuda_tile::IntegerOverflow`}}
    %0 = addi %a, %a overflow<wrap> : tile<4xi32>
    return
  }
}

// -----

cuda_tile.module @m {
  testing$func @f(%a: tile<4xi32>) {
    // expected-error@+1 {{expected one of [equal, not_equal, less_than, less_than_or_equal, greater_than, greater_than_or_equal] for comparison predicate, got: less}}
    %0 = cmpi less %a, %a, signed : tile<4xi32> -> tile<4xi1>
    return
  }
}

// -----

cuda_tile.module @m {
  testing$func @f(%a: tile<4xi32>) {
    // expected-error@+1 {{expected one of [unsigned, signed] for signedness, got: sign}}
    %0 = cmpi equal %a, %a, sign : tile<4xi32> -> tile<4xi1>
    return
  }
}

// -----

cuda_tile.module @m {
  testing$func @f(%p: tile<4xptr<f32>>) {
    // expected-error@+1 {{expected string or keyword containing one of the following enum values for attribute 'memory_ordering_semantics' [weak, relaxed, acquire, release, acq_rel]}}
    %v, %t = load_ptr_tko strong %p : tile<4xptr<f32>> -> tile<4xf32>, token
    return
  }
}

// -----

cuda_tile.module @m {
  testing$func @f(%p: tile<4xptr<f32>>) {
    // expected-error@+1 {{expected SSA operand}}
    %v, %t = load_ptr_tko relaxed gpu %p : tile<4xptr<f32>> -> tile<4xf32>, token
    return
  }
}

// -----

//===----------------------------------------------------------------------===//
// constant literals
//===----------------------------------------------------------------------===//

cuda_tile.module @m {
  testing$func @f() {
    // expected-error@+1 {{expects all elements of a list to have the same shape, got [] and [1]}}
    %0 = constant <f32: [1.0, [2.0]]> : tile<2xf32>
    return
  }
}

// -----

cuda_tile.module @m {
  testing$func @f() {
    // expected-error@+1 {{expects all elements of a list to have the same shape, got [2] and [3]}}
    %0 = constant <i32: [[1, 2], [3, 4, 5]]> : tile<2x2xi32>
    return
  }
}

// -----

cuda_tile.module @m {
  testing$func @f() {
    // expected-error@+1 {{expects an integer in [-128, 255] for 'i8', got 300}}
    %0 = constant <i8: 300> : tile<i8>
    return
  }
}

// -----

cuda_tile.module @m {
  testing$func @f() {
    // expected-error@+1 {{expects an integer in [-1, 1] for 'i1', got 2}}
    %0 = constant <i1: 2> : tile<i1>
    return
  }
}

// -----

cuda_tile.module @m {
  testing$func @f() {
    // expected-error@+1 {{expects an integer in [-9223372036854775808, 18446744073709551615] for 'i64', got 18446744073709551616}}
    %0 = constant <i64: 18446744073709551616> : tile<i64>
    return
  }
}

// -----

cuda_tile.module @m {
  testing$func @f() {
    // expected-error@+1 {{expects an integer literal for 'i32', got 'true'}}
    %0 = constant <i32: true> : tile<i32>
    return
  }
}

// -----

cuda_tile.module @m {
  testing$func @f() {
    // expected-error@+1 {{expects an integer literal for 'i32'}}
    %0 = constant <i32: 1.5> : tile<i32>
    return
  }
}

// -----

cuda_tile.module @m {
  testing$func @f() {
    // expected-error@+1 {{expected floating point literal}}
    %0 = constant <f32: one> : tile<f32>
    return
  }
}

// -----

cuda_tile.module @m {
  testing$func @f() {
    // expected-error@+2 {{unexpected decimal integer literal for a floating point value}}
    // expected-note@+1 {{add a trailing dot to make the literal a float}}
    %0 = constant <f32: 1> : tile<f32>
    return
  }
}

// -----

cuda_tile.module @m {
  testing$func @f() {
    // expected-error@+1 {{hexadecimal float constant out of range for type}}
    %0 = constant <f16: 0x123456> : tile<f16>
    return
  }
}

// -----

cuda_tile.module @m {
  testing$func @f() {
    // expected-error@+1 {{expects a literal element type (i1, i8, i16, i32, i64, f16, bf16, f32, f64, tf32, f8E4M3FN, f8E5M2, f8E8M0FNU or f4E2M1FN), got 'index'}}
    %0 = constant <index: 1> : tile<i64>
    return
  }
}

// -----

cuda_tile.module @m {
  testing$func @f() {
    // expected-error@+1 {{expects a tile type, got 'tensor<2xf32>'}}
    %0 = constant <f32: 1.0> : tensor<2xf32>
    return
  }
}

// -----

cuda_tile.module @m {
  testing$func @f() {
    // expected-error@+1 {{expects a tile of 'f32' (the literal's element type), got '!cuda_tile.tile<2xf16>'}}
    %0 = constant <f32: 1.0> : tile<2xf16>
    return
  }
}

// -----

cuda_tile.module @m {
  testing$func @f() {
    // expected-error@+1 {{expects a literal of shape [4] (the tile shape), got [2]}}
    %0 = constant <f32: [1.0, 2.0]> : tile<4xf32>
    return
  }
}

// -----

cuda_tile.module @m {
  testing$func @f() {
    // expected-error@+1 {{expects a literal of shape [] (the tile shape), got [1]}}
    %0 = constant <i32: [7]> : tile<i32>
    return
  }
}

// -----

cuda_tile.module @m {
  testing$func @f() {
    // expected-error@+1 {{expects a literal of shape [2] (the tile shape), got [0]}}
    %0 = constant <i32: []> : tile<2xi32>
    return
  }
}

// -----

//===----------------------------------------------------------------------===//
// Operand and type lists
//===----------------------------------------------------------------------===//

cuda_tile.module @m {
  testing$func @f(%a: tile<4xf32>) {
    // expected-error@+1 {{expected ','}}
    %0 = addf %a : tile<4xf32>
    return
  }
}

// -----

cuda_tile.module @m {
  testing$func @f(%a: tile<4xf32>) {
    // expected-error@+1 {{expected ':'}}
    %0 = addf %a, %a, %a : tile<4xf32>
    return
  }
}

// -----

cuda_tile.module @m {
  testing$func @f() {
    // expected-error@+1 {{operation defines 3 results but was provided 2 to bind}}
    %x, %y = get_tile_block_id : tile<i32>
    return
  }
}

// -----

cuda_tile.module @m {
  testing$func @f(%v: partition_view<tile=(4x4), tensor_view<16x16xf32, strides=[16,1]>>, %i: tile<i32>) {
    // expected-error@+1 {{expects 1 or 2 types for 2 operands, got 3}}
    %x, %t = load_view_tko weak %v[%i, %i] : partition_view<tile=(4x4), tensor_view<16x16xf32, strides=[16,1]>>, tile<i32>, tile<i32>, tile<i32> -> tile<4x4xf32>, token
    return
  }
}

// -----

cuda_tile.module @m {
  testing$func @f(%v: partition_view<tile=(4), tensor_view<16xf32, strides=[1]>>, %i: tile<i32>) {
    // expected-error@+1 {{expects 1 types for 1 operands, got 2}}
    %x, %t = load_view_tko weak %v[%i] : partition_view<tile=(4), tensor_view<16xf32, strides=[1]>>, tile<i32>, tile<i32> -> tile<4xf32>, token
    return
  }
}

// -----

cuda_tile.module @m {
  testing$func @f(%p: tile<ptr<f32>>) {
    // expected-error@+1 {{expects 1 shape entries (the tensor_view rank), got 2}}
    %0 = make_tensor_view %p, shape = [4, 4], strides = [1] : tensor_view<4xf32, strides=[1]>
    return
  }
}

// -----

cuda_tile.module @m {
  testing$func @f(%p: tile<ptr<f32>>) {
    // expected-error@+1 {{expects strides entry #0 to be 1 as in the tensor_view type, got 2}}
    %0 = make_tensor_view %p, shape = [4], strides = [2] : tensor_view<4xf32, strides=[1]>
    return
  }
}

// -----

cuda_tile.module @m {
  testing$func @f(%p: tile<ptr<f32>>) {
    // expected-error@+1 {{expects shape entry #0 to be an SSA value ('?' in the tensor_view type), got 4}}
    %0 = make_tensor_view %p, shape = [4], strides = [1] : tensor_view<?xf32, strides=[1]>
    return
  }
}

// -----

cuda_tile.module @m {
  testing$func @f(%p: tile<ptr<f32>>, %n: tile<i32>) {
    // expected-error@+1 {{expects shape entry #0 to be 4 as in the tensor_view type, got an SSA value}}
    %0 = make_tensor_view %p, shape = [%n], strides = [1] : tile<i32> -> tensor_view<4xf32, strides=[1]>
    return
  }
}

// -----

cuda_tile.module @m {
  testing$func @f(%p: tile<ptr<f32>>) {
    // expected-error@+1 {{expected integer or SSA value}}
    %0 = make_tensor_view %p, shape = [?], strides = [1] : tensor_view<?xf32, strides=[1]>
    return
  }
}

// -----

cuda_tile.module @m {
  testing$func @f(%p: tile<ptr<f32>>) {
    // expected-error@+1 {{expects a tensor_view type, got '!cuda_tile.tile<4xf32>'}}
    %0 = make_tensor_view %p, shape = [4], strides = [1] : tile<4xf32>
    return
  }
}

// -----

cuda_tile.module @m {
  testing$func @f(%tv: tensor_view<16xf32, strides=[1]>) {
    // expected-error@+1 {{expects a partition_view type, got '!cuda_tile.tensor_view<16xf32, strides=[1]>'}}
    %0 = make_partition_view %tv : tensor_view<16xf32, strides=[1]>
    return
  }
}

// -----

cuda_tile.module @m {
  testing$func @f(%tv: tensor_view<16xf32, strides=[1]>) {
    // expected-note@-1 {{prior use here}}
    // expected-error@+1 {{use of value '%tv' expects different type than prior uses: '!cuda_tile.tensor_view<32xf32, strides=[1]>' vs '!cuda_tile.tensor_view<16xf32, strides=[1]>'}}
    %0 = make_partition_view %tv : partition_view<tile=(4), tensor_view<32xf32, strides=[1]>>
    return
  }
}

// -----

cuda_tile.module @m {
  testing$func @f(%x: tile<8xf32>) {
    // expected-error@+2 {{expected ':'}}
    %0 = reduce %x dim=0 identities=[0.0 : f32] : tile<8xf32> -> tile<f32>
    (%a, %b: tile<f32>) {
      yield %a : tile<f32>
    }
    return
  }
}

// -----

cuda_tile.module @m {
  testing$func @f(%x: tile<i32>) {
    // expected-error@+1 {{expects one type per iter value (2), got 1}}
    %0 = for %iv in (%x to %x, step %x) : tile<i32> iter_values(%a = %x, %b = %x) -> (tile<i32>) {
      continue %a, %b : tile<i32>, tile<i32>
    }
    return
  }
}

// -----

cuda_tile.module @m {
  testing$func @f(%x: tile<i32>) {
    // expected-error@+1 {{expects one type per iter value (1), got 2}}
    %0 = loop iter_values(%a = %x) : tile<i32>, tile<i32> {
      continue %a : tile<i32>
    }
    return
  }
}

// -----

cuda_tile.module @m {
  testing$func @f(%x: tile<i32>) {
    // expected-error@+1 {{expects a tensor_view source, got '!cuda_tile.tile<i32>'}}
    %0 = get_tensor_shape %x : tile<i32> -> tile<i32>
    return
  }
}

// -----

cuda_tile.module @m {
  testing$func @f(%x: tile<i32>) {
    // expected-error@+1 {{expects a tile view source, got '!cuda_tile.tile<i32>'}}
    %0 = get_index_space_shape %x : tile<i32> -> tile<i32>
    return
  }
}

// -----

cuda_tile.module @m {
  testing$func @f(%tv: tensor_view<16xf32, strides=[1]>) {
    // expected-error@+1 {{expects a strided_view result, got '!cuda_tile.tensor_view<16xf32, strides=[1]>'}}
    %0 = make_strided_view %tv : tensor_view<16xf32, strides=[1]>
    return
  }
}

// -----

cuda_tile.module @m {
  testing$func @f(%v: tile<2x2xi32>, %c0: tile<i32>, %pv: partition_view<tile=(2x2), tensor_view<2x2xi32, strides=[2, 1]>>) {
    // expected-error@+1 {{expects an atomic mode, got 'plus'}}
    %t = atomic_red_view_tko relaxed device %pv[%c0, %c0], plus, %v : tile<2x2xi32>, partition_view<tile=(2x2), tensor_view<2x2xi32, strides=[2, 1]>>, tile<i32> -> token
    return
  }
}

// -----

cuda_tile.module @m {
  testing$func @f(%v: tile<2x2xi32>, %c0: tile<i32>, %pv: partition_view<tile=(2x2), tensor_view<2x2xi32, strides=[2, 1]>>) {
    // expected-error@+1 {{expects a memory ordering, got 'strong'}}
    %t = atomic_red_view_tko strong device %pv[%c0, %c0], add, %v : tile<2x2xi32>, partition_view<tile=(2x2), tensor_view<2x2xi32, strides=[2, 1]>>, tile<i32> -> token
    return
  }
}

// -----

cuda_tile.module @m {
  testing$func @f(%i: tile<4xi32>) {
    // expected-error@+1 {{expects an assume predicate (div_by, same_elements or bounded), got 'aligned'}}
    %0 = assume aligned<16>, %i : tile<4xi32>
    return
  }
}

// -----

cuda_tile.module @m {
  testing$func @f(%i: tile<4xi32>) {
    // expected-error@+1 {{expects an assume predicate, got #cuda_tile.overflow<none>}}
    %0 = assume #cuda_tile.overflow<none>, %i : tile<4xi32>
    return
  }
}
