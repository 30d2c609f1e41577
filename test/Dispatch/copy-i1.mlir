// RUN: tile-opt %s --split-input-file --tirx-dispatch | FileCheck %s

// A boolean takes one byte in memory (as in cuTile and PyTorch), while LLVM
// packs a vector of i1 into bits: vector accesses of i1 elements in global
// and shared memory go through i8 (zero-extended on stores, truncated on
// loads), so that element k is byte k whatever the vector width.

// A register tile of 8 booleans per thread stored to shared memory (the
// first half of a layout conversion) and read back 4 at a time.
// CHECK-LABEL: gpu.func @i1_shared_round_trip
// CHECK: %[[E:.*]] = arith.extui %{{.*}} : vector<8xi1> to vector<8xi8>
// CHECK: llvm.store %[[E]], %{{.*}} {alignment = 8 : i64} : vector<8xi8>, !llvm.ptr<3>
// CHECK-NOT: vector<8xi1>, !llvm.ptr
// CHECK: %[[L:.*]] = llvm.load %{{.*}} {alignment = 4 : i64} : !llvm.ptr<3> -> vector<4xi8>
// CHECK: arith.trunci %[[L]] : vector<4xi8> to vector<4xi1>
// CHECK: gpu.return
!A = !tirx.buffer<1x1024xi1, local, #tirx.layout<S[(128,8):(1@tx,1)]>>
!B = !tirx.buffer<1x1024xi1, local, #tirx.layout<S[(2,128,4):(4,1@tx,1)]>>
!S = !tirx.buffer<1x1024xi1, shared, #tirx.layout<S[1024:1]>>
gpu.module @m [#nvvm.target<chip = "sm_90">] {
  gpu.func @i1_shared_round_trip() kernel attributes {known_block_size = array<i32: 128, 1, 1>} {
    %a = tirx.alloc : !A
    %s = tirx.alloc : !S
    %b = tirx.alloc : !B
    tirx.copy cta %s, %a : !S, !A
    tirx.barrier cta
    tirx.copy cta %b, %s : !B, !S
    gpu.return
  }
}

// -----

// A boolean tensor in global memory loaded 4 elements per thread.
// CHECK-LABEL: gpu.func @i1_global_load
// CHECK: %[[V:.*]] = llvm.load %{{.*}} : !llvm.ptr<1> -> vector<4xi8>
// CHECK: arith.trunci %[[V]] : vector<4xi8> to vector<4xi1>
// CHECK: gpu.return
!L = !tirx.buffer<1024xi1, local, #tirx.layout<S[(2,128,4):(4,1@tx,1)]>>
!G = !tirx.buffer<1024xi1, global>
gpu.module @m2 [#nvvm.target<chip = "sm_90">] {
  gpu.func @i1_global_load(%p: !llvm.ptr<1>) kernel attributes {known_block_size = array<i32: 128, 1, 1>} {
    %g = tirx.global_view %p sizes [1024] strides [1] {alignment = 16 : i64} : !llvm.ptr<1> -> !G
    %r = tirx.region %g [0] : !G -> !G
    %a = tirx.alloc : !L
    tirx.copy cta %a, %r : !L, !G
    gpu.return
  }
}

// -----

// The shared-memory elementwise variant reads and writes i1 one element at a
// time (no vector<Nxi1> memory access); other operands keep vector accesses.
// CHECK-LABEL: gpu.func @i1_shared_map
// CHECK: vector.load %{{.*}} : memref<1024xf32, #gpu.address_space<workgroup>>, vector<4xf32>
// CHECK-COUNT-4: memref.store %{{.*}} : memref<1024xi1, #gpu.address_space<workgroup>>
// CHECK-NOT: vector.store
// CHECK: gpu.return
!F = !tirx.buffer<1024xf32, shared, #tirx.layout<S[1024:1]>>
!M = !tirx.buffer<1024xi1, shared, #tirx.layout<S[1024:1]>>
gpu.module @m3 [#nvvm.target<chip = "sm_90">] {
  gpu.func @i1_shared_map() kernel attributes {known_block_size = array<i32: 128, 1, 1>} {
    %x = tirx.alloc : !F
    %m = tirx.alloc : !M
    tirx.map cta %m, %x : !M, !F {
    ^bb0(%v: f32):
      %z = arith.constant 0.0 : f32
      %c = arith.cmpf ogt, %v, %z : f32
      tirx.yield %c : i1
    }
    gpu.return
  }
}
