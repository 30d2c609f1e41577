#!/bin/sh
# Compiles the gen.py kernels to PTX (f8_sm_90a.ptx: wgmma, f8_sm_90.ptx:
# mma.sync) into DIR (default .dev-f8 in the repository, which travels to
# the GPU machine), with check.py next to
# them:
#   utils/gpu-checks/f8-precision/build.sh [DIR]
# then on the GPU machine: cd DIR && python3 check.py
set -e
here=$(cd "$(dirname "$0")" && pwd)
root=$(cd "$here/../../.." && pwd)
out=${1:-$root/.dev-f8}
mkdir -p "$out"
python3 "$here/gen.py" > "$out/f8.mlir"
"$root/build/bin/tile-translate" --cuda-tile-to-ptx --chip=sm_90a \
  "$out/f8.mlir" -o "$out/f8_sm_90a.ptx"
"$root/build/bin/tile-translate" --cuda-tile-to-ptx --chip=sm_90 \
  --ptx-version=84 "$out/f8.mlir" -o "$out/f8_sm_90.ptx"
for chip in sm_90a sm_90; do
  /usr/local/cuda/bin/ptxas -arch=$chip "$out/f8_$chip.ptx" -o /dev/null
done
cp "$here/check.py" "$out/"
