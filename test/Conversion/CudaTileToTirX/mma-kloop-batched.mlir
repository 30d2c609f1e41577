// RUN: tile-opt %s --convert-cuda-tile-to-tirx=chip=sm_90a | FileCheck %s

// cuTile's batched matmul: each iteration loads a 1 x M x K and a
// 1 x K x N tile at the CTA's batch index and reshapes them to M x K and
// K x N. The K loop reads the rank-2 view of that batch: a global view at
// the batch's first element (its size along M is 0 where the batch lies
// outside the tensor, so every element reads as padding) with the other
// sizes and strides, and runs the matmul pipeline on it (stages loaded by
// TMA from a producer warp, since the views state their alignment).

// CHECK-LABEL: gpu.func @batched
// CHECK: %[[FIRST:[0-9]+]] = arith.muli %{{.*}}, %c1{{.*}} : index
// CHECK: %[[GE:[0-9]+]] = arith.cmpi sge, %[[FIRST]], %c0
// CHECK: %[[LT:[0-9]+]] = arith.cmpi slt, %[[FIRST]], %{{.*}} : index
// CHECK: %[[IN:[0-9]+]] = arith.andi %[[GE]], %[[LT]] : i1
// CHECK: %[[BATCH:[0-9]+]] = arith.select %[[IN]], %[[FIRST]], %c0
// CHECK: %[[BASE:[0-9]+]] = llvm.getelementptr %{{.*}}[%{{.*}}] : (!llvm.ptr<1>, i64) -> !llvm.ptr<1>, i8
// CHECK: %[[ROWS:[0-9]+]] = arith.select %[[IN]], %{{.*}}, %c0
// CHECK: %[[A:[0-9]+]] = tirx.global_view %[[BASE]] sizes [%[[ROWS]], %{{.*}}] strides [%{{.*}}, 1] {alignment = 16 : i64} : <1> -> !tirx.buffer<?x?xf16, global>
// CHECK: tirx.warp_specialize producer_warps(1)
// CHECK: scf.for
// CHECK: tirx.gemm_async warpgroup
// CHECK: tirx.tensor_maps %[[A]], %{{.*}} {boxes = [array<i64: 128, 64>, array<i64: 64, 64>]
// CHECK-NOT: tirx.gemm warpgroup

