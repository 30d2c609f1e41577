#!/usr/bin/env bash
# GPU checks and benchmarks of the cuda_tile lowering in one GPU run: every
# example (utils/bench.sh: the examples' checks and the benchmark table), the
# matmul check and benchmark, one kernel per elementwise op family, the
# reduce/scan kernels and the atomic kinds of both atomic variants.
#
#   Here (with the compiler):  utils/gpu-checks/run-cuda-tile-checks.sh build
#       compiles into .kcache/ and .dev-cuda-tile/ (both git-ignored; every
#       PTX file is checked by ptxas here).
#   On the GPU machine (the checkout plus .kcache/ and .dev-cuda-tile/):
#       bash utils/gpu-checks/run-cuda-tile-checks.sh run   (logs under $OUT)
set -euo pipefail
root="$(cd "$(dirname "$0")/../.." && pwd)"
out="$root/.dev-cuda-tile"
case "${1:-}" in
build)
  translate="$root/build/bin/tile-translate"
  ptxas="${PTXAS:-/usr/local/cuda/bin/ptxas}"
  rm -rf "$out" && mkdir -p "$out/matmul" "$out/elt"
  CHIP=sm_90a bash "$root/utils/bench.sh" build
  bash "$root/utils/gpu-checks/matmul/build.sh" "$out/matmul"
  python3 "$root/utils/gpu-checks/elementwise-ops/gen.py" "$out/elt"
  for f in "$out"/elt/elementwise-*.mlir; do
    family="$(basename "$f" .mlir)"
    "$translate" --cuda-tile-to-ptx --chip=sm_90 "$f" -o "$out/elt/${family#elementwise-}.ptx"
    "$ptxas" -arch=sm_90 "$out/elt/${family#elementwise-}.ptx" -o /dev/null
  done
  cp "$root/utils/gpu-checks/elementwise-ops/check.py" "$root/utils/gpu-checks/elementwise-ops/gen.py" "$out/elt/"
  TILEIR_TOOLS_DIR="$root/build/bin" "$root/build/venv/bin/python" -m tileir.aot \
    --cache-dir "$out/redcache" "$root/test/Target/PTX/reduce-scan.mlir"
  TILEIR_TOOLS_DIR="$root/build/bin" "$root/build/venv/bin/python" -m tileir.aot \
    --cache-dir "$out/atomiccache" "$root/utils/gpu-checks/atomics/atomics.mlir"
  ;;
run)
  export PYTHONUNBUFFERED=1
  log="${OUT:-/tmp}"
  echo "=== examples"; bash "$root/utils/bench.sh" run 2>&1 | tee "$log/examples.log"
  echo "=== matmul"; (cd "$out/matmul" && python3 check_matmul.py) 2>&1 | tail -30 | tee "$log/matmul.log"
  echo "=== elementwise ops"; (cd "$out/elt" && python3 check.py .) 2>&1 | tail -15 | tee "$log/elt.log"
  echo "=== reduce/scan"; python3 "$root/utils/gpu-checks/red/check_reduce_scan.py" \
    --cache-dir "$out/redcache" 2>&1 | tail -15 | tee "$log/red.log"
  echo "=== atomics"; python3 "$root/utils/gpu-checks/atomics/check_atomics.py" \
    --cache-dir "$out/atomiccache" 2>&1 | tail -15 | tee "$log/atomics.log"
  ;;
*)
  echo "usage: $0 build|run" >&2; exit 2;;
esac
