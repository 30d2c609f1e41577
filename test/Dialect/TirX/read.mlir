// RUN: tile-opt %s | tile-opt | FileCheck %s --check-prefix=ROUNDTRIP
// RUN: tile-opt %s --tirx-lower-buffers | FileCheck %s

// tirx.read: one element as a scalar. tirx-lower-buffers loads it from the
// buffer's storage at the element's storage offset: row-major index
// (i * 4 + j) through the layout's strides for the shared buffer; the
// replicated register buffer holds its one element in slot 0 of every
// thread.

!S = !tirx.buffer<2x4xf32, shared, #tirx.layout<S[(2,4):(8,1)]>>
!R = !tirx.buffer<1xi32, local, #tirx.layout<S[1:1] + R[128:1@tx]>>

gpu.module @m [#nvvm.target<chip = "sm_90">] {
  // ROUNDTRIP-LABEL: gpu.func @read
  // ROUNDTRIP: tirx.read %{{.*}}[%{{.*}}, %{{.*}}] : !tirx.buffer<2x4xf32, shared, <S[(2,4):(8,1)]>> -> f32
  // ROUNDTRIP: tirx.read %{{.*}}[%{{.*}}] : !tirx.buffer<1xi32, local, <S[1:1] + R[128:1@tx]>> -> i32

  // CHECK-LABEL: gpu.func @read
  // CHECK-SAME: workgroup(%[[ARR:.*]] : memref<48xi8, #gpu.address_space<workgroup>>
  // CHECK: %[[REG:.*]] = memref.alloca() : memref<1xi32>
  // CHECK: %[[SH:.*]] = memref.view %[[ARR]][%{{.*}}][] : memref<48xi8, #gpu.address_space<workgroup>> to memref<12xf32, #gpu.address_space<workgroup>>
  // CHECK-NOT: tirx.read
  // CHECK: %[[X:.*]] = memref.load %[[SH]][%{{.*}}] : memref<12xf32, #gpu.address_space<workgroup>>
  // CHECK: %[[Y:.*]] = memref.load %[[REG]][%{{.*}}] : memref<1xi32>
  // CHECK: llvm.store %[[X]]
  // CHECK: llvm.store %[[Y]]
  gpu.func @read(%p: !llvm.ptr<1>, %q: !llvm.ptr<1>, %i: index, %j: index) kernel attributes {known_block_size = array<i32: 128, 1, 1>, nvvm.reqntid = array<i32: 128, 1, 1>} {
    %s = tirx.alloc : !S
    %r = tirx.alloc : !R
    %c0 = arith.constant 0 : index
    %x = tirx.read %s[%i, %j] : !S -> f32
    %y = tirx.read %r[%c0] : !R -> i32
    llvm.store %x, %p : f32, !llvm.ptr<1>
    llvm.store %y, %q : i32, !llvm.ptr<1>
    gpu.return
  }
}
