// RUN: tile-opt %s --convert-cuda-tile-to-tirx="chip=sm_90a tma-loads=false" | FileCheck %s --check-prefix=TIRX
// RUN: tile-opt %s --convert-cuda-tile-to-tirx=chip=sm_90a | FileCheck %s --check-prefix=TMA
// RUN: tile-translate --cuda-tile-to-ptx --chip=sm_90a --tma-loads=false %s | FileCheck %s --check-prefix=PTX
// RUN: tile-translate --cuda-tile-to-ptx --chip=sm_90a %s | FileCheck %s --check-prefix=PTXTMA
// RUN: tile-translate --cuda-tile-to-ptx --chip=sm_80 %s | FileCheck %s --check-prefix=SM80

// The matmul K loop of f32 arrays multiplied as tf32 (cuTile's matmul of
// float32 inputs: each loaded tile goes through `ftof` to tf32). The loop is
// pipelined like a 16-bit one. tf32 wgmma reads K-major operands only, so B
// given K x N is staged K-major.
//
// By default TMA copies A into its stage and B, as global memory holds it,
// into a raw stage (row-major blocks of 32 columns, one 128-byte swizzle
// span each); both maps are `.tf32` maps, which round as they copy. Once a
// stage has landed every thread copies the raw B into the K-major stage
// (vec_blocks: 16-byte loads along N, 8-byte stores along K, without bank
// conflicts), and the product reads it after a barrier; no rounding pass.
// TMA-LABEL: gpu.func @kloop_tf32_nn
// TMA: tirx.alloc : !tirx.buffer<32x128xf32, shared, <S[(32,128):(1,32)], swizzle = 128>>
// TMA: %[[RAW:.*]] = tirx.alloc : !tirx.buffer<32x128xf32, shared, <S[(32,4,32):(32,1024,1)], swizzle = 128>>
// TMA: tirx.tensor_maps %{{.*}}, %{{.*}} {boxes = [array<i64: 128, 32>, array<i64: 32, 32>], swizzles = array<i64: 128, 128>, tf32 = array<i1: true, true>}
// TMA: scf.for
// TMA: tirx.mbarrier_wait
// TMA-NEXT: tirx.copy cta %{{.*}}, %[[RAW]] : !tirx.buffer<32x128xf32, shared, <S[(32,128):(1,32)], swizzle = 128>>, !tirx.buffer<32x128xf32, shared, <S[(32,4,32):(32,1024,1)], swizzle = 128>>
// TMA-NEXT: gpu.barrier
// TMA-NOT: llvm.nvvm.f2tf32.rn
// TMA: tirx.gemm_async
// TMA-NOT: llvm.nvvm.f2tf32.rn
// TMA: gpu.return

// PTXTMA-LABEL: .entry kloop_tf32_nn(
// PTXTMA-NOT: cp.async.ca.shared.global
// PTXTMA: tensormap.replace.tile.elemtype.global.b1024.b32 [{{.*}}], 11;
// PTXTMA: cp.async.bulk.tensor.2d.shared::cluster.global.tile.mbarrier::complete_tx::bytes
// PTXTMA: mbarrier.try_wait.parity.shared.b64
// PTXTMA: ld.shared.v4.b32
// PTXTMA: st.shared.v2.b32
// PTXTMA: bar.sync
// PTXTMA: wgmma.mma_async.sync.aligned.m64n128k8.f32.tf32.tf32
// PTXTMA-NOT: cvt.rn.tf32.f32

// With cp.async (tma-loads=false): cp.async copies the f32 tiles into the
// stages, B's elements one by one, and each stage is rounded to tf32 in
// place (16-byte vectors in storage order, `cvt.rn.tf32.f32`) between two
// barriers before the product reads it.

// TIRX-LABEL: gpu.func @kloop_tf32_nn
// TIRX: tirx.alloc : !tirx.buffer<128x32xf32, shared, {{.*}}swizzle = 128>>
// TIRX: tirx.alloc : !tirx.buffer<32x128xf32, shared, {{.*}}swizzle = 128>>
// TIRX: scf.for
// TIRX: tirx.async_wait
// TIRX-NEXT: gpu.barrier
// TIRX: tirx.view %{{.*}} -> !tirx.buffer<4096xf32, shared, <S[4096:1], swizzle = 128>>
// TIRX: tirx.copy cta %[[RA:.*]], %{{.*}} : !tirx.buffer<4096xf32, local, <S[(4,256,4):(4,1@tx,1)]>>
// TIRX: tirx.map cta %[[RA]], %[[RA]]
// TIRX: llvm.nvvm.f2tf32.rn
// TIRX: tirx.copy cta %{{.*}}, %[[RA]]
// TIRX: tirx.map cta
// TIRX: gpu.barrier
// TIRX: tirx.gemm_async
// TIRX-NOT: tirx.copy cta %{{.*}}, %{{.*}} : !tirx.buffer<32x128xf32, shared

