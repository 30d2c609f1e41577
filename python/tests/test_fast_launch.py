"""The launch fast path (a compiled packer per kernel, tileir._driver.fast_launch) against
the general path, through the real DriverLauncher with a fake CUDA driver (fake_cuda.c,
built with cc) and a fake torch module: the driver gets the same parameters, and every
check of the general path still fires with its message. Skipped without a C compiler."""

import re
import struct
import sys
import threading

import pytest

import tileir.module
from tileir import Module, _driver
from tileir._args import SLOW, compile_packer, pack_args

from fakes import RAW_STREAM, FakeDriverLibrary, FakeTorchTensor, build_fake_driver, fake_torch

PTX = """.version 8.0
.target sm_90
.address_size 64
// tileir.kernel k params=(ptr,ptr,i32,f32) reqntid=128,1,1 smem=256 align=16 elems=(f32,bf16,-,-) dense=(0)
.visible .entry k(.param .u64 .ptr k_p0, .param .u64 .ptr k_p1, .param .b32 k_p2, .param .b32 k_p3)
.reqntid 128, 1, 1
{ ret; }
// tileir.kernel scalars params=(i1,i8,i16,i32,i64,f16,bf16,f32,f64) reqntid=32,2,1 smem=0
.visible .entry scalars(.param .u8 s0, .param .u8 s1, .param .b16 s2, .param .b32 s3,
                        .param .b64 s4, .param .b16 s5, .param .b16 s6, .param .b32 s7,
                        .param .b64 s8)
.reqntid 32, 2, 1
{ ret; }
// tileir.kernel none params=() reqntid=64,1,1 smem=0
.visible .entry none()
.reqntid 64, 1, 1
{ ret; }
.visible .entry untyped(.param .b32 u0)
.reqntid 32, 1, 1
{ ret; }
"""
EXP_PLAN = {"name": "exp_f32_1024", "grid": 2, "threads": 128, "npt": 4, "tile": 512,
            "strategy": "register_copy", "cache_hint": "L1::no_allocate", "out_dtype": "f32",
            "out_shape": [1024], "args": ["in:f32:1024", "out:f32:1024"]}

K_SIZES = [8, 8, 4, 4]
SCALAR_SIZES = [1, 1, 2, 4, 8, 2, 2, 4, 8]


@pytest.fixture
def torch(monkeypatch):
    fake = fake_torch()
    monkeypatch.setitem(sys.modules, "torch", fake)
    monkeypatch.setattr(_driver, "_torch_ready", None)
    monkeypatch.setattr(_driver, "_torch_raw_stream", None)
    return fake


@pytest.fixture
def cuda(tmp_path, monkeypatch):
    path = build_fake_driver(tmp_path)
    if path is None:
        pytest.skip("no C compiler to build the fake CUDA driver")
    monkeypatch.setattr(_driver, "_driver", _driver.Driver(path))
    library = FakeDriverLibrary(path)
    library.reset_context()
    return library


@pytest.fixture
def no_general_path(monkeypatch):
    """Make the general path fail loudly: what launches must have gone the fast way."""
    def general(*args, **kwargs):
        raise AssertionError("the general launch path ran")
    monkeypatch.setattr(tileir.module.Kernel, "_launch_checked", general)


def tensor(torch, dtype="float32", **kwargs):
    kwargs.setdefault("address", 0x7F0000010000)
    return FakeTorchTensor((4,), getattr(torch, dtype), **kwargs)


def u(fmt, value):
    return struct.pack("<" + fmt, value)


def test_launches_take_the_fast_path_and_pass_what_the_general_path_passes(torch, cuda, monkeypatch):
    mod = Module.from_ptx(PTX)
    a, b = tensor(torch, address=0x7F0000010000), tensor(torch, "bfloat16", address=0x7F0000020000)
    cuda.record(K_SIZES)
    mod.k.launch(3, a, b, -1, 1.5)  # no current context: the general path makes one current
    general = (cuda.params(K_SIZES), cuda.launch())
    assert general[0] == [u("Q", 0x7F0000010000), u("Q", 0x7F0000020000), u("I", 0xFFFFFFFF), u("f", 1.5)]
    assert general[1]["grid"] == (3, 1, 1) and general[1]["block"] == (128, 1, 1)
    assert general[1]["smem"] == 256 and general[1]["stream"] == RAW_STREAM
    monkeypatch.setattr(tileir.module.Kernel, "_launch_checked", None)  # fast path only
    count = cuda.count()
    mod.k.launch(3, a, b, -1, 1.5)
    assert cuda.count() == count + 1
    assert (cuda.params(K_SIZES), cuda.launch()) == general


