// RUN: tile-opt %s | FileCheck %s
// RUN: tile-opt %s --mlir-print-op-generic | tile-opt | FileCheck %s
// REQUIRES: testing-ops

// Round trip of the seven cuda_tile types, in short and long form.

// A stand-alone type prints with the `!cuda_tile.` prefix; the cuda_tile types
// nested in it do not.
// CHECK-LABEL: func.func private @standalone
// CHECK-SAME: !cuda_tile.ptr<i1>
// CHECK-SAME: !cuda_tile.tile<4xptr<f32>>
// CHECK-SAME: !cuda_tile.tensor_view<2xf32, strides=[1]>
// CHECK-SAME: !cuda_tile.token
func.func private @standalone(!cuda_tile.ptr<i1>,
                              !cuda_tile.tile<4x!cuda_tile.ptr<f32>>,
                              !cuda_tile.tensor_view<2xf32, strides=[1]>,
                              !cuda_tile.token)

cuda_tile.module @types {
  // CHECK-LABEL: testing$func @tiles
  // CHECK-SAME: %{{.*}}: tile<2xf32>
  // CHECK-SAME: %{{.*}}: tile<f32>
  // CHECK-SAME: %{{.*}}: tile<2xf4E2M1FN>
  // CHECK-SAME: %{{.*}}: tile<4x8xptr<f16>>
  // CHECK-SAME: %{{.*}}: tile<ptr<i1>>
  // CHECK-SAME: %{{.*}}: tile<16xi4>
  // CHECK-SAME: %{{.*}}: tile<1x1x4096x4096xi8>
  testing$func @tiles(%a: !cuda_tile.tile<2xf32>, %b: tile<f32>,
                      %c: tile<2xf4E2M1FN>, %d: tile<4x8x!cuda_tile.ptr<f16>>,
                      %e: !cuda_tile.tile<!cuda_tile.ptr<i1>>, %f: tile<16xi4>,
                      %g: tile<1x1x4096x4096xi8>) {
    return
  }

  // CHECK-LABEL: testing$func @element_types
  // CHECK-SAME: tile<2xi1>, %{{.*}}: tile<2xi8>, %{{.*}}: tile<2xi16>, %{{.*}}: tile<2xi32>, %{{.*}}: tile<2xi64>
  // CHECK-SAME: tile<2xf16>, %{{.*}}: tile<2xbf16>, %{{.*}}: tile<2xf32>, %{{.*}}: tile<2xtf32>, %{{.*}}: tile<2xf64>
  // CHECK-SAME: tile<2xf8E4M3FN>, %{{.*}}: tile<2xf8E5M2>, %{{.*}}: tile<2xf8E8M0FNU>
  testing$func @element_types(%i1: tile<2xi1>, %i8: tile<2xi8>, %i16: tile<2xi16>,
                              %i32: tile<2xi32>, %i64: tile<2xi64>,
                              %f16: tile<2xf16>, %bf16: tile<2xbf16>,
                              %f32: tile<2xf32>, %tf32: tile<2xtf32>,
                              %f64: tile<2xf64>, %e4m3: tile<2xf8E4M3FN>,
                              %e5m2: tile<2xf8E5M2>, %e8m0: tile<2xf8E8M0FNU>) {
    return
  }

  // CHECK-LABEL: testing$func @pointers
  // CHECK-SAME: ptr<i64>, %{{.*}}: ptr<bf16>, %{{.*}}: ptr<f8E5M2>
  testing$func @pointers(%a: !cuda_tile.ptr<i64>, %b: ptr<bf16>,
                         %c: ptr<f8E5M2>) {
    return
  }

  // CHECK-LABEL: testing$func @tensor_views
  // CHECK-SAME: tensor_view<f32>
  // CHECK-SAME: tensor_view<2xf32, strides=[1]>
  // CHECK-SAME: tensor_view<?x2xf32, strides=[1,?]>
  // CHECK-SAME: tensor_view<32x?x3xi8, strides=[?,96,1]>
  testing$func @tensor_views(%a: !cuda_tile.tensor_view<f32>,
                             %b: tensor_view<2xf32, strides=[1]>,
                             %c: tensor_view<?x2xf32, strides = [1, ?]>,
                             %d: tensor_view<32x?x3xi8, strides=[?,96,1]>) {
    return
  }

  // CHECK-LABEL: testing$func @partition_views
  // CHECK-SAME: partition_view<tile=(2), tensor_view<16xf32, strides=[1]>>
  // CHECK-SAME: partition_view<tile=(2), padding_value = nan, tensor_view<16xf32, strides=[1]>>
  // CHECK-SAME: partition_view<tile=(2x2), tensor_view<16x16xf32, strides=[16,1]>, dim_map=[1, 0]>
  // CHECK-SAME: partition_view<tile=(4x8), padding_value = zero, tensor_view<?x?xi32, strides=[?,1]>>
  // CHECK-SAME: partition_view<tile=(8x16), tensor_view<4x4xf16, strides=[4,1]>>
  testing$func @partition_views(
      %a: !cuda_tile.partition_view<tile=(2), tensor_view<16xf32, strides=[1]>>,
      %b: partition_view<tile=(2), padding_value = nan, tensor_view<16xf32, strides=[1]>>,
      %c: partition_view<tile=(2x2), !cuda_tile.tensor_view<16x16xf32, strides=[16,1]>, dim_map=[1, 0]>,
      %d: partition_view<tile=(4x8), padding_value = zero, tensor_view<?x?xi32, strides=[?,1]>>,
      %e: partition_view<tile=(8x16), tensor_view<4x4xf16, strides=[4,1]>, dim_map=[0, 1]>) {
    return
  }

  // CHECK-LABEL: testing$func @strided_views
  // CHECK-SAME: strided_view<tile=(1024x1x32), traversal_strides=[512,1,10], tensor_view<8192x8192x64xf32, strides=[524288,64,1]>>
  // CHECK-SAME: strided_view<tile=(4x4), traversal_strides=[4,3], padding_value = neg_inf, tensor_view<?x64xf32, strides=[64,1]>, dim_map=[1, 0]>
  testing$func @strided_views(
      %a: strided_view<tile=(1024x1x32), traversal_strides=[512,1,10], tensor_view<8192x8192x64xf32, strides=[524288,64,1]>>,
      %b: !cuda_tile.strided_view<tile=(4x4), traversal_strides=[4, 3], padding_value = neg_inf, tensor_view<?x64xf32, strides=[64,1]>, dim_map=[1, 0]>) {
    return
  }

  // CHECK-LABEL: testing$func @gather_scatter_views
  // CHECK-SAME: gather_scatter_view<tile=(64x64), tensor_view<8192x128xf32, strides=[128,1]>, sparse_dim=0>
  // CHECK-SAME: gather_scatter_view<tile=(8x16), padding_value = pos_inf, tensor_view<?x?xf16, strides=[?,1]>, sparse_dim=1>
  testing$func @gather_scatter_views(
      %a: gather_scatter_view<tile=(64x64), tensor_view<8192x128xf32, strides=[128,1]>, sparse_dim=0>,
      %b: !cuda_tile.gather_scatter_view<tile=(8x16), padding_value = pos_inf, tensor_view<?x?xf16, strides=[?,1]>, sparse_dim=1>) {
    return
  }

  // CHECK-LABEL: testing$func @tokens
  // CHECK-SAME: (%{{.*}}: token, %{{.*}}: token) -> token
  testing$func @tokens(%a: token, %b: !cuda_tile.token) -> token {
    return %a : token
  }
}
