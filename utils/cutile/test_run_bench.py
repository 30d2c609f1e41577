"""CPU-only tests of the cuTile benchmark runner: run_bench.py, the pytest
plugin pytest_plugin/tileir_bench.py, the compiler switch
(tileir_compilers.py) and the timing (tileir_timing.py).

The compiler switch is tested against the installed cuda.tile, compiling
real kernels with two fake `tileiras` (scripts that write a cubin naming
their compiler). The end-to-end test runs run_bench.py on a fake benchmark
folder laid out like cuTile's (its conftest wraps the `benchmark` fixture and
implements pytest-benchmark's hooks as cuTile's does), with a stand-in for
torch whose GPU is a clock that kernels advance, and cuTile's launch replaced
by one that compiles on first use and runs a kernel as long as its compiler's
cubin says.

    python -m pytest utils/cutile/test_run_bench.py -q     (needs cuda-tile; about 30 s)

With CUTILE_PYTHON set to a cutile-python checkout (the commit of the wheel),
one more test collects its real bench_*.py through run_bench.py (stand-ins for
torch and the GPU query) and checks the default selection and the cases'
descriptions.
"""
import json
import os
import subprocess
import sys

import pytest

HERE = os.path.dirname(os.path.abspath(__file__))
PLUGIN_DIR = os.path.join(HERE, "pytest_plugin")
RUNNER = os.path.join(HERE, "run_bench.py")
sys.path.insert(0, PLUGIN_DIR)
sys.path.insert(0, HERE)

import tileir_timing as timing  # noqa: E402
import run_bench  # noqa: E402


# ----------------------------------------------------------------------------------
# A stand-in for torch: the GPU is a clock in ms; kernels advance it, graphs
# record what is launched while capturing and replay it.
# ----------------------------------------------------------------------------------

FAKE_TORCH = '''
import contextlib, sys, types

__version__ = "0.0-fake"


class dtype:
    def __init__(self, name):
        self.name = name

    def __str__(self):
        return "torch." + self.name

    __repr__ = __str__


float16, bfloat16, float32, uint8 = (dtype(n) for n in ("float16", "bfloat16", "float32", "uint8"))


class _GPU:
    clock = 0.0
    capturing = None
    launches = 0


def _run(action):
    if _GPU.capturing is not None:
        _GPU.capturing.append(action)
    else:
        action()


def _fake_kernel(ms):
    def act():
        _GPU.clock += ms
    _GPU.launches += 1
    _run(act)


class _Buffer:
    def zero_(self):
        _fake_kernel(0.25)


def empty(size, dtype=None, device=None):
    return _Buffer()


cuda = types.ModuleType("torch.cuda")
testing = types.ModuleType("torch.testing")
sys.modules["torch.cuda"] = cuda
sys.modules["torch.testing"] = testing


class Event:
    def __init__(self, enable_timing=False, external=False):
        self.t = None

    def record(self, stream=None):
        def act():
            self.t = _GPU.clock
        _run(act)

    def synchronize(self):
        pass

    def elapsed_time(self, end):
        return end.t - self.t


class CUDAGraph:
    def __init__(self):
        self.actions = []

    def replay(self):
        for a in self.actions:
            a()


class graph:
    fail = False

    def __init__(self, g, pool=None, stream=None):
        self.g = g

    def __enter__(self):
        if graph.fail:
            raise RuntimeError("operation not permitted when stream is capturing")
        _GPU.capturing = self.g.actions = []
        return self

    def __exit__(self, *exc):
        _GPU.capturing = None
        return False


class Stream:
    def wait_stream(self, other):
        pass


_default = Stream()
_current = [_default]


def current_stream():
    return _current[-1]


def default_stream():
    return _default


@contextlib.contextmanager
def stream(s):
    _current.append(s)
    try:
        yield s
    finally:
        _current.pop()


def _props(dev):
    return types.SimpleNamespace(L2_cache_size=1024, multi_processor_count=4)


for _name, _val in dict(Event=Event, CUDAGraph=CUDAGraph, graph=graph, Stream=Stream,
                        current_stream=current_stream, default_stream=default_stream,
                        stream=stream, synchronize=lambda: None, current_device=lambda: 0,
                        get_device_properties=_props, is_available=lambda: False).items():
    setattr(cuda, _name, _val)


def assert_close(actual, expected, **kwargs):
    if actual != expected:
        raise AssertionError(f"Tensor-likes are not close! {actual!r} != {expected!r}")


testing.assert_close = assert_close
'''


@pytest.fixture
def fake_torch(tmp_path, monkeypatch):
    d = tmp_path / "faketorch" / "torch"
    d.mkdir(parents=True)
    (d / "__init__.py").write_text(FAKE_TORCH)
    monkeypatch.syspath_prepend(str(tmp_path / "faketorch"))
    for m in [m for m in sys.modules if m == "torch" or m.startswith("torch.")]:
        monkeypatch.delitem(sys.modules, m)
    import torch
    timing._flush_buffers.clear()
    yield torch
    timing._flush_buffers.clear()


