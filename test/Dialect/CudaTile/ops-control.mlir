// RUN: tile-opt %s | FileCheck %s
// RUN: tile-opt %s | tile-opt | FileCheck %s
// RUN: tile-opt %s --mlir-print-op-generic | tile-opt | FileCheck %s
// REQUIRES: testing-ops

// Round trip of control flow, globals, print_tko, view queries and
// constructors, atomics, mma and alloca.

cuda_tile.module @control {
  // CHECK: global @g2 alignment = 256 <f32: [1.000000e+00, 2.000000e+00]> : tile<2xf32>
  global @g2 alignment = 256 <f32: [1.0, 2.0]> : !cuda_tile.tile<2xf32>
  // CHECK: global private constant @g9 <i32: 255> : tile<1xi32>
  global private constant @g9 <i32: [255]> : !cuda_tile.tile<1xi32>

  // CHECK-LABEL: testing$func @branches
  testing$func @branches(%c: tile<i1>, %x: tile<i32>) -> tile<i1> {
    // CHECK: %[[R:.*]] = if %{{.*}} -> (tile<i1>) {
    // CHECK-NEXT: yield %{{.*}} : tile<i1>
    // CHECK-NEXT: } else {
    // CHECK-NEXT: yield %{{.*}} : tile<i1>
    // CHECK-NEXT: }
    %if_result = if %c -> (tile<i1>) {
      yield %c : tile<i1>
    } else {
      yield %c : tile<i1>
    }
    // CHECK: if %{{.*}} {
    // CHECK-NEXT: assert %{{.*}}, "foo" : tile<i1>
    // CHECK-NEXT: }
    if %c {
      cuda_tile.assert %c, "foo" : tile<i1>
    }
    // CHECK: if %{{.*}} {
    // CHECK-NEXT: return %{{.*}} : tile<i1>
    // CHECK-NEXT: }
    if %c {
      return %c : tile<i1>
    }
    return %if_result : tile<i1>
  }

  // CHECK-LABEL: testing$func @loops
  testing$func @loops(%c0: tile<i32>, %c1: tile<i32>, %h: tile<i16>) {
    // CHECK: for %[[IV:.*]] in (%{{.*}} to %{{.*}}, step %{{.*}}) : tile<i32> iter_values(%{{.*}} = %{{.*}}) -> (tile<i32>) {
    // CHECK-NEXT: continue %[[IV]] : tile<i32>
    %for_result = for %iv in (%c0 to %c1, step %c1) : tile<i32> iter_values(%var0 = %c0) -> (tile<i32>) {
      continue %iv : tile<i32>
    }
    // CHECK: for unsigned %{{.*}} in (%{{.*}} to %{{.*}}, step %{{.*}}) : tile<i32> {
    // CHECK-NEXT: }
    for unsigned %iv_u in (%c0 to %c1, step %c1) : tile<i32> {
      continue
    }
    // CHECK: loop iter_values(%[[A:.*]] = %{{.*}}, %{{.*}} = %{{.*}}) : tile<i32>, tile<i16> -> tile<i32> {
    // CHECK: if %{{.*}} {
    // CHECK-NEXT: break %[[A]] : tile<i32>
    // CHECK: continue %{{.*}}, %{{.*}} : tile<i32>, tile<i16>
    %loop = loop iter_values(%a = %c0, %b = %h) : tile<i32>, tile<i16> -> tile<i32> {
      %done = cmpi equal %a, %c1, signed : tile<i32> -> tile<i1>
      if %done {
        break %a : tile<i32>
      }
      %next = addi %a, %c1 : tile<i32>
      continue %next, %b : tile<i32>, tile<i16>
    }
    // CHECK: loop : tile<i32> {
    %loop1 = loop : tile<i32> {
      break %c0 : tile<i32>
    }
    return
  }

  // CHECK-LABEL: testing$func @misc
  testing$func @misc(%x: tile<i32>, %tv: tensor_view<64x?xi32, strides=[?,1]>,
                     %tv3: tensor_view<?x8192x64xf32, strides=[?,64,1]>,
                     %tv2: tensor_view<8192x8192xf32, strides=[8192,1]>) {
    // CHECK: get_global @g2 : tile<ptr<f32>>
    %0 = get_global @g2 : tile<ptr<f32>>
    // CHECK: %[[T:.*]] = print_tko "val: %i", %{{.*}} : tile<i32> -> token
    %tok3 = print_tko "val: %i", %x : tile<i32> -> !cuda_tile.token
    // CHECK: print_tko "next: %i %%", %{{.*}} token=%[[T]] : tile<i32> -> token
    %tok4 = print_tko "next: %i %%", %x token = %tok3 : tile<i32> -> !cuda_tile.token
    // CHECK: print_tko "hello_world" -> token
    %tok5 = print_tko "hello_world" -> !cuda_tile.token
    // CHECK: print_tko "%-+ #08.3lld|% f|%hhx%%", %{{.*}}, %{{.*}}, %{{.*}} : tile<i32>, tile<i32>, tile<i32> -> token
    %tok6 = print_tko "%-+ #08.3lld|% f|%hhx%%", %x, %x, %x : tile<i32>, tile<i32>, tile<i32> -> !cuda_tile.token
    // CHECK: get_tensor_shape %{{.*}} : tensor_view<64x?xi32, strides=[?,1]> -> tile<i32>
    %size_i32:2 = get_tensor_shape %tv : tensor_view<64x?xi32, strides=[?,1]> -> tile<i32>
    // CHECK: %[[PV:.*]] = make_partition_view
    %pv = make_partition_view %tv3 : partition_view<tile=(8x1x16), tensor_view<?x8192x64xf32, strides=[?,64,1]>>
    // CHECK: get_index_space_shape %[[PV]] : partition_view<tile=(8x1x16), tensor_view<?x8192x64xf32, strides=[?,64,1]>> -> tile<i64>
    %size_i64:3 = get_index_space_shape %pv : partition_view<tile=(8x1x16), tensor_view<?x8192x64xf32, strides=[?,64,1]>> -> tile<i64>
    // CHECK: make_strided_view %{{.*}} : strided_view<tile=(8x1x32), traversal_strides=[512,1,10], tensor_view<?x8192x64xf32, strides=[?,64,1]>>
    %sv = make_strided_view %tv3 : strided_view<tile=(8x1x32), traversal_strides=[512,1,10], tensor_view<?x8192x64xf32, strides=[?,64,1]>>
    // CHECK: make_gather_scatter_view %{{.*}} : gather_scatter_view<tile=(128x128), tensor_view<8192x8192xf32, strides=[8192,1]>, sparse_dim=0>
    %gv = make_gather_scatter_view %tv2 : gather_scatter_view<tile=(128x128), tensor_view<8192x8192xf32, strides=[8192, 1]>, sparse_dim=0>
    // CHECK: alloca num_elem = 64, alignment = 16 global : tile<ptr<f32>>
    %1 = alloca num_elem = 64, alignment = 16 global : tile<ptr<f32>>
    // CHECK: alloca num_elem = 8, alignment = 8 : tile<ptr<i64>>
    %2 = alloca num_elem = 8, alignment = 8 : tile<ptr<i64>>
    return
  }

  // CHECK-LABEL: testing$func @atomics
  testing$func @atomics(%p: tile<2xptr<f32>>, %v: tile<2xf32>, %pi: tile<2xptr<i32>>,
                        %i: tile<2xi32>, %m: tile<2xi1>, %t: token) {
    // CHECK: atomic_cas_tko relaxed device %{{.*}}, %{{.*}}, %{{.*}} : tile<2xptr<f32>>, tile<2xf32> -> tile<2xf32>, token
    %0, %t0 = atomic_cas_tko relaxed device %p, %v, %v : tile<2xptr<f32>>, tile<2xf32> -> tile<2xf32>, token
    // CHECK: atomic_cas_tko acq_rel sys %{{.*}}, %{{.*}}, %{{.*}}, %{{.*}} token=%{{.*}} : tile<2xptr<i32>>, tile<2xi32>, tile<2xi1> -> tile<2xi32>, token
    %1, %t1 = atomic_cas_tko acq_rel sys %pi, %i, %i, %m token=%t : tile<2xptr<i32>>, tile<2xi32>, tile<2xi1> -> tile<2xi32>, token
    // CHECK: atomic_rmw_tko relaxed device %{{.*}}, xchg, %{{.*}}, %{{.*}} : tile<2xptr<i32>>, tile<2xi32>, tile<2xi1> -> tile<2xi32>, token
    %11, %t11 = atomic_rmw_tko relaxed device %pi, xchg, %i, %m : tile<2xptr<i32>>, tile<2xi32>, tile<2xi1> -> tile<2xi32>, token
    // CHECK: atomic_rmw_tko acquire tl_blk %{{.*}}, addf, %{{.*}} : tile<2xptr<f32>>, tile<2xf32> -> tile<2xf32>, token
    %12, %t12 = atomic_rmw_tko acquire tl_blk %p, addf, %v : tile<2xptr<f32>>, tile<2xf32> -> tile<2xf32>, token
    // CHECK: atomic_rmw_tko release device %{{.*}}, and, %{{.*}} : tile<2xptr<i32>>, tile<2xi32> -> tile<2xi32>, token
    %13, %t13 = atomic_rmw_tko release device %pi, and, %i : tile<2xptr<i32>>, tile<2xi32> -> tile<2xi32>, token
    return
  }

  // CHECK-LABEL: testing$func @mma
  testing$func @mma(%a8: tile<4x8xf8E4M3FN>, %b8: tile<8x16xf8E4M3FN>, %c: tile<4x16xf32>,
                    %ai: tile<4x8xi8>, %bi: tile<8x16xi8>, %ci: tile<4x16xi32>,
                    %l: tile<64x64xf8E5M2>, %r: tile<64x64xf8E5M2>, %acc: tile<64x64xf32>,
                    %ls: tile<64x2xf8E8M0FNU>, %rs: tile<2x64xf8E8M0FNU>,
                    %d: tile<2x4x8xf64>, %e: tile<2x8x4xf64>, %f: tile<2x4x4xf64>) {
    // CHECK: mmaf %{{.*}}, %{{.*}}, %{{.*}} fast_acc : tile<4x8xf8E4M3FN>, tile<8x16xf8E4M3FN>, tile<4x16xf32>
    %0 = mmaf %a8, %b8, %c fast_acc : tile<4x8xf8E4M3FN>, tile<8x16xf8E4M3FN>, tile<4x16xf32>
    // CHECK: mmaf %{{.*}}, %{{.*}}, %{{.*}} : tile<2x4x8xf64>, tile<2x8x4xf64>, tile<2x4x4xf64>
    %1 = mmaf %d, %e, %f : tile<2x4x8xf64>, tile<2x8x4xf64>, tile<2x4x4xf64>
    // CHECK: mmai %{{.*}}, %{{.*}}, %{{.*}} signed unsigned : tile<4x8xi8>, tile<8x16xi8>, tile<4x16xi32>
    %2 = mmai %ai, %bi, %ci signed unsigned : tile<4x8xi8>, tile<8x16xi8>, tile<4x16xi32>
    // CHECK: mmaf_scaled %{{.*}}, %{{.*}}, %{{.*}}, %{{.*}}, %{{.*}} : tile<64x64xf8E5M2>, tile<64x64xf8E5M2>, tile<64x64xf32>, tile<64x2xf8E8M0FNU>, tile<2x64xf8E8M0FNU>
    %3 = mmaf_scaled %l, %r, %acc, %ls, %rs : !cuda_tile.tile<64x64xf8E5M2>, !cuda_tile.tile<64x64xf8E5M2>, !cuda_tile.tile<64x64xf32>, !cuda_tile.tile<64x2xf8E8M0FNU>, !cuda_tile.tile<2x64xf8E8M0FNU>
    return
  }
}
