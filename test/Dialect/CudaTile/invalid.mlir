// RUN: tile-opt %s -split-input-file -verify-diagnostics -allow-unregistered-dialect
// REQUIRES: testing-ops

// Every diagnostic of the cuda_tile type, attribute and op verifiers.

//===----------------------------------------------------------------------===//
// tile
//===----------------------------------------------------------------------===//

// expected-error@+1 {{all dimensions must be positive constants, got [4, 0]}}
func.func private @tile_zero_dim(!cuda_tile.tile<4x0xf32>)

// -----

// expected-error@+1 {{all dimensions must be powers of two, got [6]}}
func.func private @tile_not_power_of_two(!cuda_tile.tile<6xf32>)

// -----

// expected-error@+1 {{tile would exceed the maximum of 16777216 elements}}
func.func private @tile_too_large(!cuda_tile.tile<8192x4096xf32>)

// -----

// expected-error@+1 {{expects an even number of elements in a tile of f4E2M1FN, got 1}}
func.func private @tile_odd_f4(!cuda_tile.tile<f4E2M1FN>)

// -----

// expected-error@+1 {{failed to verify 'elementType': f16 or bf16 or f32 or tf32 or f64 or f8E4M3FN or f8E5M2 or f8E8M0FNU or f4E2M1FN or i1 or i8 or i16 or i32 or i64 or a typed pointer into global memory or i4}}
func.func private @tile_bad_element(!cuda_tile.tile<4xindex>)

// -----

//===----------------------------------------------------------------------===//
// ptr
//===----------------------------------------------------------------------===//

// expected-error@+1 {{failed to verify 'pointeeType': f16 or bf16 or f32 or tf32 or f64 or f8E4M3FN or f8E5M2 or f8E8M0FNU or f4E2M1FN or i1 or i8 or i16 or i32 or i64}}
func.func private @pointer_to_pointer(!cuda_tile.ptr<!cuda_tile.ptr<f32>>)

// -----

// expected-error@+1 {{failed to verify 'pointeeType': f16 or bf16 or f32 or tf32 or f64 or f8E4M3FN or f8E5M2 or f8E8M0FNU or f4E2M1FN or i1 or i8 or i16 or i32 or i64}}
func.func private @pointer_to_i4(!cuda_tile.ptr<i4>)

// -----

//===----------------------------------------------------------------------===//
// tensor_view
//===----------------------------------------------------------------------===//

// expected-error@+1 {{failed to verify 'elementType': f16 or bf16 or f32 or tf32 or f64 or f8E4M3FN or f8E5M2 or f8E8M0FNU or f4E2M1FN or i1 or i8 or i16 or i32 or i64}}
func.func private @tensor_view_i4(!cuda_tile.tensor_view<2xi4, strides=[1]>)

// -----

// expected-error@+1 {{expects one stride per dimension (2), got 1}}
func.func private @tensor_view_stride_rank(!cuda_tile.tensor_view<2x2xf32, strides=[1]>)

// -----

// expected-error@+1 {{expects strictly positive static dimensions, got [0, ?]}}
func.func private @tensor_view_zero_dim(!cuda_tile.tensor_view<0x?xf32, strides=[1,1]>)

// -----

// expected-error@+1 {{expects strictly positive static strides, got [?, -4]}}
func.func private @tensor_view_negative_stride(!cuda_tile.tensor_view<4x4xf32, strides=[?,-4]>)

// -----

//===----------------------------------------------------------------------===//
// partition_view, strided_view, gather_scatter_view
//===----------------------------------------------------------------------===//

// expected-error@+1 {{0-dimension tile shape is not supported}}
func.func private @view_rank0(!cuda_tile.partition_view<tile=(), tensor_view<f32>>)

// -----

// expected-error@+1 {{expects the tile rank to equal the tensor_view rank (1), got 2}}
func.func private @view_rank_mismatch(!cuda_tile.partition_view<tile=(2x2), tensor_view<16xf32, strides=[1]>>)

// -----

// expected-error@+1 {{expects dim_map to map all 2 tile dimensions, got 1 entries}}
func.func private @view_dim_map_size(!cuda_tile.partition_view<tile=(2x2), tensor_view<16x16xf32, strides=[16,1]>, dim_map=[0]>)

// -----

// expected-error@+1 {{tile shape dimensions must have power of two length but got [5, 1024]}}
func.func private @view_not_power_of_two(!cuda_tile.partition_view<tile=(5x1024), tensor_view<4096x4096xf32, strides=[4096,1]>>)

// -----

