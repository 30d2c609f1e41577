// RUN: tile-opt %s --tirx-dispatch -split-input-file -verify-diagnostics

// The rejection table of elementwise primitives that no variant takes, the
// fused Trainium forms (no CUDA variant), and compose_op.

// A warp-scope op on a layout over warpid: reg needs the layout inside the
// warp, smem needs shared operands.
!W = !tirx.buffer<4x32xf32, local, #tirx.layout<S[(4,32):(1@warpid,1@laneid)]>>
gpu.module @m [#nvvm.target<chip = "sm_90">] {
  gpu.func @warp_on_warpid(%x: !W) kernel attributes {known_block_size = array<i32: 128, 1, 1>} {
    %d = tirx.alloc : !W
    // expected-error@+1 {{'tirx.sqrt' op expects register operand #0 to spread over the threads of the warp, its layout #tirx.layout<S[(4,32):(1@warpid,1@laneid)]> names the threads of a cta}}
    tirx.sqrt warp %d, %x : !W, !W
    gpu.return
  }
}

// -----

// approx on f16 has no hardware form in either variant.
!H = !tirx.buffer<256xf16, local, #tirx.layout<S[(128,2):(1@tx,1)]>>
!S = !tirx.buffer<256xf16, shared, #tirx.layout<S[256:1]>>
gpu.module @m [#nvvm.target<chip = "sm_90">] {
  gpu.func @approx_f16(%x: !H) kernel attributes {known_block_size = array<i32: 128, 1, 1>} {
    %d = tirx.alloc : !H
    // expected-error@+3 {{'tirx.exp2' op has no applicable variant}}
    // expected-note@+2 {{reg (prio=10): fastMathAndChip: approx and ftz have f32 hardware forms only, got approx on f16}}
    // expected-note@+1 {{smem (prio=10): operandsInScope: operand #0 is local, expected shared; fastMathAndChip: approx and ftz have f32 hardware forms only, got approx on f16}}
    tirx.exp2 cta %d, %x {approx} : !H, !H
    // expected-note@-1 {{per_element (prio=-10): fastMathAndChip: approx and ftz have f32 hardware forms only, got approx on f16}}
    %s = tirx.alloc : !S
    // expected-error@+3 {{'tirx.log2' op has no applicable variant}}
    // expected-note@+2 {{reg (prio=10): operandsInScope: operand #0 is shared, expected local}}
    // expected-note@+1 {{smem (prio=10): fastMathAndChip: approx and ftz have f32 hardware forms only, got ftz on f16}}
    tirx.log2 cta %s, %s {config = {ftz}} : !S, !S
    // expected-note@-1 {{per_element (prio=-10): fastMathAndChip: approx and ftz have f32 hardware forms only, got ftz on f16}}
    gpu.return
  }
}

// -----

// f8 conversions need sm_89.
!L = !tirx.buffer<256xf32, local, #tirx.layout<S[(128,2):(1@tx,1)]>>
!Q = !tirx.buffer<256xf8E4M3FN, local, #tirx.layout<S[(128,2):(1@tx,1)]>>
gpu.module @m [#nvvm.target<chip = "sm_80">] {
  gpu.func @f8_on_sm80(%x: !L) kernel attributes {known_block_size = array<i32: 128, 1, 1>} {
    %q = tirx.alloc : !Q
    // expected-error@+3 {{'tirx.cast' op has no applicable variant on target 'cuda' (sm_80)}}
    // expected-note@+2 {{reg (prio=10): fastMathAndChip: f8 conversions need cvt with e4m3x2/e5m2x2 (sm_89 or newer), target is sm_80}}
    // expected-note@+1 {{smem (prio=10): operandsInScope: operand #0 is local, expected shared; fastMathAndChip: f8 conversions need cvt with e4m3x2/e5m2x2 (sm_89 or newer), target is sm_80}}
    tirx.cast cta %q, %x : !Q, !L
    // expected-note@-1 {{per_element (prio=-10): fastMathAndChip: f8 conversions need cvt with e4m3x2/e5m2x2 (sm_89 or newer), target is sm_80}}
    gpu.return
  }
}

// -----

// Fast math on a primitive without such forms.
!L = !tirx.buffer<256xf32, local, #tirx.layout<S[(128,2):(1@tx,1)]>>
gpu.module @m [#nvvm.target<chip = "sm_90">] {
  gpu.func @ftz_exp(%x: !L) kernel attributes {known_block_size = array<i32: 128, 1, 1>} {
    %d = tirx.alloc : !L
    // expected-error@+2 {{'tirx.exp' op has no applicable variant}}
    // expected-note@+1 {{reg (prio=10): fastMathAndChip: ftz without approx has no hardware form here (the precise function is a libdevice call)}}
    tirx.exp cta %d, %x {ftz, dispatch = "reg"} : !L, !L
    // expected-error@+2 {{'tirx.maximum' op has no applicable variant}}
    // expected-note@+1 {{reg (prio=10): fastMathAndChip: approx has no form for tirx.maximum}}
    tirx.maximum cta %d, %x, %x {config = {approx}, dispatch = "reg"} : !L, !L, !L
    gpu.return
  }
}
