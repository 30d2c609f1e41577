// RUN: tile-opt %s --convert-cuda-tile-to-tirx=chip=sm_90a | FileCheck %s
// RUN: tile-translate --cuda-tile-to-ptx --chip=sm_90a %s -o %t.ptx
// RUN: FileCheck %s --check-prefix=PTX --input-file=%t.ptx

// A 128x256x64 f16 matmul loop: two warpgroups, one 64x256 f32 piece each
// (128 accumulator registers a thread), the wgmma loop unrolled by its
// stages. Directly in the kernel's body its stages are loaded by cp.async
// (every thread, its own addresses). Inside another loop (a persistent
// kernel's tiles, or the slices `cuda-tile-slice-loops` makes of a 256x256
// accumulator) the outer loop's values also take registers, and the stages
// are loaded by TMA from one thread: no per-thread addresses. So are those
// of a float8 product into f32 without fast_acc, whose second accumulator
// (each K chunk's sum) fills the registers as well.

// CHECK-LABEL: gpu.func @in_body
// CHECK-NOT: tensor_map
// CHECK: tirx.copy_async cta %{{[0-9]+}}, %{{[0-9]+}} :
// CHECK-NOT: tensor_map
// CHECK: tirx.gemm_async warpgroup
// CHECK-NOT: tensor_map
// CHECK: gpu.return

// CHECK-LABEL: gpu.func @in_loop
// CHECK: scf.for
// CHECK: tirx.tensor_maps
// CHECK-NOT: tirx.copy_async cta %{{[0-9]+}}, %{{[0-9]+}} :
// CHECK: tirx.copy_async cta {{.*}} tensor_map(
// CHECK-NOT: tirx.copy_async cta %{{[0-9]+}}, %{{[0-9]+}} :
// CHECK: tirx.gemm_async warpgroup
// CHECK-NOT: tirx.copy_async cta %{{[0-9]+}}, %{{[0-9]+}} :
// CHECK: tirx.tensor_maps_release
// CHECK: gpu.return

// CHECK-LABEL: gpu.func @f8_in_body
// CHECK: tirx.tensor_maps
// CHECK-NOT: tirx.copy_async cta %{{[0-9]+}}, %{{[0-9]+}} :
// CHECK: tirx.copy_async cta {{.*}} tensor_map(
// CHECK: tirx.gemm warpgroup {{.*}}promote_k = 128
// CHECK-NOT: tirx.copy_async cta %{{[0-9]+}}, %{{[0-9]+}} :
// CHECK: tirx.tensor_maps_release
// CHECK: gpu.return

// PTX-LABEL: .entry in_body(
// PTX-NOT: tensormap.replace
// PTX: cp.async.cg.shared.global
// PTX-LABEL: .entry in_loop(
// PTX-NOT: cp.async.cg.shared.global
// PTX: cp.async.bulk.tensor.2d.shared::cluster.global.tile.mbarrier::complete_tx::bytes
// PTX: wgmma.mma_async.sync.aligned.m64n256k16.f32.f16.f16

