// RUN: tile-opt %s -split-input-file -verify-diagnostics

// tirx.read: one case per verifier message.

!S = !tirx.buffer<2x4xf32, shared, #tirx.layout<S[(2,4):(4,1)]>>
gpu.module @m {
  gpu.func @indices(%i: index) kernel {
    %s = tirx.alloc : !S
    // expected-error@+1 {{'tirx.read' op expects one index per dimension (2), got 1}}
    %x = tirx.read %s[%i] : !S -> f32
    gpu.return
  }
}

// -----

!S = !tirx.buffer<2x4xf32, shared, #tirx.layout<S[(2,4):(4,1)]>>
gpu.module @m {
  gpu.func @type(%i: index) kernel {
    %s = tirx.alloc : !S
    // expected-error@+1 {{'tirx.read' op expects a result of the element type 'f32', got 'f16'}}
    %x = tirx.read %s[%i, %i] : !S -> f16
    gpu.return
  }
}

// -----

!L = !tirx.buffer<128xf32, local, #tirx.layout<S[128:1@tx]>>
gpu.module @m {
  gpu.func @distributed(%i: index) kernel {
    %l = tirx.alloc : !L
    // expected-error@+1 {{'tirx.read' op expects every element in every thread (a shard without thread axes), got S[128:1@tx]}}
    %x = tirx.read %l[%i] : !L -> f32
    gpu.return
  }
}

// -----

!W = !tirx.buffer<64x64xf16, shared, #tirx.layout<S[64,64], swizzle = 128>>
gpu.module @m {
  gpu.func @swizzled(%i: index) kernel {
    %w = tirx.alloc : !W
    // expected-error@+1 {{'tirx.read' op expects an unswizzled shared layout}}
    %x = tirx.read %w[%i, %i] : !W -> f16
    gpu.return
  }
}
