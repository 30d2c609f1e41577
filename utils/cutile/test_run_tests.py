"""CPU-only test of run_tests.py: a fake test suite run with two fake
compilers whose `tileiras` differ, checking counts, hangs, crashes, timeouts,
shards, the JSON and the combined table.

    python -m pytest utils/cutile/test_run_tests.py -q      (about 30 s)
"""
import json
import os
import subprocess
import sys
import textwrap

import pytest

RUNNER = os.path.join(os.path.dirname(os.path.abspath(__file__)), "run_tests.py")

FILES = {
    "conftest.py": """
        import shutil, subprocess
        import pytest
        from helper import kind_of

        @pytest.fixture
        def kind():
            return kind_of()

        @pytest.fixture
        def broken_with_ours(kind):
            if kind == "ours":
                raise RuntimeError("fixture setup broke")
            return 1
    """,
    "helper.py": """
        import shutil, subprocess
        def kind_of():
            return subprocess.check_output([shutil.which("tileiras"), "--version"],
                                           text=True).split()[0]
    """,
    "test_basic.py": """
        import os, pytest

        def test_both(kind):
            assert kind in ("nv", "ours")

        def test_differs(kind):
            assert kind == "nv", "mismatch: got " + kind

        def test_skip():
            pytest.skip("needs sm_100")

        @pytest.mark.parametrize("n", [1, 2.5, "a.b"])
        def test_param(kind, n):
            assert kind == "nv" or n != 2.5

        class TestGroup:
            def test_method(self, kind):
                pass

        def test_setup_error(broken_with_ours):
            pass

        def test_only_ours(kind):
            assert kind == "ours"

        @pytest.mark.xfail(reason="known")
        def test_xfail():
            assert False

        def test_env():
            assert "CUDA_HOME" not in os.environ
            assert os.environ["CUDA_TILE_CACHE_DIR"] == "off"
            assert os.environ["CUDA_TILE_COMPILER_TIMEOUT_SEC"] == "60"
    """,
    "test_hang.py": """
        import os, time

        def test_a(kind): pass

        def test_hang(kind):
            if kind == "ours":
                time.sleep(100)

        def test_b(kind): pass

        def test_crash(kind):
            if kind == "ours":
                os.abort()

        def test_c(kind): pass
    """,
    "test_import_error.py": """
        import no_such_module_anywhere
        def test_never(): pass
    """,
    "test_slow.py": """
        import time
        def test_1(kind): time.sleep(1.5 if kind == "ours" else 0)
        def test_2(kind): time.sleep(1.5 if kind == "ours" else 0)
        def test_3(kind): time.sleep(1.5 if kind == "ours" else 0)
        def test_4(kind): time.sleep(1.5 if kind == "ours" else 0)
        def test_5(kind): time.sleep(1.5 if kind == "ours" else 0)
    """,
    "bench_ignored.py": """
        def bench_x(): raise SystemExit("bench files must not run")
    """,
}


@pytest.fixture(scope="module")
def setup(tmp_path_factory):
    root = tmp_path_factory.mktemp("suite")
    tests = root / "tests"
    tests.mkdir()
    for name, text in FILES.items():
        (tests / name).write_text(textwrap.dedent(text))
    bins = {}
    for kind in ("nv", "ours"):
        b = root / kind
        b.mkdir()
        tool = b / "tileiras"
        tool.write_text(f"#!/bin/sh\necho {kind} 1.0\n")
        tool.chmod(0o755)
        bins[kind] = b
    return root, tests, bins


def runner(*args, env=None, timeout=300):
    e = dict(os.environ, CUDA_HOME="/should/be/removed", **(env or {}))
    e.pop("CUDA_TILE_CACHE_DIR", None)
    e.pop("CUDA_TILE_COMPILER_TIMEOUT_SEC", None)
    p = subprocess.run([sys.executable, RUNNER, *map(str, args)], env=e, capture_output=True,
                       text=True, timeout=timeout)
    assert p.returncode == 0, p.stdout + p.stderr
    return p.stdout