cuda_tile.module @kernels {
  entry @in_body(%a: tile<ptr<f16>>, %b: tile<ptr<f16>>, %c: tile<ptr<f16>>, %m: tile<i32>, %n: tile<i32>, %k: tile<i32>) {
    %pa = assume div_by<16>, %a : tile<ptr<f16>>
    %pb = assume div_by<16>, %b : tile<ptr<f16>>
    %pc = assume div_by<16>, %c : tile<ptr<f16>>
    %dm = assume div_by<16>, %m : tile<i32>
    %dn = assume div_by<16>, %n : tile<i32>
    %dk = assume div_by<16>, %k : tile<i32>
    %ta = make_tensor_view %pa, shape = [%dm, %dk], strides = [%dk, 1] : tile<i32> -> tensor_view<?x?xf16, strides=[?,1]>
    %tb = make_tensor_view %pb, shape = [%dk, %dn], strides = [%dn, 1] : tile<i32> -> tensor_view<?x?xf16, strides=[?,1]>
    %tc = make_tensor_view %pc, shape = [%dm, %dn], strides = [%dn, 1] : tile<i32> -> tensor_view<?x?xf16, strides=[?,1]>
    %bx, %by, %bz = get_tile_block_id : tile<i32>
    %va = make_partition_view %ta : partition_view<tile=(128x64), padding_value = zero, tensor_view<?x?xf16, strides=[?,1]>>
    %vb = make_partition_view %tb : partition_view<tile=(64x256), padding_value = zero, tensor_view<?x?xf16, strides=[?,1]>>
    %vc = make_partition_view %tc : partition_view<tile=(128x256), tensor_view<?x?xf16, strides=[?,1]>>
    %kt:2 = get_index_space_shape %va : partition_view<tile=(128x64), padding_value = zero, tensor_view<?x?xf16, strides=[?,1]>> -> tile<i32>
    %zero = constant <f32: 0.000000e+00> : tile<128x256xf32>
    %c0 = constant <i32: 0> : tile<i32>
    %c1 = constant <i32: 1> : tile<i32>
    %tok = make_token : token
    %acc = for %i in (%c0 to %kt#1, step %c1) : tile<i32> iter_values(%s = %zero) -> (tile<128x256xf32>) {
      %x, %t0 = load_view_tko weak %va[%bx, %i] token = %tok : partition_view<tile=(128x64), padding_value = zero, tensor_view<?x?xf16, strides=[?,1]>>, tile<i32> -> tile<128x64xf16>, token
      %y, %t1 = load_view_tko weak %vb[%i, %by] token = %tok : partition_view<tile=(64x256), padding_value = zero, tensor_view<?x?xf16, strides=[?,1]>>, tile<i32> -> tile<64x256xf16>, token
      %p = mmaf %x, %y, %s : tile<128x64xf16>, tile<64x256xf16>, tile<128x256xf32>
      continue %p : tile<128x256xf32>
    }
    %h = ftof %acc : tile<128x256xf32> -> tile<128x256xf16>
    %t2 = store_view_tko weak %h, %vc[%bx, %by] token = %tok : tile<128x256xf16>, partition_view<tile=(128x256), tensor_view<?x?xf16, strides=[?,1]>>, tile<i32> -> token
    return
  }

  // The same product for %count tiles of rows, one after the other.
  entry @in_loop(%a: tile<ptr<f16>>, %b: tile<ptr<f16>>, %c: tile<ptr<f16>>, %m: tile<i32>, %n: tile<i32>, %k: tile<i32>, %count: tile<i32>) {
    %pa = assume div_by<16>, %a : tile<ptr<f16>>
    %pb = assume div_by<16>, %b : tile<ptr<f16>>
    %pc = assume div_by<16>, %c : tile<ptr<f16>>
    %dm = assume div_by<16>, %m : tile<i32>
    %dn = assume div_by<16>, %n : tile<i32>
    %dk = assume div_by<16>, %k : tile<i32>
    %ta = make_tensor_view %pa, shape = [%dm, %dk], strides = [%dk, 1] : tile<i32> -> tensor_view<?x?xf16, strides=[?,1]>
    %tb = make_tensor_view %pb, shape = [%dk, %dn], strides = [%dn, 1] : tile<i32> -> tensor_view<?x?xf16, strides=[?,1]>
    %tc = make_tensor_view %pc, shape = [%dm, %dn], strides = [%dn, 1] : tile<i32> -> tensor_view<?x?xf16, strides=[?,1]>
    %bx, %by, %bz = get_tile_block_id : tile<i32>
    %va = make_partition_view %ta : partition_view<tile=(128x64), padding_value = zero, tensor_view<?x?xf16, strides=[?,1]>>
    %vb = make_partition_view %tb : partition_view<tile=(64x256), padding_value = zero, tensor_view<?x?xf16, strides=[?,1]>>
    %vc = make_partition_view %tc : partition_view<tile=(128x256), tensor_view<?x?xf16, strides=[?,1]>>
    %kt:2 = get_index_space_shape %va : partition_view<tile=(128x64), padding_value = zero, tensor_view<?x?xf16, strides=[?,1]>> -> tile<i32>
    %zero = constant <f32: 0.000000e+00> : tile<128x256xf32>
    %c0 = constant <i32: 0> : tile<i32>
    %c1 = constant <i32: 1> : tile<i32>
    %tok = make_token : token
    for %r in (%c0 to %count, step %c1) : tile<i32> {
      %acc = for %i in (%c0 to %kt#1, step %c1) : tile<i32> iter_values(%s = %zero) -> (tile<128x256xf32>) {
        %x, %t0 = load_view_tko weak %va[%r, %i] token = %tok : partition_view<tile=(128x64), padding_value = zero, tensor_view<?x?xf16, strides=[?,1]>>, tile<i32> -> tile<128x64xf16>, token
        %y, %t1 = load_view_tko weak %vb[%i, %by] token = %tok : partition_view<tile=(64x256), padding_value = zero, tensor_view<?x?xf16, strides=[?,1]>>, tile<i32> -> tile<64x256xf16>, token
        %p = mmaf %x, %y, %s : tile<128x64xf16>, tile<64x256xf16>, tile<128x256xf32>
        continue %p : tile<128x256xf32>
      }
      %h = ftof %acc : tile<128x256xf32> -> tile<128x256xf16>
      %t2 = store_view_tko weak %h, %vc[%r, %by] token = %tok : tile<128x256xf16>, partition_view<tile=(128x256), tensor_view<?x?xf16, strides=[?,1]>>, tile<i32> -> token
      continue
    }
    return
  }

  // cuTile's float8 matmul (nt: B given N x K), 128x128x128 tiles.
  entry @f8_in_body(%a: tile<ptr<f8E4M3FN>>, %b: tile<ptr<f8E4M3FN>>, %c: tile<ptr<f16>>, %m: tile<i32>, %n: tile<i32>, %k: tile<i32>) {
    %pa = assume div_by<16>, %a : tile<ptr<f8E4M3FN>>
    %pb = assume div_by<16>, %b : tile<ptr<f8E4M3FN>>
    %pc = assume div_by<16>, %c : tile<ptr<f16>>
    %dm = assume div_by<16>, %m : tile<i32>
    %dn = assume div_by<16>, %n : tile<i32>
    %dk = assume div_by<16>, %k : tile<i32>
    %ta = make_tensor_view %pa, shape = [%dm, %dk], strides = [%dk, 1] : tile<i32> -> tensor_view<?x?xf8E4M3FN, strides=[?,1]>
    %tb = make_tensor_view %pb, shape = [%dn, %dk], strides = [%dk, 1] : tile<i32> -> tensor_view<?x?xf8E4M3FN, strides=[?,1]>
    %tc = make_tensor_view %pc, shape = [%dm, %dn], strides = [%dn, 1] : tile<i32> -> tensor_view<?x?xf16, strides=[?,1]>
    %bx, %by, %bz = get_tile_block_id : tile<i32>
    %va = make_partition_view %ta : partition_view<tile=(128x128), padding_value = zero, tensor_view<?x?xf8E4M3FN, strides=[?,1]>>
    %vb = make_partition_view %tb : partition_view<tile=(128x128), padding_value = zero, tensor_view<?x?xf8E4M3FN, strides=[?,1]>>
    %vc = make_partition_view %tc : partition_view<tile=(128x128), tensor_view<?x?xf16, strides=[?,1]>>
    %kt:2 = get_index_space_shape %va : partition_view<tile=(128x128), padding_value = zero, tensor_view<?x?xf8E4M3FN, strides=[?,1]>> -> tile<i32>
    %zero = constant <f32: 0.000000e+00> : tile<128x128xf32>
    %c0 = constant <i32: 0> : tile<i32>
    %c1 = constant <i32: 1> : tile<i32>
    %tok = make_token : token
    %acc = for %i in (%c0 to %kt#1, step %c1) : tile<i32> iter_values(%s = %zero) -> (tile<128x128xf32>) {
      %x, %t0 = load_view_tko weak %va[%bx, %i] token = %tok : partition_view<tile=(128x128), padding_value = zero, tensor_view<?x?xf8E4M3FN, strides=[?,1]>>, tile<i32> -> tile<128x128xf8E4M3FN>, token
      %y, %t1 = load_view_tko weak %vb[%by, %i] token = %tok : partition_view<tile=(128x128), padding_value = zero, tensor_view<?x?xf8E4M3FN, strides=[?,1]>>, tile<i32> -> tile<128x128xf8E4M3FN>, token
      %yt = permute %y [1, 0] : tile<128x128xf8E4M3FN> -> tile<128x128xf8E4M3FN>
      %p = mmaf %x, %yt, %s : tile<128x128xf8E4M3FN>, tile<128x128xf8E4M3FN>, tile<128x128xf32>
      continue %p : tile<128x128xf32>
    }
    %h = ftof %acc : tile<128x128xf32> -> tile<128x128xf16>
    %t2 = store_view_tko weak %h, %vc[%bx, %by] token = %tok : tile<128x128xf16>, partition_view<tile=(128x128), tensor_view<?x?xf16, strides=[?,1]>>, tile<i32> -> token
    return
  }
}
