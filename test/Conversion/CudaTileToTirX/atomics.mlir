// RUN: tile-opt %s --convert-cuda-tile-to-tirx | FileCheck %s

// Atomics: a tile of pointers becomes tirx.atomic with the LLVM ordering
// and NVPTX syncscope of the op (relaxed -> monotonic; tl_blk -> block,
// sys -> ""), a result buffer only when the old values are used; a single
// pointer is updated by thread 0 and a used old value broadcast through a
// one-element workgroup slot; atomic_red_view_tko computes the view's
// addresses and in-bounds mask and issues tirx.atomic without a result.

// CHECK-LABEL: gpu.func @rmw_tile
// CHECK: %[[MASK:.*]] = tirx.alloc : !tirx.buffer<256xi1
// CHECK: %[[OLD:.*]] = tirx.alloc : !tirx.buffer<256xi32
// CHECK: tirx.atomic cta into %[[OLD]] : {{.*}} %[[PTRS:.*]], %{{.*}} mask %[[MASK]] : {{.*}} {kind = "add", ordering = "monotonic", syncscope = "device"}
// CHECK: gpu.barrier
// CHECK: tirx.atomic cta into %{{.*}} %[[PTRS]], %[[OLD]] {kind = "xchg", ordering = "acq_rel", syncscope = "block"}
// CHECK: tirx.atomic cta %[[QS:.*]], %[[ONE:.*]] {kind = "fadd", ordering = "release", syncscope = ""} : !tirx.buffer<256xi64, {{.*}}>, f32
// CHECK: tirx.atomic cta into %{{.*}} %[[QS]], %[[ONE]] cmp %[[ONE]] : f32 {kind = "cas", ordering = "acquire", syncscope = "device"}

// CHECK-LABEL: gpu.func @scalar
// CHECK-SAME: workgroup(%[[SLOT:.*]] : memref<1xi32, #gpu.address_space<workgroup>>)
// CHECK: %[[TID:.*]] = gpu.thread_id x
// CHECK: %[[FIRST:.*]] = arith.cmpi eq, %[[TID]]
// CHECK: gpu.barrier
// CHECK: scf.if %[[FIRST]] {
// CHECK: %[[PAIR:.*]] = llvm.cmpxchg %arg0, %{{.*}}, %{{.*}} syncscope("device") acquire acquire
// CHECK: %[[V:.*]] = llvm.extractvalue %[[PAIR]][0]
// CHECK: memref.store %[[V]], %[[SLOT]]
// CHECK: gpu.barrier
// CHECK: %[[BCAST:.*]] = memref.load %[[SLOT]]
// CHECK: scf.if
// CHECK: llvm.fence syncscope("device") release
// CHECK-NEXT: llvm.atomicrmw umax %arg0, %{{.*}} syncscope("device") monotonic
// CHECK: llvm.store %[[BCAST]], %arg1

// CHECK-LABEL: gpu.func @red_view
// CHECK: tirx.iota cta %[[FLAT:.*]] :
// CHECK: tirx.map cta %[[ADDR:.*]], %[[FLAT]], {{.*}} : !tirx.buffer<8x64xi64
// CHECK: tirx.map cta %[[INB:.*]], %[[FLAT]], {{.*}} : !tirx.buffer<8x64xi1
// CHECK: arith.cmpi ult
// CHECK: tirx.atomic cta %[[ADDR]], %{{.*}} mask %[[INB]] : {{.*}} {kind = "fadd", ordering = "monotonic", syncscope = "device"}
cuda_tile.module @atomics {
  entry @rmw_tile(%p: tile<ptr<i32>>, %q: tile<ptr<f32>>, %o: tile<ptr<i32>>) {
    %p1 = reshape %p : tile<ptr<i32>> -> tile<1xptr<i32>>
    %pb = broadcast %p1 : tile<1xptr<i32>> -> tile<256xptr<i32>>
    %iota = iota : tile<256xi32>
    %ptrs = offset %pb, %iota : tile<256xptr<i32>>, tile<256xi32> -> tile<256xptr<i32>>
    %c100 = constant <i32: 100> : tile<256xi32>
    %mask = cmpi less_than %iota, %c100, signed : tile<256xi32> -> tile<256xi1>
    %old, %t0 = atomic_rmw_tko relaxed device %ptrs, add, %iota, %mask : tile<256xptr<i32>>, tile<256xi32>, tile<256xi1> -> tile<256xi32>, token
    %x, %t1 = atomic_rmw_tko acq_rel tl_blk %ptrs, xchg, %old token = %t0 : tile<256xptr<i32>>, tile<256xi32> -> tile<256xi32>, token
    %q1 = reshape %q : tile<ptr<f32>> -> tile<1xptr<f32>>
    %qb = broadcast %q1 : tile<1xptr<f32>> -> tile<256xptr<f32>>
    %qs = offset %qb, %iota : tile<256xptr<f32>>, tile<256xi32> -> tile<256xptr<f32>>
    %one = constant <f32: 1.0> : tile<256xf32>
    %unused, %t2 = atomic_rmw_tko release sys %qs, addf, %one : tile<256xptr<f32>>, tile<256xf32> -> tile<256xf32>, token
    %c, %t3 = atomic_cas_tko acquire device %qs, %one, %one : tile<256xptr<f32>>, tile<256xf32> -> tile<256xf32>, token
    %o1 = reshape %o : tile<ptr<i32>> -> tile<1xptr<i32>>
    %ob = broadcast %o1 : tile<1xptr<i32>> -> tile<256xptr<i32>>
    %os = offset %ob, %iota : tile<256xptr<i32>>, tile<256xi32> -> tile<256xptr<i32>>
    %t4 = store_ptr_tko weak %os, %x : tile<256xptr<i32>>, tile<256xi32> -> token
    %t5 = store_ptr_tko weak %qs, %c token = %t4 : tile<256xptr<f32>>, tile<256xf32> -> token
    return
  }

  entry @scalar(%lock: tile<ptr<i32>>, %out: tile<ptr<i32>>) {
    %c0 = constant <i32: 0> : tile<i32>
    %c1 = constant <i32: 1> : tile<i32>
    %old, %t0 = atomic_cas_tko acquire device %lock, %c0, %c1 : tile<ptr<i32>>, tile<i32> -> tile<i32>, token
    %m, %t1 = atomic_rmw_tko release device %lock, umax, %c0 token = %t0 : tile<ptr<i32>>, tile<i32> -> tile<i32>, token
    %t2 = store_ptr_tko weak %out, %old token = %t1 : tile<ptr<i32>>, tile<i32> -> token
    return
  }

  entry @red_view(%a: tile<ptr<f32>>, %n: tile<i32>) {
    %ta = make_tensor_view %a, shape = [%n, 64], strides = [64, 1] : tile<i32> -> tensor_view<?x64xf32, strides=[64,1]>
    %pa = make_partition_view %ta : partition_view<tile=(8x64), tensor_view<?x64xf32, strides=[64,1]>>
    %bx, %by, %bz = get_tile_block_id : tile<i32>
    %c0 = constant <i32: 0> : tile<i32>
    %v = constant <f32: 2.0> : tile<8x64xf32>
    %t = atomic_red_view_tko relaxed device %pa[%bx, %c0], addf, %v : tile<8x64xf32>, partition_view<tile=(8x64), tensor_view<?x64xf32, strides=[64,1]>>, tile<i32> -> token
    return
  }
}
