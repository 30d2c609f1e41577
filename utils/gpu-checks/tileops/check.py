"""tileops GPU check and benchmark: every op x dtype.

Two steps:
  python3 check.py make OUTDIR   (here, with tileops-build and ptxas): builds every case, grouped by
                                 (op, dtype) into one PTX module per group (a group that fails is
                                 rebuilt line by line, so each spec gets its own verdict);
                                 OUTDIR/ptx/*.ptx, OUTDIR/verdicts.json, OUTDIR/skipped.txt. Then
                                 builds the 216 benchmark-shape specs that compile as one module (timed, wall and
                                 CPU) and runs ptxas on it. TILEOPS_ONLY=op,op,... builds only
                                 those ops (and skips the one-module step). TILEOPS_VARIANTS=
                                 "npt=8;threads=128+npt=8" adds, for every benchmark-shape case built, one
                                 kernel per variant (spec options joined by +; TILEOPS_VARIANT_DTYPES
                                 =f16,... restricts them): a sweep of the cost rule's choices.
  python3 check.py run OUTDIR    (on the GPU): every kernel vs PyTorch with TileOPs' test
                                 tolerances and edge values; then every benchmark-shape kernel (also checked)
                                 timed vs torch eager (and Triton for add/sub/mul/exp/relu).
The run step needs torch and the tileir package (a copy of python/tileir next to this file).
"""
import json
import math
import os
import resource
import subprocess
import sys
import time

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, HERE)

FLOAT = ["f32", "f16", "bf16"]
UNARY = ["exp", "exp2", "log", "sqrt", "rsqrt", "abs", "neg", "reciprocal", "sign", "sin", "cos", "floor", "ceil",
         "round", "trunc", "erf", "log1p", "expm1", "relu", "gelu", "silu", "sigmoid", "tanh", "hardswish",
         "hardsigmoid", "mish", "selu", "leaky_relu", "elu", "hardtanh", "softplus", "nan_to_num", "isnan",
         "isinf", "isfinite", "logical_not", "clamp"]
BINARY = ["add", "sub", "mul", "div", "remainder", "pow", "floor_divide", "lerp", "maximum", "minimum", "eq",
          "ne", "gt", "lt", "ge", "le", "logical_and", "logical_or"]
PARAMS = {"clamp": {"min": -0.5, "max": 0.5}, "nan_to_num": {"posinf": 1e4, "neginf": -1e4}}
ROPES = [("rope_neox", {}), ("rope_non_neox", {}), ("rope_llama31", {"base": 500000.0}), ("rope_yarn", {}),
         ("rope_longrope", {"rescale_factors": [1 + i / 31 for i in range(32)], "max_position_embeddings": 16384})]


