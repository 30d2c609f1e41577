// RUN: tile-opt %s -split-input-file -verify-diagnostics

// Every diagnostic of the verifiers in TirXCopyOps.cpp and of the swizzled
// layout, one case per split.

!S = !tirx.buffer<64x64xf16, shared, #tirx.layout<S[64,64]>>
!G = !tirx.buffer<64x64xf16, global>
func.func @shape(%p: !llvm.ptr<1>, %s: !tirx.buffer<32x64xf16, shared, #tirx.layout<S[32,64]>>) {
  %g = tirx.global_view %p sizes [64, 64] strides [64, 1] : !llvm.ptr<1> -> !G
  %r = tirx.region %g [0, 0] : !G -> !G
  // expected-error@+1 {{'tirx.copy_async' op expects buffers of one static shape}}
  tirx.copy_async cta %s, %r : !tirx.buffer<32x64xf16, shared, #tirx.layout<S[32,64]>>, !G
  return
}

// -----

func.func @element_type(%p: !llvm.ptr<1>, %s: !tirx.buffer<64x64xf32, shared, #tirx.layout<S[64,64]>>) {
  %g = tirx.global_view %p sizes [64, 64] strides [64, 1] : !llvm.ptr<1> -> !tirx.buffer<64x64xf16, global>
  %r = tirx.region %g [0, 0] : !tirx.buffer<64x64xf16, global> -> !tirx.buffer<64x64xf16, global>
  // expected-error@+1 {{'tirx.copy_async' op expects one element type, got 'f32' and 'f16'}}
  tirx.copy_async cta %s, %r : !tirx.buffer<64x64xf32, shared, #tirx.layout<S[64,64]>>, !tirx.buffer<64x64xf16, global>
  return
}

// -----

!L = !tirx.buffer<64xf16, local, #tirx.layout<S[(32,2):(1@laneid,1)]>>
func.func @scopes(%p: !llvm.ptr<1>, %l: !L) {
  %g = tirx.global_view %p sizes [64] strides [1] : !llvm.ptr<1> -> !tirx.buffer<64xf16, global>
  %r = tirx.region %g [0] : !tirx.buffer<64xf16, global> -> !tirx.buffer<64xf16, global>
  // expected-error@+1 {{'tirx.copy_async' op expects a global -> shared or shared -> global copy, got global -> local}}
  tirx.copy_async warp %l, %r : !L, !tirx.buffer<64xf16, global>
  return
}

// -----

!S = !tirx.buffer<64xf16, shared, #tirx.layout<S[64]>>
!B = !tirx.buffer<1xi64, shared, #tirx.layout<S[1]>>
func.func @barrier_without_map(%p: !llvm.ptr<1>, %s: !S, %b: !B) {
  %g = tirx.global_view %p sizes [64] strides [1] : !llvm.ptr<1> -> !tirx.buffer<64xf16, global>
  %r = tirx.region %g [0] : !tirx.buffer<64xf16, global> -> !tirx.buffer<64xf16, global>
  // expected-error@+1 {{'tirx.copy_async' op expects a tensor_map with a barrier (TMA)}}
  tirx.copy_async cta %s, %r barrier(%b[0] : !B) : !S, !tirx.buffer<64xf16, global>
  return
}

// -----

!S = !tirx.buffer<64xf16, shared, #tirx.layout<S[64]>>
func.func @tma_load_without_barrier(%p: !llvm.ptr<1>, %s: !S) {
  %g = tirx.global_view %p sizes [64] strides [1] : !llvm.ptr<1> -> !tirx.buffer<64xf16, global>
  %r = tirx.region %g [0] : !tirx.buffer<64xf16, global> -> !tirx.buffer<64xf16, global>
  // expected-error@+1 {{'tirx.copy_async' op expects a barrier for a TMA load}}
  tirx.copy_async cta %s, %r tensor_map(%p : !llvm.ptr<1>) : !S, !tirx.buffer<64xf16, global>
  return
}

// -----

