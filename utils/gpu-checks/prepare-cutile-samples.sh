#!/usr/bin/env bash
# Fills DIR (default .gpu, ignored by git) with what cutile_samples.sh needs on
# the GPU machine: the cuTile wheel for Python 3.12, NVIDIA's tileiras and
# ptxas (from build/cutile-venv, utils/cutile/setup-cutile.sh) and TileIR's
# static tile-as (utils/build-static.sh), xz-compressed, and cuTile's samples
# from a cutile-python checkout (CUTILE_PYTHON, at the commit named in
# utils/cutile/README.md).
set -euo pipefail
root="$(cd "$(dirname "$0")/../.." && pwd)"
dir="${1:-$root/.gpu}"
src="${CUTILE_PYTHON:?set CUTILE_PYTHON to a cutile-python checkout}"
mkdir -p "$dir"
python3 -m pip download -q --no-deps --only-binary=:all: --python-version 3.12 \
  --implementation cp --platform manylinux2014_x86_64 cuda-tile==1.7.0 -d "$dir"
nv="$(ls -d "$root"/build/cutile-venv/lib/python*/site-packages/nvidia/cu13/bin | head -1)"
xz -9 -T2 -c "$nv/tileiras" > "$dir/tileiras.xz"
xz -9 -T2 -c "$nv/ptxas" > "$dir/ptxas.xz"
xz -9 -T2 -c "$root/build-static/dist/bin/tile-as" > "$dir/tile-as.xz"
rm -rf "$dir/samples" && cp -r "$src/samples" "$dir/samples"
du -sh "$dir"/*
