#!/usr/bin/env bash
# Checks what the docs promise of the wheel: installed into a fresh venv, with
# no build tree, no TILEIR_TOOLS_DIR and no network, it gives a working
# tileir.compile (an example kernel to PTX with the bundled tile-translate)
# and tileir.ops (a kernel built by the bundled tileops-build), its tools
# come from tileir/_bin, and the console scripts run.
#
#   utils/check-wheel.sh [WHEEL]
#
# Without WHEEL, the newest build-static/wheels/tileir-*.whl, built first with
# utils/build-wheel.sh when there is none (TILEIR_WHEEL_TOOLS=DIR: from tools
# already built, see build-wheel.sh). Needs a python3 with venv (ensurepip).
set -euo pipefail
root="$(cd "$(dirname "$0")/.." && pwd)"
start=$SECONDS
wheel="${1:-}"
if [ -z "$wheel" ]; then
  wheel=$(ls -t "$root"/build-static/wheels/tileir-*.whl 2>/dev/null | head -1 || true)
  if [ -z "$wheel" ]; then
    "$root/utils/build-wheel.sh"
    wheel=$(ls -t "$root"/build-static/wheels/tileir-*.whl | head -1)
  fi
fi
wheel="$(cd "$(dirname "$wheel")" && pwd)/$(basename "$wheel")"
python="${PYTHON:-python3}"
tmp="$(mktemp -d)"
trap 'rm -rf "$tmp"' EXIT
echo "check-wheel: $wheel ($(du -h "$wheel" | cut -f1)), $("$python" --version)"
"$python" -m venv "$tmp/venv"
"$tmp/venv/bin/python" -m pip install -q --no-index --no-deps --disable-pip-version-check "$wheel"
cp "$root/examples/vector_add.mlir" "$tmp/"
# A clean environment outside the checkout: nothing but the venv on PATH, no
# TILEIR_* variables, a fresh cache.
cd "$tmp"
env -i HOME="$tmp" PATH="$tmp/venv/bin:/usr/bin:/bin" TILEIR_CACHE_DIR="$tmp/cache" \
  "$tmp/venv/bin/python" - <<'PY'
import os, subprocess, sys

import tileir
import tileir.ops as T
from tileir import _toolchain

site = os.path.join(sys.prefix, "lib")
assert tileir.__file__.startswith(site), f"tileir imported from {tileir.__file__}, not the venv"
bundled = os.path.join(os.path.dirname(tileir.__file__), "_bin")
for tool in ("tile-translate", "tileops-build", "tile-as", "tile-opt"):
    path = _toolchain.tool_path(tool)
    assert path and os.path.dirname(path) == bundled, f"{tool}: {path}, not the bundled one"

mod = tileir.compile_file("vector_add.mlir", chip="sm_90")
assert set(mod.kernels) == {"vadd_view", "vadd_ptr"}, mod.kernels
assert ".entry vadd_ptr" in mod.ptx and mod.vadd_ptr.params == ("ptr", "ptr", "ptr", "i32")
print(f"tileir.compile: vector_add.mlir -> {len(mod.ptx)} bytes of PTX, kernels {', '.join(mod.kernels)}")

kernel, plan = T.kernel(T.spec_line("exp", "f32", [[1024]], {}))
assert kernel.params == ("ptr", "ptr") and plan["grid"] > 0, (kernel, plan)
print(f"tileir.ops: exp f32 1024 -> {kernel.name}, grid {plan['grid']}, block {kernel.block}")

for script in ("tile-translate", "tileiras", "tile-opt"):
    out = subprocess.run([os.path.join(sys.prefix, "bin", script), "--version"],
                         capture_output=True, text=True, check=True).stdout
    assert out.strip(), script
out = subprocess.run([os.path.join(sys.prefix, "bin", "tileir"), "cache", "info"],
                     capture_output=True, text=True, check=True).stdout
assert "tileir.compile: 1 entries" in out and "tileir.ops: 1 entries" in out, out
print("console scripts: tile-translate, tileiras, tile-opt --version run; tileir cache info "
      "shows the two kernels")
PY
echo "check-wheel: OK in $((SECONDS - start)) s"
