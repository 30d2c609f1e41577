// RUN: tile-opt %s --canonicalize | FileCheck %s
// REQUIRES: testing-ops

// `constant` is ConstantLike and folds to its value: the folder uniques equal
// constants and hoists them to the start of the function.

cuda_tile.module @fold {
  // CHECK-LABEL: testing$func @unique_constants
  // CHECK-NEXT: %[[C:.*]] = constant <f32: 1.000000e+00> : tile<4xf32>
  // CHECK-NEXT: %[[S:.*]] = addf %[[C]], %[[C]] : tile<4xf32>
  // CHECK-NEXT: return %[[S]] : tile<4xf32>
  testing$func @unique_constants() -> tile<4xf32> {
    %a = constant <f32: 1.0> : tile<4xf32>
    %b = constant <f32: [1.0, 1.0, 1.0, 1.0]> : tile<4xf32>
    %s = addf %a, %b : tile<4xf32>
    return %s : tile<4xf32>
  }

  // Constants of different tile types stay distinct.
  // CHECK-LABEL: testing$func @distinct_types
  // CHECK-DAG: constant <f32: 1.000000e+00> : tile<4xf32>
  // CHECK-DAG: constant <f32: 1.000000e+00> : tile<8xf32>
  testing$func @distinct_types() -> (tile<4xf32>, tile<8xf32>) {
    %a = constant <f32: 1.0> : tile<4xf32>
    %b = constant <f32: 1.0> : tile<8xf32>
    return %a, %b : tile<4xf32>, tile<8xf32>
  }

  // Unused constants are removed.
  // CHECK-LABEL: testing$func @dead_constant
  // CHECK-NEXT: return
  testing$func @dead_constant() {
    %a = constant <i32: 3> : tile<i32>
    return
  }
}
