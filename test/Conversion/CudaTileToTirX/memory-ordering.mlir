// RUN: tile-opt %s --convert-cuda-tile-to-tirx -split-input-file -verify-diagnostics

// Regression test (fixed): convert-cuda-tile-to-tirx ignores the memory ordering semantics and
// scope of load_ptr_tko / store_ptr_tko / load_view_tko / store_view_tko:
// an `acquire device` load and a `release device` store become plain
// tirx.load_ptr / tirx.store_ptr, and tile-translate emits ld.global /
// st.global (weak) instead of ld.acquire.gpu / st.release.gpu. Until they
// are lowered, anything but `weak` should be rejected like the unsupported
// rounding modes are.

cuda_tile.module @k {
  entry @acquire(%p: tile<ptr<i32>>) {
    // expected-error@+1 {{acquire}}
    %v, %t = load_ptr_tko acquire device %p : tile<ptr<i32>> -> tile<i32>, token
    return
  }
}

// -----

cuda_tile.module @k {
  entry @release(%p: tile<ptr<i32>>, %v: tile<i32>) {
    // expected-error@+1 {{release}}
    %t = store_ptr_tko release device %p, %v : tile<ptr<i32>>, tile<i32> -> token
    return
  }
}
