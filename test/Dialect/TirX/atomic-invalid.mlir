// RUN: tile-opt %s -split-input-file -verify-diagnostics

// tirx.atomic and tirx.for_each: one case per verifier message.

!P = !tirx.buffer<256xi64, local, #tirx.layout<S[(128,2):(1@tx,1)]>>
!I = !tirx.buffer<256xi32, local, #tirx.layout<S[(128,2):(1@tx,1)]>>
gpu.module @m {
  gpu.func @ptrs(%p: !I, %v: !I) kernel {
    // expected-error@+1 {{'tirx.atomic' op expects ptrs element type i64, got 'i32'}}
    tirx.atomic cta %p, %v {kind = "add", ordering = "monotonic", syncscope = "device"} : !I, !I
    gpu.return
  }
}

// -----

!P = !tirx.buffer<256xi64, local, #tirx.layout<S[(128,2):(1@tx,1)]>>
!S = !tirx.buffer<128xi32, local, #tirx.layout<S[128:1@tx]>>
gpu.module @m {
  gpu.func @value_shape(%p: !P, %v: !S) kernel {
    // expected-error@+1 {{'tirx.atomic' op expects value to have the destination shape, got '!tirx.buffer<128xi32, local, <S[128:1@tx]>>'}}
    tirx.atomic cta %p, %v {kind = "add", ordering = "monotonic", syncscope = "device"} : !P, !S
    gpu.return
  }
}

// -----

!P = !tirx.buffer<256xi64, local, #tirx.layout<S[(128,2):(1@tx,1)]>>
!I = !tirx.buffer<256xi32, local, #tirx.layout<S[(128,2):(1@tx,1)]>>
!F = !tirx.buffer<256xf32, local, #tirx.layout<S[(128,2):(1@tx,1)]>>
gpu.module @m {
  gpu.func @dst_type(%p: !P, %v: !I, %d: !F) kernel {
    // expected-error@+1 {{'tirx.atomic' op expects dst element type 'i32', got 'f32'}}
    tirx.atomic cta into %d : !F %p, %v {kind = "add", ordering = "monotonic", syncscope = "device"} : !P, !I
    gpu.return
  }
}

// -----

!P = !tirx.buffer<256xi64, local, #tirx.layout<S[(128,2):(1@tx,1)]>>
!I = !tirx.buffer<256xi32, local, #tirx.layout<S[(128,2):(1@tx,1)]>>
gpu.module @m {
  gpu.func @mask_type(%p: !P, %v: !I) kernel {
    // expected-error@+1 {{'tirx.atomic' op expects mask element type 'i1', got 'i32'}}
    tirx.atomic cta %p, %v mask %v : !I {kind = "add", ordering = "monotonic", syncscope = "device"} : !P, !I
    gpu.return
  }
}

// -----

!P = !tirx.buffer<256xi64, local, #tirx.layout<S[(128,2):(1@tx,1)]>>
!I = !tirx.buffer<256xi32, local, #tirx.layout<S[(128,2):(1@tx,1)]>>
gpu.module @m {
  gpu.func @cas_without_cmp(%p: !P, %v: !I) kernel {
    // expected-error@+1 {{'tirx.atomic' op expects a cmp operand exactly when kind is "cas", got kind "cas"}}
    tirx.atomic cta %p, %v {kind = "cas", ordering = "monotonic", syncscope = "device"} : !P, !I
    gpu.return
  }
}

// -----

!P = !tirx.buffer<256xi64, local, #tirx.layout<S[(128,2):(1@tx,1)]>>
!I = !tirx.buffer<256xi32, local, #tirx.layout<S[(128,2):(1@tx,1)]>>
!F = !tirx.buffer<256xf32, local, #tirx.layout<S[(128,2):(1@tx,1)]>>
gpu.module @m {
  gpu.func @cmp_type(%p: !P, %v: !I, %c: !F) kernel {
    // expected-error@+1 {{'tirx.atomic' op expects cmp element type 'i32', got 'f32'}}
    tirx.atomic cta %p, %v cmp %c : !F {kind = "cas", ordering = "monotonic", syncscope = "device"} : !P, !I
    gpu.return
  }
}

// -----

!P = !tirx.buffer<256xi64, local, #tirx.layout<S[(128,2):(1@tx,1)]>>
!I = !tirx.buffer<256xi32, local, #tirx.layout<S[(128,2):(1@tx,1)]>>
gpu.module @m {
  gpu.func @fadd_int(%p: !P, %v: !I) kernel {
    // expected-error@+1 {{'tirx.atomic' op expects a float value for kind "fadd", got 'i32'}}
    tirx.atomic cta %p, %v {kind = "fadd", ordering = "monotonic", syncscope = "device"} : !P, !I
    gpu.return
  }
}

// -----

!P = !tirx.buffer<256xi64, local, #tirx.layout<S[(128,2):(1@tx,1)]>>
!F = !tirx.buffer<256xf32, local, #tirx.layout<S[(128,2):(1@tx,1)]>>
gpu.module @m {
  gpu.func @max_float(%p: !P, %v: !F) kernel {
    // expected-error@+1 {{'tirx.atomic' op expects an integer value for kind "max", got 'f32'}}
    tirx.atomic cta %p, %v {kind = "max", ordering = "monotonic", syncscope = "device"} : !P, !F
    gpu.return
  }
}

// -----

