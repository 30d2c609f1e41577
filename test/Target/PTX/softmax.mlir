// RUN: tile-translate --cuda-tile-to-ptx %examples/softmax.mlir | FileCheck %s

// examples/softmax.mlir to PTX: the row max and row sum are warp butterflies
// (shfl.sync.bfly) and, from 64 threads up, an exchange through static
// shared memory between two bar.syncs; the row is scaled by one IEEE
// reciprocal (rcp.rn) of the sum.

// CHECK: .target sm_90
// CHECK-LABEL: // tileir.kernel softmax_128 params=(ptr,ptr,i32) reqntid=32,1,1
// CHECK-NEXT: .visible .entry softmax_128(
// CHECK: .reqntid 32, 1, 1
// CHECK-NOT: .shared
// CHECK: ld.global.v4.{{[bf]}}32
// CHECK-COUNT-5: shfl.sync.bfly.b32 {{.*}}, {{.*}}, {{1|2|4|8|16}}, 31, -1;
// CHECK-NOT: bar.sync
// CHECK: rcp.rn.f32 [[R:%r[0-9]+]],
// CHECK: mul.rn.f32 {{%r[0-9]+}}, {{%r[0-9]+}}, [[R]];
// CHECK: st.global.v4.{{[bf]}}32
// CHECK: ret;

// CHECK-LABEL: // tileir.kernel softmax_512 params=(ptr,ptr,i32) reqntid=64,1,1
// CHECK-NEXT: .visible .entry softmax_512(
// CHECK: .reqntid 64, 1, 1
// CHECK: .shared .align 128 .b8 __wg_softmax_512_{{[0-9]+}}[256];
// CHECK: shfl.sync.bfly.b32
// CHECK: bar.sync 0;
// CHECK: st.shared.b32
// CHECK-NEXT: bar.sync 0;
// CHECK: ld.shared.b32

// CHECK-LABEL: // tileir.kernel softmax_8192 params=(ptr,ptr,i32) reqntid=256,1,1
// CHECK-NEXT: .visible .entry softmax_8192(
// CHECK: .reqntid 256, 1, 1