!S = !tirx.buffer<64xf16, shared, #tirx.layout<S[64]>>
!B = !tirx.buffer<1xi64, shared, #tirx.layout<S[1]>>
func.func @tma_store_with_barrier(%p: !llvm.ptr<1>, %s: !S, %b: !B) {
  %g = tirx.global_view %p sizes [64] strides [1] : !llvm.ptr<1> -> !tirx.buffer<64xf16, global>
  %r = tirx.region %g [0] : !tirx.buffer<64xf16, global> -> !tirx.buffer<64xf16, global>
  // expected-error@+1 {{'tirx.copy_async' op expects no barrier for a TMA store, which completes through a bulk async-group}}
  tirx.copy_async cta %r, %s barrier(%b[0] : !B) tensor_map(%p : !llvm.ptr<1>) : !tirx.buffer<64xf16, global>, !S
  return
}

// -----

!S = !tirx.buffer<64xf16, shared, #tirx.layout<S[64]>>
func.func @cp_async_store(%p: !llvm.ptr<1>, %s: !S) {
  %g = tirx.global_view %p sizes [64] strides [1] : !llvm.ptr<1> -> !tirx.buffer<64xf16, global>
  %r = tirx.region %g [0] : !tirx.buffer<64xf16, global> -> !tirx.buffer<64xf16, global>
  // expected-error@+1 {{'tirx.copy_async' op expects a shared destination for cp.async (no tensor_map), got a global one}}
  tirx.copy_async cta %r, %s : !tirx.buffer<64xf16, global>, !S
  return
}

// -----

!S = !tirx.buffer<64xf16, shared, #tirx.layout<S[64]>>
!B = !tirx.buffer<1xi64, shared, #tirx.layout<S[1]>>
func.func @barrier_index(%p: !llvm.ptr<1>, %s: !S, %b: !B) {
  %g = tirx.global_view %p sizes [64] strides [1] : !llvm.ptr<1> -> !tirx.buffer<64xf16, global>
  %r = tirx.region %g [0] : !tirx.buffer<64xf16, global> -> !tirx.buffer<64xf16, global>
  // expected-error@+1 {{'tirx.copy_async' op expects an mbarrier index in [0, 1), got 1}}
  tirx.copy_async cta %s, %r barrier(%b[1] : !B) tensor_map(%p : !llvm.ptr<1>) : !S, !tirx.buffer<64xf16, global>
  return
}

// -----

!S = !tirx.buffer<64xf16, shared, #tirx.layout<S[64]>>
func.func @padding_type(%p: !llvm.ptr<1>, %s: !S) {
  %g = tirx.global_view %p sizes [64] strides [1] : !llvm.ptr<1> -> !tirx.buffer<64xf16, global>
  %r = tirx.region %g [0] : !tirx.buffer<64xf16, global> -> !tirx.buffer<64xf16, global>
  // expected-error@+1 {{'tirx.copy_async' op expects a padding value of type 'f16', got 'f32'}}
  tirx.copy_async cta %s, %r {padding = 0.0 : f32} : !S, !tirx.buffer<64xf16, global>
  return
}

// -----

!S = !tirx.buffer<64xf16, shared, #tirx.layout<S[64]>>
func.func @padding_nonzero(%p: !llvm.ptr<1>, %s: !S) {
  %g = tirx.global_view %p sizes [64] strides [1] : !llvm.ptr<1> -> !tirx.buffer<64xf16, global>
  %r = tirx.region %g [0] : !tirx.buffer<64xf16, global> -> !tirx.buffer<64xf16, global>
  // expected-error@+1 {{'tirx.copy_async' op expects a zero padding (asynchronous copies zero-fill), got 1.000000e+00 : f16}}
  tirx.copy_async cta %s, %r {padding = 1.0 : f16} : !S, !tirx.buffer<64xf16, global>
  return
}

// -----

!S = !tirx.buffer<32x32xf32, shared, #tirx.layout<S[32,32]>>
!L = !tirx.buffer<32x32xf32, local, #tirx.layout<S[(32,32):(1@laneid,1)]>>
func.func @permute_scope(%s: !S, %l: !L) {
  // expected-error@+1 {{'tirx.permute_layout' op expects local buffers}}
  tirx.permute_layout warp %s, %l : !S, !L
  return
}

// -----

