// A load_ptr_tko with a padding value and no mask (cuTile Python writes one
// for every gather) printed as `%ptrs, %pad`, which read back with the
// padding value as the mask. It prints as `padding=%pad`.
// RUN: tile-opt %s | FileCheck %s
// RUN: tile-opt %s | tile-opt | FileCheck %s
// RUN: tile-opt %s --mlir-print-op-generic | tile-opt | FileCheck %s
// RUN: tile-translate --mlir-to-cudatilebc %s | tile-opt | FileCheck %s

// CHECK-LABEL: entry @padding_only
// CHECK: load_ptr_tko weak %{{.*}} padding=%{{.*}} : tile<ptr<f32>>, tile<f32> -> tile<f32>, token
// CHECK-LABEL: entry @mask_and_padding
// CHECK: load_ptr_tko weak %{{.*}}, %{{.*}}, %{{.*}} : tile<ptr<f32>>, tile<i1>, tile<f32> -> tile<f32>, token
// CHECK-LABEL: entry @mask_only
// CHECK: load_ptr_tko weak %{{.*}}, %{{.*}} : tile<ptr<f32>>, tile<i1> -> tile<f32>, token
cuda_tile.module @k {
  entry @padding_only(%p: tile<ptr<f32>>) {
    %pad = constant <f32: 0.0> : tile<f32>
    %v, %t = load_ptr_tko weak %p padding=%pad : tile<ptr<f32>>, tile<f32> -> tile<f32>, token
    return
  }
  entry @mask_and_padding(%p: tile<ptr<f32>>, %m: tile<i1>) {
    %pad = constant <f32: 0.0> : tile<f32>
    %v, %t = load_ptr_tko weak %p, %m, %pad : tile<ptr<f32>>, tile<i1>, tile<f32> -> tile<f32>, token
    return
  }
  entry @mask_only(%p: tile<ptr<f32>>, %m: tile<i1>) {
    %v, %t = load_ptr_tko weak %p, %m : tile<ptr<f32>>, tile<i1> -> tile<f32>, token
    return
  }
}
