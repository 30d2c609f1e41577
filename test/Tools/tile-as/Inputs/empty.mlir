cuda_tile.module @empty {
}
