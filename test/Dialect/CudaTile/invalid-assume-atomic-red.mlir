// RUN: tile-opt %s -split-input-file -verify-diagnostics
// REQUIRES: testing-ops

// Verifier messages of `assume` (one per predicate rule) and
// `atomic_red_view_tko`.
cuda_tile.module @m {
  testing$func @f(%i: tile<4xi32>) {
    // expected-error @+1 {{'cuda_tile.assume' op expects div_by divisor to be a power of two no larger than 2^62, got 6}}
    %r = assume div_by<6>, %i : tile<4xi32>
    return
  }
}

// -----

cuda_tile.module @m {
  testing$func @f(%i: tile<4xi32>) {
    // expected-error @+1 {{'cuda_tile.assume' op expects div_by divisor to be a power of two no larger than 2^62, got 9223372036854775808}}
    %r = assume div_by<9223372036854775808>, %i : tile<4xi32>
    return
  }
}

// -----

cuda_tile.module @m {
  testing$func @f(%i: tile<4xf32>) {
    // expected-error @+1 {{'cuda_tile.assume' op expects div_by on an integer or pointer tile or a tensor_view, got '!cuda_tile.tile<4xf32>'}}
    %r = assume div_by<4>, %i : tile<4xf32>
    return
  }
}

// -----

cuda_tile.module @m {
  testing$func @f(%i: tile<i32>) {
    // expected-error @+1 {{'cuda_tile.assume' op expects div_by with 'every ... along ...' on a tile of rank 1 or more, got '!cuda_tile.tile<i32>'}}
    %r = assume div_by<4, every 1 along 0>, %i : tile<i32>
    return
  }
}

// -----

cuda_tile.module @m {
  testing$func @f(%i: tensor_view<4xf32, strides=[1]>) {
    // expected-error @+1 {{'cuda_tile.assume' op expects div_by with 'every ... along ...' on a tile of rank 1 or more, got '!cuda_tile.tensor_view<4xf32, strides=[1]>'}}
    %r = assume div_by<4, every 1 along 0>, %i : tensor_view<4xf32, strides=[1]>
    return
  }
}

// -----

cuda_tile.module @m {
  testing$func @f(%i: tile<4xi32>) {
    // expected-error @+1 {{'cuda_tile.assume' op expects div_by 'along' dimension in [0, 1), got 1}}
    %r = assume div_by<4, every 1 along 1>, %i : tile<4xi32>
    return
  }
}

// -----

cuda_tile.module @m {
  testing$func @f(%i: tile<4xi32>) {
    // expected-error @+1 {{'cuda_tile.assume' op expects div_by 'every' in [0, 4] (the size of dimension 0), got 8}}
    %r = assume div_by<4, every 8 along 0>, %i : tile<4xi32>
    return
  }
}

// -----

cuda_tile.module @m {
  testing$func @f(%i: tile<4xf32>) {
    // expected-error @+1 {{'cuda_tile.assume' op expects same_elements on an integer or pointer tile, got '!cuda_tile.tile<4xf32>'}}
    %r = assume same_elements<[1]>, %i : tile<4xf32>
    return
  }
}

// -----

cuda_tile.module @m {
  testing$func @f(%i: tile<4xi32>) {
    // expected-error @+1 {{'cuda_tile.assume' op expects 1 same_elements values (the tile's rank), got 2}}
    %r = assume same_elements<[1, 1]>, %i : tile<4xi32>
    return
  }
}

// -----

cuda_tile.module @m {
  testing$func @f(%i: tile<4xi32>) {
    // expected-error @+1 {{'cuda_tile.assume' op expects same_elements value 0 in [0, 4], got 5}}
    %r = assume same_elements<[5]>, %i : tile<4xi32>
    return
  }
}

// -----

