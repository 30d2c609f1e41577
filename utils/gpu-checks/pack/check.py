#!/usr/bin/env python3
"""Runs the pack/unpack kernels of gen.py (compiled to DIR/pack.ptx by
tile-translate) on the GPU and compares every output bit for bit with numpy
(little-endian bytes; element i of a byte at bits [i*b, (i+1)*b)). Inputs are
random bit patterns (NaN and denormal patterns included); outputs are
poisoned with 0xAB bytes before each launch.

Usage: python3 check.py DIR
"""
import os, re, sys
import numpy as np
import cupy

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import gen  # noqa: E402

rng = np.random.default_rng(0)
NP = {"i8": np.uint8, "i32": np.int32, "i64": np.uint64, "f16": np.uint16,
      "bf16": np.uint16, "f32": np.uint32}


def expected(name, a):
    if name.startswith("pack_i4"):
        n = (a & 0xF).astype(np.uint8)
        return (n[0::2] | (n[1::2] << 4)).astype(np.uint8)
    if name == "pack_i1":
        return np.packbits((a & 1).astype(np.uint8), bitorder="little")
    if name.startswith("pack_"):
        return a.view(np.uint8).copy()
    if name.startswith("unpack_i4"):
        n = np.empty(2 * a.size, np.int32)
        n[0::2], n[1::2] = a & 0xF, a >> 4
        return np.where(n >= 8, n - 16, n).astype(np.int32)
    if name == "unpack_i1":
        return np.unpackbits(a, bitorder="little").astype(np.int32)
    if name.startswith("unpack_"):
        return a  # compared as bytes
    if name.startswith("roundtrip_"):
        return a
    raise ValueError(name)


def main():
    ptx_path = os.path.abspath(os.path.join(sys.argv[1], "pack.ptx"))
    ptx = open(ptx_path).read()
    threads = {m.group(1): int(m.group(2)) for m in re.finditer(
        r"// tileir.kernel (\w+) params=\([^)]*\) reqntid=(\d+)", ptx)}
    mod = cupy.RawModule(path=ptx_path)
    fails = 0
    print(f"{'kernel':20} {'threads':>7} {'bytes':>6}  result")
    for name, (ti, ni), _, (to, no) in gen.CASES:
        info = np.iinfo(NP[ti])
        a = rng.integers(info.min, info.max, size=ni, dtype=NP[ti],
                         endpoint=True)
        x = cupy.asarray(a)
        y = cupy.full(no * np.dtype(NP[to]).itemsize, 0xAB, dtype=np.uint8)
        mod.get_function(name)((1, 1, 1), (threads[name], 1, 1), (x, y))
        cupy.cuda.runtime.deviceSynchronize()
        got = cupy.asnumpy(y)
        want = np.ascontiguousarray(expected(name, a)).view(np.uint8)
        bad = np.flatnonzero(got != want)
        ok = bad.size == 0 and got.size == want.size
        fails += not ok
        detail = "ok" if ok else (f"{bad.size} bytes differ, first at {bad[0]}: "
                                  f"got {got[bad[0]]:#x} want {want[bad[0]]:#x}")
        print(f"{name:20} {threads[name]:>7} {got.size:>6}  {detail}")
    print(f"{len(gen.CASES)} kernels, {fails} failed")
    sys.exit(1 if fails else 0)


if __name__ == "__main__":
    main()
