// RUN: tile-translate --cuda-tile-to-ptx %s -o %t.ptx
// RUN: %ptxas -arch=sm_90 %t.ptx -o %t.cubin
// RUN: FileCheck %s < %t.ptx
// REQUIRES: ptxas

// Elementwise maps whose operands come from `extract` (layouts chosen by
// EntryLowering::allocMapResult) and integer abs at every width, assembled
// by ptxas for sm_90.

// The halves stay in the registers they were loaded into: no shared memory.
// CHECK-LABEL: // tileir.kernel follow params=(ptr,ptr)
// CHECK-NOT: bar.sync
// CHECK: mul.rn.f32
// CHECK-NOT: bar.sync
// CHECK: st.global
// One conversion through shared memory serves both uses of the half.
// CHECK-LABEL: // tileir.kernel convert_once params=(ptr,ptr,ptr)
// CHECK: st.shared
// CHECK: bar.sync 0;
// CHECK: ld.shared
// CHECK-NOT: bar.sync
// CHECK: st.global
// abs on i8 and i16 (max(x, -x)).
// CHECK-LABEL: // tileir.kernel abs_narrow params=(ptr,ptr,ptr,ptr)
// CHECK: ld.global.v4.b32
// CHECK: abs.s16
// CHECK: st.global
// CHECK: abs.s16
// CHECK: st.global

cuda_tile.module @m {
  entry @follow(%p: tile<ptr<f16>>, %q: tile<ptr<f32>>) {
    %tv = make_tensor_view %p, shape = [512], strides = [1] : tensor_view<512xf16, strides=[1]>
    %pv = make_partition_view %tv : partition_view<tile=(512), tensor_view<512xf16, strides=[1]>>
    %c0 = constant <i32: 0> : tile<i32>
    %c1 = constant <i32: 1> : tile<i32>
    %x, %t0 = load_view_tko weak %pv[%c0] : partition_view<tile=(512), tensor_view<512xf16, strides=[1]>>, tile<i32> -> tile<512xf16>, token
    %x2 = reshape %x : tile<512xf16> -> tile<256x2xf16>
    %g = extract %x2[%c0, %c0] : tile<256x2xf16> -> tile<256x1xf16>
    %v = extract %x2[%c0, %c1] : tile<256x2xf16> -> tile<256x1xf16>
    %gf = ftof %g : tile<256x1xf16> -> tile<256x1xf32>
    %vf = ftof %v : tile<256x1xf16> -> tile<256x1xf32>
    %y = mulf %gf, %vf rounding<nearest_even> : tile<256x1xf32>
    %yf = reshape %y : tile<256x1xf32> -> tile<256xf32>
    %ov = make_tensor_view %q, shape = [256], strides = [1] : tensor_view<256xf32, strides=[1]>
    %op = make_partition_view %ov : partition_view<tile=(256), tensor_view<256xf32, strides=[1]>>
    %t1 = store_view_tko weak %yf, %op[%c0] : tile<256xf32>, partition_view<tile=(256), tensor_view<256xf32, strides=[1]>>, tile<i32> -> token
    return
  }
  entry @convert_once(%p: tile<ptr<f16>>, %w: tile<ptr<f32>>, %q: tile<ptr<f32>>) {
    %tv = make_tensor_view %p, shape = [512], strides = [1] : tensor_view<512xf16, strides=[1]>
    %pv = make_partition_view %tv : partition_view<tile=(512), tensor_view<512xf16, strides=[1]>>
    %c0 = constant <i32: 0> : tile<i32>
    %x, %t0 = load_view_tko weak %pv[%c0] : partition_view<tile=(512), tensor_view<512xf16, strides=[1]>>, tile<i32> -> tile<512xf16>, token
    %x2 = reshape %x : tile<512xf16> -> tile<256x2xf16>
    %g = extract %x2[%c0, %c0] : tile<256x2xf16> -> tile<256x1xf16>
    %gf = ftof %g : tile<256x1xf16> -> tile<256x1xf32>
    %wv = make_tensor_view %w, shape = [256, 1], strides = [1, 1] : tensor_view<256x1xf32, strides=[1,1]>
    %wp = make_partition_view %wv : partition_view<tile=(256x1), tensor_view<256x1xf32, strides=[1,1]>>
    %wt, %t1 = load_view_tko weak %wp[%c0, %c0] : partition_view<tile=(256x1), tensor_view<256x1xf32, strides=[1,1]>>, tile<i32> -> tile<256x1xf32>, token
    %s = addf %gf, %wt rounding<nearest_even> : tile<256x1xf32>
    %m = mulf %gf, %wt rounding<nearest_even> : tile<256x1xf32>
    %y = addf %s, %m rounding<nearest_even> : tile<256x1xf32>
    %qv = make_tensor_view %q, shape = [256, 1], strides = [1, 1] : tensor_view<256x1xf32, strides=[1,1]>
    %qp = make_partition_view %qv : partition_view<tile=(256x1), tensor_view<256x1xf32, strides=[1,1]>>
    %t2 = store_view_tko weak %y, %qp[%c0, %c0] : tile<256x1xf32>, partition_view<tile=(256x1), tensor_view<256x1xf32, strides=[1,1]>>, tile<i32> -> token
    return
  }
  entry @abs_narrow(%a: tile<ptr<i8>>, %b: tile<ptr<i8>>, %c: tile<ptr<i16>>, %d: tile<ptr<i16>>) {
    %c0 = constant <i32: 0> : tile<i32>
    %av = make_tensor_view %a, shape = [256], strides = [1] : tensor_view<256xi8, strides=[1]>
    %ap = make_partition_view %av : partition_view<tile=(256), tensor_view<256xi8, strides=[1]>>
    %x, %t0 = load_view_tko weak %ap[%c0] : partition_view<tile=(256), tensor_view<256xi8, strides=[1]>>, tile<i32> -> tile<256xi8>, token
    %y = absi %x : tile<256xi8>
    %bv = make_tensor_view %b, shape = [256], strides = [1] : tensor_view<256xi8, strides=[1]>
    %bp = make_partition_view %bv : partition_view<tile=(256), tensor_view<256xi8, strides=[1]>>
    %t1 = store_view_tko weak %y, %bp[%c0] : tile<256xi8>, partition_view<tile=(256), tensor_view<256xi8, strides=[1]>>, tile<i32> -> token
    %cv = make_tensor_view %c, shape = [256], strides = [1] : tensor_view<256xi16, strides=[1]>
    %cp = make_partition_view %cv : partition_view<tile=(256), tensor_view<256xi16, strides=[1]>>
    %u, %t2 = load_view_tko weak %cp[%c0] : partition_view<tile=(256), tensor_view<256xi16, strides=[1]>>, tile<i32> -> tile<256xi16>, token
    %w = absi %u : tile<256xi16>
    %dv = make_tensor_view %d, shape = [256], strides = [1] : tensor_view<256xi16, strides=[1]>
    %dp = make_partition_view %dv : partition_view<tile=(256), tensor_view<256xi16, strides=[1]>>
    %t3 = store_view_tko weak %w, %dp[%c0] : tile<256xi16>, partition_view<tile=(256), tensor_view<256xi16, strides=[1]>>, tile<i32> -> token
    return
  }
}
