"""Finding and running the TileIR tools (``tile-translate``, ``tileops-build``, ...).

A tool is looked up, in order:

1. in the directory named by ``TILEIR_TOOLS_DIR`` (when set, only there);
2. in ``tileir/_bin`` inside this package: the self-contained tools a wheel bundles
   (``utils/build-wheel.sh``);
3. in ``<repo>/build/bin`` next to this package's source tree, if that file exists;
4. on ``PATH``.

A machine without the tool can still run kernels that were compiled ahead of time
(see :mod:`tileir.cache`).
"""

import os
import shutil
import subprocess
import tempfile
import threading
from dataclasses import dataclass
from pathlib import Path
from typing import Dict, Optional, Sequence, Tuple

from .errors import CompileError

TOOL_NAME = "tile-translate"
TOOLS_DIR_ENV = "TILEIR_TOOLS_DIR"

_identity_lock = threading.Lock()
_identities: Dict[Tuple[str, int, int], str] = {}


BUNDLED_DIR = Path(__file__).resolve().parent / "_bin"
BUILD_TREE_DIR = Path(__file__).resolve().parents[2] / "build" / "bin"


def _is_tool(path: Path) -> bool:
    return path.is_file() and os.access(path, os.X_OK)


def tool_path(name: str, *, search_path: bool = True) -> Optional[str]:
    """The executable of the TileIR tool ``name``, or None when there is none.

    ``search_path=False`` skips ``PATH`` (for the console scripts, which are on ``PATH``
    themselves).
    """
    tools_dir = os.environ.get(TOOLS_DIR_ENV)
    if tools_dir:
        candidate = Path(tools_dir) / name
        return str(candidate) if _is_tool(candidate) else None
    for directory in (BUNDLED_DIR, BUILD_TREE_DIR):
        if _is_tool(directory / name):
            return str(directory / name)
    return shutil.which(name) if search_path else None


def search_description() -> str:
    """Where :func:`tool_path` looks, in words, for error messages."""
    tools_dir = os.environ.get(TOOLS_DIR_ENV)
    if tools_dir:
        return f"{TOOLS_DIR_ENV}={tools_dir}"
    return f"{BUNDLED_DIR}, {BUILD_TREE_DIR} and PATH"


@dataclass(frozen=True)
class Tool:
    """One ``tile-translate`` executable."""

    path: str

    def identity(self) -> str:
        """Text that changes whenever the compiler may produce different PTX.

        It is the output of ``tile-translate --version`` followed by the size and the
        modification time of the executable, so that a rebuilt compiler whose version line
        did not change does not reuse PTX produced by the previous build. Memoized per
        (path, size, mtime) for the life of the process.
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
                f"'{self.path} --version' failed with exit status {result.returncode}",
                stderr=result.stderr,
                returncode=result.returncode,
                command=command,
            )
        version = (result.stdout + result.stderr).strip()
        identity = f"{version}\nbinary size={stat.st_size} mtime_ns={stat.st_mtime_ns}"
        with _identity_lock:
            _identities[memo_key] = identity
        return identity

    def translate(
        self,
        src: str,
        *,
        chip: str,
        ptx_version: Optional[int],
        flags: Sequence[str],
        source_path: Optional[str] = None,
    ) -> str:
        """Compile cuda_tile IR text to PTX text.

        ``source_path`` only names the input in diagnostics: the tool always reads a
        private copy of ``src``, so the PTX matches exactly the text that was hashed.

        Raises:
            CompileError: the tool failed; carries its stderr.
        """
        file_name = Path(source_path).name if source_path else "input.mlir"
        with tempfile.TemporaryDirectory(prefix="tileir-") as work:
            input_path = Path(work) / file_name
            output_path = Path(work) / "out.ptx"
            input_path.write_text(src, encoding="utf-8")
            command = [self.path, "--cuda-tile-to-ptx", f"--chip={chip}"]
            if ptx_version is not None:
                command.append(f"--ptx-version={ptx_version}")
            command += [*flags, str(input_path), "-o", str(output_path)]
            result = subprocess.run(command, capture_output=True, text=True)
            stderr = result.stderr
            if source_path:
                stderr = stderr.replace(str(input_path), str(source_path))
            if result.returncode != 0:
                raise CompileError(
                    f"{TOOL_NAME} failed on {source_path or 'the IR'} "
                    f"(exit status {result.returncode})",
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
            return output_path.read_text(encoding="utf-8")


def find_tool() -> Optional[Tool]:
    """Return the ``tile-translate`` to use, or None when there is none."""
    path = tool_path(TOOL_NAME)
    return Tool(path) if path else None
