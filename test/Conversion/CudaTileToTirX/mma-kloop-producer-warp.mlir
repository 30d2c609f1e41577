// RUN: tile-opt %s --convert-cuda-tile-to-tirx=chip=sm_90a | FileCheck %s
// RUN: tile-translate --cuda-tile-to-ptx --chip=sm_90a %s | FileCheck %s --check-prefix=PTX

// Which K loops get a producer warp (docs/Matmul.md, "Producer warp"): the
// rolled TMA loop directly in the kernel's body, whose bounds, tile indices
// and views the producer computes again from the kernel's arguments. A
// bound loaded from memory, or the loop inside another loop, keeps the
// loop whose own threads issue the copies.

// CHECK-LABEL: gpu.func @top
// CHECK: tirx.warp_specialize producer_warps(1)
// CHECK: } producer {
// CHECK: tirx.tensor_maps
// PTX: // tileir.kernel top {{.*}}reqntid=160,1,1
// PTX-LABEL: .entry top(
// PTX: .reqntid 160, 1, 1

// CHECK-LABEL: gpu.func @loaded_bound
// CHECK-NOT: tirx.warp_specialize
// CHECK: tirx.tensor_maps
// CHECK: tirx.copy_async cta
// CHECK: tirx.gemm_async warpgroup
// PTX: // tileir.kernel loaded_bound {{.*}}reqntid=128,1,1
// PTX-LABEL: .entry loaded_bound(
// PTX: .reqntid 128, 1, 1

// CHECK-LABEL: gpu.func @nested
// CHECK-NOT: tirx.warp_specialize
// CHECK: tirx.tensor_maps
// CHECK: tirx.gemm_async warpgroup

