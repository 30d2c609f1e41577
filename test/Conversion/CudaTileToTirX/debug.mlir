// RUN: tile-opt %s --convert-cuda-tile-to-tirx | FileCheck %s

// print_tko: gpu.printf; uniform arguments print once per tile block (thread
// 0), a tile argument prints once per element through tirx.for_each, with
// C vararg promotion (f32/f16 -> f64). assert: a failed condition prints
// tileiras's message (file:line, block ids, the element's coordinates) and
// traps; a scalar condition by thread 0, a tile per element through
// tirx.for_each.

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
// CHECK: %[[TID:.*]] = gpu.thread_id x
// CHECK: %[[OTHER:.*]] = arith.cmpi ne, %[[TID]]
// CHECK: %[[OK:.*]] = arith.ori %[[POS]], %[[OTHER]]
// CHECK: %[[FAIL:.*]] = arith.xori %[[OK]], %true
// CHECK: scf.if %[[FAIL]] {
// CHECK: gpu.printf "{{.*}}debug.mlir:[[@LINE+28]]: tile block: [%d, %d, %d], position: []: n must be positive\0A", %{{.*}}, %{{.*}}, %{{.*}} : i32, i32, i32
// CHECK-NEXT: llvm.intr.trap
// CHECK: tirx.map cta %[[LT:.*]], %{{.*}}, %{{.*}} : !tirx.buffer<2x64xi1
// CHECK: arith.cmpi slt
// CHECK: tirx.for_each cta %[[LT]] : !tirx.buffer<2x64xi1
// CHECK: ^bb0(%[[B:.*]]: i1, %[[FLAT:.*]]: i64):
// CHECK: %[[J:.*]] = arith.remui %[[FLAT]], %c64_i64
// CHECK: %[[ROW:.*]] = arith.divui %[[FLAT]], %c64_i64
// CHECK: %[[I:.*]] = arith.remui %[[ROW]], %c2_i64
// CHECK: %[[BAD:.*]] = arith.xori %[[B]], %true
// CHECK: scf.if %[[BAD]] {
// CHECK-DAG: %[[I32:.*]] = arith.trunci %[[I]] : i64 to i32
// CHECK-DAG: %[[J32:.*]] = arith.trunci %[[J]] : i64 to i32
// CHECK: gpu.printf "{{.*}}debug.mlir:[[@LINE+20]]: tile block: [%d, %d, %d], position: [%d, %d]: iota below 200 (100%%)\0A", %{{.*}}, %{{.*}}, %{{.*}}, %[[I32]], %[[J32]] : i32, i32, i32, i32, i32
// CHECK-NEXT: llvm.intr.trap
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
    %iota2 = reshape %iota : tile<128xi32> -> tile<2x64xi32>
    %c200 = constant <i32: 200> : tile<2x64xi32>
    %lt = cmpi less_than %iota2, %c200, signed : tile<2x64xi32> -> tile<2x64xi1>
    assert %lt, "iota below 200 (100%)" : tile<2x64xi1>
    return
  }
}