cuda_tile.module @m {
  testing$func @f(%i: tile<4xf32>) {
    // expected-error @+1 {{'cuda_tile.assume' op expects bounded on an integer tile, got '!cuda_tile.tile<4xf32>'}}
    %r = assume bounded<0, 1>, %i : tile<4xf32>
    return
  }
}

// -----

cuda_tile.module @m {
  testing$func @f(%i: tile<4xi8>) {
    // expected-error @+1 {{'cuda_tile.assume' op expects bounded upper bound in [-128, 127] (the signed range of 'i8'), got 128}}
    %r = assume bounded<0, 128>, %i : tile<4xi8>
    return
  }
}

// -----

cuda_tile.module @m {
  testing$func @f(%i: tile<4xi8>) {
    // expected-error @+1 {{'cuda_tile.assume' op expects bounded lower bound in [-128, 127] (the signed range of 'i8'), got -129}}
    %r = assume bounded<-129, ?>, %i : tile<4xi8>
    return
  }
}

// -----

cuda_tile.module @m {
  testing$func @f(%i: tile<4xi32>) {
    // expected-error @+1 {{'cuda_tile.assume' op expects bounded lower bound <= upper bound, got 5 > 4}}
    %r = assume bounded<5, 4>, %i : tile<4xi32>
    return
  }
}

// -----

cuda_tile.module @m {
  testing$func @f(%v: tile<2x2xi32>, %c: tile<i32>, %pv: partition_view<tile=(2x2), tensor_view<2x2xi32, strides=[2,1]>>) {
    // expected-error @+1 {{'cuda_tile.atomic_red_view_tko' op expects memory ordering semantics relaxed, got acquire}}
    %r = atomic_red_view_tko acquire device %pv[%c, %c], add, %v : tile<2x2xi32>, partition_view<tile=(2x2), tensor_view<2x2xi32, strides=[2,1]>>, tile<i32> -> token
    return
  }
}

// -----

cuda_tile.module @m {
  testing$func @f(%v: tile<2x2xi32>, %c: tile<i32>, %pv: partition_view<tile=(2x2), tensor_view<2x2xi32, strides=[2,1]>>) {
    // expected-error @+1 {{'cuda_tile.atomic_red_view_tko' op memory scope is required for relaxed atomic reduction}}
    %r = atomic_red_view_tko relaxed %pv[%c, %c], add, %v : tile<2x2xi32>, partition_view<tile=(2x2), tensor_view<2x2xi32, strides=[2,1]>>, tile<i32> -> token
    return
  }
}

// -----

cuda_tile.module @m {
  testing$func @f(%v: tile<2x2xi32>, %c: tile<i32>, %pv: partition_view<tile=(2x2), tensor_view<2x2xi32, strides=[2,1]>>) {
    // expected-error @+1 {{'cuda_tile.atomic_red_view_tko' op expects memory scope tl_blk or device, got sys}}
    %r = atomic_red_view_tko relaxed sys %pv[%c, %c], add, %v : tile<2x2xi32>, partition_view<tile=(2x2), tensor_view<2x2xi32, strides=[2,1]>>, tile<i32> -> token
    return
  }
}

// -----

cuda_tile.module @m {
  testing$func @f(%v: tile<2x2xi32>, %c: tile<i32>, %pv: partition_view<tile=(2x2), tensor_view<2x2xi32, strides=[2,1]>>) {
    // expected-error @+1 {{'cuda_tile.atomic_red_view_tko' op expects an atomic mode other than xchg, got xchg}}
    %r = atomic_red_view_tko relaxed device %pv[%c, %c], xchg, %v : tile<2x2xi32>, partition_view<tile=(2x2), tensor_view<2x2xi32, strides=[2,1]>>, tile<i32> -> token
    return
  }
}

// -----

