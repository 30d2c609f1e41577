"""Where the tools are found: TILEIR_TOOLS_DIR, the bundled tileir/_bin, the build tree,
PATH; the one error when they are not; the console scripts that run them; what the
package installs."""

import shutil
import stat
import subprocess
import sys
from pathlib import Path

import pytest

import tileir
from tileir import _bundled, _toolchain
from tileir.errors import CompileError, ToolNotFoundError

PYTHON_DIR = Path(__file__).resolve().parents[1]


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
    assert result.stderr.startswith("error: tile-as not found; looked in:\n")
    assert f"{tmp_path / 'empty'} ($TILEIR_TOOLS_DIR" in result.stderr


def test_not_found_lists_every_place_and_the_fix(tmp_path, monkeypatch):
    bundled, build = tmp_path / "bundled", tmp_path / "build"
    monkeypatch.setattr(_toolchain, "BUNDLED_DIR", bundled)
    monkeypatch.setattr(_toolchain, "BUILD_TREE_DIR", build)
    monkeypatch.delenv("TILEIR_TOOLS_DIR", raising=False)
    monkeypatch.setenv("PATH", str(tmp_path / "p1") + ":" + str(tmp_path / "p2"))
    with pytest.raises(ToolNotFoundError) as info:
        _toolchain.require_tool("tileops-build")
    message = str(info.value)
    assert info.value.tool == "tileops-build"
    assert message.splitlines()[0] == "tileops-build not found; looked in:"
    assert f"  {bundled} (the tools bundled with the package)" in message
    assert f"  {build} (the build tree of this source checkout)" in message
    assert f"  PATH ({tmp_path / 'p1'}:{tmp_path / 'p2'})" in message
    assert "Set TILEIR_TOOLS_DIR to the directory that holds TileIR's tools" in message
    # One error type for every caller: a CompileError and a FileNotFoundError.
    assert isinstance(info.value, CompileError) and isinstance(info.value, FileNotFoundError)
    assert tileir.ToolNotFoundError is ToolNotFoundError
    # Set, TILEIR_TOOLS_DIR is the only place looked.
    monkeypatch.setenv("TILEIR_TOOLS_DIR", str(tmp_path / "tools"))
    message = _toolchain.not_found_message("tile-translate")
    assert f"  {tmp_path / 'tools'} ($TILEIR_TOOLS_DIR, the only place looked when it is set)" in message
    assert str(bundled) not in message and "PATH (" not in message


def test_compile_and_ops_raise_the_same_error(no_compiler, cache_dir):
    from tileir import ops

    with pytest.raises(ToolNotFoundError, match="tile-translate not found; looked in:"):
        tileir.compile("cuda_tile.module @m {}")
    with pytest.raises(ToolNotFoundError, match="tileops-build not found; looked in:"):
        ops.find_tool()
    with pytest.raises(ToolNotFoundError, match="no entry for spec 'relu f32 8'"):
        ops.kernel("relu f32 8")


def test_installed_package_looks_in_no_build_tree(tmp_path):
    """Outside a source checkout (site-packages) there is no build/bin to look in, and the
    error names only real places."""
    site = tmp_path / "lib" / "python3.11" / "site-packages"
    shutil.copytree(PYTHON_DIR / "tileir", site / "tileir",
                    ignore=shutil.ignore_patterns("__pycache__", "_bin"))
    script = ("from tileir import _toolchain as t; print(t.BUILD_TREE_DIR); "
              "print(t.not_found_message('tile-translate'))")
    env = {"PATH": str(tmp_path / "nothing"), "PYTHONPATH": str(site)}
    result = subprocess.run([sys.executable, "-c", script], env=env, capture_output=True, text=True,
                            cwd=tmp_path)
    assert result.returncode == 0, result.stderr
    lines = result.stdout.splitlines()
    assert lines[0] == "None"
    assert "build/bin" not in "\n".join(lines[2:4])
    assert lines[2] == f"  {site / 'tileir' / '_bin'} (the tools bundled with the package)"
    assert lines[3] == f"  PATH ({tmp_path / 'nothing'})"


def test_source_checkout_looks_in_its_build_tree():
    assert _toolchain.BUILD_TREE_DIR == PYTHON_DIR.parent / "build" / "bin"


def test_pyproject_packages_every_subpackage():
    """``pip install ./python`` installs every package under python/tileir."""
    setuptools = pytest.importorskip("setuptools")
    try:
        import tomllib
    except ImportError:
        tomllib = pytest.importorskip("tomli")
    config = tomllib.loads((PYTHON_DIR / "pyproject.toml").read_text())
    find = config["tool"]["setuptools"]["packages"]["find"]
    packaged = set(setuptools.find_packages(str(PYTHON_DIR / find.get("where", ".")),
                                            include=find["include"], exclude=find.get("exclude", ())))
    on_disk = {".".join(p.parent.relative_to(PYTHON_DIR).parts)
               for p in (PYTHON_DIR / "tileir").rglob("__init__.py")}
    assert "tileir.ops" in on_disk
    assert on_disk <= packaged


@pytest.mark.requires_compiler
def test_tile_translate_version_names_tileir_and_libdevice():
    """The compiler identity in the cache key covers TileIR's version and the libdevice."""
    tool = _toolchain.find_tool()
    text = subprocess.run([tool.path, "--version"], capture_output=True, text=True).stdout
    assert f"TileIR {tileir.__version__} (git " in text
    assert "\nlibdevice: " in text
