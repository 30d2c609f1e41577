// RUN: tile-opt %s --tirx-lower-buffers=launch-abi=tile | FileCheck %s

// Shared buffers that are never live at once share bytes. A buffer's live
// range runs from the first to the last op of its allocation's block that
// uses it (a use inside a loop makes the whole loop part of the range). A
// gpu.barrier goes before the first use of a buffer that reuses bytes of an
// earlier one, unless a barrier already separates them; inside a loop also
// before the earlier one's first use (the next iteration). Buffers whose
// range cannot be bounded keep bytes of their own: allocated where not every
// thread runs, or accessed asynchronously without a wait for all groups.

!A = !tirx.buffer<256xf32, shared, #tirx.layout<S[256:1]>>
!B = !tirx.buffer<128xf32, shared, #tirx.layout<S[128:1]>>
!M = !tirx.buffer<1xi64, shared, #tirx.layout<S[1:1]>>
!MM = memref<1xi64, #gpu.address_space<workgroup>>
!MA = memref<256xf32, #gpu.address_space<workgroup>>
!MB = memref<128xf32, #gpu.address_space<workgroup>>
gpu.module @m [#nvvm.target<chip = "sm_90">] {
  // A then B: one 1024-byte array, both at offset 0, a barrier between A's
  // last use and B's first.
  // CHECK-LABEL: gpu.func @sequential
  // CHECK-SAME: workgroup(%[[ARR:.*]] : memref<1024xi8, #gpu.address_space<workgroup>>
  // CHECK: %[[A:.*]] = memref.view %[[ARR]][%c0][] : memref<1024xi8, #gpu.address_space<workgroup>> to memref<256xf32
  // CHECK: %[[B:.*]] = memref.view %[[ARR]][%c0{{.*}}][] : memref<1024xi8, #gpu.address_space<workgroup>> to memref<128xf32
  // CHECK: memref.store %{{.*}}, %[[A]]
  // CHECK: memref.load %[[A]]
  // CHECK-NEXT: gpu.barrier
  // CHECK-NEXT: memref.store %{{.*}}, %[[B]]
  gpu.func @sequential(%x: f32) kernel attributes {known_block_size = array<i32: 128, 1, 1>} {
    %c0 = arith.constant 0 : index
    %a = tirx.alloc : !A
    %am = builtin.unrealized_conversion_cast %a : !A to !MA
    memref.store %x, %am[%c0] : !MA
    %y = memref.load %am[%c0] : !MA
    %b = tirx.alloc : !B
    %bm = builtin.unrealized_conversion_cast %b : !B to !MB
    memref.store %y, %bm[%c0] : !MB
    gpu.return
  }
  // A cp.async into A is in flight until the wait for all groups, after B's
  // use: A and B are live at once (B at 1024).
  // CHECK-LABEL: gpu.func @async
  // CHECK-SAME: workgroup(%[[ARR:.*]] : memref<1536xi8, #gpu.address_space<workgroup>>
  // CHECK: memref.view %[[ARR]][%c0][] : memref<1536xi8, #gpu.address_space<workgroup>> to memref<256xf32
  // CHECK: memref.view %[[ARR]][%c1024][] : memref<1536xi8, #gpu.address_space<workgroup>> to memref<128xf32
  // CHECK-NOT: gpu.barrier
  // CHECK: gpu.return
  gpu.func @async(%x: f32, %g: !llvm.ptr<1>) kernel attributes {known_block_size = array<i32: 128, 1, 1>} {
    %c0 = arith.constant 0 : index
    %a = tirx.alloc : !A
    %am = builtin.unrealized_conversion_cast %a : !A to !MA
    %p = memref.extract_aligned_pointer_as_index %am : !MA -> index
    %pi = arith.index_cast %p : index to i64
    %ptr = llvm.inttoptr %pi : i64 to !llvm.ptr<3>
    nvvm.cp.async.shared.global %ptr, %g, 16, cache = cg : !llvm.ptr<3>, !llvm.ptr<1>
    nvvm.cp.async.commit.group
    %b = tirx.alloc : !B
    %bm = builtin.unrealized_conversion_cast %b : !B to !MB
    memref.store %x, %bm[%c0] : !MB
    nvvm.cp.async.wait.group 0
    gpu.return
  }
  // A barrier already separates A and B: none is added.
  // CHECK-LABEL: gpu.func @separated
  // CHECK-SAME: memref<1024xi8
  // CHECK: memref.load
  // CHECK-NEXT: gpu.barrier
  // CHECK-NEXT: memref.store
  // CHECK-NOT: gpu.barrier
  // CHECK: gpu.return
  gpu.func @separated(%x: f32) kernel attributes {known_block_size = array<i32: 128, 1, 1>} {
    %c0 = arith.constant 0 : index
    %a = tirx.alloc : !A
    %am = builtin.unrealized_conversion_cast %a : !A to !MA
    memref.store %x, %am[%c0] : !MA
    %y = memref.load %am[%c0] : !MA
    gpu.barrier
    %b = tirx.alloc : !B
    %bm = builtin.unrealized_conversion_cast %b : !B to !MB
    memref.store %y, %bm[%c0] : !MB
    gpu.return
  }
  // A is used in the loop and after it; C and D, allocated in the body,
  // share bytes (a barrier before D, and one before C for the next
  // iteration); B after the loop shares them too, E shares A's.
  // CHECK-LABEL: gpu.func @loop
  // CHECK-SAME: workgroup(%[[ARR:.*]] : memref<1536xi8, #gpu.address_space<workgroup>>
  // CHECK: %[[A:.*]] = memref.view %[[ARR]][%c0][] {{.*}} to memref<256xf32
  // CHECK: %[[C:.*]] = memref.view %[[ARR]][%c1024][] {{.*}} to memref<128xf32
  // CHECK: %[[D:.*]] = memref.view %[[ARR]][%c1024{{.*}}][] {{.*}} to memref<128xf32
  // CHECK: %[[B:.*]] = memref.view %[[ARR]][%c1024{{.*}}][] {{.*}} to memref<128xf32
  // CHECK: %[[E:.*]] = memref.view %[[ARR]][%c0{{.*}}][] {{.*}} to memref<256xf32
  // CHECK: scf.for
  // CHECK-NEXT: memref.store %{{.*}}, %[[A]]
  // CHECK-NEXT: gpu.barrier
  // CHECK-NEXT: memref.store %{{.*}}, %[[C]]
  // CHECK-NEXT: memref.load %[[C]]
  // CHECK-NEXT: gpu.barrier
  // CHECK-NEXT: memref.store %{{.*}}, %[[D]]
  // CHECK-NEXT: }
  // CHECK-NEXT: gpu.barrier
  // CHECK-NEXT: memref.load %[[A]]
  // CHECK-NEXT: memref.store %{{.*}}, %[[B]]
  // CHECK-NEXT: gpu.barrier
  // CHECK-NEXT: memref.store %{{.*}}, %[[E]]
  gpu.func @loop(%x: f32, %n: index) kernel attributes {known_block_size = array<i32: 128, 1, 1>} {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %a = tirx.alloc : !A
    %am = builtin.unrealized_conversion_cast %a : !A to !MA
    scf.for %i = %c0 to %n step %c1 {
      memref.store %x, %am[%i] : !MA
      %c = tirx.alloc : !B
      %cm = builtin.unrealized_conversion_cast %c : !B to !MB
      memref.store %x, %cm[%i] : !MB
      %v = memref.load %cm[%c0] : !MB
      %d = tirx.alloc : !B
      %dm = builtin.unrealized_conversion_cast %d : !B to !MB
      memref.store %v, %dm[%i] : !MB
    }
    %b = tirx.alloc : !B
    %bm = builtin.unrealized_conversion_cast %b : !B to !MB
    %y = memref.load %am[%c0] : !MA
    memref.store %y, %bm[%c0] : !MB
    %e = tirx.alloc : !A
    %em = builtin.unrealized_conversion_cast %e : !A to !MA
    memref.store %x, %em[%c0] : !MA
    gpu.return
  }
  // B is allocated where only thread 0 runs: bytes of its own, no barrier.
  // CHECK-LABEL: gpu.func @divergent
  // CHECK-SAME: memref<1536xi8
  // CHECK-NOT: gpu.barrier
  // CHECK: gpu.return
  gpu.func @divergent(%x: f32) kernel attributes {known_block_size = array<i32: 128, 1, 1>} {
    %c0 = arith.constant 0 : index
    %a = tirx.alloc : !A
    %am = builtin.unrealized_conversion_cast %a : !A to !MA
    memref.store %x, %am[%c0] : !MA
    %t = gpu.thread_id x
    %first = arith.cmpi eq, %t, %c0 : index
    scf.if %first {
      %b = tirx.alloc : !B
      %bm = builtin.unrealized_conversion_cast %b : !B to !MB
      memref.store %x, %bm[%c0] : !MB
    }
    gpu.return
  }
  // A TMA load into A completes on the mbarrier M: the load and M's own
  // operations are done once M is invalidated (here by one thread, as the
  // conversion does after its last wait): B, allocated after, shares A's
  // bytes (A at 0, M at 1024, B at 0).
  // CHECK-LABEL: gpu.func @tma_invalidated
  // CHECK-SAME: workgroup(%[[ARR:.*]] : memref<1032xi8, #gpu.address_space<workgroup>>
  // CHECK: memref.view %[[ARR]][%c0][] : memref<1032xi8, #gpu.address_space<workgroup>> to memref<256xf32
  // CHECK: memref.view %[[ARR]][%c1024][] : memref<1032xi8, #gpu.address_space<workgroup>> to memref<1xi64
  // CHECK: memref.view %[[ARR]][%c0{{.*}}][] : memref<1032xi8, #gpu.address_space<workgroup>> to memref<128xf32
  gpu.func @tma_invalidated(%x: f32, %map: !llvm.ptr, %inval: i1) kernel attributes {known_block_size = array<i32: 128, 1, 1>} {
    %c0 = arith.constant 0 : index
    %c0_i32 = arith.constant 0 : i32
    %c1_i32 = arith.constant 1 : i32
    %a = tirx.alloc : !A
    %m = tirx.alloc : !M
    %mm = builtin.unrealized_conversion_cast %m : !M to !MM
    %mi = memref.extract_aligned_pointer_as_index %mm : !MM -> index
    %mi64 = arith.index_castui %mi : index to i64
    %bar = llvm.inttoptr %mi64 : i64 to !llvm.ptr<3>
    nvvm.mbarrier.init %bar, %c1_i32 : !llvm.ptr<3>, i32
    %am = builtin.unrealized_conversion_cast %a : !A to !MA
    %ai = memref.extract_aligned_pointer_as_index %am : !MA -> index
    %ai64 = arith.index_castui %ai : index to i64
    %ap = llvm.inttoptr %ai64 : i64 to !llvm.ptr<3>
    %dst = llvm.addrspacecast %ap : !llvm.ptr<3> to !llvm.ptr<7>
    nvvm.cp.async.bulk.tensor.shared.cluster.global %dst, %map, %bar, box[%c0_i32] : !llvm.ptr<7>, !llvm.ptr
    nvvm.mbarrier.try_wait.parity %bar, %c0_i32, %c1_i32 : !llvm.ptr<3>, i32, i32
    %y = memref.load %am[%c0] : !MA
    gpu.barrier
    scf.if %inval {
      nvvm.mbarrier.inval %bar : !llvm.ptr<3>
    }
    gpu.barrier
    %b = tirx.alloc : !B
    %bm = builtin.unrealized_conversion_cast %b : !B to !MB
    memref.store %y, %bm[%c0] : !MB
    gpu.return
  }
  // An invalidation inside a loop (which may run no iteration) does not
  // end the load's accesses: A and M keep bytes of their own.
  // CHECK-LABEL: gpu.func @tma_invalidated_in_loop
  // CHECK-SAME: workgroup(%{{.*}} : memref<1544xi8, #gpu.address_space<workgroup>>
  gpu.func @tma_invalidated_in_loop(%x: f32, %map: !llvm.ptr, %inval: i1) kernel attributes {known_block_size = array<i32: 128, 1, 1>} {
    %c0 = arith.constant 0 : index
    %c0_i32 = arith.constant 0 : i32
    %c1_i32 = arith.constant 1 : i32
    %a = tirx.alloc : !A
    %m = tirx.alloc : !M
    %mm = builtin.unrealized_conversion_cast %m : !M to !MM
    %mi = memref.extract_aligned_pointer_as_index %mm : !MM -> index
    %mi64 = arith.index_castui %mi : index to i64
    %bar = llvm.inttoptr %mi64 : i64 to !llvm.ptr<3>
    nvvm.mbarrier.init %bar, %c1_i32 : !llvm.ptr<3>, i32
    %am = builtin.unrealized_conversion_cast %a : !A to !MA
    %ai = memref.extract_aligned_pointer_as_index %am : !MA -> index
    %ai64 = arith.index_castui %ai : index to i64
    %ap = llvm.inttoptr %ai64 : i64 to !llvm.ptr<3>
    %dst = llvm.addrspacecast %ap : !llvm.ptr<3> to !llvm.ptr<7>
    nvvm.cp.async.bulk.tensor.shared.cluster.global %dst, %map, %bar, box[%c0_i32] : !llvm.ptr<7>, !llvm.ptr
    nvvm.mbarrier.try_wait.parity %bar, %c0_i32, %c1_i32 : !llvm.ptr<3>, i32, i32
    %y = memref.load %am[%c0] : !MA
    gpu.barrier
    %c1 = arith.constant 1 : index
    %n = arith.index_castui %mi64 : i64 to index
    scf.for %i = %c0 to %n step %c1 {
      nvvm.mbarrier.inval %bar : !llvm.ptr<3>
    }
    gpu.barrier
    %b = tirx.alloc : !B
    %bm = builtin.unrealized_conversion_cast %b : !B to !MB
    memref.store %y, %bm[%c0] : !MB
    gpu.return
  }
  // Without the invalidation the load may still be in flight: A and M keep
  // bytes of their own, and B too.
  // CHECK-LABEL: gpu.func @tma_not_invalidated
  // CHECK-SAME: workgroup(%{{.*}} : memref<1544xi8, #gpu.address_space<workgroup>>
  gpu.func @tma_not_invalidated(%x: f32, %map: !llvm.ptr, %inval: i1) kernel attributes {known_block_size = array<i32: 128, 1, 1>} {
    %c0 = arith.constant 0 : index
    %c0_i32 = arith.constant 0 : i32
    %c1_i32 = arith.constant 1 : i32
    %a = tirx.alloc : !A
    %m = tirx.alloc : !M
    %mm = builtin.unrealized_conversion_cast %m : !M to !MM
    %mi = memref.extract_aligned_pointer_as_index %mm : !MM -> index
    %mi64 = arith.index_castui %mi : index to i64
    %bar = llvm.inttoptr %mi64 : i64 to !llvm.ptr<3>
    nvvm.mbarrier.init %bar, %c1_i32 : !llvm.ptr<3>, i32
    %am = builtin.unrealized_conversion_cast %a : !A to !MA
    %ai = memref.extract_aligned_pointer_as_index %am : !MA -> index
    %ai64 = arith.index_castui %ai : index to i64
    %ap = llvm.inttoptr %ai64 : i64 to !llvm.ptr<3>
    %dst = llvm.addrspacecast %ap : !llvm.ptr<3> to !llvm.ptr<7>
    nvvm.cp.async.bulk.tensor.shared.cluster.global %dst, %map, %bar, box[%c0_i32] : !llvm.ptr<7>, !llvm.ptr
    nvvm.mbarrier.try_wait.parity %bar, %c0_i32, %c1_i32 : !llvm.ptr<3>, i32, i32
    %y = memref.load %am[%c0] : !MA
    gpu.barrier
    gpu.barrier
    %b = tirx.alloc : !B
    %bm = builtin.unrealized_conversion_cast %b : !B to !MB
    memref.store %y, %bm[%c0] : !MB
    gpu.return
  }
  // Buffers allocated in the body of a tirx.warp_specialize are the kernel
  // threads' (who reach its barriers): A then B there share bytes behind a
  // barrier. C, used by the producer region, runs next to the body: it
  // overlaps both (C at 0, A and B at 1024).
  // CHECK-LABEL: gpu.func @specialized_body
  // CHECK-SAME: workgroup(%[[ARR:.*]] : memref<2048xi8, #gpu.address_space<workgroup>>
  // CHECK: memref.view %[[ARR]][%c0{{.*}}][] : memref<2048xi8, #gpu.address_space<workgroup>> to memref<256xf32
  // CHECK: } else {
  // CHECK: %[[A:.*]] = memref.view %[[ARR]][%c1024{{.*}}][] : memref<2048xi8, #gpu.address_space<workgroup>> to memref<256xf32
  // CHECK: %[[B:.*]] = memref.view %[[ARR]][%c1024{{.*}}][] : memref<2048xi8, #gpu.address_space<workgroup>> to memref<128xf32
  // CHECK: memref.load %[[A]]
  // CHECK: nvvm.barrier id = %{{.*}} number_of_threads = %c128_i32
  // CHECK-NEXT: memref.store %{{.*}}, %[[B]]
  gpu.func @specialized_body(%x: f32) kernel attributes {known_block_size = array<i32: 128, 1, 1>, nvvm.reqntid = array<i32: 128, 1, 1>} {
    %c0 = arith.constant 0 : index
    %c = tirx.alloc : !A
    tirx.warp_specialize producer_warps(1) {
      %a = tirx.alloc : !A
      %am = builtin.unrealized_conversion_cast %a : !A to !MA
      memref.store %x, %am[%c0] : !MA
      %y = memref.load %am[%c0] : !MA
      %b = tirx.alloc : !B
      %bm = builtin.unrealized_conversion_cast %b : !B to !MB
      memref.store %y, %bm[%c0] : !MB
    } producer {
      %cm = builtin.unrealized_conversion_cast %c : !A to !MA
      memref.store %x, %cm[%c0] : !MA
    }
    gpu.return
  }
}