cuda_tile.module @m {
  testing$func @f(%v: tile<64x64xf32>, %g: tile<64xi32>, %c: tile<i32>, %pv: gather_scatter_view<tile=(64x64), tensor_view<8192x128xf32, strides=[128,1]>, sparse_dim=0>) {
    // expected-error @+1 {{'cuda_tile.atomic_red_view_tko' op expects a partition_view or strided_view, got '!cuda_tile.gather_scatter_view<tile=(64x64), tensor_view<8192x128xf32, strides=[128,1]>, sparse_dim=0>'}}
    %r = atomic_red_view_tko relaxed device %pv[%g, %c], addf, %v : tile<64x64xf32>, gather_scatter_view<tile=(64x64), tensor_view<8192x128xf32, strides=[128,1]>, sparse_dim=0>, tile<64xi32>, tile<i32> -> token
    return
  }
}

// -----

cuda_tile.module @m {
  testing$func @f(%v: tile<2x2xf32>, %c: tile<i32>, %pv: partition_view<tile=(2x2), padding_value = zero, tensor_view<2x2xf32, strides=[2,1]>>) {
    // expected-error @+1 {{'cuda_tile.atomic_red_view_tko' op expects a view without padding_value, got '!cuda_tile.partition_view<tile=(2x2), padding_value = zero, tensor_view<2x2xf32, strides=[2,1]>>'}}
    %r = atomic_red_view_tko relaxed device %pv[%c, %c], addf, %v : tile<2x2xf32>, partition_view<tile=(2x2), padding_value = zero, tensor_view<2x2xf32, strides=[2,1]>>, tile<i32> -> token
    return
  }
}

// -----

cuda_tile.module @m {
  testing$func @f(%v: tile<2x2xi32>, %c: tile<i32>, %pv: partition_view<tile=(2x2), tensor_view<2x2xi32, strides=[2,1]>>) {
    // expected-error @+1 {{'cuda_tile.atomic_red_view_tko' op expects 2 indices (the view's index rank), got 1}}
    %r = atomic_red_view_tko relaxed device %pv[%c], add, %v : tile<2x2xi32>, partition_view<tile=(2x2), tensor_view<2x2xi32, strides=[2,1]>>, tile<i32> -> token
    return
  }
}

// -----

cuda_tile.module @m {
  testing$func @f(%v: tile<4x2xi32>, %c: tile<i32>, %pv: partition_view<tile=(2x2), tensor_view<2x2xi32, strides=[2,1]>>) {
    // expected-error @+1 {{'cuda_tile.atomic_red_view_tko' op expects value shape [2, 2] (the view's tile shape), got [4, 2]}}
    %r = atomic_red_view_tko relaxed device %pv[%c, %c], add, %v : tile<4x2xi32>, partition_view<tile=(2x2), tensor_view<2x2xi32, strides=[2,1]>>, tile<i32> -> token
    return
  }
}

// -----

cuda_tile.module @m {
  testing$func @f(%v: tile<2x2xi64>, %c: tile<i32>, %pv: partition_view<tile=(2x2), tensor_view<2x2xi32, strides=[2,1]>>) {
    // expected-error @+1 {{'cuda_tile.atomic_red_view_tko' op expects value element type 'i32' (the view's element type), got 'i64'}}
    %r = atomic_red_view_tko relaxed device %pv[%c, %c], add, %v : tile<2x2xi64>, partition_view<tile=(2x2), tensor_view<2x2xi32, strides=[2,1]>>, tile<i32> -> token
    return
  }
}

// -----

cuda_tile.module @m {
  testing$func @f(%v: tile<2x2xi32>, %c: tile<i32>, %pv: partition_view<tile=(2x2), tensor_view<2x2xi32, strides=[2,1]>>) {
    // expected-error @+1 {{'cuda_tile.atomic_red_view_tko' op expects f16, bf16, f32 or f64 elements with mode addf, got 'i32'}}
    %r = atomic_red_view_tko relaxed device %pv[%c, %c], addf, %v : tile<2x2xi32>, partition_view<tile=(2x2), tensor_view<2x2xi32, strides=[2,1]>>, tile<i32> -> token
    return
  }
}
