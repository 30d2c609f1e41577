// RUN: tile-opt %s -split-input-file -verify-diagnostics
// REQUIRES: testing-ops

// Diagnostics of control flow, globals, print_tko, view queries, atomics,
// mma and alloca.

cuda_tile.module @m {
  testing$func @if_no_else(%c: tile<i1>) {
    // expected-error@+1 {{'cuda_tile.if' op expects an else region when the op has results}}
    %0 = if %c -> (tile<i1>) {
      yield %c : tile<i1>
    }
  }
}

// -----

cuda_tile.module @m {
  testing$func @if_yield_types(%c: tile<i1>, %x: tile<i32>) {
    %0 = if %c -> (tile<i1>) {
      // expected-error@+1 {{'cuda_tile.yield' op expects operand types ('!cuda_tile.tile<i1>') (the 'cuda_tile.if' results), got ('!cuda_tile.tile<i32>')}}
      yield %x : tile<i32>
    } else {
      yield %c : tile<i1>
    }
  }
}

// -----

cuda_tile.module @m {
  testing$func @for_bounds(%a: tile<i32>, %b: tile<i64>) {
    // expected-error@+1 {{'cuda_tile.for' op expects bounds and step of one type, got ('!cuda_tile.tile<i32>', '!cuda_tile.tile<i64>', '!cuda_tile.tile<i32>')}}
    "cuda_tile.for"(%a, %b, %a) ({
    ^bb0(%iv: !cuda_tile.tile<i32>):
      "cuda_tile.continue"() : () -> ()
    }) : (!cuda_tile.tile<i32>, !cuda_tile.tile<i64>, !cuda_tile.tile<i32>) -> ()
  }
}

// -----

cuda_tile.module @m {
  testing$func @for_view(%a: tile<i32>, %tv: tensor_view<8xf32, strides=[1]>) {
    // expected-error@+1 {{'cuda_tile.for' op expects loop-carried value #0 not to be a view, got '!cuda_tile.tensor_view<8xf32, strides=[1]>'}}
    %0 = for %iv in (%a to %a, step %a) : tile<i32> iter_values(%v = %tv) -> (tensor_view<8xf32, strides=[1]>) {
      continue %v : tensor_view<8xf32, strides=[1]>
    }
  }
}

// -----

cuda_tile.module @m {
  testing$func @if_empty_then(%c: tile<i1>) {
    // expected-error@+1 {{'cuda_tile.if' op expects a non-empty then region}}
    "cuda_tile.if"(%c) ({}, {}) : (!cuda_tile.tile<i1>) -> ()
  }
}

// -----

cuda_tile.module @m {
  testing$func @for_iter_types(%a: tile<i32>, %x: tile<i16>) {
    // expected-error@+1 {{'cuda_tile.for' op expects iter values of the result types ('!cuda_tile.tile<i32>'), got ('!cuda_tile.tile<i16>')}}
    %0 = "cuda_tile.for"(%a, %a, %a, %x) ({
    ^bb0(%iv: !cuda_tile.tile<i32>, %v: !cuda_tile.tile<i32>):
      "cuda_tile.continue"(%v) : (!cuda_tile.tile<i32>) -> ()
    }) : (!cuda_tile.tile<i32>, !cuda_tile.tile<i32>, !cuda_tile.tile<i32>, !cuda_tile.tile<i16>) -> !cuda_tile.tile<i32>
  }
}

// -----

cuda_tile.module @m {
  testing$func @for_body_arguments(%a: tile<i32>) {
    // expected-error@+1 {{'cuda_tile.for' op expects body arguments ('!cuda_tile.tile<i32>', '!cuda_tile.tile<i32>') (the induction variable and the iter values), got ('!cuda_tile.tile<i32>')}}
    %0 = "cuda_tile.for"(%a, %a, %a, %a) ({
    ^bb0(%iv: !cuda_tile.tile<i32>):
      "cuda_tile.continue"(%iv) : (!cuda_tile.tile<i32>) -> ()
    }) : (!cuda_tile.tile<i32>, !cuda_tile.tile<i32>, !cuda_tile.tile<i32>, !cuda_tile.tile<i32>) -> !cuda_tile.tile<i32>
  }
}

// -----