def cases():
    """(name, op, dtype, shapes, params) for the correctness run (small and odd shapes; the
    benchmark shapes are checked by the benchmark cases)."""
    out = []
    for dt in FLOAT:
        for op in UNARY:
            for s in ([1], [4097]):
                out.append((op, dt, [s], PARAMS.get(op, {})))
        for op in BINARY:
            for shapes in ([[4097], [4097]], [[2, 64, 128], [2, 64, 1]], [[3, 1], [1, 4]]):
                out.append((op, dt, shapes, PARAMS.get(op, {})))
        out.append(("prelu", dt, [[16, 256, 7, 7], [256]], {}))
        out.append(("where", dt, [[3, 1], [1, 4], [3, 4]], {}))
        out.append(("masked_fill", dt, [[64, 128], [1, 128]], {"value": -2.5}))
        for op in ["silu_and_mul", "gelu_and_mul", "gelu_tanh_and_mul"]:
            out.append((op, dt, [[7, 30]], {}))
        for op, p in ROPES:
            out.append((op, dt, [[2, 128, 8, 64]], p))
            out.append((op, dt, [[256, 64]], p))
        out.append(("dropout", dt, [[1 << 22]], {"p": 0.3}))
        out.append(("alibi", dt, [], {"seq_len": 128, "num_heads": 8}))
        out.append(("sinusoidal", dt, [], {"seq_len": 128, "d_model": 64}))
    for dt in ["i32", "i8", "u8", "bool"]:
        for op in (["bitwise_and", "bitwise_or", "bitwise_xor", "eq", "ne", "lt", "ge", "logical_and", "logical_or"]
                   + (["gt", "le"] if dt == "u8" else [])):
            out.append((op, dt, [[4097], [4097]], {}))
            out.append((op, dt, [[3, 1], [1, 4]], {}))
        for op in ["bitwise_not", "logical_not", "isnan", "isinf", "isfinite"]:
            out.append((op, dt, [[4097]], {}))
        out.append(("where", dt, [[3, 1], [1, 4], [3, 4]], {}))
        if dt != "bool":
            for op in ["abs", "neg", "sign", "floor", "ceil", "round", "trunc"]:
                out.append((op, dt, [[4097]], {}))
            for op in ["add", "sub", "mul", "maximum", "minimum"]:
                out.append((op, dt, [[4097], [4097]], {}))
            u = dt == "u8"  # unsigned: bounds and values in [0, 255], orders above 127
            out.append(("clamp", dt, [[4097]], {"min": 20, "max": 200} if u else {"min": -20, "max": 30}))
            out.append(("masked_fill", dt, [[64, 128], [1, 128]], {"value": 200 if u else -2}))
    for dt in ["f8e4m3fn", "f8e5m2"]:
        for op in ["relu", "exp", "silu", "leaky_relu", "elu"]:
            out.append((op, dt, [[4097]], {}))
        out.append(("add", dt, [[4097], [4097]], {}))
    return [(f"k{i}_{op}_{dt}", op, dt, shapes, params) for i, (op, dt, shapes, params) in enumerate(out)]


def bench_cases():
    """The 72 ops x 3 dtypes (bitwise: i32, i8, bool) at TileOPs' benchmark shapes: the 216 specs of
    utils/gpu-checks/tileops/all_specs.py."""
    sys.path.insert(0, os.path.join(HERE, "..", "..", "..", "python"))
    from tileir.ops import OPS
    sh = {"unary_math": [[4096, 4096]], "activation": [[2048, 4096]], "binary_arith": [[2048, 4096]] * 2,
          "comparison": [[2048, 4096]] * 2, "logical": [[2048, 4096]] * 2, "bitwise": [[2048, 4096]] * 2,
          "fused_gated": [[2048, 28672]], "rope": [[1, 8192, 32, 128]], "dropout": [[1024, 4096]],
          "special": [[4096, 4096]]}
    out = []
    for op, (family, n_in, kinds, _) in OPS.items():
        for dt in (["f32", "f16", "bf16"] if "f" in kinds else ["i32", "i8", "bool"]):
            params = {}
            if family == "alibi":
                shapes, params = [], {"num_heads": 32, "seq_len": 2048}
            elif family == "sinusoidal":
                shapes, params = [], {"seq_len": 2048, "d_model": 4096}
            elif op == "prelu":
                shapes = [[16, 256, 56, 56], [256]]
            elif op == "where":
                shapes = [[4096, 4096]] * 3
            elif op == "masked_fill":
                shapes = [[4096, 4096], [4096, 4096]]
            else:
                shapes = sh[family][:max(n_in, 1)]
            if op == "clamp":
                params = {"min": -1, "max": 1}
            if op == "dropout":
                params = {"p": 0.5}
            out.append((f"b_{op}_{dt}", op, dt, shapes, params))
    return out


def variant_cases():
    """The benchmark-shape cases again with the spec options of each TILEOPS_VARIANTS entry."""
    variants = [v for v in os.environ.get("TILEOPS_VARIANTS", "").split(";") if v]
    dts = set(filter(None, os.environ.get("TILEOPS_VARIANT_DTYPES", "").split(",")))
    out = []
    for name, op, dt, shapes, params in bench_cases():
        if dts and dt not in dts:
            continue
        for i, v in enumerate(variants):
            opts = dict(kv.split("=", 1) for kv in v.split("+"))
            out.append((f"{name}_v{i}", op, dt, shapes, {**params, **opts}))
    return out


