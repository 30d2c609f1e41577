"""Shared fixtures and the ``requires_gpu`` / ``requires_compiler`` markers.

The tests import the ``tileir`` of this source tree, not an installed copy.
"""

import stat
import sys
from pathlib import Path

import pytest

PYTHON_DIR = Path(__file__).resolve().parents[1]
REPO_ROOT = PYTHON_DIR.parent
sys.path.insert(0, str(PYTHON_DIR))

from tileir import _toolchain  # noqa: E402


def pytest_configure(config):
    config.addinivalue_line("markers", "requires_gpu: needs PyTorch with a CUDA device")
    config.addinivalue_line("markers", "requires_compiler: needs the tile-translate compiler")


def _gpu_skip_reason():
    try:
        import torch
    except ImportError:
        return "PyTorch is not installed"
    if not torch.cuda.is_available():
        return "no CUDA device"
    return None


def pytest_collection_modifyitems(config, items):
    reasons = {}
    for item in items:
        if item.get_closest_marker("requires_gpu"):
            if "gpu" not in reasons:
                reasons["gpu"] = _gpu_skip_reason()
            if reasons["gpu"]:
                item.add_marker(pytest.mark.skip(reason=reasons["gpu"]))
        if item.get_closest_marker("requires_compiler"):
            if "compiler" not in reasons:
                found = _toolchain.find_tool() is not None
                reasons["compiler"] = None if found else "tile-translate not found"
            if reasons["compiler"]:
                item.add_marker(pytest.mark.skip(reason=reasons["compiler"]))


FAKE_TOOL = '''\
#!{python}
# A stand-in for tile-translate: one PTX entry per `entry @name(...)`, its parameter kinds
# read from the entry signature; IR containing "syntax-error" fails with a diagnostic, IR
# containing "crash-me" dies of SIGSEGV.
import json, os, re, signal, sys

VERSION = {version!r}
PTX_TYPES = {{"ptr": ".u64 .ptr .global .align 4", "i1": ".u8", "i8": ".u8", "i16": ".b16",
             "f16": ".b16", "bf16": ".b16", "i32": ".b32", "f32": ".b32", "i64": ".b64", "f64": ".b64"}}
args = sys.argv[1:]
if args == ["--version"]:
    print(VERSION)
    sys.exit(0)
with open(os.path.join(os.path.dirname(os.path.abspath(__file__)), "calls.log"), "a") as log:
    log.write(json.dumps(args) + "\\n")
out = args[args.index("-o") + 1]
inputs = [a for a in args if not a.startswith("-") and a != out]
src = open(inputs[0]).read()
if "crash-me" in src:
    os.kill(os.getpid(), signal.SIGSEGV)
if "syntax-error" in src:
    sys.stderr.write(inputs[0] + ":1:1: error: expected operation name\\n")
    sys.exit(1)
lines = [".version 8.0", ".target sm_90", ".address_size 64", "// compiled by " + VERSION]
for name, signature in re.findall(r"entry\\s+@(\\w+)\\(([^)]*)\\)", src):
    kinds = ["ptr" if "ptr<" in t else re.search(r"tile<(\\w+)>", t).group(1)
             for t in re.findall(r":\\s*(tile<[^,]*)", signature)]
    params = ",\\n".join("    .param %s %s_param_%d" % (PTX_TYPES[k], name, i) for i, k in enumerate(kinds))
    lines += [
        "// tileir.kernel %s params=(%s) reqntid=128,1,1 smem=0" % (name, ",".join(kinds)),
        ".visible .entry %s(" % name, params, ")", ".reqntid 128, 1, 1", "{{", "    ret;", "}}",
    ]
open(out, "w").write("\\n".join(lines) + "\\n")
'''


class FakeTool:
    """A fake ``tile-translate`` in its own directory, selected via TILEIR_TOOLS_DIR."""

    def __init__(self, directory: Path, version: str):
        self.directory = directory
        self.version = version
        directory.mkdir(parents=True, exist_ok=True)
        self.path = directory / "tile-translate"
        self.path.write_text(FAKE_TOOL.format(python=sys.executable, version=version))
        self.path.chmod(self.path.stat().st_mode | stat.S_IXUSR)

    def calls(self):
        log = self.directory / "calls.log"
        return log.read_text().splitlines() if log.exists() else []


@pytest.fixture
def make_fake_tool(tmp_path, monkeypatch):
    """Factory: ``make_fake_tool(version)`` installs a fake compiler and selects it."""

    def make(version="tile-translate fake 1.0", name="tools"):
        tool = FakeTool(tmp_path / name, version)
        monkeypatch.setenv("TILEIR_TOOLS_DIR", str(tool.directory))
        return tool

    return make


@pytest.fixture
def no_compiler(tmp_path, monkeypatch):
    """Select an empty tools directory: no compiler is found."""
    empty = tmp_path / "no-tools"
    empty.mkdir()
    monkeypatch.setenv("TILEIR_TOOLS_DIR", str(empty))
    return empty


@pytest.fixture
def cache_dir(tmp_path, monkeypatch):
    """A fresh cache directory, also set as TILEIR_CACHE_DIR."""
    directory = tmp_path / "kcache"
    monkeypatch.setenv("TILEIR_CACHE_DIR", str(directory))
    return directory
