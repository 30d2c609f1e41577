// RUN: tile-opt %s --canonicalize --cse | FileCheck %s

// A weak load only reads: an unused one goes, and two loads of one tile
// with the same token are one. An ordered load (acquire, relaxed) also
// orders the accesses around it, so it stays where it is, used or not.
// CHECK-LABEL: entry @loads
// CHECK-NOT: load_ptr_tko weak
// CHECK: %[[A:.*]], %{{.*}} = load_ptr_tko acquire device %[[P:.*]] : tile<ptr<i32>>
// CHECK-NEXT: load_ptr_tko relaxed device %[[P]] : tile<ptr<i32>>
// CHECK: %[[V:.*]], %{{.*}} = load_view_tko weak
// CHECK-NOT: load_view_tko
// CHECK: addi %[[V]], %[[V]]
// CHECK: %[[B:.*]], %{{.*}} = load_ptr_tko acquire device %[[P]] : tile<ptr<i32>>
// CHECK: addi %[[A]], %[[B]]
cuda_tile.module @m {
  entry @loads(%p: tile<ptr<i32>>, %q: tile<ptr<i32>>) {
    %unused, %t0 = load_ptr_tko weak %p : tile<ptr<i32>> -> tile<i32>, token
    %a, %t1 = load_ptr_tko acquire device %p : tile<ptr<i32>> -> tile<i32>, token
    %r, %t2 = load_ptr_tko relaxed device %p : tile<ptr<i32>> -> tile<i32>, token
    %tv = make_tensor_view %q, shape = [64], strides = [1] : tensor_view<64xi32, strides=[1]>
    %pv = make_partition_view %tv : partition_view<tile=(64), tensor_view<64xi32, strides=[1]>>
    %c0 = constant <i32: 0> : tile<i32>
    %v, %t3 = load_view_tko weak %pv[%c0] : partition_view<tile=(64), tensor_view<64xi32, strides=[1]>>, tile<i32> -> tile<64xi32>, token
    %w, %t4 = load_view_tko weak %pv[%c0] : partition_view<tile=(64), tensor_view<64xi32, strides=[1]>>, tile<i32> -> tile<64xi32>, token
    %s = addi %v, %w : tile<64xi32>
    %t5 = store_view_tko weak %s, %pv[%c0] : tile<64xi32>, partition_view<tile=(64), tensor_view<64xi32, strides=[1]>>, tile<i32> -> token
    %b, %t6 = load_ptr_tko acquire device %p : tile<ptr<i32>> -> tile<i32>, token
    %c = addi %a, %b : tile<i32>
    %t7 = store_ptr_tko weak %p, %c : tile<ptr<i32>>, tile<i32> -> token
    return
  }
}
