cuda_tile.module @unsupported {
  entry @product() {
    %i = iota : tile<512xi64>
    %r = reshape %i : tile<512xi64> -> tile<4x128xi64>
    %p = reduce %r dim=1 identities=[1 : i64] : tile<4x128xi64> -> tile<4xi64>
    (%a: tile<i64>, %b: tile<i64>) {
      %m = muli %a, %b : tile<i64>
      yield %m : tile<i64>
    } loc(fused<"scope">[callsite("kernel.py":12:9 at "caller.py":3:1)])
    return
  }
}
