#!/usr/bin/env python3
"""Runs cuTile Python's benchmarks with several Tile IR compilers in one
process per file, and tabulates the paired times.

    run_bench.py --tests DIR --compiler NAME=BINDIR --compiler NAME=BINDIR --out OUT
                 [--files F ...] [--all | -k EXPR] [--budget S] [--file-timeout S]
                 [--test-timeout S] [--min-rounds N] [--checked NAME] [--name RUN]
    run_bench.py --out OUT --table [JSON ...]
    run_bench.py --tests DIR --list

DIR is cuTile's test/ folder (conftest.py, util.py, kernels/, bench_*.py) at
the commit of the installed cuda-tile. Each BINDIR holds a `tileiras`
(NVIDIA's, or TileIR's compat link to tile-as). Each bench_*.py file runs in
one pytest process with the plugin pytest_plugin/tileir_bench.py in place of
pytest-benchmark: every kernel is compiled by each compiler in that process,
and each case is timed with all of them in alternating rounds (CUDA events,
the CUDA graph and L2 flush the benchmark asks for, medians of the rounds).
The benchmark's own comparison with its reference runs with the checked
compiler (--checked, default the first one, e.g. tileir); PyTorch's backend
is timed too. cuTile's disk cache is off, CUDA_HOME unset.

Which cases run: every file at a default selection (SELECT below: one large
shape per kernel, both dtypes where the benchmark has two) unless --all or
-k EXPR (pytest's -k, for every file). Cases the selection leaves out, cases
that skip (sm_100 only, unsupported dtypes) and cases a file did not reach in
its time are listed under the table. --budget bounds the whole run; each file
gets an equal share of what is left (what a file does not use goes to the
next), so every file starts. A case running past --test-timeout, a crash,
or an error that leaves the CUDA context unusable ends the pytest process;
the file goes on in a new one without the cases done.

Results in OUT: <run>.json (meta, files, every case's record, the rows),
<run>.md (the table), <run>/<file>.jsonl (the plugin's records) and
<run>/logs/<file>.log (pytest's output). --table rebuilds the table from run
JSON files (several runs: later cases of the same node id win).
"""
import argparse
import json
import math
import os
import re
import signal
import sys
import time

HERE = os.path.dirname(os.path.abspath(__file__))
PLUGIN_DIR = os.path.join(HERE, "pytest_plugin")
sys.path.insert(0, HERE)
import run_tests  # noqa: E402  (run_pytest, parse_progress, log_tail, write_atomic, ...)

HUNG_EXIT = 87          # tileir_progress.HUNG_EXIT
STICKY_EXIT = 88        # tileir_bench.STICKY_EXIT

PYTEST_INI = """\
[pytest]
python_files = bench_*.py
python_functions = bench_*
addopts = --strict-markers
markers =
    use_mlir: mark tests that depend on mlir which requires the "internal" extension
"""
CUTILE_ENV = {"CUDA_TILE_COMPILER_TIMEOUT_SEC": "120", "XLA_PYTHON_CLIENT_PREALLOCATE": "false"}

# The default selection (pytest -k per file), cheapest files first. Ids come
# from cuTile's shape_id/shape_size_id/qkv_id and dtype_id ("8K-8K-8K", "f16").
SELECT = {
    "bench_vec_add.py": "128M-128M or (128M-1Mx128 and f32)",
    "bench_transpose.py": "12K-4K",
    "bench_fft.py": "",
    "bench_rms_norm.py": "64K-4K and not bf16",
    "bench_layer_norm.py": "2K-8K",
    "bench_moe.py": "256-2K-1408-32-6 and not f32",
    "bench_matmul.py": "8K-8K-8K or 256-256-4K or 4-8K-8K-2000",
    "bench_attention.py": "prefill-1-32-32-8K-8K-128 or decode-8-32-32-1-1K-128",
}

DISPLAY = {"tileir": "TileIR"}


def display(name):
    return DISPLAY.get(name, name)


# ----------------------------------------------------------------------------------
# Files
# ----------------------------------------------------------------------------------

