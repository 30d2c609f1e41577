// RUN: tile-opt %s -split-input-file -verify-diagnostics

// tirx.reduce / tirx.scan: one case per verifier message.

!V = !tirx.buffer<8x64xf32, local, #tirx.layout<S[(8,32,2):(2,1@tx,1)]>>
!W = !tirx.buffer<4x64xf32, local, #tirx.layout<S[(4,32,2):(2,1@tx,1)]>>
gpu.module @m {
  gpu.func @shapes() kernel attributes {known_block_size = array<i32: 32, 1, 1>} {
    %v = tirx.alloc : !V
    %w = tirx.alloc : !W
    // expected-error@+1 {{'tirx.reduce' op expects sources of one shape}}
    %a, %b = tirx.reduce cta srcs(%v, %w : !V, !W) axes = [0, 1] identities = [0.0 : f32, 0.0 : f32] -> f32, f32 {
    ^bb0(%x0: f32, %x1: f32, %y0: f32, %y1: f32):
      tirx.reduce_yield %x0, %y0 : f32, f32
    }
    gpu.return
  }
}

// -----

!V = !tirx.buffer<8x64xf32, local, #tirx.layout<S[(8,32,2):(2,1@tx,1)]>>
gpu.module @m {
  gpu.func @identities() kernel attributes {known_block_size = array<i32: 32, 1, 1>} {
    %v = tirx.alloc : !V
    // expected-error@+1 {{'tirx.reduce' op expects one identity per source (1), got 2}}
    %a = tirx.reduce cta srcs(%v : !V) axes = [0, 1] identities = [0.0 : f32, 0.0 : f32] -> f32 {
    ^bb0(%x: f32, %y: f32):
      tirx.reduce_yield %x : f32
    }
    gpu.return
  }
}

// -----

!V = !tirx.buffer<8x64xf32, local, #tirx.layout<S[(8,32,2):(2,1@tx,1)]>>
gpu.module @m {
  gpu.func @identity_type() kernel attributes {known_block_size = array<i32: 32, 1, 1>} {
    %v = tirx.alloc : !V
    // expected-error@+1 {{'tirx.reduce' op expects identity #0 of type 'f32', got 0 : i32}}
    %a = tirx.reduce cta srcs(%v : !V) axes = [0, 1] identities = [0 : i32] -> f32 {
    ^bb0(%x: f32, %y: f32):
      tirx.reduce_yield %x : f32
    }
    gpu.return
  }
}

// -----

!V = !tirx.buffer<8x64xf32, local, #tirx.layout<S[(8,32,2):(2,1@tx,1)]>>
gpu.module @m {
  gpu.func @partial_scalar() kernel attributes {known_block_size = array<i32: 32, 1, 1>} {
    %v = tirx.alloc : !V
    // expected-error@+1 {{'tirx.reduce' op expects every axis reduced (2) without destinations, got 1}}
    %a = tirx.reduce cta srcs(%v : !V) axes = [1] identities = [0.0 : f32] -> f32 {
    ^bb0(%x: f32, %y: f32):
      tirx.reduce_yield %x : f32
    }
    gpu.return
  }
}

// -----

!V = !tirx.buffer<8x64xf32, local, #tirx.layout<S[(8,32,2):(2,1@tx,1)]>>
gpu.module @m {
  gpu.func @result_count() kernel attributes {known_block_size = array<i32: 32, 1, 1>} {
    %v = tirx.alloc : !V
    // expected-error@+1 {{'tirx.reduce' op expects one result per source (1) without destinations, got 0}}
    tirx.reduce cta srcs(%v : !V) axes = [0, 1] identities = [0.0 : f32] {
    ^bb0(%x: f32, %y: f32):
      tirx.reduce_yield %x : f32
    }
    gpu.return
  }
}

// -----

!V = !tirx.buffer<8x64xf32, local, #tirx.layout<S[(8,32,2):(2,1@tx,1)]>>
gpu.module @m {
  gpu.func @result_type() kernel attributes {known_block_size = array<i32: 32, 1, 1>} {
    %v = tirx.alloc : !V
    // expected-error@+1 {{'tirx.reduce' op expects result #0 of type 'f32', got 'i32'}}
    %a = tirx.reduce cta srcs(%v : !V) axes = [0, 1] identities = [0.0 : f32] -> i32 {
    ^bb0(%x: f32, %y: f32):
      tirx.reduce_yield %x : f32
    }
    gpu.return
  }
}

// -----