// PTX-LABEL: .entry kloop_tf32_nn(
// PTX-NOT: ld.global
// PTX: cp.async.cg.shared.global {{.*}}, 16
// PTX: cp.async.ca.shared.global {{.*}}, 4
// PTX: ld.shared.v4.b32
// PTX: cvt.rn.tf32.f32
// PTX: st.shared.v4.b32
// PTX: bar.sync
// PTX: wgmma.mma_async.sync.aligned.m64n128k8.f32.tf32.tf32

// sm_80: mma.sync m16n8k8 from row-major stages, B copied in 16-byte runs;
// the stages are rounded on the bits (cvt.rn.tf32 needs sm_90).
// SM80-LABEL: .entry kloop_tf32_nn(
// SM80-NOT: ld.global
// SM80: cp.async.cg.shared.global
// SM80: ld.shared.v4.b32
// SM80: and.b32 {{.*}}-8192
// SM80: st.shared.v4.b32
// SM80: mma.sync.aligned.m16n8k8.row.col.f32.tf32.tf32.f32

cuda_tile.module @kernels {
  entry @kloop_tf32_nn(%a: tile<ptr<f32>>, %b: tile<ptr<f32>>, %c: tile<ptr<f32>>, %m: tile<i32>, %n: tile<i32>, %k: tile<i32>) {
    %pa = assume div_by<16>, %a : tile<ptr<f32>>
    %pb = assume div_by<16>, %b : tile<ptr<f32>>
    %pc = assume div_by<16>, %c : tile<ptr<f32>>
    %dm = assume div_by<16>, %m : tile<i32>
    %dn = assume div_by<16>, %n : tile<i32>
    %dk = assume div_by<16>, %k : tile<i32>
    %ta = make_tensor_view %pa, shape = [%dm, %dk], strides = [%dk, 1] : tile<i32> -> tensor_view<?x?xf32, strides=[?,1]>
    %tb = make_tensor_view %pb, shape = [%dk, %dn], strides = [%dn, 1] : tile<i32> -> tensor_view<?x?xf32, strides=[?,1]>
    %tc = make_tensor_view %pc, shape = [%dm, %dn], strides = [%dn, 1] : tile<i32> -> tensor_view<?x?xf32, strides=[?,1]>
    %bx, %by, %bz = get_tile_block_id : tile<i32>
    %va = make_partition_view %ta : partition_view<tile=(128x32), padding_value = zero, tensor_view<?x?xf32, strides=[?,1]>>
    %vb = make_partition_view %tb : partition_view<tile=(32x128), padding_value = zero, tensor_view<?x?xf32, strides=[?,1]>>
    %kt:2 = get_index_space_shape %va : partition_view<tile=(128x32), padding_value = zero, tensor_view<?x?xf32, strides=[?,1]>> -> tile<i32>
    %zero = constant <f32: 0.000000e+00> : tile<128x128xf32>
    %c0 = constant <i32: 0> : tile<i32>
    %c1 = constant <i32: 1> : tile<i32>
    %tok = make_token : token
    %acc = for %i in (%c0 to %kt#1, step %c1) : tile<i32> iter_values(%s = %zero) -> (tile<128x128xf32>) {
      %x, %t0 = load_view_tko weak %va[%bx, %i] token = %tok : partition_view<tile=(128x32), padding_value = zero, tensor_view<?x?xf32, strides=[?,1]>>, tile<i32> -> tile<128x32xf32>, token
      %rx = ftof %x : tile<128x32xf32> -> tile<128x32xtf32>
      %y, %t1 = load_view_tko weak %vb[%i, %by] token = %tok : partition_view<tile=(32x128), padding_value = zero, tensor_view<?x?xf32, strides=[?,1]>>, tile<i32> -> tile<32x128xf32>, token
      %ry = ftof %y : tile<32x128xf32> -> tile<32x128xtf32>
      %p = mmaf %rx, %ry, %s : tile<128x32xtf32>, tile<32x128xtf32>, tile<128x128xf32>
      continue %p : tile<128x128xf32>
    }
    %vc = make_partition_view %tc : partition_view<tile=(128x128), tensor_view<?x?xf32, strides=[?,1]>>
    %t2 = store_view_tko weak %acc, %vc[%bx, %by] token = %tok : tile<128x128xf32>, partition_view<tile=(128x128), tensor_view<?x?xf32, strides=[?,1]>>, tile<i32> -> token
    return
  }
}

