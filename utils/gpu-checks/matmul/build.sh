#!/usr/bin/env bash
# Compiles examples/matmul.mlir for sm_90a into DEST/matmul.ptx and copies the
# check script next to it (DEST defaults to /work/main/.dev-mma, which the GPU
# machine receives). Run check_matmul.py there.
set -euo pipefail
root="$(cd "$(dirname "$0")/../../.." && pwd)"
dest="${1:-/work/main/.dev-mma}"
mkdir -p "$dest"
"$root/build/bin/tile-translate" --cuda-tile-to-ptx --chip=sm_90a \
  "$root/examples/matmul.mlir" -o "$dest/matmul.ptx"
/usr/local/cuda/bin/ptxas -arch=sm_90a "$dest/matmul.ptx" -o /dev/null
cp "$root/utils/gpu-checks/matmul/check_matmul.py" "$dest/"
