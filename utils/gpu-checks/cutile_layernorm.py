#!/usr/bin/env python3
"""GPU check of cuTile's LayerNorm sample kernels (samples/LayerNorm.py) compiled by
whatever `tileiras` is first on PATH, against float64 references, per dtype:
the forward's Mean/Rstd outputs and the backward's dx (layer_norm_bwd_dx_partial_dwdb,
given exact mean and rstd). Prints the largest errors.

    env -u CUDA_HOME PATH=<dir with tileiras>:$PATH CUDA_TILE_CACHE_DIR=off \
        python3 utils/gpu-checks/cutile_layernorm.py <cutile-python>/samples
"""
import sys

import torch

sys.path.insert(0, sys.argv[1])  # the samples folder
import cuda.tile as ct
import LayerNorm as L
torch.manual_seed(0)
M, N = 1024, 2048
for dt in (torch.bfloat16, torch.float32):
    x = torch.randn(M, N, device='cuda', dtype=dt)
    w = torch.randn(N, device='cuda', dtype=dt); b = torch.randn(N, device='cuda', dtype=dt)
    y = torch.empty_like(x); mean = torch.full((M,), float('nan'), device='cuda'); rstd = torch.full((M,), float('nan'), device='cuda')
    TILE_N = 1024
    ct.launch(torch.cuda.current_stream(), (M,), L.layer_norm_fwd, (x, w, b, y, mean, rstd, 1e-5, TILE_N))
    torch.cuda.synchronize()
    xf = x.double(); m_ref = xf.mean(1); r_ref = 1/torch.sqrt(xf.var(1, unbiased=False)+1e-5)
    print(dt, "mean err", (mean.double()-m_ref).abs().max().item(), "rstd err", (rstd.double()-r_ref).abs().max().item(), "nan", mean.isnan().sum().item(), rstd.isnan().sum().item())
    # backward dx alone
    dy = 0.1*torch.randn_like(x); dx = torch.full_like(x, float('nan'))
    GROUP = 64
    dw = torch.zeros((GROUP, N), device='cuda'); db = torch.zeros((GROUP, N), device='cuda'); locks = torch.zeros(GROUP, dtype=torch.int32, device='cuda')
    m_use = m_ref.float(); r_use = r_ref.float()
    ct.launch(torch.cuda.current_stream(), (M,), L.layer_norm_bwd_dx_partial_dwdb, (dx, dy, dw, db, x, w, m_use, r_use, locks, TILE_N))
    torch.cuda.synchronize()
    xhat = (xf - m_ref[:,None]) * r_ref[:,None]; wdy = w.double()*dy.double()
    c1 = (xhat*wdy).mean(1, keepdim=True); c2 = wdy.mean(1, keepdim=True)
    dx_ref = (wdy - (xhat*c1 + c2)) * r_ref[:,None]
    err = (dx.double()-dx_ref).abs()
    print(dt, "dx max err", err.max().item(), "frac>0.05", (err>0.05).double().mean().item(), "nan", dx.isnan().sum().item())
