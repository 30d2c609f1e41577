// RUN: not tile-opt %s --tirx-dispatch=report=true --split-input-file 2>/dev/null | FileCheck %s
// RUN: not tile-opt %s --tirx-dispatch --split-input-file 2>&1 >/dev/null | FileCheck %s --check-prefix=WHY

// The fused forms (binary_reduce, unary_reduce, binary_chain,
// reduce_negate) on CUDA: `decompose` writes their parts as primitives into
// a temporary and dispatches each part at once.

// Register operands: the product into a temporary of the source's type
// (allocated at the entry), then the row sum; the negated maximum is the
// maximum, then a multiplication by -1 in place.
!L = !tirx.buffer<1x256xf32, local, #tirx.layout<S[(128,2):(1@tx,1)]>>
!R = !tirx.buffer<1xf32, local, #tirx.layout<S[1:1] + R[128:1@tx]>>
gpu.module @m [#nvvm.target<chip = "sm_90">] {
  // CHECK-LABEL: gpu.func @fused_local
  // CHECK-COUNT-3: tirx.alloc : !tirx.buffer<1x256xf32, local, <S[(128,2):(1@tx,1)]>>
  // CHECK: arith.mulf
  // CHECK: arith.mulf
  // CHECK: gpu.shuffle xor
  // CHECK: math.exp
  // CHECK: math.exp
  // CHECK: gpu.shuffle xor
  // CHECK: arith.mulf
  // CHECK: arith.mulf
  // CHECK: arith.addf
  // CHECK: arith.addf
  // CHECK: arith.maxnumf
  // CHECK: gpu.shuffle xor
  // CHECK: %[[M:.*]] = arith.constant -1.000000e+00 : f32
  // CHECK: arith.mulf %{{.*}}, %[[M]] : f32
  // CHECK-NOT: tirx.binary_reduce
  // CHECK-NOT: tirx.unary_reduce
  // CHECK-NOT: tirx.binary_chain
  // CHECK-NOT: tirx.reduce_negate
  // CHECK: gpu.return
  gpu.func @fused_local(%x: !L) kernel attributes {known_block_size = array<i32: 128, 1, 1>} {
    %d = tirx.alloc : !R
    tirx.binary_reduce cta "mul" "sum" %d, %x, %x axes = [1] : !R, !L, !L
    tirx.unary_reduce cta "exp" "sum" %d, %x axes = [1] : !R, !L
    tirx.binary_chain cta "mul" "add" %x, %x, %x, %x : !L, !L, !L, !L
    tirx.reduce_negate cta "max" %d, %x axes = [1] : !R, !L
    gpu.return
  }
}

// -----

// Shared operands: the temporary is a shared buffer of the source's type,
// and a barrier of the scope follows each part (the reduction's threads
// read elements other threads wrote; the next write waits for the reads).
!S = !tirx.buffer<4x32xf32, shared, #tirx.layout<S[(4,32):(32,1)]>>
!D = !tirx.buffer<4xf32, shared, #tirx.layout<S[4:1]>>
gpu.module @m [#nvvm.target<chip = "sm_90">] {
  // CHECK-LABEL: gpu.func @fused_shared
  // CHECK: tirx.alloc : !tirx.buffer<4x32xf32, shared, <S[(4,32):(32,1)]>>
  // CHECK: arith.subf
  // CHECK: tirx.barrier warp
  // CHECK: arith.minnumf
  // CHECK: tirx.barrier warp
  // CHECK-NOT: tirx.binary_reduce
  // CHECK: gpu.return
  gpu.func @fused_shared(%x: !S, %y: !S) kernel attributes {known_block_size = array<i32: 32, 1, 1>} {
    %d = tirx.alloc : !D
    tirx.binary_reduce warp "sub" "min" %d, %x, %y axes = [1] : !D, !S, !S
    gpu.return
  }
}

// -----

// A part no variant takes fails the fused op, one error whose note carries
// the part's own reasons: under a branch on lanes < 16, no variant of the
// warp's exp runs with half of its threads.
!W = !tirx.buffer<1x256xf32, local, #tirx.layout<S[(32,8):(1@laneid,1)]>>
!R = !tirx.buffer<1xf32, local, #tirx.layout<S[1:1] + R[32:1@laneid]>>
gpu.module @m [#nvvm.target<chip = "sm_90">] {
  gpu.func @fused_fails(%x: !W) kernel attributes {known_block_size = array<i32: 32, 1, 1>} {
    %d = tirx.alloc : !R
    %l = tirx.lane_id : index
    %c16 = arith.constant 16 : index
    %lt = arith.cmpi ult, %l, %c16 : index
    scf.if %lt {
      // WHY-NOT: 'tirx.exp' op
      // WHY: error: 'tirx.unary_reduce' op has no applicable variant
      // WHY: note: decompose (prio=-10): declined: its part tirx.exp has no applicable variant (reg: allThreadsActive: an enclosing branch on thread ids narrows laneid to [0, 16) inside a warp-scope call |
      tirx.unary_reduce warp "exp" "sum" %d, %x axes = [1] : !R, !W
    }
    gpu.return
  }
}
