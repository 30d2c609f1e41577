// RUN: tile-opt %s --convert-cuda-tile-to-tirx=chip=sm_90a | FileCheck %s --check-prefixes=CHECK,WG
// RUN: tile-opt %s --convert-cuda-tile-to-tirx="chip=sm_90 ptx-version=84" | FileCheck %s --check-prefixes=CHECK,MS

// f8 products into an f32 accumulator. Without fast_acc, on wgmma (sm_90a)
// the gemm reads the f8 tiles with `config = {promote_k = K chunk}`: the
// products of each chunk of K (up to 128, cuBLAS's f8 GEMM without fast
// accumulation) are summed by the tensor cores from zero and the sum added
// to the f32 accumulator; the K loop is pipelined (cp.async f8 stages), its
// products waited for chunk by chunk (tirx.gemm, no group in flight). On
// mma.sync (sm_90) the f8 tiles are converted to f16 in registers
// (tirx.cast, exact) and multiplied by the f16 instructions, whose f32
// accumulation is full precision; that K loop is lowered op by op. With
// fast_acc the gemm reads the f8 tiles (wgmma / mma.sync .e4m3 or .e5m2)
// without promote_k and the K loop is pipelined. (f8 into an f16 accumulator, wgmma only, reads the
// f8 tiles: Target/PTX/mma-types.mlir.)

// CHECK-LABEL: gpu.func @mmaf_exact
// CHECK: %[[A8:.*]] = tirx.alloc : !tirx.buffer<64x32xf8E4M3FN, local
// CHECK: %[[B8:.*]] = tirx.alloc : !tirx.buffer<32x64xf8E4M3FN, local
// WG-NOT: tirx.cast
// WG: %[[SA:.*]] = tirx.alloc : !tirx.buffer<64x32xf8E4M3FN, shared
// WG: tirx.copy cta %[[SA]], %[[A8]]
// WG: %[[SB:.*]] = tirx.alloc : !tirx.buffer<32x64xf8E4M3FN, shared
// WG: tirx.copy cta %[[SB]], %[[B8]]
// WG: tirx.gemm warpgroup %{{.*}}, %{{.*}}, %{{.*}}, %{{.*}} {beta = 1.000000e+00 : f64, config = {promote_k = 32 : i64}, dispatch = "wgmma"} {{.*}}xf8E4M3FN, shared{{.*}}xf8E4M3FN, shared
// MS: %[[A16:.*]] = tirx.alloc : !tirx.buffer<64x32xf16, local
// MS: tirx.cast cta %[[A16]], %[[A8]]
// MS: %[[B16:.*]] = tirx.alloc : !tirx.buffer<32x64xf16, local
// MS: tirx.cast cta %[[B16]], %[[B8]]
// MS: %[[SA:.*]] = tirx.alloc : !tirx.buffer<64x32xf16, shared
// MS: tirx.copy cta %[[SA]], %[[A16]]
// MS: %[[SB:.*]] = tirx.alloc : !tirx.buffer<32x64xf16, shared
// MS: tirx.copy cta %[[SB]], %[[B16]]
// MS-NOT: xf8E4M3FN
// MS: tirx.gemm warp %{{.*}}, %{{.*}}, %{{.*}}, %{{.*}} {{.*}}xf16, local{{.*}}xf16, local
// CHECK-LABEL: gpu.func @mmaf_fast
// CHECK-NOT: tirx.cast
// CHECK: tirx.alloc : !tirx.buffer<64x32xf8E4M3FN, shared
// CHECK: tirx.alloc : !tirx.buffer<32x64xf8E4M3FN, shared
// CHECK-NOT: tirx.cast
// CHECK-NOT: promote_k
// WG: tirx.gemm warpgroup %{{.*}}, %{{.*}}, %{{.*}}, %{{.*}} {{.*}}xf8E4M3FN, shared{{.*}}xf8E4M3FN, shared
// MS: tirx.gemm warp %{{.*}}, %{{.*}}, %{{.*}}, %{{.*}} {{.*}}xf8E4M3FN, local{{.*}}xf8E4M3FN, local
// CHECK-LABEL: gpu.func @mmaf_e5m2_exact
// WG: tirx.gemm warpgroup {{.*}}promote_k = 32{{.*}}xf8E5M2, shared{{.*}}xf8E5M2, shared
// MS: tirx.cast cta %{{.*}}, %{{.*}} : !tirx.buffer<64x32xf16, local, {{.*}}>, !tirx.buffer<64x32xf8E5M2, local
// MS: tirx.cast cta %{{.*}}, %{{.*}} : !tirx.buffer<32x64xf16, local, {{.*}}>, !tirx.buffer<32x64xf8E5M2, local
// MS: tirx.alloc : !tirx.buffer<64x32xf16, shared
// MS: tirx.gemm warp {{.*}}xf16, local