!V = !tirx.buffer<8x64xf32, local, #tirx.layout<S[(8,32,2):(2,1@tx,1)]>>
!R = !tirx.buffer<8xf32, local, #tirx.layout<S[8:1] + R[32:1@tx]>>
gpu.module @m {
  gpu.func @dst_count() kernel attributes {known_block_size = array<i32: 32, 1, 1>} {
    %v = tirx.alloc : !V
    %r = tirx.alloc : !R
    // expected-error@+1 {{'tirx.reduce' op expects one destination per source (2), got 1}}
    tirx.reduce cta dsts(%r : !R) srcs(%v, %v : !V, !V) axes = [1] identities = [0.0 : f32, 0.0 : f32] {
    ^bb0(%x0: f32, %x1: f32, %y0: f32, %y1: f32):
      tirx.reduce_yield %x0, %y0 : f32, f32
    }
    gpu.return
  }
}

// -----

!V = !tirx.buffer<8x64xf32, local, #tirx.layout<S[(8,32,2):(2,1@tx,1)]>>
!R = !tirx.buffer<8xf32, local, #tirx.layout<S[8:1] + R[32:1@tx]>>
gpu.module @m {
  gpu.func @dst_and_results() kernel attributes {known_block_size = array<i32: 32, 1, 1>} {
    %v = tirx.alloc : !V
    %r = tirx.alloc : !R
    // expected-error@+1 {{'tirx.reduce' op expects no results with destinations, got 1}}
    %a = tirx.reduce cta dsts(%r : !R) srcs(%v : !V) axes = [1] identities = [0.0 : f32] -> f32 {
    ^bb0(%x: f32, %y: f32):
      tirx.reduce_yield %x : f32
    }
    gpu.return
  }
}

// -----

!V = !tirx.buffer<8x64xf32, local, #tirx.layout<S[(8,32,2):(2,1@tx,1)]>>
!R = !tirx.buffer<64xf32, local, #tirx.layout<S[(32,2):(1@tx,1)]>>
gpu.module @m {
  gpu.func @dst_shape() kernel attributes {known_block_size = array<i32: 32, 1, 1>} {
    %v = tirx.alloc : !V
    %r = tirx.alloc : !R
    // expected-error@+1 {{'tirx.reduce' op expects a destination of shape}}
    tirx.reduce cta dsts(%r : !R) srcs(%v : !V) axes = [1] identities = [0.0 : f32] {
    ^bb0(%x: f32, %y: f32):
      tirx.reduce_yield %x : f32
    }
    gpu.return
  }
}

// -----

!V = !tirx.buffer<8x64xf32, local, #tirx.layout<S[(8,32,2):(2,1@tx,1)]>>
gpu.module @m {
  gpu.func @arity() kernel attributes {known_block_size = array<i32: 32, 1, 1>} {
    %v = tirx.alloc : !V
    // expected-error@+1 {{'tirx.reduce' op expects a body with two arguments per source (2), got 1}}
    %a = tirx.reduce cta srcs(%v : !V) axes = [0, 1] identities = [0.0 : f32] -> f32 {
    ^bb0(%x: f32):
      tirx.reduce_yield %x : f32
    }
    gpu.return
  }
}

// -----

!V = !tirx.buffer<8x64xf32, local, #tirx.layout<S[(8,32,2):(2,1@tx,1)]>>
gpu.module @m {
  gpu.func @arg_type() kernel attributes {known_block_size = array<i32: 32, 1, 1>} {
    %v = tirx.alloc : !V
    // expected-error@+1 {{'tirx.reduce' op expects body argument #1 of type 'f32', got 'f16'}}
    %a = tirx.reduce cta srcs(%v : !V) axes = [0, 1] identities = [0.0 : f32] -> f32 {
    ^bb0(%x: f32, %y: f16):
      tirx.reduce_yield %x : f32
    }
    gpu.return
  }
}

// -----

!V = !tirx.buffer<8x64xf32, local, #tirx.layout<S[(8,32,2):(2,1@tx,1)]>>
gpu.module @m {
  gpu.func @yield_count() kernel attributes {known_block_size = array<i32: 32, 1, 1>} {
    %v = tirx.alloc : !V
    %a = tirx.reduce cta srcs(%v : !V) axes = [0, 1] identities = [0.0 : f32] -> f32 {
    ^bb0(%x: f32, %y: f32):
      // expected-error@+1 {{'tirx.reduce_yield' op expects 1 values, got 2}}
      tirx.reduce_yield %x, %y : f32, f32
    }
    gpu.return
  }
}

// -----

