// RUN: tile-opt %s --tirx-dispatch=report=true 2>&1 | FileCheck %s

// tirx.copy_async where cp.async cannot be proven aligned.
// ldgsts_checked: a dynamic row stride of unknown divisibility is tested at
// run time (stride % 8 == 0 for 16-byte f16 vectors): cp.async when it
// holds, else the synchronous register copy. sync: nothing to test (an odd
// column offset), the copy goes through registers; the commit and wait stay
// (an empty group completes at once). The remarks come first, then the IR.

!S = !tirx.buffer<64x64xf16, shared, #tirx.layout<S[64,64]>>
!R = !tirx.buffer<64x64xf16, global>
gpu.module @m [#nvvm.target<chip = "sm_90a">] {

// CHECK: remark: tirx.copy_async -> variant 'ldgsts_checked'
// CHECK: note: ldgsts (prio=20) rejected: declined: cp.async copies 4, 8 or 16 bytes; the layouts, strides and alignment allow 2
// CHECK: remark: tirx.copy_async -> variant 'sync'
// CHECK: note: ldgsts (prio=20) rejected: declined: cp.async copies 4, 8 or 16 bytes; the layouts, strides and alignment allow 2
// CHECK: note: ldgsts_checked (prio=10) rejected: declined: cp.async copies 4, 8 or 16 bytes; the layouts, strides and alignment allow 2
// CHECK: note: tma (prio=10) rejected: tmaOperands: needs a tensor_map (and a barrier for loads)
// CHECK-LABEL: gpu.func @dynamic_stride
// CHECK-SAME: (%{{[^:]*}}: !llvm.ptr<1>, %{{[^:]*}}: index, %[[LD:[^:]*]]: index
// CHECK: %[[LD64:.*]] = arith.index_cast %[[LD]] : index to i64
// CHECK: %[[LOW:.*]] = arith.andi %[[LD64]], %{{.*}} : i64
// CHECK: %[[OK:.*]] = arith.cmpi eq, %[[LOW]], %{{.*}} : i64
// CHECK: scf.if %[[OK]] {
// CHECK: scf.if %{{.*}} {
// CHECK-COUNT-2: nvvm.cp.async.shared.global %{{.*}}, 16, cache =  cg : !llvm.ptr<3>, !llvm.ptr<1>{{$}}
// CHECK: } else {
// CHECK: arith.remui %{{.*}}, %c8_i64 : i64
// CHECK: scf.if %{{.*}} {
// CHECK-COUNT-2: nvvm.cp.async.shared.global %{{.*}}, 16, cache =  cg, %{{.*}} : !llvm.ptr<3>, !llvm.ptr<1>, i32
// CHECK: } else {
// CHECK-COUNT-2: nvvm.cp.async.shared.global %{{.*}}, 16, cache =  cg, %{{.*}} : !llvm.ptr<3>, !llvm.ptr<1>, i32
// CHECK-NOT: nvvm.cp.async.shared.global
// CHECK: } else {
// CHECK-NOT: nvvm.cp.async.shared.global
// CHECK: %[[V:.*]] = llvm.load %{{.*}} {alignment = 2 : i64} : !llvm.ptr<1> -> f16
// CHECK: llvm.store %[[V]], %{{.*}} {alignment = 2 : i64} : f16, !llvm.ptr<3>
// CHECK: }
// CHECK: nvvm.cp.async.commit.group
// CHECK-NEXT: nvvm.cp.async.wait.group 0
gpu.func @dynamic_stride(%p: !llvm.ptr<1>, %m: index, %ld: index, %i: index, %k: index) kernel attributes {known_block_size = array<i32: 256, 1, 1>} {
  %g = tirx.global_view %p sizes [%m, %ld] strides [%ld, 1] {alignment = 16 : i64} : !llvm.ptr<1> -> !tirx.buffer<?x?xf16, global>
  %c64 = arith.constant 64 : index
  %r0 = arith.muli %i, %c64 : index
  %c0 = arith.muli %k, %c64 : index
  %r = tirx.region %g [%r0, %c0] : !tirx.buffer<?x?xf16, global> -> !R
  %s = tirx.alloc : !S
  tirx.copy_async cta %s, %r : !S, !R
  tirx.async_commit
  tirx.async_wait {pending = 0}
  gpu.return
}

// CHECK-LABEL: gpu.func @odd_offset
// CHECK-NOT: nvvm.cp.async.shared.global
// CHECK: %[[W:.*]] = llvm.load %{{.*}} {alignment = 2 : i64} : !llvm.ptr<1> -> f16
// CHECK: llvm.store %[[W]], %{{.*}} {alignment = 2 : i64} : f16, !llvm.ptr<3>
// CHECK-NOT: nvvm.cp.async.shared.global
// CHECK: nvvm.cp.async.commit.group
// CHECK-NEXT: nvvm.cp.async.wait.group 0
gpu.func @odd_offset(%p: !llvm.ptr<1>, %m: index, %ld: index, %i: index) kernel attributes {known_block_size = array<i32: 256, 1, 1>} {
  %g = tirx.global_view %p sizes [%m, %ld] strides [%ld, 1] {alignment = 16 : i64} : !llvm.ptr<1> -> !tirx.buffer<?x?xf16, global>
  %c1 = arith.constant 1 : index
  %r = tirx.region %g [%i, %c1] : !tirx.buffer<?x?xf16, global> -> !R
  %s = tirx.alloc : !S
  tirx.copy_async cta %s, %r : !S, !R
  tirx.async_commit
  tirx.async_wait {pending = 0}
  gpu.return
}
}
