// REQUIRES: ptxas
// RUN: tile-translate --cuda-tile-to-ptx --chip=sm_90a %s -o %t.ptx
// RUN: FileCheck %s < %t.ptx
// RUN: %ptxas -arch=sm_90a %t.ptx -o /dev/null
// RUN: tile-opt %s --convert-cuda-tile-to-tirx=chip=sm_90a | FileCheck %s --check-prefix=TIRX

// Products too small for the tensor cores of the CTA (M = 8 over 2 warps,
// K = 8 for f8) or whose K is not whole mma.sync atoms (f16 K = 8, f64
// K = 2, mmai K = 16 or 1), or f8 into an f16 accumulator where wgmma does
// not apply (no mma.sync form in the PTX ISA emitted), take the general
// path: the `fma` gemm variant on the CUDA cores, f8 inputs widened to f16
// first (exact), f32 accumulation (an f16 accumulator too, rounded once); i8 inputs (mmai) extended to i32 by
// their signedness, a wrapping multiply-add (mad.lo.s32; u8 x u8 as
// mul.wide.u16).

// TIRX-LABEL: gpu.func @small_f16
// TIRX: tirx.gemm cta {{.*}}xf16, shared{{.*}}xf16, shared
// TIRX-LABEL: gpu.func @small_f8
// TIRX: tirx.cast
// TIRX: tirx.gemm cta {{.*}}xf16, shared{{.*}}xf16, shared
// CHECK-LABEL: .entry small_f16(
// CHECK-NOT: mma.sync
// CHECK-NOT: wgmma
// CHECK: fma.rn.f32
// CHECK-LABEL: .entry small_f8(
// CHECK-NOT: mma.sync
// CHECK: fma.rn.f32
// CHECK-LABEL: .entry odd_k_f16(
// CHECK-NOT: mma.sync
// CHECK: fma.rn.f32
// CHECK-LABEL: .entry f8_f16_acc(
// CHECK-NOT: mma.sync
// CHECK-NOT: wgmma
// CHECK: fma.rn.f32
// CHECK: cvt.rn.f16x2.f32
// CHECK-LABEL: .entry odd_k_f64(
// CHECK-NOT: mma.sync
// CHECK: fma.rn.f64

// TIRX-LABEL: gpu.func @odd_k_i8
// TIRX: tirx.gemm cta {{.*}}config = {signed_a = true, signed_b = false}{{.*}}xi8, shared{{.*}}xi8, shared
// CHECK-LABEL: .entry odd_k_i8(
// CHECK-NOT: mma.sync
// CHECK: ld.shared.s8
// CHECK: mad.lo.s32
// CHECK-LABEL: .entry tiny_u8(
// CHECK-NOT: mma.sync
// CHECK: ld.shared.b8
// CHECK: mul.wide.u16
// CHECK: add.s32

