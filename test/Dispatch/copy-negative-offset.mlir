// RUN: tile-opt %s --tirx-dispatch | FileCheck %s

// Regression test (fixed): tirx.region says that region elements outside the source's extents
// read the padding and are skipped by stores, but the copy variants
// (emitGlobalLocalCopy in lib/Dispatch/CUDA/Copy.cpp) only check the upper
// bound: the tile-level test is `offset + extent <= size` and the masked
// path `coord < size`. A region at a negative offset (a dynamic tile index
// below zero) takes the vector path and reads/writes memory before the view.
// The checks must also cover `coord >= 0` (or compare unsigned).

!L = !tirx.buffer<1024xf32, local, #tirx.layout<S[(2,128,4):(4,1@tx,1)]>>
gpu.module @m [#nvvm.target<chip = "sm_90">] {
  // CHECK-LABEL: gpu.func @load
  // CHECK: scf.if
  // CHECK: } else {
  // CHECK: arith.cmpi {{sge|sgt|ult|ule}}
  gpu.func @load(%p: !llvm.ptr<1>, %n: index, %tile: index) kernel attributes {known_block_size = array<i32: 128, 1, 1>} {
    %g = tirx.global_view %p sizes [%n] strides [1] {alignment = 16 : i64} : !llvm.ptr<1> -> !tirx.buffer<?xf32, global>
    %c1024 = arith.constant 1024 : index
    %off = arith.muli %tile, %c1024 : index
    %r = tirx.region %g [%off] : !tirx.buffer<?xf32, global> -> !tirx.buffer<1024xf32, global>
    %a = tirx.alloc : !L
    tirx.copy cta %a, %r : !L, !tirx.buffer<1024xf32, global>
    gpu.return
  }
}
