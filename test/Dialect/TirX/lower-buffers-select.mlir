// RUN: tile-opt %s --tirx-lower-buffers | FileCheck %s

// A buffer chosen at run time (arith.select of buffers, through views: the
// stage of a pipelined matmul K loop) has the select of its operands'
// storages as storage; the buffer selects are erased.

!S = !tirx.buffer<128xf16, shared, #tirx.layout<S[128:1]>>
!H = !tirx.buffer<64xf16, shared, #tirx.layout<S[64:1]>>

gpu.module @m [#nvvm.target<chip = "sm_90">] {
  // CHECK-LABEL: gpu.func @select_stage
  // CHECK-SAME: (%[[S:.*]]: index, %[[X:.*]]: f16)
  // CHECK-SAME: workgroup(%[[ARR:.*]] : memref<768xi8, #gpu.address_space<workgroup>> {llvm.align = 128 : i64})
  // CHECK: %[[B0:.*]] = memref.view %[[ARR]][%c0][]
  // CHECK: %[[B1:.*]] = memref.view %[[ARR]][%c256][]
  // CHECK: %[[B2:.*]] = memref.view %[[ARR]][%c512][]
  // CHECK: %[[IS1:.*]] = arith.cmpi eq, %[[S]], %c1
  // CHECK: %[[IS2:.*]] = arith.cmpi eq, %[[S]], %c2
  // CHECK-NOT: tirx.
  // CHECK: %[[M1:.*]] = arith.select %[[IS1]], %[[B1]], %[[B0]] : memref<128xf16, #gpu.address_space<workgroup>>
  // CHECK: %[[M2:.*]] = arith.select %[[IS2]], %[[B2]], %[[M1]] : memref<128xf16, #gpu.address_space<workgroup>>
  // CHECK: memref.store %[[X]], %[[M2]][%{{.*}}]
  // CHECK-NOT: tirx.
  // CHECK-NOT: unrealized_conversion_cast
  // CHECK: gpu.return
  gpu.func @select_stage(%s: index, %x: f16) kernel attributes {known_block_size = array<i32: 128, 1, 1>} {
    %b0 = tirx.alloc : !S
    %b1 = tirx.alloc : !S
    %b2 = tirx.alloc : !S
    %c1 = arith.constant 1 : index
    %c2 = arith.constant 2 : index
    %c5 = arith.constant 5 : index
    %is1 = arith.cmpi eq, %s, %c1 : index
    %t1 = arith.select %is1, %b1, %b0 : !S
    %is2 = arith.cmpi eq, %s, %c2 : index
    %t2 = arith.select %is2, %b2, %t1 : !S
    %half = tirx.view %t2 : !S -> !H
    %m = builtin.unrealized_conversion_cast %t2 : !S to memref<128xf16, #gpu.address_space<workgroup>>
    memref.store %x, %m[%c5] : memref<128xf16, #gpu.address_space<workgroup>>
    gpu.return
  }
}
