"""tileops GPU check and benchmark.

Two steps:
  python3 check.py make OUTDIR   (here, with tileops-build): writes OUTDIR/kernels.ptx (every case
                                 that compiles; OUTDIR/skipped.txt names the others and why)
  python3 check.py run OUTDIR    (on the GPU): every kernel vs PyTorch with the reference's
                                 tolerances, edge values, then the bandwidth table.
The run step needs torch and the tileir package (a copy of python/tileir next to this file).
"""
import json
import math
import os
import subprocess
import sys
import time

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, HERE)

FLOAT = ["f32", "f16", "bf16"]
UNARY = ["exp", "log", "sqrt", "rsqrt", "abs", "neg", "reciprocal", "sign", "sin", "cos", "floor", "ceil",
         "round", "trunc", "erf", "log1p", "expm1", "relu", "gelu", "silu", "sigmoid", "tanh", "hardswish",
         "hardsigmoid", "mish", "selu", "leaky_relu", "elu", "hardtanh", "softplus", "nan_to_num", "isnan",
         "isinf", "isfinite", "logical_not", "clamp"]
BINARY = ["add", "sub", "mul", "div", "remainder", "pow", "floor_divide", "lerp", "maximum", "minimum", "eq",
          "ne", "gt", "lt", "ge", "le", "logical_and", "logical_or"]
PARAMS = {"clamp": {"min": -0.5, "max": 0.5}, "nan_to_num": {"posinf": 1e4, "neginf": -1e4}}


def cases():
    """(name, op, dtype, shapes, params) for the correctness run."""
    out = []
    sizes = [[1], [7], [4097], [(1 << 20) + 3]]
    for dt in FLOAT:
        for op in UNARY:
            for s in sizes:
                out.append((op, dt, [s], PARAMS.get(op, {})))
        for op in BINARY:
            for shapes in ([[4097], [4097]], [[2, 64, 128], [1, 1, 128]], [[2, 64, 128], [2, 64, 1]],
                           [[64, 128], [1, 1]], [[3, 1], [1, 4]], [[(1 << 20) + 3], [(1 << 20) + 3]]):
                out.append((op, dt, shapes, PARAMS.get(op, {})))
        out.append(("prelu", dt, [[16, 256, 7, 7], [256]], {}))
        out.append(("where", dt, [[3, 1], [1, 4], [3, 4]], {}))
        out.append(("masked_fill", dt, [[64, 128], [1, 128]], {"value": -2.5}))
        for op in ["silu_and_mul", "gelu_and_mul", "gelu_tanh_and_mul"]:
            out.append((op, dt, [[1024, 2048]], {}))
            out.append((op, dt, [[7, 30]], {}))
        for op, p in [("rope_neox", {}), ("rope_non_neox", {}), ("rope_llama31", {"base": 500000.0}),
                      ("rope_yarn", {}), ("rope_longrope", {"rescale_factors": [1 + i / 31 for i in range(32)],
                                                            "max_position_embeddings": 16384})]:
            out.append((op, dt, [[2, 128, 8, 64]], p))
            out.append((op, dt, [[256, 64]], p))
        out.append(("dropout", dt, [[1 << 22]], {"p": 0.3}))
        out.append(("alibi", dt, [], {"seq_len": 128, "num_heads": 8}))
        out.append(("sinusoidal", dt, [], {"seq_len": 128, "d_model": 64}))
    for dt in ["i32", "i8", "bool"]:
        for op in ["bitwise_and", "bitwise_or", "bitwise_xor", "eq", "lt", "logical_and"]:
            out.append((op, dt, [[4097], [4097]], {}))
        for op in ["bitwise_not", "logical_not", "isnan"] + (["abs", "neg", "sign"] if dt != "bool" else []):
            out.append((op, dt, [[4097]], {}))
    for dt in ["f8e4m3fn", "f8e5m2"]:
        for op in ["relu", "exp", "silu", "leaky_relu", "elu"]:
            out.append((op, dt, [[4097]], {}))
        out.append(("add", dt, [[4097], [4097]], {}))
    named = []
    for i, (op, dt, shapes, params) in enumerate(out):
        named.append((f"k{i}_{op}_{dt}", op, dt, shapes, params))
    return named


