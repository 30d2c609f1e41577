// RUN: tile-opt %s | FileCheck %s
// RUN: tile-opt %s --mlir-print-op-generic | tile-opt | FileCheck %s
// RUN: tile-opt %s --mlir-print-op-generic | FileCheck %s --check-prefix=GENERIC
// REQUIRES: testing-ops

// The dense literal syntax of `constant`: `<ELT: LITERAL> : tile<...>`. Floats
// print as `1.000000e+00` (or the shortest exact form), non-finite values as
// their hexadecimal bit pattern, splats as one scalar, i1 as true/false.

cuda_tile.module @literals {
  // CHECK-LABEL: testing$func @floats
  testing$func @floats() {
    // CHECK: constant <f32: {{\[}}[1.000000e+00, 2.000000e+00], [4.000000e+00, 5.000000e+00]]> : tile<2x2xf32>
    // GENERIC: "cuda_tile.constant"() <{value = dense<{{\[}}[1.000000e+00, 2.000000e+00], [4.000000e+00, 5.000000e+00]]> : tensor<2x2xf32>}> : () -> !cuda_tile.tile<2x2xf32>
    %0 = constant <f32: [[1.0, 2.0], [4.0, 5.0]]> : !cuda_tile.tile<2x2xf32>
    // CHECK: constant <f32: 0x7F800000> : tile<128xf32>
    // GENERIC: <{value = dense<0x7F800000> : tensor<128xf32>}>
    %1 = constant <f32: 0x7F800000> : tile<128xf32>
    // CHECK: constant <f32: 0xFFC00000> : tile<f32>
    %2 = constant <f32: 0xFFC00000> : tile<f32>
    // CHECK: constant <f32: [1.000000e-01, -2.500000e-03]> : tile<2xf32>
    %3 = constant <f32: [0.1, -2.5e-3]> : tile<2xf32>
    // CHECK: constant <f64: 1.000000e-01> : tile<f64>
    %4 = constant <f64: 0.1> : tile<f64>
    // CHECK: constant <f64: 1.0000000000000002> : tile<f64>
    %5 = constant <f64: 1.0000000000000002> : tile<f64>
    // CHECK: constant <f16: [1.000000e+00, 6.550400e+04]> : tile<2xf16>
    %6 = constant <f16: [1.0, 65504.0]> : tile<2xf16>
    // CHECK: constant <bf16: -0.000000e+00> : tile<4xbf16>
    %7 = constant <bf16: -0.0> : tile<4xbf16>
    // CHECK: constant <tf32: 3.000000e+00> : tile<tf32>
    %8 = constant <tf32: 3.0> : tile<tf32>
    // CHECK: constant <f8E4M3FN: [4.480000e+02, -5.000000e-01]> : tile<2xf8E4M3FN>
    %9 = constant <f8E4M3FN: [448.0, -0.5]> : tile<2xf8E4M3FN>
    // CHECK: constant <f8E5M2: 0x7C> : tile<2xf8E5M2>
    %10 = constant <f8E5M2: 0x7C> : tile<2xf8E5M2>
    // CHECK: constant <f8E8M0FNU: 1.000000e+00> : tile<2xf8E8M0FNU>
    %11 = constant <f8E8M0FNU: 1.0> : tile<2xf8E8M0FNU>
    // CHECK: constant <f4E2M1FN: [6.000000e+00, -1.500000e+00]> : tile<2xf4E2M1FN>
    %12 = constant <f4E2M1FN: [6.0, -1.5]> : tile<2xf4E2M1FN>
    // CHECK: constant <f32: {{\[}}{{\[}}[1.000000e+00], [2.000000e+00]], {{\[}}[3.000000e+00], [4.000000e+00]]]> : tile<2x2x1xf32>
    %13 = constant <f32: [[[1.0], [2.0]], [[3.0], [4.0]]]> : tile<2x2x1xf32>
    return
  }

  // CHECK-LABEL: testing$func @integers
  testing$func @integers() {
    // CHECK: %[[T:.*]] = constant <i1: [true, false, true, false]> : tile<4xi1>
    // GENERIC: <{value = dense<[true, false, true, false]> : tensor<4xi1>}>
    %0 = constant <i1: [true, false, 1, 0]> : tile<4xi1>
    // CHECK: %true = constant <i1: true> : tile<i1>
    %1 = constant <i1: -1> : tile<i1>
    // CHECK: %false = constant <i1: false> : tile<8xi1>
    %2 = constant <i1: false> : tile<8xi1>
    // Integers may use the signed or the unsigned range; they print signed.
    // CHECK: constant <i8: [-1, -128, 127, 1]> : tile<4xi8>
    %3 = constant <i8: [255, -128, 0x7F, 1]> : tile<4xi8>
    // CHECK: constant <i16: -1> : tile<i16>
    %4 = constant <i16: 65535> : tile<i16>
    // CHECK: constant <i32: -2147483648> : tile<i32>
    %5 = constant <i32: 0x80000000> : tile<i32>
    // CHECK: constant <i64: -1> : tile<i64>
    %6 = constant <i64: 0xFFFFFFFFFFFFFFFF> : tile<i64>
    // CHECK: constant <i64: -9223372036854775808> : tile<i64>
    %7 = constant <i64: -9223372036854775808> : tile<i64>
    // Splats collapse to one scalar.
    // CHECK: %cst_42_i32 = constant <i32: 42> : tile<1xi32>
    %8 = constant <i32: [42]> : tile<1xi32>
    // CHECK: %cst_7_i32 = constant <i32: 7> : tile<2x2xi32>
    %9 = constant <i32: [[7, 7], [7, 7]]> : tile<2x2xi32>
    return
  }
}
