"""Streaming-kernel tuning sweep: the benchmark workloads (bench_workloads.specs) built at their default plan, at
other (threads, elements per thread) configurations, and with PTX cache-hint variants of the
default build; timed interleaved (bench_workloads.Timer.interleaved: round robin, L2 flushed before
every launch, CUPTI device time) against the hand-written Triton kernel and torch eager; each
variant's speedup is the median over rounds of default / variant (paired).

  python3 stream_tune.py make OUTDIR   (here): OUTDIR/<workload>/<variant>.ptx, OUTDIR/plan.json
  python3 stream_tune.py run OUTDIR    (on the GPU): checks every variant against the reference,
                                       prints one line per workload and a summary per variant
                                       kind (ROUNDS=40 by default); OUT/stream_tune.json.

Selection (make): OPS=op,op|all, DTYPES=f32,..., CONFIGS ("all", "256x2,512x1": threads x
16-byte vectors per thread, or "1v": one vector with the default's threads), USE_HINTS=0|1,
HINTS=name,..., PLAIN=1 (each build also with cache_hint=none). The hint variants rewrite the global accesses of the PTX (a measurement only:
what wins is then emitted by the compiler, not patched): nc = ld.global.nc, cs = .cs loads and
stores, stcs = st.global.cs, na = ld.global.L1::no_allocate, na_v = the same on vector loads
only, p256 = .L2::256B prefetch, nc_na = ld.global.nc.L1::no_allocate.

On the H100, the L1::no_allocate rule and the one-vector rule of the kernel builder's cost
rule came from `OPS=all DTYPES=f32,f16,bf16,i32,i8,bool HINTS=na_v CONFIGS=1v`, ROUNDS=80.
"""
import json
import os
import re
import statistics
import sys

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, HERE)
sys.path.insert(0, os.path.join(HERE, "..", "..", "..", "python"))
import check as C  # noqa: E402

ROUNDS = int(os.environ.get("ROUNDS", "40"))
# OPS=op,op DTYPES=f32,bf16: the benchmark workloads (bench_workloads.specs) of those ops and dtypes.
OPS = os.environ.get("OPS", "sub,mul,exp,silu_and_mul")
DTYPES = os.environ.get("DTYPES", "f32,bf16")
# CONFIGS: threads x 16-byte vectors per thread ("256x2": 256 threads, 2 vectors of the dtype
# each); "all" = {128, 256, 512} x {1, 2, 4}.
CONFIGS = os.environ.get("CONFIGS", "all")
# USE_HINTS=1 adds the PTX cache-hint variants of the default build.
USE_HINTS = os.environ.get("USE_HINTS", "1") == "1"
HINTS = {
    "nc": [(r"ld\.global\.(?=v|b)", "ld.global.nc.")],
    "cs": [(r"ld\.global\.(?=v|b)", "ld.global.cs."), (r"st\.global\.(?=v|b)", "st.global.cs.")],
    "stcs": [(r"st\.global\.(?=v|b)", "st.global.cs.")],
    "na": [(r"ld\.global\.(?=v|b)", "ld.global.L1::no_allocate.")],
    "p256": [(r"ld\.global\.(?=v|b)", "ld.global.L2::256B.")],
    "nc_na": [(r"ld\.global\.(?=v|b)", "ld.global.nc.L1::no_allocate.")],
    "na_v": [(r"ld\.global\.(?=v)", "ld.global.L1::no_allocate.")],  # vector (dense) loads only
}
HINT_SET = os.environ.get("HINTS", ",".join(HINTS)).split(",")


def configs(dt):
    vec = {"f32": 4, "i32": 4, "f16": 8, "bf16": 8}.get(dt, 16)
    if CONFIGS.endswith("v"):  # "1v": npt = one 16-byte vector, the default's threads
        return [(None, int(CONFIGS[:-1]) * vec)]
    if CONFIGS == "all":
        pairs = [(t, v) for t in (128, 256, 512) for v in (1, 2, 4)]
    else:
        pairs = [tuple(map(int, c.split("x"))) for c in CONFIGS.split(",")]
    return [(t, v * vec) for t, v in pairs]


def workloads():
    import bench_workloads as B
    ops, dts = set(OPS.split(",")), set(DTYPES.split(","))
    return [(o, d, sh, p) for _, o, d, sh, p in B.specs() if (OPS == "all" or o in ops) and d in dts]


