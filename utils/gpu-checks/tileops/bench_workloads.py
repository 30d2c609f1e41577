"""tileops at the large workloads of TileOPs' benchmarks: TileIR vs torch eager, torch.compile
(inductor, i.e. a Triton kernel) and hand-written Triton kernels, timed as TileOPs times them.

  python3 bench_workloads.py make OUTDIR   (here): builds the specs below with tileops-build into
                                         OUTDIR/ptx/*.ptx (one module per op), OUTDIR/specs.json.
  python3 bench_workloads.py run OUTDIR   (on the GPU): checks every kernel at its full shape (check.py's
                                         reference and TileOPs' test tolerances, poisoned output), then times it
                                         (CHECK_ONLY=1: checks only; ONLY=op,op: those ops only).

Timing: device time of each kernel from CUPTI (torch.profiler), L2 flushed before every
launch (a 256 MiB int64 fill). Per workload, TileIR, a same-size copy, torch eager, torch.compile
and Triton run interleaved for ITERS rounds; the ratios are medians of the per-round ratios
(paired), TileIR's time the median of its rounds; a baseline that launches several kernels counts
the sum of their device times. Bandwidth = (bytes of all inputs + the output) /
time. "% copy" is against a 1 GiB device copy measured the same way; "% copy@size" against a
copy that moves the same number of bytes (read and written) measured the same way.
"""
import json
import math
import os
import statistics
import sys
import time

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, HERE)
sys.path.insert(0, os.path.join(HERE, "..", "..", "..", "python"))
import check as C  # noqa: E402

sys.path.insert(0, os.path.join(HERE, "..", ".."))
from gpu_check import release_memory  # noqa: E402  (the same pause after empty_cache)

ITERS = int(os.environ.get("ITERS", "30"))
BIG = [16384, 16384]


def specs():
    """(name, op, dtype, shapes, params) at the larger TileOPs benchmark workload of each op."""
    from tileir.ops import OPS
    out = []
    act = {"relu": [[2048, 4096]], "gelu": [[2048, 14336]], "silu": [[2048, 14336]],
           "hardswish": [[32, 96, 56, 56]], "mish": [[16, 256, 80, 80]], "selu": [[2048, 8192]],
           "elu": [[2048, 8192]], "softplus": [[2048, 8192]], "leaky_relu": [[16, 256, 64, 64]],
           "hardtanh": [[16, 256, 56, 56]],
           # TileOPs lists (32,960,1,1) for hardsigmoid: 30K elements, launch-bound; timed at relu's shape.
           "hardsigmoid": [[2048, 4096]], "sigmoid": None, "tanh": None}
    for op, (family, n_in, kinds, _) in OPS.items():
        dts = ["f32", "f16", "bf16"] if "f" in kinds else ["i32", "i8", "bool"]
        for dt in dts:
            params = {}
            big = [4096, 4096] if dt == "f32" else BIG  # TileOPs: 256M in fp16/bf16, 16M in fp32
            if family in ("unary_math",) or op in ("sigmoid", "tanh", "isnan", "isinf", "isfinite",
                                                    "nan_to_num", "clamp", "logical_not"):
                shapes = [big]
            elif op in act:
                shapes = act[op]
            elif op == "prelu":
                shapes = [[16, 256, 56, 56], [256]]
            elif op == "where":
                shapes = [big] * 3
            elif op == "masked_fill":
                shapes = [big, big]
            elif op == "lerp":
                shapes = [big, big]
            elif family in ("binary_arith", "comparison", "logical", "bitwise"):
                shapes = [[2048, 4096]] * n_in
            elif family == "fused_gated":
                shapes = [[2048, 28672]]
            elif family == "rope":
                shapes = [[1, 8192, 32, 128]]
            elif family == "dropout":
                shapes, params = [[1024, 10240]], {"p": 0.5}
            elif family == "alibi":
                shapes, params = [], {"num_heads": 32, "seq_len": 4096}
            elif family == "sinusoidal":
                shapes, params = [], {"seq_len": 4096, "d_model": 4096}
            else:
                raise ValueError(f"no benchmark shape for {op} ({family})")
            if op == "clamp":
                params = {"min": -1, "max": 1} if dt in ("i32", "i8") else {"min": -0.5, "max": 0.5}
            if op == "nan_to_num":
                params = {"posinf": 1e4, "neginf": -1e4}
            out.append((f"L_{op}_{dt}", op, dt, shapes, params))
            # the channel-broadcast workload of the binary families, in addition
            if family in ("binary_arith", "comparison") and op not in ("lerp",):
                out.append((f"Lb_{op}_{dt}", op, dt, [[16, 256, 56, 56], [256, 1, 1]], params))
    return out


