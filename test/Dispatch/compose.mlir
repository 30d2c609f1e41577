// RUN: tile-opt %s --tirx-dispatch | FileCheck %s

// compose_op: the body's primitives are dispatched, then the `inline`
// variant splices the lowered body in place of the frame.

!L = !tirx.buffer<1x256xf32, local, #tirx.layout<S[(128,2):(1@tx,1)]>>
!R = !tirx.buffer<1xf32, local, #tirx.layout<S[1:1] + R[128:1@tx]>>
gpu.module @m [#nvvm.target<chip = "sm_90">] {
// CHECK-LABEL: gpu.func @dot
// CHECK-NOT: tirx.compose_op
// CHECK-COUNT-2: arith.mulf %{{.*}}, %{{.*}} : f32
// CHECK: %[[A:.*]] = memref.load
// CHECK: %[[B:.*]] = memref.load
// CHECK: arith.addf %[[A]], %[[B]] : f32
// CHECK: gpu.shuffle xor
// CHECK-NOT: tirx.{{(mul|sum|compose_op)}}
// CHECK: gpu.return
gpu.func @dot(%x: !L, %y: !L) kernel attributes {known_block_size = array<i32: 128, 1, 1>} {
  %t = tirx.alloc : !L
  %d = tirx.alloc : !R
  tirx.compose_op cta {
    tirx.mul cta %t, %x, %y : !L, !L, !L
    tirx.sum cta %d, %t axes = [1] : !R, !L
  }
  gpu.return
}
}
