// RUN: tile-opt %s --convert-cuda-tile-to-tirx=chip=sm_80 -split-input-file -verify-diagnostics

// f8 products need mma.sync m16n8k32 with .e4m3/.e5m2 (sm_89+, PTX 8.4+).

cuda_tile.module @k {
  entry @f8() {
    %a = constant <f8E4M3FN: 1.0> : tile<64x32xf8E4M3FN>
    %b = constant <f8E4M3FN: 1.0> : tile<32x64xf8E4M3FN>
    %c = constant <f32: 0.0> : tile<64x64xf32>
    // expected-error@+1 {{'cuda_tile.mmaf' op with f8 inputs needs mma.sync m16n8k32 (sm_89 or newer, PTX ISA 8.4 or newer), target is sm_80 with PTX}}
    %0 = mmaf %a, %b, %c : tile<64x32xf8E4M3FN>, tile<32x64xf8E4M3FN>, tile<64x64xf32>
    return
  }
}

// -----

// f32 -> tf32 with nearest-even needs cvt.rn.tf32.f32 (sm_90+).
cuda_tile.module @k {
  entry @to_tf32() {
    %a = constant <f32: 1.5> : tile<64x32xf32>
    // expected-error@+1 {{'cuda_tile.ftof' op from f32 to tf32 with nearest_even rounding is not supported on sm_80: it needs cvt.rn.tf32.f32 (sm_90 or newer; cvt.rna rounds ties away from zero)}}
    %0 = ftof %a : tile<64x32xf32> -> tile<64x32xtf32>
    return
  }
}