# ----------------------------------------------------------------------------------
# Timing
# ----------------------------------------------------------------------------------

def test_interleave_alternates_and_drops_warmup():
    calls = []

    def runner(name, t):
        def run(iterations):
            calls.append((name, iterations))
            return t
        return run

    samples = timing.interleave({"a": runner("a", 2.0), "b": runner("b", 1.0)},
                                rounds=4, warmup_rounds=1, iterations=7)
    assert [c[0] for c in calls] == ["a", "b", "b", "a", "a", "b", "b", "a", "a", "b"]
    assert all(it == 7 for _, it in calls)
    assert samples == {"a": [2.0] * 4, "b": [1.0] * 4}


def test_stats_and_paired_ratio():
    st = timing.stats([3e-6, 1e-6, 2e-6, 4e-6, 100e-6])
    assert st["n"] == 5
    assert st["median_us"] == pytest.approx(3.0)
    assert st["q1_us"] == pytest.approx(2.0) and st["q3_us"] == pytest.approx(4.0)
    assert st["min_us"] == pytest.approx(1.0) and st["max_us"] == pytest.approx(100.0)
    assert st["spread"] == pytest.approx(2.0 / 3.0)
    assert timing.stats([]) == {"n": 0}
    assert timing.stats([1e-6, 3e-6])["median_us"] == pytest.approx(2.0)
    # Paired: each round's ratio, then the median (drift cancels).
    assert timing.paired_ratio([2, 4, 8], [1, 2, 4]) == pytest.approx(2.0)
    assert timing.paired_ratio([1.0, 3.0, 2.0], [1.0, 1.0, 1.0]) == pytest.approx(2.0)


def test_runners_with_a_fake_gpu(fake_torch):
    torch = fake_torch
    current = {"v": None}
    duration = {"slow": 2.0, "fast": 0.5}

    class select:
        def __init__(self, name):
            self.name = name

        def __enter__(self):
            self.old, current["v"] = current["v"], self.name

        def __exit__(self, *exc):
            current["v"] = self.old

    def fn(x):
        if current["v"] == "broken":
            raise ValueError("does not compile")
        torch._fake_kernel(duration[current["v"]] * x)

    selectors = {n: (lambda n=n: select(n)) for n in ("slow", "fast", "broken")}
    runners, mode, note, errors = timing.make_runners(torch, fn, (2,), {}, selectors, True)
    assert mode == "cudagraph" and note is None
    assert set(runners) == {"slow", "fast"} and "broken" in errors
    # Each replay: flush (not timed) + the kernel; seconds per iteration.
    assert runners["slow"](5) == pytest.approx(4e-3)
    assert runners["fast"](3) == pytest.approx(1e-3)
    # Replays do not call the function again: the graph holds the kernel.
    launches = torch._GPU.launches
    runners["slow"](10)
    assert torch._GPU.launches == launches
    # Eager: back-to-back calls between two events.
    runners, mode, _, _ = timing.make_runners(torch, fn, (1,), {}, {"fast": selectors["fast"]},
                                              False)
    assert mode == "eager"
    assert runners["fast"](4) == pytest.approx(0.5e-3)
    # A capture that fails makes every variant eager.
    torch.cuda.graph.fail = True
    try:
        runners, mode, note, _ = timing.make_runners(
            torch, fn, (1,), {}, {"slow": selectors["slow"], "fast": selectors["fast"]}, True)
    finally:
        torch.cuda.graph.fail = False
    assert mode == "eager" and "capture failed" in note
    assert runners["slow"](2) == pytest.approx(2e-3)


# ----------------------------------------------------------------------------------
# The compiler switch, against the installed cuda.tile
# ----------------------------------------------------------------------------------

FAKE_TILEIRAS = '''#!{python}
import os, sys
NAME = {name!r}
args = sys.argv[1:]
if "--version" in args:
    print("fake " + NAME + " 1.0")
    sys.exit(0)
src = args[0]
out = args[args.index("-o") + 1]
data = open(src, "rb").read()
if NAME == "tileiras" and "probe130400" in os.path.basename(src):
    sys.stderr.write("error: unsupported bytecode version\\n")
    sys.exit(1)
if NAME == "tileir" and b"broken" in data:
    sys.stderr.write("error: cannot compile this kernel\\n")
    sys.exit(1)
with open(out, "wb") as f:
    f.write((NAME + ":" + str(len(data))).encode())
'''

