#!/usr/bin/env bash
# The main job: compiles every example (examples/*.mlir and the tutorial's
# examples/tutorial/*.mlir) to PTX (build/examples/*.ptx) and, when ptxas
# exists, assembles each for the chip (default sm_90).
set -euo pipefail
root="$(cd "$(dirname "$0")/.." && pwd)"
chip="${CHIP:-sm_90}"
out="$root/build/examples"
mkdir -p "$out"
ptxas="$(command -v ptxas || true)"
[ -n "$ptxas" ] || { [ -x /usr/local/cuda/bin/ptxas ] && ptxas=/usr/local/cuda/bin/ptxas; } || true
status=0
for f in "$root"/examples/*.mlir "$root"/examples/tutorial/*.mlir; do
  name="$(basename "$f" .mlir)"
  start=$(date +%s%N)
  if ! "$root/build/bin/tile-translate" --cuda-tile-to-ptx --chip="$chip" "$f" -o "$out/$name.ptx"; then
    echo "FAIL  $name: tile-translate"; status=1; continue
  fi
  ms=$(( ($(date +%s%N) - start) / 1000000 ))
  kernels=$(grep -c '^\.visible \.entry' "$out/$name.ptx")
  if [ -n "$ptxas" ]; then
    if "$ptxas" -arch="$chip" "$out/$name.ptx" -o "$out/$name.cubin"; then
      echo "PASS  $name: $kernels kernels, PTX in ${ms} ms, ptxas -arch=$chip ok"
    else
      echo "FAIL  $name: ptxas rejected the PTX"; status=1
    fi
  else
    echo "PASS  $name: $kernels kernels, PTX in ${ms} ms (ptxas not found: not assembled)"
  fi
done
exit $status
