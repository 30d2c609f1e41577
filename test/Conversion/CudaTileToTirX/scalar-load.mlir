// RUN: tile-opt %s --convert-cuda-tile-to-tirx | FileCheck %s

// Regression test (fixed): a load through a rank-0 pointer tile (load_ptr_tko on tile<ptr<i32>>)
// yields a register buffer (!tirx.buffer<i32, local, ...>) instead of a
// scalar, although rank-0 tiles are scalars everywhere else. Any use that
// needs the scalar then builds invalid IR: here make_tensor_view emits
// `arith.index_cast` on the buffer and the pass fails with "'arith.index_cast'
// op operand #0 must be signless-integer-like ..." (EntryLowering::lower
// (LoadPtrTkoOp) in lib/Conversion/CudaTileToTirX/CudaTileToTirX.cpp).

// CHECK-LABEL: gpu.func @size_from_memory
// CHECK: %[[NI:.*]] = arith.index_cast %{{.*}} : i32 to index
// CHECK: tirx.global_view %{{.*}} sizes [%[[NI]]] strides [1]
cuda_tile.module @k {
  entry @size_from_memory(%p: tile<ptr<i32>>, %x: tile<ptr<f32>>) {
    %n, %t = load_ptr_tko weak %p : tile<ptr<i32>> -> tile<i32>, token
    %tx = make_tensor_view %x, shape = [%n], strides = [1] : tile<i32> -> tensor_view<?xf32, strides=[1]>
    %px = make_partition_view %tx : partition_view<tile=(128), tensor_view<?xf32, strides=[1]>>
    %c0 = constant <i32: 0> : tile<i32>
    %v, %t0 = load_view_tko weak %px[%c0] : partition_view<tile=(128), tensor_view<?xf32, strides=[1]>>, tile<i32> -> tile<128xf32>, token
    return
  }
}
