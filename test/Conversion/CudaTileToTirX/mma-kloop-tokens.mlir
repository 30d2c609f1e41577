// RUN: tile-opt %s --convert-cuda-tile-to-tirx=chip=sm_90a | FileCheck %s
// RUN: tile-translate --cuda-tile-to-ptx --chip=sm_90a %s -o %t.ptx
// RUN: FileCheck %s --check-prefix=PTX < %t.ptx

// A K loop that carries its loads' tokens besides the accumulator (cuTile
// threads them through the loop when a later op must order after the
// loads: its split-K matmul, whose atomics follow the loop) is still the
// matmul main loop: the tiles are copied asynchronously into the stages
// ahead of the product. Here 32-row tiles: mma.sync, whose B fragments
// of the K x N stages (pairs along K) are read with ldmatrix.trans.
// CHECK-LABEL: gpu.func @kloop_tokens
// CHECK: tirx.copy_async cta
// CHECK: tirx.async_commit
// CHECK: scf.for %{{.*}} iter_args
// CHECK: tirx.async_wait
// CHECK: tirx.gemm warp {{.*}}dispatch = "mma_sync"
// CHECK: tirx.copy_async cta
// CHECK: tirx.async_commit
// PTX-LABEL: .entry kloop_tokens(
// PTX: cp.async.cg.shared.global
// PTX: ldmatrix.sync.aligned.m8n8.x4.trans.shared.b16
// PTX: mma.sync.aligned.m16n8k16.row.col.f32.f16.f16.f32
// PTX: atom{{.*}}.exch

// A token the loop uses for anything else than joining its loads' tokens
// (here a store in the body) keeps the loop an ordinary one (the loop as
// written, its loads streamed one iteration ahead), not the K loop's
// pipeline over stage indices.
// CHECK-LABEL: gpu.func @store_in_loop
// CHECK: scf.for %{{.*}} = %{{.*}} to %{{.*}} step %{{.*}} : i32 {
// CHECK: tirx.copy cta %{{.*}} : !tirx.buffer<32x64xf32, global>
// CHECK: gpu.return

