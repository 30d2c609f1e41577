// RUN: tile-opt %s --convert-cuda-tile-to-tirx | FileCheck %s

// A store whose token chains the stores of the previous iterations of its
// loop passes a CTA barrier only where two iterations may write the same
// memory: the barrier orders each iteration's store after the previous
// one's, which (the store moving by at least its own extent per step)
// wrote other addresses.

cuda_tile.module @kernels {
  // Tiles of 256 elements 256 apart (cuTile's gather RMS norm): no barrier.
  // CHECK-LABEL: gpu.func @disjoint_scatter
  // CHECK: scf.for
  // CHECK-NOT: gpu.barrier
  // CHECK: tirx.store_ptr
  // CHECK-NOT: gpu.barrier
  // CHECK: gpu.return
  entry @disjoint_scatter(%p: tile<ptr<f32>>, %v: tile<f32>) {
    %c0 = constant <i32: 0> : tile<i32>
    %c1 = constant <i32: 1> : tile<i32>
    %c4 = constant <i32: 4> : tile<i32>
    %c256 = constant <i32: 256> : tile<i32>
    %iota = iota : tile<256xi32>
    %rp = reshape %p : tile<ptr<f32>> -> tile<1xptr<f32>>
    %bp = broadcast %rp : tile<1xptr<f32>> -> tile<256xptr<f32>>
    %rv = reshape %v : tile<f32> -> tile<1xf32>
    %bv = broadcast %rv : tile<1xf32> -> tile<256xf32>
    %t0 = make_token : token
    %t = for %i in (%c0 to %c4, step %c1) : tile<i32> iter_values(%tk = %t0) -> (token) {
      %base = muli %i, %c256 : tile<i32>
      %rb = reshape %base : tile<i32> -> tile<1xi32>
      %bb = broadcast %rb : tile<1xi32> -> tile<256xi32>
      %idx = addi %bb, %iota : tile<256xi32>
      %off = exti %idx signed : tile<256xi32> -> tile<256xi64>
      %ptrs = offset %bp, %off : tile<256xptr<f32>>, tile<256xi64> -> tile<256xptr<f32>>
      %s = store_ptr_tko weak %ptrs, %bv token = %tk : tile<256xptr<f32>>, tile<256xf32> -> token
      continue %s : token
    }
    return
  }

  // Tiles of 256 elements 128 apart overlap: the barrier stays.
  // CHECK-LABEL: gpu.func @overlapping_scatter
  // CHECK: scf.for
  // CHECK: gpu.barrier
  // CHECK: tirx.store_ptr
  entry @overlapping_scatter(%p: tile<ptr<f32>>, %v: tile<f32>) {
    %c0 = constant <i32: 0> : tile<i32>
    %c1 = constant <i32: 1> : tile<i32>
    %c4 = constant <i32: 4> : tile<i32>
    %c128 = constant <i32: 128> : tile<i32>
    %iota = iota : tile<256xi32>
    %rp = reshape %p : tile<ptr<f32>> -> tile<1xptr<f32>>
    %bp = broadcast %rp : tile<1xptr<f32>> -> tile<256xptr<f32>>
    %rv = reshape %v : tile<f32> -> tile<1xf32>
    %bv = broadcast %rv : tile<1xf32> -> tile<256xf32>
    %t0 = make_token : token
    %t = for %i in (%c0 to %c4, step %c1) : tile<i32> iter_values(%tk = %t0) -> (token) {
      %base = muli %i, %c128 : tile<i32>
      %rb = reshape %base : tile<i32> -> tile<1xi32>
      %bb = broadcast %rb : tile<1xi32> -> tile<256xi32>
      %idx = addi %bb, %iota : tile<256xi32>
      %off = exti %idx signed : tile<256xi32> -> tile<256xi64>
      %ptrs = offset %bp, %off : tile<256xptr<f32>>, tile<256xi64> -> tile<256xptr<f32>>
      %s = store_ptr_tko weak %ptrs, %bv token = %tk : tile<256xptr<f32>>, tile<256xf32> -> token
      continue %s : token
    }
    return
  }

  // The offsets computed in 32 bits over a loop of unknown length (they may
  // wrap and meet): the barrier stays. Computed in 64 bits: none.
  // CHECK-LABEL: gpu.func @dynamic_trips
  // CHECK: scf.for
  // CHECK: gpu.barrier
  // CHECK: tirx.store_ptr
  // CHECK: scf.for
  // CHECK-NOT: gpu.barrier
  // CHECK: tirx.store_ptr
  // CHECK-NOT: gpu.barrier
  // CHECK: gpu.return
  entry @dynamic_trips(%p: tile<ptr<f32>>, %v: tile<f32>, %n: tile<i32>) {
    %c0 = constant <i32: 0> : tile<i32>
    %c1 = constant <i32: 1> : tile<i32>
    %c256 = constant <i32: 256> : tile<i32>
    %c256w = constant <i64: 256> : tile<i64>
    %iota = iota : tile<256xi32>
    %iotaw = exti %iota signed : tile<256xi32> -> tile<256xi64>
    %rp = reshape %p : tile<ptr<f32>> -> tile<1xptr<f32>>
    %bp = broadcast %rp : tile<1xptr<f32>> -> tile<256xptr<f32>>
    %rv = reshape %v : tile<f32> -> tile<1xf32>
    %bv = broadcast %rv : tile<1xf32> -> tile<256xf32>
    %t0 = make_token : token
    %t = for %i in (%c0 to %n, step %c1) : tile<i32> iter_values(%tk = %t0) -> (token) {
      %base = muli %i, %c256 : tile<i32>
      %rb = reshape %base : tile<i32> -> tile<1xi32>
      %bb = broadcast %rb : tile<1xi32> -> tile<256xi32>
      %idx = addi %bb, %iota : tile<256xi32>
      %off = exti %idx signed : tile<256xi32> -> tile<256xi64>
      %ptrs = offset %bp, %off : tile<256xptr<f32>>, tile<256xi64> -> tile<256xptr<f32>>
      %s = store_ptr_tko weak %ptrs, %bv token = %tk : tile<256xptr<f32>>, tile<256xf32> -> token
      continue %s : token
    }
    %u = for %i in (%c0 to %n, step %c1) : tile<i32> iter_values(%tk = %t0) -> (token) {
      %iw = exti %i signed : tile<i32> -> tile<i64>
      %base = muli %iw, %c256w : tile<i64>
      %rb = reshape %base : tile<i64> -> tile<1xi64>
      %bb = broadcast %rb : tile<1xi64> -> tile<256xi64>
      %off = addi %bb, %iotaw : tile<256xi64>
      %ptrs = offset %bp, %off : tile<256xptr<f32>>, tile<256xi64> -> tile<256xptr<f32>>
      %s = store_ptr_tko weak %ptrs, %bv token = %tk : tile<256xptr<f32>>, tile<256xf32> -> token
      continue %s : token
    }
    return
  }

  // A view store at tile index i: tiles one tile apart. No barrier, but
  // where the loop starts after a store (its initial token), the first
  // iteration's store must come after that one: the barrier stays.
  // CHECK-LABEL: gpu.func @view_store
  // CHECK: scf.for
  // CHECK-NOT: gpu.barrier
  // CHECK: tirx.copy
  // CHECK: scf.for
  // CHECK: gpu.barrier
  // CHECK: tirx.copy
  entry @view_store(%p: tile<ptr<f32>>, %v: tile<f32>) {
    %c0 = constant <i32: 0> : tile<i32>
    %c1 = constant <i32: 1> : tile<i32>
    %c4 = constant <i32: 4> : tile<i32>
    %tv = make_tensor_view %p, shape = [1024], strides = [1] : tensor_view<1024xf32, strides=[1]>
    %pv = make_partition_view %tv : partition_view<tile=(256), tensor_view<1024xf32, strides=[1]>>
    %rv = reshape %v : tile<f32> -> tile<1xf32>
    %bv = broadcast %rv : tile<1xf32> -> tile<256xf32>
    %t0 = make_token : token
    %t = for %i in (%c0 to %c4, step %c1) : tile<i32> iter_values(%tk = %t0) -> (token) {
      %s = store_view_tko weak %bv, %pv[%i] token = %tk : tile<256xf32>, partition_view<tile=(256), tensor_view<1024xf32, strides=[1]>>, tile<i32> -> token
      continue %s : token
    }
    %u = for %i in (%c0 to %c4, step %c1) : tile<i32> iter_values(%tk = %t) -> (token) {
      %s = store_view_tko weak %bv, %pv[%i] token = %tk : tile<256xf32>, partition_view<tile=(256), tensor_view<1024xf32, strides=[1]>>, tile<i32> -> token
      continue %s : token
    }
    return
  }
}
