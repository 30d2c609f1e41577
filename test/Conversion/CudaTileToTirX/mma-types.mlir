// RUN: tile-opt %s --convert-cuda-tile-to-tirx="chip=sm_90" | FileCheck %s

// tf32 (ftof f32 -> tf32 rounds with cvt.rn.tf32.f32 into f32 buffers; the
// gemm multiplies f32 buffers as tf32), f64 (m8n8k4 fragments) and a
// batched rank-3 product (one warp-scope gemm per batch index on views at
// the batch's offset, of operands staged in the layouts of a rank-2
// product: A's rows of 32 bytes with the 32-byte swizzle), and an operand
// of two products staged once.

// CHECK-LABEL: gpu.func @tf32
// A splat converts as a scalar, a register tile through tirx.map.
// CHECK: %[[TA:.*]] = llvm.call_intrinsic "llvm.nvvm.f2tf32.rn"(%{{.*}}) : (f32) -> i32
// CHECK: %[[SA:.*]] = arith.bitcast %[[TA]] : i32 to f32
// CHECK: tirx.map cta %[[RB:.*]], %{{.*}} : !tirx.buffer<16x16xf32
// CHECK: %[[TB:.*]] = llvm.call_intrinsic "llvm.nvvm.f2tf32.rn"(%arg0) : (f32) -> i32
// CHECK: %[[FB:.*]] = arith.bitcast %[[TB]] : i32 to f32
// CHECK: tirx.yield %[[FB]] : f32
// CHECK: %[[SHA:.*]] = tirx.alloc : !tirx.buffer<32x16xf32, shared
// CHECK: tirx.fill cta %[[SHA]], %[[SA]]
// CHECK: %[[SHB:.*]] = tirx.alloc : !tirx.buffer<16x16xf32, shared
// CHECK: tirx.copy cta %[[SHB]], %[[RB]]
// The m16n8k8 tf32 A fragment: a0..a3 at rows lane/4 (+8), columns lane%4
// (+4).
// CHECK: tirx.gemm warp {{.*}} : !tirx.buffer<16x16xf32, local, {{.*}}>, !tirx.buffer<16x16xf32, local, <S[(1,2,8,2,2,4):(8,1,4@laneid,4,2,1@laneid)]>>
// CHECK-LABEL: gpu.func @f64
// m8n8k4 fragments: A one f64 per atom (lane/4, lane%4), C two.
// CHECK: tirx.gemm warp {{.*}} : !tirx.buffer<8x32xf64, local, <S[(1,8,4,4,2):(8,4@laneid,2,1@laneid,1)]>>, !tirx.buffer<8x16xf64, local, <S[(1,8,4,4):(4,4@laneid,1,1@laneid)]>>
// CHECK-LABEL: gpu.func @batched
// CHECK: %[[BA:.*]] = tirx.alloc : !tirx.buffer<2x32x16xf16, shared, <S[(2,32,16):(512,16,1)], swizzle = 32>>
// CHECK: %[[BB:.*]] = tirx.alloc : !tirx.buffer<2x16x16xf16, shared, <S[(2,16,16):(256,16,1)]>>
// CHECK: tirx.view %[[BA]] : {{.*}} -> !tirx.buffer<32x16xf16, shared, <S[(32,16):(16,1)], swizzle = 32>>
// CHECK: tirx.view %[[BB]] : {{.*}} -> !tirx.buffer<16x16xf16, shared, <S[(16,16):(16,1)]>>
// CHECK: tirx.gemm warp %[[D0:.*]], %{{.*}}, %{{.*}}, %[[D0]] {{.*}} : !tirx.buffer<16x8xf32, local, <S[(1,2,8,1,4,2):(4,2,4@laneid,4,1@laneid,1)]>>
// CHECK: tirx.view %[[BA]] : {{.*}} -> !tirx.buffer<32x16xf16, shared, <S[(32,16):(16,1)] + 512, swizzle = 32>>
// CHECK: tirx.view %[[BB]] : {{.*}} -> !tirx.buffer<16x16xf16, shared, <S[(16,16):(16,1)] + 256>>
// CHECK: tirx.gemm warp %[[D1:.*]], %{{.*}}, %{{.*}}, %[[D1]] {{.*}} : !tirx.buffer<16x8xf32, local, <S[(1,2,8,1,4,2):(4,2,4@laneid,4,1@laneid,1)] + 4>>
// CHECK-NOT: tirx.gemm
// CHECK: gpu.return
// CHECK-LABEL: gpu.func @shared_operand
// B (K x N, N contiguous in its registers) in the MN-major swizzled layout,
// copied once; each product stages its own A.
// CHECK: %[[SB:.*]] = tirx.alloc : !tirx.buffer<16x64xf16, shared, {{.*}}swizzle = 128>>
// CHECK-NEXT: tirx.copy cta %[[SB]], %{{.*}} : !tirx.buffer<16x64xf16, shared
// CHECK: tirx.gemm
// CHECK: tirx.alloc : !tirx.buffer<16x16xf16, shared
// CHECK-NOT: tirx.alloc : !tirx.buffer<16x64xf16, shared
// CHECK-NOT: tirx.copy cta %{{.*}}, %{{.*}} : !tirx.buffer<16x64xf16, shared
// CHECK: tirx.gemm
// CHECK: gpu.return

cuda_tile.module @k {
  entry @tf32() {
    %a = constant <f32: 1.3> : tile<32x16xf32>
    %ii = iota : tile<16xi32>
    %ia = itof %ii signed : tile<16xi32> -> tile<16xf32>
    %ib = reshape %ia : tile<16xf32> -> tile<1x16xf32>
    %b = broadcast %ib : tile<1x16xf32> -> tile<16x16xf32>
    %ta = ftof %a : tile<32x16xf32> -> tile<32x16xtf32>
    %tb = ftof %b : tile<16x16xf32> -> tile<16x16xtf32>
    %c = constant <f32: 0.0> : tile<32x16xf32>
    %d = mmaf %ta, %tb, %c : tile<32x16xtf32>, tile<16x16xtf32>, tile<32x16xf32>
    return
  }
  entry @f64() {
    %a = constant <f64: 1.5> : tile<32x16xf64>
    %b = constant <f64: 2.0> : tile<16x32xf64>
    %c = constant <f64: 0.0> : tile<32x32xf64>
    %d = mmaf %a, %b, %c : tile<32x16xf64>, tile<16x32xf64>, tile<32x32xf64>
    return
  }
  entry @batched() {
    %a = constant <f16: 1.5> : tile<2x32x16xf16>
    %b = constant <f16: 2.0> : tile<2x16x16xf16>
    %c = constant <f32: 0.0> : tile<2x32x16xf32>
    %d = mmaf %a, %b, %c : tile<2x32x16xf16>, tile<2x16x16xf16>, tile<2x32x16xf32>
    return
  }
  entry @shared_operand() {
    %i = iota : tile<64xi32>
    %f = itof %i signed : tile<64xi32> -> tile<64xf16>
    %r = reshape %f : tile<64xf16> -> tile<1x64xf16>
    %b = broadcast %r : tile<1x64xf16> -> tile<16x64xf16>
    %a0 = constant <f16: 1.0> : tile<16x16xf16>
    %a1 = constant <f16: 2.0> : tile<16x16xf16>
    %c = constant <f16: 0.0> : tile<16x64xf16>
    %d0 = mmaf %a0, %b, %c : tile<16x16xf16>, tile<16x64xf16>, tile<16x64xf16>
    %d1 = mmaf %a1, %b, %c : tile<16x16xf16>, tile<16x64xf16>, tile<16x64xf16>
    return
  }
}
