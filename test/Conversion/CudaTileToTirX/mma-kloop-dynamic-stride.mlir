// RUN: tile-opt %s --convert-cuda-tile-to-tirx=chip=sm_90a | FileCheck %s --check-prefix=TIRX
// RUN: tile-opt %s --convert-cuda-tile-to-tirx=chip=sm_90a | FileCheck %s --check-prefix=GUARD
// RUN: tile-opt %s --convert-cuda-tile-to-tirx=chip=sm_90a | tile-opt --pass-pipeline='builtin.module(gpu.module(canonicalize,cse,tirx-dispatch{report=true}))' -o /dev/null 2>&1 | FileCheck %s --check-prefix=DISPATCH
// RUN: tile-translate --cuda-tile-to-ptx --chip=sm_90a %s -o %t.ptx
// RUN: FileCheck %s --check-prefix=PTX < %t.ptx
// RUN: %if ptxas %{ %ptxas -arch=sm_90a -v %t.ptx -o /dev/null 2>&1 | FileCheck %s --check-prefix=PTXAS %}

// The matmul K loop over views whose row strides are dynamic without an
// `assume div_by` (cuTile's export of an array with unknown strides, the
// partition views made once before the loop): the pipeline still issues
// tirx.copy_async, and dispatch takes `ldgsts_checked` (cp.async when the
// stride turns out to be a multiple of 8 elements at run time, else a
// synchronous register copy) for A and for B (K x N, staged MN-major: one
// warpgroup owns the 64 x 64 product). Three stages ahead in the prologue
// and four in the unrolled loop: seven copies of each.

// TIRX-LABEL: gpu.func @kloop_dynamic_stride
// TIRX: tirx.global_view %{{.*}} sizes [%{{.*}}, %{{.*}}] strides [%{{.*}}, 1] {alignment = 16 : i64}
// TIRX: scf.for
// TIRX: tirx.copy_async cta
// TIRX: tirx.async_commit
// TIRX: tirx.gemm_async warpgroup

// DISPATCH-COUNT-14: remark: tirx.copy_async -> variant 'ldgsts_checked'
// DISPATCH-NOT: remark: tirx.copy_async -> variant

// The trip count is dynamic: the loop and its final wgmma wait sit under
// `if (trips > 0)`, so that no path from the accumulator's fill reaches that
// wait without a wgmma; else ptxas serializes every wgmma (C7515).
// GUARD: tirx.fill cta %{{[0-9]+}}, %{{.*}} : !tirx.buffer<64x64xf32, local
// GUARD: [[ANY:%[0-9]+]] = arith.cmpi sgt
// GUARD-NEXT: scf.if [[ANY]] {
// GUARD-NEXT: scf.for
// GUARD: tirx.gemm_wait warpgroup {dispatch = "wgmma"}
// GUARD-NEXT: }
// GUARD-NEXT: tirx.async_wait {pending = 0 : i64}

// PTXAS-NOT: C7515
// PTXAS: Used {{[0-9]+}} registers

// PTX-LABEL: .entry kloop_dynamic_stride(
// PTX: cp.async.cg.shared.global
// PTX: ld.global.{{.*}}b16
// PTX: cp.async.commit_group
// PTX: wgmma.mma_async.sync.aligned.m64n64k16.f32.f16.f16

cuda_tile.module @kernels {
  entry @kloop_dynamic_stride(%a: tile<ptr<f16>>, %b: tile<ptr<f16>>, %c: tile<ptr<f32>>, %m: tile<i32>, %n: tile<i32>, %k: tile<i32>, %lda: tile<i32>, %ldb: tile<i32>, %ldc: tile<i32>) {
    %pa = assume div_by<16>, %a : tile<ptr<f16>>
    %pb = assume div_by<16>, %b : tile<ptr<f16>>
    %pc = assume div_by<16>, %c : tile<ptr<f32>>
    %ta = make_tensor_view %pa, shape = [%m, %k], strides = [%lda, 1] : tile<i32> -> tensor_view<?x?xf16, strides=[?,1]>
    %tb = make_tensor_view %pb, shape = [%k, %n], strides = [%ldb, 1] : tile<i32> -> tensor_view<?x?xf16, strides=[?,1]>
    %tc = make_tensor_view %pc, shape = [%m, %n], strides = [%ldc, 1] : tile<i32> -> tensor_view<?x?xf32, strides=[?,1]>
    %bx, %by, %bz = get_tile_block_id : tile<i32>
    %va = make_partition_view %ta : partition_view<tile=(64x32), padding_value = zero, tensor_view<?x?xf16, strides=[?,1]>>
    %vb = make_partition_view %tb : partition_view<tile=(32x64), padding_value = zero, tensor_view<?x?xf16, strides=[?,1]>>
    %kt:2 = get_index_space_shape %va : partition_view<tile=(64x32), padding_value = zero, tensor_view<?x?xf16, strides=[?,1]>> -> tile<i32>
    %zero = constant <f32: 0.000000e+00> : tile<64x64xf32>
    %c0 = constant <i32: 0> : tile<i32>
    %c1 = constant <i32: 1> : tile<i32>
    %tok = make_token : token
    %acc = for %i in (%c0 to %kt#1, step %c1) : tile<i32> iter_values(%s = %zero) -> (tile<64x64xf32>) {
      %x, %t0 = load_view_tko weak %va[%bx, %i] token = %tok : partition_view<tile=(64x32), padding_value = zero, tensor_view<?x?xf16, strides=[?,1]>>, tile<i32> -> tile<64x32xf16>, token
      %y, %t1 = load_view_tko weak %vb[%i, %by] token = %tok : partition_view<tile=(32x64), padding_value = zero, tensor_view<?x?xf16, strides=[?,1]>>, tile<i32> -> tile<32x64xf16>, token
      %p = mmaf %x, %y, %s : tile<64x32xf16>, tile<32x64xf16>, tile<64x64xf32>
      continue %p : tile<64x64xf32>
    }
    %vc = make_partition_view %tc : partition_view<tile=(64x64), tensor_view<?x?xf32, strides=[?,1]>>
    %t2 = store_view_tko weak %acc, %vc[%bx, %by] token = %tok : tile<64x64xf32>, partition_view<tile=(64x64), tensor_view<?x?xf32, strides=[?,1]>>, tile<i32> -> token
    return
  }
}