def test_shards_split_all_files(setup):
    _, tests, _ = setup
    shards = [runner("--tests", tests, "--shard", f"{i}/3", "--list").split() for i in (1, 2, 3)]
    names = [n for s in shards for n in s[1::2]]
    assert sorted(names) == sorted(f for f in FILES if f.startswith("test_"))
    assert runner("--tests", tests, "--shard", "2/3", "--list").split() == shards[1]


@pytest.fixture(scope="module")
def run(setup):
    root, tests, bins = setup
    out = root / "out"
    common = ["--tests", tests, "--out", out, "--compiler", f"ours={bins['ours']}",
              "--compiler", f"tileiras={bins['nv']}", "--timeout", 6, "--test-timeout", 2]
    runner(*common, "--shard", "1/2")
    runner(*common, "--shard", "2/2")
    table = runner("--out", out, "--table")
    data = json.loads((out / "combined.json").read_text())
    return out, data, table


def test_counts(run):
    _, data, _ = run
    r = data["results"]
    assert set(r) == {"test_basic.py", "test_hang.py", "test_import_error.py", "test_slow.py"}
    assert r["test_basic.py"]["tileiras"]["counts"] == dict(passed=8, failed=1, skipped=2, error=0)
    assert r["test_basic.py"]["ours"]["counts"] == dict(passed=6, failed=2, skipped=2, error=1)
    nv, ours = r["test_basic.py"]["tileiras"]["tests"], r["test_basic.py"]["ours"]["tests"]
    assert set(nv) == set(ours)
    assert "test_basic.py::TestGroup::test_method" in nv
    assert "test_basic.py::test_param[2.5]" in nv and "test_basic.py::test_param[a.b]" in nv
    assert ours["test_basic.py::test_differs"][0] == "failed"
    assert "mismatch: got ours" in ours["test_basic.py::test_differs"][1]
    assert ours["test_basic.py::test_setup_error"][0] == "error"


def test_hang_and_crash_resume(run):
    _, data, _ = run
    ours = data["results"]["test_hang.py"]["ours"]
    assert ours["status"] == "resumed"
    t = ours["tests"]
    assert t["test_hang.py::test_hang"][0] == "error" and t["test_hang.py::test_hang"][1].startswith("hung")
    assert t["test_hang.py::test_crash"][0] == "error" and "crashed" in t["test_hang.py::test_crash"][1]
    for name in "abc":
        assert t[f"test_hang.py::test_{name}"][0] == "passed"
    assert data["results"]["test_hang.py"]["tileiras"]["counts"]["passed"] == 5


def test_import_error_and_timeout(run):
    _, data, _ = run
    for name in ("ours", "tileiras"):
        res = data["results"]["test_import_error.py"][name]
        assert res["counts"]["error"] == 1 and res["counts"]["passed"] == 0
    slow = data["results"]["test_slow.py"]
    assert slow["tileiras"]["counts"]["passed"] == 5 and slow["tileiras"]["status"] == "ok"
    assert slow["ours"]["status"] == "timeout"
    assert slow["ours"]["counts"]["passed"] >= 2


def test_table(run):
    out, data, table = run
    assert (out / "table.md").read_text() == table
    assert "| test_basic.py | 6/2/2/1 (ok)" not in table
    assert "| test_basic.py | 6/2/2/1 | 8/1/2/0 |" in table
    assert "(timeout)" in table and "(resumed)" in table
    # tileiras passes 8 + 5 + 5 = 18; ours passes 6 + 3 + some of test_slow.
    assert "Of the 18 tests that pass with tileiras" in table
    assert "- `test_basic.py::test_differs` failed: AssertionError: mismatch: got ours" in table
    assert "test_basic.py::test_setup_error` error:" in table
    assert "1 tests pass with ours and fail or error with tileiras" in table
    assert "bench" not in table


