// RUN: tile-opt %s --tirx-dispatch=report=true -split-input-file -verify-diagnostics

// The active set: enclosing `scf.if`s on scope ids narrow which threads run
// a primitive. Narrowings that select whole teams of the call's scope keep
// it dispatchable; narrowings inside a team, and conditions dispatch cannot
// follow, reject the variants that need every thread of the team.

!W = !tirx.buffer<32x8xf32, local, #tirx.layout<S[(32,8):(1@laneid,1)]>>
gpu.module @m [#nvvm.target<chip = "sm_90">] {
  gpu.func @whole_warp(%x: !W) kernel attributes {known_block_size = array<i32: 128, 1, 1>} {
    %d = tirx.alloc : !W
    %w = tirx.warp_id : index
    %c1 = arith.constant 1 : index
    %is1 = arith.cmpi eq, %w, %c1 : index
    scf.if %is1 {
      // expected-remark@+1 {{tirx.exp -> variant 'reg'}}
      tirx.exp warp %d, %x : !W, !W
    }
    gpu.return
  }
}

// -----

// tid < 64 is warps 0 and 1: a warp-scope call still has whole warps.
!W = !tirx.buffer<32x8xf32, local, #tirx.layout<S[(32,8):(1@laneid,1)]>>
gpu.module @m [#nvvm.target<chip = "sm_90">] {
  gpu.func @aligned_tid(%x: !W) kernel attributes {known_block_size = array<i32: 128, 1, 1>} {
    %d = tirx.alloc : !W
    %t = tirx.thread_id : index
    %c64 = arith.constant 64 : index
    %lt = arith.cmpi ult, %t, %c64 : index
    scf.if %lt {
      // expected-remark@+1 {{tirx.exp -> variant 'reg'}}
      tirx.exp warp %d, %x : !W, !W
    }
    gpu.return
  }
}

// -----

// Operands swapped: 16 > lane is lane < 16, half a warp.
!W = !tirx.buffer<32x8xf32, local, #tirx.layout<S[(32,8):(1@laneid,1)]>>
gpu.module @m [#nvvm.target<chip = "sm_90">] {
  gpu.func @half_warp(%x: !W) kernel attributes {known_block_size = array<i32: 128, 1, 1>} {
    %d = tirx.alloc : !W
    %l = tirx.lane_id : index
    %c16 = arith.constant 16 : index
    %lt = arith.cmpi ugt, %c16, %l : index
    scf.if %lt {
      // expected-error@+3 {{'tirx.exp' op has no applicable variant}}
      // expected-note@+2 {{reg (prio=10): allThreadsActive: an enclosing branch on thread ids narrows laneid to [0, 16) inside a warp-scope call}}
      // expected-note@+1 {{smem (prio=10): allThreadsActive: an enclosing branch on thread ids narrows laneid to [0, 16) inside a warp-scope call; operandsInScope: operand #0 is local, expected shared}}
      tirx.exp warp %d, %x : !W, !W
      // expected-note@-1 {{per_element (prio=-10): allThreadsActive: an enclosing branch on thread ids narrows laneid to [0, 16) inside a warp-scope call}}
    }
    gpu.return
  }
}

// -----

// A branch on the CTA index is uniform over the CTA: no narrowing.
!L = !tirx.buffer<256xf32, local, #tirx.layout<S[(128,2):(1@tx,1)]>>
gpu.module @m [#nvvm.target<chip = "sm_90">] {
  gpu.func @uniform(%x: !L) kernel attributes {known_block_size = array<i32: 128, 1, 1>} {
    %d = tirx.alloc : !L
    %b = tirx.cta_id x : index
    %c0 = arith.constant 0 : index
    %first = arith.cmpi eq, %b, %c0 : index
    scf.if %first {
      // expected-remark@+1 {{tirx.exp -> variant 'reg'}}
      tirx.exp cta %d, %x : !L, !L
    }
    gpu.return
  }
}

// -----

// Warpgroup 1 of two: a warpgroup call keeps its whole team, a warp id
// inside it does not.
!G = !tirx.buffer<128x2xf32, local, #tirx.layout<S[(128,2):(1@tid_in_wg,1)]>>
gpu.module @m [#nvvm.target<chip = "sm_90">] {
  gpu.func @warpgroups(%x: !G) kernel attributes {known_block_size = array<i32: 256, 1, 1>} {
    %d = tirx.alloc : !G
    %g = tirx.warpgroup_id : index
    %c1 = arith.constant 1 : index
    %is1 = arith.cmpi eq, %g, %c1 : index
    scf.if %is1 {
      // expected-remark@+1 {{tirx.exp -> variant 'reg'}}
      tirx.exp warpgroup %d, %x : !G, !G
      %w = tirx.warp_id_in_warpgroup : index
      %c0 = arith.constant 0 : index
      %w0 = arith.cmpi eq, %w, %c0 : index
      scf.if %w0 {
        // expected-error@+3 {{'tirx.exp' op has no applicable variant}}
        // expected-note@+2 {{reg (prio=10): allThreadsActive: an enclosing branch on thread ids narrows wgid to [1, 2) wid_in_wg to [0, 1) inside a warpgroup-scope call}}
        // expected-note@+1 {{smem (prio=10): allThreadsActive: an enclosing branch on thread ids narrows wgid to [1, 2) wid_in_wg to [0, 1) inside a warpgroup-scope call; operandsInScope: operand #0 is local, expected shared}}
        tirx.exp warpgroup %d, %x : !G, !G
        // expected-note@-1 {{per_element (prio=-10): allThreadsActive: an enclosing branch on thread ids narrows wgid to [1, 2) wid_in_wg to [0, 1) inside a warpgroup-scope call}}
      }
    }
    gpu.return
  }
}

