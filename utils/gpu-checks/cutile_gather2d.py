#!/usr/bin/env python3
"""GPU check of cuTile's 2-D gather and scatter (test/kernels/vec_add.py,
vec_add_kernel_2d_gather: indices x[:, None] and y[None, :]) compiled by
whatever `tileiras` is first on PATH: shapes that leave partial tiles along
both dimensions, rows wider than the tensor (a view of every row's first n
of n + pad columns, so the row stride is not the width) and a tensor smaller
than one tile, f32 and f16, compared exactly with PyTorch's sum. The output
starts as NaN: its padding columns must stay NaN (the scatter writes only in
bounds). Prints one line per launch and the number of failures; exits 1 on
any.

    env -u CUDA_HOME PATH=<dir with tileiras>:$PATH CUDA_TILE_CACHE_DIR=off \\
        python3 utils/gpu-checks/cutile_gather2d.py <cutile-python>/test

Under `compute-sanitizer --tool memcheck` it also checks that no access
reaches past the tensors.
"""
import sys

import torch

sys.path.insert(0, sys.argv[1])  # cuTile's test/ folder
import cuda.tile as ct
from kernels.vec_add import vec_add_kernel_2d_gather

torch.manual_seed(0)
bad = 0
for m, n, tx, ty, pad in ((1000, 300, 8, 128, 0), (37, 129, 16, 64, 32),
                          (1024, 128, 8, 128, 0), (5, 7, 8, 128, 16)):
    for dtype in (torch.float32, torch.float16):
        a = torch.randn(m, n + pad, dtype=dtype, device="cuda")[:, :n]
        b = torch.randn(m, n, dtype=dtype, device="cuda")
        c = torch.full((m, n + pad), float("nan"), dtype=dtype, device="cuda")
        grid = ((m + tx - 1) // tx, (n + ty - 1) // ty, 1)
        ct.launch(torch.cuda.current_stream(), grid, vec_add_kernel_2d_gather,
                  (a, b, c[:, :n], tx, ty))
        torch.cuda.synchronize()
        ok = torch.equal(c[:, :n], a + b) and bool(torch.isnan(c[:, n:]).all())
        bad += not ok
        print(f"{m}x{n} (+{pad}) tiles {tx}x{ty} {dtype}: {'ok' if ok else 'WRONG'}")
print("failures:", bad)
sys.exit(1 if bad else 0)
