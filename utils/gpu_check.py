#!/usr/bin/env python3
"""Check TileIR kernels on a GPU and benchmark them against PyTorch and Triton.

The GPU machine needs PyTorch (Triton optional) but not the compiler: build a kernel cache
where the compiler is, copy it over, and run there::

    python -m tileir.aot --cache-dir kcache examples/*.mlir       # compiler machine
    python3 utils/gpu_check.py --cache-dir kcache [--quick] [--json out.json]   # GPU machine

What runs is the CASES table below: one row per kernel entry, stating the IR file, the
entry, the parameter kinds it is called with, how its arguments and grid are built, the
sizes to check and the size to benchmark. What a family of kernels computes (inputs,
reference, tolerance, bytes moved, PyTorch and Triton baselines) is a Workload shared by
its cases.

Per-entry launch hints come from, in increasing priority: the case's defaults, comments in
the IR file of the form ``// tileir-bench: entry=vadd_view tile=1024``, and command-line
flags (``--vadd-tile``). The hint ``tile`` is the number of elements (vadd) or rows
(softmax) one tile block handles; the grid is ``ceil(size / tile)`` blocks.

Every correctness run poisons the output with NaN, with a guard region past its end, and
checks that every element was written and nothing past the end was. Exit status: 0 when
every check passed (missing optional entries are skipped with a warning), 1 otherwise.
"""

import argparse
import json
import math
import os
import re
import statistics
import sys
import time
import traceback
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, Callable, Dict, List, Optional, Sequence, Set, Tuple

REPO_ROOT = Path(__file__).resolve().parents[1]
if (REPO_ROOT / "python" / "tileir").is_dir():
    sys.path.insert(0, str(REPO_ROOT / "python"))

import tileir  # noqa: E402
from tileir.ptx import FALLBACK_KINDS, KIND_BITS  # noqa: E402

try:
    import triton
    import triton.language as tl
except Exception:  # Triton is optional; any import failure means "no Triton baseline".
    triton = None

torch: Any = None  # imported by main(), so that the helpers can be imported without PyTorch
#: Where tensors live. Only the harness's own tests change it (to "cpu", with fake kernels).
DEVICE = "cuda"

Size = Tuple[int, ...]
L2_BYTES = 50 * 2**20
COPY_ELEMENTS = 2**28
HintValue = Any
#: TILEIR_CHECK_SMALL=1 (utils/gpu-checks/sanitize.sh): correctness only, at small sizes (see
#: small_sizes), for runs under compute-sanitizer; every check program of utils/gpu-checks reads it.
SMALL = os.environ.get("TILEIR_CHECK_SMALL") == "1"


# --------------------------------------------------------------------------------------
# Triton baselines
# --------------------------------------------------------------------------------------

if triton is not None:

    @triton.jit
    def _triton_add_kernel(a_ptr, b_ptr, c_ptr, n, BLOCK: tl.constexpr):
        offsets = tl.program_id(0) * BLOCK + tl.arange(0, BLOCK)
        mask = offsets < n
        a = tl.load(a_ptr + offsets, mask=mask)
        b = tl.load(b_ptr + offsets, mask=mask)
        tl.store(c_ptr + offsets, a + b, mask=mask)

    @triton.jit
    def _triton_softmax_kernel(x_ptr, y_ptr, n_cols, BLOCK: tl.constexpr):
        row = tl.program_id(0).to(tl.int64)
        offsets = tl.arange(0, BLOCK)
        mask = offsets < n_cols
        x = tl.load(x_ptr + row * n_cols + offsets, mask=mask, other=-float("inf"))
        x = x - tl.max(x, axis=0)
        numerator = tl.exp(x)
        y = numerator / tl.sum(numerator, axis=0)
        tl.store(y_ptr + row * n_cols + offsets, y, mask=mask)


    @triton.jit
    def _triton_layernorm_kernel(x_ptr, w_ptr, b_ptr, y_ptr, n_cols, eps, BLOCK: tl.constexpr):
        row = tl.program_id(0).to(tl.int64)
        offsets = tl.arange(0, BLOCK)
        mask = offsets < n_cols
        x = tl.load(x_ptr + row * n_cols + offsets, mask=mask, other=0.0).to(tl.float32)
        mean = tl.sum(x, axis=0) / n_cols
        xc = tl.where(mask, x - mean, 0.0)
        rstd = 1.0 / tl.sqrt(tl.sum(xc * xc, axis=0) / n_cols + eps)
        w = tl.load(w_ptr + offsets, mask=mask).to(tl.float32)
        b = tl.load(b_ptr + offsets, mask=mask).to(tl.float32)
        y = xc * rstd * w + b
        tl.store(y_ptr + row * n_cols + offsets, y.to(y_ptr.dtype.element_ty), mask=mask)

    @triton.jit
    def _triton_cumsum_kernel(x_ptr, y_ptr, n_cols, BLOCK: tl.constexpr):
        row = tl.program_id(0).to(tl.int64)
        offsets = tl.arange(0, BLOCK)
        mask = offsets < n_cols
        x = tl.load(x_ptr + row * n_cols + offsets, mask=mask, other=0)
        tl.store(y_ptr + row * n_cols + offsets, tl.cumsum(x, axis=0), mask=mask)


def release_memory(torch):
    """torch.cuda.empty_cache(), then a pause: the driver scrubs the memory it gets back in the
    background, and a kernel timed during that (measured on the H100: ~14% slower for a
    512 MiB f16 stream, for ~10 iterations after freeing ~10 GiB) would pay for it."""
    torch.cuda.empty_cache()
    torch.cuda.synchronize()
    time.sleep(0.25)


def _row_warps(block: int) -> int:
    return 16 if block >= 8192 else 8 if block >= 2048 else 4


def triton_layernorm(inputs: Dict[str, Any], out: Any) -> Any:
    rows, cols = inputs["x"].shape
    block = triton.next_power_of_2(cols)
    _triton_layernorm_kernel[(rows,)](inputs["x"], inputs["w"], inputs["b"], out, cols, inputs["eps"],
                                      BLOCK=block, num_warps=_row_warps(block))
    return out


def triton_cumsum(inputs: Dict[str, Any], out: Any) -> Any:
    rows, cols = inputs["x"].shape
    block = triton.next_power_of_2(cols)
    _triton_cumsum_kernel[(rows,)](inputs["x"], out, cols, BLOCK=block, num_warps=_row_warps(block))
    return out


