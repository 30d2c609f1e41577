// RUN: tile-opt %s | FileCheck %s
// RUN: tile-opt %s | tile-opt | FileCheck %s
// RUN: tile-opt %s --mlir-print-op-generic | tile-opt | FileCheck %s
// RUN: tile-opt %s --mlir-print-op-generic | FileCheck %s --check-prefix=GENERIC
// REQUIRES: testing-ops

// `assume` predicates (short and `#cuda_tile.` forms; the printer uses the
// short form) and `atomic_red_view_tko`.

cuda_tile.module @m {
  // CHECK-LABEL: testing$func @assume
  testing$func @assume(%i: tile<4xi32>, %p: tile<ptr<f32>>, %s: tile<i16>,
                       %tv: tensor_view<4xf32, strides=[1]>) {
    // CHECK: assume div_by<8, every 2 along 0>, %{{.*}} : tile<4xi32>
    // GENERIC: "cuda_tile.assume"(%{{.*}}) <{predicate = #cuda_tile.div_by<8, every 2 along 0>}>
    %0 = assume div_by<8, every 2 along 0>, %i : tile<4xi32>
    // CHECK: assume bounded<0, 42>, %{{.*}} : tile<i16>
    %1 = cuda_tile.assume #cuda_tile.bounded<0, 42>, %s : tile<i16>
    // CHECK: assume bounded<?, 4>, %{{.*}} : tile<i16>
    %2 = assume bounded<?, 4>, %s : tile<i16>
    // CHECK: assume bounded<-32768, ?>, %{{.*}} : tile<i16>
    %3 = assume bounded<-32768, ?>, %s : tile<i16>
    // CHECK: assume same_elements<[4]>, %{{.*}} : tile<4xi32>
    // GENERIC: predicate = #cuda_tile.same_elements<[4]>
    %4 = assume same_elements<[4]>, %i : tile<4xi32>
    // CHECK: assume div_by<16>, %{{.*}} : tile<ptr<f32>>
    %5 = assume div_by<16>, %p : tile<ptr<f32>>
    // CHECK: assume div_by<16>, %{{.*}} : tensor_view<4xf32, strides=[1]>
    %6 = assume #cuda_tile.div_by<16>, %tv : tensor_view<4xf32, strides=[1]>
    // CHECK: assume div_by<4611686018427387904>, %{{.*}} : tile<4xi32>
    %7 = assume div_by<4611686018427387904>, %i : tile<4xi32>
    return
  }

  // CHECK-LABEL: testing$func @atomic_red_view
  testing$func @atomic_red_view(%v: tile<2x2xi32>, %f: tile<2x2xf32>,
      %c0: tile<i32>, %t: token,
      %pv: partition_view<tile=(2x2), tensor_view<2x2xi32, strides=[2, 1]>>,
      %sv: strided_view<tile=(2x2), traversal_strides=[1,3], tensor_view<8x8xf32, strides=[8,1]>>) {
    // CHECK: atomic_red_view_tko relaxed device %{{.*}}[%{{.*}}, %{{.*}}], add, %{{.*}} token = %{{.*}} : tile<2x2xi32>, partition_view<tile=(2x2), tensor_view<2x2xi32, strides=[2,1]>>, tile<i32> -> token
    // GENERIC: "cuda_tile.atomic_red_view_tko"({{.*}}) <{memory_ordering_semantics = 1 : i32, memory_scope = 1 : i32, mode = 3 : i32, operandSegmentSizes = array<i32: 1, 2, 1, 1>}>
    %t0 = atomic_red_view_tko relaxed device %pv[%c0, %c0], add, %v token = %t : tile<2x2xi32>, partition_view<tile=(2x2), tensor_view<2x2xi32, strides=[2, 1]>>, tile<i32> -> token
    // CHECK: atomic_red_view_tko relaxed tl_blk %{{.*}}[%{{.*}}, %{{.*}}], umax, %{{.*}} : tile<2x2xi32>
    %t1 = atomic_red_view_tko relaxed tl_blk %pv[%c0, %c0], umax, %v token=%t0 : tile<2x2xi32>, partition_view<tile=(2x2), tensor_view<2x2xi32, strides=[2, 1]>>, tile<i32> -> token
    // CHECK: atomic_red_view_tko relaxed device %{{.*}}[%{{.*}}, %{{.*}}], addf, %{{.*}} : tile<2x2xf32>, strided_view<tile=(2x2), traversal_strides=[1,3], tensor_view<8x8xf32, strides=[8,1]>>, tile<i32> -> token
    %t2 = atomic_red_view_tko relaxed device %sv[%c0, %c0], addf, %f : tile<2x2xf32>, strided_view<tile=(2x2), traversal_strides=[1,3], tensor_view<8x8xf32, strides=[8,1]>>, tile<i32> -> token
    return
  }
}