def discover(tests):
    found = sorted(f for f in os.listdir(tests)
                   if f.startswith("bench_") and f.endswith(".py")
                   and os.path.isfile(os.path.join(tests, f)))
    order = list(SELECT)
    return sorted(found, key=lambda f: (order.index(f) if f in order else len(order), f))


def selection(file, args):
    """The -k expression for a file ('' = every case)."""
    if args.k is not None:
        return args.k
    if args.all:
        return ""
    return SELECT.get(file, "")


# ----------------------------------------------------------------------------------
# Records
# ----------------------------------------------------------------------------------

class Records:
    """What the plugin wrote for one file: meta, cases {nodeid: record}, the
    node ids collected and deselected, and the last phase of each case."""

    def __init__(self):
        self.meta, self.cases, self.collected, self.deselected = None, {}, [], []
        self.phases = {}


def read_records(path):
    r = Records()
    if not os.path.exists(path):
        return r
    with open(path, encoding="utf-8", errors="replace") as f:
        for line in f:
            try:
                rec = json.loads(line)
            except ValueError:
                continue                        # cut by a kill
            if rec.get("meta"):
                r.meta = r.meta or rec
            elif "collected" in rec:
                r.collected += [n for n in rec["collected"] if n not in r.collected]
            elif "phase" in rec:
                r.phases[rec.get("case")] = rec
            elif "deselected" in rec:
                if not rec.get("resumed"):
                    r.deselected += [n for n in rec["deselected"] if n not in r.deselected]
            elif "nodeid" in rec:
                prev = r.cases.get(rec["nodeid"])
                r.cases[rec["nodeid"]] = merge_rerun(prev, rec) if rec.get("rerun") and prev \
                    else rec
    return r


def merge_rerun(prev, rec):
    """A case that hung or broke its process with the checked compiler, with the
    times and checks of its rerun with the other compilers."""
    out = dict(rec, **prev)                 # the description from the rerun if missing
    out["check"] = {**(rec.get("check") or {}), **(prev.get("check") or {})}
    m = rec.get("measurement")
    if m:
        out["measurement"] = dict(m, separate=list(m.get("stats") or {}))
    out["compiles"] = (prev.get("compiles") or []) + (rec.get("compiles") or [])
    out["notes"] = (prev.get("notes") or []) + [
        "rerun in a separate process with " + ", ".join(sorted(rec.get("check") or {}))
        + (f" ({rec.get('outcome')})" if rec.get("outcome") != "passed" else "")]
    out.pop("rerun", None)
    return out


def append_record(path, rec):
    with open(path, "a", encoding="utf-8") as f:
        f.write(json.dumps(rec) + "\n")


# ----------------------------------------------------------------------------------
# Running
# ----------------------------------------------------------------------------------

def lost_cases(cases, args):
    """{culprit: [node ids]}: cuTile cases that hung, crashed or lost the CUDA
    context with one compiler's kernels (the culprit), so that the other
    compilers have no time yet."""
    lost = {}
    for n, rec in cases.items():
        info = rec if "backend" in rec else from_nodeid(n)
        if info.get("backend") != "cutile":
            continue
        culprit = rec.get("lost_context")
        if culprit is None:
            culprit = next((name for name, c in (rec.get("check") or {}).items()
                            if c.get("result") in ("hung", "crashed")), None)
        stats = (rec.get("measurement") or {}).get("stats") or {}
        if culprit and not any(k != culprit for k in stats):
            lost.setdefault(culprit, []).append(n)
    return lost


def bench_env(compilers, args):
    env = dict(os.environ)
    env.pop("CUDA_HOME", None)
    env.pop("CUDA_PATH", None)
    # The checked compiler first on PATH too, for anything that asks cuTile
    # before the plugin is loaded.
    env["PATH"] = dict(compilers)[args.checked] + os.pathsep + env.get("PATH", "")
    env["CUDA_TILE_CACHE_DIR"] = "off"
    for k, v in CUTILE_ENV.items():
        env.setdefault(k, v)
    env["TILEIR_BENCH_COMPILERS"] = ";".join(f"{n}={os.path.abspath(d)}" for n, d in compilers)
    env["TILEIR_BENCH_CHECKED"] = args.checked
    env["TILEIR_BENCH_MIN_ROUNDS"] = str(args.min_rounds)
    old = env.get("PYTHONPATH")
    env["PYTHONPATH"] = PLUGIN_DIR + (os.pathsep + old if old else "")
    env["PYTHONUNBUFFERED"] = "1"
    env["PYTHONDONTWRITEBYTECODE"] = "1"
    return env


