"""pow, log1p, softplus of f16/bf16 (tileops' expansions for results of at most 11 significand bits) on the GPU:
log1p and softplus on every bit pattern of the dtype (exhaustive), pow on a grid of special values
(zeros, infinities, NaN, +-1, negative bases with integer and non-integer exponents, subnormals,
extremes) plus 2^20 random pairs in three classes (random bit patterns; a = 2 randn (negative
too) with integer b in [-12, 12]; a = 2 randn with b = 3 randn). NaN-poisoned outputs.

Each result is compared with the float64 reference rounded once to the dtype (ulp distance on
the ordered bit patterns, NaN must match NaN) and with torch's own kernel (bit-exact rate).
Pass: every result within 1 ulp of the rounded float64 value, NaN exactly where it is NaN.

  python3 narrow_math.py make OUTDIR   (here: tileops-build -> OUTDIR/nm.ptx)
  python3 narrow_math.py run OUTDIR    (on the GPU; needs the tileir package on PYTHONPATH)
"""
import os
import sys

N = 1 << 20
SPECS = [(f"{op}_{dt}", op, dt) for op in ("pow", "log1p", "softplus") for dt in ("f16", "bf16")]


def make(out):
    os.makedirs(out, exist_ok=True)
    lines = [f"{op} {dt} {N},{N} name={name}" if op == "pow" else f"{op} {dt} 65536 name={name}"
             for name, op, dt in SPECS]
    from tileir import ops as T
    T.save_module(os.path.join(out, "nm.ptx"), *T.build(lines))


def ordered(torch, t):
    i = t.view(torch.int16).int()
    return torch.where(i < 0, -(i & 0x7FFF), i)


def run(out):
    import torch
    F = torch.nn.functional
    from tileir.module import Module
    from tileir.ops import load_module
    ptx, plans = load_module(os.path.join(out, "nm.ptx"))
    mod = Module.from_ptx(ptx)
    gen = torch.Generator(device="cuda").manual_seed(5)
    fails = 0
    for name, op, dt in SPECS:
        tdt = {"f16": torch.float16, "bf16": torch.bfloat16}[dt]
        fi = torch.finfo(tdt)
        if op == "pow":
            sp = torch.tensor([0.0, -0.0, float("inf"), -float("inf"), float("nan"), 1, -1, 2, -2, 3, -3, 0.5,
                               -0.5, 1.5, -2.5, 7, -7, 1e-3, -1e-3, fi.max, -fi.max, fi.tiny, -fi.tiny,
                               fi.smallest_normal / 4, -fi.smallest_normal / 4, 1000, -1000, 0.1, -0.1, 1.0009765625,
                               0.99951171875, 16, 24, -24, 127.5],
                              dtype=tdt, device="cuda")
            ga, gb = torch.meshgrid(sp, sp, indexing="ij")
            q = N // 4
            a = torch.randint(-32768, 32768, (N,), generator=gen, device="cuda", dtype=torch.int16).view(tdt)
            b = torch.randint(-32768, 32768, (N,), generator=gen, device="cuda", dtype=torch.int16).view(tdt)
            a[q:] = (torch.randn(N - q, generator=gen, device="cuda") * 2).to(tdt)
            b[q:2 * q] = torch.randint(-12, 13, (q,), generator=gen, device="cuda").to(tdt)
            b[2 * q:] = (torch.randn(N - 2 * q, generator=gen, device="cuda") * 3).to(tdt)
            k = ga.numel()
            a[:k], b[:k] = ga.reshape(-1), gb.reshape(-1)
            ins = [a, b]
            ref64 = torch.pow(a.double(), b.double()).to(tdt)
            tref = torch.pow(a, b)
        else:
            x = torch.arange(-32768, 32768, device="cuda", dtype=torch.int32).to(torch.int16).view(tdt)
            ins = [x]
            if op == "log1p":
                ref64, tref = torch.log1p(x.double()).to(tdt), torch.log1p(x)
            else:
                ref64, tref = F.softplus(x.double()).to(tdt), F.softplus(x)
        n = ins[0].numel()
        y = torch.full((n,), float("nan"), dtype=tdt, device="cuda")
        getattr(mod, name).launch(plans[name]["grid"], *ins, y)
        torch.cuda.synchronize()
        nan_bad = torch.isnan(y) != torch.isnan(ref64)
        both = ~torch.isnan(y) & ~torch.isnan(ref64)
        dist = (ordered(torch, y) - ordered(torch, ref64)).abs()
        dist = torch.where(both, dist, torch.zeros_like(dist))
        far = both & (dist > 1)
        nbad = int(nan_bad.sum()) + int(far.sum())
        fails += nbad
        exact64 = int(((dist == 0) & both).sum() + (torch.isnan(y) & torch.isnan(ref64)).sum())
        same_t = (y.view(torch.int16) == tref.view(torch.int16)) | (torch.isnan(y) & torch.isnan(tref))
        t_exact64 = (tref.view(torch.int16) == ref64.view(torch.int16)) | (torch.isnan(tref) & torch.isnan(ref64))
        idx = (nan_bad | far).nonzero().flatten()[:6].tolist()
        ex = [tuple(t[i].item() for t in ins) + (y[i].item(), ref64[i].item()) for i in idx]
        print(f"{name}: {n} values: {nbad} bad (>1 ulp or NaN mismatch), max ulp {int(dist.max())}, "
              f"= rounded f64 {exact64 / n:.5f} (torch {float(t_exact64.float().mean()):.5f}), "
              f"bit-identical to torch {float(same_t.float().mean()):.5f} {ex}", flush=True)
    print("NARROW_MATH", "PASS" if fails == 0 else "FAIL")


if __name__ == "__main__":
    {"make": make, "run": run}[sys.argv[1]](sys.argv[2])