cuda_tile.module @kernels {
  entry @top(%a: tile<ptr<f16>>, %b: tile<ptr<f16>>, %c: tile<ptr<f32>>, %m: tile<i32>, %n: tile<i32>, %k: tile<i32>) {
    %pa = assume div_by<16>, %a : tile<ptr<f16>>
    %pb = assume div_by<16>, %b : tile<ptr<f16>>
    %pc = assume div_by<16>, %c : tile<ptr<f32>>
    %dm = assume div_by<16>, %m : tile<i32>
    %dn = assume div_by<16>, %n : tile<i32>
    %dk = assume div_by<16>, %k : tile<i32>
    %ta = make_tensor_view %pa, shape = [%dm, %dk], strides = [%dk, 1] : tile<i32> -> tensor_view<?x?xf16, strides=[?,1]>
    %tb = make_tensor_view %pb, shape = [%dk, %dn], strides = [%dn, 1] : tile<i32> -> tensor_view<?x?xf16, strides=[?,1]>
    %tc = make_tensor_view %pc, shape = [%dm, %dn], strides = [%dn, 1] : tile<i32> -> tensor_view<?x?xf32, strides=[?,1]>
    %bx, %by, %bz = get_tile_block_id : tile<i32>
    %va = make_partition_view %ta : partition_view<tile=(128x64), padding_value = zero, tensor_view<?x?xf16, strides=[?,1]>>
    %vb = make_partition_view %tb : partition_view<tile=(64x128), padding_value = zero, tensor_view<?x?xf16, strides=[?,1]>>
    %kt:2 = get_index_space_shape %va : partition_view<tile=(128x64), padding_value = zero, tensor_view<?x?xf16, strides=[?,1]>> -> tile<i32>
    %zero = constant <f32: 0.000000e+00> : tile<128x128xf32>
    %c0 = constant <i32: 0> : tile<i32>
    %c1 = constant <i32: 1> : tile<i32>
    %tok = make_token : token
    %acc = for %i in (%c0 to %kt#1, step %c1) : tile<i32> iter_values(%s = %zero) -> (tile<128x128xf32>) {
      %x, %t0 = load_view_tko weak %va[%bx, %i] token = %tok : partition_view<tile=(128x64), padding_value = zero, tensor_view<?x?xf16, strides=[?,1]>>, tile<i32> -> tile<128x64xf16>, token
      %y, %t1 = load_view_tko weak %vb[%i, %by] token = %tok : partition_view<tile=(64x128), padding_value = zero, tensor_view<?x?xf16, strides=[?,1]>>, tile<i32> -> tile<64x128xf16>, token
      %p = mmaf %x, %y, %s : tile<128x64xf16>, tile<64x128xf16>, tile<128x128xf32>
      continue %p : tile<128x128xf32>
    }
    %vc = make_partition_view %tc : partition_view<tile=(128x128), tensor_view<?x?xf32, strides=[?,1]>>
    %t2 = store_view_tko weak %acc, %vc[%bx, %by] token = %tok : tile<128x128xf32>, partition_view<tile=(128x128), tensor_view<?x?xf32, strides=[?,1]>>, tile<i32> -> token
    return
  }
  entry @loaded_bound(%kp: tile<ptr<i32>>, %a: tile<ptr<f16>>, %b: tile<ptr<f16>>, %c: tile<ptr<f32>>, %m: tile<i32>, %n: tile<i32>, %k: tile<i32>) {
    %pa = assume div_by<16>, %a : tile<ptr<f16>>
    %pb = assume div_by<16>, %b : tile<ptr<f16>>
    %pc = assume div_by<16>, %c : tile<ptr<f32>>
    %dm = assume div_by<16>, %m : tile<i32>
    %dn = assume div_by<16>, %n : tile<i32>
    %dk = assume div_by<16>, %k : tile<i32>
    %ta = make_tensor_view %pa, shape = [%dm, %dk], strides = [%dk, 1] : tile<i32> -> tensor_view<?x?xf16, strides=[?,1]>
    %tb = make_tensor_view %pb, shape = [%dk, %dn], strides = [%dn, 1] : tile<i32> -> tensor_view<?x?xf16, strides=[?,1]>
    %tc = make_tensor_view %pc, shape = [%dm, %dn], strides = [%dn, 1] : tile<i32> -> tensor_view<?x?xf32, strides=[?,1]>
    %bx, %by, %bz = get_tile_block_id : tile<i32>
    %va = make_partition_view %ta : partition_view<tile=(128x64), padding_value = zero, tensor_view<?x?xf16, strides=[?,1]>>
    %vb = make_partition_view %tb : partition_view<tile=(64x128), padding_value = zero, tensor_view<?x?xf16, strides=[?,1]>>
    %kt:2 = get_index_space_shape %va : partition_view<tile=(128x64), padding_value = zero, tensor_view<?x?xf16, strides=[?,1]>> -> tile<i32>
    %zero = constant <f32: 0.000000e+00> : tile<128x128xf32>
    %c0 = constant <i32: 0> : tile<i32>
    %c1 = constant <i32: 1> : tile<i32>
    %tok = make_token : token
    %kl, %tk = load_ptr_tko weak %kp : tile<ptr<i32>> -> tile<i32>, token
    %acc = for %i in (%c0 to %kl, step %c1) : tile<i32> iter_values(%s = %zero) -> (tile<128x128xf32>) {
      %x, %t0 = load_view_tko weak %va[%bx, %i] token = %tok : partition_view<tile=(128x64), padding_value = zero, tensor_view<?x?xf16, strides=[?,1]>>, tile<i32> -> tile<128x64xf16>, token
      %y, %t1 = load_view_tko weak %vb[%i, %by] token = %tok : partition_view<tile=(64x128), padding_value = zero, tensor_view<?x?xf16, strides=[?,1]>>, tile<i32> -> tile<64x128xf16>, token
      %p = mmaf %x, %y, %s : tile<128x64xf16>, tile<64x128xf16>, tile<128x128xf32>
      continue %p : tile<128x128xf32>
    }
    %vc = make_partition_view %tc : partition_view<tile=(128x128), tensor_view<?x?xf32, strides=[?,1]>>
    %t2 = store_view_tko weak %acc, %vc[%bx, %by] token = %tok : tile<128x128xf32>, partition_view<tile=(128x128), tensor_view<?x?xf32, strides=[?,1]>>, tile<i32> -> token
    return
  }
  entry @nested(%a: tile<ptr<f16>>, %b: tile<ptr<f16>>, %c: tile<ptr<f32>>, %m: tile<i32>, %n: tile<i32>, %k: tile<i32>) {
    %pa = assume div_by<16>, %a : tile<ptr<f16>>
    %pb = assume div_by<16>, %b : tile<ptr<f16>>
    %pc = assume div_by<16>, %c : tile<ptr<f32>>
    %dm = assume div_by<16>, %m : tile<i32>
    %dn = assume div_by<16>, %n : tile<i32>
    %dk = assume div_by<16>, %k : tile<i32>
    %ta = make_tensor_view %pa, shape = [%dm, %dk], strides = [%dk, 1] : tile<i32> -> tensor_view<?x?xf16, strides=[?,1]>
    %tb = make_tensor_view %pb, shape = [%dk, %dn], strides = [%dn, 1] : tile<i32> -> tensor_view<?x?xf16, strides=[?,1]>
    %tc = make_tensor_view %pc, shape = [%dm, %dn], strides = [%dn, 1] : tile<i32> -> tensor_view<?x?xf32, strides=[?,1]>
    %bx, %by, %bz = get_tile_block_id : tile<i32>
    %va = make_partition_view %ta : partition_view<tile=(128x64), padding_value = zero, tensor_view<?x?xf16, strides=[?,1]>>
    %vb = make_partition_view %tb : partition_view<tile=(64x128), padding_value = zero, tensor_view<?x?xf16, strides=[?,1]>>
    %kt:2 = get_index_space_shape %va : partition_view<tile=(128x64), padding_value = zero, tensor_view<?x?xf16, strides=[?,1]>> -> tile<i32>
    %zero = constant <f32: 0.000000e+00> : tile<128x128xf32>
    %c0 = constant <i32: 0> : tile<i32>
    %c1 = constant <i32: 1> : tile<i32>
    %tok = make_token : token
    for %j in (%c0 to %c1, step %c1) : tile<i32> {
      %acc = for %i in (%c0 to %kt#1, step %c1) : tile<i32> iter_values(%s = %zero) -> (tile<128x128xf32>) {
        %x, %t0 = load_view_tko weak %va[%bx, %i] token = %tok : partition_view<tile=(128x64), padding_value = zero, tensor_view<?x?xf16, strides=[?,1]>>, tile<i32> -> tile<128x64xf16>, token
        %y, %t1 = load_view_tko weak %vb[%i, %by] token = %tok : partition_view<tile=(64x128), padding_value = zero, tensor_view<?x?xf16, strides=[?,1]>>, tile<i32> -> tile<64x128xf16>, token
        %p = mmaf %x, %y, %s : tile<128x64xf16>, tile<64x128xf16>, tile<128x128xf32>
        continue %p : tile<128x128xf32>
      }
      %vc = make_partition_view %tc : partition_view<tile=(128x128), tensor_view<?x?xf32, strides=[?,1]>>
      %t2 = store_view_tko weak %acc, %vc[%bx, %by] token = %tok : tile<128x128xf32>, partition_view<tile=(128x128), tensor_view<?x?xf32, strides=[?,1]>>, tile<i32> -> token
      continue
    }
    return
  }
}
