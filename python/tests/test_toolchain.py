"""Where the tools are found: TILEIR_TOOLS_DIR, the bundled tileir/_bin, the build tree,
PATH; and the console scripts that run them."""

import stat
import subprocess
import sys
from pathlib import Path

from tileir import _bundled, _toolchain


def _fake(directory: Path, name: str, text: str) -> Path:
    directory.mkdir(parents=True, exist_ok=True)
    path = directory / name
    path.write_text(f"#!/bin/sh\necho {text} \"$@\"\n")
    path.chmod(path.stat().st_mode | stat.S_IXUSR)
    return path


def test_order(tmp_path, monkeypatch):
    bundled = tmp_path / "bundled"
    build = tmp_path / "build"
    on_path = tmp_path / "path"
    monkeypatch.setattr(_toolchain, "BUNDLED_DIR", bundled)
    monkeypatch.setattr(_toolchain, "BUILD_TREE_DIR", build)
    monkeypatch.delenv("TILEIR_TOOLS_DIR", raising=False)
    monkeypatch.setenv("PATH", str(on_path))
    assert _toolchain.tool_path("tile-as") is None
    _fake(on_path, "tile-as", "path")
    assert _toolchain.tool_path("tile-as") == str(on_path / "tile-as")
    assert _toolchain.tool_path("tile-as", search_path=False) is None
    _fake(build, "tile-as", "build")
    assert _toolchain.tool_path("tile-as") == str(build / "tile-as")
    _fake(bundled, "tile-as", "bundled")
    assert _toolchain.tool_path("tile-as") == str(bundled / "tile-as")
    override = tmp_path / "override"
    monkeypatch.setenv("TILEIR_TOOLS_DIR", str(override))
    assert _toolchain.tool_path("tile-as") is None
    _fake(override, "tile-as", "override")
    assert _toolchain.tool_path("tile-as") == str(override / "tile-as")


def test_console_script_runs_the_tool(tmp_path):
    """``tileiras`` execs tile-as with its arguments; without a tool it says where it looked."""
    tools = tmp_path / "tools"
    _fake(tools, "tile-as", "tile-as-ran")
    script = "import sys; from tileir import _bundled; sys.argv = ['tileiras', '--version']; _bundled.tileiras()"
    env = {"TILEIR_TOOLS_DIR": str(tools), "PATH": "/usr/bin:/bin",
           "PYTHONPATH": str(Path(_bundled.__file__).parents[1])}
    result = subprocess.run([sys.executable, "-c", script], env=env, capture_output=True, text=True)
    assert result.returncode == 0, result.stderr
    assert result.stdout.strip() == "tile-as-ran --version"
    env["TILEIR_TOOLS_DIR"] = str(tmp_path / "empty")
    result = subprocess.run([sys.executable, "-c", script], env=env, capture_output=True, text=True)
    assert result.returncode == 1
    assert "error: tile-as not found (looked in TILEIR_TOOLS_DIR=" in result.stderr