BENCH = [("exp", "f16", [[4096, 4096]], {}), ("relu", "f16", [[2048, 4096]], {}),
         ("gelu", "bf16", [[2048, 14336]], {}), ("silu", "f16", [[2048, 14336]], {}),
         ("add", "f16", [[2048, 4096], [2048, 4096]], {}), ("add", "f16", [[16, 256, 56, 56], [256, 1, 1]], {}),
         ("where", "f16", [[4096, 4096], [4096, 4096], [4096, 4096]], {}),
         ("silu_and_mul", "bf16", [[2048, 28672]], {}), ("eq", "f16", [[2048, 4096], [2048, 4096]], {}),
         ("rope_neox", "f16", [[1, 8192, 32, 128]], {}), ("dropout", "bf16", [[1024, 10240]], {"p": 0.5}),
         # f32 ops that lower today, at the 16M shape of the reference
         ("exp", "f32", [[4096, 4096]], {}), ("relu", "f32", [[4096, 4096]], {}),
         ("reciprocal", "f32", [[4096, 4096]], {}), ("add", "f32", [[4096, 4096], [4096, 4096]], {}),
         ("sub", "f32", [[4096, 4096], [4096, 4096]], {}), ("div", "f32", [[4096, 4096], [4096, 4096]], {}),
         ("maximum", "f32", [[4096, 4096], [4096, 4096]], {}), ("lerp", "f32", [[4096, 4096], [4096, 4096]], {}),
         ("where", "f32", [[4096, 4096], [4096, 4096], [4096, 4096]], {}),
         ("eq", "i32", [[4096, 4096], [4096, 4096]], {}), ("logical_not", "bool", [[4096, 4096]], {})]
# CTA size / elements-per-thread sweep of one op, to check the cost rule.
for _t in (128, 256, 512):
    for _n in (4, 8, 16):
        BENCH.append(("mul", "f32", [[4096, 4096], [4096, 4096]], {"threads": _t, "npt": _n}))
BENCH.append(("mul", "f32", [[4096, 4096], [4096, 4096]], {}))


def bench_cases():
    return [(f"b{i}_{op}_{dt}", op, dt, shapes, params) for i, (op, dt, shapes, params) in enumerate(BENCH)]


def make(outdir):
    from tileir import ops as T
    os.makedirs(outdir, exist_ok=True)
    lines, skipped = [], []
    verdict = {}  # (op, dtype, broadcast?) -> error or None: lowering support depends on these
    for name, op, dt, shapes, params in cases() + bench_cases():
        opts = {k: params[k] for k in ("threads", "npt") if k in params}
        line = T.spec_line(op, dt, shapes, {k: v for k, v in params.items() if k not in opts}, name=name, **opts)
        # An (op, dtype) whose math does not lower fails for every shape; index-math failures
        # (gathers, RoPE rows, gated gathers) depend on the shapes.
        key = (op, dt, line.split(" ", 3)[2])
        if verdict.get((op, dt)) is not None:
            verdict[key] = verdict[(op, dt)]
        if key not in verdict:
            try:
                T.run_tool([line], "ptx")
                verdict[key] = None
            except Exception as e:  # noqa: BLE001 - recorded, not fatal
                verdict[key] = str(e).splitlines()[0] if str(e) else repr(e)
                if not any(k in verdict[key] for k in ("shri", "andi", "divi", "remi", "extract", "cat",
                                                       "reshape", "broadcast", "offset", "load_ptr")):
                    verdict[(op, dt)] = verdict[key]
        if verdict[key] is None:
            lines.append(line)
        else:
            skipped.append(f"{line}\n    {verdict[key]}")
    t0 = time.time()
    ptx = T.run_tool(lines, "ptx")
    open(os.path.join(outdir, "kernels.ptx"), "w").write(ptx)
    open(os.path.join(outdir, "skipped.txt"), "w").write("\n".join(skipped) + "\n")
    json.dump({"cases": cases(), "bench": bench_cases()}, open(os.path.join(outdir, "cases.json"), "w"))
    print(f"{len(lines)} kernels in {time.time() - t0:.1f} s, {len(skipped)} skipped")


# ------------------------------------------------------------------------------------------------
# GPU side
# ------------------------------------------------------------------------------------------------

def torch_dtype(torch, dt):
    return {"f32": torch.float32, "f16": torch.float16, "bf16": torch.bfloat16, "i32": torch.int32,
            "i8": torch.int8, "bool": torch.bool, "f8e4m3fn": torch.float8_e4m3fn,
            "f8e5m2": torch.float8_e5m2}[dt]


