// RUN: tile-opt %s -allow-unregistered-dialect | tile-opt -allow-unregistered-dialect | FileCheck %s
// RUN: tile-opt %s -allow-unregistered-dialect --mlir-print-op-generic | tile-opt -allow-unregistered-dialect | FileCheck %s
// RUN: tile-opt %s -allow-unregistered-dialect --int-range-optimizations | FileCheck %s --check-prefix=RANGE

// Round trip of the kernel-structure ops: scope ids and barriers.

// CHECK-LABEL: gpu.func @ids
// CHECK: tirx.thread_id : index
// CHECK: tirx.lane_id : index
// CHECK: tirx.warp_id : index
// CHECK: tirx.warpgroup_id : index
// CHECK: tirx.warp_id_in_warpgroup : index
// CHECK: tirx.cta_id x : index
// CHECK: tirx.cta_id z : index
// CHECK: tirx.barrier cta
// CHECK: tirx.barrier warpgroup
// CHECK: tirx.barrier warp
// CHECK: tirx.barrier cluster
// CHECK: tirx.warp_specialize producer_warps(1) {
// CHECK-NEXT: tirx.barrier cta
// CHECK-NEXT: } producer {
// CHECK-NEXT: "test.producer"()
// CHECK-NEXT: }
gpu.module @m {
  gpu.func @ids() kernel attributes {known_block_size = array<i32: 256, 1, 1>} {
    %t = tirx.thread_id : index
    %l = tirx.lane_id : index
    %w = tirx.warp_id : index
    %g = tirx.warpgroup_id : index
    %wi = tirx.warp_id_in_warpgroup : index
    %bx = tirx.cta_id x : index
    %bz = tirx.cta_id z : index
    tirx.barrier cta
    tirx.barrier warpgroup
    tirx.barrier warp
    tirx.barrier cluster
    tirx.warp_specialize producer_warps(1) {
      tirx.barrier cta
    } producer {
      "test.producer"() : () -> ()
    }
    gpu.return
  }
}

// The ids know their ranges from the CTA size (256 threads: 8 warps, 2
// warpgroups), so range-based folding removes comparisons they decide.
// RANGE-LABEL: gpu.func @ranges
// RANGE: %[[T:.*]] = arith.constant true
// RANGE: "test.use"(%[[T]], %[[T]], %[[T]], %[[T]])
// RANGE: arith.cmpi ult, %{{.*}}, %{{.*}} : index
gpu.module @r {
  gpu.func @ranges() kernel attributes {known_block_size = array<i32: 256, 1, 1>} {
    %c256 = arith.constant 256 : index
    %c32 = arith.constant 32 : index
    %c8 = arith.constant 8 : index
    %c2 = arith.constant 2 : index
    %c7 = arith.constant 7 : index
    %t = tirx.thread_id : index
    %l = tirx.lane_id : index
    %w = tirx.warp_id : index
    %g = tirx.warpgroup_id : index
    %a = arith.cmpi ult, %t, %c256 : index
    %b = arith.cmpi ult, %l, %c32 : index
    %c = arith.cmpi ult, %w, %c8 : index
    %d = arith.cmpi ult, %g, %c2 : index
    "test.use"(%a, %b, %c, %d) : (i1, i1, i1, i1) -> ()
    %e = arith.cmpi ult, %w, %c7 : index
    "test.use"(%e) : (i1) -> ()
    gpu.return
  }
}