// A K loop of such products (loads and mmaf, the shape the tensor-core
// pipeline takes) is lowered op by op on the general path.
// TIRX-LABEL: gpu.func @kloop_small_f16
// TIRX-NOT: tirx.copy_async
// TIRX: scf.for
// TIRX: tirx.gemm cta {{.*}}xf16, shared{{.*}}xf16, shared
// CHECK-LABEL: .entry kloop_small_f16(
// CHECK-NOT: mma.sync
// CHECK: fma.rn.f32
cuda_tile.module @m {
  entry @small_f16(%a: tile<ptr<f16>>, %b: tile<ptr<f16>>, %c: tile<ptr<f32>>) {
    %ta = make_tensor_view %a, shape = [8, 16], strides = [16, 1] : tensor_view<8x16xf16, strides=[16,1]>
    %tb = make_tensor_view %b, shape = [16, 16], strides = [16, 1] : tensor_view<16x16xf16, strides=[16,1]>
    %tc = make_tensor_view %c, shape = [8, 16], strides = [16, 1] : tensor_view<8x16xf32, strides=[16,1]>
    %pa = make_partition_view %ta : partition_view<tile=(8x16), tensor_view<8x16xf16, strides=[16,1]>>
    %pb = make_partition_view %tb : partition_view<tile=(16x16), tensor_view<16x16xf16, strides=[16,1]>>
    %pc = make_partition_view %tc : partition_view<tile=(8x16), tensor_view<8x16xf32, strides=[16,1]>>
    %c0 = constant <i32: 0> : tile<i32>
    %va, %t0 = load_view_tko weak %pa[%c0, %c0] : partition_view<tile=(8x16), tensor_view<8x16xf16, strides=[16,1]>>, tile<i32> -> tile<8x16xf16>, token
    %vb, %t1 = load_view_tko weak %pb[%c0, %c0] : partition_view<tile=(16x16), tensor_view<16x16xf16, strides=[16,1]>>, tile<i32> -> tile<16x16xf16>, token
    %zero = constant <f32: 0.0> : tile<8x16xf32>
    %d = mmaf %va, %vb, %zero : tile<8x16xf16>, tile<16x16xf16>, tile<8x16xf32>
    %t3 = store_view_tko weak %d, %pc[%c0, %c0] : tile<8x16xf32>, partition_view<tile=(8x16), tensor_view<8x16xf32, strides=[16,1]>>, tile<i32> -> token
    return
  }

  entry @small_f8(%a: tile<ptr<f8E4M3FN>>, %b: tile<ptr<f8E4M3FN>>, %c: tile<ptr<f32>>) {
    %ta = make_tensor_view %a, shape = [16, 8], strides = [8, 1] : tensor_view<16x8xf8E4M3FN, strides=[8,1]>
    %tb = make_tensor_view %b, shape = [8, 16], strides = [16, 1] : tensor_view<8x16xf8E4M3FN, strides=[16,1]>
    %tc = make_tensor_view %c, shape = [16, 16], strides = [16, 1] : tensor_view<16x16xf32, strides=[16,1]>
    %pa = make_partition_view %ta : partition_view<tile=(16x8), tensor_view<16x8xf8E4M3FN, strides=[8,1]>>
    %pb = make_partition_view %tb : partition_view<tile=(8x16), tensor_view<8x16xf8E4M3FN, strides=[16,1]>>
    %pc = make_partition_view %tc : partition_view<tile=(16x16), tensor_view<16x16xf32, strides=[16,1]>>
    %c0 = constant <i32: 0> : tile<i32>
    %va, %t0 = load_view_tko weak %pa[%c0, %c0] : partition_view<tile=(16x8), tensor_view<16x8xf8E4M3FN, strides=[8,1]>>, tile<i32> -> tile<16x8xf8E4M3FN>, token
    %vb, %t1 = load_view_tko weak %pb[%c0, %c0] : partition_view<tile=(8x16), tensor_view<8x16xf8E4M3FN, strides=[16,1]>>, tile<i32> -> tile<8x16xf8E4M3FN>, token
    %zero = constant <f32: 0.0> : tile<16x16xf32>
    %d = mmaf %va, %vb, %zero fast_acc : tile<16x8xf8E4M3FN>, tile<8x16xf8E4M3FN>, tile<16x16xf32>
    %t3 = store_view_tko weak %d, %pc[%c0, %c0] : tile<16x16xf32>, partition_view<tile=(16x16), tensor_view<16x16xf32, strides=[16,1]>>, tile<i32> -> token
    return
  }

  entry @odd_k_f16(%c: tile<ptr<f32>>) {
    %a = constant <f16: 1.0> : tile<64x8xf16>
    %b = constant <f16: 1.0> : tile<8x64xf16>
    %z = constant <f32: 0.0> : tile<64x64xf32>
    %d = mmaf %a, %b, %z : tile<64x8xf16>, tile<8x64xf16>, tile<64x64xf32>
    %tc = make_tensor_view %c, shape = [64, 64], strides = [64, 1] : tensor_view<64x64xf32, strides=[64,1]>
    %pc = make_partition_view %tc : partition_view<tile=(64x64), tensor_view<64x64xf32, strides=[64,1]>>
    %c0 = constant <i32: 0> : tile<i32>
    %t = store_view_tko weak %d, %pc[%c0, %c0] : tile<64x64xf32>, partition_view<tile=(64x64), tensor_view<64x64xf32, strides=[64,1]>>, tile<i32> -> token
    return
  }

  entry @f8_f16_acc(%c: tile<ptr<f16>>) {
    %a = constant <f8E4M3FN: 1.0> : tile<32x32xf8E4M3FN>
    %b = constant <f8E4M3FN: 1.0> : tile<32x32xf8E4M3FN>
    %z = constant <f16: 0.0> : tile<32x32xf16>
    %d = mmaf %a, %b, %z : tile<32x32xf8E4M3FN>, tile<32x32xf8E4M3FN>, tile<32x32xf16>
    %tc = make_tensor_view %c, shape = [32, 32], strides = [32, 1] : tensor_view<32x32xf16, strides=[32,1]>
    %pc = make_partition_view %tc : partition_view<tile=(32x32), tensor_view<32x32xf16, strides=[32,1]>>
    %c0 = constant <i32: 0> : tile<i32>
    %t = store_view_tko weak %d, %pc[%c0, %c0] : tile<32x32xf16>, partition_view<tile=(32x32), tensor_view<32x32xf16, strides=[32,1]>>, tile<i32> -> token
    return
  }

  entry @odd_k_f64(%c: tile<ptr<f64>>, %x: tile<f64>) {
    %x2 = reshape %x : tile<f64> -> tile<1x1xf64>
    %a = broadcast %x2 : tile<1x1xf64> -> tile<16x2xf64>
    %b = constant <f64: 1.0> : tile<2x16xf64>
    %z = constant <f64: 0.0> : tile<16x16xf64>
    %d = mmaf %a, %b, %z : tile<16x2xf64>, tile<2x16xf64>, tile<16x16xf64>
    %tc = make_tensor_view %c, shape = [16, 16], strides = [16, 1] : tensor_view<16x16xf64, strides=[16,1]>
    %pc = make_partition_view %tc : partition_view<tile=(16x16), tensor_view<16x16xf64, strides=[16,1]>>
    %c0 = constant <i32: 0> : tile<i32>
    %t = store_view_tko weak %d, %pc[%c0, %c0] : tile<16x16xf64>, partition_view<tile=(16x16), tensor_view<16x16xf64, strides=[16,1]>>, tile<i32> -> token
    return
  }

  entry @odd_k_i8(%a: tile<ptr<i8>>, %b: tile<ptr<i8>>, %c: tile<ptr<i32>>) {
    %ta = make_tensor_view %a, shape = [32, 16], strides = [16, 1] : tensor_view<32x16xi8, strides=[16,1]>
    %tb = make_tensor_view %b, shape = [16, 32], strides = [32, 1] : tensor_view<16x32xi8, strides=[32,1]>
    %tc = make_tensor_view %c, shape = [32, 32], strides = [32, 1] : tensor_view<32x32xi32, strides=[32,1]>
    %pa = make_partition_view %ta : partition_view<tile=(32x16), tensor_view<32x16xi8, strides=[16,1]>>
    %pb = make_partition_view %tb : partition_view<tile=(16x32), tensor_view<16x32xi8, strides=[32,1]>>
    %pc = make_partition_view %tc : partition_view<tile=(32x32), tensor_view<32x32xi32, strides=[32,1]>>
    %c0 = constant <i32: 0> : tile<i32>
    %va, %t0 = load_view_tko weak %pa[%c0, %c0] : partition_view<tile=(32x16), tensor_view<32x16xi8, strides=[16,1]>>, tile<i32> -> tile<32x16xi8>, token
    %vb, %t1 = load_view_tko weak %pb[%c0, %c0] : partition_view<tile=(16x32), tensor_view<16x32xi8, strides=[32,1]>>, tile<i32> -> tile<16x32xi8>, token
    %vc, %t2 = load_view_tko weak %pc[%c0, %c0] : partition_view<tile=(32x32), tensor_view<32x32xi32, strides=[32,1]>>, tile<i32> -> tile<32x32xi32>, token
    %d = mmai %va, %vb, %vc signed unsigned : tile<32x16xi8>, tile<16x32xi8>, tile<32x32xi32>
    %t3 = store_view_tko weak %d, %pc[%c0, %c0] : tile<32x32xi32>, partition_view<tile=(32x32), tensor_view<32x32xi32, strides=[32,1]>>, tile<i32> -> token
    return
  }

  entry @tiny_u8(%a: tile<ptr<i8>>, %b: tile<ptr<i8>>, %c: tile<ptr<i32>>) {
    %ta = make_tensor_view %a, shape = [2, 1], strides = [1, 1] : tensor_view<2x1xi8, strides=[1,1]>
    %tb = make_tensor_view %b, shape = [1, 2], strides = [2, 1] : tensor_view<1x2xi8, strides=[2,1]>
    %tc = make_tensor_view %c, shape = [2, 2], strides = [2, 1] : tensor_view<2x2xi32, strides=[2,1]>
    %pa = make_partition_view %ta : partition_view<tile=(2x1), tensor_view<2x1xi8, strides=[1,1]>>
    %pb = make_partition_view %tb : partition_view<tile=(1x2), tensor_view<1x2xi8, strides=[2,1]>>
    %pc = make_partition_view %tc : partition_view<tile=(2x2), tensor_view<2x2xi32, strides=[2,1]>>
    %c0 = constant <i32: 0> : tile<i32>
    %va, %t0 = load_view_tko weak %pa[%c0, %c0] : partition_view<tile=(2x1), tensor_view<2x1xi8, strides=[1,1]>>, tile<i32> -> tile<2x1xi8>, token
    %vb, %t1 = load_view_tko weak %pb[%c0, %c0] : partition_view<tile=(1x2), tensor_view<1x2xi8, strides=[2,1]>>, tile<i32> -> tile<1x2xi8>, token
    %vc, %t2 = load_view_tko weak %pc[%c0, %c0] : partition_view<tile=(2x2), tensor_view<2x2xi32, strides=[2,1]>>, tile<i32> -> tile<2x2xi32>, token
    %d = mmai %va, %vb, %vc unsigned unsigned : tile<2x1xi8>, tile<1x2xi8>, tile<2x2xi32>
    %t3 = store_view_tko weak %d, %pc[%c0, %c0] : tile<2x2xi32>, partition_view<tile=(2x2), tensor_view<2x2xi32, strides=[2,1]>>, tile<i32> -> token
    return
  }

  entry @kloop_small_f16(%a: tile<ptr<f16>>, %b: tile<ptr<f16>>, %c: tile<ptr<f32>>, %kt: tile<i32>) {
    %ta = make_tensor_view %a, shape = [16, 64], strides = [64, 1] : tensor_view<16x64xf16, strides=[64,1]>
    %tb = make_tensor_view %b, shape = [64, 8], strides = [8, 1] : tensor_view<64x8xf16, strides=[8,1]>
    %tc = make_tensor_view %c, shape = [16, 8], strides = [8, 1] : tensor_view<16x8xf32, strides=[8,1]>
    %pa = make_partition_view %ta : partition_view<tile=(16x8), tensor_view<16x64xf16, strides=[64,1]>>
    %pb = make_partition_view %tb : partition_view<tile=(8x8), tensor_view<64x8xf16, strides=[8,1]>>
    %pc = make_partition_view %tc : partition_view<tile=(16x8), tensor_view<16x8xf32, strides=[8,1]>>
    %c0 = constant <i32: 0> : tile<i32>
    %c1 = constant <i32: 1> : tile<i32>
    %zero = constant <f32: 0.0> : tile<16x8xf32>
    %acc = for %kk in (%c0 to %kt, step %c1) : tile<i32> iter_values(%x = %zero) -> (tile<16x8xf32>) {
      %va, %t0 = load_view_tko weak %pa[%c0, %kk] : partition_view<tile=(16x8), tensor_view<16x64xf16, strides=[64,1]>>, tile<i32> -> tile<16x8xf16>, token
      %vb, %t1 = load_view_tko weak %pb[%kk, %c0] : partition_view<tile=(8x8), tensor_view<64x8xf16, strides=[8,1]>>, tile<i32> -> tile<8x8xf16>, token
      %y = mmaf %va, %vb, %x : tile<16x8xf16>, tile<8x8xf16>, tile<16x8xf32>
      continue %y : tile<16x8xf32>
    }
    %t2 = store_view_tko weak %acc, %pc[%c0, %c0] : tile<16x8xf32>, partition_view<tile=(16x8), tensor_view<16x8xf32, strides=[8,1]>>, tile<i32> -> token
    return
  }
}
