// Vector add, c[i] = a[i] + b[i] for i < n, in the two styles of cuda_tile.
// Each tile block adds one 1024-element tile; launch ceil(n / 1024) blocks.
// tileir-bench: entry=vadd_view tile=1024
// tileir-bench: entry=vadd_ptr tile=1024
cuda_tile.module @vector_add {
  // View style: a dynamic-length tensor view, partitioned into 1024-wide
  // tiles. The last tile reads zero padding past n and its store is masked.
  entry @vadd_view(%a: tile<ptr<f32>>, %b: tile<ptr<f32>>, %c: tile<ptr<f32>>, %n: tile<i32>) {
    %ta = make_tensor_view %a, shape = [%n], strides = [1] : tile<i32> -> tensor_view<?xf32, strides=[1]>
    %tb = make_tensor_view %b, shape = [%n], strides = [1] : tile<i32> -> tensor_view<?xf32, strides=[1]>
    %tc = make_tensor_view %c, shape = [%n], strides = [1] : tile<i32> -> tensor_view<?xf32, strides=[1]>
    %pa = make_partition_view %ta : partition_view<tile=(1024), padding_value = zero, tensor_view<?xf32, strides=[1]>>
    %pb = make_partition_view %tb : partition_view<tile=(1024), padding_value = zero, tensor_view<?xf32, strides=[1]>>
    %pc = make_partition_view %tc : partition_view<tile=(1024), padding_value = zero, tensor_view<?xf32, strides=[1]>>
    %bx, %by, %bz = get_tile_block_id : tile<i32>
    %va, %t0 = load_view_tko weak %pa[%bx] : partition_view<tile=(1024), padding_value = zero, tensor_view<?xf32, strides=[1]>>, tile<i32> -> tile<1024xf32>, token
    %vb, %t1 = load_view_tko weak %pb[%bx] : partition_view<tile=(1024), padding_value = zero, tensor_view<?xf32, strides=[1]>>, tile<i32> -> tile<1024xf32>, token
    %sum = addf %va, %vb : tile<1024xf32>
    %t2 = store_view_tko weak %sum, %pc[%bx] : tile<1024xf32>, partition_view<tile=(1024), padding_value = zero, tensor_view<?xf32, strides=[1]>>, tile<i32> -> token
    return
  }

  // Pointer style: a tile of pointers base + block * 1024 + iota, and a
  // mask idx < n on the loads and the store.
  entry @vadd_ptr(%a: tile<ptr<f32>>, %b: tile<ptr<f32>>, %c: tile<ptr<f32>>, %n: tile<i32>) {
    %bx, %by, %bz = get_tile_block_id : tile<i32>
    %c1024 = constant <i32: 1024> : tile<i32>
    %base = muli %bx, %c1024 : tile<i32>
    %base1 = reshape %base : tile<i32> -> tile<1xi32>
    %baseb = broadcast %base1 : tile<1xi32> -> tile<1024xi32>
    %iota = iota : tile<1024xi32>
    %idx = addi %baseb, %iota : tile<1024xi32>
    %n1 = reshape %n : tile<i32> -> tile<1xi32>
    %nb = broadcast %n1 : tile<1xi32> -> tile<1024xi32>
    %mask = cmpi less_than %idx, %nb, signed : tile<1024xi32> -> tile<1024xi1>
    %a1 = reshape %a : tile<ptr<f32>> -> tile<1xptr<f32>>
    %ab = broadcast %a1 : tile<1xptr<f32>> -> tile<1024xptr<f32>>
    %pa = offset %ab, %idx : tile<1024xptr<f32>>, tile<1024xi32> -> tile<1024xptr<f32>>
    %b1 = reshape %b : tile<ptr<f32>> -> tile<1xptr<f32>>
    %bb = broadcast %b1 : tile<1xptr<f32>> -> tile<1024xptr<f32>>
    %pb = offset %bb, %idx : tile<1024xptr<f32>>, tile<1024xi32> -> tile<1024xptr<f32>>
    %c1 = reshape %c : tile<ptr<f32>> -> tile<1xptr<f32>>
    %cb = broadcast %c1 : tile<1xptr<f32>> -> tile<1024xptr<f32>>
    %pc = offset %cb, %idx : tile<1024xptr<f32>>, tile<1024xi32> -> tile<1024xptr<f32>>
    %va, %t0 = load_ptr_tko weak %pa, %mask : tile<1024xptr<f32>>, tile<1024xi1> -> tile<1024xf32>, token
    %vb, %t1 = load_ptr_tko weak %pb, %mask : tile<1024xptr<f32>>, tile<1024xi1> -> tile<1024xf32>, token
    %s = addf %va, %vb : tile<1024xf32>
    %t2 = store_ptr_tko weak %pc, %s, %mask : tile<1024xptr<f32>>, tile<1024xf32>, tile<1024xi1> -> token
    return
  }
}