def _cpu():
    r = resource.getrusage(resource.RUSAGE_CHILDREN)
    return r.ru_utime + r.ru_stime


def make(outdir):
    from tileir import ops as T
    os.makedirs(os.path.join(outdir, "ptx"), exist_ok=True)
    groups = {}
    only = set(filter(None, os.environ.get("TILEOPS_ONLY", "").split(",")))  # a subset of the ops
    for name, op, dt, shapes, params in cases() + bench_cases():
        if only and op not in only:
            continue
        line = T.spec_line(op, dt, shapes, params, name=name)
        groups.setdefault((op, dt), []).append((name, line))
    for name, op, dt, shapes, params in variant_cases():
        if only and op not in only:
            continue
        line = T.spec_line(op, dt, shapes, params, name=name)
        groups.setdefault((op, dt), []).append((name, line))
    verdict, modules = {}, []
    t0, c0 = time.time(), _cpu()
    for gi, ((op, dt), items) in enumerate(sorted(groups.items())):
        batches = [items]
        try:
            ptx, plans = T.build([l for _, l in items])
        except Exception:  # noqa: BLE001 - rebuilt line by line for per-spec verdicts
            ptx, batches = None, [[it] for it in items]
        for bi, batch in enumerate(batches):
            if ptx is None:
                try:
                    text, text_plans = T.build([batch[0][1]])
                except Exception as e:  # noqa: BLE001 - recorded, not fatal
                    msg = str(e).strip().splitlines()
                    verdict[batch[0][0]] = msg[0] if msg else repr(e)
                    continue
            else:
                text, text_plans = ptx, plans
            fn = f"g{gi}_{bi}.ptx"
            T.save_module(os.path.join(outdir, "ptx", fn), text, text_plans)
            modules.append(fn)
            for name, _ in batch:
                verdict[name] = None
        print(f"[{gi + 1}/{len(groups)}] {op} {dt}: "
              f"{sum(verdict.get(n) is None for n, _ in items)}/{len(items)}", flush=True)
    wall, cpu = time.time() - t0, _cpu() - c0
    skipped = [f"{n} {l}\n    {verdict[n]}" for items in groups.values() for n, l in items if verdict[n]]
    sel = lambda cs: [c for c in cs if c[0] in verdict]  # noqa: E731
    open(os.path.join(outdir, "skipped.txt"), "w").write("\n".join(skipped) + "\n")
    json.dump({"cases": sel(cases()), "bench": sel(bench_cases() + variant_cases()), "modules": modules,
               "verdict": verdict},
              open(os.path.join(outdir, "cases.json"), "w"))
    nc = sum(verdict[c[0]] is None for c in sel(cases()))
    nb = sum(verdict[c[0]] is None for c in sel(bench_cases()))
    print(f"correctness kernels: {nc}/{len(sel(cases()))}; benchmark-shape kernels: {nb}/{len(sel(bench_cases()))}; "
          f"{len(modules)} modules in {wall:.1f} s wall, {cpu:.1f} s CPU")
    # The benchmark-shape specs that compile, as one module: build time and ptxas.
    if only:
        return
    lines = [T.spec_line(op, dt, s, p, name=n) for n, op, dt, s, p in bench_cases() if verdict[n] is None]
    t0, c0 = time.time(), _cpu()
    ptx = T.run_tool(lines, "ptx")
    wall, cpu = time.time() - t0, _cpu() - c0
    path = os.path.join(outdir, "bench-shapes.ptx")
    open(path, "w").write(ptx)
    t1, c1 = time.time(), _cpu()
    res = subprocess.run(["/usr/local/cuda/bin/ptxas", "-arch=sm_90", path, "-o", "/dev/null"],
                         capture_output=True, text=True)
    print(f"benchmark shapes: {len(lines)} kernels in one module: tileops-build {wall:.1f} s wall, {cpu:.1f} s CPU "
          f"(load {os.getloadavg()[0]:.1f}); ptxas rc={res.returncode} {time.time() - t1:.1f} s wall, "
          f"{_cpu() - c1:.1f} s CPU {res.stderr.strip()[:500]}")


