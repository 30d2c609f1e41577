// RUN: tile-opt %s --convert-cuda-tile-to-tirx="chip=sm_90a warp-specialize=false" | FileCheck %s --check-prefix=TIRX
// RUN: tile-translate --cuda-tile-to-ptx --chip=sm_90a %s | FileCheck %s --check-prefix=PTX
// RUN: tile-opt %s --convert-cuda-tile-to-tirx=chip=sm_90a | FileCheck %s --check-prefix=WS

// The matmul K loop with B given K x N (cuTile's `A @ B`): on wgmma, 16-bit
// B is staged MN-major with the 128-byte swizzle, and the wgmma reads B with
// its transpose bit. With `assume div_by<16>` on the bases and the row
// lengths (strides of whole 16-byte multiples), one thread loads the stages
// by TMA through tensor maps built on the device (A: one 128 x 64 box; B:
// two 64 x 64 boxes, one per 64-column block of the MN-major stage),
// completing on the stage's mbarrier; the loop waits on it and the CTA
// barrier after the product precedes the refill. (B of other types, or with
// fewer than 64 columns per warpgroup, is copied synchronously into a
// K-major layout: mma-kloop-dynamic-stride.mlir.)

// By default a producer warp issues the TMA loads (docs/Matmul.md,
// "Producer warp"): full and empty mbarriers per stage, then the warpgroup
// waits for each stage, computes and hands the previous stage back, while
// the producer region builds the maps and, per stage, waits until it is
// empty, arms it and copies (thread scope); the maps' slot is given back
// there, the mbarriers are invalidated after the op.
// WS-LABEL: gpu.func @kloop_b_kxn
// WS-COUNT-6: tirx.mbarrier_init
// WS: gpu.barrier
// WS: tirx.warp_specialize producer_warps(1) {
// WS: scf.for
// WS: tirx.mbarrier_wait
// WS: tirx.gemm_async warpgroup
// WS: tirx.gemm_wait warpgroup {dispatch = "wgmma", pending = 2 : i64}
// WS: tirx.mbarrier_arrive %
// WS: } producer {
// WS: tirx.tensor_maps
// WS: scf.for
// WS: tirx.mbarrier_wait
// WS: tirx.mbarrier_arrive_expect_tx
// WS: tirx.copy_async thread
// WS: tirx.tensor_maps_release
// WS: }
// WS: tirx.mbarrier_inval
// TIRX-LABEL: gpu.func @kloop_b_kxn
// TIRX-COUNT-3: tirx.alloc : !tirx.buffer<128x64xf16, shared, <S[(128,64):(64,1)], swizzle = 128>>
// TIRX: %[[B0:.*]] = tirx.alloc : !tirx.buffer<64x128xf16, shared, <S[(64,2,64):(64,4096,1)], swizzle = 128>>
// TIRX: %[[BAR0:.*]] = tirx.alloc : !tirx.buffer<1xi64, shared, <S[1:1]>>
// TIRX: tirx.mbarrier_init %[[BAR0]][0], %{{.*}}
// TIRX: %[[MAPS:.*]]:2 = tirx.tensor_maps %{{.*}}, %{{.*}} {boxes = [array<i64: 128, 64>, array<i64: 64, 64>], swizzles = array<i64: 128, 128>}
// TIRX-NEXT: gpu.barrier
// TIRX: tirx.mbarrier_arrive_expect_tx %[[BAR0]][0], %c32768_i32
// TIRX: tirx.copy_async cta %{{.*}}, %{{.*}} barrier(%[[BAR0]][0] : {{.*}}) tensor_map(%[[MAPS]]#0 : !llvm.ptr<1>) : !tirx.buffer<128x64xf16, shared, <S[(128,64):(64,1)], swizzle = 128>>, !tirx.buffer<128x64xf16, global>
// TIRX: tirx.copy_async cta %{{.*}}, %{{.*}} barrier(%[[BAR0]][0] : {{.*}}) tensor_map(%[[MAPS]]#1 : !llvm.ptr<1>) : !tirx.buffer<64x64xf16, shared, <S[(64,64):(64,1)], swizzle = 128>>, !tirx.buffer<64x64xf16, global>
// TIRX: tirx.copy_async cta %{{.*}}, %{{.*}} barrier(%[[BAR0]][0] : {{.*}}) tensor_map(%[[MAPS]]#1 : !llvm.ptr<1>) : !tirx.buffer<64x64xf16, shared, <S[(64,64):(64,1)] + 4096, swizzle = 128>>, !tirx.buffer<64x64xf16, global>
// TIRX-NOT: tirx.async_commit
// TIRX: scf.for {{.*}} iter_args(%{{.*}} = %c0{{.*}}, %{{.*}} = %c2{{.*}}, %[[PHASE:.*]] = %c0_i32{{.*}}) -> (index, index, i32)
// TIRX: tirx.mbarrier_wait %{{.*}}[0], %[[PHASE]]
// TIRX: tirx.gemm_async warpgroup
// TIRX: tirx.gemm_wait warpgroup {dispatch = "wgmma", pending = 2 : i64}
// TIRX-NEXT: gpu.barrier
// TIRX: tirx.tensor_maps_release %[[MAPS]]#0
// TIRX: tirx.mbarrier_inval %[[BAR0]][0]
// TIRX-NOT: tirx.copy cta %{{.*}}, %{{.*}} : !tirx.buffer<64x128xf16, shared

