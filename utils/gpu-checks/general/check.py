#!/usr/bin/env python3
"""GPU check of tirx-dispatch's general variants (utils/gpu-checks/general/kernels.mlir):
load_ptr, store_ptr, for_each, atomic, reduce, scan (per_element) and permute_layout
(decompose) on operands no faster variant takes, against PyTorch on random data with
NaN- or sentinel-poisoned outputs.

Run where the compiler is:  tile-translate --cuda-tile-to-ptx --chip=sm_90 kernels.mlir -o kernels.ptx
Run on the GPU machine:     python3 check.py [kernels.ptx]   (needs PyTorch and CuPy)
Prints one row per check; exit status 1 on any failure.
"""
import os
import sys

import cupy
import torch

HERE = os.path.dirname(os.path.abspath(__file__))
ptx_path = sys.argv[1] if len(sys.argv) > 1 else os.path.join(HERE, "kernels.ptx")
module = cupy.RawModule(path=os.path.abspath(ptx_path))
stream = cupy.cuda.ExternalStream(torch.cuda.current_stream().cuda_stream)
gen = torch.Generator(device="cuda").manual_seed(1)
rows, failures = [], []


def launch(name, grid, block, *tensors):
    args = tuple(cupy.uint64(t.data_ptr()) for t in tensors)
    module.get_function(name)((grid,), (block,), args, stream=stream)
    torch.cuda.synchronize()


def report(name, ok, detail=""):
    rows.append((name, "ok" if ok else "FAIL", detail))
    if not ok:
        failures.append(name)


def addresses(base, index):
    """64-bit addresses of base[index] (index: an int64 tensor)."""
    return base.data_ptr() + index * base.element_size()


for trial in range(3):
    # load_ptr: a gather through shuffled addresses, half the elements masked.
    src = torch.randn(64, device="cuda", generator=gen)
    index = torch.randperm(64, device="cuda", generator=gen)[:15].to(torch.int64)
    mask = torch.rand(15, device="cuda", generator=gen) < 0.5
    out = torch.full((15,), float("nan"), device="cuda")
    launch("gather", 1, 32, addresses(src, index), mask.to(torch.int8), out)
    ref = torch.where(mask, src[index], torch.full_like(src[index], 2.0))
    report(f"load_ptr per_element (warp, shared) #{trial}", torch.equal(out, ref))

    # store_ptr + for_each: a masked scatter to distinct slots, then x * 3.
    x = torch.randn(15, device="cuda", generator=gen)
    dst = torch.full((64,), float("nan"), device="cuda")
    index = torch.randperm(64, device="cuda", generator=gen)[:15].to(torch.int64)
    mask = torch.rand(15, device="cuda", generator=gen) < 0.5
    out2 = torch.full((15,), float("nan"), device="cuda")
    launch("scatter", 1, 128, addresses(dst, index), mask.to(torch.int8), x, out2)
    expect = torch.full((64,), float("nan"), device="cuda")
    expect[index[mask]] = x[mask]
    same = torch.equal(torch.nan_to_num(dst, nan=12345.0), torch.nan_to_num(expect, nan=12345.0))
    report(f"store_ptr per_element (cta, shared) #{trial}", same)
    report(f"for_each per_element (cta, shared) #{trial}", torch.allclose(out2, x * 3, rtol=0, atol=0))

    # atomic add from two warps on 15 counters (some shared by two elements):
    # each element added once per warp; the old values are a permutation of
    # the running sums.
    counters = torch.randint(0, 100, (8,), device="cuda", generator=gen, dtype=torch.int32)
    start = counters.clone()
    index = torch.randint(0, 8, (15,), device="cuda", generator=gen).to(torch.int64)
    v = torch.randint(1, 50, (15,), device="cuda", generator=gen, dtype=torch.int32)
    old = torch.full((6, 5), -0x7EADBEEF, device="cuda", dtype=torch.int32)
    launch("atomic_add", 1, 64, addresses(counters, index), v, old)
    expect = start.clone()
    expect.index_add_(0, index, v * 2)
    ok = torch.equal(counters, expect)
    # Every old value is a counter's value before one of its 2k updates.
    old = old.view(2, 15)
    ok_old = bool((old != -0x7EADBEEF).all())
    for c in range(8):
        hits = (index == c).nonzero().flatten()
        if hits.numel() == 0:
            continue
        seen = sorted((old[:, hits].flatten() - start[c]).tolist())
        adds = v[hits].tolist() * 2
        # the old values are the prefix sums of the updates in some order
        ok_old &= seen[0] == 0 and seen[-1] < sum(adds) and len(set(seen)) == len(seen)
    report(f"atomic per_element (warp, replicated 3x5) #{trial}", ok and ok_old,
           "" if ok else f"{counters.tolist()} vs {expect.tolist()}")

    # reduce (max, no destination) and a reverse scan of the rows.
    x = torch.randn(3, 5, device="cuda", generator=gen)
    maxout = torch.full((32,), float("nan"), device="cuda")
    scan = torch.full((3, 5), float("nan"), device="cuda")
    launch("reduce_scan", 1, 32, x, maxout, scan)
    report(f"reduce per_element (warp, shared, to scalars) #{trial}", bool((maxout == x.max()).all()))
    ref = x.double().flip(1).cumsum(1).flip(1)
    err = float((scan.double() - ref).abs().max())
    report(f"scan per_element (warp, shared, reverse) #{trial}", err <= 1e-5, f"max err {err:.1e}")

    # permute_layout at CTA scope: rows per thread -> columns per thread.
    x = torch.randn(16, 16, device="cuda", generator=gen)
    out = torch.full((16, 16), float("nan"), device="cuda")
    launch("permute_cta", 1, 128, x, out)
    report(f"permute_layout decompose (cta, replicated) #{trial}", torch.equal(out, x))

for r in rows:
    print(f"{r[0]:50s} {r[1]:>5s}  {r[2]}")
print("FAILED: " + ", ".join(failures) if failures else "ALL OK")
sys.exit(1 if failures else 0)
