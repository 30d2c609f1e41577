// RUN: tile-opt %s --convert-cuda-tile-to-tirx | FileCheck %s

// Rank-0 tiles, splat constants and broadcasts of scalars are the same value
// in every thread: they stay scalars and lower to upstream arith/math/llvm,
// with no tirx buffer.

// CHECK-LABEL: gpu.func @scalar_math
// CHECK-SAME: (%[[A:.*]]: f32, %[[B:.*]]: f32, %[[P:.*]]: !llvm.ptr<1>, %[[N:.*]]: i32)
// CHECK-SAME: tileir.abi = ["f32", "f32", "ptr", "i32"]
// CHECK-NOT: tirx.
// CHECK: %[[S:.*]] = arith.addf %[[A]], %[[B]] : f32
// CHECK: %[[M:.*]] = arith.mulf %[[S]], %[[A]] : f32
// CHECK: %[[E:.*]] = math.exp %[[M]] : f32
// CHECK: %[[TWO:.*]] = arith.constant 2.000000e+00 : f32
// CHECK: %[[X:.*]] = arith.subf %[[E]], %[[TWO]] : f32
// CHECK: %[[C:.*]] = arith.constant 3 : i32
// CHECK: %[[K:.*]] = arith.muli %[[N]], %[[C]] : i32
// CHECK: %[[LT:.*]] = arith.cmpi sgt, %[[K]], %[[N]] : i32
// CHECK: arith.select %[[LT]], %[[X]], %[[A]] : f32
// CHECK: %[[K64:.*]] = arith.extsi %[[K]] : i32 to i64
// CHECK: llvm.getelementptr %[[P]][%[[K64]]] : (!llvm.ptr<1>, i64) -> !llvm.ptr<1>, f32
// CHECK-NOT: tirx.
// CHECK: gpu.return
cuda_tile.module @scalars {
  entry @scalar_math(%a: tile<f32>, %b: tile<f32>, %p: tile<ptr<f32>>, %n: tile<i32>) {
    %s = addf %a, %b : tile<f32>
    %m = mulf %s, %a : tile<f32>
    %e = exp %m : tile<f32>
    %e1 = reshape %e : tile<f32> -> tile<1xf32>
    %eb = broadcast %e1 : tile<1xf32> -> tile<256xf32>
    %two = constant <f32: 2.0> : tile<256xf32>
    %x = subf %eb, %two : tile<256xf32>
    %c3 = constant <i32: 3> : tile<i32>
    %k = muli %n, %c3 : tile<i32>
    %gt = cmpi greater_than %k, %n, signed : tile<i32> -> tile<i1>
    %gt1 = reshape %gt : tile<i1> -> tile<1xi1>
    %gtb = broadcast %gt1 : tile<1xi1> -> tile<256xi1>
    %a1 = reshape %a : tile<f32> -> tile<1xf32>
    %ab = broadcast %a1 : tile<1xf32> -> tile<256xf32>
    %r = select %gtb, %x, %ab : tile<256xi1>, tile<256xf32>
    %q = offset %p, %k : tile<ptr<f32>>, tile<i32> -> tile<ptr<f32>>
    return
  }
}
