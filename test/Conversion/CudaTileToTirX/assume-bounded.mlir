// RUN: tile-opt %s --convert-cuda-tile-to-tirx | FileCheck %s

// assume bounded<lb, ub> on an integer scalar: llvm.intr.assume of each
// given bound (signed), so LLVM can fold what they decide; an open bound
// adds nothing. Tiles (rank > 0) keep the predicate only.
// CHECK-LABEL: gpu.func @bounded
// CHECK: %[[BID:.*]] = gpu.block_id x
// CHECK: %[[BX:.*]] = arith.index_castui %[[BID]] : index to i32
// CHECK: %[[LB:.*]] = arith.constant 0 : i32
// CHECK: %[[GE:.*]] = arith.cmpi sge, %[[BX]], %[[LB]] : i32
// CHECK: llvm.intr.assume %[[GE]] : i1
// CHECK: %[[UB:.*]] = arith.constant 41 : i32
// CHECK: %[[LE:.*]] = arith.cmpi sle, %[[BX]], %[[UB]] : i32
// CHECK: llvm.intr.assume %[[LE]] : i1
// CHECK: %[[UB2:.*]] = arith.constant 7 : i32
// CHECK: %[[LE2:.*]] = arith.cmpi sle, %[[BX]], %[[UB2]] : i32
// CHECK: llvm.intr.assume %[[LE2]] : i1
// CHECK-NOT: llvm.intr.assume
// CHECK: gpu.return
cuda_tile.module @m {
  entry @bounded(%p: tile<ptr<i32>>) {
    %bx, %by, %bz = get_tile_block_id : tile<i32>
    %a = assume bounded<0, 41>, %bx : tile<i32>
    %b = assume bounded<?, 7>, %bx : tile<i32>
    %i = iota : tile<16xi32>
    %c = assume bounded<0, ?>, %i : tile<16xi32>
    %s = addi %a, %b : tile<i32>
    %r = reshape %s : tile<i32> -> tile<1xi32>
    %v = broadcast %r : tile<1xi32> -> tile<16xi32>
    %w = addi %v, %c : tile<16xi32>
    %tv = make_tensor_view %p, shape = [16], strides = [1] : tensor_view<16xi32, strides=[1]>
    %pv = make_partition_view %tv : partition_view<tile=(16), tensor_view<16xi32, strides=[1]>>
    %c0 = constant <i32: 0> : tile<i32>
    %t = store_view_tko weak %w, %pv[%c0] : tile<16xi32>, partition_view<tile=(16), tensor_view<16xi32, strides=[1]>>, tile<i32> -> token
    return
  }
}
