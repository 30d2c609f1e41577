// RUN: tile-opt %s --tirx-dispatch -split-input-file -verify-diagnostics

// When no variant fits, tirx-dispatch emits one error on the primitive and
// one note per variant tried, with its priority and every failed predicate
// (or the reason its implementation declined).

// An elementwise source whose layout puts index bit 0 on a thread while the
// destination keeps it in a register: no fast path; per_element stages the
// source through shared memory (test/Dispatch/per-element.mlir).
!D = !tirx.buffer<256xf32, local, #tirx.layout<S[(128,2):(1@tx,1)]>>
!S = !tirx.buffer<256xf32, local, #tirx.layout<S[(2,128):(1,1@tx)]>>
gpu.module @m [#nvvm.target<chip = "sm_90">] {
  gpu.func @incompatible_source(%x: !S) kernel attributes {known_block_size = array<i32: 128, 1, 1>} {
    %d = tirx.alloc : !D
    tirx.add cta %d, %x, %x : !D, !S, !S
    gpu.return
  }
}

// -----

// A sum over 128 threads into a destination replicated over only 64: no
// `local` reduction; per_element stages the source and folds it.
!X = !tirx.buffer<1x256xf32, local, #tirx.layout<S[(2,128):(1,1@tx)]>>
!R = !tirx.buffer<1xf32, local, #tirx.layout<S[1:1] + R[64:1@tx]>>
gpu.module @m [#nvvm.target<chip = "sm_90">] {
  gpu.func @reduction_destination(%x: !X) kernel attributes {known_block_size = array<i32: 128, 1, 1>} {
    %d = tirx.alloc : !R
    tirx.sum cta %d, %x axes = [1] : !R, !X
    gpu.return
  }
}

// -----

// A destination that keeps the wrong thread bit: per_element.
!X = !tirx.buffer<2x128xf32, local, #tirx.layout<S[(2,128):(1,1@tx)]>>
!R = !tirx.buffer<2xf32, local, #tirx.layout<S[2:1@tx] + R[64:2@tx]>>
gpu.module @m [#nvvm.target<chip = "sm_90">] {
  gpu.func @reduction_kept_bit(%x: !X) kernel attributes {known_block_size = array<i32: 128, 1, 1>} {
    %d = tirx.alloc : !R
    tirx.max cta %d, %x axes = [1] : !R, !X
    gpu.return
  }
}

// -----

// A forced width that does not fit: the variant's predicates hold, its
// implementation declines.
!L = !tirx.buffer<256xf32, local, #tirx.layout<S[(128,2):(1@tx,1)]>>
gpu.module @m [#nvvm.target<chip = "sm_90">] {
  gpu.func @forced_width(%p: !llvm.ptr<1>) kernel attributes {known_block_size = array<i32: 128, 1, 1>} {
    %g = tirx.global_view %p sizes [4096] strides [1] {alignment = 16 : i64} : !llvm.ptr<1> -> !tirx.buffer<4096xf32, global>
    %r = tirx.region %g [0] : !tirx.buffer<4096xf32, global> -> !tirx.buffer<256xf32, global>
    %a = tirx.alloc : !L
    // expected-error@+2 {{'tirx.copy' op has no applicable variant on target 'cuda' (sm_90)}}
    // expected-note@+1 {{vec_128b (prio=30): declined: a 16-byte vector does not fit the layout, strides or alignment (widest: 8 bytes)}}
    tirx.copy cta %a, %r {dispatch = "vec_128b"} : !L, !tirx.buffer<256xf32, global>
    gpu.return
  }
}

// -----

!L = !tirx.buffer<256xf32, local, #tirx.layout<S[(128,2):(1@tx,1)]>>
gpu.module @m [#nvvm.target<chip = "sm_90">] {
  gpu.func @unknown_variant(%p: !llvm.ptr<1>) kernel attributes {known_block_size = array<i32: 128, 1, 1>} {
    %g = tirx.global_view %p sizes [4096] strides [1] {alignment = 16 : i64} : !llvm.ptr<1> -> !tirx.buffer<4096xf32, global>
    %r = tirx.region %g [0] : !tirx.buffer<4096xf32, global> -> !tirx.buffer<256xf32, global>
    %a = tirx.alloc : !L
    // expected-error@+1 {{'tirx.copy' op names unknown variant 'vec_512b'; registered: vec_128b vec_16b vec_256b vec_32b vec_64b staged ldstmatrix reg vec_auto vec_blocks fallback}}
    tirx.copy cta %a, %r {dispatch = "vec_512b"} : !L, !tirx.buffer<256xf32, global>
    gpu.return
  }
}

