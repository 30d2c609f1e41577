#!/usr/bin/env python3
"""The run mode of utils/gpu-checks/sanitize.sh: every GPU check program under
compute-sanitizer, each tool in its own process, JOBS at a time, within BUDGET seconds.

    python3 sanitize_run.py ROOT          (on the GPU machine; sanitize.sh run)
    python3 sanitize_run.py --names ROOT  (here, after the build: lists the kernel entries of
                                           the built PTX and fails if an exclude filter below
                                           would match one of them)

Each run is

    compute-sanitizer --tool T --error-exitcode 99 --print-limit 20 \
        [--kernel-name-exclude FILTER] python3 CHECK...

with TILEIR_CHECK_SMALL=1 (small sizes, no timing loops) and, under memcheck and initcheck,
PYTORCH_NO_CUDA_MEMORY_CACHING=1 (the caching allocator would hide out-of-bounds accesses
inside its blocks from memcheck, and reads of recycled memory from initcheck). A cell of the
table is the number of errors the sanitizer reported (0 = clean) and the run's wall time;
'*' marks a check that failed on its own (exit status not 0 or 99), 'timeout' a run stopped
at the budget's end, 'not run' one that did not fit in it, '?' a log with no error summary.
Exit status 1 when any run reported errors, failed its check or gave no summary, or when a
check's folder was not built; runs left out or stopped for the budget are listed, not counted.
"""
import json
import os
import re
import shutil
import signal
import subprocess
import sys
import tarfile
import tempfile
import time
from pathlib import Path

TOOLS = ("memcheck", "racecheck", "synccheck", "initcheck")

# (name, working folder relative to the root, command, relative cost: longest first)
CHECKS = [
    ("tileops", ".", ["utils/gpu-checks/tileops/check.py", "run", ".dev-tileops/check"], 10),
    ("tileops-compile", ".", ["utils/gpu-checks/tileops/compile_check.py", "run", ".dev-tileops/cc"], 6),
    ("examples", ".", ["utils/gpu_check.py", "--cache-dir", ".kcache", "--chip", "sm_90a"], 5),
    ("examples-sm90", ".", ["utils/gpu_check.py", "--cache-dir", ".kcache", "--chip", "sm_90"], 5),
    ("matmul", ".dev-cuda-tile/matmul", ["check_matmul.py"], 4),
    ("launch-abi", ".", ["utils/gpu-checks/launch_abi.py", "--cache-dir", ".kcache"], 3),
    ("elementwise-ops", ".dev-cuda-tile/elt", ["check.py", "."], 3),
    ("tutorial", ".", ["utils/gpu-checks/tutorial.py", "--cache-dir", ".kcache"], 2),
    ("atomics", ".", ["utils/gpu-checks/atomics/check_atomics.py", "--cache-dir", ".dev-cuda-tile/atomiccache"], 2),
    ("mma-types", ".dev-sanitize/mma-types", ["check.py", "."], 2),
    ("copy", ".dev-all/copy", ["check.py", "kernels.ptx"], 2),
    ("general", ".dev-all/general", ["check.py", "kernels.ptx"], 1),
    ("tirx-elementwise", ".dev-all/elt", ["elementwise_check.py", "kernels.ptx"], 1),
    ("gemm", ".dev-all/gemm", ["check_gemm.py"], 1),
    ("reduce-scan", ".", ["utils/gpu-checks/red/check_reduce_scan.py", "--cache-dir", ".dev-cuda-tile/redcache"], 1),
    ("f8-precision", ".dev-sanitize/f8", ["check.py"], 1),
    ("mmai", ".", ["utils/gpu-checks/mmai/check.py", ".dev-sanitize/mmai"], 1),
    ("pack", ".", ["utils/gpu-checks/pack/check.py", ".dev-sanitize/pack"], 1),
    ("alloca", ".dev-sanitize/rowsweep", ["alloca_check.py"], 1),
]

# Kernels that are not ours: C++ kernels (PyTorch's, CUB's: mangled names start with _Z, demangled
# ones hold '::' or start with 'void '), cuBLAS's and Triton's. Ours are PTX entries with plain
# names; `--names` checks that none matches.
NOT_OURS = r"regex=_Z.*|void .*|.*::.*|triton_.*|nvjet.*|.*cutlass.*|.*xmma.*|.*cublas.*"
# initcheck: none excluded by default. A kernel left out is not instrumented, and the memory it
# writes may then count as uninitialized where our kernels read it.
DEFAULT_EXCLUDE = {"memcheck": NOT_OURS, "racecheck": NOT_OURS, "synccheck": NOT_OURS, "initcheck": ""}


