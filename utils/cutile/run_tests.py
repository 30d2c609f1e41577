#!/usr/bin/env python3
"""Runs cuTile Python's test suite once per Tile IR compiler and compares them.

    run_tests.py --tests DIR --compiler NAME=BINDIR [--compiler ...] --out OUT
                 [--shard I/N | --files F ...] [--timeout S] [--test-timeout S]
                 [--budget S] [--group K] [--cache-dir DIR] [--name RUN]
    run_tests.py --out OUT --table [JSON ...] [--reference NAME]
    run_tests.py --tests DIR --shard I/N --list

DIR is cuTile's test/ folder (conftest.py, util.py, kernels/, test_*.py) at the
commit of the installed cuda-tile. Each BINDIR holds a `tileiras` (NVIDIA's, or
TileIR's compat link to tile-as). Every test file runs in its own pytest
process per compiler (`python -m pytest FILE -q -p no:cacheprovider
--junitxml=...`; --group K puts K files in one process), with that BINDIR
first on PATH, CUDA_HOME unset and cuTile's disk cache off (or one cache
folder per compiler with --cache-dir). Before the run, each environment is
checked to make cuTile pick that BINDIR's tileiras. The compilers take turns
per file, the first one alternating, so that GPU clocks drifting over a run
touch both alike. bench_*.py files are not run.

Files are split into N shards by size, deterministically (--list shows a
shard). Results go to OUT: `<run>.json` (every test's outcome per compiler,
rewritten after each file, so a run cut short keeps what finished), `<run>.md`
(the table), and `<run>/junit/<compiler>/<file>.xml` and
`<run>/logs/<compiler>/<file>.log`, where <run> is all, shard-I-of-N,
files-HASH or --name. `--table` combines the JSON files in OUT (or those
named) into one table, OUT/table.md, and OUT/combined.json; where runs
overlap, the later run's result of a file wins.

Hangs and crashes: a test running longer than --test-timeout makes its pytest
process exit (a watchdog in pytest_plugin/tileir_progress.py); a crash ends
it too. The test that was running is recorded as an error ("hung" or
"crashed"), and the file goes on in a new process without the tests already
done (at most --max-resumes times). A file that runs past --timeout in all is
stopped and marked "timeout"; tests it did not reach are not counted.
--budget bounds the whole run: files that no longer fit are marked "not run".
--continue, given the same name (same --shard, --files or --name), keeps what
the earlier run has, runs the files it did not get to and finishes those it
stopped in ("timeout"), leaving out the tests done; so a shard too long for
one sitting completes over several.
"""
import argparse
import hashlib
import json
import os
import re
import signal
import subprocess
import sys
import time
import xml.etree.ElementTree as ET

HERE = os.path.dirname(os.path.abspath(__file__))
PLUGIN_DIR = os.path.join(HERE, "pytest_plugin")    # tileir_progress.py
HUNG_EXIT = 87                          # tileir_progress.HUNG_EXIT
OUTCOMES = ("passed", "failed", "skipped", "error")

# cuTile's pytest.ini, less pytest-benchmark's options (bench_*.py are not run
# here) and pytest-env's `env` (set in the environment instead).
PYTEST_INI = """\
[pytest]
python_files = test_*.py
python_functions = test_*
addopts = --strict-markers
markers =
    use_mlir: mark tests that depend on mlir which requires the "internal" extension
"""
CUTILE_ENV = {"CUDA_TILE_COMPILER_TIMEOUT_SEC": "60", "XLA_PYTHON_CLIENT_PREALLOCATE": "false"}


# ----------------------------------------------------------------------------
# Files and shards
# ----------------------------------------------------------------------------

def discover(tests):
    return sorted(f for f in os.listdir(tests)
                  if f.startswith("test_") and f.endswith(".py")
                  and os.path.isfile(os.path.join(tests, f)))


def shard_files(tests, files, index, count):
    """Greedy split by file size (largest first onto the lightest shard); the
    result depends only on the names and sizes. index is 1-based."""
    sizes = {f: os.path.getsize(os.path.join(tests, f)) for f in files}
    loads = [[0, i, []] for i in range(count)]
    for f in sorted(files, key=lambda f: (-sizes[f], f)):
        lightest = min(loads, key=lambda l: (l[0], l[1]))
        lightest[0] += sizes[f]
        lightest[2].append(f)
    return sorted(loads[index - 1][2])


