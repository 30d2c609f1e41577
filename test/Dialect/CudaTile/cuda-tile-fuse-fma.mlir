// RUN: tile-opt %s --pass-pipeline='builtin.module(cuda_tile.module(cuda_tile.testing$func(cuda-tile-fuse-fma)))' | FileCheck %s
// REQUIRES: testing-ops

cuda_tile.module @m {
  // CHECK-LABEL: testing$func @add
  // CHECK-NEXT: %[[F:.*]] = fma %arg0, %arg1, %arg2 : tile<4xf32>
  // CHECK-NEXT: return %[[F]]
  testing$func @add(%a: tile<4xf32>, %b: tile<4xf32>, %c: tile<4xf32>) -> tile<4xf32> {
    %m = mulf %a, %b : tile<4xf32>
    %s = addf %c, %m : tile<4xf32>
    return %s : tile<4xf32>
  }

  // CHECK-LABEL: testing$func @sub
  // CHECK-NEXT: %[[N:.*]] = negf %arg2 : tile<4xf32>
  // CHECK-NEXT: %[[F:.*]] = fma %arg0, %arg1, %[[N]] rounding<zero> flush_to_zero : tile<4xf32>
  // CHECK-NEXT: return %[[F]]
  testing$func @sub(%a: tile<4xf32>, %b: tile<4xf32>, %c: tile<4xf32>) -> tile<4xf32> {
    %m = mulf %a, %b rounding<zero> flush_to_zero : tile<4xf32>
    %s = subf %m, %c rounding<zero> flush_to_zero : tile<4xf32>
    return %s : tile<4xf32>
  }

  // Not fused: the mulf has two uses, or the modifiers differ.
  // CHECK-LABEL: testing$func @not_fused
  // CHECK-NOT: fma
  // CHECK: return
  testing$func @not_fused(%a: tile<4xf32>, %b: tile<4xf32>, %c: tile<4xf32>) -> (tile<4xf32>, tile<4xf32>) {
    %m = mulf %a, %b : tile<4xf32>
    %s = addf %m, %c : tile<4xf32>
    %n = mulf %a, %c rounding<zero> : tile<4xf32>
    %t = addf %n, %m : tile<4xf32>
    return %s, %t : tile<4xf32>, tile<4xf32>
  }
}
