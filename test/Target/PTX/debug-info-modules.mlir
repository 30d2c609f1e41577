// RUN: not tile-translate --cuda-tile-to-ptx --debug-info=lineinfo %s 2>&1 | FileCheck %s
// RUN: tile-translate --cuda-tile-to-ptx %s | FileCheck %s --check-prefix=NONE

// With debug info the kernels of all cuda_tile.modules compile to one PTX
// module (the file tables and DWARF of separate modules do not merge), so
// two modules may not define one symbol; without debug info they compile
// apart and their PTX merges.

// CHECK: debug-info-modules.mlir:[[@LINE+10]]:3: error: defines @lut that another module defines too: with debug info, the kernels of all modules compile to one PTX module

// NONE-DAG: .entry first(
// NONE-DAG: .entry second(

cuda_tile.module @a {
  global private constant @lut <i32: [1, 2]> : tile<2xi32>
  entry @first() { return }
}
cuda_tile.module @b {
  global private constant @lut <i32: [3, 4]> : tile<2xi32>
  entry @second() { return }
}
