"""A minimal CUDA driver API runtime, through ctypes.

``libcuda.so.1`` is loaded on first use, so importing tileir needs no GPU. The runtime
shares CUDA contexts with PyTorch (and any CUDA runtime user): kernels run in the
context current on the calling thread when it belongs to the target device, otherwise in
the device's primary context, which is the one the CUDA runtime uses.

PTX modules are loaded once per (context, PTX digest) and kept for the life of the
process.
"""

import ctypes
import sys
import threading
from contextlib import contextmanager
from typing import Any, Callable, Dict, Iterator, List, Optional, Sequence, Tuple

from .errors import CudaError
from .ptx import Dim3, KernelInfo

LIBRARY_NAME = "libcuda.so.1"

_CU_JIT_INFO_LOG_BUFFER = 3
_CU_JIT_INFO_LOG_BUFFER_SIZE_BYTES = 4
_CU_JIT_ERROR_LOG_BUFFER = 5
_CU_JIT_ERROR_LOG_BUFFER_SIZE_BYTES = 6
_CU_FUNC_ATTRIBUTE_MAX_DYNAMIC_SHARED_SIZE_BYTES = 8
_CU_DEVICE_ATTRIBUTE_COMPUTE_CAPABILITY_MAJOR = 75
_CU_DEVICE_ATTRIBUTE_COMPUTE_CAPABILITY_MINOR = 76
_LOG_SIZE = 1 << 16
#: Dynamic shared memory above this needs an explicit opt-in per function.
_DEFAULT_SMEM_LIMIT = 48 * 1024

_c_uint = ctypes.c_uint
_c_ptr = ctypes.c_void_p
_POINTER = ctypes.POINTER

# name -> (argument types); every function returns CUresult (int).
_PROTOTYPES = {
    "cuInit": [_c_uint],
    "cuGetErrorName": [ctypes.c_int, _POINTER(ctypes.c_char_p)],
    "cuGetErrorString": [ctypes.c_int, _POINTER(ctypes.c_char_p)],
    "cuDeviceGet": [_POINTER(ctypes.c_int), ctypes.c_int],
    "cuDeviceGetAttribute": [_POINTER(ctypes.c_int), ctypes.c_int, ctypes.c_int],
    "cuDevicePrimaryCtxRetain": [_POINTER(_c_ptr), ctypes.c_int],
    "cuCtxGetCurrent": [_POINTER(_c_ptr)],
    "cuCtxSetCurrent": [_c_ptr],
    "cuCtxGetDevice": [_POINTER(ctypes.c_int)],
    "cuCtxPushCurrent_v2": [_c_ptr],
    "cuCtxPopCurrent_v2": [_POINTER(_c_ptr)],
    "cuModuleLoadDataEx": [_POINTER(_c_ptr), ctypes.c_char_p, _c_uint, _POINTER(ctypes.c_int), _POINTER(_c_ptr)],
    "cuModuleGetFunction": [_POINTER(_c_ptr), _c_ptr, ctypes.c_char_p],
    "cuFuncSetAttribute": [_c_ptr, ctypes.c_int, ctypes.c_int],
    "cuLaunchKernel": [_c_ptr] + [_c_uint] * 7 + [_c_ptr, _POINTER(_c_ptr), _POINTER(_c_ptr)],
}


