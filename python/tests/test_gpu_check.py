"""utils/gpu_check.py: its helpers (CPU), its checking logic with fake kernels (PyTorch on
the CPU) and a short real run (GPU, with kernels from the compiler or the cache)."""

import argparse
import dataclasses
import importlib.util
import json
import math
import re
import sys

import pytest

import tileir
from conftest import REPO_ROOT


@pytest.fixture(scope="module")
def gpu_check():
    spec = importlib.util.spec_from_file_location("gpu_check", REPO_ROOT / "utils" / "gpu_check.py")
    module = importlib.util.module_from_spec(spec)
    sys.modules["gpu_check"] = module
    spec.loader.exec_module(module)
    yield module
    del sys.modules["gpu_check"]


def test_bench_hints(gpu_check):
    text = """// tileir-bench: entry=vadd_view tile=2048
cuda_tile.module @m {
  // tileir-bench: entry=softmax_128 tile=4 mode=rows
  // not a hint: tileir-bench: entry=x tile=1
}
//tileir-bench: entry=vadd_view extra=-3
"""
    assert gpu_check.parse_bench_hints(text) == {
        "vadd_view": {"tile": 2048, "extra": -3},
        "softmax_128": {"tile": 4, "mode": "rows"},
    }


@pytest.mark.parametrize(
    "line, message",
    [
        ("// tileir-bench: tile=4", "line 2: tileir-bench expects entry=NAME"),
        ("// tileir-bench: entry=k tile", "line 2: expects key=value, got 'tile'"),
        ("// tileir-bench: entry=k tile=0", "line 2: tile expects a positive int"),
        ("// tileir-bench: entry=k tile=big", "line 2: tile expects a positive int"),
    ],
)
def test_bad_bench_hints(gpu_check, line, message):
    with pytest.raises(ValueError, match=re.escape(message)):
        gpu_check.parse_bench_hints("cuda_tile.module @m {}\n" + line)


def test_params_compatible(gpu_check):
    ok = gpu_check.params_compatible
    assert ok(("ptr", "ptr", "i32"), ("ptr", "ptr", "i32"))
    assert ok(("b64", "ptr", "b32"), ("ptr", "ptr", "i32"))
    assert not ok(("bf16",), ("i16",))
    assert not ok(("ptr", "ptr", "i32", "i32"), ("ptr", "ptr", "i32"))
    assert not ok(("f32",), ("i32",))


def test_labels_and_table(gpu_check):
    assert [gpu_check.size_label(s) for s in [(1,), (2**20 + 3,), (2**28,), (1007, 8192)]] == [
        "1", "2^20+3", "2^28", "1007x8192"]
    table = gpu_check.format_table(["kernel", "us"], [["a", "1.0"], ["longer", "100.5"]])
    assert table.splitlines() == ["kernel     us", "------  -----", "a         1.0", "longer  100.5"]


def test_rotation_sets(gpu_check):
    assert gpu_check.rotation_sets(gpu_check.L2_BYTES) == 1
    assert gpu_check.rotation_sets(10 * 2**20) == 15
    assert gpu_check.rotation_sets(1024) == 64


def test_small_sizes(gpu_check):
    # TILEIR_CHECK_SMALL (utils/gpu-checks/sanitize.sh): tails and several tiles kept, rows cut.
    assert gpu_check.small_sizes(((1,), (1000,), (2**20 + 3,))) == ((1,), (1000,), (5003,))
    assert gpu_check.small_sizes(((1007, 8192), (37, 5), (1000, 16))) == ((37, 8192), (37, 5), (37, 16))
    assert gpu_check.small_sizes(((1, 4), (37, 200), (1000, 128), (65536, 1024))) == (
        (1, 4), (37, 200), (37, 128), (37, 1024))
    assert gpu_check.small_sizes(((2**20 + 3,), (2**26,))) == ((5003,),)


def test_ratios(gpu_check):
    T = gpu_check.Timing
    copy = T("copy (torch)", (2**28,), 2000, 1.0, 1.0, 1.0)
    mine = T("vadd_view", (8,), 1500, 1.0, 1.0, 1.0)
    torch_row = T("torch.add", (8,), 1500, 1.5, 1.5, 1.5)
    triton_row = T("triton add", (8,), 1500, 0.5, 0.5, 0.5)
    gpu_check.fill_ratios([copy, mine, torch_row, triton_row], copy)
    assert mine.gbps == pytest.approx(1.5) and mine.pct_copy == pytest.approx(75.0)
    assert mine.vs_torch == pytest.approx(1.5) and mine.vs_triton == pytest.approx(0.5)
    assert triton_row.vs_torch == pytest.approx(3.0) and triton_row.vs_triton is None
    assert torch_row.vs_torch is None and torch_row.vs_triton is None
    assert copy.pct_copy is None and copy.vs_torch is None


