// RUN: tile-opt %s --convert-cuda-tile-to-tirx | FileCheck %s

// The result buffer of an elementwise tirx.map: the planner's blocked layout,
// unless following the operands' layout needs fewer layout conversions
// (EntryLowering::allocMapResult). Operands that disagree with the chosen
// layout are converted once per value and layout.

// After `extract`, the halves keep the register order of the 512-element
// load (4 rows per thread, every other register): the conversions follow
// them into compact registers, the product of the two agrees, and the
// reshaped result stores from the same registers. No shared memory.
// CHECK-LABEL: gpu.func @follow
// CHECK: %[[X:.*]] = tirx.alloc : !tirx.buffer<512xf16, local, <S[(64,8):(1@tx,1)]>>
// CHECK: %[[X2:.*]] = tirx.view %[[X]]
// CHECK: %[[G:.*]] = tirx.view %[[X2]] : {{.*}} -> !tirx.buffer<256x1xf16, local, <S[(64,4):(1@tx,2)]>>
// CHECK: %[[V:.*]] = tirx.view %[[X2]] : {{.*}} -> !tirx.buffer<256x1xf16, local, <S[(64,4):(1@tx,2)] + 1>>
// CHECK: %[[GF:.*]] = tirx.alloc : !tirx.buffer<256x1xf32, local, <S[(64,4):(1@tx,1)]>>
// CHECK: tirx.map cta %[[GF]], %[[G]] :
// CHECK: %[[VF:.*]] = tirx.alloc : !tirx.buffer<256x1xf32, local, <S[(64,4):(1@tx,1)]>>
// CHECK: tirx.map cta %[[VF]], %[[V]] :
// CHECK: %[[Y:.*]] = tirx.alloc : !tirx.buffer<256x1xf32, local, <S[(64,4):(1@tx,1)]>>
// CHECK: tirx.map cta %[[Y]], %[[GF]], %[[VF]] :
// CHECK-NOT: shared
// CHECK: %[[YF:.*]] = tirx.view %[[Y]] : {{.*}} -> !tirx.buffer<256xf32, local, <S[(64,4):(1@tx,1)]>>
// CHECK: tirx.copy cta %{{.*}}, %[[YF]]
// CHECK: gpu.return

// A loaded 256x1 tile (blocked: one row per thread) meets the extracted
// half twice: equal costs keep the blocked layout, and the half is converted
// once for both uses.
// CHECK-LABEL: gpu.func @convert_once
// CHECK: %[[GF:.*]] = tirx.alloc : !tirx.buffer<256x1xf32, local, <S[(64,4):(1@tx,1)]>>
// CHECK: %[[W:.*]] = tirx.alloc : !tirx.buffer<256x1xf32, local, <S[(4,64):(1,1@tx)]>>
// CHECK: tirx.copy cta %[[W]]
// CHECK: %[[C:.*]] = tirx.alloc : !tirx.buffer<256x1xf32, local, <S[(4,64):(1,1@tx)]>>
// CHECK: tirx.permute_layout cta %[[C]], %[[GF]]
// CHECK-NOT: tirx.permute_layout
// CHECK: tirx.map cta %{{.*}}, %[[C]], %[[W]] :
// CHECK-NOT: tirx.alloc : {{.*}} shared
// CHECK: tirx.map cta %{{.*}}, %[[C]], %[[W]] :
// CHECK: gpu.return

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
}