KERNELS = '''
import cuda.tile as ct
from cuda.tile.compilation import ArrayConstraint, CallingConvention, KernelSignature


def signature(tile=16):
    arr = ArrayConstraint(ct.float32, 1, index_dtype=ct.int32, stride_lower_bound_incl=0,
                          alias_groups=(), may_alias_internally=False, stride_constant=(1,),
                          base_addr_divisible_by=16)
    return KernelSignature([arr, arr, tile], CallingConvention.cutile_python_v1())


@ct.kernel
def copy_kernel(a, b, T: ct.Constant[int]):
    t = ct.load(a, index=(ct.bid(0),), shape=(T,))
    ct.store(b, index=(ct.bid(0),), tile=t)


@ct.kernel
def broken_kernel(a, b, T: ct.Constant[int]):
    t = ct.load(a, index=(ct.bid(0),), shape=(T,))
    ct.store(b, index=(ct.bid(0),), tile=t)


@ct.kernel
def sticky_kernel(a, b, T: ct.Constant[int]):
    t = ct.load(a, index=(ct.bid(0),), shape=(T,))
    ct.store(b, index=(ct.bid(0),), tile=t)


@ct.kernel
def slow_kernel(a, b, T: ct.Constant[int]):
    t = ct.load(a, index=(ct.bid(0),), shape=(T,))
    ct.store(b, index=(ct.bid(0),), tile=t)


@ct.kernel
def refslow_kernel(a, b, T: ct.Constant[int]):
    t = ct.load(a, index=(ct.bid(0),), shape=(T,))
    ct.store(b, index=(ct.bid(0),), tile=t)
'''


def make_compilers(root):
    dirs = {}
    for name in ("tileir", "tileiras"):
        d = root / name
        d.mkdir(parents=True)
        p = d / "tileiras"
        p.write_text(FAKE_TILEIRAS.format(python=sys.executable, name=name))
        p.chmod(0o755)
        dirs[name] = str(d)
    return dirs


def _import_kernels(tmp_path, monkeypatch, name):
    d = tmp_path / "kmod"
    d.mkdir(exist_ok=True)
    (d / f"{name}.py").write_text(KERNELS)
    monkeypatch.syspath_prepend(str(d))
    import importlib
    return importlib.import_module(name)


@pytest.fixture
def switch(tmp_path, monkeypatch):
    pytest.importorskip("cuda.tile")
    import cuda.tile as ct
    import cuda.tile._compile as cm
    from tileir_compilers import CompilerSwitch
    monkeypatch.setenv("CUDA_TILE_CACHE_DIR", "off")
    monkeypatch.setattr(cm, "_find_pip_tileiras", lambda: None)
    dirs = make_compilers(tmp_path / "bin")
    sw = CompilerSwitch([("tileir", dirs["tileir"]), ("tileiras", dirs["tileiras"])])
    orig_launch, orig_compile = ct.launch, ct.kernel.__dict__["_compile"]
    sw.install()
    yield sw, ct, cm, dirs
    sw.uninstall()
    assert ct.launch is orig_launch and ct.kernel.__dict__["_compile"] is orig_compile


def test_switch_compiles_each_kernel_with_each_compiler(switch, tmp_path, monkeypatch):
    sw, ct, cm, dirs = switch
    from cuda.tile._cext import default_tile_context
    k = _import_kernels(tmp_path, monkeypatch, "kernels_switch")
    jit = {}            # stands in for the dispatcher's per-object JIT cache
    launched = []

    def fake_launch(stream, grid, kernel, sig, **kw):
        if id(kernel) not in jit:
            jit[id(kernel)] = (kernel, kernel._compile(sig, default_tile_context, (9, 0))[0])
        launched.append((kernel, jit[id(kernel)][1]))

    sw.orig_launch = fake_launch
    sig = k.signature()
    assert cm._find_compiler_bin().path == os.path.join(dirs["tileir"], "tileiras")
    with sw.use("tileiras"):
        assert cm._find_compiler_bin().path == os.path.join(dirs["tileiras"], "tileiras")
        assert "fake tileiras" in cm._get_compiler_version_string()
    v_ir = cm._get_max_supported_bytecode_version(default_tile_context.config.temp_dir)
    with sw.use("tileiras"):
        v_as = cm._get_max_supported_bytecode_version(default_tile_context.config.temp_dir)
    assert v_ir.as_string() == "13.4" and v_as.as_string() == "13.3"

    ct.launch(0, (1,), k.copy_kernel, sig)
    with sw.use("tileiras"):
        ct.launch(0, (1,), k.copy_kernel, sig)
    ct.launch(0, (1,), k.copy_kernel, sig)
    (c1, b1), (c2, b2), (c3, b3) = launched
    assert b1.startswith(b"tileir:") and b2.startswith(b"tileiras:")
    assert c1 is c3 and c1 is not c2 and c1 is not k.copy_kernel
    assert id(k.copy_kernel) not in jit                  # the original never compiled
    assert sw.owner(c1) == "tileir" and sw.owner(c2) == "tileiras"
    assert [(c["kernel"], c["compiler"], c["ok"]) for c in sw.compiles] == [
        ("copy_kernel", "tileir", True), ("copy_kernel", "tileiras", True)]
    assert sw.launches == {"tileir": 2, "tileiras": 1}
    # A clone compiles with its own compiler whatever is selected.
    clone = sw.clone_for(k.copy_kernel, "tileiras")
    with sw.use("tileir"):
        cubin = clone._compile(k.signature(32), default_tile_context, (9, 0))[0]
    assert cubin.startswith(b"tileiras:")
    # A failing compilation is recorded with its compiler, and raised.
    with pytest.raises(Exception, match="cannot compile"):
        ct.launch(0, (1,), k.broken_kernel, sig)
    assert sw.compiles[-1]["compiler"] == "tileir" and not sw.compiles[-1]["ok"]
    with sw.use("tileiras"):
        ct.launch(0, (1,), k.broken_kernel, sig)
    assert sw.compiles[-1]["ok"]
    info = {d["name"]: d for d in sw.describe()}
    assert info["tileiras"]["version"] == "fake tileiras 1.0"


