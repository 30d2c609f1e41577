"""Turning Python launch arguments into kernel parameter values.

Each parameter kind (see :mod:`tileir.ptx`) has a packer that validates one Python value
and returns the ctypes object whose bytes the driver copies into the parameter buffer.
The packers know nothing about the driver, so argument validation can be tested (and
fails the same way) on machines without a GPU.
"""

import ctypes
import math
import numbers
import struct
from typing import Any, Callable, Dict, List, NamedTuple, Optional, Sequence, Set, Tuple

from .ptx import Dim3

#: Largest grid extents of CUDA (x, y, z).
MAX_GRID = (2**31 - 1, 65535, 65535)


class PackedArgs(NamedTuple):
    """Parameter values ready for ``cuLaunchKernel`` and the CUDA devices they live on."""

    values: List[ctypes._SimpleCData]
    devices: Set[int]


class _Pointer(NamedTuple):
    address: int
    device: Optional[int]
    #: the element type of the memory (a torch dtype name: "float32", "int8", ...), or
    #: None when the argument does not say (an int address, an unknown type).
    dtype: Optional[str] = None
    #: () when the memory is contiguous (row-major) or the argument does not say, else
    #: the argument's strides in elements (for the error message). Computed lazily for
    #: torch tensors (see _check_dense).
    strides: Tuple[int, ...] = ()


def _row_major(shape: Sequence[int], itemsize: int = 1) -> Tuple[int, ...]:
    strides, step = [], itemsize
    for extent in reversed(list(shape)):
        strides.append(step)
        step *= max(int(extent), 1)
    return tuple(reversed(strides))


def _is_dense(shape: Sequence[int], strides: Sequence[int], itemsize: int = 1) -> bool:
    """Row-major contiguity; extents of 1 (and empty arrays) do not care about strides."""
    if any(int(e) == 0 for e in shape):
        return True
    expected = _row_major(shape, itemsize)
    return all(int(e) == 1 or int(s) == x for e, s, x in zip(shape, strides, expected))


def _unwrap_scalar(value: Any) -> Any:
    """Turn a NumPy scalar into the equivalent Python scalar; reject tensors."""
    if type(value).__module__ == "numpy" and getattr(value, "shape", None) == ():
        return value.item()
    if hasattr(value, "data_ptr") or hasattr(value, "__cuda_array_interface__") or hasattr(value, "__dlpack__"):
        raise TypeError(
            f"expects a Python number, got a {type(value).__name__} "
            "(call .item() to pass a tensor's value)"
        )
    return value


def _is_int(value: Any) -> bool:
    if type(value) is int:  # the common case, without the ABC check
        return True
    return isinstance(value, numbers.Integral) and not isinstance(value, bool)


def _is_real(value: Any) -> bool:
    return isinstance(value, numbers.Real) and not isinstance(value, bool)


def _describe(value: Any) -> str:
    if isinstance(value, (int, float)):
        return f"{type(value).__name__} {value!r}"
    return type(value).__name__


#: __cuda_array_interface__ typestr (without byte order) -> dtype name.
_TYPESTR_DTYPES = {
    "f2": "float16", "f4": "float32", "f8": "float64", "b1": "bool",
    "i1": "int8", "i2": "int16", "i4": "int32", "i8": "int64",
    "u1": "uint8", "u2": "uint16", "u4": "uint32", "u8": "uint64",
}

#: DLPack (type code, bits) -> dtype name.
_DLPACK_DTYPES = {
    (0, 8): "int8", (0, 16): "int16", (0, 32): "int32", (0, 64): "int64",
    (1, 8): "uint8", (1, 16): "uint16", (1, 32): "uint32", (1, 64): "uint64",
    (2, 16): "float16", (2, 32): "float32", (2, 64): "float64",
    (4, 16): "bfloat16", (6, 8): "bool",
}

#: The pointer element type of the kernel ABI (``elems=`` of the metadata line) -> the
#: dtypes of the memory it accepts. Integers are signless, so both signs pass; a type
#: not listed is not checked.
PTR_ELEM_DTYPES = {
    "f16": ("float16",), "bf16": ("bfloat16",), "f32": ("float32",), "tf32": ("float32",),
    "f64": ("float64",),
    "i1": ("bool", "int8", "uint8"), "i8": ("int8", "uint8", "bool"),
    "i16": ("int16", "uint16"), "i32": ("int32", "uint32"), "i64": ("int64", "uint64"),
    "f8e4m3fn": ("float8_e4m3fn",), "f8e5m2": ("float8_e5m2",), "f8e8m0fnu": ("float8_e8m0fnu",),
}

