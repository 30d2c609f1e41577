"""Host cost of one call (wall time per call over 3000 back-to-back calls of a 1024-element
op, so the GPU never limits): torch eager vs tileir.ops vs the custom op path vs a raw
Kernel.launch.

  python3 launch_overhead.py make OUTDIR   (here, with tileops-build): the kernels, into a cache
  python3 launch_overhead.py run OUTDIR    (on the GPU, no compiler)
"""
import os
import sys
import time

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, os.path.join(HERE, "..", "..", "..", "python"))
SPECS = [("exp", [[1024]], {}), ("add", [[1024], [1024]], {"alpha": 2.0})]


def main():
    mode, outdir = sys.argv[1], sys.argv[2]
    os.environ["TILEIR_CACHE_DIR"] = os.path.join(outdir, "cache")
    if mode == "make":
        import tileir.ops as T
        for op, shapes, params in SPECS:
            T.kernel(T.spec_line(op, "f32", shapes, params))
        return
    os.environ["TILEIR_TOOLS_DIR"] = os.path.join(outdir, "no-compiler-here")
    import torch
    import tileir.ops as T
    x, y = torch.randn(1024, device="cuda"), torch.randn(1024, device="cuda")

    def per_call(fn, n=3000):
        for _ in range(50):
            fn()
        torch.cuda.synchronize()
        t = time.perf_counter()
        for _ in range(n):
            fn()
        torch.cuda.synchronize()
        return (time.perf_counter() - t) / n * 1e6

    k, plan = T.kernel(T.spec_line("exp", "f32", [[1024]], {}))
    out = torch.full_like(x, float("nan"))
    k.launch(plan["grid"], x, out)
    checks = [torch.allclose(out, torch.exp(x), rtol=1e-5, atol=1e-6),
              torch.allclose(T.exp(x), torch.exp(x), rtol=1e-5, atol=1e-6),
              torch.allclose(T.add(x, y, alpha=2), x + 2 * y, rtol=1e-5, atol=1e-6),
              torch.allclose(torch.ops.tileir.exp.default([x], "{}"), torch.exp(x), rtol=1e-5, atol=1e-6)]
    rows = [("torch.exp", lambda: torch.exp(x)), ("tileir.ops.exp", lambda: T.exp(x)),
            ("torch.add(alpha=2)", lambda: torch.add(x, y, alpha=2)),
            ("tileir.ops.add(alpha=2)", lambda: T.add(x, y, alpha=2)),
            ("torch.ops.tileir.exp (custom op)", lambda: torch.ops.tileir.exp.default([x], "{}")),
            ("Kernel.launch (exp)", lambda: k.launch(plan["grid"], x, out))]
    print(f"results match torch: {all(checks)}")
    for name, fn in rows:
        print(f"{name:34s} {per_call(fn):7.1f} us per call", flush=True)
    sys.exit(0 if all(checks) else 1)


if __name__ == "__main__":
    main()
