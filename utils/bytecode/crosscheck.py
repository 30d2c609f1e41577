#!/usr/bin/env python3
"""Checks Tile IR bytecode files (or cuda_tile text) against TileIR's reader
and writer and, when given, NVIDIA's tileirdisasm:

  1. TileIR reads the file (tile-opt prints it): text A.
  2. TileIR writes A as bytecode (the file's own version for bytecode
     input, --version for text) and reads it back: the same text A.
  3. With --tileirdisasm: NVIDIA's disassembler prints the input, and that
     text, wrapped in a cuda_tile.module, parses in TileIR as A (TileIR reads
     what NVIDIA reads); it also reads TileIR's bytecode of A and prints A
     (NVIDIA reads what TileIR writes).

Prints one line per failure and a closing "N passed, M failed" line; exits 1
on any failure.
"""
import argparse
import os
import re
import shutil
import subprocess
import sys
import tempfile


def run(cmd, **kw):
    return subprocess.run(cmd, capture_output=True, **kw)


def named_kernels(text):
    """The module text with its cuda_tile.module named @kernels, the name the
    format gives every module it reads."""
    return re.sub(rb"cuda_tile\.module @[\w$.]+", b"cuda_tile.module @kernels", text, count=1)


def version_of(path):
    with open(path, "rb") as f:
        head = f.read(12)
    if head[:8] != b"\x7fTileIR\x00":
        return None
    return f"{head[8]}.{head[9]}"


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--bin", help="directory of tile-opt and tile-translate (default: PATH)")
    ap.add_argument("--tileirdisasm")
    ap.add_argument("--version", default="13.3", help="version to write text input as")
    ap.add_argument("files", nargs="+")
    args = ap.parse_args()
    def tool(name):
        return os.path.join(args.bin, name) if args.bin else shutil.which(name)
    opt, translate = tool("tile-opt"), tool("tile-translate")
    env = dict(os.environ)
    env.pop("CUDA_HOME", None)  # tileiras's tools fail with an older toolkit there

    passed, failed = 0, 0
    with tempfile.TemporaryDirectory() as tmp:
        for path in args.files:
            name = os.path.basename(path)
            problems = []
            a = run([opt, path])
            a.stdout = named_kernels(a.stdout)
            if a.returncode:
                problems.append("TileIR cannot read it: " + a.stderr.decode()[:300])
            else:
                version = version_of(path) or args.version
                bc = os.path.join(tmp, name + ".bc")
                w = run([translate, "--mlir-to-cudatilebc", "--bytecode-version=" + version, path, "-o", bc])
                if w.returncode:
                    problems.append("TileIR cannot write it: " + w.stderr.decode()[:300])
                else:
                    back = run([opt, bc])
                    if back.stdout != a.stdout:
                        problems.append("TileIR's bytecode of it reads back differently")
                if args.tileirdisasm:
                    sources = [(bc, "TileIR's bytecode")] if not w.returncode else []
                    if version_of(path):
                        sources.append((path, "the input"))
                    for source, what in sources:
                        d = run([args.tileirdisasm, source], env=env)
                        if d.returncode:
                            problems.append(f"tileirdisasm cannot read {what}: " + (d.stderr or d.stdout).decode()[:300])
                            continue
                        # Ops TileIR reads from bytecode as a composition of
                        # its own (docs/Bytecode.md) have no text form here.
                        if re.search(rb"= fpowi ", d.stdout):
                            print(f"NOT COMPARED {name}: tileirdisasm's text of {what} "
                                  "(fpowi has no TileIR text form)")
                            continue
                        text = b"cuda_tile.module @kernels {\n" + d.stdout + b"}\n"
                        p = run([opt, "-"], input=text)
                        if p.returncode:
                            problems.append(f"tileirdisasm's text of {what} does not parse: " + p.stderr.decode()[:300])
                        elif p.stdout != a.stdout:
                            problems.append(f"tileirdisasm prints {what} differently")
            if problems:
                failed += 1
                for problem in problems:
                    print(f"FAIL {name}: {problem}")
            else:
                passed += 1
    print(f"{passed} passed, {failed} failed")
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
