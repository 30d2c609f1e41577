// Row layer normalization, y[r, :] = (x[r, :] - mean) * rsqrt(var + eps) * w + b,
// of a row-major rows x COLS matrix with f32 statistics; one tile block per row
// (launch `rows` blocks). Entry layernorm_COLS takes f32 x, w, b, y;
// layernorm_bf16_COLS takes bf16 x, w, b, y and computes in f32. `reduce`
// takes the row sum and the row sum of squares of the centred row.
cuda_tile.module @layernorm {
  entry @layernorm_1024(%x: tile<ptr<f32>>, %w: tile<ptr<f32>>, %b: tile<ptr<f32>>, %y: tile<ptr<f32>>, %rows: tile<i32>, %eps: tile<f32>) {
    %tx = make_tensor_view %x, shape = [%rows, 1024], strides = [1024, 1] : tile<i32> -> tensor_view<?x1024xf32, strides=[1024,1]>
    %ty = make_tensor_view %y, shape = [%rows, 1024], strides = [1024, 1] : tile<i32> -> tensor_view<?x1024xf32, strides=[1024,1]>
    %tw = make_tensor_view %w, shape = [1, 1024], strides = [1024, 1] : tensor_view<1x1024xf32, strides=[1024,1]>
    %tb = make_tensor_view %b, shape = [1, 1024], strides = [1024, 1] : tensor_view<1x1024xf32, strides=[1024,1]>
    %px = make_partition_view %tx : partition_view<tile=(1x1024), tensor_view<?x1024xf32, strides=[1024,1]>>
    %py = make_partition_view %ty : partition_view<tile=(1x1024), tensor_view<?x1024xf32, strides=[1024,1]>>
    %pw = make_partition_view %tw : partition_view<tile=(1x1024), tensor_view<1x1024xf32, strides=[1024,1]>>
    %pb = make_partition_view %tb : partition_view<tile=(1x1024), tensor_view<1x1024xf32, strides=[1024,1]>>
    %row, %by, %bz = get_tile_block_id : tile<i32>
    %c0 = constant <i32: 0> : tile<i32>
    %inv_n = constant <f32: 9.7656250000e-04> : tile<1xf32>
    %xv, %t0 = load_view_tko weak %px[%row, %c0] : partition_view<tile=(1x1024), tensor_view<?x1024xf32, strides=[1024,1]>>, tile<i32> -> tile<1x1024xf32>, token
    %wv, %t1 = load_view_tko weak %pw[%c0, %c0] : partition_view<tile=(1x1024), tensor_view<1x1024xf32, strides=[1024,1]>>, tile<i32> -> tile<1x1024xf32>, token
    %bv, %t2 = load_view_tko weak %pb[%c0, %c0] : partition_view<tile=(1x1024), tensor_view<1x1024xf32, strides=[1024,1]>>, tile<i32> -> tile<1x1024xf32>, token
    %sum = reduce %xv dim=1 identities=[0.000000e+00 : f32] : tile<1x1024xf32> -> tile<1xf32>
    (%s0: tile<f32>, %s1: tile<f32>) {
      %s = addf %s0, %s1 : tile<f32>
      yield %s : tile<f32>
    }
    %mean = mulf %sum, %inv_n : tile<1xf32>
    %mean2 = reshape %mean : tile<1xf32> -> tile<1x1xf32>
    %meanb = broadcast %mean2 : tile<1x1xf32> -> tile<1x1024xf32>
    %xc = subf %xv, %meanb : tile<1x1024xf32>
    %sq = mulf %xc, %xc : tile<1x1024xf32>
    %ss = reduce %sq dim=1 identities=[0.000000e+00 : f32] : tile<1x1024xf32> -> tile<1xf32>
    (%q0: tile<f32>, %q1: tile<f32>) {
      %q = addf %q0, %q1 : tile<f32>
      yield %q : tile<f32>
    }
    %var = mulf %ss, %inv_n : tile<1xf32>
    %eps1 = reshape %eps : tile<f32> -> tile<1xf32>
    %ve = addf %var, %eps1 : tile<1xf32>
    %rstd = rsqrt %ve : tile<1xf32>
    %rstd2 = reshape %rstd : tile<1xf32> -> tile<1x1xf32>
    %rstdb = broadcast %rstd2 : tile<1x1xf32> -> tile<1x1024xf32>
    %xn = mulf %xc, %rstdb : tile<1x1024xf32>
    %xw = mulf %xn, %wv : tile<1x1024xf32>
    %out = addf %xw, %bv : tile<1x1024xf32>
    %t3 = store_view_tko weak %out, %py[%row, %c0] : tile<1x1024xf32>, partition_view<tile=(1x1024), tensor_view<?x1024xf32, strides=[1024,1]>>, tile<i32> -> token
    return
  }

  entry @layernorm_2048(%x: tile<ptr<f32>>, %w: tile<ptr<f32>>, %b: tile<ptr<f32>>, %y: tile<ptr<f32>>, %rows: tile<i32>, %eps: tile<f32>) {
    %tx = make_tensor_view %x, shape = [%rows, 2048], strides = [2048, 1] : tile<i32> -> tensor_view<?x2048xf32, strides=[2048,1]>
    %ty = make_tensor_view %y, shape = [%rows, 2048], strides = [2048, 1] : tile<i32> -> tensor_view<?x2048xf32, strides=[2048,1]>
    %tw = make_tensor_view %w, shape = [1, 2048], strides = [2048, 1] : tensor_view<1x2048xf32, strides=[2048,1]>
    %tb = make_tensor_view %b, shape = [1, 2048], strides = [2048, 1] : tensor_view<1x2048xf32, strides=[2048,1]>
    %px = make_partition_view %tx : partition_view<tile=(1x2048), tensor_view<?x2048xf32, strides=[2048,1]>>
    %py = make_partition_view %ty : partition_view<tile=(1x2048), tensor_view<?x2048xf32, strides=[2048,1]>>
    %pw = make_partition_view %tw : partition_view<tile=(1x2048), tensor_view<1x2048xf32, strides=[2048,1]>>
    %pb = make_partition_view %tb : partition_view<tile=(1x2048), tensor_view<1x2048xf32, strides=[2048,1]>>
    %row, %by, %bz = get_tile_block_id : tile<i32>
    %c0 = constant <i32: 0> : tile<i32>
    %inv_n = constant <f32: 4.8828125000e-04> : tile<1xf32>
    %xv, %t0 = load_view_tko weak %px[%row, %c0] : partition_view<tile=(1x2048), tensor_view<?x2048xf32, strides=[2048,1]>>, tile<i32> -> tile<1x2048xf32>, token
    %wv, %t1 = load_view_tko weak %pw[%c0, %c0] : partition_view<tile=(1x2048), tensor_view<1x2048xf32, strides=[2048,1]>>, tile<i32> -> tile<1x2048xf32>, token
    %bv, %t2 = load_view_tko weak %pb[%c0, %c0] : partition_view<tile=(1x2048), tensor_view<1x2048xf32, strides=[2048,1]>>, tile<i32> -> tile<1x2048xf32>, token
    %sum = reduce %xv dim=1 identities=[0.000000e+00 : f32] : tile<1x2048xf32> -> tile<1xf32>
    (%s0: tile<f32>, %s1: tile<f32>) {
      %s = addf %s0, %s1 : tile<f32>
      yield %s : tile<f32>
    }
    %mean = mulf %sum, %inv_n : tile<1xf32>
    %mean2 = reshape %mean : tile<1xf32> -> tile<1x1xf32>
    %meanb = broadcast %mean2 : tile<1x1xf32> -> tile<1x2048xf32>
    %xc = subf %xv, %meanb : tile<1x2048xf32>
    %sq = mulf %xc, %xc : tile<1x2048xf32>
    %ss = reduce %sq dim=1 identities=[0.000000e+00 : f32] : tile<1x2048xf32> -> tile<1xf32>
    (%q0: tile<f32>, %q1: tile<f32>) {
      %q = addf %q0, %q1 : tile<f32>
      yield %q : tile<f32>
    }
    %var = mulf %ss, %inv_n : tile<1xf32>
    %eps1 = reshape %eps : tile<f32> -> tile<1xf32>
    %ve = addf %var, %eps1 : tile<1xf32>
    %rstd = rsqrt %ve : tile<1xf32>
    %rstd2 = reshape %rstd : tile<1xf32> -> tile<1x1xf32>
    %rstdb = broadcast %rstd2 : tile<1x1xf32> -> tile<1x2048xf32>
    %xn = mulf %xc, %rstdb : tile<1x2048xf32>
    %xw = mulf %xn, %wv : tile<1x2048xf32>
    %out = addf %xw, %bv : tile<1x2048xf32>
    %t3 = store_view_tko weak %out, %py[%row, %c0] : tile<1x2048xf32>, partition_view<tile=(1x2048), tensor_view<?x2048xf32, strides=[2048,1]>>, tile<i32> -> token
    return
  }

  entry @layernorm_4096(%x: tile<ptr<f32>>, %w: tile<ptr<f32>>, %b: tile<ptr<f32>>, %y: tile<ptr<f32>>, %rows: tile<i32>, %eps: tile<f32>) {
    %tx = make_tensor_view %x, shape = [%rows, 4096], strides = [4096, 1] : tile<i32> -> tensor_view<?x4096xf32, strides=[4096,1]>
    %ty = make_tensor_view %y, shape = [%rows, 4096], strides = [4096, 1] : tile<i32> -> tensor_view<?x4096xf32, strides=[4096,1]>
    %tw = make_tensor_view %w, shape = [1, 4096], strides = [4096, 1] : tensor_view<1x4096xf32, strides=[4096,1]>
    %tb = make_tensor_view %b, shape = [1, 4096], strides = [4096, 1] : tensor_view<1x4096xf32, strides=[4096,1]>
    %px = make_partition_view %tx : partition_view<tile=(1x4096), tensor_view<?x4096xf32, strides=[4096,1]>>
    %py = make_partition_view %ty : partition_view<tile=(1x4096), tensor_view<?x4096xf32, strides=[4096,1]>>
    %pw = make_partition_view %tw : partition_view<tile=(1x4096), tensor_view<1x4096xf32, strides=[4096,1]>>
    %pb = make_partition_view %tb : partition_view<tile=(1x4096), tensor_view<1x4096xf32, strides=[4096,1]>>
    %row, %by, %bz = get_tile_block_id : tile<i32>
    %c0 = constant <i32: 0> : tile<i32>
    %inv_n = constant <f32: 2.4414062500e-04> : tile<1xf32>
    %xv, %t0 = load_view_tko weak %px[%row, %c0] : partition_view<tile=(1x4096), tensor_view<?x4096xf32, strides=[4096,1]>>, tile<i32> -> tile<1x4096xf32>, token
    %wv, %t1 = load_view_tko weak %pw[%c0, %c0] : partition_view<tile=(1x4096), tensor_view<1x4096xf32, strides=[4096,1]>>, tile<i32> -> tile<1x4096xf32>, token
    %bv, %t2 = load_view_tko weak %pb[%c0, %c0] : partition_view<tile=(1x4096), tensor_view<1x4096xf32, strides=[4096,1]>>, tile<i32> -> tile<1x4096xf32>, token
    %sum = reduce %xv dim=1 identities=[0.000000e+00 : f32] : tile<1x4096xf32> -> tile<1xf32>
    (%s0: tile<f32>, %s1: tile<f32>) {
      %s = addf %s0, %s1 : tile<f32>
      yield %s : tile<f32>
    }
    %mean = mulf %sum, %inv_n : tile<1xf32>
    %mean2 = reshape %mean : tile<1xf32> -> tile<1x1xf32>
    %meanb = broadcast %mean2 : tile<1x1xf32> -> tile<1x4096xf32>
    %xc = subf %xv, %meanb : tile<1x4096xf32>
    %sq = mulf %xc, %xc : tile<1x4096xf32>
    %ss = reduce %sq dim=1 identities=[0.000000e+00 : f32] : tile<1x4096xf32> -> tile<1xf32>
    (%q0: tile<f32>, %q1: tile<f32>) {
      %q = addf %q0, %q1 : tile<f32>
      yield %q : tile<f32>
    }
    %var = mulf %ss, %inv_n : tile<1xf32>
    %eps1 = reshape %eps : tile<f32> -> tile<1xf32>
    %ve = addf %var, %eps1 : tile<1xf32>
    %rstd = rsqrt %ve : tile<1xf32>
    %rstd2 = reshape %rstd : tile<1xf32> -> tile<1x1xf32>
    %rstdb = broadcast %rstd2 : tile<1x1xf32> -> tile<1x4096xf32>
    %xn = mulf %xc, %rstdb : tile<1x4096xf32>
    %xw = mulf %xn, %wv : tile<1x4096xf32>
    %out = addf %xw, %bv : tile<1x4096xf32>
    %t3 = store_view_tko weak %out, %py[%row, %c0] : tile<1x4096xf32>, partition_view<tile=(1x4096), tensor_view<?x4096xf32, strides=[4096,1]>>, tile<i32> -> token
    return
  }

  entry @layernorm_8192(%x: tile<ptr<f32>>, %w: tile<ptr<f32>>, %b: tile<ptr<f32>>, %y: tile<ptr<f32>>, %rows: tile<i32>, %eps: tile<f32>) {
    %tx = make_tensor_view %x, shape = [%rows, 8192], strides = [8192, 1] : tile<i32> -> tensor_view<?x8192xf32, strides=[8192,1]>
    %ty = make_tensor_view %y, shape = [%rows, 8192], strides = [8192, 1] : tile<i32> -> tensor_view<?x8192xf32, strides=[8192,1]>
    %tw = make_tensor_view %w, shape = [1, 8192], strides = [8192, 1] : tensor_view<1x8192xf32, strides=[8192,1]>
    %tb = make_tensor_view %b, shape = [1, 8192], strides = [8192, 1] : tensor_view<1x8192xf32, strides=[8192,1]>
    %px = make_partition_view %tx : partition_view<tile=(1x8192), tensor_view<?x8192xf32, strides=[8192,1]>>
    %py = make_partition_view %ty : partition_view<tile=(1x8192), tensor_view<?x8192xf32, strides=[8192,1]>>
    %pw = make_partition_view %tw : partition_view<tile=(1x8192), tensor_view<1x8192xf32, strides=[8192,1]>>
    %pb = make_partition_view %tb : partition_view<tile=(1x8192), tensor_view<1x8192xf32, strides=[8192,1]>>
    %row, %by, %bz = get_tile_block_id : tile<i32>
    %c0 = constant <i32: 0> : tile<i32>
    %inv_n = constant <f32: 1.2207031250e-04> : tile<1xf32>
    %xv, %t0 = load_view_tko weak %px[%row, %c0] : partition_view<tile=(1x8192), tensor_view<?x8192xf32, strides=[8192,1]>>, tile<i32> -> tile<1x8192xf32>, token
    %wv, %t1 = load_view_tko weak %pw[%c0, %c0] : partition_view<tile=(1x8192), tensor_view<1x8192xf32, strides=[8192,1]>>, tile<i32> -> tile<1x8192xf32>, token
    %bv, %t2 = load_view_tko weak %pb[%c0, %c0] : partition_view<tile=(1x8192), tensor_view<1x8192xf32, strides=[8192,1]>>, tile<i32> -> tile<1x8192xf32>, token
    %sum = reduce %xv dim=1 identities=[0.000000e+00 : f32] : tile<1x8192xf32> -> tile<1xf32>
    (%s0: tile<f32>, %s1: tile<f32>) {
      %s = addf %s0, %s1 : tile<f32>
      yield %s : tile<f32>
    }
    %mean = mulf %sum, %inv_n : tile<1xf32>
    %mean2 = reshape %mean : tile<1xf32> -> tile<1x1xf32>
    %meanb = broadcast %mean2 : tile<1x1xf32> -> tile<1x8192xf32>
    %xc = subf %xv, %meanb : tile<1x8192xf32>
    %sq = mulf %xc, %xc : tile<1x8192xf32>
    %ss = reduce %sq dim=1 identities=[0.000000e+00 : f32] : tile<1x8192xf32> -> tile<1xf32>
    (%q0: tile<f32>, %q1: tile<f32>) {
      %q = addf %q0, %q1 : tile<f32>
      yield %q : tile<f32>
    }
    %var = mulf %ss, %inv_n : tile<1xf32>
    %eps1 = reshape %eps : tile<f32> -> tile<1xf32>
    %ve = addf %var, %eps1 : tile<1xf32>
    %rstd = rsqrt %ve : tile<1xf32>
    %rstd2 = reshape %rstd : tile<1xf32> -> tile<1x1xf32>
    %rstdb = broadcast %rstd2 : tile<1x1xf32> -> tile<1x8192xf32>
    %xn = mulf %xc, %rstdb : tile<1x8192xf32>
    %xw = mulf %xn, %wv : tile<1x8192xf32>
    %out = addf %xw, %bv : tile<1x8192xf32>
    %t3 = store_view_tko weak %out, %py[%row, %c0] : tile<1x8192xf32>, partition_view<tile=(1x8192), tensor_view<?x8192xf32, strides=[8192,1]>>, tile<i32> -> token
    return
  }

  entry @layernorm_bf16_1024(%x: tile<ptr<bf16>>, %w: tile<ptr<bf16>>, %b: tile<ptr<bf16>>, %y: tile<ptr<bf16>>, %rows: tile<i32>, %eps: tile<f32>) {
    %tx = make_tensor_view %x, shape = [%rows, 1024], strides = [1024, 1] : tile<i32> -> tensor_view<?x1024xbf16, strides=[1024,1]>
    %ty = make_tensor_view %y, shape = [%rows, 1024], strides = [1024, 1] : tile<i32> -> tensor_view<?x1024xbf16, strides=[1024,1]>
    %tw = make_tensor_view %w, shape = [1, 1024], strides = [1024, 1] : tensor_view<1x1024xbf16, strides=[1024,1]>
    %tb = make_tensor_view %b, shape = [1, 1024], strides = [1024, 1] : tensor_view<1x1024xbf16, strides=[1024,1]>
    %px = make_partition_view %tx : partition_view<tile=(1x1024), tensor_view<?x1024xbf16, strides=[1024,1]>>
    %py = make_partition_view %ty : partition_view<tile=(1x1024), tensor_view<?x1024xbf16, strides=[1024,1]>>
    %pw = make_partition_view %tw : partition_view<tile=(1x1024), tensor_view<1x1024xbf16, strides=[1024,1]>>
    %pb = make_partition_view %tb : partition_view<tile=(1x1024), tensor_view<1x1024xbf16, strides=[1024,1]>>
    %row, %by, %bz = get_tile_block_id : tile<i32>
    %c0 = constant <i32: 0> : tile<i32>
    %inv_n = constant <f32: 9.7656250000e-04> : tile<1xf32>
    %xv, %t0 = load_view_tko weak %px[%row, %c0] : partition_view<tile=(1x1024), tensor_view<?x1024xbf16, strides=[1024,1]>>, tile<i32> -> tile<1x1024xbf16>, token
    %wv, %t1 = load_view_tko weak %pw[%c0, %c0] : partition_view<tile=(1x1024), tensor_view<1x1024xbf16, strides=[1024,1]>>, tile<i32> -> tile<1x1024xbf16>, token
    %bv, %t2 = load_view_tko weak %pb[%c0, %c0] : partition_view<tile=(1x1024), tensor_view<1x1024xbf16, strides=[1024,1]>>, tile<i32> -> tile<1x1024xbf16>, token
    %xf = ftof %xv : tile<1x1024xbf16> -> tile<1x1024xf32>
    %wf = ftof %wv : tile<1x1024xbf16> -> tile<1x1024xf32>
    %bf = ftof %bv : tile<1x1024xbf16> -> tile<1x1024xf32>
    %sum = reduce %xf dim=1 identities=[0.000000e+00 : f32] : tile<1x1024xf32> -> tile<1xf32>
    (%s0: tile<f32>, %s1: tile<f32>) {
      %s = addf %s0, %s1 : tile<f32>
      yield %s : tile<f32>
    }
    %mean = mulf %sum, %inv_n : tile<1xf32>
    %mean2 = reshape %mean : tile<1xf32> -> tile<1x1xf32>
    %meanb = broadcast %mean2 : tile<1x1xf32> -> tile<1x1024xf32>
    %xc = subf %xf, %meanb : tile<1x1024xf32>
    %sq = mulf %xc, %xc : tile<1x1024xf32>
    %ss = reduce %sq dim=1 identities=[0.000000e+00 : f32] : tile<1x1024xf32> -> tile<1xf32>
    (%q0: tile<f32>, %q1: tile<f32>) {
      %q = addf %q0, %q1 : tile<f32>
      yield %q : tile<f32>
    }
    %var = mulf %ss, %inv_n : tile<1xf32>
    %eps1 = reshape %eps : tile<f32> -> tile<1xf32>
    %ve = addf %var, %eps1 : tile<1xf32>
    %rstd = rsqrt %ve : tile<1xf32>
    %rstd2 = reshape %rstd : tile<1xf32> -> tile<1x1xf32>
    %rstdb = broadcast %rstd2 : tile<1x1xf32> -> tile<1x1024xf32>
    %xn = mulf %xc, %rstdb : tile<1x1024xf32>
    %xw = mulf %xn, %wf : tile<1x1024xf32>
    %out = addf %xw, %bf : tile<1x1024xf32>
    %outh = ftof %out : tile<1x1024xf32> -> tile<1x1024xbf16>
    %t3 = store_view_tko weak %outh, %py[%row, %c0] : tile<1x1024xbf16>, partition_view<tile=(1x1024), tensor_view<?x1024xbf16, strides=[1024,1]>>, tile<i32> -> token
    return
  }

  entry @layernorm_bf16_8192(%x: tile<ptr<bf16>>, %w: tile<ptr<bf16>>, %b: tile<ptr<bf16>>, %y: tile<ptr<bf16>>, %rows: tile<i32>, %eps: tile<f32>) {
    %tx = make_tensor_view %x, shape = [%rows, 8192], strides = [8192, 1] : tile<i32> -> tensor_view<?x8192xbf16, strides=[8192,1]>
    %ty = make_tensor_view %y, shape = [%rows, 8192], strides = [8192, 1] : tile<i32> -> tensor_view<?x8192xbf16, strides=[8192,1]>
    %tw = make_tensor_view %w, shape = [1, 8192], strides = [8192, 1] : tensor_view<1x8192xbf16, strides=[8192,1]>
    %tb = make_tensor_view %b, shape = [1, 8192], strides = [8192, 1] : tensor_view<1x8192xbf16, strides=[8192,1]>
    %px = make_partition_view %tx : partition_view<tile=(1x8192), tensor_view<?x8192xbf16, strides=[8192,1]>>
    %py = make_partition_view %ty : partition_view<tile=(1x8192), tensor_view<?x8192xbf16, strides=[8192,1]>>
    %pw = make_partition_view %tw : partition_view<tile=(1x8192), tensor_view<1x8192xbf16, strides=[8192,1]>>
    %pb = make_partition_view %tb : partition_view<tile=(1x8192), tensor_view<1x8192xbf16, strides=[8192,1]>>
    %row, %by, %bz = get_tile_block_id : tile<i32>
    %c0 = constant <i32: 0> : tile<i32>
    %inv_n = constant <f32: 1.2207031250e-04> : tile<1xf32>
    %xv, %t0 = load_view_tko weak %px[%row, %c0] : partition_view<tile=(1x8192), tensor_view<?x8192xbf16, strides=[8192,1]>>, tile<i32> -> tile<1x8192xbf16>, token
    %wv, %t1 = load_view_tko weak %pw[%c0, %c0] : partition_view<tile=(1x8192), tensor_view<1x8192xbf16, strides=[8192,1]>>, tile<i32> -> tile<1x8192xbf16>, token
    %bv, %t2 = load_view_tko weak %pb[%c0, %c0] : partition_view<tile=(1x8192), tensor_view<1x8192xbf16, strides=[8192,1]>>, tile<i32> -> tile<1x8192xbf16>, token
    %xf = ftof %xv : tile<1x8192xbf16> -> tile<1x8192xf32>
    %wf = ftof %wv : tile<1x8192xbf16> -> tile<1x8192xf32>
    %bf = ftof %bv : tile<1x8192xbf16> -> tile<1x8192xf32>
    %sum = reduce %xf dim=1 identities=[0.000000e+00 : f32] : tile<1x8192xf32> -> tile<1xf32>
    (%s0: tile<f32>, %s1: tile<f32>) {
      %s = addf %s0, %s1 : tile<f32>
      yield %s : tile<f32>
    }
    %mean = mulf %sum, %inv_n : tile<1xf32>
    %mean2 = reshape %mean : tile<1xf32> -> tile<1x1xf32>
    %meanb = broadcast %mean2 : tile<1x1xf32> -> tile<1x8192xf32>
    %xc = subf %xf, %meanb : tile<1x8192xf32>
    %sq = mulf %xc, %xc : tile<1x8192xf32>
    %ss = reduce %sq dim=1 identities=[0.000000e+00 : f32] : tile<1x8192xf32> -> tile<1xf32>
    (%q0: tile<f32>, %q1: tile<f32>) {
      %q = addf %q0, %q1 : tile<f32>
      yield %q : tile<f32>
    }
    %var = mulf %ss, %inv_n : tile<1xf32>
    %eps1 = reshape %eps : tile<f32> -> tile<1xf32>
    %ve = addf %var, %eps1 : tile<1xf32>
    %rstd = rsqrt %ve : tile<1xf32>
    %rstd2 = reshape %rstd : tile<1xf32> -> tile<1x1xf32>
    %rstdb = broadcast %rstd2 : tile<1x1xf32> -> tile<1x8192xf32>
    %xn = mulf %xc, %rstdb : tile<1x8192xf32>
    %xw = mulf %xn, %wf : tile<1x8192xf32>
    %out = addf %xw, %bf : tile<1x8192xf32>
    %outh = ftof %out : tile<1x8192xf32> -> tile<1x8192xbf16>
    %t3 = store_view_tko weak %outh, %py[%row, %c0] : tile<1x8192xbf16>, partition_view<tile=(1x8192), tensor_view<?x8192xbf16, strides=[8192,1]>>, tile<i32> -> token
    return
  }
}
