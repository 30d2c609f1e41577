"""Pointer arguments: the element types of the ``elems=`` metadata, checked at launch
against what the argument says of itself (a tensor's dtype, ``__cuda_array_interface__``
typestr, a DLPack tensor's dtype), and DLPack tensors as pointers. CPU only: fake
tensors stand in for CUDA ones."""

import ctypes

import pytest

from tileir import Module
from tileir._args import _DLTensor, pack_args
from tileir.errors import PtxFormatError
from tileir.ptx import parse_ptx

PTX = """\
.version 8.0
.target sm_90
.address_size 64
// tileir.kernel k params=(ptr,ptr,i32) reqntid=128,1,1 smem=0 align=16 elems=(f32,bf16,-)
.visible .entry k(
    .param .u64 .ptr .global .align 16 k_param_0,
    .param .u64 .ptr .global .align 16 k_param_1,
    .param .b32 k_param_2
)
.reqntid 128, 1, 1
{
    ret;
}
"""


class FakeDtype:
    def __init__(self, name):
        self.name = name

    def __str__(self):
        return f"torch.{self.name}"


class FakeTensor:
    """What tileir reads of a CUDA torch.Tensor."""

    is_cuda = True

    def __init__(self, dtype, address=0x10000, device=0, strides=None):
        self.dtype = FakeDtype(dtype)
        self.address, self.device_index = address, device
        self.strides = strides

    def is_contiguous(self):
        return self.strides is None

    def stride(self):
        return self.strides

    def data_ptr(self):
        return self.address

    def get_device(self):
        return self.device_index


class FakeCAI:
    def __init__(self, typestr, address=0x20000, shape=(4,), strides=None):
        self.__cuda_array_interface__ = {"data": (address, False), "typestr": typestr,
                                         "shape": shape, "strides": strides, "version": 3}


class FakeDLPack:
    """An object whose __dlpack__ capsule describes memory on a DLPack device."""

    def __init__(self, code, bits, address=0x30000, device_type=2, device_id=1, offset=0,
                 shape=(4,), strides=None):
        self.tensor = _DLTensor()
        self.tensor.data = address
        self.tensor.device.device_type = device_type
        self.tensor.device.device_id = device_id
        self.tensor.ndim = len(shape)
        self.shape = (ctypes.c_int64 * len(shape))(*shape)
        self.tensor.shape = self.shape
        if strides is not None:
            self.strides = (ctypes.c_int64 * len(strides))(*strides)
            self.tensor.strides = self.strides
        self.tensor.dtype.code, self.tensor.dtype.bits, self.tensor.dtype.lanes = code, bits, 1
        self.tensor.byte_offset = offset
        self.device_type = device_type

    def __dlpack_device__(self):
        return (self.device_type, 0)

    def __dlpack__(self, stream=None):
        new = ctypes.pythonapi.PyCapsule_New
        new.restype = ctypes.py_object
        new.argtypes = [ctypes.c_void_p, ctypes.c_char_p, ctypes.c_void_p]
        return new(ctypes.addressof(self.tensor), b"dltensor", None)


def test_elems_are_parsed():
    info = parse_ptx(PTX)["k"]
    assert info.elems == ("f32", "bf16", "-")
    old = parse_ptx(PTX.replace(" elems=(f32,bf16,-)", ""))["k"]
    assert old.elems == ()


@pytest.mark.parametrize("bad", ["elems=(f32,bf16)", "elems=(f32,-,-)", "elems=(f32,bf16,i32)"])
def test_bad_elems_are_refused(bad):
    with pytest.raises(PtxFormatError, match="elems="):
        parse_ptx(PTX.replace("elems=(f32,bf16,-)", bad))


class Recorder:
    def __init__(self):
        self.calls = []

    def launch(self, ptx, ptx_hash, info, grid, block, values, device, stream):
        self.calls.append([v.value for v in values])


def test_matching_tensors_launch():
    recorder = Recorder()
    module = Module.from_ptx(PTX, launcher=recorder)
    module.k.launch(1, FakeTensor("float32"), FakeTensor("bfloat16", 0x20000), 4)
    assert recorder.calls == [[0x10000, 0x20000, 4]]


def test_a_tensor_of_the_wrong_dtype_is_refused():
    module = Module.from_ptx(PTX, launcher=Recorder())
    with pytest.raises(TypeError) as info:
        module.k.launch(1, FakeTensor("float32"), FakeTensor("float16"), 4)
    assert str(info.value) == "kernel 'k': parameter 1 (ptr<bf16>) expects bfloat16 memory, got float16"


def test_addresses_are_not_checked():
    pack_args("k", ("ptr", "ptr"), (0x1000, 0x2000), 16, ("f32", "bf16"))


def test_signless_integers_take_either_sign():
    pack_args("k", ("ptr", "ptr"), (FakeTensor("int8"), FakeTensor("uint8")), 16, ("i8", "i8"))
    pack_args("k", ("ptr",), (FakeTensor("bool"),), 16, ("i1",))
    with pytest.raises(TypeError, match=r"parameter 0 \(ptr<i32>\) expects int32 or uint32 memory, got int64"):
        pack_args("k", ("ptr",), (FakeTensor("int64"),), 16, ("i32",))


def test_unknown_element_types_are_not_checked():
    pack_args("k", ("ptr",), (FakeTensor("float32"),), 16, ("f4e2m1fn",))


