// RUN: tile-opt %s --tirx-dispatch=report=true -split-input-file -verify-diagnostics

// tirx.reduce / tirx.scan: what the fast variants reject, with their
// reasons; the general per_element variant takes those scans.

gpu.module @m [#nvvm.target<chip = "sm_90">] {
gpu.func @scan_interleaved(%x: !tirx.buffer<64xf32, local, #tirx.layout<S[(16,2,2):(2@tx,1,1@tx)]>>) kernel attributes {known_block_size = array<i32: 32, 1, 1>} {
  %d = tirx.alloc : !tirx.buffer<64xf32, local, #tirx.layout<S[(16,2,2):(2@tx,1,1@tx)]>>
  // expected-remark@+4 {{tirx.scan -> variant 'per_element'}}
  // expected-note@+3 {{cta (prio=10) rejected: scanLayouts: scan axis bits interleave registers and threads out of order (flat bit 2)}}
  // expected-note@+2 {{thread (prio=10) rejected: scanLayouts: scan axis bits interleave registers and threads out of order (flat bit 2)}}
  // expected-note@+1 {{warp (prio=10) rejected: scanLayouts: scan axis bits interleave registers and threads out of order (flat bit 2)}}
  tirx.scan cta dsts(%d : !tirx.buffer<64xf32, local, #tirx.layout<S[(16,2,2):(2@tx,1,1@tx)]>>) srcs(%x : !tirx.buffer<64xf32, local, #tirx.layout<S[(16,2,2):(2@tx,1,1@tx)]>>) axis = 0 identities = [0.0 : f32] {
  ^bb0(%a: f32, %b: f32):
    %r = arith.addf %a, %b : f32
    tirx.reduce_yield %r : f32
  }
  gpu.return
}
}

// -----

gpu.module @m [#nvvm.target<chip = "sm_90">] {
gpu.func @scan_layouts_differ(%x: !tirx.buffer<64xf32, local, #tirx.layout<S[(32,2):(1@tx,1)]>>) kernel attributes {known_block_size = array<i32: 32, 1, 1>} {
  %d = tirx.alloc : !tirx.buffer<64xf32, local, #tirx.layout<S[(2,32):(1,1@tx)]>>
  // expected-remark@+4 {{tirx.scan -> variant 'per_element'}}
  // expected-note@+3 {{cta (prio=10) rejected: scanLayouts: sources and destinations do not share one layout}}
  // expected-note@+2 {{thread (prio=10) rejected: scanLayouts: sources and destinations do not share one layout}}
  // expected-note@+1 {{warp (prio=10) rejected: scanLayouts: sources and destinations do not share one layout}}
  tirx.scan cta dsts(%d : !tirx.buffer<64xf32, local, #tirx.layout<S[(2,32):(1,1@tx)]>>) srcs(%x : !tirx.buffer<64xf32, local, #tirx.layout<S[(32,2):(1@tx,1)]>>) axis = 0 identities = [0.0 : f32] {
  ^bb0(%a: f32, %b: f32):
    %r = arith.addf %a, %b : f32
    tirx.reduce_yield %r : f32
  }
  gpu.return
}
}
