// RUN: tile-opt %s --convert-cuda-tile-to-tirx=chip=sm_90a | FileCheck %s
// RUN: tile-translate --cuda-tile-to-ptx --chip=sm_90a %s -o %t.ptx
// RUN: FileCheck %s --check-prefix=PTX < %t.ptx

// A tile stored to a view whose last dimension is contiguous goes out in the
// blocked layout (each thread 16 contiguous bytes, lanes on consecutive
// chunks) when its own layout would scatter a warp's stores: the permuted
// tile of a transpose is converted first (tirx.permute_layout; dispatch
// stages it through shared memory with rows padded by 16 bytes:
// test/Dispatch/permute-layout-cta.mlir). A tile already in a coalescing
// layout is stored as it is; so is one whose view has no known contiguous
// dimension.

// CHECK-LABEL: gpu.func @transpose
// CHECK: tirx.copy
// CHECK: %[[B:.*]] = tirx.alloc : !tirx.buffer<64x64xf32, local, <S[(4,256,4):(4,1@tx,1)]>>
// CHECK-NEXT: tirx.permute_layout cta %[[B]], %{{.*}} : {{.*}}, !tirx.buffer<64x64xf32, local, <S[(16,4,4,16):(1@tx,1,4,16@tx)]>>
// CHECK: tirx.copy cta %{{.*}}, %[[B]] : !tirx.buffer<64x64xf32, global>
// CHECK-LABEL: gpu.func @copy
// CHECK-NOT: shared
// CHECK: tirx.copy cta %{{.*}}, %{{.*}} : !tirx.buffer<64x64xf32, global>, !tirx.buffer<64x64xf32, local, <S[(4,256,4):(4,1@tx,1)]>>
// CHECK-LABEL: gpu.func @strided
// CHECK-NOT: shared
// CHECK: tirx.copy cta %{{.*}}, %{{.*}} : !tirx.buffer<64x64xf32, global>, !tirx.buffer<64x64xf32, local, <S[(16,4,4,16):(1@tx,1,4,16@tx)]>>

// PTX-LABEL: .entry transpose(
// PTX: st.shared.b32
// PTX: bar.sync
// PTX: ld.shared.v4.b32
// PTX: st.global.v4.b32
cuda_tile.module @m {
  entry @transpose(%x: tile<ptr<f32>>, %y: tile<ptr<f32>>) {
    %tx = make_tensor_view %x, shape = [64, 64], strides = [64, 1] : tensor_view<64x64xf32, strides=[64,1]>
    %px = make_partition_view %tx : partition_view<tile=(64x64), tensor_view<64x64xf32, strides=[64,1]>>
    %ty = make_tensor_view %y, shape = [64, 64], strides = [64, 1] : tensor_view<64x64xf32, strides=[64,1]>
    %py = make_partition_view %ty : partition_view<tile=(64x64), tensor_view<64x64xf32, strides=[64,1]>>
    %c0 = constant <i32: 0> : tile<i32>
    %v, %t0 = load_view_tko weak %px[%c0, %c0] : partition_view<tile=(64x64), tensor_view<64x64xf32, strides=[64,1]>>, tile<i32> -> tile<64x64xf32>, token
    %p = permute %v [1, 0] : tile<64x64xf32> -> tile<64x64xf32>
    %t1 = store_view_tko weak %p, %py[%c0, %c0] : tile<64x64xf32>, partition_view<tile=(64x64), tensor_view<64x64xf32, strides=[64,1]>>, tile<i32> -> token
    return
  }
  entry @copy(%x: tile<ptr<f32>>, %y: tile<ptr<f32>>) {
    %tx = make_tensor_view %x, shape = [64, 64], strides = [64, 1] : tensor_view<64x64xf32, strides=[64,1]>
    %px = make_partition_view %tx : partition_view<tile=(64x64), tensor_view<64x64xf32, strides=[64,1]>>
    %ty = make_tensor_view %y, shape = [64, 64], strides = [64, 1] : tensor_view<64x64xf32, strides=[64,1]>
    %py = make_partition_view %ty : partition_view<tile=(64x64), tensor_view<64x64xf32, strides=[64,1]>>
    %c0 = constant <i32: 0> : tile<i32>
    %v, %t0 = load_view_tko weak %px[%c0, %c0] : partition_view<tile=(64x64), tensor_view<64x64xf32, strides=[64,1]>>, tile<i32> -> tile<64x64xf32>, token
    %t1 = store_view_tko weak %v, %py[%c0, %c0] : tile<64x64xf32>, partition_view<tile=(64x64), tensor_view<64x64xf32, strides=[64,1]>>, tile<i32> -> token
    return
  }
  entry @strided(%x: tile<ptr<f32>>, %y: tile<ptr<f32>>, %s: tile<i32>) {
    %tx = make_tensor_view %x, shape = [64, 64], strides = [64, 1] : tensor_view<64x64xf32, strides=[64,1]>
    %px = make_partition_view %tx : partition_view<tile=(64x64), tensor_view<64x64xf32, strides=[64,1]>>
    %ty = make_tensor_view %y, shape = [64, 64], strides = [%s, %s] : tile<i32> -> tensor_view<64x64xf32, strides=[?,?]>
    %py = make_partition_view %ty : partition_view<tile=(64x64), tensor_view<64x64xf32, strides=[?,?]>>
    %c0 = constant <i32: 0> : tile<i32>
    %v, %t0 = load_view_tko weak %px[%c0, %c0] : partition_view<tile=(64x64), tensor_view<64x64xf32, strides=[64,1]>>, tile<i32> -> tile<64x64xf32>, token
    %p = permute %v [1, 0] : tile<64x64xf32> -> tile<64x64xf32>
    %t1 = store_view_tko weak %p, %py[%c0, %c0] : tile<64x64xf32>, partition_view<tile=(64x64), tensor_view<64x64xf32, strides=[?,?]>>, tile<i32> -> token
    return
  }
}