def test_group_and_files(setup):
    root, tests, bins = setup
    out = root / "out-group"
    runner("--tests", tests, "--out", out, "--compiler", f"ours={bins['ours']}",
           "--compiler", f"tileiras={bins['nv']}", "--timeout", 20, "--test-timeout", 2,
           "--group", 3, "--files", "test_import_error.py", "test_basic.py", "test_hang.py")
    (run_json,) = [p for p in out.glob("files-*.json")]
    r = json.loads(run_json.read_text())["results"]
    assert set(r) == {"test_basic.py", "test_hang.py", "test_import_error.py"}
    # A module that does not import does not stop the others of its process.
    assert r["test_basic.py"]["tileiras"]["counts"] == dict(passed=8, failed=1, skipped=2, error=0)
    assert r["test_basic.py"]["ours"]["counts"]["passed"] == 6
    assert r["test_hang.py"]["ours"]["status"] == "resumed"
    assert r["test_basic.py"]["ours"]["status"] == "ok"
    assert r["test_import_error.py"]["ours"]["counts"]["error"] == 1


def test_budget(setup):
    root, tests, bins = setup
    out = root / "out-budget"
    runner("--tests", tests, "--out", out, "--compiler", f"ours={bins['ours']}",
           "--compiler", f"tileiras={bins['nv']}", "--budget", 0.001)
    r = json.loads((out / "all.json").read_text())["results"]
    assert {res["status"] for per in r.values() for res in per.values()} == {"not run"}
    # --continue runs what the budget left out and keeps the rest.
    common = ["--tests", tests, "--out", out, "--compiler", f"ours={bins['ours']}",
              "--compiler", f"tileiras={bins['nv']}", "--timeout", 6, "--test-timeout", 2]
    runner(*common, "--files", "test_basic.py", "test_import_error.py", "--name", "part")
    runner(*common, "--shard", "1/1", "--name", "part", "--budget", 0.001, "--continue")
    r = json.loads((out / "part.json").read_text())["results"]
    assert r["test_basic.py"]["ours"]["status"] == "ok"
    assert r["test_hang.py"]["ours"]["status"] == "not run"
    text = runner(*common, "--shard", "1/1", "--name", "part", "--continue")
    assert "2 files done by an earlier run of part, 2 to run" in text
    r = json.loads((out / "part.json").read_text())["results"]
    assert r["test_hang.py"]["ours"]["status"] == "resumed"
    assert r["test_basic.py"]["tileiras"]["counts"]["passed"] == 8


def test_continue_finishes_a_file_that_ran_out_of_time(setup):
    root, tests, bins = setup
    out = root / "out-continue"
    common = ["--tests", tests, "--out", out, "--compiler", f"ours={bins['ours']}",
              "--compiler", f"tileiras={bins['nv']}", "--test-timeout", 5,
              "--files", "test_slow.py", "--name", "slow"]
    runner(*common, "--timeout", 3.5)
    first = json.loads((out / "slow.json").read_text())["results"]["test_slow.py"]
    assert first["ours"]["status"] == "timeout" and first["tileiras"]["status"] == "ok"
    done_before = first["ours"]["counts"]["passed"]
    assert 1 <= done_before < 5
    text = runner(*common, "--timeout", 30, "--continue")
    assert "0 files done by an earlier run of slow, 1 to run or finish" in text
    res = json.loads((out / "slow.json").read_text())["results"]["test_slow.py"]
    assert res["ours"]["status"] == "ok"
    assert res["ours"]["counts"] == dict(passed=5, failed=0, skipped=0, error=0)
    assert res["tileiras"] == first["tileiras"]
    # Only the tests left over ran again.
    log = (out / "slow" / "logs" / "ours" / "test_slow.log").read_text()
    assert log.count("deselected") == 1