// expected-error@+1 {{expects dim_map entries in [0, 2), got 2}}
func.func private @view_dim_map_range(!cuda_tile.partition_view<tile=(2x2), tensor_view<16x16xf32, strides=[16,1]>, dim_map=[0, 2]>)

// -----

// expected-error@+1 {{expects dim_map entries in [0, 2), got -1}}
func.func private @view_dim_map_negative(!cuda_tile.partition_view<tile=(2x2), tensor_view<16x16xf32, strides=[16,1]>, dim_map=[-1, 0]>)

// -----

// expected-error@+1 {{target dimension 0 mapped at least twice (for tile dimensions 0 and 1)}}
func.func private @strided_view_dim_map_twice(!cuda_tile.strided_view<tile=(1024x1024), traversal_strides=[1024,1], !cuda_tile.tensor_view<4096x4096xf32, strides=[4096,1]>, dim_map=[0, 0]>)

// -----

// expected-error@+1 {{tile would exceed the maximum of 16777216 elements}}
func.func private @view_tile_too_large(!cuda_tile.partition_view<tile=(8192x4096), tensor_view<8192x8192xf32, strides=[8192,1]>>)

// -----

// expected-error@+1 {{expects an even number of elements in a tile of f4E2M1FN, got 1}}
func.func private @view_tile_odd_f4(!cuda_tile.partition_view<tile=(1x1), tensor_view<8x8xf4E2M1FN, strides=[8,1]>>)

// -----

// expected-error@+1 {{expects a floating-point element type with padding_value nan, got 'i32'}}
func.func private @view_nan_padding_int(!cuda_tile.partition_view<tile=(2), padding_value = nan, tensor_view<16xi32, strides=[1]>>)

// -----

// expected-error@+1 {{expects a floating-point element type with padding_value neg_zero, got 'i8'}}
func.func private @gather_view_neg_zero_int(!cuda_tile.gather_scatter_view<tile=(2), padding_value = neg_zero, tensor_view<16xi8, strides=[1]>, sparse_dim=0>)

// -----

// expected-error@+1 {{expected 2 traversal strides, got 1}}
func.func private @strided_view_stride_count(!cuda_tile.strided_view<tile=(4x4), traversal_strides=[4], tensor_view<64x64xf32, strides=[64,1]>>)

// -----

// expected-error@+1 {{expects strictly positive traversal strides, got [0, 1]}}
func.func private @strided_view_zero_stride(!cuda_tile.strided_view<tile=(4x4), traversal_strides=[0,1], tensor_view<64x64xf32, strides=[64,1]>>)

// -----

// expected-error@+1 {{expects sparse_dim in [0, 2), got 2}}
func.func private @gather_view_sparse_dim(!cuda_tile.gather_scatter_view<tile=(64x64), tensor_view<8192x128xf32, strides=[128,1]>, sparse_dim=2>)

// -----

//===----------------------------------------------------------------------===//
// optimization_hints
//===----------------------------------------------------------------------===//

cuda_tile.module @m {
  // expected-error@+1 {{expects a dictionary of hints for 'sm_90', got 2 : i64}}
  entry @hints_not_dictionary() optimization_hints=<sm_90 = 2> {
    return
  }
}

// -----

//===----------------------------------------------------------------------===//
// Rounding and flush_to_zero modifiers
//===----------------------------------------------------------------------===//

cuda_tile.module @m {
  testing$func @f(%a: tile<4xf32>) {
    // expected-error@+1 {{'cuda_tile.addf' op expects rounding mode to be one of 'nearest_even', 'zero', 'negative_inf', 'positive_inf', got 'approx'}}
    %0 = addf %a, %a rounding<approx> : tile<4xf32>
    return
  }
}

// -----

cuda_tile.module @m {
  testing$func @f(%a: tile<4xf32>) {
    // expected-error@+1 {{'cuda_tile.divf' op expects rounding mode to be one of 'nearest_even', 'zero', 'negative_inf', 'positive_inf', 'approx', 'full', got 'nearest_int_to_zero'}}
    %0 = divf %a, %a rounding<nearest_int_to_zero> : tile<4xf32>
    return
  }
}

// -----

cuda_tile.module @m {
  testing$func @f(%a: tile<4xf16>) {
    // expected-error@+1 {{'cuda_tile.divf' op expects f32 elements with rounding<approx>, got 'f16'}}
    %0 = divf %a, %a rounding<approx> : tile<4xf16>
    return
  }
}

// -----

cuda_tile.module @m {
  testing$func @f(%a: tile<4xf64>) {
    // expected-error@+1 {{'cuda_tile.divf' op expects f32 elements with rounding<full>, got 'f64'}}
    %0 = divf %a, %a rounding<full> : tile<4xf64>
    return
  }
}

// -----

