// 256-bin histogram of an i32 array whose values lie in [0, 256):
// bins[x[i]] += 1 for i < n (bins zeroed by the caller). Each tile block
// reads one 1024-element tile through a view and adds its elements with
// relaxed device-scope atomics (red.global.add), masked past n.
// tileir-bench: entry=histogram tile=1024
cuda_tile.module @histogram {
  entry @histogram(%x: tile<ptr<i32>>, %bins: tile<ptr<i32>>, %n: tile<i32>) {
    %tx = make_tensor_view %x, shape = [%n], strides = [1] : tile<i32> -> tensor_view<?xi32, strides=[1]>
    %px = make_partition_view %tx : partition_view<tile=(1024), tensor_view<?xi32, strides=[1]>>
    %bx, %by, %bz = get_tile_block_id : tile<i32>
    %v, %t0 = load_view_tko weak %px[%bx] : partition_view<tile=(1024), tensor_view<?xi32, strides=[1]>>, tile<i32> -> tile<1024xi32>, token
    %c1024 = constant <i32: 1024> : tile<i32>
    %base = muli %bx, %c1024 : tile<i32>
    %base1 = reshape %base : tile<i32> -> tile<1xi32>
    %baseb = broadcast %base1 : tile<1xi32> -> tile<1024xi32>
    %iota = iota : tile<1024xi32>
    %idx = addi %baseb, %iota : tile<1024xi32>
    %n1 = reshape %n : tile<i32> -> tile<1xi32>
    %nb = broadcast %n1 : tile<1xi32> -> tile<1024xi32>
    %mask = cmpi less_than %idx, %nb, signed : tile<1024xi32> -> tile<1024xi1>
    %b1 = reshape %bins : tile<ptr<i32>> -> tile<1xptr<i32>>
    %bb = broadcast %b1 : tile<1xptr<i32>> -> tile<1024xptr<i32>>
    %ptrs = offset %bb, %v : tile<1024xptr<i32>>, tile<1024xi32> -> tile<1024xptr<i32>>
    %one = constant <i32: 1> : tile<1024xi32>
    %old, %t1 = atomic_rmw_tko relaxed device %ptrs, add, %one, %mask : tile<1024xptr<i32>>, tile<1024xi32>, tile<1024xi1> -> tile<1024xi32>, token
    return
  }
}
