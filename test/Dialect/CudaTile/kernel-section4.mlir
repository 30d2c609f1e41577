// A kernel in the reference's section-4 style, mixing views, pointer tiles,
// for / loop / if / break, reduce / scan, mmaf, atomics and print_tko. It
// must print back to a fixed point, in custom and in generic form.
// RUN: tile-opt %s -o %t.1.mlir
// RUN: tile-opt %t.1.mlir -o %t.2.mlir
// RUN: diff %t.1.mlir %t.2.mlir
// RUN: tile-opt %s --mlir-print-op-generic | tile-opt -o %t.3.mlir
// RUN: diff %t.1.mlir %t.3.mlir
// RUN: FileCheck %s --input-file=%t.1.mlir

// CHECK-LABEL: entry @mixed(
// CHECK: make_partition_view {{.*}} : partition_view<tile=(64x16), padding_value = zero, tensor_view<?x64xf16, strides=[64,1]>>
// CHECK: = for %{{.*}} in (%{{.*}} to %{{.*}}, step %{{.*}}) : tile<i32> iter_values(%{{.*}} = %{{.*}}) -> (tile<64x64xf32>) {
// CHECK: load_view_tko weak
// CHECK: = mmaf %{{.*}}, %{{.*}}, %{{.*}} : tile<64x16xf16>, tile<16x64xf16>, tile<64x64xf32>
// CHECK: continue %{{.*}} : tile<64x64xf32>
// CHECK: = reduce %{{.*}} dim=1 identities=[0.000000e+00 : f32] : tile<64x64xf32> -> tile<64xf32>
// CHECK: = scan %{{.*}} dim=0 identities=[0.000000e+00 : f32] : tile<64xf32> -> tile<64xf32>
// CHECK: store_ptr_tko weak
// CHECK: if %{{.*}} {
// CHECK: print_tko "first block, n = %d", %{{.*}} : tile<i32> -> token
// CHECK: atomic_rmw_tko relaxed device %{{.*}}, add, %{{.*}} : tile<64xptr<i32>>, tile<64xi32> -> tile<64xi32>, token
// CHECK: = loop iter_values(%{{.*}} = %{{.*}}) : tile<i32> -> tile<i32> {
// CHECK: break %{{.*}} : tile<i32>
cuda_tile.module @kernels {
  entry @mixed(%a: tile<ptr<f16>>, %b: tile<ptr<f16>>, %c: tile<ptr<f32>>, %hist: tile<ptr<i32>>, %n: tile<i32>) {
    %ta = make_tensor_view %a, shape = [%n, 64], strides = [64, 1] : tile<i32> -> tensor_view<?x64xf16, strides=[64,1]>
    %tb = make_tensor_view %b, shape = [64, 64], strides = [64, 1] : tensor_view<64x64xf16, strides=[64,1]>
    %pa = make_partition_view %ta : partition_view<tile=(64x16), padding_value = zero, tensor_view<?x64xf16, strides=[64,1]>>
    %pb = make_partition_view %tb : partition_view<tile=(16x64), tensor_view<64x64xf16, strides=[64,1]>>
    %bx, %by, %bz = get_tile_block_id : tile<i32>
    %c0 = constant <i32: 0> : tile<i32>
    %c1 = constant <i32: 1> : tile<i32>
    %c4 = constant <i32: 4> : tile<i32>
    %zero = constant <f32: 0.000000e+00> : tile<64x64xf32>
    %acc = for %k in (%c0 to %c4, step %c1) : tile<i32> iter_values(%sum = %zero) -> (tile<64x64xf32>) {
      %ta_k, %t0 = load_view_tko weak %pa[%bx, %k] : partition_view<tile=(64x16), padding_value = zero, tensor_view<?x64xf16, strides=[64,1]>>, tile<i32> -> tile<64x16xf16>, token
      %tb_k, %t1 = load_view_tko weak %pb[%k, %c0] : partition_view<tile=(16x64), tensor_view<64x64xf16, strides=[64,1]>>, tile<i32> -> tile<16x64xf16>, token
      %next = mmaf %ta_k, %tb_k, %sum : tile<64x16xf16>, tile<16x64xf16>, tile<64x64xf32>
      continue %next : tile<64x64xf32>
    }
    %rowsum = reduce %acc dim=1 identities=[0.000000e+00 : f32] : tile<64x64xf32> -> tile<64xf32>
    (%x: tile<f32>, %y: tile<f32>) {
      %s = addf %x, %y : tile<f32>
      yield %s : tile<f32>
    }
    %prefix = scan %rowsum dim=0 reverse=false identities=[0.000000e+00 : f32] : tile<64xf32> -> tile<64xf32>
    (%p: tile<f32>, %q: tile<f32>) {
      %s = addf %p, %q : tile<f32>
      yield %s : tile<f32>
    }
    %iota = iota : tile<64xi32>
    %c1p = reshape %c : tile<ptr<f32>> -> tile<1xptr<f32>>
    %cb = broadcast %c1p : tile<1xptr<f32>> -> tile<64xptr<f32>>
    %pc = offset %cb, %iota : tile<64xptr<f32>>, tile<64xi32> -> tile<64xptr<f32>>
    %t2 = store_ptr_tko weak %pc, %prefix : tile<64xptr<f32>>, tile<64xf32> -> token
    %is_first = cmpi equal %bx, %c0, signed : tile<i32> -> tile<i1>
    if %is_first {
      %t3 = print_tko "first block, n = %d", %n : tile<i32> -> token
    }
    %h1 = reshape %hist : tile<ptr<i32>> -> tile<1xptr<i32>>
    %hb = broadcast %h1 : tile<1xptr<i32>> -> tile<64xptr<i32>>
    %ones = constant <i32: 1> : tile<64xi32>
    %old, %t4 = atomic_rmw_tko relaxed device %hb, add, %ones : tile<64xptr<i32>>, tile<64xi32> -> tile<64xi32>, token
    %count = loop iter_values(%i = %c0) : tile<i32> -> tile<i32> {
      %done = cmpi greater_than_or_equal %i, %c4, signed : tile<i32> -> tile<i1>
      if %done {
        break %i : tile<i32>
      }
      %i1 = addi %i, %c1 : tile<i32>
      continue %i1 : tile<i32>
    }
    return
  }
}
