// RUN: tile-opt %s --tirx-dispatch | FileCheck %s

// The `wgmma` variant of tirx.gemm / tirx.gemm_async and the variant of
// tirx.gemm_wait (sm_90a). A and B are in shared memory with K-major
// no-swizzle layouts: each K step gets a matrix descriptor built from the
// storage's shared address plus the start offset the layout gives, with
// LBO/SBO read from the layout. D is the m64nNk16 accumulator fragment.

// D: 64 x 16 f32; A: 64 x 32 bf16, core matrices contiguous along K
// (LBO 128 B), 8-row groups 512 B apart (SBO); B: 32 x 16 (K x N) bf16 with
// the same K-major arrangement over its N rows (transposed storage).
!D = !tirx.buffer<64x16xf32, local, #tirx.layout<S[(4,2,8,2,4,2):(1@wid_in_wg,2,4@laneid,4,1@laneid,1)]>>
!A = !tirx.buffer<64x32xbf16, shared, #tirx.layout<S[(8,8,4,8):(256,8,64,1)]>>
!B = !tirx.buffer<32x16xbf16, shared, #tirx.layout<S[(4,8,2,8):(64,1,256,8)]>>
// B given as N x K (transpose_b), f8 inputs: 32 elements per K step.
!A8 = !tirx.buffer<64x32xf8E4M3FN, shared, #tirx.layout<S[(8,8,2,16):(256,16,128,1)]>>
!B8 = !tirx.buffer<16x32xf8E5M2, shared, #tirx.layout<S[(2,8,2,16):(256,16,128,1)]>>
// A in registers: a wgmma accumulator layout of width 32.
!AR = !tirx.buffer<64x32xbf16, local, #tirx.layout<S[(4,2,8,4,4,2):(1@wid_in_wg,2,4@laneid,4,1@laneid,1)]>>