cuda_tile.module @m {
  testing$func @f(%a: tile<4xf32>) {
    // expected-error@+1 {{'cuda_tile.exp' op expects rounding mode to be one of 'approx', 'full', got 'zero'}}
    %0 = exp %a rounding<zero> : tile<4xf32>
    return
  }
}

// -----

cuda_tile.module @m {
  testing$func @f(%a: tile<4xbf16>) {
    // expected-error@+1 {{'cuda_tile.exp' op expects f32 elements with rounding<approx>, got 'bf16'}}
    %0 = exp %a rounding<approx> : tile<4xbf16>
    return
  }
}

// -----

cuda_tile.module @m {
  testing$func @f(%a: tile<4xf16>) {
    // expected-error@+1 {{'cuda_tile.mulf' op expects f32 elements with flush_to_zero, got 'f16'}}
    %0 = mulf %a, %a flush_to_zero : tile<4xf16>
    return
  }
}

// -----

cuda_tile.module @m {
  testing$func @f(%a: tile<4xf64>) {
    // expected-error@+1 {{'cuda_tile.maxf' op expects f32 elements with flush_to_zero, got 'f64'}}
    %0 = maxf %a, %a flush_to_zero : tile<4xf64>
    return
  }
}

// -----

cuda_tile.module @m {
  testing$func @f(%a: tile<4xbf16>) {
    // expected-error@+1 {{'cuda_tile.exp2' op expects f32 elements with flush_to_zero, got 'bf16'}}
    %0 = exp2 %a flush_to_zero : tile<4xbf16>
    return
  }
}

// -----

//===----------------------------------------------------------------------===//
// Memory model
//===----------------------------------------------------------------------===//

cuda_tile.module @m {
  testing$func @f(%p: tile<4xptr<f32>>) {
    // expected-error@+1 {{'cuda_tile.load_ptr_tko' op expects memory ordering semantics weak, relaxed or acquire for a load, got release}}
    %v, %t = load_ptr_tko release device %p : tile<4xptr<f32>> -> tile<4xf32>, token
    return
  }
}

// -----

cuda_tile.module @m {
  testing$func @f(%p: tile<4xptr<f32>>) {
    // expected-error@+1 {{'cuda_tile.load_ptr_tko' op expects memory ordering semantics weak, relaxed or acquire for a load, got acq_rel}}
    %v, %t = load_ptr_tko acq_rel device %p : tile<4xptr<f32>> -> tile<4xf32>, token
    return
  }
}

// -----

cuda_tile.module @m {
  testing$func @f(%p: tile<4xptr<f32>>) {
    // expected-error@+1 {{'cuda_tile.load_ptr_tko' op weak load must not have memory scope}}
    %v, %t = load_ptr_tko weak device %p : tile<4xptr<f32>> -> tile<4xf32>, token
    return
  }
}

// -----

cuda_tile.module @m {
  testing$func @f(%p: tile<4xptr<f32>>) {
    // expected-error@+1 {{'cuda_tile.load_ptr_tko' op memory scope is required for relaxed load}}
    %v, %t = load_ptr_tko relaxed %p : tile<4xptr<f32>> -> tile<4xf32>, token
    return
  }
}

// -----

cuda_tile.module @m {
  testing$func @f(%v: partition_view<tile=(4), tensor_view<16xf32, strides=[1]>>, %i: tile<i32>) {
    // expected-error@+1 {{'cuda_tile.load_view_tko' op memory scope is required for acquire load}}
    %x, %t = load_view_tko acquire %v[%i] : partition_view<tile=(4), tensor_view<16xf32, strides=[1]>>, tile<i32> -> tile<4xf32>, token
    return
  }
}

// -----

cuda_tile.module @m {
  testing$func @f(%p: tile<4xptr<f32>>, %x: tile<4xf32>) {
    // expected-error@+1 {{'cuda_tile.store_ptr_tko' op expects memory ordering semantics weak, relaxed or release for a store, got acquire}}
    %t = store_ptr_tko acquire device %p, %x : tile<4xptr<f32>>, tile<4xf32> -> token
    return
  }
}

// -----

cuda_tile.module @m {
  testing$func @f(%p: tile<4xptr<f32>>, %x: tile<4xf32>) {
    // expected-error@+1 {{'cuda_tile.store_ptr_tko' op weak store must not have memory scope}}
    %t = store_ptr_tko weak sys %p, %x : tile<4xptr<f32>>, tile<4xf32> -> token
    return
  }
}

// -----

