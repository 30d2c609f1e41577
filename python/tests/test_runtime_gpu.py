"""The driver runtime on a real GPU, with hand-written PTX (no compiler needed)."""

import math
import re
from pathlib import Path

import pytest

torch = pytest.importorskip("torch")

import tileir  # noqa: E402

pytestmark = pytest.mark.requires_gpu

PTX = (Path(__file__).parent / "data" / "runtime_test.ptx").read_text()


@pytest.fixture(scope="module")
def module():
    return tileir.Module.from_ptx(PTX)


def bits16(value, dtype):
    return torch.tensor([value], dtype=dtype).view(torch.int16).item() & 0xFFFF


def bits32(value):
    return torch.tensor([value], dtype=torch.float32).view(torch.int32).item() & 0xFFFFFFFF


def test_metadata_of_the_hand_written_module(module):
    assert module.echo_params.block == (32, 1, 1)
    assert module.add_one.params == ("ptr", "ptr", "i32") and module.add_one.block == (128, 1, 1)


@pytest.mark.parametrize("f16, bf16", [(1.0, 1.0), (-0.333, 3.14159), (65504.0, -1e-3)])
def test_every_scalar_kind_reaches_the_kernel(module, f16, bf16):
    out = torch.full((10,), -1, dtype=torch.int64, device="cuda")
    module.echo_params.launch(1, out, True, -2, 40000, -7, -(2**40), f16, bf16, 2.5, math.pi)
    torch.cuda.synchronize()
    expected = [
        1, 0xFE, 40000, 0xFFFFFFF9, -(2**40),
        bits16(f16, torch.float16), bits16(bf16, torch.bfloat16), bits32(2.5),
        torch.tensor([math.pi], dtype=torch.float64).view(torch.int64).item(), -1,
    ]
    assert out.cpu().tolist() == expected


@pytest.mark.parametrize("n", [1, 127, 128, 1000, 70001])
def test_grid_block_and_pointer_arguments(module, n):
    x = torch.randn(n, device="cuda")
    guard = 256
    y = torch.full((n + guard,), float("nan"), device="cuda")
    module.add_one.launch((n + 127) // 128, x, y, n)
    torch.cuda.synchronize()
    assert torch.equal(y[:n], x + 1)
    assert torch.isnan(y[n:]).all()


def test_cuda_array_interface_and_explicit_stream(module):
    class Wrapped:
        def __init__(self, tensor):
            self.__cuda_array_interface__ = tensor.__cuda_array_interface__

    x = torch.arange(300, dtype=torch.float32, device="cuda")
    y = torch.zeros_like(x)
    stream = torch.cuda.Stream()
    stream.wait_stream(torch.cuda.current_stream())
    with torch.cuda.stream(stream):
        module.add_one.launch(3, Wrapped(x), y.data_ptr(), 300, stream=stream)
    stream.synchronize()
    assert torch.equal(y, x + 1)


def test_default_stream_is_torchs_current_stream(module):
    # The side stream is busy sleeping when the kernel is launched: run anywhere but
    # after the fill (i.e. not on the side stream), it would read x = 0.
    x = torch.zeros(128, device="cuda")
    y = torch.zeros_like(x)
    stream = torch.cuda.Stream()
    stream.wait_stream(torch.cuda.current_stream())
    with torch.cuda.stream(stream):
        torch.cuda._sleep(50_000_000)
        x.fill_(1.0)
        module.add_one.launch(1, x, y, 128)
    torch.cuda.synchronize()
    assert torch.equal(y, torch.full_like(x, 2.0))


def test_bad_ptx_reports_the_jit_log():
    broken = PTX.replace("add.f32 \t%f2, %f1, 0f3F800000;", "add.f32 \t%f2, %f1, %f9;")
    assert broken != PTX
    module = tileir.Module.from_ptx(broken)
    with pytest.raises(tileir.CudaError) as info:
        module.add_one.launch(1, torch.zeros(1, device="cuda"), torch.zeros(1, device="cuda"), 1)
    assert info.value.call == "cuModuleLoadDataEx"
    assert info.value.name == "CUDA_ERROR_INVALID_PTX"
    assert "PTX JIT log" in str(info.value) and "error" in str(info.value).lower()


def test_cpu_tensor_is_rejected(module):
    with pytest.raises(TypeError, match=r"kernel 'add_one': parameter 0 \(ptr\) expects a CUDA tensor, got a tensor on cpu"):
        module.add_one.launch(1, torch.zeros(4), torch.zeros(4, device="cuda"), 4)


CHECKED_PTX = PTX.replace(
    ".visible .entry add_one(",
    "// tileir.kernel add_one params=(ptr,ptr,i32) reqntid=128,1,1 smem=0 align=16 "
    "elems=(f32,f32,-) dense=(0,1)\n.visible .entry add_one(")


def test_the_fast_path_with_torch_tensors_keeps_every_check(monkeypatch):
    module = tileir.Module.from_ptx(CHECKED_PTX)
    kernel = module.add_one
    x = torch.randn(256, device="cuda")
    y = torch.full_like(x, float("nan"))
    kernel.launch(2, x, y, 256)
    assert kernel._fast
    general = []
    checked = type(kernel)._launch_checked
    monkeypatch.setattr(type(kernel), "_launch_checked",
                        lambda self, *a: (general.append(a), checked(self, *a))[1])
    y.fill_(float("nan"))
    kernel.launch(2, x, y, 256)
    torch.cuda.synchronize()
    assert torch.equal(y, x + 1) and general == []  # the fast path launched it
    bad = [
        ((x.half(), y, 256), TypeError, "parameter 0 (ptr<f32>) expects float32 memory, got float16"),
        ((x, y.view(16, 16).t(), 256), ValueError, "parameter 1 (ptr<f32>) expects contiguous memory"),
        ((x[1:], y, 255), ValueError, "parameter 0 (ptr<f32>) expects a 16-byte aligned pointer"),
        ((x.cpu(), y, 256), TypeError, "parameter 0 (ptr<f32>) expects a CUDA tensor, got a tensor on cpu"),
        ((x, y), TypeError, "kernel 'add_one' takes 3 arguments (ptr, ptr, i32), got 2"),
        ((x, y, 2**32), ValueError, "parameter 2 (i32) expects an integer that fits in 32 bits"),
    ]
    for args, error, message in bad:
        with pytest.raises(error, match=re.escape(message)):
            kernel.launch(2, *args)
    assert len(general) == len(bad)
    y.fill_(float("nan"))
    kernel.launch(2, torch.nn.Parameter(x, requires_grad=False), y, 256)  # a subclass: general path
    torch.cuda.synchronize()
    assert torch.equal(y, x + 1) and len(general) == len(bad) + 1
