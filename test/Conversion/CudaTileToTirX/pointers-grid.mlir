// RUN: tile-opt %s --convert-cuda-tile-to-tirx --canonicalize | FileCheck %s

// Pointer tiles of rank 2 as cuTile's gathers by x[:, None] and y[None, :]
// make them: offsets sum(index_d * stride_d) where each index is a
// contiguous rank-1 tile along one dimension and each stride uniform, the
// mask each index's bounds test. The access is a region of a 2-D global view
// with those strides and bounds (sizes and strides with their assumed
// divisors stated as (s >> 4) << 4), at the indices' bases; the address and
// mask tiles are left unread and go.

// CHECK-LABEL: gpu.func @gather_2d
// CHECK-SAME: (%[[A:.*]]: !llvm.ptr<1>, %[[M:.*]]: i32, %[[N:.*]]: i32, %[[S:.*]]: i32, %[[C:.*]]: !llvm.ptr<1>)
// CHECK: %[[ROW0:.*]] = arith.muli %{{.*}}, %c8_i32 : i32
// CHECK: %[[COL0:.*]] = arith.muli %{{.*}}, %c128_i32 : i32
// CHECK: %[[MI:.*]] = arith.index_cast %[[M]] : i32 to index
// CHECK: %[[MSH:.*]] = arith.shrui %[[MI]], %c4
// CHECK: %[[MD:.*]] = arith.shli %[[MSH]], %c4
// CHECK: %[[SI:.*]] = arith.index_cast %[[S]] : i32 to index
// CHECK: %[[SSH:.*]] = arith.shrui %[[SI]], %c4
// CHECK: %[[SD:.*]] = arith.shli %[[SSH]], %c4
// CHECK: %[[NI:.*]] = arith.index_cast %[[N]] : i32 to index
// CHECK: %[[NSH:.*]] = arith.shrui %[[NI]], %c4
// CHECK: %[[ND:.*]] = arith.shli %[[NSH]], %c4
// CHECK: %[[VA:.*]] = tirx.global_view %[[A]] sizes [%[[MD]], %[[ND]]] strides [%[[SD]], 1] {alignment = 16 : i64} : <1> -> !tirx.buffer<?x?xf32, global>
// CHECK: %[[RA:.*]] = tirx.region %[[VA]] [%{{.*}}, %{{.*}}] : !tirx.buffer<?x?xf32, global> -> !tirx.buffer<8x128xf32, global>
// CHECK: tirx.copy cta %[[V:.*]], %[[RA]] {padding = 0.000000e+00 : f32}
// CHECK: %[[VC:.*]] = tirx.global_view %[[C]] sizes [{{.*}}] strides [%{{.*}}, 1]
// CHECK: %[[RC:.*]] = tirx.region %[[VC]]
// CHECK: tirx.copy cta %[[RC]], %[[V]] :
// CHECK-NOT: tirx.load_ptr
// CHECK-NOT: tirx.store_ptr
// CHECK-NOT: tirx.permute_layout
// CHECK: gpu.return

// The column index taken twice (stride 2 along the row): not contiguous
// along its dimension, so the load stays per element.
// CHECK-LABEL: gpu.func @gather_2d_strided
// CHECK-NOT: tirx.global_view
// CHECK: tirx.load_ptr
// CHECK: gpu.return

// The mask bounds another index than the one the pointers are offset by:
// per element.
// CHECK-LABEL: gpu.func @gather_2d_other_mask
// CHECK-NOT: tirx.global_view
// CHECK: tirx.load_ptr
// CHECK: gpu.return

// A rank-1 mask reshaped along the columns bounds them when its limit is
// known non-negative; unsigned against a limit that may be negative (every
// index passes then), it is no view bound and the load stays per element.
// CHECK-LABEL: gpu.func @rank1_mask_bounded
// CHECK: tirx.global_view %{{.*}} sizes [%{{.*}}, %{{.*}}] strides [%{{.*}}, 1]
// CHECK-NOT: tirx.load_ptr
// CHECK: gpu.return
// CHECK-LABEL: gpu.func @rank1_mask_unsigned_unknown
// CHECK-NOT: tirx.global_view
// CHECK: tirx.load_ptr
// CHECK: gpu.return

