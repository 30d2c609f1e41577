// REQUIRES: ptxas
// RUN: tile-translate --cuda-tile-to-ptx --chip=sm_90a --tma-loads=false %s -o %t.ptx
// RUN: FileCheck %s --check-prefix=SM90A < %t.ptx
// RUN: %ptxas -arch=sm_90a %t.ptx -o %t.cubin
// RUN: tile-translate --cuda-tile-to-ptx --chip=sm_90a %s -o %t.tma.ptx
// RUN: FileCheck %s --check-prefix=TMA < %t.tma.ptx
// RUN: %ptxas -arch=sm_90a %t.tma.ptx -o %t.tma.cubin
// RUN: tile-translate --cuda-tile-to-ptx --chip=sm_90a --warp-specialize=false %s -o %t.tma1.ptx
// RUN: FileCheck %s --check-prefix=TMA1 < %t.tma1.ptx
// RUN: %ptxas -arch=sm_90a %t.tma1.ptx -o %t.tma1.cubin
// RUN: tile-translate --cuda-tile-to-ptx --chip=sm_90 --ptx-version=84 %s -o %t90.ptx
// RUN: FileCheck %s --check-prefix=SM90 < %t90.ptx
// RUN: %ptxas -arch=sm_90 %t90.ptx -o %t90.cubin

// mmaf (f16, bf16, f8E4M3FN, f8E5M2) on its own and the pipelined matmul K
// loop, down to PTX: wgmma on sm_90a, mma.sync on sm_90. f8 products into
// f32 without fast_acc: on wgmma the f8 instructions, one chain per chunk
// of K from zero (scale-d 0) waited for and added to the accumulator
// (Dispatch/gemm-wgmma-promote.mlir); on mma.sync the f8 tiles are
// converted to f16 (cvt.rn.f16x2.e4m3x2 / e5m2x2) and multiplied by the
// f16 instructions (full f32 accumulation).

// SM90A-LABEL: .entry mmaf_bf16(
// SM90A: wgmma.mma_async.sync.aligned.m64n64k16.f32.bf16.bf16
// SM90A: wgmma.wait_group.sync.aligned 0;
// SM90A-LABEL: .entry mmaf_f8(
// SM90A-NOT: cvt.rn.f16x2.e4m3x2
// SM90A: wgmma.mma_async.sync.aligned.m64n64k32.f32.e4m3.e4m3
// SM90A-LABEL: .entry mmaf_f8_exact(
// SM90A-NOT: cvt.rn.f16x2.e4m3x2
// SM90A: wgmma.mma_async.sync.aligned.m64n64k32.f32.e4m3.e4m3
// SM90A: wgmma.wait_group.sync.aligned 0;
// SM90A-LABEL: .entry mmaf_e5m2_exact(
// SM90A-NOT: cvt.rn.f16x2.e5m2x2
// SM90A: wgmma.mma_async.sync.aligned.m64n64k32.f32.e5m2.e5m2
// SM90A: wgmma.wait_group.sync.aligned 0;
// 4 stages of 16 KiB, 64-byte swizzled (K = 32 of f16): 64 KiB of dynamic
// shared memory (+ 496 bytes to round the 16-byte aligned block up to the
// swizzle's 512), the buffers at offsets of the upstream
// gpu.dynamic_shared_memory symbol. One warpgroup computes both 64-row
// pieces of the 128x128 accumulator: two groups in flight.
// SM90A: // tileir.kernel kloop_f16 params=(ptr,ptr,ptr,i32) reqntid=128,1,1 smem=66032
// SM90A-LABEL: .entry kloop_f16(
// The block of dynamic shared memory: a shared variable of the kernel (each
// kernel compiles in a module of its own, so LLVM demotes it into the
// function).
// SM90A: .shared .align 16 .b8 [[DYN:__dynamic_shmem__[0-9_]+]];
// SM90A: mov.b64 {{.*}}, [[DYN]];
// SM90A: cp.async.cg.shared.global
// SM90A: cp.async.commit_group;
// SM90A: cp.async.wait_group 2;
// SM90A: wgmma.mma_async.sync.aligned.m64n128k16.f32.f16.f16
// SM90A: wgmma.wait_group.sync.aligned 2;
// K = 64: 128-byte swizzled stages; descriptors of layout type 1 (bit 62),
// SBO = 1024 B (64 << 32), LBO = 16 B (1 << 16):
// 2^62 + 64 * 2^32 + 2^16 = 4611686293305360384.
// SM90A: // tileir.kernel kloop_swizzled params=(ptr,ptr,ptr,i32) reqntid=256,1,1 smem=148464
// SM90A-LABEL: .entry kloop_swizzled(
// SM90A: cp.async.cg.shared.global
// SM90A: or.b64 {{.*}}, 4611686293305360384;
// SM90A: wgmma.mma_async.sync.aligned.m64n256k16.f32.f16.f16

