#!/usr/bin/env python3
"""Runs the f8 -> f32 kernels of gen.py (every f8_*.ptx here, see build.sh)
on the GPU, one CTA each, A and B random normal rounded to e4m3/e5m2, C = 0,
D NaN-poisoned, and compares D with torch's f32 product of the same f8
values on the GPU at the tolerance of cuTile's BatchMatMul sample
(torch.testing.assert_close: atol 1e-5, rtol 1.3e-6), printing the largest
error against the float64 product. Kernels without fast_acc must pass; the
`_fast` ones (f8 wgmma) are expected to fail on Hopper.

Usage: python3 check.py
"""
import glob
import re
import numpy as np, torch, cupy
torch.manual_seed(0)
F8 = {"e4m3": torch.float8_e4m3fn, "e5m2": torch.float8_e5m2}
def kernels(ptx):
    return {m.group(1): (int(m.group(2)), int(m.group(3) or 0)) for m in re.finditer(
        r"// tileir.kernel (\w+) params=\([^)]*\) reqntid=(\d+),1,1(?: smem=(\d+))?", ptx)}
for path in sorted(glob.glob("f8_*.ptx")):
    meta = kernels(open(path).read())
    mod = cupy.RawModule(path=path)
    for name, (threads, smem) in meta.items():
        m = re.match(r"(e4m3|e5m2)_(?:b(\d+)_)?(\d+)x(\d+)x(\d+)", name)
        t, b, M, N, K = m.group(1), int(m.group(2) or 0), *map(int, m.groups()[2:])
        lead = (b,) if b else ()
        a = torch.randn(lead + (M, K)).to(F8[t]); bb = torch.randn(lead + (K, N)).to(F8[t])
        c = torch.zeros(lead + (M, N)); d = torch.full(lead + (M, N), float("nan"))
        dev = [x.cuda().contiguous() for x in (a, bb, c, d)]
        fn = mod.get_function(name)
        if smem > 48 * 1024: fn.max_dynamic_shared_size_bytes = smem
        fn((1, 1, 1), (threads, 1, 1), tuple(np.uint64(x.data_ptr()) for x in dev), shared_mem=smem)
        torch.cuda.synchronize()
        got = dev[3].cpu()
        want64 = a.double() @ bb.double()
        ref32 = (a.float().cuda() @ bb.float().cuda()).cpu()  # like the sample's reference
        ok = torch.allclose(got, ref32, atol=1e-5, rtol=1.3e-6) and not got.isnan().any()
        mism = ((got - ref32).abs() > 1e-5 + 1.3e-6 * ref32.abs()).float().mean().item()
        print(f"{path:22s} {name:26s} maxabs(f64)={(got.double()-want64).abs().max().item():.3e} "
              f"mismatch_vs_f32ref={mism*100:.1f}% {'PASS' if ok else 'FAIL'}")
