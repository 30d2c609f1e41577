// RUN: tile-opt %s --tirx-lower-buffers=launch-abi=tile -split-input-file -verify-diagnostics | FileCheck %s

// tirx-lower-buffers with the tile launch ABI: all shared memory of a kernel
// is one static workgroup attribution of i8, aligned to the largest buffer
// alignment, each shared buffer a memref.view at its static offset; the
// kernel takes no dynamic shared memory (no tileir.dynamic_smem), whatever
// its size.

// The buffers of tirx-lower-buffers' @dynamic test (73728 bytes, both live
// at once, beyond the 48 KiB that the explicit ABI keeps static): the f32 buffer at 0, the
// 128-byte swizzled f16 buffer at 40960, the array aligned to 1024.
// CHECK-LABEL: gpu.func @large
// CHECK-SAME: workgroup(%[[ARR:.*]] : memref<73728xi8, #gpu.address_space<workgroup>> {llvm.align = 1024 : i64})
// CHECK-NOT: tileir.dynamic_smem
// CHECK-NOT: gpu.dynamic_shared_memory
// CHECK: %[[C0:.*]] = arith.constant 0 : index
// CHECK: memref.view %[[ARR]][%[[C0]]][] : memref<73728xi8, #gpu.address_space<workgroup>> to memref<10240xf32, #gpu.address_space<workgroup>>
// CHECK: %[[C40960:.*]] = arith.constant 40960 : index
// CHECK: memref.view %[[ARR]][%[[C40960]]][] : memref<73728xi8, #gpu.address_space<workgroup>> to memref<16384xf16, #gpu.address_space<workgroup>>
// CHECK-NOT: gpu.dynamic_shared_memory
// CHECK: gpu.return
gpu.module @big [#nvvm.target<chip = "sm_90a">] {
  gpu.func @large() kernel {
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

// A workgroup attribution made before the pass (a one-element broadcast
// slot) moves into the array too: first, at its alignment (16), the buffers
// after it at the array's alignment (128). Its uses and the buffer's
// storage casts read views of the array; local buffers stay allocas.
!S = !tirx.buffer<128xf32, shared, #tirx.layout<S[128:1]>>
gpu.module @m [#nvvm.target<chip = "sm_90">] {
  // CHECK-LABEL: gpu.func @slot
  // CHECK-SAME: (%[[X:.*]]: f32)
  // CHECK-SAME: workgroup(%[[ARR:.*]] : memref<640xi8, #gpu.address_space<workgroup>> {llvm.align = 128 : i64})
  // CHECK-SAME: kernel
  // CHECK-NOT: workgroup
  // CHECK: memref.alloca() : memref<8xf32>
  // CHECK: %[[C0:.*]] = arith.constant 0 : index
  // CHECK: %[[SLOT:.*]] = memref.view %[[ARR]][%[[C0]]][] : memref<640xi8, #gpu.address_space<workgroup>> to memref<1xf32, #gpu.address_space<workgroup>>
  // CHECK: %[[C128:.*]] = arith.constant 128 : index
  // CHECK: %[[BUF:.*]] = memref.view %[[ARR]][%[[C128]]][] : memref<640xi8, #gpu.address_space<workgroup>> to memref<128xf32, #gpu.address_space<workgroup>>
  // CHECK: memref.store %[[X]], %[[SLOT]][%{{.*}}] : memref<1xf32, #gpu.address_space<workgroup>>
  // CHECK: memref.store %[[X]], %[[BUF]][%{{.*}}] : memref<128xf32, #gpu.address_space<workgroup>>
  gpu.func @slot(%x: f32) workgroup(%slot : memref<1xf32, #gpu.address_space<workgroup>>) kernel attributes {known_block_size = array<i32: 128, 1, 1>} {
    %s = tirx.alloc : !S
    %l = tirx.alloc : !tirx.buffer<1024xf32, local, #tirx.layout<S[(2,128,4):(4,1@tx,1)]>>
    %c0 = arith.constant 0 : index
    memref.store %x, %slot[%c0] : memref<1xf32, #gpu.address_space<workgroup>>
    %sm = builtin.unrealized_conversion_cast %s : !S to memref<128xf32, #gpu.address_space<workgroup>>
    memref.store %x, %sm[%c0] : memref<128xf32, #gpu.address_space<workgroup>>
    gpu.return
  }

  // No shared memory: no attribution.
  // CHECK-LABEL: gpu.func @none
  // CHECK-NOT: workgroup
  // CHECK: gpu.return
  gpu.func @none() kernel {
    %l = tirx.alloc : !tirx.buffer<128xf32, local, #tirx.layout<S[(64,2):(1@tx,1)]>>
    gpu.return
  }
}

// -----

// Beyond the chip's per-CTA limit (227 KiB on sm_90a): an error, as with
// the explicit ABI (there the count includes the alignment padding of the
// dynamic block).
gpu.module @too_much [#nvvm.target<chip = "sm_90a">] {
  // expected-error @below {{'gpu.func' op needs 233472 bytes of shared memory, more than the 232448 a CTA may use on sm_90a}}
  gpu.func @too_much() kernel {
    %a = tirx.alloc : !tirx.buffer<58368xf32, shared, #tirx.layout<S[58368:1]>>
    gpu.return
  }
}

// -----

// On a target that is not arch-specific, ptxas accepts at most 48 KiB of
// static shared memory: the kernel needs sm_90a.
gpu.module @not_arch_specific [#nvvm.target<chip = "sm_90">] {
  // expected-error @below {{'gpu.func' op needs 73728 bytes of shared memory, all static with the tile launch ABI, more than the 49152 a kernel may declare statically on sm_90 (sm_90a allows 232448)}}
  gpu.func @large() kernel {
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

// Workgroup attributions the array cannot hold are diagnosed.
gpu.module @bad [#nvvm.target<chip = "sm_90">] {
  // expected-error @below {{'gpu.func' op expects workgroup attributions of static shape and integer or float elements, got 'memref<?xf32, #gpu.address_space<workgroup>>'}}
  gpu.func @dynamic_attribution() workgroup(%w : memref<?xf32, #gpu.address_space<workgroup>>) kernel {
    %s = tirx.alloc : !tirx.buffer<128xf32, shared, #tirx.layout<S[128:1]>>
    gpu.return
  }
}
