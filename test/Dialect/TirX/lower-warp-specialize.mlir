// RUN: tile-opt %s --split-input-file --tirx-lower-buffers --verify-diagnostics | FileCheck %s

// tirx.warp_specialize: the launch grows by the producer warps (.reqntid),
// which branch at the kernel's entry to the producer regions; each waits
// for the kernel's threads at a named barrier after the warpgroup barriers
// (ids 2 and 3 for one warpgroup; non-aligned, as the two sides reach it at
// different instructions) and one thread runs the region. The
// values the region uses from the kernel's body are computed again there.
// The kernel's CTA barriers wait for its own threads only.

!M = !tirx.buffer<1xi64, shared, #tirx.layout<S[1:1]>>
gpu.module @m [#nvvm.target<chip = "sm_90a">] {
  // CHECK-LABEL: gpu.func @one
  // CHECK-SAME: nvvm.reqntid = array<i32: 160, 1, 1>
  // CHECK: %[[TID:.*]] = gpu.thread_id x
  // CHECK: %[[P:.*]] = arith.cmpi uge, %[[TID]], %c128
  // CHECK: %[[LOCAL:.*]] = memref.alloca
  // CHECK: scf.if %[[P]] {
  // CHECK:   %[[BX:.*]] = gpu.block_id x
  // CHECK:   %[[ROW:.*]] = arith.muli %[[BX]], %c64
  // CHECK:   %[[BAR:.*]] = memref.view
  // CHECK:   %[[ONE:.*]] = arith.cmpi eq, %[[TID]], %c128
  // CHECK:   llvm.call_intrinsic "llvm.nvvm.barrier.cta.sync.count"(%c2_i32, %c160_i32{{.*}})
  // CHECK:   scf.if %[[ONE]]
  // CHECK:     arith.addi %[[ROW]], %{{.*}}
  // CHECK:     memref.extract_aligned_pointer_as_index %[[BAR]]
  // CHECK:     nvvm.mbarrier.arrive.expect_tx
  // CHECK:   llvm.call_intrinsic "llvm.nvvm.barrier.cta.sync.count"(%c3_i32, %c160_i32{{.*}})
  // CHECK: } else {
  // CHECK:   gpu.block_id x
  // CHECK:   nvvm.barrier id = %c0_i32 number_of_threads = %c128_i32
  // CHECK:   llvm.call_intrinsic "llvm.nvvm.barrier.cta.arrive.count"(%c2_i32, %c160_i32{{.*}})
  // CHECK:   memref.store {{.*}} %[[LOCAL]]
  // CHECK:   llvm.call_intrinsic "llvm.nvvm.barrier.cta.sync.count"(%c3_i32, %c160_i32{{.*}})
  // CHECK: }
  // CHECK-NEXT: gpu.return
  gpu.func @one(%x: i32, %out: memref<?xindex>) kernel attributes {
      known_block_size = array<i32: 128, 1, 1>,
      nvvm.reqntid = array<i32: 128, 1, 1>} {
    %c0 = arith.constant 0 : index
    %c64 = arith.constant 64 : index
    %bx = gpu.block_id x
    %row = arith.muli %bx, %c64 : index
    %bar = tirx.alloc : !M
    %local = memref.alloca() : memref<1xi32>
    gpu.barrier
    tirx.warp_specialize producer_warps(1) {
      memref.store %x, %local[%c0] : memref<1xi32>
    } producer {
      %r = arith.addi %row, %c64 : index
      %p = memref.extract_aligned_pointer_as_index %out : memref<?xindex> -> index
      %b = builtin.unrealized_conversion_cast %bar : !M to memref<1xi64, #gpu.address_space<workgroup>>
      %ptr = memref.extract_aligned_pointer_as_index %b : memref<1xi64, #gpu.address_space<workgroup>> -> index
      %i = arith.index_cast %ptr : index to i64
      %sp = llvm.inttoptr %i : i64 to !llvm.ptr<3>
      %bytes = arith.index_cast %r : index to i32
      nvvm.mbarrier.arrive.expect_tx %sp, %bytes : !llvm.ptr<3>, i32
    }
    gpu.return
  }
}

// -----

gpu.module @m [#nvvm.target<chip = "sm_90a">] {
  gpu.func @loaded(%p: memref<4xindex>) kernel attributes {
      known_block_size = array<i32: 128, 1, 1>,
      nvvm.reqntid = array<i32: 128, 1, 1>} {
    %c0 = arith.constant 0 : index
    %n = memref.load %p[%c0] : memref<4xindex>
    tirx.warp_specialize producer_warps(1) {
    } producer {
      // expected-error@+1 {{'memref.store' op is in a producer region and uses a value of 'memref.load', which the producer warps cannot compute again (a thread id, memory access or region)}}
      memref.store %n, %p[%c0] : memref<4xindex>
    }
    gpu.return
  }
}

// -----

gpu.module @m [#nvvm.target<chip = "sm_90a">] {
  gpu.func @per_thread(%p: memref<256xindex>) kernel attributes {
      known_block_size = array<i32: 128, 1, 1>,
      nvvm.reqntid = array<i32: 128, 1, 1>} {
    %t = gpu.thread_id x
    tirx.warp_specialize producer_warps(1) {
    } producer {
      // expected-error@+1 {{uses a value of 'gpu.thread_id'}}
      memref.store %t, %p[%t] : memref<256xindex>
    }
    gpu.return
  }
}

// -----

gpu.module @m [#nvvm.target<chip = "sm_90a">] {
  gpu.func @cluster() kernel attributes {
      known_block_size = array<i32: 128, 1, 1>,
      nvvm.reqntid = array<i32: 128, 1, 1>} {
    // expected-error@+1 {{'nvvm.cluster.arrive' op is a cluster barrier in a kernel with producer warps (tirx.warp_specialize), which never reach it}}
    tirx.barrier cluster
    tirx.warp_specialize producer_warps(1) {
    } producer {
    }
    gpu.return
  }
}