!L = !tirx.buffer<32x32xf32, local, #tirx.layout<S[(32,32):(1@laneid,1)]>>
!M = !tirx.buffer<32x16xf32, local, #tirx.layout<S[(32,16):(1@laneid,1)]>>
func.func @permute_shape(%a: !M, %l: !L) {
  // expected-error@+1 {{'tirx.permute_layout' op expects buffers of one shape}}
  tirx.permute_layout warp %a, %l : !M, !L
  return
}

// -----

!L = !tirx.buffer<32x32xf32, local, #tirx.layout<S[(32,32):(1@laneid,1)]>>
!M = !tirx.buffer<32x32xf16, local, #tirx.layout<S[(32,32):(1@laneid,1)]>>
func.func @permute_type(%a: !M, %l: !L) {
  // expected-error@+1 {{'tirx.permute_layout' op expects one element type, got 'f16' and 'f32'}}
  tirx.permute_layout warp %a, %l : !M, !L
  return
}

// -----

!B = !tirx.buffer<2xi64, shared, #tirx.layout<S[2]>>
func.func @init_index(%b: !B, %n: i32) {
  // expected-error@+1 {{'tirx.mbarrier_init' op expects an mbarrier index in [0, 2), got 2}}
  tirx.mbarrier_init %b[2], %n : !B
  return
}

// -----

!B = !tirx.buffer<2xi64, shared, #tirx.layout<S[2]>>
func.func @arrive_index(%b: !B, %n: i32) {
  // expected-error@+1 {{'tirx.mbarrier_arrive_expect_tx' op expects an mbarrier index in [0, 2), got -1}}
  tirx.mbarrier_arrive_expect_tx %b[-1], %n : !B
  return
}

// -----

!B = !tirx.buffer<2xi64, shared, #tirx.layout<S[2]>>
func.func @wait_index(%b: !B, %n: i32) {
  // expected-error@+1 {{'tirx.mbarrier_wait' op expects an mbarrier index in [0, 2), got 5}}
  tirx.mbarrier_wait %b[5], %n : !B
  return
}

// -----

!B = !tirx.buffer<2xi32, shared, #tirx.layout<S[2]>>
func.func @barrier_type(%b: !B, %n: i32) {
  // expected-error@+1 {{'tirx.mbarrier_wait' op operand #0 must be shared i64 tirx buffer (mbarriers)}}
  tirx.mbarrier_wait %b[0], %n : !B
  return
}

// -----

func.func @async_wait_negative() {
  // expected-error@+1 {{'tirx.async_wait' op attribute 'pending' failed to satisfy constraint}}
  tirx.async_wait {pending = -1}
  return
}

// -----

