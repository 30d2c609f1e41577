// RUN: tile-opt %s --tirx-dispatch -split-input-file -verify-diagnostics

// tirx.gemm / gemm_async / gemm_wait: where no variant fits (f8 products
// outside the tensor cores), one error and one note per variant (wgmma,
// priority 20, first), with every failed predicate; the cases without
// diagnostics are lowered by the general per_element variants
// (test/Dispatch/gemm-per-element.mlir).

// f8 on sm_80 at warp scope, in registers with the m16n8k32 fragments:
// f8 mma.sync needs sm_89; wgmma needs sm_90a, a warpgroup and shared A/B.
!A = !tirx.buffer<16x32xf8E4M3FN, local, #tirx.layout<S[(2,8,2,4,4):(4,4@laneid,8,1@laneid,1)]>>
!B = !tirx.buffer<32x8xf8E4M3FN, local, #tirx.layout<S[(2,4,4,8):(4,1@laneid,1,4@laneid)]>>
!C = !tirx.buffer<16x8xf32, local, #tirx.layout<S[(2,8,4,2):(2,4@laneid,1@laneid,1)]>>
gpu.module @m [#nvvm.target<chip = "sm_80">] {
  gpu.func @f8_sm80(%a: !A, %b: !B) kernel attributes {known_block_size = array<i32: 32, 1, 1>} {
    %d = tirx.alloc : !C
    // expected-error@+5 {{'tirx.gemm' op has no applicable variant on target 'cuda' (sm_80)}}
    // expected-note@+4 {{wgmma (prio=20): hasWgmma: needs wgmma (sm_90a), target is sm_80; execScopeIn: scope warp is not supported; wgmmaShape: expects M = 64, N in [8, 256] step 8 and K % 32 = 0, got MxNxK = 16x8x32; wgmmaMemory: takes A in registers only for 16-bit inputs, not transposed, with an f32 accumulator and no promote_k}}
    // expected-note@+3 {{mma_sync (prio=10): mmaSyncF8Chip: f8 inputs need mma.sync m16n8k32 .e4m3/.e5m2 (sm_89 or newer, PTX ISA 8.4 or newer), target is sm_80 with PTX 7.0}}
    // expected-note@+2 {{mma_sync_int (prio=10)}}
    // expected-note@+1 {{fma (prio=0): execScopeIn: scope warp is not supported; fmaTypes: takes f16, bf16, f32 or f64 inputs no wider than a float accumulator, or integer inputs no wider than an integer accumulator, got f8E4M3FN x f8E4M3FN inputs with a f32 accumulator; fmaOperands: A is not a shared buffer with a power-of-two layout without swizzle or replicas}}
    tirx.gemm warp %d, %a, %b, %d : !C, !A, !B, !C
    // expected-note@-1 {{per_element (prio=-10): perElementPlan: f8 inputs convert to f32 with cvt e4m3x2/e5m2x2 (sm_89 or newer), target is sm_80}}
    gpu.return
  }
}

// -----

// f8 on sm_90 (default PTX 8.0: no f8 mma.sync) with K = 16 (an m16n8k16
// bf16-style A fragment), forced onto mma_sync: f8 mma.sync atoms are
// m16n8k32 (per_element would take it, through f32).
!A = !tirx.buffer<16x16xf8E4M3FN, local, #tirx.layout<S[(2,8,2,4,2):(2,4@laneid,4,1@laneid,1)]>>
!B = !tirx.buffer<16x8xf8E4M3FN, local, #tirx.layout<S[(2,4,2,8):(2,1@laneid,1,4@laneid)]>>
!C = !tirx.buffer<16x8xf32, local, #tirx.layout<S[(2,8,4,2):(2,4@laneid,1@laneid,1)]>>
gpu.module @m [#nvvm.target<chip = "sm_90">] {
  gpu.func @f8_k16(%a: !A, %b: !B) kernel attributes {known_block_size = array<i32: 32, 1, 1>} {
    %d = tirx.alloc : !C
    // expected-error@+2 {{'tirx.gemm' op has no applicable variant on target 'cuda' (sm_90)}}
    // expected-note@+1 {{mma_sync (prio=10): mmaSyncF8Chip: f8 inputs need mma.sync m16n8k32 .e4m3/.e5m2 (sm_89 or newer, PTX ISA 8.4 or newer), target is sm_90 with PTX 8.0; mmaSyncShape: expects M % 16, N % 8 and K % 32 to be 0 (m16n8k32 atoms), got MxNxK = 16x8x16}}
    tirx.gemm warp %d, %a, %b, %d {dispatch = "mma_sync"} : !C, !A, !B, !C
    gpu.return
  }
}

