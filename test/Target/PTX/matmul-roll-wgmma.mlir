// RUN: tile-translate --cuda-tile-to-ptx --chip=sm_90a --roll-wgmma %examples/matmul.mlir | FileCheck %s
// RUN: tile-translate --cuda-tile-to-ptx --chip=sm_90a %examples/matmul.mlir | FileCheck %s --check-prefix=UNROLLED
// RUN: tile-opt --convert-cuda-tile-to-tirx="chip=sm_90a roll-wgmma" %examples/matmul.mlir | FileCheck %s --check-prefix=TIRX

// --roll-wgmma (off by default; H100 speed to be measured, docs/Matmul.md):
// the wgmma K loop of the matmul example takes one iteration per K step like
// the mma.sync loop, on stage buffers selected at run time, so each kernel
// holds one stage body: 2 warpgroups x 4 K steps of m64n256k16 instead of 3
// stages of them. The descriptors' start-address fields come from the
// selected stage address (one bfe per operand and iteration, then one add
// per K step).

// TIRX: scf.for {{.*}} iter_args
// TIRX-NOT: arith.remui
// TIRX: arith.select {{.*}} : !tirx.buffer<128x64xbf16, shared
// TIRX: tirx.gemm_async

// CHECK-LABEL: .entry matmul_bf16(
// CHECK: bfe.u64
// CHECK-COUNT-8: wgmma.mma_async.sync.aligned.m64n256k16.f32.bf16.bf16
// CHECK-NOT: wgmma.mma_async
// CHECK-LABEL: .entry matmul_f16_f32out(
// CHECK-COUNT-8: wgmma.mma_async.sync.aligned.m64n256k16.f32.f16.f16
// CHECK-NOT: wgmma.mma_async

// UNROLLED-LABEL: .entry matmul_bf16(
// UNROLLED-COUNT-24: wgmma.mma_async.sync.aligned.m64n256k16.f32.bf16.bf16
// UNROLLED-NOT: wgmma.mma_async
// UNROLLED-LABEL: .entry matmul_f16_f32out(
