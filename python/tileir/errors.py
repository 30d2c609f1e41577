"""Exception types raised by tileir.

Every error tileir raises on purpose derives from :class:`TileIRError`, so that callers
can catch the package's failures in one ``except`` clause. Argument validation at launch
time raises the built-in :class:`TypeError` / :class:`ValueError` instead, because those
are programming errors of the caller, not failures of the compiler or of the GPU.
"""

from typing import Optional, Sequence


class TileIRError(Exception):
    """Base class of every error raised by tileir itself."""


class CompileError(TileIRError):
    """A kernel could not be compiled, or no compiled kernel could be found.

    Attributes:
        stderr: diagnostics printed by ``tile-translate`` ("" when the tool did not run).
        returncode: exit status of ``tile-translate``, or None when it did not run.
        command: the command line that was run, or None.
    """

    def __init__(
        self,
        message: str,
        *,
        stderr: str = "",
        returncode: Optional[int] = None,
        command: Optional[Sequence[str]] = None,
    ) -> None:
        self.message = message
        self.stderr = stderr
        self.returncode = returncode
        self.command = list(command) if command is not None else None
        text = message
        if stderr.strip():
            text = f"{message}\n{stderr.rstrip()}"
        super().__init__(text)


class ToolNotFoundError(CompileError, FileNotFoundError):
    """A TileIR tool (``tile-translate``, ``tileops-build``, ...) is not installed where
    tileir looks for it. The message lists every place looked and how to point tileir at
    the tools (``TILEIR_TOOLS_DIR``). Also a :class:`FileNotFoundError`.

    Attributes:
        tool: the name of the missing tool.
    """

    def __init__(self, message: str, *, tool: str = "") -> None:
        self.tool = tool
        super().__init__(message)


class CudaError(TileIRError):
    """A CUDA driver API call failed.

    Attributes:
        call: name of the driver function that failed (e.g. ``cuLaunchKernel``).
        code: the numeric ``CUresult`` (None when the driver library could not be loaded).
        name: the symbolic name of the result (``CUDA_ERROR_INVALID_PTX``), or "".
        description: the driver's description of the result, or "".
    """

    def __init__(
        self,
        message: str,
        *,
        call: str = "",
        code: Optional[int] = None,
        name: str = "",
        description: str = "",
    ) -> None:
        self.call = call
        self.code = code
        self.name = name
        self.description = description
        super().__init__(message)


class PtxFormatError(TileIRError, ValueError):
    """PTX text that does not follow the kernel ABI tileir relies on."""
