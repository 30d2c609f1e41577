#!/usr/bin/env python3
"""Writes a cuda_tile module of C = A * B^T kernels (B given N x K, N = K = 4096, M a
parameter) for several tile sizes: one entry `matmul_<in>_<out>_<BM>x<BN>x<BK>` per
(input, output, tile). Same kernel text as examples/matmul.mlir with other tile sizes."""
import sys

TILES = [(128, 128, 32), (128, 256, 32), (128, 128, 64), (128, 256, 64)]
TYPES = [("bf16", "bf16"), ("f16", "f32")]

ENTRY = """  entry @matmul_{i}_{o}_{bm}x{bn}x{bk}(%a: tile<ptr<{i}>>, %b: tile<ptr<{i}>>, %c: tile<ptr<{o}>>, %m: tile<i32>) {{
    %ta = make_tensor_view %a, shape = [%m, 4096], strides = [4096, 1] : tile<i32> -> tensor_view<?x4096x{i}, strides=[4096,1]>
    %tb = make_tensor_view %b, shape = [4096, 4096], strides = [4096, 1] : tensor_view<4096x4096x{i}, strides=[4096,1]>
    %tc = make_tensor_view %c, shape = [%m, 4096], strides = [4096, 1] : tile<i32> -> tensor_view<?x4096x{o}, strides=[4096,1]>
    %pa = make_partition_view %ta : partition_view<tile=({bm}x{bk}), tensor_view<?x4096x{i}, strides=[4096,1]>>
    %pb = make_partition_view %tb : partition_view<tile=({bn}x{bk}), tensor_view<4096x4096x{i}, strides=[4096,1]>>
    %pc = make_partition_view %tc : partition_view<tile=({bm}x{bn}), tensor_view<?x4096x{o}, strides=[4096,1]>>
    %bx, %by, %bz = get_tile_block_id : tile<i32>
    %zero = constant <f32: 0.000000e+00> : tile<{bm}x{bn}xf32>
    %c0 = constant <i32: 0> : tile<i32>
    %c1 = constant <i32: 1> : tile<i32>
    %kt = constant <i32: {kt}> : tile<i32>
    %acc = for %kk in (%c0 to %kt, step %c1) : tile<i32> iter_values(%x = %zero) -> (tile<{bm}x{bn}xf32>) {{
      %va, %t0 = load_view_tko weak %pa[%bx, %kk] : partition_view<tile=({bm}x{bk}), tensor_view<?x4096x{i}, strides=[4096,1]>>, tile<i32> -> tile<{bm}x{bk}x{i}>, token
      %vb, %t1 = load_view_tko weak %pb[%by, %kk] : partition_view<tile=({bn}x{bk}), tensor_view<4096x4096x{i}, strides=[4096,1]>>, tile<i32> -> tile<{bn}x{bk}x{i}>, token
      %vbt = permute %vb [1, 0] : tile<{bn}x{bk}x{i}> -> tile<{bk}x{bn}x{i}>
      %y = mmaf %va, %vbt, %x : tile<{bm}x{bk}x{i}>, tile<{bk}x{bn}x{i}>, tile<{bm}x{bn}xf32>
      continue %y : tile<{bm}x{bn}xf32>
    }}
{epilogue}    return
  }}
"""
CAST = """    %out = ftof %acc : tile<{bm}x{bn}xf32> -> tile<{bm}x{bn}x{o}>
    %t2 = store_view_tko weak %out, %pc[%bx, %by] : tile<{bm}x{bn}x{o}>, partition_view<tile=({bm}x{bn}), tensor_view<?x4096x{o}, strides=[4096,1]>>, tile<i32> -> token
"""
STORE = """    %t2 = store_view_tko weak %acc, %pc[%bx, %by] : tile<{bm}x{bn}xf32>, partition_view<tile=({bm}x{bn}), tensor_view<?x4096xf32, strides=[4096,1]>>, tile<i32> -> token
"""


def main():
    out = ["cuda_tile.module @matmul_tiles {"]
    for bm, bn, bk in TILES:
        for i, o in TYPES:
            f = dict(i=i, o=o, bm=bm, bn=bn, bk=bk, kt=4096 // bk)
            epi = (STORE if o == "f32" else CAST).format(**f)
            out.append(ENTRY.format(epilogue=epi, **f))
    out.append("}")
    text = "\n".join(out) + "\n"
    if len(sys.argv) > 1:
        open(sys.argv[1], "w").write(text)
    else:
        sys.stdout.write(text)


if __name__ == "__main__":
    main()
