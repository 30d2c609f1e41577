// Tutorial, step 2: row softmax of a rows x cols f32 matrix (row-major,
// cols <= 1024): y[r, :] = exp(x[r, :] - max(x[r, :])) / sum(exp(x[r, :] - max(x[r, :]))).
// Each tile block handles one row; launch `rows` tile blocks.
cuda_tile.module @tutorial_softmax {
  entry @softmax(%x: tile<ptr<f32>>, %y: tile<ptr<f32>>, %rows: tile<i32>, %cols: tile<i32>) {
    %tx = make_tensor_view %x, shape = [%rows, %cols], strides = [%cols, 1] : tile<i32> -> tensor_view<?x?xf32, strides=[?,1]>
    %ty = make_tensor_view %y, shape = [%rows, %cols], strides = [%cols, 1] : tile<i32> -> tensor_view<?x?xf32, strides=[?,1]>
    // Tiles of 1 x 1024: one whole row. Columns of x past `cols` read as -inf.
    %px = make_partition_view %tx : partition_view<tile=(1x1024), padding_value = neg_inf, tensor_view<?x?xf32, strides=[?,1]>>
    %py = make_partition_view %ty : partition_view<tile=(1x1024), tensor_view<?x?xf32, strides=[?,1]>>
    %row, %unused_y, %unused_z = get_tile_block_id : tile<i32>
    %c0 = constant <i32: 0> : tile<i32>
    %v, %t0 = load_view_tko weak %px[%row, %c0] : partition_view<tile=(1x1024), padding_value = neg_inf, tensor_view<?x?xf32, strides=[?,1]>>, tile<i32> -> tile<1x1024xf32>, token
    // The row maximum: reduce dimension 1 with maxf, starting from -inf (0xFF800000).
    %max = reduce %v dim=1 identities=[0xFF800000 : f32] : tile<1x1024xf32> -> tile<1xf32>
    (%m0: tile<f32>, %m1: tile<f32>) {
      %m = maxf %m0, %m1 : tile<f32>
      yield %m : tile<f32>
    }
    // Back to two dimensions, then repeated along the row.
    %max_2d = reshape %max : tile<1xf32> -> tile<1x1xf32>
    %max_row = broadcast %max_2d : tile<1x1xf32> -> tile<1x1024xf32>
    %shifted = subf %v, %max_row : tile<1x1024xf32>
    %e = exp %shifted : tile<1x1024xf32>
    // The row sum, starting from 0; the padding columns add exp(-inf) = 0.
    %sum = reduce %e dim=1 identities=[0.000000e+00 : f32] : tile<1x1024xf32> -> tile<1xf32>
    (%s0: tile<f32>, %s1: tile<f32>) {
      %s = addf %s0, %s1 : tile<f32>
      yield %s : tile<f32>
    }
    %sum_2d = reshape %sum : tile<1xf32> -> tile<1x1xf32>
    %sum_row = broadcast %sum_2d : tile<1x1xf32> -> tile<1x1024xf32>
    %out = divf %e, %sum_row : tile<1x1024xf32>
    %t1 = store_view_tko weak %out, %py[%row, %c0] : tile<1x1024xf32>, partition_view<tile=(1x1024), tensor_view<?x?xf32, strides=[?,1]>>, tile<i32> -> token
    return
  }
}