def make(outdir):
    from tileir import ops as T
    plan = []
    for op, dt, shapes, params in workloads():
        w = f"{op}_{dt}" + ("_b" if len(shapes) > 1 and shapes[0] != shapes[1] else "")
        os.makedirs(os.path.join(outdir, w), exist_ok=True)
        base, base_plans = T.build([T.spec_line(op, dt, shapes, params, name=f"k_{w}")])
        variants = {"default": (base, base_plans)}
        for h, subs in ((h, HINTS[h]) for h in HINT_SET if USE_HINTS):
            txt = base
            for pat, rep in subs:
                txt = re.sub(pat, rep, txt)
            variants[h] = (txt, base_plans)
        plan0 = base_plans[f"k_{w}"]
        plain = os.environ.get("PLAIN") == "1"  # also each build with cache_hint=none
        if plain:
            variants["plain"] = T.build([T.spec_line(op, dt, shapes, params, name=f"k_{w}",
                                                     cache_hint="none")])
        for t, n in configs(dt):
            if t is None and plan0["tile"] // plan0["threads"] == n:
                continue  # the default already
            try:
                cfg = f"{t or plan0['threads']}x{n}"
                variants[cfg] = T.build([T.spec_line(op, dt, shapes, params, name=f"k_{w}", threads=t, npt=n)])
                if plain:
                    variants[cfg + "_plain"] = T.build([T.spec_line(
                        op, dt, shapes, params, name=f"k_{w}", threads=t, npt=n, cache_hint="none")])
            except Exception as e:  # noqa: BLE001
                print(f"{w} {t}x{n}: {str(e).splitlines()[0] if str(e) else e}")
        if USE_HINTS:  # the hints also on each configuration
            for v in [v for v in variants if "x" in v and not v.endswith("_plain")]:
                for h in HINT_SET:
                    txt, plans = variants[v]
                    for pat, rep in HINTS[h]:
                        txt = re.sub(pat, rep, txt)
                    variants[f"{v}_{h}"] = (txt, plans)
        for v, (txt, plans) in variants.items():
            T.save_module(os.path.join(outdir, w, f"{v}.ptx"), txt, plans)
        plan.append({"w": w, "op": op, "dt": dt, "shapes": shapes, "params": params, "variants": sorted(variants)})
        print(w, len(variants), "variants")
    json.dump(plan, open(os.path.join(outdir, "plan.json"), "w"), indent=1)


def run(outdir):
    import torch
    from bench_workloads import Timer, paired
    from tileir.module import Module
    from tileir.ops import load_module
    timer = Timer(torch)
    triton = C._triton_ops()
    gen = torch.Generator(device="cuda").manual_seed(0)
    summary = {}
    for item in json.load(open(os.path.join(outdir, "plan.json"))):
        w, op, dt, shapes, params = item["w"], item["op"], item["dt"], item["shapes"], item["params"]
        ins = C.make_inputs(torch, op, dt, shapes, gen)
        odt = C.torch_dtype(torch, dt)
        shp = C.out_shape(torch, op, shapes, params)
        extra = (1234, 0) if op == "dropout" else ()
        fns, names, bad = [], [], []
        for v in item["variants"]:
            ptx, module_plans = load_module(os.path.join(outdir, w, f"{v}.ptx"))
            p = module_plans[f"k_{w}"]
            k = getattr(Module.from_ptx(ptx), f"k_{w}")

            odt = torch.bool if p["out_dtype"] == "bool" else C.torch_dtype(torch, dt)

            def launch(s, ex, k=k, g=p["grid"], odt=odt):
                out = C.poisoned(torch, s, odt)
                k.launch(g, *ins, out, *(ex or ()))
                torch.cuda.synchronize()
                return out
            good, msg = C.check_one(torch, op, dt, shapes, params, odt, launch, ins)
            if not good:
                bad.append(f"{v}: {msg}")
                continue
            out = torch.empty(shp, dtype=odt, device="cuda")
            fns.append(lambda k=k, g=p["grid"], out=out: k.launch(g, *ins, out, *extra))
            names.append(v)
        if triton and op in triton and len(set(map(tuple, shapes))) == 1:
            tout = torch.empty(shp, dtype=odt, device="cuda")
            fns.append(lambda: triton[op](ins, tout))
            names.append("triton")
        fns.append(C.eager(torch, op, ins, params))
        names.append("eager")
        rounds = timer.interleaved(fns, ROUNDS)
        ts = [statistics.median(r) for r in rounds]
        nbytes = sum(x.numel() * x.element_size() for x in ins) + torch.Size(shp).numel() * odt.itemsize
        ref = ts[names.index("triton")] if "triton" in names else ts[names.index("eager")]
        # paired: the median over rounds of (time of the default in that round / this variant's)
        di = names.index("default") if "default" in names else names.index("eager")
        d = ts[di]
        speedup = {n: paired(rounds[di], r) for n, r in zip(names, rounds)}
        cells = " ".join(f"{n}:{100 * (speedup[n] - 1):+.1f}%" for n in names if n != "default")
        print(f"{w} {'x'.join(map(str, shp))} default {d * 1000:.2f} us {nbytes / d / 1e9:.2f} TB/s | "
              f"speedup vs default (paired median): {cells}", flush=True)
        for b in bad:
            print("  FAIL", b)
        summary[w] = {"shape": shp, "bytes": nbytes, "ms": dict(zip(names, ts)), "paired_vs_default": speedup}
        del ins, fns
        torch.cuda.empty_cache()
    # per variant kind (a configuration "TxN" counts as "cfg"): geomean of the paired speedups
    kinds = {}
    for w, r in summary.items():
        for n, v in r["paired_vs_default"].items():
            if n != "default":
                kinds.setdefault(re.sub(r"^\d+x\d+", "cfg", n), []).append((v, w))
    print("\nvariant kind | workloads | geomean speedup | >+1% | <-1% | worst | best")
    for k, vs in kinds.items():
        g = statistics.geometric_mean([v for v, _ in vs])
        lo, hi = min(vs), max(vs)
        print(f"{k} | {len(vs)} | {100 * (g - 1):+.2f}% | {sum(v > 1.01 for v, _ in vs)} | "
              f"{sum(v < 0.99 for v, _ in vs)} | {lo[1]} {100 * (lo[0] - 1):+.1f}% | {hi[1]} {100 * (hi[0] - 1):+.1f}%")
    out = os.environ.get("OUT")
    if out:
        json.dump(summary, open(os.path.join(out, "stream_tune.json"), "w"), indent=1)


if __name__ == "__main__":
    {"make": make, "run": run}[sys.argv[1]](sys.argv[2])