def test_switch_refuses_a_compiler_cutile_would_not_use(switch, monkeypatch):
    sw, ct, cm, dirs = switch
    monkeypatch.setattr(cm, "_find_pip_tileiras", lambda: "/elsewhere/tileiras")
    sw._binaries.clear()
    with pytest.raises(RuntimeError, match="cuTile picks /elsewhere/tileiras"):
        cm._find_compiler_bin()


# ----------------------------------------------------------------------------------
# End to end: run_bench.py on a fake benchmark folder
# ----------------------------------------------------------------------------------

CONFTEST = '''
# Laid out like cuTile's test/conftest.py: wraps pytest-benchmark's fixture,
# implements its hooks, picks backends by name.
from functools import partial
import time
import pytest
import torch
import cuda.tile._compile as _c
import tileir_bench

_c._find_pip_tileiras = lambda: None       # the build venv has NVIDIA's wheel


def benchmark_eager_runner(f, args, kwargs):
    raise AssertionError("tileir_bench times itself")


def benchmark_cudagraph_runner(f, args, kwargs):
    raise AssertionError("tileir_bench times itself")


@pytest.fixture
def benchmark(benchmark):
    benchmark._make_runner = benchmark_eager_runner

    def pedantic(original, *args, **kwargs):
        if kwargs.pop("cudagraph", False):
            benchmark._make_runner = benchmark_cudagraph_runner
        return original(*args, **kwargs)

    benchmark.pedantic = partial(pedantic, benchmark.pedantic)
    return benchmark


@pytest.fixture(params=["cutile", "torch"])
def backend(request):
    name = request.function.__name__[len("bench_"):]
    return getattr(request.module, f"{request.param}_{name}")


def pytest_benchmark_update_machine_info(config, machine_info):
    pass


def pytest_benchmark_update_json(config, benchmarks, output_json):
    pass


# cuTile's launch, faked: compile on first use per kernel object, then a kernel
# as long as its compiler's cubin says.
from cuda.tile._cext import default_tile_context
DURATION = {"tileir": 2.0, "tileiras": 1.0}
JIT = {}
LAST = {}


def fake_launch(stream, grid, kernel, sig, **kwargs):
    if id(kernel) not in JIT:
        JIT[id(kernel)] = (kernel, kernel._compile(sig, default_tile_context, (9, 0))[0])
    by = JIT[id(kernel)][1].decode().split(":")[0]
    LAST["by"] = by
    name = kernel._pyfunc.__name__
    if name == "sticky_kernel" and by == "tileir":
        raise RuntimeError("CUDA error: an illegal memory access was encountered")
    if (name, by) in (("slow_kernel", "tileir"), ("refslow_kernel", "tileiras")):
        time.sleep(60)
    torch._fake_kernel(DURATION[by])


tileir_bench.SWITCH.orig_launch = fake_launch
'''

