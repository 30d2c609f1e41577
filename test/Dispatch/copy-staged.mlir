// RUN: tile-opt %s --tirx-dispatch=report=true 2>&1 | FileCheck %s --check-prefix=REPORT
// RUN: tile-opt %s --tirx-dispatch | FileCheck %s
// RUN: tile-opt %s --tirx-dispatch --tirx-lower-buffers | FileCheck %s --check-prefix=SMEM

// tirx.copy of a register tile to global memory through shared memory
// (`staged`): a 16-bit accumulator fragment (two elements a thread, four
// lanes a row) stores 4 bytes a thread and 16 bytes of each of eight rows
// per warp instruction. Where buffers the kernel no longer uses can hold
// the staging tile, the fragment goes into it (stmatrix), a barrier, then
// 16-byte stores of whole rows: 16 a thread instead of 32 4-byte ones,
// and no more shared memory.

!ACC = !tirx.buffer<64x128xf16, local, #tirx.layout<S[(4,2,8,16,4,2):(32@tx,32,4@tx,2,1@tx,1)]>>
!ACC32 = !tirx.buffer<64x128xf32, local, #tirx.layout<S[(4,2,8,16,4,2):(32@tx,32,4@tx,2,1@tx,1)]>>
!G = !tirx.buffer<64x128xf16, global>
!G32 = !tirx.buffer<64x128xf32, global>
!STAGE = !tirx.buffer<64x128xf16, shared, #tirx.layout<S[64,128], swizzle = 128>>
!STAGE32 = !tirx.buffer<64x128xf32, shared, #tirx.layout<S[64,128], swizzle = 128>>

// REPORT: remark: tirx.copy -> variant 'staged'
// REPORT: note: staged (prio=20) rejected: stagedStorePlan: the staging buffer (17392 bytes) would add shared memory: 0 bytes of buffers are no longer used here
// REPORT: note: staged (prio=20) rejected: stagedStorePlan: the register layout stores 8-byte vectors in runs of 32 bytes a warp instruction: as wide as the global side allows, or whole sectors

