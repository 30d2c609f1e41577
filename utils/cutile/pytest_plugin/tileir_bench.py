"""pytest plugin: cuTile Python's benchmarks (test/bench_*.py) timed with
several Tile IR compilers in one process (loaded with `-p tileir_bench`;
run_bench.py is its driver).

It stands in for pytest-benchmark (which it blocks): it provides the
`benchmark` fixture that cuTile's conftest.py wraps, with `pedantic(fn, args,
rounds=, warmup_rounds=, iterations=, cudagraph=)` and `extra_info`, and the
`benchmark` marker and the pytest-benchmark hooks that the conftest
implements.

Environment:
  TILEIR_BENCH_COMPILERS  "name=BINDIR;name=BINDIR": the compilers, each a
                          folder holding a `tileiras` (tileir_compilers.py).
                          Unset: the benchmarks are timed with the compiler
                          cuTile finds by itself, under the name "cutile".
  TILEIR_BENCH_CHECKED    the compiler whose results the benchmark checks
                          (default: the first one)
  TILEIR_BENCH_RESULTS    JSON-lines file, one record per benchmark case
  TILEIR_BENCH_MIN_ROUNDS at least this many timed rounds (default 10; a
                          benchmark asking for more gets more)
  TILEIR_BENCH_RERUN      set: the records are marked as a rerun (run_bench.py
                          reruns, with the other compilers alone, cases whose
                          process the checked compiler's kernels hung or broke)

For a case of a cuTile backend (a `backend`-like fixture whose parameter is
"cutile"), the benchmark function runs once with the checked compiler
selected, so the kernels it launches before timing (its comparison with its
reference) are that compiler's. Its `benchmark.pedantic(...)` then builds a
runner per compiler (warm-up calls, which compile the kernels with that
compiler; a CUDA graph capture if the benchmark asks for one) and times them
in alternating rounds (tileir_timing.py). If the function fails with the
checked compiler (a compile error, a wrong result, any error), it runs again
with each other compiler alone, so that those still get a time; the case is
reported as failed. Cases of other backends (PyTorch) are timed alone, the
same way.

Each record: nodeid, row (the nodeid without the backend parameter), file,
function, backend, params (as text), kernel/variant/shape/dtype, outcome,
check (per compiler: pass with the number of `torch.testing.assert_close`
calls, or compile error / wrong / error and its message), measurement (mode,
rounds, iterations, per-compiler stats in µs and per-round samples, the
paired ratio), compiles (per compilation: kernel, compiler, seconds, cubin
size and hash or the error), extra_info, warnings, notes.
"""
import contextlib
import json
import os
import sys
import time
import warnings

import pytest

import tileir_timing as timing
from tileir_compilers import CompilerSwitch, first_line, parse_compilers

STICKY_EXIT = 88            # exit status after an error that leaves the CUDA context unusable
STICKY_MARKERS = ("illegal memory access", "illegal address", "unspecified launch failure",
                  "misaligned address", "illegal instruction", "device-side assert",
                  "launch failure", "cuda_error_illegal", "cuda_error_launch_failed",
                  "hardware stack error", "context is destroyed")
BACKEND_VALUES = ("cutile", "torch")

SWITCH = None
CHECKED = None
if os.environ.get("TILEIR_BENCH_COMPILERS"):
    SWITCH = CompilerSwitch(parse_compilers(os.environ["TILEIR_BENCH_COMPILERS"])).install()
    CHECKED = os.environ.get("TILEIR_BENCH_CHECKED") or SWITCH.names[0]
    SWITCH.select(CHECKED)

MIN_ROUNDS = int(os.environ.get("TILEIR_BENCH_MIN_ROUNDS") or 10)

_out = None
_asserts = [0]              # torch.testing.assert_close calls in the running case
_reporter = None


# ----------------------------------------------------------------------------------
# pytest-benchmark's place
# ----------------------------------------------------------------------------------

class _BenchmarkHookSpecs:
    """The pytest-benchmark hooks cuTile's conftest.py implements (never called)."""

    @pytest.hookspec
    def pytest_benchmark_update_machine_info(self, config, machine_info):
        pass

    @pytest.hookspec
    def pytest_benchmark_update_json(self, config, benchmarks, output_json):
        pass


