#!/usr/bin/env python3
"""Compiles Tile IR bytecode files to PTX, as `tileiras` takes them.

  compile_corpus.py [--chip CHIP] [--jobs N] FILE.tilebc...

Each file goes through `tile-opt --strip-debuginfo FILE | tile-translate
--cuda-tile-to-ptx --chip=CHIP` (tools from PATH); the PTX must have an
`.entry`, and `ptxas -arch=CHIP` (from PATH or CUDA_HOME, when present) must
assemble it. Prints one line per failure and exits 1 if any file failed.
"""
import argparse
import concurrent.futures
import os
import shutil
import subprocess
import sys
import tempfile


def find_ptxas():
    found = shutil.which("ptxas")
    if found:
        return found
    home = os.environ.get("CUDA_HOME")
    if home and os.access(os.path.join(home, "bin", "ptxas"), os.X_OK):
        return os.path.join(home, "bin", "ptxas")
    return None


def compile_one(path, chip, ptxas, tmp):
    """None on success, else the reason."""
    name = os.path.basename(path)
    text = subprocess.run(["tile-opt", "--strip-debuginfo", path],
                          capture_output=True, text=True)
    if text.returncode:
        return "tile-opt: " + text.stderr.strip()
    ptx = subprocess.run(["tile-translate", "--cuda-tile-to-ptx",
                          "--chip=" + chip], input=text.stdout,
                         capture_output=True, text=True)
    if ptx.returncode:
        return "tile-translate: " + ptx.stderr.strip()
    if ".entry " not in ptx.stdout:
        return "tile-translate: no .entry in the PTX"
    if ptxas:
        ptx_file = os.path.join(tmp, name + ".ptx")
        with open(ptx_file, "w") as f:
            f.write(ptx.stdout)
        run = subprocess.run([ptxas, "-arch=" + chip, ptx_file, "-o",
                              os.devnull], capture_output=True, text=True)
        if run.returncode:
            return "ptxas: " + run.stderr.strip()
    return None


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--chip", default="sm_90a")
    parser.add_argument("--jobs", type=int, default=os.cpu_count() or 1)
    parser.add_argument("files", nargs="+")
    args = parser.parse_args()
    ptxas = find_ptxas()
    failed = 0
    with tempfile.TemporaryDirectory() as tmp, \
            concurrent.futures.ThreadPoolExecutor(args.jobs) as pool:
        jobs = {f: pool.submit(compile_one, f, args.chip, ptxas, tmp)
                for f in sorted(args.files)}
        for f, job in jobs.items():
            why = job.result()
            if why:
                failed += 1
                lines = why.splitlines()
                first = next((l for l in lines if "error" in l), lines[0])
                print("FAIL %s: %s" % (os.path.basename(f), first))
    print("compiled %d of %d files to %s PTX%s" % (
        len(args.files) - failed, len(args.files), args.chip,
        " (ptxas-checked)" if ptxas else ""))
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
