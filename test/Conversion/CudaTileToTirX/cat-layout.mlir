// RUN: tile-opt %s --convert-cuda-tile-to-tirx | FileCheck %s

// `cat` numbers its result's registers in the order of the flat index: a
// cat along the innermost dimension interleaves the halves (the layout of
// the tile the halves were extracted from: vector stores), a cat along the
// outer dimension puts the rhs after the lhs. The halves are copied in
// (tirx.permute_layout, which dispatch makes register moves).

// CHECK-LABEL: gpu.func @swap_pairs
// CHECK: %[[X:.*]] = tirx.alloc : !tirx.buffer<512xf16, local, <S[(64,8):(1@tx,1)]>>
// CHECK: %[[V:.*]] = tirx.view %{{.*}} : {{.*}} -> !tirx.buffer<256x1xf16, local, <S[(64,4):(1@tx,2)] + 1>>
// CHECK: %[[Y:.*]] = tirx.alloc : !tirx.buffer<256x2xf16, local, <S[(64,8):(1@tx,1)]>>
// CHECK: %[[LO:.*]] = tirx.view %[[Y]] : {{.*}} -> !tirx.buffer<256x1xf16, local, <S[(64,4):(1@tx,2)]>>
// CHECK: tirx.permute_layout cta %[[LO]], %[[V]] :
// CHECK: %[[HI:.*]] = tirx.view %[[Y]] : {{.*}} -> !tirx.buffer<256x1xf16, local, <S[(64,4):(1@tx,2)] + 1>>
// CHECK: tirx.permute_layout cta %[[HI]], %{{.*}} :
// CHECK: %[[YF:.*]] = tirx.view %[[Y]] : {{.*}} -> !tirx.buffer<512xf16, local, <S[(64,8):(1@tx,1)]>>
// CHECK: tirx.copy cta %{{.*}}, %[[YF]]

// CHECK-LABEL: gpu.func @cat_outer
// CHECK: %[[A:.*]] = tirx.alloc : !tirx.buffer<256xf32, local, <S[(64,4):(1@tx,1)]>>
// CHECK: %[[B:.*]] = tirx.alloc : !tirx.buffer<256xf32, local, <S[(64,4):(1@tx,1)]>>
// CHECK: %[[Y:.*]] = tirx.alloc : !tirx.buffer<512xf32, local, <S[(2,64,4):(4,1@tx,1)]>>
// CHECK: %[[LO:.*]] = tirx.view %[[Y]] : {{.*}} -> !tirx.buffer<256xf32, local, <S[(64,4):(1@tx,1)]>>
// CHECK: tirx.permute_layout cta %[[LO]], %[[B]] :
// CHECK: %[[HI:.*]] = tirx.view %[[Y]] : {{.*}} -> !tirx.buffer<256xf32, local, <S[(64,4):(1@tx,1)] + 4>>
// CHECK: tirx.permute_layout cta %[[HI]], %[[A]] :

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
