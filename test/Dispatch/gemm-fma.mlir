// RUN: tile-opt %s --tirx-dispatch=report=true 2>&1 | FileCheck %s

// tirx.gemm `fma`, the general variant: CTA scope, A and B in shared
// memory (any unswizzled layout), D in registers (any layout). Each thread
// runs one K loop carrying the elements of D it holds, one llvm.intr.fma
// per element and step, in the accumulator type. f32 inputs are read as
// tf32 (the low 13 mantissa bits cleared, as the tensor cores read them)
// unless config precision = "f32"; the tensor-core variants decline that.
// Integer inputs are extended to the integer accumulator by the signedness
// config says (signed_a, signed_b; signed when absent) and multiplied and
// added with wrap-around (arith.muli, arith.addi: modulo 2^32 for i32, as
// the tensor cores' integer mma without .satfinite).

!A = !tirx.buffer<16x8xf32, shared, #tirx.layout<S[16,8]>>
!B = !tirx.buffer<8x16xf32, shared, #tirx.layout<S[8,16]>>
!BT = !tirx.buffer<16x8xf32, shared, #tirx.layout<S[16,8]>>
!D = !tirx.buffer<16x16xf32, local, #tirx.layout<S[(16,16):(2@tx,1)] + R[2:1@tx]>>
!H = !tirx.buffer<16x8xbf16, shared, #tirx.layout<S[(16,8):(1,16)]>>
!HB = !tirx.buffer<8x16xbf16, shared, #tirx.layout<S[8,16]>>
!HB2 = !tirx.buffer<8x16xf16, shared, #tirx.layout<S[8,16]>>
!HA = !tirx.buffer<16x8xf16, shared, #tirx.layout<S[16,8]>>
!HD = !tirx.buffer<16x16xf16, local, #tirx.layout<S[(16,16):(2@tx,1)] + R[2:1@tx]>>
!IA = !tirx.buffer<16x8xi8, shared, #tirx.layout<S[16,8]>>
!IB = !tirx.buffer<8x16xi8, shared, #tirx.layout<S[8,16]>>
!ID = !tirx.buffer<16x16xi32, local, #tirx.layout<S[(16,16):(2@tx,1)] + R[2:1@tx]>>

// CHECK: remark: tirx.gemm -> variant 'fma'
// CHECK: note: wgmma (prio=20) rejected: {{.*}}tensorCorePrecision: precision = "f32" asks for full-precision f32 products; the tensor cores multiply f32 inputs as tf32
// CHECK: note: mma_sync (prio=10) rejected: {{.*}}tensorCorePrecision: precision = "f32"
// CHECK: remark: tirx.gemm -> variant 'fma'
// CHECK: remark: tirx.gemm -> variant 'fma'
// CHECK: remark: tirx.gemm -> variant 'fma'
// CHECK: note: mma_sync_int (prio=10) rejected: {{.*}}intShapeAndScaling: expects M % 16, N % 8 and K % 32 to be 0 (m16n8k32 atoms), got MxNxK = 16x16x8
// CHECK: remark: tirx.gemm -> variant 'fma'
// CHECK: remark: tirx.gemm -> variant 'fma'