def run_file(file, env, args, limit):
    """Runs one bench file (going on in new processes after hangs and crashes)
    within `limit` seconds. Returns the file's status dict."""
    start = time.monotonic()
    rundir = args.rundir
    os.makedirs(os.path.join(rundir, "logs"), exist_ok=True)
    stem = file[:-3]
    results = os.path.join(rundir, stem + ".jsonl")
    log = os.path.join(rundir, "logs", stem + ".log")
    for p in (results, log):
        if os.path.exists(p):
            os.unlink(p)
    expr = selection(file, args)
    status, rc, notes = "ok", None, []
    for part in range(args.max_resumes + 1):
        progress = os.path.join(rundir, "logs", f"{stem}.part{part}.progress.jsonl")
        if os.path.exists(progress):
            os.unlink(progress)
        penv = dict(env, TILEIR_BENCH_RESULTS=results, TILEIR_PROGRESS=progress,
                    TILEIR_TEST_TIMEOUT=str(args.test_timeout))
        done = read_records(results).cases
        if part:
            deselect = os.path.join(rundir, "logs", f"{stem}.part{part}.done")
            with open(deselect, "w", encoding="utf-8") as f:
                f.writelines(n + "\n" for n in done)
            penv["TILEIR_DESELECT"] = deselect
            penv["TILEIR_BENCH_RESUMED"] = "1"
        left = limit - (time.monotonic() - start)
        if left <= 1:
            status = "timeout"
            break
        cmd = [sys.executable, "-m", "pytest", file, "-q", "-p", "no:cacheprovider",
               "-p", "no:benchmark", "-p", "tileir_progress", "-p", "tileir_bench",
               "-c", args.ini, "--rootdir", args.tests, "--confcutdir", args.tests]
        if expr:
            cmd += ["-k", expr]
        cmd += args.pytest_arg
        rc = run_tests.run_pytest(cmd, args.tests, penv, log, left)
        finished, running, hung = run_tests.parse_progress(progress)
        recs = read_records(results)
        done = recs.cases
        if recs.meta is None and rc is not None:
            status = "crash"
            notes.append(f"pytest exited {rc} before the session started: "
                         + run_tests.log_tail(log))
            break
        if rc is None:
            status = "timeout"
            if running and running not in done:
                notes.append(f"ran out of time in {running}")
            break
        if rc in (0, 1, 5):                     # passed / some failed / nothing collected
            break
        # A hang, a lost CUDA context or a crash: on in a new process.
        if running and running not in done:
            kind = "hung" if hung or rc == HUNG_EXIT else "crashed"
            why = (f"ran over the test timeout ({args.test_timeout:.0f} s)" if kind == "hung"
                   else f"pytest exited {rc}: " + run_tests.log_tail(log))
            phase = recs.phases.get(running) or {}
            if phase:
                why += f", in {phase['phase']}"
            # Whose kernels: the compiler of the step it stopped in (the checked
            # one if it stopped while timing them all).
            whose = phase.get("compiler") or args.checked
            append_record(results, {"nodeid": running, "outcome": "error",
                                    "message": f"{kind}: {why}",
                                    "check": {whose: {"result": kind, "message": why}}})
            notes.append(f"{kind}: {running}")
        elif rc == STICKY_EXIT:
            notes.append(f"CUDA context lost: {running or '?'}")
        else:
            status = "crash"
            notes.append(f"pytest exited {rc} outside any case: " + run_tests.log_tail(log))
            break
    else:
        status = "gave up"
        notes.append(f"stopped after {args.max_resumes} resumes")
    for culprit, nodeids in lost_cases(read_records(results).cases, args).items():
        # Cases that hung or broke their process with one compiler's kernels: the
        # other compilers alone, in a process of their own, for their times.
        others = [(n, d) for n, d in args.compilers if n != culprit]
        left = limit - (time.monotonic() - start)
        if not others or left <= 20:
            continue
        checked = args.checked if args.checked != culprit else others[0][0]
        penv = dict(env, TILEIR_BENCH_RESULTS=results, TILEIR_BENCH_RERUN="1",
                    TILEIR_BENCH_COMPILERS=";".join(f"{n}={d}" for n, d in others),
                    TILEIR_BENCH_CHECKED=checked,
                    TILEIR_PROGRESS=os.path.join(rundir, "logs", f"{stem}.rerun.progress.jsonl"),
                    TILEIR_TEST_TIMEOUT=str(args.test_timeout))
        cmd = [sys.executable, "-m", "pytest", *nodeids, "-q", "-p", "no:cacheprovider",
               "-p", "no:benchmark", "-p", "tileir_progress", "-p", "tileir_bench",
               "-c", args.ini, "--rootdir", args.tests, "--confcutdir", args.tests]
        rrc = run_tests.run_pytest(cmd, args.tests, penv, log, left)
        notes.append(f"rerun without {culprit}: {len(nodeids)} case"
                     + ("s" if len(nodeids) != 1 else "")
                     + ("" if rrc in (0, 1) else f" (pytest exited {rrc})"))
    return {"status": status, "rc": rc, "seconds": round(time.monotonic() - start, 1),
            "select": expr, "notes": notes}