@pytest.mark.parametrize("args", [
    (True, -1, 2, 3, 4, 1.0, 1.0, 2.0, 3.0),
    (0, 255, -32768, 2**32 - 1, -(2**63), 65504.0, float("-inf"), float("inf"), 0.1),
    (1, -128, 65535, -(2**31), 2**64 - 1, -2, float("nan"), 3, 7),
])
def test_scalars_are_packed_as_the_general_path_packs_them(torch, cuda, no_general_path, args):
    packer = compile_packer(("i1", "i8", "i16", "i32", "i64", "f16", "bf16", "f32", "f64"))
    buffer = bytearray(8 * 9)
    assert packer.pack(args, buffer) is None
    expected = pack_args("scalars", ("i1", "i8", "i16", "i32", "i64", "f16", "bf16", "f32", "f64"), args)
    assert [bytes(buffer[8 * i:8 * i + n]) for i, n in enumerate(SCALAR_SIZES)] == \
        [bytes(v) for v in expected.values]


@pytest.mark.parametrize("kind, value", [
    ("i1", 2), ("i8", 256), ("i16", -32769), ("i32", 2**32), ("i64", 2**64), ("i32", 1.0),
    ("i32", True), ("f16", 65520.0), ("bf16", 3.4e38), ("f32", 1e39), ("f32", "1"), ("f64", None),
    ("ptr", -8), ("ptr", 2**64), ("ptr", 0x1001), ("ptr", 1.0),
])
def test_the_packer_leaves_every_bad_value_to_the_general_path(torch, kind, value):
    packer = compile_packer((kind,), 16, ("f32",) if kind == "ptr" else ("-",))
    assert packer.pack((value,), bytearray(8)) is SLOW


CHECKS = [
    # (args, error, message): each one a check of the general path, which must still fire
    # with the fast path in place.
    (lambda t: (t(), t("bfloat16"), 1), TypeError,
     "kernel 'k' takes 4 arguments (ptr, ptr, i32, f32), got 3"),
    (lambda t: (t("float16"), t("bfloat16"), 1, 1.0), TypeError,
     "kernel 'k': parameter 0 (ptr<f32>) expects float32 memory, got float16"),
    (lambda t: (t(), t("float32"), 1, 1.0), TypeError,
     "kernel 'k': parameter 1 (ptr<bf16>) expects bfloat16 memory, got float32"),
    (lambda t: (t(strides=(1, 64)), t("bfloat16"), 1, 1.0), ValueError,
     "kernel 'k': parameter 0 (ptr<f32>) expects contiguous memory (the kernel reads it as a "
     "dense row-major array), got strides (1, 64); pass .contiguous()"),
    (lambda t: (t(cuda=False), t("bfloat16"), 1, 1.0), TypeError,
     "kernel 'k': parameter 0 (ptr<f32>) expects a CUDA tensor, got a tensor on cpu"),
    (lambda t: (t(address=0x7F0000010004), t("bfloat16"), 1, 1.0), ValueError,
     "kernel 'k': parameter 0 (ptr<f32>) expects a 16-byte aligned pointer"),
    (lambda t: (t(), t("bfloat16", device=1), 1, 1.0), ValueError,
     "kernel 'k': tensor arguments are on several devices (cuda:0, cuda:1)"),
    (lambda t: (t(), t("bfloat16"), 1.5, 1.0), TypeError,
     "kernel 'k': parameter 2 (i32) expects an int, got float 1.5"),
    (lambda t: (t(), t("bfloat16"), 2**32, 1.0), ValueError,
     "kernel 'k': parameter 2 (i32) expects an integer that fits in 32 bits, got 4294967296"),
    (lambda t: (t(), t("bfloat16"), 1, 1e39), ValueError,
     "kernel 'k': parameter 3 (f32) 1e+39 is out of range for f32"),
    (lambda t: (t(), t("bfloat16"), 1, t()), TypeError,
     "kernel 'k': parameter 3 (f32) expects a Python number, got a FakeTorchTensor"),
]


