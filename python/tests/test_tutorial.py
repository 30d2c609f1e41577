"""The tutorial's kernels (examples/tutorial, docs/Tutorial.md) without a GPU: they compile
to PTX for the chips the tutorial names, utils/gpu-checks/tutorial.py finds them, the
errors the tutorial shows are the ones tileir raises, and the tutorial shows the files
as they are."""

import importlib.util

import pytest

import tileir
from tileir import Module

from conftest import REPO_ROOT
from fakes import FakeTensor, RecordingLauncher

TUTORIAL = REPO_ROOT / "examples" / "tutorial"
DOC = REPO_ROOT / "docs" / "Tutorial.md"

#: file -> (entry, parameter kinds, pointer element types)
KERNELS = {
    "01_vector_add.mlir": ("vector_add", ("ptr", "ptr", "ptr", "i32"), ("f32", "f32", "f32", "-")),
    "02_softmax.mlir": ("softmax", ("ptr", "ptr", "i32", "i32"), ("f32", "f32", "-", "-")),
    "03_matmul.mlir": ("matmul", ("ptr", "ptr", "ptr", "i32", "i32", "i32"),
                       ("f16", "f16", "f32", "-", "-", "-")),
}


def load_check_script():
    path = REPO_ROOT / "utils" / "gpu-checks" / "tutorial.py"
    spec = importlib.util.spec_from_file_location("tutorial_check", path)
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


class TypedTensor(FakeTensor):
    """A CUDA tensor as far as tileir looks, with a torch-style dtype."""

    def __init__(self, address, dtype):
        super().__init__(address)
        self.dtype = dtype

    def is_contiguous(self):
        return True


@pytest.mark.requires_compiler
@pytest.mark.parametrize("chip", ["sm_90", "sm_90a"])
@pytest.mark.parametrize("name", sorted(KERNELS))
def test_tutorial_kernel_compiles(name, chip, tmp_path):
    entry, params, elems = KERNELS[name]
    module = tileir.compile_file(TUTORIAL / name, chip=chip, cache_dir=tmp_path)
    assert list(module.kernels) == [entry]
    kernel = module.kernels[entry]
    assert kernel.params == params
    assert kernel.info.elems == elems
    assert kernel.block is not None
    if entry == "matmul":
        assert ("wgmma.mma_async" in module.ptx) == (chip == "sm_90a")
        assert "mma.sync" in module.ptx or chip == "sm_90a"


@pytest.mark.requires_compiler
def test_gpu_check_script_compiles_the_tutorial(tmp_path):
    """utils/gpu-checks/tutorial.py --build (the GPU part runs elsewhere)."""
    check = load_check_script()
    modules = check.compile_all(tmp_path, "sm_90a")
    assert sorted(modules) == sorted(check.RUNS)
    for name, module in modules.items():
        assert name in module.kernels
    assert check.main(["--build", "--cache-dir", str(tmp_path)]) == 0


@pytest.mark.requires_compiler
def test_launch_errors_are_the_tutorials(tmp_path):
    module = tileir.compile_file(TUTORIAL / "01_vector_add.mlir", cache_dir=tmp_path)
    launcher = RecordingLauncher()
    kernel = Module.from_ptx(module.ptx, launcher=launcher).vector_add
    f16 = TypedTensor(0x1000, "torch.float16")
    f32 = TypedTensor(0x2000, "torch.float32")
    doc = DOC.read_text(encoding="utf-8")
    calls = [(f16, f32, f32, 1000), (f32, f32, f32, 1000.0), (f32, f32, f32)]
    messages = []
    for args in calls:
        with pytest.raises(TypeError) as error:
            kernel.launch(1, *args)
        messages.append(str(error.value))
    assert messages[0] == load_check_script().DTYPE_ERROR
    for message in messages:
        assert f"TypeError: {message}\n" in doc
    assert launcher.launches == []
    kernel.launch(1, f32, f32, f32, 1000)
    assert len(launcher.launches) == 1


def test_tutorial_shows_the_kernel_files():
    doc = DOC.read_text(encoding="utf-8")
    for name in KERNELS:
        text = (TUTORIAL / name).read_text(encoding="utf-8")
        assert f"`examples/tutorial/{name}`:\n\n```mlir\n{text}```\n" in doc, name
