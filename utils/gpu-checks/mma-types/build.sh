#!/bin/sh
# Compiles the gen.py kernels to PTX for sm_90a and sm_90 into DIR (default
# .dev-mma-types/ in the repository, git-ignored), with gen.py and check.py
# next to them:
#   utils/gpu-checks/mma-types/build.sh [DIR]
# then on the GPU machine: cd DIR && python3 check.py .
set -e
here=$(cd "$(dirname "$0")" && pwd)
root=$(cd "$here/../../.." && pwd)
out=${1:-$root/.dev-mma-types}
mkdir -p "$out"
for chip in sm_90a sm_90; do
  python3 "$here/gen.py" --module $chip > "$out/mma_types_$chip.mlir"
  "$root/build/bin/tile-translate" --cuda-tile-to-ptx --chip=$chip \
    "$out/mma_types_$chip.mlir" -o "$out/mma_types_$chip.ptx"
  /usr/local/cuda/bin/ptxas -arch=$chip "$out/mma_types_$chip.ptx" -o /dev/null
done
cp "$here/gen.py" "$here/check.py" "$out/"
