#!/usr/bin/env python3
"""Checks that every cuda_tile op reaches PTX in some test.

The op list is read from the dialect's ODS (include/tileir/Dialect/CudaTile/IR/
CudaTileOps.td: the 100 ops of the spec). A test counts for an op when it
compiles cuda_tile IR to PTX and runs ptxas on the result (a `RUN:` line with
`--cuda-tile-to-ptx` and one with `%ptxas`), and the op's mnemonic appears in
op position in the test's input. An op may instead be covered by a test that
checks the documented "not supported on sm_XX" diagnostic for it (a file run
with `-verify-diagnostics` or `not tile-...` that names the op in a CHECK or
expected-error line together with "not supported on").

Usage: check-op-coverage.py REPO_ROOT [--list] [--known-gap OP ...]
Exit status 1 (and the uncovered ops, one per line) when an op is uncovered,
except the known gaps (documented limits), and also when a known gap is
covered after all (so the list cannot go stale).
"""

import re
import sys
from pathlib import Path


def ops(root: Path):
    td = (root / "include/tileir/Dialect/CudaTile/IR/CudaTileOps.td").read_text()
    return sorted(set(re.findall(r'CudaTile_\w*Op<"([a-z_0-9]+)"', td)))


def op_uses(text: str, mnemonic: str) -> bool:
    # `%r = addf ...`, `%a, %b = op`, `cuda_tile.addf`, a statement starting
    # with the mnemonic (`return`, `store_view_tko ...`), or `entry @f`.
    pat = (r"(^|[=\s]|cuda_tile\.)" + re.escape(mnemonic) +
           r"(?=[\s<({@\"]|$)")
    for line in text.splitlines():
        code = line.split("//", 1)[0]
        if re.search(pat, code):
            return True
    return False


def main() -> int:
    root = Path(sys.argv[1]).resolve()
    listing = "--list" in sys.argv
    gaps = {sys.argv[i + 1] for i, a in enumerate(sys.argv[:-1])
            if a == "--known-gap"}
    tests = sorted((root / "test").rglob("*.mlir"))
    compiled, diagnosed = [], []
    for t in tests:
        text = t.read_text(errors="replace")
        runs = [l for l in text.splitlines() if "RUN:" in l]
        run_text = "\n".join(runs)
        if "--cuda-tile-to-ptx" in run_text and "%ptxas" in run_text:
            # The inputs: the test itself (%s) and the examples it compiles.
            inputs = text
            for name in re.findall(r"%examples/([\w.-]+)", run_text):
                inputs += "\n" + (root / "examples" / name).read_text()
            compiled.append((t, inputs))
        if ("verify-diagnostics" in run_text or "not tile-" in run_text) \
                and "not supported on" in text:
            diagnosed.append((t, text))
    missing = []
    for op in ops(root):
        where = [t for t, text in compiled if op_uses(text, op)]
        if not where:
            where = [t for t, text in diagnosed
                     if any(op in l and "not supported on" in l
                            for l in text.splitlines())]
        if listing:
            print(f"{op:24} {where[0].relative_to(root) if where else '-'}")
        if not where:
            missing.append(op)
    total = len(ops(root))
    print(f"{total - len(missing)}/{total} cuda_tile ops reach ptxas in a test")
    status = 0
    for op in missing:
        print(f"uncovered: {op}" + (" (known gap)" if op in gaps else ""))
        status |= op not in gaps
    for op in sorted(gaps - set(missing)):
        print(f"covered, remove from the known gaps: {op}")
        status = 1
    return status


if __name__ == "__main__":
    sys.exit(main())
