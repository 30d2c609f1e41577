// RUN: tile-opt %s -split-input-file -verify-diagnostics

// Every diagnostic of the tirx.gemm, tirx.gemm_async and tirx.gemm_wait
// verifiers, one case per split.

!A = !tirx.buffer<16x16xbf16, local, #tirx.layout<S[256:1] + R[32:1@laneid]>>
!B = !tirx.buffer<16x8xbf16, local, #tirx.layout<S[128:1] + R[32:1@laneid]>>
!D = !tirx.buffer<16x8xf32, local, #tirx.layout<S[128:1] + R[32:1@laneid]>>
!V = !tirx.buffer<128xf32, local, #tirx.layout<S[128:1] + R[32:1@laneid]>>
func.func @rank(%a: !A, %b: !B, %d: !V) {
  // expected-error@+1 {{expects D to be a 2-D buffer, got '!tirx.buffer<128xf32, local, <S[128:1] + R[32:1@laneid]>>'}}
  tirx.gemm warp %d, %a, %b, %d : !V, !A, !B, !V
  return
}

// -----

!A = !tirx.buffer<16x16xbf16, local, #tirx.layout<S[256:1] + R[32:1@laneid]>>
!B = !tirx.buffer<16x8xbf16, local, #tirx.layout<S[128:1] + R[32:1@laneid]>>
!D = !tirx.buffer<16x8xf32, local, #tirx.layout<S[128:1] + R[32:1@laneid]>>
!C = !tirx.buffer<8x16xf32, local, #tirx.layout<S[128:1] + R[32:1@laneid]>>
func.func @c_shape(%a: !A, %b: !B, %d: !D, %c: !C) {
  // expected-error@+1 {{expects C to have the shape of D (16x8), got '!tirx.buffer<8x16xf32, local, <S[128:1] + R[32:1@laneid]>>'}}
  tirx.gemm warp %d, %a, %b, %c : !D, !A, !B, !C
  return
}

// -----

!A = !tirx.buffer<32x16xbf16, local, #tirx.layout<S[512:1] + R[32:1@laneid]>>
!B = !tirx.buffer<16x8xbf16, local, #tirx.layout<S[128:1] + R[32:1@laneid]>>
!D = !tirx.buffer<16x8xf32, local, #tirx.layout<S[128:1] + R[32:1@laneid]>>
func.func @a_rows(%a: !A, %b: !B, %d: !D) {
  // expected-error@+1 {{expects op(A) to have 16 rows (the rows of D), got 32}}
  tirx.gemm warp %d, %a, %b, %d : !D, !A, !B, !D
  return
}

// -----

!A = !tirx.buffer<16x16xbf16, local, #tirx.layout<S[256:1] + R[32:1@laneid]>>
!B = !tirx.buffer<16x8xbf16, local, #tirx.layout<S[128:1] + R[32:1@laneid]>>
!D = !tirx.buffer<16x8xf32, local, #tirx.layout<S[128:1] + R[32:1@laneid]>>
func.func @b_cols(%a: !A, %b: !B, %d: !D) {
  // With transpose_b, op(B) is 8 x 16.
  // expected-error@+1 {{expects op(B) to have 8 columns (the columns of D), got 16}}
  tirx.gemm warp %d, %a, %b, %d {transpose_b} : !D, !A, !B, !D
  return
}

// -----

!A = !tirx.buffer<16x32xbf16, local, #tirx.layout<S[512:1] + R[(4,32):(1@wid_in_wg,1@laneid)]>>
!B = !tirx.buffer<16x8xbf16, local, #tirx.layout<S[128:1] + R[(4,32):(1@wid_in_wg,1@laneid)]>>
!D = !tirx.buffer<16x8xf32, local, #tirx.layout<S[128:1] + R[(4,32):(1@wid_in_wg,1@laneid)]>>
func.func @k_mismatch(%a: !A, %b: !B, %d: !D) {
  // expected-error@+1 {{expects op(A) columns to equal op(B) rows (K), got 32 and 16}}
  tirx.gemm_async warpgroup %d, %a, %b, %d : !D, !A, !B, !D
  return
}

// -----

