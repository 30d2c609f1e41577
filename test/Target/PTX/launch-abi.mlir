// REQUIRES: ptxas
// The tile launch ABI (--launch-abi=tile): a kernel takes all its shared
// memory as one static `.shared` array and no dynamic shared memory
// (`smem=0`), so it runs when launched as cuTile launches tileiras's cubins
// (tile grid, block (1,1,1), no dynamic shared memory); the metadata line
// ends with `abi=tile`. ptxas accepts a static array of 144 KiB for sm_90a.
//
// RUN: tile-translate --cuda-tile-to-ptx --chip=sm_90a --launch-abi=tile %examples/matmul.mlir -o %t.tile.ptx
// RUN: FileCheck %s --check-prefix=TILE < %t.tile.ptx
// RUN: %ptxas -arch=sm_90a %t.tile.ptx -o %t.tile.cubin
//
// The explicit ABI (the default) keeps the 144 KiB in dynamic shared
// memory (147456 + 1024 - 16 bytes: the 1024-byte alignment is reached at
// run time), the line without `abi=`.
// RUN: tile-translate --cuda-tile-to-ptx --chip=sm_90a --launch-abi=explicit %examples/matmul.mlir -o %t.explicit.ptx
// RUN: FileCheck %s --check-prefix=EXPLICIT < %t.explicit.ptx
// RUN: tile-translate --cuda-tile-to-ptx --chip=sm_90a %examples/matmul.mlir -o %t.default.ptx
// RUN: diff %t.explicit.ptx %t.default.ptx
//
// sm_90 is not arch-specific: ptxas takes at most 48 KiB of static shared
// memory there, so the tile ABI refuses the kernel.
// RUN: not tile-translate --cuda-tile-to-ptx --chip=sm_90 --launch-abi=tile %examples/matmul.mlir 2>&1 | FileCheck %s --check-prefix=SM90
//
// Small kernels: no shared memory at all, or the one-element broadcast slot
// of a scalar atomic, which becomes the kernel's one array too.
// RUN: tile-translate --cuda-tile-to-ptx --chip=sm_90 --launch-abi=tile %s -o %t.small.ptx
// RUN: FileCheck %s --check-prefix=SMALL < %t.small.ptx
// RUN: %ptxas -arch=sm_90 %t.small.ptx -o %t.small.cubin
//
// RUN: not tile-translate --cuda-tile-to-ptx --launch-abi=cutile %s 2>&1 | FileCheck %s --check-prefix=BAD

// TILE: // tileir.kernel matmul_bf16 params=(ptr,ptr,ptr,i32) reqntid=256,1,1 smem=0 align=16 abi=tile
// TILE-LABEL: .visible .entry matmul_bf16(
// TILE: .reqntid 256, 1, 1
// TILE-NOT: .extern .shared
// TILE-NOT: __dynamic_shmem__
// TILE: .shared .align 1024 .b8 [[ARR:__wg_matmul_bf16_0]][147456];
// TILE-NOT: .shared .align
// TILE: mov.b64 {{.*}}, [[ARR]];
// TILE: cp.async.cg.shared.global
// TILE: wgmma.mma_async.sync.aligned.m64n256k16.f32.bf16.bf16
// TILE: // tileir.kernel matmul_f16_f32out params=(ptr,ptr,ptr,i32) reqntid=256,1,1 smem=0 align=16 abi=tile
// TILE-LABEL: .visible .entry matmul_f16_f32out(
// TILE-NOT: __dynamic_shmem__
// TILE: .shared .align 1024 .b8 __wg_matmul_f16_f32out_0[147456];
// TILE-NOT: __dynamic_shmem__

// EXPLICIT: // tileir.kernel matmul_bf16 params=(ptr,ptr,ptr,i32) reqntid=256,1,1 smem=148464 align=16 elems=(bf16,bf16,bf16,-) dense=(0,1,2){{$}}
// EXPLICIT: .shared .align 16 .b8 __dynamic_shmem__{{[0-9_]*}};
// EXPLICIT-NOT: __wg_

// SM90: error: 'gpu.func' op needs 147456 bytes of shared memory, all static with the tile launch ABI, more than the 49152 a kernel may declare statically on sm_90 (sm_90a allows 232448)

// SMALL: // tileir.kernel add_one params=(ptr,ptr) reqntid={{[0-9]+}},1,1 smem=0 align=16 abi=tile
// SMALL-LABEL: .visible .entry add_one(
// SMALL-NOT: .shared
// SMALL: ret;
// SMALL: // tileir.kernel scalar params=(ptr,ptr) reqntid=32,1,1 smem=0 align=16 abi=tile
// SMALL-LABEL: .visible .entry scalar(
// The 4-byte array holds one i32; LLVM gives the global that type.
// SMALL: .shared .align 16 .u32 [[SLOT:__wg_scalar_0[$_0-9]*]];
// SMALL-NOT: .shared
// SMALL: atom.acquire.gpu.global.cas.b32
// SMALL: st.shared.b32 [[[SLOT]]]
// SMALL: ld.shared.b32 {{.*}}, [[[SLOT]]]

// BAD: Cannot find option named 'cutile'

cuda_tile.module @small {
  entry @add_one(%a: tile<ptr<f32>>, %b: tile<ptr<f32>>) {
    %ta = make_tensor_view %a, shape = [1024], strides = [1] : tensor_view<1024xf32, strides=[1]>
    %tb = make_tensor_view %b, shape = [1024], strides = [1] : tensor_view<1024xf32, strides=[1]>
    %pa = make_partition_view %ta : partition_view<tile=(1024), tensor_view<1024xf32, strides=[1]>>
    %pb = make_partition_view %tb : partition_view<tile=(1024), tensor_view<1024xf32, strides=[1]>>
    %c0 = constant <i32: 0> : tile<i32>
    %x, %t0 = load_view_tko weak %pa[%c0] : partition_view<tile=(1024), tensor_view<1024xf32, strides=[1]>>, tile<i32> -> tile<1024xf32>, token
    %one = constant <f32: 1.0> : tile<1024xf32>
    %y = addf %x, %one : tile<1024xf32>
    %t1 = store_view_tko weak %y, %pb[%c0] : tile<1024xf32>, partition_view<tile=(1024), tensor_view<1024xf32, strides=[1]>>, tile<i32> -> token
    return
  }

  entry @scalar(%lock: tile<ptr<i32>>, %out: tile<ptr<i32>>) {
    %c0 = constant <i32: 0> : tile<i32>
    %c1 = constant <i32: 1> : tile<i32>
    %old, %t0 = atomic_cas_tko acquire device %lock, %c0, %c1 : tile<ptr<i32>>, tile<i32> -> tile<i32>, token
    %t1 = store_ptr_tko weak %out, %old token = %t0 : tile<ptr<i32>>, tile<i32> -> token
    return
  }
}
