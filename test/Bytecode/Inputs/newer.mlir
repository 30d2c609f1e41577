cuda_tile.module @kernels {
  entry @newer(%x: tile<f32>) {
    %a = atan2 %x, %x : tile<f32>
    %t = tanh %a rounding<approx> : tile<f32>
    return
  }
}