cuda_tile.module @m {
  testing$func @loop_body_arguments(%a: tile<i32>) {
    // expected-error@+1 {{'cuda_tile.loop' op expects body arguments of the iter value types ('!cuda_tile.tile<i32>'), got ('!cuda_tile.tile<i64>')}}
    "cuda_tile.loop"(%a) ({
    ^bb0(%v: !cuda_tile.tile<i64>):
      "cuda_tile.break"() : () -> ()
    }) : (!cuda_tile.tile<i32>) -> ()
  }
}

// -----

cuda_tile.module @m {
  testing$func @continue_types(%a: tile<i32>, %h: tile<i16>) {
    %0 = for %iv in (%a to %a, step %a) : tile<i32> iter_values(%v = %a) -> (tile<i32>) {
      // expected-error@+1 {{'cuda_tile.continue' op expects operand types ('!cuda_tile.tile<i32>') (the 'cuda_tile.for' iter values), got ('!cuda_tile.tile<i16>')}}
      continue %h : tile<i16>
    }
  }
}

// -----

cuda_tile.module @m {
  testing$func @break_outside_loop(%a: tile<i32>, %c: tile<i1>) {
    %0 = for %iv in (%a to %a, step %a) : tile<i32> iter_values(%v = %a) -> (tile<i32>) {
      if %c {
        // expected-error@+1 {{'cuda_tile.break' op expects to be nested in a 'cuda_tile.loop' through 'cuda_tile.if' ops only}}
        break %v : tile<i32>
      }
      continue %v : tile<i32>
    }
  }
}

// -----

cuda_tile.module @m {
  testing$func @break_types(%a: tile<i32>) {
    %0 = loop : tile<i32> {
      // expected-error@+1 {{'cuda_tile.break' op expects operand types ('!cuda_tile.tile<i32>') (the 'cuda_tile.loop' results), got ()}}
      break
    }
  }
}

// -----

cuda_tile.module @m {
  testing$func @continue_outside(%c: tile<i1>) {
    if %c {
      // expected-error@+1 {{'cuda_tile.continue' op expects to be nested in a 'cuda_tile.for' or 'cuda_tile.loop' through 'cuda_tile.if' ops only}}
      continue
    }
  }
}

// -----

cuda_tile.module @m {
  // expected-error@+1 {{'cuda_tile.global' op expects an alignment that is 0 or a power of two, got 3}}
  global @g alignment = 3 <f32: [1.0, 2.0]> : tile<2xf32>
}

// -----

cuda_tile.module @m {
  // expected-error@+1 {{'cuda_tile.global' op expects a 1-D initializer, got rank 2}}
  global @g <f32: [[1.0, 2.0], [1.0, 2.0]]> : tile<2x2xf32>
}

// -----

cuda_tile.module @m {
  global @g <f32: [1.0, 2.0]> : tile<2xf32>
  testing$func @get_global_type() {
    // expected-error@+1 {{'cuda_tile.get_global' op expects a pointer to 'f32' (the global's element type), got 'i32'}}
    %0 = get_global @g : tile<ptr<i32>>
  }
}

// -----

cuda_tile.module @m {
  testing$func @get_global_missing() {
    // expected-error@+1 {{'cuda_tile.get_global' op expects 'nope' to name a 'cuda_tile.global'}}
    %0 = get_global @nope : tile<ptr<i32>>
  }
}

// -----

cuda_tile.module @m {
  testing$func @print_args(%x: tile<i32>) {
    // expected-error@+1 {{'cuda_tile.print_tko' op expects one argument per conversion in the format string (2), got 1}}
    %t = print_tko "%i %f %%", %x : tile<i32> -> token
  }
}

// -----

cuda_tile.module @m {
  testing$func @tensor_shape(%tv: tensor_view<64x?xi32, strides=[?,1]>) {
    // expected-error@+1 {{'cuda_tile.get_tensor_shape' op expects one result per dimension (2), got 1}}
    %0 = "cuda_tile.get_tensor_shape"(%tv) : (!cuda_tile.tensor_view<64x?xi32, strides=[?,1]>) -> !cuda_tile.tile<i32>
  }
}

// -----

