#!/usr/bin/env python3
"""Writes the PTX of every example and of every kernel of the cuTile
bytecode corpus (test/Bytecode/cutile, real cuTile Python kernels) for
sm_80, sm_90 and sm_90a, and of every lit test that compiles its own input
to PTX (each distinct set of options of its RUN lines), with one
tile-translate binary into OUTDIR, one file each, so that two binaries can
be compared with `diff -r` (compile-time changes that claim an identical
PTX). A compile that fails writes its exit status and diagnostics instead.

  utils/ptx-snapshot.py BIN OUTDIR
  diff -r OUTDIR_BEFORE OUTDIR_AFTER
"""
import os
import re
import shlex
import subprocess
import sys

root = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
KEEP = ("--chip", "--ptx-version", "--num-threads", "--split-input-file")


def run_lines(path):
    """The RUN lines of a lit test, continuations joined."""
    lines, cur = [], None
    with open(path, errors="replace") as f:
        for line in f:
            m = re.search(r"RUN:\s?(.*)$", line)
            if not m:
                continue
            text = m.group(1).rstrip()
            cur = text if cur is None else cur + " " + text
            if cur.endswith("\\"):
                cur = cur[:-1]
                continue
            lines.append(cur)
            cur = None
    return lines


def jobs():
    for folder, ext in (("examples", ".mlir"),
                        (os.path.join("test", "Bytecode", "cutile"),
                         ".tilebc")):
        prefix = folder.replace(os.sep, ".")
        for f in sorted(os.listdir(os.path.join(root, folder))):
            if f.endswith(ext):
                for chip in ("sm_80", "sm_90", "sm_90a"):
                    yield (f"{prefix}.{f[:-len(ext)]}.{chip}",
                           os.path.join(root, folder, f), [f"--chip={chip}"])
    for dirpath, _, files in os.walk(os.path.join(root, "test")):
        for f in sorted(files):
            if not f.endswith(".mlir"):
                continue
            path = os.path.join(dirpath, f)
            seen = set()
            for line in run_lines(path):
                for cmd in line.split("|"):
                    if "tile-translate" not in cmd or \
                            "--cuda-tile-to-ptx" not in cmd or "%s" not in cmd:
                        continue
                    try:
                        toks = shlex.split(cmd)
                    except ValueError:
                        continue
                    opts = tuple(t for t in toks if t.startswith(KEEP))
                    if opts in seen:
                        continue
                    seen.add(opts)
                    rel = os.path.relpath(path, root).replace("/", ".")
                    tag = "".join(o.lstrip("-").replace("=", "_")
                                  for o in opts) or "default"
                    yield (f"{rel}.{tag}", path, list(opts))


def main():
    binary, out = sys.argv[1], sys.argv[2]
    os.makedirs(out, exist_ok=True)
    n = 0
    for name, path, opts in jobs():
        r = subprocess.run([binary, "--cuda-tile-to-ptx", *opts, path, "-o",
                            "-"], capture_output=True, text=True)
        with open(os.path.join(out, name + ".ptx"), "w") as f:
            f.write(r.stdout)
            if r.returncode:
                f.write(f"\n// exit {r.returncode}\n{r.stderr}")
        n += 1
    print(f"{n} PTX files in {out}")


if __name__ == "__main__":
    main()