// By default the rolled one-warpgroup loop loads by TMA (docs/Matmul.md,
// "TMA loads") from a producer warp ("Producer warp"): the launch grows to
// 160 threads; the producer warp waits for the warpgroup at named barrier
// 2, takes a slot of the kernel's tensor-map pool, writes the maps by
// tensormap.replace and fences them, then per stage waits until it is
// empty, arms its full mbarrier and issues the bulk tensor copies, gives
// the slot back and joins at barrier 3. The warpgroup's own barriers count
// 128 threads; it arrives at barrier 2, waits for each stage's tiles,
// computes and hands the stage back. The two-warpgroup 128x256 loop keeps
// cp.async.
// TMA-LABEL: .entry kloop_f16(
// TMA: .reqntid 160, 1, 1
// TMA: barrier.sync {{.*}}2, 160;
// TMA: atom.acquire.gpu.global.cas.b32
// TMA: tensormap.replace.tile.swizzle_mode.global.b1024.b32 [{{.*}}], 2;
// TMA: fence.proxy.tensormap::generic.acquire.gpu
// TMA: mbarrier.try_wait.parity.shared.b64
// TMA: mbarrier.arrive.expect_tx.shared.b64
// TMA: cp.async.bulk.tensor.2d.shared::cluster.global.tile.mbarrier::complete_tx::bytes
// TMA: atom.global.exch.b32
// TMA: barrier.sync {{.*}}3, 160;
// TMA: bar.sync {{.*}}0, 128;
// TMA: barrier.arrive {{.*}}2, 160;
// TMA: mbarrier.try_wait.parity.shared.b64
// TMA: wgmma.mma_async.sync.aligned.m64n128k16.f32.f16.f16
// TMA: mbarrier.arrive.shared.b64
// TMA: barrier.sync {{.*}}3, 160;
// TMA: mbarrier.inval.shared.b64
// TMA-LABEL: .entry kloop_swizzled(
// TMA-NOT: cp.async.bulk.tensor
// TMA: cp.async.cg.shared.global

// With --warp-specialize=false the warpgroup's thread 0 builds the maps and
// issues the copies between its products.
// TMA1-LABEL: .entry kloop_f16(
// TMA1: .reqntid 128, 1, 1
// TMA1: atom.acquire.gpu.global.cas.b32
// TMA1: tensormap.replace.tile.swizzle_mode.global.b1024.b32 [{{.*}}], 2;
// TMA1: fence.proxy.tensormap::generic.acquire.gpu
// TMA1: mbarrier.arrive.expect_tx.shared.b64
// TMA1: cp.async.bulk.tensor.2d.shared::cluster.global.tile.mbarrier::complete_tx::bytes
// TMA1: mbarrier.try_wait.parity.shared.b64
// TMA1: wgmma.mma_async.sync.aligned.m64n128k16.f32.f16.f16
// TMA1: atom.global.exch.b32

// SM90-LABEL: .entry mmaf_bf16(
// SM90: mma.sync.aligned.m16n8k16.row.col.f32.bf16.bf16.f32
// SM90-LABEL: .entry mmaf_f8(
// SM90-NOT: cvt.rn.f16x2.e4m3x2
// SM90: mma.sync.aligned.m16n8k32.row.col.f32.e4m3.e4m3.f32
// SM90-LABEL: .entry mmaf_f8_exact(
// SM90: cvt.rn.f16x2.e4m3x2
// SM90-NOT: .e4m3.e4m3
// SM90: mma.sync.aligned.m16n8k16.row.col.f32.f16.f16.f32
// SM90-NOT: .e4m3.e4m3
// SM90-LABEL: .entry mmaf_e5m2_exact(
// SM90: cvt.rn.f16x2.e5m2x2
// SM90-NOT: .e5m2.e5m2
// SM90: mma.sync.aligned.m16n8k16.row.col.f32.f16.f16.f32
// SM90-NOT: .e5m2.e5m2
// SM90-LABEL: .entry kloop_f16(
// SM90: cp.async.cg.shared.global
// SM90: mma.sync.aligned.m16n8k16.row.col.f32.f16.f16.f32
// SM90-LABEL: .entry kloop_swizzled(
// SM90: mma.sync.aligned.m16n8k16.row.col.f32.f16.f16.f32

