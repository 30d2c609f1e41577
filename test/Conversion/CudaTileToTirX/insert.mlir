// REQUIRES: ptxas
// RUN: tile-opt %s | tile-opt | FileCheck %s --check-prefix=TEXT
// RUN: tile-translate --mlir-to-cudatilebc --bytecode-version=13.4 %s | tile-opt | FileCheck %s --check-prefix=TEXT
// RUN: not tile-translate --mlir-to-cudatilebc --bytecode-version=13.3 %s 2>&1 | FileCheck %s --check-prefix=OLD
// RUN: tile-opt %s --convert-cuda-tile-to-tirx=chip=sm_90a | FileCheck %s
// RUN: tile-translate --cuda-tile-to-ptx --chip=sm_90a %s -o %t.ptx
// RUN: %ptxas -arch=sm_90a %t.ptx -o /dev/null

// `insert` (bytecode 13.4): dest with one block replaced by source. The
// result is a register copy of dest; the block is written in registers
// when the bits that select it are register bits, at a dynamic index in
// one scf.index_switch case per block, and through a shared copy of the
// tile when they select threads.

// TEXT-LABEL: entry @regs
// TEXT: insert %{{.*}}, %{{.*}}[%{{.*}}, %{{.*}}] : tile<16x64xf32>, tile<128x64xf32>
// OLD: error: 'insert' requires bytecode version 13.4

// CHECK-LABEL: gpu.func @regs
// CHECK: tirx.permute_layout cta %[[R:[0-9a-z_]+]], %{{.*}} : !tirx.buffer<128x64xf32
// CHECK: %[[B:.*]] = tirx.view %[[R]] {{.*}} -> !tirx.buffer<16x64xf32, local, <S[(256,4):(1@tx,1)] + 12>>
// CHECK: tirx.permute_layout cta %[[B]]
// CHECK-NOT: shared
// CHECK: tirx.copy cta %{{.*}}, %[[R]]

// CHECK-LABEL: gpu.func @dynamic
// CHECK: scf.index_switch
// CHECK: case 0 {
// CHECK: tirx.view
// CHECK: case 7 {
// CHECK: default {

// CHECK-LABEL: gpu.func @threads
// CHECK: tirx.permute_layout cta %[[R:[0-9a-z_]+]], %{{.*}} : !tirx.buffer<128xf32, local
// CHECK: %[[S:.*]] = tirx.alloc : !tirx.buffer<128xf32, shared, <S[128:1]>>
// CHECK: tirx.copy cta %[[S]], %[[R]]
// CHECK: tirx.barrier cta
// CHECK: %[[SB:.*]] = tirx.view %[[S]] {{.*}} -> !tirx.buffer<32xf32, shared, <S[32:1] + 64>>
// CHECK: tirx.copy cta %[[SB]], %{{.*}}
// CHECK: tirx.barrier cta
// CHECK: tirx.copy cta %[[R]], %[[S]]