!P = !tirx.buffer<256xi64, local, #tirx.layout<S[(128,2):(1@tx,1)]>>
!I = !tirx.buffer<256xi32, local, #tirx.layout<S[(128,2):(1@tx,1)]>>
gpu.module @m {
  gpu.func @scope(%p: !P, %v: !I) kernel {
    // expected-error@+1 {{'tirx.atomic' op expects syncscope "block", "cluster", "device" or "", got "gpu"}}
    tirx.atomic cta %p, %v {kind = "add", ordering = "monotonic", syncscope = "gpu"} : !P, !I
    gpu.return
  }
}

// -----

!P = !tirx.buffer<256xi64, local, #tirx.layout<S[(128,2):(1@tx,1)]>>
!I = !tirx.buffer<256xi32, local, #tirx.layout<S[(128,2):(1@tx,1)]>>
gpu.module @m {
  gpu.func @ordering(%p: !P, %v: !I) kernel {
    // expected-error@+1 {{'tirx.atomic' op attribute 'ordering' failed to satisfy constraint}}
    tirx.atomic cta %p, %v {kind = "add", ordering = "relaxed", syncscope = "device"} : !P, !I
    gpu.return
  }
}

// -----

gpu.module @m {
  gpu.func @no_buffer(%x: i32) kernel {
    // expected-error@+1 {{'tirx.for_each' op expects at least one buffer input}}
    tirx.for_each cta %x : i32 {
    ^bb0(%v: i32, %i: i64):
    }
    gpu.return
  }
}

// -----

!I = !tirx.buffer<256xi32, local, #tirx.layout<S[(128,2):(1@tx,1)]>>
!S = !tirx.buffer<128xi32, local, #tirx.layout<S[128:1@tx]>>
gpu.module @m {
  gpu.func @shapes(%a: !I, %b: !S) kernel {
    // expected-error@+1 {{'tirx.for_each' op expects every buffer input to have one shape, got '!tirx.buffer<128xi32, local, <S[128:1@tx]>>' for input #1}}
    tirx.for_each cta %a, %b : !I, !S {
    ^bb0(%v: i32, %w: i32, %i: i64):
    }
    gpu.return
  }
}

// -----

!I = !tirx.buffer<256xi32, local, #tirx.layout<S[(128,2):(1@tx,1)]>>
gpu.module @m {
  gpu.func @arity(%a: !I) kernel {
    // expected-error@+1 {{'tirx.for_each' op expects one body argument per input plus the flat index (2), got 1}}
    tirx.for_each cta %a : !I {
    ^bb0(%v: i32):
    }
    gpu.return
  }
}

// -----

!I = !tirx.buffer<256xi32, local, #tirx.layout<S[(128,2):(1@tx,1)]>>
gpu.module @m {
  gpu.func @arg_type(%a: !I) kernel {
    // expected-error@+1 {{'tirx.for_each' op expects body argument #0 of type 'i32', got 'f32'}}
    tirx.for_each cta %a : !I {
    ^bb0(%v: f32, %i: i64):
    }
    gpu.return
  }
}

// -----

!I = !tirx.buffer<256xi32, local, #tirx.layout<S[(128,2):(1@tx,1)]>>
gpu.module @m {
  gpu.func @index_type(%a: !I) kernel {
    // expected-error@+1 {{'tirx.for_each' op expects the last body argument to be the i64 flat index, got 'i32'}}
    tirx.for_each cta %a : !I {
    ^bb0(%v: i32, %i: i32):
    }
    gpu.return
  }
}

// -----

!I = !tirx.buffer<256xi1, local, #tirx.layout<S[(128,2):(1@tx,1)]>>
gpu.module @m {
  gpu.func @region(%a: !I, %b: !I) kernel {
    tirx.for_each cta %a : !I {
    ^bb0(%v: i1, %i: i64):
      scf.if %v {
        // expected-error@+1 {{'tirx.fill' op is a tile primitive; a tirx.for_each body is scalar code}}
        tirx.fill cta %b, %v : !I, i1
      }
    }
    gpu.return
  }
}

// -----

!P = !tirx.buffer<256xi64, local, #tirx.layout<S[(128,2):(1@tx,1)]>>
!I = !tirx.buffer<256xi32, local, #tirx.layout<S[(128,2):(1@tx,1)]>>
gpu.module @m {
  gpu.func @window_size(%p: !P, %v: !I, %w: i64) kernel {
    // expected-error@+1 {{'tirx.atomic' op expects a positive window size, got 0}}
    tirx.atomic cta %p, %v window %w [0] {kind = "add", ordering = "monotonic", syncscope = "device"} : !P, !I
    gpu.return
  }
}

// -----

!P = !tirx.buffer<256xi64, local, #tirx.layout<S[(128,2):(1@tx,1)]>>
!I = !tirx.buffer<256xi32, local, #tirx.layout<S[(128,2):(1@tx,1)]>>
gpu.module @m {
  gpu.func @window_alone(%p: !P, %v: !I, %w: i64) kernel {
    // expected-error@+1 {{'tirx.atomic' op expects a window address and size together}}
    "tirx.atomic"(%p, %v, %w) <{kind = "add", operandSegmentSizes = array<i32: 0, 1, 1, 0, 0, 1>, ordering = "monotonic", scope = #tirx<scope cta>, syncscope = "device"}> : (!P, !I, i64) -> ()
    gpu.return
  }
}
