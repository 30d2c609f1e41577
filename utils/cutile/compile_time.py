#!/usr/bin/env python3
"""Compile time of the kernel suite's kernels, bytecode to cubin, per compiler.

Exports the distinct kernels of run_suite.py's cases (cuTile's matmul_kernel,
fmha_kernel and transpose_kernel, specialized as cuTile specializes them for
the suite's contiguous and transposed torch tensors: 16-byte aligned bases and
strides, unit strides known, extents marked divisible by 16 where they are) to Tile IR bytecode without a GPU, then times each
compiler on each file (`COMPILER --gpu-name=sm_90 FILE -o OUT`, the command
line cuTile gives tileiras; best of --repeat wall times) and prints a table.

Usage (after utils/cutile/setup-cutile.sh, with its venv's python):
  compile_time.py CUTILE_PYTHON_ROOT --compiler tileir=build-static/dist/bin/tile-as \\
      --compiler tileiras=PATH/tileiras [--repeat 3] [--out DIR] [--only REGEX]

CUDA_HOME is unset for the compilers (NVIDIA's tileiras then finds the ptxas
of its own wheel).
"""

import argparse
import os
import re
import subprocess
import sys
import tempfile
import time

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, HERE)

import run_suite  # noqa: E402  (the case list)


def signatures(ct, ArrayConstraint, ScalarConstraint, KernelSignature, cc):
    """file stem -> ((module, kernel name, occupancy hint or None), signature)
    for every distinct kernel of the suite's cases."""
    dtypes = {"float16": ct.float16, "bfloat16": ct.bfloat16, "float32": ct.float32,
              "float8_e4m3fn": ct.float8_e4m3fn, "float8_e5m2": ct.float8_e5m2}

    def array(dt, shape, unit_first=False):
        """A torch tensor of `shape` as cuTile sees it: extents that 16
        divides marked so, the others not (as cuTile specializes them)."""
        rank = len(shape)
        if unit_first:  # the .t() of a contiguous rank-2 tensor
            const, div = (1, None), (1, 16)
        else:
            const = (None,) * (rank - 1) + (1,)
            div = (16,) * (rank - 1) + (1,)
        return ArrayConstraint(dt, rank, index_dtype=ct.int32, stride_lower_bound_incl=0,
                               alias_groups=(), may_alias_internally=False,
                               stride_constant=const, stride_divisible_by=div,
                               shape_divisible_by=tuple(16 if n % 16 == 0 else 1
                                                        for n in shape),
                               base_addr_divisible_by=16)

    seen = {}
    for name, p in run_suite.all_cases():
        dt = dtypes[p["dtype"]]
        if p["kind"] == "matmul":
            stem = f"matmul_{p['layout']}_{p['dtype']}_{'x'.join(map(str, p['tiles']))}"
            m, n, k = p["m"], p["n"], p["k"]
            args = [array(dt, (m, k), p["layout"] in ("tn", "tt")),
                    array(dt, (k, n), p["layout"] in ("nt", "tt")),
                    array(dtypes[p.get("out_dtype", p["dtype"])], (m, n))]
            args += list(p["tiles"])
            kernel = ("kernels.matmul", "matmul_kernel", None)
        elif p["kind"] == "attention":
            stem = (f"attention_{'causal' if p['causal'] else 'full'}_{p['dtype']}_d{p['d']}_"
                    f"{p['tile_m']}x{p['tile_n']}"
                    + (f"_occupancy{p['occupancy']}" if "occupancy" in p else "")
                    + (f"_gqa{p['group']}" if "group" in p else ""))
            batch, heads, length = p.get("batch", 1), p["heads"], p["length"]
            kv = (batch, heads // p.get("group", 1), length, p["d"])
            q = (batch, heads, p.get("q_len", length), p["d"])
            args = [array(dt, q), array(dt, kv), array(dt, kv), array(dt, q),
                    ScalarConstraint(ct.float32), ScalarConstraint(ct.int32)]
            args += [p["d"], p["heads"], p["tile_m"], p["tile_n"], p.get("group", 1),
                     p["causal"], True]
            kernel = ("kernels.attention", "fmha_kernel", p.get("occupancy"))
        else:
            stem = f"transpose_{p['dtype']}_{'x'.join(map(str, p['tiles']))}"
            args = [array(dt, (p["m"], p["n"])), array(dt, (p["n"], p["m"]))] + list(p["tiles"])
            kernel = ("kernels.transpose", "transpose_kernel", None)
        entry = (kernel, KernelSignature(args, cc))
        # Cases of one kernel whose extents 16 divides differently are
        # kernels of their own (cuTile compiles each): named after the case's
        # extents that 16 does not divide.
        if seen.setdefault(stem, entry) != entry:
            odd = sorted({n for n in sizes(p) if n % 16})
            seen.setdefault(stem + "_" + "_".join(map(str, odd)), entry)
    return seen


def sizes(p):
    """The extents of a suite case's tensors."""
    if p["kind"] == "attention":
        return (p.get("batch", 1), p["heads"], p["length"], p.get("q_len", p["length"]),
                p["d"])
    if p["kind"] == "matmul":
        return (p["m"], p["n"], p["k"])
    return (p["m"], p["n"])


def export(root, out):
    import importlib
    import export_corpus
    import cuda.tile as ct
    from cuda.tile.compilation import (ArrayConstraint, CallingConvention, KernelSignature,
                                       ScalarConstraint, export_kernel)
    export_corpus.install_importers()
    cwd = os.getcwd()
    os.chdir(root)
    sys.path.insert(0, os.path.join(root, "test"))
    files = []
    try:
        sigs = signatures(ct, ArrayConstraint, ScalarConstraint, KernelSignature,
                          CallingConvention.cutile_python_v1())
        for stem, ((module, kernel, occupancy), sig) in sigs.items():
            path = os.path.join(out, stem + ".tilebc")
            fn = getattr(importlib.import_module(module), kernel)
            if occupancy:
                fn = fn.replace_hints(occupancy=occupancy)
            export_kernel(fn, [sig], path, output_format="tileir_bytecode")
            files.append(path)
    finally:
        os.chdir(cwd)
    return files


def best_time(cmd, repeat, env):
    best = None
    for _ in range(repeat):
        start = time.perf_counter()
        r = subprocess.run(cmd, env=env, capture_output=True, text=True)
        elapsed = time.perf_counter() - start
        if r.returncode != 0:
            return None, (r.stderr or r.stdout).strip().splitlines()[-1:]
        best = elapsed if best is None else min(best, elapsed)
    return best, None


def main():
    ap = argparse.ArgumentParser(description=__doc__,
                                 formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("root", help="a cutile-python source tree (its test/kernels)")
    ap.add_argument("--compiler", action="append", required=True, metavar="NAME=PATH")
    ap.add_argument("--repeat", type=int, default=3)
    ap.add_argument("--out", help="keep the bytecode here (default: a temporary folder)")
    ap.add_argument("--only", help="regular expression on the kernels' file stems")
    args = ap.parse_args()
    compilers = [c.split("=", 1) for c in args.compiler]
    env = {k: v for k, v in os.environ.items() if k != "CUDA_HOME"}
    with tempfile.TemporaryDirectory() as tmp:
        out = args.out or tmp
        os.makedirs(out, exist_ok=True)
        files = export(os.path.abspath(args.root), out)
        names = [n for n, _ in compilers]
        print("| kernel | " + " | ".join(f"{n} s" for n in names) + " | " +
              " | ".join(f"{n}/{names[0]}" for n in names[1:]) + " |")
        print("|---|" + "---:|" * (2 * len(names) - 1))
        for path in files:
            if args.only and not re.search(args.only, os.path.basename(path)):
                continue
            times = []
            for name, exe in compilers:
                t, err = best_time([exe, "--gpu-name=sm_90", path, "-o",
                                    os.path.join(tmp, name + ".cubin")], args.repeat, env)
                if err:
                    print(f"{os.path.basename(path)}: {name} failed: {err}", file=sys.stderr)
                times.append(t)
            cells = ["-" if t is None else f"{t:.3f}" for t in times]
            ratios = ["-" if t is None or times[0] is None else f"{t / times[0]:.2f}"
                      for t in times[1:]]
            print(f"| {os.path.basename(path)[:-7]} | " + " | ".join(cells + ratios) + " |")


if __name__ == "__main__":
    main()
