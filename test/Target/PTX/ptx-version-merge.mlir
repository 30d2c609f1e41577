// REQUIRES: ptxas
// RUN: tile-translate --cuda-tile-to-ptx --chip=sm_90a %s -o %t.ptx
// RUN: FileCheck %s < %t.ptx
// RUN: %ptxas -arch=sm_90a %t.ptx -o %t.cubin
// RUN: tile-translate --cuda-tile-to-cubin --chip=sm_90a %s -o %t2.cubin

// Two cuda_tile modules: one kernel loads its K loop by TMA and takes PTX
// 8.3 (tensormap.replace), the other keeps sm_90a's default PTX 8.0. Their
// PTX merges into one module under the newest version, which ptxas
// assembles (a file with two `.version` lines does not).
// CHECK: .version 8.3
// CHECK-NOT: .version
// CHECK-DAG: .entry kloop_f16(
// CHECK-DAG: .entry vadd_view(
// CHECK-DAG: tensormap.replace
cuda_tile.module @tma {
  entry @kloop_f16(%a: tile<ptr<f16>>, %b: tile<ptr<f16>>, %c: tile<ptr<f16>>, %kt: tile<i32>) {
    %ta = make_tensor_view %a, shape = [128, 256], strides = [256, 1] : tensor_view<128x256xf16, strides=[256,1]>
    %tb = make_tensor_view %b, shape = [128, 256], strides = [256, 1] : tensor_view<128x256xf16, strides=[256,1]>
    %tc = make_tensor_view %c, shape = [128, 128], strides = [128, 1] : tensor_view<128x128xf16, strides=[128,1]>
    %pa = make_partition_view %ta : partition_view<tile=(128x32), tensor_view<128x256xf16, strides=[256,1]>>
    %pb = make_partition_view %tb : partition_view<tile=(128x32), tensor_view<128x256xf16, strides=[256,1]>>
    %pc = make_partition_view %tc : partition_view<tile=(128x128), tensor_view<128x128xf16, strides=[128,1]>>
    %c0 = constant <i32: 0> : tile<i32>
    %c1 = constant <i32: 1> : tile<i32>
    %zero = constant <f32: 0.0> : tile<128x128xf32>
    %acc = for %kk in (%c0 to %kt, step %c1) : tile<i32> iter_values(%x = %zero) -> (tile<128x128xf32>) {
      %va, %t0 = load_view_tko weak %pa[%c0, %kk] : partition_view<tile=(128x32), tensor_view<128x256xf16, strides=[256,1]>>, tile<i32> -> tile<128x32xf16>, token
      %vb, %t1 = load_view_tko weak %pb[%c0, %kk] : partition_view<tile=(128x32), tensor_view<128x256xf16, strides=[256,1]>>, tile<i32> -> tile<128x32xf16>, token
      %vbt = permute %vb [1, 0] : tile<128x32xf16> -> tile<32x128xf16>
      %y = mmaf %va, %vbt, %x : tile<128x32xf16>, tile<32x128xf16>, tile<128x128xf32>
      continue %y : tile<128x128xf32>
    }
    %out = ftof %acc : tile<128x128xf32> -> tile<128x128xf16>
    %t2 = store_view_tko weak %out, %pc[%c0, %c0] : tile<128x128xf16>, partition_view<tile=(128x128), tensor_view<128x128xf16, strides=[128,1]>>, tile<i32> -> token
    return
  }
}
cuda_tile.module @vector_add {
  entry @vadd_view(%a: tile<ptr<f32>>, %b: tile<ptr<f32>>, %c: tile<ptr<f32>>, %n: tile<i32>) {
    %ta = make_tensor_view %a, shape = [%n], strides = [1] : tile<i32> -> tensor_view<?xf32, strides=[1]>
    %tb = make_tensor_view %b, shape = [%n], strides = [1] : tile<i32> -> tensor_view<?xf32, strides=[1]>
    %tc = make_tensor_view %c, shape = [%n], strides = [1] : tile<i32> -> tensor_view<?xf32, strides=[1]>
    %pa = make_partition_view %ta : partition_view<tile=(1024), padding_value = zero, tensor_view<?xf32, strides=[1]>>
    %pb = make_partition_view %tb : partition_view<tile=(1024), padding_value = zero, tensor_view<?xf32, strides=[1]>>
    %pc = make_partition_view %tc : partition_view<tile=(1024), padding_value = zero, tensor_view<?xf32, strides=[1]>>
    %bx, %by, %bz = get_tile_block_id : tile<i32>
    %va, %t0 = load_view_tko weak %pa[%bx] : partition_view<tile=(1024), padding_value = zero, tensor_view<?xf32, strides=[1]>>, tile<i32> -> tile<1024xf32>, token
    %vb, %t1 = load_view_tko weak %pb[%bx] : partition_view<tile=(1024), padding_value = zero, tensor_view<?xf32, strides=[1]>>, tile<i32> -> tile<1024xf32>, token
    %sum = addf %va, %vb : tile<1024xf32>
    %t2 = store_view_tko weak %sum, %pc[%bx] : tile<1024xf32>, partition_view<tile=(1024), padding_value = zero, tensor_view<?xf32, strides=[1]>>, tile<i32> -> token
    return
  }
}