// -----

// Forced 256-bit vectors do not exist below sm_100.
!L = !tirx.buffer<256xf32, local, #tirx.layout<S[(32,8):(1@tx,1)]>>
gpu.module @m [#nvvm.target<chip = "sm_90">] {
  gpu.func @vec_256b_sm90(%p: !llvm.ptr<1>) kernel attributes {known_block_size = array<i32: 32, 1, 1>} {
    %g = tirx.global_view %p sizes [4096] strides [1] {alignment = 32 : i64} : !llvm.ptr<1> -> !tirx.buffer<4096xf32, global>
    %r = tirx.region %g [0] : !tirx.buffer<4096xf32, global> -> !tirx.buffer<256xf32, global>
    %a = tirx.alloc : !L
    // expected-error@+2 {{'tirx.copy' op has no applicable variant on target 'cuda' (sm_90)}}
    // expected-note@+1 {{vec_256b (prio=30): chipAtLeast: needs sm_100 or newer, target is sm_90}}
    tirx.copy cta %a, %r {dispatch = "vec_256b"} : !L, !tirx.buffer<256xf32, global>
    gpu.return
  }
}

// -----

// The whole table: a TMA copy_async on sm_80 has no variant.
!S = !tirx.buffer<64x32xf32, shared, #tirx.layout<S[64,32]>>
!B = !tirx.buffer<1xi64, shared, #tirx.layout<S[1]>>
!G = !tirx.buffer<64x32xf32, global>
gpu.module @m [#nvvm.target<chip = "sm_80">] {
  gpu.func @tma_on_sm80(%p: !llvm.ptr<1>, %d: !llvm.ptr<1>) kernel attributes {known_block_size = array<i32: 128, 1, 1>} {
    %g = tirx.global_view %p sizes [64, 32] strides [32, 1] {alignment = 16 : i64} : !llvm.ptr<1> -> !G
    %r = tirx.region %g [0, 0] : !G -> !G
    %s = tirx.alloc : !S
    %b = tirx.alloc : !B
    // expected-error@+5 {{'tirx.copy_async' op has no applicable variant on target 'cuda' (sm_80)}}
    // expected-note@+4 {{ldgsts (prio=20): cpAsyncOperands: has a tensor_map (a TMA copy)}}
    // expected-note@+3 {{tma (prio=10): chipAtLeast: needs sm_90 or newer, target is sm_80}}
    // expected-note@+2 {{ldgsts_checked (prio=10): cpAsyncOperands: has a tensor_map (a TMA copy); registerCopyOperands: has an mbarrier or a tensor map (a TMA copy)}}
    // expected-note@+1 {{sync (prio=0): registerCopyOperands: has an mbarrier or a tensor map (a TMA copy)}}
    tirx.copy_async cta %s, %r barrier(%b[0] : !B) tensor_map(%d : !llvm.ptr<1>) : !S, !G
    // expected-note@-1 {{per_element (prio=-10): perElementPlan: has an mbarrier or a tensor map (a TMA copy)}}
    gpu.return
  }
}

// -----

// permute_layout exists at warp scope only: a warp's layouts at CTA scope
// are rejected by the op verifier.
!L0 = !tirx.buffer<32x32xf32, local, #tirx.layout<S[(32,32):(1@laneid,1)]>>
!L1 = !tirx.buffer<32x32xf32, local, #tirx.layout<S[(32,32):(1,1@laneid)]>>
gpu.module @m [#nvvm.target<chip = "sm_90">] {
  gpu.func @permute_cta(%x: !L0) kernel attributes {known_block_size = array<i32: 64, 1, 1>} {
    %y = tirx.alloc : !L1
    // expected-error@+1 {{'tirx.permute_layout' op expects register operand #0 to spread over the threads of the cta, its layout #tirx.layout<S[(32,32):(1,1@laneid)]> names the threads of a warp}}
    tirx.permute_layout cta %y, %x : !L1, !L0
    gpu.return
  }
}

// -----