def triton_add(inputs: Dict[str, Any], out: Any) -> Any:
    n = out.numel()
    _triton_add_kernel[(triton.cdiv(n, 1024),)](inputs["a"], inputs["b"], out, n, BLOCK=1024)
    return out


def triton_softmax(inputs: Dict[str, Any], out: Any) -> Any:
    rows, cols = inputs["x"].shape
    block = triton.next_power_of_2(cols)
    num_warps = 16 if block >= 8192 else 8 if block >= 2048 else 4
    _triton_softmax_kernel[(rows,)](inputs["x"], out, cols, BLOCK=block, num_warps=num_warps)
    return out


# --------------------------------------------------------------------------------------
# Workloads and cases
# --------------------------------------------------------------------------------------


@dataclass(frozen=True)
class Baseline:
    """Another implementation of a workload: ``run(inputs, out)`` returns its result."""

    label: str
    run: Callable[[Dict[str, Any], Any], Any]


@dataclass(frozen=True)
class Workload:
    """What a family of kernels computes.

    make_inputs(size, generator) -> dict of input tensors.
    out_shape(size) -> shape of the float32 output.
    reference(inputs) -> expected output (compared in float64, or bit for bit when
        tolerance is 0.0, in which case it must be float32).
    tolerance: largest elementwise relative error |y - ref| / max(|ref|, 1e-30) allowed.
    bytes(size) -> bytes one run must move, for GB/s.
    torch, triton: baselines (triton only when Triton imports).
    out_dtype: the output's torch dtype name (float32, bfloat16, int32).
    error_floor: errors are relative to max(|ref|, error_floor) (outputs near zero).
    """

    name: str
    make_inputs: Callable[[Size, Any], Dict[str, Any]]
    out_shape: Callable[[Size], Size]
    reference: Callable[[Dict[str, Any]], Any]
    tolerance: float
    bytes: Callable[[Size], int]
    torch: Baseline
    triton: Optional[Baseline]
    prepare_out: Optional[Callable[[Any], None]] = None  # e.g. zero an accumulator
    out_dtype: str = "float32"
    error_floor: float = 1e-30


@dataclass(frozen=True)
class Case:
    """One kernel entry to check and benchmark.

    mlir: IR file relative to the repository root; entry: the cuda_tile entry name.
    params: the kinds of the arguments `args` builds, in order (checked against the PTX).
    args(inputs, out, size) -> launch arguments. grid(size, hints) -> tile-block grid.
    sizes / quick_sizes: sizes checked for correctness; bench_size: None for no benchmark.
    hints: default launch hints (see the module documentation).
    required: a missing entry is an error (True) or a skip with a warning (False).
    """

    name: str
    workload: Workload
    mlir: str
    entry: str
    params: Tuple[str, ...]
    args: Callable[[Dict[str, Any], Any, Size], Tuple[Any, ...]]
    grid: Callable[[Size, Dict[str, HintValue]], Tuple[int, ...]]
    sizes: Tuple[Size, ...]
    quick_sizes: Tuple[Size, ...]
    bench_size: Optional[Size]
    hints: Dict[str, HintValue] = field(default_factory=dict)
    required: bool = True


def small_sizes(sizes: Sequence[Size]) -> Tuple[Size, ...]:
    """``sizes`` shrunk for TILEIR_CHECK_SMALL: at most 5003 elements (five 1024-element tiles
    and a tail) in one dimension, at most 37 rows in two; duplicates dropped."""
    small: List[Size] = []
    for size in sizes:
        size = (min(size[0], 5003),) if len(size) == 1 else (min(size[0], 37),) + tuple(size[1:])
        if size not in small:
            small.append(size)
    return tuple(small)


