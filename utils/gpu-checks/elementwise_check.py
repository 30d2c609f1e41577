"""GPU check of the tirx elementwise and reduction variants (issue "tirx
complete"). Loads the PTX compiled from elementwise-kernels.mlir
(tile-translate --cuda-tile-to-ptx) with CuPy and compares with PyTorch.
Usage: python3 elementwise_check.py kernels.ptx"""
import os
import sys

import cupy
import torch

# A path ending in .ptx is loaded as PTX (code= would be compiled as CUDA C++).
mod = cupy.RawModule(path=sys.argv[1] if len(sys.argv) > 1 else "kernels.ptx")
rows = []
ok = True


def report(name, passed, detail):
    global ok
    ok &= passed
    rows.append((name, "PASS" if passed else "FAIL", detail))


def ptr(t):
    return cupy.uint64(t.data_ptr())


torch.manual_seed(0)
dev = "cuda"

# (a) warp sqrt of a 32x8 tile, lane i owns row i.
x = torch.rand(32, 8, device=dev) * 100
out = torch.full_like(x, float("nan"))
mod.get_function("warp_sqrt")((1,), (32,), (ptr(x), ptr(out)))
torch.cuda.synchronize()
ref = torch.sqrt(x)
report("warp_sqrt 32x8", bool(torch.equal(out, ref)),
       f"max |err| {float((out - ref).abs().max()):.3g} (sqrt.rn: exact)")

# (b) CTA sum and max over 1x4096 rows, 256 threads, 8 warps.
# TILEIR_CHECK_SMALL=1 (utils/gpu-checks/sanitize.sh): fewer rows.
R = 64 if os.environ.get("TILEIR_CHECK_SMALL") == "1" else 1024
x = torch.randn(R, 4096, device=dev)
s = torch.full((R,), float("nan"), device=dev)
m = torch.full((R,), float("nan"), device=dev)
mod.get_function("row_sum_max")((R,), (256,), (ptr(x), ptr(s), ptr(m), cupy.int64(R)))
torch.cuda.synchronize()
ref_s = x.double().sum(1)
ref_m = x.double().amax(1)
err = float(((s.double() - ref_s).abs() / (x.double().abs().sum(1))).max())
report("cta sum 1x4096 x1024 rows", bool(torch.isfinite(s).all()) and err < 1e-6,
       f"max |err| / sum|x| = {err:.3g}")
report("cta max 1x4096 x1024 rows", bool(torch.equal(m.double(), ref_m)), "exact")

# (c) packed bf16 (a + b) * a, and f32 -> f8 -> f32.
a = torch.randn(2048, device=dev).bfloat16()
b = torch.randn(2048, device=dev).bfloat16()
o = torch.full_like(a, float("nan"))
f = torch.randn(2048, device=dev) * 200
# Edge values: overflow, infinities, NaN, ties, subnormals, signed zero.
f[:16] = torch.tensor([448, 464, 465, 1e6, float("inf"), -float("inf"),
                       float("nan"), -0.0, 57344, 61439, 61440, 1e9,
                       2.0**-9, 2.0**-10, 2.0**-17, 3 * 2.0**-18], device=dev)
d4 = torch.full_like(f, float("nan"))
d5 = torch.full_like(f, float("nan"))
mod.get_function("bf16_f8")((1,), (256,), (ptr(a), ptr(b), ptr(o), ptr(f), ptr(d4), ptr(d5)))
torch.cuda.synchronize()
ref = ((a.float() + b.float()).bfloat16().float() * a.float()).bfloat16()
report("bf16x2 add/mul", bool(torch.equal(o, ref)), "bit-exact vs torch (rounded per op)")


def same(x, y):
    both_nan = torch.isnan(x) & torch.isnan(y)
    eq = (x == y) & (torch.signbit(x) == torch.signbit(y))
    return both_nan | eq


# e4m3fn: satfinite; torch turns overflow (|x| >= 464 after rounding) into NaN.
t4 = f.to(torch.float8_e4m3fn).float()
finite_in = f.abs() < 464
m4 = same(d4, t4)
report("f32->e4m3fn (in range)", bool(m4[finite_in].all()),
       f"{int(m4[finite_in].sum())}/{int(finite_in.sum())} bit-exact")
sat = (~finite_in) & ~torch.isnan(f)
report("f32->e4m3fn satfinite", bool((d4[sat].abs() == 448).all() and (torch.isnan(d4[torch.isnan(f)])).all()),
       f"{int(sat.sum())} overflow/inf -> +-448 (torch: NaN); NaN -> NaN")
t5 = f.to(torch.float8_e5m2).float()
m5 = same(d5, t5)
report("f32->e5m2 (all, incl. inf/NaN)", bool(m5.all()), f"{int(m5.sum())}/{m5.numel()} bit-exact")

w = max(len(r[0]) for r in rows)
for name, res, detail in rows:
    print(f"{name:<{w}}  {res}  {detail}")
print("ALL PASS" if ok else "SOME FAILED")
sys.exit(0 if ok else 1)
