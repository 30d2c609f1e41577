// RUN: tile-opt %s --convert-cuda-tile-to-tirx | FileCheck %s

// Memory ordering and scope (formerly rejected, now lowered): relaxed /
// acquire / release with tl_blk / device / sys become LLVM atomic loads and
// stores (ordering monotonic / acquire / release, syncscope block / device /
// system ""); on tiles through `config` on tirx.load_ptr / tirx.store_ptr.
// View accesses with a non-weak ordering, a non-identity dim_map or a
// strided view leave the region path for per-element addresses (two
// tirx.map over a tirx.iota: address and in-bounds mask); a weak strided
// view with identity dim_map stays a region copy at index * traversal
// stride. get_tensor_shape / get_index_space_shape read the view's sizes.

// CHECK-LABEL: gpu.func @ordering
// CHECK: %[[F:.*]] = llvm.load %arg0 atomic syncscope("device") acquire {alignment = 4 : i64} : !llvm.ptr<1> -> i32
// CHECK: tirx.load_ptr cta %[[V:.*]], %[[P:.*]] {config = {ordering = "monotonic", syncscope = "block"}}
// CHECK: tirx.store_ptr cta %[[P]], %[[V]] {config = {ordering = "release", syncscope = ""}}
// CHECK: gpu.barrier
// CHECK: llvm.store %[[F]], %arg0 atomic syncscope("device") release {alignment = 4 : i64} : i32, !llvm.ptr<1>

// CHECK-LABEL: gpu.func @views
// CHECK: tirx.iota cta %[[FLAT:.*]] : !tirx.buffer<16x32xi64
// CHECK: tirx.map cta %[[ADDR:.*]], %[[FLAT]], {{.*}} : !tirx.buffer<16x32xi64
// CHECK: arith.shrui
// CHECK: arith.andi
// CHECK: tirx.yield
// CHECK: tirx.map cta %[[INB:.*]], %[[FLAT]], {{.*}} : !tirx.buffer<16x32xi1
// CHECK: arith.cmpi ult
// CHECK: tirx.load_ptr cta %{{.*}}, %[[ADDR]] mask %[[INB]] : {{.*}} padding %{{.*}} : f32 {config = {ordering = "acquire", syncscope = "device"}}
// CHECK: %[[C16:.*]] = arith.constant 16 : index
// CHECK: arith.muli %{{.*}}, %[[C16]] : index
// CHECK: %[[C8:.*]] = arith.constant 8 : index
// CHECK: arith.muli %{{.*}}, %[[C8]] : index
// CHECK: %[[R:.*]] = tirx.region %{{.*}} : !tirx.buffer<?x?xf32, global> -> !tirx.buffer<32x16xf32, global>
// CHECK: tirx.copy cta %[[W:.*]], %[[R]] {padding = 0.000000e+00 : f32}
// CHECK: tirx.store_ptr cta %{{.*}}, %[[W]] mask %{{.*}} {config = {ordering = "release", syncscope = "device"}}
// CHECK: arith.divui
cuda_tile.module @mem {
  global private constant @lut <i32: [1, 2, 3, 4]> : tile<4xi32>
  global @table alignment = 256 <f32: [1.0, 2.0]> : tile<2xf32>

  // acquire/release pointer accesses, scalar and tile.
  entry @ordering(%flag: tile<ptr<i32>>, %p: tile<ptr<f32>>, %n: tile<i32>) {
    %f, %t0 = load_ptr_tko acquire device %flag : tile<ptr<i32>> -> tile<i32>, token
    %p1 = reshape %p : tile<ptr<f32>> -> tile<1xptr<f32>>
    %pb = broadcast %p1 : tile<1xptr<f32>> -> tile<256xptr<f32>>
    %iota = iota : tile<256xi32>
    %ptrs = offset %pb, %iota : tile<256xptr<f32>>, tile<256xi32> -> tile<256xptr<f32>>
    %v, %t1 = load_ptr_tko relaxed tl_blk %ptrs token = %t0 : tile<256xptr<f32>> -> tile<256xf32>, token
    %t2 = store_ptr_tko release sys %ptrs, %v token = %t1 : tile<256xptr<f32>>, tile<256xf32> -> token
    %t3 = store_ptr_tko release device %flag, %f token = %t2 : tile<ptr<i32>>, tile<i32> -> token
    return
  }

  // Views: acquire load of a transposed (dim_map) partition, strided view,
  // release store; shapes queried.
  entry @views(%a: tile<ptr<f32>>, %c: tile<ptr<f32>>, %m: tile<i64>, %n: tile<i64>, %out: tile<ptr<i64>>) {
    %ta = make_tensor_view %a, shape = [%m, %n], strides = [%n, 1] : tile<i64> -> tensor_view<?x?xf32, strides=[?,1]>
    %tc = make_tensor_view %c, shape = [%n, %m], strides = [%m, 1] : tile<i64> -> tensor_view<?x?xf32, strides=[?,1]>
    %pt = make_partition_view %ta : partition_view<tile=(16x32), padding_value = nan, tensor_view<?x?xf32, strides=[?,1]>, dim_map=[1, 0]>
    %sv = make_strided_view %tc : strided_view<tile=(32x16), traversal_strides=[16,8], tensor_view<?x?xf32, strides=[?,1]>>
    %bx, %by, %bz = get_tile_block_id : tile<i32>
    %v, %t0 = load_view_tko acquire device %pt[%bx, %by] : partition_view<tile=(16x32), padding_value = nan, tensor_view<?x?xf32, strides=[?,1]>, dim_map=[1, 0]>, tile<i32> -> tile<16x32xf32>, token
    %w, %t1 = load_view_tko weak %sv[%bx, %by] : strided_view<tile=(32x16), traversal_strides=[16,8], tensor_view<?x?xf32, strides=[?,1]>>, tile<i32> -> tile<32x16xf32>, token
    %t2 = store_view_tko release device %w, %sv[%by, %bx] token = %t1 : tile<32x16xf32>, strided_view<tile=(32x16), traversal_strides=[16,8], tensor_view<?x?xf32, strides=[?,1]>>, tile<i32> -> token
    %s0, %s1 = get_tensor_shape %ta : tensor_view<?x?xf32, strides=[?,1]> -> tile<i64>
    %i0, %i1 = get_index_space_shape %sv : strided_view<tile=(32x16), traversal_strides=[16,8], tensor_view<?x?xf32, strides=[?,1]>> -> tile<i64>
    %x = addi %s0, %i1 : tile<i64>
    %t3 = store_ptr_tko weak %out, %x : tile<ptr<i64>>, tile<i64> -> token
    return
  }
}
