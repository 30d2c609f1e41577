"""floor_divide / div(rounding_mode='floor') of f16 and bf16 against torch on the GPU, bit for bit:
all pairs of a set of special values (zeros, infinities, NaN, subnormals, extremes, small
integers) and 2^20 pairs of random bit patterns (every class of value), NaN-poisoned outputs.

  python3 fd_edges.py make OUTDIR   (here: tileops-build -> OUTDIR/fd.ptx)
  python3 fd_edges.py run OUTDIR    (on the GPU; needs the tileir package on PYTHONPATH)
"""
import os
import subprocess
import sys

N = 1 << 20
SPECS = [(f"{op}_{dt}", op, dt) for op in ("floor_divide", "div") for dt in ("f16", "bf16")]


def make(out):
    os.makedirs(out, exist_ok=True)
    tool = os.path.join(os.environ.get("TILEIR_TOOLS_DIR", "build/bin"), "tileops-build")
    lines = [f"{op} {dt} {N},{N} name={name}" + (" rounding_mode=floor" if op == "div" else "")
             for name, op, dt in SPECS]
    subprocess.run([tool, "-", "-o", os.path.join(out, "fd.ptx")], input="\n".join(lines) + "\n",
                   text=True, check=True)


def run(out):
    import torch
    from tileir.module import Module
    from tileir.ops import parse_plans
    ptx = open(os.path.join(out, "fd.ptx")).read()
    mod, plans = Module.from_ptx(ptx), parse_plans(ptx)
    gen = torch.Generator(device="cuda").manual_seed(1)
    bad_total = 0
    for name, op, dt in SPECS:
        tdt = {"f16": torch.float16, "bf16": torch.bfloat16}[dt]
        fi = torch.finfo(tdt)
        sp = torch.tensor([0.0, -0.0, float("inf"), -float("inf"), float("nan"), 1, -1, 2, -2, 3, -3, 0.5, -0.5,
                           7, -7, 1e-3, -1e-3, fi.max, -fi.max, fi.tiny, -fi.tiny, fi.smallest_normal / 4,
                           -fi.smallest_normal / 4, 1000, -1000, 0.1, -0.1], dtype=tdt, device="cuda")
        a, b = torch.meshgrid(sp, sp, indexing="ij")
        ra = torch.randint(-32768, 32768, (N,), generator=gen, device="cuda", dtype=torch.int16).view(tdt)
        rb = torch.randint(-32768, 32768, (N,), generator=gen, device="cuda", dtype=torch.int16).view(tdt)
        k = a.numel()
        ra[:k], rb[:k] = a.reshape(-1), b.reshape(-1)
        y = torch.full((N,), float("nan"), dtype=tdt, device="cuda")
        getattr(mod, name).launch(plans[name]["grid"], ra, rb, y)
        torch.cuda.synchronize()
        ref = torch.floor_divide(ra, rb) if op == "floor_divide" else torch.div(ra, rb, rounding_mode="floor")
        same = (y.view(torch.int16) == ref.view(torch.int16)) | (torch.isnan(y) & torch.isnan(ref))
        val = (y == ref) | (torch.isnan(y) & torch.isnan(ref))  # ignores the sign of zero
        nb, nv = int((~same).sum()), int((~val).sum())
        bad_total += nv
        idx = (~val).nonzero().flatten()[:6].tolist()
        ex = [(ra[i].item(), rb[i].item(), y[i].item(), ref[i].item()) for i in idx]
        print(f"{name}: {N} pairs: {nv} value mismatches, {nb} bit mismatches (incl. zero sign) {ex}", flush=True)
    print("FD_EDGES", "PASS" if bad_total == 0 else "FAIL")


if __name__ == "__main__":
    {"make": make, "run": run}[sys.argv[1]](sys.argv[2])
