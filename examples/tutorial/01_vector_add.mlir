// Tutorial, step 1: c[i] = a[i] + b[i] for 0 <= i < n, f32.
// Each tile block adds one tile of 1024 elements; launch ceil(n / 1024) tile blocks.
cuda_tile.module @tutorial_vector_add {
  entry @vector_add(%a: tile<ptr<f32>>, %b: tile<ptr<f32>>, %c: tile<ptr<f32>>, %n: tile<i32>) {
    // The three arrays as 1-D tensors of n elements, n known at run time.
    %ta = make_tensor_view %a, shape = [%n], strides = [1] : tile<i32> -> tensor_view<?xf32, strides=[1]>
    %tb = make_tensor_view %b, shape = [%n], strides = [1] : tile<i32> -> tensor_view<?xf32, strides=[1]>
    %tc = make_tensor_view %c, shape = [%n], strides = [1] : tile<i32> -> tensor_view<?xf32, strides=[1]>
    // Cut each tensor into tiles of 1024 elements; tile i covers [1024 i, 1024 i + 1024).
    %pa = make_partition_view %ta : partition_view<tile=(1024), padding_value = zero, tensor_view<?xf32, strides=[1]>>
    %pb = make_partition_view %tb : partition_view<tile=(1024), padding_value = zero, tensor_view<?xf32, strides=[1]>>
    %pc = make_partition_view %tc : partition_view<tile=(1024), padding_value = zero, tensor_view<?xf32, strides=[1]>>
    // Which tile this tile block works on.
    %i, %unused_y, %unused_z = get_tile_block_id : tile<i32>
    %va, %ta_done = load_view_tko weak %pa[%i] : partition_view<tile=(1024), padding_value = zero, tensor_view<?xf32, strides=[1]>>, tile<i32> -> tile<1024xf32>, token
    %vb, %tb_done = load_view_tko weak %pb[%i] : partition_view<tile=(1024), padding_value = zero, tensor_view<?xf32, strides=[1]>>, tile<i32> -> tile<1024xf32>, token
    %sum = addf %va, %vb : tile<1024xf32>
    %tc_done = store_view_tko weak %sum, %pc[%i] : tile<1024xf32>, partition_view<tile=(1024), padding_value = zero, tensor_view<?xf32, strides=[1]>>, tile<i32> -> token
    return
  }
}
