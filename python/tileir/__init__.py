"""TileIR: compile CUDA Tile IR (``cuda_tile``) to PTX and launch it from Python.

Quick start::

    import torch, tileir
    mod = tileir.compile_file("examples/vector_add.mlir")
    a, b = torch.randn(4096, device="cuda"), torch.randn(4096, device="cuda")
    c = torch.empty_like(a)
    mod.vadd_ptr.launch(4096 // 1024, a, b, c, 4096)

See ``docs/Runtime.md`` for the cache, ahead-of-time compilation and the launch rules.
"""

__version__ = "0.1.0"

from .errors import CompileError, CudaError, PtxFormatError, TileIRError, ToolNotFoundError  # noqa: E402
from .module import Kernel, Module  # noqa: E402
from .compiler import compile, compile_file  # noqa: E402

__all__ = [
    "__version__",
    "compile",
    "compile_file",
    "Module",
    "Kernel",
    "TileIRError",
    "CompileError",
    "ToolNotFoundError",
    "CudaError",
    "PtxFormatError",
]
