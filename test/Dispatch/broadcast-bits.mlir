// RUN: tile-opt %s --tirx-dispatch -split-input-file | FileCheck %s

// Broadcast bits (stride 0: one register standing for several logical
// elements, as a cuda_tile broadcast's view makes them) still name distinct
// elements: a copy to memory writes each of them, a reduction over them
// combines the register with itself, an atomic or a pointer store visits
// each.

// A (2, 1024, 1) register tile broadcast over its first dimension, copied
// to shared memory: both rows are written (element offsets 0, 1, 512, 513
// and, for row 1, 1024 more).
// CHECK-LABEL: gpu.func @copy_to_shared
// CHECK-COUNT-4: llvm.store
// CHECK: %[[R1:.*]] = arith.addi %[[T:.*]], %c1024_i32 : i32
// CHECK: %[[P:.*]] = llvm.getelementptr %{{.*}}[%[[R1]]] : (!llvm.ptr<3>, i32) -> !llvm.ptr<3>, f32
// CHECK: llvm.store %{{.*}}, %[[P]]
// CHECK: arith.addi %[[T]], %c1025_i32 : i32
// CHECK: llvm.store
// CHECK: arith.addi %[[T]], %c1536_i32 : i32
// CHECK: llvm.store
// CHECK: arith.addi %[[T]], %c1537_i32 : i32
// CHECK: llvm.store
// CHECK-NOT: llvm.store
gpu.module @m [#nvvm.target<chip = "sm_90">] {
gpu.func @copy_to_shared(%src: !tirx.buffer<2x1024x1xf32, local, #tirx.layout<S[(2,2,256,2):(0,4,1@tx,2)]>>) kernel attributes {known_block_size = array<i32: 256, 1, 1>} {
  %s = tirx.alloc : !tirx.buffer<2x1024x1xf32, shared, #tirx.layout<S[2048:1]>>
  tirx.copy cta %s, %src : !tirx.buffer<2x1024x1xf32, shared, #tirx.layout<S[2048:1]>>, !tirx.buffer<2x1024x1xf32, local, #tirx.layout<S[(2,2,256,2):(0,4,1@tx,2)]>>
  gpu.return
}
}

// -----

// sum over the broadcast axis: x + x.
// CHECK-LABEL: gpu.func @sum_broadcast
// CHECK: %[[A:.*]] = memref.load %[[S:.*]][%c0] : memref<1xf32>
// CHECK: %[[B:.*]] = memref.load %[[S]][%c0{{.*}}] : memref<1xf32>
// CHECK: %[[SUM:.*]] = arith.addf %[[A]], %[[B]] : f32
// CHECK: memref.store %[[SUM]]
gpu.module @m [#nvvm.target<chip = "sm_90">] {
gpu.func @sum_broadcast(%x: !tirx.buffer<2x32xf32, local, #tirx.layout<S[(2,32):(0,1@tx)]>>, %d: !tirx.buffer<32xf32, local, #tirx.layout<S[32:1@tx]>>) kernel attributes {known_block_size = array<i32: 32, 1, 1>} {
  tirx.sum cta %d, %x axes = [0] : !tirx.buffer<32xf32, local, #tirx.layout<S[32:1@tx]>>, !tirx.buffer<2x32xf32, local, #tirx.layout<S[(2,32):(0,1@tx)]>>
  gpu.return
}
}

// -----

// An atomic whose pointers are broadcast over a bit updates once per
// logical element (twice here); a pointer store writes every element.
// CHECK-LABEL: gpu.func @atomic_broadcast
// CHECK-COUNT-2: llvm.atomicrmw fadd
// CHECK-NOT: llvm.atomicrmw
// CHECK-LABEL: gpu.func @store_broadcast
// CHECK: %[[P0:.*]] = memref.load %{{.*}}[%c0] : memref<2xi64>
// CHECK: llvm.store
// CHECK: %[[P1:.*]] = memref.load %{{.*}}[%c1] : memref<2xi64>
// CHECK: llvm.store
// CHECK-NOT: llvm.store
gpu.module @m [#nvvm.target<chip = "sm_90">] {
gpu.func @atomic_broadcast(%p: !tirx.buffer<2x32xi64, local, #tirx.layout<S[(2,32):(0,1@tx)]>>, %v: f32) kernel attributes {known_block_size = array<i32: 32, 1, 1>} {
  tirx.atomic cta %p, %v {kind = "fadd", ordering = "monotonic", syncscope = "device"} : !tirx.buffer<2x32xi64, local, #tirx.layout<S[(2,32):(0,1@tx)]>>, f32
  gpu.return
}
gpu.func @store_broadcast(%p: !tirx.buffer<2x32xi64, local, #tirx.layout<S[(2,32):(1,1@tx)]>>, %v: !tirx.buffer<2x32xf32, local, #tirx.layout<S[(2,32):(0,1@tx)]>>) kernel attributes {known_block_size = array<i32: 32, 1, 1>} {
  tirx.store_ptr cta %p, %v : !tirx.buffer<2x32xi64, local, #tirx.layout<S[(2,32):(1,1@tx)]>>, !tirx.buffer<2x32xf32, local, #tirx.layout<S[(2,32):(0,1@tx)]>>
  gpu.return
}
}
