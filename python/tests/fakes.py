"""Stand-ins for tensors and for the CUDA launcher, so launches can be tested without a GPU."""

from dataclasses import dataclass, field
from typing import Any, List, Optional


@dataclass(frozen=True)
class FakeDevice:
    type: str
    index: Optional[int]

    def __str__(self) -> str:
        return self.type if self.index is None else f"{self.type}:{self.index}"


class FakeTensor:
    """Quacks like a torch.Tensor as far as tileir looks: data_ptr, is_cuda, device."""

    def __init__(self, address: int, device: str = "cuda", index: Optional[int] = 0):
        self._address = address
        self.device = FakeDevice(device, index if device == "cuda" else None)

    @property
    def is_cuda(self) -> bool:
        return self.device.type == "cuda"

    def data_ptr(self) -> int:
        return self._address


class FakeArray:
    """An object exposing only __cuda_array_interface__ (like a CuPy or Numba array)."""

    def __init__(self, address: int):
        self.__cuda_array_interface__ = {
            "shape": (4,), "typestr": "<f4", "data": (address, False), "version": 3,
        }


@dataclass
class Launch:
    kernel: str
    grid: tuple
    block: tuple
    raw_args: List[bytes]
    device: Optional[int]
    stream: Any


@dataclass
class RecordingLauncher:
    """A Launcher that records each launch instead of running it."""

    launches: List[Launch] = field(default_factory=list)

    def launch(self, ptx, ptx_hash, info, grid, block, values, device, stream):
        self.launches.append(Launch(info.name, grid, block, [bytes(v) for v in values], device, stream))