// CHECK-LABEL: gpu.func @epilogue
// CHECK: tirx.alloc : !tirx.buffer<64x128xf16, shared
// CHECK-COUNT-8: nvvm.stmatrix
// CHECK: tirx.barrier cta
// CHECK-COUNT-8: llvm.store %{{.*}} {alignment = 16 : i64} : vector<8xf16>, !llvm.ptr<1>
// CHECK-NOT: llvm.store {{.*}}!llvm.ptr<1>
// CHECK: gpu.return
// SMEM-LABEL: gpu.func @epilogue
// SMEM-SAME: memref<32768xi8,
gpu.module @m [#nvvm.target<chip = "sm_90a">] {
gpu.func @epilogue(%p: !llvm.ptr<1>) kernel attributes {known_block_size = array<i32: 128, 1, 1>} {
  %g = tirx.global_view %p sizes [64, 128] strides [128, 1] {alignment = 16 : i64} : !llvm.ptr<1> -> !G
  %r = tirx.region %g [0, 0] : !G -> !G
  // Two stages live at once before the store (as a K loop's are): 32 KiB
  // no longer used there.
  %stage0 = tirx.alloc : !STAGE
  %stage1 = tirx.alloc : !STAGE
  %acc = tirx.alloc : !ACC
  tirx.copy cta %stage1, %stage0 : !STAGE, !STAGE
  tirx.copy cta %acc, %stage1 : !ACC, !STAGE
  tirx.copy cta %r, %acc : !G, !ACC
  gpu.return
}

// Without buffers that are no longer used, the fragment is stored directly.
// CHECK-LABEL: gpu.func @no_dead_buffers
// CHECK-NOT: nvvm.stmatrix
// CHECK: llvm.store %{{.*}} {alignment = 4 : i64} : vector<2xf16>, !llvm.ptr<1>
gpu.func @no_dead_buffers(%p: !llvm.ptr<1>, %acc: !ACC) kernel attributes {known_block_size = array<i32: 128, 1, 1>} {
  %g = tirx.global_view %p sizes [64, 128] strides [128, 1] {alignment = 16 : i64} : !llvm.ptr<1> -> !G
  %r = tirx.region %g [0, 0] : !G -> !G
  tirx.copy cta %r, %acc : !G, !ACC
  gpu.return
}

// An f32 fragment's 8-byte stores already fill whole sectors: stored directly.
// CHECK-LABEL: gpu.func @f32_fragment
// CHECK: llvm.store %{{.*}} {alignment = 8 : i64} : vector<2xf32>, !llvm.ptr<1>
gpu.func @f32_fragment(%p: !llvm.ptr<1>) kernel attributes {known_block_size = array<i32: 128, 1, 1>} {
  %g = tirx.global_view %p sizes [64, 128] strides [128, 1] {alignment = 16 : i64} : !llvm.ptr<1> -> !G32
  %r = tirx.region %g [0, 0] : !G32 -> !G32
  %stage = tirx.alloc : !STAGE32
  %acc = tirx.alloc : !ACC32
  tirx.copy cta %acc, %stage : !ACC32, !STAGE32
  tirx.copy cta %r, %acc : !G32, !ACC32
  gpu.return
}

// Buffers allocated in a loop's body are dead at a store of that body
// after their last use, as a sliced K loop's stages are at its epilogue:
// the staging buffer takes their bytes in each iteration, and the shared
// memory stays the stages' 32 KiB.
// CHECK-LABEL: gpu.func @epilogue_in_loop
// CHECK: scf.for
// CHECK: tirx.alloc : !tirx.buffer<64x128xf16, shared
// CHECK-COUNT-8: nvvm.stmatrix
// CHECK: tirx.barrier cta
// CHECK-COUNT-8: llvm.store %{{.*}} {alignment = 16 : i64} : vector<8xf16>, !llvm.ptr<1>
// CHECK: tirx.barrier cta
// CHECK-NEXT: }
// SMEM-LABEL: gpu.func @epilogue_in_loop
// SMEM-SAME: memref<32768xi8,
gpu.func @epilogue_in_loop(%p: !llvm.ptr<1>, %n: index) kernel attributes {known_block_size = array<i32: 128, 1, 1>} {
  %g = tirx.global_view %p sizes [64, 128] strides [128, 1] {alignment = 16 : i64} : !llvm.ptr<1> -> !G
  %r = tirx.region %g [0, 0] : !G -> !G
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  scf.for %i = %c0 to %n step %c1 {
    %stage0 = tirx.alloc : !STAGE
    %stage1 = tirx.alloc : !STAGE
    %acc = tirx.alloc : !ACC
    tirx.copy cta %stage1, %stage0 : !STAGE, !STAGE
    tirx.copy cta %acc, %stage1 : !ACC, !STAGE
    tirx.copy cta %r, %acc : !G, !ACC
  }
  gpu.return
}

// A buffer of the loop's body that a later op of the body uses is live at
// the store: stored directly.
// CHECK-LABEL: gpu.func @used_after_store_in_loop
// CHECK-NOT: nvvm.stmatrix
// CHECK: llvm.store %{{.*}} {alignment = 4 : i64} : vector<2xf16>, !llvm.ptr<1>
gpu.func @used_after_store_in_loop(%p: !llvm.ptr<1>, %n: index) kernel attributes {known_block_size = array<i32: 128, 1, 1>} {
  %g = tirx.global_view %p sizes [64, 128] strides [128, 1] {alignment = 16 : i64} : !llvm.ptr<1> -> !G
  %r = tirx.region %g [0, 0] : !G -> !G
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  scf.for %i = %c0 to %n step %c1 {
    %stage0 = tirx.alloc : !STAGE
    %acc = tirx.alloc : !ACC
    tirx.copy cta %acc, %stage0 : !ACC, !STAGE
    tirx.copy cta %r, %acc : !G, !ACC
    tirx.copy cta %stage0, %acc : !STAGE, !ACC
  }
  gpu.return
}
}
