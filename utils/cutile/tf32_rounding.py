#!/usr/bin/env python3
"""Which rounding a compiled tf32 matmul applies to its f32 inputs.

cuTile's matmul of float32 arrays converts the tiles to tf32 (`ftof`, round
to nearest even) before the tensor cores multiply them. This check launches
cuTile's `matmul_kernel` on A (M x K, float32) times the K x K identity, so
that every output element is one input element as the kernel rounded it
(the other products are exact zeros), with A full of values whose 13 low
mantissa bits lie exactly halfway (ties, where round-to-nearest-even and
round-half-away differ), just above and below halfway, and random values.
B is given row-major and column-major (the K loops stage the two
differently). It compares the output bit for bit with each rounding of A
computed here and
prints which one it matches: `rne` (what `ftof` asks), `rna` (ties away from
zero), `truncate` (the low bits dropped, what the tensor cores do to raw
f32) or none.

    tf32_rounding.py --tests CUTILE_TEST_DIR --compiler NAME=BINDIR [...]

Exit status 1 when a compiler's output is not `rne`.
"""
import argparse
import math
import os
import sys

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, os.path.join(HERE, "pytest_plugin"))


def roundings(torch, a):
    bits = a.view(torch.int32)
    low = bits & 0x1FFF
    kept = bits & ~0x1FFF
    lsb = (bits >> 13) & 1
    up_rne = (low > 0x1000) | ((low == 0x1000) & (lsb == 1))
    up_rna = low >= 0x1000
    out = {}
    for name, up in (("rne", up_rne), ("rna", up_rna)):
        # Adding 0x2000 to the magnitude bits carries into the exponent as
        # the rounding does (no value here is near the f32 maximum).
        out[name] = torch.where(up, kept + 0x2000, kept).view(torch.float32)
    out["truncate"] = kept.view(torch.float32)
    return out


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--tests", required=True, help="cuTile's test/ folder")
    ap.add_argument("--compiler", action="append", required=True,
                    help="NAME=BINDIR holding a tileiras")
    ap.add_argument("--tiles", default="128,128,32", help="TM,TN,TK")
    args = ap.parse_args()

    import torch
    import cuda.tile as ct
    from tileir_compilers import switch_kernels

    switch, kernels = switch_kernels(args.tests, ",".join(args.compiler))
    matmul = kernels["matmul"]
    tm, tn, tk = (int(x) for x in args.tiles.split(","))

    m, k = 512, 256
    g = torch.Generator(device="cuda").manual_seed(3)
    mant = torch.randint(0, 1 << 10, (m, k), device="cuda", generator=g, dtype=torch.int32)
    expo = torch.randint(100, 150, (m, k), device="cuda", generator=g, dtype=torch.int32)
    sign = torch.randint(0, 2, (m, k), device="cuda", generator=g, dtype=torch.int32)
    kind = torch.arange(m * k, device="cuda", dtype=torch.int32).view(m, k) % 4
    # Low 13 bits: a tie, just above, just below, or random.
    rand_low = torch.randint(0, 1 << 13, (m, k), device="cuda", generator=g, dtype=torch.int32)
    low = torch.where(kind == 0, 0x1000,
                      torch.where(kind == 1, 0x1001, torch.where(kind == 2, 0x0FFF, rand_low)))
    bits = (sign << 31) | (expo << 23) | (mant << 13) | low
    a = bits.view(torch.float32).contiguous()
    eye = torch.eye(k, device="cuda", dtype=torch.float32)
    expected = roundings(torch, a)
    grid = (math.ceil(m / tm) * math.ceil(k / tn), 1, 1)
    failed = 0
    # B row-major (K x N, `a @ eye`) and column-major (`a @ eye.t()`, the
    # same values through strides (1, K)): the loops stage them differently.
    for layout, b in (("B row-major", eye), ("B column-major", eye.t())):
        for name in switch.names:
            switch.select(name)
            out = torch.full((m, k), float("nan"), device="cuda", dtype=torch.float32)
            ct.launch(torch.cuda.current_stream(), grid, matmul.matmul_kernel,
                      (a, b, out, tm, tn, tk))
            torch.cuda.synchronize()
            got = out.view(torch.int32)
            matches = [r for r, e in expected.items() if torch.equal(got, e.view(torch.int32))]
            ties = kind == 0
            detail = ", ".join(
                f"{r}: {(got == e.view(torch.int32))[ties].float().mean().item():.3f}"
                for r, e in expected.items())
            verdict = matches[0] if matches else "none"
            print(f"{layout}, {name}: rounds as {verdict} (ties matching {detail})")
            failed += verdict != "rne"
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
