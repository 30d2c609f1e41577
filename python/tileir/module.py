"""Compiled modules and their kernels."""

import hashlib
import sys
import types
from typing import Any, List, Mapping, Optional, Protocol

from ._args import normalize_grid, pack_args
from .cache import CacheEntry
from .errors import CudaError
from .ptx import Dim3, KernelInfo, parse_ptx


class Launcher(Protocol):
    """What a :class:`Module` uses to run kernels (the CUDA driver by default)."""

    def launch(
        self,
        ptx: str,
        ptx_hash: str,
        info: KernelInfo,
        grid: Dim3,
        block: Dim3,
        values: List[Any],
        device: Optional[int],
        stream: Any,
    ) -> None:
        """Launch one kernel of ``ptx`` with packed parameter ``values``."""


class Kernel:
    """One entry of a :class:`Module`.

    Attributes:
        name: the entry's symbol.
        params: the parameter kinds (``ptr``, ``i32``, ``f32``, ...).
        block: the CTA size the compiler fixed (``.reqntid``), or None if unknown.
        smem: dynamic shared memory in bytes.
        abi: the launch ABI the kernel was compiled for (``"explicit"`` or ``"tile"``).
        info: the full :class:`~tileir.ptx.KernelInfo`.
    """

    def __init__(self, module: "Module", info: KernelInfo) -> None:
        self.module = module
        self.info = info
        # The launch fast path (see _prepare_fast): None until the first launch, False
        # where there is none.
        self._fast: Any = None
        self._fast_tensor_type: Optional[type] = None

    @property
    def name(self) -> str:
        return self.info.name

    @property
    def params(self) -> tuple:
        return self.info.params

    @property
    def block(self) -> Optional[Dim3]:
        return self.info.reqntid

    @property
    def smem(self) -> int:
        return self.info.smem

    @property
    def abi(self) -> str:
        return self.info.abi

    def launch(self, grid: Any, *args: Any, stream: Any = None, block: Any = None) -> None:
        """Launch the kernel on ``grid`` tile blocks, asynchronously on ``stream``.

        The launch passes the CTA size the compiler fixed (``.reqntid``) and the
        kernel's dynamic shared memory (``smem``: 0 for a kernel of the tile launch
        ABI, whose shared memory is static).

        Args:
            grid: an int or a tuple of up to three ints (the tile-block grid). A grid
                with a zero extent launches nothing.
            args: one value per parameter: for ``ptr``, a CUDA tensor, an object with
                ``__cuda_array_interface__`` or an int address; for scalars a Python or
                NumPy number of the parameter's kind.
            stream: None (PyTorch's current stream when PyTorch is imported, else the
                null stream), an int handle or a stream object.
            block: None (the CTA size the compiler fixed), that size, or ``(1, 1, 1)``
                to launch as cuTile launches tile kernels (the driver then runs the
                ``.reqntid`` size the kernel declares; see docs/ABI.md).

        Raises:
            TypeError, ValueError: the arguments do not match the kernel.
            tileir.CudaError: the driver rejected the module or the launch.
        """
        fast = self._fast
        if fast is None:
            fast = self._prepare_fast()
        if fast and block is None and fast(grid, args, stream):
            return
        self._launch_checked(grid, args, stream, block)

    def _prepare_fast(self) -> Any:
        """Build the launch fast path: the compiled packer of the kernel's parameters
        (:func:`tileir._args.compile_packer`) and the driver's launch of it
        (:func:`tileir._driver.fast_launch`). A kernel launched by another launcher, one
        without a CTA size or with parameters of the bit-width kinds has none (False). A
        packer compiled before torch was imported is rebuilt once it is."""
        from . import _driver
        from ._args import compile_packer

        launcher = self.module._launcher
        info = self.info
        if (launcher is not None and type(launcher) is not _driver.DriverLauncher) \
                or info.reqntid is None:
            self._fast = False
            return False

        packer = compile_packer(info.params, info.align, info.elems, info.dense)
        if packer is None:
            self._fast = False
            return False
        try:
            fast = _driver.fast_launch(self.module.ptx, self.module.ptx_hash, info,
                                       packer.pack, packer.slots)
        except CudaError:  # no driver: the general path raises the error
            return False
        self._fast_tensor_type = packer.tensor_type
        self._fast = fast
        return fast

    def _launch_checked(self, grid: Any, args: Any, stream: Any, block: Any) -> None:
        """The general launch path: every case, every check and its error."""
        if self._fast and self._fast_tensor_type is None \
                and getattr(sys.modules.get("torch"), "Tensor", None) is not None:
            self._fast = None  # compiled before torch was imported: rebuild it
        grid3 = normalize_grid(grid)
        packed = pack_args(self.name, self.params, args, self.info.align, self.info.elems,
                           self.info.dense)
        if len(packed.devices) > 1:
            devices = ", ".join(f"cuda:{d}" for d in sorted(packed.devices))
            raise ValueError(f"kernel '{self.name}': tensor arguments are on several devices ({devices})")
        if self.block is None:
            raise ValueError(
                f"kernel '{self.name}': the PTX records no CTA size (.reqntid), "
                "so tileir does not know how many threads to launch"
            )
        launch_block = self.block
        if block is not None:
            try:
                launch_block = normalize_grid(block)
            except (TypeError, ValueError):
                launch_block = None
            if launch_block not in (self.block, (1, 1, 1)):
                raise ValueError(
                    f"kernel '{self.name}': block must be None, its CTA size {self.block} "
                    f"or (1, 1, 1), got {block!r}"
                )
        if 0 in grid3:
            return
        device = next(iter(packed.devices)) if packed.devices else None
        self.module._launch(self.info, grid3, launch_block, packed.values, device, stream)

    def __repr__(self) -> str:
        return f"<tileir.Kernel {self.name}({', '.join(self.params)}) block={self.block}>"