def exclude_filter(tool):
    return os.environ.get(f"EXCLUDE_{tool.upper()}", DEFAULT_EXCLUDE.get(tool, ""))


def list_names(root):
    """Every PTX entry of the carried folders; fails if a default filter matches one."""
    names = set()
    for folder in (".kcache", ".dev-cuda-tile", ".dev-all", ".dev-tileops", ".dev-sanitize"):
        for ptx in (root / folder).rglob("*.ptx"):
            names.update(re.findall(r"^\s*\.(?:visible\s+)?\.?entry\s+(\w+)", ptx.read_text(), re.M))
    pattern = re.compile(NOT_OURS.split("=", 1)[1])
    caught = sorted(n for n in names if pattern.search(n))
    print(f"sanitize: {len(names)} kernel entries in the built PTX; "
          f"excluded by the default filter: {', '.join(caught) or 'none'}")
    return 1 if caught else 0


def summary(log):
    """Errors the sanitizer reported in `log`, or None when it printed no summary."""
    counts = [int(n) for n in re.findall(r"ERROR SUMMARY: (\d+) error", log)]
    if not counts:
        counts = [int(n) for n in re.findall(r"RACECHECK SUMMARY: \d+ hazards? displayed \((\d+) error", log)]
    return sum(counts) if counts else None


class Run:
    def __init__(self, check, tool):
        self.check, self.tool = check, tool
        self.name = check[0]
        self.proc = None
        self.status = "not run"  # then: running, done, timeout
        self.errors = None
        self.rc = None
        self.seconds = 0.0
        self.start = 0.0

    def cell(self):
        if self.status in ("not run", "not built"):
            return self.status
        if self.status == "timeout":
            return f"timeout/{self.seconds:.0f}s"
        errors = "?" if self.errors is None else str(self.errors)
        failed = "*" if self.rc not in (0, 99) else ""
        return f"{errors}/{self.seconds:.0f}s{failed}"

    def bad(self):
        """Errors, a failed check, no summary, or no kernels to run; not a run cut by the budget."""
        return self.status == "not built" or (self.status == "done" and (
            self.errors is None or self.errors > 0 or self.rc not in (0, 99)))


def report(checks, tools, runs, elapsed, out, work):
    """Prints the failing runs' sanitizer lines and the table; writes the table, the JSON and
    the logs under `out`; returns the exit status."""
    cells = {(r.name, r.tool): r for r in runs}
    for run in runs:
        if run.bad() and run.status == "done":
            lines = run.path.read_text(errors="replace").splitlines()
            shown = [line for line in lines if line.startswith("=========")][:15]
            if run.rc not in (0, 99):  # the check's own end: its failures, a traceback
                shown += [line for line in lines if not line.startswith("=========")][-8:]
            print(f"--- {run.name} {run.tool}: {run.cell()} ({run.path.name})")
            print("\n".join(shown))
    headers = ["check"] + list(tools)
    rows = [[c[0]] + [cells[(c[0], t)].cell() for t in tools] for c in checks]
    widths = [max(len(r[i]) for r in [headers] + rows) for i in range(len(headers))]
    table = "\n".join("  ".join(cell.ljust(w) if i == 0 else cell.rjust(w)
                                for i, (cell, w) in enumerate(zip(row, widths)))
                      for row in [headers, ["-" * w for w in widths]] + rows)
    bad = [r for r in runs if r.bad()]
    left = [r for r in runs if r.status in ("not run", "timeout")]
    total = sum(r.errors or 0 for r in runs)
    text = (f"{table}\n"
            "cell: sanitizer errors / wall time (0 = clean); * the check itself failed; "
            "? no error summary in the log; timeout: stopped at the budget's end\n"
            f"{total} errors; {len(bad)} of {len(runs)} runs not clean; {len(left)} not run or cut (budget); "
            f"{elapsed:.0f} s\n")
    print()
    print(text, end="")
    (out / "sanitize.txt").write_text(text)
    (out / "sanitize.json").write_text(json.dumps(
        [{"check": r.name, "tool": r.tool, "status": r.status, "errors": r.errors, "rc": r.rc,
          "seconds": round(r.seconds, 1)} for r in runs], indent=1) + "\n")
    with tarfile.open(out / "sanitize-logs.tgz", "w:gz") as tar:
        for path in sorted(work.glob("*.log")):
            tar.add(path, arcname=f"sanitize-logs/{path.name}")
    print(f"logs: {out / 'sanitize-logs.tgz'}")
    return 1 if bad else 0


