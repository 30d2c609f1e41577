#!/usr/bin/env python3
"""Which accumulation does cuBLAS's f8 GEMM (torch._scaled_mm, fast accumulation
off) perform? Compares the full-K product with sums, in float32 and in K order,
of products over K chunks of 32, 64 and 128 (each chunk one _scaled_mm), and with
the exact (float64) product. Prints the largest difference of each.

Usage: python3 scaled_mm_chunks.py
"""
import torch

torch.manual_seed(0)
one = torch.tensor(1.0, device="cuda")


def smm(a, b):
    # cuBLASLt wants B column-major.
    return torch._scaled_mm(a.contiguous(), b.t().contiguous().t(), scale_a=one,
                            scale_b=one, out_dtype=torch.float32)


for dt in (torch.float8_e4m3fn, torch.float8_e5m2):
    for (M, N, K) in ((512, 1024, 256), (256, 256, 1024)):
        a = torch.randn(M, K, device="cuda").to(dt)
        b = torch.randn(K, N, device="cuda").to(dt)
        full = smm(a, b)
        exact = a.double() @ b.double()
        row = [f"{str(dt)[6:]:14s} {M}x{N}x{K}", f"exact {(full.double() - exact).abs().max().item():.2e}"]
        for c in (16, 32, 64, 128):
            if K % c:
                continue
            acc = torch.zeros(M, N, device="cuda")
            for k in range(0, K, c):
                part = smm(a[:, k:k + c], b[k:k + c, :]) if c >= 16 else None
                acc = acc + part
            row.append(f"k{c} {(full - acc).abs().max().item():.2e}")
        print("  ".join(row))
