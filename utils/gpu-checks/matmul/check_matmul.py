#!/usr/bin/env python3
"""GPU check and benchmark of examples/matmul.mlir (C = A * B^T, B given N x K, N = K = 4096)
and of the tile-size variants gen_tiles.py writes (tiles.ptx, entries
matmul_<in>_<out>_<BM>x<BN>x<BK>).

Run where the PTX is (compiled by build.sh): loads every *.ptx with CuPy (dynamic shared
memory from the `smem=` of the tileir.kernel line, opted in with
max_dynamic_shared_size_bytes), checks every entry against torch in float64 on random data
with NaN-poisoned outputs (every launch is checked), then times M = N = K = 4096 against
torch.matmul (cuBLAS) and a standard Triton matmul kernel (CUDA events, warm-up, median).
Prints a table and writes results.json.
"""
import json
import os
import re
import statistics
import sys

import cupy
import numpy as np
import torch

try:
    import triton
    import triton.language as tl
except Exception:  # no Triton: no Triton column
    triton = None

HERE = os.path.dirname(os.path.abspath(__file__))
#: TILEIR_CHECK_SMALL=1 (utils/gpu-checks/sanitize.sh): the checks at M = 200 only, no timings.
SMALL = os.environ.get("TILEIR_CHECK_SMALL") == "1"
# examples/matmul.mlir's entries: 128 x 256 tiles.
DEFAULT_TILE = (128, 256)

if triton is not None:

    @triton.jit
    def _triton_matmul(a_ptr, b_ptr, c_ptr, M, N, K, sam, sak, sbn, sbk, scm, scn,
                       BM: tl.constexpr, BN: tl.constexpr, BK: tl.constexpr, GROUP: tl.constexpr):
        pid = tl.program_id(0)
        num_m = tl.cdiv(M, BM)
        num_n = tl.cdiv(N, BN)
        group = pid // (GROUP * num_n)
        first_m = group * GROUP
        size_m = min(num_m - first_m, GROUP)
        pid_m = first_m + (pid % size_m)
        pid_n = (pid % (GROUP * num_n)) // size_m
        rm = pid_m * BM + tl.arange(0, BM)
        rn = pid_n * BN + tl.arange(0, BN)
        rk = tl.arange(0, BK)
        a = a_ptr + rm[:, None] * sam + rk[None, :] * sak
        b = b_ptr + rk[:, None] * sbk + rn[None, :] * sbn
        acc = tl.zeros((BM, BN), dtype=tl.float32)
        for k in range(0, tl.cdiv(K, BK)):
            ka = tl.load(a, mask=rk[None, :] < K - k * BK, other=0.0)
            kb = tl.load(b, mask=rk[:, None] < K - k * BK, other=0.0)
            acc = tl.dot(ka, kb, acc)
            a += BK * sak
            b += BK * sbk
        c = c_ptr + rm[:, None] * scm + rn[None, :] * scn
        tl.store(c, acc.to(c_ptr.dtype.element_ty), mask=(rm[:, None] < M) & (rn[None, :] < N))

    def triton_matmul(a, b, c):
        M, K = a.shape
        N = b.shape[0]
        grid = (triton.cdiv(M, 128) * triton.cdiv(N, 256),)
        _triton_matmul[grid](a, b, c, M, N, K, a.stride(0), a.stride(1), b.stride(0), b.stride(1),
                             c.stride(0), c.stride(1), BM=128, BN=256, BK=64, GROUP=8,
                             num_warps=8, num_stages=3)
        return c


KERNEL_RE = re.compile(r"// tileir.kernel (\w+) params=\(([^)]*)\) reqntid=(\d+),(\d+),(\d+)"
                       r" smem=(\d+)")


def load_kernels():
    """name -> (function, threads, dynamic smem bytes, (tile M, tile N))."""
    kernels = {}
    for name in sorted(os.listdir(HERE)):
        if not name.endswith(".ptx"):
            continue
        path = os.path.join(HERE, name)
        text = open(path).read()
        module = cupy.RawModule(path=path)
        for m in KERNEL_RE.finditer(text):
            fn = module.get_function(m.group(1))
            smem = int(m.group(6))
            if smem:
                fn.max_dynamic_shared_size_bytes = smem
            t = re.search(r"_(\d+)x(\d+)x(\d+)$", m.group(1))
            tile = (int(t.group(1)), int(t.group(2))) if t else DEFAULT_TILE
            kernels[m.group(1)] = (fn, int(m.group(3)), smem, tile)
    return kernels


def dtypes(entry):
    """(input dtype, output dtype) from the entry name."""
    din = torch.bfloat16 if entry.startswith("matmul_bf16") else torch.float16
    dout = torch.float32 if "_f32" in entry else din
    return din, dout


