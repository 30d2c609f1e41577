cuda_tile.module @unsupported {
  entry @pick(%k: tile<i32>, %p: tile<ptr<i32>>) {
    %i = iota : tile<128xi32>
    %e = extract %i[%k] : tile<128xi32> -> tile<1xi32> loc(fused<"scope">[callsite("kernel.py":12:9 at "caller.py":3:1)])
    %r = reshape %e : tile<1xi32> -> tile<i32>
    %t = store_ptr_tko weak %p, %r : tile<ptr<i32>>, tile<i32> -> token
    return
  }
}