cuda_tile.module @m {
  testing$func @tensor_shape_types(%tv: tensor_view<64x?xi32, strides=[?,1]>) {
    // expected-error@+1 {{'cuda_tile.get_tensor_shape' op expects results of one type, got ('!cuda_tile.tile<i32>', '!cuda_tile.tile<i64>')}}
    %0:2 = "cuda_tile.get_tensor_shape"(%tv) : (!cuda_tile.tensor_view<64x?xi32, strides=[?,1]>) -> (!cuda_tile.tile<i32>, !cuda_tile.tile<i64>)
  }
}

// -----

cuda_tile.module @m {
  testing$func @index_space(%pv: partition_view<tile=(8), tensor_view<64xf32, strides=[1]>>) {
    // expected-error@+1 {{'cuda_tile.get_index_space_shape' op expects one result per index dimension (1), got 2}}
    %0:2 = "cuda_tile.get_index_space_shape"(%pv) : (!cuda_tile.partition_view<tile=(8), tensor_view<64xf32, strides=[1]>>) -> (!cuda_tile.tile<i32>, !cuda_tile.tile<i32>)
  }
}

// -----

cuda_tile.module @m {
  testing$func @strided(%tv: tensor_view<64xf32, strides=[1]>) {
    // expected-error@+1 {{'cuda_tile.make_strided_view' op expects an operand of type '!cuda_tile.tensor_view<32xf32, strides=[1]>' (the strided_view's tensor_view), got '!cuda_tile.tensor_view<64xf32, strides=[1]>'}}
    %0 = "cuda_tile.make_strided_view"(%tv) : (!cuda_tile.tensor_view<64xf32, strides=[1]>) -> !cuda_tile.strided_view<tile=(8), traversal_strides=[8], tensor_view<32xf32, strides=[1]>>
  }
}

// -----

cuda_tile.module @m {
  testing$func @gather(%tv: tensor_view<64xf32, strides=[1]>) {
    // expected-error@+1 {{'cuda_tile.make_gather_scatter_view' op expects an operand of type '!cuda_tile.tensor_view<32xf32, strides=[1]>' (the gather_scatter_view's tensor_view), got '!cuda_tile.tensor_view<64xf32, strides=[1]>'}}
    %0 = "cuda_tile.make_gather_scatter_view"(%tv) : (!cuda_tile.tensor_view<64xf32, strides=[1]>) -> !cuda_tile.gather_scatter_view<tile=(8), tensor_view<32xf32, strides=[1]>, sparse_dim=0>
  }
}

// -----

cuda_tile.module @m {
  testing$func @cas_weak(%p: tile<2xptr<f32>>, %v: tile<2xf32>) {
    // expected-error@+1 {{'cuda_tile.atomic_cas_tko' op expects memory ordering semantics relaxed, acquire, release or acq_rel, got weak}}
    %0, %t = atomic_cas_tko weak device %p, %v, %v : tile<2xptr<f32>>, tile<2xf32> -> tile<2xf32>, token
  }
}

// -----

cuda_tile.module @m {
  testing$func @cas_pointee(%p: tile<2xptr<i32>>, %v: tile<2xf32>) {
    // expected-error@+1 {{'cuda_tile.atomic_cas_tko' op expects pointers to the 'f32' elements of '!cuda_tile.tile<2xf32>', got '!cuda_tile.tile<2xptr<i32>>'}}
    %0, %t = atomic_cas_tko relaxed device %p, %v, %v : tile<2xptr<i32>>, tile<2xf32> -> tile<2xf32>, token
  }
}

// -----

cuda_tile.module @m {
  testing$func @cas_mask(%p: tile<2xptr<f32>>, %v: tile<2xf32>, %m: tile<4xi1>) {
    // expected-error@+1 {{'cuda_tile.atomic_cas_tko' op expects a mask of shape [2], got '!cuda_tile.tile<4xi1>'}}
    %0, %t = atomic_cas_tko relaxed device %p, %v, %v, %m : tile<2xptr<f32>>, tile<2xf32>, tile<4xi1> -> tile<2xf32>, token
  }
}

// -----

cuda_tile.module @m {
  testing$func @cas_width(%p: tile<2xptr<f16>>, %v: tile<2xf16>) {
    // expected-error@+1 {{'cuda_tile.atomic_cas_tko' op expects 32- or 64-bit integer or float elements, got 'f16'}}
    %0, %t = atomic_cas_tko relaxed device %p, %v, %v : tile<2xptr<f16>>, tile<2xf16> -> tile<2xf16>, token
  }
}

// -----

