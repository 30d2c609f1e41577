#!/usr/bin/env python3
"""Runs cuTile Python's samples once per Tile IR compiler and prints one table.

    run_samples.py --samples DIR --compiler NAME=BINDIR [--compiler ...]

Each BINDIR holds a `tileiras` (NVIDIA's, or TileIR's compat link to
tile-as). A sample runs as cuTile's own test does (`python SAMPLE
--correctness-check`), with that BINDIR first on PATH, CUDA_HOME unset and
cuTile's disk cache off, so every kernel is compiled by that compiler. A
sample passes when it exits 0 and prints "Correctness check passed" (or
"Skipped test") and no "Correctness check failed", as cuTile's
samples/test_samples.py decides. The compilers take turns per sample.
"""
import argparse
import os
import subprocess
import sys
import time

SAMPLES = ["VectorAddition.py", "BatchMatMul.py", "FFT.py", "MatMul.py",
           "Transpose.py", "AttentionFMHA.py", "LayerNorm.py", "MoE.py",
           "AllGatherMatmul.py", "BlockScaledMatMul.py"]


def verdict(rc, out):
    if rc is None:
        return "TIMEOUT"
    if rc != 0:
        return f"EXIT {rc}"
    if "An unexpected error occurred" in out or "Correctness check failed" in out:
        return "WRONG"
    if "Skipped test" in out:
        return "SKIP"
    if "Correctness check passed" not in out:
        return "NO CHECK"
    return "PASS"


def first_error(out):
    for line in out.splitlines():
        low = line.lower()
        if "error" in low or "failed" in low or "exception" in low:
            return line.strip()[:160]
    lines = [l for l in out.splitlines() if l.strip()]
    return lines[-1][:160] if lines else ""


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--samples", required=True)
    ap.add_argument("--compiler", action="append", required=True, help="NAME=BINDIR")
    ap.add_argument("--timeout", type=int, default=300)
    ap.add_argument("--only", nargs="*", help="sample files to run (default: all)")
    ap.add_argument("--log-dir")
    args = ap.parse_args()
    compilers = [c.split("=", 1) for c in args.compiler]
    samples = args.only or SAMPLES
    results = {}
    for sample in samples:
        for name, bindir in compilers:
            env = dict(os.environ)
            env.pop("CUDA_HOME", None)
            env.pop("CUDA_PATH", None)
            env["PATH"] = os.path.abspath(bindir) + os.pathsep + env.get("PATH", "")
            env["CUDA_TILE_CACHE_DIR"] = "off"
            env["PYTHONUNBUFFERED"] = "1"
            start = time.time()
            try:
                p = subprocess.run([sys.executable, "-u", sample, "--correctness-check"],
                                   cwd=os.path.abspath(args.samples), env=env,
                                   capture_output=True, text=True, timeout=args.timeout)
                rc, out = p.returncode, p.stdout + p.stderr
            except subprocess.TimeoutExpired as e:
                rc, out = None, (e.stdout or b"").decode(errors="replace") if isinstance(e.stdout, bytes) else (e.stdout or "")
            seconds = time.time() - start
            results[(sample, name)] = (verdict(rc, out), seconds, first_error(out))
            if args.log_dir:
                with open(os.path.join(args.log_dir, f"{name}.log"), "a") as f:
                    f.write(f"===== {sample} ({name}): {results[(sample, name)][0]}\n{out}\n")
            print(f"{sample:24} {name:10} {results[(sample, name)][0]:8} {seconds:6.1f}s",
                  flush=True)
    print()
    header = f"| sample | " + " | ".join(name for name, _ in compilers) + " |"
    print(header)
    print("|" + "---|" * (len(compilers) + 1))
    for sample in samples:
        cells = []
        for name, _ in compilers:
            v, s, _ = results[(sample, name)]
            cells.append(f"{v} ({s:.0f} s)")
        print(f"| {sample} | " + " | ".join(cells) + " |")
    print()
    for (sample, name), (v, _, err) in results.items():
        if v not in ("PASS", "SKIP"):
            print(f"{name} {sample}: {err}")
    passed = {name: sum(results[(s, name)][0] == "PASS" for s in samples) for name, _ in compilers}
    print(" ".join(f"{name}: {n}/{len(samples)} passed" for name, n in passed.items()))


if __name__ == "__main__":
    main()