// -----

// wgmma operands on sm_90 (no `a`): wgmma needs the arch-specific target,
// mma_sync a warp and registers; per_element takes it.
!D = !tirx.buffer<64x16xf32, local, #tirx.layout<S[(4,2,8,2,4,2):(1@wid_in_wg,2,4@laneid,4,1@laneid,1)]>>
!A = !tirx.buffer<64x16xbf16, shared, #tirx.layout<S[(8,8,2,8):(128,8,64,1)]>>
!B = !tirx.buffer<16x16xbf16, shared, #tirx.layout<S[(2,8,2,8):(64,1,128,8)]>>
gpu.module @m [#nvvm.target<chip = "sm_90">] {
  gpu.func @wgmma_sm90(%a: !A, %b: !B) kernel attributes {known_block_size = array<i32: 128, 1, 1>} {
    %d = tirx.alloc : !D
    // No tensor-core variant applies: the general per_element variant
    // lowers it (test/Dispatch/gemm-per-element.mlir).
    tirx.gemm warpgroup %d, %a, %b, %d : !D, !A, !B, !D
    gpu.return
  }
}

// -----

// Thread scope: no tensor-core variant; the general per_element variant
// computes it in the thread.
!A = !tirx.buffer<16x16xbf16, local, #tirx.layout<S[256:1]>>
!B = !tirx.buffer<16x8xbf16, local, #tirx.layout<S[128:1]>>
!C = !tirx.buffer<16x8xf32, local, #tirx.layout<S[128:1]>>
gpu.module @m [#nvvm.target<chip = "sm_90a">] {
  gpu.func @thread_scope(%a: !A, %b: !B) kernel attributes {known_block_size = array<i32: 32, 1, 1>} {
    %d = tirx.alloc : !C
    tirx.gemm thread %d, %a, %b, %d : !C, !A, !B, !C
    gpu.return
  }
}

// -----

// A row-major shared A has no wgmma descriptor (rows 64 bytes apart, not
// 16); alpha = 2 is not a tensor-core scaling: per_element.
!D = !tirx.buffer<64x16xf32, local, #tirx.layout<S[(4,2,8,2,4,2):(1@wid_in_wg,2,4@laneid,4,1@laneid,1)]>>
!A = !tirx.buffer<64x32xbf16, shared, #tirx.layout<S[64, 32]>>
!B = !tirx.buffer<32x16xbf16, shared, #tirx.layout<S[(4,8,2,8):(64,1,256,8)]>>
gpu.module @m [#nvvm.target<chip = "sm_90a">] {
  gpu.func @no_descriptor(%a: !A, %b: !B) kernel attributes {known_block_size = array<i32: 128, 1, 1>} {
    %d = tirx.alloc : !D
    tirx.gemm_async warpgroup %d, %a, %b, %d {alpha = 2.0} : !D, !A, !B, !D
    gpu.return
  }
}

// -----

// A register tile whose lanes are not the mma.sync A fragment, and an f16
// accumulator: per_element.
!A = !tirx.buffer<16x16xf16, local, #tirx.layout<S[(16,2,8):(1@laneid,8,1)]>>
!B = !tirx.buffer<16x8xf16, local, #tirx.layout<S[(2,4,2,8):(2,1@laneid,1,4@laneid)]>>
!C = !tirx.buffer<16x8xf32, local, #tirx.layout<S[(2,8,4,2):(2,4@laneid,1@laneid,1)]>>
!H = !tirx.buffer<16x8xf16, local, #tirx.layout<S[(2,8,4,2):(2,4@laneid,1@laneid,1)]>>
!AH = !tirx.buffer<16x16xbf16, local, #tirx.layout<S[(16,2,8):(1@laneid,8,1)]>>
!BH = !tirx.buffer<16x8xbf16, local, #tirx.layout<S[(2,4,2,8):(2,1@laneid,1,4@laneid)]>>
gpu.module @m [#nvvm.target<chip = "sm_80">] {
  gpu.func @mma_fragments(%a: !A, %b: !B, %ah: !AH, %bh: !BH) kernel attributes {known_block_size = array<i32: 32, 1, 1>} {
    %d = tirx.alloc : !C
    %h = tirx.alloc : !H
    tirx.gemm warp %d, %a, %b, %d : !C, !A, !B, !C
    tirx.gemm warp %h, %ah, %bh, %h : !H, !AH, !BH, !H
    gpu.return
  }
}

