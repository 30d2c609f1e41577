// REQUIRES: ptxas
// RUN: tile-translate --cuda-tile-to-ptx --chip=sm_90a %s -o %t.ptx
// RUN: FileCheck %s < %t.ptx
// RUN: %ptxas -arch=sm_90a %t.ptx -o /dev/null

// Products whose tiles give the kernel a CTA of one warp (16 x 16
// accumulators): the mma.sync plan is one piece on that warp, and the
// accumulator, fragment and loaded tiles have layouts over its lanes
// (laneid, no warpid). Every CTA-scope primitive on them (the loads, the
// f8 -> f16 casts, the copies into shared memory and into fragments, the
// store) dispatches: on a CTA of one warp a layout spanning the warp spans
// the CTA.

// CHECK-LABEL: .entry one_warp_f16(
// CHECK: .reqntid 32, 1, 1
// CHECK-COUNT-2: mma.sync.aligned.m16n8k16.row.col.f32.f16.f16.f32
// CHECK: st.global
// CHECK-LABEL: .entry one_warp_f8(
// CHECK: .reqntid 32, 1, 1
// CHECK: cvt.rn.f16x2.e4m3x2
// CHECK-COUNT-2: mma.sync.aligned.m16n8k16.row.col.f32.f16.f16.f32
// CHECK: st.global
cuda_tile.module @m {
  entry @one_warp_f16(%a: tile<ptr<f16>>, %b: tile<ptr<f16>>, %c: tile<ptr<f32>>) {
    %ta = make_tensor_view %a, shape = [16, 16], strides = [16, 1] : tensor_view<16x16xf16, strides=[16,1]>
    %tb = make_tensor_view %b, shape = [16, 16], strides = [16, 1] : tensor_view<16x16xf16, strides=[16,1]>
    %tc = make_tensor_view %c, shape = [16, 16], strides = [16, 1] : tensor_view<16x16xf32, strides=[16,1]>
    %pa = make_partition_view %ta : partition_view<tile=(16x16), tensor_view<16x16xf16, strides=[16,1]>>
    %pb = make_partition_view %tb : partition_view<tile=(16x16), tensor_view<16x16xf16, strides=[16,1]>>
    %pc = make_partition_view %tc : partition_view<tile=(16x16), tensor_view<16x16xf32, strides=[16,1]>>
    %c0 = constant <i32: 0> : tile<i32>
    %va, %t0 = load_view_tko weak %pa[%c0, %c0] : partition_view<tile=(16x16), tensor_view<16x16xf16, strides=[16,1]>>, tile<i32> -> tile<16x16xf16>, token
    %vb, %t1 = load_view_tko weak %pb[%c0, %c0] : partition_view<tile=(16x16), tensor_view<16x16xf16, strides=[16,1]>>, tile<i32> -> tile<16x16xf16>, token
    %vc, %t2 = load_view_tko weak %pc[%c0, %c0] : partition_view<tile=(16x16), tensor_view<16x16xf32, strides=[16,1]>>, tile<i32> -> tile<16x16xf32>, token
    %d = mmaf %va, %vb, %vc : tile<16x16xf16>, tile<16x16xf16>, tile<16x16xf32>
    %t3 = store_view_tko weak %d, %pc[%c0, %c0] : tile<16x16xf32>, partition_view<tile=(16x16), tensor_view<16x16xf32, strides=[16,1]>>, tile<i32> -> token
    return
  }

  entry @one_warp_f8(%a: tile<ptr<f8E4M3FN>>, %b: tile<ptr<f8E4M3FN>>, %c: tile<ptr<f32>>) {
    %ta = make_tensor_view %a, shape = [16, 16], strides = [16, 1] : tensor_view<16x16xf8E4M3FN, strides=[16,1]>
    %tb = make_tensor_view %b, shape = [16, 16], strides = [16, 1] : tensor_view<16x16xf8E4M3FN, strides=[16,1]>
    %tc = make_tensor_view %c, shape = [16, 16], strides = [16, 1] : tensor_view<16x16xf32, strides=[16,1]>
    %pa = make_partition_view %ta : partition_view<tile=(16x16), tensor_view<16x16xf8E4M3FN, strides=[16,1]>>
    %pb = make_partition_view %tb : partition_view<tile=(16x16), tensor_view<16x16xf8E4M3FN, strides=[16,1]>>
    %pc = make_partition_view %tc : partition_view<tile=(16x16), tensor_view<16x16xf32, strides=[16,1]>>
    %c0 = constant <i32: 0> : tile<i32>
    %va, %t0 = load_view_tko weak %pa[%c0, %c0] : partition_view<tile=(16x16), tensor_view<16x16xf8E4M3FN, strides=[16,1]>>, tile<i32> -> tile<16x16xf8E4M3FN>, token
    %vb, %t1 = load_view_tko weak %pb[%c0, %c0] : partition_view<tile=(16x16), tensor_view<16x16xf8E4M3FN, strides=[16,1]>>, tile<i32> -> tile<16x16xf8E4M3FN>, token
    %vc, %t2 = load_view_tko weak %pc[%c0, %c0] : partition_view<tile=(16x16), tensor_view<16x16xf32, strides=[16,1]>>, tile<i32> -> tile<16x16xf32>, token
    %d = mmaf %va, %vb, %vc : tile<16x16xf8E4M3FN>, tile<16x16xf8E4M3FN>, tile<16x16xf32>
    %t3 = store_view_tko weak %d, %pc[%c0, %c0] : tile<16x16xf32>, partition_view<tile=(16x16), tensor_view<16x16xf32, strides=[16,1]>>, tile<i32> -> token
    return
  }
}