// A float8 product whose B is given K x N (wgmma reads 8-bit operands
// K-major only, so B would be copied through registers every step) stays
// op by op.
// CHECK-LABEL: gpu.func @batched_f8_kxn
// CHECK-NOT: tirx.tensor_maps
// CHECK-NOT: tirx.copy_async
// CHECK: scf.for
// CHECK: tirx.gemm warpgroup
cuda_tile.module @kernels {
  entry @batched(%a: tile<ptr<f16>>, %b: tile<ptr<f16>>, %c: tile<ptr<f32>>, %nb: tile<i32>, %m: tile<i32>, %n: tile<i32>, %k: tile<i32>, %bsa: tile<i32>, %bsb: tile<i32>, %bsc: tile<i32>) {
    %pa = assume div_by<16>, %a : tile<ptr<f16>>
    %pb = assume div_by<16>, %b : tile<ptr<f16>>
    %pc = assume div_by<16>, %c : tile<ptr<f32>>
    %dm = assume div_by<16>, %m : tile<i32>
    %dn = assume div_by<16>, %n : tile<i32>
    %dk = assume div_by<16>, %k : tile<i32>
    %sa = assume div_by<16>, %bsa : tile<i32>
    %sb = assume div_by<16>, %bsb : tile<i32>
    %sc = assume div_by<16>, %bsc : tile<i32>
    %ta = make_tensor_view %pa, shape = [%nb, %dm, %dk], strides = [%sa, %dk, 1] : tile<i32> -> tensor_view<?x?x?xf16, strides=[?,?,1]>
    %tb = make_tensor_view %pb, shape = [%nb, %dk, %dn], strides = [%sb, %dn, 1] : tile<i32> -> tensor_view<?x?x?xf16, strides=[?,?,1]>
    %tc = make_tensor_view %pc, shape = [%nb, %dm, %dn], strides = [%sc, %dn, 1] : tile<i32> -> tensor_view<?x?x?xf32, strides=[?,?,1]>
    %bx, %by, %bz = get_tile_block_id : tile<i32>
    %va = make_partition_view %ta : partition_view<tile=(1x128x64), padding_value = zero, tensor_view<?x?x?xf16, strides=[?,?,1]>>
    %vb = make_partition_view %tb : partition_view<tile=(1x64x128), padding_value = zero, tensor_view<?x?x?xf16, strides=[?,?,1]>>
    %vc = make_partition_view %tc : partition_view<tile=(1x128x128), tensor_view<?x?x?xf32, strides=[?,?,1]>>
    %c64 = constant <i32: 64> : tile<i32>
    %kt = divi %dk, %c64 signed rounding<positive_inf> : tile<i32>
    %zero = constant <f32: 0.000000e+00> : tile<128x128xf32>
    %c0 = constant <i32: 0> : tile<i32>
    %c1 = constant <i32: 1> : tile<i32>
    %tok = make_token : token
    %acc = for %i in (%c0 to %kt, step %c1) : tile<i32> iter_values(%s = %zero) -> (tile<128x128xf32>) {
      %x3, %t0 = load_view_tko weak %va[%bx, %by, %i] token = %tok : partition_view<tile=(1x128x64), padding_value = zero, tensor_view<?x?x?xf16, strides=[?,?,1]>>, tile<i32> -> tile<1x128x64xf16>, token
      %x = reshape %x3 : tile<1x128x64xf16> -> tile<128x64xf16>
      %y3, %t1 = load_view_tko weak %vb[%bx, %i, %bz] token = %tok : partition_view<tile=(1x64x128), padding_value = zero, tensor_view<?x?x?xf16, strides=[?,?,1]>>, tile<i32> -> tile<1x64x128xf16>, token
      %y = reshape %y3 : tile<1x64x128xf16> -> tile<64x128xf16>
      %p = mmaf %x, %y, %s : tile<128x64xf16>, tile<64x128xf16>, tile<128x128xf32>
      continue %p : tile<128x128xf32>
    }
    %acc3 = reshape %acc : tile<128x128xf32> -> tile<1x128x128xf32>
    %t2 = store_view_tko weak %acc3, %vc[%bx, %by, %bz] token = %tok : tile<1x128x128xf32>, partition_view<tile=(1x128x128), tensor_view<?x?x?xf32, strides=[?,?,1]>>, tile<i32> -> token
    return
  }

  entry @batched_f8_kxn(%a: tile<ptr<f8E4M3FN>>, %b: tile<ptr<f8E4M3FN>>, %c: tile<ptr<f32>>, %nb: tile<i32>, %m: tile<i32>, %n: tile<i32>, %k: tile<i32>, %bsa: tile<i32>, %bsb: tile<i32>, %bsc: tile<i32>) {
    %pa = assume div_by<16>, %a : tile<ptr<f8E4M3FN>>
    %pb = assume div_by<16>, %b : tile<ptr<f8E4M3FN>>
    %pc = assume div_by<16>, %c : tile<ptr<f32>>
    %dm = assume div_by<16>, %m : tile<i32>
    %dn = assume div_by<16>, %n : tile<i32>
    %dk = assume div_by<16>, %k : tile<i32>
    %sa = assume div_by<16>, %bsa : tile<i32>
    %sb = assume div_by<16>, %bsb : tile<i32>
    %sc = assume div_by<16>, %bsc : tile<i32>
    %ta = make_tensor_view %pa, shape = [%nb, %dm, %dk], strides = [%sa, %dk, 1] : tile<i32> -> tensor_view<?x?x?xf8E4M3FN, strides=[?,?,1]>
    %tb = make_tensor_view %pb, shape = [%nb, %dk, %dn], strides = [%sb, %dn, 1] : tile<i32> -> tensor_view<?x?x?xf8E4M3FN, strides=[?,?,1]>
    %tc = make_tensor_view %pc, shape = [%nb, %dm, %dn], strides = [%sc, %dn, 1] : tile<i32> -> tensor_view<?x?x?xf32, strides=[?,?,1]>
    %bx, %by, %bz = get_tile_block_id : tile<i32>
    %va = make_partition_view %ta : partition_view<tile=(1x128x128), padding_value = zero, tensor_view<?x?x?xf8E4M3FN, strides=[?,?,1]>>
    %vb = make_partition_view %tb : partition_view<tile=(1x128x128), padding_value = zero, tensor_view<?x?x?xf8E4M3FN, strides=[?,?,1]>>
    %vc = make_partition_view %tc : partition_view<tile=(1x128x128), tensor_view<?x?x?xf32, strides=[?,?,1]>>
    %c128 = constant <i32: 128> : tile<i32>
    %kt = divi %dk, %c128 signed rounding<positive_inf> : tile<i32>
    %zero = constant <f32: 0.000000e+00> : tile<128x128xf32>
    %c0 = constant <i32: 0> : tile<i32>
    %c1 = constant <i32: 1> : tile<i32>
    %tok = make_token : token
    %acc = for %i in (%c0 to %kt, step %c1) : tile<i32> iter_values(%s = %zero) -> (tile<128x128xf32>) {
      %x3, %t0 = load_view_tko weak %va[%bx, %by, %i] token = %tok : partition_view<tile=(1x128x128), padding_value = zero, tensor_view<?x?x?xf8E4M3FN, strides=[?,?,1]>>, tile<i32> -> tile<1x128x128xf8E4M3FN>, token
      %x = reshape %x3 : tile<1x128x128xf8E4M3FN> -> tile<128x128xf8E4M3FN>
      %y3, %t1 = load_view_tko weak %vb[%bx, %i, %bz] token = %tok : partition_view<tile=(1x128x128), padding_value = zero, tensor_view<?x?x?xf8E4M3FN, strides=[?,?,1]>>, tile<i32> -> tile<1x128x128xf8E4M3FN>, token
      %y = reshape %y3 : tile<1x128x128xf8E4M3FN> -> tile<128x128xf8E4M3FN>
      %p = mmaf %x, %y, %s : tile<128x128xf8E4M3FN>, tile<128x128xf8E4M3FN>, tile<128x128xf32>
      continue %p : tile<128x128xf32>
    }
    %acc3 = reshape %acc : tile<128x128xf32> -> tile<1x128x128xf32>
    %t2 = store_view_tko weak %acc3, %vc[%bx, %by, %bz] token = %tok : tile<1x128x128xf32>, partition_view<tile=(1x128x128), tensor_view<?x?x?xf32, strides=[?,?,1]>>, tile<i32> -> token
    return
  }
}
