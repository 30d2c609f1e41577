// rounding<nearest_away> (value 7) is written and read from bytecode 13.4 on;
// 13.3 has no such value: an error naming it when writing, a located error
// when reading.
// RUN: tile-translate --mlir-to-cudatilebc --bytecode-version=13.4 %s | tile-opt | FileCheck %s
// RUN: not tile-translate --mlir-to-cudatilebc --bytecode-version=13.3 %s 2>&1 | FileCheck %s --check-prefix=WRITE133
// RUN: tile-translate --mlir-to-cudatilebc --bytecode-version=13.3 %S/Inputs/ftof-zero.mlir -o %t.bc
// RUN: %python %S/Inputs/corrupt.py rounding-away %t.bc %t.away.bc
// RUN: not tile-opt %t.away.bc 2>&1 | FileCheck %s --check-prefix=READ133

// CHECK: ftof %{{.*}} rounding<nearest_away> : tile<f32> -> tile<tf32>
// CHECK: ftof %{{.*}} rounding<negative_inf> : tile<f64> -> tile<f32>
// WRITE133: error: value #cuda_tile.rounding<nearest_away> of 'rounding_mode' requires bytecode version 13.4
// READ133: error: invalid Tile IR bytecode at byte {{[0-9]+}}: value 7 of 'rounding_mode' requires bytecode 13.4, file is 13.3

cuda_tile.module @kernels {
  entry @ftof(%x: tile<f32>, %d: tile<f64>) {
    %t = ftof %x rounding<nearest_away> : tile<f32> -> tile<tf32>
    %f = ftof %d rounding<negative_inf> : tile<f64> -> tile<f32>
    return
  }
}
