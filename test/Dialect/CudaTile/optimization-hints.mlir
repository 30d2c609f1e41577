// Diagnostics for optimization_hints are silent by default, warnings with
// -Wunsupported-hints and errors with -Werr-hints (also when both are given).
// The expectations below are written as warnings; the error runs rewrite
// them into errors.

// RUN: tile-opt %s -split-input-file 2>&1 | FileCheck %s --check-prefix=SILENT
// RUN: tile-opt %s -split-input-file -Wunsupported-hints -verify-diagnostics
// RUN: sed -e 's/expected-warning/expected-error/' %s | tile-opt -split-input-file -Werr-hints -verify-diagnostics
// RUN: sed -e 's/expected-warning/expected-error/' %s | tile-opt -split-input-file -Wunsupported-hints -Werr-hints -verify-diagnostics

// SILENT-NOT: warning
// SILENT-NOT: error
// SILENT: entry @valid_hints

// A valid hint set gives nothing in any mode.
cuda_tile.module @valid {
  entry @valid_hints(%p: tile<ptr<f32>>) optimization_hints=<sm_80 = {num_cta_in_cga = 1}, sm_90 = {num_cta_in_cga = 16, num_worker_warps_per_cta = 32, occupancy = 32}, default = {num_cta_in_cga = 2, num_worker_warps_per_cta = 1, occupancy = 1}> {
    %tv = make_tensor_view %p, shape = [64], strides = [1] : tensor_view<64xf32, strides=[1]>
    %pv = make_partition_view %tv : partition_view<tile=(8), tensor_view<64xf32, strides=[1]>>
    %c0 = constant <i32: 0> : tile<i32>
    %x, %t0 = load_view_tko weak %pv[%c0] optimization_hints = <sm_100 = {allow_tma = true, latency = 1}, default = {allow_tma = false, latency = 10}> : partition_view<tile=(8), tensor_view<64xf32, strides=[1]>>, tile<i32> -> tile<8xf32>, token
    %t1 = store_view_tko weak %x, %pv[%c0] optimization_hints = <sm_120 = {latency = 5}> : tile<8xf32>, partition_view<tile=(8), tensor_view<64xf32, strides=[1]>>, tile<i32> -> token
    %y, %t2 = load_ptr_tko weak %p optimization_hints = <sm_90 = {latency = 3}> : tile<ptr<f32>> -> tile<f32>, token
    %t3 = store_ptr_tko weak %p, %y optimization_hints = <default = {latency = 10}> : tile<ptr<f32>>, tile<f32> -> token
    return
  }
}

// -----

cuda_tile.module @unknown_arch {
  // expected-warning @+1 {{'cuda_tile.entry' op expects an optimization_hints architecture among sm_80, sm_86, sm_87, sm_88, sm_89, sm_90, sm_100, sm_103, sm_110, sm_120, sm_121, default, got 'sm_75'}}
  entry @k() optimization_hints=<sm_75 = {occupancy = 2}> {
    return
  }
}

// -----

cuda_tile.module @entry_unknown_hint {
  // expected-warning @+1 {{'cuda_tile.entry' op expects sm_90 hints among num_cta_in_cga, num_worker_warps_per_cta, occupancy, got 'latency'}}
  entry @k() optimization_hints=<sm_90 = {latency = 2}> {
    return
  }
}

// -----

cuda_tile.module @num_cta_in_cga {
  // expected-warning @+2 {{expects sm_90 hint num_cta_in_cga to be a power of two no larger than 16, got 3}}
  // expected-warning @+1 {{expects default hint num_cta_in_cga to be a power of two no larger than 16, got 32}}
  entry @k() optimization_hints=<sm_90 = {num_cta_in_cga = 3}, default = {num_cta_in_cga = 32}> {
    return
  }
}

// -----

cuda_tile.module @num_cta_in_cga_before_sm_90 {
  // expected-warning @+1 {{'cuda_tile.entry' op expects sm_86 hint num_cta_in_cga to be 1 (no thread block clusters before sm_90), got 2}}
  entry @k() optimization_hints=<sm_86 = {num_cta_in_cga = 2}> {
    return
  }
}

// -----

