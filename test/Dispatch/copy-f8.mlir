// RUN: not tile-opt %s --split-input-file --tirx-dispatch 2>/dev/null | FileCheck %s
// RUN: not tile-opt %s --split-input-file --tirx-dispatch 2>&1 >/dev/null | FileCheck %s --check-prefix=ERR

// f8 has no LLVM type: global loads and stores of f8 elements go through
// integers of the same width and are bitcast to the f8 vector in registers.
// CHECK-LABEL: gpu.func @f8_load
// CHECK: llvm.getelementptr %{{.*}}[%{{.*}}] : (!llvm.ptr<1>, i64) -> !llvm.ptr<1>, i8
// CHECK: %[[V:.*]] = llvm.load %{{.*}} : !llvm.ptr<1> -> vector<4xi8>
// CHECK: arith.bitcast %[[V]] : vector<4xi8> to vector<4xf8E4M3FN>
// CHECK: gpu.return
!L = !tirx.buffer<1024xf8E4M3FN, local, #tirx.layout<S[(2,128,4):(4,1@tx,1)]>>
!G = !tirx.buffer<1024xf8E4M3FN, global>
gpu.module @m [#nvvm.target<chip = "sm_90">] {
  gpu.func @f8_load(%p: !llvm.ptr<1>) kernel attributes {known_block_size = array<i32: 128, 1, 1>} {
    %g = tirx.global_view %p sizes [1024] strides [1] {alignment = 16 : i64} : !llvm.ptr<1> -> !G
    %r = tirx.region %g [0] : !G -> !G
    %a = tirx.alloc : !L
    tirx.copy cta %a, %r : !L, !G
    gpu.return
  }
}

// -----

// Sub-byte elements cannot be addressed by LLVM loads: every variant says so.
// ERR: error: 'tirx.copy' op has no applicable variant on target 'cuda' (sm_90)
// ERR: note: vec_auto (prio=10): copyPair: element type is not a whole number of bytes (f4, tf32)
// ERR: note: fallback (prio=0): copyPair: element type is not a whole number of bytes
!L4 = !tirx.buffer<1024xf4E2M1FN, local, #tirx.layout<S[(2,128,4):(4,1@tx,1)]>>
!G4 = !tirx.buffer<1024xf4E2M1FN, global>
gpu.module @m4 [#nvvm.target<chip = "sm_90">] {
  gpu.func @f4_load(%p: !llvm.ptr<1>) kernel attributes {known_block_size = array<i32: 128, 1, 1>} {
    %g = tirx.global_view %p sizes [1024] strides [1] {alignment = 16 : i64} : !llvm.ptr<1> -> !G4
    %r = tirx.region %g [0] : !G4 -> !G4
    %a = tirx.alloc : !L4
    tirx.copy cta %a, %r : !L4, !G4
    gpu.return
  }
}
