// RUN: tile-opt %s --tirx-dispatch=report=true -split-input-file -verify-diagnostics

// The old values of an atomic on a tile replicated over warps reach the
// replicas through shared memory between CTA barriers: `reg` takes neither
// warpgroup scope nor more than a 16 KiB scratch; the general per_element
// variant takes the first (its scratch holds one tile per warpgroup), not the
// second (64 KiB of staged pointers). Orderings a load or store cannot have
// are rejected by every variant.

!PR = !tirx.buffer<64xi64, local, #tirx.layout<S[(32,2):(1@laneid,1)] + R[4:1@wid_in_wg]>>
!LR = !tirx.buffer<64xi32, local, #tirx.layout<S[(32,2):(1@laneid,1)] + R[4:1@wid_in_wg]>>
gpu.module @m [#nvvm.target<chip = "sm_90">] {
  gpu.func @replicated_warpgroup(%p: !PR, %v: !LR) kernel attributes {known_block_size = array<i32: 128, 1, 1>} {
    %d = tirx.alloc : !LR
    // expected-remark@+4 {{tirx.atomic -> variant 'per_element'}}
    // expected-note@+3 {{privatized (prio=30) rejected: execScopeIn: scope warpgroup is not supported; aggregatable: the old values are used}}
    // expected-note@+2 {{warp_aggregated (prio=20) rejected: aggregatable: the old values are used}}
    // expected-note@+1 {{reg (prio=10) rejected: broadcastable: the old values of a tile replicated over warps reach the replicas through shared memory between CTA barriers: needs CTA scope, the call is at warpgroup}}
    tirx.atomic warpgroup into %d : !LR %p, %v {kind = "add", ordering = "monotonic", syncscope = "device"} : !PR, !LR
    gpu.return
  }
}

// -----

!PR = !tirx.buffer<8192xi64, local, #tirx.layout<S[(64,128):(1@tx,1)] + R[2:64@tx]>>
!LR = !tirx.buffer<8192xi32, local, #tirx.layout<S[(64,128):(1@tx,1)] + R[2:64@tx]>>
gpu.module @m [#nvvm.target<chip = "sm_90">] {
  gpu.func @replicated_large(%p: !PR, %v: !LR) kernel attributes {known_block_size = array<i32: 128, 1, 1>} {
    %d = tirx.alloc : !LR
    // expected-error@+4 {{'tirx.atomic' op has no applicable variant on target 'cuda' (sm_90)}}
    // expected-note@+3 {{privatized (prio=30)}}
    // expected-note@+2 {{warp_aggregated (prio=20)}}
    // expected-note@+1 {{reg (prio=10): broadcastable: the old values of a tile replicated over warps reach the replicas through a shared scratch of the whole tile: 32768 bytes exceed 16384}}
    tirx.atomic cta into %d : !LR %p, %v {kind = "add", ordering = "monotonic", syncscope = "device"} : !PR, !LR
    // expected-note@-1 {{per_element (prio=-10): perElementPlan: operand 0: the shared scratch of a register operand (65536 bytes) exceeds 16384}}
    gpu.return
  }
}

// -----

!P = !tirx.buffer<256xi64, local, #tirx.layout<S[(128,2):(1@tx,1)]>>
!F = !tirx.buffer<256xf32, local, #tirx.layout<S[(128,2):(1@tx,1)]>>
gpu.module @m [#nvvm.target<chip = "sm_90">] {
  gpu.func @release_load(%p: !P) kernel attributes {known_block_size = array<i32: 128, 1, 1>} {
    %d = tirx.alloc : !F
    // expected-error@+2 {{'tirx.load_ptr' op has no applicable variant on target 'cuda' (sm_90)}}
    // expected-note@+1 {{reg (prio=10): validOrdering: config ordering "release" is not monotonic or acquire}}
    tirx.load_ptr cta %d, %p {config = {ordering = "release", syncscope = "device"}} : !F, !P
    // expected-note@-1 {{per_element (prio=-10): validOrdering: config ordering "release" is not monotonic or acquire}}
    gpu.return
  }
}

// -----

!P = !tirx.buffer<256xi64, local, #tirx.layout<S[(128,2):(1@tx,1)]>>
!F = !tirx.buffer<256xf32, local, #tirx.layout<S[(128,2):(1@tx,1)]>>
gpu.module @m [#nvvm.target<chip = "sm_90">] {
  gpu.func @acquire_store(%p: !P, %v: !F) kernel attributes {known_block_size = array<i32: 128, 1, 1>} {
    // expected-error@+2 {{'tirx.store_ptr' op has no applicable variant on target 'cuda' (sm_90)}}
    // expected-note@+1 {{reg (prio=10): validOrdering: config ordering "acquire" is not monotonic or release}}
    tirx.store_ptr cta %p, %v {config = {ordering = "acquire", syncscope = ""}} : !P, !F
    // expected-note@-1 {{per_element (prio=-10): validOrdering: config ordering "acquire" is not monotonic or release}}
    gpu.return
  }
}