class Driver:
    """The loaded driver library, with checked calls and the module cache."""

    def __init__(self, library_name: str = LIBRARY_NAME) -> None:
        try:
            self._lib = ctypes.CDLL(library_name)
        except OSError as error:
            raise CudaError(
                f"cannot load the CUDA driver library {library_name} ({error}); "
                "launching kernels needs an NVIDIA GPU and its driver"
            ) from None
        for name, argtypes in _PROTOTYPES.items():
            function = getattr(self._lib, name)
            function.argtypes = argtypes
            function.restype = ctypes.c_int
        # The same functions without argtypes for the launch fast path (fast_launch): ctypes
        # then converts no argument (it passes ints as C ints, ctypes objects as they are),
        # which halves the cost of a cuLaunchKernel call. The callers pass only small ints
        # and ctypes objects.
        raw = ctypes.CDLL(library_name)
        self._raw_launch = raw.cuLaunchKernel
        self._raw_launch.restype = ctypes.c_int
        self._raw_get_context = raw.cuCtxGetCurrent
        self._raw_get_context.restype = ctypes.c_int
        self._lock = threading.Lock()
        self._primary: Dict[int, int] = {}
        self._functions: Dict[Tuple[int, str, str], int] = {}
        self._modules: Dict[Tuple[int, str], int] = {}
        self._context_devices: Dict[int, int] = {}
        self.check(self._lib.cuInit(0), "cuInit")

    def _error_text(self, code: int, getter: str) -> str:
        text = ctypes.c_char_p()
        if getattr(self._lib, getter)(code, ctypes.byref(text)) != 0 or not text.value:
            return ""
        return text.value.decode("utf-8", "replace")

    def check(self, code: int, call: str, detail: str = "") -> None:
        """Raise :class:`CudaError` unless ``code`` is CUDA_SUCCESS."""
        if code == 0:
            return
        name = self._error_text(code, "cuGetErrorName") or f"CUresult {code}"
        description = self._error_text(code, "cuGetErrorString")
        message = f"{call} failed: {name}"
        if description:
            message += f" ({description})"
        if detail:
            message += f"\n{detail}"
        raise CudaError(message, call=call, code=code, name=name, description=description)

    def compute_capability(self, device: int) -> Tuple[int, int]:
        """(major, minor) compute capability of CUDA device ``device``."""
        handle = ctypes.c_int()
        self.check(self._lib.cuDeviceGet(ctypes.byref(handle), device), f"cuDeviceGet({device})")
        values = []
        for attribute in (_CU_DEVICE_ATTRIBUTE_COMPUTE_CAPABILITY_MAJOR,
                          _CU_DEVICE_ATTRIBUTE_COMPUTE_CAPABILITY_MINOR):
            value = ctypes.c_int()
            self.check(self._lib.cuDeviceGetAttribute(ctypes.byref(value), attribute, handle),
                       f"cuDeviceGetAttribute({attribute}, device {device})")
            values.append(value.value)
        return values[0], values[1]

    def _current_context(self) -> Tuple[int, Optional[int]]:
        context = _c_ptr()
        self.check(self._lib.cuCtxGetCurrent(ctypes.byref(context)), "cuCtxGetCurrent")
        if not context.value:
            return 0, None
        # A context belongs to one device for its whole life; handles are not reused
        # while it lives, and this cache only grows with the contexts a process uses.
        known = self._context_devices.get(context.value)
        if known is not None:
            return context.value, known
        device = ctypes.c_int()
        self.check(self._lib.cuCtxGetDevice(ctypes.byref(device)), "cuCtxGetDevice")
        self._context_devices[context.value] = device.value
        return context.value, device.value

    def current_context_for(self, device: Optional[int]) -> int:
        """The thread's current context if it can run on ``device`` (None: any), else 0."""
        current, current_device = self._current_context()
        if current and (device is None or device == current_device):
            return current
        return 0

    def _primary_context(self, device: int) -> int:
        with self._lock:
            if device in self._primary:
                return self._primary[device]
            handle = ctypes.c_int()
            self.check(self._lib.cuDeviceGet(ctypes.byref(handle), device), f"cuDeviceGet({device})")
            context = _c_ptr()
            self.check(
                self._lib.cuDevicePrimaryCtxRetain(ctypes.byref(context), handle),
                f"cuDevicePrimaryCtxRetain({device})",
            )
            self._primary[device] = context.value
            return context.value

    @contextmanager
    def context(self, device: Optional[int]) -> Iterator[int]:
        """Make a context of ``device`` current for the duration of the block.

        With ``device`` None, the thread's current context is used, else device 0's
        primary context. When the thread has no current context, the primary context
        becomes current and stays so (as the CUDA runtime would do); when it has one of
        another device, the primary context is pushed and popped around the block.
        """
        current, current_device = self._current_context()
        if current and (device is None or device == current_device):
            yield current
            return
        primary = self._primary_context(0 if device is None else device)
        if not current:
            self.check(self._lib.cuCtxSetCurrent(primary), "cuCtxSetCurrent")
            yield primary
            return
        self.check(self._lib.cuCtxPushCurrent_v2(primary), "cuCtxPushCurrent")
        try:
            yield primary
        finally:
            popped = _c_ptr()
            self.check(self._lib.cuCtxPopCurrent_v2(ctypes.byref(popped)), "cuCtxPopCurrent")

    def _load_module(self, context: int, ptx: str, ptx_hash: str) -> int:
        key = (context, ptx_hash)
        if key in self._modules:
            return self._modules[key]
        error_log = ctypes.create_string_buffer(_LOG_SIZE)
        info_log = ctypes.create_string_buffer(_LOG_SIZE)
        options = (ctypes.c_int * 4)(
            _CU_JIT_ERROR_LOG_BUFFER,
            _CU_JIT_ERROR_LOG_BUFFER_SIZE_BYTES,
            _CU_JIT_INFO_LOG_BUFFER,
            _CU_JIT_INFO_LOG_BUFFER_SIZE_BYTES,
        )
        values = (_c_ptr * 4)(
            ctypes.cast(error_log, _c_ptr), _LOG_SIZE, ctypes.cast(info_log, _c_ptr), _LOG_SIZE
        )
        module = _c_ptr()
        image = ptx.encode("utf-8") + b"\0"
        code = self._lib.cuModuleLoadDataEx(ctypes.byref(module), image, 4, options, values)
        log = error_log.value.decode("utf-8", "replace").strip()
        self.check(code, "cuModuleLoadDataEx", f"PTX JIT log:\n{log}" if log else "")
        self._modules[key] = module.value
        return module.value

    def function(self, context: int, ptx: str, ptx_hash: str, info: KernelInfo) -> int:
        """The CUfunction of ``info`` in ``ptx``, loaded into ``context`` once."""
        key = (context, ptx_hash, info.name)
        function = self._functions.get(key)  # the hot path: no lock for a loaded function
        if function is not None:
            return function
        with self._lock:
            if key in self._functions:
                return self._functions[key]
            module = self._load_module(context, ptx, ptx_hash)
            function = _c_ptr()
            self.check(
                self._lib.cuModuleGetFunction(ctypes.byref(function), module, info.name.encode()),
                f"cuModuleGetFunction('{info.name}')",
            )
            if info.smem > _DEFAULT_SMEM_LIMIT:
                self.check(
                    self._lib.cuFuncSetAttribute(
                        function, _CU_FUNC_ATTRIBUTE_MAX_DYNAMIC_SHARED_SIZE_BYTES, info.smem
                    ),
                    f"cuFuncSetAttribute('{info.name}', max dynamic shared memory = {info.smem})",
                )
            self._functions[key] = function.value
            return function.value

    def launch(
        self,
        function: int,
        grid: Dim3,
        block: Dim3,
        smem: int,
        stream: int,
        values: List[ctypes._SimpleCData],
        name: str,
    ) -> None:
        """``cuLaunchKernel`` with one pointer per parameter value."""
        params = (_c_ptr * len(values))(*[ctypes.addressof(v) for v in values]) if values else None
        self.check(
            self._lib.cuLaunchKernel(function, *grid, *block, smem, stream, params, None),
            f"cuLaunchKernel('{name}', grid={grid}, block={block}, smem={smem})",
        )


