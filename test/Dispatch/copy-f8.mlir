// RUN: not tile-opt %s --tirx-dispatch 2>&1 | FileCheck %s

// Global and shared copies are LLVM loads and stores; f8 has no LLVM type,
// so every copy variant rejects it with a reason instead of crashing later
// in the LLVM export.
// CHECK: error: 'tirx.copy' op has no applicable variant on target 'cuda' (sm_90)
// CHECK: note: vec_auto (prio=10): copyPair: element type has no LLVM type for memory accesses (copy f8 data as i8 buffers)
// CHECK: note: fallback (prio=0): copyPair: element type has no LLVM type for memory accesses

!L = !tirx.buffer<1024xf8E4M3FN, local, #tirx.layout<S[(2,128,4):(4,1@tx,1)]>>
!G = !tirx.buffer<1024xf8E4M3FN, global>
gpu.module @m [#nvvm.target<chip = "sm_90">] {
  gpu.func @k(%p: !llvm.ptr<1>) kernel attributes {known_block_size = array<i32: 128, 1, 1>} {
    %g = tirx.global_view %p sizes [1024] strides [1] {alignment = 16 : i64} : !llvm.ptr<1> -> !G
    %r = tirx.region %g [0] : !G -> !G
    %a = tirx.alloc : !L
    tirx.copy cta %a, %r : !L, !G
    gpu.return
  }
}
