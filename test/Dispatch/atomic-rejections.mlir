// RUN: tile-opt %s --tirx-dispatch -split-input-file -verify-diagnostics

// A used result of an atomic on a replicated layout is rejected (the old
// value would need a broadcast), and so are orderings a load or store
// cannot have.

!PR = !tirx.buffer<128xi64, local, #tirx.layout<S[(64,2):(1@tx,1)] + R[2:64@tx]>>
!LR = !tirx.buffer<128xi32, local, #tirx.layout<S[(64,2):(1@tx,1)] + R[2:64@tx]>>
gpu.module @m [#nvvm.target<chip = "sm_90">] {
  gpu.func @replicated_result(%p: !PR, %v: !LR) kernel attributes {known_block_size = array<i32: 128, 1, 1>} {
    %d = tirx.alloc : !LR
    // expected-error@+4 {{'tirx.atomic' op has no applicable variant on target 'cuda' (sm_90)}}
    // expected-note@+3 {{privatized (prio=30): aggregatable: the old values are used}}
    // expected-note@+2 {{warp_aggregated (prio=20): aggregatable: the old values are used}}
    // expected-note@+1 {{reg (prio=10): declined: the old values of a replicated tile would need a broadcast from the updating thread}}
    tirx.atomic cta into %d : !LR %p, %v {kind = "add", ordering = "monotonic", syncscope = "device"} : !PR, !LR
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
    gpu.return
  }
}
