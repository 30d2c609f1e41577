#!/usr/bin/env python3
"""Splits a matmul's time into a fixed part and a part per K step.

Launches cuTile's `matmul_kernel` (C = A @ B, f16, B given K x N) at
M = N = 4096 for a sweep of K, compiled by each compiler, checks each result
against PyTorch (float32 products), and times it with CUDA events (best of
5 x 50 launches after a warm-up). With one K step the time is mostly the
kernel's prologue and epilogue (tensor maps, the stores of C); the slope
over K is the main loop's.

    k_sweep.py --tests CUTILE_TEST_DIR --compiler NAME=BINDIR [...]
               [--ks 64,256,1024,4096] [--tiles 128,128,64] [--size 4096]

Exit status 1 when a result is off by more than 0.05 relative to the
largest element of the reference.
"""
import argparse
import os
import sys

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, os.path.join(HERE, "pytest_plugin"))


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--tests", required=True, help="cuTile's test/ folder")
    ap.add_argument("--compiler", action="append", required=True,
                    help="NAME=BINDIR holding a tileiras")
    ap.add_argument("--ks", default="64,256,1024,4096")
    ap.add_argument("--tiles", default="128,128,64", help="TM,TN,TK")
    ap.add_argument("--size", type=int, default=4096, help="M = N")
    args = ap.parse_args()

    import torch
    import cuda.tile as ct
    from tileir_compilers import switch_kernels

    switch, kernels = switch_kernels(args.tests, ",".join(args.compiler))
    matmul = kernels["matmul"].matmul_kernel
    tm, tn, tk = (int(x) for x in args.tiles.split(","))
    n = args.size
    failed = 0
    times = {name: [] for name in switch.names}
    ks = [int(k) for k in args.ks.split(",")]
    for k in ks:
        g = torch.Generator(device="cuda").manual_seed(k)
        a = torch.randn(n, k, device="cuda", generator=g).half()
        b = torch.randn(k, n, device="cuda", generator=g).half()
        ref = a.float() @ b.float()
        grid = ((n // tm) * (n // tn), 1, 1)
        for name in switch.names:
            switch.select(name)
            c = torch.full((n, n), float("nan"), device="cuda", dtype=torch.float16)
            launch = lambda: ct.launch(torch.cuda.current_stream(), grid, matmul,
                                       (a, b, c, tm, tn, tk))
            launch()
            torch.cuda.synchronize()
            err = ((c.float() - ref).abs().max() / ref.abs().max()).item()
            if not err <= 0.05:
                failed += 1
                print(f"{name} K={k}: error {err:.3g}")
            for _ in range(20):
                launch()
            start = torch.cuda.Event(enable_timing=True)
            end = torch.cuda.Event(enable_timing=True)
            best = float("inf")
            for _ in range(5):
                start.record()
                for _ in range(50):
                    launch()
                end.record()
                torch.cuda.synchronize()
                best = min(best, start.elapsed_time(end) * 1000 / 50)
            times[name].append(best)
    print("| compiler | " + " | ".join(f"K = {k} µs" for k in ks) + " |")
    print("|---|" + "---:|" * len(ks))
    for name, ts in times.items():
        print(f"| {name} | " + " | ".join(f"{t:.1f}" for t in ts) + " |")
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
