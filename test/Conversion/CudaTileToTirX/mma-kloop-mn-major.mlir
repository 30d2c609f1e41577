// RUN: tile-opt %s --convert-cuda-tile-to-tirx=chip=sm_90a | FileCheck %s --check-prefix=TIRX
// RUN: tile-translate --cuda-tile-to-ptx --chip=sm_90a %s | FileCheck %s --check-prefix=PTX

// The matmul K loop with B given K x N (cuTile's `A @ B`): on wgmma, 16-bit
// B is staged MN-major with the 128-byte swizzle, so cp.async copies its
// rows of N in 16-byte runs, as it does A's rows of K, and the wgmma reads B
// with its transpose bit. (B of other types, or with fewer than 64 columns
// per warpgroup, is copied synchronously into a K-major layout:
// mma-kloop-dynamic-stride.mlir.)

// TIRX-LABEL: gpu.func @kloop_b_kxn
// TIRX: tirx.alloc : !tirx.buffer<128x64xf16, shared, <S[(128,64):(64,1)], swizzle = 128>>
// TIRX: tirx.alloc : !tirx.buffer<64x128xf16, shared, <S[(64,2,64):(64,4096,1)], swizzle = 128>>
// TIRX: scf.for
// TIRX-COUNT-2: tirx.copy_async cta
// TIRX-NOT: tirx.copy cta %{{.*}}, %{{.*}} : !tirx.buffer<64x128xf16, shared

// PTX-LABEL: .entry kloop_b_kxn(
// PTX-NOT: ld.global.{{.*}}b16
// PTX: cp.async.cg.shared.global
// PTX: wgmma.mma_async.sync.aligned.m64n128k16.f32.f16.f16 {{.*}}, p, 1, 1, 0, 1;

cuda_tile.module @kernels {
  entry @kloop_b_kxn(%a: tile<ptr<f16>>, %b: tile<ptr<f16>>, %c: tile<ptr<f32>>, %m: tile<i32>, %n: tile<i32>, %k: tile<i32>) {
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
}

// K = 128 (rows of K of two 128-byte atoms): the stages hold chunks of
// one atom of K, A K-major (128 x 64) and B MN-major (64 x 128) with the
// 128-byte swizzle, the same stages as with K = 64.
// TIRX-LABEL: gpu.func @kloop_k128
// TIRX-COUNT-3: tirx.alloc : !tirx.buffer<128x64xf16, shared, <S[(128,64):(64,1)], swizzle = 128>>
// TIRX-NEXT: tirx.alloc : !tirx.buffer<64x128xf16, shared, <S[(64,2,64):(64,4096,1)], swizzle = 128>>
// TIRX-NOT: tirx.alloc {{.*}} shared
// TIRX: tirx.copy_async cta %{{.*}}, %{{.*}} : !tirx.buffer<128x64xf16, shared, {{.*}}>, !tirx.buffer<128x64xf16, global>
// TIRX: tirx.copy_async cta %{{.*}}, %{{.*}} : !tirx.buffer<64x128xf16, shared, <S[(64,2,64):(64,4096,1)], swizzle = 128>>, !tirx.buffer<64x128xf16, global>
// TIRX: scf.for
// PTX-LABEL: .entry kloop_k128(
// PTX: cp.async.cg.shared.global
// PTX: wgmma.mma_async.sync.aligned.m64n128k16.f32.f16.f16 {{.*}}, p, 1, 1, 0, 1;
cuda_tile.module @kernels128 {
  entry @kloop_k128(%a: tile<ptr<f16>>, %b: tile<ptr<f16>>, %c: tile<ptr<f32>>, %m: tile<i32>, %n: tile<i32>, %k: tile<i32>) {
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
    %va = make_partition_view %ta : partition_view<tile=(128x128), padding_value = zero, tensor_view<?x?xf16, strides=[?,1]>>
    %vb = make_partition_view %tb : partition_view<tile=(128x128), padding_value = zero, tensor_view<?x?xf16, strides=[?,1]>>
    %kt:2 = get_index_space_shape %va : partition_view<tile=(128x128), padding_value = zero, tensor_view<?x?xf16, strides=[?,1]>> -> tile<i32>
    %zero = constant <f32: 0.000000e+00> : tile<128x128xf32>
    %c0 = constant <i32: 0> : tile<i32>
    %c1 = constant <i32: 1> : tile<i32>
    %tok = make_token : token
    %acc = for %i in (%c0 to %kt#1, step %c1) : tile<i32> iter_values(%s = %zero) -> (tile<128x128xf32>) {
      %x, %t0 = load_view_tko weak %va[%bx, %i] token = %tok : partition_view<tile=(128x128), padding_value = zero, tensor_view<?x?xf16, strides=[?,1]>>, tile<i32> -> tile<128x128xf16>, token
      %y, %t1 = load_view_tko weak %vb[%i, %by] token = %tok : partition_view<tile=(128x128), padding_value = zero, tensor_view<?x?xf16, strides=[?,1]>>, tile<i32> -> tile<128x128xf16>, token
      %p = mmaf %x, %y, %s : tile<128x128xf16>, tile<128x128xf16>, tile<128x128xf32>
      continue %p : tile<128x128xf32>
    }
    %vc = make_partition_view %tc : partition_view<tile=(128x128), tensor_view<?x?xf32, strides=[?,1]>>
    %t2 = store_view_tko weak %acc, %vc[%bx, %by] token = %tok : tile<128x128xf32>, partition_view<tile=(128x128), tensor_view<?x?xf32, strides=[?,1]>>, tile<i32> -> token
    return
  }
}
