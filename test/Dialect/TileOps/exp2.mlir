// tileops.exp2 (torch.exp2): 2^x of float tiles, computed in f32 (cuda_tile
// exp2) and rounded once to the result type; integer inputs are rejected.
// RUN: tile-opt %s -split-input-file -verify-diagnostics | FileCheck %s --check-prefix=ROUND
// RUN: tile-opt %s -split-input-file -verify-diagnostics --tileops-expand | FileCheck %s

cuda_tile.module @m {
  // CHECK-LABEL: entry @exp2
  entry @exp2() {
    // CHECK: %[[X:.*]] = constant <f16: 1.500000e+00> : tile<8x16xf16>
    // CHECK: %[[XF:.*]] = ftof %[[X]] : tile<8x16xf16> -> tile<8x16xf32>
    // CHECK: %[[E:.*]] = exp2 %[[XF]] : tile<8x16xf32>
    // CHECK: ftof %[[E]] : tile<8x16xf32> -> tile<8x16xf16>
    %x = constant <f16: 1.5> : tile<8x16xf16>
    // ROUND: tileops.exp2 %{{.*}} : tile<8x16xf16> -> tile<8x16xf16>
    %y = tileops.exp2 %x : tile<8x16xf16> -> tile<8x16xf16>
    // f32: no conversion.
    // CHECK: %[[Z:.*]] = constant <f32: -3.000000e+00> : tile<4xf32>
    // CHECK-NEXT: exp2 %[[Z]] : tile<4xf32>
    // CHECK-NEXT: return
    %z = constant <f32: -3.0> : tile<4xf32>
    // ROUND: tileops.exp2 %{{.*}} : tile<4xf32> -> tile<4xf32>
    %w = tileops.exp2 %z : tile<4xf32> -> tile<4xf32>
    return
  }
}

// -----

cuda_tile.module @m {
  entry @e() {
    %x = constant <i32: 1> : tile<8xi32>
    // expected-error @+1 {{'tileops.exp2' op expects input 0 of element type f16/bf16/f32/f8E4M3FN/f8E5M2, got 'i32'}}
    %y = tileops.exp2 %x : tile<8xi32> -> tile<8xi32>
    return
  }
}

// -----

cuda_tile.module @m {
  entry @e() {
    %x = constant <f32: 1.0> : tile<8xf32>
    // expected-error @+1 {{'tileops.exp2' op expects result element type 'f32', got 'f16'}}
    %y = tileops.exp2 %x : tile<8xf32> -> tile<8xf16>
    return
  }
}