// -----

// gemm_async and gemm_wait: besides wgmma, the synchronous per_element
// gemm_async and the empty gemm_wait of targets without wgmma.
gpu.module @m [#nvvm.target<chip = "sm_90">] {
  gpu.func @wait_sm90() kernel attributes {known_block_size = array<i32: 128, 1, 1>} {
    tirx.gemm_wait warpgroup {pending = 0}
    gpu.return
  }
}

// -----

// f32 inputs with precision = "f32" at warp scope: the tensor cores would
// read tf32 and `fma` takes CTA-scope calls with A and B in shared memory;
// per_element multiplies in f32.
!A = !tirx.buffer<16x8xf32, local, #tirx.layout<S[(2,8,4,2):(2,4@laneid,1@laneid,1)]>>
!B = !tirx.buffer<8x8xf32, local, #tirx.layout<S[(4,2,8):(1@laneid,1,4@laneid)]>>
!C = !tirx.buffer<16x8xf32, local, #tirx.layout<S[(2,8,4,2):(2,4@laneid,1@laneid,1)]>>
gpu.module @m [#nvvm.target<chip = "sm_90a">] {
  gpu.func @f32_precision_warp(%a: !A, %b: !B) kernel attributes {known_block_size = array<i32: 32, 1, 1>} {
    %d = tirx.alloc : !C
    tirx.gemm warp %d, %a, %b, %d {config = {precision = "f32"}} : !C, !A, !B, !C
    gpu.return
  }
}

// -----

// A in registers on wgmma: only in the layout of a wgmma accumulator of
// width K (the A fragments of the K steps); a blocked layout is rejected.
!A = !tirx.buffer<64x32xbf16, local, #tirx.layout<S[(64,2,16):(2@tid_in_wg,1@tid_in_wg,1)]>>
!B = !tirx.buffer<32x16xbf16, shared, #tirx.layout<S[(4,8,2,8):(64,1,256,8)]>>
!D = !tirx.buffer<64x16xf32, local, #tirx.layout<S[(4,2,8,2,4,2):(1@wid_in_wg,2,4@laneid,4,1@laneid,1)]>>
gpu.module @m [#nvvm.target<chip = "sm_90a">] {
  gpu.func @register_a_blocked(%a: !A, %b: !B) kernel attributes {known_block_size = array<i32: 128, 1, 1>} {
    %d = tirx.alloc : !D
    // expected-error@+2 {{'tirx.gemm' op has no applicable variant on target 'cuda' (sm_90a)}}
    // expected-note@+1 {{wgmma (prio=20): wgmmaLayouts: A in registers is not the wgmma A fragment layout (an m64nNk16 accumulator layout of width K)}}
    tirx.gemm warpgroup %d, %a, %b, %d {dispatch = "wgmma"} : !D, !A, !B, !D
    gpu.return
  }
}

// -----

// A 128-byte swizzle whose source bits are 6 chunks up (a staging layout,
// swizzle_shift 6) is not one the wgmma descriptors read; with shift 3 the
// same A is a K-major swizzled operand.
!D = !tirx.buffer<64x16xf32, local, #tirx.layout<S[(4,2,8,2,4,2):(1@wid_in_wg,2,4@laneid,4,1@laneid,1)]>>
!A = !tirx.buffer<64x64xbf16, shared, #tirx.layout<S[64, 64], swizzle = 128, swizzle_shift = 6>>
!B = !tirx.buffer<64x16xbf16, shared, #tirx.layout<S[(8,16,8):(8,64,1)]>>
gpu.module @m [#nvvm.target<chip = "sm_90a">] {
  gpu.func @software_swizzle(%a: !A, %b: !B) kernel attributes {known_block_size = array<i32: 128, 1, 1>} {
    %d = tirx.alloc : !D
    // expected-error@+2 {{'tirx.gemm_async' op has no applicable variant on target 'cuda' (sm_90a)}}
    // expected-note@+1 {{wgmma (prio=20): wgmmaLayouts: A has a swizzle wgmma does not read (swizzle_shift 6, not 3)}}
    tirx.gemm_async warpgroup %d, %a, %b, %d {dispatch = "wgmma"} : !D, !A, !B, !D
    gpu.return
  }
}