// B given N x K and permuted, rounded before or after the permute: B is
// K-major as loaded, so both operands are loaded by TMA (the alignment
// facts allow it), and a tile rounded to nearest even is rounded by its
// copy: a `.tf32` tensor map (elemtype 11) instead of the pass over the
// stage, which would otherwise keep every thread between two barriers. A
// tile rounded otherwise (nearest_away) keeps the pass, after a plain f32
// map (elemtype 7).
// TMA-LABEL: gpu.func @kloop_tf32_nt
// TMA: tirx.tensor_maps {{.*}}tf32 = array<i1: true, true>
// TMA-NOT: f2tf32
// TMA-LABEL: gpu.func @kloop_tf32_nt_permuted_first
// TMA: tirx.tensor_maps {{.*}}tf32 = array<i1: false, true>
// TMA: scf.for
// TMA: llvm.nvvm.f2tf32.rna
// TMA-NOT: llvm.nvvm.f2tf32.rn"
// PTXTMA-LABEL: .entry kloop_tf32_nt(
// PTXTMA-NOT: ld.global
// PTXTMA-NOT: cp.async.ca.shared.global
// PTXTMA: elemtype.global.b1024.b32 [{{.*}}], 11;
// PTXTMA: elemtype.global.b1024.b32 [{{.*}}], 11;
// PTXTMA-NOT: cvt.rn.tf32.f32
// PTXTMA: cp.async.bulk.tensor.2d
// PTXTMA: wgmma.mma_async.sync.aligned.m64n128k8.f32.tf32.tf32
// PTXTMA-LABEL: .entry kloop_tf32_nt_permuted_first(
// PTXTMA-NOT: ld.global
// PTXTMA-NOT: cp.async.ca.shared.global
// PTXTMA: elemtype.global.b1024.b32 [{{.*}}], 7;
// PTXTMA: elemtype.global.b1024.b32 [{{.*}}], 11;
// PTXTMA: cvt.rna.tf32.f32
// PTXTMA: wgmma.mma_async.sync.aligned.m64n128k8.f32.tf32.tf32
cuda_tile.module @kernels_nt {
  entry @kloop_tf32_nt(%a: tile<ptr<f32>>, %b: tile<ptr<f32>>, %c: tile<ptr<f32>>, %m: tile<i32>, %n: tile<i32>, %k: tile<i32>) {
    %pa = assume div_by<16>, %a : tile<ptr<f32>>
    %pb = assume div_by<16>, %b : tile<ptr<f32>>
    %pc = assume div_by<16>, %c : tile<ptr<f32>>
    %dm = assume div_by<16>, %m : tile<i32>
    %dn = assume div_by<16>, %n : tile<i32>
    %dk = assume div_by<16>, %k : tile<i32>
    %ta = make_tensor_view %pa, shape = [%dm, %dk], strides = [%dk, 1] : tile<i32> -> tensor_view<?x?xf32, strides=[?,1]>
    %tb = make_tensor_view %pb, shape = [%dn, %dk], strides = [%dk, 1] : tile<i32> -> tensor_view<?x?xf32, strides=[?,1]>
    %tc = make_tensor_view %pc, shape = [%dm, %dn], strides = [%dn, 1] : tile<i32> -> tensor_view<?x?xf32, strides=[?,1]>
    %bx, %by, %bz = get_tile_block_id : tile<i32>
    %va = make_partition_view %ta : partition_view<tile=(128x32), padding_value = zero, tensor_view<?x?xf32, strides=[?,1]>>
    %vb = make_partition_view %tb : partition_view<tile=(128x32), padding_value = zero, tensor_view<?x?xf32, strides=[?,1]>>
    %kt:2 = get_index_space_shape %va : partition_view<tile=(128x32), padding_value = zero, tensor_view<?x?xf32, strides=[?,1]>> -> tile<i32>
    %zero = constant <f32: 0.000000e+00> : tile<128x128xf32>
    %c0 = constant <i32: 0> : tile<i32>
    %c1 = constant <i32: 1> : tile<i32>
    %tok = make_token : token
    %acc = for %i in (%c0 to %kt#1, step %c1) : tile<i32> iter_values(%s = %zero) -> (tile<128x128xf32>) {
      %x, %t0 = load_view_tko weak %va[%bx, %i] token = %tok : partition_view<tile=(128x32), padding_value = zero, tensor_view<?x?xf32, strides=[?,1]>>, tile<i32> -> tile<128x32xf32>, token
      %rx = ftof %x : tile<128x32xf32> -> tile<128x32xtf32>
      %y, %t1 = load_view_tko weak %vb[%by, %i] token = %tok : partition_view<tile=(128x32), padding_value = zero, tensor_view<?x?xf32, strides=[?,1]>>, tile<i32> -> tile<128x32xf32>, token
      %ry = ftof %y : tile<128x32xf32> -> tile<128x32xtf32>
      %yt = permute %ry [1, 0] : tile<128x32xtf32> -> tile<32x128xtf32>
      %p = mmaf %rx, %yt, %s : tile<128x32xtf32>, tile<32x128xtf32>, tile<128x128xf32>
      continue %p : tile<128x128xf32>
    }
    %vc = make_partition_view %tc : partition_view<tile=(128x128), tensor_view<?x?xf32, strides=[?,1]>>
    %t2 = store_view_tko weak %acc, %vc[%bx, %by] token = %tok : tile<128x128xf32>, partition_view<tile=(128x128), tensor_view<?x?xf32, strides=[?,1]>>, tile<i32> -> token
    return
  }
  entry @kloop_tf32_nt_permuted_first(%a: tile<ptr<f32>>, %b: tile<ptr<f32>>, %c: tile<ptr<f32>>, %m: tile<i32>, %n: tile<i32>, %k: tile<i32>) {
    %pa = assume div_by<16>, %a : tile<ptr<f32>>
    %pb = assume div_by<16>, %b : tile<ptr<f32>>
    %pc = assume div_by<16>, %c : tile<ptr<f32>>
    %dm = assume div_by<16>, %m : tile<i32>
    %dn = assume div_by<16>, %n : tile<i32>
    %dk = assume div_by<16>, %k : tile<i32>
    %ta = make_tensor_view %pa, shape = [%dm, %dk], strides = [%dk, 1] : tile<i32> -> tensor_view<?x?xf32, strides=[?,1]>
    %tb = make_tensor_view %pb, shape = [%dn, %dk], strides = [%dk, 1] : tile<i32> -> tensor_view<?x?xf32, strides=[?,1]>
    %tc = make_tensor_view %pc, shape = [%dm, %dn], strides = [%dn, 1] : tile<i32> -> tensor_view<?x?xf32, strides=[?,1]>
    %bx, %by, %bz = get_tile_block_id : tile<i32>
    %va = make_partition_view %ta : partition_view<tile=(128x32), padding_value = zero, tensor_view<?x?xf32, strides=[?,1]>>
    %vb = make_partition_view %tb : partition_view<tile=(128x32), padding_value = zero, tensor_view<?x?xf32, strides=[?,1]>>
    %kt:2 = get_index_space_shape %va : partition_view<tile=(128x32), padding_value = zero, tensor_view<?x?xf32, strides=[?,1]>> -> tile<i32>
    %zero = constant <f32: 0.000000e+00> : tile<128x128xf32>
    %c0 = constant <i32: 0> : tile<i32>
    %c1 = constant <i32: 1> : tile<i32>
    %tok = make_token : token
    %acc = for %i in (%c0 to %kt#1, step %c1) : tile<i32> iter_values(%s = %zero) -> (tile<128x128xf32>) {
      %x, %t0 = load_view_tko weak %va[%bx, %i] token = %tok : partition_view<tile=(128x32), padding_value = zero, tensor_view<?x?xf32, strides=[?,1]>>, tile<i32> -> tile<128x32xf32>, token
      %rx = ftof %x rounding<nearest_away> : tile<128x32xf32> -> tile<128x32xtf32>
      %y, %t1 = load_view_tko weak %vb[%by, %i] token = %tok : partition_view<tile=(128x32), padding_value = zero, tensor_view<?x?xf32, strides=[?,1]>>, tile<i32> -> tile<128x32xf32>, token
      %yt = permute %y [1, 0] : tile<128x32xf32> -> tile<32x128xf32>
      %ry = ftof %yt : tile<32x128xf32> -> tile<32x128xtf32>
      %p = mmaf %rx, %ry, %s : tile<128x32xtf32>, tile<32x128xtf32>, tile<128x128xf32>
      continue %p : tile<128x128xf32>
    }
    %vc = make_partition_view %tc : partition_view<tile=(128x128), tensor_view<?x?xf32, strides=[?,1]>>
    %t2 = store_view_tko weak %acc, %vc[%bx, %by] token = %tok : tile<128x128xf32>, partition_view<tile=(128x128), tensor_view<?x?xf32, strides=[?,1]>>, tile<i32> -> token
    return
  }
}

