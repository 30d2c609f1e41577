// RUN: tile-opt %s -split-input-file -verify-diagnostics

// tirx.map: one case per verifier message.

!L = !tirx.buffer<1024xf32, local, #tirx.layout<S[(2,128,4):(4,1@tx,1)]>>
!S = !tirx.buffer<512xf32, local, #tirx.layout<S[(128,4):(1@tx,1)]>>
gpu.module @m {
  gpu.func @shape(%a: !S) kernel attributes {known_block_size = array<i32: 128, 1, 1>} {
    %d = tirx.alloc : !L
    // expected-error@+1 {{'tirx.map' op expects input #0 to have the destination shape, got '!tirx.buffer<512xf32, local, <S[(128,4):(1@tx,1)]>>'}}
    tirx.map cta %d, %a : !L, !S {
    ^bb0(%x: f32):
      tirx.yield %x : f32
    }
    gpu.return
  }
}

// -----

!L = !tirx.buffer<1024xf32, local, #tirx.layout<S[(2,128,4):(4,1@tx,1)]>>
gpu.module @m {
  gpu.func @arity(%a: !L) kernel attributes {known_block_size = array<i32: 128, 1, 1>} {
    %d = tirx.alloc : !L
    // expected-error@+1 {{'tirx.map' op expects one body argument per input (1), got 2}}
    tirx.map cta %d, %a : !L, !L {
    ^bb0(%x: f32, %y: f32):
      tirx.yield %x : f32
    }
    gpu.return
  }
}

// -----

!L = !tirx.buffer<1024xf32, local, #tirx.layout<S[(2,128,4):(4,1@tx,1)]>>
gpu.module @m {
  gpu.func @argtype(%a: !L) kernel attributes {known_block_size = array<i32: 128, 1, 1>} {
    %d = tirx.alloc : !L
    // expected-error@+1 {{'tirx.map' op expects body argument #0 of type 'f32', got 'f16'}}
    tirx.map cta %d, %a : !L, !L {
    ^bb0(%x: f16):
      %e = arith.extf %x : f16 to f32
      tirx.yield %e : f32
    }
    gpu.return
  }
}

// -----

!L = !tirx.buffer<1024xf32, local, #tirx.layout<S[(2,128,4):(4,1@tx,1)]>>
gpu.module @m {
  gpu.func @yieldtype(%a: !L) kernel attributes {known_block_size = array<i32: 128, 1, 1>} {
    %d = tirx.alloc : !L
    tirx.map cta %d, %a : !L, !L {
    ^bb0(%x: f32):
      %t = arith.truncf %x : f32 to f16
      // expected-error@+1 {{'tirx.yield' op expects a value of the destination element type 'f32', got 'f16'}}
      tirx.yield %t : f16
    }
    gpu.return
  }
}

// -----

!L = !tirx.buffer<1024xf32, local, #tirx.layout<S[(2,128,4):(4,1@tx,1)]>>
gpu.module @m {
  gpu.func @effects(%a: !L, %p: !llvm.ptr<1>) kernel attributes {known_block_size = array<i32: 128, 1, 1>} {
    %d = tirx.alloc : !L
    tirx.map cta %d, %a : !L, !L {
    ^bb0(%x: f32):
      // expected-error@+1 {{'llvm.load' op has memory effects; a tirx.map body must be free of them}}
      %v = llvm.load %p : !llvm.ptr<1> -> f32
      tirx.yield %v : f32
    }
    gpu.return
  }
}

// -----

!L = !tirx.buffer<1024xf32, local, #tirx.layout<S[(2,128,4):(4,1@tx,1)]>>
gpu.module @m {
  gpu.func @regions(%a: !L, %c: i1) kernel attributes {known_block_size = array<i32: 128, 1, 1>} {
    %d = tirx.alloc : !L
    tirx.map cta %d, %a : !L, !L {
    ^bb0(%x: f32):
      // expected-error@+1 {{'scf.if' op has regions; a tirx.map body must be a straight-line scalar computation}}
      %v = scf.if %c -> f32 {
        scf.yield %x : f32
      } else {
        scf.yield %x : f32
      }
      tirx.yield %v : f32
    }
    gpu.return
  }
}
