// RUN: tile-opt %s --convert-cuda-tile-to-tirx -split-input-file -verify-diagnostics | FileCheck %s

// The `cache_hint` optimization hint of a view load (for the target's
// architecture, or `default`) becomes the config of its tirx.copy
// (tirx-dispatch emits the global loads with that PTX L1 eviction priority);
// a load without it gets no config.

// CHECK-LABEL: gpu.func @hinted
// CHECK: tirx.copy cta %{{.*}}, %{{.*}} {config = {cache_hint = "L1::evict_first"}, padding = 0.000000e+00 : f32}
// CHECK: tirx.copy cta %{{.*}}, %{{.*}} {padding = 0.000000e+00 : f32}
cuda_tile.module @k {
  entry @hinted(%a: tile<ptr<f32>>, %b: tile<ptr<f32>>) {
    %ta = make_tensor_view %a, shape = [4096], strides = [1] : tensor_view<4096xf32, strides=[1]>
    %pa = make_partition_view %ta : partition_view<tile=(1024), tensor_view<4096xf32, strides=[1]>>
    %tb = make_tensor_view %b, shape = [4096], strides = [1] : tensor_view<4096xf32, strides=[1]>
    %pb = make_partition_view %tb : partition_view<tile=(1024), tensor_view<4096xf32, strides=[1]>>
    %bx, %by, %bz = get_tile_block_id : tile<i32>
    %v, %t0 = load_view_tko weak %pa[%bx] optimization_hints = <default = {cache_hint = "L1::evict_first"}> : partition_view<tile=(1024), tensor_view<4096xf32, strides=[1]>>, tile<i32> -> tile<1024xf32>, token
    %w, %t1 = load_view_tko weak %pb[%bx] : partition_view<tile=(1024), tensor_view<4096xf32, strides=[1]>>, tile<i32> -> tile<1024xf32>, token
    %s = addf %v, %w : tile<1024xf32>
    %t2 = store_view_tko weak %s, %pa[%bx] : tile<1024xf32>, partition_view<tile=(1024), tensor_view<4096xf32, strides=[1]>>, tile<i32> -> token
    return
  }
}

// -----

cuda_tile.module @k {
  entry @bad(%a: tile<ptr<f32>>) {
    %ta = make_tensor_view %a, shape = [4096], strides = [1] : tensor_view<4096xf32, strides=[1]>
    %pa = make_partition_view %ta : partition_view<tile=(1024), tensor_view<4096xf32, strides=[1]>>
    %bx, %by, %bz = get_tile_block_id : tile<i32>
    // expected-error @+1 {{expects cache_hint to be L1::evict_normal, L1::evict_unchanged, L1::evict_first, L1::evict_last or L1::no_allocate, got "no_allocate"}}
    %v, %t0 = load_view_tko weak %pa[%bx] optimization_hints = <default = {cache_hint = "no_allocate"}> : partition_view<tile=(1024), tensor_view<4096xf32, strides=[1]>>, tile<i32> -> tile<1024xf32>, token
    return
  }
}

// -----

cuda_tile.module @k {
  entry @not_string(%a: tile<ptr<f32>>) {
    %ta = make_tensor_view %a, shape = [4096], strides = [1] : tensor_view<4096xf32, strides=[1]>
    %pa = make_partition_view %ta : partition_view<tile=(1024), tensor_view<4096xf32, strides=[1]>>
    %bx, %by, %bz = get_tile_block_id : tile<i32>
    // expected-error @+1 {{expects cache_hint to be a string}}
    %v, %t0 = load_view_tko weak %pa[%bx] optimization_hints = <default = {cache_hint = 1}> : partition_view<tile=(1024), tensor_view<4096xf32, strides=[1]>>, tile<i32> -> tile<1024xf32>, token
    return
  }
}

// -----

// The hint of the target's architecture wins over `default` (the pass's
// chip: sm_90); an entry for another architecture alone gives no config.
// CHECK-LABEL: gpu.func @per_arch
// CHECK: tirx.copy cta %{{.*}}, %{{.*}} {config = {cache_hint = "L1::evict_last"}, padding = 0.000000e+00 : f32}
// CHECK: tirx.copy cta %{{.*}}, %{{.*}} {padding = 0.000000e+00 : f32}
cuda_tile.module @k {
  entry @per_arch(%a: tile<ptr<f32>>, %b: tile<ptr<f32>>) {
    %ta = make_tensor_view %a, shape = [4096], strides = [1] : tensor_view<4096xf32, strides=[1]>
    %pa = make_partition_view %ta : partition_view<tile=(1024), tensor_view<4096xf32, strides=[1]>>
    %tb = make_tensor_view %b, shape = [4096], strides = [1] : tensor_view<4096xf32, strides=[1]>
    %pb = make_partition_view %tb : partition_view<tile=(1024), tensor_view<4096xf32, strides=[1]>>
    %bx, %by, %bz = get_tile_block_id : tile<i32>
    %v, %t0 = load_view_tko weak %pa[%bx] optimization_hints = <sm_90 = {cache_hint = "L1::evict_last"}, default = {cache_hint = "L1::evict_first"}> : partition_view<tile=(1024), tensor_view<4096xf32, strides=[1]>>, tile<i32> -> tile<1024xf32>, token
    %w, %t1 = load_view_tko weak %pb[%bx] optimization_hints = <sm_100 = {cache_hint = "L1::evict_last"}> : partition_view<tile=(1024), tensor_view<4096xf32, strides=[1]>>, tile<i32> -> tile<1024xf32>, token
    %s = addf %v, %w : tile<1024xf32>
    %t2 = store_view_tko weak %s, %pa[%bx] : tile<1024xf32>, partition_view<tile=(1024), tensor_view<4096xf32, strides=[1]>>, tile<i32> -> token
    return
  }
}