# ----------------------------------------------------------------------------------
# Rows and the table
# ----------------------------------------------------------------------------------

def median(stats_of, label):
    st = (stats_of or {}).get(label) or {}
    return st.get("median_us") if st.get("n") else None


def build_rows(cases, compilers, checked, reference):
    """One row per case without its backend: the cuTile record's times per
    compiler and check, the PyTorch record's time."""
    rows = {}
    for rec in cases:
        if "row" not in rec:
            rec = dict(rec, **from_nodeid(rec["nodeid"]))
        row = rows.setdefault(rec["row"], {
            "row": rec["row"], "file": rec.get("file"), "kernel": rec.get("kernel"),
            "variant": rec.get("variant", ""), "shape": rec.get("shape", ""),
            "dtype": rec.get("dtype", ""), "times_us": {}, "spread": {}, "check": None,
            "outcome": {}, "notes": []})
        m = rec.get("measurement") or {}
        st = m.get("stats") or {}
        backend = rec.get("backend") or "cutile"
        row["outcome"][backend] = rec.get("outcome")
        if backend == "torch":
            if median(st, "torch") is not None:
                row["times_us"]["torch"] = median(st, "torch")
            if rec.get("outcome") == "skipped":
                row["torch_skip"] = rec.get("message", "")
            continue
        for name in compilers:
            t = median(st, name)
            if t is not None:
                row["times_us"][name] = t
                row["spread"][name] = st[name].get("spread")
        row["mode"] = m.get("mode")
        row["interleaved"] = [n for n in m.get("order", []) if n not in m.get("separate", [])]
        row["check"] = (rec.get("check") or {}).get(checked)
        row["checks"] = rec.get("check") or {}
        if rec.get("outcome") in ("skipped", "error") and not rec.get("check"):
            row["check"] = {"result": rec["outcome"], "message": rec.get("message", "")}
        row["notes"] += (m.get("notes") or []) + (rec.get("notes") or [])
        tc, tr = row["times_us"].get(checked), row["times_us"].get(reference)
        if tc and tr:
            row["ratio"] = tc / tr
            row["paired"] = checked in row["interleaved"] and reference in row["interleaved"]
    return sorted(rows.values(), key=lambda r: (r["file"] or "", r["row"]))


