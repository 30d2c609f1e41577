#!/usr/bin/env python3
"""Runs the kernels of gen.py (compiled here to DIR/mma_types_sm_90a.ptx and
DIR/mma_types_sm_90.ptx, see build.sh) on the GPU: D = A x B + C on random
data (never zeros), D NaN-poisoned (i32: 0x7fffffff-poisoned) before each
launch, compared with a float64 (int64) torch reference:

* tf32: inputs are f32; the kernel rounds them to tf32 (cvt.rn.tf32.f32).
  Checked twice: against the f64 product of the f32 inputs with the tf32
  bound |err| <= (2 * 2^-11 + K * 2^-23) * (|A| |B|)_ij + 2^-23 |C|, and
  against the f64 product of the inputs rounded to tf32 (nearest-even,
  emulated here) with the f32-accumulation bound K * 2^-22 (|A||B|)_ij.
* f16 accumulators: |err| <= (K + 2) * 2^-11 * ((|A| |B|)_ij + |C_ij|).
* f32 accumulators of f16/bf16 inputs: K * 2^-22 * ((|A||B|)_ij + |C_ij|).
* f64: K * 2^-51 * ((|A||B|)_ij + |C_ij|).
* mmai: exact (int64 product wrapped to i32).

Usage: python3 check.py DIR
"""
import os, re, sys
import numpy as np
import torch

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import gen  # noqa: E402
import cupy  # noqa: E402

torch.manual_seed(0)
DT = {"f16": torch.float16, "bf16": torch.bfloat16, "f32": torch.float32,
      "tf32": torch.float32, "f64": torch.float64, "i8": torch.int8,
      "i32": torch.int32, "f8E4M3FN": torch.float8_e4m3fn}


def tf32_round(x):
    """f32 -> tf32, nearest-even, as f32 (finite inputs)."""
    bits = x.view(torch.int32).to(torch.int64)
    lsb = (bits >> 13) & 1
    bits = (bits + 0xFFF + lsb) & ~0x1FFF
    return bits.to(torch.int32).view(torch.float32)


def rand(shape, t):
    if t == "i8":
        return torch.randint(-128, 128, shape, dtype=torch.int8)
    if t == "i32":
        return torch.randint(-2**31, 2**31, shape, dtype=torch.int64).to(torch.int32)
    if t == "f8E4M3FN":
        return (torch.rand(shape) * 4 - 2).to(torch.float8_e4m3fn)
    x = torch.rand(shape, dtype=torch.float64) * 2 - 1
    x[x.abs() < 1e-3] = 0.5  # never zero
    return x.to(DT[t])


def kernels(ptx):
    out = {}
    for m in re.finditer(r"// tileir.kernel (\w+) params=\([^)]*\) "
                         r"reqntid=(\d+),1,1(?: smem=(\d+))?", ptx):
        out[m.group(1)] = (int(m.group(2)), int(m.group(3) or 0))
    return out


def launch(mod, meta, name, args):
    threads, smem = meta[name]
    fn = mod.get_function(name)
    if smem > 48 * 1024:
        fn.max_dynamic_shared_size_bytes = smem
    ptrs = [np.uint64(t.data_ptr()) for t in args]
    fn((1, 1, 1), (threads, 1, 1), tuple(ptrs), shared_mem=smem)


def run_case(mod, meta, case, kloop=False):
    if kloop:
        name, M, N, BK, K = case
        ti, tc, batch = "i8", "i32", 0
        a = rand((M, K), "i8")
        b8 = torch.randint(0, 256, (N, K), dtype=torch.int16).to(torch.uint8)
        bt = b8.view(torch.int8)
        bref = b8.to(torch.int64).t()
    else:
        name, ti, tc, batch, M, N, K = case[:7]
        lead = (batch,) if batch else ()
        a = rand(lead + (M, K), ti)
        bt = rand(lead + (K, N), ti)
        bref = None
    lead = (batch,) if batch else ()
    c = rand(lead + (M, N), tc)
    d = torch.empty(lead + (M, N), dtype=DT[tc])
    if tc == "i32":
        d.fill_(0x7FFFFFFF)
    else:
        d.fill_(float("nan"))
    dev = [x.cuda().contiguous() for x in (a, bt, c, d)]
    launch(mod, meta, name, dev)
    torch.cuda.synchronize()
    got = dev[3].cpu()
    if tc == "i32":
        a64 = a.to(torch.int64)
        b64 = bref if bref is not None else bt.to(torch.int64)
        want = a64 @ b64 + c.to(torch.int64)
        want = ((want + 2**31) % 2**32 - 2**31).to(torch.int32)
        bad = (got != want).sum().item()
        return name, f"{M}x{N}x{K}", bad, 0.0, "exact"
    a64, b64, c64 = a.double(), bt.double(), c.double()
    want = a64 @ b64 + c64
    mag = a64.abs() @ b64.abs()
    g = got.double()
    u = {"f16": 2.0**-11, "f32": 2.0**-23, "f64": 2.0**-52}[tc]
    if ti == "tf32":
        tol = (2 * 2.0**-11 + K * 2.0**-23) * mag + 2.0**-23 * c64.abs()
        ar, br = tf32_round(a).double(), tf32_round(bt).double()
        want2 = ar @ br + c64
        tol2 = K * 2.0**-22 * (ar.abs() @ br.abs()) + 2.0**-23 * c64.abs()
        bad = ((g - want).abs() > tol).sum().item() + \
            ((g - want2).abs() > tol2).sum().item() + g.isnan().sum().item()
        err = ((g - want2).abs() / (ar.abs() @ br.abs() + c64.abs())).max().item()
        return name, f"{M}x{N}x{K}", bad, err, "tf32 bound + rounded ref"
    tol = (K + 2) * 2 * u * (mag + c64.abs())
    bad = ((g - want).abs() > tol).sum().item() + g.isnan().sum().item()
    err = ((g - want).abs() / (mag + c64.abs())).max().item()
    return name, (f"{batch}x" if batch else "") + f"{M}x{N}x{K}", bad, err, f"(K+2)*2^{-{'f16': 11, 'f32': 23, 'f64': 52}[tc] + 1}"


def main():
    d = os.path.abspath(sys.argv[1])
    fails = 0
    total = 0
    print(f"{'chip':7} {'kernel':26} {'shape':>12} {'max rel err':>12}  result")
    for chip in ("sm_90a", "sm_90"):
        path = os.path.join(d, f"mma_types_{chip}.ptx")
        ptx = open(path).read()
        meta = kernels(ptx)
        mod = cupy.RawModule(path=path)
        for case in gen.cases_for(chip):
            r = run_case(mod, meta, case)
            total += 1
            fails += r[2] != 0
            print(f"{chip:7} {r[0]:26} {r[1]:>12} {r[3]:12.2e}  "
                  f"{'ok' if r[2] == 0 else str(r[2]) + ' wrong'} ({r[4]})")
        r = run_case(mod, meta, gen.KLOOP, kloop=True)
        total += 1
        fails += r[2] != 0
        print(f"{chip:7} {r[0]:26} {r[1]:>12} {r[3]:12.2e}  "
              f"{'ok' if r[2] == 0 else str(r[2]) + ' wrong'} ({r[4]})")
    print(f"{total} launches, {fails} failed")
    sys.exit(1 if fails else 0)


if __name__ == "__main__":
    main()