def parse_shard(text):
    m = re.fullmatch(r"(\d+)/(\d+)", text or "")
    if not m or not 1 <= int(m.group(1)) <= int(m.group(2)):
        raise argparse.ArgumentTypeError(f"--shard wants I/N with 1 <= I <= N, got {text!r}")
    return int(m.group(1)), int(m.group(2))


# ----------------------------------------------------------------------------
# Results of one pytest process
# ----------------------------------------------------------------------------

def first_line(text):
    for line in (text or "").splitlines():
        if line.strip():
            return line.strip()[:300]
    return ""


def parse_junit(path, rels):
    """{nodeid: [outcome, message]} from pytest's JUnit XML of a run of the
    files rels (paths relative to the rootdir)."""
    stems = sorted(((r[:-3] if r.endswith(".py") else r).replace("/", "."), r) for r in rels)
    stems.sort(key=lambda s: -len(s[0]))
    tests = {}
    for case in ET.parse(path).getroot().iter("testcase"):
        cls, name = case.get("classname", ""), case.get("name", "")
        nodeid = None
        for stem, rel in stems:
            if cls == "" and name == stem:           # the module did not import
                nodeid = rel
            elif cls == stem or cls.startswith(stem + "."):
                rest = cls[len(stem) + 1:]
                nodeid = "::".join([rel] + (rest.split(".") if rest else []) + [name])
            if nodeid:
                break
        if nodeid is None:
            nodeid = "::".join([cls.replace(".", "/") + ".py", name])
        outcome, message = "passed", ""
        for child in case:
            tag = child.tag
            if tag not in ("failure", "error", "skipped"):
                continue
            msg = child.get("message") or first_line(child.text)
            if tag == "skipped":
                if outcome == "passed":
                    outcome, message = "skipped", msg
            elif tag == "failure" and outcome != "error":
                outcome, message = "failed", msg
            elif tag == "error":
                outcome, message = "error", msg
        if nodeid in tests and tests[nodeid][0] != "passed" and outcome == "passed":
            continue
        tests[nodeid] = [outcome, first_line(message)]
    return tests


def parse_progress(path):
    """Finished tests, the test left running (or None) and whether the
    watchdog stopped it, from tileir_progress.py's records."""
    finished, running, hung = {}, None, False
    if not os.path.exists(path):
        return finished, running, hung
    with open(path, encoding="utf-8", errors="replace") as f:
        for line in f:
            try:
                rec = json.loads(line)
            except ValueError:
                continue                               # a line cut by a kill
            if "start" in rec:
                running = rec["start"]
            elif "hung" in rec:
                running, hung = rec["hung"], True
            elif "nodeid" in rec:
                finished[rec["nodeid"]] = [rec["outcome"], rec.get("message", "")]
                if rec["nodeid"] == running:
                    running = None
    return finished, running, hung


def log_tail(path, n=1):
    """The last meaningful line(s) of a log: what a process that died outside
    any test said last."""
    try:
        with open(path, encoding="utf-8", errors="replace") as f:
            lines = [l.strip() for l in f if l.strip() and not l.startswith("=====")]
    except OSError:
        return ""
    lines = [re.sub(r"^[.sxXFE]+(?=Fatal Python error)", "", l) for l in lines]
    for line in reversed(lines):
        if re.search(r"error|exception|abort|fault|killed|no module", line, re.I):
            return line[:300]
    return " | ".join(lines[-n:])[:300]


def counts(tests):
    c = dict.fromkeys(OUTCOMES, 0)
    for outcome, _ in tests.values():
        c[outcome] = c.get(outcome, 0) + 1
    return c


# ----------------------------------------------------------------------------
# Running
# ----------------------------------------------------------------------------

