// RUN: tile-opt %s --convert-cuda-tile-to-tirx | FileCheck %s

// alloca: one device malloc per tile block at the entry's start (thread 0,
// broadcast through a shared slot), even for an alloca in a loop body (its
// lifetime is the body, so every iteration may get the same memory); the
// requested alignment is applied to the address; a barrier and thread 0's
// free before the return.

// CHECK-DAG: llvm.func @free(!llvm.ptr)
// CHECK-DAG: llvm.func @malloc(i64) -> !llvm.ptr
// CHECK-LABEL: gpu.func @loop(
// CHECK-SAME: workgroup(%[[SLOT:.*]] : memref<1xi64, #gpu.address_space<workgroup>>)
// CHECK: scf.if
// CHECK: %[[P:.*]] = llvm.call @malloc(%{{.*}}) : (i64) -> !llvm.ptr
// CHECK: %[[G:.*]] = llvm.addrspacecast %[[P]] : !llvm.ptr to !llvm.ptr<1>
// CHECK: %[[A:.*]] = llvm.ptrtoint %[[G]]
// CHECK: cf.assert %{{.*}}, "alloca: device malloc of 64 bytes failed
// CHECK: memref.store %[[A]], %[[SLOT]]
// CHECK: gpu.barrier
// CHECK: %[[RAW:.*]] = memref.load %[[SLOT]]
// CHECK: %[[UP:.*]] = arith.addi %[[RAW]], %c63_i64
// CHECK: %[[BASE:.*]] = arith.andi %[[UP]],
// CHECK: %[[PTR:.*]] = llvm.inttoptr %{{.*}} : i64 to !llvm.ptr<1>
// CHECK: scf.for
// CHECK: llvm.store %{{.*}}, %[[PTR]]
// CHECK: gpu.barrier
// CHECK: scf.if
// CHECK: %[[F:.*]] = llvm.inttoptr %[[RAW]] : i64 to !llvm.ptr<1>
// CHECK: %[[FG:.*]] = llvm.addrspacecast %[[F]] : !llvm.ptr<1> to !llvm.ptr
// CHECK: llvm.call @free(%[[FG]])
// CHECK: gpu.return
cuda_tile.module @m {
  entry @loop(%x: tile<ptr<f32>>, %n: tile<i32>) {
    %c0 = constant <i32: 0> : tile<i32>
    %c1 = constant <i32: 1> : tile<i32>
    for %i in (%c0 to %n, step %c1) : tile<i32> {
      %s = alloca num_elem = 4, alignment = 64 : tile<ptr<f32>>
      %v = constant <f32: 1.0> : tile<f32>
      %t = store_ptr_tko weak %s, %v : tile<ptr<f32>>, tile<f32> -> token
    }
    return
  }
}