def launch(kernel, a, b, c):
    fn, threads, smem, (tm, tn) = kernel
    M, K = a.shape
    N = b.shape[0]
    grid = (-(-M // tm), -(-N // tn), 1)
    fn(grid, (threads, 1, 1), (np.uint64(a.data_ptr()), np.uint64(b.data_ptr()),
                               np.uint64(c.data_ptr()), np.int32(M)), shared_mem=smem)


def check(kernel, dtype, out_dtype, M, N, K, seed):
    g = torch.Generator(device="cuda").manual_seed(seed)
    a = torch.randn((M, K), generator=g, device="cuda").to(dtype)
    b = torch.randn((N, K), generator=g, device="cuda").to(dtype)
    c = torch.full((M, N), float("nan"), device="cuda", dtype=out_dtype)
    launch(kernel, a, b, c)
    torch.cuda.synchronize()
    ref = a.double() @ b.double().T
    got = c.double()
    written = bool(torch.isfinite(got).all())
    err = ((got - ref).abs() / (ref.abs() + 1.0)).max().item()
    # f32 accumulation over K plus the output rounding.
    tol = (2e-2 if out_dtype == torch.bfloat16 else 2e-3) + K * 1e-6
    return written and err <= tol, err


def timeit(fn, warmup=10, repeats=50):
    for _ in range(warmup):
        fn()
    times = []
    for _ in range(repeats):
        s = torch.cuda.Event(enable_timing=True)
        e = torch.cuda.Event(enable_timing=True)
        s.record()
        fn()
        e.record()
        e.synchronize()
        times.append(s.elapsed_time(e))
    return statistics.median(times)


def main():
    kernels = load_kernels()
    ok = True
    results = {"device": torch.cuda.get_device_name(), "checks": [], "bench": []}
    # The kernels fix N = K = 4096; M is a parameter (partial last tile: 200).
    sizes = [(4096, 4096, 4096), (200, 4096, 4096)]
    if SMALL:  # checks only, at the size with a partial last tile
        sizes = sizes[1:]
    entries = {e: dtypes(e) for e in kernels}
    for entry, (dtype, out_dtype) in entries.items():
        for i, (M, N, K) in enumerate(sizes):
            try:
                passed, err = check(kernels[entry], dtype, out_dtype, M, N, K, seed=i)
            except Exception as e:  # report and go on
                passed, err = False, repr(e)
            ok &= passed
            results["checks"].append({"entry": entry, "size": [M, N, K], "ok": passed, "err": err})
            print(f"check {entry} {M}x{N}x{K}: {'ok' if passed else 'FAIL'} (max rel err {err})",
                  flush=True)
    if SMALL:
        print("ALL CHECKS PASSED" if ok else "SOME CHECKS FAILED")
        return 0 if ok else 1
    M = N = K = 4096
    flops = 2.0 * M * N * K
    rows = []
    triton_cache = {}
    for entry, (dtype, out_dtype) in entries.items():
        a = torch.randn((M, K), device="cuda").to(dtype)
        b = torch.randn((N, K), device="cuda").to(dtype)
        c = torch.empty((M, N), device="cuda", dtype=out_dtype)
        t_ours = timeit(lambda: launch(kernels[entry], a, b, c))
        cb = torch.empty((M, N), device="cuda", dtype=dtype)
        t_torch = timeit(lambda: torch.matmul(a, b.T, out=cb))
        t_triton = None
        tri_ok = None
        if triton is not None and (dtype, out_dtype) in triton_cache:
            t_triton, tri_ok = triton_cache[(dtype, out_dtype)]
        elif triton is not None:
            ct = torch.empty((M, N), device="cuda", dtype=out_dtype)
            triton_matmul(a, b, ct)
            torch.cuda.synchronize()
            ref = (a.float() @ b.float().T)
            tri_ok = bool(((ct.float() - ref).abs() / (ref.abs() + 1)).max() < 5e-2)
            t_triton = timeit(lambda: triton_matmul(a, b, ct))
            triton_cache[(dtype, out_dtype)] = (t_triton, tri_ok)
        row = {"entry": entry, "ms": t_ours, "tflops": flops / t_ours / 1e9,
               "torch_ms": t_torch, "torch_tflops": flops / t_torch / 1e9,
               "pct_cublas": 100.0 * t_torch / t_ours,
               "triton_ms": t_triton,
               "triton_tflops": flops / t_triton / 1e9 if t_triton else None,
               "vs_triton": t_triton / t_ours if t_triton else None,
               "triton_check": tri_ok,
               "smem": kernels[entry][2], "threads": kernels[entry][1]}
        rows.append(row)
        results["bench"].append(row)
    print(f"\n{results['device']}, M = N = K = 4096 (C = A * B^T)")
    print(f"{'entry':<30} {'ms':>8} {'TFLOP/s':>8} {'cuBLAS TF/s':>11} {'% cuBLAS':>9} "
          f"{'Triton TF/s':>11} {'x Triton':>9}")
    for r in rows:
        tri = f"{r['triton_tflops']:.1f}" if r["triton_tflops"] else "-"
        vs = f"{r['vs_triton']:.2f}" if r["vs_triton"] else "-"
        print(f"{r['entry']:<30} {r['ms']:8.3f} {r['tflops']:8.1f} {r['torch_tflops']:11.1f} "
              f"{r['pct_cublas']:8.1f}% {tri:>11} {vs:>9}")
    out = os.environ.get("OUT", HERE)
    with open(os.path.join(out, "results.json"), "w") as f:
        json.dump(results, f, indent=1)
    print("ALL CHECKS PASSED" if ok else "SOME CHECKS FAILED")
    return 0 if ok else 1


if __name__ == "__main__":
    sys.exit(main())
