"""Finding and running the TileIR tools (``tile-translate``, ``tileops-build``, ...).

Every tool the package runs is found by :func:`tool_path` (or :func:`require_tool`,
which raises :class:`~tileir.errors.ToolNotFoundError` naming where it looked), in order:

1. in the directory named by ``TILEIR_TOOLS_DIR`` (when set, only there): the
   directory that holds TileIR's tools, e.g. ``build/bin`` of a build tree or
   ``<prefix>/bin`` after ``cmake --install``;
2. in ``tileir/_bin`` inside this package: the self-contained tools a wheel bundles
   (``utils/build-wheel.sh``);
3. in ``build/bin`` of the source checkout, when the package is imported from one
   (``python/tileir`` next to the top-level ``CMakeLists.txt``);
4. on ``PATH``.

A machine without the tool can still run kernels that were compiled ahead of time
(see :mod:`tileir.cache`).
"""

import os
import re
import shutil
import signal
import subprocess
import tempfile
import threading
import time
from pathlib import Path
from dataclasses import dataclass
from typing import Dict, List, Optional, Sequence, Tuple

from . import _log
from .errors import CompileError, ToolNotFoundError

TOOL_NAME = "tile-translate"
TOOLS_DIR_ENV = "TILEIR_TOOLS_DIR"

_identity_lock = threading.Lock()
_identities: Dict[Tuple[str, int, int], str] = {}


_PACKAGE_DIR = Path(__file__).resolve().parent
BUNDLED_DIR = _PACKAGE_DIR / "_bin"


def _source_build_dir() -> Optional[Path]:
    """``<checkout>/build/bin`` when this package is the one of a source checkout, else None."""
    checkout = _PACKAGE_DIR.parents[1]
    if (checkout / "CMakeLists.txt").is_file() and (checkout / "python" / "pyproject.toml").is_file():
        return checkout / "build" / "bin"
    return None


#: ``build/bin`` of the source checkout this package lives in, or None when installed.
BUILD_TREE_DIR = _source_build_dir()


def _is_tool(path: Path) -> bool:
    return path.is_file() and os.access(path, os.X_OK)


def search_dirs(*, search_path: bool = True) -> List[Tuple[str, str]]:
    """The places :func:`tool_path` looks, in order, as (directory or "PATH", why)."""
    tools_dir = os.environ.get(TOOLS_DIR_ENV)
    if tools_dir:
        return [(tools_dir, f"${TOOLS_DIR_ENV}, the only place looked when it is set")]
    places = [(str(BUNDLED_DIR), "the tools bundled with the package")]
    if BUILD_TREE_DIR is not None:
        places.append((str(BUILD_TREE_DIR), "the build tree of this source checkout"))
    if search_path:
        places.append(("PATH", os.environ.get("PATH", "")))
    return places


def tool_path(name: str, *, search_path: bool = True) -> Optional[str]:
    """The executable of the TileIR tool ``name``, or None when there is none.

    ``search_path=False`` skips ``PATH`` (for the console scripts, which are on ``PATH``
    themselves).
    """
    for directory, _ in search_dirs(search_path=search_path):
        if directory == "PATH":
            return shutil.which(name)
        if _is_tool(Path(directory) / name):
            return str(Path(directory) / name)
    return None


def not_found_message(name: str, *, search_path: bool = True) -> str:
    """Why ``name`` was not found: every place looked, and how to point tileir at it."""
    lines = [f"{name} not found; looked in:"]
    for directory, why in search_dirs(search_path=search_path):
        if directory == "PATH":
            lines.append(f"  PATH ({why or 'empty'})")
        else:
            lines.append(f"  {directory} ({why})")
    lines.append(
        f"Set {TOOLS_DIR_ENV} to the directory that holds TileIR's tools (build/bin of a "
        f"build, or <prefix>/bin after `cmake --install`), or put that directory on PATH."
    )
    return "\n".join(lines)


def require_tool(name: str, *, search_path: bool = True) -> str:
    """The executable of ``name``; raises :class:`ToolNotFoundError` when there is none."""
    path = tool_path(name, search_path=search_path)
    if path is None:
        raise ToolNotFoundError(not_found_message(name, search_path=search_path), tool=name)
    return path


def exit_description(returncode: int) -> str:
    """``"exit status 1"``, or ``"signal SIGSEGV"`` for a process a signal killed."""
    if returncode < 0:
        try:
            return f"signal {signal.Signals(-returncode).name}"
        except ValueError:
            return f"signal {-returncode}"
    return f"exit status {returncode}"


def failure_message(tool: str, returncode: int, what: str) -> str:
    """``"tile-translate failed on k.mlir (exit status 1)"``, or for a crash ``"tile-translate
    crashed with signal SIGSEGV on k.mlir"``."""
    if returncode < 0:
        return f"{tool} crashed with {exit_description(returncode)} on {what}"
    return f"{tool} failed on {what} ({exit_description(returncode)})"


_LIBDEVICE_RE = re.compile(r"^libdevice: (.+)$", re.MULTILINE)


def _file_identity(path: str) -> str:
    try:
        stat = os.stat(path)
    except OSError:
        return "missing"
    return f"size={stat.st_size} mtime_ns={stat.st_mtime_ns}"