// -----

// The else region needs the complement of the condition, and a condition
// other than a comparison against a constant cannot be followed.
!W = !tirx.buffer<32x8xf32, local, #tirx.layout<S[(32,8):(1@laneid,1)]>>
gpu.module @m [#nvvm.target<chip = "sm_90">] {
  gpu.func @unknown(%x: !W, %n: index) kernel attributes {known_block_size = array<i32: 128, 1, 1>} {
    %d = tirx.alloc : !W
    %w = tirx.warp_id : index
    %c1 = arith.constant 1 : index
    %is1 = arith.cmpi eq, %w, %c1 : index
    scf.if %is1 {
    } else {
      // expected-error@+3 {{'tirx.exp' op has no applicable variant}}
      // expected-note@+2 {{reg (prio=10): allThreadsActive: an enclosing branch on thread ids narrows the active set in a way dispatch cannot follow}}
      // expected-note@+1 {{smem (prio=10): allThreadsActive: an enclosing branch on thread ids narrows the active set in a way dispatch cannot follow; operandsInScope: operand #0 is local, expected shared}}
      tirx.exp warp %d, %x : !W, !W
      // expected-note@-1 {{per_element (prio=-10): allThreadsActive: an enclosing branch on thread ids narrows the active set in a way dispatch cannot follow}}
    }
    %lt = arith.cmpi ult, %w, %n : index
    scf.if %lt {
      // expected-error@+3 {{'tirx.exp' op has no applicable variant}}
      // expected-note@+2 {{reg (prio=10): allThreadsActive: an enclosing branch on thread ids narrows the active set in a way dispatch cannot follow}}
      // expected-note@+1 {{smem (prio=10): allThreadsActive: an enclosing branch on thread ids narrows the active set in a way dispatch cannot follow; operandsInScope: operand #0 is local, expected shared}}
      tirx.exp warp %d, %x : !W, !W
      // expected-note@-1 {{per_element (prio=-10): allThreadsActive: an enclosing branch on thread ids narrows the active set in a way dispatch cannot follow}}
    }
    // A thread-scope call runs on whatever threads reach it.
    %t = tirx.alloc : !tirx.buffer<8xf32, local, #tirx.layout<S[8:1]>>
    scf.if %lt {
      // expected-remark@+1 {{tirx.exp -> variant 'reg'}}
      tirx.exp thread %t, %t : !tirx.buffer<8xf32, local, #tirx.layout<S[8:1]>>, !tirx.buffer<8xf32, local, #tirx.layout<S[8:1]>>
    }
    gpu.return
  }
}

// -----

// A branch marked tirx.uniform (the lowering of a cuda_tile `if`: its rank-0
// condition is the same in every thread, even when computed from
// thread-dependent data) keeps every thread, in both regions; the same
// condition without the mark rejects the variant.
!W = !tirx.buffer<32x8xf32, local, #tirx.layout<S[(32,8):(1@laneid,1)]>>
gpu.module @m [#nvvm.target<chip = "sm_90">] {
  gpu.func @uniform_branch(%x: !W, %p: !llvm.ptr<1>) kernel attributes {known_block_size = array<i32: 128, 1, 1>} {
    %d = tirx.alloc : !W
    %t = tirx.thread_id : index
    %t64 = arith.index_cast %t : index to i64
    %q = llvm.getelementptr %p[%t64] : (!llvm.ptr<1>, i64) -> !llvm.ptr<1>, i32
    %v = llvm.load %q : !llvm.ptr<1> -> i32
    %c0 = arith.constant 0 : i32
    %ne = arith.cmpi ne, %v, %c0 : i32
    scf.if %ne {
      // expected-remark@+1 {{tirx.exp -> variant 'reg'}}
      tirx.exp warp %d, %x : !W, !W
    } else {
      // expected-remark@+1 {{tirx.exp -> variant 'reg'}}
      tirx.exp warp %d, %x : !W, !W
    } {tirx.uniform}
    scf.if %ne {
      // expected-error@+3 {{'tirx.exp' op has no applicable variant}}
      // expected-note@+2 {{reg (prio=10): allThreadsActive: an enclosing branch on thread ids narrows the active set in a way dispatch cannot follow}}
      // expected-note@+1 {{smem (prio=10): allThreadsActive}}
      tirx.exp warp %d, %x : !W, !W
      // expected-note@-1 {{per_element (prio=-10): allThreadsActive: an enclosing branch on thread ids narrows the active set in a way dispatch cannot follow}}
    }
    gpu.return
  }
}
