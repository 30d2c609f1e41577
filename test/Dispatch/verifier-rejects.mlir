// RUN: tile-opt %s -split-input-file -verify-diagnostics

// Programs no dispatch variant could execute are rejected by the op
// verifiers, with a located message, instead of failing dispatch.

// A register layout over the whole CTA in a warp-scope call.
!L = !tirx.buffer<256xf32, local, #tirx.layout<S[(128,2):(1@tx,1)]>>
gpu.module @m [#nvvm.target<chip = "sm_90">] {
  gpu.func @scope(%x: !L) kernel attributes {known_block_size = array<i32: 128, 1, 1>} {
    // expected-error@+1 {{'tirx.exp' op expects register operand #0 to spread over the threads of the warp, its layout #tirx.layout<S[(128,2):(1@tx,1)]> names the threads of a cta}}
    tirx.exp warp %x, %x : !L, !L
    gpu.return
  }
}

// -----

// A per-thread layout (no thread axes) in a warp-scope call.
!T = !tirx.buffer<4xf32, local, #tirx.layout<S[4:1]>>
gpu.module @m [#nvvm.target<chip = "sm_90">] {
  gpu.func @no_threads(%x: !T) kernel attributes {known_block_size = array<i32: 128, 1, 1>} {
    // expected-error@+1 {{'tirx.exp' op expects register operand #0 to spread over the threads of the warp (a layout with thread axes); its layout #tirx.layout<S[4:1]> has none}}
    tirx.exp warp %x, %x : !T, !T
    gpu.return
  }
}

// -----

// More threads than the CTA has.
!L = !tirx.buffer<256xf32, local, #tirx.layout<S[256:1@tx]>>
gpu.module @m [#nvvm.target<chip = "sm_90">] {
  gpu.func @too_many(%x: !L) kernel attributes {known_block_size = array<i32: 128, 1, 1>} {
    // expected-error@+1 {{'tirx.exp' op expects register operand #0 to name at most the 128 threads of the cta, its layout #tirx.layout<S[256:1@tx]> names 256}}
    tirx.exp cta %x, %x : !L, !L
    gpu.return
  }
}

// -----

// TMA writes the box densely: a column-major shared tile cannot be its
// destination.
!S = !tirx.buffer<8x16xf16, shared, #tirx.layout<S[(8,16):(1,8)]>>
!G = !tirx.buffer<8x16xf16, global>
!B = !tirx.buffer<1xi64, shared, #tirx.layout<S[1:1]>>
gpu.module @m [#nvvm.target<chip = "sm_90">] {
  gpu.func @tma_box(%p: !llvm.ptr<1>, %d: !llvm.ptr<1>) kernel attributes {known_block_size = array<i32: 128, 1, 1>} {
    %g = tirx.global_view %p sizes [8, 16] strides [16, 1] : !llvm.ptr<1> -> !G
    %r = tirx.region %g [0, 0] : !G -> !G
    %s = tirx.alloc : !S
    %b = tirx.alloc : !B
    // expected-error@+1 {{'tirx.copy_async' op expects the shared side of a TMA copy to be the dense row-major box (the descriptor swizzles it), got #tirx.layout<S[(8,16):(1,8)]>}}
    tirx.copy_async cta %s, %r barrier(%b[0] : !B) tensor_map(%d : !llvm.ptr<1>) : !S, !G
    gpu.return
  }
}

// -----

// ... at a 128-byte aligned offset.
!S = !tirx.buffer<8x16xf16, shared, #tirx.layout<S[(8,16):(16,1)] + 8>>
!G = !tirx.buffer<8x16xf16, global>
!B = !tirx.buffer<1xi64, shared, #tirx.layout<S[1:1]>>
gpu.module @m [#nvvm.target<chip = "sm_90">] {
  gpu.func @tma_offset(%p: !llvm.ptr<1>, %d: !llvm.ptr<1>) kernel attributes {known_block_size = array<i32: 128, 1, 1>} {
    %g = tirx.global_view %p sizes [8, 16] strides [16, 1] : !llvm.ptr<1> -> !G
    %r = tirx.region %g [0, 0] : !G -> !G
    %s = tirx.alloc : !S
    %b = tirx.alloc : !B
    // expected-error@+1 {{'tirx.copy_async' op expects the shared side of a TMA copy at a 128-byte aligned offset, got element 8}}
    tirx.copy_async cta %s, %r barrier(%b[0] : !B) tensor_map(%d : !llvm.ptr<1>) : !S, !G
    gpu.return
  }
}

// -----

// ... with a swizzle the descriptor applies: a staging swizzle (source bits
// 6 chunks up) is not one of TMA's.
!S = !tirx.buffer<64x64xf16, shared, #tirx.layout<S[64,64], swizzle = 128, swizzle_shift = 6>>
!G = !tirx.buffer<64x64xf16, global>
!B = !tirx.buffer<1xi64, shared, #tirx.layout<S[1:1]>>
gpu.module @m [#nvvm.target<chip = "sm_90">] {
  gpu.func @tma_swizzle(%p: !llvm.ptr<1>, %d: !llvm.ptr<1>) kernel attributes {known_block_size = array<i32: 128, 1, 1>} {
    %g = tirx.global_view %p sizes [64, 64] strides [64, 1] : !llvm.ptr<1> -> !G
    %r = tirx.region %g [0, 0] : !G -> !G
    %s = tirx.alloc : !S
    %b = tirx.alloc : !B
    // expected-error@+1 {{'tirx.copy_async' op expects the shared side of a TMA copy to have a swizzle TMA applies (swizzle_shift 3), got #tirx.layout<S[(64,64):(64,1)], swizzle = 128, swizzle_shift = 6>}}
    tirx.copy_async cta %s, %r barrier(%b[0] : !B) tensor_map(%d : !llvm.ptr<1>) : !S, !G
    gpu.return
  }
}

// -----

// f64 <-> f8 would round twice.
!F = !tirx.buffer<128xf64, local, #tirx.layout<S[128:1@tx]>>
!Q = !tirx.buffer<128xf8E4M3FN, local, #tirx.layout<S[128:1@tx]>>
gpu.module @m [#nvvm.target<chip = "sm_90">] {
  gpu.func @cast_f64_f8(%x: !F) kernel attributes {known_block_size = array<i32: 128, 1, 1>} {
    %q = tirx.alloc : !Q
    // expected-error@+1 {{'tirx.cast' op expects no f64 <-> f8 cast (it would round twice through f32; cast through f32 explicitly), got 'f64' to 'f8E4M3FN'}}
    tirx.cast cta %q, %x : !Q, !F
    gpu.return
  }
}
