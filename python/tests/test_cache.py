"""Cache keys, the cache layout and compile() through the cache (with a fake compiler)."""

import json
import os
import re

import pytest

import tileir
from tileir.cache import KernelCache, compiler_key, default_cache_dir, full_key, source_key

IR = "cuda_tile.module @m {\n  entry @vadd(%a: tile<ptr<f32>>, %n: tile<i32>) {\n  }\n}\n"
PTX = ".version 8.0\n.target sm_90\n.address_size 64\n.visible .entry k()\n{ ret; }\n"


def test_source_key_depends_on_every_input():
    base = source_key(IR, "sm_90", None, ())
    assert base == source_key(IR, "sm_90", None, ())
    variants = [
        source_key(IR + " ", "sm_90", None, ()),
        source_key(IR, "sm_80", None, ()),
        source_key(IR, "sm_90", 80, ()),
        source_key(IR, "sm_90", None, (("opt-level", "3"),)),
        source_key(IR, "sm_90", None, (("opt-level", None),)),
    ]
    assert len({base, *variants}) == 1 + len(variants)
    assert re.fullmatch(r"[0-9a-f]{64}", base)


def test_option_order_does_not_change_the_key():
    forward = tileir.compiler.normalize_options({"b": 1, "a": True, "c": False})
    backward = tileir.compiler.normalize_options({"c": None, "a": True, "b": "1"})
    assert forward == backward == (("a", None), ("b", "1"))
    assert source_key(IR, "sm_90", None, forward) == source_key(IR, "sm_90", None, backward)


@pytest.mark.parametrize(
    "options, error, message",
    [
        ({"--x": 1}, ValueError, "without leading dashes"),
        ({"chip": "sm_80"}, ValueError, "set by tileir.compile itself"),
        ({"x": [1]}, TypeError, "expects a str, int, float or bool"),
        (["--x"], TypeError, "mapping of flag name to value"),
    ],
)
def test_bad_options(options, error, message):
    with pytest.raises(error, match=re.escape(message)):
        tileir.compiler.normalize_options(options)


def test_compiler_and_full_keys():
    assert compiler_key("v1") == compiler_key("v1") != compiler_key("v2")
    assert len(compiler_key("v1")) == 32
    assert full_key("a" * 64, "b" * 32) != full_key("a" * 64, "c" * 32)


def test_cache_dir_resolution(monkeypatch, tmp_path):
    monkeypatch.setenv("TILEIR_CACHE_DIR", str(tmp_path / "env"))
    assert default_cache_dir(tmp_path / "arg") == tmp_path / "arg"
    assert default_cache_dir() == tmp_path / "env"
    monkeypatch.delenv("TILEIR_CACHE_DIR")
    monkeypatch.setenv("HOME", str(tmp_path))
    assert default_cache_dir() == tmp_path / ".cache" / "tileir"


def test_store_then_lookup(tmp_path):
    cache = KernelCache(tmp_path)
    source = source_key(IR, "sm_90", None, ())
    stored = cache.store(source, "c1", PTX, {"created": 1.0, "chip": "sm_90"})
    assert stored.ptx_path == tmp_path / source / "c1.ptx"
    assert stored.meta_path == tmp_path / source / "c1.json"
    found = cache.lookup(source, "c1")
    assert found is not None and found.read_ptx() == PTX
    assert found.metadata["chip"] == "sm_90" and found.metadata["key"] == found.key
    assert cache.lookup(source, "c2") is None
    assert cache.lookup("0" * 64, "c1") is None
    assert not [p for p in (tmp_path / source).iterdir() if p.name.endswith(".tmp")]


def test_lookup_any_picks_the_newest_complete_entry(tmp_path):
    cache = KernelCache(tmp_path)
    cache.store("s", "old", PTX + "// old\n", {"created": 10.0})
    cache.store("s", "new", PTX + "// new\n", {"created": 20.0})
    cache.store("s", "newest-but-corrupt", PTX, {"created": 30.0})
    (tmp_path / "s" / "newest-but-corrupt.ptx").write_text(PTX + "// changed after the fact\n")
    cache.store("s", "newest-but-partial", PTX, {"created": 40.0})
    os.unlink(tmp_path / "s" / "newest-but-partial.ptx")
    assert cache.lookup_any("s").compiler_key == "new"
    assert cache.lookup("s", "newest-but-corrupt") is None
    assert cache.lookup_any("missing") is None
    assert [e.compiler_key for e in cache.entries()] == ["new", "old"]


