// RUN: tile-opt %s --tirx-dispatch=report=true -verify-diagnostics | FileCheck %s

// With report=true, every primitive gets a remark naming its variant and one
// note per higher-priority variant that was rejected, with the reasons.

!L = !tirx.buffer<256xf32, local, #tirx.layout<S[(128,2):(1@tx,1)]>>
!G = !tirx.buffer<256xf32, global>

gpu.module @m [#nvvm.target<chip = "sm_90">] {
  // CHECK-LABEL: gpu.func @report
  gpu.func @report(%p: !llvm.ptr<1>, %x: !L) kernel attributes {known_block_size = array<i32: 128, 1, 1>} {
    %g = tirx.global_view %p sizes [4096] strides [1] {alignment = 16 : i64} : !llvm.ptr<1> -> !tirx.buffer<4096xf32, global>
    %r = tirx.region %g [0] : !tirx.buffer<4096xf32, global> -> !G
    %a = tirx.alloc : !L
    // expected-remark@+9 {{tirx.copy -> variant 'vec_auto'}}
    // expected-note@+8 {{staged (prio=20) rejected: stagedStorePlan: stages register -> global copies only}}
    // expected-note@+7 {{vec_256b (prio=30) rejected: forcedOnly: only used when forced with dispatch = "vec_256b"; chipAtLeast: needs sm_100 or newer, target is sm_90}}
    // expected-note@+6 {{ldstmatrix (prio=10) rejected: matrixFragment: needs a local and a shared operand}}
    // expected-note@+5 {{vec_128b (prio=30) rejected: forcedOnly: only used when forced with dispatch = "vec_128b"}}
    // expected-note@+4 {{vec_16b (prio=30) rejected: forcedOnly: only used when forced with dispatch = "vec_16b"}}
    // expected-note@+3 {{vec_32b (prio=30) rejected: forcedOnly: only used when forced with dispatch = "vec_32b"}}
    // expected-note@+2 {{vec_64b (prio=30) rejected: forcedOnly: only used when forced with dispatch = "vec_64b"}}
    // expected-note@+1 {{reg (prio=10) rejected: operandsInScope: operand #1 is global, expected local}}
    tirx.copy cta %a, %r : !L, !G
    // The first variant fits: no notes.
    // expected-remark@+1 {{tirx.exp -> variant 'reg'}}
    tirx.exp cta %a, %x : !L, !L
    // A forced variant is the only one tried.
    // expected-remark@+1 {{tirx.copy -> variant 'vec_32b'}}
    tirx.copy cta %a, %r {dispatch = "vec_32b"} : !L, !G
    // CHECK: llvm.load %{{.*}} {alignment = 8 : i64} : !llvm.ptr<1> -> vector<2xf32>
    // CHECK: math.exp
    // CHECK: llvm.load %{{.*}} {alignment = 4 : i64} : !llvm.ptr<1> -> f32
    // CHECK-NOT: tirx.copy
    // CHECK-NOT: tirx.exp
    gpu.return
  }
}