// An mma.sync loop (32x32 tiles). With cp.async, stages with fewer 16-byte
// vectors than threads (32x8 f32: 64 vectors, 128 threads) are rounded in
// the blocked layout with replicas: the second 64 threads hold copies (the
// copy back to shared memory writes each vector once).
// TIRX-LABEL: gpu.func @kloop_tf32_small
// TIRX: scf.for
// TIRX: tirx.view %{{.*}} -> !tirx.buffer<256xf32, shared, <S[256:1], swizzle = 32>>
// TIRX: tirx.map cta %[[S:.*]], %[[S]] : !tirx.buffer<256xf32, local, <S[(64,4):(1@tx,1)] + R[2:64@tx]>>
// TIRX: llvm.nvvm.f2tf32.rn
// TIRX: tirx.gemm warp
// By default TMA copies them through `.tf32` maps, which round: A in its
// K-major stage (rows of 32 bytes, 32-byte swizzle), B (N contiguous) in
// blocks of 8 columns, one 8 x 8 box each; no pass over the stages.
// TMA-LABEL: gpu.func @kloop_tf32_small
// TMA: tirx.alloc : !tirx.buffer<32x8xf32, shared, <S[(32,8):(8,1)], swizzle = 32>>
// TMA: tirx.alloc : !tirx.buffer<8x32xf32, shared, <S[(8,4,8):(8,64,1)], swizzle = 32>>
// TMA: tirx.tensor_maps {{.*}} {boxes = [array<i64: 32, 8>, array<i64: 8, 8>], swizzles = array<i64: 32, 32>, tf32 = array<i1: true, true>}
// TMA: scf.for
// TMA-NOT: f2tf32
// TMA: tirx.mbarrier_wait
// TMA-NOT: f2tf32
// TMA: tirx.gemm warp
// TMA-NOT: f2tf32
// TMA: tirx.tensor_maps_release
cuda_tile.module @kernels_small {
  entry @kloop_tf32_small(%a: tile<ptr<f32>>, %b: tile<ptr<f32>>, %c: tile<ptr<f32>>, %m: tile<i32>, %n: tile<i32>, %k: tile<i32>) {
    %pa = assume div_by<16>, %a : tile<ptr<f32>>
    %pb = assume div_by<16>, %b : tile<ptr<f32>>
    %pc = assume div_by<16>, %c : tile<ptr<f32>>
    %dm = assume div_by<16>, %m : tile<i32>
    %dn = assume div_by<16>, %n : tile<i32>
    %dk = assume div_by<16>, %k : tile<i32>
    %ta = make_tensor_view %pa, shape = [%dm, %dk], strides = [%dk, 1] : tile<i32> -> tensor_view<?x?xf32, strides=[?,1]>
    %tb = make_tensor_view %pb, shape = [%dk, %dn], strides = [%dn, 1] : tile<i32> -> tensor_view<?x?xf32, strides=[?,1]>
    %tc = make_tensor_view %pc, shape = [%dm, %dn], strides = [%dn, 1] : tile<i32> -> tensor_view<?x?xf32, strides=[?,1]>
    %bx, %by, %bz = get_tile_block_id : tile<i32>
    %va = make_partition_view %ta : partition_view<tile=(32x8), padding_value = zero, tensor_view<?x?xf32, strides=[?,1]>>
    %vb = make_partition_view %tb : partition_view<tile=(8x32), padding_value = zero, tensor_view<?x?xf32, strides=[?,1]>>
    %kt:2 = get_index_space_shape %va : partition_view<tile=(32x8), padding_value = zero, tensor_view<?x?xf32, strides=[?,1]>> -> tile<i32>
    %zero = constant <f32: 0.000000e+00> : tile<32x32xf32>
    %c0 = constant <i32: 0> : tile<i32>
    %c1 = constant <i32: 1> : tile<i32>
    %tok = make_token : token
    %acc = for %i in (%c0 to %kt#1, step %c1) : tile<i32> iter_values(%s = %zero) -> (tile<32x32xf32>) {
      %x, %t0 = load_view_tko weak %va[%bx, %i] token = %tok : partition_view<tile=(32x8), padding_value = zero, tensor_view<?x?xf32, strides=[?,1]>>, tile<i32> -> tile<32x8xf32>, token
      %rx = ftof %x : tile<32x8xf32> -> tile<32x8xtf32>
      %y, %t1 = load_view_tko weak %vb[%i, %by] token = %tok : partition_view<tile=(8x32), padding_value = zero, tensor_view<?x?xf32, strides=[?,1]>>, tile<i32> -> tile<8x32xf32>, token
      %ry = ftof %y : tile<8x32xf32> -> tile<8x32xtf32>
      %p = mmaf %rx, %ry, %s : tile<32x8xtf32>, tile<8x32xtf32>, tile<32x32xf32>
      continue %p : tile<32x32xf32>
    }
    %vc = make_partition_view %tc : partition_view<tile=(32x32), tensor_view<?x?xf32, strides=[?,1]>>
    %t2 = store_view_tko weak %acc, %vc[%bx, %by] token = %tok : tile<32x32xf32>, partition_view<tile=(32x32), tensor_view<?x?xf32, strides=[?,1]>>, tile<i32> -> token
    return
  }
}

