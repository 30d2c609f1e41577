// RUN: tile-opt %s --tirx-dispatch -split-input-file -verify-diagnostics

// When no variant fits, tirx-dispatch emits one error on the primitive and
// one note per variant tried, with its priority and every failed predicate
// (or the reason its implementation declined).

// An elementwise source whose layout puts index bit 0 on a thread while the
// destination keeps it in a register.
!D = !tirx.buffer<256xf32, local, #tirx.layout<S[(128,2):(1@tx,1)]>>
!S = !tirx.buffer<256xf32, local, #tirx.layout<S[(2,128):(1,1@tx)]>>
gpu.module @m [#nvvm.target<chip = "sm_90">] {
  gpu.func @incompatible_source(%x: !S) kernel attributes {known_block_size = array<i32: 128, 1, 1>} {
    %d = tirx.alloc : !D
    // expected-error@+3 {{'tirx.add' op has no applicable variant on target 'cuda' (sm_90)}}
    // expected-note@+2 {{reg (prio=10): registerCompatible: operand #1: index bit 0 is on thread tx stride 1 in the operand but not in the anchor layout}}
    // expected-note@+1 {{smem (prio=10): operandsInScope: operand #0 is local, expected shared}}
    tirx.add cta %d, %x, %x : !D, !S, !S
    gpu.return
  }
}

// -----

// A sum over 128 threads into a destination replicated over only 64.
!X = !tirx.buffer<1x256xf32, local, #tirx.layout<S[(2,128):(1,1@tx)]>>
!R = !tirx.buffer<1xf32, local, #tirx.layout<S[1:1] + R[64:1@tx]>>
gpu.module @m [#nvvm.target<chip = "sm_90">] {
  gpu.func @reduction_destination(%x: !X) kernel attributes {known_block_size = array<i32: 128, 1, 1>} {
    %d = tirx.alloc : !R
    // expected-error@+3 {{'tirx.sum' op has no applicable variant}}
    // expected-note@+2 {{local (prio=10): reductionLayouts: destination is not replicated over reduced thread stride 64}}
    // expected-note@+1 {{shared (prio=10): operandsInScope: operand #0 is local, expected shared}}
    tirx.sum cta %d, %x axes = [1] : !R, !X
    gpu.return
  }
}

// -----

// A destination that keeps the wrong thread bit.
!X = !tirx.buffer<2x128xf32, local, #tirx.layout<S[(2,128):(1,1@tx)]>>
!R = !tirx.buffer<2xf32, local, #tirx.layout<S[2:1@tx] + R[64:2@tx]>>
gpu.module @m [#nvvm.target<chip = "sm_90">] {
  gpu.func @reduction_kept_bit(%x: !X) kernel attributes {known_block_size = array<i32: 128, 1, 1>} {
    %d = tirx.alloc : !R
    // expected-error@+3 {{'tirx.max' op has no applicable variant}}
    // expected-note@+2 {{local (prio=10): reductionLayouts: destination bit 0 is not distributed like source bit 7}}
    // expected-note@+1 {{shared (prio=10): operandsInScope}}
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
    // expected-note@+1 {{vec_128b (prio=20): declined: a 16-byte vector does not fit the layout, strides or alignment (widest: 8 bytes)}}
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
    // expected-error@+1 {{'tirx.copy' op names unknown variant 'vec_256b'; registered: vec_128b vec_16b vec_32b vec_64b reg vec_auto fallback}}
    tirx.copy cta %a, %r {dispatch = "vec_256b"} : !L, !tirx.buffer<256xf32, global>
    gpu.return
  }
}

// -----

// The whole table, in priority order (ties by name): a global to shared
// copy has no variant yet.
!S = !tirx.buffer<256xf32, shared, #tirx.layout<S[256:1]>>
gpu.module @m [#nvvm.target<chip = "sm_90">] {
  gpu.func @global_to_shared(%p: !llvm.ptr<1>) kernel attributes {known_block_size = array<i32: 128, 1, 1>} {
    %g = tirx.global_view %p sizes [4096] strides [1] {alignment = 16 : i64} : !llvm.ptr<1> -> !tirx.buffer<4096xf32, global>
    %r = tirx.region %g [0] : !tirx.buffer<4096xf32, global> -> !tirx.buffer<256xf32, global>
    %s = tirx.alloc : !S
    // expected-error@+8 {{'tirx.copy' op has no applicable variant on target 'cuda' (sm_90)}}
    // expected-note@+7 {{vec_128b (prio=20): globalLocalPair: needs a tirx.region of a tirx.global_view on one side and a local buffer on the other; forcedOnly: only used when forced with dispatch = "vec_128b"}}
    // expected-note@+6 {{vec_16b (prio=20): globalLocalPair}}
    // expected-note@+5 {{vec_32b (prio=20): globalLocalPair}}
    // expected-note@+4 {{vec_64b (prio=20): globalLocalPair}}
    // expected-note@+3 {{reg (prio=10): operandsInScope: operand #0 is shared, expected local}}
    // expected-note@+2 {{vec_auto (prio=10): globalLocalPair: needs a tirx.region of a tirx.global_view on one side and a local buffer on the other}}
    // expected-note@+1 {{fallback (prio=0): globalLocalPair}}
    tirx.copy cta %s, %r : !S, !tirx.buffer<256xf32, global>
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
    }
    gpu.return
  }
}

// -----

// A layout over the whole CTA issued at warp scope.
!L = !tirx.buffer<256xf32, local, #tirx.layout<S[(128,2):(1@tx,1)]>>
gpu.module @m [#nvvm.target<chip = "sm_90">] {
  gpu.func @scope_mismatch(%x: !L) kernel attributes {known_block_size = array<i32: 128, 1, 1>} {
    %d = tirx.alloc : !L
    // expected-error@+3 {{'tirx.exp' op has no applicable variant}}
    // expected-note@+2 {{reg (prio=10): layoutThreadAxesMatchScope: layout threads span cta, the call is at warp}}
    // expected-note@+1 {{smem (prio=10): operandsInScope}}
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
