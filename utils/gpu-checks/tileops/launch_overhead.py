"""Host cost of one call of a 1024-element op: torch eager, tileir.ops, the custom op path,
a raw Kernel.launch (fast path and general path), Triton and CuPy.

  python3 launch_overhead.py make OUTDIR              (here, with tileops-build): the kernels, into a cache
  python3 launch_overhead.py run OUTDIR [--profile]   (on the GPU, no compiler)

`make` also builds the kernels of the GPU tests of python/tests/test_tileops.py, so that
`TILEIR_CACHE_DIR=OUTDIR/cache python3 -m pytest python/tests` runs them on a GPU machine
without tileops-build.

Each candidate is timed in rounds, the candidates interleaved (round r times every
candidate once, so drifts of clock or load hit them alike): a round is a warm-up and N
back-to-back calls. "host us" is the loop's time per call (what the Python caller waits),
"+sync us" the same with the torch.cuda.synchronize() that ends the round, so the GPU
only limits the second (a 1024-element kernel runs in a few microseconds). Medians over
the rounds, and the ratio of host time to torch.exp's. Triton (a @triton.jit exp kernel,
compiled on first call) and CuPy (a RawKernel, compiled by NVRTC) are timed when they
import, and skipped with a note otherwise. --profile adds a cProfile of tileir.ops.exp and
Kernel.launch.
"""
import cProfile
import os
import pstats
import statistics
import sys
import time

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, os.path.join(HERE, "..", "..", "..", "python"))
SPECS = [("exp", [[1024]], {}), ("add", [[1024], [1024]], {"alpha": 2.0})]
#: (op, dtypes, shapes, params) of the kernels test_tileops.py's GPU tests launch.
TEST_SPECS = [("add", ("f32", "f16", "bf16"), [[4097], [4097]], {"alpha": 2.0}),
              ("exp", ("f32", "f16", "bf16"), [[4097]], {}),
              ("lt", ("f32", "f16", "bf16"), [[4097], [4097]], {}),
              ("add", ("f32",), [[1000], [1000]], {"alpha": 1.0}),
              ("exp", ("f32",), [[1000]], {})]
ROUNDS, CALLS = 15, 1000


def triton_candidates(torch, x):
    """(rows, checks, note) of the Triton exp kernel."""
    try:
        import triton
        import triton.language as tl
    except Exception as error:  # noqa: BLE001 - any import failure: skipped with a note
        return [], [], f"Triton skipped (import failed: {type(error).__name__}: {error})"

    @triton.jit
    def exp_kernel(x_ptr, y_ptr, n, BLOCK: tl.constexpr):
        offsets = tl.program_id(0) * BLOCK + tl.arange(0, BLOCK)
        mask = offsets < n
        tl.store(y_ptr + offsets, tl.exp(tl.load(x_ptr + offsets, mask=mask)), mask=mask)

    y = torch.full_like(x, float("nan"))
    exp_kernel[(1,)](x, y, x.numel(), BLOCK=1024)

    def alloc_and_launch():
        out = torch.empty_like(x)
        exp_kernel[(1,)](x, out, 1024, BLOCK=1024)
        return out

    rows = [("triton exp kernel[grid](...)", lambda: exp_kernel[(1,)](x, y, 1024, BLOCK=1024)),
            ("triton exp + torch.empty_like", alloc_and_launch)]
    checks = [("triton", torch.allclose(y, torch.exp(x), rtol=1e-5, atol=1e-6))]
    return rows, checks, f"Triton {triton.__version__}"


def cupy_candidates(torch, x):
    """(rows, checks, note) of a CuPy RawKernel exp on views of the torch tensors."""
    try:
        import cupy
    except Exception as error:  # noqa: BLE001
        return [], [], f"CuPy skipped (import failed: {type(error).__name__}: {error})"
    try:
        kernel = cupy.RawKernel(r'''
extern "C" __global__ void exp_kernel(const float* x, float* y, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n) y[i] = expf(x[i]);
}''', "exp_kernel")
        y = torch.full_like(x, float("nan"))
        xc, yc = cupy.from_dlpack(x), cupy.from_dlpack(y)
        n = cupy.int32(1024)
        # On CuPy's current stream: the null stream, the legacy default stream that torch's
        # default current stream also is.
        kernel((8,), (128,), (xc, yc, n))
        torch.cuda.synchronize()
    except Exception as error:  # noqa: BLE001 - no NVRTC, no driver match, ...
        return [], [], f"CuPy skipped ({type(error).__name__}: {error})"

    def launch():
        kernel((8,), (128,), (xc, yc, n))

    checks = [("cupy", torch.allclose(y, torch.exp(x), rtol=1e-5, atol=1e-6))]
    return [("cupy RawKernel(...)", launch)], checks, f"CuPy {cupy.__version__}"