class Module:
    """A compiled PTX module.

    Attributes:
        ptx: the PTX text.
        kernels: read-only mapping from entry name to :class:`Kernel`, in PTX order.
        cache_entry: the :class:`~tileir.cache.CacheEntry` it came from, or None.

    Kernels are also attributes (``mod.vadd``); a module with exactly one kernel can be
    launched directly with :meth:`launch`.
    """

    def __init__(
        self,
        ptx: str,
        *,
        cache_entry: Optional[CacheEntry] = None,
        launcher: Optional[Launcher] = None,
    ) -> None:
        """Parse ``ptx`` (raises :class:`~tileir.errors.PtxFormatError` if unreadable)."""
        self.ptx = ptx
        self.cache_entry = cache_entry
        self.ptx_hash = hashlib.sha256(ptx.encode("utf-8")).hexdigest()
        self._launcher = launcher
        infos = parse_ptx(ptx)
        self.kernels: Mapping[str, Kernel] = types.MappingProxyType(
            {name: Kernel(self, info) for name, info in infos.items()}
        )

    @classmethod
    def from_ptx(cls, ptx: str, *, launcher: Optional[Launcher] = None) -> "Module":
        """A module from PTX text produced elsewhere (no compiler, no cache)."""
        return cls(ptx, launcher=launcher)

    def _launch(self, info: KernelInfo, grid: Dim3, block: Dim3, values: List[Any],
                device: Optional[int], stream: Any) -> None:
        if self._launcher is None:
            from ._driver import DriverLauncher

            self._launcher = DriverLauncher()
        self._launcher.launch(self.ptx, self.ptx_hash, info, grid, block, values, device, stream)

    def __getattr__(self, name: str) -> Kernel:
        if name.startswith("_") or "kernels" not in self.__dict__:
            raise AttributeError(name)
        kernels = self.__dict__["kernels"]
        if name in kernels:
            return kernels[name]
        raise AttributeError(
            f"module has no kernel '{name}'; kernels: {', '.join(kernels) or '(none)'}"
        )

    def __dir__(self) -> List[str]:
        return sorted(set(super().__dir__()) | set(self.kernels))

    def launch(self, grid: Any, *args: Any, stream: Any = None) -> None:
        """Launch the module's only kernel (see :meth:`Kernel.launch`)."""
        if len(self.kernels) != 1:
            raise TypeError(
                f"Module.launch needs a module with exactly one kernel; this one has "
                f"{len(self.kernels)} ({', '.join(self.kernels) or 'none'}): "
                "use module.<name>.launch(...)"
            )
        next(iter(self.kernels.values())).launch(grid, *args, stream=stream)

    def __repr__(self) -> str:
        return f"<tileir.Module kernels=[{', '.join(self.kernels)}]>"
