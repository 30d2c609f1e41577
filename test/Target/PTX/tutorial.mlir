// RUN: tile-translate --cuda-tile-to-ptx %examples/tutorial/01_vector_add.mlir | FileCheck %s --check-prefix=VADD
// RUN: tile-translate --cuda-tile-to-ptx %examples/tutorial/02_softmax.mlir | FileCheck %s --check-prefix=SOFTMAX
// RUN: tile-translate --cuda-tile-to-ptx --chip=sm_90a %examples/tutorial/03_matmul.mlir | FileCheck %s --check-prefix=WGMMA
// RUN: tile-translate --cuda-tile-to-ptx --chip=sm_90 %examples/tutorial/03_matmul.mlir | FileCheck %s --check-prefix=MMASYNC
// RUN: tile-opt --convert-cuda-tile-to-tirx --tirx-dispatch=report %examples/tutorial/01_vector_add.mlir -o /dev/null 2>&1 | FileCheck %s --check-prefix=REPORT

// The kernels of docs/Tutorial.md (examples/tutorial) compile to PTX with
// the metadata lines and instructions the tutorial shows.

// VADD: // tileir.kernel vector_add params=(ptr,ptr,ptr,i32) reqntid=128,1,1 smem=0 align=16 elems=(f32,f32,f32,-) dense=(0,1,2)
// VADD-NEXT: .visible .entry vector_add(
// VADD: add.rn.f32

// SOFTMAX: // tileir.kernel softmax params=(ptr,ptr,i32,i32) reqntid=128,1,1 smem=0 align=16 elems=(f32,f32,-,-)
// SOFTMAX: div.rn.f32

// WGMMA: // tileir.kernel matmul params=(ptr,ptr,ptr,i32,i32,i32) reqntid=128,1,1 smem={{[0-9]+}} align=16 elems=(f16,f16,f32,-,-,-)
// WGMMA: cp.async
// WGMMA: wgmma.mma_async.sync.aligned.m64n128k16.f32.f16.f16

// MMASYNC: // tileir.kernel matmul params=(ptr,ptr,ptr,i32,i32,i32) reqntid=256,1,1
// MMASYNC-NOT: wgmma
// MMASYNC: mma.sync.aligned.m16n8k16.row.col.f32.f16.f16.f32

// REPORT: 01_vector_add.mlir:15:21: remark: tirx.copy -> variant 'vec_auto'
// REPORT: 01_vector_add.mlir:16:21: remark: tirx.copy -> variant 'vec_auto'
// REPORT: 01_vector_add.mlir:17:12: remark: tirx.map -> variant 'reg'
// REPORT: 01_vector_add.mlir:18:16: remark: tirx.copy -> variant 'vec_auto'
