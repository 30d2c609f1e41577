// RUN: tile-opt %s --tirx-dispatch | FileCheck %s

// The `reg` elementwise template on the new primitives: the affine operands
// of the unary math family, fast math (approx/ftz from the unit attributes
// or config), zero/memset constants, the packed f16x2 form and the f8 cast
// through the hardware x2 conversion.

!L = !tirx.buffer<256xf32, local, #tirx.layout<S[(128,2):(1@tx,1)]>>
!H = !tirx.buffer<256xf16, local, #tirx.layout<S[(128,2):(1@tx,1)]>>
!I = !tirx.buffer<256xi16, local, #tirx.layout<S[(128,2):(1@tx,1)]>>
!Q = !tirx.buffer<256xf8E4M3FN, local, #tirx.layout<S[(128,2):(1@tx,1)]>>
gpu.module @m [#nvvm.target<chip = "sm_90">] {

// CHECK-LABEL: gpu.func @sqrt_affine
// CHECK-SAME: %[[S:[^:]*]]: f32
// CHECK: %[[X:.*]] = memref.load
// CHECK: %[[B:.*]] = memref.load
// CHECK: %[[A:.*]] = math.fma %[[X]], %[[S]], %[[B]] : f32
// CHECK: %[[R:.*]] = llvm.call_intrinsic "llvm.nvvm.sqrt.rn.f"(%[[A]]) : (f32) -> f32
// CHECK: memref.store %[[R]]
// CHECK-COUNT-1: llvm.call_intrinsic "llvm.nvvm.sqrt.rn.f"
gpu.func @sqrt_affine(%x: !L, %s: f32, %b: !L) kernel attributes {known_block_size = array<i32: 128, 1, 1>} {
  %d = tirx.alloc : !L
  tirx.sqrt cta %d, %x scale %s : f32 bias %b : !L : !L, !L
  gpu.return
}

// CHECK-LABEL: gpu.func @fast
// CHECK-COUNT-2: llvm.call_intrinsic "llvm.nvvm.lg2.approx.ftz.f"
// CHECK-COUNT-2: llvm.call_intrinsic "llvm.nvvm.rcp.rn.ftz.f"
// CHECK: %[[X:.*]] = memref.load
// CHECK: %[[NL2E:.*]] = arith.constant -1.44269502 : f32
// CHECK: %[[T:.*]] = arith.mulf %[[X]], %[[NL2E]] : f32
// CHECK: %[[E:.*]] = llvm.call_intrinsic "llvm.nvvm.ex2.approx.f32"(%[[T]])
// CHECK: %[[DEN:.*]] = arith.addf %[[E]], %{{.*}} : f32
// CHECK: %[[RCP:.*]] = arith.divf %{{.*}}, %[[DEN]] fastmath<arcp,afn> : f32
// CHECK: arith.mulf %[[X]], %[[RCP]] : f32
// CHECK-COUNT-2: llvm.call_intrinsic "llvm.nvvm.mul.rn.ftz.f"
gpu.func @fast(%x: !L) kernel attributes {known_block_size = array<i32: 128, 1, 1>} {
  %d = tirx.alloc : !L
  tirx.log2 cta %d, %x {config = {approx, ftz}} : !L, !L
  tirx.reciprocal cta %d, %x {ftz} : !L, !L
  tirx.silu cta %d, %x {approx} : !L, !L
  tirx.mul cta %d, %x, %x {config = {ftz = true}} : !L, !L, !L
  gpu.return

// memset is bytewise: 0x01 in both bytes of an i16 is 257.
// CHECK-LABEL: gpu.func @fill_like
// CHECK: %[[Z:.*]] = arith.constant 0.000000e+00 : f16
// CHECK: memref.store %[[Z]]
// CHECK: %[[M:.*]] = arith.constant 257 : i16
// CHECK: memref.store %[[M]]
}
gpu.func @fill_like() kernel attributes {known_block_size = array<i32: 128, 1, 1>} {
  %d = tirx.alloc : !H
  tirx.zero cta %d : !H
  %i = tirx.alloc : !I
  tirx.memset cta %i, 1 : !I
  gpu.return

// CHECK-LABEL: gpu.func @packed
// CHECK: %[[A:.*]] = vector.from_elements %{{.*}}, %{{.*}} : vector<2xf16>
// CHECK: %[[B:.*]] = vector.from_elements %{{.*}}, %{{.*}} : vector<2xf16>
// CHECK: %[[S:.*]] = arith.addf %[[A]], %[[B]] : vector<2xf16>
// CHECK: vector.extract %[[S]][0] : f16 from vector<2xf16>
// CHECK: vector.extract %[[S]][1] : f16 from vector<2xf16>
// CHECK-NOT: arith.addf
// CHECK: %[[X0:.*]] = arith.extf %{{.*}} : f16 to f32
// CHECK: %[[X1:.*]] = arith.extf %{{.*}} : f16 to f32
// CHECK: %[[P:.*]] = nvvm.convert.f32x2.to.f8x2 %[[X1]], %[[X0]] {rnd = #nvvm.fp_rnd_mode<rn>, sat = #nvvm.sat_mode<satfinite>} : vector<2xi8>(f8E4M3FN)
// CHECK: %[[Y0:.*]] = vector.extract %[[P]][0] : i8 from vector<2xi8>
// CHECK: arith.bitcast %[[Y0]] : i8 to f8E4M3FN
}
gpu.func @packed(%x: !H) kernel attributes {known_block_size = array<i32: 128, 1, 1>} {
  %d = tirx.alloc : !H
  tirx.add cta %d, %x, %x : !H, !H, !H
  %q = tirx.alloc : !Q
  tirx.cast cta %q, %x : !Q, !H
  gpu.return
}
}
