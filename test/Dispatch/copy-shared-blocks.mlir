// RUN: tile-opt %s --tirx-dispatch=report=true 2>&1 | FileCheck %s --check-prefix=REPORT
// RUN: tile-opt %s --tirx-dispatch | FileCheck %s --check-prefix=LOAD
// RUN: tile-opt %s --tirx-dispatch | FileCheck %s --check-prefix=STORE

// tirx.copy between two shared buffers (vec_blocks): each thread moves
// blocks of the tile through registers, loading vectors along the source's
// contiguous run and storing vectors along the destination's.

// A 32 x 128 f32 tile from N-contiguous 128-byte rows (four blocks of 32
// columns) into a K-major stage, both 128-byte swizzled (the raw and the
// K-major stage of a tf32 B given K x N): no 4 x 4 block is free of bank
// conflicts on both sides, 4 x 2 blocks are. 128 threads, 32 elements
// each: 8 loads of 16 bytes, 16 stores of 8 bytes (two N-vectors regrouped
// into four K-pairs).
!RAW = !tirx.buffer<32x128xf32, shared, #tirx.layout<S[(32,4,32):(32,1024,1)], swizzle = 128>>
!KM = !tirx.buffer<32x128xf32, shared, #tirx.layout<S[(32,128):(1,32)], swizzle = 128>>
// Both row-major, one swizzled: one 16-byte vector each way.
!ROW = !tirx.buffer<64x64xf16, shared, #tirx.layout<S[64,64]>>
!ROWSW = !tirx.buffer<64x64xf16, shared, #tirx.layout<S[64,64], swizzle = 128>>
// Odd row strides: no two consecutive elements are one access.
!ODD = !tirx.buffer<16x16xf32, shared, #tirx.layout<S[(16,16):(17,1)]>>
!ODDT = !tirx.buffer<16x16xf32, shared, #tirx.layout<S[(16,16):(1,17)]>>

// REPORT: remark: tirx.copy -> variant 'vec_blocks'
// REPORT: remark: tirx.copy -> variant 'vec_blocks'
// REPORT: remark: tirx.copy -> variant 'per_element'
// REPORT: note: vec_blocks (prio=10) rejected: sharedBlockPlan: neither layout has two consecutive elements one access can move

// LOAD-LABEL: gpu.func @transpose
// LOAD: arith.xori
// LOAD: llvm.load %{{.*}} {alignment = 16 : i64} : !llvm.ptr<3> -> vector<4xf32>
// LOAD-COUNT-7: llvm.load %{{.*}} {alignment = 16 : i64} : !llvm.ptr<3> -> vector<4xf32>
// LOAD-NOT: llvm.load
// LOAD: gpu.return
// STORE-LABEL: gpu.func @transpose
// STORE: vector.extract %{{.*}}[0] : f32 from vector<4xf32>
// STORE: %[[PAIR:.*]] = vector.from_elements %{{.*}}, %{{.*}} : vector<2xf32>
// STORE: llvm.store %[[PAIR]], %{{.*}} {alignment = 8 : i64} : vector<2xf32>, !llvm.ptr<3>
// STORE-COUNT-15: llvm.store %{{.*}} {alignment = 8 : i64} : vector<2xf32>, !llvm.ptr<3>
// STORE-NOT: llvm.store
// STORE: gpu.return
gpu.module @m [#nvvm.target<chip = "sm_90a">] {
gpu.func @transpose() kernel attributes {known_block_size = array<i32: 128, 1, 1>} {
  %raw = tirx.alloc : !RAW
  %km = tirx.alloc : !KM
  tirx.copy cta %km, %raw : !KM, !RAW
  gpu.return
}

// 64 x 64 f16 by 128 threads: 4 vectors of 8 each way.
// LOAD-LABEL: gpu.func @same_run
// LOAD-COUNT-4: llvm.load %{{.*}} {alignment = 16 : i64} : !llvm.ptr<3> -> vector<8xf16>
// LOAD-NOT: llvm.load
// LOAD: gpu.return
// STORE-LABEL: gpu.func @same_run
// STORE-COUNT-4: llvm.store %{{.*}} {alignment = 16 : i64} : vector<8xf16>, !llvm.ptr<3>
// STORE-NOT: llvm.store
// STORE: gpu.return
gpu.func @same_run() kernel attributes {known_block_size = array<i32: 128, 1, 1>} {
  %a = tirx.alloc : !ROW
  %b = tirx.alloc : !ROWSW
  tirx.copy cta %b, %a : !ROWSW, !ROW
  gpu.return
}

gpu.func @odd_strides() kernel attributes {known_block_size = array<i32: 128, 1, 1>} {
  %a = tirx.alloc : !ODD
  %b = tirx.alloc : !ODDT
  tirx.copy cta %b, %a : !ODDT, !ODD
  gpu.return
}
}