gpu.module @m [#nvvm.target<chip = "sm_90a">] {
// 16 x 16: a row per pair of threads (the pair holds it twice), 16
// elements per thread; full f32 products accumulated into D (beta = 1).
// CHECK-LABEL: gpu.func @f32_exact
// CHECK: %[[R:.*]]:16 = scf.for %{{.*}} = %c0{{.*}} to %c8{{.*}} step %c1{{.*}} iter_args
// CHECK-NOT: arith.andi %{{.*}}, %c-8192_i32
// CHECK: %[[X:.*]] = memref.load %{{.*}}[%{{.*}}] : memref<128xf32, #gpu.address_space<workgroup>>
// CHECK: %[[Y:.*]] = memref.load %{{.*}}[%{{.*}}] : memref<128xf32, #gpu.address_space<workgroup>>
// CHECK: llvm.intr.fma(%[[X]], %[[Y]], %{{.*}}) : (f32, f32, f32) -> f32
// CHECK-COUNT-15: llvm.intr.fma
// CHECK: scf.yield
// CHECK-COUNT-16: memref.store %[[R]]#{{[0-9]+}}, %{{.*}}[%{{.*}}] : memref<16xf32>
gpu.func @f32_exact(%a: !A, %b: !B) kernel attributes {known_block_size = array<i32: 32, 1, 1>} {
  %d = tirx.alloc : !D
  tirx.gemm cta %d, %a, %b, %d {beta = 1.0, config = {precision = "f32"}} : !D, !A, !B, !D
  gpu.return
}

// Default precision: f32 inputs as tf32. B given N x K (transpose_b),
// beta = 0: the loop starts from zero.
// CHECK-LABEL: gpu.func @f32_as_tf32
// CHECK: %[[Z:.*]] = arith.constant 0.000000e+00 : f32
// CHECK: scf.for {{.*}} iter_args(%{{.*}} = %[[Z]],
// CHECK: %[[BITS:.*]] = arith.bitcast %{{.*}} : f32 to i32
// CHECK: %[[TF:.*]] = arith.andi %[[BITS]], %c-8192_i32 : i32
// CHECK: arith.bitcast %[[TF]] : i32 to f32
// CHECK: llvm.intr.fma
gpu.func @f32_as_tf32(%a: !A, %b: !BT) kernel attributes {known_block_size = array<i32: 32, 1, 1>} {
  %d = tirx.alloc : !D
  tirx.gemm cta %d, %a, %b, %d {transpose_b} : !D, !A, !BT, !D
  gpu.return
}

// bf16 inputs (A column-major) widened to the f32 accumulator; alpha = 2,
// beta = 0.5 scale the sum and C.
// CHECK-LABEL: gpu.func @bf16_scaled
// CHECK: %[[C:.*]] = memref.load
// CHECK-NEXT: %[[HALF:.*]] = arith.constant 5.000000e-01 : f32
// CHECK-NEXT: arith.mulf %[[C]], %[[HALF]] : f32
// CHECK: scf.for
// CHECK: %[[XH:.*]] = memref.load %{{.*}} : memref<128xbf16, #gpu.address_space<workgroup>>
// CHECK: arith.extf %[[XH]] : bf16 to f32
// CHECK: llvm.intr.fma
// CHECK: %[[TWO:.*]] = arith.constant 2.000000e+00 : f32
// CHECK: arith.mulf %{{.*}}, %[[TWO]] : f32
gpu.func @bf16_scaled(%a: !H, %b: !HB) kernel attributes {known_block_size = array<i32: 32, 1, 1>} {
  %d = tirx.alloc : !D
  tirx.gemm cta %d, %a, %b, %d {alpha = 2.0, beta = 0.5} : !D, !H, !HB, !D
  gpu.return
}

// i8 x u8 -> i32, K = 8 (not whole m16n8k32 atoms): A sign-extended, B
// zero-extended, a wrapping multiply-add per element and K step; C read
// (beta = 1).
// CHECK-LABEL: gpu.func @i8_u8
// CHECK: memref.load %{{.*}}[%{{.*}}] : memref<16xi32>
// CHECK: scf.for
// CHECK: %[[XA:.*]] = memref.load %{{.*}} : memref<128xi8, #gpu.address_space<workgroup>>
// CHECK: %[[XS:.*]] = arith.extsi %[[XA]] : i8 to i32
// CHECK: %[[YB:.*]] = memref.load %{{.*}} : memref<128xi8, #gpu.address_space<workgroup>>
// CHECK: %[[YU:.*]] = arith.extui %[[YB]] : i8 to i32
// CHECK: %[[P:.*]] = arith.muli %[[XS]], %[[YU]] : i32
// CHECK: arith.addi %[[P]], %{{.*}} : i32
// CHECK-NOT: llvm.intr.fma
// CHECK: scf.yield
gpu.func @i8_u8(%a: !IA, %b: !IB) kernel attributes {known_block_size = array<i32: 32, 1, 1>} {
  %d = tirx.alloc : !ID
  tirx.gemm cta %d, %a, %b, %d {beta = 1.0, config = {signed_a = true, signed_b = false}} : !ID, !IA, !IB, !ID
  gpu.return
}

// Integer alpha and beta scale with arith.muli; both inputs signed by
// default.
// CHECK-LABEL: gpu.func @i8_scaled
// CHECK: %[[C3:.*]] = arith.constant 3 : i32
// CHECK-NEXT: arith.muli %{{.*}}, %[[C3]] : i32
// CHECK: scf.for
// CHECK: arith.extsi
// CHECK: arith.extsi
// CHECK: scf.yield
// CHECK: %[[C2:.*]] = arith.constant 2 : i32
// CHECK-NEXT: arith.muli %{{.*}}, %[[C2]] : i32
gpu.func @i8_scaled(%a: !IA, %b: !IB) kernel attributes {known_block_size = array<i32: 32, 1, 1>} {
  %d = tirx.alloc : !ID
  tirx.gemm cta %d, %a, %b, %d {alpha = 2.0, beta = 3.0} : !ID, !IA, !IB, !ID
  gpu.return
}

// An f16 accumulator sums in f32: C widened, f32 fma per K step, one
// rounding to f16 when D is stored (as the tensor cores keep partial sums
// wider than an f16 accumulator).
// CHECK-LABEL: gpu.func @f16_acc
// CHECK: %[[CH:.*]] = memref.load %{{.*}}[%{{.*}}] : memref<16xf16>
// CHECK-NEXT: arith.extf %[[CH]] : f16 to f32
// CHECK: scf.for
// CHECK: arith.extf %{{.*}} : f16 to f32
// CHECK: arith.extf %{{.*}} : f16 to f32
// CHECK: llvm.intr.fma(%{{.*}}, %{{.*}}, %{{.*}}) : (f32, f32, f32) -> f32
// CHECK: scf.yield
// CHECK: %[[T:.*]] = arith.truncf %{{.*}} : f32 to f16
// CHECK: memref.store %[[T]], %{{.*}}[%{{.*}}] : memref<16xf16>
gpu.func @f16_acc(%a: !HA, %b: !HB2) kernel attributes {known_block_size = array<i32: 32, 1, 1>} {
  %d = tirx.alloc : !HD
  tirx.gemm cta %d, %a, %b, %d {beta = 1.0} : !HD, !HA, !HB2, !HD
  gpu.return
}
}
