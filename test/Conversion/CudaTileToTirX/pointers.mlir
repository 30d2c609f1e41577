// RUN: tile-opt %s --convert-cuda-tile-to-tirx | FileCheck %s

// Pointer tiles are register buffers of i64 addresses: offset is
// cast (to i64) + mul (by the element size) + add (to the base address);
// load_ptr_tko / store_ptr_tko become tirx.load_ptr / tirx.store_ptr.
// Every 256-element tile shares one layout, 16-byte runs of the narrowest
// element type used at that shape (8 x f16), i64 addresses included.
//
// When the pointers are a scalar pointer plus a contiguous index
// (base + iota) and the mask is `index < n`, the access is contiguous: it
// becomes a copy from a global view of n elements at the index base, with
// the padding as the copy's padding (vectorized by dispatch).

// CHECK-LABEL: gpu.func @contiguous
// CHECK-SAME: (%[[A:.*]]: !llvm.ptr<1>, %[[C:.*]]: !llvm.ptr<1>, %[[N:.*]]: i32)
// The limit is not known non-negative: the view is empty when it is
// negative (the signed test holds nowhere; the copy's test is unsigned).
// CHECK: %[[NI:.*]] = arith.index_cast %[[N]] : i32 to index
// CHECK: %[[NA:.*]] = arith.maxsi %[[NI]], %{{.*}} : index
// CHECK: %[[VA:.*]] = tirx.global_view %[[A]] sizes [%[[NA]]] strides [1] {alignment = 16 : i64} : <1> -> !tirx.buffer<?xf16, global>
// CHECK: %[[RA:.*]] = tirx.region %[[VA]] [%{{.*}}] : !tirx.buffer<?xf16, global> -> !tirx.buffer<256xf16, global>
// CHECK: %[[V:.*]] = tirx.alloc : !tirx.buffer<256xf16, local, <S[(32,8):(1@tx,1)]>>
// CHECK: tirx.copy cta %[[V]], %[[RA]] {padding = 1.000000e+00 : f16}
// CHECK-NOT: tirx.load_ptr
// CHECK: %[[VC:.*]] = tirx.global_view %[[C]] sizes [%{{.*}}] strides [1]
// CHECK: %[[RC:.*]] = tirx.region %[[VC]]
// CHECK: tirx.copy cta %[[RC]], %[[V]] :
// CHECK-NOT: tirx.store_ptr

