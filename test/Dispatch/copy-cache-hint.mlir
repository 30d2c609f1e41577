// RUN: tile-opt %s --split-input-file --tirx-dispatch --verify-diagnostics | FileCheck %s

// config = {cache_hint = ...} on a global -> register tirx.copy: every global
// load (the 16-byte vectors, and the element-wise loads of the masked path)
// is an ld.global with those L1 eviction priority; stores, and
// copies without the key, keep plain llvm.load / llvm.store.

!L = !tirx.buffer<1024xf32, local, #tirx.layout<S[(2,128,4):(4,1@tx,1)]>>
!G = !tirx.buffer<1024xf32, global>

gpu.module @hints [#nvvm.target<chip = "sm_90">] {

// CHECK-LABEL: gpu.func @no_allocate
// Vector path: two 16-byte loads, four i32 results each, as vector<4xf32>.
// CHECK: scf.if
// CHECK: %[[R:.*]]:4 = nvvm.inline_ptx "ld.global.L1::no_allocate.v4.b32 {$0, $1, $2, $3}, [$4];" ro(%{{.*}} : !llvm.ptr<1>) -> i32, i32, i32, i32
// CHECK: %[[V:.*]] = vector.from_elements %[[R]]#0, %[[R]]#1, %[[R]]#2, %[[R]]#3 : vector<4xi32>
// CHECK: llvm.bitcast %[[V]] : vector<4xi32> to vector<4xf32>
// CHECK: nvvm.inline_ptx "ld.global.L1::no_allocate.v4.b32 {$0, $1, $2, $3}, [$4];"
// CHECK-NOT: llvm.load
// Masked path: one 4-byte load per element, under its bound check.
// CHECK: } else {
// CHECK: %[[S:.*]] = nvvm.inline_ptx "ld.global.L1::no_allocate.b32 $0, [$1];" ro(%{{.*}} : !llvm.ptr<1>) -> i32
// CHECK: llvm.bitcast %[[S]] : i32 to f32
// CHECK-NOT: llvm.load
// CHECK: gpu.return
gpu.func @no_allocate(%p: !llvm.ptr<1>, %n: index) kernel attributes {known_block_size = array<i32: 128, 1, 1>} {
  %g = tirx.global_view %p sizes [%n] strides [1] {alignment = 16 : i64} : !llvm.ptr<1> -> !tirx.buffer<?xf32, global>
  %r = tirx.region %g [1024] : !tirx.buffer<?xf32, global> -> !G
  %a = tirx.alloc : !L
  tirx.copy cta %a, %r {config = {cache_hint = "L1::no_allocate"}} : !L, !G
  gpu.return
}

// evict_last, 2-byte elements: the masked path loads .b16 into i16.
// CHECK-LABEL: gpu.func @evict_last_f16
// CHECK: nvvm.inline_ptx "ld.global.L1::evict_last.v4.b32 {$0, $1, $2, $3}, [$4];"
// CHECK: llvm.bitcast %{{.*}} : vector<4xi32> to vector<8xf16>
// CHECK: nvvm.inline_ptx "ld.global.L1::evict_last.b16 $0, [$1];" ro(%{{.*}} : !llvm.ptr<1>) -> i16
// CHECK: llvm.bitcast %{{.*}} : i16 to f16
gpu.func @evict_last_f16(%p: !llvm.ptr<1>, %n: index) kernel attributes {known_block_size = array<i32: 128, 1, 1>} {
  %g = tirx.global_view %p sizes [%n] strides [1] {alignment = 16 : i64} : !llvm.ptr<1> -> !tirx.buffer<?xf16, global>
  %r = tirx.region %g [1024] : !tirx.buffer<?xf16, global> -> !tirx.buffer<1024xf16, global>
  %a = tirx.alloc : !tirx.buffer<1024xf16, local, #tirx.layout<S[(128,8):(1@tx,1)]>>
  tirx.copy cta %a, %r {config = {cache_hint = "L1::evict_last"}} : !tirx.buffer<1024xf16, local, #tirx.layout<S[(128,8):(1@tx,1)]>>, !tirx.buffer<1024xf16, global>
  gpu.return
}

// Register -> global: the hint concerns loads only; the store is plain.
// CHECK-LABEL: gpu.func @store_plain
// CHECK-NOT: nvvm.inline_ptx
// CHECK: llvm.store
// CHECK: gpu.return
gpu.func @store_plain(%p: !llvm.ptr<1>) kernel attributes {known_block_size = array<i32: 128, 1, 1>} {
  %g = tirx.global_view %p sizes [4096] strides [1] {alignment = 16 : i64} : !llvm.ptr<1> -> !tirx.buffer<4096xf32, global>
  %r = tirx.region %g [1024] : !tirx.buffer<4096xf32, global> -> !G
  %a = tirx.alloc : !L
  tirx.copy cta %r, %a {config = {cache_hint = "L1::no_allocate"}} : !G, !L
  gpu.return
}

}

// -----

!L = !tirx.buffer<1024xf32, local, #tirx.layout<S[(2,128,4):(4,1@tx,1)]>>
!G = !tirx.buffer<1024xf32, global>

gpu.module @bad [#nvvm.target<chip = "sm_90">] {
gpu.func @bad_hint(%p: !llvm.ptr<1>) kernel {
  %g = tirx.global_view %p sizes [4096] strides [1] {alignment = 16 : i64} : !llvm.ptr<1> -> !tirx.buffer<4096xf32, global>
  %r = tirx.region %g [1024] : !tirx.buffer<4096xf32, global> -> !G
  %a = tirx.alloc : !L
  // expected-error @+1 {{expects cache_hint to be L1::evict_normal, L1::evict_unchanged, L1::evict_first, L1::evict_last or L1::no_allocate, got "L2::no_allocate"}}
  tirx.copy cta %a, %r {config = {cache_hint = "L2::no_allocate"}} : !L, !G
  gpu.return
}
}

// -----

!L = !tirx.buffer<1024xf32, local, #tirx.layout<S[(2,128,4):(4,1@tx,1)]>>
!G = !tirx.buffer<1024xf32, global>

gpu.module @bad2 [#nvvm.target<chip = "sm_90">] {
gpu.func @hint_not_string(%p: !llvm.ptr<1>) kernel {
  %g = tirx.global_view %p sizes [4096] strides [1] {alignment = 16 : i64} : !llvm.ptr<1> -> !tirx.buffer<4096xf32, global>
  %r = tirx.region %g [1024] : !tirx.buffer<4096xf32, global> -> !G
  %a = tirx.alloc : !L
  // expected-error @+1 {{expects config cache_hint to be a string}}
  tirx.copy cta %a, %r {config = {cache_hint = 1 : i32}} : !L, !G
  gpu.return
}
}