def compiler_env(name, bindir, args):
    env = dict(os.environ)
    env.pop("CUDA_HOME", None)
    env.pop("CUDA_PATH", None)
    env["PATH"] = os.path.abspath(bindir) + os.pathsep + env.get("PATH", "")
    if args.cache_dir:
        env["CUDA_TILE_CACHE_DIR"] = os.path.abspath(os.path.join(args.cache_dir, name))
    else:
        env["CUDA_TILE_CACHE_DIR"] = "off"
    for k, v in CUTILE_ENV.items():
        env.setdefault(k, v)
    env["PYTHONPATH"] = PLUGIN_DIR + (os.pathsep + env["PYTHONPATH"] if env.get("PYTHONPATH") else "")
    env["PYTHONUNBUFFERED"] = "1"
    env["PYTHONDONTWRITEBYTECODE"] = "1"
    return env


def check_compiler(name, bindir, env):
    """tileiras --version, and which tileiras cuTile itself picks with this
    environment (it prefers NVIDIA's nvidia-cuda-tileiras wheel to PATH)."""
    info = {"name": name, "bindir": os.path.abspath(bindir)}
    try:
        p = subprocess.run([os.path.join(bindir, "tileiras"), "--version"], env=env,
                           capture_output=True, text=True, timeout=60)
        info["version"] = " ".join((p.stdout + p.stderr).split())[:300]
    except (OSError, subprocess.TimeoutExpired) as e:
        info["version"] = f"({e})"
    probe = ("import os\nfrom cuda.tile._compile import _find_compiler_bin\n"
             "print(os.path.abspath(_find_compiler_bin().path))")
    try:
        p = subprocess.run([sys.executable, "-c", probe], env=env, capture_output=True,
                           text=True, timeout=120)
        found = p.stdout.strip().splitlines()[-1] if p.returncode == 0 and p.stdout.strip() else None
    except subprocess.TimeoutExpired:
        found = None
    info["cutile_finds"] = found
    if found is None:
        print(f"warning: could not ask cuTile which tileiras it uses ({name})", file=sys.stderr)
    elif os.path.dirname(found) != info["bindir"]:
        sys.exit(f"error: with {name}'s environment cuTile picks {found}, not "
                 f"{info['bindir']}/tileiras (uninstall nvidia-cuda-tileiras?)")
    return info


_child = None       # the pytest process running now


def kill_group(p):
    """Ends p and what it started (its own process group: tileiras, ptxas)."""
    for sig, wait in ((signal.SIGTERM, 10), (signal.SIGKILL, 30)):
        try:
            os.killpg(p.pid, sig)
        except ProcessLookupError:
            return
        try:
            p.wait(timeout=wait)
            return
        except subprocess.TimeoutExpired:
            pass


def on_signal(signum, frame):
    # Killed from outside: take the running pytest along (a process group of
    # its own, but the same session) and stop; the JSON holds what finished.
    if _child is not None and _child.poll() is None:
        kill_group(_child)
    sys.exit(128 + signum)


def run_pytest(cmd, cwd, env, log, timeout):
    """Returns pytest's exit code, or None when it ran out of time."""
    global _child
    with open(log, "a", encoding="utf-8") as f:
        f.write(f"===== {' '.join(cmd)}\n")
        f.flush()
        _child = p = subprocess.Popen(cmd, cwd=cwd, env=env, stdout=f,
                                      stderr=subprocess.STDOUT, stdin=subprocess.DEVNULL,
                                      preexec_fn=os.setpgrp)
        try:
            return p.wait(timeout=max(timeout, 1))
        except subprocess.TimeoutExpired:
            kill_group(p)
            return None
        finally:
            _child = None


def file_of(nodeid):
    return nodeid.split("::", 1)[0]


