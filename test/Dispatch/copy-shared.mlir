// RUN: tile-opt %s --tirx-dispatch | FileCheck %s

// tirx.copy with a shared side: vec_auto's synthesised [outer, threads, vec]
// partition for global <-> shared, the swizzle XOR, a padded layout that
// limits the vector, a replicated register layout stored once, and the
// ldstmatrix variant (ldmatrix, ldmatrix.trans, stmatrix; 8-, 16- and 32-bit
// elements).

!S = !tirx.buffer<64x64xf32, shared, #tirx.layout<S[64,64]>>
!SP = !tirx.buffer<64x64xf32, shared, #tirx.layout<S[(64,64):(65,1)]>>
!SW = !tirx.buffer<64x64xf16, shared, #tirx.layout<S[64,64], swizzle = 128>>
!G = !tirx.buffer<64x64xf32, global>
!GH = !tirx.buffer<64x64xf16, global>
!LW = !tirx.buffer<64x64xf16, local, #tirx.layout<S[(64,16,4):(4,1@tx,1)] + R[8:16@tx]>>
!SA = !tirx.buffer<16x16xbf16, shared, #tirx.layout<S[16,16]>>
!SAT = !tirx.buffer<16x16xbf16, shared, #tirx.layout<S[(16,16):(1,16)]>>
!LA = !tirx.buffer<16x16xbf16, local, #tirx.layout<S[(2,8,2,4,2):(2,4@laneid,4,1@laneid,1)]>>
!LB = !tirx.buffer<16x16xbf16, local, #tirx.layout<S[(2,4,2,2,8):(2,1@laneid,1,4,4@laneid)]>>
!SF = !tirx.buffer<16x8xf32, shared, #tirx.layout<S[16,8]>>
!LF = !tirx.buffer<16x8xf32, local, #tirx.layout<S[(2,8,2,4):(1,4@laneid,2,1@laneid)]>>
!SFB = !tirx.buffer<8x16xf32, shared, #tirx.layout<S[8,16]>>
!LFB = !tirx.buffer<8x16xf32, local, #tirx.layout<S[(2,4,2,8):(1,1@laneid,2,4@laneid)]>>
!S8 = !tirx.buffer<16x32xf8E4M3FN, shared, #tirx.layout<S[16,32]>>
!L8 = !tirx.buffer<16x32xf8E4M3FN, local, #tirx.layout<S[(2,8,2,4,4):(4,4@laneid,8,1@laneid,1)]>>
gpu.module @m [#nvvm.target<chip = "sm_90">] {

// 128 threads x 16 bytes per row group: 8 vector<4xf32> loads per thread,
// stored at shared offset 4 * tid + 512 k.
// CHECK-LABEL: gpu.func @g2s
// CHECK: %[[TID:.*]] = arith.index_castui
// CHECK: %[[SPTR:.*]] = llvm.inttoptr %{{.*}} : i64 to !llvm.ptr<3>
// CHECK: %[[LANE:.*]] = arith.andi %[[TID]], %{{.*}} : i32
// CHECK: %[[TOFF:.*]] = arith.muli %[[LANE]], %{{.*}} : i32
// CHECK: %[[V0:.*]] = llvm.load %{{.*}} {alignment = 16 : i64} : !llvm.ptr<1> -> vector<4xf32>
// CHECK: %[[P0:.*]] = llvm.getelementptr %[[SPTR]][%{{.*}}] : (!llvm.ptr<3>, i32) -> !llvm.ptr<3>, f32
// CHECK: llvm.store %[[V0]], %[[P0]] {alignment = 16 : i64} : vector<4xf32>, !llvm.ptr<3>
// CHECK: arith.constant 512 : i32
// CHECK-COUNT-7: llvm.store %{{.*}} {alignment = 16 : i64} : vector<4xf32>, !llvm.ptr<3>
// CHECK-NOT: llvm.store
// CHECK: gpu.return
gpu.func @g2s(%p: !llvm.ptr<1>) kernel attributes {known_block_size = array<i32: 128, 1, 1>} {
  %g = tirx.global_view %p sizes [64, 64] strides [64, 1] {alignment = 16 : i64} : !llvm.ptr<1> -> !G
  %r = tirx.region %g [0, 0] : !G -> !G
  %s = tirx.alloc : !S
  tirx.copy cta %s, %r : !S, !G
  gpu.return
}

// A row stride of 65 elements keeps shared addresses 4-byte aligned only:
// scalar copies.
// CHECK-LABEL: gpu.func @s2g_padded
// CHECK: llvm.load %{{.*}} {alignment = 4 : i64} : !llvm.ptr<3> -> f32
// CHECK-NOT: vector<
// CHECK: gpu.return
gpu.func @s2g_padded(%p: !llvm.ptr<1>) kernel attributes {known_block_size = array<i32: 128, 1, 1>} {
  %g = tirx.global_view %p sizes [64, 64] strides [64, 1] {alignment = 16 : i64} : !llvm.ptr<1> -> !G
  %r = tirx.region %g [0, 0] : !G -> !G
  %s = tirx.alloc : !SP
  tirx.copy cta %r, %s : !G, !SP
  gpu.return
}

// 128B swizzle of f16 (M=3, B=3, S=3): addr ^= ((addr >> 6) & 7) << 3,
// 16-byte vectors; the replicated register layout writes from the threads
// whose tx bits 16..64 are 0.
// CHECK-LABEL: gpu.func @swizzle
// CHECK: %[[C6:.*]] = arith.constant 6 : i32
// CHECK-NEXT: %[[HI:.*]] = arith.shrui %[[A:.*]], %[[C6]] : i32
// CHECK: %[[C7:.*]] = arith.constant 7 : i32
// CHECK: %[[M:.*]] = arith.andi %[[HI]], %[[C7]] : i32
// CHECK: %[[C3:.*]] = arith.constant 3 : i32
// CHECK: %[[SH:.*]] = arith.shli %[[M]], %[[C3]] : i32
// CHECK: %[[X:.*]] = arith.xori %[[A]], %[[SH]] : i32
// CHECK: llvm.getelementptr %{{.*}}[%[[X]]] : (!llvm.ptr<3>, i32) -> !llvm.ptr<3>, f16
// CHECK: llvm.store %{{.*}} {alignment = 16 : i64} : vector<8xf16>, !llvm.ptr<3>
// CHECK: llvm.load %{{.*}} {alignment = 8 : i64} : !llvm.ptr<3> -> vector<4xf16>
// CHECK: %[[C112:.*]] = arith.constant 112 : i32
// CHECK: %[[IDLE:.*]] = arith.andi %{{.*}}, %[[C112]] : i32
// CHECK: %[[LEAD:.*]] = arith.cmpi eq, %[[IDLE]], %{{.*}} : i32
// CHECK: scf.if %[[LEAD]] {
// CHECK: llvm.store %{{.*}} {alignment = 8 : i64} : vector<4xf16>, !llvm.ptr<3>
gpu.func @swizzle(%p: !llvm.ptr<1>) kernel attributes {known_block_size = array<i32: 128, 1, 1>} {
  %g = tirx.global_view %p sizes [64, 64] strides [64, 1] {alignment = 16 : i64} : !llvm.ptr<1> -> !GH
  %r = tirx.region %g [0, 0] : !GH -> !GH
  %s = tirx.alloc : !SW
  tirx.copy cta %s, %r : !SW, !GH
  %l = tirx.alloc : !LW
  tirx.copy cta %l, %s : !LW, !SW
  tirx.copy cta %s, %l : !SW, !LW
  gpu.return
}

// The mma A fragment: one ldmatrix.x4 per direction; .trans (col layout)
// from a column-major tile; stmatrix for the store.
// CHECK-LABEL: gpu.func @ldstmatrix
// CHECK: %[[R:.*]] = nvvm.ldmatrix %{{.*}} {eltType = #nvvm.ld_st_matrix_elt_type<b16>, layout = #nvvm.mma_layout<row>, num = 4 : i32, shape = #nvvm.ld_st_matrix_shape<m = 8, n = 8>} : (!llvm.ptr<3>) -> !llvm.struct<(i32, i32, i32, i32)>
// CHECK: %[[R1:.*]] = llvm.extractvalue %[[R]][1]
// CHECK: %[[PAIR:.*]] = llvm.bitcast %[[R1]] : i32 to vector<2xbf16>
// CHECK: %[[E:.*]] = vector.extract %[[PAIR]][0]
// CHECK: %[[I4:.*]] = arith.constant 4 : index
// CHECK: memref.store %[[E]], %{{.*}}[%[[I4]]]
// CHECK: nvvm.ldmatrix %{{.*}} {eltType = #nvvm.ld_st_matrix_elt_type<b16>, layout = #nvvm.mma_layout<col>, num = 4 : i32
// CHECK: nvvm.stmatrix %{{.*}}, %{{.*}}, %{{.*}}, %{{.*}}, %{{.*}} {eltType = #nvvm.ld_st_matrix_elt_type<b16>, layout = #nvvm.mma_layout<row>, shape = #nvvm.ld_st_matrix_shape<m = 8, n = 8>} : !llvm.ptr<3>, i32, i32, i32, i32
gpu.func @ldstmatrix() kernel attributes {known_block_size = array<i32: 32, 1, 1>} {
  %s = tirx.alloc : !SA
  %st = tirx.alloc : !SAT
  %a = tirx.alloc : !LA
  tirx.copy warp %a, %s : !LA, !SA
  tirx.copy warp %a, %st : !LA, !SAT
  tirx.copy warp %s, %a : !SA, !LA
  gpu.return
}

// The mma B fragment of a K x N tile (pairs along K, lane l: column l/4,
// rows 2(l%4), 2(l%4)+1): ldmatrix.trans from a row-major tile, whose rows
// are the lines the lanes address, and the pair's second element is the
// next row (flat index 16 of the 16x16 tile, storage slot 1).
// CHECK-LABEL: gpu.func @ldmatrix_b
// CHECK: %[[R:.*]] = nvvm.ldmatrix %{{.*}} {eltType = #nvvm.ld_st_matrix_elt_type<b16>, layout = #nvvm.mma_layout<col>, num = 4 : i32, shape = #nvvm.ld_st_matrix_shape<m = 8, n = 8>} : (!llvm.ptr<3>) -> !llvm.struct<(i32, i32, i32, i32)>
// CHECK: %[[R0:.*]] = llvm.extractvalue %[[R]][0]
// CHECK: %[[PAIR:.*]] = llvm.bitcast %[[R0]] : i32 to vector<2xbf16>
// CHECK: %[[LO:.*]] = vector.extract %[[PAIR]][0]
// CHECK: %[[I0:.*]] = arith.constant 0 : index
// CHECK: memref.store %[[LO]], %{{.*}}[%[[I0]]]
// CHECK: %[[HI:.*]] = vector.extract %[[PAIR]][1]
// CHECK: %[[I1:.*]] = arith.constant 1 : index
// CHECK: memref.store %[[HI]], %{{.*}}[%[[I1]]]
// CHECK: nvvm.stmatrix {{.*}}layout = #nvvm.mma_layout<col>
gpu.func @ldmatrix_b() kernel attributes {known_block_size = array<i32: 32, 1, 1>} {
  %s = tirx.alloc : !SA
  %b = tirx.alloc : !LB
  tirx.copy warp %b, %s : !LB, !SA
  tirx.copy warp %s, %b : !SA, !LB
  gpu.return
}

// 32-bit elements (mma.sync's tf32 A, m16n8k8): each register holds one
// element, a line of 16 bytes is 4 of them; ldmatrix.x4 (b16) reads the
// 16x8 tile (rows of 32 bytes).
// CHECK-LABEL: gpu.func @ldmatrix_tf32
// CHECK: %[[R:.*]] = nvvm.ldmatrix %{{.*}} {eltType = #nvvm.ld_st_matrix_elt_type<b16>, layout = #nvvm.mma_layout<row>, num = 4 : i32, shape = #nvvm.ld_st_matrix_shape<m = 8, n = 8>} : (!llvm.ptr<3>) -> !llvm.struct<(i32, i32, i32, i32)>
// CHECK: %[[R0:.*]] = llvm.extractvalue %[[R]][0]
// CHECK: %[[V:.*]] = llvm.bitcast %[[R0]] : i32 to vector<1xf32>
// CHECK: vector.extract %[[V]][0]
// CHECK-NOT: nvvm.ldmatrix
// CHECK: gpu.return
gpu.func @ldmatrix_tf32() kernel attributes {known_block_size = array<i32: 32, 1, 1>} {
  %s = tirx.alloc : !SF
  %a = tirx.alloc : !LF
  tirx.copy warp %a, %s : !LF, !SF
  gpu.return
}

// The tf32 B fragment of a K x N tile whose rows (N) are the shared lines:
// its registers run across the lines, which ldmatrix transposes for 16-bit
// elements only; another variant copies it.
// CHECK-LABEL: gpu.func @ldmatrix_tf32_b
// CHECK-NOT: nvvm.ldmatrix
// CHECK: gpu.return
gpu.func @ldmatrix_tf32_b() kernel attributes {known_block_size = array<i32: 32, 1, 1>} {
  %s = tirx.alloc : !SFB
  %b = tirx.alloc : !LFB
  tirx.copy warp %b, %s : !LFB, !SFB
  gpu.return
}

// 8-bit elements (the f8 A fragment of m16n8k32): four per register, packed
// as i8 (LLVM has no vectors of f8).
// CHECK-LABEL: gpu.func @ldmatrix_f8
// CHECK: %[[R:.*]] = nvvm.ldmatrix %{{.*}} {eltType = #nvvm.ld_st_matrix_elt_type<b16>, layout = #nvvm.mma_layout<row>, num = 4 : i32
// CHECK: %[[R0:.*]] = llvm.extractvalue %[[R]][0]
// CHECK: %[[V:.*]] = llvm.bitcast %[[R0]] : i32 to vector<4xi8>
// CHECK: %[[E:.*]] = vector.extract %[[V]][3]
// CHECK: arith.bitcast %[[E]] : i8 to f8E4M3FN
// CHECK-NOT: nvvm.ldmatrix
// CHECK: gpu.return
gpu.func @ldmatrix_f8() kernel attributes {known_block_size = array<i32: 32, 1, 1>} {
  %s = tirx.alloc : !S8
  %a = tirx.alloc : !L8
  tirx.copy warp %a, %s : !L8, !S8
  gpu.return
}

}