// CHECK-LABEL: gpu.func @gather_scatter
// CHECK-SAME: (%[[A:.*]]: !llvm.ptr<1>, %[[C:.*]]: !llvm.ptr<1>, %[[N:.*]]: i32)
// CHECK: %[[IOTA:.*]] = tirx.alloc : !tirx.buffer<256xi32, local, <S[(32,8):(1@tx,1)]>>
// CHECK: tirx.iota cta %[[IOTA]]
// CHECK: %[[I:.*]] = tirx.alloc : !tirx.buffer<256xi32
// CHECK: tirx.map cta %[[I]], %[[IOTA]], %{{.*}} :
// CHECK-NEXT: ^bb0(%{{.*}}: i32, %{{.*}}: i32):
// CHECK-NEXT: arith.muli
// CHECK: %[[MASK:.*]] = tirx.alloc : !tirx.buffer<256xi1, local, <S[(32,8):(1@tx,1)]>>
// CHECK: tirx.map cta %[[MASK]], %[[I]], %[[N]] :
// CHECK-NEXT: ^bb0(%{{.*}}: i32, %{{.*}}: i32):
// CHECK-NEXT: arith.cmpi slt
// CHECK: %[[WIDE:.*]] = tirx.alloc : !tirx.buffer<256xi64, local, <S[(32,8):(1@tx,1)]>>
// CHECK: tirx.cast cta %[[WIDE]], %[[I]] : !tirx.buffer<256xi64, {{.*}}>, !tirx.buffer<256xi32, {{.*}}>
// CHECK: %[[BYTES:.*]] = tirx.alloc : !tirx.buffer<256xi64
// CHECK: %[[SIZE:.*]] = arith.constant 2 : i64
// CHECK: tirx.mul cta %[[BYTES]], %[[WIDE]], %[[SIZE]] : {{.*}}, i64
// CHECK: %[[BASE:.*]] = llvm.ptrtoint %[[A]] : !llvm.ptr<1> to i64
// CHECK: %[[PA:.*]] = tirx.alloc : !tirx.buffer<256xi64
// CHECK: tirx.add cta %[[PA]], %[[BASE]], %[[BYTES]] : !tirx.buffer<256xi64, {{.*}}>, i64, !tirx.buffer<256xi64
// CHECK: %[[BASEC:.*]] = llvm.ptrtoint %[[C]] : !llvm.ptr<1> to i64
// CHECK: %[[PC:.*]] = tirx.alloc : !tirx.buffer<256xi64
// CHECK: tirx.add cta %[[PC]], %[[BASEC]], %{{.*}} :
// CHECK: %[[PAD:.*]] = arith.constant 1.000000e+00 : f16
// CHECK: %[[V:.*]] = tirx.alloc : !tirx.buffer<256xf16, local, <S[(32,8):(1@tx,1)]>>
// CHECK: tirx.load_ptr cta %[[V]], %[[PA]] mask %[[MASK]] : {{.*}} padding %[[PAD]] : f16 :
// CHECK: tirx.store_ptr cta %[[PC]], %[[V]] mask %[[MASK]] :
// cuTile's gather of a contiguous range: the i32 index is sign-extended to
// i64 and scaled by one, and the mask compares it unsigned with the length
// that `assume bounded<0, ?>` says is non-negative: still a copy from a view.
// Without that fact an unsigned compare is not a bounds mask (a negative
// length as unsigned is huge): the gather stays a per-element load.
// CHECK-LABEL: gpu.func @gather_widened
// CHECK: %[[VW:.*]] = tirx.global_view %{{.*}} sizes [%{{.*}}] strides [1] {alignment = 16 : i64} : <1> -> !tirx.buffer<?xf16, global>
// CHECK: %[[RW:.*]] = tirx.region %[[VW]]
// CHECK: tirx.copy cta %{{.*}}, %[[RW]] {padding = 0.000000e+00 : f16}
// CHECK-NOT: tirx.load_ptr
// CHECK-LABEL: gpu.func @gather_unsigned_unknown
// CHECK-NOT: tirx.global_view
// CHECK: tirx.load_ptr
// A row of a 2-D array (cuTile's gather with a scalar row index): the
// offsets are row * stride (uniform) plus the contiguous column index, and
// the mask is the row's bounds test and the columns' one. The view starts
// at the row (alignment from the stride's div_by), is empty when the row is
// out of bounds, and is indexed by the column.
// CHECK-LABEL: gpu.func @gather_row
// CHECK: %[[SIZE:.*]] = arith.select %{{.*}}, %{{.*}}, %{{.*}} : index
// CHECK: %[[ROW:.*]] = llvm.getelementptr %{{.*}}[%{{.*}}] : (!llvm.ptr<1>, i64) -> !llvm.ptr<1>, f16
// CHECK: %[[VR:.*]] = tirx.global_view %[[ROW]] sizes [%[[SIZE]]] strides [1] {alignment = 16 : i64}
// CHECK: tirx.region %[[VR]]
// CHECK-NOT: tirx.load_ptr
// CHECK-NOT: tirx.store_ptr
// CHECK: gpu.return
cuda_tile.module @pointers {
  entry @contiguous(%a: tile<ptr<f16>>, %c: tile<ptr<f16>>, %n: tile<i32>) {
    %i = iota : tile<256xi32>
    %n1 = reshape %n : tile<i32> -> tile<1xi32>
    %nb = broadcast %n1 : tile<1xi32> -> tile<256xi32>
    %mask = cmpi less_than %i, %nb, signed : tile<256xi32> -> tile<256xi1>
    %a1 = reshape %a : tile<ptr<f16>> -> tile<1xptr<f16>>
    %ab = broadcast %a1 : tile<1xptr<f16>> -> tile<256xptr<f16>>
    %pa = offset %ab, %i : tile<256xptr<f16>>, tile<256xi32> -> tile<256xptr<f16>>
    %c1 = reshape %c : tile<ptr<f16>> -> tile<1xptr<f16>>
    %cb = broadcast %c1 : tile<1xptr<f16>> -> tile<256xptr<f16>>
    %pc = offset %cb, %i : tile<256xptr<f16>>, tile<256xi32> -> tile<256xptr<f16>>
    %pad = constant <f16: 1.0> : tile<256xf16>
    %v, %t0 = load_ptr_tko weak %pa, %mask, %pad : tile<256xptr<f16>>, tile<256xi1>, tile<256xf16> -> tile<256xf16>, token
    %t1 = store_ptr_tko weak %pc, %v, %mask : tile<256xptr<f16>>, tile<256xf16>, tile<256xi1> -> token
    return
  }
  entry @gather_scatter(%a: tile<ptr<f16>>, %c: tile<ptr<f16>>, %n: tile<i32>) {
    %iota = iota : tile<256xi32>
    %c2 = constant <i32: 2> : tile<256xi32>
    %i = muli %iota, %c2 : tile<256xi32>
    %n1 = reshape %n : tile<i32> -> tile<1xi32>
    %nb = broadcast %n1 : tile<1xi32> -> tile<256xi32>
    %mask = cmpi less_than %i, %nb, signed : tile<256xi32> -> tile<256xi1>
    %a1 = reshape %a : tile<ptr<f16>> -> tile<1xptr<f16>>
    %ab = broadcast %a1 : tile<1xptr<f16>> -> tile<256xptr<f16>>
    %pa = offset %ab, %i : tile<256xptr<f16>>, tile<256xi32> -> tile<256xptr<f16>>
    %c1 = reshape %c : tile<ptr<f16>> -> tile<1xptr<f16>>
    %cb = broadcast %c1 : tile<1xptr<f16>> -> tile<256xptr<f16>>
    %pc = offset %cb, %i : tile<256xptr<f16>>, tile<256xi32> -> tile<256xptr<f16>>
    %pad = constant <f16: 1.0> : tile<256xf16>
    %v, %t0 = load_ptr_tko weak %pa, %mask, %pad : tile<256xptr<f16>>, tile<256xi1>, tile<256xf16> -> tile<256xf16>, token
    %t1 = store_ptr_tko weak %pc, %v, %mask : tile<256xptr<f16>>, tile<256xf16>, tile<256xi1> -> token
    return
  }
  entry @gather_widened(%a: tile<ptr<f16>>, %c: tile<ptr<f16>>, %n: tile<i32>) {
    %pa0 = assume div_by<16>, %a : tile<ptr<f16>>
    %nn = assume bounded<0, ?>, %n : tile<i32>
    %c256 = constant <i32: 256> : tile<i32>
    %bid, %by, %bz = get_tile_block_id : tile<i32>
    %start = muli %bid, %c256 : tile<i32>
    %iota = iota : tile<256xi32>
    %s1 = reshape %start : tile<i32> -> tile<1xi32>
    %sb = broadcast %s1 : tile<1xi32> -> tile<256xi32>
    %i = addi %sb, %iota : tile<256xi32>
    %w = exti %i signed : tile<256xi32> -> tile<256xi64>
    %nw = exti %nn signed : tile<i32> -> tile<i64>
    %n1 = reshape %nw : tile<i64> -> tile<1xi64>
    %nb = broadcast %n1 : tile<1xi64> -> tile<256xi64>
    %mask = cmpi less_than %w, %nb, unsigned : tile<256xi64> -> tile<256xi1>
    %one = constant <i64: 1> : tile<256xi64>
    %off = muli %w, %one : tile<256xi64>
    %a1 = reshape %pa0 : tile<ptr<f16>> -> tile<1xptr<f16>>
    %ab = broadcast %a1 : tile<1xptr<f16>> -> tile<256xptr<f16>>
    %pa = offset %ab, %off : tile<256xptr<f16>>, tile<256xi64> -> tile<256xptr<f16>>
    %pad = constant <f16: 0.0> : tile<256xf16>
    %v, %t0 = load_ptr_tko weak %pa, %mask, %pad : tile<256xptr<f16>>, tile<256xi1>, tile<256xf16> -> tile<256xf16>, token
    %c1 = reshape %c : tile<ptr<f16>> -> tile<1xptr<f16>>
    %cb = broadcast %c1 : tile<1xptr<f16>> -> tile<256xptr<f16>>
    %pc = offset %cb, %off : tile<256xptr<f16>>, tile<256xi64> -> tile<256xptr<f16>>
    %t1 = store_ptr_tko weak %pc, %v, %mask : tile<256xptr<f16>>, tile<256xf16>, tile<256xi1> -> token
    return
  }
  entry @gather_unsigned_unknown(%a: tile<ptr<f16>>, %n: tile<i32>) {
    %iota = iota : tile<256xi32>
    %n1 = reshape %n : tile<i32> -> tile<1xi32>
    %nb = broadcast %n1 : tile<1xi32> -> tile<256xi32>
    %mask = cmpi less_than %iota, %nb, unsigned : tile<256xi32> -> tile<256xi1>
    %a1 = reshape %a : tile<ptr<f16>> -> tile<1xptr<f16>>
    %ab = broadcast %a1 : tile<1xptr<f16>> -> tile<256xptr<f16>>
    %pa = offset %ab, %iota : tile<256xptr<f16>>, tile<256xi32> -> tile<256xptr<f16>>
    %pad = constant <f16: 0.0> : tile<256xf16>
    %v, %t0 = load_ptr_tko weak %pa, %mask, %pad : tile<256xptr<f16>>, tile<256xi1>, tile<256xf16> -> tile<256xf16>, token
    %t1 = store_ptr_tko weak %pa, %v, %mask : tile<256xptr<f16>>, tile<256xf16>, tile<256xi1> -> token
    return
  }
  entry @gather_row(%x: tile<ptr<f16>>, %rows: tile<i32>, %cols: tile<i32>, %stride: tile<i32>) {
    %px = assume div_by<16>, %x : tile<ptr<f16>>
    %nr = assume bounded<0, ?>, %rows : tile<i32>
    %nc = assume bounded<0, ?>, %cols : tile<i32>
    %st = assume div_by<16>, %stride : tile<i32>
    %row, %by, %bz = get_tile_block_id : tile<i32>
    %roww = exti %row signed : tile<i32> -> tile<i64>
    %r1 = reshape %roww : tile<i64> -> tile<1xi64>
    %rb = broadcast %r1 : tile<1xi64> -> tile<256xi64>
    %nrw = exti %nr signed : tile<i32> -> tile<i64>
    %nr1 = reshape %nrw : tile<i64> -> tile<1xi64>
    %nrb = broadcast %nr1 : tile<1xi64> -> tile<256xi64>
    %rowok = cmpi less_than %rb, %nrb, unsigned : tile<256xi64> -> tile<256xi1>
    %stw = exti %st signed : tile<i32> -> tile<i64>
    %st1 = reshape %stw : tile<i64> -> tile<1xi64>
    %stb = broadcast %st1 : tile<1xi64> -> tile<256xi64>
    %rowoff = muli %rb, %stb : tile<256xi64>
    %iota = iota : tile<256xi32>
    %colw = exti %iota signed : tile<256xi32> -> tile<256xi64>
    %ncw = exti %nc signed : tile<i32> -> tile<i64>
    %nc1 = reshape %ncw : tile<i64> -> tile<1xi64>
    %ncb = broadcast %nc1 : tile<1xi64> -> tile<256xi64>
    %colok = cmpi less_than %colw, %ncb, unsigned : tile<256xi64> -> tile<256xi1>
    %mask = andi %rowok, %colok : tile<256xi1>
    %off = addi %rowoff, %colw : tile<256xi64>
    %x1 = reshape %px : tile<ptr<f16>> -> tile<1xptr<f16>>
    %xb = broadcast %x1 : tile<1xptr<f16>> -> tile<256xptr<f16>>
    %ptrs = offset %xb, %off : tile<256xptr<f16>>, tile<256xi64> -> tile<256xptr<f16>>
    %pad = constant <f16: 0.0> : tile<256xf16>
    %v, %t0 = load_ptr_tko weak %ptrs, %mask, %pad : tile<256xptr<f16>>, tile<256xi1>, tile<256xf16> -> tile<256xf16>, token
    %w = addf %v, %v : tile<256xf16>
    %t1 = store_ptr_tko weak %ptrs, %w, %mask : tile<256xptr<f16>>, tile<256xf16>, tile<256xi1> -> token
    return
  }
}
