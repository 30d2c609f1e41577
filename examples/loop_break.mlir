// Data-dependent loops. Each tile block handles one row of a rows x
// (nchunks * 128) i32 matrix, read in chunks of 128.
//
// @first_exceeding: a `loop` adds the chunk sums of the row until the
// running sum exceeds `threshold` (or the chunks run out), then stores the
// number of chunks read and the sum at out[2 * row] and out[2 * row + 1].
// The `break`s sit in `if`s and carry the results.
//
// @weighted_chunks: a `for` carries a 1x128 register tile: out[row, :] is
// the sum over chunks k of x[row, k, :], weighted 1 for k < split and 2
// after (an `if` with a tile result).
cuda_tile.module @loop_break {
  entry @first_exceeding(%x: tile<ptr<i32>>, %out: tile<ptr<i32>>, %rows: tile<i32>, %nchunks: tile<i32>, %threshold: tile<i32>) {
    %c0 = constant <i32: 0> : tile<i32>
    %c1 = constant <i32: 1> : tile<i32>
    %c2 = constant <i32: 2> : tile<i32>
    %c128 = constant <i32: 128> : tile<i32>
    %cols = muli %nchunks, %c128 : tile<i32>
    %tx = make_tensor_view %x, shape = [%rows, %cols], strides = [%cols, 1] : tile<i32> -> tensor_view<?x?xi32, strides=[?,1]>
    %px = make_partition_view %tx : partition_view<tile=(1x128), tensor_view<?x?xi32, strides=[?,1]>>
    %row, %by, %bz = get_tile_block_id : tile<i32>
    %found:2 = loop iter_values(%k = %c0, %acc = %c0) : tile<i32>, tile<i32> -> tile<i32>, tile<i32> {
      %done = cmpi greater_than_or_equal %k, %nchunks, signed : tile<i32> -> tile<i1>
      if %done {
        break %k, %acc : tile<i32>, tile<i32>
      }
      %v, %t = load_view_tko weak %px[%row, %k] : partition_view<tile=(1x128), tensor_view<?x?xi32, strides=[?,1]>>, tile<i32> -> tile<1x128xi32>, token
      %s = reduce %v dim=1 identities=[0 : i32] : tile<1x128xi32> -> tile<1xi32>
      (%a: tile<i32>, %b: tile<i32>) {
        %ab = addi %a, %b : tile<i32>
        yield %ab : tile<i32>
      }
      %s0 = reshape %s : tile<1xi32> -> tile<i32>
      %acc2 = addi %acc, %s0 : tile<i32>
      %k2 = addi %k, %c1 : tile<i32>
      %over = cmpi greater_than %acc2, %threshold, signed : tile<i32> -> tile<i1>
      if %over {
        break %k2, %acc2 : tile<i32>, tile<i32>
      }
      continue %k2, %acc2 : tile<i32>, tile<i32>
    }
    %o = muli %row, %c2 : tile<i32>
    %p0 = offset %out, %o : tile<ptr<i32>>, tile<i32> -> tile<ptr<i32>>
    %t0 = store_ptr_tko weak %p0, %found#0 : tile<ptr<i32>>, tile<i32> -> token
    %p1 = offset %p0, %c1 : tile<ptr<i32>>, tile<i32> -> tile<ptr<i32>>
    %t1 = store_ptr_tko weak %p1, %found#1 : tile<ptr<i32>>, tile<i32> -> token
    return
  }

  entry @weighted_chunks(%x: tile<ptr<i32>>, %out: tile<ptr<i32>>, %rows: tile<i32>, %nchunks: tile<i32>, %split: tile<i32>) {
    %c0 = constant <i32: 0> : tile<i32>
    %c1 = constant <i32: 1> : tile<i32>
    %c128 = constant <i32: 128> : tile<i32>
    %zero = constant <i32: 0> : tile<1x128xi32>
    %cols = muli %nchunks, %c128 : tile<i32>
    %tx = make_tensor_view %x, shape = [%rows, %cols], strides = [%cols, 1] : tile<i32> -> tensor_view<?x?xi32, strides=[?,1]>
    %px = make_partition_view %tx : partition_view<tile=(1x128), tensor_view<?x?xi32, strides=[?,1]>>
    %ty = make_tensor_view %out, shape = [%rows, 128], strides = [128, 1] : tile<i32> -> tensor_view<?x128xi32, strides=[128,1]>
    %py = make_partition_view %ty : partition_view<tile=(1x128), tensor_view<?x128xi32, strides=[128,1]>>
    %row, %by, %bz = get_tile_block_id : tile<i32>
    %sum = for %k in (%c0 to %nchunks, step %c1) : tile<i32> iter_values(%acc = %zero) -> (tile<1x128xi32>) {
      %v, %t = load_view_tko weak %px[%row, %k] : partition_view<tile=(1x128), tensor_view<?x?xi32, strides=[?,1]>>, tile<i32> -> tile<1x128xi32>, token
      %early = cmpi less_than %k, %split, signed : tile<i32> -> tile<i1>
      %w = if %early -> (tile<1x128xi32>) {
        yield %v : tile<1x128xi32>
      } else {
        %v2 = addi %v, %v : tile<1x128xi32>
        yield %v2 : tile<1x128xi32>
      }
      %acc2 = addi %acc, %w : tile<1x128xi32>
      continue %acc2 : tile<1x128xi32>
    }
    %t2 = store_view_tko weak %sum, %py[%row, %c0] : tile<1x128xi32>, partition_view<tile=(1x128), tensor_view<?x128xi32, strides=[128,1]>>, tile<i32> -> token
    return
  }
}