def from_nodeid(nodeid):
    """row, backend, file, function and kernel of a case known only by its node id
    (one the runner recorded for a process that hung or crashed)."""
    path, _, name = nodeid.partition("::")
    function, _, ids = name.partition("[")
    ids = ids[:-1] if ids.endswith("]") else ids
    parts = ids.split("-") if ids else []
    backend = next((b for b in ("cutile", "torch") if b in parts), None)
    if backend:
        parts.remove(backend)
    row = f"{path}::{function}" + (f"[{'-'.join(parts)}]" if parts else "")
    kernel = function[len("bench_"):] if function.startswith("bench_") else function
    return {"row": row, "backend": backend, "file": os.path.basename(path),
            "function": function, "kernel": kernel, "variant": "-".join(parts)}


def fmt_us(v):
    if v is None:
        return "—"
    return f"{v:.2f}" if v < 10 else f"{v:.1f}" if v < 10000 else f"{v:.0f}"


def check_cell(c):
    if c is None:
        return "—"
    r = c["result"]
    if r == "pass":
        return "pass" if c.get("compared") else "pass (no assert_close)"
    return {"wrong": "**WRONG**", "compile error": "**compile error**",
            "compile timeout": "**compile timeout**", "error": "**error**",
            "hung": "**hung**", "crashed": "**crashed**"}.get(r, r)


NOISY = 0.05        # a median whose interquartile range is over 5% of it


