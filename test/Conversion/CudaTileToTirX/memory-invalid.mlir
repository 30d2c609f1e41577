// RUN: tile-opt %s --convert-cuda-tile-to-tirx -split-input-file -verify-diagnostics

// What the memory family rejects.

cuda_tile.module @k {
  entry @alloca() {
    // expected-error@+1 {{'cuda_tile.alloca' op is not supported: the kernel ABI addresses global memory only (pointer tiles are 64-bit global addresses), and an alloca needs per-tile-block local or shared storage}}
    %0 = alloca num_elem = 64, alignment = 16 global : tile<ptr<f32>>
    return
  }
}

// -----

cuda_tile.module @k {
  // expected-error@+1 {{'cuda_tile.global' op expects an element type LLVM can store in a global (i8..i64, f16, bf16, f32, f64), got 'i1'}}
  global @flags <i1: [true, false]> : tile<2xi1>
  entry @e() {
    return
  }
}
