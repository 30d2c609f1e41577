// RUN: tile-opt %s --tirx-dispatch | FileCheck %s

// tirx.reduce and tirx.scan variants (RegionReduce.cpp): the variant is named
// after the widest level the combined bits reach; the body is cloned where
// two tuples meet.

gpu.module @region_reduce [#nvvm.target<chip = "sm_90">] {

// Argmax in one warp (`warp`): the per-thread pair tree, then one butterfly
// step per lane bit that shuffles both values and runs the body.
// CHECK-LABEL: gpu.func @argmax_warp
// CHECK-NOT: gpu.barrier
// CHECK: %[[V0:.*]] = memref.load %[[SV:.*]][%{{.*}}] : memref<2xf32>
// CHECK: %[[I0:.*]] = memref.load %[[SI:.*]][%{{.*}}] : memref<2xi32>
// CHECK: %[[V1:.*]] = memref.load %[[SV]]
// CHECK: %[[I1:.*]] = memref.load %[[SI]]
// CHECK: %[[GT:.*]] = arith.cmpf ogt, %[[V1]], %[[V0]] : f32
// CHECK: %[[RV:.*]] = arith.select %[[GT]], %[[V1]], %[[V0]] : f32
// CHECK: %[[RI:.*]] = arith.select %[[GT]], %[[I1]], %[[I0]] : i32
// CHECK: %[[OV:.*]], %{{.*}} = gpu.shuffle xor %[[RV]], %{{.*}}, %{{.*}} : f32
// CHECK: %[[OI:.*]], %{{.*}} = gpu.shuffle xor %[[RI]], %{{.*}}, %{{.*}} : i32
// CHECK: arith.cmpf ogt, %[[OV]], %[[RV]] : f32
// CHECK-COUNT-4: gpu.shuffle xor {{.*}} : f32
// CHECK-NOT: gpu.barrier
// CHECK: %[[FI:.*]] = arith.select {{.*}} : i32
// CHECK-NEXT: arith.addi %[[FI]], %[[FI]] : i32
gpu.func @argmax_warp(%v: !tirx.buffer<64xf32, local, #tirx.layout<S[(32,2):(1@tx,1)]>>, %i: !tirx.buffer<64xi32, local, #tirx.layout<S[(32,2):(1@tx,1)]>>) kernel attributes {known_block_size = array<i32: 32, 1, 1>} {
  %mv, %mi = tirx.reduce cta srcs(%v, %i : !tirx.buffer<64xf32, local, #tirx.layout<S[(32,2):(1@tx,1)]>>, !tirx.buffer<64xi32, local, #tirx.layout<S[(32,2):(1@tx,1)]>>) axes = [0] identities = [0xFF800000 : f32, 0 : i32] -> f32, i32 {
  ^bb0(%v0: f32, %v1: f32, %i0: i32, %i1: i32):
    %gt = arith.cmpf ogt, %v1, %v0 : f32
    %rv = arith.select %gt, %v1, %v0 : f32
    %ri = arith.select %gt, %i1, %i0 : i32
    tirx.reduce_yield %rv, %ri : f32, i32
  }
  %s = arith.addi %mi, %mi : i32
  gpu.return
}

// A product over registers only (`thread`): no shuffle, no barrier.
// CHECK-LABEL: gpu.func @product_thread
// CHECK-COUNT-8: memref.load
// CHECK-COUNT-7: arith.mulf
// CHECK-NOT: gpu.shuffle
// CHECK: memref.store
// CHECK-NOT: gpu.barrier
// CHECK: gpu.return
gpu.func @product_thread(%x: !tirx.buffer<4x8xf32, local, #tirx.layout<S[(4,8):(1@tx,1)] + R[8:4@tx]>>) kernel attributes {known_block_size = array<i32: 32, 1, 1>} {
  %d = tirx.alloc : !tirx.buffer<4xf32, local, #tirx.layout<S[4:1@tx] + R[8:4@tx]>>
  tirx.reduce cta dsts(%d : !tirx.buffer<4xf32, local, #tirx.layout<S[4:1@tx] + R[8:4@tx]>>) srcs(%x : !tirx.buffer<4x8xf32, local, #tirx.layout<S[(4,8):(1@tx,1)] + R[8:4@tx]>>) axes = [1] identities = [1.0 : f32] {
  ^bb0(%a: f32, %b: f32):
    %p = arith.mulf %a, %b : f32
    tirx.reduce_yield %p : f32
  }
  gpu.return
}

// A sum over 4 warps (`cta`): partials through a shared scratch.
// CHECK-LABEL: gpu.func @sum_cta
// CHECK: tirx.alloc : !tirx.buffer<128xi32, shared, <S[128:1]>>
// CHECK-COUNT-5: gpu.shuffle xor {{.*}} : i32
// CHECK: gpu.barrier
// CHECK: memref.store
// CHECK: gpu.barrier
// CHECK-COUNT-3: arith.xori
// CHECK: %[[T:.*]] = arith.addi %{{.*}}, %{{.*}} : i32
// CHECK-NEXT: arith.addi %[[T]], %[[T]] : i32
gpu.func @sum_cta(%x: !tirx.buffer<256xi32, local, #tirx.layout<S[(128,2):(1@tx,1)]>>) kernel attributes {known_block_size = array<i32: 128, 1, 1>} {
  %s = tirx.reduce cta srcs(%x : !tirx.buffer<256xi32, local, #tirx.layout<S[(128,2):(1@tx,1)]>>) axes = [0] identities = [0 : i32] -> i32 {
  ^bb0(%a: i32, %b: i32):
    %r = arith.addi %a, %b : i32
    tirx.reduce_yield %r : i32
  }
  %t = arith.addi %s, %s : i32
  gpu.return
}

// An inclusive scan of 64 elements in one warp (`warp`): two registers
// serially, Kogge-Stone over the lanes with shuffle up, the exclusive lane
// prefix one lane up.
// CHECK-LABEL: gpu.func @scan_warp
// CHECK-NOT: gpu.barrier
// CHECK: %[[X0:.*]] = memref.load
// CHECK: %[[X1:.*]] = memref.load
// CHECK: %[[L1:.*]] = arith.addf %[[X0]], %[[X1]] : f32
// CHECK: %[[U1:.*]], %{{.*}} = gpu.shuffle up %[[L1]], %{{.*}}, %{{.*}} : f32
// CHECK: arith.cmpi uge
// CHECK: arith.addf %[[U1]], %[[L1]] : f32
// CHECK-COUNT-4: gpu.shuffle up
// CHECK: %[[SH:.*]], %{{.*}} = gpu.shuffle up
// CHECK: %[[HAS:.*]] = arith.cmpi ugt
// CHECK: %[[P:.*]] = arith.select %[[HAS]], %[[SH]], %{{.*}} : f32
// CHECK: %[[O0:.*]] = arith.addf %[[P]], %[[X0]] : f32
// CHECK: memref.store %[[O0]]
// CHECK: %[[O1:.*]] = arith.addf %[[P]], %[[L1]] : f32
// CHECK: memref.store %[[O1]]
// CHECK-NOT: gpu.barrier
// CHECK: gpu.return
gpu.func @scan_warp(%x: !tirx.buffer<64xf32, local, #tirx.layout<S[(32,2):(1@tx,1)]>>) kernel attributes {known_block_size = array<i32: 32, 1, 1>} {
  %d = tirx.alloc : !tirx.buffer<64xf32, local, #tirx.layout<S[(32,2):(1@tx,1)]>>
  tirx.scan cta dsts(%d : !tirx.buffer<64xf32, local, #tirx.layout<S[(32,2):(1@tx,1)]>>) srcs(%x : !tirx.buffer<64xf32, local, #tirx.layout<S[(32,2):(1@tx,1)]>>) axis = 0 identities = [0.0 : f32] {
  ^bb0(%a: f32, %b: f32):
    %r = arith.addf %a, %b : f32
    tirx.reduce_yield %r : f32
  }
  gpu.return
}

// A reverse scan of 1024 elements over 4 warps with two register rounds
// (`cta`): shuffle down, one scratch exchange for both rounds, the rounds
// chained by a carry from the last round back.
// CHECK-LABEL: gpu.func @scan_cta_reverse
// CHECK: tirx.alloc : !tirx.buffer<256xi32, shared, <S[256:1]>>
// CHECK: gpu.shuffle down
// CHECK-NOT: gpu.shuffle up
// CHECK: gpu.barrier
// CHECK-COUNT-2: memref.store
// CHECK: gpu.barrier
// CHECK-NOT: gpu.barrier
// CHECK: gpu.return
gpu.func @scan_cta_reverse(%x: !tirx.buffer<1024xi32, local, #tirx.layout<S[(2,128,4):(4,1@tx,1)]>>) kernel attributes {known_block_size = array<i32: 128, 1, 1>} {
  %d = tirx.alloc : !tirx.buffer<1024xi32, local, #tirx.layout<S[(2,128,4):(4,1@tx,1)]>>
  tirx.scan cta dsts(%d : !tirx.buffer<1024xi32, local, #tirx.layout<S[(2,128,4):(4,1@tx,1)]>>) srcs(%x : !tirx.buffer<1024xi32, local, #tirx.layout<S[(2,128,4):(4,1@tx,1)]>>) axis = 0 reverse identities = [0 : i32] {
  ^bb0(%a: i32, %b: i32):
    %r = arith.addi %a, %b : i32
    tirx.reduce_yield %r : i32
  }
  gpu.return
}

// A scan along the rows of a 4x8 tile whose row bits are registers only
// (`thread`).
// CHECK-LABEL: gpu.func @scan_thread
// CHECK-NOT: gpu.shuffle
// CHECK-COUNT-3: arith.muli
// CHECK-NOT: gpu.barrier
// CHECK: gpu.return
gpu.func @scan_thread(%x: !tirx.buffer<4x8xi32, local, #tirx.layout<S[(4,8):(8,1)] + R[32:1@tx]>>) kernel attributes {known_block_size = array<i32: 32, 1, 1>} {
  %d = tirx.alloc : !tirx.buffer<4x8xi32, local, #tirx.layout<S[(4,8):(8,1)] + R[32:1@tx]>>
  tirx.scan cta dsts(%d : !tirx.buffer<4x8xi32, local, #tirx.layout<S[(4,8):(8,1)] + R[32:1@tx]>>) srcs(%x : !tirx.buffer<4x8xi32, local, #tirx.layout<S[(4,8):(8,1)] + R[32:1@tx]>>) axis = 0 identities = [1 : i32] {
  ^bb0(%a: i32, %b: i32):
    %r = arith.muli %a, %b : i32
    tirx.reduce_yield %r : i32
  }
  gpu.return
}

}