cuda_tile.module @m {
  testing$func @f(%v: partition_view<tile=(4), tensor_view<16xf32, strides=[1]>>, %i: tile<i32>, %x: tile<4xf32>) {
    // expected-error@+1 {{'cuda_tile.store_view_tko' op memory scope is required for release store}}
    %t = store_view_tko release %x, %v[%i] : tile<4xf32>, partition_view<tile=(4), tensor_view<16xf32, strides=[1]>>, tile<i32> -> token
    return
  }
}

// -----

//===----------------------------------------------------------------------===//
// entry, return
//===----------------------------------------------------------------------===//

cuda_tile.module @m {
  // expected-error@+1 {{'cuda_tile.entry' op expects no results, got 1}}
  entry @results(%a: tile<i32>) -> tile<i32> {
    return %a : tile<i32>
  }
}

// -----

cuda_tile.module @m {
  // expected-error@+1 {{'cuda_tile.entry' op expects argument #1 to be a rank-0 tile, got '!cuda_tile.tile<4xf32>'}}
  entry @non_scalar(%a: tile<ptr<f32>>, %b: tile<4xf32>) {
    return
  }
}

// -----

cuda_tile.module @m {
  // expected-error@+1 {{'cuda_tile.entry' op expects argument #0 to be of a type a kernel can take, got '!cuda_tile.tile<tf32>' (pass f32 and convert with ftof)}}
  entry @tf32_arg(%a: tile<tf32>) {
    return
  }
}

// -----

cuda_tile.module @m {
  entry @k(%a: tile<i32>) {
    // expected-error@+1 {{'cuda_tile.return' op expects no operands in an entry, got 1}}
    return %a : tile<i32>
  }
}

// -----

cuda_tile.module @m {
  testing$func @f(%a: tile<i64>) -> tile<i32> {
    // expected-error@+1 {{'cuda_tile.return' op expects operand types ('!cuda_tile.tile<i32>') (the function results), got ('!cuda_tile.tile<i64>')}}
    return %a : tile<i64>
  }
}

// -----

// expected-error@+1 {{'cuda_tile.return' op expects parent op to be 'cuda_tile.entry' or 'cuda_tile.testing$func', got 'builtin.module'}}
cuda_tile.return

// -----

//===----------------------------------------------------------------------===//
// constant, iota, broadcast, reshape, select
//===----------------------------------------------------------------------===//

cuda_tile.module @m {
  testing$func @f() {
    // expected-error@+1 {{'cuda_tile.constant' op expects a value of type 'tensor<2xf32>', got 'tensor<4xf32>'}}
    %0 = "cuda_tile.constant"() <{value = dense<1.0> : tensor<4xf32>}> : () -> !cuda_tile.tile<2xf32>
    return
  }
}

// -----

cuda_tile.module @m {
  testing$func @f() {
    // expected-error@+1 {{'cuda_tile.iota' op expects a 1-D result tile, got '!cuda_tile.tile<2x2xi32>'}}
    %0 = iota : tile<2x2xi32>
    return
  }
}

// -----

cuda_tile.module @m {
  testing$func @f() {
    // expected-error@+1 {{'cuda_tile.iota' op expects at most 256 elements for element type 'i8', got 512}}
    %0 = iota : tile<512xi8>
    return
  }
}

// -----

cuda_tile.module @m {
  testing$func @f(%a: tile<2x2xf32>) {
    // expected-error@+1 {{'cuda_tile.broadcast' op expects every source dimension to be 1 or equal to the result dimension, got source [2, 2] and result [4, 2]}}
    %0 = broadcast %a : tile<2x2xf32> -> tile<4x2xf32>
    return
  }
}

// -----

cuda_tile.module @m {
  testing$func @f(%a: tile<2x2xf32>) {
    // expected-error@+1 {{'cuda_tile.reshape' op expects the source and the result to have the same number of elements, got 4 and 8}}
    %0 = reshape %a : tile<2x2xf32> -> tile<8xf32>
    return
  }
}

// -----

cuda_tile.module @m {
  testing$func @f(%c: tile<2xi1>, %a: tile<2xf4E2M1FN>) {
    // expected-error@+1 {{'cuda_tile.select' op expects a value element type other than f4E2M1FN, got 'f4E2M1FN'}}
    %0 = select %c, %a, %a : tile<2xi1>, tile<2xf4E2M1FN>
    return
  }
}

// -----

//===----------------------------------------------------------------------===//
// reduce
//===----------------------------------------------------------------------===//