def test_cuda_array_interface_typestr_is_checked():
    pack_args("k", ("ptr",), (FakeCAI("<f4"),), 16, ("f32",))
    with pytest.raises(TypeError, match=r"parameter 0 \(ptr<f32>\) expects float32 memory, got float64"):
        pack_args("k", ("ptr",), (FakeCAI("<f8"),), 16, ("f32",))
    pack_args("k", ("ptr",), (FakeCAI("<V2"),), 16, ("bf16",))  # bfloat16 has no typestr


def test_dlpack_tensors_are_pointers():
    packed = pack_args("k", ("ptr",), (FakeDLPack(2, 32, address=0x40000, offset=0x100),), 16, ("f32",))
    assert packed.values[0].value == 0x40100
    assert packed.devices == {1}
    with pytest.raises(TypeError, match=r"\(ptr<f32>\) expects float32 memory, got bfloat16"):
        pack_args("k", ("ptr",), (FakeDLPack(4, 16),), 16, ("f32",))


def test_dlpack_tensors_in_host_memory_are_refused():
    with pytest.raises(TypeError, match="parameter 0 \\(ptr<f32>\\) expects GPU memory, got a FakeDLPack on CPU"):
        pack_args("k", ("ptr",), (FakeDLPack(2, 32, device_type=1),), 16, ("f32",))


def test_dlpack_objects_are_not_scalars():
    with pytest.raises(TypeError, match="expects a Python number"):
        pack_args("k", ("i32",), (FakeDLPack(0, 32),))


def test_numpy_arrays_are_refused_as_host_memory():
    np = pytest.importorskip("numpy")
    with pytest.raises(TypeError, match="expects GPU memory, got a ndarray on CPU"):
        pack_args("k", ("ptr",), (np.zeros(4, dtype=np.float32),), 16, ("f32",))


@pytest.mark.requires_gpu
def test_torch_tensors_are_checked_on_the_gpu():
    import torch

    with pytest.raises(TypeError, match=r"parameter 0 \(ptr<f32>\) expects float32 memory, got float16"):
        pack_args("k", ("ptr",), (torch.zeros(4, dtype=torch.float16, device="cuda"),), 16, ("f32",))


@pytest.mark.requires_gpu
def test_a_dlpack_only_object_on_the_gpu():
    import torch

    class OnlyDLPack:
        def __init__(self, tensor):
            self.tensor = tensor

        def __dlpack__(self, stream=None):
            return self.tensor.__dlpack__()

        def __dlpack_device__(self):
            return self.tensor.__dlpack_device__()

    tensor = torch.zeros(8, device="cuda")[2:]
    packed = pack_args("k", ("ptr",), (OnlyDLPack(tensor),), 4, ("f32",))
    assert packed.values[0].value == tensor.data_ptr()
    assert packed.devices == {tensor.device.index}


DENSE_PTX = PTX.replace("elems=(f32,bf16,-)", "elems=(f32,bf16,-) dense=(0)")


def test_dense_is_parsed():
    assert parse_ptx(DENSE_PTX)["k"].dense == (0,)
    assert parse_ptx(PTX)["k"].dense == ()


@pytest.mark.parametrize("bad", ["dense=(2)", "dense=(5)", "dense=(x)"])
def test_bad_dense_is_refused(bad):
    with pytest.raises(PtxFormatError, match="dense="):
        parse_ptx(PTX.replace("elems=(f32,bf16,-)", "elems=(f32,bf16,-) " + bad))


def test_a_dense_parameter_needs_contiguous_memory():
    module = Module.from_ptx(DENSE_PTX, launcher=Recorder())
    strided = FakeTensor("float32", strides=(1, 64))  # a transposed view
    with pytest.raises(ValueError) as info:
        module.k.launch(1, strided, FakeTensor("bfloat16"), 4)
    assert str(info.value) == (
        "kernel 'k': parameter 0 (ptr<f32>) expects contiguous memory (the kernel reads it as "
        "a dense row-major array), got strides (1, 64); pass .contiguous()")
    # Parameter 1 is not read as a dense array: any layout is the kernel's business.
    module.k.launch(1, FakeTensor("float32"), FakeTensor("bfloat16", strides=(1, 64)), 4)


def test_contiguity_of_array_interfaces_and_dlpack():
    kinds, elems, dense = ("ptr",), ("f32",), (0,)
    pack_args("k", kinds, (FakeCAI("<f4", shape=(2, 3), strides=(12, 4)),), 4, elems, dense)
    pack_args("k", kinds, (FakeCAI("<f4", shape=(2, 1), strides=(4, 999)),), 4, elems, dense)
    with pytest.raises(ValueError, match=r"got strides \(1, 2\)"):
        pack_args("k", kinds, (FakeCAI("<f4", shape=(2, 3), strides=(4, 8)),), 4, elems, dense)
    pack_args("k", kinds, (FakeDLPack(2, 32, shape=(2, 3)),), 4, elems, dense)  # NULL strides
    pack_args("k", kinds, (FakeDLPack(2, 32, shape=(2, 3), strides=(3, 1)),), 4, elems, dense)
    with pytest.raises(ValueError, match=r"got strides \(1, 2\)"):
        pack_args("k", kinds, (FakeDLPack(2, 32, shape=(2, 3), strides=(1, 2)),), 4, elems, dense)
