#!/usr/bin/env python3
"""The f8 -> f32 kernels of check.py (cuda_tile text on stdout): mmaf of
random e4m3/e5m2 tiles (rank 2 and a batched rank 3) into an f32
accumulator, each once without fast_acc (full f32 accumulation) and once
with it (`<name>_fast`, the f8 tensor-core instructions). D = A x B + C,
the argument order of ../mma-types/gen.py."""
import os
import sys

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)),
                                "..", "mma-types"))
import gen  # noqa: E402

CASES = [("e4m3_64x64x256", "f8E4M3FN", 0, 64, 64, 256),
         ("e5m2_64x64x256", "f8E5M2", 0, 64, 64, 256),
         ("e4m3_b2_64x64x256", "f8E4M3FN", 2, 64, 64, 256),
         ("e4m3_128x128x128", "f8E4M3FN", 0, 128, 128, 128)]

out = []
for name, ti, batch, M, N, K in CASES:
    k = gen.kernel(name, ti, "f32", batch, M, N, K)
    out.append(k)
    out.append(k.replace("@" + name, "@" + name + "_fast")
                .replace(", %vc :", ", %vc fast_acc :"))
print("cuda_tile.module @f8 {\n" + "\n\n".join(out) + "\n}")
