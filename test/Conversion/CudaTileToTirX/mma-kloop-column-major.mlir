// RUN: tile-opt %s --convert-cuda-tile-to-tirx="chip=sm_90a warp-specialize=false" | FileCheck %s --check-prefix=TIRX
// RUN: tile-opt %s --convert-cuda-tile-to-tirx=chip=sm_90 | FileCheck %s --check-prefix=SYNC
// RUN: tile-translate --cuda-tile-to-ptx --chip=sm_90a %s | FileCheck %s --check-prefix=PTX
// RUN: tile-translate --cuda-tile-to-ptx --chip=sm_90 %s | FileCheck %s --check-prefix=PTXSYNC

// The matmul K loop on operands whose arrays are column-major (cuTile's
// `A @ B` on `a.t()` or `b.t()`: a unit stride on the tile's first
// dimension). Each is read through the transposed global view (sizes and
// strides swapped), so that the copies move runs along its contiguous
// dimension (TMA boxes on wgmma, whose tensor maps describe the transposed
// views; 16-byte cp.async runs on mma.sync), and staged transposed: B as
// N x K (K-major, the product's transpose_b), A as K x M (MN-major,
// transpose_a; wgmma only).

// TIRX-LABEL: gpu.func @kloop_b_column_major
// The transposed view of B: sizes [n, k], strides [ldb, 1].
// TIRX: tirx.global_view %{{.*}} sizes [%[[N:.*]], %[[K:.*]]] strides [%[[LDB:.*]], 1]
// TIRX: tirx.alloc : !tirx.buffer<128x64xf16, shared, <S[(128,64):(64,1)], swizzle = 128>>
// TIRX: tirx.alloc : !tirx.buffer<128x64xf16, shared, <S[(128,64):(64,1)], swizzle = 128>>
// TIRX: tirx.tensor_maps %{{.*}}, %{{.*}} {boxes = [array<i64: 128, 64>, array<i64: 128, 64>], swizzles = array<i64: 128, 128>}
// TIRX: scf.for
// TIRX: tirx.gemm_async warpgroup {{.*}}dispatch = "wgmma", transpose_b}
// TIRX-COUNT-2: tirx.copy_async cta {{.*}} tensor_map
// TIRX-NOT: tirx.copy cta %{{.*}}, %{{.*}} : !tirx.buffer<{{.*}}, shared

// TIRX-LABEL: gpu.func @kloop_a_column_major
// TIRX: tirx.global_view %{{.*}} sizes [%{{.*}}, %{{.*}}] strides [%{{.*}}, 1]
// A staged K x M, MN-major (64-column blocks of M).
// TIRX: tirx.alloc : !tirx.buffer<64x128xf16, shared, <S[(64,2,64):(64,4096,1)], swizzle = 128>>
// TIRX: tirx.tensor_maps %{{.*}}, %{{.*}} {boxes = [array<i64: 64, 64>, array<i64: 64, 64>], swizzles = array<i64: 128, 128>}
// TIRX: scf.for
// TIRX: tirx.gemm_async warpgroup {{.*}}dispatch = "wgmma", transpose_a}
// TIRX-COUNT-3: tirx.copy_async cta {{.*}} tensor_map

// mma.sync: B is staged N x K too (row-major, its 128-byte rows swizzled,
// transpose_b); A stays M x K.
// SYNC-LABEL: gpu.func @kloop_b_column_major
// SYNC: tirx.alloc : !tirx.buffer<128x64xf16, shared, <S[(128,64):(64,1)], swizzle = 128>>
// SYNC: tirx.gemm warp {{.*}} transpose_b
// SYNC-LABEL: gpu.func @kloop_a_column_major
// SYNC-NOT: transpose_a

// Every tile copy is a TMA copy (sm_90a) or a cp.async (sm_90), none is
// element by element.
// PTX-LABEL: .entry kloop_b_column_major(
// PTX-NOT: ld.global.{{.*}}b16
// PTX: cp.async.bulk.tensor.2d
// PTX: wgmma.mma_async.sync.aligned.m64n128k16.f32.f16.f16 {{.*}}, p, 1, 1, 0, 0;
// PTX-LABEL: .entry kloop_a_column_major(
// PTX-NOT: ld.global.{{.*}}b16
// PTX: cp.async.bulk.tensor.2d
// PTX: wgmma.mma_async.sync.aligned.m64n128k16.f32.f16.f16 {{.*}}, p, 1, 1, 1, 1;

// PTXSYNC-LABEL: .entry kloop_b_column_major(
// PTXSYNC-NOT: ld.global.{{.*}}b16
// PTXSYNC: cp.async.cg.shared.global
// PTXSYNC: mma.sync.aligned.m16n8k16.row.col.f32.f16.f16.f32

