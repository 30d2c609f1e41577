#!/usr/bin/env python3
"""GPU check of the tirx data-movement primitives (utils/copy_check/kernels.mlir).

Run where the compiler is:  tile-translate --cuda-tile-to-ptx --chip=sm_90a kernels.mlir > kernels.ptx
Run on the GPU machine:     python3 check.py [kernels.ptx]
(needs PyTorch and CuPy; tileir.tma from python/ next to it or on PYTHONPATH).
Every output is NaN-poisoned (with a guard region where the kernel may overrun) and
compared bit-exactly with its input. Prints one row per check and the pipeline copy's
bandwidth against torch clone; exit status 1 on any failure. TILEIR_CHECK_SMALL=1
(utils/gpu-checks/sanitize.sh): pipeline copies of at most 2^20 + 7 elements, no bandwidth.
"""
import os
import statistics
import sys

import cupy
import torch

HERE = os.path.dirname(os.path.abspath(__file__))
SMALL = os.environ.get("TILEIR_CHECK_SMALL") == "1"
for path in (os.path.join(HERE, "python"), os.path.join(HERE, "..", "..", "python")):
    if os.path.isdir(os.path.join(path, "tileir")):
        sys.path.insert(0, path)
        break

ptx_path = sys.argv[1] if len(sys.argv) > 1 else os.path.join(HERE, "kernels.ptx")
module = cupy.RawModule(path=os.path.abspath(ptx_path))
fn = {n: module.get_function(n) for n in
      ["pipe_copy", "tma_tile", "tma_store", "swizzle_roundtrip", "ldstmatrix", "permute"]}
failures = []
rows = []


def ptr(t):
    return cupy.uint64(t.data_ptr())


def idx(v):
    return cupy.int64(v)


def report(name, ok, detail=""):
    rows.append((name, "ok" if ok else "FAIL", detail))
    if not ok:
        failures.append(name)


def same_bits(a, b):
    return a.shape == b.shape and torch.equal(a.view(torch.int8 if a.element_size() == 1 else
                                                     {2: torch.int16, 4: torch.int32, 8: torch.int64}[a.element_size()]),
                                              b.view({1: torch.int8, 2: torch.int16, 4: torch.int32, 8: torch.int64}[b.element_size()]))


stream = cupy.cuda.ExternalStream(torch.cuda.current_stream().cuda_stream)
TILE = 2048


def pipe(x, out, n, grid):
    fn["pipe_copy"]((grid,), (128,), (ptr(x), ptr(out), idx(n)), stream=stream)


# 1. cp.async two-stage pipeline copy, partial last tiles included.
for n in [1000, TILE * 5 + 100, TILE * 64, (1 << 20) + 7] + ([] if SMALL else [1 << 22]):
    x = torch.randn(n, device="cuda")
    guard = 4096
    out = torch.full((n + guard,), float("nan"), device="cuda")
    ntiles = (n + TILE - 1) // TILE
    grid = min(ntiles, 132 * 4)
    pipe(x, out, n, grid)
    torch.cuda.synchronize()
    ok = same_bits(out[:n], x) and bool(torch.isnan(out[n:]).all())
    report(f"pipe_copy n={n} grid={grid}", ok)

