"""Sweep of CTA sizes for the 8192-column softmax/layernorm kernels (f32/bf16).
Each PTX kX.ptx was compiled here with tile-translate --num-threads=X."""
import glob, re, statistics, sys
import numpy as np, torch, cupy as cp
torch.manual_seed(0)
R, C = 8192, 8192
dev = torch.device("cuda")

def bench(fn, reps=30):
    for _ in range(5): fn()
    ts = []
    for _ in range(reps):
        a = torch.cuda.Event(enable_timing=True); b = torch.cuda.Event(enable_timing=True)
        a.record(); fn(); b.record(); b.synchronize(); ts.append(a.elapsed_time(b))
    return statistics.median(ts)

def ptr(t): return np.uint64(t.data_ptr())
rows = []
x32 = torch.randn(R, C, device=dev) * 3
w32 = torch.randn(C, device=dev); b32 = torch.randn(C, device=dev)
eps = 1e-5
data = {"f32": (x32, w32, b32), "bf16": (x32.bfloat16(), w32.bfloat16(), b32.bfloat16())}
copy = {}
for dt, (x, w, b) in data.items():
    y = torch.empty_like(x)
    copy[dt] = bench(lambda: y.copy_(x))
ref_sm = {dt: torch.softmax(data[dt][0].double(), -1) for dt in data}
ref_ln = {dt: torch.nn.functional.layer_norm(data[dt][0].double(), (C,), data[dt][1].double(), data[dt][2].double(), eps) for dt in data}
tm = {}
for dt, (x, w, b) in data.items():
    tm[("softmax", dt)] = bench(lambda: torch.softmax(x, -1))
    tm[("layernorm", dt)] = bench(lambda: torch.nn.functional.layer_norm(x, (C,), w, b, eps))
for f in sorted(glob.glob("k*.ptx"), key=lambda s: int(re.findall(r"\d+", s)[0])):
    src = open(f).read()
    mod = cp.RawModule(path=f)
    for m in re.finditer(r"// tileir.kernel (\w+) params=\(([^)]*)\) reqntid=(\d+)", src):
        name, nt = m.group(1), int(m.group(3))
        dt = "bf16" if "bf16" in name else "f32"
        x, w, b = data[dt]
        y = torch.full_like(x, float("nan"))
        fn = mod.get_function(name)
        if name.startswith("softmax"):
            args = (ptr(x), ptr(y), np.int32(R)); ref = ref_sm[dt]
        else:
            args = (ptr(x), ptr(w), ptr(b), ptr(y), np.int32(R), np.float32(eps)); ref = ref_ln[dt]
        launch = lambda: fn((R,), (nt,), args)
        launch(); torch.cuda.synchronize()
        err = ((y.double() - ref).norm() / ref.norm()).item()
        ok = err < (1e-5 if dt == "f32" else 1e-2) and not torch.isnan(y).any().item()
        t = bench(launch)
        kind = "softmax" if name.startswith("softmax") else "layernorm"
        rows.append((name, nt, t, copy[dt] / t * 100, tm[(kind, dt)] / t, err, ok))
print(f"copy ms: f32 {copy['f32']:.4f} bf16 {copy['bf16']:.4f}")
print(f"{'kernel':26s} {'thr':>5s} {'ms':>8s} {'%copy':>6s} {'xtorch':>6s} {'relerr':>9s} ok")
for r in rows:
    print(f"{r[0]:26s} {r[1]:5d} {r[2]:8.4f} {r[3]:6.1f} {r[4]:6.2f} {r[5]:9.2e} {r[6]}")