_driver: Optional[Driver] = None
_driver_lock = threading.Lock()


def driver() -> Driver:
    """The process-wide :class:`Driver`, created on first use."""
    global _driver
    with _driver_lock:
        if _driver is None:
            _driver = Driver()
        return _driver


_torch_ready: Any = None
#: torch._C._cuda_getCurrentRawStream of _torch_ready (None: this torch has none).
_torch_raw_stream: Any = None


def _torch() -> Any:
    """PyTorch if the program imported it and it can use CUDA (initialized), else None."""
    global _torch_ready, _torch_raw_stream
    if _torch_ready is not None:
        return _torch_ready
    torch = sys.modules.get("torch")
    if torch is None or not torch.cuda.is_available():
        return None
    torch.cuda.init()
    _torch_raw_stream = getattr(torch._C, "_cuda_getCurrentRawStream", None)
    _torch_ready = torch
    return torch


def stream_handle(stream: Any, device: Optional[int]) -> int:
    """The CUstream handle of ``stream``.

    Accepts None (PyTorch's current stream on ``device`` when PyTorch is imported, else
    the null stream), an int handle, a ``torch.cuda.Stream``, an object implementing
    ``__cuda_stream__`` or an object with a ``ptr`` handle (CuPy).
    """
    if stream is None:
        torch = _torch()
        if torch is None:
            return 0
        raw = getattr(torch._C, "_cuda_getCurrentRawStream", None)
        if raw is not None and device is not None:
            return raw(device)  # the handle, without building a torch.cuda.Stream
        return torch.cuda.current_stream(device).cuda_stream
    if isinstance(stream, int) and not isinstance(stream, bool):
        return stream
    if hasattr(stream, "cuda_stream"):
        stream_device = getattr(getattr(stream, "device", None), "index", None)
        if device is not None and stream_device is not None and stream_device != device:
            raise ValueError(
                f"the stream belongs to cuda:{stream_device}, the arguments to cuda:{device}"
            )
        return int(stream.cuda_stream)
    if hasattr(stream, "__cuda_stream__"):
        return int(stream.__cuda_stream__()[1])
    if hasattr(stream, "ptr"):
        return int(stream.ptr)
    raise TypeError(f"stream expects None, an int handle or a CUDA stream object, got {type(stream).__name__}")


_MAX_GRID_X = 2**31 - 1


def _new_slot(slots: int) -> Tuple[Any, Any, Any, Any]:
    """A parameter buffer with its pointer array, and a box for the current context."""
    buffer = (ctypes.c_uint64 * max(slots, 1))()
    base = ctypes.addressof(buffer)
    pointers = (_c_ptr * slots)(*[base + 8 * i for i in range(slots)]) if slots else None
    box = _c_ptr()
    return buffer, pointers, box, ctypes.byref(box)


