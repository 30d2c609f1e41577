// RUN: tile-opt %s | tile-opt | FileCheck %s
// RUN: tile-opt %s --mlir-print-op-generic | tile-opt | FileCheck %s

// Round trip of the asynchronous data-movement ops (TirXCopyOps.td) and of
// the swizzled shared layout, in the custom and in the generic form.

!S = !tirx.buffer<64x64xf16, shared, #tirx.layout<S[64,64], swizzle = 128>>
!G = !tirx.buffer<64x64xf16, global>
!B = !tirx.buffer<2xi64, shared, #tirx.layout<S[2]>>
!L0 = !tirx.buffer<32x32xf32, local, #tirx.layout<S[(32,32):(1@laneid,1)]>>
!L1 = !tirx.buffer<32x32xf32, local, #tirx.layout<S[(32,32):(1,1@laneid)]>>

// CHECK-LABEL: func.func @copy_ops
// CHECK-SAME: (%[[P:.*]]: !llvm.ptr<1>, %[[D:.*]]: !llvm.ptr<1>, %[[N:.*]]: i32, %[[X:.*]]: !tirx.buffer<32x32xf32, local, {{.*}}>)
// CHECK: %[[S:.*]] = tirx.alloc : !tirx.buffer<64x64xf16, shared, <S[(64,64):(64,1)], swizzle = 128>>
// CHECK: %[[B:.*]] = tirx.alloc : !tirx.buffer<2xi64, shared, <S[2:1]>>
// CHECK: tirx.copy_async cta %[[S]], %[[R:.*]] : !tirx.buffer<64x64xf16, shared, <S[(64,64):(64,1)], swizzle = 128>>, !tirx.buffer<64x64xf16, global>
// CHECK: tirx.async_commit
// CHECK: tirx.async_wait {pending = 1 : i64}
// CHECK: tirx.async_proxy_fence
// CHECK: tirx.mbarrier_init %[[B]][1], %[[N]] : !tirx.buffer<2xi64, shared, <S[2:1]>>
// CHECK: tirx.mbarrier_arrive_expect_tx %[[B]][1], %[[N]] : !tirx.buffer<2xi64, shared, <S[2:1]>>
// CHECK: tirx.copy_async thread %[[S]], %[[R]] barrier(%[[B]][1] : !tirx.buffer<2xi64, shared, <S[2:1]>>) tensor_map(%[[D]] : !llvm.ptr<1>) {dispatch = "tma"} : !tirx.buffer<64x64xf16, shared, <S[(64,64):(64,1)], swizzle = 128>>, !tirx.buffer<64x64xf16, global>
// CHECK: tirx.mbarrier_wait %[[B]][1], %[[N]] : !tirx.buffer<2xi64, shared, <S[2:1]>>
// CHECK: tirx.copy_async cta %[[R]], %[[S]] tensor_map(%[[D]] : !llvm.ptr<1>) : !tirx.buffer<64x64xf16, global>, !tirx.buffer<64x64xf16, shared, <S[(64,64):(64,1)], swizzle = 128>>
// CHECK: tirx.alloc : !tirx.buffer<64x64xf16, shared, <S[4096:1], swizzle = 128, swizzle_shift = 6>>
// CHECK: tirx.permute_layout warp %{{.*}}, %[[X]] : !tirx.buffer<32x32xf32, local, <S[(32,32):(1,1@laneid)]>>, !tirx.buffer<32x32xf32, local, <S[(32,32):(1@laneid,1)]>>
func.func @copy_ops(%p: !llvm.ptr<1>, %desc: !llvm.ptr<1>, %n: i32, %x: !L0) {
  %g = tirx.global_view %p sizes [64, 64] strides [64, 1] : !llvm.ptr<1> -> !tirx.buffer<64x64xf16, global>
  %r = tirx.region %g [0, 0] : !tirx.buffer<64x64xf16, global> -> !G
  %s = tirx.alloc : !S
  %b = tirx.alloc : !B
  tirx.copy_async cta %s, %r : !S, !G
  tirx.async_commit
  tirx.async_wait {pending = 1}
  tirx.async_proxy_fence
  tirx.mbarrier_init %b[1], %n : !B
  tirx.mbarrier_arrive_expect_tx %b[1], %n : !B
  tirx.copy_async thread %s, %r barrier(%b[1] : !B) tensor_map(%desc : !llvm.ptr<1>) {dispatch = "tma"} : !S, !G
  tirx.mbarrier_wait %b[1], %n : !B
  tirx.copy_async cta %r, %s tensor_map(%desc : !llvm.ptr<1>) : !G, !S
  %t = tirx.alloc : !tirx.buffer<64x64xf16, shared, #tirx.layout<S[4096], swizzle = 128, swizzle_shift = 6>>
  %y = tirx.alloc : !L1
  tirx.permute_layout warp %y, %x : !L1, !L0
  return
}

// Tensor maps built on the device, their release, and mbarrier_inval.
// CHECK-LABEL: func.func @tensor_map_ops
// CHECK: %[[M:.*]]:2 = tirx.tensor_maps %{{.*}}, %{{.*}} {boxes = [array<i64: 128, 64>, array<i64: 64, 64>], swizzles = array<i64: 128, 128>} : !tirx.buffer<?x?xf16, global>, !tirx.buffer<?x?xbf16, global> -> !llvm.ptr<1>, !llvm.ptr<1>
// CHECK: tirx.tensor_maps_release %[[M]]#0 : <1>
// CHECK: tirx.mbarrier_inval %{{.*}}[1] : !tirx.buffer<2xi64, shared, <S[2:1]>>
func.func @tensor_map_ops(%p: !llvm.ptr<1>, %m: index, %k: index) {
  %ga = tirx.global_view %p sizes [%m, %k] strides [%k, 1] : !llvm.ptr<1> -> !tirx.buffer<?x?xf16, global>
  %gb = tirx.global_view %p sizes [%k, %m] strides [%m, 1] : !llvm.ptr<1> -> !tirx.buffer<?x?xbf16, global>
  %maps:2 = tirx.tensor_maps %ga, %gb {boxes = [array<i64: 128, 64>, array<i64: 64, 64>], swizzles = array<i64: 128, 128>} : !tirx.buffer<?x?xf16, global>, !tirx.buffer<?x?xbf16, global> -> !llvm.ptr<1>, !llvm.ptr<1>
  tirx.tensor_maps_release %maps#0 : !llvm.ptr<1>
  %b = tirx.alloc : !B
  tirx.mbarrier_inval %b[1] : !B
  return
}
