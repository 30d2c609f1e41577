"""The ahead-of-time CLI: compile into a cache here, load without a compiler there."""

import subprocess
import sys

import tileir
from tileir import aot

from conftest import PYTHON_DIR

IR = "cuda_tile.module @m {\n  entry @first() {\n  }\n  entry @second() {\n  }\n}\n"


def test_aot_fills_a_cache_that_works_without_the_compiler(make_fake_tool, no_compiler, tmp_path, monkeypatch, capsys):
    source = tmp_path / "two.mlir"
    source.write_text(IR)
    cache = tmp_path / "shipped"
    make_fake_tool()
    assert aot.main(["--cache-dir", str(cache), "--chip", "sm_90", "-O", "opt-level=3", str(source)]) == 0
    out = capsys.readouterr().out
    assert f"{source}: " in out and "kernels=first,second" in out

    monkeypatch.setenv("TILEIR_TOOLS_DIR", str(no_compiler))
    module = tileir.compile_file(source, cache_dir=cache, options={"opt-level": 3})
    assert list(module.kernels) == ["first", "second"]

    assert aot.main(["--cache-dir", str(cache), "--list"]) == 0
    listing = capsys.readouterr().out
    assert "two.mlir" in listing and "kernels=first,second" in listing and "fake 1.0" in listing


def test_aot_requires_the_compiler(no_compiler, tmp_path, capsys):
    source = tmp_path / "a.mlir"
    source.write_text(IR)
    assert aot.main(["--cache-dir", str(tmp_path / "c"), str(source)]) == 1
    assert "tile-translate not found" in capsys.readouterr().err


def test_aot_reports_each_failure_and_continues(make_fake_tool, tmp_path, capsys):
    make_fake_tool()
    good, bad = tmp_path / "good.mlir", tmp_path / "bad.mlir"
    good.write_text(IR)
    bad.write_text("syntax-error")
    status = aot.main(["--cache-dir", str(tmp_path / "c"), str(bad), str(tmp_path / "missing.mlir"), str(good)])
    captured = capsys.readouterr()
    assert status == 1
    assert "bad.mlir:1:1: error: expected operation name" in captured.err
    assert "missing.mlir" in captured.err
    assert "good.mlir: " in captured.out


def test_aot_runs_as_a_module(tmp_path):
    result = subprocess.run(
        [sys.executable, "-m", "tileir.aot", "--cache-dir", str(tmp_path), "--list"],
        capture_output=True, text=True, cwd=PYTHON_DIR,
    )
    assert result.returncode == 0, result.stderr
    assert "no entries" in result.stdout
