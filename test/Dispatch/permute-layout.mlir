// RUN: tile-opt %s --tirx-dispatch --tirx-lower-buffers | FileCheck %s

// permute_layout warp_xor_swizzle: a per-warp scratch (a workgroup
// attribution of warps x 1024 f32, a view of the kernel's one shared array
// after tirx-lower-buffers), lanes write their rows and read their
// columns at f ^ ((f >> 5) & 31), with __syncwarp between and after.

!L0 = !tirx.buffer<32x32xf32, local, #tirx.layout<S[(32,32):(1@laneid,1)]>>
!L1 = !tirx.buffer<32x32xf32, local, #tirx.layout<S[(32,32):(1,1@laneid)]>>
gpu.module @m [#nvvm.target<chip = "sm_90">] {
// CHECK-LABEL: gpu.func @permute
// CHECK-SAME: workgroup(%[[ARR:.*]] : memref<8192xi8, #gpu.address_space<workgroup>> {llvm.align = 128 : i64})
// CHECK: %[[SCR:.*]] = memref.view %[[ARR]][%{{.*}}][] : memref<8192xi8, #gpu.address_space<workgroup>> to memref<2048xf32, #gpu.address_space<workgroup>>
// CHECK: memref.store %{{.*}}, %{{.*}} : memref<32xf32>
// CHECK: gpu.thread_id
// CHECK-NEXT: %[[TID:.*]] = arith.index_castui %{{.*}} : index to i32
// CHECK-NEXT: %[[C5:.*]] = arith.constant 5 : i32
// CHECK-NEXT: %[[W:.*]] = arith.shrui %[[TID]], %[[C5]] : i32
// CHECK-NEXT: %[[C1024:.*]] = arith.constant 1024 : i32
// CHECK-NEXT: %[[BASE:.*]] = arith.muli %[[W]], %[[C1024]] : i32
// CHECK: %[[F:.*]] = arith.ori %{{.*}}, %{{.*}} : i32
// CHECK: %[[HI:.*]] = arith.shrui %[[F]], %{{.*}} : i32
// CHECK: %[[M:.*]] = arith.andi %[[HI]], %{{.*}} : i32
// CHECK: %[[X:.*]] = arith.xori %[[F]], %[[M]] : i32
// CHECK: %[[A:.*]] = arith.addi %[[BASE]], %[[X]] : i32
// CHECK: %[[AI:.*]] = arith.index_castui %[[A]] : i32 to index
// CHECK: memref.store %{{.*}}, %[[SCR]][%[[AI]]]
// CHECK-COUNT-31: memref.store %{{.*}}, %[[SCR]]
// CHECK: nvvm.bar.warp.sync %{{.*}} : i32
// CHECK-COUNT-32: memref.load %[[SCR]]
// CHECK: nvvm.bar.warp.sync
// CHECK: gpu.return
gpu.func @permute(%p: !llvm.ptr<1>) kernel attributes {known_block_size = array<i32: 64, 1, 1>} {
  %g = tirx.global_view %p sizes [32, 32] strides [32, 1] {alignment = 16 : i64} : !llvm.ptr<1> -> !tirx.buffer<32x32xf32, global>
  %r = tirx.region %g [0, 0] : !tirx.buffer<32x32xf32, global> -> !tirx.buffer<32x32xf32, global>
  %x = tirx.alloc : !L0
  tirx.copy warp %x, %r : !L0, !tirx.buffer<32x32xf32, global>
  %y = tirx.alloc : !L1
  tirx.permute_layout warp %y, %x : !L1, !L0
  tirx.copy warp %r, %y : !tirx.buffer<32x32xf32, global>, !L1
  gpu.return
}
}
