cuda_tile.module @kernels {
  entry @small(%p: tile<ptr<f32>>) {
    %c = constant <f32: 1.0> : tile<f32>
    %n = negf %c : tile<f32>
    return
  }
}
