#!/usr/bin/env python3
"""GPU check of the two launch ABIs (docs/ABI.md).

Compiles example kernels for sm_90a under each ABI (--launch-abi=explicit and
--launch-abi=tile), launches each with block = its CTA size (.reqntid) and with block
(1,1,1) (as cuTile launches tile kernels), and compares every output, NaN-poisoned
before the launch, with a float64 PyTorch reference. Prints one table.

The kernels: examples/vector_add.mlir (vadd_view: no shared memory),
examples/softmax.mlir (softmax_1024: shared memory for the row reductions),
examples/matmul.mlir (matmul_bf16: 192 KiB of shared memory, dynamic under the
explicit ABI, one static array under the tile ABI).

Explicit-ABI kernels launch with their dynamic shared memory (the runtime opts in above
48 KiB); tile-ABI kernels with none. A block-(1,1,1) launch of an explicit-ABI kernel is
included for comparison.

Build the kernel cache where the compiler is (this script with --build, or
python -m tileir.aot --chip sm_90a -O launch-abi=tile ... for each ABI), then on the GPU
machine, from the repository root (or a copy with python/ and examples/):

    python3 utils/gpu-checks/launch_abi.py --build --cache-dir kcache   # with the compiler
    python3 utils/gpu-checks/launch_abi.py --cache-dir kcache           # on the GPU
"""

import argparse
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(ROOT / "python"))

import tileir  # noqa: E402

CHIP = "sm_90a"
ABIS = ("explicit", "tile")
EXAMPLES = {
    "vadd_view": "vector_add.mlir",
    "softmax_1024": "softmax.mlir",
    "matmul_bf16": "matmul.mlir",
}


def compile_all(cache_dir):
    """{(kernel, abi): tileir.Kernel}, compiled (or found in the cache)."""
    kernels = {}
    for name, example in EXAMPLES.items():
        for abi in ABIS:
            module = tileir.compile_file(ROOT / "examples" / example, chip=CHIP,
                                         cache_dir=cache_dir, options={"launch-abi": abi})
            kernels[(name, abi)] = module.kernels[name]
    return kernels


def poisoned(torch, shape, dtype):
    return torch.full(shape, float("nan"), dtype=dtype, device="cuda")


def check(torch, name, got, ref, tol):
    """(ok, max relative error, unwritten elements) of `got` against the float64 `ref`."""
    got64 = got.double()
    unwritten = int(torch.isnan(got64).sum())
    err = float(((got64 - ref).abs() / ref.abs().clamp_min(1.0)).nan_to_num(float("inf")).max())
    return unwritten == 0 and err <= tol, err, unwritten


def run_vadd(torch, kernel, block, gen):
    n = (1 << 20) + 77
    a = torch.randn(n, generator=gen, device="cuda")
    b = torch.randn(n, generator=gen, device="cuda")
    c = poisoned(torch, (n,), torch.float32)
    kernel.launch((n + 1023) // 1024, a, b, c, n, block=block)
    torch.cuda.synchronize()
    return check(torch, "vadd", c, a.double() + b.double(), 1e-6)


def run_softmax(torch, kernel, block, gen):
    # examples/softmax.mlir: rows of 1024 f32, one tile block per row.
    rows, cols = 512, 1024
    x = torch.randn((rows, cols), generator=gen, device="cuda") * 3
    y = poisoned(torch, (rows, cols), torch.float32)
    kernel.launch(rows, x, y, rows, block=block)
    torch.cuda.synchronize()
    return check(torch, "softmax", y, torch.softmax(x.double(), dim=1), 1e-5)


def run_matmul(torch, kernel, block, gen):
    # examples/matmul.mlir: C (M x 4096) = A (M x 4096) * B^T, B given N x K, bf16.
    m, n, k = 256, 4096, 4096
    a = torch.randn((m, k), generator=gen, device="cuda").to(torch.bfloat16)
    b = torch.randn((n, k), generator=gen, device="cuda").to(torch.bfloat16)
    c = poisoned(torch, (m, n), torch.bfloat16)
    kernel.launch(((m + 127) // 128, n // 256), a, b, c, m, block=block)
    torch.cuda.synchronize()
    ref = a.double() @ b.double().T
    # bf16 output: 8 bits of mantissa, relative to max(|ref|, 1); sums of 4096 products.
    return check(torch, "matmul", c, ref, 2e-2)


RUNS = {"vadd_view": run_vadd, "softmax_1024": run_softmax, "matmul_bf16": run_matmul}


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--cache-dir", required=True)
    parser.add_argument("--build", action="store_true",
                        help="only compile the kernels into the cache (no GPU needed)")
    args = parser.parse_args()
    kernels = compile_all(args.cache_dir)
    if args.build:
        for (name, abi), kernel in kernels.items():
            print(f"{name:13s} {abi:8s} block={kernel.block} smem={kernel.smem} abi={kernel.abi}")
        return 0

    import torch
    device = torch.cuda.get_device_name()
    print(f"device: {device}, driver API through tileir {tileir.__version__}")
    header = f"{'kernel':13s} {'ABI':8s} {'dyn smem':>8s} {'block':>12s} {'result':6s} {'max rel err':>11s} {'unwritten':>9s}"
    print(header)
    print("-" * len(header))
    ok_all = True
    for (name, abi), kernel in kernels.items():
        for block in (None, (1, 1, 1)):
            gen = torch.Generator(device="cuda").manual_seed(0)
            shown = str(kernel.block if block is None else block).replace(" ", "")
            try:
                ok, err, unwritten = RUNS[name](torch, kernel, block, gen)
                result = "PASS" if ok else "FAIL"
            except Exception as error:  # a launch error is a result of the table
                ok, err, unwritten, result = False, float("nan"), -1, "ERROR"
                print(f"  {name} {abi} block={shown}: {type(error).__name__}: {error}")
                torch.cuda.synchronize()
            ok_all &= ok
            print(f"{name:13s} {abi:8s} {kernel.smem:8d} {shown:>12s} {result:6s} {err:11.2e} {unwritten:9d}",
                  flush=True)
    return 0 if ok_all else 1


if __name__ == "__main__":
    sys.exit(main())
