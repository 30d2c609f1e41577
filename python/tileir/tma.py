"""TMA tensor-map descriptors for ``tirx.copy_async ... tensor_map``.

A TMA copy reads a 128-byte ``CUtensorMap`` that the host encodes with the driver's
``cuTensorMapEncodeTiled``. The kernel receives it as an ``!llvm.ptr<1>`` argument
pointing at a 64-byte aligned copy of the map in global memory (see docs/ABI.md).
:func:`tiled_tensor_map` encodes the map and returns it as a ``torch.uint8`` tensor of
128 bytes on the tensor's device; pass ``map.data_ptr()`` as that kernel argument.
"""

import ctypes
from typing import Sequence

from ._driver import driver
from .errors import CudaError

# CUtensorMapDataType
_DATA_TYPES = {
    "uint8": 0,
    "uint16": 1,
    "uint32": 2,
    "int32": 3,
    "uint64": 4,
    "int64": 5,
    "float16": 6,
    "float32": 7,
    "float64": 8,
    "bfloat16": 9,
}
# CUtensorMapSwizzle: none, 32B, 64B, 128B
_SWIZZLES = {0: 0, 32: 1, 64: 2, 128: 3}
_INTERLEAVE_NONE = 0
_L2_PROMOTION_128B = 2
_OOB_FILL_ZERO = 0
TENSOR_MAP_BYTES = 128


def _encode_tiled(lib, data_type: int, rank: int, address: int, dims, strides, box, swizzle: int):
    """Calls cuTensorMapEncodeTiled; returns the 128 map bytes."""
    function = lib.cuTensorMapEncodeTiled
    u32 = ctypes.c_uint32
    u64 = ctypes.c_uint64
    function.argtypes = [
        ctypes.c_void_p, ctypes.c_int, u32, ctypes.c_void_p,
        ctypes.POINTER(u64), ctypes.POINTER(u64), ctypes.POINTER(u32), ctypes.POINTER(u32),
        ctypes.c_int, ctypes.c_int, ctypes.c_int, ctypes.c_int,
    ]
    function.restype = ctypes.c_int
    tensor_map = (ctypes.c_uint8 * TENSOR_MAP_BYTES)()
    dims_c = (u64 * rank)(*dims)
    strides_c = (u64 * max(1, rank - 1))(*(strides or [0]))
    box_c = (u32 * rank)(*box)
    elem_strides = (u32 * rank)(*([1] * rank))
    code = function(
        ctypes.byref(tensor_map), data_type, rank, ctypes.c_void_p(address),
        dims_c, strides_c, box_c, elem_strides,
        _INTERLEAVE_NONE, swizzle, _L2_PROMOTION_128B, _OOB_FILL_ZERO,
    )
    return code, bytes(tensor_map)


def tiled_tensor_map(tensor, box: Sequence[int], swizzle: int = 0):
    """Encodes a tiled CUtensorMap for ``tensor`` (a CUDA torch tensor, row-major with
    unit innermost stride) and a box of ``box`` elements per dimension (outermost
    first, as the tirx region's shape). ``swizzle`` (0, 32, 64 or 128 bytes) must be the
    shared buffer's ``#tirx.layout<..., swizzle = N>``. Out-of-bounds box elements are
    zero-filled. Returns a 128-byte ``torch.uint8`` CUDA tensor holding the map."""
    import torch

    name = str(tensor.dtype).replace("torch.", "")
    if name not in _DATA_TYPES:
        raise ValueError(f"tiled_tensor_map: unsupported dtype {tensor.dtype}")
    if swizzle not in _SWIZZLES:
        raise ValueError(f"tiled_tensor_map: swizzle must be 0, 32, 64 or 128, got {swizzle}")
    rank = tensor.dim()
    if rank < 1 or rank > 5 or len(box) != rank:
        raise ValueError(f"tiled_tensor_map: expects a rank 1-5 tensor and one box extent per dimension, got rank {rank} and box {list(box)}")
    if tensor.stride(-1) != 1:
        raise ValueError("tiled_tensor_map: the innermost dimension must be contiguous")
    elem = tensor.element_size()
    # The driver takes dimensions and strides innermost first; strides in bytes and
    # without the innermost one.
    dims = [tensor.size(d) for d in reversed(range(rank))]
    strides = [tensor.stride(d) * elem for d in reversed(range(rank - 1))]
    box_rev = [int(b) for b in reversed(box)]
    d = driver()
    with d.context(tensor.device.index):
        code, data = _encode_tiled(
            d._lib, _DATA_TYPES[name], rank, tensor.data_ptr(), dims, strides, box_rev,
            _SWIZZLES[swizzle],
        )
    if code != 0:
        raise CudaError(f"cuTensorMapEncodeTiled failed with CUresult {code} "
                        f"(dims={dims}, strides={strides}, box={box_rev}, swizzle={swizzle})")
    # A fresh CUDA allocation is at least 256-byte aligned, which covers the
    # 64-byte alignment the map needs.
    out = torch.frombuffer(bytearray(data), dtype=torch.uint8).to(tensor.device)
    if out.data_ptr() % 64 != 0:
        raise CudaError("tiled_tensor_map: the device copy of the map is not 64-byte aligned")
    return out
