// RUN: tile-opt %s --tirx-dispatch | FileCheck %s

// A copy between registers and shared memory takes its vectors from
// whichever flat bits are consecutive registers and consecutive shared
// elements, not only the lowest ones: here the tile's columns are on
// threads and each thread's 8 consecutive rows are registers 0-7, which the
// K-major shared buffer (the wgmma B operand of a transposed load) holds
// contiguously: 16 stores of 8 halves per thread instead of 128 scalars.
// A copy whose low bits already form the vector is unchanged.

!S = !tirx.buffer<128x256xf16, shared, #tirx.layout<S[(16,8,32,8):(64,1,1024,8)]>>
!L = !tirx.buffer<128x256xf16, local, #tirx.layout<S[(16,8,16,16):(1@tx,1,8,16@tx)]>>
!SR = !tirx.buffer<64x64xf32, shared, #tirx.layout<S[64,64]>>
!LR = !tirx.buffer<64x64xf32, local, #tirx.layout<S[(4,256,4):(4,1@tx,1)]>>
gpu.module @m [#nvvm.target<chip = "sm_90a">] {
  // CHECK-LABEL: gpu.func @columns
  // CHECK-COUNT-16: llvm.store %{{.*}}, %{{.*}} {alignment = 16 : i64} : vector<8xf16>, !llvm.ptr<3>
  // CHECK-NOT: llvm.store
  // CHECK: gpu.return
  gpu.func @columns() kernel attributes {known_block_size = array<i32: 256, 1, 1>} {
    %s = tirx.alloc : !S
    %l = tirx.alloc : !L
    tirx.copy cta %s, %l : !S, !L
    gpu.return
  }

  // CHECK-LABEL: gpu.func @rows
  // CHECK-COUNT-4: llvm.store %{{.*}}, %{{.*}} {alignment = 16 : i64} : vector<4xf32>, !llvm.ptr<3>
  // CHECK-NOT: llvm.store
  // CHECK: gpu.return
  gpu.func @rows() kernel attributes {known_block_size = array<i32: 256, 1, 1>} {
    %s = tirx.alloc : !SR
    %l = tirx.alloc : !LR
    tirx.copy cta %s, %l : !SR, !LR
    gpu.return
  }
}
