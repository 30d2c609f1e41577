// RUN: tile-opt %s --cuda-tile-to-nvvm | FileCheck %s
// RUN: tile-opt %s --cuda-tile-to-nvvm="chip=sm_80 num-threads=64" | FileCheck %s --check-prefix=SM80

// The whole pipeline in tile-opt: cuda_tile in, llvm.func kernels with NVVM
// annotations in a gpu.module out; no cuda_tile, tirx, scf or gpu op (other
// than the module) and no unrealized cast survives.

// CHECK: gpu.module @pipeline [#nvvm.target<O = 3, chip = "sm_90", features = "+ptx80">]
// CHECK-LABEL: llvm.func @scale(
// CHECK-SAME: %{{.*}}: !llvm.ptr<1>, %{{.*}}: f32, %{{.*}}: i32)
// known_block_size (which would sort between the two) is gone: upstream
// would turn it into a .maxntid that ptxas rejects next to .reqntid.
// CHECK-SAME: attributes {gpu.kernel, nvvm.kernel, nvvm.reqntid = array<i32: 128, 1, 1>
// CHECK: nvvm.read.ptx.sreg.tid.x
// CHECK: llvm.load %{{.*}} {alignment = 16 : i64} : !llvm.ptr<1> -> vector<4xf32>
// CHECK: llvm.fmul
// CHECK: llvm.store %{{.*}}, %{{.*}} {alignment = 16 : i64} : vector<4xf32>, !llvm.ptr<1>
// CHECK-NOT: tirx.
// CHECK-NOT: cuda_tile
// CHECK-NOT: scf.
// CHECK-NOT: memref.
// CHECK-NOT: unrealized_conversion_cast
// CHECK-NOT: gpu.func

// SM80: gpu.module @pipeline [#nvvm.target<O = 3, chip = "sm_80", features = "+ptx70">]
// SM80: llvm.func @scale(
// SM80-SAME: nvvm.reqntid = array<i32: 64, 1, 1>
cuda_tile.module @pipeline {
  entry @scale(%x: tile<ptr<f32>>, %s: tile<f32>, %n: tile<i32>) {
    %tx = make_tensor_view %x, shape = [%n], strides = [1] : tile<i32> -> tensor_view<?xf32, strides=[1]>
    %px = make_partition_view %tx : partition_view<tile=(1024), tensor_view<?xf32, strides=[1]>>
    %bx, %by, %bz = get_tile_block_id : tile<i32>
    %v, %t0 = load_view_tko weak %px[%bx] : partition_view<tile=(1024), tensor_view<?xf32, strides=[1]>>, tile<i32> -> tile<1024xf32>, token
    %s1 = reshape %s : tile<f32> -> tile<1xf32>
    %sb = broadcast %s1 : tile<1xf32> -> tile<1024xf32>
    %y = mulf %v, %sb : tile<1024xf32>
    %t1 = store_view_tko weak %y, %px[%bx] : tile<1024xf32>, partition_view<tile=(1024), tensor_view<?xf32, strides=[1]>>, tile<i32> -> token
    return
  }
}
