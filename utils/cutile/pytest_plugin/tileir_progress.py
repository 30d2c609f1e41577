"""pytest plugin used by run_tests.py (loaded with `-p tileir_progress`).

Writes one JSON line per event to $TILEIR_PROGRESS, flushed at once, so that a
run that hangs or crashes still tells which tests finished and which one was
running:

    {"start": NODEID}
    {"nodeid": NODEID, "outcome": "passed"|"failed"|"error"|"skipped", "message": ...}
    {"hung": NODEID, "seconds": S}          (written by the watchdog, then exit)

Outcomes follow pytest's JUnit XML: a failure in setup or teardown is an
error, an xfail is skipped, a strict xpass is failed. A module that does not
import is one "error" record with the file as its node id.

$TILEIR_TEST_TIMEOUT (seconds): a watchdog thread ends the process (exit code
HUNG_EXIT, after dumping every thread's stack to stderr) when one test runs
longer, so that a kernel that never finishes costs one test, not the file.
$TILEIR_DESELECT names a file of node ids (one a line) to leave out: the tests
an earlier, interrupted run of the same file already finished.
"""
import faulthandler
import json
import os
import sys
import threading
import time

HUNG_EXIT = 87

_out = None
_lock = threading.Lock()
_current = None          # (nodeid, start time) of the running test
_results = {}            # nodeid -> [outcome, message]


def _write(obj):
    with _lock:
        _out.write(json.dumps(obj) + "\n")
        _out.flush()


def _first_line(report):
    crash = getattr(report.longrepr, "reprcrash", None)
    if crash is not None and getattr(crash, "message", None):
        text = crash.message
    elif isinstance(report.longrepr, tuple) and len(report.longrepr) == 3:
        text = str(report.longrepr[2])          # skip: (file, line, reason)
    else:
        text = str(report.longrepr or "")
    for line in text.splitlines():
        if line.strip():
            return line.strip()[:300]
    return ""


def _watchdog(limit):
    while True:
        time.sleep(min(1.0, limit / 4))
        cur = _current
        if cur is not None and time.monotonic() - cur[1] > limit:
            try:
                _write({"hung": cur[0], "seconds": round(time.monotonic() - cur[1], 1)})
                sys.stderr.write(f"\n[tileir_progress] {cur[0]} ran over {limit} s; stacks:\n")
                faulthandler.dump_traceback(file=sys.stderr, all_threads=True)
                sys.stderr.flush()
            finally:
                os._exit(HUNG_EXIT)


def pytest_configure(config):
    global _out
    path = os.environ.get("TILEIR_PROGRESS")
    if not path or _out is not None:
        return
    _out = open(path, "a", encoding="utf-8")
    limit = float(os.environ.get("TILEIR_TEST_TIMEOUT") or 0)
    if limit > 0:
        threading.Thread(target=_watchdog, args=(limit,), daemon=True).start()


def pytest_collection_modifyitems(session, config, items):
    path = os.environ.get("TILEIR_DESELECT")
    if not path or not os.path.exists(path):
        return
    with open(path, encoding="utf-8") as f:
        skip = {line.rstrip("\n") for line in f if line.strip()}
    keep = [item for item in items if item.nodeid not in skip]
    dropped = [item for item in items if item.nodeid in skip]
    if dropped:
        config.hook.pytest_deselected(items=dropped)
        items[:] = keep


def pytest_collectreport(report):
    if _out is not None and report.failed:
        _write({"nodeid": report.nodeid, "outcome": "error",
                "message": "collection failure: " + _first_line(report)})


def pytest_runtest_logstart(nodeid, location):
    global _current
    if _out is not None:
        _current = (nodeid, time.monotonic())
        _write({"start": nodeid})


def pytest_runtest_logreport(report):
    if _out is None:
        return
    res = _results.setdefault(report.nodeid, ["passed", ""])
    wasxfail = hasattr(report, "wasxfail")
    if report.when == "call":
        if report.failed:
            res[:] = ["failed", _first_line(report)]
        elif report.skipped:
            res[:] = ["skipped", _first_line(report) if not wasxfail else
                      "xfail: " + str(report.wasxfail)]
        elif report.passed and wasxfail:       # non-strict xpass: passed
            pass
    else:
        if report.failed and res[0] != "error":
            res[:] = ["error", f"{report.when}: " + _first_line(report)]
        elif report.skipped and res[0] == "passed":
            res[:] = ["skipped", _first_line(report) if not wasxfail else
                      "xfail: " + str(report.wasxfail)]


def pytest_runtest_logfinish(nodeid, location):
    global _current
    if _out is None:
        return
    _current = None
    outcome, message = _results.pop(nodeid, ["passed", ""])
    _write({"nodeid": nodeid, "outcome": outcome, "message": message})
