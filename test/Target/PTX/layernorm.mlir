// REQUIRES: ptxas
// RUN: env CUDA_HOME=$(dirname $(dirname %ptxas)) tile-translate --cuda-tile-to-ptx %examples/layernorm.mlir -o %t.ptx
// RUN: FileCheck %s --input-file=%t.ptx
// RUN: %ptxas -arch=sm_90 %t.ptx -o %t.cubin
// RUN: test -s %t.cubin

// examples/layernorm.mlir to PTX: two row sums (butterflies and a shared
// exchange across warps), rsqrt of the variance, bf16 entries convert in and
// out; everything assembles with ptxas for sm_90.

// CHECK-LABEL: // tileir.kernel layernorm_8192 params=(ptr,ptr,ptr,ptr,i32,f32) reqntid=256,1,1
// CHECK-COUNT-5: shfl.sync.bfly.b32
// CHECK: bar.sync
// CHECK: rsqrt
// CHECK: st.global.v4.{{[bf]}}32
// CHECK-LABEL: // tileir.kernel layernorm_bf16_8192 params=(ptr,ptr,ptr,ptr,i32,f32) reqntid=256,1,1
// CHECK: cvt.f32.bf16
// CHECK: shfl.sync.bfly.b32
// CHECK: cvt.rn.bf16
// CHECK: ret;
