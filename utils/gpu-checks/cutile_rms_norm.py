#!/usr/bin/env python3
"""GPU check of cuTile's RMS norm kernels (test/kernels/rms_norm.py: the
static persistent, regular and gather kernels) compiled by whatever
`tileiras` is first on PATH, against a float64 reference, with poisoned
(NaN) outputs. Shapes with row counts that leave a partial last tile, and a
grid of 7 CTAs for the persistent kernel so that each CTA runs several
iterations of its loop (the loads its latency hint moves ahead, with the
tail where no iteration is left to load). Prints one line per launch and
the number of failures; exits 1 on any.

    env -u CUDA_HOME PATH=<dir with tileiras>:$PATH CUDA_TILE_CACHE_DIR=off \\
        python3 utils/gpu-checks/cutile_rms_norm.py <cutile-python>/test

Under `compute-sanitizer --tool memcheck` it also checks that no load
reaches past the tensors.
"""
import math
import sys

import torch

sys.path.insert(0, sys.argv[1])  # cuTile's test/ folder
import cuda.tile as ct
from kernels.rms_norm import (rms_norm_kernel, rms_norm_kernel_gather,
                              rms_norm_kernel_static_persistent)
torch.manual_seed(0)
bad = 0
for dtype in (torch.float16, torch.float32):
    for M, N in ((37, 4096), (130, 1024)):
        x = torch.randn(M, N, dtype=dtype, device="cuda")
        w = torch.randn(N, dtype=dtype, device="cuda")
        ref = (x.double() * torch.rsqrt(x.double().pow(2).mean(1, keepdim=True) + 1e-5) * w.double())
        s = torch.cuda.current_stream()
        outs = {}
        for tm in (2, 4):
            y = torch.full_like(x, float("nan"))
            ct.launch(s, (min(7, math.ceil(M / tm)),), rms_norm_kernel_static_persistent, (x, y, w, tm, N, N, 1e-5))
            outs[f"persistent tm={tm}"] = y
        for ts in (256, 1024):
            for kern, name in ((rms_norm_kernel, "regular"), (rms_norm_kernel_gather, "gather")):
                y = torch.full_like(x, float("nan")); r = torch.full((M,), float("nan"), device="cuda")
                ct.launch(s, (M,), kern, (x, w, y, r, N, 1e-5, ts))
                outs[f"{name} ts={ts}"] = y
        torch.cuda.synchronize()
        for k, y in outs.items():
            err = (y.double() - ref).abs().max().item()
            tol = 2e-2 if dtype == torch.float16 else 1e-4
            ok = err <= tol * max(1, ref.abs().max().item())
            bad += not ok
            print(f"{'ok ' if ok else 'BAD'} {dtype} {M}x{N} {k} err={err:.2e}")
print("failures:", bad)
sys.exit(1 if bad else 0)
