// RUN: tile-translate --cuda-tile-to-llvmir %s 2>&1 | FileCheck %s --check-prefix=SILENT
// RUN: tile-translate --cuda-tile-to-llvmir -Wunsupported-hints %s 2>&1 | FileCheck %s --check-prefix=WARN
// RUN: not tile-translate --cuda-tile-to-llvmir -Werr-hints %s 2>&1 | FileCheck %s --check-prefix=ERR

// tile-translate takes -Wunsupported-hints and -Werr-hints too: an invalid
// hint is ignored silently by default, is a warning that still translates,
// or is an error that stops the translation.

// SILENT-NOT: warning
// SILENT: define ptx_kernel void @k(

// WARN: optimization-hints.mlir:[[@LINE+6]]:3: warning: 'cuda_tile.entry' op expects sm_90 hint occupancy to be an integer in [1, 32], got 64
// WARN: define ptx_kernel void @k(

// ERR: optimization-hints.mlir:[[@LINE+3]]:3: error: 'cuda_tile.entry' op expects sm_90 hint occupancy to be an integer in [1, 32], got 64
// ERR-NOT: define
cuda_tile.module @hints {
  entry @k(%p: tile<ptr<f32>>) optimization_hints=<sm_90 = {occupancy = 64}> {
    %v, %t = load_ptr_tko weak %p : tile<ptr<f32>> -> tile<f32>, token
    %t1 = store_ptr_tko weak %p, %v : tile<ptr<f32>>, tile<f32> -> token
    return
  }
}
