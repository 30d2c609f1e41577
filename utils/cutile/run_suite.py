#!/usr/bin/env python3
"""cuTile Python's tensor-core and transpose kernels, as its users call them,
compiled by several `tileiras` (TileIR's, NVIDIA's) in one process, checked
against a float64 reference and timed next to PyTorch (cuBLAS, SDPA).

  run_suite.py --tests DIR --compiler NAME=BINDIR [--compiler ...]
               [--only REGEX] [--list] [--rounds N] [--json FILE] [--check-only]

DIR is cuTile's test/ folder (its kernels/ package is imported: matmul.py,
attention.py, transpose.py); each BINDIR holds a `tileiras`. The kernels are
launched with `cuda.tile.launch` as cuTile's own tests and benchmarks launch
them (cuTile's disk cache off); cuTile specializes each on its arguments (dtypes, strides, their
divisibility) and compiles it with the selected compiler
(pytest_plugin/tileir_compilers.py switches compilers in one process).

Every case: inputs random, outputs poisoned with NaN before each compiler's
launch, the result compared with a float64 reference (attention: float32 on
float64 inputs) -- it passes when its largest error is at most twice
PyTorch's own (plus a small absolute slack) -- then all candidates timed with
CUDA events in interleaved rounds (pytest_plugin/tileir_timing.py). The
table gives median microseconds, each compiler's time over the first
compiler's (> 1: the first is faster), and PyTorch's time over the first's.
"""
import argparse
import json
import math
import os
import re
import sys
import time

here = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, os.path.join(here, "pytest_plugin"))


def matmul_cases():
    """(name, params) for cuTile's matmul_kernel: C = A @ B, B given K x N
    ("nn"), B a transposed N x K array ("nt": column-major B), A a transposed
    K x M array ("tn"), both ("tt")."""
    out = []
    for layout in ("nn", "nt", "tn", "tt"):
        for dtype in ("float16", "bfloat16"):
            for tiles in ((128, 128, 64), (128, 256, 64), (64, 64, 32),
                          (128, 128, 128)):
                for size in (1024, 4096, 8192):
                    if layout != "nn" and (dtype != "float16" or size == 1024):
                        continue
                    if (layout == "tt" or tiles in ((64, 64, 32), (128, 128, 128))) and (
                            size != 4096 or dtype != "float16"):
                        continue
                    if layout == "tt" and tiles != (128, 128, 64):
                        continue
                    name = f"matmul {layout} {dtype} {size}^3 {'x'.join(map(str, tiles))}"
                    out.append((name, dict(kind="matmul", layout=layout, dtype=dtype,
                                           m=size, n=size, k=size, tiles=tiles)))
    # Sizes that are not whole tiles with K tiles staged in chunks
    # (128x128x128 f16: two 64-wide chunks per K tile, the last K tile's
    # second chunk partly past the end).
    for layout in ("nn", "tn"):
        out.append((f"matmul {layout} float16 1000^3 128x128x128",
                    dict(kind="matmul", layout=layout, dtype="float16", m=1000, n=1000,
                         k=1000, tiles=(128, 128, 128))))
    # The other input types the kernel takes: float32 inputs multiply as
    # tf32 (the kernel's astype), float8 e4m3 inputs (B given N x K, the
    # layout PyTorch's float8 matmul takes; it has no e5m2 x e5m2 product)
    # into a float16 C.
    # tf32 in every operand order, sizes that are not whole tiles, and small
    # tiles whose stages fit 48 KiB (the mma.sync code of MMA_SYNC=1 runs).
    for layout, size, tiles in (("nn", 4096, (128, 128, 32)), ("nt", 4096, (128, 128, 32)),
                                ("tn", 4096, (128, 128, 32)), ("nn", 1000, (128, 128, 32)),
                                ("nn", 1000, (64, 64, 16))):
        out.append((f"matmul {layout} float32 {size}^3 {'x'.join(map(str, tiles))} (tf32)",
                    dict(kind="matmul", layout=layout, dtype="float32", m=size, n=size,
                         k=size, tiles=tiles)))
    # (PyTorch's float8 product takes sizes in multiples of 16.)
    for size in (4096, 1040):
        out.append((f"matmul nt float8_e4m3fn {size}^3 128x128x128 (float16 C)",
                    dict(kind="matmul", layout="nt", dtype="float8_e4m3fn", out_dtype="float16",
                         m=size, n=size, k=size, tiles=(128, 128, 128))))
    return out


