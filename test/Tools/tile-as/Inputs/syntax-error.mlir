cuda_tile.module @broken {
  entry @k(%a: tile<ptr<f32>>) {
    %x = addf %a, %a : tile<f32>
    return
  }
}
