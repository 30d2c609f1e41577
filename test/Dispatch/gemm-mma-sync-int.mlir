// RUN: tile-opt %s --tirx-dispatch -split-input-file -verify-diagnostics | FileCheck %s

// The `mma_sync_int` variant of tirx.gemm (lib/Dispatch/CUDA/GemmInt.cpp):
// i8 x i8 -> i32 on the 8-bit mma.sync fragments, one nvvm.mma.sync
// m16n8k32 per atom; four i8 slots form one i32 register (A four, B two),
// the operand types come from config {signed_a, signed_b} (default signed),
// the accumulation wraps.

!A = !tirx.buffer<16x32xi8, local, #tirx.layout<S[(2,8,2,4,4):(4,4@laneid,8,1@laneid,1)]>>
!B = !tirx.buffer<32x8xi8, local, #tirx.layout<S[(2,4,4,8):(4,1@laneid,1,4@laneid)]>>
!C = !tirx.buffer<16x8xi32, local, #tirx.layout<S[(2,8,4,2):(2,4@laneid,1@laneid,1)]>>
// 32 x 16 x 64: 2 x 2 atoms of D, 2 K steps each.
!A2 = !tirx.buffer<32x64xi8, local, #tirx.layout<S[(2,2,8,2,2,4,4):(32,4,4@laneid,16,8,1@laneid,1)]>>
!B2 = !tirx.buffer<64x16xi8, local, #tirx.layout<S[(2,2,4,4,2,8):(16,4,1@laneid,1,8,4@laneid)]>>
!D2 = !tirx.buffer<32x16xi32, local, #tirx.layout<S[(2,2,8,2,4,2):(8,2,4@laneid,4,1@laneid,1)]>>

gpu.module @gemm [#nvvm.target<chip = "sm_90">] {

// CHECK-LABEL: gpu.func @atom_us
// CHECK: %[[D:.*]] = builtin.unrealized_conversion_cast %{{.*}} to memref<4xi32>
// CHECK: %[[A:.*]] = builtin.unrealized_conversion_cast %{{.*}} to memref<16xi8>
// CHECK: %[[B:.*]] = builtin.unrealized_conversion_cast %{{.*}} to memref<8xi8>
// CHECK: %[[ZERO:.*]] = arith.constant 0 : i32
// CHECK: %[[A0:.*]] = memref.load %[[A]][%{{.*}}] : memref<16xi8>
// CHECK: %[[A1:.*]] = memref.load %[[A]][%{{.*}}] : memref<16xi8>
// CHECK: %[[A2:.*]] = memref.load %[[A]][%{{.*}}] : memref<16xi8>
// CHECK: %[[A3:.*]] = memref.load %[[A]][%{{.*}}] : memref<16xi8>
// CHECK: %[[V0:.*]] = vector.from_elements %[[A0]], %[[A1]], %[[A2]], %[[A3]] : vector<4xi8>
// CHECK: %[[R0:.*]] = llvm.bitcast %[[V0]] : vector<4xi8> to i32
// CHECK: %[[R1:.*]] = llvm.bitcast %{{.*}} : vector<4xi8> to i32
// CHECK: %[[R2:.*]] = llvm.bitcast %{{.*}} : vector<4xi8> to i32
// CHECK: %[[R3:.*]] = llvm.bitcast %{{.*}} : vector<4xi8> to i32
// CHECK: memref.load %[[B]]
// CHECK: %[[B0:.*]] = llvm.bitcast %{{.*}} : vector<4xi8> to i32
// CHECK: %[[B1:.*]] = llvm.bitcast %{{.*}} : vector<4xi8> to i32
// CHECK: %[[MMA:.*]] = nvvm.mma.sync A[%[[R0]], %[[R1]], %[[R2]], %[[R3]]] B[%[[B0]], %[[B1]]] C[%[[ZERO]], %[[ZERO]], %[[ZERO]], %[[ZERO]]]
// CHECK-SAME: intOverflowBehavior = #nvvm.mma_int_overflow<wrapped>
// CHECK-SAME: multiplicandAPtxType = #nvvm.mma_type<u8>, multiplicandBPtxType = #nvvm.mma_type<s8>
// CHECK-SAME: shape = #nvvm.shape<m = 16, n = 8, k = 32>
// CHECK-SAME: -> !llvm.struct<(i32, i32, i32, i32)>
// CHECK: %[[X0:.*]] = llvm.extractvalue %[[MMA]][0]
// CHECK: %[[X3:.*]] = llvm.extractvalue %[[MMA]][3]
// CHECK: memref.store %[[X0]], %[[D]]
// CHECK: memref.store %[[X3]], %[[D]]
// CHECK-NOT: nvvm.mma.sync
// CHECK: gpu.return
gpu.func @atom_us(%a: !A, %b: !B) kernel attributes {known_block_size = array<i32: 32, 1, 1>} {
  %d = tirx.alloc : !C
  tirx.gemm warp %d, %a, %b, %d {config = {signed_a = false, signed_b = true}} : !C, !A, !B, !C
  gpu.return
}

// No config: both signed. beta = 1: the accumulator starts from C; the
// second K step continues from the first's result.
// CHECK-LABEL: gpu.func @steps_beta1
// CHECK: %[[C0:.*]] = memref.load %{{.*}} : memref<16xi32>
// CHECK: %[[M0:.*]] = nvvm.mma.sync {{.*}} C[%[[C0]], %{{.*}}, %{{.*}}, %{{.*}}]
// CHECK-SAME: multiplicandAPtxType = #nvvm.mma_type<s8>, multiplicandBPtxType = #nvvm.mma_type<s8>
// CHECK: %[[Y0:.*]] = llvm.extractvalue %[[M0]][0]
// CHECK: nvvm.mma.sync {{.*}} C[%[[Y0]],
// CHECK-COUNT-6: nvvm.mma.sync
// CHECK-NOT: nvvm.mma.sync
// CHECK: gpu.return
gpu.func @steps_beta1(%a: !A2, %b: !B2, %d: !D2) kernel attributes {known_block_size = array<i32: 32, 1, 1>} {
  tirx.gemm warp %d, %a, %b, %d {beta = 1.0 : f64} : !D2, !A2, !B2, !D2
  gpu.return
}

}

// -----

// K must be a multiple of 32.
!A = !tirx.buffer<16x16xi8, local, #tirx.layout<S[256:1]>>
!B = !tirx.buffer<16x8xi8, local, #tirx.layout<S[128:1]>>
!C = !tirx.buffer<16x8xi32, local, #tirx.layout<S[(2,8,4,2):(2,4@laneid,1@laneid,1)]>>
gpu.module @gemm [#nvvm.target<chip = "sm_90">] {
gpu.func @k16(%a: !A, %b: !B) kernel attributes {known_block_size = array<i32: 32, 1, 1>} {
  %d = tirx.alloc : !C
  // expected-error@+1 {{'tirx.gemm' op expects register operand #1 to spread over the threads of the warp (a layout with thread axes); its layout #tirx.layout<S[256:1]> has none}}
  tirx.gemm warp %d, %a, %b, %d : !C, !A, !B, !C
  gpu.return
}
}