!A = !tirx.buffer<16x16xbf16, local, #tirx.layout<S[256:1] + R[32:1@laneid]>>
!B = !tirx.buffer<16x8xbf16, local, #tirx.layout<S[128:1] + R[32:1@laneid]>>
!D = !tirx.buffer<16x8xf32, local, #tirx.layout<S[128:1] + R[32:1@laneid]>>
!C = !tirx.buffer<16x8xf16, local, #tirx.layout<S[128:1] + R[32:1@laneid]>>
func.func @c_type(%a: !A, %b: !B, %d: !D, %c: !C) {
  // expected-error@+1 {{expects C element type 'f32', got 'f16'}}
  tirx.gemm warp %d, %a, %b, %c : !D, !A, !B, !C
  return
}

// -----

!A = !tirx.buffer<16x16xf8E4M3FN, local, #tirx.layout<S[256:1] + R[32:1@laneid]>>
!B = !tirx.buffer<16x8xf8E5M2, local, #tirx.layout<S[128:1] + R[32:1@laneid]>>
!D = !tirx.buffer<16x8xbf16, local, #tirx.layout<S[128:1] + R[32:1@laneid]>>
func.func @f8_accumulator(%a: !A, %b: !B, %d: !D) {
  // expected-error@+1 {{expects an f32 or f16 accumulator with f8 inputs, got 'bf16'}}
  tirx.gemm warp %d, %a, %b, %d : !D, !A, !B, !D
  return
}

// -----

!A = !tirx.buffer<16x16xf16, local, #tirx.layout<S[256:1] + R[32:1@laneid]>>
!B = !tirx.buffer<16x8xbf16, local, #tirx.layout<S[128:1] + R[32:1@laneid]>>
!D = !tirx.buffer<16x8xf32, local, #tirx.layout<S[128:1] + R[32:1@laneid]>>
func.func @mixed_inputs(%a: !A, %b: !B, %d: !D) {
  // expected-error@+1 {{expects A and B of one element type, got 'f16' and 'bf16'}}
  tirx.gemm warp %d, %a, %b, %d : !D, !A, !B, !D
  return
}

// -----

!A = !tirx.buffer<16x16xbf16, local, #tirx.layout<S[256:1] + R[32:1@laneid]>>
!B = !tirx.buffer<16x8xbf16, local, #tirx.layout<S[128:1] + R[32:1@laneid]>>
!D = !tirx.buffer<16x8xbf16, local, #tirx.layout<S[128:1] + R[32:1@laneid]>>
func.func @bf16_accumulator(%a: !A, %b: !B, %d: !D) {
  // expected-error@+1 {{expects an f32 or f16 accumulator with 'bf16' inputs, got 'bf16'}}
  tirx.gemm warp %d, %a, %b, %d : !D, !A, !B, !D
  return
}

// -----

!A = !tirx.buffer<16x16xi16, local, #tirx.layout<S[256:1] + R[32:1@laneid]>>
!B = !tirx.buffer<16x8xi16, local, #tirx.layout<S[128:1] + R[32:1@laneid]>>
!D = !tirx.buffer<16x8xi32, local, #tirx.layout<S[128:1] + R[32:1@laneid]>>
func.func @i16_inputs(%a: !A, %b: !B, %d: !D) {
  // expected-error@+1 {{expects f16, bf16, f8E4M3FN, f8E5M2, f32 (tf32), f64 or i8 inputs, got 'i16' and 'i16'}}
  tirx.gemm warp %d, %a, %b, %d : !D, !A, !B, !D
  return
}

// -----

// f32 inputs (multiplied as tf32) accumulate in f32, f64 in f64.
!A = !tirx.buffer<16x8xf32, local, #tirx.layout<S[128:1] + R[32:1@laneid]>>
!B = !tirx.buffer<8x8xf32, local, #tirx.layout<S[64:1] + R[32:1@laneid]>>
!D = !tirx.buffer<16x8xf64, local, #tirx.layout<S[128:1] + R[32:1@laneid]>>
func.func @tf32_accumulator(%a: !A, %b: !B, %d: !D) {
  // expected-error@+1 {{expects an 'f32' accumulator with 'f32' inputs, got 'f64'}}
  tirx.gemm warp %d, %a, %b, %d : !D, !A, !B, !D
  return
}

// -----

