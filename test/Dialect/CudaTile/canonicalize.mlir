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

// A repeated identical `assume` folds into the first one; a different
// predicate stays.
cuda_tile.module @assume {
  // CHECK-LABEL: testing$func @repeated_assume
  // CHECK-NEXT: %[[A:.*]] = assume div_by<16>, %{{.*}} : tile<4xi32>
  // CHECK-NEXT: %[[B:.*]] = assume bounded<0, ?>, %[[A]] : tile<4xi32>
  // CHECK-NEXT: return %[[A]], %[[B]]
  testing$func @repeated_assume(%x: tile<4xi32>) -> (tile<4xi32>, tile<4xi32>) {
    %a = assume div_by<16>, %x : tile<4xi32>
    %b = assume div_by<16>, %a : tile<4xi32>
    %c = assume bounded<0, ?>, %b : tile<4xi32>
    return %b, %c : tile<4xi32>, tile<4xi32>
  }
}
