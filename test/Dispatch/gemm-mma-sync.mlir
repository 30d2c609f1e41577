// RUN: tile-opt %s --tirx-dispatch | FileCheck %s

// The `mma_sync` variant of tirx.gemm: one warp, every operand in registers
// with the mma.sync m16n8k16 fragment layouts. Each (16, 8, 16) atom is one
// nvvm.mma.sync whose A and B registers pack two 16-bit slots; the
// accumulator starts at zero (beta = 0) or at C (beta = 1) and the result
// goes to D's slots.

// One atom, bf16: the A/B pairs are bitcast to i32.
!A = !tirx.buffer<16x16xbf16, local, #tirx.layout<S[(2,8,2,4,2):(2,4@laneid,4,1@laneid,1)]>>
!B = !tirx.buffer<16x8xbf16, local, #tirx.layout<S[(2,4,2,8):(2,1@laneid,1,4@laneid)]>>
!C = !tirx.buffer<16x8xf32, local, #tirx.layout<S[(2,8,4,2):(2,4@laneid,1@laneid,1)]>>
// The A atom stored transposed (16 x 16, K rows), f16.
!AT = !tirx.buffer<16x16xf16, local, #tirx.layout<S[(2,4,2,2,8):(4,1@laneid,1,2,4@laneid)]>>
!BH = !tirx.buffer<16x8xf16, local, #tirx.layout<S[(2,4,2,8):(2,1@laneid,1,4@laneid)]>>
// D with its two register bits swapped: slots follow the layout.
!CP = !tirx.buffer<16x8xf32, local, #tirx.layout<S[(2,8,4,2):(1,4@laneid,1@laneid,2)]>>
// 32 x 16 x 32: 2 x 2 atoms of D, 2 K steps each.
!A2 = !tirx.buffer<32x32xbf16, local, #tirx.layout<S[(2,2,8,2,2,4,2):(16,2,4@laneid,8,4,1@laneid,1)]>>
!B2 = !tirx.buffer<32x16xbf16, local, #tirx.layout<S[(2,2,4,2,2,8):(8,2,1@laneid,1,4,4@laneid)]>>
!C2 = !tirx.buffer<32x16xf32, local, #tirx.layout<S[(2,2,8,2,4,2):(8,2,4@laneid,4,1@laneid,1)]>>