def test_case_table(gpu_check):
    names = [c.name for c in gpu_check.CASES]
    assert len(names) == len(set(names))
    assert {"vadd_view", "vadd_ptr"} <= set(names)
    assert {f"softmax_{c}" for c in (128, 256, 512, 1024, 2048, 4096, 8192)} <= set(names)
    for case in gpu_check.CASES:
        assert case.bench_size is None or case.quick_sizes
        assert set(case.quick_sizes) <= set(case.sizes)


def _runner(gpu_check, cache_dir, vadd_tile=None):
    options = argparse.Namespace(chip="sm_90", ptx_version=None, cache_dir=str(cache_dir), vadd_tile=vadd_tile,
                                 quick=True, bench=False, warmup=1, repeats=1)
    return gpu_check.Runner(options)


IR = """// tileir-bench: entry=vadd_view tile=256
cuda_tile.module @m {
  entry @vadd_view(%a: tile<ptr<f32>>, %b: tile<ptr<f32>>, %c: tile<ptr<f32>>, %n: tile<i32>) {
  }
  entry @softmax_128(%x: tile<ptr<f32>>, %y: tile<ptr<f32>>, %rows: tile<i32>, %cols: tile<i32>) {
  }
}
"""


@pytest.fixture
def ir_file(tmp_path):
    path = tmp_path / "cases.mlir"
    path.write_text(IR)
    return path


def test_hint_precedence(gpu_check, ir_file, cache_dir):
    view = dataclasses.replace(gpu_check.vadd_case("vadd_view"), mlir=str(ir_file))
    other = dataclasses.replace(gpu_check.vadd_case("vadd_ptr"), mlir=str(ir_file))
    assert _runner(gpu_check, cache_dir).hints_for(view) == {"tile": 256}
    assert _runner(gpu_check, cache_dir).hints_for(other) == {"tile": 1024}
    assert _runner(gpu_check, cache_dir, vadd_tile=512).hints_for(view) == {"tile": 512}


def test_missing_and_mismatched_entries(gpu_check, ir_file, cache_dir, make_fake_tool):
    make_fake_tool()
    runner = _runner(gpu_check, cache_dir)
    cases = {c.name: dataclasses.replace(c, mlir=str(ir_file)) for c in gpu_check.CASES}
    missing_optional, _ = runner.run_case(cases["softmax_256"])
    assert missing_optional.status == "SKIP" and "has no entry 'softmax_256'" in missing_optional.message
    missing_required, _ = runner.run_case(cases["vadd_ptr"])
    assert missing_required.status == "ERROR"
    assert "entries: vadd_view, softmax_128" in missing_required.message
    mismatched, _ = runner.run_case(cases["softmax_128"])
    assert mismatched.status == "ERROR"
    assert "has params (ptr,ptr,i32,i32), the case passes (ptr,ptr,i32)" in mismatched.message


def test_unloadable_module_is_an_error(gpu_check, ir_file, cache_dir, no_compiler):
    case = dataclasses.replace(gpu_check.vadd_case("vadd_view"), mlir=str(ir_file))
    report, timings = _runner(gpu_check, cache_dir).run_case(case)
    assert report.status == "ERROR" and "tile-translate not found" in report.message and timings == []


# ---- the checking logic, on the CPU with kernels written in PyTorch -----------------------


class FakeKernel:
    def __init__(self, body):
        self.body = body
        self.grids = []

    def launch(self, grid, *args):
        self.grids.append(grid)
        self.body(*args)


@pytest.fixture
def on_cpu(gpu_check, monkeypatch):
    torch = pytest.importorskip("torch")
    monkeypatch.setattr(gpu_check, "torch", torch)
    monkeypatch.setattr(gpu_check, "DEVICE", "cpu")
    return torch


def _beyond(out, count):
    """A view of ``out`` extended by ``count`` elements into the memory that follows it."""
    return out.as_strided((out.numel() + count,), (1,))


def _vadd_check(gpu_check, body, n=1000):
    kernel = FakeKernel(body)
    check = gpu_check.check_case(gpu_check.vadd_case("vadd_view"), kernel, (n,), {"tile": 256}, seed=0)
    assert kernel.grids == [(math.ceil(n / 256),)]
    return check