def make(outdir):
    from tileir import ops as T
    os.makedirs(os.path.join(outdir, "ptx"), exist_ok=True)
    groups = {}
    for s in specs():
        groups.setdefault(s[1], []).append(s)
    built, failed = [], {}
    t0 = time.time()
    for op, items in sorted(groups.items()):
        lines = [T.spec_line(o, d, sh, p, name=n) for n, o, d, sh, p in items]
        try:
            ptx, plans = T.build(lines)
            ok = items
        except Exception:  # noqa: BLE001 - one by one, to name the failing spec
            ptx, ok = None, []
            for it, line in zip(items, lines):
                try:
                    T.run_tool([line], "ptx")
                    ok.append(it)
                except Exception as e:  # noqa: BLE001
                    failed[it[0]] = str(e).strip().splitlines()[0] if str(e).strip() else repr(e)
            if ok:
                ptx, plans = T.build([T.spec_line(o, d, sh, p, name=n) for n, o, d, sh, p in ok])
        if ptx:
            T.save_module(os.path.join(outdir, "ptx", f"{op}.ptx"), ptx, plans)
            built += ok
        print(f"{op}: {len(ok)}/{len(items)}", flush=True)
    json.dump({"specs": built, "failed": failed}, open(os.path.join(outdir, "specs.json"), "w"))
    print(f"built {len(built)}/{len(built) + len(failed)} in {time.time() - t0:.0f} s; failed: {failed}")


class Timer:
    """CUPTI device time per iteration (sum of the kernels between two L2 flushes)."""

    def __init__(self, torch):
        self.torch = torch
        self.flush_buf = torch.empty(32 << 20, dtype=torch.int64, device="cuda")  # 256 MiB
        self.flush_name = None
        with torch.profiler.profile(activities=[torch.profiler.ProfilerActivity.CUDA]) as prof:
            self.flush_buf.fill_(1)
            torch.cuda.synchronize()
        ks = self._kernels(prof)
        self.flush_name = ks[0][1]

    def _kernels(self, prof):
        evs = []
        for e in prof.profiler.kineto_results.events():
            if "cuda" not in str(e.device_type()).lower():
                continue
            start = e.start_ns() if hasattr(e, "start_ns") else e.start_us() * 1000
            dur = e.duration_ns() if hasattr(e, "duration_ns") else e.duration_us() * 1000
            name = e.name()  # kernels, and device-to-device copies (torch's copy_ is a memcpy)
            evs.append((start, name, dur))
        evs.sort()
        return evs

    def interleaved(self, fns, rounds=ITERS):
        """Device time (ms) of each fn in each round: the fns run round robin (every other round in
        reverse order, so that no fn always follows the same one), each after an L2 flush."""
        torch = self.torch
        for f in fns:
            f()
        torch.cuda.synchronize()
        orders = [list(range(len(fns)))[::(-1 if r % 2 else 1)] for r in range(rounds)]
        with torch.profiler.profile(activities=[torch.profiler.ProfilerActivity.CUDA]) as prof:
            for order in orders:
                for i in order:
                    self.flush_buf.fill_(1)
                    fns[i]()
            torch.cuda.synchronize()
        segs, cur = [], None
        for _, name, dur in self._kernels(prof):
            if name == self.flush_name:
                if cur is not None:
                    segs.append(cur)
                cur = 0
            elif cur is not None:
                cur += dur
        if cur is not None:
            segs.append(cur)
        per = [[] for _ in fns]
        for k, i in enumerate(i for order in orders for i in order):
            if k < len(segs) and segs[k] > 0:
                per[i].append(segs[k] / 1e6)
        return per

    def __call__(self, fn, iters=ITERS):
        per = self.interleaved([fn], iters)[0]
        return statistics.median(per) if per else float("nan")  # ms


