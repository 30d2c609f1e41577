#!/usr/bin/env bash
# Runs every test: the lit suite (check-tile), the C++ unit tests and the
# Python tests. GPU tests skip where no GPU is present.
set -euo pipefail
root="$(cd "$(dirname "$0")/.." && pwd)"
build="$root/build"
"$root/utils/build.sh"
echo "== lit (check-tile)"
/usr/lib/llvm-22/bin/lit -q "$build/test"
echo "== unit tests"
ctest --test-dir "$build" --output-on-failure
echo "== python tests"
TILEIR_TOOLS_DIR="$build/bin" "$build/venv/bin/python" -m pytest -q "$root/python/tests"
