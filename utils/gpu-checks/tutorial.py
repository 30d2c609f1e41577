#!/usr/bin/env python3
"""GPU check of the tutorial's kernels (docs/Tutorial.md, examples/tutorial/).

Compiles the three kernels with tileir.compile_file and launches them as the tutorial
does, on random data with NaN-poisoned outputs (and a poisoned guard region past the
end, utils/gpu_check.py's poisoned_output and compare), against float64 PyTorch
references; then checks that a float16 tensor passed for a float32 parameter raises the
TypeError the tutorial shows. Prints one line per kernel (PASS or FAIL, the largest
relative error, the sizes); exits with 1 if any check failed.

The GPU machine needs PyTorch, not the compiler: build the kernel cache where the
compiler is, carry it over (.kcache/ is git-ignored) and run there, from the repository
root:

    TILEIR_TOOLS_DIR=build/bin build/venv/bin/python utils/gpu-checks/tutorial.py --build
    python3 utils/gpu-checks/tutorial.py                   # on the GPU machine

Both use --cache-dir (default .kcache). --build compiles for --chip (default sm_90a, what
tileir.compile_file picks on a Hopper GPU); the run compiles as the tutorial does, for the
chip tileir detects, unless --chip is given.
"""

import argparse
import importlib.util
import sys
import traceback
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(ROOT / "python"))

import tileir  # noqa: E402

# utils/gpu_check.py's helpers: poisoned_output, compare, cdiv.
_spec = importlib.util.spec_from_file_location("gpu_check", ROOT / "utils" / "gpu_check.py")
gpu_check = importlib.util.module_from_spec(_spec)
_spec.loader.exec_module(gpu_check)

TUTORIAL = ROOT / "examples" / "tutorial"
KERNELS = {
    "vector_add": "01_vector_add.mlir",
    "softmax": "02_softmax.mlir",
    "matmul": "03_matmul.mlir",
}
#: The error the tutorial shows for a float16 tensor passed as `a`.
DTYPE_ERROR = "kernel 'vector_add': parameter 0 (ptr<f32>) expects float32 memory, got float16"


def compile_all(cache_dir, chip=None):
    """{name: tileir.Module} of the three tutorial files (compiled or from the cache)."""
    return {name: tileir.compile_file(TUTORIAL / path, chip=chip, cache_dir=cache_dir)
            for name, path in KERNELS.items()}


