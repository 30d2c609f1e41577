// The cache_hint optimization hint of load_view_tko (a string) is written to
// and read from bytecode like the other hints.
// RUN: tile-translate --mlir-to-cudatilebc %s | tile-opt | FileCheck %s
// CHECK: load_view_tko weak %{{.*}} optimization_hints = <default = {cache_hint = "L1::no_allocate"}, sm_90 = {cache_hint = "L1::evict_first", latency = 3}>

cuda_tile.module @k {
  entry @hinted(%a: tile<ptr<f32>>) {
    %ta = make_tensor_view %a, shape = [4096], strides = [1] : tensor_view<4096xf32, strides=[1]>
    %pa = make_partition_view %ta : partition_view<tile=(1024), tensor_view<4096xf32, strides=[1]>>
    %bx, %by, %bz = get_tile_block_id : tile<i32>
    %v, %t0 = load_view_tko weak %pa[%bx] optimization_hints = <sm_90 = {cache_hint = "L1::evict_first", latency = 3}, default = {cache_hint = "L1::no_allocate"}> : partition_view<tile=(1024), tensor_view<4096xf32, strides=[1]>>, tile<i32> -> tile<1024xf32>, token
    %t2 = store_view_tko weak %v, %pa[%bx] : tile<1024xf32>, partition_view<tile=(1024), tensor_view<4096xf32, strides=[1]>>, tile<i32> -> token
    return
  }
}
