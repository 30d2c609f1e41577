// RUN: tile-opt %s --convert-cuda-tile-to-tirx | FileCheck %s

// Shape ops: views of the registers where the elements stay on their
// threads, conversions through shared memory (copy, barrier, copy) where
// they move; dense constants come from a global constant.

cuda_tile.module @shapes {
  // A non-splat constant: an addrspace(1) global constant copied into a
  // blocked register buffer.
  // CHECK: llvm.mlir.global internal constant @[[G:__tileir_constant_dense_constant_0]](dense<[1.000000e+00, 2.000000e+00, 3.000000e+00, 4.000000e+00, 5.000000e+00, 6.000000e+00, 7.000000e+00, 8.000000e+00]> : tensor<8xf32>) {addr_space = 1 : i32, alignment = 16 : i64} : !llvm.array<8 x f32>
  // CHECK-LABEL: gpu.func @dense_constant
  // CHECK: %[[ADDR:.*]] = llvm.mlir.addressof @[[G]] : !llvm.ptr<1>
  // CHECK: %[[VIEW:.*]] = tirx.global_view %[[ADDR]] sizes [2, 4] strides [4, 1]
  // CHECK: %[[REGION:.*]] = tirx.region %[[VIEW]] [0, 0]
  // CHECK: %[[C:.*]] = tirx.alloc : !tirx.buffer<2x4xf32, local
  // CHECK: tirx.copy cta %[[C]], %[[REGION]]
  // CHECK: tirx.view %[[C]] : {{.*}} -> !tirx.buffer<8xf32, local
  entry @dense_constant(%p: tile<ptr<f32>>) {
    %c = constant <f32: [[1.0, 2.0, 3.0, 4.0], [5.0, 6.0, 7.0, 8.0]]> : tile<2x4xf32>
    %r = reshape %c : tile<2x4xf32> -> tile<8xf32>
    %i = iota : tile<8xi32>
    %p1_8 = reshape %p : tile<ptr<f32>> -> tile<1xptr<f32>>
    %pb_8 = broadcast %p1_8 : tile<1xptr<f32>> -> tile<8xptr<f32>>
    %q = offset %pb_8, %i : tile<8xptr<f32>>, tile<8xi32> -> tile<8xptr<f32>>
    %t = store_ptr_tko weak %q, %r : tile<8xptr<f32>>, tile<8xf32> -> token
    return
  }

  // permute is a view (the dimensions' bits swap); the extracted halves are
  // selected by a thread bit, so they go through shared memory (dynamic
  // index: one scf.index_switch case per block); cat joins two 16x32 halves
  // with one more register bit, written by layout changes that dispatch
  // makes register moves.
  // CHECK-LABEL: gpu.func @permute_cat_extract
  // CHECK: %[[V:.*]] = tirx.alloc : !tirx.buffer<32x32xf32, local, <S[(2,128,4):(4,1@tx,1)]>>
  // CHECK: %[[TR:.*]] = tirx.view %[[V]] : {{.*}} -> !tirx.buffer<32x32xf32, local, <S[(8,4,2,16):(1@tx,1,4,8@tx)]>>
  // CHECK: %[[SH:.*]] = tirx.alloc : !tirx.buffer<32x32xf32, shared, <S[1024:1]>>
  // CHECK: tirx.copy cta %[[SH]], %[[TR]]
  // CHECK: tirx.barrier cta
  // CHECK: %[[TOP:.*]] = tirx.alloc : !tirx.buffer<16x32xf32, local, <S[(128,4):(1@tx,1)]>>
  // CHECK: %[[TOPV:.*]] = tirx.view %[[SH]] : {{.*}} -> !tirx.buffer<16x32xf32, shared, <S[512:1]>>
  // CHECK: tirx.copy cta %[[TOP]], %[[TOPV]]
  // CHECK: %[[SH2:.*]] = tirx.alloc : !tirx.buffer<32x32xf32, shared, <S[1024:1]>>
  // CHECK: tirx.barrier cta
  // CHECK: %[[DYN:.*]] = tirx.alloc : !tirx.buffer<16x32xf32, local, <S[(128,4):(1@tx,1)]>>
  // CHECK: scf.index_switch
  // CHECK: case 0 {
  // CHECK:   %[[B0:.*]] = tirx.view %[[SH2]] : {{.*}} -> !tirx.buffer<16x32xf32, shared, <S[512:1]>>
  // CHECK:   tirx.copy cta %[[DYN]], %[[B0]]
  // CHECK: case 1 {
  // CHECK:   %[[B1:.*]] = tirx.view %[[SH2]] : {{.*}} -> !tirx.buffer<16x32xf32, shared, <S[512:1] + 512>>
  // CHECK:   tirx.copy cta %[[DYN]], %[[B1]]
  // CHECK: %[[CAT:.*]] = tirx.alloc : !tirx.buffer<32x32xf32, local, <S[(2,128,4):(4,1@tx,1)]>>
  // CHECK: %[[LO:.*]] = tirx.view %[[CAT]] : {{.*}} -> !tirx.buffer<16x32xf32, local, <S[(128,4):(1@tx,1)]>>
  // CHECK: tirx.permute_layout cta %[[LO]], %[[TOP]]
  // CHECK: %[[HI:.*]] = tirx.view %[[CAT]] : {{.*}} -> !tirx.buffer<16x32xf32, local, <S[(128,4):(1@tx,1)] + 4>>
  // CHECK: tirx.permute_layout cta %[[HI]], %[[DYN]]
  // CHECK: tirx.copy cta %{{.*}}, %[[CAT]]
  entry @permute_cat_extract(%p: tile<ptr<f32>>, %k: tile<i32>) {
    %tv = make_tensor_view %p, shape = [32, 32], strides = [32, 1] : tensor_view<32x32xf32, strides=[32,1]>
    %pv = make_partition_view %tv : partition_view<tile=(32x32), tensor_view<32x32xf32, strides=[32,1]>>
    %ph = make_partition_view %tv : partition_view<tile=(16x32), tensor_view<32x32xf32, strides=[32,1]>>
    %c0 = constant <i32: 0> : tile<i32>
    %c1 = constant <i32: 1> : tile<i32>
    %v, %t0 = load_view_tko weak %pv[%c0, %c0] : partition_view<tile=(32x32), tensor_view<32x32xf32, strides=[32,1]>>, tile<i32> -> tile<32x32xf32>, token
    %tr = permute %v [1, 0] : tile<32x32xf32> -> tile<32x32xf32>
    %top = extract %tr[%c0, %c0] : tile<32x32xf32> -> tile<16x32xf32>
    %dyn = extract %tr[%k, %c0] : tile<32x32xf32> -> tile<16x32xf32>
    %both = cat %top, %dyn dim = 0 : tile<16x32xf32>, tile<16x32xf32> -> tile<32x32xf32>
    %t1 = store_view_tko weak %both, %pv[%c0, %c0] token = %t0 : tile<32x32xf32>, partition_view<tile=(32x32), tensor_view<32x32xf32, strides=[32,1]>>, tile<i32> -> token
    return
  }

  // extract of one element lands in a buffer every thread holds; reshape to
  // rank 0 reads it with tirx.read; the scalar broadcasts as a fill.
  // CHECK-LABEL: gpu.func @scalar_from_tile
  // CHECK: %[[SH:.*]] = tirx.alloc : !tirx.buffer<128xf32, shared, <S[128:1]>>
  // CHECK: tirx.barrier cta
  // CHECK: %[[ONE:.*]] = tirx.alloc : !tirx.buffer<1xf32, local, <S[1:1] + R[32:1@tx]>>
  // CHECK: %[[EL:.*]] = tirx.view %[[SH]] : {{.*}} -> !tirx.buffer<1xf32, shared, <S[1:1] + 5>>
  // CHECK: tirx.copy cta %[[ONE]], %[[EL]]
  // CHECK: %[[S:.*]] = tirx.read %[[ONE]][%{{.*}}] : !tirx.buffer<1xf32, local, <S[1:1] + R[32:1@tx]>> -> f32
  // CHECK: tirx.fill cta %{{.*}}, %[[S]]
  entry @scalar_from_tile(%p: tile<ptr<f32>>) {
    %i = iota : tile<128xi32>
    %p1_128 = reshape %p : tile<ptr<f32>> -> tile<1xptr<f32>>
    %pb_128 = broadcast %p1_128 : tile<1xptr<f32>> -> tile<128xptr<f32>>
    %q = offset %pb_128, %i : tile<128xptr<f32>>, tile<128xi32> -> tile<128xptr<f32>>
    %v, %t = load_ptr_tko weak %q : tile<128xptr<f32>> -> tile<128xf32>, token
    %c5 = constant <i32: 5> : tile<i32>
    %one = extract %v[%c5] : tile<128xf32> -> tile<1xf32>
    %s = reshape %one : tile<1xf32> -> tile<f32>
    %s2 = reshape %s : tile<f32> -> tile<1xf32>
    %b = broadcast %s2 : tile<1xf32> -> tile<128xf32>
    %t2 = store_ptr_tko weak %q, %b token = %t : tile<128xptr<f32>>, tile<128xf32> -> token
    return
  }

  // A loop-carried tile whose yielded value has another layout: staged
  // (the carrier is its source) and converted into the carrier's layout.
  // CHECK-LABEL: gpu.func @carried_permute
  // CHECK: %[[C:.*]] = tirx.alloc : !tirx.buffer<16x16xf32, local, <S[(2,32,4):(4,1@tx,1)]>>
  // CHECK: scf.for
  // CHECK:   %[[T:.*]] = tirx.view %[[C]] : {{.*}} -> !tirx.buffer<16x16xf32, local, <S[(4,4,2,8):(1@tx,1,4,4@tx)]>>
  // CHECK:   %[[STAGE:.*]] = tirx.alloc
  // CHECK:   tirx.permute_layout cta %[[STAGE]], %[[T]]
  // CHECK:   tirx.permute_layout cta %[[C]], %[[STAGE]]
  // CHECK: }
  // CHECK: tirx.copy cta %{{.*}}, %[[C]]
  entry @carried_permute(%p: tile<ptr<f32>>, %n: tile<i32>) {
    %tv = make_tensor_view %p, shape = [16, 16], strides = [16, 1] : tensor_view<16x16xf32, strides=[16,1]>
    %pv = make_partition_view %tv : partition_view<tile=(16x16), tensor_view<16x16xf32, strides=[16,1]>>
    %c0 = constant <i32: 0> : tile<i32>
    %c1 = constant <i32: 1> : tile<i32>
    %v, %t0 = load_view_tko weak %pv[%c0, %c0] : partition_view<tile=(16x16), tensor_view<16x16xf32, strides=[16,1]>>, tile<i32> -> tile<16x16xf32>, token
    %r = for %k in (%c0 to %n, step %c1) : tile<i32> iter_values(%a = %v) -> (tile<16x16xf32>) {
      %tr = permute %a [1, 0] : tile<16x16xf32> -> tile<16x16xf32>
      continue %tr : tile<16x16xf32>
    }
    %t1 = store_view_tko weak %r, %pv[%c0, %c0] token = %t0 : tile<16x16xf32>, partition_view<tile=(16x16), tensor_view<16x16xf32, strides=[16,1]>>, tile<i32> -> token
    return
  }
  // A broadcast the source registers do not replicate for: the source is
  // converted to the anchor's layout minus the broadcast dimension, then
  // viewed with stride-0 bits.
  // CHECK-LABEL: gpu.func @broadcast_convert
  // CHECK: %[[V:.*]] = tirx.alloc : !tirx.buffer<4x1xf32, local, <S[4:1@tx] + R[16:4@tx]>>
  // CHECK: %[[R:.*]] = tirx.alloc : !tirx.buffer<4x1xf32, local, <S[(2,2):(1,32@tx)] + R[(2,2,2,2,2):(1@tx,2@tx,4@tx,8@tx,16@tx)]>>
  // CHECK: tirx.permute_layout cta %[[R]], %[[V]]
  // CHECK: %[[B:.*]] = tirx.view %[[R]] : {{.*}} -> !tirx.buffer<4x128xf32, local, <S[(2,64,4):(1,1@tx,0)]>>
  // CHECK: tirx.copy cta %{{.*}}, %[[B]]
  entry @broadcast_convert(%x: tile<ptr<f32>>) {
    %tx = make_tensor_view %x, shape = [4, 128], strides = [128, 1] : tensor_view<4x128xf32, strides=[128,1]>
    %p1 = make_partition_view %tx : partition_view<tile=(4x1), tensor_view<4x128xf32, strides=[128,1]>>
    %pa = make_partition_view %tx : partition_view<tile=(4x128), tensor_view<4x128xf32, strides=[128,1]>>
    %c0 = constant <i32: 0> : tile<i32>
    %v, %t0 = load_view_tko weak %p1[%c0, %c0] : partition_view<tile=(4x1), tensor_view<4x128xf32, strides=[128,1]>>, tile<i32> -> tile<4x1xf32>, token
    %b = broadcast %v : tile<4x1xf32> -> tile<4x128xf32>
    %t1 = store_view_tko weak %b, %pa[%c0, %c0] token = %t0 : tile<4x128xf32>, partition_view<tile=(4x128), tensor_view<4x128xf32, strides=[128,1]>>, tile<i32> -> token
    return
  }
}

