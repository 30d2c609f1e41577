// Matrix multiply C = A * B^T on the tensor cores, f32 accumulation.
// A is M x 4096 and B is 4096 x 4096 given N x K (row-major, as the weight
// of a linear layer), C is M x 4096; each tile block computes one 128 x 256
// tile of C with a K loop over 64 slices of 64 (tile sizes and N = K = 4096
// are constants of the kernel: static strides let cp.async copy 16 bytes).
// Launch (ceil(M / 128), 16) blocks. The K loop (two view loads, a
// permute of the B tile and mmaf into the loop-carried accumulator) lowers
// to a cp.async pipeline feeding wgmma on sm_90a (mma.sync elsewhere): 4
// stages of 128-byte swizzled A and B tiles (48 KiB each) in 192 KiB of
// dynamic shared memory, two warpgroups of m64n256k16 (docs/Matmul.md).
// tileir-bench: entry=matmul_bf16 tile=128x256
// tileir-bench: entry=matmul_f16_f32out tile=128x256
cuda_tile.module @matmul {
  entry @matmul_bf16(%a: tile<ptr<bf16>>, %b: tile<ptr<bf16>>, %c: tile<ptr<bf16>>, %m: tile<i32>) {
    %ta = make_tensor_view %a, shape = [%m, 4096], strides = [4096, 1] : tile<i32> -> tensor_view<?x4096xbf16, strides=[4096,1]>
    %tb = make_tensor_view %b, shape = [4096, 4096], strides = [4096, 1] : tensor_view<4096x4096xbf16, strides=[4096,1]>
    %tc = make_tensor_view %c, shape = [%m, 4096], strides = [4096, 1] : tile<i32> -> tensor_view<?x4096xbf16, strides=[4096,1]>
    %pa = make_partition_view %ta : partition_view<tile=(128x64), tensor_view<?x4096xbf16, strides=[4096,1]>>
    %pb = make_partition_view %tb : partition_view<tile=(256x64), tensor_view<4096x4096xbf16, strides=[4096,1]>>
    %pc = make_partition_view %tc : partition_view<tile=(128x256), tensor_view<?x4096xbf16, strides=[4096,1]>>
    %bx, %by, %bz = get_tile_block_id : tile<i32>
    %zero = constant <f32: 0.000000e+00> : tile<128x256xf32>
    %c0 = constant <i32: 0> : tile<i32>
    %c1 = constant <i32: 1> : tile<i32>
    %kt = constant <i32: 64> : tile<i32>
    %acc = for %kk in (%c0 to %kt, step %c1) : tile<i32> iter_values(%x = %zero) -> (tile<128x256xf32>) {
      %va, %t0 = load_view_tko weak %pa[%bx, %kk] : partition_view<tile=(128x64), tensor_view<?x4096xbf16, strides=[4096,1]>>, tile<i32> -> tile<128x64xbf16>, token
      %vb, %t1 = load_view_tko weak %pb[%by, %kk] : partition_view<tile=(256x64), tensor_view<4096x4096xbf16, strides=[4096,1]>>, tile<i32> -> tile<256x64xbf16>, token
      %vbt = permute %vb [1, 0] : tile<256x64xbf16> -> tile<64x256xbf16>
      %y = mmaf %va, %vbt, %x : tile<128x64xbf16>, tile<64x256xbf16>, tile<128x256xf32>
      continue %y : tile<128x256xf32>
    }
    %out = ftof %acc : tile<128x256xf32> -> tile<128x256xbf16>
    %t2 = store_view_tko weak %out, %pc[%bx, %by] : tile<128x256xbf16>, partition_view<tile=(128x256), tensor_view<?x4096xbf16, strides=[4096,1]>>, tile<i32> -> token
    return
  }

  entry @matmul_f16_f32out(%a: tile<ptr<f16>>, %b: tile<ptr<f16>>, %c: tile<ptr<f32>>, %m: tile<i32>) {
    %ta = make_tensor_view %a, shape = [%m, 4096], strides = [4096, 1] : tile<i32> -> tensor_view<?x4096xf16, strides=[4096,1]>
    %tb = make_tensor_view %b, shape = [4096, 4096], strides = [4096, 1] : tensor_view<4096x4096xf16, strides=[4096,1]>
    %tc = make_tensor_view %c, shape = [%m, 4096], strides = [4096, 1] : tile<i32> -> tensor_view<?x4096xf32, strides=[4096,1]>
    %pa = make_partition_view %ta : partition_view<tile=(128x64), tensor_view<?x4096xf16, strides=[4096,1]>>
    %pb = make_partition_view %tb : partition_view<tile=(256x64), tensor_view<4096x4096xf16, strides=[4096,1]>>
    %pc = make_partition_view %tc : partition_view<tile=(128x256), tensor_view<?x4096xf32, strides=[4096,1]>>
    %bx, %by, %bz = get_tile_block_id : tile<i32>
    %zero = constant <f32: 0.000000e+00> : tile<128x256xf32>
    %c0 = constant <i32: 0> : tile<i32>
    %c1 = constant <i32: 1> : tile<i32>
    %kt = constant <i32: 64> : tile<i32>
    %acc = for %kk in (%c0 to %kt, step %c1) : tile<i32> iter_values(%x = %zero) -> (tile<128x256xf32>) {
      %va, %t0 = load_view_tko weak %pa[%bx, %kk] : partition_view<tile=(128x64), tensor_view<?x4096xf16, strides=[4096,1]>>, tile<i32> -> tile<128x64xf16>, token
      %vb, %t1 = load_view_tko weak %pb[%by, %kk] : partition_view<tile=(256x64), tensor_view<4096x4096xf16, strides=[4096,1]>>, tile<i32> -> tile<256x64xf16>, token
      %vbt = permute %vb [1, 0] : tile<256x64xf16> -> tile<64x256xf16>
      %y = mmaf %va, %vbt, %x : tile<128x64xf16>, tile<64x256xf16>, tile<128x256xf32>
      continue %y : tile<128x256xf32>
    }
    %t2 = store_view_tko weak %acc, %pc[%bx, %by] : tile<128x256xf32>, partition_view<tile=(128x256), tensor_view<?x4096xf32, strides=[4096,1]>>, tile<i32> -> token
    return
  }
}
