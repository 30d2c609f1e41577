#!/usr/bin/env bash
# Compiles the GPU check kernels to PTX (and checks them with ptxas) into
# the folder given as $1 (default: this folder), next to a copy of
# check_gemm.py. Run check_gemm.py there on a machine with a GPU.
set -euo pipefail
here="$(cd "$(dirname "$0")" && pwd)"
root="$here/../../.."
out="${1:-$here}"
mkdir -p "$out"
"$root/build/bin/tile-translate" --cuda-tile-to-ptx --chip=sm_80 "$here/mma_sync.mlir" -o "$out/mma_sync.ptx"
ptxas -arch=sm_90 "$out/mma_sync.ptx" -o /dev/null
"$root/build/bin/tile-translate" --cuda-tile-to-ptx --chip=sm_90 --ptx-version=84 "$here/mma_f8.mlir" -o "$out/mma_f8.ptx"
ptxas -arch=sm_90 "$out/mma_f8.ptx" -o /dev/null
# wgmma.mlir fills shared memory with tirx.copy global -> shared and orders
# it with tirx.barrier; if it does not compile, check_gemm.py runs the
# mma_sync kernels only.
if "$root/build/bin/tile-translate" --cuda-tile-to-ptx --chip=sm_90a "$here/wgmma.mlir" -o "$out/wgmma.ptx"; then
  ptxas -arch=sm_90a "$out/wgmma.ptx" -o /dev/null
else
  rm -f "$out/wgmma.ptx"
  echo "build.sh: wgmma.mlir does not compile here (needs global->shared tirx.copy and tirx.barrier); skipped" >&2
fi
[ "$out" = "$here" ] || cp "$here/check_gemm.py" "$out/"
