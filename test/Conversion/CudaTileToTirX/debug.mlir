// RUN: tile-opt %s --convert-cuda-tile-to-tirx | FileCheck %s

// print_tko: gpu.printf; uniform arguments print once per tile block (thread
// 0), a tile argument prints once per element through tirx.for_each, with
// C vararg promotion (f32/f16 -> f64). assert: cf.assert, per element of a
// tile through tirx.for_each.

// CHECK-LABEL: gpu.func @print_scalar
// CHECK: %[[TID:.*]] = gpu.thread_id x
// CHECK: %[[FIRST:.*]] = arith.cmpi eq, %[[TID]]
// CHECK: scf.if %[[FIRST]] {
// CHECK: %[[Y:.*]] = arith.extf %arg1 : f32 to f64
// CHECK: gpu.printf "x=%d y=%f\0A", %arg0, %[[Y]] : i32, f64

// CHECK-LABEL: gpu.func @print_tile
// CHECK: tirx.iota cta %[[IOTA:.*]] :
// CHECK: tirx.for_each cta %[[IOTA]], %arg0 : !tirx.buffer<128xi32, {{.*}}>, f16 {
// CHECK: ^bb0(%[[I:.*]]: i32, %[[X:.*]]: f16, %{{.*}}: i64):
// CHECK: %[[XD:.*]] = arith.extf %[[X]] : f16 to f64
// CHECK: gpu.printf "i=%d x=%f\0A", %[[I]], %[[XD]] : i32, f64

// CHECK-LABEL: gpu.func @asserts
// CHECK: %[[POS:.*]] = arith.cmpi sgt, %arg0
// CHECK: cf.assert %[[POS]], "n must be positive"
// CHECK: tirx.map cta %[[LT:.*]], %{{.*}}, %{{.*}} : !tirx.buffer<128xi1
// CHECK: arith.cmpi slt
// CHECK: tirx.for_each cta %[[LT]] : !tirx.buffer<128xi1
// CHECK: ^bb0(%[[B:.*]]: i1, %{{.*}}: i64):
// CHECK: cf.assert %[[B]], "iota below 200"
cuda_tile.module @debug {
  entry @print_scalar(%x: tile<i32>, %y: tile<f32>) {
    %t = print_tko "x=%d y=%f\n", %x, %y : tile<i32>, tile<f32> -> token
    return
  }
  entry @print_tile(%x: tile<f16>) {
    %iota = iota : tile<128xi32>
    %t = print_tko "i=%d x=%f\n", %iota, %x : tile<128xi32>, tile<f16> -> token
    return
  }
  entry @asserts(%n: tile<i32>) {
    %c0 = constant <i32: 0> : tile<i32>
    %pos = cmpi greater_than %n, %c0, signed : tile<i32> -> tile<i1>
    assert %pos, "n must be positive" : tile<i1>
    %iota = iota : tile<128xi32>
    %c200 = constant <i32: 200> : tile<128xi32>
    %lt = cmpi less_than %iota, %c200, signed : tile<128xi32> -> tile<128xi1>
    assert %lt, "iota below 200" : tile<128xi1>
    return
  }
}