@pytest.mark.parametrize("make, error, message", CHECKS)
def test_the_checks_still_fire(torch, cuda, make, error, message):
    mod = Module.from_ptx(PTX)
    cuda.record(K_SIZES)
    mod.k.launch(1, tensor(torch), tensor(torch, "bfloat16"), 1, 1.0)  # the fast path is built
    assert mod.k._fast
    count = cuda.count()
    with pytest.raises(error, match=re.escape(message)):
        mod.k.launch(1, *make(lambda dtype="float32", **kw: tensor(torch, dtype, **kw)))
    assert cuda.count() == count


def test_grids_streams_and_empty_grids(torch, cuda):
    mod = Module.from_ptx(PTX)
    a, b = tensor(torch), tensor(torch, "bfloat16")
    mod.k.launch(1, a, b, 0, 0.0)
    count = cuda.count()
    mod.k.launch((2, 3), a, b, 0, 0.0, stream=0xABCDEF012345)
    assert cuda.launch()["grid"] == (2, 3, 1) and cuda.launch()["stream"] == 0xABCDEF012345
    mod.k.launch([4, 5, 6], a, b, 0, 0.0, stream=0)
    assert cuda.launch()["grid"] == (4, 5, 6) and cuda.launch()["stream"] == 0
    mod.k.launch(7, a, b, 0, 0.0, stream=torch.cuda.current_stream(0))
    assert cuda.launch()["stream"] == RAW_STREAM
    assert cuda.count() == count + 3
    mod.k.launch((0, 2), a, b, 0, 0.0)
    assert cuda.count() == count + 3
    with pytest.raises(ValueError, match=re.escape("grid extent y=70000 is outside [0, 65535]")):
        mod.k.launch((1, 70000), a, b, 0, 0.0)
    with pytest.raises(TypeError, match="parameter 0"):  # an empty grid still checks arguments
        mod.k.launch(0, 1.0, b, 0, 0.0)
    mod.none.launch(1)
    assert cuda.launch()["block"] == (64, 1, 1) and cuda.count() == count + 4


def test_a_thread_without_a_context_and_the_other_devices_take_the_general_path(torch, cuda):
    mod = Module.from_ptx(PTX)
    a, b = tensor(torch), tensor(torch, "bfloat16")
    mod.k.launch(1, a, b, 0, 0.0)
    count = cuda.count()
    a1, b1 = tensor(torch, device=1), tensor(torch, "bfloat16", device=1)
    mod.k.launch(1, a1, b1, 0, 0.0)  # device 1: its primary context is pushed
    assert cuda.launch()["stream"] == RAW_STREAM + 1
    seen = []

    def launch_in_a_new_thread():
        cuda.reset_context()
        mod.k.launch(1, a, b, 0, 0.0)
        seen.append(cuda.launch()["stream"])

    thread = threading.Thread(target=launch_in_a_new_thread)
    thread.start()
    thread.join()
    assert seen == [RAW_STREAM] and cuda.count() == count + 2


def test_without_torch_and_with_torch_imported_later(cuda, monkeypatch):
    monkeypatch.delitem(sys.modules, "torch", raising=False)
    monkeypatch.setattr(_driver, "_torch_ready", None)
    mod = Module.from_ptx(PTX)
    cuda.record(K_SIZES)
    mod.k.launch(1, 0x1000, 0x2000, 5, 2.0, stream=9)
    assert mod.k._fast and mod.k._fast_tensor_type is None
    mod.k.launch(1, 0x1000, 0x2000, 5, 2.0, stream=9)
    assert cuda.params(K_SIZES)[:2] == [u("Q", 0x1000), u("Q", 0x2000)]
    assert cuda.launch()["stream"] == 9
    torch = fake_torch()
    monkeypatch.setitem(sys.modules, "torch", torch)
    mod.k.launch(1, tensor(torch), tensor(torch, "bfloat16"), 5, 2.0)  # general path, rebuilds
    assert mod.k._fast is None
    mod.k.launch(1, tensor(torch), tensor(torch, "bfloat16"), 5, 2.0)
    assert mod.k._fast_tensor_type is torch.Tensor


