"""The runtime's user-facing behaviour: the chip from the GPU, compiler crashes and
diagnostics, TILEIR_LOG, TILEIR_DUMP_IR, the cache key's identity, the cache directory,
its off switch, size cap and the ``tileir cache`` command line."""

import json
import os
import subprocess
import sys
import time
from pathlib import Path

import pytest

import tileir
from tileir import _chip, _toolchain, cache as cache_mod, cli
from tileir.cache import KernelCache, caches, parse_size, source_key
from tileir.errors import CompileError, ToolNotFoundError

IR = "cuda_tile.module @m {\n  entry @k(%a: tile<ptr<f32>>, %n: tile<i32>) {\n    return\n  }\n}\n"
PYTHON_DIR = Path(__file__).resolve().parents[1]


# -- the chip ------------------------------------------------------------------------------

@pytest.mark.parametrize("capability, chip", [
    ((8, 0), "sm_80"), ((8, 6), "sm_86"), ((8, 7), "sm_86"), ((8, 9), "sm_89"),
    ((9, 0), "sm_90a"), ((10, 0), "sm_90"), ((12, 0), "sm_90"),
])
def test_chip_for_capability(capability, chip):
    assert _chip.chip_for_capability(*capability) == chip


def test_old_gpus_are_refused():
    with pytest.raises(ValueError, match="compute capability 8.0 and newer; this one has 7.5"):
        _chip.chip_for_capability(7, 5)


def test_compile_detects_the_chip(make_fake_tool, cache_dir, monkeypatch):
    tool = make_fake_tool()
    monkeypatch.setattr(_chip, "device_capability", lambda device=None: (9, 0))
    module = tileir.compile(IR)
    assert "--chip=sm_90a" in tool.calls()[-1]
    assert module.cache_entry.metadata["chip"] == "sm_90a"
    tileir.compile(IR, chip="sm_80")  # the explicit chip wins
    assert "--chip=sm_80" in tool.calls()[-1]


def test_compile_without_gpu_uses_sm_90(make_fake_tool, cache_dir, monkeypatch):
    tool = make_fake_tool()
    monkeypatch.setattr(_chip, "device_capability", lambda device=None: None)
    tileir.compile(IR)
    assert "--chip=sm_90" in tool.calls()[-1]


def test_detected_sm_90a_runs_a_cached_sm_90_kernel(make_fake_tool, cache_dir, monkeypatch, tmp_path):
    """A cache built elsewhere for sm_90 serves an H100 whose chip was detected."""
    make_fake_tool()
    built = tileir.compile(IR, chip="sm_90")
    monkeypatch.setenv("TILEIR_TOOLS_DIR", str(tmp_path / "no-tools"))
    monkeypatch.setattr(_chip, "device_capability", lambda device=None: (9, 0))
    assert tileir.compile(IR).cache_entry.key == built.cache_entry.key
    with pytest.raises(ToolNotFoundError):  # an explicit sm_90a has no such fallback
        tileir.compile(IR, chip="sm_90a")


def test_device_capability_without_a_driver(monkeypatch):
    from tileir import _driver
    from tileir.errors import CudaError

    def no_driver():
        raise CudaError("cannot load the CUDA driver library libcuda.so.1")

    monkeypatch.setattr(_driver, "driver", no_driver)
    monkeypatch.setattr(_chip, "_detected", {})
    assert _chip.device_capability(0) is None
    assert _chip.detect_chip(0) == ("sm_90", False)


@pytest.mark.requires_gpu
def test_device_capability_on_the_gpu():
    import torch

    assert _chip.device_capability() == torch.cuda.get_device_capability()


# -- compiler failures -----------------------------------------------------------------------

def test_a_crash_names_the_signal(make_fake_tool, cache_dir, tmp_path):
    make_fake_tool()
    source = tmp_path / "kernel.mlir"
    source.write_text(IR.replace("return", "return // crash-me"))
    with pytest.raises(CompileError) as info:
        tileir.compile_file(source, chip="sm_90")
    assert str(info.value).startswith(f"tile-translate crashed with signal SIGSEGV on {source}")
    assert "exit status" not in str(info.value)
    assert info.value.returncode == -11