cuda_tile.module @num_worker_warps_per_cta {
  // expected-warning @+2 {{expects sm_100 hint num_worker_warps_per_cta to be a power of two no larger than 32, got 64}}
  // expected-warning @+1 {{expects sm_120 hint num_worker_warps_per_cta to be a power of two no larger than 32, got 0}}
  entry @k() optimization_hints=<sm_100 = {num_worker_warps_per_cta = 64}, sm_120 = {num_worker_warps_per_cta = 0}> {
    return
  }
}

// -----

cuda_tile.module @occupancy {
  // expected-warning @+3 {{expects sm_90 hint occupancy to be an integer in [1, 32], got 0}}
  // expected-warning @+2 {{expects default hint occupancy to be an integer in [1, 32], got 33}}
  // expected-warning @+1 {{expects sm_100 hint occupancy to be an integer in [1, 32], got true}}
  entry @k() optimization_hints=<sm_90 = {occupancy = 0}, default = {occupancy = 33}, sm_100 = {occupancy = true}> {
    return
  }
}

// -----

cuda_tile.module @view_hints {
  entry @k(%p: tile<ptr<f32>>) {
    %tv = make_tensor_view %p, shape = [64], strides = [1] : tensor_view<64xf32, strides=[1]>
    %pv = make_partition_view %tv : partition_view<tile=(8), tensor_view<64xf32, strides=[1]>>
    %c0 = constant <i32: 0> : tile<i32>
    // expected-warning @+4 {{'cuda_tile.load_view_tko' op expects sm_90 hint allow_tma to be a boolean, got 1}}
    // expected-warning @+3 {{expects sm_90 hint latency to be an integer in [1, 10], got 11}}
    // expected-warning @+2 {{expects sm_90 hint cache_hint to be a string (a PTX L1 eviction priority), got 3}}
    // expected-warning @+1 {{'cuda_tile.load_view_tko' op expects sm_90 hints among allow_tma, cache_hint, latency, got 'occupancy'}}
    %x, %t0 = load_view_tko weak %pv[%c0] optimization_hints = <sm_90 = {allow_tma = 1, cache_hint = 3, latency = 11, occupancy = 2}> : partition_view<tile=(8), tensor_view<64xf32, strides=[1]>>, tile<i32> -> tile<8xf32>, token
    return
  }
}

// -----

cuda_tile.module @store_view_hints {
  entry @k(%p: tile<ptr<f32>>) {
    %tv = make_tensor_view %p, shape = [64], strides = [1] : tensor_view<64xf32, strides=[1]>
    %pv = make_partition_view %tv : partition_view<tile=(8), tensor_view<64xf32, strides=[1]>>
    %c0 = constant <i32: 0> : tile<i32>
    %x = constant <f32: 0.0> : tile<8xf32>
    // store_view_tko takes no cache_hint (a load hint).
    // expected-warning @+2 {{'cuda_tile.store_view_tko' op expects default hints among allow_tma, latency, got 'cache_hint'}}
    // expected-warning @+1 {{'cuda_tile.store_view_tko' op expects default hint latency to be an integer in [1, 10], got "fast"}}
    %t = store_view_tko weak %x, %pv[%c0] optimization_hints = <default = {cache_hint = "L1::evict_first", latency = "fast"}> : tile<8xf32>, partition_view<tile=(8), tensor_view<64xf32, strides=[1]>>, tile<i32> -> token
    return
  }
}

// -----

cuda_tile.module @load_ptr_hints {
  entry @k(%p: tile<ptr<f32>>) {
    // expected-warning @+2 {{'cuda_tile.load_ptr_tko' op expects sm_90 hints among latency, got 'allow_tma'}}
    // expected-warning @+1 {{expects sm_90 hint latency to be an integer in [1, 10], got 0}}
    %y, %t = load_ptr_tko weak %p optimization_hints = <sm_90 = {allow_tma = true, latency = 0}> : tile<ptr<f32>> -> tile<f32>, token
    return
  }
}

// -----

cuda_tile.module @store_ptr_hints {
  entry @k(%p: tile<ptr<f32>>, %v: tile<f32>) {
    // expected-warning @+1 {{'cuda_tile.store_ptr_tko' op expects an optimization_hints architecture among sm_80, sm_86, sm_87, sm_88, sm_89, sm_90, sm_100, sm_103, sm_110, sm_120, sm_121, default, got 'sm_70'}}
    %t = store_ptr_tko weak %p, %v optimization_hints = <sm_70 = {latency = 2}> : tile<ptr<f32>>, tile<f32> -> token
    return
  }
}
