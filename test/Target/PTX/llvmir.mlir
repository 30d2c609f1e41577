// RUN: tile-translate --cuda-tile-to-llvmir %examples/vector_add.mlir | FileCheck %s

// --cuda-tile-to-llvmir prints the device LLVM IR: ptx_kernel functions with
// global-address-space pointer parameters and the CTA size as nvvm.reqntid.

// CHECK-LABEL: define ptx_kernel void @vadd_view(
// CHECK-SAME: ptr addrspace(1) %{{.*}}, ptr addrspace(1) %{{.*}}, ptr addrspace(1) %{{.*}}, i32 %{{.*}}) #[[ATTR:[0-9]+]]
// CHECK: call {{.*}}i32 @llvm.nvvm.read.ptx.sreg.ctaid.x()
// CHECK: call {{.*}}i32 @llvm.nvvm.read.ptx.sreg.tid.x()
// CHECK: load <4 x float>, ptr addrspace(1) %{{.*}}, align 16
// CHECK: fadd float
// CHECK: store <4 x float> %{{.*}}, ptr addrspace(1) %{{.*}}, align 16
// CHECK-LABEL: define ptx_kernel void @vadd_ptr(
// CHECK: attributes #[[ATTR]] = { {{.*}}"nvvm.reqntid"="128,1,1"