def pytest_addhooks(pluginmanager):
    # Block pytest-benchmark (its `benchmark` fixture would shadow ours) and
    # declare its hooks, so that a conftest implementing them still loads.
    if pluginmanager.has_plugin("benchmark"):
        return                              # pytest_configure refuses to go on
    pluginmanager.set_blocked("benchmark")
    pluginmanager.add_hookspecs(_BenchmarkHookSpecs)


def pytest_configure(config):
    global _out, _reporter
    if config.pluginmanager.has_plugin("benchmark"):
        raise pytest.UsageError("tileir_bench replaces pytest-benchmark: run with "
                                "-p no:benchmark before -p tileir_bench")
    config.addinivalue_line("markers", "benchmark(group=None, ...): a benchmark "
                            "(pytest-benchmark's marker; tileir_bench ignores its arguments)")
    _reporter = config.pluginmanager.get_plugin("terminalreporter")
    path = os.environ.get("TILEIR_BENCH_RESULTS")
    if path and _out is None:
        _out = open(path, "a", encoding="utf-8")
    _count_assert_close()


def _count_assert_close():
    try:
        import torch.testing
    except Exception:                       # noqa: BLE001 - no torch: nothing to count
        return
    orig = torch.testing.assert_close
    if getattr(orig, "_tileir_counted", False):
        return

    def assert_close(*args, **kwargs):
        _asserts[0] += 1
        return orig(*args, **kwargs)

    assert_close._tileir_counted = True
    assert_close.__wrapped__ = orig
    torch.testing.assert_close = assert_close


def pytest_sessionstart(session):
    meta = {"meta": True, "started": time.strftime("%Y-%m-%dT%H:%M:%S"),
            "python": sys.version.split()[0], "checked": CHECKED,
            "min_rounds": MIN_ROUNDS}
    try:
        import torch
        meta["torch"] = torch.__version__
        if torch.cuda.is_available():
            meta["gpu"] = torch.cuda.get_device_name()
            props = torch.cuda.get_device_properties(torch.cuda.current_device())
            meta["sm_count"] = props.multi_processor_count
    except Exception as e:                  # noqa: BLE001 - reported
        meta["torch_error"] = first_line(str(e))
    try:
        from importlib.metadata import version
        meta["cuda_tile"] = version("cuda-tile")
    except Exception:                       # noqa: BLE001 - a wheel unpacked by hand
        pass
    if SWITCH is not None:
        meta["compilers"] = SWITCH.describe()
    _write(meta)


def _write(rec):
    if _out is not None:
        _out.write(json.dumps(rec, default=str) + "\n")
        _out.flush()


_case = [None]              # node id of the running case


def _phase(what, compiler=None):
    """Where the running case is, for run_bench.py to tell what hung."""
    if _case[0] is not None:
        _write({"phase": what, "compiler": compiler, "case": _case[0]})


@contextlib.contextmanager
def _phased(compiler, what):
    _phase(f"{compiler}: {what}", compiler)
    with SWITCH.use(compiler):
        yield


def _say(text):
    if _reporter is not None:
        _reporter.write_line(text)


@pytest.fixture
def benchmark(request):
    return BenchFixture(request.node)


class Plan:
    """What pedantic() times: variants {label: compiler name or None}."""

    def __init__(self, variants):
        self.variants = variants


class BenchFixture:
    """The `benchmark` fixture: pedantic() and extra_info, as pytest-benchmark's."""

    def __init__(self, item):
        self.item = item
        self.extra_info = {}
        self.measurements = []
        self.plan = Plan({"cutile": None})
        self._make_runner = None            # set by cuTile's conftest.py

    def __call__(self, fn, *args, **kwargs):
        self.pedantic(fn, args, kwargs, rounds=MIN_ROUNDS, warmup_rounds=1, iterations=1)

    def pedantic(self, target, args=(), kwargs=None, setup=None, rounds=1,
                 warmup_rounds=0, iterations=1, cudagraph=None, **unused):
        if setup is not None:
            made = setup()
            if made is not None:
                args, kwargs = made
        if cudagraph is None:
            # cuTile's conftest pops `cudagraph` and installs its graph runner instead.
            cudagraph = "cudagraph" in getattr(self._make_runner, "__name__", "")
        self.measurements.append(measure(self.plan, target, tuple(args), kwargs or {},
                                         rounds, warmup_rounds, iterations, bool(cudagraph)))