def table(data):
    compilers, checked, reference = data["compilers"], data["checked"], data["reference"]
    others = [n for n in compilers if n != checked]
    rows = data["rows"]
    cols = ["kernel", "shape", "dtype"] + [f"{display(n)} µs" for n in others] + \
        [f"{display(checked)} µs", f"{display(checked)}/{display(reference)}", "PyTorch µs",
         f"{display(checked)} check"]
    lines = ["| " + " | ".join(cols) + " |",
             "|" + "|".join(["---"] * 3 + ["---:"] * (len(others) + 3) + ["---"]) + "|"]
    failures, noted = [], []
    for r in rows:
        if r.get("check") and r["check"]["result"] == "skipped" and not r["times_us"]:
            continue                                 # listed with the skipped cases
        kernel = r["kernel"] + (f" ({r['variant']})" if r["variant"] else "")
        ratio = "—"
        if r.get("ratio"):
            ratio = f"{r['ratio']:.2f}"
            if not r.get("paired"):
                ratio += " †"
            if any((r["spread"].get(n) or 0) > NOISY for n in (checked, reference)):
                ratio += " ~"
        times = r["times_us"]
        cells = [kernel, r["shape"], r["dtype"]] + [fmt_us(times.get(n)) for n in others] + \
            [fmt_us(times.get(checked)), ratio, fmt_us(times.get("torch")),
             check_cell(r.get("check"))]
        lines.append("| " + " | ".join(c.replace("|", "\\|") for c in cells) + " |")
        for name, c in sorted((r.get("checks") or {}).items()):
            if c["result"] not in ("pass", "skipped"):
                failures.append(f"- `{r['row']}` ({display(name)}): {c['result']}: "
                                f"{c.get('message', '')}")
        if r.get("check") and r["check"]["result"] not in ("pass", "skipped") \
                and not r.get("checks"):
            failures.append(f"- `{r['row']}`: {r['check']['result']}: "
                            f"{r['check'].get('message', '')}")
        for n in dict.fromkeys(r["notes"]):
            noted.append(f"- `{r['row']}`: {n}")
    out = lines + [""]
    paired = [r for r in rows if r.get("ratio") and r.get("paired")]
    if paired:
        geo = math.exp(sum(math.log(r["ratio"]) for r in paired) / len(paired))
        faster = sum(r["ratio"] < 0.95 for r in paired)
        slower = sum(r["ratio"] > 1.05 for r in paired)
        out.append(f"{len(paired)} cases timed with both; {display(checked)}/"
                   f"{display(reference)} geometric mean {geo:.2f}; {display(checked)} faster "
                   f"by over 5% in {faster}, slower by over 5% in {slower}, within 5% in "
                   f"{len(paired) - faster - slower}.")
    checks = [r["check"]["result"] for r in rows if r.get("check") and r["times_us"]]
    out.append(f"{display(checked)} checks: {checks.count('pass')} pass, "
               f"{len(checks) - checks.count('pass')} fail (the benchmark's own comparison "
               "with its reference, run with the kernels of " + display(checked) + ").")
    out.append("")
    out.append(
        "Times: device time of one call in µs, the median over the timed rounds (each "
        "round the mean of the benchmark's iterations, CUDA events), the compilers taking "
        "turns round by round in one process. Ratio: " + display(checked) + "'s median over "
        + display(reference) + "'s (above 1: " + display(checked) + " is slower); † timed in "
        "separate runs, not interleaved (the case failed with one compiler and was run again "
        "with the other); ~ an interquartile range over 5% of a median. Check: pass (with the "
        "benchmark's assert_close calls; \"no assert_close\": the benchmark compares this "
        "case some other way or not at all), WRONG (the comparison failed), compile error, "
        "error.")
    meta = data.get("meta") or {}
    facts = []
    if meta.get("gpu"):
        facts.append(f"GPU {meta['gpu']}")
    if meta.get("torch"):
        facts.append(f"PyTorch {meta['torch']}")
    if meta.get("cuda_tile"):
        facts.append(f"cuda-tile {meta['cuda_tile']}")
    for c in meta.get("compilers") or []:
        facts.append(f"{display(c['name'])}: {c.get('version') or c.get('error', '?')}")
    modes = sorted({r.get("mode") for r in rows if r.get("mode")})
    if modes:
        facts.append("timing: " + ", ".join(modes) +
                     f", at least {meta.get('min_rounds', '?')} rounds")
    if facts:
        out += ["", "; ".join(facts) + "."]
    ct = compile_totals(data["cases"], compilers)
    if ct:
        out += ["", "Compile time (s, summed over the kernels each file compiled; "
                "errors in brackets):", "",
                "| file | " + " | ".join(display(n) for n in compilers) + " |",
                "|---|" + "---:|" * len(compilers)]
        for f in sorted(ct):
            out.append(f"| {f} | " + " | ".join(
                f"{ct[f][n]['seconds']:.1f} ({ct[f][n]['count']})" +
                (f" [{ct[f][n]['errors']}]" if ct[f][n]["errors"] else "")
                if n in ct[f] else "—" for n in compilers) + " |")
        out.append("")
        out.append("Counts in parentheses: compilations.")
    if failures:
        out += ["", "Failures:", ""] + failures
    if noted:
        out += ["", "Notes:", ""] + noted
    files = [(f, st) for f, st in sorted((data.get("files") or {}).items())
             if st.get("status") != "ok" or st.get("notes")]
    if files:
        out += ["", "Files:", ""]
        out += [f"- {f}: {st.get('status')}" + (f" ({'; '.join(st['notes'])})"
                                                if st.get("notes") else "") for f, st in files]
    warned = {}
    for c in data["cases"]:
        for w in c.get("warnings") or []:
            warned.setdefault(w, c.get("file"))
    if warned:
        out += ["", "Warnings (each once, with the first file that gave it):", ""]
        out += [f"- {f}: {w}" for w, f in list(warned.items())[:12]]
        if len(warned) > 12:
            out.append(f"- … {len(warned) - 12} more in the JSON")
    skipped = [(c["nodeid"], c.get("message", "")) for c in data["cases"]
               if c.get("outcome") == "skipped"]
    if skipped:
        out += ["", f"Skipped ({len(skipped)}):", ""] + [f"- `{n}`: {m}" for n, m in skipped]
    left = data.get("left_out") or {}
    not_run = []
    for f, v in sorted(left.items()):
        parts = []
        if v.get("deselected"):
            parts.append(f"{v['deselected']} cases left out by the selection "
                         f"(`-k {v['select']}`)" if v.get("select") else
                         f"{v['deselected']} cases deselected")
        if v.get("not_reached"):
            parts.append(f"{len(v['not_reached'])} not reached ({v.get('status')}): " +
                         ", ".join(f"`{n}`" for n in v["not_reached"][:8]) +
                         (" …" if len(v["not_reached"]) > 8 else ""))
        if v.get("not_run"):
            parts.append("the file was not run (" + v["not_run"] + ")")
        if parts:
            not_run.append(f"- {f}: " + "; ".join(parts))
    if not_run:
        out += ["", "Not run:", ""] + not_run
    return "\n".join(out) + "\n"


