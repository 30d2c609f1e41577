// RUN: tile-opt %s --tirx-lower-buffers -split-input-file -verify-diagnostics | FileCheck %s

// tirx-lower-buffers: local allocations become memref.alloca of the layout's
// per-thread storage, shared ones views of one static i8 workgroup
// attribution of the kernel (while it fits 48 KiB); the
// storage casts that dispatch left resolve to them; views, regions and
// global views are erased; known_block_size is dropped next to nvvm.reqntid.

!L = !tirx.buffer<1024xf32, local, #tirx.layout<S[(2,128,4):(4,1@tx,1)]>>
!V = !tirx.buffer<4x256xf32, local, #tirx.layout<S[(2,128,4):(4,1@tx,1)]>>
!S = !tirx.buffer<128xf32, shared, #tirx.layout<S[128:1]>>

gpu.module @m [#nvvm.target<chip = "sm_90">] {
  // CHECK-LABEL: gpu.func @lower
  // CHECK-SAME: (%[[P:.*]]: !llvm.ptr<1>, %[[X:.*]]: f32)
  // CHECK-SAME: workgroup(%[[ARR:.*]] : memref<512xi8, #gpu.address_space<workgroup>> {llvm.align = 128 : i64})
  // CHECK-SAME: kernel attributes {nvvm.reqntid = array<i32: 128, 1, 1>}
  // CHECK-NEXT: %[[REG:.*]] = memref.alloca() : memref<8xf32>
  // CHECK: %[[SH:.*]] = memref.view %[[ARR]][%{{.*}}][] : memref<512xi8, #gpu.address_space<workgroup>> to memref<128xf32, #gpu.address_space<workgroup>>
  // CHECK-NOT: tirx.
  // CHECK-NOT: unrealized_conversion_cast
  // CHECK: memref.store %[[X]], %[[REG]][%{{.*}}] : memref<8xf32>
  // CHECK: %[[Y:.*]] = memref.load %[[REG]][%{{.*}}] : memref<8xf32>
  // CHECK: memref.store %[[Y]], %[[SH]][%{{.*}}] : memref<128xf32, #gpu.address_space<workgroup>>
  // CHECK-NOT: tirx.
  // CHECK: gpu.return
  gpu.func @lower(%p: !llvm.ptr<1>, %x: f32) kernel attributes {known_block_size = array<i32: 128, 1, 1>, nvvm.reqntid = array<i32: 128, 1, 1>} {
    %g = tirx.global_view %p sizes [4096] strides [1] : !llvm.ptr<1> -> !tirx.buffer<4096xf32, global>
    %r = tirx.region %g [0] : !tirx.buffer<4096xf32, global> -> !tirx.buffer<1024xf32, global>
    %s = tirx.alloc : !S
    %a = tirx.alloc : !L
    %v = tirx.view %a : !L -> !V
    %c0 = arith.constant 0 : index
    %c7 = arith.constant 7 : index
    %am = builtin.unrealized_conversion_cast %a : !L to memref<8xf32>
    memref.store %x, %am[%c7] : memref<8xf32>
    %vm = builtin.unrealized_conversion_cast %a : !L to memref<8xf32>
    %y = memref.load %vm[%c0] : memref<8xf32>
    %sm = builtin.unrealized_conversion_cast %s : !S to memref<128xf32, #gpu.address_space<workgroup>>
    memref.store %y, %sm[%c0] : memref<128xf32, #gpu.address_space<workgroup>>
    gpu.return
  }

  // Without nvvm.reqntid the block size stays.
  // CHECK-LABEL: gpu.func @keep_block_size
  // CHECK-SAME: known_block_size = array<i32: 64, 1, 1>
  // CHECK-NEXT: memref.alloca() : memref<2xf32>
  gpu.func @keep_block_size() kernel attributes {known_block_size = array<i32: 64, 1, 1>} {
    %a = tirx.alloc : !tirx.buffer<128xf32, local, #tirx.layout<S[(64,2):(1@tx,1)]>>
    gpu.return
  }
}

