// RUN: tile-opt %s --convert-cuda-tile-to-tirx=chip=sm_90a | FileCheck %s

// The CTA size of kernels with wgmma products (mmaCtaThreads): a warpgroup
// computes several 64-row pieces of each product where the accumulators of
// the products of each block together stay within 128 elements per thread.
// Two 128x64 products (attention's scores and output with D = 64): 64 + 64
// elements, one warpgroup; the second piece of each accumulator follows the
// first in the registers (offset 32: a 64x64 f32 piece is 32 per thread).
// CHECK-LABEL: gpu.func @two_products_one_warpgroup
// CHECK-SAME: nvvm.reqntid = array<i32: 128, 1, 1>
// CHECK-NOT: tirx.warpgroup_id
// CHECK: tirx.gemm_async warpgroup {{.*}} : !tirx.buffer<64x64xf32, local, <S[(4,2,8,8,4,2):(1@wid_in_wg,2,4@laneid,4,1@laneid,1)]>>
// CHECK: tirx.gemm_async warpgroup {{.*}} : !tirx.buffer<64x64xf32, local, <S[(4,2,8,8,4,2):(1@wid_in_wg,2,4@laneid,4,1@laneid,1)] + 32>>
// CHECK-NEXT: tirx.gemm_wait warpgroup {dispatch = "wgmma"}{{$}}
// CHECK: tirx.gemm_async warpgroup
// CHECK: tirx.gemm_async warpgroup
// CHECK-NEXT: tirx.gemm_wait warpgroup {dispatch = "wgmma"}{{$}}

// A 128x64 and a 128x128 product: 64 + 128 elements on one warpgroup, too
// many: a warpgroup per 64 rows.
// CHECK-LABEL: gpu.func @two_products_two_warpgroups
// CHECK-SAME: nvvm.reqntid = array<i32: 256, 1, 1>
// CHECK: tirx.warpgroup_id

// Products are counted per block: two loops one after the other, each
// with a 128x64 scores and a 128x64 output product (cuTile's causal
// attention with D = 64), hold 64 + 64 elements at a time: one warpgroup.
// Four such products in one block (256 elements): a warpgroup per 64 rows.
// CHECK-LABEL: gpu.func @two_loops_one_warpgroup
// CHECK-SAME: nvvm.reqntid = array<i32: 128, 1, 1>
// CHECK-NOT: tirx.warpgroup_id
// CHECK-LABEL: gpu.func @four_products_two_warpgroups
// CHECK-SAME: nvvm.reqntid = array<i32: 256, 1, 1>