cuda_tile.module @m {
  testing$func @f(%x: tile<8xf32>) {
    // expected-error@+1 {{'cuda_tile.reduce' op expects one result per operand (1), got 2}}
    %0:2 = "cuda_tile.reduce"(%x) <{dim = 0 : i32, identities = [0.0 : f32]}> ({
    ^bb0(%a: !cuda_tile.tile<f32>, %b: !cuda_tile.tile<f32>):
      "cuda_tile.yield"(%a) : (!cuda_tile.tile<f32>) -> ()
    }) : (!cuda_tile.tile<8xf32>) -> (!cuda_tile.tile<f32>, !cuda_tile.tile<f32>)
    return
  }
}

// -----

cuda_tile.module @m {
  testing$func @f(%x: tile<8xf32>) {
    // expected-error@+1 {{'cuda_tile.reduce' op expects one identity per operand (1), got 2}}
    %0 = reduce %x dim=0 identities=[0.0 : f32, 1.0 : f32] : tile<8xf32> -> tile<f32>
    (%a: tile<f32>, %b: tile<f32>) {
      yield %a : tile<f32>
    }
    return
  }
}

// -----

cuda_tile.module @m {
  testing$func @f(%x: tile<8x4xf32>) {
    // expected-error@+1 {{'cuda_tile.reduce' op expects dim in [0, 2), got 2}}
    %0 = reduce %x dim=2 identities=[0.0 : f32] : tile<8x4xf32> -> tile<8xf32>
    (%a: tile<f32>, %b: tile<f32>) {
      yield %a : tile<f32>
    }
    return
  }
}

// -----

cuda_tile.module @m {
  testing$func @f(%x: tile<8xf32>) {
    // expected-error@+1 {{'cuda_tile.reduce' op expects identity #0 to be a 'f32' value, got 0 : i32}}
    %0 = reduce %x dim=0 identities=[0 : i32] : tile<8xf32> -> tile<f32>
    (%a: tile<f32>, %b: tile<f32>) {
      yield %a : tile<f32>
    }
    return
  }
}

// -----

cuda_tile.module @m {
  testing$func @f(%x: tile<8xf32>) {
    // expected-error@+1 {{'cuda_tile.reduce' op expects identity #0 to be a 'f32' value, got unit}}
    %0 = reduce %x dim=0 identities=[unit] : tile<8xf32> -> tile<f32>
    (%a: tile<f32>, %b: tile<f32>) {
      yield %a : tile<f32>
    }
    return
  }
}

// -----

cuda_tile.module @m {
  testing$func @f(%x: tile<8x4xf32>) {
    // expected-error@+1 {{'cuda_tile.reduce' op expects result #0 to be a tile of 'f32' of shape [8], got '!cuda_tile.tile<4xf32>'}}
    %0 = reduce %x dim=1 identities=[0.0 : f32] : tile<8x4xf32> -> tile<4xf32>
    (%a: tile<f32>, %b: tile<f32>) {
      yield %a : tile<f32>
    }
    return
  }
}

// -----

cuda_tile.module @m {
  testing$func @f(%x: tile<8xf32>) {
    // expected-error@+1 {{'cuda_tile.reduce' op expects 2 body arguments (two per operand), got 1}}
    %0 = reduce %x dim=0 identities=[0.0 : f32] : tile<8xf32> -> tile<f32>
    (%a: tile<f32>) {
      yield %a : tile<f32>
    }
    return
  }
}

// -----

cuda_tile.module @m {
  testing$func @f(%x: tile<8xf32>) {
    // expected-error@+1 {{'cuda_tile.reduce' op expects body argument #1 to be a rank-0 tile of 'f32', got '!cuda_tile.tile<2xf32>'}}
    %0 = reduce %x dim=0 identities=[0.0 : f32] : tile<8xf32> -> tile<f32>
    (%a: tile<f32>, %b: tile<2xf32>) {
      yield %a : tile<f32>
    }
    return
  }
}

// -----

cuda_tile.module @m {
  testing$func @f(%x: tile<8xf32>) {
    // expected-error@+1 {{'cuda_tile.reduce' op expects the body to yield 1 values (one per operand), got 2}}
    %0 = reduce %x dim=0 identities=[0.0 : f32] : tile<8xf32> -> tile<f32>
    (%a: tile<f32>, %b: tile<f32>) {
      yield %a, %b : tile<f32>, tile<f32>
    }
    return
  }
}

// -----

cuda_tile.module @m {
  testing$func @f(%x: tile<8xf32>, %y: tile<i32>) {
    // expected-error@+1 {{'cuda_tile.reduce' op expects yielded value #0 to be a rank-0 tile of 'f32', got '!cuda_tile.tile<i32>'}}
    %0 = reduce %x dim=0 identities=[0.0 : f32] : tile<8xf32> -> tile<f32>
    (%a: tile<f32>, %b: tile<f32>) {
      yield %y : tile<i32>
    }
    return
  }
}

// -----