def make_inputs(torch, op, dt, shapes, gen):
    tdt = torch_dtype(torch, dt)
    ins = []
    for i, s in enumerate(shapes):
        if (op == "where" and i == 0) or (op == "masked_fill" and i == 1):
            ins.append(torch.rand(s, generator=gen, device="cuda") < 0.5)
        elif dt == "bool":
            ins.append(torch.rand(s, generator=gen, device="cuda") < 0.5)
        elif dt in ("i32", "i8"):
            ins.append(torch.randint(-100, 100, s, generator=gen, device="cuda").to(tdt))
        else:
            x = torch.randn(s, generator=gen, device="cuda") * 2
            if op in ("log", "sqrt", "rsqrt", "pow") and i == 0:
                x = x.abs() + 0.01
            if op in ("div", "remainder", "floor_divide") and i == 1:
                x = torch.where(x.abs() < 0.1, torch.full_like(x, 0.5), x)
            n = x.numel()
            if n >= 16 and op not in ("pow",) and not op.startswith("rope") and dt not in ("f8e4m3fn", "f8e5m2"):
                flat = x.view(-1)
                edge = torch.tensor([float("nan"), float("inf"), -float("inf"), 0.0, -0.0, 1e-40, -1e-40, 0.5,
                                     -0.5, 1.5, 2.5, -2.5, 30.0, -30.0, 1e-7, 88.0], device="cuda")
                flat[:16] = edge
            ins.append(x.to(tdt))
    return ins


def reference(torch, op, ins, params):
    F = torch.nn.functional
    x = ins[0] if ins else None
    f32 = lambda t: t.float() if t.is_floating_point() else t  # noqa: E731
    if op.startswith("rope"):
        return rope_ref(torch, op, x, params)
    if op == "alibi":
        H, S = params["num_heads"], params["seq_len"]
        m = 2.0 ** (-8.0 * torch.arange(1, H + 1, device="cuda", dtype=torch.float32) / H)
        r = torch.arange(S, device="cuda")
        return -(m[:, None, None] * (r[None, :, None] - r[None, None, :]).abs().float())
    if op == "sinusoidal":
        S, D = params["seq_len"], params["d_model"]
        p = torch.arange(S, device="cuda", dtype=torch.float32)[:, None]
        i = torch.arange(0, D, 2, device="cuda", dtype=torch.float32)
        ang = p / torch.pow(10000.0, i / D)
        pe = torch.empty(S, D, device="cuda")
        pe[:, 0::2] = torch.sin(ang)
        pe[:, 1::2] = torch.cos(ang)
        return pe
    if op in ("silu_and_mul", "gelu_and_mul", "gelu_tanh_and_mul"):
        n = x.shape[-1] // 2
        g, v = f32(x[..., :n]), f32(x[..., n:])
        act = {"silu_and_mul": F.silu(g), "gelu_and_mul": F.gelu(g),
               "gelu_tanh_and_mul": F.gelu(g, approximate="tanh")}[op]
        return act * v
    a = [f32(t) for t in ins]
    if op in ("floor", "ceil", "round", "trunc", "abs", "neg", "sign") and not ins[0].is_floating_point():
        return getattr(torch, op)(ins[0])
    table = {
        "leaky_relu": lambda: F.leaky_relu(a[0]), "elu": lambda: F.elu(a[0]), "selu": lambda: F.selu(a[0]),
        "relu": lambda: F.relu(a[0]), "gelu": lambda: F.gelu(a[0]), "silu": lambda: F.silu(a[0]),
        "hardswish": lambda: F.hardswish(a[0]), "hardsigmoid": lambda: F.hardsigmoid(a[0]),
        "mish": lambda: F.mish(a[0]), "hardtanh": lambda: F.hardtanh(a[0]), "softplus": lambda: F.softplus(a[0]),
        "prelu": lambda: F.prelu(a[0], a[1]), "clamp": lambda: torch.clamp(a[0], params.get("min"), params.get("max")),
        "nan_to_num": lambda: torch.nan_to_num(ins[0], 0.0, params.get("posinf"), params.get("neginf")).float(),
        "masked_fill": lambda: a[0].masked_fill(ins[1], params.get("value", 0.0)),
        "where": lambda: torch.where(ins[0], a[1], a[2]),
        "lerp": lambda: torch.lerp(a[0], a[1], 0.5), "dropout": None,
    }
    if op in table:
        return table[op]()
    fn = getattr(torch, op)
    return fn(*a)