!A = !tirx.buffer<16x16xbf16, local, #tirx.layout<S[256:1] + R[32:1@laneid]>>
!B = !tirx.buffer<16x8xbf16, local, #tirx.layout<S[128:1] + R[32:1@laneid]>>
!D = !tirx.buffer<16x8xf32, local, #tirx.layout<S[128:1] + R[32:1@laneid]>>
!C = !tirx.buffer<16x8xf32, shared, #tirx.layout<S[128:1]>>
func.func @c_scope(%a: !A, %b: !B, %d: !D, %c: !C) {
  // expected-error@+1 {{expects C in the memory scope of D (local), got shared}}
  tirx.gemm warp %d, %a, %b, %c : !D, !A, !B, !C
  return
}

// -----

!A = !tirx.buffer<16x16xbf16, local, #tirx.layout<S[256:1] + R[32:1@laneid]>>
!B = !tirx.buffer<16x8xbf16, local, #tirx.layout<S[128:1] + R[32:1@laneid]>>
!D = !tirx.buffer<16x8xf32, local, #tirx.layout<S[128:1] + R[32:1@laneid]>>
!C = !tirx.buffer<16x8xf32, local, #tirx.layout<S[(16,8):(1,16)] + R[32:1@laneid]>>
func.func @c_layout(%a: !A, %b: !B, %d: !D, %c: !C) {
  // expected-error@+1 {{expects C to have the layout of D, got #tirx.layout<S[(16,8):(1,16)] + R[32:1@laneid]> and #tirx.layout<S[128:1] + R[32:1@laneid]>}}
  tirx.gemm warp %d, %a, %b, %c : !D, !A, !B, !C
  return
}

// -----

!A = !tirx.buffer<16x16xbf16, local, #tirx.layout<S[256:1] + R[32:1@laneid]>>
!B = !tirx.buffer<16x8xbf16, local, #tirx.layout<S[128:1] + R[32:1@laneid]>>
!D = !tirx.buffer<16x8xf32, local, #tirx.layout<S[128:1] + R[32:1@laneid]>>
func.func @alpha(%a: !A, %b: !B, %d: !D) {
  // expected-error@+1 {{expects finite alpha and beta, got INF and 0.000000e+00}}
  tirx.gemm warp %d, %a, %b, %d {alpha = 0x7FF0000000000000 : f64} : !D, !A, !B, !D
  return
}

// -----

func.func @pending() {
  // expected-error@+1 {{expects a non-negative pending count, got -1}}
  tirx.gemm_wait warpgroup {pending = -1}
  return
}

// -----

!A = !tirx.buffer<16x32xi8, local, #tirx.layout<S[512:1] + R[32:1@laneid]>>
!B = !tirx.buffer<32x8xi8, local, #tirx.layout<S[256:1] + R[32:1@laneid]>>
!D = !tirx.buffer<16x8xf32, local, #tirx.layout<S[128:1] + R[32:1@laneid]>>
func.func @i8_f32_acc(%a: !A, %b: !B, %d: !D) {
  // expected-error@+1 {{expects an i32 accumulator with i8 inputs, got 'f32'}}
  tirx.gemm warp %d, %a, %b, %d : !D, !A, !B, !D
  return
}

// -----

!A = !tirx.buffer<16x8xf32, shared, #tirx.layout<S[16,8]>>
!B = !tirx.buffer<8x16xf32, shared, #tirx.layout<S[8,16]>>
!D = !tirx.buffer<16x16xf32, local, #tirx.layout<S[(16,16):(2@tx,1)] + R[2:1@tx]>>
func.func @precision_value(%a: !A, %b: !B, %d: !D) {
  // expected-error@+1 {{expects config precision "tf32" or "f32", got "ieee"}}
  tirx.gemm cta %d, %a, %b, %d {config = {precision = "ieee"}} : !D, !A, !B, !D
  return
}

// -----

!A = !tirx.buffer<16x8xbf16, shared, #tirx.layout<S[16,8]>>
!B = !tirx.buffer<8x16xbf16, shared, #tirx.layout<S[8,16]>>
!D = !tirx.buffer<16x16xf32, local, #tirx.layout<S[(16,16):(2@tx,1)] + R[2:1@tx]>>
func.func @precision_inputs(%a: !A, %b: !B, %d: !D) {
  // expected-error@+1 {{expects config precision only with f32 inputs, got 'bf16'}}
  tirx.gemm cta %d, %a, %b, %d {config = {precision = "f32"}} : !D, !A, !B, !D
  return
}

// -----

