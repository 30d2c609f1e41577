// RUN: tile-opt %s --convert-cuda-tile-to-tirx -verify-diagnostics
// REQUIRES: testing-ops

// Only entries are lowered: any other op in a cuda_tile.module is an error.

cuda_tile.module @k {
  // expected-error@+1 {{'cuda_tile.testing$func' op is not supported inside a module by convert-cuda-tile-to-tirx yet}}
  testing$func @f(%a: tile<4xi32>) -> tile<4xi32> {
    return %a : tile<4xi32>
  }
}