// cuTile's split-K tiles (32x64x256, mma.sync): TMA copies each K tile in
// two chunks of 128 (kLoopChunk: the most whole 128-byte rows of K whose
// stage, 48 KiB, is at most half of the bytes kept in flight), three
// stages (one mbarrier each), the loop running twice the trips; A's boxes
// 32 x 32 (128-byte swizzle), B's 128 x 8 (its blocks of 8 columns).
// TMA-LABEL: gpu.func @kloop_tf32_chunks
// TMA-COUNT-3: tirx.alloc : !tirx.buffer<32x128xf32, shared, <S[(32,4,32):(32,1024,1)], swizzle = 128>>{{[[:space:]].*}}tirx.alloc : !tirx.buffer<128x64xf32, shared, <S[(128,8,8):(8,1024,1)], swizzle = 32>>
// TMA-COUNT-3: tirx.alloc : !tirx.buffer<1xi64, shared
// TMA-NOT: tirx.alloc : !tirx.buffer<1xi64, shared
// TMA: tirx.tensor_maps {{.*}} {boxes = [array<i64: 32, 32>, array<i64: 128, 8>], swizzles = array<i64: 128, 32>, tf32 = array<i1: true, true>}
// TMA: %[[TRIPS:.*]] = arith.muli %{{.*}}, %c2
// TMA: scf.for %{{.*}} = %{{.*}} to %[[TRIPS]]
// TMA: tirx.mbarrier_wait
// TMA-NOT: f2tf32
// TMA: tirx.gemm warp
// On sm_80 (cp.async, no TMA), two stages of whole K tiles (192 KiB) do not
// fit its 163 KiB: the loop takes the chunks too. The fragments of A are
// read by ldmatrix (32-bit elements, 16-byte lines of K).
// SM80-LABEL: .entry kloop_tf32_chunks(
// SM80: cp.async.cg.shared.global
// SM80: and.b32 {{.*}}-8192
// SM80: ldmatrix.sync.aligned.m8n8.x4.shared.b16
// SM80: mma.sync.aligned.m16n8k8.row.col.f32.tf32.tf32.f32
cuda_tile.module @kernels_chunks {
  entry @kloop_tf32_chunks(%a: tile<ptr<f32>>, %b: tile<ptr<f32>>, %c: tile<ptr<f32>>, %m: tile<i32>, %n: tile<i32>, %k: tile<i32>) {
    %pa = assume div_by<16>, %a : tile<ptr<f32>>
    %pb = assume div_by<16>, %b : tile<ptr<f32>>
    %pc = assume div_by<16>, %c : tile<ptr<f32>>
    %dm = assume div_by<16>, %m : tile<i32>
    %dn = assume div_by<16>, %n : tile<i32>
    %dk = assume div_by<16>, %k : tile<i32>
    %ta = make_tensor_view %pa, shape = [%dm, %dk], strides = [%dk, 1] : tile<i32> -> tensor_view<?x?xf32, strides=[?,1]>
    %tb = make_tensor_view %pb, shape = [%dk, %dn], strides = [%dn, 1] : tile<i32> -> tensor_view<?x?xf32, strides=[?,1]>
    %tc = make_tensor_view %pc, shape = [%dm, %dn], strides = [%dn, 1] : tile<i32> -> tensor_view<?x?xf32, strides=[?,1]>
    %bx, %by, %bz = get_tile_block_id : tile<i32>
    %va = make_partition_view %ta : partition_view<tile=(32x256), padding_value = zero, tensor_view<?x?xf32, strides=[?,1]>>
    %vb = make_partition_view %tb : partition_view<tile=(256x64), padding_value = zero, tensor_view<?x?xf32, strides=[?,1]>>
    %kt:2 = get_index_space_shape %va : partition_view<tile=(32x256), padding_value = zero, tensor_view<?x?xf32, strides=[?,1]>> -> tile<i32>
    %zero = constant <f32: 0.000000e+00> : tile<32x64xf32>
    %c0 = constant <i32: 0> : tile<i32>
    %c1 = constant <i32: 1> : tile<i32>
    %tok = make_token : token
    %acc = for %i in (%c0 to %kt#1, step %c1) : tile<i32> iter_values(%s = %zero) -> (tile<32x64xf32>) {
      %x, %t0 = load_view_tko weak %va[%bx, %i] token = %tok : partition_view<tile=(32x256), padding_value = zero, tensor_view<?x?xf32, strides=[?,1]>>, tile<i32> -> tile<32x256xf32>, token
      %rx = ftof %x : tile<32x256xf32> -> tile<32x256xtf32>
      %y, %t1 = load_view_tko weak %vb[%i, %by] token = %tok : partition_view<tile=(256x64), padding_value = zero, tensor_view<?x?xf32, strides=[?,1]>>, tile<i32> -> tile<256x64xf32>, token
      %ry = ftof %y : tile<256x64xf32> -> tile<256x64xtf32>
      %p = mmaf %rx, %ry, %s : tile<32x256xtf32>, tile<256x64xtf32>, tile<32x64xf32>
      continue %p : tile<32x64xf32>
    }
    %vc = make_partition_view %tc : partition_view<tile=(32x64), tensor_view<?x?xf32, strides=[?,1]>>
    %t2 = store_view_tko weak %acc, %vc[%bx, %by] token = %tok : tile<32x64xf32>, partition_view<tile=(32x64), tensor_view<?x?xf32, strides=[?,1]>>, tile<i32> -> token
    return
  }
}