// CHECK-LABEL: gpu.func @batch_exact
// WG-COUNT-4: tirx.gemm warpgroup {{.*}}promote_k = 32{{.*}}xf8E4M3FN, shared{{.*}}xf8E4M3FN, shared
// MS: tirx.cast cta %{{.*}}, %{{.*}} : !tirx.buffer<2x64x32xf16, local, {{.*}}>, !tirx.buffer<2x64x32xf8E4M3FN, local
// MS: tirx.cast cta %{{.*}}, %{{.*}} : !tirx.buffer<2x32x64xf16, local, {{.*}}>, !tirx.buffer<2x32x64xf8E4M3FN, local
// MS: tirx.gemm warp {{.*}}xf16, local{{.*}}xf16, local

// CHECK-LABEL: gpu.func @kloop_exact
// MS-NOT: tirx.copy_async
// WG: tirx.alloc : !tirx.buffer<64x64xf8E4M3FN, shared
// WG: tirx.copy_async cta
// CHECK: scf.for
// WG: tirx.async_wait
// WG-NOT: tirx.gemm_async
// WG: tirx.gemm warpgroup {{.*}}promote_k = 64{{.*}}xf8E4M3FN, shared{{.*}}xf8E4M3FN, shared
// WG: tirx.copy_async cta
// MS: tirx.cast cta %{{.*}}, %{{.*}} : !tirx.buffer<64x64xf16, local, {{.*}}>, !tirx.buffer<64x64xf8E4M3FN, local
// MS: tirx.cast cta %{{.*}}, %{{.*}} : !tirx.buffer<64x64xf16, local, {{.*}}>, !tirx.buffer<64x64xf8E4M3FN, local
// MS: tirx.gemm warp {{.*}}xf16, local{{.*}}xf16, local
// MS-NOT: tirx.copy_async
// CHECK-LABEL: gpu.func @kloop_fast
// CHECK-NOT: tirx.cast
// CHECK: tirx.copy_async cta %{{.*}}, %{{.*}} : !tirx.buffer<64x64xf8E4M3FN, shared
// CHECK: scf.for
// WG: tirx.gemm_async warpgroup {{.*}}xf8E4M3FN, shared{{.*}}xf8E4M3FN, shared
// MS: tirx.gemm warp {{.*}}xf8E4M3FN, local{{.*}}xf8E4M3FN, local
// CHECK-NOT: tirx.cast

