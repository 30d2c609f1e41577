// RUN: tile-opt %s --split-input-file --tirx-dispatch --verify-diagnostics | FileCheck %s

// tirx.fma on f8: no f8 arithmetic exists, so each element converts to f32
// (cvt e4m3x2 -> f16x2, then f32), one f32 fma, and the result converts
// back (cvt f32x2 -> e4m3x2, satfinite): sm_89 or newer; before, every
// variant declines with that reason.

!F8 = !tirx.buffer<256xf8E4M3FN, local, #tirx.layout<S[(128,2):(1@tx,1)]>>
gpu.module @m [#nvvm.target<chip = "sm_90">] {
// CHECK-LABEL: gpu.func @fma_f8
// CHECK: nvvm.convert.f8x2.to.f16x2
// CHECK: %[[R:.*]] = llvm.intr.fma(%{{.*}}, %{{.*}}, %{{.*}}) : (f32, f32, f32) -> f32
// CHECK: nvvm.convert.f32x2.to.f8x2
// CHECK-NOT: llvm.intr.fma{{.*}}f8E4M3FN
gpu.func @fma_f8() kernel attributes {known_block_size = array<i32: 128, 1, 1>} {
  %a = tirx.alloc : !F8
  tirx.fma cta %a, %a, %a, %a : !F8, !F8, !F8, !F8
  gpu.return
}
}

// -----

!F8 = !tirx.buffer<256xf8E4M3FN, local, #tirx.layout<S[(128,2):(1@tx,1)]>>
gpu.module @m [#nvvm.target<chip = "sm_80">] {
gpu.func @fma_f8_sm80() kernel attributes {known_block_size = array<i32: 128, 1, 1>} {
  %a = tirx.alloc : !F8
  // expected-error@+4 {{has no applicable variant on target 'cuda' (sm_80)}}
  // expected-note@+3 {{reg (prio=10): fastMathAndChip: f8 fma converts through f32 with cvt e4m3x2/e5m2x2 (sm_89 or newer), target is sm_80}}
  // expected-note@+2 {{smem (prio=10)}}
  // expected-note@+1 {{per_element (prio=-10): fastMathAndChip: f8 fma converts through f32}}
  tirx.fma cta %a, %a, %a, %a : !F8, !F8, !F8, !F8
  gpu.return
}
}
