#!/usr/bin/env bash
# Installs cuTile Python (cuda-tile), NVIDIA's Tile IR compiler (nvidia-cuda-tileiras, which
# brings tileirdisasm and, through nvidia-cuda-nvcc, ptxas) and numpy into build/cutile-venv,
# with pip. These are what utils/cutile/export_corpus.py needs; no GPU is needed.
# Versions default to the ones the committed corpus was exported with; override with
# CUDA_TILE_VERSION / TILEIRAS_VERSION (empty: newest).
set -euo pipefail
root="$(cd "$(dirname "$0")/../.." && pwd)"
venv="$root/build/cutile-venv"
ct_version="${CUDA_TILE_VERSION-1.7.0}"
tileiras_version="${TILEIRAS_VERSION-13.5.37}"
cuda_tile="cuda-tile${ct_version:+==$ct_version}"
tileiras="nvidia-cuda-tileiras${tileiras_version:+==$tileiras_version}"

if [ ! -x "$venv/bin/python" ]; then
  mkdir -p "$root/build"
  python3 -m venv "$venv"
fi
"$venv/bin/python" -m pip install -q --disable-pip-version-check "$cuda_tile" "$tileiras" numpy
bin="$("$venv/bin/python" -c 'import nvidia, os; print(next(os.path.join(p, "cu13", "bin") for p in nvidia.__path__ if os.path.isdir(os.path.join(p, "cu13", "bin"))))')"
echo "setup-cutile: $("$venv/bin/python" -c 'from importlib.metadata import version as v; print("cuda-tile", v("cuda-tile"), "/ nvidia-cuda-tileiras", v("nvidia-cuda-tileiras"))')"
echo "setup-cutile: tileiras, tileirdisasm and ptxas are in $bin (run them with CUDA_HOME unset)"
