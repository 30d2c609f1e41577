// RUN: not tile-opt %s --tirx-dispatch 2>&1 | FileCheck %s

// Regression test (fixed): no dispatch predicate compares the threads a layout spans with the
// CTA size. A cta-scope copy whose layout uses 256 threads (tx & 255) is
// dispatched to vec_auto in a 128-thread kernel, so half of the tile is never
// loaded. layoutThreadAxesMatchScope (lib/Dispatch/Predicates.cpp) checks
// only the scope kind; it should also reject a layout whose thread extent
// exceeds DispatchContext::getScopeThreads(). It does, and the op verifier
// now rejects such a program before dispatch.

// CHECK: error: 'tirx.copy' op expects register operand #0 to name at most the 128 threads of the cta, its layout #tirx.layout<S[(256,4):(1@tx,1)]> names 256
!L = !tirx.buffer<1024xf32, local, #tirx.layout<S[(256,4):(1@tx,1)]>>
gpu.module @m [#nvvm.target<chip = "sm_90">] {
  gpu.func @too_many_threads(%p: !llvm.ptr<1>) kernel attributes {known_block_size = array<i32: 128, 1, 1>} {
    %g = tirx.global_view %p sizes [1024] strides [1] {alignment = 16 : i64} : !llvm.ptr<1> -> !tirx.buffer<1024xf32, global>
    %r = tirx.region %g [0] : !tirx.buffer<1024xf32, global> -> !tirx.buffer<1024xf32, global>
    %a = tirx.alloc : !L
    tirx.copy cta %a, %r : !L, !tirx.buffer<1024xf32, global>
    gpu.return
  }
}