cuda_tile.module @f8 {
  entry @mmaf_exact(%a: tile<ptr<f8E4M3FN>>, %b: tile<ptr<f8E4M3FN>>, %c: tile<ptr<f32>>) {
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

  entry @mmaf_fast(%a: tile<ptr<f8E4M3FN>>, %b: tile<ptr<f8E4M3FN>>, %c: tile<ptr<f32>>) {
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
    %d = mmaf %va, %vb, %zero fast_acc : tile<64x32xf8E4M3FN>, tile<32x64xf8E4M3FN>, tile<64x64xf32>
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

  entry @batch_exact(%a: tile<ptr<f8E4M3FN>>, %b: tile<ptr<f8E4M3FN>>, %c: tile<ptr<f32>>) {
    %ta = make_tensor_view %a, shape = [2, 64, 32], strides = [2048, 32, 1] : tensor_view<2x64x32xf8E4M3FN, strides=[2048,32,1]>
    %tb = make_tensor_view %b, shape = [2, 32, 64], strides = [2048, 64, 1] : tensor_view<2x32x64xf8E4M3FN, strides=[2048,64,1]>
    %tc = make_tensor_view %c, shape = [2, 64, 64], strides = [4096, 64, 1] : tensor_view<2x64x64xf32, strides=[4096,64,1]>
    %pa = make_partition_view %ta : partition_view<tile=(2x64x32), tensor_view<2x64x32xf8E4M3FN, strides=[2048,32,1]>>
    %pb = make_partition_view %tb : partition_view<tile=(2x32x64), tensor_view<2x32x64xf8E4M3FN, strides=[2048,64,1]>>
    %pc = make_partition_view %tc : partition_view<tile=(2x64x64), tensor_view<2x64x64xf32, strides=[4096,64,1]>>
    %c0 = constant <i32: 0> : tile<i32>
    %va, %t0 = load_view_tko weak %pa[%c0, %c0, %c0] : partition_view<tile=(2x64x32), tensor_view<2x64x32xf8E4M3FN, strides=[2048,32,1]>>, tile<i32> -> tile<2x64x32xf8E4M3FN>, token
    %vb, %t1 = load_view_tko weak %pb[%c0, %c0, %c0] : partition_view<tile=(2x32x64), tensor_view<2x32x64xf8E4M3FN, strides=[2048,64,1]>>, tile<i32> -> tile<2x32x64xf8E4M3FN>, token
    %zero = constant <f32: 0.0> : tile<2x64x64xf32>
    %d = mmaf %va, %vb, %zero : tile<2x64x32xf8E4M3FN>, tile<2x32x64xf8E4M3FN>, tile<2x64x64xf32>
    %t3 = store_view_tko weak %d, %pc[%c0, %c0, %c0] : tile<2x64x64xf32>, partition_view<tile=(2x64x64), tensor_view<2x64x64xf32, strides=[4096,64,1]>>, tile<i32> -> token
    return
  }

  entry @kloop_exact(%a: tile<ptr<f8E4M3FN>>, %b: tile<ptr<f8E4M3FN>>, %c: tile<ptr<f32>>, %kt: tile<i32>) {
    %ta = make_tensor_view %a, shape = [64, 256], strides = [256, 1] : tensor_view<64x256xf8E4M3FN, strides=[256,1]>
    %tb = make_tensor_view %b, shape = [256, 64], strides = [64, 1] : tensor_view<256x64xf8E4M3FN, strides=[64,1]>
    %tc = make_tensor_view %c, shape = [64, 64], strides = [64, 1] : tensor_view<64x64xf32, strides=[64,1]>
    %pa = make_partition_view %ta : partition_view<tile=(64x64), tensor_view<64x256xf8E4M3FN, strides=[256,1]>>
    %pb = make_partition_view %tb : partition_view<tile=(64x64), tensor_view<256x64xf8E4M3FN, strides=[64,1]>>
    %pc = make_partition_view %tc : partition_view<tile=(64x64), tensor_view<64x64xf32, strides=[64,1]>>
    %c0 = constant <i32: 0> : tile<i32>
    %c1 = constant <i32: 1> : tile<i32>
    %zero = constant <f32: 0.0> : tile<64x64xf32>
    %acc = for %kk in (%c0 to %kt, step %c1) : tile<i32> iter_values(%x = %zero) -> (tile<64x64xf32>) {
      %va, %t0 = load_view_tko weak %pa[%c0, %kk] : partition_view<tile=(64x64), tensor_view<64x256xf8E4M3FN, strides=[256,1]>>, tile<i32> -> tile<64x64xf8E4M3FN>, token
      %vb, %t1 = load_view_tko weak %pb[%kk, %c0] : partition_view<tile=(64x64), tensor_view<256x64xf8E4M3FN, strides=[64,1]>>, tile<i32> -> tile<64x64xf8E4M3FN>, token
      %d = mmaf %va, %vb, %x : tile<64x64xf8E4M3FN>, tile<64x64xf8E4M3FN>, tile<64x64xf32>
      continue %d : tile<64x64xf32>
    }
    %t3 = store_view_tko weak %acc, %pc[%c0, %c0] : tile<64x64xf32>, partition_view<tile=(64x64), tensor_view<64x64xf32, strides=[64,1]>>, tile<i32> -> token
    return
  }

  entry @kloop_fast(%a: tile<ptr<f8E4M3FN>>, %b: tile<ptr<f8E4M3FN>>, %c: tile<ptr<f32>>, %kt: tile<i32>) {
    %ta = make_tensor_view %a, shape = [64, 256], strides = [256, 1] : tensor_view<64x256xf8E4M3FN, strides=[256,1]>
    %tb = make_tensor_view %b, shape = [256, 64], strides = [64, 1] : tensor_view<256x64xf8E4M3FN, strides=[64,1]>
    %tc = make_tensor_view %c, shape = [64, 64], strides = [64, 1] : tensor_view<64x64xf32, strides=[64,1]>
    %pa = make_partition_view %ta : partition_view<tile=(64x64), tensor_view<64x256xf8E4M3FN, strides=[256,1]>>
    %pb = make_partition_view %tb : partition_view<tile=(64x64), tensor_view<256x64xf8E4M3FN, strides=[64,1]>>
    %pc = make_partition_view %tc : partition_view<tile=(64x64), tensor_view<64x64xf32, strides=[64,1]>>
    %c0 = constant <i32: 0> : tile<i32>
    %c1 = constant <i32: 1> : tile<i32>
    %zero = constant <f32: 0.0> : tile<64x64xf32>
    %acc = for %kk in (%c0 to %kt, step %c1) : tile<i32> iter_values(%x = %zero) -> (tile<64x64xf32>) {
      %va, %t0 = load_view_tko weak %pa[%c0, %kk] : partition_view<tile=(64x64), tensor_view<64x256xf8E4M3FN, strides=[256,1]>>, tile<i32> -> tile<64x64xf8E4M3FN>, token
      %vb, %t1 = load_view_tko weak %pb[%kk, %c0] : partition_view<tile=(64x64), tensor_view<256x64xf8E4M3FN, strides=[64,1]>>, tile<i32> -> tile<64x64xf8E4M3FN>, token
      %d = mmaf %va, %vb, %x fast_acc : tile<64x64xf8E4M3FN>, tile<64x64xf8E4M3FN>, tile<64x64xf32>
      continue %d : tile<64x64xf32>
    }
    %t3 = store_view_tko weak %acc, %pc[%c0, %c0] : tile<64x64xf32>, partition_view<tile=(64x64), tensor_view<64x64xf32, strides=[64,1]>>, tile<i32> -> token
    return
  }
}