# 2. TMA load of 64x32 f32 tiles into a 128B-swizzled buffer.
try:
    from tileir.tma import tiled_tensor_map
    for (m, n) in [(128, 96), (100, 72)]:  # TMA needs 16-byte row strides
        x = torch.randn(m, n, device="cuda")
        out = torch.full((m, n), float("nan"), device="cuda")
        desc = tiled_tensor_map(x, (64, 32), swizzle=128)
        fn["tma_tile"](((n + 31) // 32, (m + 63) // 64), (128,),
                       (ptr(desc), ptr(x), ptr(out), idx(m), idx(n)), stream=stream)
        torch.cuda.synchronize()
        report(f"tma load {m}x{n} swizzle128", same_bits(out, x))
    for (m, n) in [(128, 96), (100, 72)]:  # TMA needs 16-byte row strides
        x = torch.randn(m, n, device="cuda")
        out = torch.full((m, n), float("nan"), device="cuda")
        desc = tiled_tensor_map(out, (64, 32), swizzle=0)
        fn["tma_store"](((n + 31) // 32, (m + 63) // 64), (128,),
                        (ptr(desc), ptr(x), ptr(out), idx(m), idx(n)), stream=stream)
        torch.cuda.synchronize()
        report(f"tma store {m}x{n}", same_bits(out, x))
except Exception as error:  # report and go on with the other checks
    report("tma", False, repr(error)[:200])

# 3. 128B-swizzled shared round trip (f16, 4 CTAs of 64x64).
x = torch.randn(256, 64, device="cuda").half()
out = torch.full((256, 64), float("nan"), device="cuda").half()
fn["swizzle_roundtrip"]((4,), (128,), (ptr(x), ptr(out)), stream=stream)
torch.cuda.synchronize()
report("swizzle128 g->s->r->g f16", same_bits(out, x))

# 4. ldmatrix / ldmatrix.trans / stmatrix on the mma A fragment, and
#    ldmatrix.trans / stmatrix.trans on the B fragment of a row-major tile.
a = torch.randn(16, 16, device="cuda").bfloat16()
outs = [torch.full((16, 16), float("nan"), device="cuda").bfloat16() for _ in range(5)]
fn["ldstmatrix"]((1,), (32,), tuple(ptr(t) for t in [a] + outs), stream=stream)
torch.cuda.synchronize()
report("ldmatrix x4 -> fragment -> global", same_bits(outs[0], a))
report("ldmatrix x4.trans (column-major smem)", same_bits(outs[1], a))
report("stmatrix x4 round trip", same_bits(outs[2], a))
report("ldmatrix x4.trans -> B fragment (row-major smem)", same_bits(outs[3], a))
report("stmatrix x4.trans round trip (B fragment)", same_bits(outs[4], a))

# 5. permute_layout: rows per lane -> columns per lane, 4 warps.
x = torch.randn(128, 32, device="cuda")
out = torch.full((128, 32), float("nan"), device="cuda")
fn["permute"]((2,), (64,), (ptr(x), ptr(out)), stream=stream)
torch.cuda.synchronize()
report("permute_layout warp_xor_swizzle", same_bits(out, x))

if SMALL:
    for r in rows:
        print(f"{r[0]:45s} {r[1]:>12s}  {r[2]}")
    print("FAILED: " + ", ".join(failures) if failures else "ALL OK")
    sys.exit(1 if failures else 0)

# 6. Bandwidth of the pipeline copy vs torch clone, 2^28 f32.
n = 1 << 28
x = torch.randn(n, device="cuda")
out = torch.empty_like(x)
grid = 132 * 8


def timed(f, reps=20):
    for _ in range(3):
        f()
    times = []
    for _ in range(reps):
        s, e = torch.cuda.Event(enable_timing=True), torch.cuda.Event(enable_timing=True)
        s.record()
        f()
        e.record()
        torch.cuda.synchronize()
        times.append(s.elapsed_time(e) / 1e3)
    return statistics.median(times)


t_pipe = timed(lambda: pipe(x, out, n, grid))
report("pipe_copy 2^28 result", same_bits(out, x))
t_clone = timed(lambda: x.clone())
gbs = lambda t: 2 * n * 4 / t / 1e9
for grid2 in (132 * 4, 132 * 16):
    t = timed(lambda: pipe(x, out, n, grid2))
    rows.append((f"pipe_copy 2^28 grid={grid2}", f"{gbs(t):.0f} GB/s", f"{t*1e3:.3f} ms"))
rows.append((f"pipe_copy 2^28 grid={grid}", f"{gbs(t_pipe):.0f} GB/s", f"{t_pipe*1e3:.3f} ms"))
rows.append(("torch clone 2^28", f"{gbs(t_clone):.0f} GB/s", f"{t_clone*1e3:.3f} ms"))

for r in rows:
    print(f"{r[0]:45s} {r[1]:>12s}  {r[2]}")
print("FAILED: " + ", ".join(failures) if failures else "ALL OK")
sys.exit(1 if failures else 0)