BENCH_A = '''
import warnings
import pytest
import torch
import cuda.tile as ct
import kernels
from conftest import LAST

SIG = kernels.signature()


@pytest.fixture(params=[(1024, 1024), (4096, 512)], ids=lambda s: "-".join(map(str, s)))
def shape(request):
    return request.param


@pytest.fixture(params=[torch.float16, torch.float32], ids=lambda d: d.name)
def dtype(request):
    return request.param


@pytest.mark.benchmark(group="copy")
def bench_copy(shape, dtype, backend, benchmark):
    assert backend(shape) == "ok"
    torch.testing.assert_close(backend(shape), "ok")
    benchmark.pedantic(backend, (shape,), rounds=3, warmup_rounds=1, iterations=4,
                       cudagraph=True)
    benchmark.extra_info["bytes_rw"] = 8


def cutile_copy(shape):
    warnings.warn("no tuned benchmark config for GPU Fake; using copy config tuned for Other")
    ct.launch(torch.cuda.current_stream(), (1,), kernels.copy_kernel, SIG)
    return "ok"


def torch_copy(shape):
    torch._fake_kernel(0.5)
    return "ok"


@pytest.mark.parametrize("mode", ["forward"])
def bench_wrong(mode, backend, benchmark):
    torch.testing.assert_close(backend(), "ok")
    benchmark.pedantic(backend, (), rounds=2, warmup_rounds=0, iterations=2)


def cutile_wrong():
    ct.launch(torch.cuda.current_stream(), (1,), kernels.copy_kernel, SIG)
    return "ok" if LAST["by"] == "tileiras" else "bad"


def torch_wrong():
    torch._fake_kernel(0.5)
    return "ok"


def bench_broken(backend, benchmark):
    backend()
    benchmark.pedantic(backend, (), rounds=2, warmup_rounds=1, iterations=2, cudagraph=True)


def cutile_broken():
    ct.launch(torch.cuda.current_stream(), (1,), kernels.broken_kernel, SIG)


def torch_broken():
    torch._fake_kernel(0.5)


@pytest.mark.skipif(True, reason="feature requires Blackwell or newer")
def bench_blackwell(backend, benchmark):
    pass


def cutile_blackwell():
    pass


def torch_blackwell():
    pass
'''

BENCH_B = '''
import pytest
import torch
import cuda.tile as ct
import kernels

SIG = kernels.signature()


def bench_sticky(backend, benchmark):
    backend()
    benchmark.pedantic(backend, (), rounds=2, iterations=2)


def cutile_sticky():
    ct.launch(torch.cuda.current_stream(), (1,), kernels.sticky_kernel, SIG)


def torch_sticky():
    torch._fake_kernel(0.5)


def bench_slow(backend, benchmark):
    backend()
    benchmark.pedantic(backend, (), rounds=2, iterations=2)


def cutile_slow():
    ct.launch(torch.cuda.current_stream(), (1,), kernels.slow_kernel, SIG)


def torch_slow():
    torch._fake_kernel(0.5)


def bench_refslow(backend, benchmark):
    backend()
    benchmark.pedantic(backend, (), rounds=2, iterations=2, cudagraph=True)


def cutile_refslow():
    ct.launch(torch.cuda.current_stream(), (1,), kernels.refslow_kernel, SIG)


def torch_refslow():
    torch._fake_kernel(0.5)


def bench_after(backend, benchmark):
    backend()
    benchmark.pedantic(backend, (), rounds=2, iterations=2, cudagraph=True)


def cutile_after():
    ct.launch(torch.cuda.current_stream(), (1,), kernels.copy_kernel, SIG)


def torch_after():
    torch._fake_kernel(0.5)
'''


