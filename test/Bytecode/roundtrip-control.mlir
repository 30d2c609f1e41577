// Round trip through Tile IR bytecode: text -> bytecode (13.3 and 13.5)
// -> text prints the same module, and reading is a fixed point.
// RUN: tile-opt %s -o %t.text
// RUN: tile-translate --mlir-to-cudatilebc %s -o %t.bc
// RUN: tile-opt %t.bc -o %t.back
// RUN: diff %t.text %t.back
// RUN: tile-translate --mlir-to-cudatilebc --bytecode-version=13.5 %s | tile-opt | diff %t.text -
// RUN: tile-translate --mlir-to-cudatilebc %t.bc | cmp - %t.bc
// RUN: FileCheck %s --input-file=%t.back
// REQUIRES: testing-ops

// CHECK: cuda_tile.module @kernels
// CHECK-DAG: continue 
// CHECK-DAG: break 
// CHECK-DAG: get_global 
// CHECK-DAG: print_tko 
// CHECK-DAG: loop 
// CHECK-DAG: for 
// CHECK-DAG: atomic_cas_tko 
// CHECK-DAG: mmaf_scaled 
// CHECK-DAG: mmai 
// CHECK-DAG: make_gather_scatter_view 
// CHECK-DAG: make_strided_view 

// Round trip of control flow, globals, print_tko, view queries and
// constructors, atomics, mma and alloca.

cuda_tile.module @kernels {
  global @g2 alignment = 256 <f32: [1.0, 2.0]> : !cuda_tile.tile<2xf32>
  global private constant @g9 <i32: [255]> : !cuda_tile.tile<1xi32>

  testing$func @branches(%c: tile<i1>, %x: tile<i32>) -> tile<i1> {
    %if_result = if %c -> (tile<i1>) {
      yield %c : tile<i1>
    } else {
      yield %c : tile<i1>
    }
    if %c {
      cuda_tile.assert %c, "foo" : tile<i1>
    }
    if %c {
      return %c : tile<i1>
    }
    return %if_result : tile<i1>
  }

  testing$func @loops(%c0: tile<i32>, %c1: tile<i32>, %h: tile<i16>) {
    %for_result = for %iv in (%c0 to %c1, step %c1) : tile<i32> iter_values(%var0 = %c0) -> (tile<i32>) {
      continue %iv : tile<i32>
    }
    for unsigned %iv_u in (%c0 to %c1, step %c1) : tile<i32> {
      continue
    }
    %loop = loop iter_values(%a = %c0, %b = %h) : tile<i32>, tile<i16> -> tile<i32> {
      %done = cmpi equal %a, %c1, signed : tile<i32> -> tile<i1>
      if %done {
        break %a : tile<i32>
      }
      %next = addi %a, %c1 : tile<i32>
      continue %next, %b : tile<i32>, tile<i16>
    }
    %loop1 = loop : tile<i32> {
      break %c0 : tile<i32>
    }
    return
  }

  testing$func @misc(%x: tile<i32>, %tv: tensor_view<64x?xi32, strides=[?,1]>,
                     %tv3: tensor_view<?x8192x64xf32, strides=[?,64,1]>,
                     %tv2: tensor_view<8192x8192xf32, strides=[8192,1]>) {
    %0 = get_global @g2 : tile<ptr<f32>>
    %tok3 = print_tko "val: %i", %x : tile<i32> -> !cuda_tile.token
    %tok4 = print_tko "next: %i %%", %x token = %tok3 : tile<i32> -> !cuda_tile.token
    %tok5 = print_tko "hello_world" -> !cuda_tile.token
    %size_i32:2 = get_tensor_shape %tv : tensor_view<64x?xi32, strides=[?,1]> -> tile<i32>
    %pv = make_partition_view %tv3 : partition_view<tile=(8x1x16), tensor_view<?x8192x64xf32, strides=[?,64,1]>>
    %size_i64:3 = get_index_space_shape %pv : partition_view<tile=(8x1x16), tensor_view<?x8192x64xf32, strides=[?,64,1]>> -> tile<i64>
    %sv = make_strided_view %tv3 : strided_view<tile=(8x1x32), traversal_strides=[512,1,10], tensor_view<?x8192x64xf32, strides=[?,64,1]>>
    %gv = make_gather_scatter_view %tv2 : gather_scatter_view<tile=(128x128), tensor_view<8192x8192xf32, strides=[8192, 1]>, sparse_dim=0>
    %1 = alloca num_elem = 64, alignment = 16 global : tile<ptr<f32>>
    %2 = alloca num_elem = 8, alignment = 8 : tile<ptr<i64>>
    return
  }

  testing$func @atomics(%p: tile<2xptr<f32>>, %v: tile<2xf32>, %pi: tile<2xptr<i32>>,
                        %i: tile<2xi32>, %m: tile<2xi1>, %t: token) {
    %0, %t0 = atomic_cas_tko relaxed device %p, %v, %v : tile<2xptr<f32>>, tile<2xf32> -> tile<2xf32>, token
    %1, %t1 = atomic_cas_tko acq_rel sys %pi, %i, %i, %m token=%t : tile<2xptr<i32>>, tile<2xi32>, tile<2xi1> -> tile<2xi32>, token
    %11, %t11 = atomic_rmw_tko relaxed device %pi, xchg, %i, %m : tile<2xptr<i32>>, tile<2xi32>, tile<2xi1> -> tile<2xi32>, token
    %12, %t12 = atomic_rmw_tko acquire tl_blk %p, addf, %v : tile<2xptr<f32>>, tile<2xf32> -> tile<2xf32>, token
    %13, %t13 = atomic_rmw_tko release device %pi, and, %i : tile<2xptr<i32>>, tile<2xi32> -> tile<2xi32>, token
    return
  }

  testing$func @mma(%a8: tile<4x8xf8E4M3FN>, %b8: tile<8x16xf8E4M3FN>, %c: tile<4x16xf32>,
                    %ai: tile<4x8xi8>, %bi: tile<8x16xi8>, %ci: tile<4x16xi32>,
                    %l: tile<64x64xf8E5M2>, %r: tile<64x64xf8E5M2>, %acc: tile<64x64xf32>,
                    %ls: tile<64x2xf8E8M0FNU>, %rs: tile<2x64xf8E8M0FNU>,
                    %d: tile<2x4x8xf64>, %e: tile<2x8x4xf64>, %f: tile<2x4x4xf64>) {
    %0 = mmaf %a8, %b8, %c fast_acc : tile<4x8xf8E4M3FN>, tile<8x16xf8E4M3FN>, tile<4x16xf32>
    %1 = mmaf %d, %e, %f : tile<2x4x8xf64>, tile<2x8x4xf64>, tile<2x4x4xf64>
    %2 = mmai %ai, %bi, %ci signed unsigned : tile<4x8xi8>, tile<8x16xi8>, tile<4x16xi32>
    %3 = mmaf_scaled %l, %r, %acc, %ls, %rs : !cuda_tile.tile<64x64xf8E5M2>, !cuda_tile.tile<64x64xf8E5M2>, !cuda_tile.tile<64x64xf32>, !cuda_tile.tile<64x2xf8E8M0FNU>, !cuda_tile.tile<2x64xf8E8M0FNU>
    return
  }
}