!V = !tirx.buffer<8x64xf32, local, #tirx.layout<S[(8,32,2):(2,1@tx,1)]>>
gpu.module @m {
  gpu.func @yield_type() kernel attributes {known_block_size = array<i32: 32, 1, 1>} {
    %v = tirx.alloc : !V
    %a = tirx.reduce cta srcs(%v : !V) axes = [0, 1] identities = [0.0 : f32] -> f32 {
    ^bb0(%x: f32, %y: f32):
      %c = arith.constant 0 : i32
      // expected-error@+1 {{'tirx.reduce_yield' op expects value #0 of type 'f32', got 'i32'}}
      tirx.reduce_yield %c : i32
    }
    gpu.return
  }
}

// -----

!V = !tirx.buffer<8x64xf32, local, #tirx.layout<S[(8,32,2):(2,1@tx,1)]>>
gpu.module @m {
  gpu.func @effects() kernel attributes {known_block_size = array<i32: 32, 1, 1>} {
    %v = tirx.alloc : !V
    %a = tirx.reduce cta srcs(%v : !V) axes = [0, 1] identities = [0.0 : f32] -> f32 {
    ^bb0(%x: f32, %y: f32):
      // expected-error@+1 {{'gpu.barrier' op has memory effects; a combiner body must be free of them}}
      gpu.barrier
      tirx.reduce_yield %x : f32
    }
    gpu.return
  }
}

// -----

!V = !tirx.buffer<8x64xf32, local, #tirx.layout<S[(8,32,2):(2,1@tx,1)]>>
gpu.module @m {
  gpu.func @regions() kernel attributes {known_block_size = array<i32: 32, 1, 1>} {
    %v = tirx.alloc : !V
    %a = tirx.reduce cta srcs(%v : !V) axes = [0, 1] identities = [0.0 : f32] -> f32 {
    ^bb0(%x: f32, %y: f32):
      %t = arith.constant true
      // expected-error@+1 {{'scf.if' op has regions; a combiner body must be a straight-line scalar computation}}
      %r = scf.if %t -> f32 {
        scf.yield %x : f32
      } else {
        scf.yield %y : f32
      }
      tirx.reduce_yield %r : f32
    }
    gpu.return
  }
}

// -----

!V = !tirx.buffer<8x64xf32, local, #tirx.layout<S[(8,32,2):(2,1@tx,1)]>>
gpu.module @m {
  gpu.func @scan_axis() kernel attributes {known_block_size = array<i32: 32, 1, 1>} {
    %v = tirx.alloc : !V
    %d = tirx.alloc : !V
    // expected-error@+1 {{'tirx.scan' op expects an axis in [0, 2), got 2}}
    tirx.scan cta dsts(%d : !V) srcs(%v : !V) axis = 2 identities = [0.0 : f32] {
    ^bb0(%x: f32, %y: f32):
      tirx.reduce_yield %x : f32
    }
    gpu.return
  }
}

// -----

!V = !tirx.buffer<8x64xf32, local, #tirx.layout<S[(8,32,2):(2,1@tx,1)]>>
!I = !tirx.buffer<8x64xi32, local, #tirx.layout<S[(8,32,2):(2,1@tx,1)]>>
gpu.module @m {
  gpu.func @scan_dst() kernel attributes {known_block_size = array<i32: 32, 1, 1>} {
    %v = tirx.alloc : !V
    %d = tirx.alloc : !I
    // expected-error@+1 {{'tirx.scan' op expects destination #0 of the shape and element type of its source}}
    tirx.scan cta dsts(%d : !I) srcs(%v : !V) axis = 1 identities = [0.0 : f32] {
    ^bb0(%x: f32, %y: f32):
      tirx.reduce_yield %x : f32
    }
    gpu.return
  }
}

// -----

!V = !tirx.buffer<8x64xf32, local, #tirx.layout<S[(8,32,2):(2,1@tx,1)]>>
gpu.module @m {
  gpu.func @scan_dst_count() kernel attributes {known_block_size = array<i32: 32, 1, 1>} {
    %v = tirx.alloc : !V
    // expected-error@+1 {{'tirx.scan' op expects one destination per source (1), got 2}}
    tirx.scan cta dsts(%v, %v : !V, !V) srcs(%v : !V) axis = 1 identities = [0.0 : f32] {
    ^bb0(%x: f32, %y: f32):
      tirx.reduce_yield %x : f32
    }
    gpu.return
  }
}

// -----

gpu.module @m {
  gpu.func @yield_parent() kernel attributes {known_block_size = array<i32: 32, 1, 1>} {
    %c = arith.constant 0.0 : f32
    // expected-error@+1 {{'tirx.reduce_yield' op expects parent op to be one of 'tirx.reduce, tirx.scan'}}
    tirx.reduce_yield %c : f32
    gpu.return
  }
}