def main():
    if sys.argv[1:2] == ["--names"]:
        return list_names(Path(sys.argv[2]).resolve())
    root = Path(sys.argv[1]).resolve()
    sanitizer = shutil.which("compute-sanitizer") or "/usr/local/cuda/bin/compute-sanitizer"
    if not os.path.exists(sanitizer):
        print("sanitize: compute-sanitizer not found", file=sys.stderr)
        return 2
    budget = float(os.environ.get("BUDGET", "480"))
    jobs = int(os.environ.get("JOBS", "6"))
    tools = os.environ.get("TOOLS", " ".join(TOOLS)).split()
    select = re.compile(os.environ.get("CHECKS", ""))
    checks = [c for c in CHECKS if select.search(c[0])]
    out = Path(os.environ.get("OUT") or tempfile.mkdtemp(prefix="sanitize-out-"))
    work = Path(tempfile.mkdtemp(prefix="sanitize-"))
    version = subprocess.run([sanitizer, "--version"], capture_output=True, text=True).stdout.strip()
    print(f"sanitize: {version.splitlines()[-1] if version else sanitizer}; budget {budget:.0f} s, "
          f"{jobs} at a time; tools {' '.join(tools)}; {len(checks)} checks", flush=True)
    # A filter this compute-sanitizer rejects (an older one without the regex key) is dropped.
    accepted = {}
    for wanted in {exclude_filter(tool) for tool in tools} - {""}:
        probe = subprocess.run([sanitizer, "--kernel-name-exclude", wanted, "true"], capture_output=True, text=True)
        accepted[wanted] = probe.returncode == 0
        if not accepted[wanted]:
            print(f"sanitize: --kernel-name-exclude {wanted!r} rejected, its tools run unfiltered: "
                  f"{(probe.stdout + probe.stderr).strip()[-300:]}")
    filters = {tool: exclude_filter(tool) if accepted.get(exclude_filter(tool)) else "" for tool in tools}
    missing = sorted({c[1] for c in checks if not (root / c[1]).is_dir()})
    if missing:
        print(f"sanitize: missing {', '.join(missing)}: run `sanitize.sh build` and carry the folders")

    # Tool by tool (memcheck first), the longest checks first within a tool.
    runs = [Run(c, t) for t in tools for c in sorted(checks, key=lambda c: -c[3])]
    queue = list(runs)
    t0 = time.time()
    deadline = t0 + budget
    running = []
    while queue or running:
        now = time.time()
        for run in list(running):
            rc = run.proc.poll()
            if rc is None and now < deadline:
                continue
            if rc is None:  # the budget is spent: stop it
                os.killpg(run.proc.pid, signal.SIGTERM)
                try:
                    run.proc.wait(10)
                except subprocess.TimeoutExpired:
                    os.killpg(run.proc.pid, signal.SIGKILL)
                    run.proc.wait()
                run.status = "timeout"
            else:
                run.status, run.rc = "done", rc
            run.seconds = time.time() - run.start
            run.log.close()
            run.errors = summary(run.path.read_text(errors="replace"))
            running.remove(run)
            print(f"  {run.name:18s} {run.tool:10s} {run.cell()}", flush=True)
        # Start a run only with 20 s or more left.
        while queue and len(running) < jobs and time.time() < deadline - 20:
            run = queue.pop(0)
            name, cwd, command, _ = run.check
            if not (root / cwd).is_dir():
                run.status = "not built"
                continue
            scratch = work / f"{name}.{run.tool}"
            scratch.mkdir()
            env = dict(os.environ, TILEIR_CHECK_SMALL="1", PYTHONUNBUFFERED="1", OUT=str(scratch),
                       PYTHONPATH=os.pathsep.join(filter(None, [str(root / "python"), os.environ.get("PYTHONPATH")])),
                       TORCHINDUCTOR_COMPILE_THREADS="1")
            if run.tool in ("memcheck", "initcheck"):
                env["PYTORCH_NO_CUDA_MEMORY_CACHING"] = "1"
            argv = [sanitizer, "--tool", run.tool, "--error-exitcode", "99", "--print-limit", "20"]
            if filters[run.tool]:
                argv += ["--kernel-name-exclude", filters[run.tool]]
            argv += [sys.executable, *command]
            run.path = work / f"{name}.{run.tool}.log"
            run.log = open(run.path, "w")
            run.log.write(f"# cd {cwd} && {' '.join(argv)}\n")
            run.log.flush()
            run.start = time.time()
            run.proc = subprocess.Popen(argv, cwd=root / cwd, env=env, stdout=run.log, stderr=subprocess.STDOUT,
                                        start_new_session=True)
            run.status = "running"
            running.append(run)
        if not running and queue and time.time() >= deadline - 20:
            break  # the rest does not fit
        time.sleep(0.5)
    elapsed = time.time() - t0
    return report(checks, tools, runs, elapsed, out, work)


if __name__ == "__main__":
    sys.exit(main())
