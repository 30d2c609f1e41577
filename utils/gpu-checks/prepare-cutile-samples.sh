#!/usr/bin/env bash
# Fills two folders (ignored by git) with what the cuTile scripts
# (cutile_samples.sh, cutile_tests.sh, cutile_bench.sh, cutile_suite.sh) need
# on the GPU machine. Together they are over the 64 MiB one call carries, so
# they travel in two calls on the warm machine (UNPACK_ONLY=1 unpacks the
# first and stops):
#
#   DIR-a (default .gpu-a)  NVIDIA's tileiras and the libnvvm it loads
#                           (tileiras fails without it), xz-compressed
#   DIR   (default .gpu)    the cuTile wheel for Python 3.12, ptxas and
#                           libdevice, TileIR's static tile-as
#                           (utils/build-static.sh), cuTile's samples/ and
#                           test/ (as tests/) from a cutile-python checkout
#                           (CUTILE_PYTHON, at the commit named in
#                           utils/cutile/README.md)
#
# NVIDIA's files come from build/cutile-venv (utils/cutile/setup-cutile.sh).
#
#   prepare-cutile-samples.sh [DIR]
set -euo pipefail
root="$(cd "$(dirname "$0")/../.." && pwd)"
dir="${1:-$root/.gpu}"
first="$dir-a"
src="${CUTILE_PYTHON:?set CUTILE_PYTHON to a cutile-python checkout}"
nv="$(ls -d "$root"/build/cutile-venv/lib/python*/site-packages/nvidia/cu13 | head -1)"
mkdir -p "$dir" "$first"
xz -9 -T2 -c "$nv/bin/tileiras" > "$first/tileiras.xz"
xz -9 -T2 -c "$nv/lib/libnvvm.so.4" > "$first/libnvvm.so.4.xz"
python3 -m pip download -q --no-deps --only-binary=:all: --python-version 3.12 \
  --implementation cp --platform manylinux2014_x86_64 cuda-tile==1.7.0 -d "$dir"
xz -9 -T2 -c "$nv/bin/ptxas" > "$dir/ptxas.xz"
cp "$nv/nvvm/libdevice/libdevice.10.bc" "$dir/"
xz -9 -T2 -c "$root/build-static/dist/bin/tile-as" > "$dir/tile-as.xz"
rm -rf "$dir/samples" "$dir/tests"
cp -r "$src/samples" "$dir/samples"
cp -r "$src/test" "$dir/tests"

# What one call carries: the tracked files of the checkout and one folder.
limit=$((64 * 1024 * 1024))
tracked=$(git -C "$root" ls-files -z | (cd "$root" && xargs -0 stat -c %s 2>/dev/null) |
          awk '{s += $1} END {print s + 0}')
status=0
for d in "$first" "$dir"; do
  size=$(du -sb "$d" | cut -f1)
  printf '%-40s %6d KiB (+ %d KiB of tracked files)\n' "$d" $((size / 1024)) $((tracked / 1024))
  if [ $((size + tracked)) -gt "$limit" ]; then
    echo "error: $d and the tracked files are over the 64 MiB one call carries" >&2
    status=1
  fi
done
exit $status
