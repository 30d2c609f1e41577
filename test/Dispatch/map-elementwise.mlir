// RUN: tile-opt %s --tirx-dispatch -split-input-file -verify-diagnostics | FileCheck %s

// tirx.map bodies from convert-cuda-tile-to-tirx: f16/bf16 bodies of ops
// with packed forms compute element pairs (add.f16x2, fma.rn.bf16x2,
// max.NaN.f16x2); a single x2 conversion takes the pair conversion; f8
// conversions anywhere in a body take the hardware cvt forms.

!H = !tirx.buffer<256xf16, local, #tirx.layout<S[(128,2):(1@tx,1)]>>
!F = !tirx.buffer<256xf32, local, #tirx.layout<S[(128,2):(1@tx,1)]>>
!E = !tirx.buffer<256xf8E4M3FN, local, #tirx.layout<S[(128,2):(1@tx,1)]>>
!I = !tirx.buffer<256xi32, local, #tirx.layout<S[(128,2):(1@tx,1)]>>
gpu.module @m [#nvvm.target<chip = "sm_90">] {
  // CHECK-LABEL: gpu.func @packed_half
  // CHECK-SAME: (%{{.*}}: f16)
  // CHECK: %[[X:.*]] = vector.from_elements %{{.*}}, %{{.*}} : vector<2xf16>
  // CHECK: %[[Y:.*]] = vector.from_elements %{{.*}}, %{{.*}} : vector<2xf16>
  // CHECK: %[[S:.*]] = vector.from_elements %[[K:.*]], %[[K]] : vector<2xf16>
  // CHECK: %[[M:.*]] = llvm.intr.fma(%[[X]], %[[Y]], %[[S]]) : (vector<2xf16>, vector<2xf16>, vector<2xf16>) -> vector<2xf16>
  // CHECK: %[[N:.*]] = llvm.intr.maximum(%[[M]], %[[X]]) : (vector<2xf16>, vector<2xf16>) -> vector<2xf16>
  // CHECK: arith.addf %[[N]], %[[Y]] : vector<2xf16>
  // CHECK-NOT: tirx.map
  gpu.func @packed_half(%k: f16) kernel attributes {known_block_size = array<i32: 128, 1, 1>} {
    %a = tirx.alloc : !H
    %b = tirx.alloc : !H
    %d = tirx.alloc : !H
    tirx.map cta %d, %a, %b, %k : !H, !H, !H, f16 {
    ^bb0(%x: f16, %y: f16, %s: f16):
      %m = math.fma %x, %y, %s : f16
      %n = arith.maximumf %m, %x : f16
      %r = arith.addf %n, %y : f16
      tirx.yield %r : f16
    }
    gpu.return
  }

  // A body with an op that has no packed form stays scalar.
  // CHECK-LABEL: gpu.func @scalar_half
  // CHECK-NOT: vector<2xf16>
  // CHECK: arith.divf %{{.*}}, %{{.*}} : f16
  gpu.func @scalar_half() kernel attributes {known_block_size = array<i32: 128, 1, 1>} {
    %a = tirx.alloc : !H
    %d = tirx.alloc : !H
    tirx.map cta %d, %a, %a : !H, !H, !H {
    ^bb0(%x: f16, %y: f16):
      %r = arith.divf %x, %y : f16
      tirx.yield %r : f16
    }
    gpu.return
  }

  // f32 -> f8E4M3FN: the x2 conversion (cvt.rn.satfinite.e4m3x2.f32).
  // CHECK-LABEL: gpu.func @f8_pair
  // CHECK: nvvm.convert.f32x2.to.f8x2 %{{.*}}, %{{.*}} {rnd = #nvvm.fp_rnd_mode<rn>, sat = #nvvm.sat_mode<satfinite>} : vector<2xi8>(f8E4M3FN)
  // CHECK-NOT: arith.truncf
  gpu.func @f8_pair() kernel attributes {known_block_size = array<i32: 128, 1, 1>} {
    %a = tirx.alloc : !F
    %d = tirx.alloc : !E
    tirx.map cta %d, %a : !E, !F {
    ^bb0(%x: f32):
      %r = arith.truncf %x : f32 to f8E4M3FN
      tirx.yield %r : f8E4M3FN
    }
    gpu.return
  }

  // f8 -> f32 -> i32 inside a larger body: the f8 conversion is the
  // hardware one, the rest is cloned.
  // CHECK-LABEL: gpu.func @f8_in_body
  // CHECK: nvvm.convert.f8x2.to.f16x2
  // CHECK: arith.fptosi %{{.*}} : f32 to i32
  // CHECK-NOT: arith.extf %{{.*}} : f8E4M3FN
  gpu.func @f8_in_body() kernel attributes {known_block_size = array<i32: 128, 1, 1>} {
    %a = tirx.alloc : !E
    %d = tirx.alloc : !I
    tirx.map cta %d, %a : !I, !E {
    ^bb0(%x: f8E4M3FN):
      %w = arith.extf %x : f8E4M3FN to f32
      %r = arith.fptosi %w : f32 to i32
      tirx.yield %r : i32
    }
    gpu.return
  }
}

