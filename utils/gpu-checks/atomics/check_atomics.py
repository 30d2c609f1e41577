#!/usr/bin/env python3
"""GPU check of tirx.atomic's warp_aggregated and privatized variants (docs/Conversion.md,
"Atomics"): every combinable kind (add, and, or, xor, max, min, umax, umin) of atomics.mlir,
each as rmw_<kind> (warp_aggregated) and priv_<kind> (offsets assumed in [0, 4096):
privatized), against
numpy's ufunc.at on the same random data, bit for bit, with random initial bins, random
masks and three address patterns (uniform over 64 bins, half the elements on one hot bin,
all distinct), at a size with a tail. Build a kernel cache where the compiler is:

    python -m tileir.aot --cache-dir kcache utils/gpu-checks/atomics/atomics.mlir

and run from the repository root (or a copy with python/ and utils/):

    python3 utils/gpu-checks/atomics/check_atomics.py --cache-dir kcache
"""

import argparse
import os
import sys
from pathlib import Path

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE.parents[2] / "python"))

import numpy as np  # noqa: E402
import torch  # noqa: E402
import tileir  # noqa: E402

UFUNC = {
    "add": (np.add, np.int32), "and": (np.bitwise_and, np.int32), "or": (np.bitwise_or, np.int32),
    "xor": (np.bitwise_xor, np.int32), "max": (np.maximum, np.int32), "min": (np.minimum, np.int32),
    "umax": (np.maximum, np.uint32), "umin": (np.minimum, np.uint32),
}


def main() -> int:
    parser = argparse.ArgumentParser()
    parser.add_argument("--cache-dir", required=True)
    args = parser.parse_args()
    module = tileir.compile_file(HERE / "atomics.mlir", cache_dir=args.cache_dir)
    rng = np.random.default_rng(0)
    ok, count = True, 0
    # TILEIR_CHECK_SMALL=1 (utils/gpu-checks/sanitize.sh): a smaller second size, still with a tail.
    for n in (1000, 5003 if os.environ.get("TILEIR_CHECK_SMALL") == "1" else 2**20 + 3):
        nbins = max(n, 4096)
        patterns = {
            "uniform": rng.integers(0, 64, n),
            "hot": np.where(rng.random(n) < 0.5, 7, rng.integers(0, 64, n)),
            "distinct": rng.permutation(nbins)[:n],
        }
        for pattern, idx in patterns.items():
            for dense in (True, False):
                mask = np.ones(n, np.int32) if dense else (rng.random(n) < 0.5).astype(np.int32)
                for entry, (kind, (ufunc, view)) in [(f"{p}_{k}", (k, u)) for p in ("rmw", "priv")
                                                    for k, u in UFUNC.items()]:
                    where = idx % 4096 if entry.startswith("priv") else idx
                    val = rng.integers(-2**31, 2**31, n, dtype=np.int64).astype(np.int32)
                    if kind == "add":
                        val = rng.integers(-1000, 1000, n).astype(np.int32)
                    init = rng.integers(-2**31, 2**31, nbins, dtype=np.int64).astype(np.int32)
                    ref = init.copy().view(view)
                    sel = mask != 0
                    ufunc.at(ref, where[sel].astype(np.int64), val[sel].view(view))
                    t = lambda a: torch.from_numpy(np.ascontiguousarray(a).astype(np.int32)).cuda()  # noqa: E731
                    bins = t(init)
                    module.kernels[entry].launch(((n + 1023) // 1024,), t(where), t(val), t(mask), bins, n)
                    torch.cuda.synchronize()
                    got = bins.cpu().numpy().view(view)
                    bad = int((got != ref).sum())
                    count += 1
                    if bad:
                        ok = False
                        print(f"  FAIL {entry} n={n} {pattern} {'dense' if dense else 'masked'}: {bad} bins differ")
    print(f"atomics: {'PASS' if ok else 'FAIL'} ({count} cases: 8 kinds x 2 variants x 3 address "
          f"patterns x dense/masked x 2 sizes, bit-exact vs numpy ufunc.at)")
    return 0 if ok else 1


if __name__ == "__main__":
    sys.exit(main())