cuda_tile.module @m {
  testing$func @rmw_addf(%p: tile<2xptr<i32>>, %v: tile<2xi32>) {
    // expected-error@+1 {{'cuda_tile.atomic_rmw_tko' op expects f16, bf16, f32 or f64 elements with mode addf, got 'i32'}}
    %0, %t = atomic_rmw_tko relaxed device %p, addf, %v : tile<2xptr<i32>>, tile<2xi32> -> tile<2xi32>, token
  }
}

// -----

cuda_tile.module @m {
  testing$func @rmw_xchg(%p: tile<2xptr<i8>>, %v: tile<2xi8>) {
    // expected-error@+1 {{'cuda_tile.atomic_rmw_tko' op expects 32- or 64-bit integer or float elements with mode xchg, got 'i8'}}
    %0, %t = atomic_rmw_tko relaxed device %p, xchg, %v : tile<2xptr<i8>>, tile<2xi8> -> tile<2xi8>, token
  }
}

// -----

cuda_tile.module @m {
  testing$func @rmw_add(%p: tile<2xptr<f32>>, %v: tile<2xf32>) {
    // expected-error@+1 {{'cuda_tile.atomic_rmw_tko' op expects i32 or i64 elements with mode add, got 'f32'}}
    %0, %t = atomic_rmw_tko relaxed device %p, add, %v : tile<2xptr<f32>>, tile<2xf32> -> tile<2xf32>, token
  }
}

// -----

cuda_tile.module @m {
  testing$func @mmaf_types(%a: tile<4x8xf16>, %b: tile<8x16xbf16>, %c: tile<4x16xf32>) {
    // expected-error@+1 {{'cuda_tile.mmaf' op expects lhs and rhs of one element type, got 'f16' and 'bf16'}}
    %0 = mmaf %a, %b, %c : tile<4x8xf16>, tile<8x16xbf16>, tile<4x16xf32>
  }
}

// -----

cuda_tile.module @m {
  testing$func @mmaf_combo(%a: tile<4x8xbf16>, %b: tile<8x16xbf16>, %c: tile<4x16xf16>) {
    // expected-error@+1 {{'cuda_tile.mmaf' op expects a supported input/accumulator element type combination, got 'bf16' and 'f16'}}
    %0 = mmaf %a, %b, %c : tile<4x8xbf16>, tile<8x16xbf16>, tile<4x16xf16>
  }
}

// -----

cuda_tile.module @m {
  testing$func @mmaf_rank(%a: tile<8xf16>, %b: tile<8xf16>, %c: tile<8xf32>) {
    // expected-error@+1 {{'cuda_tile.mmaf' op expects operands of rank 2 or 3 (all equal), got 1, 1 and 1}}
    %0 = mmaf %a, %b, %c : tile<8xf16>, tile<8xf16>, tile<8xf32>
  }
}

// -----

cuda_tile.module @m {
  testing$func @mmai_shape(%a: tile<4x8xi8>, %b: tile<16x8xi8>, %c: tile<4x8xi32>) {
    // expected-error@+1 {{'cuda_tile.mmai' op expects [B]xMxK, [B]xKxN and [B]xMxN operands, got [4, 8], [16, 8] and [4, 8]}}
    %0 = mmai %a, %b, %c signed signed : tile<4x8xi8>, tile<16x8xi8>, tile<4x8xi32>
  }
}

// -----

cuda_tile.module @m {
  testing$func @scaled_inputs(%a: tile<64x64xf16>, %c: tile<64x64xf32>, %s: tile<64x2xf8E8M0FNU>, %t: tile<2x64xf8E8M0FNU>) {
    // expected-error@+1 {{'cuda_tile.mmaf_scaled' op expects lhs and rhs of one element type among f8E4M3FN, f8E5M2 and f4E2M1FN, got 'f16' and 'f16'}}
    %0 = mmaf_scaled %a, %a, %c, %s, %t : tile<64x64xf16>, tile<64x64xf16>, tile<64x64xf32>, tile<64x2xf8E8M0FNU>, tile<2x64xf8E8M0FNU>
  }
}

// -----