// expected-error@+1 {{expects a swizzle of 32, 64 or 128 bytes, got 16}}
func.func private @swizzle_mode() attributes {l = #tirx.layout<S[64,64], swizzle = 16>}

// -----

// expected-error@+1 {{expects a swizzle_shift between 3 and 24, got 2}}
func.func private @swizzle_shift_overlap() attributes {l = #tirx.layout<S[64,64], swizzle = 128, swizzle_shift = 2>}

// -----

// expected-error@+1 {{expects a swizzle_shift only with a swizzle}}
func.func private @swizzle_shift_unswizzled() attributes {l = #tirx.layout<S[64,64], swizzle = 0, swizzle_shift = 6>}

// -----

// The swizzle with shift 6 permutes blocks of 2^(3 + 6 + 3) f16 elements.
// expected-error@+1 {{expects a swizzled storage of whole 4096-element swizzle blocks, got 2048 elements}}
func.func private @swizzle_shift_block(!tirx.buffer<32x64xf16, shared, #tirx.layout<S[32,64], swizzle = 128, swizzle_shift = 6>>)

// -----

// expected-error@+1 {{expects a swizzle only on a shared buffer, got a local buffer}}
func.func private @swizzle_local(!tirx.buffer<64x64xf16, local, #tirx.layout<S[64,64], swizzle = 128>>)

// -----

// expected-error@+1 {{expects a swizzled storage of whole 512-element swizzle blocks, got 256 elements}}
func.func private @swizzle_block(!tirx.buffer<4x64xf16, shared, #tirx.layout<S[4,64], swizzle = 128>>)

// -----

// expected-error@+1 {{expects a swizzle for this element type: expected an element width that is a power of two between 1 and 128 bits, got 24}}
func.func private @swizzle_width(!tirx.buffer<64x64xi24, shared, #tirx.layout<S[64,64], swizzle = 32>>)

// -----

// A tensor map's box has the view's rank.
func.func @tensor_map_box_rank(%p: !llvm.ptr<1>, %m: index) {
  %g = tirx.global_view %p sizes [%m, 64] strides [64, 1] : !llvm.ptr<1> -> !tirx.buffer<?x64xf16, global>
  // expected-error@+1 {{'tirx.tensor_maps' op expects box 0 of rank 2, got 1}}
  %map = tirx.tensor_maps %g {boxes = [array<i64: 64>], swizzles = array<i64: 128>} : !tirx.buffer<?x64xf16, global> -> !llvm.ptr<1>
  return
}

// -----

// TMA's 128-byte swizzle covers rows of at most 128 bytes.
func.func @tensor_map_wide_row(%p: !llvm.ptr<1>, %m: index) {
  %g = tirx.global_view %p sizes [%m, 256] strides [256, 1] : !llvm.ptr<1> -> !tirx.buffer<?x256xf16, global>
  // expected-error@+1 {{'tirx.tensor_maps' op expects the innermost box extent to span a multiple of 16 bytes, at most the swizzle, got 256 bytes}}
  %map = tirx.tensor_maps %g {boxes = [array<i64: 64, 128>], swizzles = array<i64: 128>} : !tirx.buffer<?x256xf16, global> -> !llvm.ptr<1>
  return
}

// -----

// TMA reads rows of unit stride.
func.func @tensor_map_strided(%p: !llvm.ptr<1>, %m: index) {
  %g = tirx.global_view %p sizes [%m, 64] strides [1, %m] : !llvm.ptr<1> -> !tirx.buffer<?x64xf16, global>
  // expected-error@+1 {{'tirx.tensor_maps' op expects view 0 to have a unit innermost stride}}
  %map = tirx.tensor_maps %g {boxes = [array<i64: 64, 64>], swizzles = array<i64: 128>} : !tirx.buffer<?x64xf16, global> -> !llvm.ptr<1>
  return
}

// -----

func.func @tensor_map_swizzle(%p: !llvm.ptr<1>, %m: index) {
  %g = tirx.global_view %p sizes [%m, 64] strides [64, 1] : !llvm.ptr<1> -> !tirx.buffer<?x64xf16, global>
  // expected-error@+1 {{'tirx.tensor_maps' op expects a swizzle of 0, 32, 64 or 128 bytes, got 96}}
  %map = tirx.tensor_maps %g {boxes = [array<i64: 64, 32>], swizzles = array<i64: 96>} : !tirx.buffer<?x64xf16, global> -> !llvm.ptr<1>
  return
}

// -----

// The release names the slot by the first map.
func.func @tensor_map_release(%p: !llvm.ptr<1>, %m: index) {
  %g = tirx.global_view %p sizes [%m, 64] strides [64, 1] : !llvm.ptr<1> -> !tirx.buffer<?x64xf16, global>
  %maps:2 = tirx.tensor_maps %g, %g {boxes = [array<i64: 64, 64>, array<i64: 64, 64>], swizzles = array<i64: 128, 128>} : !tirx.buffer<?x64xf16, global>, !tirx.buffer<?x64xf16, global> -> !llvm.ptr<1>, !llvm.ptr<1>
  // expected-error@+1 {{'tirx.tensor_maps_release' op expects the first result of a tirx.tensor_maps}}
  tirx.tensor_maps_release %maps#1 : !llvm.ptr<1>
  return
}

// -----

// A .tf32 map rounds f32 elements.
func.func @tensor_map_tf32(%p: !llvm.ptr<1>, %m: index) {
  %g = tirx.global_view %p sizes [%m, 64] strides [64, 1] : !llvm.ptr<1> -> !tirx.buffer<?x64xf16, global>
  // expected-error@+1 {{'tirx.tensor_maps' op expects an f32 view for the tf32 map 0}}
  %map = tirx.tensor_maps %g {boxes = [array<i64: 64, 64>], swizzles = array<i64: 128>, tf32 = array<i1: true>} : !tirx.buffer<?x64xf16, global> -> !llvm.ptr<1>
  return
}