def test_run_bench_end_to_end(tmp_path):
    pytest.importorskip("cuda.tile")
    tests = tmp_path / "tests"
    tests.mkdir()
    (tests / "conftest.py").write_text(CONFTEST)
    (tests / "kernels.py").write_text(KERNELS)
    (tests / "bench_a.py").write_text(BENCH_A)
    (tests / "bench_b.py").write_text(BENCH_B)
    (tests / "test_ignored.py").write_text("def test_x():\n    assert False\n")
    torch_dir = tmp_path / "faketorch" / "torch"
    torch_dir.mkdir(parents=True)
    (torch_dir / "__init__.py").write_text(FAKE_TORCH)
    dirs = make_compilers(tmp_path / "bin")
    out = tmp_path / "out"
    env = dict(os.environ, PYTHONPATH=str(tmp_path / "faketorch") + os.pathsep +
               os.environ.get("PYTHONPATH", ""))
    cmd = [sys.executable, RUNNER, "--tests", str(tests), "--out", str(out),
           "--compiler", f"tileir={dirs['tileir']}", "--compiler",
           f"tileiras={dirs['tileiras']}", "--min-rounds", "5", "--test-timeout", "8",
           "--budget", "300"]
    p = subprocess.run(cmd, env=env, capture_output=True, text=True, timeout=600)
    logs = ""
    for root, _, files in os.walk(out):
        for f in files:
            if f.endswith(".log"):
                logs += open(os.path.join(root, f)).read()
    assert p.returncode == 0, p.stdout + p.stderr + logs
    data = json.loads((out / "bench.json").read_text())
    md = (out / "bench.md").read_text()
    rows = {r["row"]: r for r in data["rows"]}
    cases = {c["nodeid"]: c for c in data["cases"]}

    # Paired, interleaved, graph-timed: tileir 2 ms, tileiras 1 ms, torch 0.5 ms.
    r = rows["bench_a.py::bench_copy[1024-1024-float16]"]
    assert r["times_us"] == {"tileir": pytest.approx(2000), "tileiras": pytest.approx(1000),
                             "torch": pytest.approx(500)}
    assert r["ratio"] == pytest.approx(2.0) and r["paired"] and r["mode"] == "cudagraph"
    assert r["check"] == {"result": "pass", "compared": 1}
    assert (r["kernel"], r["shape"], r["dtype"]) == ("copy", "1024x1024", "f16")
    c = cases["bench_a.py::bench_copy[1024-1024-float16-cutile]"]
    m = c["measurement"]
    assert m["rounds"] == 5 and m["requested_rounds"] == 3 and m["iterations"] == 4
    assert m["paired_ratio"]["tileir/tileiras"] == pytest.approx(2.0)
    assert m["launches"]["tileiras"] > 0 and c["extra_info"] == {"bytes_rw": 8}
    assert sorted((x["kernel"], x["compiler"]) for x in c["compiles"]) in (
        [("copy_kernel", "tileir"), ("copy_kernel", "tileiras")], [])
    assert len([x for x in rows if x.startswith("bench_a.py::bench_copy[")]) == 4

    # Wrong with the checked compiler: reported, then tileiras timed alone.
    r = rows["bench_a.py::bench_wrong[forward]"]
    assert r["check"]["result"] == "wrong" and "not close" in r["check"]["message"]
    assert r["checks"]["tileiras"]["result"] == "pass"
    assert r["times_us"]["tileiras"] == pytest.approx(1000) and "tileir" not in r["times_us"]
    assert r["mode"] == "eager" and r["kernel"] == "wrong" and r["variant"] == "forward"
    # A compile error with the checked compiler.
    r = rows["bench_a.py::bench_broken"]
    assert r["check"]["result"] == "compile error" and "broken_kernel" in r["check"]["message"]
    assert r["times_us"]["tileiras"] == pytest.approx(1000)
    assert cases["bench_a.py::bench_broken[cutile]"]["outcome"] == "failed"
    # Skipped by a mark.
    assert cases["bench_a.py::bench_blackwell[cutile]"]["outcome"] == "skipped"
    assert "Blackwell" in cases["bench_a.py::bench_blackwell[cutile]"]["message"]

    # bench_b: a lost CUDA context ends the process, a hang is stopped by the
    # watchdog; each time the file goes on without the cases done.
    c = cases["bench_b.py::bench_sticky[cutile]"]
    assert c["check"]["tileir"]["result"] == "error" and "illegal memory" in \
        c["check"]["tileir"]["message"]
    c = cases["bench_b.py::bench_slow[cutile]"]
    assert c["outcome"] == "error" and c["message"].startswith("hung")
    # Both were run again with tileiras alone, in a process of their own.
    for name in ("sticky", "slow"):
        r = rows[f"bench_b.py::bench_{name}"]
        assert r["checks"]["tileiras"]["result"] == "pass", r
        assert r["times_us"]["tileiras"] == pytest.approx(1000) and not r.get("paired")
        assert any("rerun in a separate process" in n for n in r["notes"])
    assert rows["bench_b.py::bench_slow"]["check"]["result"] == "hung"
    # A hang in tileiras's kernels (its runner's warm-up): TileIR alone after it.
    r = rows["bench_b.py::bench_refslow"]
    assert r["checks"]["tileiras"]["result"] == "hung"
    assert "in tileiras: runs" in r["checks"]["tileiras"]["message"]
    assert r["check"] == {"result": "pass", "compared": 0}
    assert r["times_us"]["tileir"] == pytest.approx(2000) and "tileiras" not in r["times_us"]
    assert "rerun without tileir: 2 cases" in data["files"]["bench_b.py"]["notes"]
    assert cases["bench_b.py::bench_after[cutile]"]["outcome"] == "passed"
    assert cases["bench_b.py::bench_after[torch]"]["outcome"] == "passed"
    assert cases["bench_b.py::bench_sticky[torch]"]["outcome"] == "passed"
    st = data["files"]["bench_b.py"]
    assert st["status"] == "ok" and any("hung" in n for n in st["notes"])

    # The table.
    assert "| kernel | shape | dtype | tileiras µs | TileIR µs | TileIR/tileiras | PyTorch µs " \
           "| TileIR check |" in md
    assert "| copy | 1024x1024 | f16 | 1000.0 | 2000.0 | 2.00 | 500.0 | pass |" in md
    assert "| wrong (forward) |  |  | 1000.0 | — | — | 500.0 | **WRONG** |" in md
    assert "**compile error**" in md and "Skipped (2):" in md
    assert "geometric mean 2.00" in md
    assert "- bench_a.py: no tuned benchmark config for GPU Fake; using copy config tuned " \
           "for Other" in md
    assert "- bench_b.py: ok (CUDA context lost: bench_b.py::bench_sticky[cutile]; hung: " \
           "bench_b.py::bench_slow[cutile]; hung: bench_b.py::bench_refslow[cutile]; rerun " \
           "without tileir: 2 cases; rerun without tileiras: 1 case)" in md
    assert "fake tileiras 1.0" in md
    assert data["meta"]["compilers"][0]["name"] == "tileir"

    # --table rebuilds the same rows from the run JSON.
    p = subprocess.run([sys.executable, RUNNER, "--out", str(out), "--table"],
                       capture_output=True, text=True)
    assert p.returncode == 0, p.stderr
    assert "| copy | 1024x1024 | f16 | 1000.0 | 2000.0 | 2.00 | 500.0 | pass |" in p.stdout


