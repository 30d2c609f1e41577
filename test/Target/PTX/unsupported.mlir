// RUN: not tile-translate --cuda-tile-to-ptx --chip=sm_75 %examples/vector_add.mlir 2>&1 | FileCheck %s --check-prefix=CHIP
// RUN: not tile-translate --cuda-tile-to-ptx --ptx-version=70 %examples/vector_add.mlir 2>&1 | FileCheck %s --check-prefix=PTX
// RUN: not tile-translate --cuda-tile-to-ptx %s 2>&1 | FileCheck %s --check-prefix=OP

// Inputs tile-translate rejects: a chip it does not support, a PTX ISA too
// old for the chip, and an op outside what is lowered so far (with its
// location).

// CHIP: error: unsupported chip 'sm_75'; supported chips: sm_80, sm_86, sm_89, sm_90, sm_90a
// CHIP-NOT: .visible .entry
// PTX: error: PTX version 7.0 is too old for sm_90 (needs 8.0 or newer)

// OP: unsupported.mlir:[[@LINE+6]]:10: error: 'cuda_tile.reduce' op with a 'cuda_tile.muli' body is not supported yet
// OP-NOT: .visible .entry
cuda_tile.module @unsupported {
  entry @product() {
    %i = iota : tile<512xi32>
    %r = reshape %i : tile<512xi32> -> tile<4x128xi32>
    %p = reduce %r dim=1 identities=[1 : i32] : tile<4x128xi32> -> tile<4xi32>
    (%a: tile<i32>, %b: tile<i32>) {
      %m = muli %a, %b : tile<i32>
      yield %m : tile<i32>
    }
    return
  }
}
