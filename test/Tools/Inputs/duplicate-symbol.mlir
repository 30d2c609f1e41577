cuda_tile.module @m {
  entry @f() {
    return
  }
  entry @f() {
    return
  }
}