cuda_tile.module @m {
  testing$func @scaled_acc(%a: tile<64x64xf8E5M2>, %c: tile<64x64xf16>, %s: tile<64x2xf8E8M0FNU>, %t: tile<2x64xf8E8M0FNU>) {
    // expected-error@+1 {{'cuda_tile.mmaf_scaled' op expects an f32 accumulator, got 'f16'}}
    %0 = mmaf_scaled %a, %a, %c, %s, %t : tile<64x64xf8E5M2>, tile<64x64xf8E5M2>, tile<64x64xf16>, tile<64x2xf8E8M0FNU>, tile<2x64xf8E8M0FNU>
  }
}

// -----

cuda_tile.module @m {
  testing$func @scaled_scale_type(%a: tile<64x64xf8E5M2>, %c: tile<64x64xf32>, %s: tile<64x2xf16>, %t: tile<2x64xf16>) {
    // expected-error@+1 {{'cuda_tile.mmaf_scaled' op expects scales of one element type among f8E4M3FN and f8E8M0FNU, got 'f16' and 'f16'}}
    %0 = mmaf_scaled %a, %a, %c, %s, %t : tile<64x64xf8E5M2>, tile<64x64xf8E5M2>, tile<64x64xf32>, tile<64x2xf16>, tile<2x64xf16>
  }
}

// -----

cuda_tile.module @m {
  testing$func @scaled_rank(%a: tile<64x64xf8E5M2>, %c: tile<64x64xf32>, %s: tile<2x64x2xf8E8M0FNU>, %t: tile<2x64xf8E8M0FNU>) {
    // expected-error@+1 {{'cuda_tile.mmaf_scaled' op expects scales of rank 2}}
    %0 = mmaf_scaled %a, %a, %c, %s, %t : tile<64x64xf8E5M2>, tile<64x64xf8E5M2>, tile<64x64xf32>, tile<2x64x2xf8E8M0FNU>, tile<2x64xf8E8M0FNU>
  }
}

// -----

cuda_tile.module @m {
  testing$func @scaled_shape(%a: tile<64x64xf8E5M2>, %c: tile<64x64xf32>, %s: tile<64x2xf8E8M0FNU>, %t: tile<4x64xf8E8M0FNU>) {
    // expected-error@+1 {{'cuda_tile.mmaf_scaled' op expects [B]xMxKs and [B]xKsxN scales with K a multiple of Ks, got [64, 2] and [4, 64]}}
    %0 = mmaf_scaled %a, %a, %c, %s, %t : tile<64x64xf8E5M2>, tile<64x64xf8E5M2>, tile<64x64xf32>, tile<64x2xf8E8M0FNU>, tile<4x64xf8E8M0FNU>
  }
}

// -----

cuda_tile.module @m {
  testing$func @scaled_block(%a: tile<64x64xf8E5M2>, %c: tile<64x64xf32>, %s: tile<64x4xf8E8M0FNU>, %t: tile<4x64xf8E8M0FNU>) {
    // expected-error@+1 {{'cuda_tile.mmaf_scaled' op expects a supported scale block size for 'f8E5M2' inputs and 'f8E8M0FNU' scales, got 16}}
    %0 = mmaf_scaled %a, %a, %c, %s, %t : tile<64x64xf8E5M2>, tile<64x64xf8E5M2>, tile<64x64xf32>, tile<64x4xf8E8M0FNU>, tile<4x64xf8E8M0FNU>
  }
}

// -----

cuda_tile.module @m {
  testing$func @alloca_alignment() {
    // expected-error@+1 {{'cuda_tile.alloca' op expects a power-of-two alignment of at least 4 (the size of 'f32'), got 2}}
    %0 = alloca num_elem = 64, alignment = 2 : tile<ptr<f32>>
  }
}

// -----

cuda_tile.module @print_dangling_percent {
  entry @f(%x: tile<i32>) {
    // expected-error@+1 {{'cuda_tile.print_tko' op expects a printf conversion (such as %d or %f, or %% for '%') at offset 2 of the format string, got '%'}}
    %t = print_tko "n=%", %x : tile<i32> -> token
    return
  }
}

// -----

cuda_tile.module @print_bad_conversion {
  entry @f(%x: tile<i32>) {
    // expected-error@+1 {{'cuda_tile.print_tko' op expects a printf conversion (such as %d or %f, or %% for '%') at offset 3 of the format string, got '%5.2q'}}
    %t = print_tko "x: %5.2q", %x : tile<i32> -> token
    return
  }
}