def main():
    mode, outdir = sys.argv[1], sys.argv[2]
    profile = "--profile" in sys.argv[3:]
    os.environ["TILEIR_CACHE_DIR"] = os.path.join(outdir, "cache")
    if mode == "make":
        import tileir.ops as T
        for op, shapes, params in SPECS:
            T.kernel(T.spec_line(op, "f32", shapes, params))
        for op, dtypes, shapes, params in TEST_SPECS:
            for dtype in dtypes:
                T.kernel(T.spec_line(op, dtype, shapes, params))
        return
    os.environ["TILEIR_TOOLS_DIR"] = os.path.join(outdir, "no-compiler-here")
    import torch
    import tileir.ops as T
    x, y = torch.randn(1024, device="cuda"), torch.randn(1024, device="cuda")

    k, plan = T.kernel(T.spec_line("exp", "f32", [[1024]], {}))
    out = torch.full_like(x, float("nan"))
    k.launch(plan["grid"], x, out)
    general = torch.full_like(x, float("nan"))
    k._launch_checked(plan["grid"], (x, general), None, None)
    ref = torch.exp(x)
    checks = [("Kernel.launch", torch.allclose(out, ref, rtol=1e-5, atol=1e-6)),
              ("Kernel.launch general path", torch.allclose(general, ref, rtol=1e-5, atol=1e-6)),
              ("tileir.ops.exp", torch.allclose(T.exp(x), ref, rtol=1e-5, atol=1e-6)),
              ("tileir.ops.add", torch.allclose(T.add(x, y, alpha=2), x + 2 * y, rtol=1e-5, atol=1e-6)),
              ("custom op", torch.allclose(torch.ops.tileir.exp.default([x], "{}"), ref, rtol=1e-5, atol=1e-6))]
    rows = [("torch.exp", lambda: torch.exp(x)),
            ("tileir.ops.exp", lambda: T.exp(x)),
            ("torch.add(alpha=2)", lambda: torch.add(x, y, alpha=2)),
            ("tileir.ops.add(alpha=2)", lambda: T.add(x, y, alpha=2)),
            ("torch.ops.tileir.exp (custom op)", lambda: torch.ops.tileir.exp.default([x], "{}")),
            ("Kernel.launch (exp)", lambda: k.launch(plan["grid"], x, out)),
            ("Kernel.launch general path (exp)", lambda: k._launch_checked(plan["grid"], (x, out), None, None)),
            ("torch.empty_like (allocation only)", lambda: torch.empty_like(x))]
    notes = [f"torch {torch.__version__}, {torch.cuda.get_device_name()}, Python {sys.version.split()[0]}"]
    for candidates in (triton_candidates, cupy_candidates):
        more_rows, more_checks, note = candidates(torch, x)
        rows += more_rows
        checks += more_checks
        notes.append(note)
    torch.cuda.synchronize()
    for note in notes:
        print(note)
    failed = [name for name, ok in checks if not ok]
    print(f"results match torch: {not failed}" + (f" (mismatch: {', '.join(failed)})" if failed else ""))

    host = {name: [] for name, _ in rows}
    synced = {name: [] for name, _ in rows}
    for _ in range(ROUNDS):
        for name, fn in rows:
            for _ in range(20):
                fn()
            torch.cuda.synchronize()
            start = time.perf_counter()
            for _ in range(CALLS):
                fn()
            loop = time.perf_counter()
            torch.cuda.synchronize()
            end = time.perf_counter()
            host[name].append((loop - start) / CALLS * 1e6)
            synced[name].append((end - start) / CALLS * 1e6)
    base = statistics.median(host["torch.exp"])
    print(f"\n{ROUNDS} interleaved rounds of {CALLS} calls, medians")
    print(f"| {'candidate':36s} | host us | +sync us | host / torch.exp |")
    print(f"|{'-' * 38}|--------:|---------:|-----------------:|")
    for name, _ in rows:
        h, s = statistics.median(host[name]), statistics.median(synced[name])
        print(f"| {name:36s} | {h:7.2f} | {s:8.2f} | {h / base:16.2f} |", flush=True)

    if profile:
        for name, fn in [("tileir.ops.exp", lambda: T.exp(x)),
                         ("Kernel.launch (exp)", lambda: k.launch(plan["grid"], x, out))]:
            print(f"\n== cProfile: {name}, 3000 calls")
            profiler = cProfile.Profile()
            profiler.enable()
            for _ in range(3000):
                fn()
            profiler.disable()
            torch.cuda.synchronize()
            pstats.Stats(profiler, stream=sys.stdout).sort_stats("tottime").print_stats(15)
    sys.exit(1 if failed else 0)


if __name__ == "__main__":
    main()