def run_vector_add(torch, mod, gen):
    """c = a + b for several n (1: one partial tile; 2^20 + 3: three elements in the last tile)."""
    results = []
    sizes = (1, 1000, 1_000_000, (1 << 20) + 3)
    for n in sizes[:2] + (5003,) if gpu_check.SMALL else sizes:
        a = torch.randn(n, generator=gen, device="cuda")
        b = torch.randn(n, generator=gen, device="cuda")
        c, guard = gpu_check.poisoned_output((n,), "float32")
        mod.vector_add.launch((n + 1023) // 1024, a, b, c, n)
        torch.cuda.synchronize()
        ref = a.double() + b.double()
        results.append((f"n={n}", gpu_check.compare(c, guard, ref, tolerance=1e-7)))
    return results


def run_softmax(torch, mod, gen):
    """Row softmax for cols = 1, 1000 (padding past the row end) and 1024 (whole tiles)."""
    results = []
    sizes = ((3, 1), (37, 1000), (5, 1024)) if gpu_check.SMALL else ((3, 1), (777, 1000), (256, 1024))
    for rows, cols in sizes:
        x = torch.randn((rows, cols), generator=gen, device="cuda") * 4
        y, guard = gpu_check.poisoned_output((rows, cols), "float32")
        mod.softmax.launch(rows, x, y, rows, cols)
        torch.cuda.synchronize()
        ref = torch.softmax(x.double(), dim=1)
        results.append((f"{rows}x{cols}", gpu_check.compare(y, guard, ref, tolerance=1e-5)))
    return results


def run_matmul(torch, mod, gen):
    """C = A B with edges in m, n and k, and one size of whole tiles."""
    results = []
    sizes = ((300, 200, 1000), (129, 257, 77), (1024, 1024, 1024))
    for m, n, k in sizes[:2] if gpu_check.SMALL else sizes:
        a = torch.randn((m, k), generator=gen, device="cuda").half()
        b = torch.randn((k, n), generator=gen, device="cuda").half()
        c, guard = gpu_check.poisoned_output((m, n), "float32")
        mod.matmul.launch(((m + 127) // 128, (n + 127) // 128), a, b, c, m, n, k)
        torch.cuda.synchronize()
        ref = a.double() @ b.double()
        # f16 products are exact in f32; the error is the f32 accumulation's, relative to
        # max(|ref|, 1) as in utils/gpu-checks/matmul/check_matmul.py.
        tolerance = 2e-3 + k * 1e-6
        results.append((f"{m}x{n}x{k}", gpu_check.compare(c, guard, ref, tolerance, floor=1.0)))
    return results


RUNS = {"vector_add": run_vector_add, "softmax": run_softmax, "matmul": run_matmul}


def check_dtype_error(torch, mod):
    """(passed, detail): a float16 `a` is refused with the tutorial's TypeError."""
    n = 1000
    a = torch.randn(n, device="cuda").half()
    b = torch.randn(n, device="cuda")
    c = torch.empty(n, device="cuda")
    try:
        mod.vector_add.launch((n + 1023) // 1024, a, b, c, n)
    except TypeError as error:
        return str(error) == DTYPE_ERROR, f"TypeError: {error}"
    torch.cuda.synchronize()
    return False, "no error raised"


def main(argv=None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--cache-dir", default=str(ROOT / ".kcache"))
    parser.add_argument("--chip", default=None,
                        help="the target (default: sm_90a with --build, else detected)")
    parser.add_argument("--build", action="store_true",
                        help="only compile the kernels into the cache (no GPU needed)")
    args = parser.parse_args(argv)
    if args.build:
        chip = args.chip or "sm_90a"
        for name, mod in compile_all(args.cache_dir, chip).items():
            kernel = mod.kernels[name]
            print(f"{name:10s} {chip} params={','.join(kernel.params)} block={kernel.block} "
                  f"smem={kernel.smem}")
        return 0

    import torch
    gpu_check.torch = torch
    modules = compile_all(args.cache_dir, args.chip)
    entry = modules["vector_add"].cache_entry
    chip = entry.metadata.get("chip") if entry else args.chip
    print(f"device: {torch.cuda.get_device_name()}, tileir {tileir.__version__}, chip {chip}")
    ok_all = True
    for name, run in RUNS.items():
        gen = torch.Generator(device="cuda").manual_seed(0)
        try:
            results = run(torch, modules[name], gen)
            ok = all(r["passed"] for _, r in results)
            err = max(r["max_rel_err"] for _, r in results)
            bad = [f"{size}: {r['unwritten']} unwritten, guard {'ok' if r['guard_ok'] else 'WRITTEN'}"
                   for size, r in results if not r["passed"]]
            detail = f"max rel err {err:.2e}  ({', '.join(size for size, _ in results)})"
            if bad:
                detail += "  " + "; ".join(bad)
        except Exception as error:  # a launch error is a FAIL of this kernel
            traceback.print_exc()
            ok, detail = False, f"{type(error).__name__}: {error}"
        ok_all &= ok
        print(f"{name:12s} {'PASS' if ok else 'FAIL'}  {detail}", flush=True)
    ok, detail = check_dtype_error(torch, modules["vector_add"])
    ok_all &= ok
    print(f"{'dtype error':12s} {'PASS' if ok else 'FAIL'}  {detail}", flush=True)
    return 0 if ok_all else 1


if __name__ == "__main__":
    sys.exit(main())
