#!/usr/bin/env bash
# GPU checks and benchmarks of tileops in one GPU run: every op x dtype at small and odd
# shapes (check.py), torch.compile(fullgraph=True) composites (compile_check.py), and the
# large TileOPs benchmark workloads timed against torch eager, torch.compile and Triton
# (bench_workloads.py).
#
#   Here (with the compiler):  utils/gpu-checks/run-tileops.sh build
#       builds into .dev-tileops/ (git-ignored): check/, cc/ (a kernel cache), workloads/.
#   On the GPU machine (the checkout plus .dev-tileops/):
#       bash utils/gpu-checks/run-tileops.sh run        (logs and JSON under $OUT)
set -euo pipefail
root="$(cd "$(dirname "$0")/../.." && pwd)"
out="$root/.dev-tileops"
here="$root/utils/gpu-checks/tileops"
py="${PYTHON:-$root/build/venv/bin/python}"
case "${1:-}" in
build)
  rm -rf "$out" && mkdir -p "$out"
  "$py" "$here/check.py" make "$out/check"
  "$py" "$here/compile_check.py" make "$out/cc"
  "$py" "$here/bench_workloads.py" make "$out/workloads"
  ;;
run)
  export PYTHONUNBUFFERED=1 PYTHONPATH="$root/python"
  log="${OUT:-/tmp}"
  echo "=== torch.compile"; python3 "$here/compile_check.py" run "$out/cc" 2>&1 | tee "$log/compile.log" | tail -12 || true
  echo "=== small/odd shapes"; python3 "$here/check.py" run "$out/check" > "$log/check.log" 2>&1 || true
  grep -E "^correctness|^FAIL|^benchmark-shape kernels" "$log/check.log" | head -40
  echo "=== large workloads"; python3 "$here/bench_workloads.py" run "$out/workloads" 2>&1 | tee "$log/workloads.log" | tail -25
  ;;
*)
  echo "usage: $0 build|run" >&2; exit 2;;
esac