// Dispatch context: a primitive under a branch on the thread id does not run
// on every thread, which the CTA-wide variants need.
!L = !tirx.buffer<256xf32, local, #tirx.layout<S[(128,2):(1@tx,1)]>>
gpu.module @m [#nvvm.target<chip = "sm_90">] {
  gpu.func @divergent(%x: !L) kernel attributes {known_block_size = array<i32: 128, 1, 1>} {
    %d = tirx.alloc : !L
    %tid = gpu.thread_id x
    %c64 = arith.constant 64 : index
    %lt = arith.cmpi ult, %tid, %c64 : index
    scf.if %lt {
      // expected-error@+3 {{'tirx.exp' op has no applicable variant}}
      // expected-note@+2 {{reg (prio=10): allThreadsActive: an enclosing branch on thread ids narrows warpid to [0, 2) inside a cta-scope call}}
      // expected-note@+1 {{smem (prio=10): allThreadsActive: an enclosing branch on thread ids narrows warpid to [0, 2) inside a cta-scope call; operandsInScope: operand #0 is local, expected shared}}
      tirx.exp cta %d, %x : !L, !L
      // expected-note@-1 {{per_element (prio=-10): allThreadsActive: an enclosing branch on thread ids narrows warpid to [0, 2) inside a cta-scope call}}
    }
    gpu.return
  }
}

// -----

// A layout over the whole CTA issued at warp scope: the op verifier.
!L = !tirx.buffer<256xf32, local, #tirx.layout<S[(128,2):(1@tx,1)]>>
gpu.module @m [#nvvm.target<chip = "sm_90">] {
  gpu.func @scope_mismatch(%x: !L) kernel attributes {known_block_size = array<i32: 128, 1, 1>} {
    %d = tirx.alloc : !L
    // expected-error@+1 {{'tirx.exp' op expects register operand #0 to spread over the threads of the warp, its layout #tirx.layout<S[(128,2):(1@tx,1)]> names the threads of a cta}}
    tirx.exp warp %d, %x : !L, !L
    gpu.return
  }
}

// -----

!L = !tirx.buffer<256xf32, local, #tirx.layout<S[(128,2):(1@tx,1)]>>
gpu.module @m [#nvvm.target<chip = "sm_90">] {
  gpu.func @no_block_size(%x: !L) kernel {
    %d = tirx.alloc : !L
    // expected-error@+1 {{'tirx.exp' op expects to be inside a gpu.func with a 1-D known_block_size}}
    tirx.exp cta %d, %x : !L, !L
    gpu.return
  }
}

// -----

!L = !tirx.buffer<256xf32, local, #tirx.layout<S[(128,2):(1@tx,1)]>>
// expected-error@+1 {{unsupported chip 'sm_75'; supported chips: sm_80, sm_86, sm_89, sm_90, sm_90a}}
gpu.module @m [#nvvm.target<chip = "sm_75">] {
  gpu.func @old_chip(%x: !L) kernel attributes {known_block_size = array<i32: 128, 1, 1>} {
    %d = tirx.alloc : !L
    tirx.exp cta %d, %x : !L, !L
    gpu.return
  }
}

// -----

// A CTA layout change of 256 KiB whose block-selecting bits are on threads
// (it cannot go in smaller blocks) does not fit the shared memory of a CTA;
// the general copy's scratch is bounded too.
!A = !tirx.buffer<256x256xf32, local, #tirx.layout<S[(64,4,64,4):(1@tx,1,4,64@tx)]>>
!B = !tirx.buffer<256x256xf32, local, #tirx.layout<S[(64,256,4):(4,1@tx,1)]>>
gpu.module @m [#nvvm.target<chip = "sm_90">] {
  gpu.func @conversion_too_large(%x: !A) kernel attributes {known_block_size = array<i32: 256, 1, 1>} {
    %y = tirx.alloc : !B
    // expected-error@+5 {{'tirx.permute_layout' op has no applicable variant on target 'cuda' (sm_90)}}
    // expected-note@+4 {{register_move (prio=20): heldByDestinationThreads: index bit 0 is on thread tx stride 64 in the operand but not in the anchor layout}}
    // expected-note@+3 {{warp_xor_swizzle (prio=20): execScopeIn: scope cta is not supported; permutableOperands: layout spans more than one warp}}
    // expected-note@+2 {{shared_round_trip (prio=10): stagingFits: needs a layout conversion through 262144 bytes of shared memory, more than the 232448 a CTA may use on sm_90 (the tile cannot be converted in smaller blocks: their rows are on different threads)}}
    // expected-note@+1 {{decompose (prio=-10): declined: its part tirx.copy has no applicable variant}}
    tirx.permute_layout cta %y, %x : !B, !A
    gpu.return
  }
}