def attention_cases():
    """cuTile's fmha_kernel (online softmax, Q K^T with the transposed
    operand, P V), B = 1, 32 heads."""
    out = []
    for causal in (False, True):
        for d in (64, 128):
            for length in (1024, 4096, 8192):
                for dtype in ("float16", "bfloat16"):
                    if dtype == "bfloat16" and length != 4096:
                        continue
                    for tile_m, tile_n in ((128, 64), (64, 64)):
                        if (tile_m, tile_n) == (64, 64) and d != 128:
                            continue
                        name = (f"attention {'causal' if causal else 'full'} {dtype} "
                                f"L={length} D={d} {tile_m}x{tile_n}")
                        out.append((name, dict(kind="attention", causal=causal, d=d,
                                               length=length, heads=32, dtype=dtype,
                                               tile_m=tile_m, tile_n=tile_n)))
    # Tiles and occupancy hints from the search space of cuTile's attention
    # autotuner (bench_attention.py) whose accumulators do not fit the
    # registers the hint leaves: the compiler lowers the occupancy.
    for causal, d, tile_m, tile_n, occupancy in ((False, 64, 256, 64, 4),
                                                 (False, 128, 128, 128, 4),
                                                 (True, 128, 256, 128, 2)):
        name = (f"attention {'causal' if causal else 'full'} float16 L=4096 D={d} "
                f"{tile_m}x{tile_n} occupancy={occupancy}")
        out.append((name, dict(kind="attention", causal=causal, d=d, length=4096, heads=32,
                               dtype="float16", tile_m=tile_m, tile_n=tile_n,
                               occupancy=occupancy)))
    # Decoding (bench_attention.py's decode shapes): one query per head, a
    # batch of 8, 1024 keys, with the 64x256 tiles and occupancy hint the
    # benchmark takes (4), and with 1 (the registers then allow a producer
    # warp).
    for occupancy in (4, 1):
        name = f"attention decode float16 B=8 L=1024 D=128 64x256 occupancy={occupancy}"
        out.append((name, dict(kind="attention", causal=False, d=128, length=1024,
                               heads=32, dtype="float16", tile_m=64, tile_n=256, batch=8,
                               q_len=1, occupancy=occupancy)))
    # Grouped-query attention: 4 query heads per K/V head.
    for causal in (False, True):
        name = f"attention {'causal' if causal else 'full'} float16 L=4096 D=128 128x64 GQA 4"
        out.append((name, dict(kind="attention", causal=causal, d=128, length=4096, heads=32,
                               dtype="float16", tile_m=128, tile_n=64, group=4)))
    return out


def transpose_cases():
    out = []
    for dtype in ("float32", "float16"):
        for size in (4096, 8192):
            out.append((f"transpose {dtype} {size}^2 64x64",
                        dict(kind="transpose", dtype=dtype, m=size, n=size, tiles=(64, 64))))
    return out


def all_cases():
    return matmul_cases() + attention_cases() + transpose_cases()