def measure(plan, fn, args, kwargs, rounds, warmup_rounds, iterations, graph, torch=None):
    if torch is None:
        import torch
    selectors = {}
    for label, compiler in plan.variants.items():
        if compiler is None or SWITCH is None:
            selectors[label] = None
        else:
            selectors[label] = (lambda c=compiler: _phased(c, "runs"))
    mark = SWITCH.mark() if SWITCH is not None else None
    runners, mode, note, errors = timing.make_runners(torch, fn, args, kwargs, selectors, graph)
    notes = [note] if note else []
    launches = None
    if SWITCH is not None:
        _, launches = SWITCH.since(mark)
        for label, compiler in plan.variants.items():
            if compiler is not None and label in runners and not launches.get(compiler):
                notes.append(f"{label}: no cuTile launch went through the compiler switch; "
                             "this time is not that compiler's")
    n_rounds = max(int(rounds), MIN_ROUNDS)
    samples = timing.interleave(
        runners, n_rounds, int(warmup_rounds), int(iterations),
        before=lambda label: _phase(f"{label}: timing", plan.variants.get(label)))
    m = {"mode": mode, "rounds": n_rounds, "requested_rounds": int(rounds),
         "warmup_rounds": int(warmup_rounds), "iterations": int(iterations),
         "order": list(runners), "samples_s": samples,
         "stats": {label: timing.stats(s) for label, s in samples.items()},
         "errors": {label: f"{type(e).__name__}: {first_line(str(e))}"
                    for label, e in errors.items()},
         "notes": notes}
    if launches is not None:
        m["launches"] = launches
    labels = list(samples)
    if len(labels) >= 2:
        a, b = labels[0], labels[1]
        m["paired_ratio"] = {f"{a}/{b}": timing.paired_ratio(samples[a], samples[b])}
    return m


# ----------------------------------------------------------------------------------
# Running a case
# ----------------------------------------------------------------------------------

def backend_of(item):
    """("cutile" | "torch", parameter name) of a case, or (None, None)."""
    cs = getattr(item, "callspec", None)
    if cs is not None:
        for k, v in cs.params.items():
            if isinstance(v, str) and v in BACKEND_VALUES and "backend" in k:
                return v, k
    return None, None


_DTYPE_SHORT = {"float16": "f16", "bfloat16": "bf16", "float32": "f32", "float64": "f64",
                "float8_e4m3fn": "f8e4m3fn", "float8_e5m2": "f8e5m2",
                "float8_e8m0fnu": "f8e8m0fnu", "complex32": "c32", "complex64": "c64",
                "complex128": "c128", "int8": "i8", "int16": "i16", "int32": "i32",
                "int64": "i64", "bool": "bool"}


def _is_dtype(v):
    return type(v).__name__ == "dtype" and type(v).__module__.split(".")[0] == "torch"


def _shape_text(v):
    if all(isinstance(x, int) for x in v):
        return "x".join(str(x) for x in v)
    return " / ".join(_shape_text(x) if isinstance(x, (tuple, list)) else str(x) for x in v)


def describe(function, params, skip=()):
    """kernel, variant, shape and dtype texts of a case from its parameters."""
    shape, dtype, variant = [], [], []
    for k, v in params.items():
        if k in skip:
            continue
        if _is_dtype(v):
            name = str(v).replace("torch.", "")
            dtype.append(_DTYPE_SHORT.get(name, name))
        elif isinstance(v, (tuple, list)):
            shape.append(_shape_text(v))
        elif isinstance(v, bool):
            word = k[len("use_"):] if k.startswith("use_") else k
            variant.append(word if v else f"no {word}")
        else:
            variant.append(str(v))
    kernel = function[len("bench_"):] if function.startswith("bench_") else function
    return {"kernel": kernel, "variant": " ".join(variant), "shape": "; ".join(shape),
            "dtype": " ".join(dtype)}


def row_of(item, backend_param):
    """The nodeid without the backend's part of the id."""
    nodeid = item.nodeid
    cs = getattr(item, "callspec", None)
    if backend_param is None or cs is None or "[" not in nodeid:
        return nodeid
    head, _, ids = nodeid.partition("[")
    ids = ids[:-1] if ids.endswith("]") else ids
    value = cs.params[backend_param]
    parts = ids.split("-")
    if value in parts:
        parts.remove(value)
    return f"{head}[{'-'.join(parts)}]" if parts else head


