#!/usr/bin/env python3
"""Concurrent launches of one cuTile matmul kernel on several CUDA streams.

Kernels whose K loops copy by TMA build their tensor maps on the device, in a
pool of slots in the kernel's global memory (docs/Matmul.md, "TMA loads"):
every CTA takes a free slot, so that launches of the same kernel with other
arguments may run at the same time. This check launches cuTile's
`matmul_kernel` (one compiled kernel: the shapes share their divisibility) on
STREAMS streams at once, each stream with its own operands of its own shape,
ROUNDS times without synchronizing in between, and compares every output with
PyTorch's product (float32 accumulation; largest error at most 1e-2 relative
to the largest reference element).

    stress_streams.py --tests CUTILE_TEST_DIR --compiler NAME=BINDIR
                      [--streams 4] [--rounds 20]
"""
import argparse
import math
import os
import sys

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, os.path.join(HERE, "pytest_plugin"))


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--tests", required=True, help="cuTile's test/ folder")
    ap.add_argument("--compiler", required=True, help="NAME=BINDIR holding a tileiras")
    ap.add_argument("--streams", type=int, default=4)
    ap.add_argument("--rounds", type=int, default=20)
    ap.add_argument("--tiles", default="128,128,64", help="TM,TN,TK")
    args = ap.parse_args()

    import torch
    import cuda.tile as ct
    from tileir_compilers import switch_kernels

    _, kernels = switch_kernels(args.tests, args.compiler)
    matmul = kernels["matmul"]
    tm, tn, tk = (int(x) for x in args.tiles.split(","))

    g = torch.Generator(device="cuda").manual_seed(1)
    jobs = []
    for s in range(args.streams):
        # Shapes that differ per stream (and are not all whole tiles), with
        # the divisibility cuTile specializes on kept the same.
        m, n, k = 1008 + 256 * s, 784 + 128 * s, 528 + 384 * s
        a = torch.randn(m, k, device="cuda", generator=g).half()
        b = torch.randn(k, n, device="cuda", generator=g).half()
        out = torch.full((m, n), float("nan"), device="cuda", dtype=torch.half)
        grid = (math.ceil(m / tm) * math.ceil(n / tn), 1, 1)
        ref = (a.float() @ b.float())
        jobs.append(dict(stream=torch.cuda.Stream(), a=a, b=b, out=out, grid=grid, ref=ref,
                         shape=(m, n, k)))
    torch.cuda.synchronize()
    for _ in range(args.rounds):
        for j in jobs:
            with torch.cuda.stream(j["stream"]):
                ct.launch(j["stream"], j["grid"], matmul.matmul_kernel,
                          (j["a"], j["b"], j["out"], tm, tn, tk))
    torch.cuda.synchronize()
    failed = 0
    for j in jobs:
        err = (j["out"].float() - j["ref"]).abs().max().item()
        scale = j["ref"].abs().max().item()
        ok = math.isfinite(err) and err <= 1e-2 * scale
        failed += not ok
        print(f"stream shape {j['shape']}: max error {err:.3g} (reference max {scale:.3g})"
              f" {'ok' if ok else 'FAILED'}")
    print(f"{args.streams} streams x {args.rounds} rounds: "
          f"{'all ok' if not failed else f'{failed} FAILED'}")
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
