// RUN: tile-opt %s --tirx-dispatch | FileCheck %s

// tirx.tensor_maps builds TMA tensor maps on the device: the kernel gets a
// pool of 1024 slots (one map of 128 bytes per view, 128-byte aligned) and a
// lock word per slot, module globals named after it. Thread 0 searches
// from slot %smid * 4 for a free one (compare-and-swap of its lock, 0 -> 1,
// acquire at GPU scope), zeroes each map, writes every field with
// LLVM's tensormap.replace intrinsics (innermost dimension first: box, size, element stride;
// outer strides in bytes; f16 is elemtype 6, bf16 10, the 128-byte swizzle
// mode 3, the 64-byte one 2) and fences the maps for the tensor-map proxy.
// tirx.tensor_maps_release frees the slot: thread 0, a release fence, then
// the lock back to 0.

// CHECK-LABEL: gpu.module @m
// CHECK-DAG: llvm.mlir.global internal @__tirx_tensor_maps_maps() {addr_space = 1 : i32, alignment = 128 : i64} : !llvm.array<262144 x i8>
// CHECK-DAG: llvm.mlir.global internal @__tirx_tensor_map_locks_maps() {addr_space = 1 : i32, alignment = 4 : i64} : !llvm.array<1024 x i32>
// CHECK-LABEL: gpu.func @maps
// CHECK: %[[FIRST:.*]] = arith.cmpi eq, %{{.*}}, %c0_i32
// CHECK: %[[SLOT:.*]] = scf.if %[[FIRST]] -> (i32) {
// CHECK: nvvm.read.ptx.sreg.smid
// CHECK: %[[FOUND:.*]] = scf.while (%[[S:.*]] = %{{.*}}) : (i32) -> i32 {
// CHECK: llvm.cmpxchg %{{.*}}, %c0_i32{{.*}}, %c1_i32{{.*}} syncscope("device") acquire monotonic
// CHECK: scf.condition
// CHECK: llvm.store %c0_i64
// CHECK: llvm.call_intrinsic "llvm.nvvm.tensormap.replace.global.address"(%[[MAP:[0-9]+]], %{{.*}}) : (!llvm.ptr<1>, i64)
// CHECK: %[[RANK:.*]] = llvm.mlir.constant(1 : i32)
// CHECK-NEXT: llvm.call_intrinsic "llvm.nvvm.tensormap.replace.rank"(%[[MAP]], %[[RANK]])
// CHECK: %[[BOX0:.*]] = llvm.mlir.constant(64 : i32)
// CHECK-NEXT: llvm.call_intrinsic "llvm.nvvm.tensormap.replace.box.dim"(%[[MAP]], %{{.*}}, %[[BOX0]])
// CHECK: llvm.call_intrinsic "llvm.nvvm.tensormap.replace.global.dim"(%[[MAP]]
// CHECK: llvm.call_intrinsic "llvm.nvvm.tensormap.replace.element.stride"(%[[MAP]]
// CHECK: %[[BOX1:.*]] = llvm.mlir.constant(128 : i32)
// CHECK-NEXT: llvm.call_intrinsic "llvm.nvvm.tensormap.replace.box.dim"(%[[MAP]], %{{.*}}, %[[BOX1]])
// CHECK: llvm.call_intrinsic "llvm.nvvm.tensormap.replace.global.stride"(%[[MAP]], %{{.*}}, %{{.*}}) : (!llvm.ptr<1>, i32, i64)
// CHECK: %[[F16:.*]] = llvm.mlir.constant(6 : i32)
// CHECK-NEXT: llvm.call_intrinsic "llvm.nvvm.tensormap.replace.elemtype"(%[[MAP]], %[[F16]])
// CHECK: llvm.call_intrinsic "llvm.nvvm.tensormap.replace.interleave.layout"(%[[MAP]]
// CHECK: %[[SW128:.*]] = llvm.mlir.constant(3 : i32)
// CHECK-NEXT: llvm.call_intrinsic "llvm.nvvm.tensormap.replace.swizzle.mode"(%[[MAP]], %[[SW128]])
// CHECK: llvm.call_intrinsic "llvm.nvvm.tensormap.replace.fill.mode"(%[[MAP]]
// CHECK: %[[BF16:.*]] = llvm.mlir.constant(10 : i32)
// CHECK-NEXT: llvm.call_intrinsic "llvm.nvvm.tensormap.replace.elemtype"(%{{.*}}, %[[BF16]])
// CHECK: %[[SW64:.*]] = llvm.mlir.constant(2 : i32)
// CHECK-NEXT: llvm.call_intrinsic "llvm.nvvm.tensormap.replace.swizzle.mode"(%{{.*}}, %[[SW64]])
// CHECK: nvvm.fence.proxy.release <gpu>
// CHECK: nvvm.fence.proxy.acquire <gpu>
// CHECK: nvvm.fence.proxy.acquire <gpu>
// CHECK: scf.yield %[[FOUND]] : i32
// The copy issued through map 0 by thread 0.
// CHECK: nvvm.cp.async.bulk.tensor.shared.cluster.global
// CHECK: scf.if
// CHECK: llvm.fence syncscope("device") release
// CHECK: llvm.atomicrmw xchg %{{.*}}, %c0_i32{{.*}} syncscope("device") monotonic
// CHECK: nvvm.mbarrier.inval
gpu.module @m [#nvvm.target<chip = "sm_90a">] {
gpu.func @maps(%p: !llvm.ptr<1>, %q: !llvm.ptr<1>, %m: index, %k: index, %i: index) kernel attributes {known_block_size = array<i32: 128, 1, 1>} {
  %ga = tirx.global_view %p sizes [%m, %k] strides [%k, 1] {alignment = 16 : i64} : !llvm.ptr<1> -> !tirx.buffer<?x?xf16, global>
  %gb = tirx.global_view %q sizes [%k, %m] strides [%m, 1] {alignment = 16 : i64} : !llvm.ptr<1> -> !tirx.buffer<?x?xbf16, global>
  %maps:2 = tirx.tensor_maps %ga, %gb {boxes = [array<i64: 128, 64>, array<i64: 64, 32>], swizzles = array<i64: 128, 64>} : !tirx.buffer<?x?xf16, global>, !tirx.buffer<?x?xbf16, global> -> !llvm.ptr<1>, !llvm.ptr<1>
  %s = tirx.alloc : !tirx.buffer<128x64xf16, shared, #tirx.layout<S[128,64], swizzle = 128>>
  %b = tirx.alloc : !tirx.buffer<1xi64, shared, #tirx.layout<S[1]>>
  %r = tirx.region %ga [%i, 0] : !tirx.buffer<?x?xf16, global> -> !tirx.buffer<128x64xf16, global>
  tirx.copy_async cta %s, %r barrier(%b[0] : !tirx.buffer<1xi64, shared, #tirx.layout<S[1]>>) tensor_map(%maps#0 : !llvm.ptr<1>) : !tirx.buffer<128x64xf16, shared, #tirx.layout<S[128,64], swizzle = 128>>, !tirx.buffer<128x64xf16, global>
  tirx.tensor_maps_release %maps#0 : !llvm.ptr<1>
  tirx.mbarrier_inval %b[0] : !tirx.buffer<1xi64, shared, #tirx.layout<S[1]>>
  gpu.return
}
}

// A `.tf32` map (elemtype 11): TMA rounds the f32 elements it copies to
// tf32, to nearest even.
// CHECK-LABEL: gpu.func @tf32_map
// CHECK: %[[TF32:.*]] = llvm.mlir.constant(11 : i32)
// CHECK-NEXT: llvm.call_intrinsic "llvm.nvvm.tensormap.replace.elemtype"(%{{.*}}, %[[TF32]])
// CHECK: %[[F32:.*]] = llvm.mlir.constant(7 : i32)
// CHECK-NEXT: llvm.call_intrinsic "llvm.nvvm.tensormap.replace.elemtype"(%{{.*}}, %[[F32]])
gpu.module @t [#nvvm.target<chip = "sm_90a">] {
gpu.func @tf32_map(%p: !llvm.ptr<1>, %m: index, %k: index) kernel attributes {known_block_size = array<i32: 128, 1, 1>} {
  %g = tirx.global_view %p sizes [%m, %k] strides [%k, 1] {alignment = 16 : i64} : !llvm.ptr<1> -> !tirx.buffer<?x?xf32, global>
  %maps:2 = tirx.tensor_maps %g, %g {boxes = [array<i64: 128, 32>, array<i64: 128, 32>], swizzles = array<i64: 128, 128>, tf32 = array<i1: true, false>} : !tirx.buffer<?x?xf32, global>, !tirx.buffer<?x?xf32, global> -> !llvm.ptr<1>, !llvm.ptr<1>
  tirx.tensor_maps_release %maps#0 : !llvm.ptr<1>
  gpu.return
}
}
