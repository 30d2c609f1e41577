#!/usr/bin/env bash
# Builds a wheel of the tileir Python package (all of python/tileir) that
# bundles the self-contained tools of utils/build-static.sh in tileir/_bin:
# tile-as, tile-translate, tile-opt, tileops-build. Installed, it gives
# `tileir.compile` and `tileir.ops` without a build tree, and the console
# scripts tileiras (= tile-as), tile-as, tile-translate and tile-opt on the
# environment's PATH.
#
#   utils/build-wheel.sh [WHEEL_DIR]      (default build-static/wheels)
#
# TILEIR_WHEEL_TOOLS=DIR bundles the tools already in DIR (built earlier by
# utils/build-static.sh) instead of building them.
#
# The wheel is tagged py3-none-manylinux_2_<N>_x86_64, N being the newest
# glibc symbol version the tools use.
set -euo pipefail
root="$(cd "$(dirname "$0")/.." && pwd)"
tools="${TILEIR_WHEEL_TOOLS:-$root/build-static/dist/bin}"
wheels="${1:-$root/build-static/wheels}"
stage="$root/build-static/wheel"
python="$root/build/venv/bin/python"
[ -x "$python" ] || python=python3

[ -n "${TILEIR_WHEEL_TOOLS:-}" ] || "$root/utils/build-static.sh" "$tools"

rm -rf "$stage"
mkdir -p "$stage/tileir/_bin"
cp "$root/python/pyproject.toml" "$root/python/setup.py" "$stage/"
(cd "$root/python" && find tileir -name '*.py' -not -path 'tileir/_bin/*' \
   -exec cp --parents {} "$stage/" \;)
for tool in tile-as tile-translate tile-opt tileops-build; do
  cp "$tools/$tool" "$stage/tileir/_bin/"
done

glibc=$(/usr/lib/llvm-22/bin/llvm-objdump -T "$stage"/tileir/_bin/* |
        grep -o 'GLIBC_2\.[0-9]*' | sort -t. -k2 -n -u | tail -1)
export TILEIR_WHEEL_PLATFORM="manylinux_2_${glibc#GLIBC_2.}_x86_64"
mkdir -p "$wheels"
"$python" -m pip wheel --no-deps --disable-pip-version-check -q -w "$wheels" "$stage"
ls -l "$wheels"/tileir-*.whl
