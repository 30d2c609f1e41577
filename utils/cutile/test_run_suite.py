"""CPU-only tests of run_suite.py (cuTile's kernels over a sweep): the case
list and the table (ratios, geometric means, skipped cases, errors).

    python -m pytest utils/cutile/test_run_suite.py -q
"""
import math
import os
import subprocess
import sys

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, HERE)

import run_suite  # noqa: E402


def test_cases_are_unique_and_cover_every_layout():
    names = [n for n, _ in run_suite.all_cases()]
    assert len(names) == len(set(names))
    layouts = {p["layout"] for _, p in run_suite.matmul_cases()}
    assert layouts == {"nn", "nt", "tn", "tt"}
    kinds = {p["kind"] for _, p in run_suite.all_cases()}
    assert kinds == {"matmul", "attention", "transpose"}
    # Every attention case has a tile that divides its length.
    for _, p in run_suite.attention_cases():
        assert p["length"] % p["tile_n"] == 0 and p["length"] % p["tile_m"] == 0


def test_list_filters_by_regex():
    out = subprocess.run([sys.executable, os.path.join(HERE, "run_suite.py"), "--list",
                          "--only", "^transpose"], capture_output=True, text=True, check=True)
    lines = out.stdout.split("\n")[:-1]
    assert lines and all(line.startswith("transpose") for line in lines)
    assert len(lines) == len(run_suite.transpose_cases())


def row(name, kind, us, flops=None, ok=True):
    r = dict(name=name, params=dict(kind=kind), us=us, error={},
             check={n: dict(ok=ok, err=0.0, torch_err=0.0) for n in us if n != "torch"})
    if flops:
        r["flops"] = flops
    else:
        r["bytes"] = 1e9
    return r


def test_table_ratios_and_geomeans():
    names = ["a", "b"]
    rows = [row("m1", "matmul", dict(a=100.0, b=200.0, torch=50.0), flops=2e12),
            row("m2", "matmul", dict(a=100.0, b=50.0, torch=100.0), flops=2e12),
            row("t1", "transpose", dict(a=10.0, b=10.0, torch=5.0), ok=False),
            dict(name="late", params=dict(kind="matmul"), skipped="budget")]
    rows[2]["error"]["b"] = "RuntimeError: boom"
    table = run_suite.format_table(rows, names)
    lines = table.split("\n")
    m1 = next(line for line in lines if line.startswith("| m1 "))
    # b/a = 2.00 (a twice as fast), PyTorch/a = 0.50, 2e12 flop in 100 us.
    assert "| 2.00 | 0.50 | 20000 |" in m1
    assert "a ok, b ok" in m1
    assert "| late | skipped (budget) |" in table
    t1 = next(line for line in lines if line.startswith("| t1 "))
    assert "a FAIL" in t1
    # geomean of b/a over the two matmuls: sqrt(2 * 0.5) = 1.
    assert "geomean matmul: 1.00 over 2 cases" in table
    assert "geomean matmul vs PyTorch: 0.71 over 2 cases" in table
    assert "error: t1: b: RuntimeError: boom" in table


def test_geomean_ignores_missing():
    assert run_suite.geomean([None, 4.0, 1.0]) == 2.0
    assert run_suite.geomean([]) is None
    assert math.isclose(run_suite.ratio(dict(a=2.0, b=3.0), "a", "b"), 1.5)
    assert run_suite.ratio(dict(a=2.0), "a", "b") is None


def test_triton_columns_only_where_timed():
    names = ["a"]
    rows = [row("m1", "matmul", {"a": 100.0, "torch": 50.0, "triton-ptr": 80.0}, flops=2e12),
            row("t1", "transpose", dict(a=10.0, torch=5.0))]
    rows[0]["check"]["triton-ptr"]["config"] = "ptr warps=4 stages=3"
    table = run_suite.format_table(rows, names)
    head = table.split("\n")[0]
    # triton-tma timed nowhere: no column; triton-ptr after PyTorch.
    assert "triton-tma" not in table
    assert head.index("PyTorch µs") < head.index("triton-ptr µs")
    m1 = next(line for line in table.split("\n") if line.startswith("| m1 "))
    # PyTorch/a = 0.50, triton-ptr/a = 0.80; Triton's check listed after the compiler's.
    assert "| 0.50 | 0.80 | 20000 | a ok, triton-ptr ok |" in m1
    t1 = next(line for line in table.split("\n") if line.startswith("| t1 "))
    assert "| — |" in t1 and "triton-ptr ok" not in t1
    assert "geomean matmul vs triton-ptr: 0.80 over 1 cases" in table
