"""The chip to compile for when ``tileir.compile`` is given none: the one of the GPU.

The compute capability comes from the CUDA driver (``cuDeviceGetAttribute``) of the
device kernels will run on: PyTorch's current device when PyTorch is imported, else
device 0. Compute capability 9.0 (Hopper) gets ``sm_90a``, whose arch-specific
instructions (wgmma) the compiler uses; a later GPU gets ``sm_90`` PTX without them,
which the driver JIT-compiles for it. Without a driver or a device, ``sm_90``.
"""

import sys
from typing import Dict, List, Optional, Tuple

from . import _log
from .errors import CudaError

#: The chip used when no device can be asked.
FALLBACK_CHIP = "sm_90"

_detected: Dict[int, Tuple[int, int]] = {}


def chip_for_capability(major: int, minor: int) -> str:
    """The chip name the compiler takes for a GPU of compute capability major.minor."""
    cc = major * 10 + minor
    if cc < 80:
        raise ValueError(
            f"TileIR compiles for GPUs of compute capability 8.0 and newer; this one has "
            f"{major}.{minor}"
        )
    if cc == 90:
        return "sm_90a"
    if cc > 90:
        return "sm_90"
    # PTX for sm_XY runs on every later GPU: 8.7 and 8.8 get sm_86.
    return "sm_89" if cc >= 89 else "sm_86" if cc >= 86 else "sm_80"


def compatible_chips(chip: str) -> List[str]:
    """Chips whose PTX runs on the GPU ``chip`` was detected for, best first (for cache
    entries compiled elsewhere): sm_90a's GPU also runs sm_90 PTX."""
    return [chip, "sm_90"] if chip == "sm_90a" else [chip]


def _current_device() -> int:
    torch = sys.modules.get("torch")
    try:
        if torch is not None and torch.cuda.is_available():
            return int(torch.cuda.current_device())
    except Exception:  # noqa: BLE001 - a broken torch install: ask device 0
        pass
    return 0


def device_capability(device: Optional[int] = None) -> Optional[Tuple[int, int]]:
    """(major, minor) of ``device`` (default: the current one), or None without a GPU."""
    device = _current_device() if device is None else device
    if device in _detected:
        return _detected[device]
    from ._driver import driver

    try:
        capability = driver().compute_capability(device)
    except CudaError as error:
        _log.log(f"no GPU to detect the chip from ({str(error).splitlines()[0]})")
        return None
    _detected[device] = capability
    return capability


def detect_chip(device: Optional[int] = None) -> Tuple[str, bool]:
    """(chip, detected): the chip of the GPU, or (FALLBACK_CHIP, False) without one."""
    capability = device_capability(device)
    if capability is None:
        _log.log(f"compiling for {FALLBACK_CHIP} (no GPU found)")
        return FALLBACK_CHIP, False
    chip = chip_for_capability(*capability)
    _log.log(f"compiling for {chip} (compute capability {capability[0]}.{capability[1]})")
    return chip, True
