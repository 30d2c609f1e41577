// Row gather, out[i, :] = src[idx[i], :] for i < m (torch.index_select
// along dim 0), src an r x d f32 matrix, idx an i32 vector with values in
// [0, r), d a multiple of 4 (assumed: rows are 16-byte aligned, so whole
// tiles move as 16-byte vectors). Tile block (bx, by) gathers rows 16*bx .. 16*bx+15, columns
// 128*by .. 128*by+127, through a gather_scatter_view whose sparse
// dimension 0 takes the index tile; its dense index is an element offset
// (128*by, not a tile index; tileiras reads it so too); launch
// (ceil(m / 16), ceil(d / 128)).
// tileir-bench: entry=gather_rows tile=16 cols=128
cuda_tile.module @gather {
  entry @gather_rows(%src: tile<ptr<f32>>, %idx: tile<ptr<i32>>, %out: tile<ptr<f32>>,
                     %r: tile<i32>, %d: tile<i32>, %m: tile<i32>) {
    %d4 = assume div_by<4>, %d : tile<i32>
    %ts = make_tensor_view %src, shape = [%r, %d], strides = [%d4, 1] : tile<i32> -> tensor_view<?x?xf32, strides=[?,1]>
    %ti = make_tensor_view %idx, shape = [%m], strides = [1] : tile<i32> -> tensor_view<?xi32, strides=[1]>
    %to = make_tensor_view %out, shape = [%m, %d], strides = [%d4, 1] : tile<i32> -> tensor_view<?x?xf32, strides=[?,1]>
    %gs = make_gather_scatter_view %ts : gather_scatter_view<tile=(16x128), tensor_view<?x?xf32, strides=[?,1]>, sparse_dim=0>
    %pi = make_partition_view %ti : partition_view<tile=(16), tensor_view<?xi32, strides=[1]>>
    %po = make_partition_view %to : partition_view<tile=(16x128), tensor_view<?x?xf32, strides=[?,1]>>
    %bx, %by, %bz = get_tile_block_id : tile<i32>
    %rows, %t0 = load_view_tko weak %pi[%bx] : partition_view<tile=(16), tensor_view<?xi32, strides=[1]>>, tile<i32> -> tile<16xi32>, token
    %c128 = constant <i32: 128> : tile<i32>
    %col = muli %by, %c128 : tile<i32>
    %v, %t1 = load_view_tko weak %gs[%rows, %col] : gather_scatter_view<tile=(16x128), tensor_view<?x?xf32, strides=[?,1]>, sparse_dim=0>, tile<16xi32>, tile<i32> -> tile<16x128xf32>, token
    %t2 = store_view_tko weak %v, %po[%bx, %by] : tile<16x128xf32>, partition_view<tile=(16x128), tensor_view<?x?xf32, strides=[?,1]>>, tile<i32> -> token
    return
  }
}
