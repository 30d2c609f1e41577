// RUN: tile-opt %s --convert-cuda-tile-to-tirx | FileCheck %s

// A tile atomic on offset(base, idx) whose offsets are assumed
// bounded<lb, ub> carries the address window [base + lb, base + ub]
// (`window %w [ub - lb + 1]`, whatever its size: tirx-dispatch decides
// whether it fits shared memory); without the assumption or with an open
// bound it has none.

// CHECK-LABEL: gpu.func @bounded
// CHECK: %[[LB:.*]] = arith.constant 16 : i64
// CHECK: %[[FIRST:.*]] = llvm.getelementptr %arg0[%[[LB]]] : (!llvm.ptr<1>, i64) -> !llvm.ptr<1>, i32
// CHECK: %[[W:.*]] = llvm.ptrtoint %[[FIRST]] : !llvm.ptr<1> to i64
// CHECK: tirx.atomic cta %{{.*}}, %{{.*}} window %[[W]][240] {kind = "add"
// CHECK-LABEL: gpu.func @unbounded
// CHECK: tirx.atomic
// CHECK-NOT: window
// CHECK-SAME: {kind = "max"
// CHECK: tirx.atomic
// CHECK-NOT: window
// CHECK-SAME: {kind = "add"
// CHECK: tirx.atomic {{.*}} window %{{.*}}[4097] {kind = "add"
cuda_tile.module @atomics {
  entry @bounded(%bins: tile<ptr<i32>>) {
    %iota = iota : tile<256xi32>
    %v = assume bounded<16, 255>, %iota : tile<256xi32>
    %b1 = reshape %bins : tile<ptr<i32>> -> tile<1xptr<i32>>
    %bb = broadcast %b1 : tile<1xptr<i32>> -> tile<256xptr<i32>>
    %ptrs = offset %bb, %v : tile<256xptr<i32>>, tile<256xi32> -> tile<256xptr<i32>>
    %one = constant <i32: 1> : tile<256xi32>
    %old, %t = atomic_rmw_tko relaxed device %ptrs, add, %one : tile<256xptr<i32>>, tile<256xi32> -> tile<256xi32>, token
    return
  }
  entry @unbounded(%bins: tile<ptr<i32>>) {
    %iota = iota : tile<256xi32>
    %b1 = reshape %bins : tile<ptr<i32>> -> tile<1xptr<i32>>
    %bb = broadcast %b1 : tile<1xptr<i32>> -> tile<256xptr<i32>>
    %p0 = offset %bb, %iota : tile<256xptr<i32>>, tile<256xi32> -> tile<256xptr<i32>>
    %one = constant <i32: 1> : tile<256xi32>
    %o0, %t0 = atomic_rmw_tko relaxed device %p0, max, %one : tile<256xptr<i32>>, tile<256xi32> -> tile<256xi32>, token
    %open = assume bounded<0, ?>, %iota : tile<256xi32>
    %p1 = offset %bb, %open : tile<256xptr<i32>>, tile<256xi32> -> tile<256xptr<i32>>
    %o1, %t1 = atomic_rmw_tko relaxed device %p1, add, %one : tile<256xptr<i32>>, tile<256xi32> -> tile<256xi32>, token
    %big = assume bounded<0, 4096>, %iota : tile<256xi32>
    %p2 = offset %bb, %big : tile<256xptr<i32>>, tile<256xi32> -> tile<256xptr<i32>>
    %o2, %t2 = atomic_rmw_tko relaxed device %p2, add, %one : tile<256xptr<i32>>, tile<256xi32> -> tile<256xi32>, token
    return
  }
}
