// RUN: tile-opt %s --pass-pipeline='builtin.module(gpu.module(tirx-fold-aggregates))' | FileCheck %s

// tirx-fold-aggregates: extractvalue of an insertvalue chain becomes the
// inserted value (the wgmma accumulator struct, memref descriptors); the
// chains left without users are erased; other ops are left alone.

// CHECK-LABEL: llvm.func @chain
// CHECK-SAME: (%[[A:.*]]: f32, %[[B:.*]]: f32, %[[P:.*]]: !llvm.ptr)
// CHECK-NOT: llvm.insertvalue
// CHECK-NOT: llvm.extractvalue
// CHECK: %[[S:.*]] = llvm.fadd %[[B]], %[[A]]
// CHECK: llvm.store %[[S]], %[[P]]
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