gpu.module @gemm [#nvvm.target<chip = "sm_80">] {

// CHECK-LABEL: gpu.func @atom_bf16
// CHECK: %[[D:.*]] = builtin.unrealized_conversion_cast %{{.*}} to memref<4xf32>
// CHECK: %[[A:.*]] = builtin.unrealized_conversion_cast %{{.*}} to memref<8xbf16>
// CHECK: %[[B:.*]] = builtin.unrealized_conversion_cast %{{.*}} to memref<4xbf16>
// CHECK: %[[ZERO:.*]] = arith.constant 0.000000e+00 : f32
// CHECK: %[[A0:.*]] = memref.load %[[A]][%{{.*}}] : memref<8xbf16>
// CHECK: %[[A1:.*]] = memref.load %[[A]][%{{.*}}] : memref<8xbf16>
// CHECK: %[[V0:.*]] = vector.from_elements %[[A0]], %[[A1]] : vector<2xbf16>
// CHECK: %[[R0:.*]] = llvm.bitcast %[[V0]] : vector<2xbf16> to i32
// CHECK: %[[R1:.*]] = llvm.bitcast %{{.*}} : vector<2xbf16> to i32
// CHECK: %[[R2:.*]] = llvm.bitcast %{{.*}} : vector<2xbf16> to i32
// CHECK: %[[R3:.*]] = llvm.bitcast %{{.*}} : vector<2xbf16> to i32
// CHECK: %[[B0:.*]] = llvm.bitcast %{{.*}} : vector<2xbf16> to i32
// CHECK: %[[B1:.*]] = llvm.bitcast %{{.*}} : vector<2xbf16> to i32
// CHECK: %[[MMA:.*]] = nvvm.mma.sync A[%[[R0]], %[[R1]], %[[R2]], %[[R3]]] B[%[[B0]], %[[B1]]] C[%[[ZERO]], %[[ZERO]], %[[ZERO]], %[[ZERO]]]
// CHECK-SAME: multiplicandAPtxType = #nvvm.mma_type<bf16>
// CHECK-SAME: shape = #nvvm.shape<m = 16, n = 8, k = 16>
// CHECK-SAME: -> !llvm.struct<(f32, f32, f32, f32)>
// CHECK: %[[X0:.*]] = llvm.extractvalue %[[MMA]][0]
// CHECK: %[[X3:.*]] = llvm.extractvalue %[[MMA]][3]
// CHECK: memref.store %[[X0]], %[[D]]
// CHECK: memref.store %[[X3]], %[[D]]
// CHECK-NOT: nvvm.mma.sync
// CHECK: gpu.return
gpu.func @atom_bf16(%a: !A, %b: !B) kernel attributes {known_block_size = array<i32: 32, 1, 1>} {
  %d = tirx.alloc : !C
  tirx.gemm warp %d, %a, %b, %d : !C, !A, !B, !C
  gpu.return
}

// transpose_a with a transposed A layout, f16 (packed as vector<2xf16>),
// beta = 1 accumulating into D in place; D's slots 1 and 2 are swapped, so
// c1 is read from and written to slot 2.
// CHECK-LABEL: gpu.func @transposed_f16_accumulate
// CHECK: %[[D:.*]] = builtin.unrealized_conversion_cast %{{.*}} to memref<4xf32>
// CHECK: %[[C:.*]] = builtin.unrealized_conversion_cast %{{.*}} to memref<4xf32>
// CHECK: %[[I0:.*]] = arith.constant 0 : index
// CHECK: %[[C0:.*]] = memref.load %[[C]][%[[I0]]]
// CHECK: %[[I2:.*]] = arith.constant 2 : index
// CHECK: %[[C1:.*]] = memref.load %[[C]][%[[I2]]]
// CHECK: %[[I1:.*]] = arith.constant 1 : index
// CHECK: %[[C2:.*]] = memref.load %[[C]][%[[I1]]]
// CHECK: %[[C3:.*]] = memref.load %[[C]]
// CHECK: %[[MMA:.*]] = nvvm.mma.sync A[{{.*}}] B[{{.*}}] C[%[[C0]], %[[C1]], %[[C2]], %[[C3]]]
// CHECK-SAME: (vector<2xf16>, vector<2xf16>, f32) -> !llvm.struct<(f32, f32, f32, f32)>
// CHECK: %[[X1:.*]] = llvm.extractvalue %[[MMA]][1]
// CHECK: %[[J2:.*]] = arith.constant 2 : index
// CHECK: memref.store %[[X1]], %[[D]][%[[J2]]]
gpu.func @transposed_f16_accumulate(%a: !AT, %b: !BH) kernel attributes {known_block_size = array<i32: 32, 1, 1>} {
  %d = tirx.alloc : !CP
  tirx.gemm warp %d, %a, %b, %d {transpose_a, beta = 1.0} : !CP, !AT, !BH, !CP
  gpu.return
}

// Several atoms: (M/16) * (N/8) * (K/16) = 2 * 2 * 2 mma.sync, the K steps
// of one D atom chained through the accumulator.
// CHECK-LABEL: gpu.func @tile
// CHECK: %[[M0:.*]] = nvvm.mma.sync
// CHECK: %[[S0:.*]] = llvm.extractvalue %[[M0]][0]
// CHECK: nvvm.mma.sync A[{{.*}}] B[{{.*}}] C[%[[S0]],
// CHECK-COUNT-6: nvvm.mma.sync
// CHECK-NOT: nvvm.mma.sync
// CHECK: gpu.return
gpu.func @tile(%a: !A2, %b: !B2) kernel attributes {known_block_size = array<i32: 64, 1, 1>} {
  %d = tirx.alloc : !C2
  tirx.gemm warp %d, %a, %b, %d : !C2, !A2, !B2, !C2
  gpu.return
}

}