def test_correct_vadd_passes(gpu_check, on_cpu):
    check = _vadd_check(gpu_check, lambda a, b, c, n: c.copy_(a + b))
    assert (check.status, check.mismatches, check.unwritten, check.guard_ok) == ("PASS", 0, 0, True)


def test_unwritten_element_fails(gpu_check, on_cpu):
    check = _vadd_check(gpu_check, lambda a, b, c, n: c[: n - 1].copy_((a + b)[: n - 1]))
    assert (check.status, check.unwritten, check.mismatches) == ("FAIL", 1, 0)


def test_write_past_the_end_fails(gpu_check, on_cpu):
    def overrun(a, b, c, n):
        c.copy_(a + b)
        _beyond(c, 24)[n:].fill_(0.0)

    check = _vadd_check(gpu_check, overrun)
    assert (check.status, check.unwritten, check.guard_ok) == ("FAIL", 0, False)


def test_one_ulp_off_fails_the_bit_exact_check(gpu_check, on_cpu):
    torch = on_cpu

    def sloppy(a, b, c, n):
        c.copy_(a + b)
        c[7] = torch.nextafter(c[7], torch.tensor(float("inf")))

    check = _vadd_check(gpu_check, sloppy)
    assert (check.status, check.mismatches) == ("FAIL", 1)
    assert 0 < check.max_rel_err < 1e-6


def test_softmax_tolerance(gpu_check, on_cpu):
    torch = on_cpu
    case = gpu_check.softmax_case(128)
    size = (37, 128)
    good = FakeKernel(lambda x, y, rows: y.copy_(torch.softmax(x, dim=-1)))
    check = gpu_check.check_case(case, good, size, {"tile": 1}, seed=0)
    assert check.status == "PASS" and check.max_rel_err < 1e-5 and check.norm_err < 1e-5
    assert good.grids == [(37,)]
    bad = FakeKernel(lambda x, y, rows: y.copy_(torch.softmax(x, dim=-1) * (1 + 1e-4)))
    check = gpu_check.check_case(case, bad, size, {"tile": 1}, seed=0)
    assert check.status == "FAIL" and check.max_rel_err == pytest.approx(1e-4, rel=1e-2)


# ---- the real compiler against the case table ---------------------------------------------


@pytest.mark.requires_compiler
def test_examples_match_the_case_table(gpu_check, tmp_path):
    """The example kernels compile and have the entries, kinds and metadata CASES expects."""
    files = sorted({case.mlir for case in gpu_check.CASES})
    missing = [f for f in files if not (REPO_ROOT / f).is_file()]
    if len(missing) == len(files):
        pytest.skip(f"no example files yet: {', '.join(missing)}")
    modules = {f: tileir.compile_file(REPO_ROOT / f, cache_dir=tmp_path) for f in files if f not in missing}
    problems = []
    for case in gpu_check.CASES:
        if case.mlir not in modules:
            continue
        kernel = modules[case.mlir].kernels.get(case.entry)
        if kernel is None:
            if case.required:
                problems.append(f"{case.mlir}: no entry {case.entry}")
            continue
        if not kernel.info.has_metadata:
            problems.append(f"{case.entry}: no tileir.kernel metadata line")
        if kernel.block is None:
            problems.append(f"{case.entry}: no reqntid")
        if kernel.params != case.params:
            problems.append(f"{case.entry}: params {kernel.params}, the case expects {case.params}")
    assert not problems, "\n".join(problems)


# ---- a short real run on the GPU ----------------------------------------------------------


@pytest.mark.requires_gpu
def test_gpu_check_quick_run(gpu_check, tmp_path):
    try:
        tileir.compile_file(REPO_ROOT / "examples" / "vector_add.mlir")
    except (OSError, tileir.CompileError) as error:
        pytest.skip(f"no vector_add kernels: {error}")
    out = tmp_path / "result.json"
    status = gpu_check.main(["--quick", "-k", "vadd_view|softmax", "--warmup", "1", "--repeats", "3",
                             "--json", str(out)])
    result = json.loads(out.read_text())
    assert status == 0, result
    statuses = {c["case"]: c["status"] for c in result["cases"]}
    assert statuses["vadd_view"] == "PASS"
    assert any(b["label"] == "vadd_view" and b["gbps"] > 0 for b in result["bench"])
