// RUN: tile-opt %s --tirx-dispatch | FileCheck %s

// tirx.copy_async: ldgsts (per-thread cp.async with a src-size for
// out-of-bounds zero fill), tma (one elected thread, completion on an
// mbarrier; stores through a bulk async-group), and the directly lowered
// synchronization ops.

!S = !tirx.buffer<2048xf32, shared, #tirx.layout<S[2048]>>
!T = !tirx.buffer<2048xf32, global>
!SB = !tirx.buffer<64x32xf32, shared, #tirx.layout<S[64,32], swizzle = 128>>
!B = !tirx.buffer<64x32xf32, global>
!BAR = !tirx.buffer<2xi64, shared, #tirx.layout<S[2]>>
gpu.module @m [#nvvm.target<chip = "sm_90">] {

// 2048 f32 over 128 threads: four 16-byte cp.async per thread. The tile's
// extent is tested once against the view's: a tile wholly inside it takes
// the four copies as they are; the others give each copy a
// src-size = 4 * clamp(n - coord, 0, 4) for the dynamic extent.
// CHECK-LABEL: gpu.func @ldgsts
// CHECK-SAME: (%[[P:[^:]*]]: !llvm.ptr<1>, %[[N:[^:]*]]: index
// CHECK: %[[N64:.*]] = arith.index_cast %[[N]] : index to i64
// CHECK: %[[OFF:.*]] = arith.index_cast %{{.*}} : index to i64
// CHECK-NEXT: %[[C2048:.*]] = arith.constant 2048 : i64
// CHECK-NEXT: %[[END:.*]] = arith.addi %[[OFF]], %[[C2048]] : i64
// CHECK: %[[LO:.*]] = arith.cmpi sge, %[[OFF]], %{{.*}} : i64
// CHECK: %[[HI:.*]] = arith.cmpi sle, %[[END]], %[[N64]] : i64
// CHECK: %[[IN:.*]] = arith.andi %[[LO]], %[[HI]] : i1
// CHECK: scf.if %[[IN]] {
// CHECK-COUNT-4: nvvm.cp.async.shared.global %{{.*}}, %{{.*}}, 16, cache =  cg : !llvm.ptr<3>, !llvm.ptr<1>{{$}}
// CHECK: } else {
// n is not known to be a multiple of 4: one test of n % 4 (uniform) picks
// the copies for rows that no vector straddles (a src-size per vector, no
// branch) ...
// CHECK: %[[REM:.*]] = arith.remui %[[N64]], %c4{{.*}} : i64
// CHECK: %[[ROWS:.*]] = arith.cmpi eq, %[[REM]], %c0{{.*}} : i64
// CHECK: scf.if %[[ROWS]] {
// CHECK: %[[LEFT0:.*]] = arith.subi %[[N64]], %{{.*}} : i64
// CHECK-NOT: inline_ptx
// CHECK-COUNT-4: nvvm.cp.async.shared.global %{{.*}}, %{{.*}}, 16, cache =  cg, %{{.*}} : !llvm.ptr<3>, !llvm.ptr<1>, i32
// CHECK-NEXT: } else {
// ... or those for rows whose end cuts a vector (0 < bytes < 16): that
// vector is read element by element (predicated loads, shared stores), not
// by a cp.async whose 16 bytes would reach past the end.
// CHECK: %[[LEFT:.*]] = arith.subi %[[N64]], %{{.*}} : i64
// CHECK: %[[POS:.*]] = arith.maxsi %[[LEFT]], %{{.*}} : i64
// CHECK: %[[CL:.*]] = arith.minsi %[[POS]], %{{.*}} : i64
// CHECK: %[[SEL:.*]] = arith.select %{{.*}}, %[[CL]], %{{.*}} : i64
// CHECK: %[[T32:.*]] = arith.trunci %[[SEL]] : i64 to i32
// CHECK: %[[BYTES:.*]] = arith.muli %[[T32]], %{{.*}} : i32
// CHECK: %[[SRC:.*]] = arith.select %{{.*}}, %{{.*}}, %[[P]] : !llvm.ptr<1>
// CHECK: %[[WHOLE:.*]] = arith.cmpi eq, %[[SEL]], %{{.*}} : i64
// CHECK: scf.if %{{.*}} {
// CHECK-COUNT-4: nvvm.inline_ptx "{{.*}}@p ld.global.b32 $0, [$1];{{.*}}"
// CHECK: } else {
// CHECK:   nvvm.cp.async.shared.global %{{.*}}, %[[SRC]], 16, cache =  cg, %[[BYTES]] : !llvm.ptr<3>, !llvm.ptr<1>, i32
// CHECK: }
// CHECK-COUNT-3: nvvm.cp.async.shared.global %{{.*}}, 16, cache =  cg
// CHECK: nvvm.cp.async.commit.group
// CHECK-NEXT: nvvm.cp.async.wait.group 1
// tirx.async_proxy_fence: fence.proxy.async for shared::cta.
// CHECK-NEXT: nvvm.fence.proxy {kind = #nvvm.proxy_kind<async.shared>, space = #nvvm.shared_space<cta>}
gpu.func @ldgsts(%p: !llvm.ptr<1>, %n: index, %off: index) kernel attributes {known_block_size = array<i32: 128, 1, 1>} {
  %g = tirx.global_view %p sizes [%n] strides [1] {alignment = 16 : i64} : !llvm.ptr<1> -> !tirx.buffer<?xf32, global>
  %c2048 = arith.constant 2048 : index
  %o = arith.muli %off, %c2048 : index
  %r = tirx.region %g [%o] : !tirx.buffer<?xf32, global> -> !T
  %s = tirx.alloc : !S
  tirx.copy_async cta %s, %r : !S, !T
  tirx.async_commit
  tirx.async_wait {pending = 1}
  tirx.async_proxy_fence
  gpu.return
}

// n a known multiple of 4 ((n >> 2) << 2): no vector is cut, every vector
// is one cp.async with its src-size.
// CHECK-LABEL: gpu.func @ldgsts_whole_vectors
// CHECK: scf.if %{{.*}} {
// CHECK-COUNT-4: nvvm.cp.async.shared.global %{{.*}}, %{{.*}}, 16, cache =  cg : !llvm.ptr<3>, !llvm.ptr<1>{{$}}
// CHECK: } else {
// CHECK-NOT: scf.if
// CHECK-NOT: nvvm.inline_ptx
// CHECK-COUNT-4: nvvm.cp.async.shared.global %{{.*}}, 16, cache =  cg, %{{.*}} : !llvm.ptr<3>, !llvm.ptr<1>, i32
// CHECK: }
// CHECK: gpu.return
gpu.func @ldgsts_whole_vectors(%p: !llvm.ptr<1>, %n0: index, %off: index) kernel attributes {known_block_size = array<i32: 128, 1, 1>} {
  %c2 = arith.constant 2 : index
  %q = arith.shrui %n0, %c2 : index
  %n = arith.shli %q, %c2 : index
  %g = tirx.global_view %p sizes [%n] strides [1] {alignment = 16 : i64} : !llvm.ptr<1> -> !tirx.buffer<?xf32, global>
  %c2048 = arith.constant 2048 : index
  %o = arith.muli %off, %c2048 : index
  %r = tirx.region %g [%o] : !tirx.buffer<?xf32, global> -> !T
  %s = tirx.alloc : !S
  tirx.copy_async cta %s, %r : !S, !T
  tirx.async_commit
  gpu.return
}

// TMA load (thread 0 issues, box coordinates innermost first, mbarrier 1
// at byte offset 8) and TMA store (proxy fence, CTA barrier, bulk group).
// CHECK-LABEL: gpu.func @tma
// CHECK-SAME: (%[[D:[^:]*]]: !llvm.ptr<1>, %{{[^:]*}}: !llvm.ptr<1>, %[[I:[^:]*]]: index, %[[CNT:[^:]*]]: i32)
// CHECK: %[[BAR1:.*]] = llvm.getelementptr %{{.*}}[%{{.*}}] : (!llvm.ptr<3>, i32) -> !llvm.ptr<3>, i64
// CHECK: nvvm.mbarrier.init %[[BAR1]], %[[CNT]] : !llvm.ptr<3>, i32
// CHECK: nvvm.mbarrier.arrive.expect_tx %{{.*}}, %[[CNT]] : !llvm.ptr<3>, i32
// CHECK: %[[ELECT:.*]] = arith.cmpi eq, %{{.*}}, %{{.*}} : i32
// CHECK: scf.if %[[ELECT]] {
// CHECK:   %[[DESC:.*]] = llvm.addrspacecast %[[D]] : !llvm.ptr<1> to !llvm.ptr
// CHECK:   %[[C32:.*]] = arith.constant 32 : i32
// CHECK:   %[[ROW:.*]] = arith.index_cast %[[I]] : index to i32
// CHECK:   %[[DST:.*]] = llvm.addrspacecast %{{.*}} : !llvm.ptr<3> to !llvm.ptr<7>
// CHECK:   nvvm.cp.async.bulk.tensor.shared.cluster.global %[[DST]], %[[DESC]], %{{.*}}, box[%[[C32]], %[[ROW]]] : !llvm.ptr<7>, !llvm.ptr
// CHECK: }
// CHECK: nvvm.mbarrier.try_wait.parity %{{.*}}, %[[CNT]], %{{.*}} : !llvm.ptr<3>, i32, i32
// CHECK: nvvm.fence.proxy {kind = #nvvm.proxy_kind<async.shared>, space = #nvvm.shared_space<cta>}
// CHECK-NEXT: gpu.barrier
// CHECK: scf.if
// CHECK:   nvvm.cp.async.bulk.tensor.global.shared.cta %{{.*}}, %{{.*}}, box[%{{.*}}, %{{.*}}] : !llvm.ptr, <3>
// CHECK-NEXT: nvvm.cp.async.bulk.commit.group
// CHECK-NEXT: nvvm.cp.async.bulk.wait_group 0 {read}
gpu.func @tma(%d: !llvm.ptr<1>, %p: !llvm.ptr<1>, %i: index, %cnt: i32) kernel attributes {known_block_size = array<i32: 128, 1, 1>} {
  %g = tirx.global_view %p sizes [256, 256] strides [256, 1] : !llvm.ptr<1> -> !tirx.buffer<256x256xf32, global>
  %r = tirx.region %g [%i, 32] : !tirx.buffer<256x256xf32, global> -> !B
  %s = tirx.alloc : !SB
  %b = tirx.alloc : !BAR
  tirx.mbarrier_init %b[1], %cnt : !BAR
  tirx.mbarrier_arrive_expect_tx %b[1], %cnt : !BAR
  tirx.copy_async cta %s, %r barrier(%b[1] : !BAR) tensor_map(%d : !llvm.ptr<1>) : !SB, !B
  tirx.mbarrier_wait %b[1], %cnt : !BAR
  tirx.copy_async cta %r, %s tensor_map(%d : !llvm.ptr<1>) : !B, !SB
  gpu.return
}
}
