#!/usr/bin/env python3
"""GPU check of cuTile's layer-norm dW/dB reduction (test/kernels/layer_norm.py,
`layer_norm_bwd_dwdb`: two TILE_M x TILE_N f32 tiles summed over the rows of
DW and DB, then over their own rows) compiled by whatever `tileiras` is first
on PATH, against a float64 reference, with NaN-poisoned outputs and a guard
region past their end. TILE_M x TILE_N = 32 x 1024 (the benchmark's, whose
loop TileIR runs once per 32 x 256 slice: docs/Pipeline.md, "Loops sliced to
fit the registers") and 32 x 64 (not sliced); shapes with partial tiles
along both dimensions and fewer rows than a tile. Prints one line per launch
and the number of failures (exits 1 on any), then the time of the
benchmark's launch (64 x 8192, 32 x 1024 tiles; CUDA events, median of 5
runs of 200 launches).

    env -u CUDA_HOME PATH=<dir with tileiras>:$PATH CUDA_TILE_CACHE_DIR=off \\
        python3 utils/gpu-checks/cutile_layer_norm_dwdb.py <cutile-python>/test

Under `compute-sanitizer --tool memcheck` it also checks that no access
reaches past the tensors.
"""
import sys

import torch

sys.path.insert(0, sys.argv[1])  # cuTile's test/ folder
import cuda.tile as ct
from kernels.layer_norm import layer_norm_bwd_dwdb

torch.manual_seed(0)
s = torch.cuda.current_stream()
bad = 0
GUARD = 64


def launch(dw, db, fw, fb, tm, tn):
    n = dw.shape[1]
    ct.launch(s, ((n + tn - 1) // tn,), layer_norm_bwd_dwdb, (dw, db, fw[:n], fb[:n], tm, tn))


for tm, tn in ((32, 1024), (32, 64)):
    for m, n in ((64, 8192), (50, 3000), (64, 1000), (100, 5000), (7, 1024)):
        dw = torch.randn(m, n, device="cuda")
        db = torch.randn(m, n, device="cuda")
        fw = torch.full((n + GUARD,), float("nan"), device="cuda")
        fb = torch.full((n + GUARD,), float("nan"), device="cuda")
        launch(dw, db, fw, fb, tm, tn)
        torch.cuda.synchronize()
        err = max((fw[:n].double() - dw.double().sum(0)).abs().max().item(),
                  (fb[:n].double() - db.double().sum(0)).abs().max().item())
        guard = bool(torch.isnan(fw[n:]).all() and torch.isnan(fb[n:]).all())
        ok = err <= 1e-6 * m * 4 and guard
        bad += not ok
        print(f"{'ok ' if ok else 'BAD'} tiles {tm}x{tn} {m}x{n} err={err:.2e}"
              f"{'' if guard else ' (wrote past the end)'}")
print("failures:", bad)

dw = torch.randn(64, 8192, device="cuda")
db = torch.randn(64, 8192, device="cuda")
fw = torch.empty(8192 + GUARD, device="cuda")
fb = torch.empty(8192 + GUARD, device="cuda")
for _ in range(20):
    launch(dw, db, fw, fb, 32, 1024)
start, end = torch.cuda.Event(True), torch.cuda.Event(True)
times = []
for _ in range(5):
    start.record()
    for _ in range(200):
        launch(dw, db, fw, fb, 32, 1024)
    end.record()
    torch.cuda.synchronize()
    times.append(start.elapsed_time(end) * 1000 / 200)
print(f"64x8192, 32x1024 tiles: {sorted(times)[2]:.2f} us")
sys.exit(1 if bad else 0)
