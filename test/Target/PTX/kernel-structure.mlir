// REQUIRES: ptxas
// RUN: tile-translate --cuda-tile-to-ptx --chip=sm_90 %s -o %t.ptx
// RUN: FileCheck %s < %t.ptx
// RUN: %ptxas -arch=sm_90 %t.ptx -o %t.cubin

// Scope ids and barriers reach PTX: the warpgroup barrier is a named
// barrier of 128 threads, the warp barrier bar.warp.sync.
// CHECK: .entry ids(
// CHECK: mov.u32 %{{.*}}, %tid.x;
// CHECK: bar.sync 0;
// CHECK: bar.sync %{{.*}}, 128;
// CHECK: bar.warp.sync -1;
gpu.module @m {
  gpu.func @ids(%out: !llvm.ptr<1>) kernel attributes {known_block_size = array<i32: 256, 1, 1>} {
    %t = tirx.thread_id : index
    %l = tirx.lane_id : index
    %w = tirx.warp_id : index
    %g = tirx.warpgroup_id : index
    %b = tirx.cta_id x : index
    %c256 = arith.constant 256 : index
    %base = arith.muli %b, %c256 : index
    %i = arith.addi %base, %t : index
    %i64 = arith.index_cast %i : index to i64
    %p = llvm.getelementptr %out[%i64] : (!llvm.ptr<1>, i64) -> !llvm.ptr<1>, i32
    %c1000 = arith.constant 1000 : index
    %c32 = arith.constant 32 : index
    %x = arith.muli %g, %c1000 : index
    %y = arith.muli %w, %c32 : index
    %s0 = arith.addi %x, %y : index
    %s = arith.addi %s0, %l : index
    %v = arith.index_cast %s : index to i32
    tirx.barrier cta
    tirx.barrier warpgroup
    tirx.barrier warp
    llvm.store %v, %p : i32, !llvm.ptr<1>
    gpu.return
  }
}