// A 128x128 f32 tile whose blocks are selected by thread bits goes through a
// 64 KiB shared copy (staging may use the chip's per-CTA limit).
// CHECK-LABEL: gpu.func @large
// CHECK: tirx.alloc : !tirx.buffer<128x128xf32, shared
cuda_tile.module @m {
  entry @regs(%p: tile<ptr<f32>>) {
    %tv = make_tensor_view %p, shape = [128, 64], strides = [64, 1] : tensor_view<128x64xf32, strides=[64,1]>
    %pv = make_partition_view %tv : partition_view<tile=(128x64), tensor_view<128x64xf32, strides=[64,1]>>
    %c0 = constant <i32: 0> : tile<i32>
    %c3 = constant <i32: 3> : tile<i32>
    %x, %t = load_view_tko weak %pv[%c0, %c0] : partition_view<tile=(128x64), tensor_view<128x64xf32, strides=[64,1]>>, tile<i32> -> tile<128x64xf32>, token
    %row = constant <f32: 5.0> : tile<16x64xf32>
    %y = insert %row, %x[%c3, %c0] : tile<16x64xf32>, tile<128x64xf32>
    %t2 = store_view_tko weak %y, %pv[%c0, %c0] : tile<128x64xf32>, partition_view<tile=(128x64), tensor_view<128x64xf32, strides=[64,1]>>, tile<i32> -> token
    return
  }

  entry @dynamic(%p: tile<ptr<f32>>, %k: tile<i32>) {
    %tv = make_tensor_view %p, shape = [128, 64], strides = [64, 1] : tensor_view<128x64xf32, strides=[64,1]>
    %pv = make_partition_view %tv : partition_view<tile=(128x64), tensor_view<128x64xf32, strides=[64,1]>>
    %c0 = constant <i32: 0> : tile<i32>
    %x, %t = load_view_tko weak %pv[%c0, %c0] : partition_view<tile=(128x64), tensor_view<128x64xf32, strides=[64,1]>>, tile<i32> -> tile<128x64xf32>, token
    %row = extract %x[%k, %c0] : tile<128x64xf32> -> tile<16x64xf32>
    %two = constant <f32: 2.0> : tile<16x64xf32>
    %row2 = mulf %row, %two rounding<nearest_even> : tile<16x64xf32>
    %y = insert %row2, %x[%k, %c0] : tile<16x64xf32>, tile<128x64xf32>
    %t2 = store_view_tko weak %y, %pv[%c0, %c0] : tile<128x64xf32>, partition_view<tile=(128x64), tensor_view<128x64xf32, strides=[64,1]>>, tile<i32> -> token
    return
  }

  entry @threads(%p: tile<ptr<f32>>) {
    %tv = make_tensor_view %p, shape = [128], strides = [1] : tensor_view<128xf32, strides=[1]>
    %pv = make_partition_view %tv : partition_view<tile=(128), tensor_view<128xf32, strides=[1]>>
    %c0 = constant <i32: 0> : tile<i32>
    %c2 = constant <i32: 2> : tile<i32>
    %x, %t = load_view_tko weak %pv[%c0] : partition_view<tile=(128), tensor_view<128xf32, strides=[1]>>, tile<i32> -> tile<128xf32>, token
    %part = extract %x[%c2] : tile<128xf32> -> tile<32xf32>
    %one = constant <f32: 1.0> : tile<32xf32>
    %part2 = addf %part, %one rounding<nearest_even> : tile<32xf32>
    %y = insert %part2, %x[%c2] : tile<32xf32>, tile<128xf32>
    %t2 = store_view_tko weak %y, %pv[%c0] : tile<128xf32>, partition_view<tile=(128), tensor_view<128xf32, strides=[1]>>, tile<i32> -> token
    return
  }

  entry @large(%p: tile<ptr<f32>>) {
    %tv = make_tensor_view %p, shape = [128, 128], strides = [128, 1] : tensor_view<128x128xf32, strides=[128,1]>
    %pv = make_partition_view %tv : partition_view<tile=(128x128), tensor_view<128x128xf32, strides=[128,1]>>
    %c0 = constant <i32: 0> : tile<i32>
    %c1 = constant <i32: 1> : tile<i32>
    %c2 = constant <i32: 2> : tile<i32>
    %x, %t = load_view_tko weak %pv[%c0, %c0] : partition_view<tile=(128x128), tensor_view<128x128xf32, strides=[128,1]>>, tile<i32> -> tile<128x128xf32>, token
    %part = constant <f32: 7.0> : tile<64x32xf32>
    %y = insert %part, %x[%c1, %c2] : tile<64x32xf32>, tile<128x128xf32>
    %t2 = store_view_tko weak %y, %pv[%c0, %c0] : tile<128x128xf32>, partition_view<tile=(128x128), tensor_view<128x128xf32, strides=[128,1]>>, tile<i32> -> token
    return
  }
}
