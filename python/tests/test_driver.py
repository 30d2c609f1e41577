"""Driver-runtime behaviour that can be checked without a GPU."""

import pytest

import tileir
from tileir import _driver


def test_missing_driver_library_raises_cuda_error():
    with pytest.raises(tileir.CudaError, match=r"cannot load the CUDA driver library libcuda-missing\.so\.0"):
        _driver.Driver("libcuda-missing.so.0")


class _Stream:
    def __init__(self, handle, index):
        self.cuda_stream = handle
        self.device = type("Device", (), {"index": index})()


class _ProtocolStream:
    def __cuda_stream__(self):
        return (0, 1234)


def test_stream_handles(monkeypatch):
    monkeypatch.setattr(_driver, "_torch", lambda: None)
    assert _driver.stream_handle(None, None) == 0
    assert _driver.stream_handle(42, 0) == 42
    assert _driver.stream_handle(_Stream(99, 1), 1) == 99
    assert _driver.stream_handle(_ProtocolStream(), None) == 1234
    with pytest.raises(ValueError, match="stream belongs to cuda:0, the arguments to cuda:1"):
        _driver.stream_handle(_Stream(99, 0), 1)
    with pytest.raises(TypeError, match="stream expects None, an int handle"):
        _driver.stream_handle("default", None)


def test_package_metadata():
    assert tileir.__version__.count(".") == 2
    assert issubclass(tileir.CompileError, tileir.TileIRError)
    assert issubclass(tileir.CudaError, tileir.TileIRError)
    assert issubclass(tileir.PtxFormatError, ValueError)
