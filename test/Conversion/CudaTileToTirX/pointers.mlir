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
// CHECK: %[[NA:.*]] = arith.index_cast %[[N]] : i32 to index
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
}
