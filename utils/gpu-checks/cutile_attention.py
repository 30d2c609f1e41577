#!/usr/bin/env python3
"""GPU check of cuTile's attention kernel (test/kernels/attention.py,
`fmha_kernel`) compiled by whatever `tileiras` is first on PATH, against a
float64 reference, with NaN-poisoned outputs: the tile shapes cuTile's
benchmarks use (64x64 and 128x64, D = 64 and 128, the kernel's occupancy
hint of 2; 256x64 and 128x128 with a hint of 4), full and causal, and
sequence lengths that leave the loops over K and V with no, one, a few and
many iterations, and a partial last tile. Prints one line per launch and
the number of failures; exits 1 on any.

    env -u CUDA_HOME PATH=<dir with tileiras>:$PATH CUDA_TILE_CACHE_DIR=off \\
        python3 utils/gpu-checks/cutile_attention.py <cutile-python>/test [L ...]

Under `compute-sanitizer` (memcheck, synccheck) pass one or two lengths.
"""
import math
import sys

import torch

sys.path.insert(0, sys.argv[1])  # cuTile's test/ folder
import cuda.tile as ct
from kernels.attention import fmha_kernel

lengths = [int(a) for a in sys.argv[2:]] or [64, 100, 192, 1000, 2048]
torch.manual_seed(0)
B, H = 2, 4
bad = 0
s = torch.cuda.current_stream()
for D, tiles in ((128, ((64, 64, 2), (128, 64, 2), (128, 128, 4))),
                 (64, ((128, 64, 2), (256, 64, 4)))):
    for tm, tn, occupancy in tiles:
        kernel = fmha_kernel.replace_hints(occupancy=occupancy)
        for causal in (False, True):
            for L in lengths:
                q, k, v = (torch.randn(B, H, L, D, dtype=torch.float16,
                                       device="cuda") for _ in range(3))
                o = torch.full_like(q, float("nan"))
                grid = (math.ceil(L / tm), B * H, 1)
                ct.launch(s, grid, kernel,
                          (q, k, v, o, 1 / math.sqrt(D), 0, D, H, tm, tn, 1,
                           causal, L % tn == 0))
                torch.cuda.synchronize()
                sc = q.double() @ k.double().transpose(-1, -2) / math.sqrt(D)
                if causal:
                    sc.masked_fill_(torch.ones(L, L, dtype=torch.bool,
                                               device="cuda").triu(1),
                                    float("-inf"))
                ref = torch.softmax(sc, -1) @ v.double()
                err = (o.double() - ref).abs().max().item()
                ok = err <= 2e-2
                bad += not ok
                print(f"{'ok ' if ok else 'BAD'} D={D} {tm}x{tn} occupancy={occupancy} "
                      f"{'causal' if causal else 'full'} L={L} err={err:.2e}")
print("failures:", bad)
sys.exit(1 if bad else 0)