def test_selection_and_left_out(tmp_path):
    tests = tmp_path / "tests"
    tests.mkdir()
    for f in ("bench_attention.py", "bench_vec_add.py", "bench_zzz.py", "test_a.py"):
        (tests / f).write_text("")
    assert run_bench.discover(str(tests)) == ["bench_vec_add.py", "bench_attention.py",
                                              "bench_zzz.py"]

    class A:
        k, all = None, False
    assert run_bench.selection("bench_vec_add.py", A) == run_bench.SELECT["bench_vec_add.py"]
    assert run_bench.selection("bench_zzz.py", A) == ""
    A.all = True
    assert run_bench.selection("bench_vec_add.py", A) == ""
    A.k = "f16"
    assert run_bench.selection("bench_vec_add.py", A) == "f16"

    data = run_bench.assemble({}, [], {}, ["tileir", "tileiras"], "tileir", "tileiras", {
        "bench_matmul.py": {"select": "8K", "deselected": 30, "not_reached": ["a", "b"],
                            "status": "timeout"},
        "bench_moe.py": {"select": "x", "not_run": "no time left in --budget"}})
    md = run_bench.table(data)
    assert "- bench_matmul.py: 30 cases left out by the selection (`-k 8K`); 2 not reached " \
           "(timeout): `a`, `b`" in md
    assert "- bench_moe.py: the file was not run (no time left in --budget)" in md


def test_describe_and_rows():
    import tileir_bench as tb

    class dtype:                    # looks like torch.dtype to describe()
        def __init__(self, n):
            self.n = n

        def __str__(self):
            return "torch." + self.n
    dtype.__module__ = "torch"
    d = tb.describe("bench_fmha", {"qkv_shape": ((1, 32, 1024, 128), (1, 8, 1024, 128)),
                                   "dtype": dtype("bfloat16"), "backend": "cutile"},
                    skip=("backend",))
    assert d == {"kernel": "fmha", "variant": "", "shape": "1x32x1024x128 / 1x8x1024x128",
                 "dtype": "bf16"}
    d = tb.describe("bench_vec_add", {"shape": (1 << 27,), "dtype": dtype("float32"),
                                      "use_gather": True, "algo": "gather"})
    assert d["variant"] == "gather gather" and d["shape"] == "134217728"
    assert tb.describe("bench_x", {"use_gather": False, "is_causal": True})["variant"] == \
        "no gather is_causal"
    assert tb.classify(AssertionError("Tensor-likes are not close!\nmore"), [], "x") == \
        {"result": "wrong", "message": "Tensor-likes are not close!"}
    assert tb.classify(ValueError("v"), [{"compiler": "x", "ok": False, "kernel": "k",
                                          "error": "TileCompilerTimeoutError: t"}], "x")[
        "result"] == "compile timeout"
    assert tb.is_sticky(RuntimeError("CUDA error: unspecified launch failure"))
    assert not tb.is_sticky(AssertionError("Tensor-likes are not close!"))


# ----------------------------------------------------------------------------------
# The default selection against cuTile's own benchmark files (collection only)
# ----------------------------------------------------------------------------------