// A column-major (cuTile's tn): wgmma reads a tf32 A K-major only; TMA
// copies the K x M tile through the transposed view into a raw stage and
// every thread copies it, viewed M x K, into the K-major stage, as B given
// K x N.
// TMA-LABEL: gpu.func @kloop_tf32_tn
// TMA: tirx.tensor_maps %{{.*}}, %{{.*}} {boxes = [array<i64: 32, 32>, array<i64: 32, 32>], swizzles = array<i64: 128, 128>, tf32 = array<i1: true, true>}
// TMA: scf.for
// TMA: tirx.mbarrier_wait
// TMA-NEXT: %[[MK:.*]] = tirx.view %{{.*}} : !tirx.buffer<32x128xf32, shared, <S[(32,4,32):(32,1024,1)], swizzle = 128>> -> !tirx.buffer<128x32xf32, shared, <S[(4,32,32):(1024,1,32)], swizzle = 128>>
// TMA-NEXT: tirx.copy cta %{{.*}}, %[[MK]] : !tirx.buffer<128x32xf32, shared, <S[(128,32):(32,1)], swizzle = 128>>
// TMA-NEXT: tirx.copy cta %{{.*}}, %{{.*}} : !tirx.buffer<32x128xf32, shared, <S[(32,128):(1,32)], swizzle = 128>>
// TMA-NEXT: gpu.barrier
// TMA-NOT: llvm.nvvm.f2tf32.rn
// TMA: tirx.gemm_async
// TMA: gpu.return
cuda_tile.module @kernels_tn {
  entry @kloop_tf32_tn(%a: tile<ptr<f32>>, %b: tile<ptr<f32>>, %c: tile<ptr<f32>>, %m: tile<i32>, %n: tile<i32>, %k: tile<i32>) {
    %pa = assume div_by<16>, %a : tile<ptr<f32>>
    %pb = assume div_by<16>, %b : tile<ptr<f32>>
    %pc = assume div_by<16>, %c : tile<ptr<f32>>
    %dm = assume div_by<16>, %m : tile<i32>
    %dn = assume div_by<16>, %n : tile<i32>
    %dk = assume div_by<16>, %k : tile<i32>
    %ta = make_tensor_view %pa, shape = [%dm, %dk], strides = [1, %dm] : tile<i32> -> tensor_view<?x?xf32, strides=[1,?]>
    %tb = make_tensor_view %pb, shape = [%dk, %dn], strides = [%dn, 1] : tile<i32> -> tensor_view<?x?xf32, strides=[?,1]>
    %tc = make_tensor_view %pc, shape = [%dm, %dn], strides = [%dn, 1] : tile<i32> -> tensor_view<?x?xf32, strides=[?,1]>
    %bx, %by, %bz = get_tile_block_id : tile<i32>
    %va = make_partition_view %ta : partition_view<tile=(128x32), padding_value = zero, tensor_view<?x?xf32, strides=[1,?]>>
    %vb = make_partition_view %tb : partition_view<tile=(32x128), padding_value = zero, tensor_view<?x?xf32, strides=[?,1]>>
    %kt:2 = get_index_space_shape %va : partition_view<tile=(128x32), padding_value = zero, tensor_view<?x?xf32, strides=[1,?]>> -> tile<i32>
    %zero = constant <f32: 0.000000e+00> : tile<128x128xf32>
    %c0 = constant <i32: 0> : tile<i32>
    %c1 = constant <i32: 1> : tile<i32>
    %tok = make_token : token
    %acc = for %i in (%c0 to %kt#1, step %c1) : tile<i32> iter_values(%s = %zero) -> (tile<128x128xf32>) {
      %x, %t0 = load_view_tko weak %va[%bx, %i] token = %tok : partition_view<tile=(128x32), padding_value = zero, tensor_view<?x?xf32, strides=[1,?]>>, tile<i32> -> tile<128x32xf32>, token
      %rx = ftof %x : tile<128x32xf32> -> tile<128x32xtf32>
      %y, %t1 = load_view_tko weak %vb[%i, %by] token = %tok : partition_view<tile=(32x128), padding_value = zero, tensor_view<?x?xf32, strides=[?,1]>>, tile<i32> -> tile<32x128xf32>, token
      %ry = ftof %y : tile<32x128xf32> -> tile<32x128xtf32>
      %p = mmaf %rx, %ry, %s : tile<128x32xtf32>, tile<32x128xtf32>, tile<128x128xf32>
      continue %p : tile<128x128xf32>
    }
    %vc = make_partition_view %tc : partition_view<tile=(128x128), tensor_view<?x?xf32, strides=[?,1]>>
    %t2 = store_view_tko weak %acc, %vc[%bx, %by] token = %tok : tile<128x128xf32>, partition_view<tile=(128x128), tensor_view<?x?xf32, strides=[?,1]>>, tile<i32> -> token
    return
  }
}

