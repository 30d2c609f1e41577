// RUN: tile-translate --cuda-tile-to-ptx %examples/vector_add.mlir | FileCheck %s

// examples/vector_add.mlir to PTX: one .entry per cuda_tile entry with the
// same name, the parameters in order, the fixed CTA size in .reqntid, the
// ABI comment the runtime reads, 16-byte vector accesses for whole tiles.

// CHECK: .version 8.0
// CHECK: .target sm_90
// CHECK-LABEL: // tileir.kernel vadd_view params=(ptr,ptr,ptr,i32) reqntid=128,1,1
// CHECK-NEXT: .visible .entry vadd_view(
// CHECK-NEXT: .param .u64 {{.*}}vadd_view_param_0,
// CHECK-NEXT: .param .u64 {{.*}}vadd_view_param_1,
// CHECK-NEXT: .param .u64 {{.*}}vadd_view_param_2,
// CHECK-NEXT: .param .u32 vadd_view_param_3
// CHECK-NEXT: )
// CHECK-NEXT: .reqntid 128, 1, 1
// CHECK: mov.u32 {{.*}}, %ctaid.x;
// CHECK: mov.u32 {{.*}}, %tid.x;
// CHECK-DAG: ld.global.v4.{{[bf]}}32 {{.*}}, [%[[A:rd[0-9]+]]];
// CHECK-DAG: ld.global.v4.{{[bf]}}32 {{.*}}, [%[[A]]+2048];
// CHECK-DAG: ld.global.v4.{{[bf]}}32 {{.*}}, [%[[B:rd[0-9]+]]];
// CHECK-DAG: ld.global.v4.{{[bf]}}32 {{.*}}, [%[[B]]+2048];
// CHECK: add.rn.f32
// CHECK-DAG: st.global.v4.{{[bf]}}32 [%[[C:rd[0-9]+]]], {
// CHECK-DAG: st.global.v4.{{[bf]}}32 [%[[C]]+2048], {
// CHECK: ret;

// The pointer style: base + iota pointers with an idx < n mask take the same
// vector path as views (a global view of n elements).
// CHECK-LABEL: // tileir.kernel vadd_ptr params=(ptr,ptr,ptr,i32) reqntid=128,1,1
// CHECK-NEXT: .visible .entry vadd_ptr(
// CHECK: .reqntid 128, 1, 1
// CHECK: ld.global.v4.{{[bf]}}32
// CHECK: st.global.v4.{{[bf]}}32
// CHECK: ret;