STUB_TORCH = '''
"""Collection-only stand-in for torch: dtypes are objects of a class named
dtype, anything else is inert."""
import importlib.abc, importlib.machinery, re, sys, types

__version__ = "0.0-collect"


class dtype:
    def __init__(self, name):
        self.name = name

    def __repr__(self):
        return "torch." + self.name

    __str__ = __repr__


class _Inert:
    def __init__(self, name):
        self._name = name

    def __getattr__(self, key):
        if key.startswith("__"):
            raise AttributeError(key)
        return _Inert(self._name + "." + key)

    def __call__(self, *args, **kwargs):
        if len(args) == 1 and not kwargs and callable(args[0]):
            return args[0]
        return _Inert(self._name + "()")

    def __mro_entries__(self, bases):
        return (object,)

    def __getitem__(self, key):
        return self

    def __iter__(self):
        return iter(())


_DTYPE = re.compile(r"(float|bfloat|int|uint|complex)\\d.*|bool")
_cache = {}


def _getattr(prefix):
    def getattr_(key):
        if key.startswith("__"):
            raise AttributeError(key)
        full = prefix + "." + key
        if full not in _cache:
            _cache[full] = dtype(key) if prefix == "torch" and _DTYPE.fullmatch(key) \\
                else _Inert(full)
        return _cache[full]
    return getattr_


__getattr__ = _getattr("torch")


class _Finder(importlib.abc.MetaPathFinder, importlib.abc.Loader):
    def find_spec(self, name, path, target=None):
        if name.startswith("torch."):
            return importlib.machinery.ModuleSpec(name, self, is_package=True)
        return None

    def create_module(self, spec):
        m = types.ModuleType(spec.name)
        m.__path__ = []
        m.__getattr__ = _getattr(spec.name)
        return m

    def exec_module(self, module):
        pass


sys.meta_path.insert(0, _Finder())
'''

COLLECT_STUB = '''
"""pytest plugin for collecting without a GPU: cuTile's GPU query answers
sm_90, NVIDIA's tileiras wheel in the build venv is not cuTile's choice, and
each case's description is printed."""
import cuda.tile._cext as _cext
import cuda.tile._compile as _compile

_cext.get_compute_capability = lambda *a, **k: (9, 0)
_compile._find_pip_tileiras = lambda: None


def pytest_collection_finish(session):
    import tileir_bench
    for item in session.items:
        r = tileir_bench.base_record(item)
        print("CASE", r["nodeid"], "|", r["row"], "|", r["kernel"], "|", r["variant"], "|",
              r["shape"], "|", r["dtype"])
'''


@pytest.mark.skipif(not os.environ.get("CUTILE_PYTHON"),
                    reason="set CUTILE_PYTHON to a cutile-python checkout at the wheel's commit")
def test_selection_against_cutile_sources(tmp_path):
    """Collects cuTile's bench_*.py with the default selection (through
    run_bench.py and the plugin, real conftest.py, stand-ins for torch and the
    GPU) and checks what each file selects."""
    pytest.importorskip("cuda.tile")
    tests = os.path.join(os.environ["CUTILE_PYTHON"], "test")
    stub = tmp_path / "stub"
    (stub / "torch").mkdir(parents=True)
    (stub / "torch" / "__init__.py").write_text(STUB_TORCH)
    (stub / "collect_stub.py").write_text(COLLECT_STUB)
    dirs = make_compilers(tmp_path / "bin")
    out = tmp_path / "out"
    env = dict(os.environ, PYTHONPATH=str(stub))
    p = subprocess.run([sys.executable, RUNNER, "--tests", tests, "--out", str(out),
                        "--compiler", f"tileir={dirs['tileir']}",
                        "--compiler", f"tileiras={dirs['tileiras']}",
                        "--pytest-arg=--collect-only", "--pytest-arg=-p",
                        "--pytest-arg=collect_stub"],
                       env=env, capture_output=True, text=True, timeout=600)
    assert p.returncode == 0, p.stdout + p.stderr
    data = json.loads((out / "bench.json").read_text())
    selected = {f: len(v["not_reached"]) for f, v in data["left_out"].items()}
    assert selected == {"bench_vec_add.py": 12, "bench_transpose.py": 4, "bench_fft.py": 4,
                        "bench_rms_norm.py": 12, "bench_layer_norm.py": 8, "bench_moe.py": 4,
                        "bench_matmul.py": 18, "bench_attention.py": 8}, selected
    cases = {}
    for f in os.listdir(out / "bench" / "logs"):
        for line in open(out / "bench" / "logs" / f):
            if line.startswith("CASE "):
                parts = [x.strip() for x in line[5:].split("|")]
                cases[parts[0]] = parts[1:]
    assert cases["bench_matmul.py::bench_matmul[8K-8K-8K-f16-cutile]"] == [
        "bench_matmul.py::bench_matmul[8K-8K-8K-f16]", "matmul", "", "8192x8192x8192", "f16"]
    assert cases["bench_attention.py::bench_fmha[decode-8-32-32-1-1K-128-bf16-torch]"] == [
        "bench_attention.py::bench_fmha[decode-8-32-32-1-1K-128-bf16]", "fmha", "",
        "8x32x1x128 / 8x32x1024x128", "bf16"]
    assert cases["bench_vec_add.py::bench_vec_add[128M-1Mx128-f32-cutile-gather]"][1:] == [
        "vec_add", "gather", "1048576x128", "f32"]
    assert cases["bench_rms_norm.py::bench_rms_norm[64K-4K-f32-persistent-cutile]"][1:] == [
        "rms_norm", "persistent", "65536x4096", "f32"]