def test_diagnostics_name_the_users_file_not_a_temporary_one(make_fake_tool, cache_dir, tmp_path):
    make_fake_tool()
    source = tmp_path / "kernel.mlir"
    source.write_text(IR.replace("return", "syntax-error"))
    with pytest.raises(CompileError) as info:
        tileir.compile_file(source, chip="sm_90")
    assert f"{source}:1:1: error: expected operation name" in str(info.value)
    assert "tileir-" not in str(info.value)  # the private copy's directory
    with pytest.raises(CompileError) as info:
        tileir.compile(IR.replace("return", "syntax-error"), chip="sm_90")
    assert "<input>:1:1: error: expected operation name" in str(info.value)
    assert "tileir-" not in str(info.value)


def test_ops_report_a_crash_of_tileops_build(tmp_path, monkeypatch):
    from tileir import ops

    tools = tmp_path / "tools"
    tools.mkdir()
    fake = tools / "tileops-build"
    fake.write_text("#!/bin/sh\nkill -SEGV $$\n")
    fake.chmod(0o755)
    monkeypatch.setenv("TILEIR_TOOLS_DIR", str(tools))
    with pytest.raises(CompileError, match="tileops-build crashed with signal SIGSEGV on spec 'relu f32 8'"):
        ops.run_tool(["relu f32 8"])


# -- TILEIR_LOG and TILEIR_DUMP_IR -------------------------------------------------------------

def test_log_shows_commands_and_cache_hits(make_fake_tool, cache_dir, monkeypatch, capsys):
    make_fake_tool()
    monkeypatch.setenv("TILEIR_LOG", "1")
    tileir.compile(IR, chip="sm_90")
    tileir.compile(IR, chip="sm_90")
    err = capsys.readouterr().err
    assert "tileir: cache miss " in err
    assert "tileir: run " in err and "--cuda-tile-to-ptx --chip=sm_90" in err
    assert "tileir: cache hit " in err
    monkeypatch.delenv("TILEIR_LOG")
    tileir.compile(IR, chip="sm_90")
    assert capsys.readouterr().err == ""


def test_dump_ir_writes_the_stages(make_fake_tool, cache_dir, monkeypatch, tmp_path):
    tool = make_fake_tool()
    dump = tmp_path / "dump"
    monkeypatch.setenv("TILEIR_DUMP_IR", str(dump))
    source = tmp_path / "kernel.mlir"
    source.write_text(IR)
    tileir.compile_file(source, chip="sm_90")
    tileir.compile_file(source, chip="sm_90")  # a cache hit would dump nothing: it compiles
    assert len(tool.calls()) == 2
    (directory,) = dump.iterdir()
    assert directory.name.startswith("kernel-sm_90-")
    assert (directory / "input.mlir").read_text() == IR
    assert ".entry k(" in (directory / "output.ptx").read_text()
    assert "--mlir-print-ir-after-all" in (directory / "command.txt").read_text()
    assert f"--mlir-print-ir-tree-dir={directory / 'passes'}" in tool.calls()[-1]


@pytest.mark.requires_compiler
def test_dump_ir_with_the_real_compiler(cache_dir, monkeypatch, tmp_path):
    monkeypatch.setenv("TILEIR_DUMP_IR", str(tmp_path / "dump"))
    example = PYTHON_DIR.parent / "examples" / "vector_add.mlir"
    tileir.compile_file(example, chip="sm_90")
    (directory,) = (tmp_path / "dump").iterdir()
    stages = [p.name for p in (directory / "passes").rglob("*.mlir")]
    assert any("convert-cuda-tile-to-tirx" in name for name in stages), stages
    assert any("tirx-dispatch" in name for name in stages), stages


# -- the cache key ---------------------------------------------------------------------------

def test_the_key_covers_the_tileir_version(make_fake_tool, cache_dir, monkeypatch):
    tool = make_fake_tool()
    first = tileir.compile(IR, chip="sm_90").cache_entry
    assert _toolchain.package_identity() in first.metadata["compiler_id"]
    monkeypatch.setattr(_toolchain, "_package_identity", "tileir 9.9.9 git 0123456789ab")
    second = tileir.compile(IR, chip="sm_90").cache_entry
    assert second.compiler_key != first.compiler_key
    assert len(tool.calls()) == 2