def test_entry_with_foreign_metadata_is_ignored(tmp_path):
    cache = KernelCache(tmp_path)
    entry = cache.store("s", "c", PTX, {"created": 1.0})
    record = json.loads(entry.meta_path.read_text())
    record["format"] = 999
    entry.meta_path.write_text(json.dumps(record))
    assert cache.lookup("s", "c") is None


def test_compile_caches_and_reuses(make_fake_tool, cache_dir):
    tool = make_fake_tool()
    first = tileir.compile(IR)
    assert list(first.kernels) == ["vadd"] and first.vadd.params == ("ptr", "i32")
    entry = first.cache_entry
    assert entry.ptx_path.parent.parent == cache_dir
    assert entry.metadata["compiler_id"].startswith("tile-translate fake 1.0\n")
    assert entry.metadata["kernels"] == ["vadd"]
    second = tileir.compile(IR)
    assert second.ptx == first.ptx and second.cache_entry.key == entry.key
    assert len(tool.calls()) == 1
    tileir.compile(IR, chip="sm_80", ptx_version=83, options={"opt-level": 2, "fast-math": True})
    assert len(tool.calls()) == 2
    assert tool.calls()[1].startswith('["--cuda-tile-to-ptx", "--chip=sm_80", "--ptx-version=83", "--fast-math", "--opt-level=2"')
    assert len(list(KernelCache(cache_dir).entries())) == 2


def test_new_compiler_gets_its_own_entry(make_fake_tool, cache_dir):
    make_fake_tool("tile-translate fake 1.0", name="v1")
    old = tileir.compile(IR)
    make_fake_tool("tile-translate fake 2.0", name="v2")
    new = tileir.compile(IR)
    assert old.cache_entry.source_key == new.cache_entry.source_key
    assert old.cache_entry.compiler_key != new.cache_entry.compiler_key
    assert "fake 2.0" in new.ptx


def test_no_compiler_uses_the_newest_cached_kernel(make_fake_tool, no_compiler, cache_dir, monkeypatch):
    make_fake_tool("tile-translate fake 1.0", name="v1")
    tileir.compile(IR)
    make_fake_tool("tile-translate fake 2.0", name="v2")
    newest = tileir.compile(IR)
    monkeypatch.setenv("TILEIR_TOOLS_DIR", str(no_compiler))
    loaded = tileir.compile(IR)
    assert loaded.ptx == newest.ptx and "fake 2.0" in loaded.ptx
    assert loaded.cache_entry.compiler_key == newest.cache_entry.compiler_key


def test_no_compiler_and_no_cache_entry(no_compiler, cache_dir):
    with pytest.raises(tileir.CompileError) as info:
        tileir.compile(IR, chip="sm_90")
    message = str(info.value)
    assert "tile-translate not found" in message
    assert source_key(IR, "sm_90", None, ()) in message
    assert str(cache_dir) in message
    assert "python -m tileir.aot" in message


def test_no_compiler_lookup_respects_chip(make_fake_tool, no_compiler, cache_dir, monkeypatch):
    make_fake_tool()
    tileir.compile(IR, chip="sm_90")
    monkeypatch.setenv("TILEIR_TOOLS_DIR", str(no_compiler))
    with pytest.raises(tileir.CompileError, match="chip=sm_80"):
        tileir.compile(IR, chip="sm_80")


def test_compiler_failure_carries_stderr(make_fake_tool, cache_dir, tmp_path):
    make_fake_tool()
    bad = tmp_path / "bad.mlir"
    bad.write_text("syntax-error\n")
    with pytest.raises(tileir.CompileError) as info:
        tileir.compile_file(bad)
    error = info.value
    assert error.returncode == 1
    assert error.stderr == f"{bad}:1:1: error: expected operation name\n"
    assert "tile-translate failed on" in str(error) and "expected operation name" in str(error)
    assert not list(KernelCache(cache_dir).entries())


def test_compile_file_records_the_source_name(make_fake_tool, cache_dir, tmp_path):
    make_fake_tool()
    path = tmp_path / "vector_add.mlir"
    path.write_text(IR)
    module = tileir.compile_file(path)
    assert module.cache_entry.metadata["source_name"] == "vector_add.mlir"
    assert module.cache_entry.source_key == tileir.compile(IR).cache_entry.source_key


@pytest.mark.parametrize(
    "kwargs, message",
    [({"chip": "90"}, "chip expects"), ({"ptx_version": "8.0"}, "ptx_version expects"), ({"ptx_version": True}, "ptx_version expects")],
)
def test_bad_compile_arguments(kwargs, message, no_compiler, cache_dir):
    with pytest.raises(ValueError, match=message):
        tileir.compile(IR, **kwargs)