cuda_tile.module @kernels {
  entry @kloop_tokens(%a: tile<ptr<f16>>, %b: tile<ptr<f16>>, %c: tile<ptr<f32>>, %lock: tile<ptr<i32>>, %m: tile<i32>, %n: tile<i32>, %k: tile<i32>) {
    %pa = assume div_by<16>, %a : tile<ptr<f16>>
    %pb = assume div_by<16>, %b : tile<ptr<f16>>
    %pc = assume div_by<16>, %c : tile<ptr<f32>>
    %ta = make_tensor_view %pa, shape = [%m, 512], strides = [512, 1] : tile<i32> -> tensor_view<?x512xf16, strides=[512,1]>
    %tb = make_tensor_view %pb, shape = [512, %n], strides = [64, 1] : tile<i32> -> tensor_view<512x?xf16, strides=[64,1]>
    %tc = make_tensor_view %pc, shape = [%m, %n], strides = [64, 1] : tile<i32> -> tensor_view<?x?xf32, strides=[64,1]>
    %t0 = make_token : token
    %bx, %by, %bz = get_tile_block_id : tile<i32>
    %va = make_partition_view %ta : partition_view<tile=(32x128), padding_value = zero, tensor_view<?x512xf16, strides=[512,1]>>
    %vb = make_partition_view %tb : partition_view<tile=(128x64), padding_value = zero, tensor_view<512x?xf16, strides=[64,1]>>
    %zero = constant <f32: 0.000000e+00> : tile<32x64xf32>
    %c0 = constant <i32: 0> : tile<i32>
    %c1 = constant <i32: 1> : tile<i32>
    %c4 = constant <i32: 4> : tile<i32>
    %r:3 = for %i in (%c0 to %c4, step %c1) : tile<i32> iter_values(%acc = %zero, %ta0 = %t0, %tb0 = %t0) -> (tile<32x64xf32>, token, token) {
      %x, %xt = load_view_tko weak %va[%bx, %i] token = %t0 : partition_view<tile=(32x128), padding_value = zero, tensor_view<?x512xf16, strides=[512,1]>>, tile<i32> -> tile<32x128xf16>, token
      %ja = join_tokens %ta0, %xt : token
      %y, %yt = load_view_tko weak %vb[%i, %c0] token = %t0 : partition_view<tile=(128x64), padding_value = zero, tensor_view<512x?xf16, strides=[64,1]>>, tile<i32> -> tile<128x64xf16>, token
      %jb = join_tokens %tb0, %yt : token
      %p = mmaf %x, %y, %acc : tile<32x128xf16>, tile<128x64xf16>, tile<32x64xf32>
      continue %p, %ja, %jb : tile<32x64xf32>, token, token
    }
    %vc = make_partition_view %tc : partition_view<tile=(32x64), tensor_view<?x?xf32, strides=[64,1]>>
    %ts = store_view_tko weak %r#0, %vc[%bx, %c0] token = %t0 : tile<32x64xf32>, partition_view<tile=(32x64), tensor_view<?x?xf32, strides=[64,1]>>, tile<i32> -> token
    %all = join_tokens %r#1, %r#2, %ts : token
    %one = constant <i32: 1> : tile<i32>
    %old, %tx = atomic_rmw_tko release device %lock, xchg, %one token = %all : tile<ptr<i32>>, tile<i32> -> tile<i32>, token
    return
  }

  entry @store_in_loop(%a: tile<ptr<f16>>, %b: tile<ptr<f16>>, %c: tile<ptr<f32>>, %m: tile<i32>, %n: tile<i32>) {
    %pa = assume div_by<16>, %a : tile<ptr<f16>>
    %pb = assume div_by<16>, %b : tile<ptr<f16>>
    %pc = assume div_by<16>, %c : tile<ptr<f32>>
    %ta = make_tensor_view %pa, shape = [%m, 512], strides = [512, 1] : tile<i32> -> tensor_view<?x512xf16, strides=[512,1]>
    %tb = make_tensor_view %pb, shape = [512, %n], strides = [64, 1] : tile<i32> -> tensor_view<512x?xf16, strides=[64,1]>
    %tc = make_tensor_view %pc, shape = [%m, %n], strides = [64, 1] : tile<i32> -> tensor_view<?x?xf32, strides=[64,1]>
    %t0 = make_token : token
    %bx, %by, %bz = get_tile_block_id : tile<i32>
    %va = make_partition_view %ta : partition_view<tile=(32x128), padding_value = zero, tensor_view<?x512xf16, strides=[512,1]>>
    %vb = make_partition_view %tb : partition_view<tile=(128x64), padding_value = zero, tensor_view<512x?xf16, strides=[64,1]>>
    %vc = make_partition_view %tc : partition_view<tile=(32x64), tensor_view<?x?xf32, strides=[64,1]>>
    %zero = constant <f32: 0.000000e+00> : tile<32x64xf32>
    %c0 = constant <i32: 0> : tile<i32>
    %c1 = constant <i32: 1> : tile<i32>
    %c4 = constant <i32: 4> : tile<i32>
    %r:2 = for %i in (%c0 to %c4, step %c1) : tile<i32> iter_values(%acc = %zero, %tk = %t0) -> (tile<32x64xf32>, token) {
      %x, %xt = load_view_tko weak %va[%bx, %i] token = %t0 : partition_view<tile=(32x128), padding_value = zero, tensor_view<?x512xf16, strides=[512,1]>>, tile<i32> -> tile<32x128xf16>, token
      %y, %yt = load_view_tko weak %vb[%i, %c0] token = %t0 : partition_view<tile=(128x64), padding_value = zero, tensor_view<512x?xf16, strides=[64,1]>>, tile<i32> -> tile<128x64xf16>, token
      %p = mmaf %x, %y, %acc : tile<32x128xf16>, tile<128x64xf16>, tile<32x64xf32>
      %ts = store_view_tko weak %p, %vc[%bx, %c0] token = %tk : tile<32x64xf32>, partition_view<tile=(32x64), tensor_view<?x?xf32, strides=[64,1]>>, tile<i32> -> token
      continue %p, %ts : tile<32x64xf32>, token
    }
    return
  }
}
