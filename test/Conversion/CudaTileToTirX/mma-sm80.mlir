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