def test_the_package_identity_names_the_version_and_commit():
    identity = _toolchain.package_identity()
    assert identity.startswith(f"tileir {tileir.__version__}")
    head = subprocess.run(["git", "-C", str(PYTHON_DIR), "rev-parse", "--short=12", "HEAD"],
                          capture_output=True, text=True)
    if head.returncode == 0:
        assert identity.endswith(f" git {head.stdout.strip()}")


def test_the_key_covers_libdevice(tmp_path, monkeypatch):
    libdevice = tmp_path / "libdevice.10.bc"
    libdevice.write_bytes(b"x")
    tools = tmp_path / "tools"
    tools.mkdir()
    fake = tools / "tile-translate"
    fake.write_text(f"#!/bin/sh\necho 'TileIR 0.1.0 (git abc)'\necho 'libdevice: {libdevice}'\n")
    fake.chmod(0o755)
    first = _toolchain.Tool(str(fake)).identity()
    assert f"libdevice: {libdevice}" in first and "\nlibdevice size=1 " in first
    _toolchain._identities.clear()
    libdevice.write_bytes(b"xy")
    assert _toolchain.Tool(str(fake)).identity() != first


# -- the cache directory, the off switch, the cap ---------------------------------------------

def test_xdg_cache_home(monkeypatch, tmp_path):
    monkeypatch.delenv("TILEIR_CACHE_DIR", raising=False)
    monkeypatch.setenv("XDG_CACHE_HOME", str(tmp_path / "xdg"))
    assert cache_mod.default_cache_dir() == tmp_path / "xdg" / "tileir"
    monkeypatch.setenv("TILEIR_CACHE_DIR", str(tmp_path / "explicit"))
    assert cache_mod.default_cache_dir() == tmp_path / "explicit"
    monkeypatch.delenv("TILEIR_CACHE_DIR")
    monkeypatch.setenv("XDG_CACHE_HOME", "relative/dir")  # ignored, as the XDG spec says
    assert cache_mod.default_cache_dir() == Path.home() / ".cache" / "tileir"


def test_cache_off_switch(make_fake_tool, cache_dir, monkeypatch):
    tool = make_fake_tool()
    monkeypatch.setenv("TILEIR_CACHE_DISABLE", "1")
    assert tileir.compile(IR, chip="sm_90").cache_entry is None
    tileir.compile(IR, chip="sm_90")
    assert len(tool.calls()) == 2
    assert not cache_dir.exists()


def test_cache_off_without_compiler(no_compiler, cache_dir, monkeypatch):
    monkeypatch.setenv("TILEIR_CACHE_DISABLE", "yes")
    with pytest.raises(ToolNotFoundError, match="The kernel cache is off: TILEIR_CACHE_DISABLE is set"):
        tileir.compile(IR, chip="sm_90")


@pytest.mark.parametrize("text, size", [("1048576", 1 << 20), ("500M", 500 << 20), ("2G", 2 << 30),
                                        ("1.5k", 1536), ("64KiB", 64 << 10), ("0", 0)])
def test_parse_size(text, size):
    assert parse_size(text) == size


def test_bad_cap_is_reported(monkeypatch):
    monkeypatch.setenv("TILEIR_CACHE_MAX_SIZE", "lots")
    with pytest.raises(ValueError, match="TILEIR_CACHE_MAX_SIZE: expects a size"):
        cache_mod.max_cache_size()


def _fill(cache: KernelCache, count: int, size: int):
    entries = []
    for i in range(count):
        entry = cache.store(source_key(f"ir {i}", "sm_90", None, ()), "c" * 32, "x" * size,
                            {"created": float(i)})
        os.utime(entry.ptx_path, (1000 + i, 1000 + i))  # used in order
        entries.append(entry)
    return entries


def test_the_cap_removes_the_least_recently_used(tmp_path, monkeypatch):
    monkeypatch.setenv("TILEIR_CACHE_MAX_SIZE", "0")
    cache = KernelCache(tmp_path / "c")
    entries = _fill(cache, 6, 10_000)
    cache.lookup(entries[0].source_key, entries[0].compiler_key)  # entry 0 is now the newest
    _, total = cache.usage()
    monkeypatch.setenv("TILEIR_CACHE_MAX_SIZE", str(total))  # the next store goes above
    newest = cache.store(source_key("ir new", "sm_90", None, ()), "c" * 32, "x" * 10_000, {"created": 9.0})
    count, size = cache.usage()
    assert size <= total * cache_mod.PRUNE_TARGET
    kept = {e.source_key for e in cache.entries()}
    assert newest.source_key in kept and entries[0].source_key in kept
    assert entries[1].source_key not in kept and entries[2].source_key not in kept
    assert count == len(kept)