def run_group(rels, name, env, args, budget_left, prior=None):
    """Runs test files in one pytest process with one compiler, going on in a
    new process after a hang or crash. prior: {file: result} of an earlier run
    that stopped in these files; its tests are not run again. Returns
    {file: result}."""
    start = time.monotonic()
    prior = prior or {}
    stem = rels[0][:-3].replace("/", "_") + (f"-plus{len(rels) - 1}" if len(rels) > 1 else "")
    for sub in ("junit", "logs"):
        os.makedirs(os.path.join(args.rundir, sub, name), exist_ok=True)
    log = os.path.join(args.rundir, "logs", name, stem + ".log")
    if os.path.exists(log) and not prior:
        os.unlink(log)
    limit = args.timeout * len(rels)
    tests, notes, status, rc, bad = {}, [], "ok", 0, {}
    for res in prior.values():
        tests.update((t, r) for t, r in res["tests"].items() if not r[1].startswith("timeout:"))
        notes += res["notes"]
    base = f".cont{int(time.time())}" if prior else ""
    for part in range(args.max_resumes + 1):
        suffix = base + ("" if part == 0 else f".part{part}")
        xml = os.path.join(args.rundir, "junit", name, stem + suffix + ".xml")
        progress = os.path.join(args.rundir, "logs", name, stem + suffix + ".progress.jsonl")
        for p in (xml, progress):
            if os.path.exists(p):
                os.unlink(p)
        penv = dict(env, TILEIR_PROGRESS=progress, TILEIR_TEST_TIMEOUT=str(args.test_timeout))
        if tests:
            deselect = os.path.join(args.rundir, "logs", name, stem + suffix + ".done")
            with open(deselect, "w", encoding="utf-8") as f:
                f.writelines(t + "\n" for t in tests)
            penv["TILEIR_DESELECT"] = deselect
        left = min(limit - (time.monotonic() - start), budget_left())
        if left <= 1:
            status = "timeout" if tests else "not run"
            if part == 0:
                notes.append("not run: no time left in --budget")
            break
        cmd = [sys.executable, "-m", "pytest", *rels, "-q", "-p", "no:cacheprovider",
               "-p", "tileir_progress", "-c", args.ini, "--rootdir", args.tests,
               "--confcutdir", args.tests, "--continue-on-collection-errors",
               f"--junitxml={xml}"] + args.pytest_arg
        rc = run_pytest(cmd, args.tests, penv, log, left)
        finished, running, hung = parse_progress(progress)
        if rc is not None and os.path.exists(xml):
            try:
                tests.update(parse_junit(xml, rels))
                break
            except ET.ParseError as e:
                notes.append(f"unreadable JUnit XML: {e}")
        tests.update(finished)
        if rc is None:
            status = "timeout"
            if running:
                tests[running] = ["error", f"timeout: ran over {limit:.0f} s in this test"]
                bad[file_of(running)] = "timeout"
            notes.append(f"timeout after {time.monotonic() - start:.0f} s")
            break
        if running is None:
            # Died outside any test (conftest, session start, a usage error).
            status = "crash"
            for rel in rels:
                if not any(file_of(t) == rel for t in tests):
                    tests[rel] = ["error", f"pytest exited {rc} outside a test: "
                                  + log_tail(log)]
            notes.append(f"pytest exited {rc} outside a test: {log_tail(log)}")
            break
        if hung or rc == HUNG_EXIT:
            tests[running] = ["error", f"hung: ran over {args.test_timeout:.0f} s"]
            notes.append(f"hung: {running}")
        else:
            tests[running] = ["error", f"crashed: pytest exited {rc} in this test: "
                              + log_tail(log)]
            notes.append(f"crashed (exit {rc}): {running}")
        bad[file_of(running)] = "resumed"
    else:
        status = "gave up"
        notes.append(f"stopped after {args.max_resumes} resumes")
    seconds = round(time.monotonic() - start, 1)
    results = {}
    for rel in rels:
        mine = {t: r for t, r in tests.items() if file_of(t) == rel}
        if status in ("crash", "not run"):
            st = status
        elif status == "timeout" and not mine:
            st = "not run" if tests else "timeout"
        else:
            st = bad.get(rel, "gave up" if status == "gave up" else "ok")
        earlier = prior.get(rel, {}).get("seconds", 0)
        results[rel] = {"status": st, "rc": rc, "seconds": round(seconds + earlier, 1),
                        "counts": counts(mine),
                        "tests": mine, "notes": [n for n in notes if len(rels) == 1
                                                 or rel in n or not n.startswith(("hung", "crashed"))]}
        if len(rels) > 1:
            results[rel]["group"] = rels
    return results


# ----------------------------------------------------------------------------
# Tables
# ----------------------------------------------------------------------------

def cell(res):
    if res is None:
        return "—"
    c = res["counts"]
    text = f"{c['passed']}/{c['failed']}/{c['skipped']}/{c['error']}"
    if res["status"] not in ("ok",):
        text += f" ({res['status']})"
    return text


