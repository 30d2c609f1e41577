cuda_tile.module @kernels {
  entry @ftof(%x: tile<f32>) {
    %t = ftof %x rounding<zero> : tile<f32> -> tile<tf32>
    return
  }
}