def compile_totals(cases, compilers):
    tot = {}
    for c in cases:
        for comp in c.get("compiles") or []:
            f = tot.setdefault(c.get("file") or "?", {})
            t = f.setdefault(comp["compiler"], {"seconds": 0.0, "count": 0, "errors": 0})
            t["seconds"] += comp.get("seconds") or 0
            t["count"] += 1
            t["errors"] += 0 if comp.get("ok") else 1
    return tot


def assemble(meta, cases, files, compilers, checked, reference, left_out):
    cases = sorted(cases, key=lambda c: c["nodeid"])
    data = {"meta": meta or {}, "compilers": compilers, "checked": checked,
            "reference": reference, "files": files, "left_out": left_out, "cases": cases}
    data["rows"] = build_rows(cases, compilers, checked, reference)
    return data


def combine(paths):
    runs = []
    for p in paths:
        with open(p, encoding="utf-8") as f:
            runs.append(json.load(f))
    runs.sort(key=lambda r: (r.get("meta") or {}).get("started", ""))
    cases, files, left = {}, {}, {}
    meta, compilers = {}, []
    for r in runs:
        meta = {**meta, **(r.get("meta") or {})}
        for n in r["compilers"]:
            if n not in compilers:
                compilers.append(n)
        for c in r["cases"]:
            cases[c["nodeid"]] = c
        files.update(r.get("files") or {})
        left.update(r.get("left_out") or {})
    last = runs[-1]
    return assemble(meta, list(cases.values()), files, compilers, last["checked"],
                    last["reference"], left)


# ----------------------------------------------------------------------------------

