// RUN: tile-opt %s --convert-cuda-tile-to-tirx=chip=sm_90a | FileCheck %s
// RUN: tile-translate --cuda-tile-to-ptx --chip=sm_90a %s | FileCheck %s --check-prefix=PTX

// How the operands of a single mmaf are staged into shared memory for
// wgmma (attention's two products): an operand whose registers hold
// consecutive elements along K is staged K-major, one holding consecutive
// elements along M or N (V, given K x N with N contiguous) MN-major, both
// with the 128-byte swizzle; the wgmma that reads V has its transpose-B
// immediate set. Q, defined before the loop, is staged once, before it;
// the tiles the loop computes (K and V scaled after their loads) are
// staged in every iteration. (Tiles that go from a load straight into a
// product are streamed instead: mma-streamed-operands.mlir.)

// CHECK-LABEL: gpu.func @attn
// CHECK: %[[Q:.*]] = tirx.alloc : !tirx.buffer<128x64xf16, shared, <S[(128,64):(64,1)], swizzle = 128>>
// CHECK-NEXT: tirx.copy cta %[[Q]]
// CHECK: scf.for
// CHECK-NOT: tirx.copy cta %[[Q]]
// CHECK: %[[KT:.*]] = tirx.alloc : !tirx.buffer<64x128xf16, shared, <S[(64,128):(1,64)], swizzle = 128>>
// CHECK: tirx.gemm warpgroup {{.*}}, %{{.*}}, %{{.*}}, %{{.*}} {{.*}} : {{.*}}, !tirx.buffer<64x64xf16, shared, <S[(64,64):(64,1)], swizzle = 128>>, !tirx.buffer<64x128xf16, shared, <S[(64,128):(1,64)], swizzle = 128>>
// P, the f16 copy of the Q K^T accumulator computed in the loop, is read
// by P V from its registers (wgmma's register-A form): it is not staged.
// CHECK-NOT: tirx.alloc : !tirx.buffer<128x128xf16, shared
// CHECK: %[[V:.*]] = tirx.alloc : !tirx.buffer<128x64xf16, shared, <S[8192:1], swizzle = 128>>
// CHECK: tirx.gemm warpgroup {{.*}} : {{.*}}, !tirx.buffer<64x128xf16, local, <S[(4,2,8,16,4,2):(1@wid_in_wg,2,4@laneid,4,1@laneid,1)]>>, !tirx.buffer<128x64xf16, shared, <S[8192:1], swizzle = 128>>
// CHECK: tirx.gemm warpgroup {{.*}} : {{.*}}, !tirx.buffer<64x128xf16, local, <S[(4,2,8,16,4,2):(1@wid_in_wg,2,4@laneid,4,1@laneid,1)]>>, !tirx.buffer<128x64xf16, shared, <S[8192:1], swizzle = 128>>

// Q K^T: K-major A and B (transpose immediates 0, 0); P V: A in four
// registers per K step, V MN-major (transpose-B immediate 1).
// PTX-COUNT-8: wgmma.mma_async.sync.aligned.m64n128k16.f32.f16.f16 {{.*}}, p, 1, 1, 0, 0;
// PTX-COUNT-16: wgmma.mma_async.sync.aligned.m64n64k16.f32.f16.f16 {{.*}}}, {%r{{[0-9]+}}, %r{{[0-9]+}}, %r{{[0-9]+}}, %r{{[0-9]+}}}, %rd{{[0-9]+}}, p, 1, 1, 1;
// PTX-NOT: st.shared.b16
cuda_tile.module @k {
  entry @attn(%pq: tile<ptr<f16>>, %pk: tile<ptr<f16>>, %pv: tile<ptr<f16>>, %po: tile<ptr<f32>>, %n: tile<i32>) {
    %tq = make_tensor_view %pq, shape = [128, 64], strides = [64, 1] : tensor_view<128x64xf16, strides=[64,1]>
    %tk = make_tensor_view %pk, shape = [%n, 64], strides = [64, 1] : tile<i32> -> tensor_view<?x64xf16, strides=[64,1]>
    %tv = make_tensor_view %pv, shape = [%n, 64], strides = [64, 1] : tile<i32> -> tensor_view<?x64xf16, strides=[64,1]>
    %to = make_tensor_view %po, shape = [128, 64], strides = [64, 1] : tensor_view<128x64xf32, strides=[64,1]>
    %vq = make_partition_view %tq : partition_view<tile=(128x64), tensor_view<128x64xf16, strides=[64,1]>>
    %vk = make_partition_view %tk : partition_view<tile=(128x64), padding_value = zero, tensor_view<?x64xf16, strides=[64,1]>>
    %vv = make_partition_view %tv : partition_view<tile=(128x64), padding_value = zero, tensor_view<?x64xf16, strides=[64,1]>>
    %c0 = constant <i32: 0> : tile<i32>
    %c1 = constant <i32: 1> : tile<i32>
    %c4 = constant <i32: 4> : tile<i32>
    %q, %t0 = load_view_tko weak %vq[%c0, %c0] : partition_view<tile=(128x64), tensor_view<128x64xf16, strides=[64,1]>>, tile<i32> -> tile<128x64xf16>, token
    %zs = constant <f32: 0.0> : tile<128x128xf32>
    %zo = constant <f32: 0.0> : tile<128x64xf32>
    %acc = for %i in (%c0 to %c4, step %c1) : tile<i32> iter_values(%o = %zo) -> (tile<128x64xf32>) {
      %k, %t1 = load_view_tko weak %vk[%i, %c0] : partition_view<tile=(128x64), padding_value = zero, tensor_view<?x64xf16, strides=[64,1]>>, tile<i32> -> tile<128x64xf16>, token
      %ks = mulf %k, %k rounding<nearest_even> : tile<128x64xf16>
      %kt = permute %ks [1, 0] : tile<128x64xf16> -> tile<64x128xf16>
      %s = mmaf %q, %kt, %zs : tile<128x64xf16>, tile<64x128xf16>, tile<128x128xf32>
      %p = ftof %s : tile<128x128xf32> -> tile<128x128xf16>
      %v, %t2 = load_view_tko weak %vv[%i, %c0] : partition_view<tile=(128x64), padding_value = zero, tensor_view<?x64xf16, strides=[64,1]>>, tile<i32> -> tile<128x64xf16>, token
      %vs = negf %v : tile<128x64xf16>
      %o2 = mmaf %p, %vs, %o : tile<128x128xf16>, tile<128x64xf16>, tile<128x64xf32>
      continue %o2 : tile<128x64xf32>
    }
    %vo = make_partition_view %to : partition_view<tile=(128x64), tensor_view<128x64xf32, strides=[64,1]>>
    %t3 = store_view_tko weak %acc, %vo[%c0, %c0] : tile<128x64xf32>, partition_view<tile=(128x64), tensor_view<128x64xf32, strides=[64,1]>>, tile<i32> -> token
    return
  }
}