def rope_ref(torch, op, x, params):
    D = x.shape[-1]
    base = params.get("base", 10000.0)
    inv = 1.0 / (base ** (torch.arange(0, D, 2, device="cuda", dtype=torch.int64).float() / D))
    amp = 1.0
    if op == "rope_llama31":
        factor, low, high, L = 8.0, 1.0, 4.0, 8192
        wave = 2 * math.pi / inv
        inv2 = torch.where(wave > L / low, inv / factor, inv)
        s = (L / wave - low) / (high - low)
        sm = (1 - s) * inv2 / factor + s * inv2
        med = ~(wave < L / high) & ~(wave > L / low)
        inv = torch.where(med, sm, inv2)
    elif op == "rope_yarn":
        factor, L, bf, bs = 16.0, 4096, 32.0, 1.0
        pos_freqs = base ** (torch.arange(0, D, 2, device="cuda").float() / D)
        extra, inter = 1.0 / pos_freqs, 1.0 / (factor * pos_freqs)
        cd = lambda r: (D * math.log(L / (r * 2 * math.pi))) / (2 * math.log(base))  # noqa: E731
        lo, hi = max(math.floor(cd(bf)), 0), min(math.ceil(cd(bs)), D - 1)
        if lo == hi:
            hi += 0.001
        ramp = ((torch.arange(D // 2, device="cuda").float() - lo) / (hi - lo)).clamp(0, 1)
        ef = 1 - ramp
        inv = inter * (1 - ef) + extra * ef
        amp = 0.1 * math.log(factor) + 1.0
    elif op == "rope_longrope":
        rf = torch.tensor(params["rescale_factors"], device="cuda", dtype=torch.float32)
        inv = 1.0 / (rf * base ** (torch.arange(0, D, 2, device="cuda").float() / D))
        s = params.get("max_position_embeddings", 4096) / 4096
        amp = math.sqrt(1 + math.log(s) / math.log(4096)) if s > 1 else 1.0
    S = x.shape[0] if x.dim() == 2 else x.shape[1]
    pos = torch.arange(S, device="cuda").float()
    ang = pos[:, None] * inv[None, :]
    cos, sin = ang.cos() * amp, ang.sin() * amp
    if x.dim() == 4:
        cos, sin = cos[None, :, None, :], sin[None, :, None, :]
    xf = x.float()
    if op == "rope_non_neox":
        x1, x2 = xf[..., 0::2], xf[..., 1::2]
        y = torch.empty_like(xf)
        y[..., 0::2] = x1 * cos - x2 * sin
        y[..., 1::2] = x2 * cos + x1 * sin
        return y
    h = D // 2
    x1, x2 = xf[..., :h], xf[..., h:]
    return torch.cat([x1 * cos - x2 * sin, x2 * cos + x1 * sin], -1)


def tol(op, dt):
    if dt in ("f8e4m3fn", "f8e5m2"):
        return 0.13, 0.13
    if op == "floor_divide" and dt in ("f16", "bf16"):
        return 1.0, 0.0
    if op in ("alibi",):
        return (1e-2, 1e-2) if dt == "f16" else (1.6e-2, 1.6e-2) if dt == "bf16" else (1e-5, 1e-5)
    if op == "sinusoidal":
        return (1e-3, 1e-3) if dt == "f16" else (1.6e-2, 1.6e-2) if dt == "bf16" else (2e-5, 2e-5)
    base = {"f32": 1e-5, "f16": 1e-3, "bf16": 1.6e-2}[dt]
    if op in ("silu_and_mul", "gelu_and_mul", "gelu_tanh_and_mul") and dt == "f16":
        base = 1e-2
    if op == "lerp" and dt == "f16":
        base = 5e-3
    if op.startswith("rope") and dt == "f32":
        base = 1e-4
    return base, base


TRITON = None


def _triton_ops():
    """Reference Triton kernels (1024 elements per program) for a few f32 ops."""
    try:
        import triton
        import triton.language as tl
    except ImportError:
        return None

    @triton.jit
    def binary(a, b, o, n, OP: tl.constexpr, BLOCK: tl.constexpr):
        i = tl.program_id(0) * BLOCK + tl.arange(0, BLOCK)
        m = i < n
        x = tl.load(a + i, mask=m)
        y = tl.load(b + i, mask=m)
        if OP == 0:
            r = x * y
        elif OP == 1:
            r = x + y
        else:
            r = x - y
        tl.store(o + i, r, mask=m)

    @triton.jit
    def unary(a, o, n, OP: tl.constexpr, BLOCK: tl.constexpr):
        i = tl.program_id(0) * BLOCK + tl.arange(0, BLOCK)
        m = i < n
        x = tl.load(a + i, mask=m)
        if OP == 0:
            r = tl.exp(x)
        else:
            r = tl.maximum(x, 0.0)
        tl.store(o + i, r, mask=m)

    def b(code):
        return lambda ins, out: binary[(triton.cdiv(out.numel(), 1024),)](ins[0], ins[1], out, out.numel(), code, 1024)

    def u(code):
        return lambda ins, out: unary[(triton.cdiv(out.numel(), 1024),)](ins[0], out, out.numel(), code, 1024)
    return {"mul": b(0), "add": b(1), "sub": b(2), "exp": u(0), "relu": u(1)}


def run(outdir):
    global TRITON
    import torch
    TRITON = _triton_ops()
    from tileir.module import Module
    from tileir.ops import parse_plans
    ptx = open(os.path.join(outdir, "kernels.ptx")).read()
    meta = json.load(open(os.path.join(outdir, "cases.json")))
    plans = parse_plans(ptx)
    mod = Module.from_ptx(ptx)
    gen = torch.Generator(device="cuda").manual_seed(0)
    ok = bad = 0
    failures = []

    def launch(name, ins, out_shape, out_dtype, extra=()):
        out = torch.full(out_shape, float("nan") if out_dtype.is_floating_point else 1, dtype=out_dtype,
                         device="cuda") if out_dtype != torch.bool else torch.ones(out_shape, dtype=torch.bool,
                                                                                     device="cuda")
        if out_dtype in (torch.float8_e4m3fn, torch.float8_e5m2):
            out = torch.empty(out_shape, dtype=out_dtype, device="cuda")
        getattr(mod, name).launch(plans[name]["grid"], *[t.contiguous() for t in ins], out, *extra)
        return out

    for name, op, dt, shapes, params in meta["cases"]:
        if name not in plans:
            continue
        try:
            ins = make_inputs(torch, op, dt, shapes, gen)
            odt = torch.bool if plans[name]["out_dtype"] == "bool" else torch_dtype(torch, dt)
            if op in ("alibi", "sinusoidal"):
                shp = [params["num_heads"], params["seq_len"], params["seq_len"]] if op == "alibi" else \
                    [params["seq_len"], params["d_model"]]
            elif op.endswith("_and_mul"):
                shp = list(shapes[0][:-1]) + [shapes[0][-1] // 2]
            elif op.startswith("rope") or op == "dropout":
                shp = shapes[0]
            elif op == "prelu":
                shp = shapes[0]
            else:
                shp = list(torch.broadcast_shapes(*[tuple(s) for s in shapes]))
            if op == "dropout":
                y = launch(name, ins, shp, odt, (1234, 0))
                y2 = launch(name, ins, shp, odt, (1234, 0))
                y3 = launch(name, ins, shp, odt, (1235, 0))
                p = params["p"]
                x = ins[0].float()
                kept = y.float() != 0
                rate = 1 - kept.float().mean().item()
                n = x.numel()
                sigma = math.sqrt(p * (1 - p) / n)
                scale_ok = torch.allclose(y.float()[kept], (x[kept] / (1 - p)).to(odt).float(), rtol=1e-2, atol=1e-2)
                good = abs(rate - p) < 3 * sigma + 1e-4 and scale_ok and torch.equal(y, y2) and not torch.equal(y, y3)
                msg = f"rate {rate:.5f} vs {p} (3sigma {3 * sigma:.5f}), scale {scale_ok}"
            else:
                y = launch(name, ins, shp, odt)
                ref = reference(torch, op, ins, params)
                if odt == torch.bool or not odt.is_floating_point:
                    good = torch.equal(y, ref.to(odt))
                    msg = f"mismatches {(y != ref.to(odt)).sum().item()}"
                elif dt in ("f8e4m3fn", "f8e5m2"):
                    r = ref.to(odt).float()
                    good = torch.allclose(y.float(), r, rtol=0.13, atol=0.13, equal_nan=True)
                    msg = f"max diff {(y.float() - r).abs().nan_to_num(0).max().item():.3g}"
                else:
                    rt, at = tol(op, dt)
                    r = ref.to(odt).float()
                    yf = y.float()
                    good = torch.allclose(yf, r, rtol=rt, atol=at, equal_nan=True)
                    d = (yf - r).abs()
                    d = torch.where(torch.isnan(yf) & torch.isnan(r), torch.zeros_like(d), d)
                    msg = f"max diff {d.nan_to_num(float('inf')).max().item():.3g}"
            torch.cuda.synchronize()
        except Exception as e:  # noqa: BLE001
            good, msg = False, f"{type(e).__name__}: {e}"
        if good:
            ok += 1
        else:
            bad += 1
            failures.append(f"FAIL {name} {shapes} {params}: {msg}")
    print(f"correctness: {ok} passed, {bad} failed")
    for f in failures[:60]:
        print(f)
    # Bandwidth
    print("\nop | dtype | shape | threads x npt | TileIR ms | TB/s | torch eager ms | torch/TileIR")
    copy_src = torch.empty(1 << 28, dtype=torch.uint8, device="cuda")
    copy_dst = torch.empty_like(copy_src)

    def timeit(fn, it=9, reps=20):
        # reps back-to-back launches per sample, so that host launch overhead is hidden.
        for _ in range(3):
            fn()
        torch.cuda.synchronize()
        ts = []
        for _ in range(it):
            a, b = torch.cuda.Event(enable_timing=True), torch.cuda.Event(enable_timing=True)
            a.record()
            for _ in range(reps):
                fn()
            b.record()
            torch.cuda.synchronize()
            ts.append(a.elapsed_time(b) / reps)
        ts.sort()
        return ts[len(ts) // 2]
    tc = timeit(lambda: copy_dst.copy_(copy_src))
    print(f"copy bandwidth: {2 * copy_src.numel() / tc / 1e9:.2f} TB/s")
    for name, op, dt, shapes, params in meta["bench"]:
        if name not in plans:
            print(f"{op} | {dt} | {shapes} | not built")
            continue
        ins = make_inputs(torch, op, dt, shapes, gen)
        odt = torch.bool if plans[name]["out_dtype"] == "bool" else torch_dtype(torch, dt)
        if op.endswith("_and_mul"):
            shp = list(shapes[0][:-1]) + [shapes[0][-1] // 2]
        elif op.startswith("rope") or op == "dropout":
            shp = shapes[0]
        else:
            shp = list(torch.broadcast_shapes(*[tuple(s) for s in shapes]))
        out = torch.empty(shp, dtype=odt, device="cuda")
        extra = (1, 0) if op == "dropout" else ()
        k = getattr(mod, name)
        g = plans[name]["grid"]
        t = timeit(lambda: k.launch(g, *ins, out, *extra))
        nbytes = sum(x.numel() * x.element_size() for x in ins) + out.numel() * out.element_size()
        F = torch.nn.functional
        eager = {"relu": lambda: F.relu(ins[0]), "gelu": lambda: F.gelu(ins[0]), "silu": lambda: F.silu(ins[0]),
                 "where": lambda: torch.where(ins[0], ins[1], ins[2]),
                 "silu_and_mul": lambda: F.silu(ins[0][..., :shp[-1]]) * ins[0][..., shp[-1]:],
                 "dropout": lambda: F.dropout(ins[0], 0.5),
                 "rope_neox": lambda: ins[0] * 1.0,
                 "lerp": lambda: torch.lerp(ins[0], ins[1], 0.5)}.get(op, lambda: getattr(torch, op)(*ins))
        te = timeit(eager)
        tt = float("nan")
        if TRITON and op in TRITON and not params:
            tt = timeit(lambda: TRITON[op](ins, out))
        cfg = f"{plans[name]['threads']}x{plans[name]['tile'] // plans[name]['threads']}"
        print(f"{op} | {dt} | {shapes} | {cfg} | {t:.4f} | {nbytes / t / 1e9:.2f} | {te:.4f} | {te / t:.2f}x"
              f" | triton {tt:.4f} ms ({tt / t:.2f}x)")


if __name__ == "__main__":
    if sys.argv[1] == "make":
        make(sys.argv[2])
    else:
        run(sys.argv[2])