class Case:
    """Inputs, launches and references of one case."""

    def __init__(self, torch, ct, kernels, p):
        self.torch, self.ct, self.p = torch, ct, p
        dt = getattr(torch, p["dtype"])
        self.dtype = dt
        g = torch.Generator(device="cuda").manual_seed(0)
        kind = p["kind"]
        if kind == "matmul":
            m, n, k = p["m"], p["n"], p["k"]
            tm, tn, tk = p["tiles"]
            a = torch.randn(m, k, device="cuda", generator=g).to(dt)
            b = torch.randn(k, n, device="cuda", generator=g).to(dt)
            if p["layout"] in ("nt", "tt"):
                b = b.t().contiguous().t()          # strides (1, K)
            if p["layout"] in ("tn", "tt"):
                a = a.t().contiguous().t()          # strides (1, M)
            self.a, self.b = a, b
            out_dt = getattr(torch, p.get("out_dtype", p["dtype"]))
            self.out = torch.empty(m, n, device="cuda", dtype=out_dt)
            self.ref_out = torch.empty_like(self.out)
            self.grid = (math.ceil(m / tm) * math.ceil(n / tn), 1, 1)
            self.kernel = kernels["matmul"].matmul_kernel
            self.args = (a, b, self.out, tm, tn, tk)
            self.flops = 2.0 * m * n * k
            if dt.itemsize == 1:
                one = torch.ones((), device="cuda")
                self.torch_fn = lambda: self.ref_out.copy_(torch._scaled_mm(
                    a, b, scale_a=one, scale_b=one, out_dtype=out_dt))
            elif dt == torch.float32:
                def tf32_matmul():
                    # The kernel multiplies float32 tiles as tf32; so does cuBLAS here.
                    torch.backends.cuda.matmul.allow_tf32 = True
                    try:
                        return torch.matmul(a, b, out=self.ref_out)
                    finally:
                        torch.backends.cuda.matmul.allow_tf32 = False
                self.torch_fn = tf32_matmul
            else:
                self.torch_fn = lambda: torch.matmul(a, b, out=self.ref_out)
        elif kind == "attention":
            h, length, d = p["heads"], p["length"], p["d"]
            group, batch = p.get("group", 1), p.get("batch", 1)
            q_len = p.get("q_len", length)
            q, kk, v = (torch.randn(batch, heads, rows, d, device="cuda", generator=g).to(dt)
                        for heads, rows in ((h, q_len), (h // group, length),
                                            (h // group, length)))
            self.q, self.k, self.v = q, kk, v
            self.out = torch.empty_like(q)
            self.scale = 1 / math.sqrt(d)
            tile_m, tile_n = p["tile_m"], p["tile_n"]
            self.grid = (math.ceil(q_len / tile_m), batch * h, 1)
            self.kernel = kernels["attention"].fmha_kernel
            if "occupancy" in p:
                self.kernel = self.kernel.replace_hints(occupancy=p["occupancy"])
            # The queries are the last q_len positions (cuTile's input_pos).
            self.args = (q, kk, v, self.out, self.scale, length - q_len, d, h, tile_m,
                         tile_n, group, p["causal"], length % tile_n == 0)
            self.flops = (4.0 * batch * h * q_len * length * d
                          * (0.5 if p["causal"] else 1.0))
            sdpa = torch.nn.functional.scaled_dot_product_attention
            self.torch_fn = lambda: sdpa(q, kk, v, is_causal=p["causal"], scale=self.scale,
                                         enable_gqa=group > 1)
        elif kind == "transpose":
            m, n = p["m"], p["n"]
            tm, tn = p["tiles"]
            self.x = torch.randn(m, n, device="cuda", generator=g).to(dt)
            self.out = torch.empty(n, m, device="cuda", dtype=dt)
            self.grid = (math.ceil(m / tm), math.ceil(n / tn), 1)
            self.kernel = kernels["transpose"].transpose_kernel
            self.args = (self.x, self.out, tm, tn)
            self.flops = None
            self.bytes = 2 * m * n * self.x.element_size()
            copy_dst = torch.empty_like(self.x)
            # The roofline a transpose is measured against: a copy of the same size.
            self.torch_fn = lambda: copy_dst.copy_(self.x)
        else:
            raise ValueError(kind)

    def launch(self):
        self.ct.launch(self.torch.cuda.current_stream(), self.grid, self.kernel, self.args)

    def reference(self):
        """(float64 reference, PyTorch's result or None)."""
        torch, p = self.torch, self.p
        if p["kind"] == "matmul":
            self.torch_fn()
            return self.a.double() @ self.b.double(), self.ref_out.clone()
        if p["kind"] == "attention":
            sdpa = torch.nn.functional.scaled_dot_product_attention
            ref = sdpa(self.q.float(), self.k.float(), self.v.float(), is_causal=p["causal"],
                       scale=self.scale, enable_gqa=p.get("group", 1) > 1).double()
            return ref, self.torch_fn()
        return self.x.t().double(), None

    def check(self, ref, theirs, out=None):
        """(ok, our largest error, PyTorch's) of `out` (default: the kernel's
        output)."""
        out = (self.out if out is None else out).double()
        if not torch_isfinite_all(self.torch, out):
            return False, math.inf, None
        err = (out - ref).abs().max().item()
        if theirs is None:
            return err == 0.0, err, None
        terr = (theirs.double() - ref).abs().max().item()
        return err <= 2 * terr + 1e-3, err, terr


def torch_isfinite_all(torch, t):
    return bool(torch.isfinite(t).all().item())


def iterations_for(seconds_per_call, target=0.02):
    return max(1, min(200, int(target / max(seconds_per_call, 1e-7))))


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--tests", help="cuTile's test/ folder")
    ap.add_argument("--compiler", action="append", default=[],
                    help="NAME=BINDIR holding a tileiras (the first is the one compared)")
    ap.add_argument("--only", help="regular expression on case names")
    ap.add_argument("--list", action="store_true", help="print the case names and stop")
    ap.add_argument("--rounds", type=int, default=5)
    ap.add_argument("--budget", type=float, default=1e9,
                    help="seconds; cases not started by then are skipped")
    ap.add_argument("--json", help="write the results there")
    ap.add_argument("--check-only", action="store_true",
                    help="launch and check each compiler's kernel once, time nothing "
                         "(for runs under compute-sanitizer)")
    ap.add_argument("--triton", action="store_true",
                    help="also time Triton matmuls with the same tiles (triton_matmul.py): "
                         "triton-ptr (cp.async) and triton-tma (row-major operands)")
    ap.add_argument("--triton-ptx", help="write the Triton kernels' PTX into this folder")
    args = ap.parse_args()

    cases = all_cases()
    if args.only:
        cases = [c for c in cases if re.search(args.only, c[0])]
    if args.list:
        for name, _ in cases:
            print(name)
        return 0
    if not args.compiler or not args.tests:
        ap.error("--tests and at least one --compiler are needed")

    # cuTile's disk cache is keyed by the compiler's version string, which two
    # TileIR builds share: off. CUDA_HOME would point cuTile at another tileiras.
    os.environ["CUDA_TILE_CACHE_DIR"] = "off"
    os.environ.pop("CUDA_HOME", None)
    import importlib
    import torch
    import cuda.tile as ct
    from tileir_compilers import CompilerSwitch, parse_compilers
    from tileir_timing import EagerRunner, interleave, stats

    sys.path.insert(0, os.path.abspath(args.tests))
    kernels = {n: importlib.import_module(f"kernels.{n}")
               for n in ("matmul", "attention", "transpose")}
    compilers = parse_compilers(",".join(args.compiler))
    names = [n for n, _ in compilers]
    switch = CompilerSwitch(compilers).install()
    start = time.time()
    rows = []
    for name, p in cases:
        if time.time() - start > args.budget:
            rows.append(dict(name=name, params=p, skipped="budget"))
            continue
        row = dict(name=name, params=p, check={}, error={}, us={}, compile_s={})
        rows.append(row)
        try:
            case = Case(torch, ct, kernels, p)
            ref, theirs = case.reference()
        except Exception as e:                      # noqa: BLE001 (reported)
            row["error"]["setup"] = f"{type(e).__name__}: {e}"
            print(f"{name}: setup failed: {e}", flush=True)
            continue
        runners = {}
        for cname in names:
            mark = switch.mark()
            try:
                with switch.use(cname):
                    case.out.fill_(float("nan"))
                    case.launch()
                    torch.cuda.synchronize()
                ok, err, terr = case.check(ref, theirs)
                row["check"][cname] = dict(ok=ok, err=err, torch_err=terr)
                compiles, launches = switch.since(mark)
                row["compile_s"][cname] = sum(c.get("seconds", 0) for c in compiles)
                if launches.get(cname, 0) == 0:
                    raise RuntimeError("the launch was not switched")
                runners[cname] = EagerRunner(torch, case.launch,
                                             select=lambda c=cname: switch.use(c))
            except Exception as e:                  # noqa: BLE001 (reported)
                row["error"][cname] = f"{type(e).__name__}: {str(e)[:300]}"
        if args.check_only:
            print(f"{name}: " + ", ".join(
                f"{c} {'ok' if r['ok'] else 'WRONG'} (error {r['err']:.3g})"
                for c, r in row["check"].items()) + "".join(
                f", {c} failed: {e}" for c, e in row["error"].items()), flush=True)
            del ref, theirs, case
            continue
        if args.triton and p["kind"] == "matmul":
            add_triton(torch, case, ref, theirs, row, runners, EagerRunner, args.triton_ptx)
        del ref, theirs
        runners["torch"] = EagerRunner(torch, case.torch_fn)
        per_call = min(r(1) for r in runners.values())
        samples = interleave(runners, args.rounds, 1, iterations_for(per_call))
        for cname, values in samples.items():
            row["us"][cname] = stats(values)["median_us"]
        if case.flops:
            row["flops"] = case.flops
        else:
            row["bytes"] = case.bytes
        print(format_row(row, names), flush=True)
        del case
        torch.cuda.empty_cache()
    described = switch.describe()
    switch.uninstall()
    table = format_table(rows, names)
    print(table)
    if args.json:
        with open(args.json, "w") as f:
            json.dump(dict(compilers=described, gpu=torch.cuda.get_device_name(),
                           rows=rows), f, indent=1)
        with open(os.path.splitext(args.json)[0] + ".md", "w") as f:
            f.write(table + "\n")
    if args.check_only:
        failed = [r["name"] for r in rows if r.get("error")
                  or not all(c["ok"] for c in r.get("check", {}).values())]
        return 1 if failed else 0
    return 0


TRITON = ("triton-ptr", "triton-tma")


def add_triton(torch, case, ref, theirs, row, runners, EagerRunner, ptx_dir):
    """Triton's matmuls as further timed baselines, each checked as a compiler is."""
    import triton_matmul
    c = torch.empty_like(case.out)
    for name in TRITON:
        try:
            mm = triton_matmul.TritonMatmul(torch, name.split("-")[1], case.a, case.b, c,
                                            case.p["tiles"], lambda f: EagerRunner(torch, f)(3))
        except ValueError:                          # layout the kernel does not take
            continue
        except RuntimeError as e:
            row["error"][name] = str(e)
            continue
        c.fill_(float("nan"))
        mm()
        torch.cuda.synchronize()
        ok, err, terr = case.check(ref, theirs, out=c)
        row["check"][name] = dict(ok=ok, err=err, torch_err=terr, config=mm.describe())
        runners[name] = EagerRunner(torch, mm)
        if ptx_dir:
            os.makedirs(ptx_dir, exist_ok=True)
            fname = re.sub(r"[^A-Za-z0-9_.-]", "_", f"{row['name']} {name}") + ".ptx"
            with open(os.path.join(ptx_dir, fname), "w") as f:
                f.write(mm.ptx())


def baselines(rows):
    """PyTorch, then the Triton kernels that any row timed."""
    return ["torch"] + [n for n in TRITON if any(n in r.get("us", {}) for r in rows)]


def ratio(rows_us, a, b):
    x, y = rows_us.get(a), rows_us.get(b)
    return y / x if x and y else None


def format_row(row, names):
    first = names[0]
    parts = [row["name"]]
    for n in names + baselines([row]):
        us = row["us"].get(n)
        parts.append(f"{n} {us:.1f} us" if us else f"{n} -")
    for n in names + baselines([row])[1:]:
        c = row["check"].get(n)
        parts.append(f"{n}: {'ok' if c and c['ok'] else row['error'].get(n, 'FAIL')}")
    r = ratio(row["us"], first, names[1]) if len(names) > 1 else None
    if r:
        parts.append(f"{names[1]}/{first} {r:.2f}")
    return " | ".join(parts)


def geomean(values):
    values = [v for v in values if v]
    return math.exp(sum(math.log(v) for v in values) / len(values)) if values else None


def format_table(rows, names):
    first = names[0]
    base = baselines(rows)
    label = {"torch": "PyTorch"}
    head = (["case"] + [f"{n} µs" for n in names] + [f"{label.get(n, n)} µs" for n in base]
            + [f"{n}/{first}" for n in names[1:]]
            + [f"{label.get(n, n)}/{first}" for n in base] + ["TFLOP/s or GB/s", "check"])
    lines = ["| " + " | ".join(head) + " |", "|" + "---|" * len(head)]
    kinds = {}
    for row in rows:
        if row.get("skipped"):
            lines.append(f"| {row['name']} | skipped ({row['skipped']}) |")
            continue
        us = row["us"]
        cells = [row["name"]]
        cells += [f"{us[n]:.1f}" if us.get(n) else "—" for n in names + base]
        for n in names[1:] + base:
            r = ratio(us, first, n)
            cells.append(f"{r:.2f}" if r else "—")
            if r and n == (names[1] if len(names) > 1 else None):
                kinds.setdefault(row["params"]["kind"], []).append(r)
            if r and n in base:
                kinds.setdefault(f"{row['params']['kind']} vs {label.get(n, n)}", []).append(r)
        t = us.get(first)
        if t and row.get("flops"):
            cells.append(f"{row['flops'] / t / 1e6:.0f}")
        elif t and row.get("bytes"):
            cells.append(f"{row['bytes'] / t / 1e3:.0f}")
        else:
            cells.append("—")
        checks = []
        for n in names + base[1:]:
            c = row["check"].get(n)
            if c or n in names:
                checks.append(f"{n} " + ("ok" if c and c["ok"] else "FAIL" if c else "error"))
        cells.append(", ".join(checks))
        lines.append("| " + " | ".join(cells) + " |")
    lines.append("")
    for kind, values in kinds.items():
        g = geomean(values)
        lines.append(f"geomean {kind}: {g:.2f} over {len(values)} cases (> 1: {first} faster)")
    errors = [(row["name"], n, e) for row in rows for n, e in row.get("error", {}).items()]
    for name, n, e in errors:
        lines.append(f"error: {name}: {n}: {e}")
    return "\n".join(lines)


if __name__ == "__main__":
    sys.exit(main())
