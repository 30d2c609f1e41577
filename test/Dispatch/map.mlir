// RUN: tile-opt %s --tirx-dispatch=report=true -verify-diagnostics | FileCheck %s

// tirx.map dispatches through the elementwise templates: the `reg` variant
// clones the body once per register slot of the destination, reading each
// buffer input's matching slot and passing scalars through.

!L = !tirx.buffer<1024xf32, local, #tirx.layout<S[(2,128,4):(4,1@tx,1)]>>
gpu.module @m [#nvvm.target<chip = "sm_90">] {
  // CHECK-LABEL: gpu.func @tanh_scale
  // CHECK-SAME: (%[[S:.*]]: f32)
  // CHECK: %[[D:.*]] = builtin.unrealized_conversion_cast %{{.*}} to memref<8xf32>
  // CHECK: %[[A:.*]] = builtin.unrealized_conversion_cast %{{.*}} to memref<8xf32>
  // CHECK: %[[X0:.*]] = memref.load %[[A]][%{{.*}}] : memref<8xf32>
  // CHECK: %[[T0:.*]] = math.tanh %[[X0]] : f32
  // CHECK: %[[R0:.*]] = arith.mulf %[[T0]], %[[S]] : f32
  // CHECK: memref.store %[[R0]], %[[D]][%{{.*}}] : memref<8xf32>
  // CHECK-COUNT-7: math.tanh
  // CHECK-NOT: math.tanh
  // CHECK-NOT: tirx.map
  // CHECK: gpu.return
  gpu.func @tanh_scale(%s: f32) kernel attributes {known_block_size = array<i32: 128, 1, 1>} {
    %a = tirx.alloc : !L
    %d = tirx.alloc : !L
    // expected-remark@+1 {{tirx.map -> variant 'reg'}}
    tirx.map cta %d, %a, %s : !L, !L, f32 {
    ^bb0(%x: f32, %y: f32):
      %t = math.tanh %x : f32
      %r = arith.mulf %t, %y : f32
      tirx.yield %r : f32
    }
    gpu.return
  }
}