def fast_launch(ptx: str, ptx_hash: str, info: KernelInfo,
                pack: Callable[[Sequence[Any], Any], Any], slots: int) -> Callable[..., bool]:
    """The launch fast path of one kernel: ``launch(grid, args, stream) -> bool``.

    It does what :class:`DriverLauncher` does for the common case, with everything that
    does not change between calls worked out once: ``pack`` (a compiled packer of
    :mod:`tileir._args`) writes the arguments into a parameter buffer kept for reuse
    (one per concurrent call: a list serves as a thread-safe free list), the CUfunction
    is kept per context, the driver functions are called without ctypes argument
    conversion. It returns False, having launched nothing, for every case it leaves to
    the general path: arguments the packer does not take (and so every bad argument), a
    thread without a current context of the arguments' device (the general path makes
    one current, or pushes it). Raises :class:`CudaError` if the driver cannot be loaded
    (before any call) or rejects the module or the launch.
    """
    from ._args import SLOW, normalize_grid

    cuda = _driver or driver()
    launch_kernel, get_context = cuda._raw_launch, cuda._raw_get_context
    context_devices = cuda._context_devices
    block = info.reqntid
    assert block is not None
    bx, by, bz = block
    smem, name = info.smem, info.name
    free: List[Any] = []
    functions: Dict[int, Any] = {}
    # (handle, its ctypes argument): the last non-null stream, replaced whole.
    last_stream: List[Tuple[int, Any]] = [(0, None)]

    def launch(grid: Any, args: Sequence[Any], stream: Any) -> bool:
        if type(grid) is int and 0 < grid <= _MAX_GRID_X:
            gx, gy, gz = grid, 1, 1
        else:
            gx, gy, gz = normalize_grid(grid)
        try:
            slot = free.pop()
        except IndexError:  # (not `if free`: another thread may take the last one between)
            slot = _new_slot(slots)
        try:
            device = pack(args, slot[0])
            if device is SLOW:
                return False
            if not (gx and gy and gz):
                return True  # the arguments are checked; an empty grid launches nothing
            torch = _torch_ready if _torch_ready is not None else _torch()
            if torch is not None and device is None:
                device = torch.cuda.current_device()
            if stream is None:
                if torch is None:
                    handle = 0
                elif device is not None and _torch_raw_stream is not None:
                    handle = _torch_raw_stream(device)
                else:
                    handle = stream_handle(None, device)
            elif type(stream) is int:
                handle = stream
            else:
                handle = stream_handle(stream, device)
            if get_context(slot[3]):
                return False
            context = slot[2].value
            if not context:
                return False
            context_device = context_devices.get(context)
            if context_device is None:  # a context not seen yet: ask its device once
                context, context_device = cuda._current_context()
            if device is not None and context_device != device:
                return False
            function = functions.get(context)
            if function is None:
                function = _c_ptr(cuda.function(context, ptx, ptx_hash, info))
                functions[context] = function
            if handle:
                cached = last_stream[0]
                if cached[0] != handle:
                    cached = (handle, _c_ptr(handle))
                    last_stream[0] = cached
                stream_arg = cached[1]
            else:
                stream_arg = None
            code = launch_kernel(function, gx, gy, gz, bx, by, bz, smem, stream_arg, slot[1], None)
            if code:
                cuda.check(code, f"cuLaunchKernel('{name}', grid={(gx, gy, gz)}, block={block}, smem={smem})")
            return True
        finally:
            free.append(slot)

    return launch


class DriverLauncher:
    """Launches kernels of a PTX module through the CUDA driver API."""

    def launch(
        self,
        ptx: str,
        ptx_hash: str,
        info: KernelInfo,
        grid: Dim3,
        block: Dim3,
        values: List[ctypes._SimpleCData],
        device: Optional[int],
        stream: Any,
    ) -> None:
        """Launch ``info`` with ``grid`` blocks of ``block`` threads.

        ``device`` is the CUDA device of the tensor arguments (None if unknown).
        """
        torch = _torch()
        if torch is not None and device is None:
            device = torch.cuda.current_device()
        handle = stream_handle(stream, device)
        cuda = _driver or driver()
        context = cuda.current_context_for(device)
        if context:  # the common case: the thread's context is the device's (no push/pop)
            function = cuda.function(context, ptx, ptx_hash, info)
            cuda.launch(function, grid, block, info.smem, handle, values, info.name)
            return
        with cuda.context(device) as context:
            function = cuda.function(context, ptx, ptx_hash, info)
            cuda.launch(function, grid, block, info.smem, handle, values, info.name)