gpu.module @gemm [#nvvm.target<chip = "sm_90a">] {

// CHECK-LABEL: gpu.func @gemm_bf16
// CHECK: %[[D:.*]] = builtin.unrealized_conversion_cast %{{.*}} to memref<8xf32>
// CHECK: %[[ACC0:.*]] = llvm.mlir.undef : !llvm.struct<(f32, f32, f32, f32, f32, f32, f32, f32)>
// CHECK: %[[SA:.*]] = builtin.unrealized_conversion_cast %{{.*}} to memref<2048xbf16, #gpu.address_space<workgroup>>
// CHECK: %[[PA:.*]] = memref.extract_aligned_pointer_as_index %[[SA]]
// CHECK: %[[BA:.*]] = arith.index_castui %[[PA]] : index to i64
// CHECK: %[[SB:.*]] = builtin.unrealized_conversion_cast %{{.*}} to memref<512xbf16, #gpu.address_space<workgroup>>
// CHECK: %[[PB:.*]] = memref.extract_aligned_pointer_as_index %[[SB]]
// CHECK: %[[BB:.*]] = arith.index_castui %[[PB]] : index to i64
// CHECK: nvvm.fence.proxy {kind = #nvvm.proxy_kind<async.shared>, space = #nvvm.shared_space<cta>}
// CHECK: nvvm.wgmma.fence.aligned
// Step 0 of A: start + 0, LBO 128 B (8 << 16), SBO 512 B (32 << 32).
// CHECK: %[[OFF0:.*]] = arith.constant 0 : i64
// CHECK: %[[ADDR0:.*]] = arith.addi %[[BA]], %[[OFF0]] : i64
// CHECK: %[[SH0:.*]] = arith.shrui %[[ADDR0]], %{{.*}} : i64
// CHECK: %[[M14:.*]] = arith.constant 16383 : i64
// CHECK: %[[ST0:.*]] = arith.andi %[[SH0]], %[[M14]] : i64
// CHECK: %[[FA:.*]] = arith.constant 137439477760 : i64
// CHECK: %[[DA0:.*]] = arith.ori %[[ST0]], %[[FA]] : i64
// B: LBO 128 B, SBO 8 * 32 * 2 = 512 B; same fields.
// CHECK: %[[DB0:.*]] = arith.ori %{{.*}}, %{{.*}} : i64
// CHECK: %[[ACC1:.*]] = nvvm.wgmma.mma_async %[[DA0]], %[[DB0]], %[[ACC0]], <m = 64, n = 16, k = 16>, D[<f32>, <zero>], A[<bf16>, <one>, <row>], B[<bf16>, <one>, <col>]
// Step 1 starts two core matrices (256 B) further along K.
// CHECK: %[[OFF1:.*]] = arith.constant 256 : i64
// CHECK: arith.addi %[[BA]], %[[OFF1]] : i64
// CHECK: %[[ACC2:.*]] = nvvm.wgmma.mma_async %{{.*}}, %{{.*}}, %[[ACC1]], <m = 64, n = 16, k = 16>, D[<f32>, <one>]
// CHECK-NOT: nvvm.wgmma.mma_async
// CHECK: nvvm.wgmma.commit.group.sync.aligned
// CHECK: nvvm.wgmma.wait.group.sync.aligned 0
// CHECK: %[[X0:.*]] = llvm.extractvalue %[[ACC2]][0]
// CHECK: memref.store %[[X0]], %[[D]]
// CHECK-COUNT-7: memref.store
// CHECK: gpu.return
gpu.func @gemm_bf16(%a: !A, %b: !B) kernel attributes {known_block_size = array<i32: 128, 1, 1>} {
  %d = tirx.alloc : !D
  tirx.gemm warpgroup %d, %a, %b, %d : !D, !A, !B, !D
  gpu.return
}

// A in registers (16-bit, f32 accumulator): in the layout of a wgmma
// accumulator of width K (32: two K steps), the fragment of step s is its
// storage slots 8s..8s+7, packed in pairs into four b32 registers of the
// register-A form of wgmma.mma_async (inline PTX); B by descriptor. Both
// steps' registers are packed before wgmma's fence.
// CHECK-LABEL: gpu.func @register_a
// CHECK: %[[SA:.*]] = builtin.unrealized_conversion_cast %{{.*}} to memref<16xbf16>
// CHECK: memref.load %[[SA]][%c0]
// CHECK: memref.load %[[SA]][%c7]
// CHECK: memref.load %[[SA]][%c8]
// CHECK: memref.load %[[SA]][%c15]
// CHECK-NEXT: vector.from_elements
// CHECK-NEXT: %[[A7:.*]] = llvm.bitcast %{{.*}} : vector<2xbf16> to i32
// CHECK-NEXT: nvvm.wgmma.fence.aligned
// CHECK-NOT: memref.load
// CHECK: llvm.inline_asm has_side_effects "{\0A.reg .pred p;\0Asetp.ne.b32 p, 0, 0;\0Awgmma.mma_async.sync.aligned.m64n16k16.f32.bf16.bf16 {$0, $1, $2, $3, $4, $5, $6, $7}, {$16, $17, $18, $19}, $20, p, 1, 1, 0;\0A}", "=f,=f,=f,=f,=f,=f,=f,=f,0,1,2,3,4,5,6,7,r,r,r,r,l"
// CHECK: llvm.inline_asm has_side_effects "{\0A.reg .pred p;\0Asetp.ne.b32 p, 1, 0;{{.*}}" {{.*}}, %[[A7]], %{{.*}} :
// CHECK: nvvm.wgmma.commit.group.sync.aligned
// CHECK: nvvm.wgmma.wait.group.sync.aligned 0
gpu.func @register_a(%a: !AR, %b: !B) kernel attributes {known_block_size = array<i32: 128, 1, 1>} {
  %d = tirx.alloc : !D
  tirx.gemm warpgroup %d, %a, %b, %d : !D, !AR, !B, !D
  gpu.return
}

// gemm_async accumulating in place (beta = 1): D's slots seed the
// accumulator, every step keeps it (scale-d = 1), no wait; gemm_wait is the
// wait.
// CHECK-LABEL: gpu.func @gemm_async_f8
// CHECK: %[[D:.*]] = builtin.unrealized_conversion_cast %{{.*}} to memref<8xf32>
// CHECK: %[[C:.*]] = builtin.unrealized_conversion_cast %{{.*}} to memref<8xf32>
// CHECK: %[[U:.*]] = llvm.mlir.undef
// CHECK: %[[C0:.*]] = memref.load %[[C]]
// CHECK: llvm.insertvalue %[[C0]], %[[U]][0]
// CHECK: nvvm.wgmma.fence.aligned
// CHECK: nvvm.wgmma.mma_async {{.*}}, <m = 64, n = 16, k = 32>, D[<f32>, <one>], A[<e4m3>, <one>, <row>], B[<e5m2>, <one>, <col>]
// CHECK-NOT: nvvm.wgmma.mma_async
// CHECK: nvvm.wgmma.commit.group.sync.aligned
// CHECK-NOT: nvvm.wgmma.wait
// CHECK: memref.store
// CHECK: nvvm.wgmma.wait.group.sync.aligned 1
// CHECK: gpu.return
gpu.func @gemm_async_f8(%a: !A8, %b: !B8) kernel attributes {known_block_size = array<i32: 128, 1, 1>} {
  %d = tirx.alloc : !D
  tirx.gemm_async warpgroup %d, %a, %b, %d {transpose_b, beta = 1.0} : !D, !A8, !B8, !D
  tirx.gemm_wait warpgroup {pending = 1}
  gpu.return
}

// Two pieces issued one after the other (a warpgroup computing two 64-row
// pieces): the first fences the async proxy, the second needs no fence of
// its own (only tensor-core work and register accesses since). A write of
// shared memory, here a tirx.fill of A, asks for a fence again.
// CHECK-LABEL: gpu.func @two_pieces
// CHECK: nvvm.fence.proxy {kind = #nvvm.proxy_kind<async.shared>
// CHECK: nvvm.wgmma.commit.group.sync.aligned
// CHECK-NOT: nvvm.fence.proxy
// CHECK: nvvm.wgmma.commit.group.sync.aligned
// CHECK-NOT: nvvm.fence.proxy
// CHECK: nvvm.wgmma.wait.group.sync.aligned 0
// CHECK: vector.store {{.*}}workgroup
// CHECK: nvvm.fence.proxy {kind = #nvvm.proxy_kind<async.shared>
// CHECK: nvvm.wgmma.commit.group.sync.aligned
// CHECK: gpu.return
gpu.func @two_pieces(%a: !A, %b: !B) kernel attributes {known_block_size = array<i32: 128, 1, 1>} {
  %d0 = tirx.alloc : !D
  %d1 = tirx.alloc : !D
  tirx.gemm_async warpgroup %d0, %a, %b, %d0 : !D, !A, !B, !D
  tirx.gemm_async warpgroup %d1, %a, %b, %d1 : !D, !A, !B, !D
  tirx.gemm_wait warpgroup {pending = 0}
  %one = arith.constant 1.0 : bf16
  tirx.fill warpgroup %a, %one : !A, bf16
  tirx.gemm warpgroup %d0, %a, %b, %d0 : !D, !A, !B, !D
  gpu.return
}

// Operands written by TMA only (config async_operands, the K loop's stages):
// no proxy fence before the products.
// CHECK-LABEL: gpu.func @async_operands
// CHECK-NOT: nvvm.fence.proxy
// CHECK: nvvm.wgmma.fence.aligned
// CHECK: nvvm.wgmma.commit.group.sync.aligned
// CHECK: gpu.return
gpu.func @async_operands(%a: !A, %b: !B) kernel attributes {known_block_size = array<i32: 128, 1, 1>} {
  %d0 = tirx.alloc : !D
  tirx.gemm_async warpgroup %d0, %a, %b, %d0 {config = {async_operands = true}} : !D, !A, !B, !D
  tirx.gemm_wait warpgroup {pending = 0}
  gpu.return
}

}
