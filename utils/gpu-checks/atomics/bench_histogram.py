#!/usr/bin/env python3
"""examples/histogram.mlir at several tile sizes (the example's 8192 replaced by T), checked
bit-exactly against torch.bincount and timed with CUDA events (median of 50 after 10 warm-ups)
on 2^26 values, uniform over the 256 bins and with a quarter on one bin.

    python3 bench_histogram.py make OUTDIR [T ...]     (here: one kernel cache per tile size)
    python3 bench_histogram.py run OUTDIR              (on the GPU)
"""
import json
import os
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[3]
sys.path.insert(0, str(ROOT / "python"))


def make(out, tiles):
    import tileir
    src = (ROOT / "examples" / "histogram.mlir").read_text()
    os.makedirs(out, exist_ok=True)
    for t in tiles:
        text = src.replace("8192", str(t))
        (Path(out) / f"histogram_{t}.mlir").write_text(text)
        tileir.compile(text, cache_dir=str(Path(out) / f"cache_{t}"))
    json.dump(tiles, open(Path(out) / "tiles.json", "w"))


def run(out):
    import torch
    import tileir
    tiles = json.load(open(Path(out) / "tiles.json"))
    n = 2**26
    gen = torch.Generator(device="cuda").manual_seed(0)
    data = {"uniform": torch.randint(0, 256, (n,), generator=gen, device="cuda", dtype=torch.int32)}
    hot = data["uniform"].clone()
    hot[: n // 4] = 7
    data["hot"] = hot

    def timed(fn):
        for _ in range(10):
            fn()
        times = []
        for _ in range(50):
            a, b = torch.cuda.Event(enable_timing=True), torch.cuda.Event(enable_timing=True)
            a.record()
            fn()
            b.record()
            torch.cuda.synchronize()
            times.append(a.elapsed_time(b) * 1000)
        return sorted(times)[len(times) // 2]

    print(f"{'kernel':<22} {'data':<8} {'us':>9} {'GB/s':>6} {'vs bincount':>11}  check")
    for name, x in data.items():
        ref = torch.bincount(x, minlength=256).to(torch.int32)
        t_ref = timed(lambda: torch.bincount(x, minlength=256))
        print(f"{'torch.bincount':<22} {name:<8} {t_ref:9.1f} {4 * n / t_ref / 1e3:6.0f} {'':>11}  -")
        for t in tiles:
            text = (Path(out) / f"histogram_{t}.mlir").read_text()
            k = tileir.compile(text, cache_dir=str(Path(out) / f"cache_{t}")).kernels["histogram"]
            bins = torch.full((256,), -7, device="cuda", dtype=torch.int32)
            bins.zero_()
            k.launch(((n + t - 1) // t,), x, bins, n)
            torch.cuda.synchronize()
            ok = torch.equal(bins, ref)
            tt = timed(lambda: k.launch(((n + t - 1) // t,), x, bins, n))
            print(f"{'histogram tile=' + str(t):<22} {name:<8} {tt:9.1f} {4 * n / tt / 1e3:6.0f} "
                  f"{t_ref / tt:10.2f}x  {'PASS' if ok else 'FAIL'}")


if __name__ == "__main__":
    if sys.argv[1] == "make":
        make(sys.argv[2], [int(t) for t in sys.argv[3:]] or [1024, 2048, 4096, 8192])
    else:
        run(sys.argv[2])