def base_record(item):
    backend, param = backend_of(item)
    cs = getattr(item, "callspec", None)
    params = dict(cs.params) if cs is not None else {}
    path = item.nodeid.split("::", 1)[0]
    function = getattr(item, "originalname", None) or item.name.split("[", 1)[0]
    rec = {"nodeid": item.nodeid, "row": row_of(item, param), "file": os.path.basename(path),
           "function": function, "backend": backend,
           "params": {k: _param_text(v) for k, v in params.items() if k != param}}
    if os.environ.get("TILEIR_BENCH_RERUN"):
        rec["rerun"] = True
    rec.update(describe(function, params, skip=(param,)))
    return rec


def _param_text(v):
    if _is_dtype(v):
        return str(v).replace("torch.", "")
    return v if isinstance(v, (int, float, str, bool, type(None))) else repr(v)


def classify(exc, compiles, compiler):
    """What a failure of the benchmark function with one compiler was."""
    bad = [c for c in compiles if c.get("compiler") == compiler and not c.get("ok")]
    if bad:
        kind = "compile timeout" if "Timeout" in bad[0]["error"] else "compile error"
        return {"result": kind, "message": f"{bad[0]['kernel']}: {bad[0]['error']}"}
    if isinstance(exc, AssertionError):
        return {"result": "wrong", "message": first_line(str(exc)) or "AssertionError"}
    return {"result": "error", "message": f"{type(exc).__name__}: {first_line(str(exc))}"}


def is_sticky(exc):
    """Whether an error (or its text) leaves the CUDA context unusable."""
    text = (exc if isinstance(exc, str) else f"{type(exc).__name__}: {exc}").lower()
    return any(m in text for m in STICKY_MARKERS)


def _run_body(pyfuncitem, funcargs, caught):
    """Runs the benchmark function; returns the exception it raised (a skip is
    raised on). Warnings go into caught."""
    _asserts[0] = 0
    with warnings.catch_warnings(record=True) as ws:
        warnings.simplefilter("always")
        try:
            pyfuncitem.obj(**funcargs)
            exc = None
        except pytest.skip.Exception:
            raise
        except (Exception, pytest.fail.Exception) as e:     # noqa: BLE001 - raised later
            exc = e
        finally:
            for w in ws:
                text = first_line(str(w.message))
                if text and text not in caught:
                    caught.append(text)
    return exc


def _summary(rec):
    m = rec.get("measurement") or {}
    parts = []
    for label, st in (m.get("stats") or {}).items():
        if st.get("n"):
            parts.append(f"{label} {st['median_us']:.1f} us")
    for label, c in rec.get("check", {}).items():
        parts.append(f"{label} check: {c['result']}")
    return f"[bench] {rec['nodeid']}: " + ", ".join(parts or [rec.get("outcome", "?")])


