#!/usr/bin/env python3
"""GPU check of cuTile's matmul kernels at the tiles of its benchmark
(test/bench_matmul.py takes cuTile's B200 tuning on a GPU without an entry of
its own: 256x256x64 tiles, a 256x256 f32 accumulator, which TileIR's
cuda-tile-slice-loops runs as two 128x256 slices), compiled by whatever
`tileiras` is first on PATH: `matmul_kernel` (f16, bf16, f32 as tf32),
`persistent_matmul_kernel` (f16) and `batch_matmul_kernel` (f16, also at
the 128x128x64 tiles of cuTile's tests, and float8 e4m3 into f32 at
256x256x128 and 128x256x128), on shapes
with partial tiles along every dimension, against a float64 reference, each
output NaN-poisoned with guard rows and columns around it (the kernel writes
a strided view of a larger buffer). Prints one line per launch and the
number of failures (exits 1 on any), then the time of the 8192^3 f16
matmul and persistent matmul and of the 8 x 4096^3 f16 batched matmul at
256x256x64 and 128x128x64, each interleaved with torch.matmul on the same
operands (CUDA events, median of 5 runs of 10 launches; skipped with
--no-time).

    env -u CUDA_HOME PATH=<dir with tileiras>:$PATH CUDA_TILE_CACHE_DIR=off \\
        python3 utils/gpu-checks/cutile_matmul_large_tiles.py <cutile-python>/test

Under `compute-sanitizer --tool memcheck` (with --no-time) it also checks
that no access reaches past the tensors.
"""
import statistics
import sys

import torch

sys.path.insert(0, sys.argv[1])  # cuTile's test/ folder
import cuda.tile as ct
from kernels.matmul import (batch_matmul_kernel, matmul_kernel,
                            persistent_matmul_kernel)

torch.manual_seed(0)
s = torch.cuda.current_stream()
SMS = torch.cuda.get_device_properties("cuda").multi_processor_count
GUARD = 16
TOL = {torch.float16: 2e-3, torch.bfloat16: 1e-2, torch.float32: 5e-3,
       torch.float8_e4m3fn: 1e-3}
bad = 0


def cdiv(a, b):
    return (a + b - 1) // b


def poisoned(*shape, dtype):
    """A NaN-filled buffer with GUARD more elements along the last two
    dimensions, and the view of `shape` at its start."""
    big = list(shape[:-2]) + [shape[-2] + GUARD, shape[-1] + GUARD]
    buf = torch.full(big, float("nan"), device="cuda", dtype=dtype)
    return buf, buf[..., :shape[-2], :shape[-1]]


def launch(kind, a, b, c, tiles):
    tm, tn, tk = tiles
    if kind == "matmul":
        m, n = a.shape[0], b.shape[1]
        grid = (cdiv(m, tm) * cdiv(n, tn), 1, 1)
        ct.launch(s, grid, matmul_kernel, (a, b, c, tm, tn, tk))
    elif kind == "persistent":
        m, n = a.shape[0], b.shape[1]
        grid = (min(SMS, cdiv(m, tm) * cdiv(n, tn)),)
        ct.launch(s, grid, persistent_matmul_kernel, (a, b, c, tm, tn, tk))
    else:
        bs, m, n = a.shape[0], a.shape[1], b.shape[2]
        grid = (bs, cdiv(m, tm), cdiv(n, tn))
        ct.launch(s, grid, batch_matmul_kernel, (a, b, c, tm, tn, tk))


def check(kind, dtype, shape, tiles, out=None):
    global bad
    m, n, k = shape[-3:]
    lead = list(shape[:-3])
    a = (torch.rand(lead + [m, k], device="cuda") * 2 - 1).to(dtype)
    b = (torch.rand(lead + [k, n], device="cuda") * 2 - 1).to(dtype)
    buf, c = poisoned(*(lead + [m, n]), dtype=out or dtype)
    launch(kind, a, b, c, tiles)
    torch.cuda.synchronize()
    ref = torch.matmul(a.double(), b.double())
    scale = max(ref.abs().max().item(), 1.0)
    err = (c.double() - ref).abs().max().item() / scale
    inside = torch.zeros_like(buf, dtype=torch.bool)
    inside[..., :m, :n] = True
    guard = bool(torch.isnan(buf[~inside]).all())
    ok = err <= TOL[dtype] and guard
    bad += not ok
    print(f"{'ok ' if ok else 'BAD'} {kind} {str(dtype)[6:]} {'x'.join(map(str, shape))} "
          f"tiles {'x'.join(map(str, tiles))} err={err:.2e}"
          f"{'' if guard else ' (wrote outside the output)'}")


for dtype in (torch.float16, torch.bfloat16, torch.float32):
    for shape in ((1000, 1000, 1000), (512, 768, 320), (257, 300, 64)):
        check("matmul", dtype, shape, (256, 256, 64))
for shape in ((1000, 1000, 1000), (1024, 2048, 512), (257, 300, 64)):
    check("persistent", torch.float16, shape, (256, 256, 64))
for tiles in ((256, 256, 64), (128, 128, 64)):
    check("batch", torch.float16, (3, 300, 520, 200), tiles)
# float8 inputs into f32 (each 128-deep K chunk summed on its own, then
# added): the benchmark's 256x256x128 tiles and the sample's 128x256x128.
for tiles in ((256, 256, 128), (128, 256, 128)):
    for shape in ((2, 1000, 1000, 1000), (3, 300, 520, 384)):
        check("batch", torch.float8_e4m3fn, shape, tiles, out=torch.float32)
print("failures:", bad)

if "--no-time" not in sys.argv:
    for kind, shape, tiles in (("matmul", (8192, 8192, 8192), (256, 256, 64)),
                               ("persistent", (8192, 8192, 8192), (256, 256, 64)),
                               ("batch", (8, 4096, 4096, 4096), (256, 256, 64)),
                               ("batch", (8, 4096, 4096, 4096), (128, 128, 64))):
        m, n, k = shape[-3:]
        lead = list(shape[:-3])
        a = torch.rand(lead + [m, k], device="cuda", dtype=torch.float16)
        b = torch.rand(lead + [k, n], device="cuda", dtype=torch.float16)
        c = torch.empty(lead + [m, n], device="cuda", dtype=torch.float16)
        kernel = lambda: launch(kind, a, b, c, tiles)  # noqa: E731
        cublas = lambda: torch.matmul(a, b, out=c)  # noqa: E731
        times = {}
        for _ in range(3):
            kernel()
            cublas()
        for _ in range(5):  # the kernel and PyTorch interleaved
            for name, fn in (("kernel", kernel), ("torch", cublas)):
                e0, e1 = torch.cuda.Event(True), torch.cuda.Event(True)
                e0.record()
                for _ in range(10):
                    fn()
                e1.record()
                torch.cuda.synchronize()
                times.setdefault(name, []).append(e0.elapsed_time(e1) * 100)
        print(f"time {kind} f16 {'x'.join(map(str, shape))} "
              f"{'x'.join(map(str, tiles))}: {statistics.median(times['kernel']):.1f} us "
              f"(torch.matmul {statistics.median(times['torch']):.1f} us)")
sys.exit(1 if bad else 0)
