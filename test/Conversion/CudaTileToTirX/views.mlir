// RUN: tile-opt %s --convert-cuda-tile-to-tirx | FileCheck %s

// Tensor and partition views become tirx.global_view / tirx.region; view
// loads and stores become tirx.copy between the region and a register buffer
// with the blocked layout, loads carrying the view's padding value.

// CHECK: module attributes {gpu.container_module}
// CHECK: gpu.module @views [#nvvm.target<O = 3, chip = "sm_90", features = "+ptx80">]
// CHECK-NOT: cuda_tile
cuda_tile.module @views {
  // 1024 f32 per tile: 128 threads, 4 consecutive elements each, twice.
  // CHECK-LABEL: gpu.func @copy_1d
  // CHECK-SAME: (%[[A:.*]]: !llvm.ptr<1>, %[[C:.*]]: !llvm.ptr<1>, %[[N:.*]]: i32)
  // CHECK-SAME: kernel
  // CHECK-SAME: known_block_size = array<i32: 128, 1, 1>
  // CHECK-SAME: nvvm.reqntid = array<i32: 128, 1, 1>
  // CHECK-SAME: tileir.abi = ["ptr", "ptr", "i32"]
  // CHECK: %[[NI:.*]] = arith.index_cast %[[N]] : i32 to index
  // CHECK: %[[GA:.*]] = tirx.global_view %[[A]] sizes [%[[NI]]] strides [1] {alignment = 16 : i64} : <1> -> !tirx.buffer<?xf32, global>
  // CHECK: %[[GC:.*]] = tirx.global_view %[[C]] sizes [%{{.*}}] strides [1] {alignment = 16 : i64} : <1> -> !tirx.buffer<?xf32, global>
  // CHECK: %[[BX:.*]] = gpu.block_id x
  // CHECK: %[[BX32:.*]] = arith.index_castui %[[BX]] : index to i32
  // CHECK: %[[BXI:.*]] = arith.index_cast %[[BX32]] : i32 to index
  // CHECK: %[[C1024:.*]] = arith.constant 1024 : index
  // CHECK: %[[OFF:.*]] = arith.muli %[[BXI]], %[[C1024]] : index
  // CHECK: %[[RA:.*]] = tirx.region %[[GA]] [%[[OFF]]] : !tirx.buffer<?xf32, global> -> !tirx.buffer<1024xf32, global>
  // CHECK: %[[V:.*]] = tirx.alloc : !tirx.buffer<1024xf32, local, <S[(2,128,4):(4,1@tx,1)]>>
  // CHECK: tirx.copy cta %[[V]], %[[RA]] {padding = 0xFF800000 : f32}
  // CHECK: %[[RC:.*]] = tirx.region %[[GC]] [%{{.*}}] : !tirx.buffer<?xf32, global> -> !tirx.buffer<1024xf32, global>
  // CHECK-NOT: gpu.barrier
  // CHECK: tirx.copy cta %[[RC]], %[[V]] : !tirx.buffer<1024xf32, global>, !tirx.buffer<1024xf32, local, <S[(2,128,4):(4,1@tx,1)]>>
  // CHECK-NEXT: gpu.return
  entry @copy_1d(%a: tile<ptr<f32>>, %c: tile<ptr<f32>>, %n: tile<i32>) {
    %ta = make_tensor_view %a, shape = [%n], strides = [1] : tile<i32> -> tensor_view<?xf32, strides=[1]>
    %tc = make_tensor_view %c, shape = [%n], strides = [1] : tile<i32> -> tensor_view<?xf32, strides=[1]>
    %pa = make_partition_view %ta : partition_view<tile=(1024), padding_value = neg_inf, tensor_view<?xf32, strides=[1]>>
    %pc = make_partition_view %tc : partition_view<tile=(1024), tensor_view<?xf32, strides=[1]>>
    %bx, %by, %bz = get_tile_block_id : tile<i32>
    %v, %t0 = load_view_tko weak %pa[%bx] : partition_view<tile=(1024), padding_value = neg_inf, tensor_view<?xf32, strides=[1]>>, tile<i32> -> tile<1024xf32>, token
    %t1 = store_view_tko weak %v, %pc[%bx] : tile<1024xf32>, partition_view<tile=(1024), tensor_view<?xf32, strides=[1]>>, tile<i32> -> token
    return
  }

  // 4x64 f16 (256 elements): 16-byte runs are 8 halves, 32 threads; a view
  // without padding_value pads with zero. The region offsets are the tile
  // indices times the tile shape.
  // CHECK-LABEL: gpu.func @copy_2d_f16
  // CHECK-SAME: known_block_size = array<i32: 32, 1, 1>
  // CHECK: %[[G:.*]] = tirx.global_view %{{.*}} sizes [%{{.*}}, 64] strides [64, 1] {alignment = 16 : i64} : <1> -> !tirx.buffer<?x64xf16, global>
  // CHECK: %[[I:.*]] = arith.index_cast %{{.*}} : i32 to index
  // CHECK: %[[J:.*]] = arith.index_cast %{{.*}} : i32 to index
  // CHECK: %[[C4:.*]] = arith.constant 4 : index
  // CHECK: %[[ROW:.*]] = arith.muli %[[I]], %[[C4]] : index
  // CHECK: %[[C64:.*]] = arith.constant 64 : index
  // CHECK: %[[COL:.*]] = arith.muli %[[J]], %[[C64]] : index
  // CHECK: %[[R:.*]] = tirx.region %[[G]] [%[[ROW]], %[[COL]]] : !tirx.buffer<?x64xf16, global> -> !tirx.buffer<4x64xf16, global>
  // CHECK: %[[V:.*]] = tirx.alloc : !tirx.buffer<4x64xf16, local, <S[(32,8):(1@tx,1)]>>
  // CHECK: tirx.copy cta %[[V]], %[[R]] {padding = 0.000000e+00 : f16}
  entry @copy_2d_f16(%x: tile<ptr<f16>>, %rows: tile<i32>) {
    %tx = make_tensor_view %x, shape = [%rows, 64], strides = [64, 1] : tile<i32> -> tensor_view<?x64xf16, strides=[64,1]>
    %px = make_partition_view %tx : partition_view<tile=(4x64), tensor_view<?x64xf16, strides=[64,1]>>
    %bx, %by, %bz = get_tile_block_id : tile<i32>
    %c0 = constant <i32: 0> : tile<i32>
    %v, %t0 = load_view_tko weak %px[%bx, %c0] : partition_view<tile=(4x64), tensor_view<?x64xf16, strides=[64,1]>>, tile<i32> -> tile<4x64xf16>, token
    return
  }

  // A load ordered after a store (through its token) waits for the whole
  // CTA's store with a gpu.barrier; a splat constant is stored through a
  // filled register buffer.
  // CHECK-LABEL: gpu.func @store_then_load
  // CHECK: %[[ONE:.*]] = arith.constant 1.000000e+00 : f32
  // CHECK: %[[B:.*]] = tirx.alloc : !tirx.buffer<256xf32, local, <S[(2,32,4):(4,1@tx,1)]>>
  // CHECK: tirx.fill cta %[[B]], %[[ONE]]
  // CHECK: tirx.copy cta %{{.*}}, %[[B]] : !tirx.buffer<256xf32, global>
  // CHECK-NEXT: gpu.barrier
  // CHECK: tirx.copy cta %{{.*}}, %{{.*}} {padding = 0.000000e+00 : f32} : !tirx.buffer<256xf32, local
  entry @store_then_load(%x: tile<ptr<f32>>) {
    %tx = make_tensor_view %x, shape = [256], strides = [1] : tensor_view<256xf32, strides=[1]>
    %px = make_partition_view %tx : partition_view<tile=(256), tensor_view<256xf32, strides=[1]>>
    %c0 = constant <i32: 0> : tile<i32>
    %one = constant <f32: 1.0> : tile<256xf32>
    %t0 = store_view_tko weak %one, %px[%c0] : tile<256xf32>, partition_view<tile=(256), tensor_view<256xf32, strides=[1]>>, tile<i32> -> token
    %v, %t1 = load_view_tko weak %px[%c0] token = %t0 : partition_view<tile=(256), tensor_view<256xf32, strides=[1]>>, tile<i32> -> tile<256xf32>, token
    return
  }
}
