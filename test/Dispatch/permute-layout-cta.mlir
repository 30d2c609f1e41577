// RUN: tile-opt %s --tirx-dispatch=report=true -split-input-file 2>/dev/null | FileCheck %s
// RUN: tile-opt %s --tirx-dispatch=report=true -split-input-file 2>&1 >/dev/null | FileCheck %s --check-prefix=REMARK

// The CTA-scope tirx.permute_layout that the conversion from cuda_tile
// emits for every layout change, one case per variant.

// Every thread already holds what it keeps: a register move (a tirx.map,
// dispatched at once), no shared memory, no barrier.
// REMARK: remark: tirx.permute_layout -> variant 'register_move'
// CHECK-LABEL: gpu.func @register_move
// CHECK-NOT: shared
// CHECK-NOT: tirx.map
// CHECK-NOT: tirx.barrier
// CHECK: memref.load
// CHECK: memref.store
// CHECK: gpu.return
!R0 = !tirx.buffer<64x64xf32, local, #tirx.layout<S[(64,64):(1,1@tx)]>>
!R1 = !tirx.buffer<64x64xf32, local, #tirx.layout<S[(2,32,64):(1,2,1@tx)]>>
gpu.module @m [#nvvm.target<chip = "sm_90">] {
  gpu.func @register_move(%a: !R0) kernel attributes {known_block_size = array<i32: 64, 1, 1>} {
    %b = tirx.alloc : !R1
    tirx.permute_layout cta %b, %a : !R1, !R0
    gpu.return
  }
}

// -----

// Rows on threads to columns on threads: a round trip through one shared
// staging tile whose 128-byte rows are padded by 16 bytes (row stride 36
// floats), the two copies dispatched at once, a barrier between them and
// none after (no loop).
// REMARK: remark: tirx.permute_layout -> variant 'shared_round_trip'
// CHECK-LABEL: gpu.func @round_trip
// CHECK: tirx.alloc : !tirx.buffer<32x32xf32, shared, <S[(32,32):(36,1)]>>
// CHECK-NOT: tirx.copy
// CHECK: llvm.store %{{.*}} : vector<4xf32>, !llvm.ptr<3>
// CHECK: tirx.barrier cta
// CHECK: llvm.load %{{.*}} : !llvm.ptr<3> -> f32
// CHECK-NOT: tirx.barrier
// CHECK: gpu.return
!T0 = !tirx.buffer<32x32xf32, local, #tirx.layout<S[(32,32):(1@tx,1)] + R[4:32@tx]>>
!T1 = !tirx.buffer<32x32xf32, local, #tirx.layout<S[(32,32):(1,1@tx)] + R[4:32@tx]>>
gpu.module @m [#nvvm.target<chip = "sm_90">] {
  gpu.func @round_trip(%a: !T0) kernel attributes {known_block_size = array<i32: 128, 1, 1>} {
    %b = tirx.alloc : !T1
    tirx.permute_layout cta %b, %a : !T1, !T0
    gpu.return
  }
}

// -----

// A 16-bit transpose: threads hold 8 consecutive elements of a column and
// read back 8 of a row. With padded rows, the lanes that write rows 0, 8,
// ..., 56 of a column would hit one bank (rows 8 apart are a multiple of
// 128 bytes apart); the staging tile XORs each 16-byte chunk index with row
// bits 3-5 instead (6 chunk bits above it): 2-byte stores to 8 distinct
// banks, 16-byte loads.
// REMARK: remark: tirx.permute_layout -> variant 'shared_round_trip'
// CHECK-LABEL: gpu.func @round_trip_transpose_f16
// CHECK: tirx.alloc : !tirx.buffer<64x64xf16, shared, <S[4096:1], swizzle = 128, swizzle_shift = 6>>
// CHECK-COUNT-16: llvm.store %{{.*}} : f16, !llvm.ptr<3>
// CHECK: tirx.barrier cta
// CHECK-COUNT-2: llvm.load %{{.*}} : !llvm.ptr<3> -> vector<8xf16>
// CHECK: gpu.return
!C = !tirx.buffer<64x64xf16, local, #tirx.layout<S[(8,8,2,32):(1@tx,1,8,8@tx)]>>
!W = !tirx.buffer<64x64xf16, local, #tirx.layout<S[(2,256,8):(8,1@tx,1)]>>
gpu.module @m [#nvvm.target<chip = "sm_90">] {
  gpu.func @round_trip_transpose_f16(%a: !C) kernel attributes {known_block_size = array<i32: 256, 1, 1>} {
    %b = tirx.alloc : !W
    tirx.permute_layout cta %b, %a : !W, !C
    gpu.return
  }
}

