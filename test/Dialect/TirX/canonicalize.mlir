// RUN: tile-opt %s --canonicalize | FileCheck %s

// A local buffer that nothing reads goes with the ops that write it (through
// its views too), which may make the buffers they read unread in turn; a
// buffer something reads stays, and so do shared buffers.

!L = !tirx.buffer<1024xf32, local, #tirx.layout<S[(2,128,4):(4,1@tx,1)]>>
!T = !tirx.buffer<1024xf32, local, #tirx.layout<S[(4,128,2):(2,1@tx,1)]>>
!V = !tirx.buffer<32x32xf32, local, #tirx.layout<S[(2,128,4):(4,1@tx,1)]>>
!S = !tirx.buffer<1024xf32, shared, #tirx.layout<S[1024:1]>>

// CHECK-LABEL: gpu.func @unread
// CHECK-SAME: (%[[A:.*]]: !tirx.buffer
// CHECK-NOT: tirx.alloc
// CHECK-NOT: tirx.map
// CHECK-NOT: tirx.permute_layout
// CHECK-NOT: tirx.view
// CHECK: gpu.return

// CHECK-LABEL: gpu.func @read
// CHECK: %[[D:.*]] = tirx.alloc : !tirx.buffer<1024xf32, local
// CHECK: tirx.map cta %[[D]]
// CHECK: %[[V:.*]] = tirx.view %[[D]]
// CHECK: %[[E:.*]] = tirx.alloc : !tirx.buffer<32x32xf32, local
// CHECK: tirx.map cta %[[E]], %[[V]]
// CHECK: tirx.copy cta %{{.*}}, %[[E]]

// CHECK-LABEL: gpu.func @shared_kept
// CHECK: tirx.alloc : !tirx.buffer<1024xf32, shared
// CHECK: tirx.copy
gpu.module @m {
  gpu.func @unread(%a: !L) kernel attributes {known_block_size = array<i32: 128, 1, 1>} {
    %d = tirx.alloc : !L
    tirx.map cta %d, %a : !L, !L {
    ^bb0(%x: f32):
      %t = math.tanh %x : f32
      tirx.yield %t : f32
    }
    %v = tirx.view %d : !L -> !V
    %p = tirx.alloc : !T
    tirx.permute_layout cta %p, %d : !T, !L
    %e = tirx.alloc : !V
    tirx.map cta %e, %v : !V, !V {
    ^bb0(%x: f32):
      tirx.yield %x : f32
    }
    gpu.return
  }
  gpu.func @read(%a: !L, %s: !S) kernel attributes {known_block_size = array<i32: 128, 1, 1>} {
    %d = tirx.alloc : !L
    tirx.map cta %d, %a : !L, !L {
    ^bb0(%x: f32):
      tirx.yield %x : f32
    }
    %v = tirx.view %d : !L -> !V
    %e = tirx.alloc : !V
    tirx.map cta %e, %v : !V, !V {
    ^bb0(%x: f32):
      tirx.yield %x : f32
    }
    %w = tirx.view %s : !S -> !tirx.buffer<32x32xf32, shared, #tirx.layout<S[1024:1]>>
    tirx.copy cta %w, %e : !tirx.buffer<32x32xf32, shared, #tirx.layout<S[1024:1]>>, !V
    gpu.return
  }
  gpu.func @shared_kept(%a: !L) kernel attributes {known_block_size = array<i32: 128, 1, 1>} {
    %s = tirx.alloc : !S
    tirx.copy cta %s, %a : !S, !L
    gpu.return
  }
}
