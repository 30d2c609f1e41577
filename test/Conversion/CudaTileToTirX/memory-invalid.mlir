// RUN: tile-opt %s --convert-cuda-tile-to-tirx -split-input-file -verify-diagnostics

// What the memory family rejects.

cuda_tile.module @k {
  // expected-error@+1 {{'cuda_tile.global' op expects an element type of whole bytes to store in a global (i8..i64, f8E4M3FN, f8E5M2, f16, bf16, f32, f64), got 'i1'}}
  global @flags <i1: [true, false]> : tile<2xi1>
  entry @e() {
    return
  }
}