// -----

!F = !tirx.buffer<256xf32, local, #tirx.layout<S[(128,2):(1@tx,1)]>>
!E = !tirx.buffer<256xf8E4M3FN, local, #tirx.layout<S[(128,2):(1@tx,1)]>>
!U = !tirx.buffer<256xf8E8M0FNU, local, #tirx.layout<S[(128,2):(1@tx,1)]>>
gpu.module @m [#nvvm.target<chip = "sm_80">] {
  gpu.func @f8_sm80() kernel attributes {known_block_size = array<i32: 128, 1, 1>} {
    %a = tirx.alloc : !F
    %d = tirx.alloc : !E
    // expected-error@+3 {{'tirx.map' op has no applicable variant on target 'cuda' (sm_80)}}
    // expected-note@+2 {{smem (prio=10): operandsInScope: operand #0 is local, expected shared; fastMathAndChip: f8 conversions need cvt with e4m3x2/e5m2x2 (sm_89 or newer); they are not supported on sm_80}}
    // expected-note@+1 {{reg (prio=10): fastMathAndChip: f8 conversions need cvt with e4m3x2/e5m2x2 (sm_89 or newer); they are not supported on sm_80}}
    tirx.map cta %d, %a : !E, !F {
    // expected-note@-1 {{per_element (prio=-10): fastMathAndChip: f8 conversions need cvt with e4m3x2/e5m2x2 (sm_89 or newer); they are not supported on sm_80}}
    ^bb0(%x: f32):
      %r = arith.truncf %x : f32 to f8E4M3FN
      tirx.yield %r : f8E4M3FN
    }
    %u = tirx.alloc : !U
    // expected-error@+3 {{'tirx.map' op has no applicable variant on target 'cuda' (sm_80)}}
    // expected-note@+2 {{smem (prio=10): operandsInScope: operand #0 is local, expected shared; fastMathAndChip: f8E8M0FNU conversions need cvt with ue8m0x2 (sm_100a); they are not supported on sm_80}}
    // expected-note@+1 {{reg (prio=10): fastMathAndChip: f8E8M0FNU conversions need cvt with ue8m0x2 (sm_100a); they are not supported on sm_80}}
    tirx.map cta %u, %a : !U, !F {
    // expected-note@-1 {{per_element (prio=-10): fastMathAndChip: f8E8M0FNU conversions need cvt with ue8m0x2 (sm_100a); they are not supported on sm_80}}
    ^bb0(%x: f32):
      %r = arith.truncf %x to_nearest_even : f32 to f8E8M0FNU
      tirx.yield %r : f8E8M0FNU
    }
    gpu.return
  }
}
