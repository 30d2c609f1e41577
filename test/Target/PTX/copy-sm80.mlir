// REQUIRES: ptxas
// RUN: tile-translate --cuda-tile-to-ptx --chip=sm_80 %s -o %t.ptx
// RUN: FileCheck %s < %t.ptx
// RUN: %ptxas -arch=sm_80 %t.ptx -o /dev/null

// A cp.async double-buffered copy for sm_80: 16-byte cp.async with a
// src-size, commit/wait groups, shared vector loads, global vector stores.
// CHECK: .target sm_80
// CHECK: cp.async.cg.shared.global [{{.*}}], [{{.*}}], 16, %r{{[0-9]+}};
// CHECK: cp.async.commit_group;
// CHECK: cp.async.wait_group 1;
// CHECK: ld.shared.v4.b32
// CHECK: st.global.v4.b32

!S = !tirx.buffer<2048xf32, shared, #tirx.layout<S[2048]>>
!T = !tirx.buffer<2048xf32, global>
!L = !tirx.buffer<2048xf32, local, #tirx.layout<S[(4,128,4):(4,1@tx,1)]>>
gpu.module @m {
  gpu.func @stage(%in: !llvm.ptr<1>, %out: !llvm.ptr<1>, %n: index, %t: index) kernel attributes {known_block_size = array<i32: 128, 1, 1>} {
    %tile = arith.constant 2048 : index
    %off = arith.muli %t, %tile : index
    %gi = tirx.global_view %in sizes [%n] strides [1] {alignment = 16 : i64} : !llvm.ptr<1> -> !tirx.buffer<?xf32, global>
    %go = tirx.global_view %out sizes [%n] strides [1] {alignment = 16 : i64} : !llvm.ptr<1> -> !tirx.buffer<?xf32, global>
    %ri = tirx.region %gi [%off] : !tirx.buffer<?xf32, global> -> !T
    %ro = tirx.region %go [%off] : !tirx.buffer<?xf32, global> -> !T
    %s = tirx.alloc : !S
    tirx.copy_async cta %s, %ri : !S, !T
    tirx.async_commit
    tirx.async_wait {pending = 1}
    gpu.barrier
    %r = tirx.alloc : !L
    tirx.copy cta %r, %s : !L, !S
    tirx.copy cta %ro, %r : !T, !L
    gpu.return
  }
}
