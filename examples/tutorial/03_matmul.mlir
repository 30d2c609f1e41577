// Tutorial, step 3: C = A B with A m x k and B k x n in f16, C m x n in f32,
// all row-major. Each tile block computes one 128 x 128 tile of C, looping
// over k in steps of 64; launch (ceil(m / 128), ceil(n / 128)) tile blocks.
cuda_tile.module @tutorial_matmul {
  entry @matmul(%a: tile<ptr<f16>>, %b: tile<ptr<f16>>, %c: tile<ptr<f32>>, %m: tile<i32>, %n: tile<i32>, %k: tile<i32>) {
    %ta = make_tensor_view %a, shape = [%m, %k], strides = [%k, 1] : tile<i32> -> tensor_view<?x?xf16, strides=[?,1]>
    %tb = make_tensor_view %b, shape = [%k, %n], strides = [%n, 1] : tile<i32> -> tensor_view<?x?xf16, strides=[?,1]>
    %tc = make_tensor_view %c, shape = [%m, %n], strides = [%n, 1] : tile<i32> -> tensor_view<?x?xf32, strides=[?,1]>
    // A in 128 x 64 tiles, B in 64 x 128 tiles, C in 128 x 128 tiles. Zero
    // padding: the part of a tile past the edge of A or B adds 0 to the sums.
    %pa = make_partition_view %ta : partition_view<tile=(128x64), padding_value = zero, tensor_view<?x?xf16, strides=[?,1]>>
    %pb = make_partition_view %tb : partition_view<tile=(64x128), padding_value = zero, tensor_view<?x?xf16, strides=[?,1]>>
    %pc = make_partition_view %tc : partition_view<tile=(128x128), tensor_view<?x?xf32, strides=[?,1]>>
    // This tile block computes the tile of C at (tile row %i, tile column %j).
    %i, %j, %unused_z = get_tile_block_id : tile<i32>
    // The number of 64-wide steps along k: (k + 63) / 64.
    %c0 = constant <i32: 0> : tile<i32>
    %c1 = constant <i32: 1> : tile<i32>
    %c63 = constant <i32: 63> : tile<i32>
    %c64 = constant <i32: 64> : tile<i32>
    %k_plus_63 = addi %k, %c63 : tile<i32>
    %k_steps = divi %k_plus_63, %c64 signed : tile<i32>
    %zero = constant <f32: 0.0> : tile<128x128xf32>
    // The K loop: %acc starts as %zero, each iteration's `continue` gives the
    // next value, and the loop's result %sum is the last one.
    %sum = for %kk in (%c0 to %k_steps, step %c1) : tile<i32> iter_values(%acc = %zero) -> (tile<128x128xf32>) {
      %va, %t0 = load_view_tko weak %pa[%i, %kk] : partition_view<tile=(128x64), padding_value = zero, tensor_view<?x?xf16, strides=[?,1]>>, tile<i32> -> tile<128x64xf16>, token
      %vb, %t1 = load_view_tko weak %pb[%kk, %j] : partition_view<tile=(64x128), padding_value = zero, tensor_view<?x?xf16, strides=[?,1]>>, tile<i32> -> tile<64x128xf16>, token
      // %va x %vb + %acc on the tensor cores, with f32 accumulation.
      %next = mmaf %va, %vb, %acc : tile<128x64xf16>, tile<64x128xf16>, tile<128x128xf32>
      continue %next : tile<128x128xf32>
    }
    %t2 = store_view_tko weak %sum, %pc[%i, %j] : tile<128x128xf32>, partition_view<tile=(128x128), tensor_view<?x?xf32, strides=[?,1]>>, tile<i32> -> token
    return
  }
}
