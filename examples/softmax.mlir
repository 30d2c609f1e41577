// Row softmax, y[r, :] = exp(x[r, :] - max) / sum(exp(x[r, :] - max)), on a
// row-major rows x COLS f32 matrix; one tile block per row (launch `rows`
// blocks). Entry softmax_COLS handles rows of COLS elements; `reduce` takes
// the row max and the row sum. The row is scaled by 1/sum (one division per
// row, not one per element: within 1.5 ulp of the quotient, and the kernel
// stays at the copy bound where per-element IEEE division costs 10-20% on an
// H200). softmax_bf16_8192 reads and writes bf16 and computes in f32.
cuda_tile.module @softmax {
  entry @softmax_128(%x: tile<ptr<f32>>, %y: tile<ptr<f32>>, %rows: tile<i32>) {
    %tx = make_tensor_view %x, shape = [%rows, 128], strides = [128, 1] : tile<i32> -> tensor_view<?x128xf32, strides=[128,1]>
    %ty = make_tensor_view %y, shape = [%rows, 128], strides = [128, 1] : tile<i32> -> tensor_view<?x128xf32, strides=[128,1]>
    %px = make_partition_view %tx : partition_view<tile=(1x128), tensor_view<?x128xf32, strides=[128,1]>>
    %py = make_partition_view %ty : partition_view<tile=(1x128), tensor_view<?x128xf32, strides=[128,1]>>
    %row, %by, %bz = get_tile_block_id : tile<i32>
    %c0 = constant <i32: 0> : tile<i32>
    %v, %t0 = load_view_tko weak %px[%row, %c0] : partition_view<tile=(1x128), tensor_view<?x128xf32, strides=[128,1]>>, tile<i32> -> tile<1x128xf32>, token
    %max = reduce %v dim=1 identities=[0xFF800000 : f32] : tile<1x128xf32> -> tile<1xf32>
    (%m0: tile<f32>, %m1: tile<f32>) {
      %m = maxf %m0, %m1 : tile<f32>
      yield %m : tile<f32>
    }
    %max2 = reshape %max : tile<1xf32> -> tile<1x1xf32>
    %maxb = broadcast %max2 : tile<1x1xf32> -> tile<1x128xf32>
    %shifted = subf %v, %maxb : tile<1x128xf32>
    %e = exp %shifted : tile<1x128xf32>
    %sum = reduce %e dim=1 identities=[0.000000e+00 : f32] : tile<1x128xf32> -> tile<1xf32>
    (%s0: tile<f32>, %s1: tile<f32>) {
      %s = addf %s0, %s1 : tile<f32>
      yield %s : tile<f32>
    }
    %one = constant <f32: 1.0> : tile<1xf32>
    %rsum = divf %one, %sum : tile<1xf32>
    %rsum2 = reshape %rsum : tile<1xf32> -> tile<1x1xf32>
    %rsumb = broadcast %rsum2 : tile<1x1xf32> -> tile<1x128xf32>
    %out = mulf %e, %rsumb : tile<1x128xf32>
    %t1 = store_view_tko weak %out, %py[%row, %c0] : tile<1x128xf32>, partition_view<tile=(1x128), tensor_view<?x128xf32, strides=[128,1]>>, tile<i32> -> token
    return
  }

  entry @softmax_256(%x: tile<ptr<f32>>, %y: tile<ptr<f32>>, %rows: tile<i32>) {
    %tx = make_tensor_view %x, shape = [%rows, 256], strides = [256, 1] : tile<i32> -> tensor_view<?x256xf32, strides=[256,1]>
    %ty = make_tensor_view %y, shape = [%rows, 256], strides = [256, 1] : tile<i32> -> tensor_view<?x256xf32, strides=[256,1]>
    %px = make_partition_view %tx : partition_view<tile=(1x256), tensor_view<?x256xf32, strides=[256,1]>>
    %py = make_partition_view %ty : partition_view<tile=(1x256), tensor_view<?x256xf32, strides=[256,1]>>
    %row, %by, %bz = get_tile_block_id : tile<i32>
    %c0 = constant <i32: 0> : tile<i32>
    %v, %t0 = load_view_tko weak %px[%row, %c0] : partition_view<tile=(1x256), tensor_view<?x256xf32, strides=[256,1]>>, tile<i32> -> tile<1x256xf32>, token
    %max = reduce %v dim=1 identities=[0xFF800000 : f32] : tile<1x256xf32> -> tile<1xf32>
    (%m0: tile<f32>, %m1: tile<f32>) {
      %m = maxf %m0, %m1 : tile<f32>
      yield %m : tile<f32>
    }
    %max2 = reshape %max : tile<1xf32> -> tile<1x1xf32>
    %maxb = broadcast %max2 : tile<1x1xf32> -> tile<1x256xf32>
    %shifted = subf %v, %maxb : tile<1x256xf32>
    %e = exp %shifted : tile<1x256xf32>
    %sum = reduce %e dim=1 identities=[0.000000e+00 : f32] : tile<1x256xf32> -> tile<1xf32>
    (%s0: tile<f32>, %s1: tile<f32>) {
      %s = addf %s0, %s1 : tile<f32>
      yield %s : tile<f32>
    }
    %one = constant <f32: 1.0> : tile<1xf32>
    %rsum = divf %one, %sum : tile<1xf32>
    %rsum2 = reshape %rsum : tile<1xf32> -> tile<1x1xf32>
    %rsumb = broadcast %rsum2 : tile<1x1xf32> -> tile<1x256xf32>
    %out = mulf %e, %rsumb : tile<1x256xf32>
    %t1 = store_view_tko weak %out, %py[%row, %c0] : tile<1x256xf32>, partition_view<tile=(1x256), tensor_view<?x256xf32, strides=[256,1]>>, tile<i32> -> token
    return
  }

  entry @softmax_512(%x: tile<ptr<f32>>, %y: tile<ptr<f32>>, %rows: tile<i32>) {
    %tx = make_tensor_view %x, shape = [%rows, 512], strides = [512, 1] : tile<i32> -> tensor_view<?x512xf32, strides=[512,1]>
    %ty = make_tensor_view %y, shape = [%rows, 512], strides = [512, 1] : tile<i32> -> tensor_view<?x512xf32, strides=[512,1]>
    %px = make_partition_view %tx : partition_view<tile=(1x512), tensor_view<?x512xf32, strides=[512,1]>>
    %py = make_partition_view %ty : partition_view<tile=(1x512), tensor_view<?x512xf32, strides=[512,1]>>
    %row, %by, %bz = get_tile_block_id : tile<i32>
    %c0 = constant <i32: 0> : tile<i32>
    %v, %t0 = load_view_tko weak %px[%row, %c0] : partition_view<tile=(1x512), tensor_view<?x512xf32, strides=[512,1]>>, tile<i32> -> tile<1x512xf32>, token
    %max = reduce %v dim=1 identities=[0xFF800000 : f32] : tile<1x512xf32> -> tile<1xf32>
    (%m0: tile<f32>, %m1: tile<f32>) {
      %m = maxf %m0, %m1 : tile<f32>
      yield %m : tile<f32>
    }
    %max2 = reshape %max : tile<1xf32> -> tile<1x1xf32>
    %maxb = broadcast %max2 : tile<1x1xf32> -> tile<1x512xf32>
    %shifted = subf %v, %maxb : tile<1x512xf32>
    %e = exp %shifted : tile<1x512xf32>
    %sum = reduce %e dim=1 identities=[0.000000e+00 : f32] : tile<1x512xf32> -> tile<1xf32>
    (%s0: tile<f32>, %s1: tile<f32>) {
      %s = addf %s0, %s1 : tile<f32>
      yield %s : tile<f32>
    }
    %one = constant <f32: 1.0> : tile<1xf32>
    %rsum = divf %one, %sum : tile<1xf32>
    %rsum2 = reshape %rsum : tile<1xf32> -> tile<1x1xf32>
    %rsumb = broadcast %rsum2 : tile<1x1xf32> -> tile<1x512xf32>
    %out = mulf %e, %rsumb : tile<1x512xf32>
    %t1 = store_view_tko weak %out, %py[%row, %c0] : tile<1x512xf32>, partition_view<tile=(1x512), tensor_view<?x512xf32, strides=[512,1]>>, tile<i32> -> token
    return
  }

  entry @softmax_1024(%x: tile<ptr<f32>>, %y: tile<ptr<f32>>, %rows: tile<i32>) {
    %tx = make_tensor_view %x, shape = [%rows, 1024], strides = [1024, 1] : tile<i32> -> tensor_view<?x1024xf32, strides=[1024,1]>
    %ty = make_tensor_view %y, shape = [%rows, 1024], strides = [1024, 1] : tile<i32> -> tensor_view<?x1024xf32, strides=[1024,1]>
    %px = make_partition_view %tx : partition_view<tile=(1x1024), tensor_view<?x1024xf32, strides=[1024,1]>>
    %py = make_partition_view %ty : partition_view<tile=(1x1024), tensor_view<?x1024xf32, strides=[1024,1]>>
    %row, %by, %bz = get_tile_block_id : tile<i32>
    %c0 = constant <i32: 0> : tile<i32>
    %v, %t0 = load_view_tko weak %px[%row, %c0] : partition_view<tile=(1x1024), tensor_view<?x1024xf32, strides=[1024,1]>>, tile<i32> -> tile<1x1024xf32>, token
    %max = reduce %v dim=1 identities=[0xFF800000 : f32] : tile<1x1024xf32> -> tile<1xf32>
    (%m0: tile<f32>, %m1: tile<f32>) {
      %m = maxf %m0, %m1 : tile<f32>
      yield %m : tile<f32>
    }
    %max2 = reshape %max : tile<1xf32> -> tile<1x1xf32>
    %maxb = broadcast %max2 : tile<1x1xf32> -> tile<1x1024xf32>
    %shifted = subf %v, %maxb : tile<1x1024xf32>
    %e = exp %shifted : tile<1x1024xf32>
    %sum = reduce %e dim=1 identities=[0.000000e+00 : f32] : tile<1x1024xf32> -> tile<1xf32>
    (%s0: tile<f32>, %s1: tile<f32>) {
      %s = addf %s0, %s1 : tile<f32>
      yield %s : tile<f32>
    }
    %one = constant <f32: 1.0> : tile<1xf32>
    %rsum = divf %one, %sum : tile<1xf32>
    %rsum2 = reshape %rsum : tile<1xf32> -> tile<1x1xf32>
    %rsumb = broadcast %rsum2 : tile<1x1xf32> -> tile<1x1024xf32>
    %out = mulf %e, %rsumb : tile<1x1024xf32>
    %t1 = store_view_tko weak %out, %py[%row, %c0] : tile<1x1024xf32>, partition_view<tile=(1x1024), tensor_view<?x1024xf32, strides=[1024,1]>>, tile<i32> -> token
    return
  }

  entry @softmax_2048(%x: tile<ptr<f32>>, %y: tile<ptr<f32>>, %rows: tile<i32>) {
    %tx = make_tensor_view %x, shape = [%rows, 2048], strides = [2048, 1] : tile<i32> -> tensor_view<?x2048xf32, strides=[2048,1]>
    %ty = make_tensor_view %y, shape = [%rows, 2048], strides = [2048, 1] : tile<i32> -> tensor_view<?x2048xf32, strides=[2048,1]>
    %px = make_partition_view %tx : partition_view<tile=(1x2048), tensor_view<?x2048xf32, strides=[2048,1]>>
    %py = make_partition_view %ty : partition_view<tile=(1x2048), tensor_view<?x2048xf32, strides=[2048,1]>>
    %row, %by, %bz = get_tile_block_id : tile<i32>
    %c0 = constant <i32: 0> : tile<i32>
    %v, %t0 = load_view_tko weak %px[%row, %c0] : partition_view<tile=(1x2048), tensor_view<?x2048xf32, strides=[2048,1]>>, tile<i32> -> tile<1x2048xf32>, token
    %max = reduce %v dim=1 identities=[0xFF800000 : f32] : tile<1x2048xf32> -> tile<1xf32>
    (%m0: tile<f32>, %m1: tile<f32>) {
      %m = maxf %m0, %m1 : tile<f32>
      yield %m : tile<f32>
    }
    %max2 = reshape %max : tile<1xf32> -> tile<1x1xf32>
    %maxb = broadcast %max2 : tile<1x1xf32> -> tile<1x2048xf32>
    %shifted = subf %v, %maxb : tile<1x2048xf32>
    %e = exp %shifted : tile<1x2048xf32>
    %sum = reduce %e dim=1 identities=[0.000000e+00 : f32] : tile<1x2048xf32> -> tile<1xf32>
    (%s0: tile<f32>, %s1: tile<f32>) {
      %s = addf %s0, %s1 : tile<f32>
      yield %s : tile<f32>
    }
    %one = constant <f32: 1.0> : tile<1xf32>
    %rsum = divf %one, %sum : tile<1xf32>
    %rsum2 = reshape %rsum : tile<1xf32> -> tile<1x1xf32>
    %rsumb = broadcast %rsum2 : tile<1x1xf32> -> tile<1x2048xf32>
    %out = mulf %e, %rsumb : tile<1x2048xf32>
    %t1 = store_view_tko weak %out, %py[%row, %c0] : tile<1x2048xf32>, partition_view<tile=(1x2048), tensor_view<?x2048xf32, strides=[2048,1]>>, tile<i32> -> token
    return
  }

  entry @softmax_4096(%x: tile<ptr<f32>>, %y: tile<ptr<f32>>, %rows: tile<i32>) {
    %tx = make_tensor_view %x, shape = [%rows, 4096], strides = [4096, 1] : tile<i32> -> tensor_view<?x4096xf32, strides=[4096,1]>
    %ty = make_tensor_view %y, shape = [%rows, 4096], strides = [4096, 1] : tile<i32> -> tensor_view<?x4096xf32, strides=[4096,1]>
    %px = make_partition_view %tx : partition_view<tile=(1x4096), tensor_view<?x4096xf32, strides=[4096,1]>>
    %py = make_partition_view %ty : partition_view<tile=(1x4096), tensor_view<?x4096xf32, strides=[4096,1]>>
    %row, %by, %bz = get_tile_block_id : tile<i32>
    %c0 = constant <i32: 0> : tile<i32>
    %v, %t0 = load_view_tko weak %px[%row, %c0] : partition_view<tile=(1x4096), tensor_view<?x4096xf32, strides=[4096,1]>>, tile<i32> -> tile<1x4096xf32>, token
    %max = reduce %v dim=1 identities=[0xFF800000 : f32] : tile<1x4096xf32> -> tile<1xf32>
    (%m0: tile<f32>, %m1: tile<f32>) {
      %m = maxf %m0, %m1 : tile<f32>
      yield %m : tile<f32>
    }
    %max2 = reshape %max : tile<1xf32> -> tile<1x1xf32>
    %maxb = broadcast %max2 : tile<1x1xf32> -> tile<1x4096xf32>
    %shifted = subf %v, %maxb : tile<1x4096xf32>
    %e = exp %shifted : tile<1x4096xf32>
    %sum = reduce %e dim=1 identities=[0.000000e+00 : f32] : tile<1x4096xf32> -> tile<1xf32>
    (%s0: tile<f32>, %s1: tile<f32>) {
      %s = addf %s0, %s1 : tile<f32>
      yield %s : tile<f32>
    }
    %one = constant <f32: 1.0> : tile<1xf32>
    %rsum = divf %one, %sum : tile<1xf32>
    %rsum2 = reshape %rsum : tile<1xf32> -> tile<1x1xf32>
    %rsumb = broadcast %rsum2 : tile<1x1xf32> -> tile<1x4096xf32>
    %out = mulf %e, %rsumb : tile<1x4096xf32>
    %t1 = store_view_tko weak %out, %py[%row, %c0] : tile<1x4096xf32>, partition_view<tile=(1x4096), tensor_view<?x4096xf32, strides=[4096,1]>>, tile<i32> -> token
    return
  }

  entry @softmax_8192(%x: tile<ptr<f32>>, %y: tile<ptr<f32>>, %rows: tile<i32>) {
    %tx = make_tensor_view %x, shape = [%rows, 8192], strides = [8192, 1] : tile<i32> -> tensor_view<?x8192xf32, strides=[8192,1]>
    %ty = make_tensor_view %y, shape = [%rows, 8192], strides = [8192, 1] : tile<i32> -> tensor_view<?x8192xf32, strides=[8192,1]>
    %px = make_partition_view %tx : partition_view<tile=(1x8192), tensor_view<?x8192xf32, strides=[8192,1]>>
    %py = make_partition_view %ty : partition_view<tile=(1x8192), tensor_view<?x8192xf32, strides=[8192,1]>>
    %row, %by, %bz = get_tile_block_id : tile<i32>
    %c0 = constant <i32: 0> : tile<i32>
    %v, %t0 = load_view_tko weak %px[%row, %c0] : partition_view<tile=(1x8192), tensor_view<?x8192xf32, strides=[8192,1]>>, tile<i32> -> tile<1x8192xf32>, token
    %max = reduce %v dim=1 identities=[0xFF800000 : f32] : tile<1x8192xf32> -> tile<1xf32>
    (%m0: tile<f32>, %m1: tile<f32>) {
      %m = maxf %m0, %m1 : tile<f32>
      yield %m : tile<f32>
    }
    %max2 = reshape %max : tile<1xf32> -> tile<1x1xf32>
    %maxb = broadcast %max2 : tile<1x1xf32> -> tile<1x8192xf32>
    %shifted = subf %v, %maxb : tile<1x8192xf32>
    %e = exp %shifted : tile<1x8192xf32>
    %sum = reduce %e dim=1 identities=[0.000000e+00 : f32] : tile<1x8192xf32> -> tile<1xf32>
    (%s0: tile<f32>, %s1: tile<f32>) {
      %s = addf %s0, %s1 : tile<f32>
      yield %s : tile<f32>
    }
    %one = constant <f32: 1.0> : tile<1xf32>
    %rsum = divf %one, %sum : tile<1xf32>
    %rsum2 = reshape %rsum : tile<1xf32> -> tile<1x1xf32>
    %rsumb = broadcast %rsum2 : tile<1x1xf32> -> tile<1x8192xf32>
    %out = mulf %e, %rsumb : tile<1x8192xf32>
    %t1 = store_view_tko weak %out, %py[%row, %c0] : tile<1x8192xf32>, partition_view<tile=(1x8192), tensor_view<?x8192xf32, strides=[8192,1]>>, tile<i32> -> token
    return
  }

  // bf16 input and output, f32 math.
  entry @softmax_bf16_8192(%x: tile<ptr<bf16>>, %y: tile<ptr<bf16>>, %rows: tile<i32>) {
    %tx = make_tensor_view %x, shape = [%rows, 8192], strides = [8192, 1] : tile<i32> -> tensor_view<?x8192xbf16, strides=[8192,1]>
    %ty = make_tensor_view %y, shape = [%rows, 8192], strides = [8192, 1] : tile<i32> -> tensor_view<?x8192xbf16, strides=[8192,1]>
    %px = make_partition_view %tx : partition_view<tile=(1x8192), tensor_view<?x8192xbf16, strides=[8192,1]>>
    %py = make_partition_view %ty : partition_view<tile=(1x8192), tensor_view<?x8192xbf16, strides=[8192,1]>>
    %row, %by, %bz = get_tile_block_id : tile<i32>
    %c0 = constant <i32: 0> : tile<i32>
    %vh, %t0 = load_view_tko weak %px[%row, %c0] : partition_view<tile=(1x8192), tensor_view<?x8192xbf16, strides=[8192,1]>>, tile<i32> -> tile<1x8192xbf16>, token
    %v = ftof %vh : tile<1x8192xbf16> -> tile<1x8192xf32>
    %max = reduce %v dim=1 identities=[0xFF800000 : f32] : tile<1x8192xf32> -> tile<1xf32>
    (%m0: tile<f32>, %m1: tile<f32>) {
      %m = maxf %m0, %m1 : tile<f32>
      yield %m : tile<f32>
    }
    %max2 = reshape %max : tile<1xf32> -> tile<1x1xf32>
    %maxb = broadcast %max2 : tile<1x1xf32> -> tile<1x8192xf32>
    %shifted = subf %v, %maxb : tile<1x8192xf32>
    %e = exp %shifted : tile<1x8192xf32>
    %sum = reduce %e dim=1 identities=[0.000000e+00 : f32] : tile<1x8192xf32> -> tile<1xf32>
    (%s0: tile<f32>, %s1: tile<f32>) {
      %s = addf %s0, %s1 : tile<f32>
      yield %s : tile<f32>
    }
    %one = constant <f32: 1.0> : tile<1xf32>
    %rsum = divf %one, %sum : tile<1xf32>
    %rsum2 = reshape %rsum : tile<1xf32> -> tile<1x1xf32>
    %rsumb = broadcast %rsum2 : tile<1x1xf32> -> tile<1x8192xf32>
    %out = mulf %e, %rsumb : tile<1x8192xf32>
    %outh = ftof %out : tile<1x8192xf32> -> tile<1x8192xbf16>
    %t1 = store_view_tko weak %outh, %py[%row, %c0] : tile<1x8192xbf16>, partition_view<tile=(1x8192), tensor_view<?x8192xbf16, strides=[8192,1]>>, tile<i32> -> token
    return
  }
}
