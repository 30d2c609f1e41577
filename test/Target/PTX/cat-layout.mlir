// RUN: tile-translate --cuda-tile-to-ptx %s -o %t.ptx
// RUN: %ptxas -arch=sm_90 %t.ptx -o %t.cubin
// RUN: FileCheck %s < %t.ptx
// REQUIRES: ptxas

// `cat` of extracted halves along the innermost dimension stores with the
// load's 16-byte vectors, without shared memory; a cat along the outer
// dimension stores each half's vectors.

// CHECK-LABEL: // tileir.kernel swap_pairs params=(ptr,ptr)
// CHECK: ld.global.v4.b32
// CHECK-NOT: bar.sync
// CHECK-NOT: st.global.b16
// CHECK: st.global.v4.b32
// CHECK-NOT: st.global
// CHECK-LABEL: // tileir.kernel cat_outer params=(ptr,ptr)
// CHECK: ld.global.v4.b32 {%[[A0:r[0-9]+]],
// CHECK: ld.global.v4.b32 {%[[B0:r[0-9]+]],
// CHECK-NOT: bar.sync
// CHECK: st.global.v4.b32 [%{{.*}}], {%[[B0]],
// CHECK: st.global.v4.b32 [%{{.*}}+1024], {%[[A0]],

cuda_tile.module @m {
  entry @swap_pairs(%p: tile<ptr<f16>>, %q: tile<ptr<f16>>) {
    %tv = make_tensor_view %p, shape = [512], strides = [1] : tensor_view<512xf16, strides=[1]>
    %pv = make_partition_view %tv : partition_view<tile=(512), tensor_view<512xf16, strides=[1]>>
    %c0 = constant <i32: 0> : tile<i32>
    %c1 = constant <i32: 1> : tile<i32>
    %x, %t0 = load_view_tko weak %pv[%c0] : partition_view<tile=(512), tensor_view<512xf16, strides=[1]>>, tile<i32> -> tile<512xf16>, token
    %x2 = reshape %x : tile<512xf16> -> tile<256x2xf16>
    %g = extract %x2[%c0, %c0] : tile<256x2xf16> -> tile<256x1xf16>
    %v = extract %x2[%c0, %c1] : tile<256x2xf16> -> tile<256x1xf16>
    %ng = negf %g : tile<256x1xf16>
    %y2 = cat %v, %ng dim = 1 : tile<256x1xf16>, tile<256x1xf16> -> tile<256x2xf16>
    %y = reshape %y2 : tile<256x2xf16> -> tile<512xf16>
    %ov = make_tensor_view %q, shape = [512], strides = [1] : tensor_view<512xf16, strides=[1]>
    %op = make_partition_view %ov : partition_view<tile=(512), tensor_view<512xf16, strides=[1]>>
    %t1 = store_view_tko weak %y, %op[%c0] : tile<512xf16>, partition_view<tile=(512), tensor_view<512xf16, strides=[1]>>, tile<i32> -> token
    return
  }
  entry @cat_outer(%p: tile<ptr<f32>>, %q: tile<ptr<f32>>) {
    %tv = make_tensor_view %p, shape = [512], strides = [1] : tensor_view<512xf32, strides=[1]>
    %pv = make_partition_view %tv : partition_view<tile=(256), tensor_view<512xf32, strides=[1]>>
    %c0 = constant <i32: 0> : tile<i32>
    %c1 = constant <i32: 1> : tile<i32>
    %a, %t0 = load_view_tko weak %pv[%c0] : partition_view<tile=(256), tensor_view<512xf32, strides=[1]>>, tile<i32> -> tile<256xf32>, token
    %b, %t1 = load_view_tko weak %pv[%c1] : partition_view<tile=(256), tensor_view<512xf32, strides=[1]>>, tile<i32> -> tile<256xf32>, token
    %y = cat %b, %a dim = 0 : tile<256xf32>, tile<256xf32> -> tile<512xf32>
    %ov = make_tensor_view %q, shape = [512], strides = [1] : tensor_view<512xf32, strides=[1]>
    %op = make_partition_view %ov : partition_view<tile=(512), tensor_view<512xf32, strides=[1]>>
    %t2 = store_view_tko weak %y, %op[%c0] : tile<512xf32>, partition_view<tile=(512), tensor_view<512xf32, strides=[1]>>, tile<i32> -> token
    return
  }
}
