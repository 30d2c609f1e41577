// REQUIRES: ptxas
// RUN: tile-translate --cuda-tile-to-ptx %s -o %t.ptx
// RUN: FileCheck %s < %t.ptx
// RUN: %ptxas -arch=sm_90 %t.ptx -o /dev/null

// A combiner with a remainder by a value from outside the reduction, as
// cuTile writes `ct.reduce(x, -1, lambda a, b: (a + b) % m, 0)`. `remi`
// has no memory effects but may trap (it is not Pure); the body accepts it,
// as NVIDIA's tileiras does.

// CHECK-LABEL: .entry sum_mod(
// CHECK: rem.s32
cuda_tile.module @m {
  entry @sum_mod(%x: tile<ptr<i32>>, %mp: tile<ptr<i32>>, %out: tile<ptr<i32>>) {
    %m, %t0 = load_ptr_tko weak %mp : tile<ptr<i32>> -> tile<i32>, token
    %tx = make_tensor_view %x, shape = [16, 16], strides = [16, 1] : tensor_view<16x16xi32, strides=[16,1]>
    %px = make_partition_view %tx : partition_view<tile=(16x16), tensor_view<16x16xi32, strides=[16,1]>>
    %c0 = constant <i32: 0> : tile<i32>
    %v, %t1 = load_view_tko weak %px[%c0, %c0] : partition_view<tile=(16x16), tensor_view<16x16xi32, strides=[16,1]>>, tile<i32> -> tile<16x16xi32>, token
    %r = reduce %v dim=1 identities=[0 : i32] : tile<16x16xi32> -> tile<16xi32>
    (%a: tile<i32>, %b: tile<i32>) {
      %s = addi %a, %b : tile<i32>
      %q = remi %s, %m signed : tile<i32>
      yield %q : tile<i32>
    }
    %to = make_tensor_view %out, shape = [16], strides = [1] : tensor_view<16xi32, strides=[1]>
    %po = make_partition_view %to : partition_view<tile=(16), tensor_view<16xi32, strides=[1]>>
    %t2 = store_view_tko weak %r, %po[%c0] : tile<16xi32>, partition_view<tile=(16), tensor_view<16xi32, strides=[1]>>, tile<i32> -> token
    return
  }
}