// PTX-LABEL: .entry kloop_b_kxn(
// PTX-NOT: ld.global.{{.*}}b16
// PTX-NOT: cp.async.cg.shared.global
// PTX: tensormap.replace.tile.global_address.global.b1024.b64
// PTX: fence.proxy.tensormap::generic.release.gpu
// PTX: cp.async.bulk.tensor.2d.shared::cluster.global.tile.mbarrier::complete_tx::bytes
// PTX: mbarrier.try_wait.parity.shared.b64
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
// 128-byte swizzle, the same stages and TMA boxes as with K = 64.
// TIRX-LABEL: gpu.func @kloop_k128
// TIRX-COUNT-3: tirx.alloc : !tirx.buffer<128x64xf16, shared, <S[(128,64):(64,1)], swizzle = 128>>
// TIRX-NEXT: tirx.alloc : !tirx.buffer<64x128xf16, shared, <S[(64,2,64):(64,4096,1)], swizzle = 128>>
// TIRX-COUNT-3: tirx.alloc : !tirx.buffer<1xi64, shared, <S[1:1]>>
// TIRX-NOT: tirx.alloc {{.*}} shared
// TIRX: tirx.tensor_maps %{{.*}}, %{{.*}} {boxes = [array<i64: 128, 64>, array<i64: 64, 64>], swizzles = array<i64: 128, 128>}
// TIRX: tirx.copy_async cta %{{.*}}, %{{.*}} barrier({{.*}}) tensor_map({{.*}}) : !tirx.buffer<128x64xf16, shared, {{.*}}>, !tirx.buffer<128x64xf16, global>
// TIRX: tirx.copy_async cta %{{.*}}, %{{.*}} barrier({{.*}}) tensor_map({{.*}}) : !tirx.buffer<64x64xf16, shared, <S[(64,64):(64,1)], swizzle = 128>>, !tirx.buffer<64x64xf16, global>
// TIRX: scf.for
// PTX-LABEL: .entry kloop_k128(
// PTX: cp.async.bulk.tensor.2d
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

// Without a `div_by` on B's row length (its row stride) TMA may not read B
// (strides must be multiples of 16 bytes): both operands keep cp.async,
// every thread copying 16-byte runs of the rows.
// TIRX-LABEL: gpu.func @kloop_b_kxn_unaligned
// TIRX-NOT: tirx.tensor_maps
// TIRX: scf.for
// TIRX-COUNT-2: tirx.copy_async cta
// TIRX: tirx.async_commit
// PTX-LABEL: .entry kloop_b_kxn_unaligned(
// PTX-NOT: cp.async.bulk.tensor
// PTX: cp.async.cg.shared.global
// PTX: wgmma.mma_async.sync.aligned.m64n128k16.f32.f16.f16 {{.*}}, p, 1, 1, 0, 1;
cuda_tile.module @kernels_unaligned {
  entry @kloop_b_kxn_unaligned(%a: tile<ptr<f16>>, %b: tile<ptr<f16>>, %c: tile<ptr<f32>>, %m: tile<i32>, %n: tile<i32>, %k: tile<i32>) {
    %pa = assume div_by<16>, %a : tile<ptr<f16>>
    %pb = assume div_by<16>, %b : tile<ptr<f16>>
    %pc = assume div_by<16>, %c : tile<ptr<f32>>
    %dm = assume div_by<16>, %m : tile<i32>
    %dk = assume div_by<16>, %k : tile<i32>
    %ta = make_tensor_view %pa, shape = [%dm, %dk], strides = [%dk, 1] : tile<i32> -> tensor_view<?x?xf16, strides=[?,1]>
    %tb = make_tensor_view %pb, shape = [%dk, %n], strides = [%n, 1] : tile<i32> -> tensor_view<?x?xf16, strides=[?,1]>
    %tc = make_tensor_view %pc, shape = [%dm, %n], strides = [%n, 1] : tile<i32> -> tensor_view<?x?xf32, strides=[?,1]>
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

