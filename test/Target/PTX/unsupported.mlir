// RUN: not tile-translate --cuda-tile-to-ptx --chip=sm_75 %examples/vector_add.mlir 2>&1 | FileCheck %s --check-prefix=CHIP
// RUN: not tile-translate --cuda-tile-to-ptx --ptx-version=70 %examples/vector_add.mlir 2>&1 | FileCheck %s --check-prefix=PTX
// RUN: not tile-translate --cuda-tile-to-ptx %s 2>&1 | FileCheck %s --check-prefix=OP

// Inputs tile-translate rejects: a chip it does not support, a PTX ISA too
// old for the chip, and an op TileIR does not lower (an `extract` at a
// dynamic index among more than 64 blocks), with its location.

// CHIP: error: unsupported chip 'sm_75'; supported chips: sm_80, sm_86, sm_89, sm_90, sm_90a
// CHIP-NOT: .visible .entry
// PTX: error: PTX version 7.0 is too old for sm_90 (needs 8.0 or newer)

// OP: unsupported.mlir:[[@LINE+5]]:10: error: 'cuda_tile.extract' op with dynamic indices over 128 blocks is not supported (at most 64)
// OP-NOT: .visible .entry
cuda_tile.module @unsupported {
  entry @pick(%k: tile<i32>, %p: tile<ptr<i32>>) {
    %i = iota : tile<128xi32>
    %e = extract %i[%k] : tile<128xi32> -> tile<1xi32>
    %r = reshape %e : tile<1xi32> -> tile<i32>
    %t = store_ptr_tko weak %p, %r : tile<ptr<i32>>, tile<i32> -> token
    return
  }
}
