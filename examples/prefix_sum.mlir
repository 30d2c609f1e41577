// Inclusive prefix sums along the rows of a row-major rows x COLS matrix
// (f32 and i32), one tile block per row (launch `rows` blocks): y[r, k] =
// x[r, 0] + ... + x[r, k]. A row is one tile; a scan across tile blocks (a
// row longer than one tile) is not provided here.
cuda_tile.module @prefix_sum {
  entry @prefix_sum_f32_1024(%x: tile<ptr<f32>>, %y: tile<ptr<f32>>, %rows: tile<i32>) {
    %tx = make_tensor_view %x, shape = [%rows, 1024], strides = [1024, 1] : tile<i32> -> tensor_view<?x1024xf32, strides=[1024,1]>
    %ty = make_tensor_view %y, shape = [%rows, 1024], strides = [1024, 1] : tile<i32> -> tensor_view<?x1024xf32, strides=[1024,1]>
    %px = make_partition_view %tx : partition_view<tile=(1x1024), tensor_view<?x1024xf32, strides=[1024,1]>>
    %py = make_partition_view %ty : partition_view<tile=(1x1024), tensor_view<?x1024xf32, strides=[1024,1]>>
    %row, %by, %bz = get_tile_block_id : tile<i32>
    %c0 = constant <i32: 0> : tile<i32>
    %v, %t0 = load_view_tko weak %px[%row, %c0] : partition_view<tile=(1x1024), tensor_view<?x1024xf32, strides=[1024,1]>>, tile<i32> -> tile<1x1024xf32>, token
    %s = scan %v dim=1 reverse=false identities=[0.000000e+00 : f32] : tile<1x1024xf32> -> tile<1x1024xf32>
    (%a: tile<f32>, %b: tile<f32>) {
      %r = addf %a, %b : tile<f32>
      yield %r : tile<f32>
    }
    %t1 = store_view_tko weak %s, %py[%row, %c0] : tile<1x1024xf32>, partition_view<tile=(1x1024), tensor_view<?x1024xf32, strides=[1024,1]>>, tile<i32> -> token
    return
  }

  entry @prefix_sum_f32_8192(%x: tile<ptr<f32>>, %y: tile<ptr<f32>>, %rows: tile<i32>) {
    %tx = make_tensor_view %x, shape = [%rows, 8192], strides = [8192, 1] : tile<i32> -> tensor_view<?x8192xf32, strides=[8192,1]>
    %ty = make_tensor_view %y, shape = [%rows, 8192], strides = [8192, 1] : tile<i32> -> tensor_view<?x8192xf32, strides=[8192,1]>
    %px = make_partition_view %tx : partition_view<tile=(1x8192), tensor_view<?x8192xf32, strides=[8192,1]>>
    %py = make_partition_view %ty : partition_view<tile=(1x8192), tensor_view<?x8192xf32, strides=[8192,1]>>
    %row, %by, %bz = get_tile_block_id : tile<i32>
    %c0 = constant <i32: 0> : tile<i32>
    %v, %t0 = load_view_tko weak %px[%row, %c0] : partition_view<tile=(1x8192), tensor_view<?x8192xf32, strides=[8192,1]>>, tile<i32> -> tile<1x8192xf32>, token
    %s = scan %v dim=1 reverse=false identities=[0.000000e+00 : f32] : tile<1x8192xf32> -> tile<1x8192xf32>
    (%a: tile<f32>, %b: tile<f32>) {
      %r = addf %a, %b : tile<f32>
      yield %r : tile<f32>
    }
    %t1 = store_view_tko weak %s, %py[%row, %c0] : tile<1x8192xf32>, partition_view<tile=(1x8192), tensor_view<?x8192xf32, strides=[8192,1]>>, tile<i32> -> token
    return
  }

  entry @prefix_sum_i32_1024(%x: tile<ptr<i32>>, %y: tile<ptr<i32>>, %rows: tile<i32>) {
    %tx = make_tensor_view %x, shape = [%rows, 1024], strides = [1024, 1] : tile<i32> -> tensor_view<?x1024xi32, strides=[1024,1]>
    %ty = make_tensor_view %y, shape = [%rows, 1024], strides = [1024, 1] : tile<i32> -> tensor_view<?x1024xi32, strides=[1024,1]>
    %px = make_partition_view %tx : partition_view<tile=(1x1024), tensor_view<?x1024xi32, strides=[1024,1]>>
    %py = make_partition_view %ty : partition_view<tile=(1x1024), tensor_view<?x1024xi32, strides=[1024,1]>>
    %row, %by, %bz = get_tile_block_id : tile<i32>
    %c0 = constant <i32: 0> : tile<i32>
    %v, %t0 = load_view_tko weak %px[%row, %c0] : partition_view<tile=(1x1024), tensor_view<?x1024xi32, strides=[1024,1]>>, tile<i32> -> tile<1x1024xi32>, token
    %s = scan %v dim=1 reverse=false identities=[0 : i32] : tile<1x1024xi32> -> tile<1x1024xi32>
    (%a: tile<i32>, %b: tile<i32>) {
      %r = addi %a, %b : tile<i32>
      yield %r : tile<i32>
    }
    %t1 = store_view_tko weak %s, %py[%row, %c0] : tile<1x1024xi32>, partition_view<tile=(1x1024), tensor_view<?x1024xi32, strides=[1024,1]>>, tile<i32> -> token
    return
  }

  entry @prefix_sum_i32_8192(%x: tile<ptr<i32>>, %y: tile<ptr<i32>>, %rows: tile<i32>) {
    %tx = make_tensor_view %x, shape = [%rows, 8192], strides = [8192, 1] : tile<i32> -> tensor_view<?x8192xi32, strides=[8192,1]>
    %ty = make_tensor_view %y, shape = [%rows, 8192], strides = [8192, 1] : tile<i32> -> tensor_view<?x8192xi32, strides=[8192,1]>
    %px = make_partition_view %tx : partition_view<tile=(1x8192), tensor_view<?x8192xi32, strides=[8192,1]>>
    %py = make_partition_view %ty : partition_view<tile=(1x8192), tensor_view<?x8192xi32, strides=[8192,1]>>
    %row, %by, %bz = get_tile_block_id : tile<i32>
    %c0 = constant <i32: 0> : tile<i32>
    %v, %t0 = load_view_tko weak %px[%row, %c0] : partition_view<tile=(1x8192), tensor_view<?x8192xi32, strides=[8192,1]>>, tile<i32> -> tile<1x8192xi32>, token
    %s = scan %v dim=1 reverse=false identities=[0 : i32] : tile<1x8192xi32> -> tile<1x8192xi32>
    (%a: tile<i32>, %b: tile<i32>) {
      %r = addi %a, %b : tile<i32>
      yield %r : tile<i32>
    }
    %t1 = store_view_tko weak %s, %py[%row, %c0] : tile<1x8192xi32>, partition_view<tile=(1x8192), tensor_view<?x8192xi32, strides=[8192,1]>>, tile<i32> -> token
    return
  }
}
