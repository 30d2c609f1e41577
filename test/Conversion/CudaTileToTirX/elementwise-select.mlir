// RUN: tile-opt %s --convert-cuda-tile-to-tirx | FileCheck %s

// select (cuda_tile 100) and the scalar forms: a scalar (uniform) condition
// or value enters the tirx.map as a scalar input; all-scalar operands (here
// pointers) give arith.select outside any map. f8 conversions of scalars
// are maps into a rank-0 register buffer (the cvt forms live in
// tirx-dispatch), read back as the scalar a rank-0 tile is.

// CHECK-LABEL: gpu.func @select
// CHECK-SAME: (%[[P:.*]]: !llvm.ptr<1>, %[[Q:.*]]: !llvm.ptr<1>, %[[S:.*]]: f32, %[[C:.*]]: i1)
// CHECK: %[[E:.*]] = tirx.alloc : !tirx.buffer<f8E4M3FN, local
// CHECK: tirx.map cta %[[E]], %[[S]] : !tirx.buffer<f8E4M3FN, {{.*}}>, f32 {
// CHECK-NEXT: ^bb0(%[[X:.*]]: f32):
// CHECK-NEXT: %[[T:.*]] = arith.truncf %[[X]] : f32 to f8E4M3FN
// CHECK-NEXT: tirx.yield %[[T]] : f8E4M3FN
// CHECK: %[[ES:.*]] = tirx.read %[[E]][] : {{.*}} -> f8E4M3FN
// CHECK: %[[F:.*]] = tirx.alloc : !tirx.buffer<f32, local
// CHECK: tirx.map cta %[[F]], %[[ES]] :
// CHECK-NEXT: ^bb0(%[[X:.*]]: f8E4M3FN):
// CHECK-NEXT: arith.extf %[[X]] : f8E4M3FN to f32
// CHECK: %[[FS:.*]] = tirx.read %[[F]][] : {{.*}} -> f32
// CHECK: %[[PS:.*]] = arith.select %[[C]], %[[P]], %[[Q]] : !llvm.ptr<1>
// CHECK: tirx.global_view %[[PS]]
// CHECK: %[[A:.*]] = tirx.alloc : !tirx.buffer<128xf32
// CHECK: tirx.copy cta %[[A]]
// CHECK: tirx.map cta %{{.*}}, %[[C]], %[[A]], %[[FS]] : !tirx.buffer<128xf32, {{.*}}>, i1, !tirx.buffer<128xf32
// CHECK-NEXT: ^bb0(%[[B:.*]]: i1, %[[X:.*]]: f32, %[[Y:.*]]: f32):
// CHECK-NEXT: %[[R:.*]] = arith.select %[[B]], %[[X]], %[[Y]] : f32
// CHECK-NEXT: tirx.yield %[[R]] : f32
// A select of pointer tiles: i64 address buffers, the scalar pointer enters
// as its address.
// CHECK: arith.cmpf olt
// CHECK: %[[PI:.*]] = llvm.ptrtoint %[[P]] : !llvm.ptr<1> to i64
// CHECK: tirx.map cta %{{.*}}, %{{.*}}, %{{.*}}, %[[PI]] : !tirx.buffer<128xi64, {{.*}}>, !tirx.buffer<128xi1, {{.*}}>, !tirx.buffer<128xi64, {{.*}}>, i64 {
// CHECK-NEXT: ^bb0(%{{.*}}: i1, %{{.*}}: i64, %{{.*}}: i64):
// CHECK-NEXT: arith.select %{{.*}} : i64
cuda_tile.module @m {
  entry @select(%p: tile<ptr<f32>>, %q: tile<ptr<f32>>, %s: tile<f32>, %c: tile<i1>) {
    %e = ftof %s : tile<f32> -> tile<f8E4M3FN>
    %f = ftof %e : tile<f8E4M3FN> -> tile<f32>
    %ps = select %c, %p, %q : tile<i1>, tile<ptr<f32>>
    %tv = make_tensor_view %ps, shape = [128], strides = [1] : tensor_view<128xf32, strides=[1]>
    %pv = make_partition_view %tv : partition_view<tile=(128), tensor_view<128xf32, strides=[1]>>
    %c0 = constant <i32: 0> : tile<i32>
    %a, %t0 = load_view_tko weak %pv[%c0] : partition_view<tile=(128), tensor_view<128xf32, strides=[1]>>, tile<i32> -> tile<128xf32>, token
    %f1 = reshape %f : tile<f32> -> tile<1xf32>
    %fb = broadcast %f1 : tile<1xf32> -> tile<128xf32>
    %c1 = reshape %c : tile<i1> -> tile<1xi1>
    %cb = broadcast %c1 : tile<1xi1> -> tile<128xi1>
    %r = select %cb, %a, %fb : tile<128xi1>, tile<128xf32>
    %t1 = store_view_tko weak %r, %pv[%c0] : tile<128xf32>, partition_view<tile=(128), tensor_view<128xf32, strides=[1]>>, tile<i32> -> token
    %iota = iota : tile<128xi32>
    %p1 = reshape %p : tile<ptr<f32>> -> tile<1xptr<f32>>
    %pb = broadcast %p1 : tile<1xptr<f32>> -> tile<128xptr<f32>>
    %pq = offset %pb, %iota : tile<128xptr<f32>>, tile<128xi32> -> tile<128xptr<f32>>
    %lt = cmpf less_than ordered %a, %fb : tile<128xf32> -> tile<128xi1>
    %sel = select %lt, %pq, %pb : tile<128xi1>, tile<128xptr<f32>>
    return
  }
}