cuda_tile.module @grid {
  entry @gather_2d(%a: tile<ptr<f32>>, %m: tile<i32>, %n: tile<i32>, %s: tile<i32>, %c: tile<ptr<f32>>) {
    %pa = assume div_by<16>, %a : tile<ptr<f32>>
    %pc = assume div_by<16>, %c : tile<ptr<f32>>
    %m0 = assume div_by<16>, %m : tile<i32>
    %m1 = assume bounded<0, ?>, %m0 : tile<i32>
    %n0 = assume div_by<16>, %n : tile<i32>
    %n1 = assume bounded<0, ?>, %n0 : tile<i32>
    %s0 = assume div_by<16>, %s : tile<i32>
    %c8 = constant <i32: 8> : tile<i32>
    %c128 = constant <i32: 128> : tile<i32>
    %one = constant <i64: 1> : tile<8x128xi64>
    %bx, %by, %bz = get_tile_block_id : tile<i32>
    %r0 = muli %bx, %c8 : tile<i32>
    %ri = iota : tile<8xi32>
    %r0r = reshape %r0 : tile<i32> -> tile<1xi32>
    %r0b = broadcast %r0r : tile<1xi32> -> tile<8xi32>
    %x = addi %r0b, %ri : tile<8xi32>
    %c0 = muli %by, %c128 : tile<i32>
    %ci = iota : tile<128xi32>
    %c0r = reshape %c0 : tile<i32> -> tile<1xi32>
    %c0b = broadcast %c0r : tile<1xi32> -> tile<128xi32>
    %y = addi %c0b, %ci : tile<128xi32>
    %xr = reshape %x : tile<8xi32> -> tile<8x1xi32>
    %yr = reshape %y : tile<128xi32> -> tile<1x128xi32>
    %xe = exti %xr signed : tile<8x1xi32> -> tile<8x1xi64>
    %xb = broadcast %xe : tile<8x1xi64> -> tile<8x128xi64>
    %ye = exti %yr signed : tile<1x128xi32> -> tile<1x128xi64>
    %yb = broadcast %ye : tile<1x128xi64> -> tile<8x128xi64>
    %me = exti %m1 signed : tile<i32> -> tile<i64>
    %mr = reshape %me : tile<i64> -> tile<1x1xi64>
    %mb = broadcast %mr : tile<1x1xi64> -> tile<8x128xi64>
    %ne = exti %n1 signed : tile<i32> -> tile<i64>
    %nr = reshape %ne : tile<i64> -> tile<1x1xi64>
    %nb = broadcast %nr : tile<1x1xi64> -> tile<8x128xi64>
    %se = exti %s0 signed : tile<i32> -> tile<i64>
    %sr = reshape %se : tile<i64> -> tile<1x1xi64>
    %sb = broadcast %sr : tile<1x1xi64> -> tile<8x128xi64>
    %inx = cmpi less_than %xb, %mb, unsigned : tile<8x128xi64> -> tile<8x128xi1>
    %iny = cmpi less_than %yb, %nb, unsigned : tile<8x128xi64> -> tile<8x128xi1>
    %mask = andi %inx, %iny : tile<8x128xi1>
    %rows = muli %xb, %sb : tile<8x128xi64>
    %cols = muli %yb, %one : tile<8x128xi64>
    %off = addi %rows, %cols : tile<8x128xi64>
    %par = reshape %pa : tile<ptr<f32>> -> tile<1x1xptr<f32>>
    %pab = broadcast %par : tile<1x1xptr<f32>> -> tile<8x128xptr<f32>>
    %ptrs = offset %pab, %off : tile<8x128xptr<f32>>, tile<8x128xi64> -> tile<8x128xptr<f32>>
    %pad = constant <f32: 0.0> : tile<8x128xf32>
    %v, %t = load_ptr_tko weak %ptrs, %mask, %pad : tile<8x128xptr<f32>>, tile<8x128xi1>, tile<8x128xf32> -> tile<8x128xf32>, token
    %pcr = reshape %pc : tile<ptr<f32>> -> tile<1x1xptr<f32>>
    %pcb = broadcast %pcr : tile<1x1xptr<f32>> -> tile<8x128xptr<f32>>
    %cptrs = offset %pcb, %off : tile<8x128xptr<f32>>, tile<8x128xi64> -> tile<8x128xptr<f32>>
    %t1 = store_ptr_tko weak %cptrs, %v, %mask : tile<8x128xptr<f32>>, tile<8x128xf32>, tile<8x128xi1> -> token
    return
  }
  entry @gather_2d_strided(%a: tile<ptr<f32>>, %s: tile<i32>, %c: tile<ptr<f32>>) {
    %two = constant <i32: 2> : tile<128xi32>
    %ri = iota : tile<8xi32>
    %ci = iota : tile<128xi32>
    %y = muli %ci, %two : tile<128xi32>
    %xr = reshape %ri : tile<8xi32> -> tile<8x1xi32>
    %yr = reshape %y : tile<128xi32> -> tile<1x128xi32>
    %xb = broadcast %xr : tile<8x1xi32> -> tile<8x128xi32>
    %yb = broadcast %yr : tile<1x128xi32> -> tile<8x128xi32>
    %sr = reshape %s : tile<i32> -> tile<1x1xi32>
    %sb = broadcast %sr : tile<1x1xi32> -> tile<8x128xi32>
    %rows = muli %xb, %sb : tile<8x128xi32>
    %off = addi %rows, %yb : tile<8x128xi32>
    %par = reshape %a : tile<ptr<f32>> -> tile<1x1xptr<f32>>
    %pab = broadcast %par : tile<1x1xptr<f32>> -> tile<8x128xptr<f32>>
    %ptrs = offset %pab, %off : tile<8x128xptr<f32>>, tile<8x128xi32> -> tile<8x128xptr<f32>>
    %v, %t = load_ptr_tko weak %ptrs : tile<8x128xptr<f32>> -> tile<8x128xf32>, token
    %pcr = reshape %c : tile<ptr<f32>> -> tile<1x1xptr<f32>>
    %pcb = broadcast %pcr : tile<1x1xptr<f32>> -> tile<8x128xptr<f32>>
    %cptrs = offset %pcb, %off : tile<8x128xptr<f32>>, tile<8x128xi32> -> tile<8x128xptr<f32>>
    %t1 = store_ptr_tko weak %cptrs, %v : tile<8x128xptr<f32>>, tile<8x128xf32> -> token
    return
  }
  entry @gather_2d_other_mask(%a: tile<ptr<f32>>, %n: tile<i32>, %s: tile<i32>, %c: tile<ptr<f32>>) {
    %n1 = assume bounded<0, ?>, %n : tile<i32>
    %ri = iota : tile<8xi32>
    %ci = iota : tile<128xi32>
    %k = constant <i32: 3> : tile<128xi32>
    %y3 = addi %ci, %k : tile<128xi32>
    %xr = reshape %ri : tile<8xi32> -> tile<8x1xi32>
    %yr = reshape %ci : tile<128xi32> -> tile<1x128xi32>
    %y3r = reshape %y3 : tile<128xi32> -> tile<1x128xi32>
    %xb = broadcast %xr : tile<8x1xi32> -> tile<8x128xi32>
    %yb = broadcast %yr : tile<1x128xi32> -> tile<8x128xi32>
    %y3b = broadcast %y3r : tile<1x128xi32> -> tile<8x128xi32>
    %nr = reshape %n1 : tile<i32> -> tile<1x1xi32>
    %nb = broadcast %nr : tile<1x1xi32> -> tile<8x128xi32>
    %mask = cmpi less_than %y3b, %nb, unsigned : tile<8x128xi32> -> tile<8x128xi1>
    %sr = reshape %s : tile<i32> -> tile<1x1xi32>
    %sb = broadcast %sr : tile<1x1xi32> -> tile<8x128xi32>
    %rows = muli %xb, %sb : tile<8x128xi32>
    %off = addi %rows, %yb : tile<8x128xi32>
    %par = reshape %a : tile<ptr<f32>> -> tile<1x1xptr<f32>>
    %pab = broadcast %par : tile<1x1xptr<f32>> -> tile<8x128xptr<f32>>
    %ptrs = offset %pab, %off : tile<8x128xptr<f32>>, tile<8x128xi32> -> tile<8x128xptr<f32>>
    %pad = constant <f32: 0.0> : tile<8x128xf32>
    %v, %t = load_ptr_tko weak %ptrs, %mask, %pad : tile<8x128xptr<f32>>, tile<8x128xi1>, tile<8x128xf32> -> tile<8x128xf32>, token
    %pcr = reshape %c : tile<ptr<f32>> -> tile<1x1xptr<f32>>
    %pcb = broadcast %pcr : tile<1x1xptr<f32>> -> tile<8x128xptr<f32>>
    %cptrs = offset %pcb, %off : tile<8x128xptr<f32>>, tile<8x128xi32> -> tile<8x128xptr<f32>>
    %t1 = store_ptr_tko weak %cptrs, %v : tile<8x128xptr<f32>>, tile<8x128xf32> -> token
    return
  }
  entry @rank1_mask_bounded(%a: tile<ptr<f32>>, %n: tile<i32>, %s: tile<i32>, %c: tile<ptr<f32>>) {
    %n1 = assume bounded<0, ?>, %n : tile<i32>
    %ri = iota : tile<8xi32>
    %ci = iota : tile<128xi32>
    %nr = reshape %n1 : tile<i32> -> tile<1xi32>
    %nb = broadcast %nr : tile<1xi32> -> tile<128xi32>
    %m1 = cmpi less_than %ci, %nb, unsigned : tile<128xi32> -> tile<128xi1>
    %mr = reshape %m1 : tile<128xi1> -> tile<1x128xi1>
    %mask = broadcast %mr : tile<1x128xi1> -> tile<8x128xi1>
    %xr = reshape %ri : tile<8xi32> -> tile<8x1xi32>
    %yr = reshape %ci : tile<128xi32> -> tile<1x128xi32>
    %xb = broadcast %xr : tile<8x1xi32> -> tile<8x128xi32>
    %yb = broadcast %yr : tile<1x128xi32> -> tile<8x128xi32>
    %sr = reshape %s : tile<i32> -> tile<1x1xi32>
    %sb = broadcast %sr : tile<1x1xi32> -> tile<8x128xi32>
    %rows = muli %xb, %sb : tile<8x128xi32>
    %off = addi %rows, %yb : tile<8x128xi32>
    %par = reshape %a : tile<ptr<f32>> -> tile<1x1xptr<f32>>
    %pab = broadcast %par : tile<1x1xptr<f32>> -> tile<8x128xptr<f32>>
    %ptrs = offset %pab, %off : tile<8x128xptr<f32>>, tile<8x128xi32> -> tile<8x128xptr<f32>>
    %pad = constant <f32: 0.0> : tile<8x128xf32>
    %v, %t = load_ptr_tko weak %ptrs, %mask, %pad : tile<8x128xptr<f32>>, tile<8x128xi1>, tile<8x128xf32> -> tile<8x128xf32>, token
    %pcr = reshape %c : tile<ptr<f32>> -> tile<1x1xptr<f32>>
    %pcb = broadcast %pcr : tile<1x1xptr<f32>> -> tile<8x128xptr<f32>>
    %cptrs = offset %pcb, %off : tile<8x128xptr<f32>>, tile<8x128xi32> -> tile<8x128xptr<f32>>
    %t1 = store_ptr_tko weak %cptrs, %v : tile<8x128xptr<f32>>, tile<8x128xf32> -> token
    return
  }
  entry @rank1_mask_unsigned_unknown(%a: tile<ptr<f32>>, %n: tile<i32>, %s: tile<i32>, %c: tile<ptr<f32>>) {
    %n1 = assume div_by<1>, %n : tile<i32>
    %ri = iota : tile<8xi32>
    %ci = iota : tile<128xi32>
    %nr = reshape %n1 : tile<i32> -> tile<1xi32>
    %nb = broadcast %nr : tile<1xi32> -> tile<128xi32>
    %m1 = cmpi less_than %ci, %nb, unsigned : tile<128xi32> -> tile<128xi1>
    %mr = reshape %m1 : tile<128xi1> -> tile<1x128xi1>
    %mask = broadcast %mr : tile<1x128xi1> -> tile<8x128xi1>
    %xr = reshape %ri : tile<8xi32> -> tile<8x1xi32>
    %yr = reshape %ci : tile<128xi32> -> tile<1x128xi32>
    %xb = broadcast %xr : tile<8x1xi32> -> tile<8x128xi32>
    %yb = broadcast %yr : tile<1x128xi32> -> tile<8x128xi32>
    %sr = reshape %s : tile<i32> -> tile<1x1xi32>
    %sb = broadcast %sr : tile<1x1xi32> -> tile<8x128xi32>
    %rows = muli %xb, %sb : tile<8x128xi32>
    %off = addi %rows, %yb : tile<8x128xi32>
    %par = reshape %a : tile<ptr<f32>> -> tile<1x1xptr<f32>>
    %pab = broadcast %par : tile<1x1xptr<f32>> -> tile<8x128xptr<f32>>
    %ptrs = offset %pab, %off : tile<8x128xptr<f32>>, tile<8x128xi32> -> tile<8x128xptr<f32>>
    %pad = constant <f32: 0.0> : tile<8x128xf32>
    %v, %t = load_ptr_tko weak %ptrs, %mask, %pad : tile<8x128xptr<f32>>, tile<8x128xi1>, tile<8x128xf32> -> tile<8x128xf32>, token
    %pcr = reshape %c : tile<ptr<f32>> -> tile<1x1xptr<f32>>
    %pcb = broadcast %pcr : tile<1x1xptr<f32>> -> tile<8x128xptr<f32>>
    %cptrs = offset %pcb, %off : tile<8x128xptr<f32>>, tile<8x128xi32> -> tile<8x128xptr<f32>>
    %t1 = store_ptr_tko weak %cptrs, %v : tile<8x128xptr<f32>>, tile<8x128xf32> -> token
    return
  }
}