def test_prune_removes_broken_entries_and_stale_temporaries(tmp_path):
    cache = KernelCache(tmp_path / "c")
    good, bad = _fill(cache, 2, 100)
    bad.ptx_path.write_text("altered")
    stale = good.ptx_path.parent / ".x.ptx.123.tmp"
    stale.write_text("partial")
    os.utime(stale, (0, 0))
    fresh = good.ptx_path.parent / ".y.ptx.456.tmp"  # a writer at work
    fresh.write_text("partial")
    removed, freed = cache.prune()
    assert removed == 1 and freed > 0
    assert [e.key for e in cache.entries()] == [good.key]
    assert not stale.exists() and fresh.exists()
    assert not bad.ptx_path.parent.exists()  # its directory went with it


# -- tileir cache info|list|prune|clear --------------------------------------------------------

def _run_cli(*args, env=None):
    environment = dict(os.environ, PYTHONPATH=str(PYTHON_DIR), **(env or {}))
    return subprocess.run([sys.executable, "-m", "tileir", *args], capture_output=True, text=True,
                          env=environment)


def test_cli_info_list_prune_clear(tmp_path, monkeypatch):
    root = tmp_path / "kcache"
    compile_cache, ops_cache = caches(root)
    _fill(compile_cache, 3, 1000)
    ops_cache.store(source_key("relu f32 8", "sm_90", None, (("tool", "tileops-build"),)), "d" * 32,
                    "y" * 500, {"spec": "relu f32 8", "chip": "sm_90", "created": 1.0})
    result = _run_cli("cache", "info", "--cache-dir", str(root), env={"TILEIR_CACHE_MAX_SIZE": "2G"})
    assert result.returncode == 0, result.stderr
    assert f"cache directory: {root}" in result.stdout
    assert "enabled: yes" in result.stdout
    assert "size cap: 2.0 GiB per cache" in result.stdout
    assert "tileir.compile: 3 entries" in result.stdout and "tileir.ops: 1 entries" in result.stdout
    listed = _run_cli("cache", "list", "--cache-dir", str(root)).stdout
    assert "relu f32 8" in listed and listed.count("chip=sm_90") == 1
    _, total = compile_cache.usage()  # a third of it per entry: one goes
    pruned = _run_cli("cache", "prune", "--cache-dir", str(root), "--max-size", str(total - 1))
    assert pruned.returncode == 0 and pruned.stdout.startswith("pruned 1 entries")
    assert compile_cache.usage()[0] == 2
    cleared = _run_cli("cache", "clear", "--cache-dir", str(root))
    assert cleared.stdout.startswith("removed 3 entries")
    assert compile_cache.usage() == (0, 0) and ops_cache.usage() == (0, 0)
    assert root.is_dir()  # only the entries go


def test_cli_uses_the_environment(tmp_path):
    result = _run_cli("cache", "info", env={"XDG_CACHE_HOME": str(tmp_path), "TILEIR_CACHE_DIR": "",
                                            "TILEIR_CACHE_DISABLE": "1", "TILEIR_CACHE_MAX_SIZE": "0"})
    assert result.returncode == 0, result.stderr
    assert f"cache directory: {tmp_path / 'tileir'}" in result.stdout
    assert "enabled: no (TILEIR_CACHE_DISABLE is set)" in result.stdout
    assert "size cap: none" in result.stdout


def test_cli_reports_a_bad_size(tmp_path):
    result = _run_cli("cache", "prune", "--cache-dir", str(tmp_path), "--max-size", "huge")
    assert result.returncode == 2 and "tileir: error: expects a size" in result.stderr


def test_console_script_is_declared():
    text = (PYTHON_DIR / "pyproject.toml").read_text()
    assert 'tileir = "tileir.cli:main"' in text
    assert cli.main(["cache", "info", "--cache-dir", "/nonexistent/tileir"]) == 0