// 8-bit inputs keep a warpgroup per 64 rows.
// CHECK-LABEL: gpu.func @f8_product
// CHECK-SAME: nvvm.reqntid = array<i32: 256, 1, 1>
cuda_tile.module @k {
  entry @two_products_one_warpgroup(%a: tile<ptr<f16>>, %c: tile<ptr<f32>>) {
    %ta = make_tensor_view %a, shape = [128, 64], strides = [64, 1] : tensor_view<128x64xf16, strides=[64,1]>
    %pa = make_partition_view %ta : partition_view<tile=(128x64), tensor_view<128x64xf16, strides=[64,1]>>
    %pk = make_partition_view %ta : partition_view<tile=(64x64), tensor_view<128x64xf16, strides=[64,1]>>
    %c0 = constant <i32: 0> : tile<i32>
    %q, %t0 = load_view_tko weak %pa[%c0, %c0] : partition_view<tile=(128x64), tensor_view<128x64xf16, strides=[64,1]>>, tile<i32> -> tile<128x64xf16>, token
    %k, %t1 = load_view_tko weak %pk[%c0, %c0] : partition_view<tile=(64x64), tensor_view<128x64xf16, strides=[64,1]>>, tile<i32> -> tile<64x64xf16>, token
    %z = constant <f32: 0.0> : tile<128x64xf32>
    %s = mmaf %q, %k, %z : tile<128x64xf16>, tile<64x64xf16>, tile<128x64xf32>
    %p = ftof %s : tile<128x64xf32> -> tile<128x64xf16>
    %o = mmaf %p, %k, %z : tile<128x64xf16>, tile<64x64xf16>, tile<128x64xf32>
    %tc = make_tensor_view %c, shape = [128, 64], strides = [64, 1] : tensor_view<128x64xf32, strides=[64,1]>
    %pc = make_partition_view %tc : partition_view<tile=(128x64), tensor_view<128x64xf32, strides=[64,1]>>
    %t2 = store_view_tko weak %o, %pc[%c0, %c0] : tile<128x64xf32>, partition_view<tile=(128x64), tensor_view<128x64xf32, strides=[64,1]>>, tile<i32> -> token
    return
  }

  entry @two_products_two_warpgroups(%a: tile<ptr<f16>>, %c: tile<ptr<f32>>) {
    %ta = make_tensor_view %a, shape = [128, 128], strides = [128, 1] : tensor_view<128x128xf16, strides=[128,1]>
    %pa = make_partition_view %ta : partition_view<tile=(128x64), tensor_view<128x128xf16, strides=[128,1]>>
    %pk = make_partition_view %ta : partition_view<tile=(64x64), tensor_view<128x128xf16, strides=[128,1]>>
    %pv = make_partition_view %ta : partition_view<tile=(64x128), tensor_view<128x128xf16, strides=[128,1]>>
    %c0 = constant <i32: 0> : tile<i32>
    %q, %t0 = load_view_tko weak %pa[%c0, %c0] : partition_view<tile=(128x64), tensor_view<128x128xf16, strides=[128,1]>>, tile<i32> -> tile<128x64xf16>, token
    %k, %t1 = load_view_tko weak %pk[%c0, %c0] : partition_view<tile=(64x64), tensor_view<128x128xf16, strides=[128,1]>>, tile<i32> -> tile<64x64xf16>, token
    %v, %t3 = load_view_tko weak %pv[%c0, %c0] : partition_view<tile=(64x128), tensor_view<128x128xf16, strides=[128,1]>>, tile<i32> -> tile<64x128xf16>, token
    %z = constant <f32: 0.0> : tile<128x64xf32>
    %zo = constant <f32: 0.0> : tile<128x128xf32>
    %s = mmaf %q, %k, %z : tile<128x64xf16>, tile<64x64xf16>, tile<128x64xf32>
    %p = ftof %s : tile<128x64xf32> -> tile<128x64xf16>
    %o = mmaf %p, %v, %zo : tile<128x64xf16>, tile<64x128xf16>, tile<128x128xf32>
    %tc = make_tensor_view %c, shape = [128, 128], strides = [128, 1] : tensor_view<128x128xf32, strides=[128,1]>
    %pc = make_partition_view %tc : partition_view<tile=(128x128), tensor_view<128x128xf32, strides=[128,1]>>
    %t2 = store_view_tko weak %o, %pc[%c0, %c0] : tile<128x128xf32>, partition_view<tile=(128x128), tensor_view<128x128xf32, strides=[128,1]>>, tile<i32> -> token
    return
  }

  entry @two_loops_one_warpgroup(%a: tile<ptr<f16>>, %c: tile<ptr<f32>>, %n: tile<i32>) {
    %ta = make_tensor_view %a, shape = [128, 64], strides = [64, 1] : tensor_view<128x64xf16, strides=[64,1]>
    %pa = make_partition_view %ta : partition_view<tile=(128x64), tensor_view<128x64xf16, strides=[64,1]>>
    %pk = make_partition_view %ta : partition_view<tile=(64x64), tensor_view<128x64xf16, strides=[64,1]>>
    %c0 = constant <i32: 0> : tile<i32>
    %c1 = constant <i32: 1> : tile<i32>
    %q, %t0 = load_view_tko weak %pa[%c0, %c0] : partition_view<tile=(128x64), tensor_view<128x64xf16, strides=[64,1]>>, tile<i32> -> tile<128x64xf16>, token
    %k, %t1 = load_view_tko weak %pk[%c0, %c0] : partition_view<tile=(64x64), tensor_view<128x64xf16, strides=[64,1]>>, tile<i32> -> tile<64x64xf16>, token
    %z = constant <f32: 0.0> : tile<128x64xf32>
    %o1 = for %i in (%c0 to %n, step %c1) : tile<i32> iter_values(%o = %z) -> (tile<128x64xf32>) {
      %s = mmaf %q, %k, %z : tile<128x64xf16>, tile<64x64xf16>, tile<128x64xf32>
      %p = ftof %s : tile<128x64xf32> -> tile<128x64xf16>
      %o2 = mmaf %p, %k, %o : tile<128x64xf16>, tile<64x64xf16>, tile<128x64xf32>
      continue %o2 : tile<128x64xf32>
    }
    %o3 = for %i in (%c0 to %n, step %c1) : tile<i32> iter_values(%o = %o1) -> (tile<128x64xf32>) {
      %s = mmaf %q, %k, %z : tile<128x64xf16>, tile<64x64xf16>, tile<128x64xf32>
      %p = ftof %s : tile<128x64xf32> -> tile<128x64xf16>
      %o2 = mmaf %p, %k, %o : tile<128x64xf16>, tile<64x64xf16>, tile<128x64xf32>
      continue %o2 : tile<128x64xf32>
    }
    %tc = make_tensor_view %c, shape = [128, 64], strides = [64, 1] : tensor_view<128x64xf32, strides=[64,1]>
    %pc = make_partition_view %tc : partition_view<tile=(128x64), tensor_view<128x64xf32, strides=[64,1]>>
    %t2 = store_view_tko weak %o3, %pc[%c0, %c0] : tile<128x64xf32>, partition_view<tile=(128x64), tensor_view<128x64xf32, strides=[64,1]>>, tile<i32> -> token
    return
  }

  entry @four_products_two_warpgroups(%a: tile<ptr<f16>>, %c: tile<ptr<f32>>) {
    %ta = make_tensor_view %a, shape = [128, 64], strides = [64, 1] : tensor_view<128x64xf16, strides=[64,1]>
    %pa = make_partition_view %ta : partition_view<tile=(128x64), tensor_view<128x64xf16, strides=[64,1]>>
    %pk = make_partition_view %ta : partition_view<tile=(64x64), tensor_view<128x64xf16, strides=[64,1]>>
    %c0 = constant <i32: 0> : tile<i32>
    %q, %t0 = load_view_tko weak %pa[%c0, %c0] : partition_view<tile=(128x64), tensor_view<128x64xf16, strides=[64,1]>>, tile<i32> -> tile<128x64xf16>, token
    %k, %t1 = load_view_tko weak %pk[%c0, %c0] : partition_view<tile=(64x64), tensor_view<128x64xf16, strides=[64,1]>>, tile<i32> -> tile<64x64xf16>, token
    %z = constant <f32: 0.0> : tile<128x64xf32>
    %s = mmaf %q, %k, %z : tile<128x64xf16>, tile<64x64xf16>, tile<128x64xf32>
    %p = ftof %s : tile<128x64xf32> -> tile<128x64xf16>
    %o = mmaf %p, %k, %z : tile<128x64xf16>, tile<64x64xf16>, tile<128x64xf32>
    %s2 = mmaf %q, %k, %o : tile<128x64xf16>, tile<64x64xf16>, tile<128x64xf32>
    %p2 = ftof %s2 : tile<128x64xf32> -> tile<128x64xf16>
    %o2 = mmaf %p2, %k, %s : tile<128x64xf16>, tile<64x64xf16>, tile<128x64xf32>
    %tc = make_tensor_view %c, shape = [128, 64], strides = [64, 1] : tensor_view<128x64xf32, strides=[64,1]>
    %pc = make_partition_view %tc : partition_view<tile=(128x64), tensor_view<128x64xf32, strides=[64,1]>>
    %t2 = store_view_tko weak %o2, %pc[%c0, %c0] : tile<128x64xf32>, partition_view<tile=(128x64), tensor_view<128x64xf32, strides=[64,1]>>, tile<i32> -> token
    return
  }

  entry @f8_product(%a: tile<ptr<f8E4M3FN>>, %c: tile<ptr<f32>>) {
    %ta = make_tensor_view %a, shape = [128, 64], strides = [64, 1] : tensor_view<128x64xf8E4M3FN, strides=[64,1]>
    %pa = make_partition_view %ta : partition_view<tile=(128x64), tensor_view<128x64xf8E4M3FN, strides=[64,1]>>
    %pb = make_partition_view %ta : partition_view<tile=(64x128), tensor_view<128x64xf8E4M3FN, strides=[64,1]>>
    %c0 = constant <i32: 0> : tile<i32>
    %x, %t0 = load_view_tko weak %pa[%c0, %c0] : partition_view<tile=(128x64), tensor_view<128x64xf8E4M3FN, strides=[64,1]>>, tile<i32> -> tile<128x64xf8E4M3FN>, token
    %y, %t1 = load_view_tko weak %pb[%c0, %c0] : partition_view<tile=(64x128), tensor_view<128x64xf8E4M3FN, strides=[64,1]>>, tile<i32> -> tile<64x128xf8E4M3FN>, token
    %z = constant <f32: 0.0> : tile<128x128xf32>
    %o = mmaf %x, %y, %z fast_acc : tile<128x64xf8E4M3FN>, tile<64x128xf8E4M3FN>, tile<128x128xf32>
    %tc = make_tensor_view %c, shape = [128, 128], strides = [128, 1] : tensor_view<128x128xf32, strides=[128,1]>
    %pc = make_partition_view %tc : partition_view<tile=(128x128), tensor_view<128x128xf32, strides=[128,1]>>
    %t2 = store_view_tko weak %o, %pc[%c0, %c0] : tile<128x128xf32>, partition_view<tile=(128x128), tensor_view<128x128xf32, strides=[128,1]>>, tile<i32> -> token
    return
  }
}
