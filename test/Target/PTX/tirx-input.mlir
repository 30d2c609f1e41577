// A module of tirx kernels (gpu.modules of gpu.funcs) compiles from
// tirx-to-nvvm on: the target comes from --chip where the gpu.module has
// none, the CTA size from known_block_size, the ABI from the argument types.
// RUN: tile-translate --cuda-tile-to-ptx --chip=sm_80 %s | FileCheck %s
// RUN: not tile-translate --cuda-tile-to-ptx --split-input-file %s.bad 2>&1 | FileCheck %s.bad --check-prefix=BAD
// CHECK: .target sm_80
// CHECK: // tileir.kernel scale params=(ptr,i64,f32) reqntid=128,1,1
// CHECK: .entry scale(
// CHECK: .reqntid 128, 1, 1
// CHECK: mul.rn.f32

!L = !tirx.buffer<1024xf32, local, #tirx.layout<S[(2,128,4):(4,1@tx,1)]>>
gpu.module @m {
  gpu.func @scale(%p: !llvm.ptr<1>, %tile: index, %s: f32) kernel attributes {known_block_size = array<i32: 128, 1, 1>} {
    %g = tirx.global_view %p sizes [1048576] strides [1] {alignment = 16 : i64} : !llvm.ptr<1> -> !tirx.buffer<1048576xf32, global>
    %c1024 = arith.constant 1024 : index
    %off = arith.muli %tile, %c1024 : index
    %r = tirx.region %g [%off] : !tirx.buffer<1048576xf32, global> -> !tirx.buffer<1024xf32, global>
    %a = tirx.alloc : !L
    tirx.copy cta %a, %r : !L, !tirx.buffer<1024xf32, global>
    tirx.mul cta %a, %a, %s : !L, !L, f32
    tirx.copy cta %r, %a : !tirx.buffer<1024xf32, global>, !L
    gpu.return
  }
}
