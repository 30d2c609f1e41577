"""The host cost of a tileir launch, without a GPU.

Times the pure-Python side of ``Kernel.launch`` and of a ``tileir.ops`` call on a machine
with no GPU, with the fakes of the Python tests (python/tests/fakes.py): the CUDA driver
is ``fake_cuda.c`` (built with cc into a temporary directory: every call succeeds at once,
so the ctypes calls cost what they cost with the real driver minus the driver's own work)
and PyTorch is a stand-in module whose tensors and functions answer what tileir asks of
them (so the torch side costs a few Python attribute reads, less than the real thing: the
numbers are tileir's share only).

    python3 utils/launch-profile/launch_profile.py            # the table
    python3 utils/launch-profile/launch_profile.py --profile  # plus cProfile of each path

The GPU measurement with the real torch is utils/gpu-checks/tileops/launch_overhead.py.
"""
import argparse
import cProfile
import os
import pstats
import shutil
import sys
import tempfile
import time

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, os.path.join(HERE, "..", "..", "python"))
sys.path.insert(0, os.path.join(HERE, "..", "..", "python", "tests"))

from fakes import FakeTorchTensor, build_fake_driver, fake_torch  # noqa: E402

#: The launch plan tileops-build gives exp_f32_1024 (--emit=plan-json).
EXP_PLAN = {"name": "exp_f32_1024", "grid": 2, "threads": 128, "npt": 4, "tile": 512,
            "strategy": "register_copy", "cache_hint": "L1::no_allocate", "out_dtype": "f32",
            "out_shape": [1024], "args": ["in:f32:1024", "out:f32:1024"]}

EXP_PTX = """.version 8.0
.target sm_90
.address_size 64
// tileops.plan exp_f32_1024 grid=2 threads=128 tile=512 strategy=register_copy cache_hint=L1::no_allocate out=f32:1024 args=in:f32:1024,out:f32:1024
// tileir.kernel exp_f32_1024 params=(ptr,ptr) reqntid=128,1,1 smem=0 align=16 elems=(f32,f32) dense=(0,1)
.visible .entry exp_f32_1024(
    .param .u64 .ptr .global .align 1 exp_f32_1024_param_0,
    .param .u64 .ptr .global .align 1 exp_f32_1024_param_1
)
.reqntid 128, 1, 1
{ ret; }
// tileir.kernel vadd params=(ptr,ptr,ptr,i32) reqntid=128,1,1 smem=0 align=16 elems=(f32,f32,f32,-) dense=(0,1,2)
.visible .entry vadd(
    .param .u64 .ptr .global .align 1 vadd_param_0,
    .param .u64 .ptr .global .align 1 vadd_param_1,
    .param .u64 .ptr .global .align 1 vadd_param_2,
    .param .b32 vadd_param_3
)
.reqntid 128, 1, 1
{ ret; }
"""


# --- timing -------------------------------------------------------------------------------

def per_call(fn, n: int) -> float:
    for _ in range(min(n, 200)):
        fn()
    best = float("inf")
    for _ in range(5):
        start = time.perf_counter()
        for _ in range(n):
            fn()
        best = min(best, (time.perf_counter() - start) / n * 1e6)
    return best


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--profile", action="store_true", help="print cProfile of each path")
    parser.add_argument("-n", type=int, default=20000, help="calls per timing (best of 5)")
    args = parser.parse_args()

    torch = fake_torch()
    sys.modules["torch"] = torch
    tmp = tempfile.mkdtemp(prefix="tileir-launch-profile-")
    os.environ["TILEIR_CACHE_DIR"] = os.path.join(tmp, "cache")

    from tileir import Module, _driver
    from tileir._args import pack_args
    import tileir.ops as T

    library = build_fake_driver(tmp)
    if library is None:
        sys.exit("launch_profile.py needs a C compiler (cc or $CC) to build the fake driver")
    _driver._driver = _driver.Driver(library)
    lib = _driver._driver._lib

    mod = Module.from_ptx(EXP_PTX)
    exp, vadd = mod.exp_f32_1024, mod.vadd
    x = FakeTorchTensor((1024,), torch.float32, address=0x7F0000000000)
    out = FakeTorchTensor((1024,), torch.float32, address=0x7F0000100000)
    c = FakeTorchTensor((1024,), torch.float32, address=0x7F0000200000)
    info = exp.info

    # tileir.ops: the spec's kernel comes from this PTX (no tileops-build needed).
    line = T.spec_line("exp", "f32", [[1024]], {})
    T._kernels[(line, "sm_90")] = (exp, EXP_PLAN)

    rows = [
        ("pack_args(ptr<f32>, ptr<f32>)",
         lambda: pack_args(info.name, info.params, (x, out), info.align, info.elems, info.dense)),
        ("Kernel.launch exp (2 tensors)", lambda: exp.launch(2, x, out)),
        ("  the same by the general path", lambda: exp._launch_checked(2, (x, out), None, None)),
        ("Kernel.launch vadd (3 tensors, i32)", lambda: vadd.launch(1, x, out, c, 1024)),
        ("Kernel.launch vadd, int addresses", lambda: vadd.launch(1, 0x1000, 0x2000, 0x3000, 1024)),
        ("Kernel.launch exp, stream=0", lambda: exp.launch(2, x, out, stream=0)),
        ("tileir.ops.exp (fake torch)", lambda: T.exp(x)),
        ("torch.ops.tileir.exp (fake dispatch)", lambda: torch.ops.tileir.exp.default([x], "{}")),
        ("ctypes cuLaunchKernel alone",
         lambda: lib.cuLaunchKernel(0x3000, 2, 1, 1, 128, 1, 1, 0, 0, None, None)),
    ]
    print(f"{'path':40s} {'us/call':>8s}   (fake driver and torch, {sys.version.split()[0]})")
    for name, fn in rows:
        print(f"{name:40s} {per_call(fn, args.n):8.2f}", flush=True)
    if args.profile:
        for name, fn in rows[1:2] + rows[6:7]:
            print(f"\n== cProfile: {name}")
            profiler = cProfile.Profile()
            profiler.enable()
            for _ in range(args.n):
                fn()
            profiler.disable()
            pstats.Stats(profiler).sort_stats("tottime").print_stats(18)
    shutil.rmtree(tmp, ignore_errors=True)


if __name__ == "__main__":
    main()
