// RUN: tile-opt %s -allow-unregistered-dialect --tirx-lower-buffers | FileCheck %s

// tirx-lower-buffers lowers scope ids to gpu.thread_id / gpu.block_id
// arithmetic and barriers to gpu.barrier and NVVM barriers.

// CHECK-LABEL: gpu.func @ids
// CHECK: %[[T:.*]] = gpu.thread_id x
// CHECK: %[[T1:.*]] = gpu.thread_id x
// CHECK: %[[C32:.*]] = arith.constant 32 : index
// CHECK: %[[LANE:.*]] = arith.remui %[[T1]], %[[C32]] : index
// CHECK: %[[T2:.*]] = gpu.thread_id x
// CHECK: %[[C32B:.*]] = arith.constant 32 : index
// CHECK: %[[WARP:.*]] = arith.divui %[[T2]], %[[C32B]] : index
// CHECK: %[[T3:.*]] = gpu.thread_id x
// CHECK: %[[C128:.*]] = arith.constant 128 : index
// CHECK: %[[WG:.*]] = arith.divui %[[T3]], %[[C128]] : index
// CHECK: %[[T4:.*]] = gpu.thread_id x
// CHECK: %[[W:.*]] = arith.divui %[[T4]], %{{.*}} : index
// CHECK: %[[C4:.*]] = arith.constant 4 : index
// CHECK: %[[WIW:.*]] = arith.remui %[[W]], %[[C4]] : index
// CHECK: %[[B:.*]] = gpu.block_id y
// CHECK: "test.use"(%[[T]], %[[LANE]], %[[WARP]], %[[WG]], %[[WIW]], %[[B]])
// CHECK: gpu.barrier
// CHECK: %[[T5:.*]] = gpu.thread_id x
// CHECK: %[[G:.*]] = arith.divui %[[T5]], %{{.*}} : index
// CHECK: %[[C1:.*]] = arith.constant 1 : index
// CHECK: %[[ID:.*]] = arith.addi %[[G]], %[[C1]] : index
// CHECK: %[[ID32:.*]] = arith.index_castui %[[ID]] : index to i32
// CHECK: %[[N:.*]] = arith.constant 128 : i32
// CHECK: nvvm.barrier id = %[[ID32]] number_of_threads = %[[N]]
// CHECK: %[[MASK:.*]] = arith.constant -1 : i32
// CHECK: nvvm.bar.warp.sync %[[MASK]]
// CHECK: nvvm.cluster.arrive
// CHECK: nvvm.cluster.wait
// CHECK-NOT: tirx.
gpu.module @m {
  gpu.func @ids() kernel attributes {known_block_size = array<i32: 256, 1, 1>} {
    %t = tirx.thread_id : index
    %l = tirx.lane_id : index
    %w = tirx.warp_id : index
    %g = tirx.warpgroup_id : index
    %wi = tirx.warp_id_in_warpgroup : index
    %b = tirx.cta_id y : index
    "test.use"(%t, %l, %w, %g, %wi, %b) : (index, index, index, index, index, index) -> ()
    tirx.barrier cta
    tirx.barrier warpgroup
    tirx.barrier warp
    tirx.barrier cluster
    gpu.return
  }
}
