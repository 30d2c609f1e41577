// RUN: tile-opt %s --convert-cuda-tile-to-tirx=chip=sm_90a | FileCheck %s
// RUN: tile-opt %s --convert-cuda-tile-to-tirx="chip=sm_90a warp-specialize=false" | FileCheck %s --check-prefix=NOWS
// RUN: tile-translate --cuda-tile-to-ptx --chip=sm_90a %s | FileCheck %s --check-prefix=PTX

// Attention's loop on one warpgroup with a producer warp: the body's last
// product (P V, A in registers, into the carried output) is issued one
// iteration late. The first iteration runs before the loop without it;
// iteration j issues iteration j - 1's P V right after its own Q K^T,
// computes its scores' exponentials while the product runs, waits for it
// before it rescales the output and writes the next P, then hands V's
// buffer back; after the loop, the last iteration's P V.
// CHECK-LABEL: gpu.func @attn
// CHECK: tirx.warp_specialize producer_warps(1) {
// CHECK: %[[P:.*]] = tirx.alloc : !tirx.buffer<64x64xf16, local
// CHECK: scf.if
// CHECK-NOT: tirx.gemm_async
// CHECK: tirx.gemm warpgroup {{.*}}transpose_b
// CHECK: math.exp2
// CHECK: tirx.map cta %[[P]]
// CHECK: }
// CHECK: %[[LB:.*]] = arith.addi %{{.*}}, %c1_i32
// CHECK: scf.for %[[IV:.*]] = %[[LB]] to
// CHECK: tirx.gemm warpgroup {{.*}}transpose_b
// CHECK: tirx.mbarrier_arrive
// CHECK: arith.subi %[[IV]], %c1_i32
// CHECK: tirx.mbarrier_wait
// CHECK: tirx.gemm_async warpgroup
// CHECK-NOT: tirx.gemm
// CHECK: math.exp2
// CHECK: tirx.gemm_wait warpgroup
// CHECK: tirx.mbarrier_arrive
// CHECK: arith.mulf
// CHECK: tirx.map cta %[[P]]
// CHECK: scf.if
// CHECK: tirx.mbarrier_wait
// CHECK: tirx.gemm_async warpgroup
// CHECK-NEXT: tirx.gemm_wait warpgroup
// CHECK: tirx.mbarrier_arrive
// CHECK: } producer {

// Without the producer warp (the loop's threads refill the buffers the
// previous iteration read) the products stay in order.
// NOWS-LABEL: gpu.func @attn
// NOWS-NOT: tirx.gemm_async
// NOWS: gpu.return

// In the loop: the late product's wgmma committed before the exponentials,
// waited for after them.
// PTX-LABEL: .entry attn
// PTX: wgmma.mma_async.sync.aligned.m64n64k16.f32.f16.f16
// PTX: wgmma.wait_group.sync.aligned 0;
// PTX: wgmma.mma_async.sync.aligned.m64n128k16.f32.f16.f16
// PTX: wgmma.commit_group.sync.aligned;
// PTX-NOT: wgmma.wait_group
// PTX: ex2.approx
// PTX: wgmma.wait_group.sync.aligned 0;
cuda_tile.module @k {
  entry @attn(%pq: tile<ptr<f16>>, %pk: tile<ptr<f16>>, %pv: tile<ptr<f16>>, %po: tile<ptr<f32>>, %n: tile<i32>) optimization_hints=<default = {occupancy = 2}> {
    %tq = make_tensor_view %pq, shape = [64, 64], strides = [64, 1] : tensor_view<64x64xf16, strides=[64,1]>
    %tk = make_tensor_view %pk, shape = [%n, 64], strides = [64, 1] : tile<i32> -> tensor_view<?x64xf16, strides=[64,1]>
    %tv = make_tensor_view %pv, shape = [%n, 128], strides = [128, 1] : tile<i32> -> tensor_view<?x128xf16, strides=[128,1]>
    %to = make_tensor_view %po, shape = [64, 128], strides = [128, 1] : tensor_view<64x128xf32, strides=[128,1]>
    %vq = make_partition_view %tq : partition_view<tile=(64x64), tensor_view<64x64xf16, strides=[64,1]>>
    %vk = make_partition_view %tk : partition_view<tile=(64x64), padding_value = zero, tensor_view<?x64xf16, strides=[64,1]>>
    %vv = make_partition_view %tv : partition_view<tile=(64x128), padding_value = zero, tensor_view<?x128xf16, strides=[128,1]>>
    %c0 = constant <i32: 0> : tile<i32>
    %c1 = constant <i32: 1> : tile<i32>
    %half = constant <f32: 0.5> : tile<64x128xf32>
    %q, %t0 = load_view_tko weak %vq[%c0, %c0] : partition_view<tile=(64x64), tensor_view<64x64xf16, strides=[64,1]>>, tile<i32> -> tile<64x64xf16>, token
    %zs = constant <f32: 0.0> : tile<64x64xf32>
    %zo = constant <f32: 0.0> : tile<64x128xf32>
    %acc = for %i in (%c0 to %n, step %c1) : tile<i32> iter_values(%o = %zo) -> (tile<64x128xf32>) {
      %k, %t1 = load_view_tko weak %vk[%i, %c0] : partition_view<tile=(64x64), padding_value = zero, tensor_view<?x64xf16, strides=[64,1]>>, tile<i32> -> tile<64x64xf16>, token
      %kt = permute %k [1, 0] : tile<64x64xf16> -> tile<64x64xf16>
      %s = mmaf %q, %kt, %zs : tile<64x64xf16>, tile<64x64xf16>, tile<64x64xf32>
      %e = exp2 %s : tile<64x64xf32>
      %o1 = mulf %o, %half rounding<nearest_even> : tile<64x128xf32>
      %v, %t2 = load_view_tko weak %vv[%i, %c0] : partition_view<tile=(64x128), padding_value = zero, tensor_view<?x128xf16, strides=[128,1]>>, tile<i32> -> tile<64x128xf16>, token
      %p = ftof %e : tile<64x64xf32> -> tile<64x64xf16>
      %o2 = mmaf %p, %v, %o1 : tile<64x64xf16>, tile<64x128xf16>, tile<64x128xf32>
      continue %o2 : tile<64x128xf32>
    }
    %vo = make_partition_view %to : partition_view<tile=(64x128), tensor_view<64x128xf32, strides=[128,1]>>
    %t3 = store_view_tko weak %acc, %vo[%c0, %c0] : tile<64x128xf32>, partition_view<tile=(64x128), tensor_view<64x128xf32, strides=[128,1]>>, tile<i32> -> token
    return
  }
}