def test_kernels_without_a_fast_path_launch_by_the_general_path(torch, cuda):
    mod = Module.from_ptx(PTX)
    count = cuda.count()
    mod.untyped.launch(1, 1.5)  # no metadata: the bit-width kinds
    assert mod.untyped._fast is False and cuda.count() == count + 1
    mod.k.launch(1, tensor(torch), tensor(torch, "bfloat16"), 0, 0.0, block=(1, 1, 1))
    assert cuda.launch()["block"] == (1, 1, 1)


def test_concurrent_launches_keep_their_own_parameters(torch, cuda):
    mod = Module.from_ptx(PTX)
    mod.k.launch(1, tensor(torch), tensor(torch, "bfloat16"), 0, 0.0)
    errors = []

    def run(index):
        try:
            cuda.reset_context()
            a, b = tensor(torch, address=0x7F0000010000 + 256 * index), tensor(torch, "bfloat16")
            for _ in range(200):
                mod.k.launch(1, a, b, index, 0.0)
        except Exception as error:  # noqa: BLE001
            errors.append(error)

    threads = [threading.Thread(target=run, args=(i,)) for i in range(4)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    assert not errors


EXP_PTX = """.version 8.0
.target sm_90
.address_size 64
// tileops.plan exp_f32_1024 grid=2 threads=128 tile=512 strategy=register_copy cache_hint=L1::no_allocate out=f32:1024 args=in:f32:1024,out:f32:1024
// tileir.kernel exp_f32_1024 params=(ptr,ptr) reqntid=128,1,1 smem=0 align=16 elems=(f32,f32) dense=(0,1)
.visible .entry exp_f32_1024(.param .u64 .ptr p0, .param .u64 .ptr p1)
.reqntid 128, 1, 1
{ ret; }
"""


def test_ops_calls_are_planned_once_and_launched_by_the_fast_path(torch, cuda, monkeypatch):
    import tileir.ops as T

    monkeypatch.setattr(T, "_torch", torch)
    monkeypatch.setattr(T, "_plans", {})
    line = T.spec_line("exp", "f32", [[1024]], {})
    mod = Module.from_ptx(EXP_PTX)
    monkeypatch.setattr(T, "_kernels", {(line, "sm_90"): (mod.exp_f32_1024, EXP_PLAN)})
    x = FakeTorchTensor((1024,), torch.float32, address=0x7F0000040000)
    cuda.record([8, 8])
    out = T.exp(x)
    assert out.shape == (1024,) and out.dtype is torch.float32
    assert cuda.params([8, 8]) == [u("Q", 0x7F0000040000), u("Q", out.data_ptr())]
    assert cuda.launch()["grid"] == (2, 1, 1)
    count = cuda.count()
    monkeypatch.setattr(tileir.module.Kernel, "_launch_checked", None)  # fast path only
    T.exp(x)
    assert cuda.count() == count + 1 and len(T._plans) == 1
    with pytest.raises(ValueError, match="float64"):
        T.exp(FakeTorchTensor((1024,), torch.float64))
    with pytest.raises(ValueError, match="one dtype"):
        T.add(x, FakeTorchTensor((1024,), torch.float16))


def test_the_cpu_launch_profiler_runs(tmp_path):
    """utils/launch-profile/launch_profile.py (the same fakes) prints its table."""
    import subprocess

    from conftest import REPO_ROOT

    if build_fake_driver(tmp_path) is None:
        pytest.skip("no C compiler to build the fake CUDA driver")
    script = REPO_ROOT / "utils" / "launch-profile" / "launch_profile.py"
    result = subprocess.run([sys.executable, str(script), "-n", "20"], capture_output=True,
                            text=True, timeout=120)
    assert result.returncode == 0, result.stderr
    assert "Kernel.launch exp (2 tensors)" in result.stdout
    assert "tileir.ops.exp (fake torch)" in result.stdout