cuda_tile.module @m {
  testing$func @f(%x: tile<8xf32>, %p: tile<ptr<f32>>) {
    // expected-error@+1 {{'cuda_tile.reduce' op expects only operations without memory effects in the body, got 'cuda_tile.load_ptr_tko'}}
    %0 = reduce %x dim=0 identities=[0.0 : f32] : tile<8xf32> -> tile<f32>
    (%a: tile<f32>, %b: tile<f32>) {
      %v, %t = load_ptr_tko weak %p : tile<ptr<f32>> -> tile<f32>, token
      yield %v : tile<f32>
    }
    return
  }
}

// -----

cuda_tile.module @m {
  testing$func @f(%x: tile<8xf32>) {
    // expected-error@+1 {{'cuda_tile.reduce' op expects the body to end with 'cuda_tile.yield'}}
    %0 = "cuda_tile.reduce"(%x) <{dim = 0 : i32, identities = [0.0 : f32]}> ({
    ^bb0(%a: !cuda_tile.tile<f32>, %b: !cuda_tile.tile<f32>):
      "test.terminator"(%a) : (!cuda_tile.tile<f32>) -> ()
    }) : (!cuda_tile.tile<8xf32>) -> !cuda_tile.tile<f32>
    return
  }
}

// -----

//===----------------------------------------------------------------------===//
// load_ptr_tko, store_ptr_tko
//===----------------------------------------------------------------------===//

cuda_tile.module @m {
  testing$func @f(%p: tile<4xptr<f32>>) {
    // expected-error@+1 {{'cuda_tile.load_ptr_tko' op expects a result tile of 'f32' of shape [4] (the pointee type in the shape of source), got '!cuda_tile.tile<4xf16>'}}
    %v, %t = load_ptr_tko weak %p : tile<4xptr<f32>> -> tile<4xf16>, token
    return
  }
}

// -----

cuda_tile.module @m {
  testing$func @f(%p: tile<4xptr<f32>>, %m: tile<8xi1>) {
    // expected-error@+1 {{'cuda_tile.load_ptr_tko' op expects a mask of shape [4] (the source shape), got [8]}}
    %v, %t = load_ptr_tko weak %p, %m : tile<4xptr<f32>>, tile<8xi1> -> tile<4xf32>, token
    return
  }
}

// -----


cuda_tile.module @m {
  testing$func @f(%p: tile<4xptr<f32>>, %m: tile<4xi1>, %pad: tile<f32>) {
    // expected-error@+1 {{'cuda_tile.load_ptr_tko' op expects paddingValue of type '!cuda_tile.tile<4xf32>' (the result type), got '!cuda_tile.tile<f32>'}}
    %v, %t = load_ptr_tko weak %p, %m, %pad : tile<4xptr<f32>>, tile<4xi1>, tile<f32> -> tile<4xf32>, token
    return
  }
}

// -----

cuda_tile.module @m {
  testing$func @f(%p: tile<4xptr<f32>>, %x: tile<8xf32>) {
    // expected-error@+1 {{'cuda_tile.store_ptr_tko' op expects a destination tile of pointers to 'f32' of shape [8] (the value), got '!cuda_tile.tile<4xptr<f32>>'}}
    %t = store_ptr_tko weak %p, %x : tile<4xptr<f32>>, tile<8xf32> -> token
    return
  }
}

// -----

cuda_tile.module @m {
  testing$func @f(%p: tile<4xptr<f32>>, %x: tile<4xf32>, %m: tile<2x2xi1>) {
    // expected-error@+1 {{'cuda_tile.store_ptr_tko' op expects a mask of shape [4] (the value shape), got [2, 2]}}
    %t = store_ptr_tko weak %p, %x, %m : tile<4xptr<f32>>, tile<4xf32>, tile<2x2xi1> -> token
    return
  }
}

// -----

//===----------------------------------------------------------------------===//
// Tokens
//===----------------------------------------------------------------------===//

cuda_tile.module @m {
  testing$func @f(%t: token) {
    // expected-error@+1 {{'cuda_tile.join_tokens' op expect two or more tokens}}
    %0 = join_tokens %t : token
    return
  }
}

// -----

//===----------------------------------------------------------------------===//
// make_tensor_view, make_partition_view
//===----------------------------------------------------------------------===//

cuda_tile.module @m {
  testing$func @f(%p: tile<ptr<f16>>) {
    // expected-error@+1 {{'cuda_tile.make_tensor_view' op expects a base pointer to 'f32' (the tensor_view element type), got '!cuda_tile.tile<ptr<f16>>'}}
    %0 = "cuda_tile.make_tensor_view"(%p) <{operandSegmentSizes = array<i32: 1, 0, 0>}> : (!cuda_tile.tile<ptr<f16>>) -> !cuda_tile.tensor_view<4xf32, strides=[1]>
    return
  }
}