// 128x256x32 tiles, B given K x N: two warpgroups with one 64x256 piece
// each, the loop unrolled. A stage with a K-major B of its own (16 + 32 +
// 32 KiB) would leave room for two; the raw stage is free once copied, so
// the loop keeps three stages of A and raw B and two K-major B buffers
// that the steps alternate (unrolled by six), its loads two steps ahead
// and one group in flight.
// TMA-LABEL: gpu.func @kloop_tf32_wide
// TMA-DAG: tirx.alloc : !tirx.buffer<128x32xf32, shared
// TMA-DAG: tirx.alloc : !tirx.buffer<128x32xf32, shared
// TMA-DAG: tirx.alloc : !tirx.buffer<128x32xf32, shared
// TMA-DAG: tirx.alloc : !tirx.buffer<32x256xf32, shared, <S[(32,256):(1,32)], swizzle = 128>>
// TMA-DAG: tirx.alloc : !tirx.buffer<32x256xf32, shared, <S[(32,256):(1,32)], swizzle = 128>>
// TMA-DAG: tirx.alloc : !tirx.buffer<32x256xf32, shared, <S[(32,8,32):(32,1024,1)], swizzle = 128>>
// TMA-DAG: tirx.alloc : !tirx.buffer<32x256xf32, shared, <S[(32,8,32):(32,1024,1)], swizzle = 128>>
// TMA-DAG: tirx.alloc : !tirx.buffer<32x256xf32, shared, <S[(32,8,32):(32,1024,1)], swizzle = 128>>
// TMA-NOT: tirx.alloc {{.*}}xf32, shared
// TMA: scf.for %{{.*}} = %{{.*}} to %{{.*}} step %c6
// TMA: tirx.copy cta %[[K0:[0-9]+]], %[[R0:[0-9]+]] : !tirx.buffer<32x256xf32
// TMA: tirx.gemm_async
// TMA: tirx.gemm_wait warpgroup {dispatch = "wgmma", pending = 1 : i64}
// TMA: tirx.copy cta %[[K1:[0-9]+]], %[[R1:[0-9]+]] : !tirx.buffer<32x256xf32
// TMA: tirx.copy cta %[[K0]], %[[R2:[0-9]+]] : !tirx.buffer<32x256xf32
// TMA: tirx.copy cta %[[K1]], %[[R0]] : !tirx.buffer<32x256xf32
// TMA: tirx.copy cta %[[K0]], %[[R1]] : !tirx.buffer<32x256xf32
// TMA: tirx.copy cta %[[K1]], %[[R2]] : !tirx.buffer<32x256xf32
// TMA-NOT: tirx.copy cta {{.*}}xf32, shared
// TMA: tirx.gemm_wait warpgroup {dispatch = "wgmma"}
cuda_tile.module @kernels_wide {
  entry @kloop_tf32_wide(%a: tile<ptr<f32>>, %b: tile<ptr<f32>>, %c: tile<ptr<f32>>, %m: tile<i32>, %n: tile<i32>, %k: tile<i32>) {
    %pa = assume div_by<16>, %a : tile<ptr<f32>>
    %pb = assume div_by<16>, %b : tile<ptr<f32>>
    %pc = assume div_by<16>, %c : tile<ptr<f32>>
    %dm = assume div_by<16>, %m : tile<i32>
    %dn = assume div_by<16>, %n : tile<i32>
    %dk = assume div_by<16>, %k : tile<i32>
    %ta = make_tensor_view %pa, shape = [%dm, %dk], strides = [%dk, 1] : tile<i32> -> tensor_view<?x?xf32, strides=[?,1]>
    %tb = make_tensor_view %pb, shape = [%dk, %dn], strides = [%dn, 1] : tile<i32> -> tensor_view<?x?xf32, strides=[?,1]>
    %tc = make_tensor_view %pc, shape = [%dm, %dn], strides = [%dn, 1] : tile<i32> -> tensor_view<?x?xf32, strides=[?,1]>
    %bx, %by, %bz = get_tile_block_id : tile<i32>
    %va = make_partition_view %ta : partition_view<tile=(128x32), padding_value = zero, tensor_view<?x?xf32, strides=[?,1]>>
    %vb = make_partition_view %tb : partition_view<tile=(32x256), padding_value = zero, tensor_view<?x?xf32, strides=[?,1]>>
    %kt:2 = get_index_space_shape %va : partition_view<tile=(128x32), padding_value = zero, tensor_view<?x?xf32, strides=[?,1]>> -> tile<i32>
    %zero = constant <f32: 0.000000e+00> : tile<128x256xf32>
    %c0 = constant <i32: 0> : tile<i32>
    %c1 = constant <i32: 1> : tile<i32>
    %tok = make_token : token
    %acc = for %i in (%c0 to %kt#1, step %c1) : tile<i32> iter_values(%s = %zero) -> (tile<128x256xf32>) {
      %x, %t0 = load_view_tko weak %va[%bx, %i] token = %tok : partition_view<tile=(128x32), padding_value = zero, tensor_view<?x?xf32, strides=[?,1]>>, tile<i32> -> tile<128x32xf32>, token
      %rx = ftof %x : tile<128x32xf32> -> tile<128x32xtf32>
      %y, %t1 = load_view_tko weak %vb[%i, %by] token = %tok : partition_view<tile=(32x256), padding_value = zero, tensor_view<?x?xf32, strides=[?,1]>>, tile<i32> -> tile<32x256xf32>, token
      %ry = ftof %y : tile<32x256xf32> -> tile<32x256xtf32>
      %p = mmaf %rx, %ry, %s : tile<128x32xtf32>, tile<32x256xtf32>, tile<128x256xf32>
      continue %p : tile<128x256xf32>
    }
    %vc = make_partition_view %tc : partition_view<tile=(128x256), tensor_view<?x?xf32, strides=[?,1]>>
    %t2 = store_view_tko weak %acc, %vc[%bx, %by] token = %tok : tile<128x256xf32>, partition_view<tile=(128x256), tensor_view<?x?xf32, strides=[?,1]>>, tile<i32> -> token
    return
  }
}
