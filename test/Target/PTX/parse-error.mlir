// RUN: not tile-translate --cuda-tile-to-ptx %s 2>&1 | FileCheck %s

// Malformed input: the parse error with its location, and no PTX.

// CHECK: parse-error.mlir:[[@LINE+4]]:18: error: expected SSA operand
// CHECK-NOT: .visible .entry
cuda_tile.module @bad {
  entry @f(%a: tile<f32>) {
    %b = addf %a, : tile<f32>
    return
  }
}
