// RUN: tile-opt %s | tile-opt | FileCheck %s
// RUN: tile-opt %s --mlir-print-op-generic | tile-opt | FileCheck %s

// Round trip of every tirx op, of !tirx.buffer and of #tirx.layout, in the
// custom and in the generic form.

// CHECK-LABEL: func.func private @buffer_types
// CHECK-SAME: !tirx.buffer<?x?xf32, global>
// CHECK-SAME: !tirx.buffer<1024xf32, local, <S[(2,128,4):(4,1@tx,1)]>>
// CHECK-SAME: !tirx.buffer<32x8xf16, local, <S[(32,8):(1@laneid,1)]>>
// CHECK-SAME: !tirx.buffer<64x8xi8, shared, <S[(64,8):(8,1)]>>
// CHECK-SAME: !tirx.buffer<4xi32, local, <S[4:1] + R[32:1@laneid]>>
// CHECK-SAME: !tirx.buffer<8xbf16, shared, <S[8:1] + 3>>
// CHECK-SAME: !tirx.buffer<f32, local, <S[1:1]>>
func.func private @buffer_types(
    !tirx.buffer<?x?xf32, global>,
    !tirx.buffer<1024xf32, local, #tirx.layout<S[(2,128,4):(4,1@tx,1)]>>,
    !tirx.buffer<32x8xf16, local, #tirx.layout<S[(32,8):(1@laneid,1)]>>,
    // Extents only: row-major strides on m.
    !tirx.buffer<64x8xi8, shared, #tirx.layout<S[64, 8]>>,
    !tirx.buffer<4xi32, local, #tirx.layout<R[32:1@laneid] + S[4:1]>>,
    // Offsets on one axis add up.
    !tirx.buffer<8xbf16, shared, #tirx.layout<S[8:1] + 1 + 2>>,
    !tirx.buffer<f32, local, #tirx.layout<S[1:1]>>)

// CHECK-LABEL: func.func private @layout_attrs
// CHECK-SAME: tirx.a = #tirx.layout<S[(8,2,4,2):(4@laneid,1@warpid,1@laneid,1)] + R[2:4@warpid] + 5@warpid>
// CHECK-SAME: tirx.b = #tirx.layout<S[4:0]>
func.func private @layout_attrs() attributes {
    tirx.a = #tirx.layout<S[(8,2,4,2):(4@laneid,1@warpid,1@laneid,1)] + R[2:4@warpid] + 5@warpid>,
    tirx.b = #tirx.layout<S[(4):(0)]>}

!L = !tirx.buffer<1x1024xf32, local, #tirx.layout<S[(2,128,4):(4,1@tx,1)]>>
!I = !tirx.buffer<1x1024xi32, local, #tirx.layout<S[(2,128,4):(4,1@tx,1)]>>
!B = !tirx.buffer<1x1024xi1, local, #tirx.layout<S[(2,128,4):(4,1@tx,1)]>>
!P = !tirx.buffer<1x1024xi64, local, #tirx.layout<S[(2,128,4):(4,1@tx,1)]>>
!R = !tirx.buffer<1xf32, local, #tirx.layout<S[1:1] + R[128:1@tx]>>
!G = !tirx.buffer<1x1024xf32, global>

// CHECK-LABEL: func.func @buffers
// CHECK-SAME: (%[[PTR:.*]]: !llvm.ptr<1>, %[[N:.*]]: index, %[[ROW:.*]]: index)
func.func @buffers(%ptr: !llvm.ptr<1>, %n: index, %row: index) {
  // CHECK: %[[G:.*]] = tirx.global_view %[[PTR]] sizes [%[[N]], 1024] strides [1024, 1] {alignment = 16 : i64} : <1> -> !tirx.buffer<?x1024xf32, global>
  %g = tirx.global_view %ptr sizes [%n, 1024] strides [1024, 1] {alignment = 16 : i64}
      : !llvm.ptr<1> -> !tirx.buffer<?x1024xf32, global>
  // CHECK: tirx.global_view %[[PTR]] sizes [4, %[[N]]] strides [%[[N]], 1] : <1> -> !tirx.buffer<4x?xf32, global>
  %g2 = tirx.global_view %ptr sizes [4, %n] strides [%n, 1]
      : !llvm.ptr<1> -> !tirx.buffer<4x?xf32, global>
  // CHECK: tirx.region %[[G]] [%[[ROW]], 0] : !tirx.buffer<?x1024xf32, global> -> !tirx.buffer<1x1024xf32, global>
  %r = tirx.region %g [%row, 0] : !tirx.buffer<?x1024xf32, global> -> !G
  // CHECK: %[[A:.*]] = tirx.alloc : !tirx.buffer<1x1024xf32, local, <S[(2,128,4):(4,1@tx,1)]>>
  %a = tirx.alloc : !L
  // CHECK: tirx.alloc : !tirx.buffer<256xf32, shared, <S[256:1]>>
  %s = tirx.alloc : !tirx.buffer<256xf32, shared, #tirx.layout<S[256:1]>>
  // CHECK: tirx.view %[[A]] : !tirx.buffer<1x1024xf32, local, <S[(2,128,4):(4,1@tx,1)]>> -> !tirx.buffer<1024xf32, local, <S[(2,128,4):(4,1@tx,1)]>>
  %v = tirx.view %a : !L -> !tirx.buffer<1024xf32, local, #tirx.layout<S[(2,128,4):(4,1@tx,1)]>>
  // A broadcast view: stride-0 iters.
  // CHECK: %[[RED:.*]] = tirx.alloc : !tirx.buffer<1xf32, local, <S[1:1] + R[128:1@tx]>>
  // CHECK: tirx.view %[[RED]] : {{.*}} -> !tirx.buffer<1x1024xf32, local, <S[(2,128,4):(0,1@tx,0)]>>
  %red = tirx.alloc : !R
  %bc = tirx.view %red : !R -> !tirx.buffer<1x1024xf32, local, #tirx.layout<S[(2,128,4):(0,1@tx,0)]>>
  return
}

// CHECK-LABEL: func.func @primitives
// CHECK-SAME: (%[[R:.*]]: !tirx.buffer<1x1024xf32, global>, %[[X:[^:]*]]: !tirx.buffer<1x1024xf32, local, {{.*}}>, %[[F:[^:]*]]: f32, %[[I:[^:]*]]: i32)
func.func @primitives(%r: !G, %x: !L, %f: f32, %i: i32) {
  %d = tirx.alloc : !L
  %di = tirx.alloc : !I
  %db = tirx.alloc : !B
  %dp = tirx.alloc : !P
  %dr = tirx.alloc : !R
  // CHECK: tirx.copy cta %[[D:.*]], %[[R]] {padding = 0.000000e+00 : f32}
  tirx.copy cta %d, %r {padding = 0.0 : f32} : !L, !G
  // CHECK: tirx.copy cta %[[R]], %[[D]] {dispatch = "vec_64b"}
  tirx.copy cta %r, %d {dispatch = "vec_64b"} : !G, !L
  // CHECK: tirx.copy cta %[[D]], %[[X]] {config = {unroll = 2 : i64}}
  tirx.copy cta %d, %x {config = {unroll = 2}} : !L, !L
  // CHECK: tirx.fill cta %[[D]], %[[F]] :
  tirx.fill cta %d, %f : !L, f32
  // CHECK: tirx.iota cta %[[DI:[^ ]*]] :
  tirx.iota cta %di : !I
  // CHECK: tirx.exp cta %[[D]], %[[X]] {approx, ftz}
  tirx.exp cta %d, %x {approx, ftz} : !L, !L
  // CHECK: tirx.exp2 cta %[[D]], %[[X]] :
  tirx.exp2 cta %d, %x : !L, !L
  // CHECK: tirx.cast cta %[[DI]], %[[X]] {unsigned_}
  tirx.cast cta %di, %x {unsigned_} : !I, !L
  // CHECK: tirx.add cta %[[D]], %[[X]], %[[F]] : {{.*}}, f32
  tirx.add cta %d, %x, %f : !L, !L, f32
  // CHECK: tirx.sub cta %[[D]], %[[F]], %[[X]] : {{.*}}, f32, !tirx.buffer
  tirx.sub cta %d, %f, %x : !L, f32, !L
  // CHECK: tirx.mul cta %[[D]], %[[X]], %[[X]] :
  tirx.mul cta %d, %x, %x : !L, !L, !L
  // CHECK: tirx.fdiv cta %[[D]], %[[X]], %[[X]] :
  tirx.fdiv cta %d, %x, %x : !L, !L, !L
  // CHECK: tirx.maximum cta %[[D]], %[[X]], %[[F]] {propagate_nan}
  tirx.maximum cta %d, %x, %f {propagate_nan} : !L, !L, f32
  // CHECK: tirx.minimum cta %[[DI]], %[[DI]], %[[I]] {unsigned_}
  tirx.minimum cta %di, %di, %i {unsigned_} : !I, !I, i32
  // CHECK: tirx.cmp cta 4 : i64 %[[DB:[^ ]*]], %[[X]], %[[F]] :
  tirx.cmp cta 4 : i64 %db, %x, %f : !B, !L, f32
  // CHECK: tirx.cmp cta 2 : i64 %[[DB]], %[[DI]], %[[I]] :
  tirx.cmp cta 2 : i64 %db, %di, %i : !B, !I, i32
  // CHECK: tirx.select cta %[[D]], %[[DB]], %[[X]], %[[F]] :
  tirx.select cta %d, %db, %x, %f : !L, !B, !L, f32
  // CHECK: tirx.sum cta %[[DR:[^ ]*]], %[[X]] axes = [1] :
  tirx.sum cta %dr, %x axes = [1] : !R, !L
  // CHECK: tirx.max cta %[[DR]], %[[X]] axes = [1] {propagate_nan} :
  tirx.max cta %dr, %x axes = [1] {propagate_nan} : !R, !L
  // CHECK: tirx.min cta %[[DR]], %[[X]] axes = [1] {dispatch = "local"} :
  tirx.min cta %dr, %x axes = [1] {dispatch = "local"} : !R, !L
  // CHECK: tirx.sqrt cta %[[D]], %[[X]] :
  tirx.sqrt cta %d, %x : !L, !L
  // CHECK: tirx.exp cta %[[D]], %[[X]] scale %[[F]] : f32 bias %[[X]] : !tirx.buffer<1x1024xf32, local, {{.*}}> {approx} :
  tirx.exp cta %d, %x scale %f : f32 bias %x : !L {approx} : !L, !L
  // CHECK: tirx.exp2 cta %[[D]], %[[X]] bias %[[F]] : f32 {config = {approx, ftz}} :
  tirx.exp2 cta %d, %x bias %f : f32 {config = {approx, ftz}} : !L, !L
  // CHECK: tirx.log2 cta %[[D]], %[[X]] scale %[[F]] : f32 :
  tirx.log2 cta %d, %x scale %f : f32 : !L, !L
  // CHECK: tirx.reciprocal cta %[[D]], %[[X]] {ftz} :
  tirx.reciprocal cta %d, %x {ftz} : !L, !L
  // CHECK: tirx.silu cta %[[D]], %[[X]] :
  tirx.silu cta %d, %x : !L, !L
  // CHECK: tirx.fma cta %[[D]], %[[X]], %[[F]], %[[X]] :
  tirx.fma cta %d, %x, %f, %x : !L, !L, f32, !L
  // CHECK: tirx.zero cta %[[D]] :
  tirx.zero cta %d : !L
  // CHECK: tirx.memset cta %[[DI]], 255 :
  tirx.memset cta %di, 255 : !I
  // CHECK: tirx.binary_reduce cta "mul" "sum" %[[DR]], %[[X]], %[[X]] axes = [1] :
  tirx.binary_reduce cta "mul" "sum" %dr, %x, %x axes = [1] : !R, !L, !L
  // CHECK: tirx.unary_reduce cta "exp" "max" %[[DR]], %[[X]] axes = [1] :
  tirx.unary_reduce cta "exp" "max" %dr, %x axes = [1] : !R, !L
  // CHECK: tirx.binary_chain cta "mul" "add" %[[D]], %[[X]], %[[F]], %[[X]] :
  tirx.binary_chain cta "mul" "add" %d, %x, %f, %x : !L, !L, f32, !L
  // CHECK: tirx.reduce_negate cta "max" %[[DR]], %[[X]] axes = [1] :
  tirx.reduce_negate cta "max" %dr, %x axes = [1] : !R, !L
  // CHECK: tirx.compose_op cta {
  // CHECK-NEXT: tirx.mul cta %[[D]], %[[X]], %[[X]] :
  // CHECK-NEXT: tirx.sum cta %[[DR]], %[[D]] axes = [1] :
  // CHECK-NEXT: }
  tirx.compose_op cta {
    tirx.mul cta %d, %x, %x : !L, !L, !L
    tirx.sum cta %dr, %d axes = [1] : !R, !L
  }
  // CHECK: tirx.load_ptr cta %[[D]], %[[DP:[^ ]*]] :
  tirx.load_ptr cta %d, %dp : !L, !P
  // CHECK: tirx.load_ptr cta %[[D]], %[[DP]] mask %[[DB]] : {{.*}} padding %[[F]] : f32 :
  tirx.load_ptr cta %d, %dp mask %db : !B padding %f : f32 : !L, !P
  // CHECK: tirx.store_ptr cta %[[DP]], %[[D]] :
  tirx.store_ptr cta %dp, %d : !P, !L
  // CHECK: tirx.store_ptr cta %[[DP]], %[[D]] mask %[[DB]] :
  tirx.store_ptr cta %dp, %d mask %db : !B : !P, !L
  return
}