def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0],
                                 formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--tests", help="cuTile's test/ folder")
    ap.add_argument("--compiler", action="append", default=[], metavar="NAME=BINDIR")
    ap.add_argument("--checked", help="compiler whose results the benchmarks check "
                    "(default: the first)")
    ap.add_argument("--reference", help="compiler the ratio divides by (default: the one "
                    "named tileiras, else the first other)")
    ap.add_argument("--out", default="results-cutile-bench", help="results folder")
    ap.add_argument("--name", default="bench", help="run name (OUT/NAME.json, .md, NAME/)")
    ap.add_argument("--files", nargs="+", metavar="FILE", help="these bench files only")
    ap.add_argument("--all", action="store_true", help="every case (no default selection)")
    ap.add_argument("-k", help="pytest -k expression for every file (replaces the default "
                    "selection)")
    ap.add_argument("--budget", type=float, default=0, help="seconds for the whole run")
    ap.add_argument("--file-timeout", type=float, default=600, help="seconds per file")
    ap.add_argument("--test-timeout", type=float, default=300,
                    help="seconds one case may run (both compilers) before its process ends")
    ap.add_argument("--min-rounds", type=int, default=10, help="timed rounds at least")
    ap.add_argument("--max-resumes", type=int, default=3)
    ap.add_argument("--pytest-arg", action="append", default=[])
    ap.add_argument("--list", action="store_true", help="print the files and selections")
    ap.add_argument("--table", nargs="*", metavar="JSON",
                    help="rebuild OUT/table.md and OUT/combined.json from run JSON files")
    args = ap.parse_args()

    if args.table is not None:
        data = combine(run_tests.run_jsons(args.out, args.table))
        md = table(data)
        run_tests.write_atomic(os.path.join(args.out, "table.md"), md)
        run_tests.write_atomic(os.path.join(args.out, "combined.json"),
                               json.dumps(data, indent=1, default=str))
        print(md, end="")
        return

    if not args.tests:
        ap.error("--tests is required")
    if any(a.startswith("--lock-gpu-clock") for a in args.pytest_arg):
        ap.error("the GPU's clocks are left as they are: no --lock-gpu-clock")
    args.tests = os.path.abspath(args.tests)
    files = discover(args.tests)
    if args.files:
        wanted = [os.path.basename(f) for f in args.files]
        unknown = [f for f in wanted if not os.path.isfile(os.path.join(args.tests, f))]
        if unknown:
            sys.exit(f"not in {args.tests}: {' '.join(unknown)}")
        files = [f for f in files if f in wanted] + [f for f in wanted if f not in files]
    if args.list:
        for f in files:
            expr = selection(f, args)
            print(f"{f:24} {('-k ' + repr(expr)) if expr else '(every case)'}")
        return
    compilers = []
    for c in args.compiler:
        name, sep, bindir = c.partition("=")
        if not sep or not re.fullmatch(r"[A-Za-z0-9_.-]+", name) or not bindir:
            ap.error(f"--compiler wants NAME=BINDIR, got {c!r}")
        if not os.access(os.path.join(bindir, "tileiras"), os.X_OK):
            ap.error(f"no executable tileiras in {bindir}")
        compilers.append((name, os.path.abspath(bindir)))
    if not compilers:
        ap.error("--compiler NAME=BINDIR is required")
    names = [n for n, _ in compilers]
    if len(set(names)) != len(names):
        ap.error("compiler names must differ")
    args.checked = args.checked or names[0]
    if args.checked not in names:
        ap.error(f"--checked {args.checked} is not a --compiler")
    others = [n for n in names if n != args.checked]
    reference = args.reference or ("tileiras" if "tileiras" in others else
                                   (others[0] if others else args.checked))
    if not re.fullmatch(r"[A-Za-z0-9_.-]+", args.name) or args.name == "combined":
        ap.error(f"--name wants letters, digits, '.', '_', '-', got {args.name!r}")

    for sig in (signal.SIGTERM, signal.SIGINT, signal.SIGHUP):
        signal.signal(sig, run_tests.on_signal)
    args.out = os.path.abspath(args.out)
    args.rundir = os.path.join(args.out, args.name)
    os.makedirs(args.rundir, exist_ok=True)
    args.ini = os.path.join(args.out, "pytest-bench.ini")
    run_tests.write_atomic(args.ini, PYTEST_INI)
    args.compilers = compilers
    env = bench_env(compilers, args)
    started = time.monotonic()
    started_at = time.strftime("%Y-%m-%dT%H:%M:%S")
    json_path = os.path.join(args.out, args.name + ".json")
    md_path = os.path.join(args.out, args.name + ".md")
    file_status, meta, cases, left_out = {}, None, [], {}

    def save():
        data = assemble(dict(meta or {}, started=started_at), cases, file_status, names,
                        args.checked, reference, left_out)
        run_tests.write_atomic(json_path, json.dumps(data, indent=1, default=str))
        return data

    for i, f in enumerate(files):
        left = (args.budget - (time.monotonic() - started)) if args.budget else float("inf")
        share = left / (len(files) - i)
        limit = min(args.file_timeout, share)
        expr = selection(f, args)
        if limit < 20:
            file_status[f] = {"status": "not run", "select": expr, "seconds": 0, "notes": []}
            left_out[f] = {"select": expr, "not_run": "no time left in --budget"}
            print(f"{f:24} not run: no time left", flush=True)
            save()
            continue
        print(f"{f:24} running (at most {limit:.0f} s)" + (f", -k {expr!r}" if expr else ""),
              flush=True)
        st = run_file(f, env, args, limit)
        file_status[f] = st
        recs = read_records(os.path.join(args.rundir, f[:-3] + ".jsonl"))
        done, collected, deselected = recs.cases, recs.collected, recs.deselected
        meta = meta or recs.meta
        cases += list(done.values())
        not_reached = [n for n in collected if n not in done]
        left_out[f] = {"select": expr, "deselected": len(deselected),
                       "not_reached": not_reached, "status": st["status"]}
        c = {}
        for rec in done.values():
            c[rec.get("outcome", "?")] = c.get(rec.get("outcome", "?"), 0) + 1
        print(f"{f:24} {st['status']}: " + ", ".join(f"{v} {k}" for k, v in sorted(c.items()))
              + f", {len(not_reached)} not reached, {len(deselected)} deselected, "
              f"{st['seconds']:.0f} s", flush=True)
        save()
    data = save()
    md = table(data)
    run_tests.write_atomic(md_path, md)
    print()
    print(md, end="")


if __name__ == "__main__":
    main()