cuda_tile.module @kernels {
  entry @kloop_b_column_major(%a: tile<ptr<f16>>, %b: tile<ptr<f16>>, %c: tile<ptr<f32>>, %m: tile<i32>, %n: tile<i32>, %k: tile<i32>) {
    %pa = assume div_by<16>, %a : tile<ptr<f16>>
    %pb = assume div_by<16>, %b : tile<ptr<f16>>
    %pc = assume div_by<16>, %c : tile<ptr<f32>>
    %dm = assume div_by<16>, %m : tile<i32>
    %dn = assume div_by<16>, %n : tile<i32>
    %dk = assume div_by<16>, %k : tile<i32>
    %ta = make_tensor_view %pa, shape = [%dm, %dk], strides = [%dk, 1] : tile<i32> -> tensor_view<?x?xf16, strides=[?,1]>
    %tb = make_tensor_view %pb, shape = [%dk, %dn], strides = [1, %dk] : tile<i32> -> tensor_view<?x?xf16, strides=[1,?]>
    %tc = make_tensor_view %pc, shape = [%dm, %dn], strides = [%dn, 1] : tile<i32> -> tensor_view<?x?xf32, strides=[?,1]>
    %bx, %by, %bz = get_tile_block_id : tile<i32>
    %va = make_partition_view %ta : partition_view<tile=(128x64), padding_value = zero, tensor_view<?x?xf16, strides=[?,1]>>
    %vb = make_partition_view %tb : partition_view<tile=(64x128), padding_value = zero, tensor_view<?x?xf16, strides=[1,?]>>
    %kt:2 = get_index_space_shape %va : partition_view<tile=(128x64), padding_value = zero, tensor_view<?x?xf16, strides=[?,1]>> -> tile<i32>
    %zero = constant <f32: 0.000000e+00> : tile<128x128xf32>
    %c0 = constant <i32: 0> : tile<i32>
    %c1 = constant <i32: 1> : tile<i32>
    %tok = make_token : token
    %acc = for %i in (%c0 to %kt#1, step %c1) : tile<i32> iter_values(%s = %zero) -> (tile<128x128xf32>) {
      %x, %t0 = load_view_tko weak %va[%bx, %i] token = %tok : partition_view<tile=(128x64), padding_value = zero, tensor_view<?x?xf16, strides=[?,1]>>, tile<i32> -> tile<128x64xf16>, token
      %y, %t1 = load_view_tko weak %vb[%i, %by] token = %tok : partition_view<tile=(64x128), padding_value = zero, tensor_view<?x?xf16, strides=[1,?]>>, tile<i32> -> tile<64x128xf16>, token
      %p = mmaf %x, %y, %s : tile<128x64xf16>, tile<64x128xf16>, tile<128x128xf32>
      continue %p : tile<128x128xf32>
    }
    %vc = make_partition_view %tc : partition_view<tile=(128x128), tensor_view<?x?xf32, strides=[?,1]>>
    %t2 = store_view_tko weak %acc, %vc[%bx, %by] token = %tok : tile<128x128xf32>, partition_view<tile=(128x128), tensor_view<?x?xf32, strides=[?,1]>>, tile<i32> -> token
    return
  }

  entry @kloop_a_column_major(%a: tile<ptr<f16>>, %b: tile<ptr<f16>>, %c: tile<ptr<f32>>, %m: tile<i32>, %n: tile<i32>, %k: tile<i32>) {
    %pa = assume div_by<16>, %a : tile<ptr<f16>>
    %pb = assume div_by<16>, %b : tile<ptr<f16>>
    %pc = assume div_by<16>, %c : tile<ptr<f32>>
    %dm = assume div_by<16>, %m : tile<i32>
    %dn = assume div_by<16>, %n : tile<i32>
    %dk = assume div_by<16>, %k : tile<i32>
    %ta = make_tensor_view %pa, shape = [%dm, %dk], strides = [1, %dm] : tile<i32> -> tensor_view<?x?xf16, strides=[1,?]>
    %tb = make_tensor_view %pb, shape = [%dk, %dn], strides = [%dn, 1] : tile<i32> -> tensor_view<?x?xf16, strides=[?,1]>
    %tc = make_tensor_view %pc, shape = [%dm, %dn], strides = [%dn, 1] : tile<i32> -> tensor_view<?x?xf32, strides=[?,1]>
    %bx, %by, %bz = get_tile_block_id : tile<i32>
    %va = make_partition_view %ta : partition_view<tile=(128x64), padding_value = zero, tensor_view<?x?xf16, strides=[1,?]>>
    %vb = make_partition_view %tb : partition_view<tile=(64x128), padding_value = zero, tensor_view<?x?xf16, strides=[?,1]>>
    %kt:2 = get_index_space_shape %va : partition_view<tile=(128x64), padding_value = zero, tensor_view<?x?xf16, strides=[1,?]>> -> tile<i32>
    %zero = constant <f32: 0.000000e+00> : tile<128x128xf32>
    %c0 = constant <i32: 0> : tile<i32>
    %c1 = constant <i32: 1> : tile<i32>
    %tok = make_token : token
    %acc = for %i in (%c0 to %kt#1, step %c1) : tile<i32> iter_values(%s = %zero) -> (tile<128x128xf32>) {
      %x, %t0 = load_view_tko weak %va[%bx, %i] token = %tok : partition_view<tile=(128x64), padding_value = zero, tensor_view<?x?xf16, strides=[1,?]>>, tile<i32> -> tile<128x64xf16>, token
      %y, %t1 = load_view_tko weak %vb[%i, %by] token = %tok : partition_view<tile=(64x128), padding_value = zero, tensor_view<?x?xf16, strides=[?,1]>>, tile<i32> -> tile<64x128xf16>, token
      %p = mmaf %x, %y, %s : tile<128x64xf16>, tile<64x128xf16>, tile<128x128xf32>
      continue %p : tile<128x128xf32>
    }
    %vc = make_partition_view %tc : partition_view<tile=(128x128), tensor_view<?x?xf32, strides=[?,1]>>
    %t2 = store_view_tko weak %acc, %vc[%bx, %by] token = %tok : tile<128x128xf32>, partition_view<tile=(128x128), tensor_view<?x?xf32, strides=[?,1]>>, tile<i32> -> token
    return
  }
}