def pick_reference(names, wanted=None):
    if wanted:
        return wanted
    return "tileiras" if "tileiras" in names else names[0]


def table(data, reference=None):
    """Markdown from {"compilers": [...], "results": {file: {name: result}}}."""
    names = data["compilers"]
    results = data["results"]
    ref = pick_reference(names, reference)
    others = [n for n in names if n != ref]
    lines = ["| file | " + " | ".join(names) + " |", "|---" * (len(names) + 1) + "|"]
    totals = {n: dict.fromkeys(OUTCOMES, 0) for n in names}
    for f in sorted(results):
        lines.append(f"| {f} | " + " | ".join(cell(results[f].get(n)) for n in names) + " |")
        for n in names:
            r = results[f].get(n)
            if r:
                for k in OUTCOMES:
                    totals[n][k] += r["counts"][k]
    lines.append("| **total** | " + " | ".join(
        "{passed}/{failed}/{skipped}/{error}".format(**totals[n]) for n in names) + " |")
    lines.append("")
    lines.append("Cells: passed/failed/skipped/errors (a crash, a hang or a module that "
                 "does not import counts as an error). " + "; ".join(
                     f"{n}: {totals[n]['passed']} passed, {totals[n]['failed']} failed, "
                     f"{totals[n]['skipped']} skipped, {totals[n]['error']} errors"
                     for n in names) + ". After the counts: (resumed) the file went on in "
                 "a new process after a test hung or crashed; (timeout) the file ran out of "
                 "time, tests after the one it stopped in are not counted; (not run) no "
                 "time was left for it; (crash) pytest ended outside any test.")
    lists = []
    for other in others:
        ref_pass, both, broken, skipped, missing, better = 0, 0, [], [], [], 0
        for f in sorted(results):
            r, o = results[f].get(ref), results[f].get(other)
            if r is None or o is None:
                continue
            for t, (outcome, _) in sorted(r["tests"].items()):
                if outcome != "passed":
                    continue
                ref_pass += 1
                got = o["tests"].get(t)
                if got is None:
                    missing.append(t)
                elif got[0] == "passed":
                    both += 1
                elif got[0] == "skipped":
                    skipped.append((t, got[1]))
                else:
                    broken.append((t, got[0], got[1]))
            for t, (outcome, _) in o["tests"].items():
                if outcome == "passed" and r["tests"].get(t, ["?"])[0] in ("failed", "error"):
                    better += 1
        pct = 100.0 * both / ref_pass if ref_pass else 0.0
        lines.append("")
        lines.append(f"Of the {ref_pass} tests that pass with {ref}, {both} ({pct:.1f}%) "
                     f"pass with {other}; {len(broken)} fail or error, {len(skipped)} "
                     f"skip, {len(missing)} did not run. {better} tests pass with {other} "
                     f"and fail or error with {ref}.")
        lists.append((other, broken, skipped, missing))
    for other, broken, skipped, missing in lists:
        if broken:
            lines += ["", f"Pass with {ref}, fail or error with {other}:", ""]
            lines += [f"- `{t}` {outcome}: {msg}" for t, outcome, msg in broken]
        if skipped:
            lines += ["", f"Pass with {ref}, skipped with {other}:", ""]
            lines += [f"- `{t}`: {msg}" for t, msg in skipped]
        if missing:
            lines += ["", f"Pass with {ref}, did not run with {other} (timeout, or the "
                      "file stopped early):", ""]
            lines += [f"- `{t}`" for t in missing]
    notes = [(f, n, note) for f in sorted(results) for n in names
             if results[f].get(n) for note in results[f][n]["notes"]]
    if notes:
        lines += ["", "Notes:", ""] + [f"- {f} ({n}): {note}" for f, n, note in notes]
    return "\n".join(lines) + "\n"


def run_jsons(out, explicit):
    """The run JSON files to combine: `explicit`, or every run in `out`."""
    paths = explicit or sorted(
        os.path.join(out, f) for f in os.listdir(out)
        if f.endswith(".json") and f != "combined.json")
    if not paths:
        sys.exit(f"no run JSON in {out}")
    return paths


