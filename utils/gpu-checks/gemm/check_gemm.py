"""GPU check of the tirx.gemm variants (mma_sync, wgmma) against PyTorch.

Loads the PTX files next to this script (compiled with tile-translate, see
build.sh), runs each kernel once on random bf16 (or float8_e4m3fn, for
mma_f8.ptx) inputs with NaN-poisoned outputs, and compares with a float64
reference of the rounded inputs. Tolerance: bf16 and e4m3 inputs are exact
in f32 and their products are exact, so the only error is f32 accumulation
over K terms: we require max|D - ref| <= 1e-5 * sqrt(K) * max|ref| and every
output element written. A kernel whose PTX is missing is skipped.
"""
import math
import os
import sys

import cupy as cp
import numpy as np
import torch

HERE = os.path.dirname(os.path.abspath(__file__))
DEV = torch.device("cuda")
torch.manual_seed(0)


def launch(ptx, name, threads, *tensors):
    mod = cp.RawModule(path=os.path.join(HERE, ptx))
    fn = mod.get_function(name)
    args = tuple(np.uint64(t.data_ptr()) for t in tensors)
    fn((1, 1, 1), (threads, 1, 1), args)
    cp.cuda.runtime.deviceSynchronize()


def compare(name, out, ref, k):
    ref = ref.double()
    written = not torch.isnan(out).any().item()
    err = (out.double() - ref).abs().max().item()
    scale = ref.abs().max().item()
    tol = 1e-5 * math.sqrt(k) * scale
    ok = written and err <= tol
    print(f"{name:28s} {str(tuple(out.shape)):12s} K={k:<4d} max_abs_err={err:.3e} "
          f"tol={tol:.3e} max|ref|={scale:.2f} all_written={written} "
          f"{'PASS' if ok else 'FAIL'}")
    return ok


def rnd(*shape):
    return torch.randn(*shape, device=DEV).to(torch.bfloat16)


def nan(*shape):
    return torch.full(shape, float("nan"), device=DEV, dtype=torch.float32)


def main():
    results = []
    if os.path.exists(os.path.join(HERE, "mma_sync.ptx")):
        # (a) 64x64x64, one warp.
        a, b, d = rnd(64, 64), rnd(64, 64), nan(64, 64)
        launch("mma_sync.ptx", "mma_64", 32, a, b, d)
        results.append(compare("mma_sync 64x64x64 bf16", d,
                               a.double() @ b.double(), 64))
        # 32x16x32, transpose_a/transpose_b, beta = 1.
        at, bt = rnd(32, 32), rnd(16, 32)  # A^T (K x M), B^T (N x K)
        c, d = torch.randn(32, 16, device=DEV), nan(32, 16)
        launch("mma_sync.ptx", "mma_tt", 32, at, bt, c, d)
        results.append(compare("mma_sync 32x16x32 tt+C", d,
                               at.double().T @ bt.double().T + c.double(), 32))
    if os.path.exists(os.path.join(HERE, "mma_f8.ptx")):
        # (c) 64x64x64 e4m3 x e4m3 -> f32, one warp (mma.sync m16n8k32).
        a = torch.randn(64, 64, device=DEV).to(torch.float8_e4m3fn)
        b = torch.randn(64, 64, device=DEV).to(torch.float8_e4m3fn)
        d = nan(64, 64)
        launch("mma_f8.ptx", "mma_f8", 32, a, b, d)
        results.append(compare("mma_sync 64x64x64 e4m3", d,
                               a.double() @ b.double(), 64))
    if os.path.exists(os.path.join(HERE, "wgmma.ptx")):
        # (b) 64x128x64, one warpgroup; B given as N x K (transpose_b).
        a, bt, d = rnd(64, 64), rnd(128, 64), nan(64, 128)
        launch("wgmma.ptx", "wgmma_64x128x64", 128, a, bt, d)
        results.append(compare("wgmma 64x128x64 bf16", d,
                               a.double() @ bt.double().T, 64))
    print("ALL PASS" if results and all(results) else "SOME FAILED")
    return 0 if results and all(results) else 1


if __name__ == "__main__":
    sys.exit(main())