def cdiv(a: int, b: int) -> int:
    return -(-a // b)


def _randn(shape: Size, generator: Any) -> Any:
    return torch.randn(shape, generator=generator, device=DEVICE, dtype=torch.float32)


def _softmax_inputs(size: Size, generator: Any) -> Dict[str, Any]:
    x = _randn(size, generator)
    x[0] = 3.0  # a constant row: exactly 1/cols everywhere
    if size[0] > 1:
        x[1] += 1000.0  # a shifted row: overflows unless the row max is subtracted
    return {"x": x}


VADD = Workload(
    name="vadd",
    make_inputs=lambda size, gen: {"a": _randn(size, gen), "b": _randn(size, gen)},
    out_shape=lambda size: size,
    reference=lambda inputs: inputs["a"] + inputs["b"],
    tolerance=0.0,
    bytes=lambda size: 3 * 4 * size[0],
    torch=Baseline("torch.add", lambda inputs, out: torch.add(inputs["a"], inputs["b"], out=out)),
    triton=Baseline("triton add", triton_add) if triton is not None else None,
)

SOFTMAX = Workload(
    name="softmax",
    make_inputs=_softmax_inputs,
    out_shape=lambda size: size,
    reference=lambda inputs: torch.softmax(inputs["x"].double(), dim=-1),
    tolerance=1e-5,
    bytes=lambda size: 2 * 4 * size[0] * size[1],
    torch=Baseline("torch.softmax", lambda inputs, out: torch.softmax(inputs["x"], dim=-1)),
    triton=Baseline("triton softmax", triton_softmax) if triton is not None else None,
)


SOFTMAX_BF16 = Workload(
    name="softmax_bf16",
    make_inputs=lambda size, gen: {k: v.bfloat16() for k, v in _softmax_inputs(size, gen).items()},
    out_shape=lambda size: size,
    reference=lambda inputs: torch.softmax(inputs["x"].double(), dim=-1),
    tolerance=8e-3,  # bf16 output: half an ulp is 2^-9 relative
    bytes=lambda size: 2 * 2 * size[0] * size[1],
    torch=Baseline("torch.softmax bf16", lambda inputs, out: torch.softmax(inputs["x"], dim=-1)),
    triton=Baseline("triton softmax bf16", triton_softmax) if triton is not None else None,
    out_dtype="bfloat16",
)

LAYERNORM_EPS = 1e-5


def _layernorm_inputs(dtype: str) -> Callable[[Size, Any], Dict[str, Any]]:
    def make(size: Size, generator: Any) -> Dict[str, Any]:
        x = _randn(size, generator) * 2.0 + 0.5
        x[0] = 3.0  # a constant row: zero variance, y = b exactly
        return {
            "x": x.to(getattr(torch, dtype)),
            "w": _randn((size[1],), generator).to(getattr(torch, dtype)),
            "b": _randn((size[1],), generator).to(getattr(torch, dtype)),
            "eps": LAYERNORM_EPS,
        }

    return make


def _layernorm_reference(inputs: Dict[str, Any]) -> Any:
    x = inputs["x"].double()
    return torch.nn.functional.layer_norm(x, (x.shape[-1],), inputs["w"].double(), inputs["b"].double(),
                                          inputs["eps"])


def _torch_layernorm(inputs: Dict[str, Any], out: Any) -> Any:
    x = inputs["x"]
    return torch.nn.functional.layer_norm(x, (x.shape[-1],), inputs["w"], inputs["b"], inputs["eps"])


def layernorm_workload(dtype: str) -> Workload:
    """Row layer norm with f32 statistics; in and out of ``dtype`` (float32 or bfloat16)."""
    short = {"float32": "f32", "bfloat16": "bf16"}[dtype]
    bytes_per = 4 if dtype == "float32" else 2
    return Workload(
        name=f"layernorm_{short}",
        make_inputs=_layernorm_inputs(dtype),
        out_shape=lambda size: size,
        reference=_layernorm_reference,
        tolerance=1e-4 if dtype == "float32" else 1e-2,  # bf16 output: 2^-9 relative, of |y| >= 1
        bytes=lambda size: bytes_per * (2 * size[0] * size[1] + 2 * size[1]),
        torch=Baseline(f"torch layer_norm {short}", _torch_layernorm),
        triton=Baseline(f"triton layernorm {short}", triton_layernorm) if triton is not None else None,
        out_dtype=dtype,
        error_floor=1.0,
    )


LAYERNORM = {dtype: layernorm_workload(dtype) for dtype in ("float32", "bfloat16")}


def _cumsum_inputs(dtype: str) -> Callable[[Size, Any], Dict[str, Any]]:
    def make(size: Size, generator: Any) -> Dict[str, Any]:
        if dtype == "int32":
            x = torch.randint(-1000, 1000, size, generator=generator, device=DEVICE, dtype=torch.int32)
        else:
            x = _randn(size, generator)
        return {"x": x}

    return make


def cumsum_workload(dtype: str) -> Workload:
    """Inclusive prefix sums along rows; int32 exactly, float32 within 1e-4 of max(|ref|, 10)."""
    short = {"float32": "f32", "int32": "i32"}[dtype]
    return Workload(
        name=f"prefix_sum_{short}",
        make_inputs=_cumsum_inputs(dtype),
        out_shape=lambda size: size,
        reference=(lambda inputs: torch.cumsum(inputs["x"], dim=-1, dtype=torch.int32)) if dtype == "int32"
        else (lambda inputs: torch.cumsum(inputs["x"].double(), dim=-1)),
        tolerance=0.0 if dtype == "int32" else 1e-4,
        bytes=lambda size: 2 * 4 * size[0] * size[1],
        torch=Baseline(f"torch.cumsum {short}",
                       lambda inputs, out: torch.cumsum(inputs["x"], dim=-1, out=out)),
        triton=Baseline(f"triton cumsum {short}", triton_cumsum) if triton is not None else None,
        out_dtype=dtype,
        error_floor=10.0,
    )


PREFIX_SUM = {dtype: cumsum_workload(dtype) for dtype in ("float32", "int32")}


def vadd_case(entry: str) -> Case:
    """c = a + b over n f32 elements: entry(a: ptr, b: ptr, c: ptr, n: i32)."""
    return Case(
        name=entry,
        workload=VADD,
        mlir="examples/vector_add.mlir",
        entry=entry,
        params=("ptr", "ptr", "ptr", "i32"),
        args=lambda inputs, out, size: (inputs["a"], inputs["b"], out, size[0]),
        grid=lambda size, hints: (cdiv(size[0], hints["tile"]),),
        sizes=((1,), (1000,), (2**20 + 3,), (2**28,)),
        quick_sizes=((1,), (1000,), (2**20 + 3,)),
        bench_size=(2**28,),
        hints={"tile": 1024},
    )


SOFTMAX_COLS = (128, 256, 512, 1024, 2048, 4096, 8192)


def softmax_case(cols: int) -> Case:
    """Row softmax of a rows x cols f32 matrix, cols fixed by the entry:
    softmax_<cols>(x: ptr, y: ptr, n_rows: i32), one row per tile block by default."""
    return Case(
        name=f"softmax_{cols}",
        workload=SOFTMAX,
        mlir="examples/softmax.mlir",
        entry=f"softmax_{cols}",
        params=("ptr", "ptr", "i32"),
        args=lambda inputs, out, size: (inputs["x"], out, size[0]),
        grid=lambda size, hints: (cdiv(size[0], hints["tile"]),),
        sizes=((1007, cols),) + (((8192, 8192),) if cols == 8192 else ()),
        quick_sizes=((1007, cols),),
        bench_size=(8192, 8192) if cols == 8192 else None,
        hints={"tile": 1},
        required=False,
    )


HIST_BINS = 256


def _hist_inputs(size: Size, generator: Any, hot: bool = False) -> Dict[str, Any]:
    """Bins drawn uniformly from [0, 256); a hot bin (a quarter of the elements on one
    address) in the checks below 2^21 elements, and at every size when `hot`."""
    x = torch.randint(0, HIST_BINS, size, generator=generator, device=DEVICE, dtype=torch.int32)
    if 1 < size[0] and (hot or size[0] < 2**21):
        x[: size[0] // 4] = 7
    return {"x": x}


def _bincount(inputs: Dict[str, Any]) -> Any:
    return torch.bincount(inputs["x"], minlength=HIST_BINS).to(torch.int32)


def _histogram_workload(hot: bool) -> Workload:
    return Workload(
        name="histogram_hot" if hot else "histogram",
        make_inputs=lambda size, generator: _hist_inputs(size, generator, hot),
        out_shape=lambda size: (HIST_BINS,),
        reference=_bincount,
        tolerance=0.0,
        bytes=lambda size: 4 * size[0],
        torch=Baseline("torch.bincount", lambda inputs, out: _bincount(inputs)),
        triton=None,
        prepare_out=lambda out: out.zero_(),
        out_dtype="int32",
    )


HISTOGRAM = _histogram_workload(hot=False)
HISTOGRAM_HOT = _histogram_workload(hot=True)


def histogram_case(hot: bool = False) -> Case:
    """256-bin histogram of n i32 values in [0, 256): histogram(x: ptr, bins: ptr, n: i32).
    `hot`: a quarter of the elements on one bin also at the benchmark size."""
    return Case(
        name="histogram_hot" if hot else "histogram",
        workload=HISTOGRAM_HOT if hot else HISTOGRAM,
        mlir="examples/histogram.mlir",
        entry="histogram",
        params=("ptr", "ptr", "i32"),
        args=lambda inputs, out, size: (inputs["x"], out, size[0]),
        grid=lambda size, hints: (cdiv(size[0], hints["tile"]),),
        sizes=((2**20 + 3,), (2**26,)) if hot else ((1,), (1000,), (2**20 + 3,), (2**26,)),
        quick_sizes=((2**20 + 3,),) if hot else ((1,), (1000,), (2**20 + 3,)),
        bench_size=(2**26,),
        hints={"tile": 1024},
    )


def _gather_inputs(size: Size, generator: Any) -> Dict[str, Any]:
    m, d = size
    rows = max(1, m // 2)
    idx = torch.randint(0, rows, (m,), generator=generator, device=DEVICE, dtype=torch.int32)
    return {"src": _randn((rows, d), generator), "idx": idx}


GATHER = Workload(
    name="gather",
    make_inputs=_gather_inputs,
    out_shape=lambda size: size,
    reference=lambda inputs: torch.index_select(inputs["src"], 0, inputs["idx"]),
    tolerance=0.0,
    bytes=lambda size: 2 * 4 * size[0] * size[1] + 4 * size[0],
    torch=Baseline("torch.index_select",
                   lambda inputs, out: torch.index_select(inputs["src"], 0, inputs["idx"], out=out)),
    triton=None,
)


def _chunked_inputs(size: Size, generator: Any) -> Dict[str, Any]:
    """A rows x (nchunks * 128) i32 matrix of 1..9 (row 0 all ones: it never reaches the
    threshold), the threshold half the expected row sum, the split half the chunks."""
    rows, nchunks = size
    x = torch.randint(1, 10, (rows, nchunks * 128), generator=generator, device=DEVICE, dtype=torch.int32)
    x[0] = 1
    return {"x": x, "threshold": 5 * 128 * nchunks // 2, "split": nchunks // 2}


def _first_exceeding_ref(inputs: Dict[str, Any]) -> Any:
    """[rows, 2] i32: chunks read until the running sum exceeds the threshold
    (all of them when it never does) and that sum."""
    x = inputs["x"].long()
    rows = x.shape[0]
    cum = x.view(rows, -1, 128).sum(-1).cumsum(1)
    over = cum > inputs["threshold"]
    first = over.int().argmax(1)
    hit = over.any(1)
    count = torch.where(hit, first + 1, torch.full_like(first, cum.shape[1]))
    total = torch.where(hit, cum.gather(1, first[:, None])[:, 0], cum[:, -1])
    return torch.stack([count, total], 1).int()


def _weighted_chunks_ref(inputs: Dict[str, Any]) -> Any:
    """[rows, 128] i32 (viewed as f32): chunk sum weighted 1 before `split`, 2 after."""
    x = inputs["x"].long()
    rows = x.shape[0]
    chunks = x.view(rows, -1, 128)
    weight = torch.ones(chunks.shape[1], device=x.device, dtype=torch.long)
    weight[inputs["split"]:] = 2
    return (chunks * weight[None, :, None]).sum(1).int()


def _into(out: Any, result: Any) -> Any:
    out.copy_(result)
    return out


FIRST_EXCEEDING = Workload(
    name="first_exceeding",
    make_inputs=_chunked_inputs,
    out_shape=lambda size: (size[0], 2),
    reference=_first_exceeding_ref,
    tolerance=0.0,
    bytes=lambda size: 4 * size[0] * size[1] * 128,
    torch=Baseline("torch cumsum", lambda inputs, out: _into(out, _first_exceeding_ref(inputs))),
    triton=None,
    out_dtype="int32",
)

WEIGHTED_CHUNKS = Workload(
    name="weighted_chunks",
    make_inputs=_chunked_inputs,
    out_shape=lambda size: (size[0], 128),
    reference=_weighted_chunks_ref,
    tolerance=0.0,
    bytes=lambda size: 4 * size[0] * (size[1] + 1) * 128,
    torch=Baseline("torch weighted sum", lambda inputs, out: _into(out, _weighted_chunks_ref(inputs))),
    triton=None,
    out_dtype="int32",
)


def gather_case() -> Case:
    """Row gather out = src[idx]: gather_rows(src, idx, out: ptr, r, d, m: i32), d % 4 == 0."""
    return Case(
        name="gather_rows",
        workload=GATHER,
        mlir="examples/gather.mlir",
        entry="gather_rows",
        params=("ptr", "ptr", "ptr", "i32", "i32", "i32"),
        args=lambda inputs, out, size: (inputs["src"], inputs["idx"], out, inputs["src"].shape[0],
                                        size[1], size[0]),
        grid=lambda size, hints: (cdiv(size[0], hints["tile"]), cdiv(size[1], hints["cols"])),
        sizes=((1, 4), (37, 200), (1000, 128), (65536, 1024)),
        quick_sizes=((1, 4), (37, 200), (1000, 128)),
        bench_size=(65536, 1024),
        hints={"tile": 16, "cols": 128},
    )


def softmax_bf16_case(cols: int) -> Case:
    """Row softmax of a bf16 matrix with f32 math: softmax_bf16_<cols>(x, y, n_rows)."""
    return Case(
        name=f"softmax_bf16_{cols}",
        workload=SOFTMAX_BF16,
        mlir="examples/softmax.mlir",
        entry=f"softmax_bf16_{cols}",
        params=("ptr", "ptr", "i32"),
        args=lambda inputs, out, size: (inputs["x"], out, size[0]),
        grid=lambda size, hints: (size[0],),
        sizes=((1007, cols), (8192, cols)),
        quick_sizes=((1007, cols),),
        bench_size=(8192, cols),
        required=False,
    )


LAYERNORM_COLS = (1024, 2048, 4096, 8192)


def layernorm_case(cols: int, dtype: str) -> Case:
    """Row layer norm: layernorm[_bf16]_<cols>(x, w, b, y: ptr, n_rows: i32, eps: f32), one row
    per tile block."""
    prefix = "layernorm_" if dtype == "float32" else "layernorm_bf16_"
    return Case(
        name=f"{prefix}{cols}",
        workload=LAYERNORM[dtype],
        mlir="examples/layernorm.mlir",
        entry=f"{prefix}{cols}",
        params=("ptr", "ptr", "ptr", "ptr", "i32", "f32"),
        args=lambda inputs, out, size: (inputs["x"], inputs["w"], inputs["b"], out, size[0], inputs["eps"]),
        grid=lambda size, hints: (size[0],),
        sizes=((1007, cols),) + (((8192, 8192),) if cols == 8192 else ()),
        quick_sizes=((1007, cols),),
        bench_size=(8192, 8192) if cols == 8192 else None,
        required=False,
    )


def prefix_sum_case(cols: int, dtype: str) -> Case:
    """Inclusive row scan: prefix_sum_<f32|i32>_<cols>(x, y: ptr, n_rows: i32), one row per
    tile block."""
    short = {"float32": "f32", "int32": "i32"}[dtype]
    return Case(
        name=f"prefix_sum_{short}_{cols}",
        workload=PREFIX_SUM[dtype],
        mlir="examples/prefix_sum.mlir",
        entry=f"prefix_sum_{short}_{cols}",
        params=("ptr", "ptr", "i32"),
        args=lambda inputs, out, size: (inputs["x"], out, size[0]),
        grid=lambda size, hints: (size[0],),
        sizes=((1007, cols),) + (((8192, 8192),) if cols == 8192 else ()),
        quick_sizes=((1007, cols),),
        bench_size=(8192, 8192) if cols == 8192 else None,
        required=False,
    )


def chunk_case(workload: Workload, extra: str) -> Case:
    """examples/loop_break.mlir: entry(x: ptr, out: ptr, rows, nchunks, threshold | split: i32),
    one row per tile block; size = (rows, nchunks). Outputs are i32 viewed as f32 (exact)."""
    return Case(
        name=workload.name,
        workload=workload,
        mlir="examples/loop_break.mlir",
        entry=workload.name,
        params=("ptr", "ptr", "i32", "i32", "i32"),
        args=lambda inputs, out, size: (inputs["x"], out, size[0], size[1], inputs[extra]),
        grid=lambda size, hints: (size[0],),
        sizes=((1, 1), (37, 5), (1000, 16), (4096, 64)),
        quick_sizes=((1, 1), (37, 5), (1000, 16)),
        bench_size=(4096, 64),
    )


CASES: List[Case] = (
    [vadd_case("vadd_view"), vadd_case("vadd_ptr")]
    + [softmax_case(cols) for cols in SOFTMAX_COLS]
    + [softmax_bf16_case(8192)]
    + [layernorm_case(cols, "float32") for cols in LAYERNORM_COLS]
    + [layernorm_case(cols, "bfloat16") for cols in (1024, 8192)]
    + [prefix_sum_case(cols, dtype) for dtype in ("float32", "int32") for cols in (1024, 8192)]
    + [histogram_case(), histogram_case(hot=True), gather_case()]
    + [chunk_case(FIRST_EXCEEDING, "threshold"), chunk_case(WEIGHTED_CHUNKS, "split")]
)


# --------------------------------------------------------------------------------------
# Hints
# --------------------------------------------------------------------------------------

_HINT_RE = re.compile(r"^\s*//\s*tileir-bench:(.*)$")


def parse_bench_hints(text: str) -> Dict[str, Dict[str, HintValue]]:
    """Read ``// tileir-bench: entry=NAME key=value ...`` lines: {entry: {key: value}}.

    Integer values become ints. Raises ValueError on a malformed line.
    """
    hints: Dict[str, Dict[str, HintValue]] = {}
    for number, line in enumerate(text.splitlines(), start=1):
        match = _HINT_RE.match(line)
        if match is None:
            continue
        fields: Dict[str, HintValue] = {}
        for token in match.group(1).split():
            key, sep, value = token.partition("=")
            if not sep or not key or not value:
                raise ValueError(f"line {number}: expects key=value, got '{token}'")
            fields[key] = int(value) if re.fullmatch(r"-?\d+", value) else value
        entry = fields.pop("entry", None)
        if not isinstance(entry, str):
            raise ValueError(f"line {number}: tileir-bench expects entry=NAME")
        if "tile" in fields and not (isinstance(fields["tile"], int) and fields["tile"] > 0):
            raise ValueError(f"line {number}: tile expects a positive int, got {fields['tile']!r}")
        hints.setdefault(entry, {}).update(fields)
    return hints


def params_compatible(ptx_kinds: Sequence[str], case_kinds: Sequence[str]) -> bool:
    """Whether arguments built for ``case_kinds`` suit a kernel with ``ptx_kinds``.

    Untyped kinds from PTX without metadata (b32, ...) accept any kind of their width.
    """
    if len(ptx_kinds) != len(case_kinds):
        return False
    return all(
        p == c or (p in FALLBACK_KINDS and KIND_BITS[p] == KIND_BITS[c])
        for p, c in zip(ptx_kinds, case_kinds)
    )


# --------------------------------------------------------------------------------------
# Correctness
# --------------------------------------------------------------------------------------


@dataclass
class Check:
    """The result of one correctness run."""

    case: str
    size: Size
    status: str  # PASS, FAIL, ERROR
    max_rel_err: Optional[float] = None
    norm_err: Optional[float] = None
    mismatches: Optional[int] = None
    unwritten: Optional[int] = None
    guard_ok: Optional[bool] = None
    message: str = ""


#: The poison of integer outputs (floats get NaN).
INT_POISON = -0x7EADBEEF


def _poison(dtype: Any) -> Any:
    return float("nan") if dtype.is_floating_point else INT_POISON


def _unwritten(out: Any) -> Any:
    return torch.isnan(out) if out.dtype.is_floating_point else out == INT_POISON


def poisoned_output(shape: Size, dtype: str = "float32") -> Tuple[Any, Any]:
    """A poisoned output of ``shape`` (NaN, or INT_POISON for integers) and the poisoned
    guard region right after it."""
    numel = math.prod(shape)
    guard = max(4096, 8 * shape[-1])
    torch_dtype = getattr(torch, dtype)
    buffer = torch.full((numel + guard,), _poison(torch_dtype), device=DEVICE, dtype=torch_dtype)
    return buffer[:numel].view(shape), buffer[numel:]


def compare(out: Any, guard: Any, ref: Any, tolerance: float, floor: float = 1e-30) -> Dict[str, Any]:
    """Errors of ``out`` against ``ref``, relative to max(|ref|, floor); poisoned elements
    count as unwritten, not as errors."""
    written = ~_unwritten(out)
    result: Dict[str, Any] = {
        "unwritten": int((~written).sum()),
        "guard_ok": bool(_unwritten(guard).all()),
    }
    if tolerance == 0.0:
        bits = torch.int32 if out.element_size() == 4 else torch.int16
        result["mismatches"] = int(((out.view(bits) != ref.to(out.dtype).view(bits)) & written).sum())
    out64, ref64 = out.double(), ref.double()
    diff = torch.where(written, (out64 - ref64).abs(), torch.zeros_like(out64))
    rel = diff / ref64.abs().clamp_min(floor)
    result["max_rel_err"] = float(rel.max()) if rel.numel() else 0.0
    rows = diff.reshape(-1, out.shape[-1]) if out.dim() > 1 else diff.reshape(1, -1)
    ref_rows = ref64.reshape(rows.shape)
    norms = rows.norm(dim=-1) / ref_rows.norm(dim=-1).clamp_min(1e-30)
    result["norm_err"] = float(norms.max()) if norms.numel() else 0.0
    passed = result["unwritten"] == 0 and result["guard_ok"]
    if tolerance == 0.0:
        passed = passed and result["mismatches"] == 0
    else:
        passed = passed and result["max_rel_err"] <= tolerance
    result["passed"] = passed
    return result


def check_case(case: Case, kernel: Any, size: Size, hints: Dict[str, HintValue], seed: int) -> Check:
    """Run ``kernel`` once on poisoned output and compare it with the reference."""
    generator = torch.Generator(device=DEVICE).manual_seed(seed)
    inputs = case.workload.make_inputs(size, generator)
    out, guard = poisoned_output(case.workload.out_shape(size), case.workload.out_dtype)
    if case.workload.prepare_out is not None:
        case.workload.prepare_out(out)
    kernel.launch(case.grid(size, hints), *case.args(inputs, out, size))
    if DEVICE == "cuda":
        torch.cuda.synchronize()
    metrics = compare(out, guard, case.workload.reference(inputs), case.workload.tolerance,
                      case.workload.error_floor)
    passed = metrics.pop("passed")
    return Check(case.name, size, "PASS" if passed else "FAIL", **metrics)


# --------------------------------------------------------------------------------------
# Benchmarks
# --------------------------------------------------------------------------------------


@dataclass
class Timing:
    label: str
    size: Size
    bytes: int
    median_us: float
    min_us: float
    max_us: float
    check: str = "-"
    gbps: float = 0.0
    pct_copy: Optional[float] = None
    vs_torch: Optional[float] = None
    vs_triton: Optional[float] = None
    group: str = ""  # the workload: ratios compare timings of one group and size

    def __post_init__(self) -> None:
        self.gbps = self.bytes / (self.median_us * 1e-6) / 1e9


def time_runs(run: Callable[[int], Any], sets: int, warmup: int, repeats: int) -> Tuple[float, float, float]:
    """Median, min and max time in microseconds of ``run(i)``, rotating ``i`` over ``sets``.

    Each repetition is bracketed by its own CUDA events on the current stream.
    """
    for i in range(warmup):
        run(i % sets)
    torch.cuda.synchronize()
    starts = [torch.cuda.Event(enable_timing=True) for _ in range(repeats)]
    ends = [torch.cuda.Event(enable_timing=True) for _ in range(repeats)]
    for i in range(repeats):
        starts[i].record()
        run(i % sets)
        ends[i].record()
    torch.cuda.synchronize()
    times = [s.elapsed_time(e) * 1000.0 for s, e in zip(starts, ends)]
    return statistics.median(times), min(times), max(times)


def rotation_sets(working_set: int) -> int:
    """How many input sets to rotate through so that runs do not hit in L2."""
    return 1 if working_set >= L2_BYTES else min(64, cdiv(3 * L2_BYTES, working_set))


def bench_copy(warmup: int, repeats: int) -> Timing:
    src = torch.randn(COPY_ELEMENTS, device=DEVICE)
    dst = torch.empty_like(src)
    median, low, high = time_runs(lambda i: dst.copy_(src), 1, warmup, repeats)
    return Timing("copy (torch)", (COPY_ELEMENTS,), 2 * 4 * COPY_ELEMENTS, median, low, high)


def bench_workload(case: Case, kernel: Any, hints: Dict[str, HintValue], warmup: int, repeats: int,
                   skip: Sequence[str] = ()) -> List[Timing]:
    """Time the case's kernel and its workload's baselines (but those labelled in ``skip``)
    at ``case.bench_size``. Each baseline's output is checked against the reference."""
    size = case.bench_size
    assert size is not None
    workload = case.workload
    nbytes = workload.bytes(size)
    generator = torch.Generator(device=DEVICE).manual_seed(1)
    sets = [workload.make_inputs(size, generator) for _ in range(rotation_sets(nbytes))]
    outs = [torch.empty(workload.out_shape(size), device=DEVICE, dtype=getattr(torch, workload.out_dtype))
            for _ in sets]
    grid = case.grid(size, hints)
    launch_args = [case.args(inputs, out, size) for inputs, out in zip(sets, outs)]

    timings = [Timing(case.name, size, nbytes,
                      *time_runs(lambda i: kernel.launch(grid, *launch_args[i]), len(sets), warmup, repeats))]
    baselines = [b for b in (workload.torch, workload.triton) if b is not None and b.label not in skip]
    for baseline in baselines:
        results: List[Any] = [None] * len(sets)

        def run(i: int, baseline: Baseline = baseline) -> None:
            results[i] = baseline.run(sets[i], outs[i])

        timing = Timing(baseline.label, size, nbytes, *time_runs(run, len(sets), warmup, repeats))
        timing.check = "ok" if _close(results[0], workload.reference(sets[0]), workload.tolerance,
                                      workload.error_floor) else "BAD"
        timings.append(timing)
    for timing in timings:
        timing.group = workload.name
    return timings


def _close(result: Any, ref: Any, tolerance: float, floor: float = 1e-30) -> bool:
    if tolerance == 0.0:
        return bool(torch.equal(result, ref.to(result.dtype)))
    rel = (result.double() - ref.double()).abs() / ref.double().abs().clamp_min(floor)
    return float(rel.max()) <= tolerance


# --------------------------------------------------------------------------------------
# Driver
# --------------------------------------------------------------------------------------


def size_label(size: Size) -> str:
    def one(n: int) -> str:
        if n >= 2**16:
            k = n.bit_length() - 1
            if 0 <= n - 2**k < 100:
                return f"2^{k}" + (f"+{n - 2**k}" if n != 2**k else "")
        return str(n)

    return "x".join(one(n) for n in size)


def format_table(headers: Sequence[str], rows: Sequence[Sequence[str]]) -> str:
    """A plain-text table: first column left-aligned, the others right-aligned."""
    widths = [max(len(str(r[i])) for r in [headers, *rows]) for i in range(len(headers))]

    def line(cells: Sequence[str]) -> str:
        return "  ".join(str(c).ljust(w) if i == 0 else str(c).rjust(w)
                         for i, (c, w) in enumerate(zip(cells, widths)))

    return "\n".join([line(headers), line(["-" * w for w in widths]), *[line(r) for r in rows]])


def _fmt(value: Optional[float], spec: str, suffix: str = "") -> str:
    return "-" if value is None or (isinstance(value, float) and math.isnan(value)) else f"{value:{spec}}{suffix}"


@dataclass
class CaseReport:
    case: Case
    status: str = "PASS"  # PASS, FAIL, ERROR, SKIP
    message: str = ""
    checks: List[Check] = field(default_factory=list)
    block: Optional[Tuple[int, int, int]] = None
    hints: Dict[str, HintValue] = field(default_factory=dict)

    def worst_error(self) -> Optional[float]:
        errors = [c.max_rel_err for c in self.checks if c.max_rel_err is not None]
        return max(errors) if errors else None

    def check_label(self) -> str:
        if self.status in ("ERROR", "SKIP"):
            return self.status
        passed = sum(c.status == "PASS" for c in self.checks)
        return f"{self.status} {passed}/{len(self.checks)}"


class Runner:
    """Loads modules through tileir, runs the checks and benchmarks, collects reports."""

    def __init__(self, options: argparse.Namespace) -> None:
        self.options = options
        self._modules: Dict[str, Any] = {}
        self._hints: Dict[str, Dict[str, Dict[str, HintValue]]] = {}
        self.measured: Set[str] = set()

    def module(self, mlir: str) -> Any:
        """The compiled module of ``mlir`` (from the cache when there is no compiler).

        Memoized, failures included: a failure is raised again for each case of the file.
        """
        if mlir not in self._modules:
            try:
                self._modules[mlir] = tileir.compile_file(
                    REPO_ROOT / mlir, chip=self.options.chip, ptx_version=self.options.ptx_version,
                    cache_dir=self.options.cache_dir,
                )
            except (OSError, tileir.TileIRError) as error:
                self._modules[mlir] = error
        loaded = self._modules[mlir]
        if isinstance(loaded, Exception):
            raise loaded
        return loaded

    def hints_for(self, case: Case) -> Dict[str, HintValue]:
        """The case's launch hints: its defaults, then the IR file's, then the command line's."""
        if case.mlir not in self._hints:
            self._hints[case.mlir] = parse_bench_hints((REPO_ROOT / case.mlir).read_text(encoding="utf-8"))
        hints = dict(case.hints)
        hints.update(self._hints[case.mlir].get(case.entry, {}))
        if case.workload is VADD and self.options.vadd_tile is not None:
            hints["tile"] = self.options.vadd_tile
        return hints

    def run_case(self, case: Case) -> Tuple[CaseReport, List[Timing]]:
        report = CaseReport(case)
        timings: List[Timing] = []
        try:
            module = self.module(case.mlir)
        except Exception as error:
            report.status, report.message = "ERROR", f"{case.mlir}: {error}"
            return report, timings
        kernel = module.kernels.get(case.entry)
        if kernel is None:
            message = f"{case.mlir} has no entry '{case.entry}' (entries: {', '.join(module.kernels)})"
            report.status = "ERROR" if case.required else "SKIP"
            report.message = message if case.required else f"warning: {message}"
            return report, timings
        report.block = kernel.block
        try:
            report.hints = self.hints_for(case)
        except ValueError as error:
            report.status, report.message = "ERROR", f"{case.mlir}: tileir-bench hint: {error}"
            return report, timings
        if not params_compatible(kernel.params, case.params):
            report.status = "ERROR"
            report.message = (
                f"entry '{case.entry}' has params ({','.join(kernel.params)}), the case passes "
                f"({','.join(case.params)}): edit CASES in utils/gpu_check.py"
            )
            return report, timings
        sizes = case.quick_sizes if self.options.quick else case.sizes
        if SMALL:
            sizes = small_sizes(case.quick_sizes)
        for seed, size in enumerate(sizes):
            try:
                check = check_case(case, kernel, size, report.hints, seed)
            except Exception as error:
                check = Check(case.name, size, "ERROR", message=_error_text(error))
            report.checks.append(check)
            print(_check_line(check), flush=True)
            release_memory(torch)
        statuses = {c.status for c in report.checks}
        report.status = "ERROR" if "ERROR" in statuses else "FAIL" if "FAIL" in statuses else "PASS"
        if case.bench_size is not None and self.options.bench and report.status != "ERROR":
            try:
                timings = bench_workload(case, kernel, report.hints, self.options.warmup,
                                         self.options.repeats, skip=sorted(self.measured))
                self.measured.update(t.label for t in timings)
            except Exception as error:
                report.status, report.message = "ERROR", f"benchmark: {_error_text(error)}"
            release_memory(torch)
        return report, timings


def _error_text(error: Exception) -> str:
    text = f"{type(error).__name__}: {error}".strip()
    return text if len(text) < 2000 else text[:2000] + " ..."


def _check_line(check: Check) -> str:
    details = [f"rel={_fmt(check.max_rel_err, '.2e')}", f"norm={_fmt(check.norm_err, '.2e')}"]
    if check.mismatches is not None:
        details.append(f"mismatches={check.mismatches}")
    if check.unwritten is not None:
        details.append(f"unwritten={check.unwritten}")
    if check.guard_ok is not None:
        details.append("guard=" + ("ok" if check.guard_ok else "CLOBBERED"))
    if check.message:
        details.append(check.message)
    return f"  {check.status:5} {check.case} {size_label(check.size)}: " + " ".join(details)


def fill_ratios(timings: List[Timing], copy: Optional[Timing]) -> None:
    """Set %copy and the speed ratios (>1 means faster than the baseline)."""
    by_size: Dict[Tuple[str, Size], Dict[str, Timing]] = {}
    for timing in timings:
        by_size.setdefault((timing.group, timing.size), {})[timing.label] = timing
    for timing in timings:
        if timing is copy:
            continue
        if copy is not None:
            timing.pct_copy = 100.0 * timing.gbps / copy.gbps
        peers = by_size[(timing.group, timing.size)]
        torch_row = next((t for label, t in peers.items() if label.startswith("torch")), None)
        triton_row = next((t for label, t in peers.items() if label.startswith("triton")), None)
        if torch_row is not None and torch_row is not timing:
            timing.vs_torch = torch_row.median_us / timing.median_us
        if triton_row is not None and triton_row is not timing and not timing.label.startswith("torch"):
            timing.vs_triton = triton_row.median_us / timing.median_us


def summary_table(reports: List[CaseReport], timings: List[Timing]) -> str:
    headers = ["kernel", "size", "check", "max rel err", "us", "GB/s", "%copy", "vs torch", "vs triton"]
    rows: List[List[str]] = []
    by_label = {t.label: t for t in timings}
    for report in reports:
        timing = by_label.get(report.case.name)
        rows.append([
            report.case.name,
            size_label(timing.size) if timing else "-",
            report.check_label(),
            _fmt(report.worst_error(), ".1e"),
            *_timing_cells(timing),
        ])
    case_names = {r.case.name for r in reports}
    for timing in timings:
        if timing.label not in case_names:
            rows.append([timing.label, size_label(timing.size), timing.check, "-", *_timing_cells(timing)])
    return format_table(headers, rows)


def _timing_cells(timing: Optional[Timing]) -> List[str]:
    if timing is None:
        return ["-"] * 5
    return [
        _fmt(timing.median_us, ".1f"),
        _fmt(timing.gbps, ".0f"),
        _fmt(timing.pct_copy, ".0f", "%"),
        _fmt(timing.vs_torch, ".2f", "x"),
        _fmt(timing.vs_triton, ".2f", "x"),
    ]


def _json_value(value: Any) -> Any:
    if isinstance(value, float) and not math.isfinite(value):
        return None
    if isinstance(value, tuple):
        return list(value)
    return value


def build_parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--cache-dir", help="tileir kernel cache (default: $TILEIR_CACHE_DIR, else ~/.cache/tileir)")
    parser.add_argument("--chip", default="sm_90", help="chip the cache was built for (default: sm_90)")
    parser.add_argument("--ptx-version", type=int, default=None, help="PTX version the cache was built for")
    parser.add_argument("--quick", action="store_true", help="smaller checks, fewer benchmark repeats")
    parser.add_argument("--no-bench", dest="bench", action="store_false", help="correctness checks only")
    parser.add_argument("--json", help="write all results to this JSON file")
    parser.add_argument("-k", dest="select", help="only cases whose name matches this regular expression")
    parser.add_argument("--vadd-tile", type=int, default=None,
                        help="elements per tile block of the vadd entries (default: the IR's tileir-bench hint, else 1024)")
    parser.add_argument("--warmup", type=int, default=None, help="benchmark warm-up runs (default 20, quick 5)")
    parser.add_argument("--repeats", type=int, default=None, help="timed benchmark runs (default 100, quick 20)")
    return parser


def main(argv: Optional[Sequence[str]] = None) -> int:
    global torch
    options = build_parser().parse_args(argv)
    try:
        import torch as torch_module
    except ImportError:
        print("gpu_check: needs PyTorch (import torch failed)", file=sys.stderr)
        return 1
    torch = torch_module
    if not torch.cuda.is_available():
        print("gpu_check: PyTorch sees no CUDA device", file=sys.stderr)
        return 1
    if SMALL:  # correctness only, at small sizes: no benchmarks
        options.quick, options.bench = True, False
    options.warmup = options.warmup if options.warmup is not None else (5 if options.quick else 20)
    options.repeats = options.repeats if options.repeats is not None else (20 if options.quick else 100)
    if options.vadd_tile is not None and options.vadd_tile <= 0:
        print("gpu_check: --vadd-tile expects a positive int", file=sys.stderr)
        return 2

    properties = torch.cuda.get_device_properties(torch.cuda.current_device())
    environment = {
        "device": properties.name,
        "capability": f"sm_{properties.major}{properties.minor}",
        "sms": properties.multi_processor_count,
        "torch": torch.__version__,
        "triton": triton.__version__ if triton is not None else None,
        "tileir": tileir.__version__,
        "cache_dir": str(tileir.cache.default_cache_dir(options.cache_dir)),
        "chip": options.chip,
    }
    print("gpu_check: " + ", ".join(f"{k}={v}" for k, v in environment.items()), flush=True)

    cases = [c for c in CASES if options.select is None or re.search(options.select, c.name)]
    runner = Runner(options)
    reports: List[CaseReport] = []
    timings: List[Timing] = []
    copy: Optional[Timing] = None
    if options.bench and any(c.bench_size is not None for c in cases):
        copy = bench_copy(options.warmup, options.repeats)
        timings.append(copy)
        release_memory(torch)
    for case in cases:
        print(f"{case.name} ({case.mlir}:{case.entry})", flush=True)
        try:
            report, case_timings = runner.run_case(case)
        except Exception:
            traceback.print_exc()
            report, case_timings = CaseReport(case, "ERROR", "internal error (traceback above)"), []
        if report.message:
            print(f"  {report.status}: {report.message}", flush=True)
        reports.append(report)
        timings += case_timings
    fill_ratios(timings, copy)

    print()
    print(summary_table(reports, timings))
    print("vs torch / vs triton: baseline time / this time (>1 = faster than the baseline)")

    if options.json:
        result = {
            "environment": environment,
            "cases": [
                {
                    "case": r.case.name, "mlir": r.case.mlir, "entry": r.case.entry,
                    "status": r.status, "message": r.message, "block": _json_value(r.block),
                    "hints": r.hints,
                    "checks": [{k: _json_value(v) for k, v in vars(c).items()} for c in r.checks],
                }
                for r in reports
            ],
            "bench": [{k: _json_value(v) for k, v in vars(t).items()} for t in timings],
        }
        Path(options.json).write_text(json.dumps(result, indent=2) + "\n")
        print(f"results written to {options.json}")
    failed = [r for r in reports if r.status in ("FAIL", "ERROR")]
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