def combine(paths):
    """Merges run JSON files; a later file (by run start) wins per file and compiler."""
    runs = []
    for p in paths:
        with open(p, encoding="utf-8") as f:
            runs.append(json.load(f))
    runs.sort(key=lambda r: r["meta"].get("started", ""))
    names, results, compilers = [], {}, {}
    for r in runs:
        for n in r["compilers"]:
            if n not in names:
                names.append(n)
        for info in r["meta"].get("compilers", []):
            compilers.setdefault(info["name"], info)
        for f, per in r["results"].items():
            results.setdefault(f, {}).update(per)
    return {"compilers": names, "results": results,
            "meta": {"runs": [os.path.basename(p) for p in paths],
                     "compilers": list(compilers.values())}}


def write_atomic(path, text):
    tmp = path + ".tmp"
    with open(tmp, "w", encoding="utf-8") as f:
        f.write(text)
    os.replace(tmp, path)


# ----------------------------------------------------------------------------

def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0],
                                 formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--tests", help="cuTile's test/ folder")
    ap.add_argument("--compiler", action="append", default=[], metavar="NAME=BINDIR")
    ap.add_argument("--out", help="results folder (default: results-cutile-tests)",
                    default="results-cutile-tests")
    ap.add_argument("--shard", type=parse_shard, metavar="I/N", help="run shard I of N (1-based)")
    ap.add_argument("--files", nargs="+", metavar="FILE", help="run these test files only")
    ap.add_argument("--timeout", type=float, default=480,
                    help="seconds per file and compiler, resumes included (default 480)")
    ap.add_argument("--test-timeout", type=float, default=120,
                    help="seconds one test may run before its process is ended (default 120)")
    ap.add_argument("--group", type=int, default=1, metavar="K",
                    help="test files per pytest process (default 1; more saves the start-up "
                         "of torch and CUDA, K times --timeout per process)")
    ap.add_argument("--max-resumes", type=int, default=5,
                    help="new processes per file after hangs or crashes (default 5)")
    ap.add_argument("--budget", type=float, default=0,
                    help="seconds for the whole run: files are cut short so that it ends "
                         "in time (default: no limit)")
    ap.add_argument("--cache-dir", help="cuTile disk cache, one folder per compiler "
                    "under this (default: cache off)")
    ap.add_argument("--reference", help="compiler the others are compared with "
                    "(default: the one named tileiras, else the first)")
    ap.add_argument("--pytest-arg", action="append", default=[],
                    help="extra argument for pytest (repeatable), e.g. --pytest-arg=-x")
    ap.add_argument("--name", help="name of the run: OUT/NAME.json, OUT/NAME.md, OUT/NAME/ "
                    "(default: all, shard-I-of-N or files-HASH)")
    ap.add_argument("--continue", dest="resume", action="store_true",
                    help="keep the results of an earlier run of the same name, run the "
                         "files it did not get to and finish those it stopped in")
    ap.add_argument("--list", action="store_true", help="print the files of the run and stop")
    ap.add_argument("--table", nargs="*", metavar="JSON",
                    help="combine run JSON files (default: all in --out) into one table")
    args = ap.parse_args()

    if args.table is not None:
        data = combine(run_jsons(args.out, args.table))
        md = table(data, args.reference)
        write_atomic(os.path.join(args.out, "table.md"), md)
        write_atomic(os.path.join(args.out, "combined.json"), json.dumps(data, indent=1))
        print(md, end="")
        return

    if not args.tests:
        ap.error("--tests is required")
    if args.group < 1:
        ap.error("--group wants a positive number")
    args.tests = os.path.abspath(args.tests)
    files = discover(args.tests)
    if args.files:
        wanted = [os.path.basename(f) for f in args.files]
        unknown = [f for f in wanted if not os.path.isfile(os.path.join(args.tests, f))]
        if unknown:
            sys.exit(f"not in {args.tests}: {' '.join(unknown)}")
        files = wanted
        tag = "files-" + hashlib.sha1(" ".join(wanted).encode()).hexdigest()[:8]
    elif args.shard:
        files = shard_files(args.tests, files, *args.shard)
        tag = "shard-{}-of-{}".format(*args.shard)
    else:
        tag = "all"
    if args.name:
        if not re.fullmatch(r"[A-Za-z0-9_.-]+", args.name) or args.name == "combined":
            ap.error(f"--name wants letters, digits, '.', '_', '-', got {args.name!r}")
        tag = args.name
    if args.list:
        for f in files:
            print(f"{os.path.getsize(os.path.join(args.tests, f)):8d} {f}")
        return
    if not args.compiler:
        ap.error("--compiler NAME=BINDIR is required")
    compilers = []
    for c in args.compiler:
        name, sep, bindir = c.partition("=")
        if not sep or not re.fullmatch(r"[A-Za-z0-9_.-]+", name) or not bindir:
            ap.error(f"--compiler wants NAME=BINDIR, got {c!r}")
        if not os.access(os.path.join(bindir, "tileiras"), os.X_OK):
            ap.error(f"no executable tileiras in {bindir}")
        compilers.append((name, bindir))
    if len({n for n, _ in compilers}) != len(compilers):
        ap.error("compiler names must differ")

    for sig in (signal.SIGTERM, signal.SIGINT, signal.SIGHUP):
        signal.signal(sig, on_signal)
    args.out = os.path.abspath(args.out)
    os.makedirs(args.out, exist_ok=True)
    ini = os.path.join(args.out, "pytest.ini")
    write_atomic(ini, PYTEST_INI)
    run_start = time.monotonic()

    def budget_left():
        return args.budget - (time.monotonic() - run_start) if args.budget else float("inf")

    envs = {name: compiler_env(name, bindir, args) for name, bindir in compilers}
    infos = [check_compiler(name, bindir, envs[name]) for name, bindir in compilers]
    for info in infos:
        print(f"{info['name']:10} {info['bindir']}: {info['version']}", flush=True)
    data = {"compilers": [n for n, _ in compilers], "results": {},
            "meta": {"run": tag, "started": time.strftime("%Y-%m-%dT%H:%M:%S"),
                     "tests": args.tests, "files": files, "compilers": infos,
                     "timeout": args.timeout, "test_timeout": args.test_timeout,
                     "cache": "per compiler" if args.cache_dir else "off",
                     "python": sys.version.split()[0]}}
    json_path = os.path.join(args.out, tag + ".json")
    pending = {n: set(files) for n, _ in compilers}      # files each compiler still runs
    prior = {n: {} for n, _ in compilers}             # their results so far
    if args.resume and os.path.exists(json_path):
        with open(json_path, encoding="utf-8") as f:
            old = json.load(f)["results"]
        for f in files:
            for n, _ in compilers:
                res = old.get(f, {}).get(n)
                if res is None:
                    continue
                data["results"].setdefault(f, {})[n] = res
                if res["status"] not in ("not run", "timeout"):
                    pending[n].discard(f)
                elif res["tests"]:
                    prior[n][f] = res
        left = [f for f in files if any(f in t for t in pending.values())]
        print(f"{len(files) - len(left)} files done by an earlier run of {tag}, "
              f"{len(left)} to run or finish", flush=True)
        files = left
    args.ini = ini
    args.rundir = os.path.join(args.out, tag)
    groups = [files[i:i + args.group] for i in range(0, len(files), args.group)]
    for i, rels in enumerate(groups):
        order = compilers[i % len(compilers):] + compilers[:i % len(compilers)]
        for name, _ in order:
            mine = [f for f in rels if f in pending[name]]
            if not mine:
                continue
            for rel, res in run_group(mine, name, envs[name], args, budget_left,
                                      {f: prior[name][f] for f in mine if f in prior[name]}
                                      ).items():
                data["results"].setdefault(rel, {})[name] = res
                c = res["counts"]
                print(f"{rel:40} {name:10} {c['passed']:5} passed {c['failed']:4} failed "
                      f"{c['skipped']:4} skipped {c['error']:4} errors  {res['seconds']:6.1f} s"
                      + ("" if res["status"] == "ok" else f"  [{res['status']}]"), flush=True)
            data["meta"]["finished"] = time.strftime("%Y-%m-%dT%H:%M:%S")
            write_atomic(json_path, json.dumps(data, indent=1))
    md = table(data, args.reference)
    write_atomic(os.path.join(args.out, tag + ".md"), md)
    print()
    print(md, end="")


if __name__ == "__main__":
    main()