# ------------------------------------------------------------------------------------------------
# GPU side
# ------------------------------------------------------------------------------------------------

def torch_dtype(torch, dt):
    return {"f32": torch.float32, "f16": torch.float16, "bf16": torch.bfloat16, "i32": torch.int32,
            "i8": torch.int8, "u8": torch.uint8, "bool": torch.bool, "f8e4m3fn": torch.float8_e4m3fn,
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
        elif dt == "u8":  # the whole range: values above 127 order differently unsigned
            ins.append(torch.randint(0, 256, s, generator=gen, device="cuda").to(tdt))
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


def rope_ref(torch, op, x, params, dtype=None, bound=False):
    """RoPE as HF computes it, in `dtype` (float32 by default: HF's f32 inv_freq and angles). With
    bound=True (float64), also the per-element bound of an f32 computation of the same math: the f32
    angle pos * inv_freq carries an inherent error of a few ulp of |angle| (inv_freq's rounding times
    pos, and the product's own rounding), i.e. |angle| * 2^-22 radians, which moves each output by
    up to that times |x1| + |x2|."""
    dtype = dtype or torch.float32
    D = x.shape[-1]
    base = params.get("base", 10000.0)
    inv = 1.0 / (base ** (torch.arange(0, D, 2, device="cuda", dtype=torch.int64).to(dtype) / D))
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
        pos_freqs = base ** (torch.arange(0, D, 2, device="cuda").to(dtype) / D)
        extra, inter = 1.0 / pos_freqs, 1.0 / (factor * pos_freqs)
        cd = lambda r: (D * math.log(L / (r * 2 * math.pi))) / (2 * math.log(base))  # noqa: E731
        lo, hi = max(math.floor(cd(bf)), 0), min(math.ceil(cd(bs)), D - 1)
        if lo == hi:
            hi += 0.001
        ramp = ((torch.arange(D // 2, device="cuda").to(dtype) - lo) / (hi - lo)).clamp(0, 1)
        ef = 1 - ramp
        inv = inter * (1 - ef) + extra * ef
        amp = 0.1 * math.log(factor) + 1.0
    elif op == "rope_longrope":
        rf = torch.tensor(params.get("rescale_factors", [1.0] * (D // 2)), device="cuda", dtype=dtype)
        inv = 1.0 / (rf * base ** (torch.arange(0, D, 2, device="cuda").to(dtype) / D))
        s = params.get("max_position_embeddings", 4096) / 4096
        amp = math.sqrt(1 + math.log(s) / math.log(4096)) if s > 1 else 1.0
    S = x.shape[0] if x.dim() == 2 else x.shape[1]
    pos = torch.arange(S, device="cuda").to(dtype)
    ang = pos[:, None] * inv[None, :]
    cos, sin = ang.cos() * amp, ang.sin() * amp
    if x.dim() == 4:
        cos, sin = cos[None, :, None, :], sin[None, :, None, :]
    xf = x.to(dtype)
    if bound:
        # 2^-22 |angle| covers inv_freq = 1 / base^(2k/D) and the product pos * inv_freq in f32
        # (three roundings); LongRoPE's factors add two (the factor rounded to f32, the product
        # factor * base^(2k/D)), hence 2^-21 there.
        err = ang.abs() * (2.0 ** -21 if op == "rope_longrope" else 2.0 ** -22) * amp
        if x.dim() == 4:
            err = err[None, :, None, :]
    if op == "rope_non_neox":
        x1, x2 = xf[..., 0::2], xf[..., 1::2]
        y = torch.empty_like(xf)
        y[..., 0::2] = x1 * cos - x2 * sin
        y[..., 1::2] = x2 * cos + x1 * sin
        if bound:
            e = torch.empty_like(xf)
            e[..., 0::2] = e[..., 1::2] = err * (x1.abs() + x2.abs())
            return y, e
        return y
    h = D // 2
    x1, x2 = xf[..., :h], xf[..., h:]
    y = torch.cat([x1 * cos - x2 * sin, x2 * cos + x1 * sin], -1)
    if bound:
        e = err * (x1.abs() + x2.abs())
        return y, torch.cat([e, e], -1)
    return y


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
    return base, base


TRITON = None


def _triton_ops():
    """Reference Triton kernels (1024 elements per program, any dtype) for add/sub/mul/exp/relu."""
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
            r = tl.exp(x.to(tl.float32)).to(x.dtype)
        else:
            r = tl.maximum(x, 0.0)
        tl.store(o + i, r, mask=m)

    def b(code):
        return lambda ins, out: binary[(triton.cdiv(out.numel(), 1024),)](ins[0], ins[1], out, out.numel(), code, 1024)

    def u(code):
        return lambda ins, out: unary[(triton.cdiv(out.numel(), 1024),)](ins[0], out, out.numel(), code, 1024)
    return {"mul": b(0), "add": b(1), "sub": b(2), "exp": u(0), "relu": u(1)}


def poisoned(torch, shape, odt):
    """An output of `shape` filled with NaN (floats) or 0x55 bytes (integers, bool), so that
    elements a kernel does not write show up."""
    if odt == torch.bool or not odt.is_floating_point:
        raw = {1: torch.uint8, 2: torch.int16, 4: torch.int32, 8: torch.int64}[odt.itemsize]
        return torch.full(shape, 0x55, dtype=raw, device="cuda").view(odt)
    return torch.full(shape, float("nan"), dtype=odt, device="cuda")


def out_shape(torch, op, shapes, params):
    if op == "alibi":
        return [params["num_heads"], params["seq_len"], params["seq_len"]]
    if op == "sinusoidal":
        return [params["seq_len"], params["d_model"]]
    if op.endswith("_and_mul"):
        return list(shapes[0][:-1]) + [shapes[0][-1] // 2]
    if op.startswith("rope") or op in ("dropout", "prelu"):
        return list(shapes[0])
    return list(torch.broadcast_shapes(*[tuple(s) for s in shapes]))


def eager(torch, op, ins, params):
    """torch eager in the native dtype (the baseline of the bandwidth table)."""
    F = torch.nn.functional
    x = ins[0] if ins else None
    if op.endswith("_and_mul"):
        n = x.shape[-1] // 2
        act = {"silu_and_mul": F.silu, "gelu_and_mul": F.gelu,
               "gelu_tanh_and_mul": lambda g: F.gelu(g, approximate="tanh")}[op]
        return lambda: act(x[..., :n]) * x[..., n:]
    if op.startswith("rope"):
        # cos/sin tables cached in x's dtype (as TileOPs); neox rotation in eager torch.
        S, D = x.shape[1], x.shape[-1]
        ang = torch.arange(S, device="cuda").float()[:, None] * torch.rand(D // 2, device="cuda")[None]
        cos = torch.cat([ang.cos(), ang.cos()], -1)[None, :, None, :].to(x.dtype)
        sin = torch.cat([ang.sin(), ang.sin()], -1)[None, :, None, :].to(x.dtype)
        h = D // 2
        return lambda: x * cos + torch.cat([-x[..., h:], x[..., :h]], -1) * sin
    if op in ("alibi", "sinusoidal"):
        return lambda: reference(torch, op, ins, params)
    table = {"dropout": lambda: F.dropout(x, params["p"]), "lerp": lambda: torch.lerp(x, ins[1], 0.5),
             "where": lambda: torch.where(*ins), "masked_fill": lambda: x.masked_fill(ins[1], params.get("value", 0.0)),
             "clamp": lambda: torch.clamp(x, params.get("min"), params.get("max")),
             "prelu": lambda: F.prelu(x, ins[1])}
    if op in table:
        return table[op]
    if hasattr(F, op) and op not in ("sigmoid", "tanh"):
        return lambda: getattr(F, op)(*ins)
    return lambda: getattr(torch, op)(*ins)


def philox_keep(torch, n, p, seed, offset):
    """The kept elements of dropout's stream (docs/TileOps.md): element i takes word i mod 4 of
    Philox4x32-10 at counter (i / 4, 0, offset lo, offset hi) with key (seed lo, seed hi); keep iff
    (word >> 8) * 2^-24 >= float32(p). uint32 arithmetic in int64 tensors (products wrap mod 2^64)."""
    m32 = 0xFFFFFFFF
    c0 = torch.arange((n + 3) // 4, dtype=torch.int64, device="cuda")
    c1 = torch.zeros_like(c0)
    c2 = torch.full_like(c0, offset & m32)
    c3 = torch.full_like(c0, (offset >> 32) & m32)
    k0, k1 = seed & m32, (seed >> 32) & m32
    for r in range(10):
        p0, p1 = c0 * 0xD2511F53, c2 * 0xCD9E8D57
        hi0, lo0, hi1, lo1 = (p0 >> 32) & m32, p0 & m32, (p1 >> 32) & m32, p1 & m32
        c0, c1, c2, c3 = hi1 ^ c1 ^ k0, lo1, hi0 ^ c3 ^ k1, lo0
        k0, k1 = (k0 + 0x9E3779B9) & m32, (k1 + 0xBB67AE85) & m32
    words = torch.stack([c0, c1, c2, c3], -1).reshape(-1)[:n]
    u = (words >> 8).to(torch.float32) * 2.0 ** -24
    return u >= torch.tensor(p, dtype=torch.float32)


def check_one(torch, op, dt, shapes, params, odt, launch, ins):
    """(passed, message) for one kernel: its output vs the PyTorch reference."""
    shp = out_shape(torch, op, shapes, params)
    if op == "dropout":
        y, y2, y3 = launch(shp, (1234, 0)), launch(shp, (1234, 0)), launch(shp, (1235, 0))
        p = params["p"]
        x = ins[0].float()
        kept = y.float() != 0
        rate = 1 - kept.float().mean().item()
        sigma = math.sqrt(p * (1 - p) / x.numel())
        rt, at = tol("dropout", dt)
        scale_ok = torch.allclose(y.float()[kept], (x[kept] / (1 - p)).to(odt).float(), rtol=rt, atol=at,
                                  equal_nan=True)
        # The exact stream (seed 1234, offset 0): kept elements are the nonzero outputs (x == 0 and
        # kept outputs that round to 0 are not told apart).
        want = philox_keep(torch, x.numel(), p, 1234, 0).reshape(x.shape)
        zero = (x / (1 - p)).to(odt).float() == 0
        stream = int(((kept != want) & ~zero).sum().item())
        good = (abs(rate - p) < 3 * sigma + 1e-4 and scale_ok and stream == 0 and torch.equal(y, y2)
                and not torch.equal(y, y3))
        return good, f"rate {rate:.5f} vs {p} (3sigma {3 * sigma:.5f}), scale {scale_ok}, stream mismatches {stream}"
    y = launch(shp, ())
    ref = reference(torch, op, ins, params)
    if odt == torch.bool or not odt.is_floating_point:
        good = torch.equal(y, ref.to(odt))
        return good, f"mismatches {(y != ref.to(odt)).sum().item()}"
    if dt in ("f8e4m3fn", "f8e5m2"):
        if dt == "f8e4m3fn":
            # TileOPs' e4m3fn rule: results saturate to +-448 (torch's cast would give NaN);
            # NaN stays NaN (clamp keeps it).
            ref = ref.float().clamp(-448.0, 448.0)
        r = ref.to(odt).float()
        good = torch.allclose(y.float(), r, rtol=0.13, atol=0.13, equal_nan=True)
        return good, f"max diff {(y.float() - r).abs().nan_to_num(0).max().item():.3g}"
    rt, at = tol(op, dt)
    if op.startswith("rope") and dt == "f32":
        # f32 RoPE against the float64 math, with the inherent f32 angle error added to the
        # tolerance (see rope_ref): a torch-f32 reference differs from any other f32 computation
        # by that much at large positions (S = 8192: 2.8e-4 with inv_freq rounded differently).
        r64, eb = rope_ref(torch, op, ins[0], params, torch.float64, bound=True)
        yd = y.double()
        d = (yd - r64).abs()
        bad = ~(d <= at + rt * r64.abs() + eb)
        good = not bad.any().item()
        d = d.float()
        yf, r = y.float(), r64.float()
    else:
        r = ref.to(odt).float()
        yf = y.float()
        good = torch.allclose(yf, r, rtol=rt, atol=at, equal_nan=True)
        d = (yf - r).abs()
        d = torch.where(torch.isnan(yf) & torch.isnan(r), torch.zeros_like(d), d)
        bad = ~torch.isclose(yf, r, rtol=rt, atol=at, equal_nan=True)
    first = ""
    if bad.any():
        i = bad.view(-1).nonzero()[0].item()
        xi = [t.reshape(-1)[i].item() for t in ins if t.numel() == y.numel()]
        first = f" first bad flat {i}: got {yf.view(-1)[i].item():.6g} want {r.view(-1)[i].item():.6g} x={xi}"
    return good, f"max diff {d.nan_to_num(float('inf')).max().item():.3g}, {bad.sum().item()} bad{first}"


def run(outdir):
    global TRITON
    import torch
    TRITON = _triton_ops()
    from tileir.module import Module
    from tileir.ops import load_module
    meta = json.load(open(os.path.join(outdir, "cases.json")))
    verdict = meta["verdict"]
    mods, plans = {}, {}
    t0 = time.time()
    for fn in meta["modules"]:
        ptx, module_plans = load_module(os.path.join(outdir, "ptx", fn))
        m = Module.from_ptx(ptx)
        for n, p in module_plans.items():
            plans[n], mods[n] = p, m
    gen = torch.Generator(device="cuda").manual_seed(0)
    results = {"cases": {}, "bench": {}}

    def launcher(name, ins, odt):
        def launch(shp, extra):
            if odt == torch.bool:
                out = torch.ones(shp, dtype=torch.bool, device="cuda")
            elif odt in (torch.float8_e4m3fn, torch.float8_e5m2) or not odt.is_floating_point:
                out = torch.full(shp, 0x55, dtype=torch.uint8 if odt.itemsize == 1 else torch.int32,
                                 device="cuda").view(odt)
            else:
                out = torch.full(shp, float("nan"), dtype=odt, device="cuda")
            getattr(mods[name], name).launch(plans[name]["grid"], *[t.contiguous() for t in ins], out, *extra)
            torch.cuda.synchronize()
            return out
        return launch

    def check(name, op, dt, shapes, params):
        ins = make_inputs(torch, op, dt, shapes, gen)
        odt = torch.bool if plans[name]["out_dtype"] == "bool" else torch_dtype(torch, dt)
        try:
            good, msg = check_one(torch, op, dt, shapes, params, odt, launcher(name, ins, odt), ins)
        except Exception as e:  # noqa: BLE001
            good, msg = False, f"{type(e).__name__}: {str(e)[:300]}"
        return good, msg, ins, odt

    failures = []
    for name, op, dt, shapes, params in meta["cases"]:
        if verdict[name] is not None:
            continue
        good, msg, _, _ = check(name, op, dt, shapes, params)
        results["cases"][name] = [op, dt, shapes, bool(good), msg]
        if not good:
            failures.append(f"FAIL {name} {shapes} {params}: {msg}")
    ok = sum(v[3] for v in results["cases"].values())
    print(f"correctness (small/odd shapes): {ok}/{len(results['cases'])} passed "
          f"({len(meta['cases'])} cases, {len(meta['cases']) - len(results['cases'])} not built); "
          f"{time.time() - t0:.0f} s")
    for f in failures[:80]:
        print(f)
    if os.environ.get("TILEIR_CHECK_SMALL") == "1":  # utils/gpu-checks/sanitize.sh: no benchmarks
        sys.exit(1 if failures else 0)
    copy_src = torch.empty(1 << 28, dtype=torch.uint8, device="cuda")
    copy_dst = torch.empty_like(copy_src)

    def timeit(fn, it=7, reps=20):
        """Device time per call: reps calls captured in one CUDA graph, median of `it` replays (the
        ctypes launch path costs ~25 us of host time per launch, more than most kernels here)."""
        for _ in range(2):
            fn()
        torch.cuda.synchronize()
        g = torch.cuda.CUDAGraph()
        try:
            with torch.cuda.graph(g):
                for _ in range(reps):
                    fn()
            g.replay()
            torch.cuda.synchronize()
        except Exception as e:  # noqa: BLE001 - not capturable: back-to-back launches instead
            print(f"  (no graph: {type(e).__name__}: {str(e)[:100]})")
            torch.cuda.synchronize()

            class Loop:
                @staticmethod
                def replay():
                    for _ in range(reps):
                        fn()
            g = Loop
        ts = []
        for _ in range(it):
            a, b = torch.cuda.Event(enable_timing=True), torch.cuda.Event(enable_timing=True)
            a.record()
            g.replay()
            b.record()
            torch.cuda.synchronize()
            ts.append(a.elapsed_time(b) / reps)
        ts.sort()
        return ts[len(ts) // 2]
    tc = timeit(lambda: copy_dst.copy_(copy_src))
    copy_bw = 2 * copy_src.numel() / tc / 1e9
    results["copy_TBps"] = copy_bw
    print(f"\ncopy bandwidth: {copy_bw:.2f} TB/s ({torch.cuda.get_device_name()})")
    print("op | dtype | shape | threads x npt | TileIR ms | TB/s | % copy | eager ms | eager/TileIR | triton/TileIR | check")
    bad_bench = []
    for name, op, dt, shapes, params in meta["bench"]:
        if verdict[name] is not None:
            continue
        good, msg, ins, odt = check(name, op, dt, shapes, params)
        if not good:
            bad_bench.append(f"FAIL {name} {shapes}: {msg}")
        shp = out_shape(torch, op, shapes, params)
        out = torch.empty(shp, dtype=odt, device="cuda")
        extra = (1, 0) if op == "dropout" else ()
        k, g = getattr(mods[name], name), plans[name]["grid"]
        t = timeit(lambda: k.launch(g, *ins, out, *extra))
        nbytes = sum(x.numel() * x.element_size() for x in ins) + out.numel() * out.element_size()
        try:
            te = timeit(eager(torch, op, ins, params))
        except Exception:  # noqa: BLE001 - e.g. an eager op that cannot be captured
            te = float("nan")
        tt = float("nan")
        if TRITON and op in TRITON and len(set(map(tuple, shapes))) == 1:
            tt = timeit(lambda: TRITON[op](ins, out))
        cfg = f"{plans[name]['threads']}x{plans[name]['tile'] // plans[name]['threads']}"
        bw = nbytes / t / 1e9
        results["bench"][name] = {"op": op, "dtype": dt, "shapes": shapes, "cfg": cfg, "ms": t, "TBps": bw,
                                  "pct_copy": 100 * bw / copy_bw, "eager_ms": te, "triton_ms": tt,
                                  "pass": bool(good)}
        print(f"{op} | {dt} | {'x'.join(map(str, shp))} | {cfg} | {t:.4f} | {bw:.2f} | {100 * bw / copy_bw:.0f}% | "
              f"{te:.4f} | {te / t:.2f}x | {tt / t:.2f}x | {'ok' if good else 'FAIL'}", flush=True)
    nb = len(results["bench"])
    pb = sum(v["pass"] for v in results["bench"].values())
    gm = math.exp(sum(math.log(v["pct_copy"]) for v in results["bench"].values()) / max(nb, 1))
    print(f"\nbenchmark-shape kernels: {pb}/{nb} pass; geometric mean {gm:.1f}% of copy bandwidth")
    for f in bad_bench:
        print(f)
    out = os.environ.get("OUT")
    if out:
        json.dump(results, open(os.path.join(out, "results.json"), "w"), indent=1)


if __name__ == "__main__":
    if sys.argv[1] == "make":
        make(sys.argv[2])
    else:
        run(sys.argv[2])
