// REQUIRES: ptxas
// RUN: tile-opt %s --convert-cuda-tile-to-tirx=chip=sm_90a | FileCheck %s
// RUN: tile-translate --cuda-tile-to-ptx --chip=sm_90a %s -o %t.ptx
// RUN: FileCheck %s --check-prefix=PTX < %t.ptx
// RUN: %ptxas -arch=sm_90a %t.ptx -o /dev/null

// A partition view with dim_map (tile dimension d walks tensor dimension
// dim_map[d]) is loaded and stored as a region in tensor dimension order,
// the tile being a permuted view of those registers: the global accesses
// are the coalesced, vectorized ones of an ordinary tile.

// CHECK-LABEL: gpu.func @transposed
// CHECK: %[[L:.*]] = tirx.alloc : !tirx.buffer<32x16xf32, local, [[BL:.*]]>
// CHECK: tirx.copy cta %[[L]], %{{.*}} {padding = 0.000000e+00 : f32} : !tirx.buffer<32x16xf32, local, [[BL]]>, !tirx.buffer<32x16xf32, global>
// CHECK: %[[T:.*]] = tirx.view %[[L]] : !tirx.buffer<32x16xf32, local, [[BL]]> -> !tirx.buffer<16x32xf32, local
// CHECK: tirx.view %{{.*}} : !tirx.buffer<16x32xf32, local, {{.*}}> -> !tirx.buffer<32x16xf32, local, [[BL]]>
// CHECK: tirx.copy cta %{{.*}}, %{{.*}} : !tirx.buffer<32x16xf32, global>, !tirx.buffer<32x16xf32, local, [[BL]]>
// CHECK-NOT: tirx.load_ptr
// CHECK-NOT: tirx.store_ptr

// PTX-LABEL: .entry transposed(
// PTX: ld.global.v4.b32
// PTX: st.global.v4.b32
cuda_tile.module @m {
  entry @transposed(%a: tile<ptr<f32>>, %c: tile<ptr<f32>>) {
    %ta = make_tensor_view %a, shape = [64, 64], strides = [64, 1] : tensor_view<64x64xf32, strides=[64,1]>
    %tc = make_tensor_view %c, shape = [64, 64], strides = [64, 1] : tensor_view<64x64xf32, strides=[64,1]>
    %pa = make_partition_view %ta : partition_view<tile=(16x32), tensor_view<64x64xf32, strides=[64,1]>, dim_map=[1, 0]>
    %pc = make_partition_view %tc : partition_view<tile=(16x32), tensor_view<64x64xf32, strides=[64,1]>, dim_map=[1, 0]>
    %bx, %by, %bz = get_tile_block_id : tile<i32>
    %v, %t0 = load_view_tko weak %pa[%bx, %by] : partition_view<tile=(16x32), tensor_view<64x64xf32, strides=[64,1]>, dim_map=[1, 0]>, tile<i32> -> tile<16x32xf32>, token
    %one = constant <f32: 1.0> : tile<16x32xf32>
    %w = addf %v, %one rounding<nearest_even> : tile<16x32xf32>
    %t1 = store_view_tko weak %w, %pc[%bx, %by] token = %t0 : tile<16x32xf32>, partition_view<tile=(16x32), tensor_view<64x64xf32, strides=[64,1]>, dim_map=[1, 0]>, tile<i32> -> token
    return
  }
}
