#!/usr/bin/env python3
"""Runs the mmai kernels of gen.py (compiled to DIR/mmai.ptx) on the GPU:
C = A x B + C with random i8 A, B (full byte range, read as signed or
unsigned per the kernel) and random i32 C (full range, so the i32 sums
wrap), compared exactly with an int64 numpy product wrapped to i32. The
kernel overwrites C in place. Times each kernel (CUDA events, median).

Usage: python3 check.py DIR
"""
import os, re, sys
import numpy as np
import cupy

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import gen  # noqa: E402

rng = np.random.default_rng(0)


def main():
    path = os.path.abspath(os.path.join(sys.argv[1], "mmai.ptx"))
    ptx = open(path).read()
    threads = {m.group(1): int(m.group(2)) for m in re.finditer(
        r"// tileir.kernel (\w+) params=\([^)]*\) reqntid=(\d+)", ptx)}
    mod = cupy.RawModule(path=path)
    fails = 0
    print(f"{'kernel':10} {'MxNxK':>12} {'threads':>7} {'us':>7}  result")
    for name, M, N, K, sa, sb in gen.CASES:
        a8 = rng.integers(0, 256, size=(M, K), dtype=np.uint8)
        b8 = rng.integers(0, 256, size=(K, N), dtype=np.uint8)
        c = rng.integers(-2**31, 2**31, size=(M, N), dtype=np.int64).astype(np.int32)
        av = a8.view(np.int8) if sa == "signed" else a8
        bv = b8.view(np.int8) if sb == "signed" else b8
        want = (av.astype(np.int64) @ bv.astype(np.int64) + c.astype(np.int64))
        want = ((want + 2**31) % 2**32 - 2**31).astype(np.int32)
        fn = mod.get_function(name)
        da, db = cupy.asarray(a8), cupy.asarray(b8)
        dc = cupy.asarray(c)
        fn((1, 1, 1), (threads[name], 1, 1), (da, db, dc))
        cupy.cuda.runtime.deviceSynchronize()
        got = cupy.asnumpy(dc)
        bad = np.argwhere(got != want)
        ok = bad.size == 0
        fails += not ok
        # Timing (C keeps accumulating: only the time matters); none under
        # TILEIR_CHECK_SMALL=1 (utils/gpu-checks/sanitize.sh).
        start, stop = cupy.cuda.Event(), cupy.cuda.Event()
        times = []
        for _ in range(0 if os.environ.get("TILEIR_CHECK_SMALL") == "1" else 20):
            start.record()
            fn((1, 1, 1), (threads[name], 1, 1), (da, db, dc))
            stop.record()
            stop.synchronize()
            times.append(cupy.cuda.get_elapsed_time(start, stop) * 1e3)
        detail = "ok" if ok else (f"{len(bad)} wrong, first {tuple(bad[0])}: got "
                                  f"{got[tuple(bad[0])]} want {want[tuple(bad[0])]}")
        print(f"{name:10} {f'{M}x{N}x{K}':>12} {threads[name]:>7} "
              f"{np.median(times) if times else float('nan'):7.1f}  {detail}")
    print(f"{len(gen.CASES)} kernels, {fails} failed")
    sys.exit(1 if fails else 0)


if __name__ == "__main__":
    main()