def paired(a, b):
    """Median over rounds of a[r] / b[r] (rounds where both were timed)."""
    r = [x / y for x, y in zip(a, b) if y > 0]
    return statistics.median(r) if r else float("nan")


def run(outdir):
    import torch
    from tileir.module import Module
    from tileir.ops import load_module
    meta = json.load(open(os.path.join(outdir, "specs.json")))
    mods, plans = {}, {}
    for fn in sorted(f for f in os.listdir(os.path.join(outdir, "ptx")) if f.endswith(".ptx")):
        ptx, module_plans = load_module(os.path.join(outdir, "ptx", fn))
        m = Module.from_ptx(ptx)
        for n, p in module_plans.items():
            plans[n], mods[n] = p, m
    timer = Timer(torch)
    gen = torch.Generator(device="cuda").manual_seed(0)
    src = torch.empty(1 << 30, dtype=torch.uint8, device="cuda")
    dst = torch.empty_like(src)
    tcopy = timer(lambda: dst.copy_(src))
    copy_bw = 2 * src.numel() / tcopy / 1e9
    del src, dst
    print(f"device: {torch.cuda.get_device_name()}; copy 1 GiB: {tcopy:.4f} ms = {copy_bw:.3f} TB/s; "
          f"{ITERS} iterations, L2 flushed, CUPTI device time", flush=True)
    compile_dtypes = set(os.environ.get("COMPILE_DTYPES", "f16,i32").split(","))
    triton = C._triton_ops()
    rows, fails = [], []
    print("op | dtype | shape | cfg | TileIR ms | TB/s | % copy | % copy@size | eager/TileIR | "
          "compile/TileIR | triton/TileIR | check", flush=True)
    only = set(filter(None, os.environ.get("ONLY", "").split(",")))
    for name, op, dt, shapes, params in meta["specs"]:
        if name not in plans or (only and op not in only):
            continue
        ins = C.make_inputs(torch, op, dt, shapes, gen)
        odt = torch.bool if plans[name]["out_dtype"] == "bool" else C.torch_dtype(torch, dt)
        k, g = getattr(mods[name], name), plans[name]["grid"]
        extra = (1234, 0) if op == "dropout" else ()

        def launch(shp, ex, k=k, g=g, ins=ins, odt=odt):
            out = C.poisoned(torch, shp, odt)
            k.launch(g, *ins, out, *(ex or ()))
            torch.cuda.synchronize()
            return out
        try:
            good, msg = C.check_one(torch, op, dt, shapes, params, odt, launch, ins)
        except Exception as e:  # noqa: BLE001
            good, msg = False, f"{type(e).__name__}: {str(e)[:200]}"
        if not good:
            fails.append(f"FAIL {name} {shapes}: {msg}")
        release_memory(torch)
        if os.environ.get("CHECK_ONLY"):  # correctness only (a quick sweep of many kernels)
            rows.append({"name": name, "op": op, "dtype": dt, "pass": bool(good)})
            print(f"{op} | {dt} | {'ok' if good else 'FAIL'}", flush=True)
            del ins
            continue
        shp = C.out_shape(torch, op, shapes, params)
        out = torch.empty(shp, dtype=odt, device="cuda")
        nbytes = sum(x.numel() * x.element_size() for x in ins) + out.numel() * out.element_size()
        half = (nbytes + 1) // 2
        cs = torch.empty(half, dtype=torch.uint8, device="cuda")
        cd = torch.empty_like(cs)
        # TileIR, a same-size copy and the baselines, interleaved round by round: each ratio is
        # the median of the per-round ratios (drift between rounds cancels). A fresh output per
        # TileIR call, as tileir.ops and torch eager allocate theirs. (The 14-17% slowdowns of
        # 512 MiB f16 streams seen in earlier runs, first blamed on placement, were the driver
        # scrubbing freed memory right after empty_cache: see release_memory.)
        fns = {"tileir": lambda: k.launch(g, *ins, torch.empty(shp, dtype=odt, device="cuda"), *extra),
               "copy": lambda: cd.copy_(cs), "eager": C.eager(torch, op, ins, params)}
        if dt in compile_dtypes or (dt == "bool" and "bool" in compile_dtypes):
            try:
                torch._dynamo.reset()
                cf = torch.compile(fns["eager"])
                cf()
                fns["compile"] = cf
            except Exception as e:  # noqa: BLE001
                print(f"  (torch.compile {op} {dt}: {type(e).__name__}: {str(e)[:120]})")
        if triton and op in triton and len(set(map(tuple, shapes))) == 1:
            fns["triton"] = lambda: triton[op](ins, out)
        try:
            per = dict(zip(fns, timer.interleaved(list(fns.values()))))
        except Exception:  # noqa: BLE001 - a baseline that fails: TileIR and the copy alone
            per = dict(zip(["tileir", "copy"], timer.interleaved([fns["tileir"], fns["copy"]])))
        del cs, cd
        t = statistics.median(per["tileir"])
        tsz = statistics.median(per["copy"])
        rel = {n: paired(per[n], per["tileir"]) if n in per else float("nan")
               for n in ("copy", "eager", "compile", "triton")}
        te = rel["eager"] * t  # the baselines' times as ratio x TileIR's median
        tc = rel["compile"] * t
        tt = rel["triton"] * t
        bw = nbytes / t / 1e9
        cfg = f"{plans[name]['threads']}x{plans[name]['tile'] // plans[name]['threads']}"
        r = {"name": name, "op": op, "dtype": dt, "shape": shp, "shapes": shapes, "cfg": cfg, "ms": t,
             "TBps": bw, "pct_copy": 100 * bw / copy_bw, "pct_copy_size": 100 * rel["copy"], "copy_ms": tsz,
             "eager_ms": te,
             "compile_ms": tc, "triton_ms": tt, "pass": bool(good)}
        rows.append(r)
        print(f"{op} | {dt} | {'x'.join(map(str, shapes[0] if shapes else shp))}"
              f"{'+bcast' if name.startswith('Lb_') else ''} | {cfg} | {t:.4f} | {bw:.2f} | "
              f"{r['pct_copy']:.0f}% | {r['pct_copy_size']:.0f}% | {te / t:.3f}x | {tc / t:.3f}x | "
              f"{tt / t:.3f}x | {'ok' if good else 'FAIL'}", flush=True)
        del ins, out
        release_memory(torch)

    def gm(vals):
        vals = [v for v in vals if v == v and v > 0]
        return math.exp(sum(map(math.log, vals)) / len(vals)) if vals else float("nan")
    print(f"\n{sum(r['pass'] for r in rows)}/{len(rows)} pass at full shape")
    if os.environ.get("CHECK_ONLY"):
        for f in fails:
            print(f)
        return
    print(f"geomean % copy {gm([r['pct_copy'] for r in rows]):.1f}; % copy@size "
          f"{gm([r['pct_copy_size'] for r in rows]):.1f}; eager/TileIR {gm([r['eager_ms'] / r['ms'] for r in rows]):.3f}x;"
          f" compile/TileIR {gm([r['compile_ms'] / r['ms'] for r in rows]):.3f}x")
    low = sorted(rows, key=lambda r: r["pct_copy"])[:15]
    print("lowest % copy: " + ", ".join(f"{r['op']} {r['dtype']} {r['pct_copy']:.0f}%" for r in low))
    slow = [r for r in rows if r["eager_ms"] / r["ms"] < 0.97]
    print(f"below 0.97x eager ({len(slow)}): " + ", ".join(f"{r['op']} {r['dtype']} {r['eager_ms'] / r['ms']:.2f}x"
                                                          for r in slow))
    tri = [r for r in rows if r["triton_ms"] == r["triton_ms"]]
    print(f"vs Triton ({len(tri)}): " + ", ".join(f"{r['op']} {r['dtype']} {r['triton_ms'] / r['ms']:.3f}x"
                                                  for r in tri))
    gated = [r for r in rows if r["op"].endswith("_and_mul")]
    print("fused gated vs the unfused eager expression: " + ", ".join(
        f"{r['op']} {r['dtype']} {r['eager_ms'] / r['ms']:.3f}x" for r in gated))
    for f in fails:
        print(f)
    out = os.environ.get("OUT")
    if out:
        json.dump({"copy_TBps": copy_bw, "rows": rows}, open(os.path.join(out, "bench_workloads.json"), "w"), indent=1)


if __name__ == "__main__":
    {"make": make, "run": run}[sys.argv[1]](sys.argv[2])
