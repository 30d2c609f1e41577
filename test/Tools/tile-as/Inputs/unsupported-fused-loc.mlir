cuda_tile.module @unsupported {
  entry @pick(%k: tile<i32>) {
    %i = iota : tile<128xi32>
    %e = extract %i[%k] : tile<128xi32> -> tile<1xi32> loc(fused<"scope">[callsite("kernel.py":12:9 at "caller.py":3:1)])
    return
  }
}