@pytest.hookimpl(tryfirst=True)
def pytest_pyfunc_call(pyfuncitem):
    bench = pyfuncitem.funcargs.get("benchmark")
    if not isinstance(bench, BenchFixture):
        return None
    funcargs = {a: pyfuncitem.funcargs[a] for a in pyfuncitem._fixtureinfo.argnames}
    rec = base_record(pyfuncitem)
    _case[0] = pyfuncitem.nodeid
    caught = []
    rec["warnings"] = caught
    rec["check"] = {}
    rec["notes"] = []
    start = time.monotonic()
    mark = SWITCH.mark() if SWITCH is not None else None
    failure, lost = None, None
    try:
        if rec["backend"] == "torch" or SWITCH is None:
            label = rec["backend"] or "cutile"
            bench.plan = Plan({label: None})
            failure = _run_body(pyfuncitem, funcargs, caught)
            if failure is not None:
                rec["check"][label] = classify(failure, [], None)
                lost = label if is_sticky(failure) else None
        else:
            bench.plan = Plan({n: n for n in [CHECKED] + [n for n in SWITCH.names
                                                           if n != CHECKED]})
            with _phased(CHECKED, "the benchmark function"):
                failure = _run_body(pyfuncitem, funcargs, caught)
            if failure is None:
                rec["check"][CHECKED] = {"result": "pass", "compared": _asserts[0]}
            else:
                rec["check"][CHECKED] = classify(failure, SWITCH.since(mark)[0], CHECKED)
                lost = CHECKED if is_sticky(failure) else None
                # The other compilers alone, for their times (not in a lost context).
                for other in SWITCH.names:
                    if other == CHECKED or lost:
                        continue
                    bench.plan = Plan({other: other})
                    before = SWITCH.mark()
                    with _phased(other, "the benchmark function"):
                        exc = _run_body(pyfuncitem, funcargs, caught)
                    if exc is None:
                        rec["check"][other] = {"result": "pass", "compared": _asserts[0]}
                    else:
                        rec["check"][other] = classify(exc, SWITCH.since(before)[0], other)
                        lost = other if is_sticky(exc) else None
    except pytest.skip.Exception as e:
        rec.update(outcome="skipped", message=first_line(str(e)))
        _finish(rec, bench, mark, start, lost)
        raise
    rec["outcome"] = "failed" if failure is not None else "passed"
    lost = _finish(rec, bench, mark, start, lost)
    if lost:
        sys.stderr.write(f"\n[tileir_bench] {pyfuncitem.nodeid}: the CUDA context is lost "
                         f"({lost}); exiting {STICKY_EXIT}\n")
        sys.stderr.flush()
        os._exit(STICKY_EXIT)
    if failure is not None:
        raise failure
    return True


def _finish(rec, bench, mark, start, lost):
    """Completes and writes the record; returns the compiler (or backend) whose
    run left the CUDA context unusable, if any."""
    _case[0] = None
    rec["seconds"] = round(time.monotonic() - start, 2)
    if bench.measurements:
        rec["measurement"] = _merge(bench.measurements)
    if bench.extra_info:
        rec["extra_info"] = dict(bench.extra_info)
    if SWITCH is not None:
        rec["compiles"] = SWITCH.since(mark)[0]
    for label, err in (rec.get("measurement") or {}).get("errors", {}).items():
        if label not in rec["check"]:
            # The function failed for this compiler in pedantic's warm-up calls.
            bad = [c for c in rec.get("compiles", []) if c["compiler"] == label and not c["ok"]]
            rec["check"][label] = ({"result": "compile error",
                                    "message": f"{bad[0]['kernel']}: {bad[0]['error']}"}
                                   if bad else {"result": "error", "message": err})
            if not lost and is_sticky(err):
                lost = label
    if lost:
        rec["lost_context"] = lost
        rec["notes"].append(f"the CUDA context was unusable after an error with {lost}; "
                            "what had not run yet was not run in this process")
    _write(rec)
    _say(_summary(rec))
    return lost


def _merge(measurements):
    """One measurement of a case: the paired one, plus the times of reruns."""
    first = dict(measurements[0])
    for m in measurements[1:]:
        for key in ("samples_s", "stats", "errors"):
            first[key] = {**first.get(key, {}), **m.get(key, {})}
        first["notes"] = first.get("notes", []) + m.get("notes", [])
        if m.get("mode") != first.get("mode"):
            first["notes"].append(f"{', '.join(m.get('stats', {}))} timed in mode {m['mode']}")
        first.setdefault("separate", []).extend(m.get("stats", {}))
    return first


def pytest_deselected(items):
    _write({"deselected": [i.nodeid for i in items],
            "resumed": bool(os.environ.get("TILEIR_BENCH_RESUMED"))})


def pytest_collection_finish(session):
    _write({"collected": [i.nodeid for i in session.items]})


@pytest.hookimpl(hookwrapper=True)
def pytest_runtest_makereport(item, call):
    """Cases that never reach the benchmark function (a skip mark, a fixture
    that fails) are recorded here."""
    outcome = yield
    report = outcome.get_result()
    if call.when != "setup" or report.passed:
        return
    rec = base_record(item)
    rec.update(outcome="skipped" if report.skipped else "error",
               message=_report_message(report))
    _write(rec)


def _report_message(report):
    lr = report.longrepr
    if isinstance(lr, tuple) and len(lr) == 3:
        text = first_line(str(lr[2]))
        return text[len("Skipped: "):] if text.startswith("Skipped: ") else text
    crash = getattr(lr, "reprcrash", None)
    if crash is not None:
        return first_line(crash.message)
    return first_line(str(lr or ""))
