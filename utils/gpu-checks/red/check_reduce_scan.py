#!/usr/bin/env python3
"""GPU check of the tirx.reduce / tirx.scan variants on the kernels of
test/Target/PTX/reduce-scan.mlir (argmax, rank-0 sum, a sum over a broadcast
axis, scans on each axis in both directions), against PyTorch in float64 on random data with poisoned
outputs. Build a kernel cache where the compiler is:

    python -m tileir.aot --cache-dir kcache test/Target/PTX/reduce-scan.mlir

and run from the repository root (or a copy with python/ and test/):

    python3 utils/gpu-checks/red/check_reduce_scan.py --cache-dir kcache
"""

import argparse
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[3]
sys.path.insert(0, str(ROOT / "python"))

import torch  # noqa: E402
import tileir  # noqa: E402

KERNELS = ROOT / "test" / "Target" / "PTX" / "reduce-scan.mlir"


def poisoned(shape, dtype):
    fill = float("nan") if dtype.is_floating_point else -0x7EADBEEF
    return torch.full(shape, fill, device="cuda", dtype=dtype)


def close(name, got, ref, tol, floor=1.0):
    got64, ref64 = got.double(), ref.double()
    unwritten = int((torch.isnan(got64)).sum()) if got.dtype.is_floating_point else int((got == -0x7EADBEEF).sum())
    err = float(((got64 - ref64).abs() / ref64.abs().clamp_min(floor)).nan_to_num(float("inf")).max())
    ok = unwritten == 0 and err <= tol
    print(f"  {'PASS' if ok else 'FAIL'} {name}: max rel err {err:.2e}, unwritten {unwritten}", flush=True)
    return ok


def main() -> int:
    parser = argparse.ArgumentParser()
    parser.add_argument("--cache-dir", required=True)
    args = parser.parse_args()
    module = tileir.compile_file(KERNELS, cache_dir=args.cache_dir)
    gen = torch.Generator(device="cuda").manual_seed(0)
    ok = True

    # argmax: rows of 4x512 with ties (values rounded to a coarse grid).
    x = (torch.randn((4, 512), generator=gen, device="cuda") * 4).round()
    mv, mi = poisoned((4,), torch.float32), poisoned((4,), torch.int32)
    module.kernels["argmax"].launch((1,), x, mv, mi)
    torch.cuda.synchronize()
    ref_v, _ = x.max(dim=1)
    first = (x == ref_v[:, None]).int().argmax(dim=1).int()  # first index of the maximum
    ok &= close("argmax value", mv, ref_v, 0.0)
    ok &= bool(torch.equal(mi, first))
    print(f"  {'PASS' if torch.equal(mi, first) else 'FAIL'} argmax index (first of ties): {mi.tolist()} vs {first.tolist()}")

    # rank-0 sum broadcast back.
    x = torch.randn((256,), generator=gen, device="cuda")
    y = poisoned((256,), torch.float32)
    module.kernels["sum_all"].launch((1,), x, y)
    torch.cuda.synchronize()
    ok &= close("sum_all", y, x.double().sum().expand(256), 1e-5)

    # a sum over a broadcast axis: 8 x.
    x = torch.randn((64,), generator=gen, device="cuda")
    y = poisoned((64,), torch.float32)
    module.kernels["sum_bcast"].launch((1,), x, y)
    torch.cuda.synchronize()
    ok &= close("sum over a broadcast axis", y, 8 * x.double(), 1e-6)

    # scans of a 32x64 tile.
    x = torch.randn((32, 64), generator=gen, device="cuda")
    ys = [poisoned((32, 64), torch.float32) for _ in range(4)]
    module.kernels["scans"].launch((1,), x, *ys)
    torch.cuda.synchronize()
    x64 = x.double()
    ok &= close("scan dim=1", ys[0], x64.cumsum(1), 1e-5)
    ok &= close("scan dim=1 reverse", ys[1], x64.flip(1).cumsum(1).flip(1), 1e-5)
    ok &= close("scan dim=0 max", ys[2], x64.cummax(0).values, 0.0)
    ok &= close("scan dim=0 reverse", ys[3], x64.flip(0).cumsum(0).flip(0), 1e-5)
    print("ALL PASS" if ok else "SOME FAILED")
    return 0 if ok else 1


if __name__ == "__main__":
    sys.exit(main())
