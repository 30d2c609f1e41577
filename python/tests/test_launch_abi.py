"""The two launch ABIs through the real compiler (no GPU): what the runtime reads from
the PTX and what it launches with."""

import importlib.util
from pathlib import Path

import pytest

import tileir
from tileir import Module

from fakes import RecordingLauncher

REPO_ROOT = Path(__file__).resolve().parents[2]
MATMUL = REPO_ROOT / "examples" / "matmul.mlir"


@pytest.mark.requires_compiler
def test_tile_abi_kernel_has_static_shared_memory_only(tmp_path):
    explicit = tileir.compile_file(MATMUL, chip="sm_90a", cache_dir=tmp_path)
    tile = tileir.compile_file(MATMUL, chip="sm_90a", cache_dir=tmp_path,
                               options={"launch-abi": "tile"})
    e, t = explicit.matmul_bf16, tile.matmul_bf16
    # 3 stages of a 128x64 A and a 256x64 B tile of bf16 (docs/Matmul.md).
    stages = 3 * (128 + 256) * 64 * 2
    assert (e.abi, e.smem, e.block) == ("explicit", stages + 1024 - 16, (256, 1, 1))
    assert (t.abi, t.smem, t.block) == ("tile", 0, (256, 1, 1))
    assert f".shared .align 1024 .b8 __wg_matmul_bf16_0[{stages}];" in tile.ptx
    assert "__dynamic_shmem__" not in tile.ptx and "__dynamic_shmem__" in explicit.ptx

    launcher = RecordingLauncher()
    recorded = Module.from_ptx(tile.ptx, launcher=launcher)
    recorded.matmul_bf16.launch((2, 16), 0x1000, 0x2000, 0x3000, 256, block=(1, 1, 1))
    recorded.matmul_bf16.launch((2, 16), 0x1000, 0x2000, 0x3000, 256)
    assert [launch.block for launch in launcher.launches] == [(1, 1, 1), (256, 1, 1)]


@pytest.mark.requires_compiler
def test_tile_abi_on_sm90_needs_the_arch_specific_target(tmp_path):
    with pytest.raises(tileir.CompileError, match="a kernel may declare statically on sm_90"):
        tileir.compile_file(MATMUL, chip="sm_90", cache_dir=tmp_path,
                            options={"launch-abi": "tile"})


@pytest.mark.requires_compiler
def test_gpu_check_kernels_compile_under_both_abis(tmp_path):
    """utils/gpu-checks/launch_abi.py finds its kernels (the GPU part runs elsewhere)."""
    path = REPO_ROOT / "utils" / "gpu-checks" / "launch_abi.py"
    spec = importlib.util.spec_from_file_location("launch_abi", path)
    check = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(check)
    kernels = check.compile_all(tmp_path)
    assert sorted(kernels) == sorted((name, abi) for name in check.EXAMPLES for abi in check.ABIS)
    assert all(kernels[(name, "tile")].smem == 0 for name in check.EXAMPLES)
    assert kernels[("matmul_bf16", "explicit")].smem > 48 * 1024
