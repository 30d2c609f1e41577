// RUN: tile-opt %s --tirx-dispatch | FileCheck %s

// The `mma_sync` variant of tirx.gemm with f8 inputs (sm_89+, PTX 8.4+): each
// (16, 8, 32) atom is one llvm.call_intrinsic of
// llvm.nvvm.mma.m16n8k32.row.col.f32.<a>.<b>.f32 (nvvm.mma.sync has no dense
// f8 form). Four f8 slots are bitcast to i8 and packed into one i32
// register: A takes four registers, B two, C/D four f32.

// One atom, e4m3 x e4m3.
!A = !tirx.buffer<16x32xf8E4M3FN, local, #tirx.layout<S[(2,8,2,4,4):(4,4@laneid,8,1@laneid,1)]>>
!B = !tirx.buffer<32x8xf8E4M3FN, local, #tirx.layout<S[(2,4,4,8):(4,1@laneid,1,4@laneid)]>>
!C = !tirx.buffer<16x8xf32, local, #tirx.layout<S[(2,8,4,2):(2,4@laneid,1@laneid,1)]>>
// Mixed: B in e5m2.
!B5 = !tirx.buffer<32x8xf8E5M2, local, #tirx.layout<S[(2,4,4,8):(4,1@laneid,1,4@laneid)]>>
// 64 x 64 x 64: 4 x 8 atoms of D, 2 K steps each.
!A64 = !tirx.buffer<64x64xf8E4M3FN, local, #tirx.layout<S[(4,2,8,2,2,4,4):(32,4,4@laneid,16,8,1@laneid,1)]>>
!B64 = !tirx.buffer<64x64xf8E4M3FN, local, #tirx.layout<S[(2,2,4,4,8,8):(64,4,1@laneid,1,8,4@laneid)]>>
!D64 = !tirx.buffer<64x64xf32, local, #tirx.layout<S[(4,2,8,8,4,2):(32,2,4@laneid,4,1@laneid,1)]>>

