#!/usr/bin/env bash
# Builds TileIR with AddressSanitizer and UndefinedBehaviorSanitizer (CMake
# option TILEIR_SANITIZE: TileIR's code only, libMLIR.so and libLLVM.so stay
# uninstrumented; assertions on) into build-sanitize/, and runs the lit suite
# and the C++ unit tests under them. Any sanitizer report fails the test that
# ran into it. docs/Testing.md.
#
# TILEIR_SANITIZE_BUILD_DIR  the build (build-sanitize)
set -euo pipefail
root="$(cd "$(dirname "$0")/.." && pwd)"
build="${TILEIR_SANITIZE_BUILD_DIR:-$root/build-sanitize}"
TILEIR_BUILD_DIR="$build" \
  TILEIR_CMAKE_ARGS="-DTILEIR_SANITIZE=ON ${TILEIR_CMAKE_ARGS:-}" \
  "$root/utils/build.sh"
# allow_user_poisoning=0: libLLVM.so and libMLIR.so are not instrumented,
# and an llvm::BumpPtrAllocator slab poisoned by inline code in TileIR but
# handed out by theirs would read as a false use-after-poison.
# abort_on_error=1: a report kills the tool with SIGABRT, which `not` does
# not turn into a pass. Leaks are checked, less those of
# utils/sanitizers/lsan.supp.
export ASAN_OPTIONS="${ASAN_OPTIONS:-abort_on_error=1:allow_user_poisoning=0:detect_leaks=1}"
export LSAN_OPTIONS="${LSAN_OPTIONS:-suppressions=$root/utils/sanitizers/lsan.supp:print_suppressions=0}"
export UBSAN_OPTIONS="${UBSAN_OPTIONS:-print_stacktrace=1:abort_on_error=1}"
echo "== lit (check-tile)"
/usr/lib/llvm-22/bin/lit -q "$build/test"
echo "== unit tests"
ctest --test-dir "$build" --output-on-failure
