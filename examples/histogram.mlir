// 256-bin histogram of an i32 array whose values lie in [0, 256):
// bins[x[i]] += 1 for i < n (bins zeroed by the caller). Each tile block
// reads one 8192-element tile through a view and adds its elements with
// relaxed device-scope atomics, masked past n. `assume bounded<0, 255>`
// states the values' range: the atomics' addresses then lie in the 256
// bins, and the compiler privatizes them per CTA (a shared copy of the
// bins, warp-aggregated shared atomics, one global atomic per changed bin;
// docs/Conversion.md, "Atomics").
// tileir-bench: entry=histogram tile=8192
cuda_tile.module @histogram {
  entry @histogram(%x: tile<ptr<i32>>, %bins: tile<ptr<i32>>, %n: tile<i32>) {
    %tx = make_tensor_view %x, shape = [%n], strides = [1] : tile<i32> -> tensor_view<?xi32, strides=[1]>
    %px = make_partition_view %tx : partition_view<tile=(8192), tensor_view<?xi32, strides=[1]>>
    %bx, %by, %bz = get_tile_block_id : tile<i32>
    %raw, %t0 = load_view_tko weak %px[%bx] : partition_view<tile=(8192), tensor_view<?xi32, strides=[1]>>, tile<i32> -> tile<8192xi32>, token
    %v = assume bounded<0, 255>, %raw : tile<8192xi32>
    %c8192 = constant <i32: 8192> : tile<i32>
    %base = muli %bx, %c8192 : tile<i32>
    %base1 = reshape %base : tile<i32> -> tile<1xi32>
    %baseb = broadcast %base1 : tile<1xi32> -> tile<8192xi32>
    %iota = iota : tile<8192xi32>
    %idx = addi %baseb, %iota : tile<8192xi32>
    %n1 = reshape %n : tile<i32> -> tile<1xi32>
    %nb = broadcast %n1 : tile<1xi32> -> tile<8192xi32>
    %mask = cmpi less_than %idx, %nb, signed : tile<8192xi32> -> tile<8192xi1>
    %b1 = reshape %bins : tile<ptr<i32>> -> tile<1xptr<i32>>
    %bb = broadcast %b1 : tile<1xptr<i32>> -> tile<8192xptr<i32>>
    %ptrs = offset %bb, %v : tile<8192xptr<i32>>, tile<8192xi32> -> tile<8192xptr<i32>>
    %one = constant <i32: 1> : tile<8192xi32>
    %old, %t1 = atomic_rmw_tko relaxed device %ptrs, add, %one, %mask : tile<8192xptr<i32>>, tile<8192xi32>, tile<8192xi1> -> tile<8192xi32>, token
    return
  }
}
