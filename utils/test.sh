#!/usr/bin/env bash
# Runs every test: the lit suite (check-tile), the C++ unit tests, the
# Python tests, where utils/build-static.sh has built the static tools the
# wheel check (utils/check-wheel.sh, about 35 s), and a short run of each
# fuzzer (utils/fuzz.sh: 20 s a target from the seeds, a fixed libFuzzer
# seed; it fails on any crash, hang, leak or sanitizer report; its build,
# build-fuzz/, takes about 18 minutes cold). GPU tests skip where
# no GPU is present. The bytecode tests that need NVIDIA's tileirdisasm
# install it into build/cutile-venv.
set -euo pipefail
root="$(cd "$(dirname "$0")/.." && pwd)"
build="$root/build"
"$root/utils/build.sh"
# NVIDIA's tileirdisasm (pip) for the bytecode interoperability tests; they
# are skipped if it cannot be installed (TILEIR_SKIP_CUTILE=1 skips it).
if [ -z "${TILEIR_SKIP_CUTILE:-}" ]; then
  "$root/utils/cutile/setup-cutile.sh" ||
    echo "note: cuTile/tileiras not installed; the tileirdisasm tests are skipped"
fi
echo "== lit (check-tile)"
/usr/lib/llvm-22/bin/lit -q "$build/test"
echo "== unit tests"
ctest --test-dir "$build" --output-on-failure
echo "== python tests"
TILEIR_TOOLS_DIR="$build/bin" "$build/venv/bin/python" -m pytest -q "$root/python/tests"
echo "== wheel (installed into a fresh venv; where utils/build-static.sh has built the tools)"
if [ -x "$root/build-static/dist/bin/tileops-build" ] && [ -z "${TILEIR_SKIP_WHEEL:-}" ]; then
  wheels="$(mktemp -d)"
  TILEIR_WHEEL_TOOLS="$root/build-static/dist/bin" "$root/utils/build-wheel.sh" "$wheels" >/dev/null
  "$root/utils/check-wheel.sh" "$wheels"/tileir-*.whl
  rm -rf "$wheels"
else
  echo "note: no build-static/dist/bin/ (utils/build-static.sh), or TILEIR_SKIP_WHEEL set: the wheel check is skipped"
fi
echo "== cuTile runner tests (no GPU: fake compilers and suites)"
"$build/venv/bin/python" -m pytest -q "$root/utils/cutile/test_run_tests.py" \
  "$root/utils/cutile/test_run_bench.py" "$root/utils/cutile/test_run_suite.py" \
  "$root/utils/cutile/test_compile_time.py"
echo "== fuzzers (${TILEIR_FUZZ_TIME:-20} s a target, from the seeds; TILEIR_SKIP_FUZZ=1 skips)"
if [ -z "${TILEIR_SKIP_FUZZ:-}" ]; then
  TILEIR_FUZZ_TIME="${TILEIR_FUZZ_TIME:-20}" \
    TILEIR_FUZZ_ARGS="-seed=1 ${TILEIR_FUZZ_ARGS:-}" "$root/utils/fuzz.sh"
fi
