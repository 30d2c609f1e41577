// RUN: tile-translate --cuda-tile-to-ptx %s -o %t.ptx
// RUN: %ptxas -arch=sm_90 %t.ptx -o %t.cubin
// RUN: FileCheck %s < %t.ptx
// REQUIRES: ptxas

// Shape ops to PTX, assembled by ptxas for sm_90: the dense constant is a
// global constant array, layout conversions go through static shared memory
// between bar.syncs, views need no instructions.

// CHECK: .global .align 16 .b8 __tileir_constant_dense_constant_0[32] = {0, 0, 128, 63, 0, 0, 0, 64,
// CHECK-LABEL: // tileir.kernel dense_constant params=(ptr)
// CHECK-NOT: bar.sync
// CHECK: ld.global
// CHECK-LABEL: // tileir.kernel permute_cat_extract params=(ptr,i32)
// CHECK: st.shared
// CHECK: bar.sync 0;
// CHECK: ld.shared
// CHECK-LABEL: // tileir.kernel scalar_from_tile params=(ptr)
// CHECK: bar.sync 0;
// CHECK: ld.shared
// CHECK-LABEL: // tileir.kernel carried_permute params=(ptr,i32)
// CHECK: [[LOOP:\$L__BB[0-9_]+]]:
// CHECK: st.shared
// CHECK: bar.sync 0;
// CHECK: ld.shared
// CHECK: bar.sync 0;
// CHECK: bra{{.*}}[[LOOP]];
// CHECK-LABEL: // tileir.kernel broadcast_convert params=(ptr)
// CHECK: st.shared
// CHECK: bar.sync 0;
// CHECK: ld.shared
// CHECK-NOT: .local

cuda_tile.module @shapes {
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
