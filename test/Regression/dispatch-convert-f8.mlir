// The f32 -> f8 conversion enumerated the two halves of a cvt pair through
// an ArrayRef of an initializer list that was already destroyed
// (AddressSanitizer: stack-use-after-scope, utils/sanitize.sh).
// RUN: tile-translate --cuda-tile-to-ptx %s | FileCheck %s

// CHECK: .visible .entry to_e5m2(
// CHECK: cvt.rn.satfinite.e5m2x2.f32
cuda_tile.module @k {
  entry @to_e5m2(%p: tile<ptr<f32>>, %q: tile<ptr<f8E5M2>>) {
    %v, %t0 = load_ptr_tko weak %p : tile<ptr<f32>> -> tile<f32>, token
    %w = ftof %v : tile<f32> -> tile<f8E5M2>
    %t1 = store_ptr_tko weak %q, %w token=%t0 : tile<ptr<f8E5M2>>, tile<f8E5M2> -> token
    return
  }
}
