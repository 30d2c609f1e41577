#!/usr/bin/env bash
# The benchmark driver: compiles every example here, runs the GPU suite on
# the GPU machine and prints one table (kernel, shape, time, GB/s or TFLOP/s,
# % of measured copy bandwidth or of torch.matmul, ratio to PyTorch and to an
# equivalent Triton kernel).
#
#   Here (with the compiler):   utils/bench.sh build
#       compiles examples/*.mlir into the kernel cache .kcache/ (git-ignored)
#       for $CHIP (default sm_90a: wgmma kernels need it; the others run
#       the same), and writes the compile time of each example, cuda_tile
#       text to PTX, median of 3 runs, to .kcache/compile-times.txt.
#   On the GPU machine (the checkout plus .kcache/):
#       bash utils/bench.sh run [gpu_check.py options, e.g. -k layernorm]
#       checks every example against PyTorch and prints the table; the JSON
#       goes to $OUT/bench.json when $OUT is set.
set -euo pipefail
root="$(cd "$(dirname "$0")/.." && pwd)"
cache="$root/.kcache"
chip="${CHIP:-sm_90a}"
case "${1:-}" in
build)
  translate="$root/build/bin/tile-translate"
  mkdir -p "$cache"
  : > "$cache/compile-times.txt"
  for f in "$root"/examples/*.mlir; do
    times=()
    for _ in 1 2 3; do
      start=$(date +%s%N)
      "$translate" --cuda-tile-to-ptx --chip="$chip" "$f" -o /dev/null
      times+=($(( ($(date +%s%N) - start) / 1000000 )))
    done
    median=$(printf '%s\n' "${times[@]}" | sort -n | sed -n 2p)
    kernels=$(grep -c '^ *\(cuda_tile\.\)\?entry ' "$f" || true)
    printf '%-28s %3d kernels  %5d ms\n' "$(basename "$f")" "$kernels" "$median" |
      tee -a "$cache/compile-times.txt"
  done
  TILEIR_TOOLS_DIR="$root/build/bin" "$root/build/venv/bin/python" -m tileir.aot \
    --chip "$chip" --cache-dir "$cache" "$root"/examples/*.mlir
  ;;
run)
  shift
  export PYTHONUNBUFFERED=1
  json=()
  [ -n "${OUT:-}" ] && json=(--json "$OUT/bench.json")
  echo "compile time, cuda_tile text to PTX (build machine):"
  cat "$cache/compile-times.txt" 2>/dev/null || echo "  (not recorded)"
  python3 "$root/utils/gpu_check.py" --cache-dir "$cache" --chip "$chip" "${json[@]}" "$@"
  ;;
*)
  echo "usage: $0 build | run [gpu_check.py options]" >&2
  exit 2
  ;;
esac
