"""Stand-ins for tensors and for the CUDA launcher, so launches can be tested without a GPU."""

import ctypes
import os
import shutil
import subprocess
import types
from dataclasses import dataclass, field
from pathlib import Path
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


# --- a CUDA driver and a PyTorch for the launch fast path, without a GPU ---------------------

FAKE_CUDA_C = Path(__file__).resolve().parent / "fake_cuda.c"


def build_fake_driver(directory) -> Optional[str]:
    """libcuda stand-in built from fake_cuda.c with $CC, cc or clang-22 (which the build
    needs anyway) into ``directory``; its path, or None when there is no C compiler."""
    compiler = shutil.which(os.environ.get("CC", "cc")) or shutil.which("clang-22")
    if compiler is None:
        return None
    path = os.path.join(str(directory), "libfakecuda.so")
    subprocess.run([compiler, "-O2", "-shared", "-fPIC", "-o", path, str(FAKE_CUDA_C)], check=True)
    return path


class FakeDriverLibrary:
    """The recording side of the fake driver (fake_cuda.c)."""

    def __init__(self, path: str):
        self.lib = ctypes.CDLL(path)
        self.lib.fake_last_param.restype = ctypes.POINTER(ctypes.c_ubyte * 8)
        self.lib.fake_last_launch.restype = ctypes.POINTER(ctypes.c_uint64 * 9)
        self.lib.fake_launch_count.restype = ctypes.c_long

    def record(self, sizes: List[int]) -> None:
        """Record the first ``sizes[i]`` bytes of each parameter of the next launches."""
        self.lib.fake_param_sizes(len(sizes), (ctypes.c_int * len(sizes))(*sizes))

    def params(self, sizes: List[int]) -> List[bytes]:
        return [bytes(self.lib.fake_last_param(i).contents)[:size] for i, size in enumerate(sizes)]

    def launch(self) -> dict:
        """function, grid, block, smem and stream of the last launch."""
        v = list(self.lib.fake_last_launch().contents)
        return {"function": v[0], "grid": tuple(v[1:4]), "block": tuple(v[4:7]), "smem": v[7],
                "stream": v[8]}

    def count(self) -> int:
        return self.lib.fake_launch_count()

    def reset_context(self) -> None:
        self.lib.fake_reset_context()


class FakeDtype:
    def __init__(self, name: str):
        self.name = name

    def __repr__(self) -> str:
        return f"torch.{self.name}"


class FakeTorchTensor:
    """Answers what tileir reads of a torch.Tensor; the type of the fake torch's Tensor."""

    def __init__(self, shape=(4,), dtype=None, address=0x7F0000000000, device=0, strides=None,
                 cuda=True):
        self.shape, self.dtype = tuple(shape), dtype
        self._address, self._device, self._strides, self.is_cuda = address, device, strides, cuda
        self.device = FakeDevice("cuda" if cuda else "cpu", device if cuda else None)

    def data_ptr(self) -> int:
        return self._address

    def get_device(self) -> int:
        return self._device if self.is_cuda else -1

    def is_contiguous(self) -> bool:
        return self._strides is None

    def contiguous(self):
        return self

    def stride(self):
        return self._strides or (1,)

    def dim(self) -> int:
        return len(self.shape)


#: The stream handle the fake torch reports as current on device d: RAW_STREAM + d.
RAW_STREAM = 0x5000


def fake_torch() -> types.ModuleType:
    """A module standing for torch, as far as tileir's launch and tileir.ops use it."""
    torch = types.ModuleType("torch")
    torch.__version__ = "0.0-fake"
    torch.Tensor = FakeTorchTensor
    for name in ("float32", "float16", "bfloat16", "float64", "int8", "uint8", "int32", "int64", "bool"):
        setattr(torch, name, FakeDtype(name))
    torch.device = lambda spec: FakeDevice("cuda", 0 if spec == "cuda" else int(str(spec).split(":")[1]))
    torch.empty = lambda shape, dtype=None, device=None: FakeTorchTensor(
        shape, dtype, device=getattr(device, "index", 0) or 0)
    torch.broadcast_shapes = lambda *shapes: max(shapes, key=len)
    cuda = types.ModuleType("torch.cuda")
    cuda.is_available = lambda: True
    cuda.init = lambda: None
    cuda.current_device = lambda: 0
    cuda.current_stream = lambda device=None: types.SimpleNamespace(cuda_stream=RAW_STREAM + (device or 0))
    torch.cuda = cuda
    torch._C = types.SimpleNamespace(_cuda_getCurrentRawStream=lambda device: RAW_STREAM + device,
                                     _len_torch_dispatch_stack=lambda: 0)
    torch.compiler = types.SimpleNamespace(is_compiling=lambda: False,
                                           assume_constant_result=lambda f: f)
    torch.ops = types.SimpleNamespace(tileir=types.SimpleNamespace())

    def custom_op(name, mutates_args=(), schema=None):
        def wrap(fn):
            op = types.SimpleNamespace(register_fake=lambda f: f, default=fn)
            setattr(torch.ops.tileir, name.split("::")[1], op)
            return op
        return wrap

    torch.library = types.SimpleNamespace(custom_op=custom_op)
    return torch