// -----

// In a loop the next iteration writes the staging tile again: a barrier
// after the second copy.
// CHECK-LABEL: gpu.func @round_trip_loop
// CHECK: scf.for
// CHECK: tirx.barrier cta
// CHECK: !llvm.ptr<3> -> f32
// CHECK: tirx.barrier cta
// CHECK-NEXT: }
!T0 = !tirx.buffer<32x32xf32, local, #tirx.layout<S[(32,32):(1@tx,1)] + R[4:32@tx]>>
!T1 = !tirx.buffer<32x32xf32, local, #tirx.layout<S[(32,32):(1,1@tx)] + R[4:32@tx]>>
gpu.module @m [#nvvm.target<chip = "sm_90">] {
  gpu.func @round_trip_loop(%a: !T0, %n: index) kernel attributes {known_block_size = array<i32: 128, 1, 1>} {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %b = tirx.alloc : !T1
    scf.for %i = %c0 to %n step %c1 {
      tirx.permute_layout cta %b, %a : !T1, !T0
    }
    gpu.return
  }
}

// -----

// 64 KiB of f32 whose outermost bit is a register on both sides: two
// blocks of 32 KiB, one staging tile, a barrier before the second block
// reuses it.
// REMARK: remark: tirx.permute_layout -> variant 'shared_round_trip'
// CHECK-LABEL: gpu.func @blocks
// CHECK: tirx.alloc : !tirx.buffer<64x128xf32, shared, <S[(64,128):(132,1)]>>
// CHECK: tirx.barrier cta
// CHECK: tirx.barrier cta
// CHECK: tirx.barrier cta
// CHECK-NOT: tirx.barrier
// CHECK: gpu.return
!B0 = !tirx.buffer<128x128xf32, local, #tirx.layout<S[(2,64,128):(64,1,1@tx)]>>
!B1 = !tirx.buffer<128x128xf32, local, #tirx.layout<S[(2,64,128):(128,1@tx,1)] + R[2:64@tx]>>
gpu.module @m [#nvvm.target<chip = "sm_90">] {
  gpu.func @blocks(%a: !B0) kernel attributes {known_block_size = array<i32: 128, 1, 1>} {
    %b = tirx.alloc : !B1
    tirx.permute_layout cta %b, %a : !B1, !B0
    gpu.return
  }
}

// -----

// Layouts that are not power-of-two: the general copy between the two.
// REMARK: remark: tirx.permute_layout -> variant 'decompose'
// CHECK-LABEL: gpu.func @not_power_of_two
// CHECK-NOT: tirx.permute_layout
// CHECK-NOT: tirx.copy
// CHECK: gpu.return
!N0 = !tirx.buffer<12x10xf32, local, #tirx.layout<S[(12,10):(1@tx,1)]>>
!N1 = !tirx.buffer<12x10xf32, local, #tirx.layout<S[(12,10):(1,1@tx)]>>
gpu.module @m [#nvvm.target<chip = "sm_90">] {
  gpu.func @not_power_of_two(%a: !N0) kernel attributes {known_block_size = array<i32: 128, 1, 1>} {
    %b = tirx.alloc : !N1
    tirx.permute_layout cta %b, %a : !N1, !N0
    gpu.return
  }
}
