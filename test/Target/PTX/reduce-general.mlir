// REQUIRES: ptxas
// RUN: tile-opt %s --convert-cuda-tile-to-tirx=chip=sm_90a | FileCheck %s --check-prefix=TIRX
// RUN: tile-opt %s --convert-cuda-tile-to-tirx=chip=sm_90a --tirx-dispatch | FileCheck %s --check-prefix=DISPATCH
// RUN: tile-translate --cuda-tile-to-ptx --chip=sm_90a %s -o %t.ptx
// RUN: FileCheck %s --check-prefix=PTX < %t.ptx
// RUN: %ptxas -arch=sm_90a %t.ptx -o /dev/null

// Reductions the general variants take: 64-bit elements (shuffled as they
// are; the NVVM lowering splits each shuffle in two 32-bit ones), a
// cross-warp exchange larger than the scratch (in rounds of as many kept
// values as fit), and operands in different layouts whose conversion
// through shared memory would not fit at once (converted block by block).

// DISPATCH-LABEL: gpu.func @product_i64
// DISPATCH: gpu.shuffle xor {{.*}} : i64
// PTX-LABEL: .entry product_i64(
// PTX: shfl.sync.bfly.b32
// PTX: mul.lo.s64

// TIRX-LABEL: gpu.func @argmin_blocks
// TIRX: tirx.permute_layout cta %{{.*}}, %{{.*}} : !tirx.buffer<16384xi32, local, <S[(32,256,2):(2,1@tx,1)]>>, !tirx.buffer<16384xi32, local, <S[(16,256,4):(4,1@tx,1)]>>
// TIRX: tirx.reduce cta

// DISPATCH-LABEL: gpu.func @argmin_blocks
// DISPATCH: tirx.alloc : !tirx.buffer<8192xi32, shared, <S[8192:1]>>
// DISPATCH: tirx.barrier cta
// DISPATCH: tirx.barrier cta
// DISPATCH: tirx.barrier cta
// DISPATCH-NOT: tirx.barrier

// DISPATCH-LABEL: gpu.func @max_two_axes
// DISPATCH: tirx.buffer<4096xf32, shared
// DISPATCH: gpu.barrier
// DISPATCH: memref.store {{.*}} : memref<4096xf32, #gpu.address_space<workgroup>>
// DISPATCH: gpu.barrier
// DISPATCH: memref.load {{.*}} : memref<4096xf32, #gpu.address_space<workgroup>>
// DISPATCH: gpu.barrier
// DISPATCH: memref.store {{.*}} : memref<4096xf32, #gpu.address_space<workgroup>>
// DISPATCH: gpu.barrier
// DISPATCH: memref.load {{.*}} : memref<4096xf32, #gpu.address_space<workgroup>>
cuda_tile.module @m {
  entry @product_i64(%out: tile<ptr<i64>>) {
    %i = iota : tile<512xi64>
    %r = reshape %i : tile<512xi64> -> tile<4x128xi64>
    %p = reduce %r dim=1 identities=[1 : i64] : tile<4x128xi64> -> tile<4xi64>
    (%a: tile<i64>, %b: tile<i64>) {
      %m = muli %a, %b : tile<i64>
      yield %m : tile<i64>
    }
    %pt = reshape %out : tile<ptr<i64>> -> tile<1xptr<i64>>
    %pb = broadcast %pt : tile<1xptr<i64>> -> tile<4xptr<i64>>
    %o = iota : tile<4xi32>
    %ptrs = offset %pb, %o : tile<4xptr<i64>>, tile<4xi32> -> tile<4xptr<i64>>
    %t = store_ptr_tko weak %ptrs, %p : tile<4xptr<i64>>, tile<4xi64> -> token
    return
  }
  entry @argmin_blocks(%x: tile<ptr<i64>>, %out: tile<ptr<i32>>) {
    %tx = make_tensor_view %x, shape = [128, 128], strides = [128, 1] : tensor_view<128x128xi64, strides=[128,1]>
    %px = make_partition_view %tx : partition_view<tile=(128x128), tensor_view<128x128xi64, strides=[128,1]>>
    %c0 = constant <i32: 0> : tile<i32>
    %v, %t0 = load_view_tko weak %px[%c0, %c0] : partition_view<tile=(128x128), tensor_view<128x128xi64, strides=[128,1]>>, tile<i32> -> tile<128x128xi64>, token
    %flat = reshape %v : tile<128x128xi64> -> tile<16384xi64>
    %idx = iota : tile<16384xi32>
    %r:2 = reduce %flat, %idx dim=0 identities=[9223372036854775807 : i64, 0 : i32] : tile<16384xi64>, tile<16384xi32> -> tile<i64>, tile<i32>
    (%a: tile<i64>, %b: tile<i64>, %ia: tile<i32>, %ib: tile<i32>) {
      %lt = cmpi less_than %a, %b, signed : tile<i64> -> tile<i1>
      %eq = cmpi equal %a, %b, signed : tile<i64> -> tile<i1>
      %ilt = cmpi less_than %ia, %ib, signed : tile<i32> -> tile<i1>
      %tie = andi %eq, %ilt : tile<i1>
      %take = ori %lt, %tie : tile<i1>
      %m = select %take, %a, %b : tile<i1>, tile<i64>
      %mi = select %take, %ia, %ib : tile<i1>, tile<i32>
      yield %m, %mi : tile<i64>, tile<i32>
    }
    %t = store_ptr_tko weak %out, %r#1 : tile<ptr<i32>>, tile<i32> -> token
    return
  }

  entry @max_two_axes(%x: tile<ptr<f32>>, %out: tile<ptr<f32>>) {
    %tx = make_tensor_view %x, shape = [32, 32, 64], strides = [2048, 64, 1] : tensor_view<32x32x64xf32, strides=[2048,64,1]>
    %px = make_partition_view %tx : partition_view<tile=(32x32x64), tensor_view<32x32x64xf32, strides=[2048,64,1]>>
    %c0 = constant <i32: 0> : tile<i32>
    %v, %t0 = load_view_tko weak %px[%c0, %c0, %c0] : partition_view<tile=(32x32x64), tensor_view<32x32x64xf32, strides=[2048,64,1]>>, tile<i32> -> tile<32x32x64xf32>, token
    %r = reduce %v dim=2 identities=[0xFF800000 : f32] : tile<32x32x64xf32> -> tile<32x32xf32>
    (%a: tile<f32>, %b: tile<f32>) {
      %m = maxf %a, %b : tile<f32>
      yield %m : tile<f32>
    }
    %r2 = reduce %r dim=1 identities=[0xFF800000 : f32] : tile<32x32xf32> -> tile<32xf32>
    (%a: tile<f32>, %b: tile<f32>) {
      %m = maxf %a, %b : tile<f32>
      yield %m : tile<f32>
    }
    %to = make_tensor_view %out, shape = [32], strides = [1] : tensor_view<32xf32, strides=[1]>
    %po = make_partition_view %to : partition_view<tile=(32), tensor_view<32xf32, strides=[1]>>
    %t1 = store_view_tko weak %r2, %po[%c0] : tile<32xf32>, partition_view<tile=(32), tensor_view<32xf32, strides=[1]>>, tile<i32> -> token
    return
  }
}