_DLPACK_CUDA_DEVICES = {2: "CUDA", 13: "CUDA managed"}
_DLPACK_DEVICE_NAMES = {1: "CPU", 3: "CUDA host", 4: "OpenCL", 7: "Vulkan", 8: "Metal",
                        10: "ROCm", 14: "oneAPI"}


class _DLDevice(ctypes.Structure):
    _fields_ = [("device_type", ctypes.c_int32), ("device_id", ctypes.c_int32)]


class _DLDataType(ctypes.Structure):
    _fields_ = [("code", ctypes.c_uint8), ("bits", ctypes.c_uint8), ("lanes", ctypes.c_uint16)]


class _DLTensor(ctypes.Structure):
    _fields_ = [
        ("data", ctypes.c_void_p), ("device", _DLDevice), ("ndim", ctypes.c_int32),
        ("dtype", _DLDataType), ("shape", ctypes.POINTER(ctypes.c_int64)),
        ("strides", ctypes.POINTER(ctypes.c_int64)), ("byte_offset", ctypes.c_uint64),
    ]


class _DLPackVersioned(ctypes.Structure):
    """The head of DLManagedTensorVersioned (DLPack 1.0), up to its DLTensor."""

    _fields_ = [
        ("major", ctypes.c_uint32), ("minor", ctypes.c_uint32), ("manager_ctx", ctypes.c_void_p),
        ("deleter", ctypes.c_void_p), ("flags", ctypes.c_uint64), ("dl_tensor", _DLTensor),
    ]


def _capsule_pointer(capsule: Any, name: bytes) -> int:
    api = ctypes.pythonapi
    api.PyCapsule_IsValid.restype = ctypes.c_int
    api.PyCapsule_IsValid.argtypes = [ctypes.py_object, ctypes.c_char_p]
    if not api.PyCapsule_IsValid(capsule, name):
        return 0
    api.PyCapsule_GetPointer.restype = ctypes.c_void_p
    api.PyCapsule_GetPointer.argtypes = [ctypes.py_object, ctypes.c_char_p]
    return api.PyCapsule_GetPointer(capsule, name) or 0


_dtype_names: Dict[Any, Optional[str]] = {}


def _dtype_name(dtype: Any) -> Optional[str]:
    """``"float32"`` for ``torch.float32`` (memoized: this is on the launch path)."""
    try:
        return _dtype_names[dtype]
    except KeyError:
        name = str(dtype).replace("torch.", "") if dtype is not None else None
        _dtype_names[dtype] = name
        return name
    except TypeError:  # unhashable
        return str(dtype).replace("torch.", "")


def _dlpack_pointer(value: Any) -> _Pointer:
    """The address, device and dtype of an object with ``__dlpack__``.

    The capsule is not consumed: its destructor releases the producer's reference, and the
    memory stays owned by ``value``.
    """
    get_device = getattr(value, "__dlpack_device__", None)
    if get_device is not None:
        device_type, _ = get_device()
        if device_type not in _DLPACK_CUDA_DEVICES:
            where = _DLPACK_DEVICE_NAMES.get(device_type, f"DLPack device type {device_type}")
            raise TypeError(f"expects GPU memory, got a {type(value).__name__} on {where}")
    capsule = value.__dlpack__()
    address = _capsule_pointer(capsule, b"dltensor")
    if address:
        tensor = _DLTensor.from_address(address)
    else:
        address = _capsule_pointer(capsule, b"dltensor_versioned")
        if not address:
            raise TypeError(f"{type(value).__name__}.__dlpack__() returned no DLPack capsule")
        tensor = _DLPackVersioned.from_address(address).dl_tensor
    if tensor.device.device_type not in _DLPACK_CUDA_DEVICES:
        kind = tensor.device.device_type
        where = _DLPACK_DEVICE_NAMES.get(kind, f"DLPack device type {kind}")
        raise TypeError(f"expects GPU memory, got a {type(value).__name__} on {where}")
    dtype = None
    if tensor.dtype.lanes == 1:
        dtype = _DLPACK_DTYPES.get((tensor.dtype.code, tensor.dtype.bits))
    address = (tensor.data or 0) + tensor.byte_offset
    strides: Tuple[int, ...] = ()
    if tensor.strides and tensor.ndim > 0:  # NULL strides: row-major
        shape = [tensor.shape[i] for i in range(tensor.ndim)]
        dl_strides = [tensor.strides[i] for i in range(tensor.ndim)]
        if not _is_dense(shape, dl_strides):
            strides = tuple(dl_strides)
    return _Pointer(address, int(tensor.device.device_id), dtype, strides)