cuda_tile.module @mma {
  entry @mmaf_bf16(%a: tile<ptr<bf16>>, %b: tile<ptr<bf16>>, %c: tile<ptr<f32>>) {
    %ta = make_tensor_view %a, shape = [64, 32], strides = [32, 1] : tensor_view<64x32xbf16, strides=[32,1]>
    %tb = make_tensor_view %b, shape = [32, 64], strides = [64, 1] : tensor_view<32x64xbf16, strides=[64,1]>
    %tc = make_tensor_view %c, shape = [64, 64], strides = [64, 1] : tensor_view<64x64xf32, strides=[64,1]>
    %pa = make_partition_view %ta : partition_view<tile=(64x32), tensor_view<64x32xbf16, strides=[32,1]>>
    %pb = make_partition_view %tb : partition_view<tile=(32x64), tensor_view<32x64xbf16, strides=[64,1]>>
    %pc = make_partition_view %tc : partition_view<tile=(64x64), tensor_view<64x64xf32, strides=[64,1]>>
    %c0 = constant <i32: 0> : tile<i32>
    %va, %t0 = load_view_tko weak %pa[%c0, %c0] : partition_view<tile=(64x32), tensor_view<64x32xbf16, strides=[32,1]>>, tile<i32> -> tile<64x32xbf16>, token
    %vb, %t1 = load_view_tko weak %pb[%c0, %c0] : partition_view<tile=(32x64), tensor_view<32x64xbf16, strides=[64,1]>>, tile<i32> -> tile<32x64xbf16>, token
    %vc, %t2 = load_view_tko weak %pc[%c0, %c0] : partition_view<tile=(64x64), tensor_view<64x64xf32, strides=[64,1]>>, tile<i32> -> tile<64x64xf32>, token
    %d = mmaf %va, %vb, %vc : tile<64x32xbf16>, tile<32x64xbf16>, tile<64x64xf32>
    %t3 = store_view_tko weak %d, %pc[%c0, %c0] : tile<64x64xf32>, partition_view<tile=(64x64), tensor_view<64x64xf32, strides=[64,1]>>, tile<i32> -> token
    return
  }

  entry @mmaf_f8(%c: tile<ptr<f32>>) {
    %tc = make_tensor_view %c, shape = [64, 64], strides = [64, 1] : tensor_view<64x64xf32, strides=[64,1]>
    %pc = make_partition_view %tc : partition_view<tile=(64x64), tensor_view<64x64xf32, strides=[64,1]>>
    %c0 = constant <i32: 0> : tile<i32>
    %va = constant <f8E4M3FN: 1.0> : tile<64x32xf8E4M3FN>
    %vb = constant <f8E4M3FN: 2.0> : tile<32x64xf8E4M3FN>
    %zero = constant <f32: 0.0> : tile<64x64xf32>
    %d = mmaf %va, %vb, %zero fast_acc : tile<64x32xf8E4M3FN>, tile<32x64xf8E4M3FN>, tile<64x64xf32>
    %t3 = store_view_tko weak %d, %pc[%c0, %c0] : tile<64x64xf32>, partition_view<tile=(64x64), tensor_view<64x64xf32, strides=[64,1]>>, tile<i32> -> token
    return
  }

  entry @mmaf_f8_exact(%a: tile<ptr<f8E4M3FN>>, %b: tile<ptr<f8E4M3FN>>, %c: tile<ptr<f32>>) {
    %ta = make_tensor_view %a, shape = [64, 32], strides = [32, 1] : tensor_view<64x32xf8E4M3FN, strides=[32,1]>
    %tb = make_tensor_view %b, shape = [32, 64], strides = [64, 1] : tensor_view<32x64xf8E4M3FN, strides=[64,1]>
    %tc = make_tensor_view %c, shape = [64, 64], strides = [64, 1] : tensor_view<64x64xf32, strides=[64,1]>
    %pa = make_partition_view %ta : partition_view<tile=(64x32), tensor_view<64x32xf8E4M3FN, strides=[32,1]>>
    %pb = make_partition_view %tb : partition_view<tile=(32x64), tensor_view<32x64xf8E4M3FN, strides=[64,1]>>
    %pc = make_partition_view %tc : partition_view<tile=(64x64), tensor_view<64x64xf32, strides=[64,1]>>
    %c0 = constant <i32: 0> : tile<i32>
    %va, %t0 = load_view_tko weak %pa[%c0, %c0] : partition_view<tile=(64x32), tensor_view<64x32xf8E4M3FN, strides=[32,1]>>, tile<i32> -> tile<64x32xf8E4M3FN>, token
    %vb, %t1 = load_view_tko weak %pb[%c0, %c0] : partition_view<tile=(32x64), tensor_view<32x64xf8E4M3FN, strides=[64,1]>>, tile<i32> -> tile<32x64xf8E4M3FN>, token
    %zero = constant <f32: 0.0> : tile<64x64xf32>
    %d = mmaf %va, %vb, %zero : tile<64x32xf8E4M3FN>, tile<32x64xf8E4M3FN>, tile<64x64xf32>
    %t3 = store_view_tko weak %d, %pc[%c0, %c0] : tile<64x64xf32>, partition_view<tile=(64x64), tensor_view<64x64xf32, strides=[64,1]>>, tile<i32> -> token
    return
  }

  entry @mmaf_e5m2_exact(%a: tile<ptr<f8E5M2>>, %b: tile<ptr<f8E5M2>>, %c: tile<ptr<f32>>) {
    %ta = make_tensor_view %a, shape = [64, 32], strides = [32, 1] : tensor_view<64x32xf8E5M2, strides=[32,1]>
    %tb = make_tensor_view %b, shape = [32, 64], strides = [64, 1] : tensor_view<32x64xf8E5M2, strides=[64,1]>
    %tc = make_tensor_view %c, shape = [64, 64], strides = [64, 1] : tensor_view<64x64xf32, strides=[64,1]>
    %pa = make_partition_view %ta : partition_view<tile=(64x32), tensor_view<64x32xf8E5M2, strides=[32,1]>>
    %pb = make_partition_view %tb : partition_view<tile=(32x64), tensor_view<32x64xf8E5M2, strides=[64,1]>>
    %pc = make_partition_view %tc : partition_view<tile=(64x64), tensor_view<64x64xf32, strides=[64,1]>>
    %c0 = constant <i32: 0> : tile<i32>
    %va, %t0 = load_view_tko weak %pa[%c0, %c0] : partition_view<tile=(64x32), tensor_view<64x32xf8E5M2, strides=[32,1]>>, tile<i32> -> tile<64x32xf8E5M2>, token
    %vb, %t1 = load_view_tko weak %pb[%c0, %c0] : partition_view<tile=(32x64), tensor_view<32x64xf8E5M2, strides=[64,1]>>, tile<i32> -> tile<32x64xf8E5M2>, token
    %zero = constant <f32: 0.0> : tile<64x64xf32>
    %d = mmaf %va, %vb, %zero : tile<64x32xf8E5M2>, tile<32x64xf8E5M2>, tile<64x64xf32>
    %t3 = store_view_tko weak %d, %pc[%c0, %c0] : tile<64x64xf32>, partition_view<tile=(64x64), tensor_view<64x64xf32, strides=[64,1]>>, tile<i32> -> token
    return
  }

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

  entry @kloop_swizzled(%a: tile<ptr<f16>>, %b: tile<ptr<f16>>, %c: tile<ptr<f32>>, %kt: tile<i32>) {
    %ta = make_tensor_view %a, shape = [128, 256], strides = [256, 1] : tensor_view<128x256xf16, strides=[256,1]>
    %tb = make_tensor_view %b, shape = [256, 256], strides = [256, 1] : tensor_view<256x256xf16, strides=[256,1]>
    %tc = make_tensor_view %c, shape = [128, 256], strides = [256, 1] : tensor_view<128x256xf32, strides=[256,1]>
    %pa = make_partition_view %ta : partition_view<tile=(128x64), tensor_view<128x256xf16, strides=[256,1]>>
    %pb = make_partition_view %tb : partition_view<tile=(256x64), tensor_view<256x256xf16, strides=[256,1]>>
    %pc = make_partition_view %tc : partition_view<tile=(128x256), tensor_view<128x256xf32, strides=[256,1]>>
    %c0 = constant <i32: 0> : tile<i32>
    %c1 = constant <i32: 1> : tile<i32>
    %zero = constant <f32: 0.0> : tile<128x256xf32>
    %acc = for %kk in (%c0 to %kt, step %c1) : tile<i32> iter_values(%x = %zero) -> (tile<128x256xf32>) {
      %va, %t0 = load_view_tko weak %pa[%c0, %kk] : partition_view<tile=(128x64), tensor_view<128x256xf16, strides=[256,1]>>, tile<i32> -> tile<128x64xf16>, token
      %vb, %t1 = load_view_tko weak %pb[%c0, %kk] : partition_view<tile=(256x64), tensor_view<256x256xf16, strides=[256,1]>>, tile<i32> -> tile<256x64xf16>, token
      %vbt = permute %vb [1, 0] : tile<256x64xf16> -> tile<64x256xf16>
      %y = mmaf %va, %vbt, %x : tile<128x64xf16>, tile<64x256xf16>, tile<128x256xf32>
      continue %y : tile<128x256xf32>
    }
    %t2 = store_view_tko weak %acc, %pc[%c0, %c0] : tile<128x256xf32>, partition_view<tile=(128x256), tensor_view<128x256xf32, strides=[256,1]>>, tile<i32> -> token
    return
  }
}
