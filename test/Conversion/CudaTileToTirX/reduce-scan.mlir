// RUN: tile-opt %s --convert-cuda-tile-to-tirx | FileCheck %s

// reduce and scan (Reduction.cpp): a single addf/addi/maxf/minf body keeps
// tirx.sum/max/min; other bodies become the scalar body of tirx.reduce /
// tirx.scan (the body's cuda_tile ops lowered as scalars); several operands
// share one op; rank-0 results are the scalar results of tirx.reduce.

cuda_tile.module @reductions {
  // Argmax along the columns of a 4x64 tile: (value, index) pairs.
  // CHECK-LABEL: gpu.func @argmax
  // CHECK: %[[V:.*]] = tirx.alloc : !tirx.buffer<4x64xf32, local, [[L:.*]]>
  // CHECK: %[[IO:.*]] = tirx.alloc : !tirx.buffer<256xi32, local, [[L]]>
  // CHECK: tirx.iota cta %[[IO]]
  // CHECK: %[[I:.*]] = tirx.view %[[IO]]
  // CHECK: %[[MV:.*]] = tirx.alloc : !tirx.buffer<4xf32, local, [[R:.*]]>
  // CHECK: %[[MI:.*]] = tirx.alloc : !tirx.buffer<4xi32, local, [[R]]>
  // CHECK: tirx.reduce cta dsts(%[[MV]], %[[MI]] : {{.*}}) srcs(%[[V]], %[[I]] : {{.*}}) axes = [1] identities = [0xFF800000 : f32, 0 : i32] {
  // CHECK: ^bb0(%[[V0:.*]]: f32, %[[V1:.*]]: f32, %[[I0A:.*]]: i32, %[[I1A:.*]]: i32):
  // CHECK:   %[[GT:.*]] = arith.cmpf ogt, %[[V1]], %[[V0]] : f32
  // CHECK:   %[[EQ:.*]] = arith.cmpf oeq, %[[V1]], %[[V0]] : f32
  // CHECK:   %[[LT:.*]] = arith.cmpi slt, %[[I1A]], %[[I0A]] : i32
  // CHECK:   %[[TIE:.*]] = arith.andi %[[EQ]], %[[LT]] : i1
  // CHECK:   %[[TAKE:.*]] = arith.ori %[[GT]], %[[TIE]] : i1
  // CHECK:   %[[RV:.*]] = arith.select %[[TAKE]], %[[V1]], %[[V0]] : f32
  // CHECK:   %[[RI:.*]] = arith.select %[[TAKE]], %[[I1A]], %[[I0A]] : i32
  // CHECK:   tirx.reduce_yield %[[RV]], %[[RI]] : f32, i32
  entry @argmax(%x: tile<ptr<f32>>) {
    %tx = make_tensor_view %x, shape = [4, 64], strides = [64, 1] : tensor_view<4x64xf32, strides=[64,1]>
    %px = make_partition_view %tx : partition_view<tile=(4x64), tensor_view<4x64xf32, strides=[64,1]>>
    %c0 = constant <i32: 0> : tile<i32>
    %v, %t0 = load_view_tko weak %px[%c0, %c0] : partition_view<tile=(4x64), tensor_view<4x64xf32, strides=[64,1]>>, tile<i32> -> tile<4x64xf32>, token
    %i = iota : tile<256xi32>
    %i2 = reshape %i : tile<256xi32> -> tile<4x64xi32>
    %mv, %mi = reduce %v, %i2 dim=1 identities=[0xFF800000 : f32, 0 : i32] : tile<4x64xf32>, tile<4x64xi32> -> tile<4xf32>, tile<4xi32>
    (%v0: tile<f32>, %v1: tile<f32>, %i0: tile<i32>, %i1: tile<i32>) {
      %gt = cmpf greater_than ordered %v1, %v0 : tile<f32> -> tile<i1>
      %eq = cmpf equal ordered %v1, %v0 : tile<f32> -> tile<i1>
      %lt = cmpi less_than %i1, %i0, signed : tile<i32> -> tile<i1>
      %tie = andi %eq, %lt : tile<i1>
      %take = ori %gt, %tie : tile<i1>
      %rv = select %take, %v1, %v0 : tile<i1>, tile<f32>
      %ri = select %take, %i1, %i0 : tile<i1>, tile<i32>
      yield %rv, %ri : tile<f32>, tile<i32>
    }
    return
  }

  // A product to a rank-0 tile: the scalar result of tirx.reduce, used as a
  // scalar afterwards.
  // CHECK-LABEL: gpu.func @product
  // CHECK: %[[P:.*]] = tirx.reduce cta srcs(%{{.*}} : !tirx.buffer<128xf32, local, {{.*}}>) axes = [0] identities = [1.000000e+00 : f32] -> f32 {
  // CHECK: ^bb0(%[[A:.*]]: f32, %[[B:.*]]: f32):
  // CHECK:   %[[M:.*]] = arith.mulf %[[A]], %[[B]] : f32
  // CHECK:   tirx.reduce_yield %[[M]] : f32
  // CHECK: arith.addf %[[P]], %[[P]] : f32
  entry @product(%x: tile<ptr<f32>>) {
    %tx = make_tensor_view %x, shape = [128], strides = [1] : tensor_view<128xf32, strides=[1]>
    %px = make_partition_view %tx : partition_view<tile=(128), tensor_view<128xf32, strides=[1]>>
    %c0 = constant <i32: 0> : tile<i32>
    %v, %t0 = load_view_tko weak %px[%c0] : partition_view<tile=(128), tensor_view<128xf32, strides=[1]>>, tile<i32> -> tile<128xf32>, token
    %p = reduce %v dim=0 identities=[1.000000e+00 : f32] : tile<128xf32> -> tile<f32>
    (%a: tile<f32>, %b: tile<f32>) {
      %m = mulf %a, %b : tile<f32>
      yield %m : tile<f32>
    }
    %q = addf %p, %p : tile<f32>
    return
  }

  // Single-op bodies keep the fast primitives (minf -> tirx.min); a two-op
  // body goes through tirx.reduce.
  // CHECK-LABEL: gpu.func @fast_and_general
  // CHECK: tirx.min cta %{{.*}}, %{{.*}} axes = [0] :
  // CHECK: tirx.reduce cta dsts
  // CHECK: arith.maxui
  // CHECK: arith.xori
  entry @fast_and_general() {
    %i = iota : tile<512xi32>
    %r = reshape %i : tile<512xi32> -> tile<4x128xi32>
    %f = constant <f32: 1.5> : tile<4x128xf32>
    %m = reduce %f dim=0 identities=[0x7F800000 : f32] : tile<4x128xf32> -> tile<128xf32>
    (%a: tile<f32>, %b: tile<f32>) {
      %s = minf %a, %b : tile<f32>
      yield %s : tile<f32>
    }
    %x = reduce %r dim=1 identities=[0 : i32] : tile<4x128xi32> -> tile<4xi32>
    (%a: tile<i32>, %b: tile<i32>) {
      %s = maxi %a, %b unsigned : tile<i32>
      %t = xori %s, %a : tile<i32>
      yield %t : tile<i32>
    }
    return
  }

  // Scans keep the source layout; `reverse` and the axis carry over.
  // CHECK-LABEL: gpu.func @scans
  // CHECK: %[[S:.*]] = tirx.alloc : !tirx.buffer<8x64xi32, local, [[SL:.*]]>
  // CHECK: %[[D0:.*]] = tirx.alloc : !tirx.buffer<8x64xi32, local, [[SL]]>
  // CHECK: tirx.scan cta dsts(%[[D0]] : {{.*}}) srcs(%[[S]] : {{.*}}) axis = 1 identities = [0 : i32] {
  // CHECK:   arith.addi
  // CHECK: %[[D1:.*]] = tirx.alloc : !tirx.buffer<8x64xi32, local, [[SL]]>
  // CHECK: tirx.scan cta dsts(%[[D1]] : {{.*}}) srcs(%[[D0]] : {{.*}}) axis = 0 reverse identities = [1 : i32] {
  // CHECK:   arith.muli
  entry @scans(%x: tile<ptr<i32>>) {
    %tx = make_tensor_view %x, shape = [8, 64], strides = [64, 1] : tensor_view<8x64xi32, strides=[64,1]>
    %px = make_partition_view %tx : partition_view<tile=(8x64), tensor_view<8x64xi32, strides=[64,1]>>
    %c0 = constant <i32: 0> : tile<i32>
    %v, %t0 = load_view_tko weak %px[%c0, %c0] : partition_view<tile=(8x64), tensor_view<8x64xi32, strides=[64,1]>>, tile<i32> -> tile<8x64xi32>, token
    %s = scan %v dim=1 reverse=false identities=[0 : i32] : tile<8x64xi32> -> tile<8x64xi32>
    (%a: tile<i32>, %b: tile<i32>) {
      %r = addi %a, %b : tile<i32>
      yield %r : tile<i32>
    }
    %p = scan %s dim=0 reverse=true identities=[1 : i32] : tile<8x64xi32> -> tile<8x64xi32>
    (%a: tile<i32>, %b: tile<i32>) {
      %r = muli %a, %b : tile<i32>
      yield %r : tile<i32>
    }
    %t1 = store_view_tko weak %p, %px[%c0, %c0] : tile<8x64xi32>, partition_view<tile=(8x64), tensor_view<8x64xi32, strides=[64,1]>>, tile<i32> -> token
    return
  }
}
