// The verifier of tirx.region_reduce checked a reduction without
// destinations against a made-up register buffer without a layout, which
// is not a valid type (a failed assertion with assertions on). A reduction
// of a whole tile to a scalar has no destination.
// RUN: tile-translate --cuda-tile-to-ptx %s | FileCheck %s

// CHECK: .visible .entry sum_all(
cuda_tile.module @k {
  entry @sum_all(%out: tile<ptr<i64>>) {
    %i = iota : tile<512xi64>
    %r = reduce %i dim=0 identities=[0 : i64] : tile<512xi64> -> tile<i64>
    (%a: tile<i64>, %b: tile<i64>) {
      %s = addi %a, %b : tile<i64>
      yield %s : tile<i64>
    }
    %t = store_ptr_tko weak %out, %r : tile<ptr<i64>>, tile<i64> -> token
    return
  }
}