@dataclass(frozen=True)
class Tool:
    """One ``tile-translate`` executable."""

    path: str

    def identity(self) -> str:
        """Text that changes whenever the compiler may produce different PTX.

        It is the output of ``tile-translate --version`` (the TileIR version and git
        commit, the LLVM version, the libdevice compiles link), then the size and the
        modification time of the executable, so that a rebuilt compiler whose version line
        did not change does not reuse PTX produced by the previous build, and those of the
        libdevice (the CUDA toolkit's math library). Memoized per (path, size, mtime) for
        the life of the process.
        """
        stat = os.stat(self.path)
        memo_key = (self.path, stat.st_size, stat.st_mtime_ns)
        with _identity_lock:
            cached = _identities.get(memo_key)
        if cached is not None:
            return cached
        command = [self.path, "--version"]
        result = subprocess.run(command, capture_output=True, text=True)
        if result.returncode != 0:
            raise CompileError(
                f"'{self.path} --version' failed ({exit_description(result.returncode)})",
                stderr=result.stderr,
                returncode=result.returncode,
                command=command,
            )
        version = (result.stdout + result.stderr).strip()
        identity = f"{version}\nbinary size={stat.st_size} mtime_ns={stat.st_mtime_ns}"
        libdevice = _LIBDEVICE_RE.search(version)
        if libdevice and libdevice.group(1) != "not found":
            identity += f"\nlibdevice {_file_identity(libdevice.group(1).strip())}"
        with _identity_lock:
            _identities[memo_key] = identity
        return identity

    def command(self, input_path: str, output_path: str, *, chip: str,
                ptx_version: Optional[int], flags: Sequence[str]) -> List[str]:
        """The command line that compiles ``input_path`` to ``output_path``."""
        command = [self.path, "--cuda-tile-to-ptx", f"--chip={chip}"]
        if ptx_version is not None:
            command.append(f"--ptx-version={ptx_version}")
        return command + [*flags, input_path, "-o", output_path]

    def translate(
        self,
        src: str,
        *,
        chip: str,
        ptx_version: Optional[int],
        flags: Sequence[str],
        source_path: Optional[str] = None,
        dump_dir: Optional[Path] = None,
    ) -> str:
        """Compile cuda_tile IR text to PTX text.

        ``source_path`` only names the input in diagnostics: the tool always reads a
        private copy of ``src``, so the PTX matches exactly the text that was hashed;
        diagnostics name ``source_path`` (or ``<input>``), never the private copy.

        ``dump_dir``: write the input (``input.mlir``), the IR after every pass
        (``passes/``, ``--mlir-print-ir-after-all``), the command line (``command.txt``) and
        the PTX (``output.ptx``) there.

        Raises:
            CompileError: the tool failed or crashed; carries its stderr.
        """
        file_name = Path(source_path).name if source_path else "input.mlir"
        with tempfile.TemporaryDirectory(prefix="tileir-") as work:
            input_path = Path(work) / file_name
            output_path = Path(work) / "out.ptx"
            input_path.write_text(src, encoding="utf-8")
            extra = list(flags)
            if dump_dir is not None:
                dump_dir.mkdir(parents=True, exist_ok=True)
                (dump_dir / "input.mlir").write_text(src, encoding="utf-8")
                extra += ["--mlir-print-ir-after-all", f"--mlir-print-ir-tree-dir={dump_dir / 'passes'}"]
            command = self.command(str(input_path), str(output_path), chip=chip,
                                   ptx_version=ptx_version, flags=extra)
            if dump_dir is not None:
                (dump_dir / "command.txt").write_text(" ".join(command) + "\n", encoding="utf-8")
            _log.log("run " + " ".join(command))
            started = time.perf_counter()
            result = subprocess.run(command, capture_output=True, text=True)
            _log.log(f"{TOOL_NAME} took {time.perf_counter() - started:.3f} s "
                     f"({exit_description(result.returncode)})")
            stderr = result.stderr.replace(str(input_path), str(source_path or "<input>"))
            stderr = stderr.replace(work, "<tmp>")
            if result.returncode != 0:
                raise CompileError(
                    failure_message(TOOL_NAME, result.returncode, source_path or "the IR"),
                    stderr=stderr,
                    returncode=result.returncode,
                    command=command,
                )
            if not output_path.is_file() or output_path.stat().st_size == 0:
                raise CompileError(
                    f"{TOOL_NAME} exited successfully but wrote no PTX",
                    stderr=stderr,
                    returncode=result.returncode,
                    command=command,
                )
            ptx = output_path.read_text(encoding="utf-8")
            if dump_dir is not None:
                (dump_dir / "output.ptx").write_text(ptx, encoding="utf-8")
            return ptx


def find_tool() -> Optional[Tool]:
    """Return the ``tile-translate`` to use, or None when there is none."""
    path = tool_path(TOOL_NAME)
    return Tool(path) if path else None


_package_identity: Optional[str] = None


def package_identity() -> str:
    """``tileir <version>``, plus ``git <commit>`` when the package is imported from a git
    checkout: part of every cache key, so that another TileIR never reuses this one's
    kernels."""
    global _package_identity
    if _package_identity is not None:
        return _package_identity
    from . import __version__

    identity = f"tileir {__version__}"
    if BUILD_TREE_DIR is not None:
        checkout = str(_PACKAGE_DIR.parents[1])
        try:
            head = subprocess.run(["git", "-C", checkout, "rev-parse", "--short=12", "HEAD"],
                                  capture_output=True, text=True, timeout=10)
            if head.returncode == 0 and head.stdout.strip():
                identity += f" git {head.stdout.strip()}"
        except (OSError, subprocess.SubprocessError):
            pass
    _package_identity = identity
    return identity
