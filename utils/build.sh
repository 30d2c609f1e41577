#!/usr/bin/env bash
# Configures (once) and builds TileIR with Ninja into build/.
# Uses clang-22 + lld + ccache; links against libMLIR.so.
# TILEIR_BUILD_DIR and TILEIR_CMAKE_ARGS (extra configure options) serve other
# configurations (utils/build-static.sh).
set -euo pipefail
root="$(cd "$(dirname "$0")/.." && pwd)"
build="${TILEIR_BUILD_DIR:-$root/build}"
export CCACHE_BASEDIR="$root" CCACHE_NOHASHDIR=1
if [ ! -f "$build/build.ninja" ]; then
  cmake -G Ninja -S "$root" -B "$build" \
    -DCMAKE_BUILD_TYPE=Release \
    -DCMAKE_C_COMPILER=clang-22 -DCMAKE_CXX_COMPILER=clang++-22 \
    -DCMAKE_C_COMPILER_LAUNCHER=ccache -DCMAKE_CXX_COMPILER_LAUNCHER=ccache \
    -DLLVM_USE_LINKER=lld ${TILEIR_CMAKE_ARGS:-}
fi
ninja -C "$build" "$@"