def _pointer(value: Any) -> _Pointer:
    """Read a device address (and, where the value says, its device and element type) from
    a tensor, a CUDA array interface, a DLPack tensor or an int."""
    if hasattr(value, "data_ptr") and hasattr(value, "is_cuda"):
        if not value.is_cuda:
            raise TypeError(f"expects a CUDA tensor, got a tensor on {value.device}")
        # torch's get_device() is an int without building a torch.device.
        get_device = getattr(value, "get_device", None)
        return _Pointer(int(value.data_ptr()), get_device() if get_device else value.device.index,
                        _dtype_name(getattr(value, "dtype", None)))
    interface = getattr(value, "__cuda_array_interface__", None)
    if interface is not None:
        data = interface.get("data") if isinstance(interface, dict) else None
        if not data or not _is_int(data[0]):
            raise TypeError(
                f"expects __cuda_array_interface__['data'] = (address, readonly), "
                f"got {data!r} from a {type(value).__name__}"
            )
        typestr = interface.get("typestr")
        dtype = _TYPESTR_DTYPES.get(typestr[1:]) if isinstance(typestr, str) else None
        strides: Tuple[int, ...] = ()
        cai_strides, shape = interface.get("strides"), interface.get("shape") or ()
        if cai_strides is not None and isinstance(typestr, str) and typestr[2:].isdigit():
            itemsize = int(typestr[2:])
            if not _is_dense(shape, cai_strides, itemsize):
                strides = tuple(int(s) // itemsize for s in cai_strides)
        return _Pointer(int(data[0]), None, dtype, strides)
    if hasattr(value, "__dlpack__"):
        return _dlpack_pointer(value)
    if _is_int(value):
        if not 0 <= value < 2**64:
            raise ValueError(f"expects a 64-bit device address, got {value}")
        return _Pointer(int(value), None)
    raise TypeError(
        "expects a CUDA tensor, an object with __cuda_array_interface__ or __dlpack__, or an "
        f"int address, got {_describe(value)}"
    )


def _int_bits(value: Any, bits: int, allow_bool: bool = False) -> int:
    """Two's-complement bit pattern of an integer that fits ``bits`` signed or unsigned."""
    value = _unwrap_scalar(value)
    if isinstance(value, bool):
        if not allow_bool:
            raise TypeError(f"expects an int, got bool {value!r}")
        return int(value)
    if not _is_int(value):
        raise TypeError(f"expects an int, got {_describe(value)}")
    value = int(value)
    if not -(2 ** (bits - 1)) <= value < 2**bits:
        raise ValueError(f"expects an integer that fits in {bits} bits, got {value}")
    return value & ((1 << bits) - 1)


def _real(value: Any) -> float:
    value = _unwrap_scalar(value)
    if not _is_real(value):
        raise TypeError(f"expects a float or an int, got {_describe(value)}")
    return float(value)


def _float_bits(value: float, fmt: str, name: str) -> bytes:
    try:
        return struct.pack(fmt, value)
    except OverflowError:
        raise ValueError(f"{value!r} is out of range for {name}") from None


def f16_bits(value: float) -> int:
    """IEEE binary16 bit pattern of ``value`` (round to nearest even)."""
    return struct.unpack("<H", _float_bits(value, "<e", "f16"))[0]


def bf16_bits(value: float) -> int:
    """bfloat16 bit pattern of ``value``: f32 rounded to nearest even, NaN kept quiet."""
    bits = struct.unpack("<I", _float_bits(value, "<f", "bf16"))[0]
    if math.isnan(value):
        return (bits >> 16) | 0x0040
    rounded = (bits + 0x7FFF + ((bits >> 16) & 1)) >> 16
    if math.isfinite(value) and rounded & 0x7FFF == 0x7F80:
        raise ValueError(f"{value!r} is out of range for bf16")
    return rounded


def _check_elem(pointer: _Pointer, elem: Optional[str]) -> None:
    """Raise TypeError when the memory's dtype is not one a ``ptr<elem>`` parameter takes."""
    if elem is None or pointer.dtype is None or elem not in PTR_ELEM_DTYPES:
        return
    accepted = PTR_ELEM_DTYPES[elem]
    if pointer.dtype not in accepted:
        raise TypeError(f"expects {' or '.join(accepted)} memory, got {pointer.dtype}")


def _check_dense(value: Any, pointer: _Pointer) -> None:
    """Raise ValueError when a parameter the kernel reads as a dense array gets strided
    memory."""
    strides = pointer.strides
    if not strides and hasattr(value, "is_contiguous") and hasattr(value, "data_ptr"):
        if not value.is_contiguous():
            strides = tuple(value.stride())
    if strides:
        raise ValueError(
            f"expects contiguous memory (the kernel reads it as a dense row-major array), "
            f"got strides {strides}; pass .contiguous()"
        )


def _pack_ptr(value: Any, elem: Optional[str] = None,
              dense: bool = False) -> Tuple[ctypes._SimpleCData, Optional[int]]:
    pointer = _pointer(value)
    _check_elem(pointer, elem)
    if dense:
        _check_dense(value, pointer)
    return ctypes.c_uint64(pointer.address), pointer.device


def _pack_i1(value: Any) -> ctypes._SimpleCData:
    value = _unwrap_scalar(value)
    if not isinstance(value, bool) and not (_is_int(value) and value in (0, 1)):
        raise TypeError(f"expects a bool (or 0/1), got {_describe(value)}")
    return ctypes.c_uint8(int(value))


def _pack_f32(value: Any) -> ctypes._SimpleCData:
    value = _real(value)
    _float_bits(value, "<f", "f32")
    return ctypes.c_float(value)


def _pack_b16(value: Any) -> ctypes._SimpleCData:
    value = _unwrap_scalar(value)
    if _is_real(value) and not _is_int(value):
        raise TypeError(
            "is an untyped 16-bit PTX parameter (the PTX has no tileir.kernel metadata), "
            "so a float is ambiguous between f16 and bf16: pass its bit pattern as an int"
        )
    return ctypes.c_uint16(_int_bits(value, 16))


def _pack_b32(value: Any) -> ctypes._SimpleCData:
    plain = _unwrap_scalar(value)
    if _is_real(plain) and not _is_int(plain):
        return _pack_f32(plain)
    return ctypes.c_uint32(_int_bits(plain, 32))


def _pack_b64(value: Any) -> Tuple[ctypes._SimpleCData, Optional[int]]:
    if isinstance(value, numbers.Number) or type(value).__module__ == "numpy":
        plain = _unwrap_scalar(value)
        if _is_real(plain) and not _is_int(plain):
            return ctypes.c_double(float(plain)), None
        return ctypes.c_uint64(_int_bits(plain, 64)), None
    return _pack_ptr(value)


_SCALAR_PACKERS: Dict[str, Callable[[Any], ctypes._SimpleCData]] = {
    "i1": _pack_i1,
    "i8": lambda v: ctypes.c_uint8(_int_bits(v, 8)),
    "i16": lambda v: ctypes.c_uint16(_int_bits(v, 16)),
    "i32": lambda v: ctypes.c_uint32(_int_bits(v, 32)),
    "i64": lambda v: ctypes.c_uint64(_int_bits(v, 64)),
    "f16": lambda v: ctypes.c_uint16(f16_bits(_real(v))),
    "bf16": lambda v: ctypes.c_uint16(bf16_bits(_real(v))),
    "f32": _pack_f32,
    "f64": lambda v: ctypes.c_double(_real(v)),
    "b8": lambda v: ctypes.c_uint8(_int_bits(v, 8, allow_bool=True)),
    "b16": _pack_b16,
    "b32": _pack_b32,
}

_POINTER_PACKERS = {"ptr": _pack_ptr, "b64": _pack_b64}


def pack_args(kernel: str, kinds: Sequence[str], args: Sequence[Any],
              pointer_align: int = 1, elems: Sequence[str] = (),
              dense: Sequence[int] = ()) -> PackedArgs:
    """Validate ``args`` against the parameter ``kinds`` of ``kernel`` and pack them.

    Pointer arguments must be multiples of ``pointer_align`` bytes (the alignment
    the kernel was compiled to assume; see docs/ABI.md). Where ``elems`` gives the
    element type a pointer parameter points to, an argument that states its dtype (a
    tensor, ``__cuda_array_interface__``, ``__dlpack__``) must have a matching one, and
    the pointer parameters listed in ``dense`` (read by the kernel as dense arrays) must
    get contiguous memory where the argument says its layout.

    Raises:
        TypeError: wrong number of arguments, or a value of the wrong type.
        ValueError: a value that does not fit its parameter.
    """
    if len(args) != len(kinds):
        raise TypeError(
            f"kernel '{kernel}' takes {len(kinds)} arguments ({', '.join(kinds)}), "
            f"got {len(args)}"
        )
    values: List[ctypes._SimpleCData] = []
    devices: Set[int] = set()
    for index, (kind, arg) in enumerate(zip(kinds, args)):
        elem = elems[index] if index < len(elems) and elems[index] != "-" else None
        label = f"ptr<{elem}>" if kind == "ptr" and elem else kind
        try:
            if kind in _POINTER_PACKERS:
                if kind == "ptr":
                    value, device = _pack_ptr(arg, elem, index in dense)
                else:
                    value, device = _pack_b64(arg)
                if kind == "ptr" and value.value % pointer_align:
                    raise ValueError(
                        f"expects a {pointer_align}-byte aligned pointer, got "
                        f"{value.value:#x} (the kernel was compiled assuming "
                        f"{pointer_align}-byte alignment)"
                    )
                if device is not None:
                    devices.add(device)
            else:
                value = _SCALAR_PACKERS[kind](arg)
        except (TypeError, ValueError) as error:
            raise type(error)(
                f"kernel '{kernel}': parameter {index} ({label}) {error}"
            ) from None
        values.append(value)
    return PackedArgs(values, devices)


def normalize_grid(grid: Any) -> Dim3:
    """Turn an int or a tuple of up to three ints into a (x, y, z) grid.

    Extents may be 0 (the launch is then skipped); negative extents and extents above
    the CUDA limits raise ValueError.
    """
    extents = (grid,) if _is_int(grid) else grid
    if not isinstance(extents, (tuple, list)) or not 1 <= len(extents) <= 3:
        raise TypeError(f"grid expects an int or a tuple of 1 to 3 ints, got {grid!r}")
    if not all(_is_int(e) for e in extents):
        raise TypeError(f"grid expects an int or a tuple of 1 to 3 ints, got {grid!r}")
    padded = [int(e) for e in extents] + [1] * (3 - len(extents))
    for axis, (extent, limit) in enumerate(zip(padded, MAX_GRID)):
        if not 0 <= extent <= limit:
            raise ValueError(f"grid extent {'xyz'[axis]}={extent} is outside [0, {limit}]")
    return (padded[0], padded[1], padded[2])


# ---------------------------------------------------------------------------------------------
# The compiled packer of the launch fast path.
# ---------------------------------------------------------------------------------------------

#: What a compiled packer returns for arguments it leaves to :func:`pack_args` (anything
#: that is not a plain case, and every argument that would raise).
SLOW = object()

#: Kind -> (struct format of its 8-byte parameter slot, the expression that checks a plain
#: value ``v`` of the kind, the expression of the value packed from the argument ``{}``).
#: A kind not listed (the bit-width kinds of PTX without metadata) has no fast path.
_FAST_SCALARS = {
    "i1": ("B7x", "type(v) is bool or (type(v) is int and (v == 0 or v == 1))", "{}"),
    "i8": ("B7x", "type(v) is int and -128 <= v < 256", "{} & 0xFF"),
    "i16": ("H6x", "type(v) is int and -32768 <= v < 65536", "{} & 0xFFFF"),
    "i32": ("I4x", "type(v) is int and -2147483648 <= v < 4294967296", "{} & 0xFFFFFFFF"),
    "i64": ("Q", "type(v) is int and -9223372036854775808 <= v < 18446744073709551616",
            "{} & 0xFFFFFFFFFFFFFFFF"),
    # struct rounds f32 and f16 as the slow path does, and raises OverflowError for a
    # finite value out of range (bf16_bits ValueError): the slow path then raises the
    # error that names the parameter.
    "f32": ("f4x", "type(v) is float or type(v) is int", "{}"),
    "f64": ("d", "type(v) is float or type(v) is int", "{}"),
    "f16": ("e6x", "type(v) is float or type(v) is int", "{}"),
    "bf16": ("H6x", "type(v) is float or type(v) is int", "bf16_bits(float({}))"),
}


def _tensor_type() -> Optional[type]:
    """``torch.Tensor`` when the program has imported torch, else None."""
    import sys

    torch = sys.modules.get("torch")
    tensor = getattr(torch, "Tensor", None) if torch is not None else None
    return tensor if isinstance(tensor, type) else None


def _torch_dtypes(elem: str) -> Optional[frozenset]:
    """The torch dtype objects a ``ptr<elem>`` parameter accepts (None: not checked)."""
    import sys

    if elem not in PTR_ELEM_DTYPES:
        return None
    torch = sys.modules.get("torch")
    return frozenset(getattr(torch, name) for name in PTR_ELEM_DTYPES[elem]
                     if getattr(torch, name, None) is not None)


class CompiledPacker(NamedTuple):
    """A kernel's arguments packer for the launch fast path, built once from its ABI."""

    #: ``pack(args, buffer) -> device``: writes the parameter values into ``buffer`` (one
    #: 8-byte slot per parameter) and returns the CUDA device of the tensor arguments
    #: (None when none says), or :data:`SLOW` for arguments it leaves to
    #: :func:`pack_args` (which packs every case, or raises the error naming the
    #: parameter).
    pack: Callable[[Sequence[Any], Any], Any]
    #: the number of 8-byte parameter slots.
    slots: int
    #: the ``torch.Tensor`` type it checks for (None: torch was not imported).
    tensor_type: Optional[type]


def compile_packer(kinds: Sequence[str], pointer_align: int = 1, elems: Sequence[str] = (),
                   dense: Sequence[int] = ()) -> Optional[CompiledPacker]:
    """The fast-path packer of a kernel's parameters, or None when a kind has none.

    The generated function takes the plain cases only, each checked as :func:`pack_args`
    checks it: a CUDA ``torch.Tensor`` (exactly that type) of an accepted dtype,
    contiguous where the parameter is dense, aligned, all on one device; an int address
    in range and aligned; an int or float scalar of the parameter's kind within its
    range. Anything else returns :data:`SLOW`, so the slow path gives the same result or
    error as before.
    """
    if any(kind != "ptr" and kind not in _FAST_SCALARS for kind in kinds):
        return None
    tensor = _tensor_type()
    env: Dict[str, Any] = {"SLOW": SLOW, "Tensor": tensor or _NoTensor, "bf16_bits": bf16_bits}
    fmt = ["<"]
    lines = [f"def pack(args, buf):",
             f"    if len(args) != {len(kinds)}:",
             f"        return SLOW",
             f"    device = None"]
    values = []
    for index, kind in enumerate(kinds):
        a = f"a{index}"
        lines.append(f"    {a} = args[{index}]")
        if kind != "ptr":
            slot, check, value = _FAST_SCALARS[kind]
            fmt.append(slot)
            values.append(value.format(a))
            lines += [f"    v = {a}",
                      f"    if not ({check}):",
                      f"        return SLOW"]
            continue
        fmt.append("Q")
        values.append(a)
        elem = elems[index] if index < len(elems) and elems[index] != "-" else None
        dtypes = _torch_dtypes(elem) if elem is not None and tensor is not None else None
        checks = [f"{a}.is_cuda"]
        if dtypes is not None:
            env[f"D{index}"] = dtypes
            checks.append(f"{a}.dtype in D{index}")
        if index in dense:
            checks.append(f"{a}.is_contiguous()")
        lines += [f"    if type({a}) is Tensor:",
                  f"        if not ({' and '.join(checks)}):",
                  f"            return SLOW",
                  f"        d = {a}.get_device()",
                  f"        if device is None:",
                  f"            device = d",
                  f"        elif d != device:",
                  f"            return SLOW",
                  f"        {a} = {a}.data_ptr()",
                  f"    elif type({a}) is not int or not 0 <= {a} < 18446744073709551616:",
                  f"        return SLOW"]
        if pointer_align > 1:
            lines += [f"    if {a} % {int(pointer_align)}:",
                      f"        return SLOW"]
    if kinds:
        env["pack_into"] = struct.Struct("".join(fmt)).pack_into
        lines += [f"    try:",
                  f"        pack_into(buf, 0, {', '.join(values)})",
                  f"    except (OverflowError, ValueError, struct_error):",
                  f"        return SLOW"]
        env["struct_error"] = struct.error
    lines.append("    return device")
    namespace: Dict[str, Any] = {}
    exec(compile("\n".join(lines) + "\n", "<tileir packer>", "exec"), env, namespace)
    return CompiledPacker(namespace["pack"], len(kinds), tensor)


class _NoTensor:
    """Stands for torch.Tensor in a packer compiled before torch was imported."""
