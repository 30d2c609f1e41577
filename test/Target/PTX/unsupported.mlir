// RUN: not tile-translate --cuda-tile-to-ptx --chip=sm_75 %examples/vector_add.mlir 2>&1 | FileCheck %s --check-prefix=CHIP
// RUN: not tile-translate --cuda-tile-to-ptx --ptx-version=70 %examples/vector_add.mlir 2>&1 | FileCheck %s --check-prefix=PTX
// RUN: not tile-translate --cuda-tile-to-ptx %s 2>&1 | FileCheck %s --check-prefix=OP

// Inputs tile-translate rejects: a chip it does not support, a PTX ISA too
// old for the chip, and an op that lowers to a primitive no variant takes
// (a reduction of 64-bit elements, which are not shuffled yet), with its
// location.

// CHIP: error: unsupported chip 'sm_75'; supported chips: sm_80, sm_86, sm_89, sm_90, sm_90a
// CHIP-NOT: .visible .entry
// PTX: error: PTX version 7.0 is too old for sm_90 (needs 8.0 or newer)

// OP: unsupported.mlir:[[@LINE+7]]:10: error: 'tirx.reduce' op has no applicable variant on target 'cuda' (sm_90)
// OP: regionReduceLayouts: 64-bit elements are not shuffled yet
// OP-NOT: .visible .entry
cuda_tile.module @unsupported {
  entry @product() {
    %i = iota : tile<512xi64>
    %r = reshape %i : tile<512xi64> -> tile<4x128xi64>
    %p = reduce %r dim=1 identities=[1 : i64] : tile<4x128xi64> -> tile<4xi64>
    (%a: tile<i64>, %b: tile<i64>) {
      %m = muli %a, %b : tile<i64>
      yield %m : tile<i64>
    }
    return
  }
}