// -----

cuda_tile.module @m {
  testing$func @f(%p: tile<ptr<f32>>) {
    // expected-error@+1 {{'cuda_tile.make_tensor_view' op expects 1 dynamic shape operands (one per '?'), got 0}}
    %0 = "cuda_tile.make_tensor_view"(%p) <{operandSegmentSizes = array<i32: 1, 0, 0>}> : (!cuda_tile.tile<ptr<f32>>) -> !cuda_tile.tensor_view<?xf32, strides=[1]>
    return
  }
}

// -----

cuda_tile.module @m {
  testing$func @f(%p: tile<ptr<f32>>, %n: tile<i32>) {
    // expected-error@+1 {{'cuda_tile.make_tensor_view' op expects 0 dynamic stride operands (one per '?'), got 1}}
    %0 = "cuda_tile.make_tensor_view"(%p, %n) <{operandSegmentSizes = array<i32: 1, 0, 1>}> : (!cuda_tile.tile<ptr<f32>>, !cuda_tile.tile<i32>) -> !cuda_tile.tensor_view<4xf32, strides=[1]>
    return
  }
}

// -----

cuda_tile.module @m {
  testing$func @f(%p: tile<ptr<f32>>, %n: tile<i32>, %s: tile<i64>) {
    // expected-error@+1 {{'cuda_tile.make_tensor_view' op expects all dynamic sizes and strides to have the same type, got '!cuda_tile.tile<i32>' and '!cuda_tile.tile<i64>'}}
    %0 = "cuda_tile.make_tensor_view"(%p, %n, %s) <{operandSegmentSizes = array<i32: 1, 1, 1>}> : (!cuda_tile.tile<ptr<f32>>, !cuda_tile.tile<i32>, !cuda_tile.tile<i64>) -> !cuda_tile.tensor_view<?xf32, strides=[?]>
    return
  }
}

// -----

cuda_tile.module @m {
  testing$func @f(%tv: tensor_view<16xf32, strides=[1]>) {
    // expected-error@+1 {{'cuda_tile.make_partition_view' op expects an operand of type '!cuda_tile.tensor_view<32xf32, strides=[1]>' (the partition_view's tensor_view), got '!cuda_tile.tensor_view<16xf32, strides=[1]>'}}
    %0 = "cuda_tile.make_partition_view"(%tv) : (!cuda_tile.tensor_view<16xf32, strides=[1]>) -> !cuda_tile.partition_view<tile=(4), tensor_view<32xf32, strides=[1]>>
    return
  }
}

// -----

//===----------------------------------------------------------------------===//
// load_view_tko, store_view_tko
//===----------------------------------------------------------------------===//

cuda_tile.module @m {
  testing$func @f(%v: partition_view<tile=(4x4), tensor_view<16x16xf32, strides=[16,1]>>, %i: tile<i32>) {
    // expected-error@+1 {{'cuda_tile.load_view_tko' op expects 2 indices (the view's index rank), got 1}}
    %x, %t = load_view_tko weak %v[%i] : partition_view<tile=(4x4), tensor_view<16x16xf32, strides=[16,1]>>, tile<i32> -> tile<4x4xf32>, token
    return
  }
}

// -----

cuda_tile.module @m {
  testing$func @f(%v: partition_view<tile=(4x4), tensor_view<16x16xf32, strides=[16,1]>>, %i: tile<i32>) {
    // expected-error@+1 {{'cuda_tile.load_view_tko' op expects tile type '!cuda_tile.tile<4x4xf32>' (the view's tile type), got '!cuda_tile.tile<16xf32>'}}
    %x, %t = load_view_tko weak %v[%i, %i] : partition_view<tile=(4x4), tensor_view<16x16xf32, strides=[16,1]>>, tile<i32> -> tile<16xf32>, token
    return
  }
}

// -----

cuda_tile.module @m {
  testing$func @f(%v: partition_view<tile=(4x4), tensor_view<16x16xf32, strides=[16,1]>>, %i: tile<i32>, %j: tile<4xi32>, %x: tile<4x4xf32>) {
    // expected-error@+1 {{'cuda_tile.store_view_tko' op expects index #1 to be a rank-0 tile, got '!cuda_tile.tile<4xi32>'}}
    %t = store_view_tko weak %x, %v[%i, %j] : tile<4x4xf32>, partition_view<tile=(4x4), tensor_view<16x16xf32, strides=[16,1]>>, tile<i32>, tile<4xi32> -> token
    return
  }
}

