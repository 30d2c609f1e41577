// RUN: tile-opt %s -split-input-file -verify-diagnostics

// Every diagnostic of the tirx layout attribute, buffer type and op
// verifiers, one case per split.

//===----------------------------------------------------------------------===//
// #tirx.layout
//===----------------------------------------------------------------------===//

// expected-error@+1 {{expects a single shard group S[...]}}
func.func private @two_shards() attributes {l = #tirx.layout<S[4:1] + S[4:1]>}

// -----

// expected-error@+1 {{expects a shard group S[...]}}
func.func private @no_shard() attributes {l = #tirx.layout<R[32:1@laneid]>}

// -----

// expected-error@+1 {{expects as many strides as extents, got 1 strides for 2 extents}}
func.func private @strides_mismatch() attributes {l = #tirx.layout<S[(32,8):(1@laneid)]>}

// -----

// expected-error@+1 {{invalid layout: shard iter 0 has extent 0; extents must be positive}}
func.func private @zero_extent() attributes {l = #tirx.layout<S[0:1]>}

// -----

// expected-error@+1 {{invalid layout: replica iter 0 has stride -1; strides must be positive (or 0 to broadcast)}}
func.func private @negative_stride() attributes {l = #tirx.layout<S[4:1] + R[2:-1@tx]>}

// -----

// expected-error@+1 {{invalid layout: offset -3 on axis 'm' is negative}}
func.func private @negative_offset() attributes {l = #tirx.layout<S[4:1] + -3>}

// -----

// expected-error@+1 {{invalid layout: axis 'laneid' reaches value 63, but it only has 32 values}}
func.func private @too_many_lanes() attributes {l = #tirx.layout<S[64:1@laneid]>}

// -----

// expected-error@+1 {{invalid layout: two logical elements share the base coordinate 2 on axis 'm' (no stride is 0)}}
func.func private @not_injective() attributes {l = #tirx.layout<S[(2,3):(2,1)]>}

// -----

// expected-error@+1 {{invalid layout: thread axes 'tx' (thread -> cta) and 'laneid' (thread -> warp) place thread units in different scopes}}
func.func private @mixed_thread_scopes() attributes {l = #tirx.layout<S[(4,32):(32@tx,1@laneid)]>}

// -----

//===----------------------------------------------------------------------===//
// !tirx.buffer
//===----------------------------------------------------------------------===//

// expected-error@+1 {{expects memory scope global, shared or local, got 'register'}}
func.func private @bad_scope(!tirx.buffer<4xf32, register>)

// -----

// expected-error@+1 {{expects an integer or float element type, got 'index'}}
func.func private @index_elements(!tirx.buffer<4xindex, global>)

// -----

// expected-error@+1 {{expects positive extents, got 0}}
func.func private @zero_extent_buffer(!tirx.buffer<4x0xf32, global>)

// -----

// expected-error@+1 {{expects no layout on a global buffer}}
func.func private @global_with_layout(!tirx.buffer<4xf32, global, #tirx.layout<S[4:1]>>)

// -----

// expected-error@+1 {{expects a static shape for a local buffer}}
func.func private @dynamic_local(!tirx.buffer<?xf32, local, #tirx.layout<S[4:1]>>)

// -----

// expected-error@+1 {{expects a layout for a shared buffer}}
func.func private @shared_without_layout(!tirx.buffer<4xf32, shared>)

// -----

// A layout that does not cover the shape.
// expected-error@+1 {{expects a layout covering 1024 elements, got one covering 512}}
func.func private @layout_too_small(!tirx.buffer<1024xf32, local, #tirx.layout<S[(128,4):(1@tx,1)]>>)

// -----

// expected-error@+1 {{expects a shared buffer layout without thread axes}}
func.func private @shared_thread_axes(!tirx.buffer<128xf32, shared, #tirx.layout<S[128:1@tx]>>)

// -----

//===----------------------------------------------------------------------===//
// Buffer ops
//===----------------------------------------------------------------------===//

func.func @alloc_global() {
  // expected-error@+1 {{result #0 must be local or shared tirx buffer}}
  %a = tirx.alloc : !tirx.buffer<4xf32, global>
  return
}

// -----

func.func @global_view_not_global(%p: !llvm.ptr<1>) {
  // expected-error@+1 {{expects a global buffer result, got '!tirx.buffer<4xf32, local, <S[4:1]>>'}}
  %g = tirx.global_view %p sizes [4] strides [1] : !llvm.ptr<1> -> !tirx.buffer<4xf32, local, #tirx.layout<S[4:1]>>
  return
}

// -----

func.func @global_view_rank(%p: !llvm.ptr<1>) {
  // expected-error@+1 {{expects 2 sizes and strides, got 2 and 1}}
  %g = tirx.global_view %p sizes [4, 8] strides [1] : !llvm.ptr<1> -> !tirx.buffer<4x8xf32, global>
  return
}

// -----

func.func @global_view_dynamic_operands(%p: !llvm.ptr<1>, %n: index) {
  // expected-error@+1 {{expects one operand per dynamic size or stride}}
  %g = "tirx.global_view"(%p, %n) <{operandSegmentSizes = array<i32: 1, 1, 0>,
      static_sizes = array<i64: 4>, static_strides = array<i64: 1>}>
      : (!llvm.ptr<1>, index) -> !tirx.buffer<4xf32, global>
  return
}

// -----

func.func @global_view_sizes(%p: !llvm.ptr<1>, %n: index) {
  // expected-error@+1 {{expects sizes matching the result type, got 8 for extent 4}}
  %g = tirx.global_view %p sizes [%n, 8] strides [8, 1] : !llvm.ptr<1> -> !tirx.buffer<?x4xf32, global>
  return
}

// -----

func.func @global_view_zero_stride(%p: !llvm.ptr<1>) {
  // expected-error@+1 {{expects positive strides, got 0}}
  %g = tirx.global_view %p sizes [4] strides [0] : !llvm.ptr<1> -> !tirx.buffer<4xf32, global>
  return
}

// -----

func.func @region_not_global(%p: !llvm.ptr<1>, %i: index) {
  %g = tirx.global_view %p sizes [1024] strides [1] : !llvm.ptr<1> -> !tirx.buffer<1024xf32, global>
  // expected-error@+1 {{expects global source and result buffers}}
  %r = tirx.region %g [%i] : !tirx.buffer<1024xf32, global> -> !tirx.buffer<16xf32, local, #tirx.layout<S[16:1]>>
  return
}

// -----

func.func @region_dynamic(%p: !llvm.ptr<1>, %i: index) {
  %g = tirx.global_view %p sizes [1024] strides [1] : !llvm.ptr<1> -> !tirx.buffer<1024xf32, global>
  // expected-error@+1 {{expects a static result shape, got '!tirx.buffer<?xf32, global>'}}
  %r = tirx.region %g [%i] : !tirx.buffer<1024xf32, global> -> !tirx.buffer<?xf32, global>
  return
}

// -----

func.func @region_rank(%p: !llvm.ptr<1>, %i: index) {
  %g = tirx.global_view %p sizes [1024] strides [1] : !llvm.ptr<1> -> !tirx.buffer<1024xf32, global>
  // expected-error@+1 {{expects one offset per dimension of rank 1}}
  %r = tirx.region %g [%i, 0] : !tirx.buffer<1024xf32, global> -> !tirx.buffer<16xf32, global>
  return
}

// -----

func.func @region_element_type(%p: !llvm.ptr<1>, %i: index) {
  %g = tirx.global_view %p sizes [1024] strides [1] : !llvm.ptr<1> -> !tirx.buffer<1024xf32, global>
  // expected-error@+1 {{expects the source element type}}
  %r = tirx.region %g [%i] : !tirx.buffer<1024xf32, global> -> !tirx.buffer<16xf16, global>
  return
}

// -----

func.func @region_of_region(%p: !llvm.ptr<1>, %i: index) {
  %g = tirx.global_view %p sizes [1024] strides [1] : !llvm.ptr<1> -> !tirx.buffer<1024xf32, global>
  %r = tirx.region %g [%i] : !tirx.buffer<1024xf32, global> -> !tirx.buffer<64xf32, global>
  // expected-error@+1 {{expects its source to be a tirx.global_view}}
  %r2 = tirx.region %r [0] : !tirx.buffer<64xf32, global> -> !tirx.buffer<16xf32, global>
  return
}

// -----

func.func @view_scope() {
  %a = tirx.alloc : !tirx.buffer<4xf32, shared, #tirx.layout<S[4:1]>>
  // expected-error@+1 {{expects the source memory scope}}
  %v = tirx.view %a : !tirx.buffer<4xf32, shared, #tirx.layout<S[4:1]>> -> !tirx.buffer<4xf32, local, #tirx.layout<S[4:1]>>
  return
}

// -----

func.func @view_element_type() {
  %a = tirx.alloc : !tirx.buffer<4xf32, local, #tirx.layout<S[4:1]>>
  // expected-error@+1 {{expects the source element type}}
  %v = tirx.view %a : !tirx.buffer<4xf32, local, #tirx.layout<S[4:1]>> -> !tirx.buffer<4xi32, local, #tirx.layout<S[4:1]>>
  return
}

// -----

func.func @view_out_of_storage() {
  %a = tirx.alloc : !tirx.buffer<4xf32, local, #tirx.layout<S[4:1]>>
  // expected-error@+1 {{expects a view within the source storage of 4 elements, got a span of 8}}
  %v = tirx.view %a : !tirx.buffer<4xf32, local, #tirx.layout<S[4:1]>> -> !tirx.buffer<8xf32, local, #tirx.layout<S[8:1]>>
  return
}

// -----

//===----------------------------------------------------------------------===//
// Primitives
//===----------------------------------------------------------------------===//

!L = !tirx.buffer<1024xf32, local, #tirx.layout<S[(2,128,4):(4,1@tx,1)]>>
func.func @copy_shape(%d: !L, %g: !tirx.buffer<?xf32, global>) {
  // expected-error@+1 {{expects buffers of one static shape, got '!tirx.buffer<1024xf32, local, <S[(2,128,4):(4,1@tx,1)]>>' and '!tirx.buffer<?xf32, global>'}}
  tirx.copy cta %d, %g : !L, !tirx.buffer<?xf32, global>
  return
}

// -----

!L = !tirx.buffer<1024xf32, local, #tirx.layout<S[(2,128,4):(4,1@tx,1)]>>
!H = !tirx.buffer<1024xf16, local, #tirx.layout<S[(2,128,4):(4,1@tx,1)]>>
func.func @copy_element_type(%d: !L, %s: !H) {
  // expected-error@+1 {{expects one element type, got 'f32' and 'f16'}}
  tirx.copy cta %d, %s : !L, !H
  return
}

// -----

!L = !tirx.buffer<1024xf32, local, #tirx.layout<S[(2,128,4):(4,1@tx,1)]>>
func.func @copy_padding(%d: !L, %g: !tirx.buffer<1024xf32, global>) {
  // expected-error@+1 {{expects a padding value of type 'f32', got 'f16'}}
  tirx.copy cta %d, %g {padding = 0.0 : f16} : !L, !tirx.buffer<1024xf32, global>
  return
}

// -----

!L = !tirx.buffer<1024xf32, local, #tirx.layout<S[(2,128,4):(4,1@tx,1)]>>
func.func @fill_type(%d: !L, %v: i32) {
  // expected-error@+1 {{expects value element type 'f32', got 'i32'}}
  tirx.fill cta %d, %v : !L, i32
  return
}

// -----

!L = !tirx.buffer<1024xf32, local, #tirx.layout<S[(2,128,4):(4,1@tx,1)]>>
func.func @iota_float(%d: !L) {
  // expected-error@+1 {{expects an integer buffer, got '!tirx.buffer<1024xf32, local, <S[(2,128,4):(4,1@tx,1)]>>'}}
  tirx.iota cta %d : !L
  return
}

// -----

!I = !tirx.buffer<1024xi32, local, #tirx.layout<S[(2,128,4):(4,1@tx,1)]>>
func.func @exp_integer(%d: !I) {
  // expected-error@+1 {{expects a float buffer, got '!tirx.buffer<1024xi32, local, <S[(2,128,4):(4,1@tx,1)]>>'}}
  tirx.exp cta %d, %d : !I, !I
  return
}

// -----

!H = !tirx.buffer<1024xf16, local, #tirx.layout<S[(2,128,4):(4,1@tx,1)]>>
!L = !tirx.buffer<1024xf32, local, #tirx.layout<S[(2,128,4):(4,1@tx,1)]>>
func.func @sqrt_scale_type(%d: !L, %s: f16) {
  // expected-error@+1 {{expects scale element type 'f32', got 'f16'}}
  tirx.sqrt cta %d, %d scale %s : f16 : !L, !L
  return
}

// -----

!L = !tirx.buffer<1024xf32, local, #tirx.layout<S[(2,128,4):(4,1@tx,1)]>>
!S = !tirx.buffer<512xf32, local, #tirx.layout<S[(128,4):(1@tx,1)]>>
func.func @log2_bias_shape(%d: !L, %b: !S) {
  // expected-error@+1 {{expects bias to have the destination shape, got '!tirx.buffer<512xf32, local, <S[(128,4):(1@tx,1)]>>'}}
  tirx.log2 cta %d, %d bias %b : !S : !L, !L
  return
}

// -----

!I = !tirx.buffer<1024xi32, local, #tirx.layout<S[(2,128,4):(4,1@tx,1)]>>
func.func @silu_int(%d: !I) {
  // expected-error@+1 {{expects a float buffer, got '!tirx.buffer<1024xi32, local, <S[(2,128,4):(4,1@tx,1)]>>'}}
  tirx.silu cta %d, %d : !I, !I
  return
}

// -----

!L = !tirx.buffer<1024xf32, local, #tirx.layout<S[(2,128,4):(4,1@tx,1)]>>
!H = !tirx.buffer<1024xf16, local, #tirx.layout<S[(2,128,4):(4,1@tx,1)]>>
func.func @reciprocal_src_type(%d: !L, %s: !H) {
  // expected-error@+1 {{expects src element type 'f32', got 'f16'}}
  tirx.reciprocal cta %d, %s : !L, !H
  return
}

// -----

!L = !tirx.buffer<1024xf32, local, #tirx.layout<S[(2,128,4):(4,1@tx,1)]>>
func.func @fma_bias_type(%d: !L, %b: f16) {
  // expected-error@+1 {{expects bias element type 'f32', got 'f16'}}
  tirx.fma cta %d, %d, %d, %b : !L, !L, !L, f16
  return
}

// -----

!B = !tirx.buffer<1024xi1, local, #tirx.layout<S[(2,128,4):(4,1@tx,1)]>>
func.func @memset_i1(%d: !B) {
  // expected-error@+1 {{expects an element type of whole bytes, got 'i1'}}
  tirx.memset cta %d, 1 : !B
  return
}

// -----

!I = !tirx.buffer<1024xi32, local, #tirx.layout<S[(2,128,4):(4,1@tx,1)]>>
func.func @memset_value(%d: !I) {
  // expected-error@+1 {{expects a byte value in [0, 255], got 256}}
  tirx.memset cta %d, 256 : !I
  return
}

// -----

!Q = !tirx.buffer<1024xf8E4M3FNUZ, local, #tirx.layout<S[(2,128,4):(4,1@tx,1)]>>
!L = !tirx.buffer<1024xf32, local, #tirx.layout<S[(2,128,4):(4,1@tx,1)]>>
func.func @cast_f8_format(%d: !Q, %s: !L) {
  // expected-error@+1 {{expects f8E4M3FN or f8E5M2 among 8-bit floats, got 'f8E4M3FNUZ'}}
  tirx.cast cta %d, %s : !Q, !L
  return
}

// -----

!Q = !tirx.buffer<1024xf4E2M1FN, local, #tirx.layout<S[(2,128,4):(4,1@tx,1)]>>
!L = !tirx.buffer<1024xf32, local, #tirx.layout<S[(2,128,4):(4,1@tx,1)]>>
func.func @cast_f4(%d: !Q, %s: !L) {
  // expected-error@+1 {{expects floats of 8 bits or more, got 'f4E2M1FN'}}
  tirx.cast cta %d, %s : !Q, !L
  return
}

// -----

!Q = !tirx.buffer<1024xf8E5M2, local, #tirx.layout<S[(2,128,4):(4,1@tx,1)]>>
!I = !tirx.buffer<1024xi32, local, #tirx.layout<S[(2,128,4):(4,1@tx,1)]>>
func.func @cast_f8_int(%d: !Q, %s: !I) {
  // expected-error@+1 {{expects a float partner for an f8 cast, got 'i32' to 'f8E5M2'}}
  tirx.cast cta %d, %s : !Q, !I
  return
}

// -----

!H = !tirx.buffer<1024xf16, local, #tirx.layout<S[(2,128,4):(4,1@tx,1)]>>
!L = !tirx.buffer<1024xf32, local, #tirx.layout<S[(2,128,4):(4,1@tx,1)]>>
func.func @cast_unsigned_float(%d: !H, %s: !L) {
  // expected-error@+1 {{expects an integer side with unsigned_}}
  tirx.cast cta %d, %s {unsigned_} : !H, !L
  return
}

// -----

!L = !tirx.buffer<1x1024xf32, local, #tirx.layout<S[(2,128,4):(4,1@tx,1)]>>
!R = !tirx.buffer<1xf32, local, #tirx.layout<S[1:1] + R[128:1@tx]>>
func.func @binary_reduce_kind(%d: !R, %x: !L) {
  // expected-error@+1 {{attribute 'op' failed to satisfy constraint: string attribute one of add, sub, mul, maximum, minimum}}
  tirx.binary_reduce cta "fdiv" "sum" %d, %x, %x axes = [1] : !R, !L, !L
  return
}

// -----

!L = !tirx.buffer<1x1024xf32, local, #tirx.layout<S[(2,128,4):(4,1@tx,1)]>>
!R = !tirx.buffer<1xf32, local, #tirx.layout<S[1:1] + R[128:1@tx]>>
func.func @binary_reduce_rhs(%d: !R, %x: !L, %s: f16) {
  // expected-error@+1 {{expects rhs element type 'f32', got 'f16'}}
  tirx.binary_reduce cta "mul" "sum" %d, %x, %s axes = [1] : !R, !L, f16
  return
}

// -----

!I = !tirx.buffer<1x1024xi32, local, #tirx.layout<S[(2,128,4):(4,1@tx,1)]>>
!R = !tirx.buffer<1xi32, local, #tirx.layout<S[1:1] + R[128:1@tx]>>
func.func @unary_reduce_int(%d: !R, %x: !I) {
  // expected-error@+1 {{expects a float source, got '!tirx.buffer<1x1024xi32, local, <S[(2,128,4):(4,1@tx,1)]>>'}}
  tirx.unary_reduce cta "exp" "sum" %d, %x axes = [1] : !R, !I
  return
}

// -----

!L = !tirx.buffer<1x1024xf32, local, #tirx.layout<S[(2,128,4):(4,1@tx,1)]>>
func.func @reduce_negate_shape(%x: !L) {
  // expected-error@+1 {{expects a destination of shape [1], got '!tirx.buffer<1x1024xf32, local, <S[(2,128,4):(4,1@tx,1)]>>'}}
  tirx.reduce_negate cta "sum" %x, %x axes = [1] : !L, !L
  return
}

// -----

!L = !tirx.buffer<1024xf32, local, #tirx.layout<S[(2,128,4):(4,1@tx,1)]>>
func.func @binary_chain_c(%d: !L, %c: i32) {
  // expected-error@+1 {{expects c element type 'f32', got 'i32'}}
  tirx.binary_chain cta "add" "mul" %d, %d, %d, %c : !L, !L, !L, i32
  return
}

// -----

!L = !tirx.buffer<1024xf32, local, #tirx.layout<S[(2,128,4):(4,1@tx,1)]>>
func.func @compose_scope(%d: !L) {
  // expected-error@+1 {{expects body primitives at scope warp or narrower, got cta}}
  tirx.compose_op warp {
    tirx.mul cta %d, %d, %d : !L, !L, !L
  }
  return
}

// -----

!L = !tirx.buffer<1024xf32, local, #tirx.layout<S[(2,128,4):(4,1@tx,1)]>>
func.func @compose_nested(%d: !L) {
  tirx.compose_op cta {
    // expected-error@+1 {{is nested in another tirx.compose_op; expects one level of frames}}
    tirx.compose_op cta {
      tirx.mul cta %d, %d, %d : !L, !L, !L
    }
  }
  return
}

// -----

!L = !tirx.buffer<1024xf32, local, #tirx.layout<S[(2,128,4):(4,1@tx,1)]>>
!M = !tirx.buffer<8x128xf32, local, #tirx.layout<S[(2,128,4):(4,1@tx,1)]>>
func.func @exp_src_shape(%d: !L, %s: !M) {
  // expected-error@+1 {{expects src to have the destination shape, got '!tirx.buffer<8x128xf32, local, <S[(2,128,4):(4,1@tx,1)]>>'}}
  tirx.exp cta %d, %s : !L, !M
  return
}

// -----

!L = !tirx.buffer<1024xf32, local, #tirx.layout<S[(2,128,4):(4,1@tx,1)]>>
!H = !tirx.buffer<1024xf16, local, #tirx.layout<S[(2,128,4):(4,1@tx,1)]>>
func.func @exp_src_type(%d: !L, %s: !H) {
  // expected-error@+1 {{expects src element type 'f32', got 'f16'}}
  tirx.exp cta %d, %s : !L, !H
  return
}

// -----

!I = !tirx.buffer<1024xi32, local, #tirx.layout<S[(2,128,4):(4,1@tx,1)]>>
!S = !tirx.buffer<512xf32, local, #tirx.layout<S[(128,4):(1@tx,1)]>>
func.func @cast_shape(%d: !I, %s: !S) {
  // expected-error@+1 {{expects src to have the destination shape}}
  tirx.cast cta %d, %s : !I, !S
  return
}

// -----

!I = !tirx.buffer<1024xi32, local, #tirx.layout<S[(2,128,4):(4,1@tx,1)]>>
func.func @fdiv_integer(%d: !I) {
  // expected-error@+1 {{expects a float buffer, got}}
  tirx.fdiv cta %d, %d, %d : !I, !I, !I
  return
}

// -----

!I = !tirx.buffer<1024xi32, local, #tirx.layout<S[(2,128,4):(4,1@tx,1)]>>
func.func @propagate_nan_integer(%d: !I) {
  // expected-error@+1 {{expects floats with propagate_nan}}
  tirx.maximum cta %d, %d, %d {propagate_nan} : !I, !I, !I
  return
}

// -----

!L = !tirx.buffer<1024xf32, local, #tirx.layout<S[(2,128,4):(4,1@tx,1)]>>
func.func @unsigned_float(%d: !L) {
  // expected-error@+1 {{expects integers with unsigned_}}
  tirx.minimum cta %d, %d, %d {unsigned_} : !L, !L, !L
  return
}

// -----

!L = !tirx.buffer<1024xf32, local, #tirx.layout<S[(2,128,4):(4,1@tx,1)]>>
!S = !tirx.buffer<512xf32, local, #tirx.layout<S[(128,4):(1@tx,1)]>>
func.func @add_lhs_shape(%d: !L, %s: !S) {
  // expected-error@+1 {{expects lhs to have the destination shape}}
  tirx.add cta %d, %s, %d : !L, !S, !L
  return
}

// -----

!L = !tirx.buffer<1024xf32, local, #tirx.layout<S[(2,128,4):(4,1@tx,1)]>>
func.func @sub_rhs_type(%d: !L, %x: f16) {
  // expected-error@+1 {{expects rhs element type 'f32', got 'f16'}}
  tirx.sub cta %d, %d, %x : !L, !L, f16
  return
}

// -----

!L = !tirx.buffer<1024xf32, local, #tirx.layout<S[(2,128,4):(4,1@tx,1)]>>
func.func @cmp_destination(%d: !L) {
  // expected-error@+1 {{expects an i1 destination, got}}
  tirx.cmp cta 0 : i64 %d, %d, %d : !L, !L, !L
  return
}

// -----

!B = !tirx.buffer<1024xi1, local, #tirx.layout<S[(2,128,4):(4,1@tx,1)]>>
!S = !tirx.buffer<512xf32, local, #tirx.layout<S[(128,4):(1@tx,1)]>>
func.func @cmp_lhs_shape(%d: !B, %s: !S, %f: f32) {
  // expected-error@+1 {{expects lhs to have the destination shape}}
  tirx.cmp cta 1 : i64 %d, %s, %f : !B, !S, f32
  return
}

// -----

!B = !tirx.buffer<1024xi1, local, #tirx.layout<S[(2,128,4):(4,1@tx,1)]>>
!L = !tirx.buffer<1024xf32, local, #tirx.layout<S[(2,128,4):(4,1@tx,1)]>>
func.func @cmp_rhs_type(%d: !B, %x: !L, %i: i32) {
  // expected-error@+1 {{expects rhs element type 'f32', got 'i32'}}
  tirx.cmp cta 1 : i64 %d, %x, %i : !B, !L, i32
  return
}

// -----

!B = !tirx.buffer<1024xi1, local, #tirx.layout<S[(2,128,4):(4,1@tx,1)]>>
!L = !tirx.buffer<1024xf32, local, #tirx.layout<S[(2,128,4):(4,1@tx,1)]>>
// Out-of-range predicates are rejected by the attribute constraint already (so
// the verifier's "expects a float comparison predicate" is unreachable).
func.func @cmp_predicate_range(%d: !B, %x: !L) {
  // expected-error@+1 {{attribute 'predicate' failed to satisfy constraint}}
  tirx.cmp cta 16 : i64 %d, %x, %x : !B, !L, !L
  return
}

// -----

!B = !tirx.buffer<1024xi1, local, #tirx.layout<S[(2,128,4):(4,1@tx,1)]>>
!I = !tirx.buffer<1024xi32, local, #tirx.layout<S[(2,128,4):(4,1@tx,1)]>>
// A float predicate (uno = 14) on integer operands.
func.func @cmp_integer_predicate(%d: !B, %x: !I) {
  // expected-error@+1 {{expects an integer comparison predicate, got 14}}
  tirx.cmp cta 14 : i64 %d, %x, %x : !B, !I, !I
  return
}

// -----

!L = !tirx.buffer<1024xf32, local, #tirx.layout<S[(2,128,4):(4,1@tx,1)]>>
func.func @select_cond(%d: !L, %c: i8) {
  // expected-error@+1 {{expects cond element type 'i1', got 'i8'}}
  tirx.select cta %d, %c, %d, %d : !L, i8, !L, !L
  return
}

// -----

!L = !tirx.buffer<1024xf32, local, #tirx.layout<S[(2,128,4):(4,1@tx,1)]>>
!S = !tirx.buffer<512xf32, local, #tirx.layout<S[(128,4):(1@tx,1)]>>
func.func @select_on_true(%d: !L, %c: i1, %s: !S) {
  // expected-error@+1 {{expects on_true to have the destination shape}}
  tirx.select cta %d, %c, %s, %d : !L, i1, !S, !L
  return
}

// -----

!L = !tirx.buffer<1024xf32, local, #tirx.layout<S[(2,128,4):(4,1@tx,1)]>>
func.func @select_on_false(%d: !L, %c: i1, %x: i32) {
  // expected-error@+1 {{expects on_false element type 'f32', got 'i32'}}
  tirx.select cta %d, %c, %d, %x : !L, i1, !L, i32
  return
}

// -----

!X = !tirx.buffer<8x128xf32, local, #tirx.layout<S[(8,128):(1,1@tx)]>>
!R = !tirx.buffer<8xf16, local, #tirx.layout<S[8:1] + R[128:1@tx]>>
func.func @reduce_element_type(%d: !R, %s: !X) {
  // expected-error@+1 {{expects one element type, got 'f16' and 'f32'}}
  tirx.sum cta %d, %s axes = [1] : !R, !X
  return
}

// -----

!X = !tirx.buffer<8x128xf32, local, #tirx.layout<S[(8,128):(1,1@tx)]>>
!R = !tirx.buffer<8xf32, local, #tirx.layout<S[8:1] + R[128:1@tx]>>
func.func @reduce_no_axis(%d: !R, %s: !X) {
  // expected-error@+1 {{expects at least one axis}}
  tirx.max cta %d, %s axes = [] : !R, !X
  return
}

// -----

!X = !tirx.buffer<8x128xf32, local, #tirx.layout<S[(8,128):(1,1@tx)]>>
!R = !tirx.buffer<8xf32, local, #tirx.layout<S[8:1] + R[128:1@tx]>>
func.func @reduce_repeated_axis(%d: !R, %s: !X) {
  // expected-error@+1 {{expects distinct axes}}
  tirx.min cta %d, %s axes = [1, 1] : !R, !X
  return
}

// -----

!X = !tirx.buffer<8x128xf32, local, #tirx.layout<S[(8,128):(1,1@tx)]>>
!R = !tirx.buffer<8xf32, local, #tirx.layout<S[8:1] + R[128:1@tx]>>
func.func @reduce_axis_range(%d: !R, %s: !X) {
  // expected-error@+1 {{expects axes in [0, 2), got 2}}
  tirx.sum cta %d, %s axes = [2] : !R, !X
  return
}

// -----

!X = !tirx.buffer<8x128xf32, local, #tirx.layout<S[(8,128):(1,1@tx)]>>
!R = !tirx.buffer<8xf32, local, #tirx.layout<S[8:1] + R[128:1@tx]>>
func.func @reduce_destination_shape(%d: !R, %s: !X) {
  // expected-error@+1 {{expects a destination of shape [128], got}}
  tirx.sum cta %d, %s axes = [0] : !R, !X
  return
}

// -----

!X = !tirx.buffer<8x128xi32, local, #tirx.layout<S[(8,128):(1,1@tx)]>>
!R = !tirx.buffer<8xi32, local, #tirx.layout<S[8:1] + R[128:1@tx]>>
func.func @reduce_propagate_nan_integer(%d: !R, %s: !X) {
  // expected-error@+1 {{expects floats with propagate_nan}}
  tirx.max cta %d, %s axes = [1] {propagate_nan} : !R, !X
  return
}

// -----

!L = !tirx.buffer<1024xf32, local, #tirx.layout<S[(2,128,4):(4,1@tx,1)]>>
!P = !tirx.buffer<1024xi32, local, #tirx.layout<S[(2,128,4):(4,1@tx,1)]>>
func.func @load_ptr_addresses(%d: !L, %p: !P) {
  // expected-error@+1 {{expects ptrs element type 'i64', got 'i32'}}
  tirx.load_ptr cta %d, %p : !L, !P
  return
}

// -----

!L = !tirx.buffer<1024xf32, local, #tirx.layout<S[(2,128,4):(4,1@tx,1)]>>
!P = !tirx.buffer<1024xi64, local, #tirx.layout<S[(2,128,4):(4,1@tx,1)]>>
!M = !tirx.buffer<512xi1, local, #tirx.layout<S[(128,4):(1@tx,1)]>>
func.func @load_ptr_mask(%d: !L, %p: !P, %m: !M) {
  // expected-error@+1 {{expects mask to have the destination shape}}
  tirx.load_ptr cta %d, %p mask %m : !M : !L, !P
  return
}

// -----

!L = !tirx.buffer<1024xf32, local, #tirx.layout<S[(2,128,4):(4,1@tx,1)]>>
!P = !tirx.buffer<1024xi64, local, #tirx.layout<S[(2,128,4):(4,1@tx,1)]>>
func.func @load_ptr_padding(%d: !L, %p: !P, %m: i1, %x: f16) {
  // expected-error@+1 {{expects padding element type 'f32', got 'f16'}}
  tirx.load_ptr cta %d, %p mask %m : i1 padding %x : f16 : !L, !P
  return
}

// -----

!L = !tirx.buffer<1024xf32, local, #tirx.layout<S[(2,128,4):(4,1@tx,1)]>>
!S = !tirx.buffer<512xi64, local, #tirx.layout<S[(128,4):(1@tx,1)]>>
func.func @store_ptr_addresses(%p: !S, %s: !L) {
  // expected-error@+1 {{expects ptrs to have the destination shape}}
  tirx.store_ptr cta %p, %s : !S, !L
  return
}

// -----

!L = !tirx.buffer<1024xf32, local, #tirx.layout<S[(2,128,4):(4,1@tx,1)]>>
!P = !tirx.buffer<1024xi64, local, #tirx.layout<S[(2,128,4):(4,1@tx,1)]>>
func.func @store_ptr_mask(%p: !P, %s: !L, %m: i32) {
  // expected-error@+1 {{expects mask element type 'i1', got 'i32'}}
  tirx.store_ptr cta %p, %s mask %m : i32 : !P, !L
  return
}