!D = !tirx.buffer<64x16xf32, local, #tirx.layout<S[(4,2,8,2,4,2):(1@wid_in_wg,2,4@laneid,4,1@laneid,1)]>>
!A = !tirx.buffer<64x64xf8E4M3FN, shared, #tirx.layout<S[(8,8,4,16):(512,16,128,1)]>>
!B = !tirx.buffer<16x64xf8E4M3FN, shared, #tirx.layout<S[(2,8,4,16):(512,16,128,1)]>>
func.func @promote_not_dividing(%d: !D, %a: !A, %b: !B) {
  // expected-error@+1 {{expects config promote_k to be a positive integer dividing K (64), got 48 : i64}}
  tirx.gemm warpgroup %d, %a, %b, %d {transpose_b, config = {promote_k = 48}} : !D, !A, !B, !D
  return
}

// -----

!D = !tirx.buffer<64x16xf32, local, #tirx.layout<S[(4,2,8,2,4,2):(1@wid_in_wg,2,4@laneid,4,1@laneid,1)]>>
!A = !tirx.buffer<64x64xf8E4M3FN, shared, #tirx.layout<S[(8,8,4,16):(512,16,128,1)]>>
!B = !tirx.buffer<16x64xf8E4M3FN, shared, #tirx.layout<S[(2,8,4,16):(512,16,128,1)]>>
func.func @promote_async(%d: !D, %a: !A, %b: !B) {
  // expected-error@+1 {{expects no config promote_k: the chunk sums are added once the products are complete (use tirx.gemm)}}
  tirx.gemm_async warpgroup %d, %a, %b, %d {transpose_b, config = {promote_k = 32}} : !D, !A, !B, !D
  return
}

// -----

!A = !tirx.buffer<16x8xi8, shared, #tirx.layout<S[16,8]>>
!B = !tirx.buffer<8x16xi8, shared, #tirx.layout<S[8,16]>>
!D = !tirx.buffer<16x16xi32, local, #tirx.layout<S[(16,16):(2@tx,1)] + R[2:1@tx]>>
func.func @signed_not_bool(%a: !A, %b: !B, %d: !D) {
  // expected-error@+1 {{expects config signed_b to be a bool, got 0 : i64}}
  tirx.gemm cta %d, %a, %b, %d {config = {signed_b = 0}} : !D, !A, !B, !D
  return
}

// -----

!A = !tirx.buffer<16x8xbf16, shared, #tirx.layout<S[16,8]>>
!B = !tirx.buffer<8x16xbf16, shared, #tirx.layout<S[8,16]>>
!D = !tirx.buffer<16x16xf32, local, #tirx.layout<S[(16,16):(2@tx,1)] + R[2:1@tx]>>
func.func @signed_float(%a: !A, %b: !B, %d: !D) {
  // expected-error@+1 {{expects config signed_a only with integer inputs, got 'bf16'}}
  tirx.gemm cta %d, %a, %b, %d {config = {signed_a = false}} : !D, !A, !B, !D
  return
}

// -----

!A = !tirx.buffer<16x8xi8, shared, #tirx.layout<S[16,8]>>
!B = !tirx.buffer<8x16xi8, shared, #tirx.layout<S[8,16]>>
!D = !tirx.buffer<16x16xi32, local, #tirx.layout<S[(16,16):(2@tx,1)] + R[2:1@tx]>>
func.func @fractional_beta(%a: !A, %b: !B, %d: !D) {
  // expected-error@+1 {{expects integer alpha and beta with an integer accumulator, got 1.000000e+00 and 5.000000e-01}}
  tirx.gemm cta %d, %a, %b, %d {beta = 0.5} : !D, !A, !B, !D
  return
}

// -----

!D = !tirx.buffer<64x16xf32, local, #tirx.layout<S[(4,2,8,2,4,2):(1@wid_in_wg,2,4@laneid,4,1@laneid,1)]>>
!A = !tirx.buffer<64x64xf8E4M3FN, shared, #tirx.layout<S[(8,8,4,16):(512,16,128,1)]>>
!B = !tirx.buffer<16x64xf8E4M3FN, shared, #tirx.layout<S[(2,8,4,16):(512,16,128,1)]>>
func.func @async_operands_flag(%d: !D, %a: !A, %b: !B) {
  // expected-error@+1 {{expects config async_operands to be a bool, got 1 : i64}}
  tirx.gemm_async warpgroup %d, %a, %b, %d {transpose_b, config = {async_operands = 1}} : !D, !A, !B, !D
  return
}