// -----

cuda_tile.module @m {
  testing$func @f(%v: strided_view<tile=(4x4), traversal_strides=[2,2], tensor_view<16x16xf32, strides=[16,1]>>, %i: tile<i32>, %j: tile<i64>) {
    // expected-error@+1 {{'cuda_tile.load_view_tko' op expects all indices to have the same type, got '!cuda_tile.tile<i32>' and '!cuda_tile.tile<i64>'}}
    %x, %t = load_view_tko weak %v[%i, %j] : strided_view<tile=(4x4), traversal_strides=[2,2], tensor_view<16x16xf32, strides=[16,1]>>, tile<i32>, tile<i64> -> tile<4x4xf32>, token
    return
  }
}

// -----

cuda_tile.module @m {
  testing$func @f(%v: gather_scatter_view<tile=(8x16), tensor_view<?x64xf16, strides=[64,1]>, sparse_dim=0>, %rows: tile<4xi32>, %i: tile<i32>) {
    // expected-error@+1 {{'cuda_tile.load_view_tko' op expects index #0 (sparse_dim) to be a 1-D tile of 8 elements, got '!cuda_tile.tile<4xi32>'}}
    %x, %t = load_view_tko weak %v[%rows, %i] : gather_scatter_view<tile=(8x16), tensor_view<?x64xf16, strides=[64,1]>, sparse_dim=0>, tile<4xi32>, tile<i32> -> tile<8x16xf16>, token
    return
  }
}

// -----

cuda_tile.module @m {
  testing$func @f(%v: gather_scatter_view<tile=(8x16), tensor_view<?x64xf16, strides=[64,1]>, sparse_dim=1>, %rows: tile<16xi32>, %i: tile<2xi32>) {
    // expected-error@+1 {{'cuda_tile.load_view_tko' op expects index #0 to be a rank-0 tile, got '!cuda_tile.tile<2xi32>'}}
    %x, %t = load_view_tko weak %v[%i, %rows] : gather_scatter_view<tile=(8x16), tensor_view<?x64xf16, strides=[64,1]>, sparse_dim=1>, tile<2xi32>, tile<16xi32> -> tile<8x16xf16>, token
    return
  }
}

// -----

//===----------------------------------------------------------------------===//
// Constraints checked by ODS-generated verifiers
//===----------------------------------------------------------------------===//

cuda_tile.module @m {
  testing$func @f(%a: tile<4xi32>) {
    // expected-error@+1 {{'cuda_tile.cmpi' op failed to verify that result is an i1 tile of the operand shape}}
    %0 = cmpi equal %a, %a, signed : tile<4xi32> -> tile<2xi1>
    return
  }
}

// -----

cuda_tile.module @m {
  testing$func @f(%a: tile<4xi32>) {
    // expected-error@+1 {{'cuda_tile.yield' op expects parent op to be one of 'cuda_tile.if, cuda_tile.reduce, cuda_tile.scan'}}
    yield %a : tile<4xi32>
  }
}

// -----

cuda_tile.module @m {
  testing$func @f(%a: tile<4xi32>) {
    // expected-error@+1 {{'cuda_tile.addf' op operand #0 must be tile of f16 or bf16 or f32 or f64 values, but got '!cuda_tile.tile<4xi32>'}}
    %0 = addf %a, %a : tile<4xi32>
    return
  }
}

// -----

cuda_tile.module @m {
  testing$func @f(%a: tile<2x2xf32>) {
    // expected-error@+1 {{'cuda_tile.broadcast' op failed to verify that all of {source, result} have same rank}}
    %0 = broadcast %a : tile<2x2xf32> -> tile<2x2x2xf32>
    return
  }
}

// -----

cuda_tile.module @m {
  testing$func @f(%x: tile<8xf32>) {
    // expected-error@+1 {{'cuda_tile.reduce' op attribute 'dim' failed to satisfy constraint: 32-bit signless integer attribute whose value is non-negative}}
    %0 = "cuda_tile.reduce"(%x) <{dim = -1 : i32, identities = [0.0 : f32]}> ({
    ^bb0(%a: !cuda_tile.tile<f32>, %b: !cuda_tile.tile<f32>):
      "cuda_tile.yield"(%a) : (!cuda_tile.tile<f32>) -> ()
    }) : (!cuda_tile.tile<8xf32>) -> !cuda_tile.tile<f32>
    return
  }
}

// -----

// A kernel outside a cuda_tile.module would not be compiled.
// expected-error@+1 {{'cuda_tile.entry' op expects parent op 'cuda_tile.module'}}
cuda_tile.entry @outside() {
  cuda_tile.return
}