gpu.module @gemm [#nvvm.target<chip = "sm_90", features = "+ptx84">] {

// CHECK-LABEL: gpu.func @atom_e4m3
// CHECK: %[[D:.*]] = builtin.unrealized_conversion_cast %{{.*}} to memref<4xf32>
// CHECK: %[[A:.*]] = builtin.unrealized_conversion_cast %{{.*}} to memref<16xf8E4M3FN>
// CHECK: %[[B:.*]] = builtin.unrealized_conversion_cast %{{.*}} to memref<8xf8E4M3FN>
// CHECK: %[[ZERO:.*]] = arith.constant 0.000000e+00 : f32
// CHECK: %[[A0:.*]] = memref.load %[[A]][%{{.*}}] : memref<16xf8E4M3FN>
// CHECK: %[[I0:.*]] = arith.bitcast %[[A0]] : f8E4M3FN to i8
// CHECK: %[[I1:.*]] = arith.bitcast %{{.*}} : f8E4M3FN to i8
// CHECK: %[[I2:.*]] = arith.bitcast %{{.*}} : f8E4M3FN to i8
// CHECK: %[[I3:.*]] = arith.bitcast %{{.*}} : f8E4M3FN to i8
// CHECK: %[[V0:.*]] = vector.from_elements %[[I0]], %[[I1]], %[[I2]], %[[I3]] : vector<4xi8>
// CHECK: %[[R0:.*]] = llvm.bitcast %[[V0]] : vector<4xi8> to i32
// CHECK: %[[R1:.*]] = llvm.bitcast %{{.*}} : vector<4xi8> to i32
// CHECK: %[[R2:.*]] = llvm.bitcast %{{.*}} : vector<4xi8> to i32
// CHECK: %[[R3:.*]] = llvm.bitcast %{{.*}} : vector<4xi8> to i32
// CHECK: memref.load %[[B]]
// CHECK: %[[B0:.*]] = llvm.bitcast %{{.*}} : vector<4xi8> to i32
// CHECK: %[[B1:.*]] = llvm.bitcast %{{.*}} : vector<4xi8> to i32
// CHECK: %[[MMA:.*]] = llvm.call_intrinsic "llvm.nvvm.mma.m16n8k32.row.col.f32.e4m3.e4m3.f32"(%[[R0]], %[[R1]], %[[R2]], %[[R3]], %[[B0]], %[[B1]], %[[ZERO]], %[[ZERO]], %[[ZERO]], %[[ZERO]]) : (i32, i32, i32, i32, i32, i32, f32, f32, f32, f32) -> !llvm.struct<(f32, f32, f32, f32)>
// CHECK: %[[X0:.*]] = llvm.extractvalue %[[MMA]][0]
// CHECK: %[[X3:.*]] = llvm.extractvalue %[[MMA]][3]
// CHECK: memref.store %[[X0]], %[[D]]
// CHECK: memref.store %[[X3]], %[[D]]
// CHECK-NOT: llvm.call_intrinsic
// CHECK: gpu.return
gpu.func @atom_e4m3(%a: !A, %b: !B) kernel attributes {known_block_size = array<i32: 32, 1, 1>} {
  %d = tirx.alloc : !C
  tirx.gemm warp %d, %a, %b, %d : !C, !A, !B, !C
  gpu.return
}

// Mixed e4m3 x e5m2 with beta = 1: the accumulator starts from C's slots.
// CHECK-LABEL: gpu.func @mixed_beta1
// CHECK: builtin.unrealized_conversion_cast %{{.*}} to memref<4xf32>
// CHECK: %[[C:.*]] = builtin.unrealized_conversion_cast %{{.*}} to memref<4xf32>
// CHECK: %[[C0:.*]] = memref.load %[[C]][%{{.*}}] : memref<4xf32>
// CHECK: %[[C1:.*]] = memref.load %[[C]][%{{.*}}] : memref<4xf32>
// CHECK: %[[C2:.*]] = memref.load %[[C]][%{{.*}}] : memref<4xf32>
// CHECK: %[[C3:.*]] = memref.load %[[C]][%{{.*}}] : memref<4xf32>
// CHECK: arith.bitcast %{{.*}} : f8E5M2 to i8
// CHECK: llvm.call_intrinsic "llvm.nvvm.mma.m16n8k32.row.col.f32.e4m3.e5m2.f32"(%{{.*}}, %{{.*}}, %{{.*}}, %{{.*}}, %{{.*}}, %{{.*}}, %[[C0]], %[[C1]], %[[C2]], %[[C3]])
// CHECK-NOT: llvm.call_intrinsic
// CHECK: gpu.return
gpu.func @mixed_beta1(%a: !A, %b: !B5, %c: !C) kernel attributes {known_block_size = array<i32: 32, 1, 1>} {
  %d = tirx.alloc : !C
  tirx.gemm warp %d, %a, %b, %c {beta = 1.0} : !C, !A, !B5, !C
  gpu.return
}

// 64 x 64 x 64: 4 * 8 * 2 = 64 atoms; the second K step of an atom of D
// accumulates on the first.
// CHECK-LABEL: gpu.func @tile_64
// CHECK: %[[M0:.*]] = llvm.call_intrinsic "llvm.nvvm.mma.m16n8k32.row.col.f32.e4m3.e4m3.f32"
// CHECK: %[[E0:.*]] = llvm.extractvalue %[[M0]][0]
// CHECK: %[[E1:.*]] = llvm.extractvalue %[[M0]][1]
// CHECK: %[[E2:.*]] = llvm.extractvalue %[[M0]][2]
// CHECK: %[[E3:.*]] = llvm.extractvalue %[[M0]][3]
// CHECK: llvm.call_intrinsic "llvm.nvvm.mma.m16n8k32.row.col.f32.e4m3.e4m3.f32"(%{{.*}}, %{{.*}}, %{{.*}}, %{{.*}}, %{{.*}}, %{{.*}}, %[[E0]], %[[E1]], %[[E2]], %[[E3]])
// CHECK-COUNT-62: llvm.call_intrinsic "llvm.nvvm.mma.m16n8k32.row.col.f32.e4m3.e4m3.f32"
// CHECK-NOT: llvm.call_intrinsic
// CHECK: gpu.return
gpu.func @tile_64(%a: !A64, %b: !B64) kernel attributes {known_block_size = array<i32: 32, 1, 1>} {
  %d = tirx.alloc : !D64
  tirx.gemm warp %d, %a, %b, %d : !D64, !A64, !B64, !D64
  gpu.return
}

}
