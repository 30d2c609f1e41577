cuda_tile.module @m {
  // y[b, i] = x[b, 127 - i], through per-block scratch (distinct per block).
  entry @rev_blocks(%x: tile<ptr<f32>>, %y: tile<ptr<f32>>) {
    %s = alloca num_elem = 128, alignment = 128 : tile<ptr<f32>>
    %bid, %by, %bz = get_tile_block_id : tile<i32>
    %c128 = constant <i32: 128> : tile<i32>
    %off = muli %bid, %c128 : tile<i32>
    %xo = offset %x, %off : tile<ptr<f32>>, tile<i32> -> tile<ptr<f32>>
    %yo = offset %y, %off : tile<ptr<f32>>, tile<i32> -> tile<ptr<f32>>
    %i = iota : tile<128xi32>
    %xs = reshape %xo : tile<ptr<f32>> -> tile<1xptr<f32>>
    %xb = broadcast %xs : tile<1xptr<f32>> -> tile<128xptr<f32>>
    %px = offset %xb, %i : tile<128xptr<f32>>, tile<128xi32> -> tile<128xptr<f32>>
    %v, %t0 = load_ptr_tko weak %px : tile<128xptr<f32>> -> tile<128xf32>, token
    %ss = reshape %s : tile<ptr<f32>> -> tile<1xptr<f32>>
    %sb = broadcast %ss : tile<1xptr<f32>> -> tile<128xptr<f32>>
    %psi = offset %sb, %i : tile<128xptr<f32>>, tile<128xi32> -> tile<128xptr<f32>>
    %t1 = store_ptr_tko weak %psi, %v token = %t0 : tile<128xptr<f32>>, tile<128xf32> -> token
    %c127 = constant <i32: 127> : tile<128xi32>
    %ri = subi %c127, %i : tile<128xi32>
    %pr = offset %sb, %ri : tile<128xptr<f32>>, tile<128xi32> -> tile<128xptr<f32>>
    %w, %t2 = load_ptr_tko weak %pr token = %t1 : tile<128xptr<f32>> -> tile<128xf32>, token
    %ys = reshape %yo : tile<ptr<f32>> -> tile<1xptr<f32>>
    %yb = broadcast %ys : tile<1xptr<f32>> -> tile<128xptr<f32>>
    %py = offset %yb, %i : tile<128xptr<f32>>, tile<128xi32> -> tile<128xptr<f32>>
    %t3 = store_ptr_tko weak %py, %w : tile<128xptr<f32>>, tile<128xf32> -> token
    return
  }
}
