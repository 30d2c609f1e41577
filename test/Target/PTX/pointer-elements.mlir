// The `tileir.kernel` line ends with `elems=(...)`: the element type each
// `tile<ptr<T>>` parameter points to, `-` for the others, so that a launcher
// can check the dtype of the memory it passes (python/tileir/_args.py). A
// kernel without pointer parameters has no `elems=`. Then `dense=(...)`: the
// pointers accessed only through tensor views with static row-major strides
// (through `assume`), which need contiguous memory; a view with a dynamic
// stride, a padded stride or an unused pointer does not count.
//
// RUN: tile-translate --cuda-tile-to-ptx --chip=sm_90 %s | FileCheck %s
// RUN: tile-translate --version | FileCheck %s --check-prefix=VERSION
//
// CHECK: // tileir.kernel mixed params=(ptr,i32,ptr,f32,ptr,ptr,ptr) reqntid={{[0-9]+}},1,1 smem=0 align={{[0-9]+}} elems=(f32,-,bf16,-,i8,f8e4m3fn,i64){{$}}
// CHECK: // tileir.kernel scalars params=(i32,f32) reqntid={{[0-9]+}},1,1 smem=0 align={{[0-9]+}}{{$}}
// CHECK: // tileir.kernel views params=(ptr,ptr,ptr,ptr,i32) {{.*}} elems=(f32,f32,f32,f32,-) dense=(0,2){{$}}
//
// `--version` names the TileIR version and commit and the libdevice compiles
// link: the tileir Python package keys its kernel cache on it.
// VERSION: TileIR {{[0-9]+\.[0-9]+\.[0-9]+}} (git {{.+}})
// VERSION: libdevice: {{.+}}
cuda_tile.module @m {
  entry @mixed(%a: tile<ptr<f32>>, %n: tile<i32>, %b: tile<ptr<bf16>>, %s: tile<f32>,
               %c: tile<ptr<i8>>, %d: tile<ptr<f8E4M3FN>>, %e: tile<ptr<i64>>) {
    return
  }
  entry @scalars(%n: tile<i32>, %s: tile<f32>) {
    return
  }
  entry @views(%a: tile<ptr<f32>>, %b: tile<ptr<f32>>, %c: tile<ptr<f32>>, %e: tile<ptr<f32>>, %n: tile<i32>) {
    %a16 = assume div_by<16>, %a : tile<ptr<f32>>
    %ta = make_tensor_view %a16, shape = [%n], strides = [1] : tile<i32> -> tensor_view<?xf32, strides=[1]>
    %tb = make_tensor_view %b, shape = [%n, 32], strides = [%n, 1] : tile<i32> -> tensor_view<?x32xf32, strides=[?,1]>
    %tc = make_tensor_view %c, shape = [%n, 32], strides = [32, 1] : tile<i32> -> tensor_view<?x32xf32, strides=[32,1]>
    %te = make_tensor_view %e, shape = [%n, 32], strides = [64, 1] : tile<i32> -> tensor_view<?x32xf32, strides=[64,1]>
    %c0 = constant <i32: 0> : tile<i32>
    %z1 = constant <f32: 0.0> : tile<32xf32>
    %z2 = constant <f32: 0.0> : tile<1x32xf32>
    %pa = make_partition_view %ta : partition_view<tile=(32), tensor_view<?xf32, strides=[1]>>
    %pb = make_partition_view %tb : partition_view<tile=(1x32), tensor_view<?x32xf32, strides=[?,1]>>
    %pc = make_partition_view %tc : partition_view<tile=(1x32), tensor_view<?x32xf32, strides=[32,1]>>
    %pe = make_partition_view %te : partition_view<tile=(1x32), tensor_view<?x32xf32, strides=[64,1]>>
    %sa = store_view_tko weak %z1, %pa[%c0] : tile<32xf32>, partition_view<tile=(32), tensor_view<?xf32, strides=[1]>>, tile<i32> -> token
    %sb = store_view_tko weak %z2, %pb[%c0, %c0] : tile<1x32xf32>, partition_view<tile=(1x32), tensor_view<?x32xf32, strides=[?,1]>>, tile<i32> -> token
    %sc = store_view_tko weak %z2, %pc[%c0, %c0] : tile<1x32xf32>, partition_view<tile=(1x32), tensor_view<?x32xf32, strides=[32,1]>>, tile<i32> -> token
    %se = store_view_tko weak %z2, %pe[%c0, %c0] : tile<1x32xf32>, partition_view<tile=(1x32), tensor_view<?x32xf32, strides=[64,1]>>, tile<i32> -> token
    return
  }
}
