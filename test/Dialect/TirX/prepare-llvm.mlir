// RUN: tile-opt %s --pass-pipeline='builtin.module(gpu.module(tirx-prepare-llvm))' | FileCheck %s
// RUN: tile-opt %s --pass-pipeline='builtin.module(gpu.module(tirx-prepare-llvm{array-alloca-min-elements=0}))' | FileCheck %s --check-prefix=NONE

// tirx-prepare-llvm: extractvalue of an insertvalue chain becomes the
// inserted value (the wgmma accumulator struct, memref descriptors); the
// chains left without users are erased; other ops are left alone. Allocas
// of a constant count of at least 64 (array-alloca-min-elements) take an
// array type; smaller and dynamic counts keep theirs.

// CHECK-LABEL: llvm.func @chain
// CHECK-SAME: (%[[A:.*]]: f32, %[[B:.*]]: f32, %[[P:.*]]: !llvm.ptr)
// CHECK-NOT: llvm.insertvalue
// CHECK-NOT: llvm.extractvalue
// CHECK: %[[S:.*]] = llvm.fadd %[[B]], %[[A]]
// CHECK: llvm.store %[[S]], %[[P]]
// CHECK-LABEL: llvm.func @registers
// CHECK: %[[ONE:.*]] = llvm.mlir.constant(1 : i64) : i64
// CHECK: %[[A:.*]] = llvm.alloca %[[ONE]] x !llvm.array<128 x f32> {alignment = 4 : i64}
// CHECK: llvm.alloca %{{.*}} x f32 {alignment = 4 : i64} : (i64) -> !llvm.ptr
// CHECK: llvm.alloca %{{.*}} x f32 : (i64) -> !llvm.ptr
// CHECK: llvm.getelementptr %[[A]][3] : (!llvm.ptr) -> !llvm.ptr, f32
// NONE-LABEL: llvm.func @registers
// NONE-NOT: llvm.array
// NONE-LABEL: llvm.func @use
// CHECK-LABEL: llvm.func @kept
// CHECK: llvm.insertvalue
// CHECK: llvm.call @use
// CHECK: %[[X:.*]] = llvm.extractvalue
// CHECK: llvm.fadd %[[X]], %[[X]]
gpu.module @m {
  llvm.func @chain(%a: f32, %b: f32, %p: !llvm.ptr) {
    %u = llvm.mlir.undef : !llvm.struct<(f32, f32)>
    %s0 = llvm.insertvalue %a, %u[0] : !llvm.struct<(f32, f32)>
    %s1 = llvm.insertvalue %b, %s0[1] : !llvm.struct<(f32, f32)>
    %x = llvm.extractvalue %s1[0] : !llvm.struct<(f32, f32)>
    %y = llvm.extractvalue %s1[1] : !llvm.struct<(f32, f32)>
    %s = llvm.fadd %y, %x : f32
    llvm.store %s, %p : f32, !llvm.ptr
    llvm.return
  }
  llvm.func @registers(%n: i64, %v: f32) {
    %c128 = llvm.mlir.constant(128 : index) : i64
    %a = llvm.alloca %c128 x f32 {alignment = 4 : i64} : (i64) -> !llvm.ptr
    %c8 = llvm.mlir.constant(8 : index) : i64
    %small = llvm.alloca %c8 x f32 {alignment = 4 : i64} : (i64) -> !llvm.ptr
    llvm.store %v, %small : f32, !llvm.ptr
    %d = llvm.alloca %n x f32 : (i64) -> !llvm.ptr
    %p = llvm.getelementptr %a[3] : (!llvm.ptr) -> !llvm.ptr, f32
    llvm.store %v, %p : f32, !llvm.ptr
    llvm.store %v, %d : f32, !llvm.ptr
    llvm.return
  }
  llvm.func @use(!llvm.struct<(f32, f32)>) -> !llvm.struct<(f32, f32)>
  llvm.func @kept(%a: f32, %p: !llvm.ptr) {
    %u = llvm.mlir.undef : !llvm.struct<(f32, f32)>
    %s0 = llvm.insertvalue %a, %u[0] : !llvm.struct<(f32, f32)>
    %r = llvm.call @use(%s0) : (!llvm.struct<(f32, f32)>) -> !llvm.struct<(f32, f32)>
    %x = llvm.extractvalue %r[1] : !llvm.struct<(f32, f32)>
    %s = llvm.fadd %x, %x : f32
    llvm.store %s, %p : f32, !llvm.ptr
    llvm.return
  }
}
