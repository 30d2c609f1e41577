#!/usr/bin/env bash
# GPU checks of the tirx variants (gemm mma_sync/wgmma, elementwise and
# reductions, copies/cp.async/TMA/ldstmatrix/permute_layout, the general
# per_element and decompose variants) plus the
# examples' suite, in one GPU run.
#
#   Here (with the compiler):  utils/gpu-checks/run-tirx-checks.sh build
#       compiles every kernel to PTX (checked by ptxas) into .dev-all/ and the
#       examples into .kcache/ (both git-ignored).
#   On the GPU machine (the checkout plus .dev-all/ and .kcache/):
#       bash utils/gpu-checks/run-tirx-checks.sh run   (logs under $OUT)
set -euo pipefail
root="$(cd "$(dirname "$0")/../.." && pwd)"
out="$root/.dev-all"
case "${1:-}" in
build)
  translate="$root/build/bin/tile-translate"
  ptxas="${PTXAS:-/usr/local/cuda/bin/ptxas}"
  mkdir -p "$out/gemm" "$out/elt" "$out/copy" "$out/general"
  PATH="$(dirname "$ptxas"):$PATH" bash "$root/utils/gpu-checks/gemm/build.sh" "$out/gemm"
  "$translate" --cuda-tile-to-ptx --chip=sm_90 "$root/utils/gpu-checks/elementwise-kernels.mlir" -o "$out/elt/kernels.ptx"
  cp "$root/utils/gpu-checks/elementwise_check.py" "$out/elt/"
  "$translate" --cuda-tile-to-ptx --chip=sm_90a "$root/utils/copy_check/kernels.mlir" -o "$out/copy/kernels.ptx"
  cp "$root/utils/copy_check/check.py" "$out/copy/"
  "$translate" --cuda-tile-to-ptx --chip=sm_90 "$root/utils/gpu-checks/general/kernels.mlir" -o "$out/general/kernels.ptx"
  cp "$root/utils/gpu-checks/general/check.py" "$out/general/"
  for f in "$out"/*/*.ptx; do "$ptxas" -arch=sm_90a "$f" -o /dev/null; done
  TILEIR_TOOLS_DIR="$root/build/bin" "$root/build/venv/bin/python" -m tileir.aot --cache-dir "$root/.kcache" "$root"/examples/*.mlir
  ;;
run)
  export PYTHONUNBUFFERED=1
  log="${OUT:-/tmp}"
  echo "=== gemm"; (cd "$out/gemm" && python3 check_gemm.py) 2>&1 | tee "$log/gemm.log"
  echo "=== elementwise"; (cd "$out/elt" && python3 elementwise_check.py kernels.ptx) 2>&1 | tee "$log/elt.log"
  echo "=== copy"; (cd "$out/copy" && python3 check.py kernels.ptx) 2>&1 | tee "$log/copy.log"
  echo "=== general variants"; (cd "$out/general" && python3 check.py kernels.ptx) 2>&1 | tee "$log/general.log"
  echo "=== examples"; python3 "$root/utils/gpu_check.py" --cache-dir "$root/.kcache" --json "$log/gpu.json"
  ;;
*)
  echo "usage: $0 build|run" >&2; exit 2;;
esac