// -----

!L = !tirx.buffer<1024xf32, local, #tirx.layout<S[(2,128,4):(4,1@tx,1)]>>
gpu.module @m [#nvvm.target<chip = "sm_90">] {
  gpu.func @primitive_left(%x: f32) kernel attributes {known_block_size = array<i32: 128, 1, 1>} {
    %a = tirx.alloc : !L
    // expected-error@+1 {{'tirx.fill' op still uses a tirx buffer after dispatch}}
    tirx.fill cta %a, %x : !L, f32
    gpu.return
  }
}

// -----

// Shared buffers beyond 48 KiB (both live at once) go to dynamic shared
// memory: one
// gpu.dynamic_shared_memory block, its start rounded up to the largest
// alignment (1024 bytes: the 128-byte swizzle of f16), each buffer a
// memref.view at its static offset; the kernel records the bytes to launch
// with (40960 + 32768 + 1024 - 16).
// CHECK-LABEL: gpu.func @dynamic
// CHECK-NOT: workgroup(
// CHECK-SAME: tileir.dynamic_smem = 74736 : i64
// CHECK: %[[DYN:.*]] = gpu.dynamic_shared_memory : memref<?xi8, #gpu.address_space<workgroup>>
// CHECK: %[[PTR:.*]] = memref.extract_aligned_pointer_as_index %[[DYN]]
// CHECK: %[[REM:.*]] = arith.remui %[[PTR]], %[[C1024:.*]] : index
// CHECK: %[[SUB:.*]] = arith.subi %[[C1024]], %[[REM]]
// CHECK: %[[PAD:.*]] = arith.remui %[[SUB]], %[[C1024]]
// CHECK: %[[C40960:.*]] = arith.constant 40960 : index
// CHECK: %[[OFF:.*]] = arith.addi %[[PAD]], %[[C40960]] : index
// CHECK: memref.view %[[DYN]][%[[OFF]]][] : memref<?xi8, #gpu.address_space<workgroup>> to memref<16384xf16, #gpu.address_space<workgroup>>
// CHECK: %[[C0:.*]] = arith.constant 0 : index
// CHECK: %[[OFF0:.*]] = arith.addi %[[PAD]], %[[C0]] : index
// CHECK: memref.view %[[DYN]][%[[OFF0]]][] : memref<?xi8, #gpu.address_space<workgroup>> to memref<10240xf32, #gpu.address_space<workgroup>>
gpu.module @dyn [#nvvm.target<chip = "sm_90a">] {
  gpu.func @dynamic() kernel {
    %a = tirx.alloc : !tirx.buffer<10240xf32, shared, #tirx.layout<S[10240:1]>>
    %b = tirx.alloc : !tirx.buffer<128x128xf16, shared, #tirx.layout<S[128,128], swizzle = 128>>
    %c0 = arith.constant 0 : index
    %am = builtin.unrealized_conversion_cast %a : !tirx.buffer<10240xf32, shared, #tirx.layout<S[10240:1]>> to memref<10240xf32, #gpu.address_space<workgroup>>
    %bm = builtin.unrealized_conversion_cast %b : !tirx.buffer<128x128xf16, shared, #tirx.layout<S[128,128], swizzle = 128>> to memref<16384xf16, #gpu.address_space<workgroup>>
    %x = memref.load %am[%c0] : memref<10240xf32, #gpu.address_space<workgroup>>
    %y = memref.load %bm[%c0] : memref<16384xf16, #gpu.address_space<workgroup>>
    memref.store %x, %am[%c0] : memref<10240xf32, #gpu.address_space<workgroup>>
    gpu.return
  }
}

// -----

gpu.module @too_much [#nvvm.target<chip = "sm_90a">] {
  // expected-error @below {{'gpu.func' op needs 233584 bytes of shared memory, more than the 232448 a CTA may use on sm_90a}}
  gpu.func @too_much() kernel {
    %a = tirx.alloc : !tirx.buffer<58368xf32, shared, #tirx.layout<S[58368:1]>>
    gpu.return
  }
}
